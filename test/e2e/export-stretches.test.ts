/**
 * `flakeguard export --format parquet` with DuckDB's writer, as users run it (the bundled dist/cli/index.js under
 * Node 24, a data branch the step's core wrote, in a real bare repository): the test runs reach DuckDB as the
 * branch stores them, a stretch of a test's runs alike a line (docs/adr/0522), not as a line of text a row. What the
 * process writes is counted by the kernel (/proc/self/io, read as the process exits): beyond its four table files,
 * a small fraction of what a CSV line a test run would be (the built-in writer's process, which writes nothing but its
 * tables, is the yardstick). The rows are the built-in writer's, in its order.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NODE24, PROJECT_ROOT } from '../support/action.ts';
import { branchRepo } from '../support/dashboard.ts';
import { warehouseBranch, warehousePlans, type RepoPlan } from '../support/warehouse.ts';
import { duckOver } from '../export/duckdb.ts';

const CLI = join(PROJECT_ROOT, 'dist/cli/index.js');
const TABLES = ['runs', 'test_runs', 'tests', 'decisions'];

/** Written into the process before the CLI: at exit, the bytes it wrote (`wchar` of /proc/self/io: files and pipes, every thread). */
const PRELOAD = `import { readFileSync, writeFileSync } from 'node:fs';
process.on('exit', () => writeFileSync(process.env.FLAKEGUARD_TEST_IO, readFileSync('/proc/self/io', 'utf8')));
`;

const root = mkdtempSync(join(tmpdir(), 'flakeguard-export-stretches-'));
let repo: { repo: string; dispose: () => Promise<void> };
beforeAll(async () => {
  const [shop] = warehousePlans() as [RepoPlan];
  // 120 runs (60 on each of two cells) of the shop's seven tests and 100 that always pass.
  const quiet = Array.from({ length: 100 }, (_, i) => ({
    classname: `quiet.Q${Math.floor(i / 10)}`,
    name: `passes ${i}`,
    file: `tests/quiet/q${Math.floor(i / 10)}.test.ts`,
    attempts: () => 'P',
    seconds: 0.01,
  }));
  repo = await branchRepo(warehouseBranch({ ...shop, runs: 60, tests: [...shop.tests, ...quiet] }).files);
  writeFileSync(join(root, 'io.mjs'), PRELOAD);
}, 120_000);
afterAll(async () => {
  await repo?.dispose();
  rmSync(root, { recursive: true, force: true });
});

function exportTo(out: string, writer: 'duckdb' | 'builtin'): Promise<{ code: number | null; stdout: string; stderr: string; written: number }> {
  const io = join(root, `${writer}.io`);
  const env = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', LANG: 'C.UTF-8', FLAKEGUARD_PARQUET_WRITER: writer, FLAKEGUARD_TEST_IO: io };
  const args = ['--import', join(root, 'io.mjs'), CLI, 'export', '--format', 'parquet', '--out', out, '--remote', repo.repo, '--repository', 'octo/shop'];
  const child = spawn(NODE24, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  return new Promise((res) =>
    child.on('close', (code) => {
      const written = Number(/^wchar: (\d+)$/m.exec(readFileSync(io, 'utf8'))![1]);
      res({ code, stdout, stderr, written });
    }),
  );
}

describe('flakeguard export --format parquet through DuckDB', () => {
  it('hands DuckDB the test runs as stretches: beyond its table files it writes under 40 bytes a test run (a CSV line a row is ~200), and the rows are the built-in writer’s, in order', async () => {
    const [duck, builtin] = [join(root, 'duck'), join(root, 'builtin')];
    const a = await exportTo(duck, 'duckdb');
    expect(a.code, a.stderr).toBe(0);
    expect(a.stdout).toMatch(/\(Parquet written by DuckDB v\d/);
    const rows = Number(/^test_runs: (\d+) rows/m.exec(a.stdout)![1]);
    expect(rows).toBeGreaterThan(10_000);
    const b = await exportTo(builtin, 'builtin');
    expect(b.code, b.stderr).toBe(0);
    // What each process wrote beyond its table files (git's writes included: the kernel adds a child's when it is
    // reaped, the same for both). The built-in writer writes nothing else: the difference is what DuckDB was handed.
    const beyond = (r: { written: number }, dir: string): number => r.written - TABLES.reduce((n, t) => n + statSync(join(dir, `${t}.parquet`)).size, 0);
    const handed = beyond(a, duck) - beyond(b, builtin);
    expect(handed / rows, `${handed} bytes handed to DuckDB for ${rows} test runs`).toBeLessThan(40);
    const db = await duckOver(duck, 'parquet');
    try {
      for (const table of TABLES) {
        const inOrder = (d: string): string => `SELECT * EXCLUDE (file_row_number) FROM read_parquet('${join(d, `${table}.parquet`)}', file_row_number = true) ORDER BY file_row_number`;
        const written = await db.all(inOrder(duck));
        expect(written.length, table).toBeGreaterThan(0);
        expect(written, table).toEqual(await db.all(inOrder(builtin)));
      }
    } finally {
      db.close();
    }
  }, 120_000);
});
