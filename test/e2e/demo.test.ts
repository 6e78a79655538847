/**
 * `npm run demo` as a newcomer runs it: it tells each run's story, writes the summary to a file, and leaves a world
 * the printed CLI commands work on. Its world keeps one clock: the runs' dates, the quarantine's `since`, the
 * decisions and the commits all lie within the days the demo's runs span, so that the page, `explain` and the
 * warehouse queries read ages that make sense.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { NODE24, PROJECT_ROOT, git } from '../support/action.ts';
import { duckOver } from '../export/duckdb.ts';

function node(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((res) => {
    execFile(NODE24, args, { cwd: PROJECT_ROOT, maxBuffer: 16 << 20 }, (error, stdout, stderr) => res({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }));
  });
}

let world = '';
afterAll(async () => {
  if (world) await rm(world, { recursive: true, force: true });
});

describe('npm run demo', () => {
  it('tells each run in a sentence, names the retry that quarantined a test, and keeps a world for the CLI', async () => {
    const demo = await node(['scripts/demo.ts']);
    expect(demo.code, demo.stderr).toBe(0);
    world = /The demo's world is in (\S+):/.exec(demo.stdout)?.[1] ?? '';
    expect(world).not.toBe('');
    const sentences = demo.stdout.split('\n').filter((l) => /^Run \d /.test(l));
    expect(sentences).toHaveLength(5);
    expect(sentences[1]).toBe(
      'Run 2 passed (exit code 0): api.Client::retries on 503 failed and then passed on its retry, on the same commit: that retry proves it flaky, so it is now quarantined and its next failures will be forgiven.',
    );
    expect(sentences[4]).toMatch(/^Run 5 FAILED \(exit code 1\): .*cart\.Total::applies discount failed and was not quarantined: a real regression, which fails the job\.$/);
    expect(demo.stdout).not.toMatch(/&#\d+;/);
    expect(demo.stdout).toContain(`is in ${join(world, 'summary.md')}`);
    expect(existsSync(join(world, 'summary.md'))).toBe(true);
    expect(existsSync(join(world, 'remote.git'))).toBe(true);

    // The printed commands work on the world as printed.
    const explain = /npm run flakeguard -- (explain "retries on 503" --remote \S+)/.exec(demo.stdout)?.[1];
    expect(explain).toBeDefined();
    const [, ...rest] = explain!.split(' ');
    const r = await node(['dist/cli/index.js', 'explain', 'retries on 503', ...rest.slice(-2)]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/State: QUARANTINED since/);
  });

  it('keeps one clock: the quarantine, the decisions and the commits lie within the runs it dates, and the quarantine-age query reads 3 days', async () => {
    const demo = await node(['scripts/demo.ts', '--at', '2026-11-20T09:00:00Z']);
    expect(demo.code, demo.stderr).toBe(0);
    const root = /The demo's world is in (\S+):/.exec(demo.stdout)?.[1] ?? '';
    try {
      const remote = join(root, 'remote.git');
      const show = async (path: string) => JSON.parse(await git(remote, ['show', `flakeguard-data:${path}`])) as Record<string, Record<string, unknown>>;
      const DAY = 86_400_000;
      // Run 5 at the time asked for, one day apart.
      const times = Object.values((await show('runs.json')).runs!).map((row) => (row as [string, string, number])[2]);
      const last = Date.parse('2026-11-20T09:00:00Z');
      expect(times).toEqual([4, 3, 2, 1, 0].map((d) => last - d * DAY));
      // The quarantine entered at run 2, its decision recorded then: not at the machine's clock.
      const stats = (await show('stats/00.json')).tests as Record<string, { since: string; quarantined: boolean }>;
      const since = Date.parse(stats['api.Client::retries on 503']!.since);
      expect(since).toBeGreaterThanOrEqual(times[1]!);
      expect(since).toBeLessThan(times[2]!);
      const events = (await show('decisions.json')).tests!['api.Client::retries on 503'] as { events: Array<{ run: number; at: string }> };
      for (const e of events.events) expect(Date.parse(e.at), `decision of run ${e.run}`).toBeGreaterThanOrEqual(times[e.run - 1]!);
      for (const e of events.events) expect(Date.parse(e.at), `decision of run ${e.run}`).toBeLessThan(times[e.run - 1]! + DAY);
      // Every commit (the tested project's and the data branch's) within the days of the runs.
      for (const ref of ['main', 'flakeguard-data']) {
        for (const line of (await git(remote, ['log', '--format=%ct %s', ref])).trim().split('\n')) {
          const at = Number(line.split(' ')[0]) * 1000;
          expect(at, `${ref}: ${line}`).toBeGreaterThanOrEqual(times[0]! - DAY);
          expect(at, `${ref}: ${line}`).toBeLessThan(last + DAY);
        }
      }
      // The shipped quarantine-age query, over the export of the demo's branch.
      const out = join(root, 'export');
      const exported = await node(['dist/cli/index.js', 'export', '--format', 'ndjson', '--out', out, '--remote', remote]);
      expect(exported.code, exported.stderr).toBe(0);
      const duck = await duckOver(out, 'ndjson');
      try {
        const ages = await duck.all(readFileSync(join(PROJECT_ROOT, 'docs/warehouse/queries/quarantine-age-by-owner.sql'), 'utf8'));
        expect(ages).toEqual([{ owner: '(no owner)', quarantined_tests: '1', mean_age_days: 3, oldest_days: '3' }]);
      } finally {
        duck.close();
      }
    } finally {
      if (root) await rm(root, { recursive: true, force: true });
    }
  });
});
