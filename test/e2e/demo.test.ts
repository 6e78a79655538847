/**
 * `npm run demo` as a newcomer runs it: it tells each run's story, writes the summary to a file, and leaves a world
 * the printed CLI commands work on.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { NODE24, PROJECT_ROOT } from '../support/action.ts';

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
});
