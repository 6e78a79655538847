/**
 * The org build at scale (docs/org.md, "Scale"): R repositories, each a data branch of T tests and N runs written by
 * the benchmark's generator (scripts/bench/step.ts: applyRun and mergeRun chained, cached in .bench/cache/), read by
 * `flakeguard org`'s own code (src/org/build.ts) from local bare repositories; then the five warehouse queries
 * (docs/warehouse/queries/*.sql) timed in the DuckDB file it wrote.
 *
 * Generating 100 distinct 10k-test branches would take hours on a shared machine, so `--variants V` branches are
 * generated (suites of T, T+1, … tests: different ids and flaky sets) and each repository is a bare clone of one of
 * them (objects shared) with a commit of its own whose runs.json links to its own repository (`octo/project-<i>`):
 * every repository is fetched, read, summed and exported on its own, as in an org, and names its own rows.
 *
 * The build runs in a child process (the figures are its own): wall time, peak RSS (process.resourceUsage().maxRSS,
 * DuckDB's native memory included), rows and bytes of each table, the database's size. `--heap MB` caps the child's V8
 * heap (default 8192): a build that completes under a small cap holds a bounded amount of live data.
 *
 *   node_modules/.bin/node scripts/bench/org.ts [--repos 100] [--tests 10000] [--runs 100] [--variants 4] [--no-queries] [--no-database] [--heap MB]
 */
