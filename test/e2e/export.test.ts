/**
 * `flakeguard export` as users run it: the bundled dist/cli/index.js under Node 24, against a data branch the bundled
 * action wrote in a real bare repository; the files read back by DuckDB. A branch the step refuses, the export
 * refuses, with the same sentence.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { cpSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { NODE24, PROJECT_ROOT, World, junitXml } from '../support/action.ts';
import { expectOutcome } from '../support/expect.ts';
import { duckOver } from '../export/duckdb.ts';

const CLI = join(PROJECT_ROOT, 'dist/cli/index.js');

function cli(args: string[], cwd: string, entry = CLI, extraEnv: Record<string, string> = {}): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const env = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', LANG: 'C.UTF-8', ...extraEnv };
  const child = spawn(NODE24, [entry, ...args], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  return new Promise((res) => child.on('close', (code) => res({ code, stdout, stderr })));
}

const FLAKY = 'api.Client::retries on 503';
const report = (flaky: string): string =>
  junitXml([
    { classname: 'api.Client', name: 'retries on 503', attempts: flaky, message: 'Timeout of 5000ms exceeded', file: 'tests/api/client.test.ts', line: 40 },
    { classname: 'cart.Total', name: 'applies discount', file: 'tests/cart/total.test.ts' },
    { classname: 'cart.Total', name: "'); DROP TABLE tests; --" },
  ]);

let world: World;
beforeEach(async () => {
  world = await World.create();
  await world.writeReport('.github/CODEOWNERS', '/tests/api/ @octo/api-team\n');
  await world.writeReport('reports/junit.xml', report('P'));
  expectOutcome(await world.run(), 'success');
  await world.commit('change 2');
  await world.writeReport('reports/junit.xml', report('FP'));
  expectOutcome(await world.run(), 'success');
});
afterEach(async () => {
  await world.dispose();
});

describe('flakeguard export', () => {
  it('writes the four tables in Parquet and NDJSON, which DuckDB reads the same', async () => {
    const answers: unknown[] = [];
    for (const format of ['parquet', 'ndjson'] as const) {
      const out = join(world.root, `out-${format}`);
      const r = await cli(['export', '--format', format, '--out', out, '--remote', world.remote, '--repository', 'octo/project'], world.root);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toMatch(new RegExp(`test_runs: 6 rows, \\d+ bytes -> .*test_runs\\.${format}`));
      expect(readdirSync(out).sort()).toEqual([`decisions.${format}`, `runs.${format}`, `test_runs.${format}`, `tests.${format}`]);
      const duck = await duckOver(out, format);
      try {
        const tests = await duck.all('SELECT test_id, quarantined, owner, decided_by FROM tests ORDER BY test_id');
        expect(tests).toEqual([
          { test_id: FLAKY, quarantined: true, owner: '@octo/api-team', decided_by: 'rule' },
          { test_id: "cart.Total::'); DROP TABLE tests; --", quarantined: false, owner: null, decided_by: 'rule' },
          { test_id: 'cart.Total::applies discount', quarantined: false, owner: null, decided_by: 'rule' },
        ]);
        const flaky = await duck.all(`SELECT run_seq, attempts, rerun_verdict, message FROM test_runs WHERE test_id = '${FLAKY}' ORDER BY run_seq`);
        expect(flaky).toEqual([
          { run_seq: '1', attempts: 'P', rerun_verdict: null, message: null },
          { run_seq: '2', attempts: 'FP', rerun_verdict: 'flaky', message: 'timeout of 5000ms exceeded' },
        ]);
        expect(await duck.all('SELECT repository, run_seq, job, attempt, trusted FROM runs ORDER BY run_seq')).toEqual([
          { repository: 'octo/project', run_seq: '1', job: 'test', attempt: '1', trusted: true },
          { repository: 'octo/project', run_seq: '2', job: 'test', attempt: '1', trusted: true },
        ]);
        expect(await duck.all('SELECT test_id, run_seq, event, quarantined FROM decisions')).toEqual([{ test_id: FLAKY, run_seq: '2', event: 'quarantined', quarantined: true }]);
        answers.push(await duck.all(readFileSync(join(PROJECT_ROOT, 'docs/warehouse/queries/flakiest-tests-by-wasted-minutes.sql'), 'utf8')));
      } finally {
        duck.close();
      }
    }
    expect(answers[1]).toEqual(answers[0]);
    expect((answers[0] as Array<{ test_id: string }>).map((r) => r.test_id)).toEqual([FLAKY]);
  }, 60_000);

  it('Parquet is written by DuckDB when @duckdb/node-api is installed, by the built-in writer when not: the same rows', async () => {
    // The bundled CLI finds DuckDB in the project's node_modules; a copy of dist/ outside the project has none to find.
    const bare = join(world.root, 'installed-without-duckdb');
    cpSync(join(PROJECT_ROOT, 'dist'), bare, { recursive: true });
    const args = (out: string): string[] => ['export', '--format', 'parquet', '--out', out, '--remote', world.remote, '--repository', 'octo/project'];
    const [withDuck, without, forced] = [join(world.root, 'duck'), join(world.root, 'builtin'), join(world.root, 'forced')];
    const a = await cli(args(withDuck), world.root);
    expect(a.code, a.stderr).toBe(0);
    expect(a.stdout).toMatch(/\(Parquet written by DuckDB v\d+\.\d+\.\d+\)/);
    const b = await cli(args(without), world.root, join(bare, 'cli/index.js'));
    expect(b.code, b.stderr).toBe(0);
    expect(b.stdout).toContain("(Parquet written by flakeguard's built-in writer)");
    const c = await cli(args(forced), world.root, CLI, { FLAKEGUARD_PARQUET_WRITER: 'builtin' });
    expect(c.stdout).toContain("(Parquet written by flakeguard's built-in writer)");
    const d = await cli(args(join(world.root, 'refused')), world.root, join(bare, 'cli/index.js'), { FLAKEGUARD_PARQUET_WRITER: 'duckdb' });
    expect([d.code, d.stderr]).toEqual([2, expect.stringContaining('npm install @duckdb/node-api')]);
    const [duck, builtin] = [await duckOver(withDuck, 'parquet'), await duckOver(without, 'parquet')];
    try {
      for (const table of ['runs', 'test_runs', 'tests', 'decisions']) {
        const rows = await duck.all(`SELECT * FROM ${table} ORDER BY row_key`);
        expect(rows.length, table).toBeGreaterThan(0);
        expect(rows, table).toEqual(await builtin.all(`SELECT * FROM ${table} ORDER BY row_key`));
      }
    } finally {
      duck.close();
      builtin.close();
    }
  }, 60_000);

  it('--since exports the runs after a run; a wrong --since or --format is a usage error', async () => {
    const out = join(world.root, 'since');
    const r = await cli(['export', '--format', 'ndjson', '--out', out, '--remote', world.remote, '--since', '1'], world.root);
    expect(r.code, r.stderr).toBe(0);
    const runs = readFileSync(join(out, 'test_runs.ndjson'), 'utf8').trim().split('\n');
    expect(runs.map((l) => (JSON.parse(l) as { run_seq: number }).run_seq)).toEqual([2, 2, 2]);
    expect(readFileSync(join(out, 'tests.ndjson'), 'utf8').trim().split('\n')).toHaveLength(3);
    const bad = await cli(['export', '--format', 'ndjson', '--out', out, '--remote', world.remote, '--since', 'last week'], world.root);
    expect([bad.code, bad.stderr]).toEqual([2, expect.stringContaining('--since takes a run number')]);
    const csv = await cli(['export', '--format', 'csv', '--out', out, '--remote', world.remote], world.root);
    expect([csv.code, csv.stderr]).toEqual([2, expect.stringContaining('--format must be ndjson or parquet')]);
  }, 60_000);

  it('a damaged branch: the step fails and the export stops, both with the same sentence naming the file and line', async () => {
    await world.editDataFile('runs.json', (t) => t.replace('"00000002": [', '"00000002": ["junk", '));
    const step = await world.run();
    expectOutcome(step, 'failure');
    const named = /The data branch is damaged \(runs\.json:\d+: [^)]*\)/.exec(step.stdout + step.summary);
    expect(named, step.stdout).not.toBeNull();
    const out = join(world.root, 'damaged');
    const r = await cli(['export', '--format', 'parquet', '--out', out, '--remote', world.remote], world.root);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(named![0]);
    expect(readdirSync(out)).toEqual([]);
  }, 60_000);
});