import { spawn, execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { BENCH_DIR, dataBranchRepo } from './step.ts';
import { PROJECT_ROOT } from '../../test/support/action.ts';

const SELF = fileURLToPath(import.meta.url);
const QUERIES = join(PROJECT_ROOT, 'docs/warehouse/queries');

function git(cwd: string, args: string[], input?: string): string {
  return execFileSync('git', args, {
    cwd,
    input,
    encoding: 'utf8',
    maxBuffer: 256 << 20,
    env: { ...process.env, GIT_AUTHOR_NAME: 'bench', GIT_AUTHOR_EMAIL: 'bench@example.com', GIT_COMMITTER_NAME: 'bench', GIT_COMMITTER_EMAIL: 'bench@example.com' },
  });
}

/** Repository `i`: a bare clone of `variant` sharing its objects, whose runs.json names `octo/project-<i>`. */
function repositoryOf(variant: string, i: number, dir: string): string {
  const repo = join(dir, `r${String(i).padStart(4, '0')}.git`);
  if (existsSync(join(repo, 'flakeguard-org-bench'))) return repo;
  rmSync(repo, { recursive: true, force: true });
  git(dir, ['clone', '-q', '--bare', '--shared', variant, repo]);
  const runs = git(repo, ['show', 'flakeguard-data:runs.json']).split('https://github.com/octo/project/').join(`https://github.com/octo/project-${i}/`);
  const blob = git(repo, ['hash-object', '-w', '--stdin'], runs).trim();
  const tree = git(repo, ['ls-tree', 'flakeguard-data'])
    .split('\n')
    .filter(Boolean)
    .map((line) => (line.endsWith('\truns.json') ? `100644 blob ${blob}\truns.json` : line))
    .join('\n');
  const treeId = git(repo, ['mktree'], `${tree}\n`).trim();
  const commit = git(repo, ['commit-tree', treeId, '-p', 'flakeguard-data', '-m', `repository ${i}`]).trim();
  git(repo, ['update-ref', 'refs/heads/flakeguard-data', commit]);
  writeFileSync(join(repo, 'flakeguard-org-bench'), `${i}\n`);
  return repo;
}

interface ChildReport {
  wallMs: number;
  /** CPU time of the build (user + system), the figure the machine's load does not inflate as much as the wall time. */
  cpuMs: number;
  maxRssMb: number;
  repos: number;
  missing: number;
  tables: Record<string, { rows: number; bytes: number }>;
  databaseBytes: number;
  timings: Record<string, number>;
  queries: Array<{ name: string; ms: number; rows: number }>;
}

/** Child mode: the org build over `sources`, then the five queries, reported as JSON on stdout. */
async function child(listFile: string, out: string, queries: boolean, database: boolean): Promise<void> {
  const { buildOrg } = await import('../../src/org/build.ts');
  const sources = readFileSync(listFile, 'utf8').split('\n').filter(Boolean);
  rmSync(out, { recursive: true, force: true });
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  const result = await buildOrg({ sources, out, branch: 'flakeguard-data', token: '', database, cwd: PROJECT_ROOT, now: Date.now(), log: (m) => console.error(m) });
  const wallMs = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  const report: ChildReport = {
    wallMs,
    cpuMs: (cpu.user + cpu.system) / 1000,
    maxRssMb: 0,
    repos: result.model.repos.length,
    missing: result.model.missing.length,
    tables: Object.fromEntries(Object.entries(result.tables).map(([t, f]) => [t, { rows: f.rows, bytes: f.bytes }])),
    databaseBytes: result.database ? statSync(result.database.path).size : 0,
    timings: result.timings,
    queries: [],
  };
  report.maxRssMb = process.resourceUsage().maxRSS / 1024;
  if (queries && result.database) {
    const { DuckDBInstance } = await import('@duckdb/node-api');
    const instance = await DuckDBInstance.create(result.database!.path, { access_mode: 'READ_ONLY' });
    const connection = await instance.connect();
    for (const file of readdirSync(QUERIES)
      .filter((f) => f.endsWith('.sql'))
      .sort()) {
      const sql = readFileSync(join(QUERIES, file), 'utf8');
      const q0 = performance.now();
      const reader = await connection.runAndReadAll(sql);
      report.queries.push({ name: file.replace(/\.sql$/, ''), ms: performance.now() - q0, rows: reader.currentRowCount });
    }
    connection.closeSync();
    instance.closeSync();
  }
  process.stdout.write(`${JSON.stringify(report)}\n`);
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      repos: { type: 'string', default: '100' },
      tests: { type: 'string', default: '10000' },
      runs: { type: 'string', default: '100' },
      variants: { type: 'string', default: '4' },
      'no-queries': { type: 'boolean' },
      'no-database': { type: 'boolean' },
      heap: { type: 'string', default: '8192' },
      child: { type: 'string' },
      out: { type: 'string' },
    },
  });
  if (values.child) return child(values.child, values.out!, !values['no-queries'], !values['no-database']);
  const [repos, tests, runs, variants] = [values.repos, values.tests, values.runs, values.variants].map(Number) as [number, number, number, number];
  const end = Date.UTC(2026, 10, 26, 12);
  const log = (m: string): void => console.error(m);
  const dir = join(BENCH_DIR, 'org', `${tests}t-${runs}r`);
  mkdirSync(dir, { recursive: true });
  log(`org bench: ${repos} repositories × ${tests} tests × ${runs} runs (${variants} generated branches, V8 heap cap ${values.heap} MB; load ${loadavg()[0]!.toFixed(1)} on a shared machine)`);
  const branches: string[] = [];
  for (let v = 0; v < Math.min(variants, repos); v++) {
    const made = await dataBranchRepo(tests + v, runs, end, log);
    log(`  branch ${v + 1}: ${tests + v} tests, ${(made.bytes / 1e6).toFixed(1)} MB of files${made.cached ? ' (cached)' : `, generated in ${(made.generateMs / 1000).toFixed(0)} s`}`);
    branches.push(made.repo);
  }
  const sources = Array.from({ length: repos }, (_, i) => repositoryOf(branches[i % branches.length]!, i, dir));
  const list = join(dir, `repos-${repos}.txt`);
  writeFileSync(list, `${sources.join('\n')}\n`);
  const out = join(BENCH_DIR, 'org', values['no-database'] ? 'out-tables' : 'out');
  log(`  building the org (child process)...`);
  const report = await new Promise<ChildReport>((resolve, reject) => {
    const args = [
      `--max-old-space-size=${Number(values.heap)}`,
      SELF,
      '--child',
      list,
      '--out',
      out,
      ...(values['no-queries'] ? ['--no-queries'] : []),
      ...(values['no-database'] ? ['--no-database'] : []),
    ];
    const proc = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
    let stdout = '';
    proc.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    proc.on('close', (code) => (code === 0 ? resolve(JSON.parse(stdout.trim().split('\n').at(-1)!) as ChildReport) : reject(new Error(`the org build failed (exit ${code})`))));
  });
  const rows = Object.values(report.tables).reduce((n, t) => n + t.rows, 0);
  console.log(`\norg build: ${report.repos} repositories read (${report.missing} missing), ${repos} × ${tests} tests × ${runs} runs`);
  console.log(
    `  wall ${(report.wallMs / 1000).toFixed(1)} s (CPU ${(report.cpuMs / 1000).toFixed(1)} s, all threads), peak RSS ${report.maxRssMb.toFixed(0)} MB, ${(rows / (report.wallMs / 1000)).toFixed(0)} rows/s overall`,
  );
  console.log(
    `  of which: ${Object.entries(report.timings)
      .map(([k, ms]) => `${k} ${(ms / 1000).toFixed(1)} s`)
      .join(', ')}`,
  );
  for (const [table, t] of Object.entries(report.tables))
    console.log(`  ${table.padEnd(10)} ${String(t.rows).padStart(11)} rows ${(t.bytes / 1e6).toFixed(1).padStart(9)} MB  ${(t.bytes / Math.max(1, t.rows)).toFixed(1)} B/row`);
  if (report.databaseBytes) console.log(`  flakeguard.duckdb ${(report.databaseBytes / 1e6).toFixed(1)} MB`);
  for (const q of report.queries) console.log(`  query ${q.name.padEnd(36)} ${q.ms.toFixed(0).padStart(7)} ms  ${q.rows} rows`);
  writeFileSync(
    join(BENCH_DIR, 'org', `result-${repos}r-${tests}t-${runs}n${values['no-database'] ? '-tables' : ''}.json`),
    `${JSON.stringify({ given: { repos, tests, runs, variants }, load: loadavg(), ...report }, null, 2)}\n`,
  );
}

await main();
