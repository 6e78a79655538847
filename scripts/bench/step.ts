/**
 * The whole action step: `node dist/index.js` (Node 24) on a suite of N tests against a data branch that already
 * holds an R-run history, in a local bare repository, the way a runner runs it (test/support/action.ts).
 *
 * The data branch is generated with the project's own pure functions (applyRun chained run after run, the same
 * code that writes the branch in production) and pushed once; then ONE real step is timed. Its peak RSS is read by
 * a preload (`NODE_OPTIONS=--import`) that writes `process.resourceUsage().maxRSS` at exit; the time spent in git
 * comes from GIT_TRACE2_EVENT. `--profile` adds `--cpu-prof` and prints where the time goes.
 *
 *   node_modules/.bin/node scripts/bench/step.ts [--tests 10000] [--runs 200] [--repeat 3] [--profile] [--floor] [--floor-fxp] [--clean] [--branch REPO]
 *   node_modules/.bin/node scripts/bench/step.ts --prepare --tests 100000     generate and cache the branch only
 *
 * FLAKEGUARD_BENCH_NODE_OPTIONS adds Node options to the timed step (e.g. `--expose-gc` for a one-off instrumented build);
 * FLAKEGUARD_BENCH_OUTPUT=PREFIX writes each step's stdout and stderr to PREFIX-<i>.txt (e.g. with `--trace-gc`) and its git trace to PREFIX-<i>.trace2.json.
 *
 * Generated branches are cached in .bench/cache/, keyed by the sizes and a hash of the source files that write the
 * branch, so a second run skips the generation.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Attempt, History, ParsedTestCase, RunContext } from '../../src/model.ts';
import { applyRun, type ApplyOptions } from '../../src/pipeline/apply.ts';
import { DEFAULT_POLICY } from '../../src/policy/quarantine.ts';
import { DEFAULT_RETENTION, mergeRun } from '../../src/history/merge.ts';
import { normalizeErrorMessage } from '../../src/history/error-message.ts';
import { statsScores } from '../../src/pipeline/stats-scores.ts';
import { emptySnapshot, parseSnapshot, type Snapshot } from '../../src/store/snapshot.ts';
import { DIST_ENTRY, PROJECT_ROOT, World, git } from '../../test/support/action.ts';
import { dashboardFiles } from '../../src/dashboard/branch-files.ts';
import { DASHBOARD_MARKER } from '../../src/dashboard/marker.generated.ts';
import { bundleFloor } from './floor-bundle.ts';

const HOUR = 3_600_000;
const SELF = fileURLToPath(import.meta.url);
export const BENCH_DIR = join(PROJECT_ROOT, '.bench');

/* ---------- a deterministic synthetic suite ---------- */

function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface SuiteTest {
  id: string;
  classname: string;
  name: string;
  file: string;
  /** Per-attempt failure probability (0 = stable). */
  rate: number;
}

/** N tests in classes of 20: 95% stable, 5% flaky at 2–40%; ids like real JUnit ids. */
export function buildSuite(tests: number): SuiteTest[] {
  const rng = mulberry32(tests);
  const rates = [0.02, 0.05, 0.1, 0.2, 0.4];
  const suite: SuiteTest[] = [];
  for (let i = 0; i < tests; i++) {
    const cls = Math.floor(i / 20);
    const pkg = `com.bench.module${cls % 50}`;
    const classname = `${pkg}.Feature${cls}Test`;
    const name = `shouldHandleCase${i % 20}_${i}`;
    const rate = rng() < 0.05 ? rates[Math.floor(rng() * rates.length)]! : 0;
    suite.push({ id: `${classname}::${name}`, classname, name, file: `src/test/java/${classname.replace(/\./g, '/')}.java`, rate });
  }
  return suite;
}

const MESSAGES = ['Timed out after 5000 ms waiting for the element to be visible', 'expected status 200 but was 503 (request id 4f1c2a9e)', 'connect ECONNRESET 127.0.0.1:38211'];

/** One run's results: a flaky failure is retried once in the report (and passes on the retry half the time). */
export function runResults(suite: SuiteTest[], run: number): Array<{ test: SuiteTest; attempts: string; message?: string }> {
  const rng = mulberry32(run * 7919 + suite.length);
  return suite.map((test) => {
    if (test.rate === 0 || rng() >= test.rate) return { test, attempts: 'P' };
    return { test, attempts: rng() < 0.5 ? 'FP' : 'FF', message: MESSAGES[Math.floor(rng() * MESSAGES.length)]! };
  });
}

/** Whether run `run` had a test whose final attempt failed. */
function runResultsFailed(suite: SuiteTest[], run: number): boolean {
  return runResults(suite, run).some((r) => r.attempts.endsWith('F'));
}

function parsedTests(suite: SuiteTest[], run: number): ParsedTestCase[] {
  return runResults(suite, run).map(({ test, attempts, message }) => ({
    id: test.id,
    name: test.name,
    classname: test.classname,
    suite: test.classname,
    file: test.file,
    report: 'reports/TEST-all.xml',
    attempts: [...attempts].map((c): Attempt => (c === 'P' ? { status: 'passed', durationSec: 0.05 } : { status: 'failed', message, type: 'AssertionError', durationSec: 0.2 })),
  }));
}

export function runContextOf(run: number, runs: number, end: number): RunContext {
  const pr = run % 5 === 4;
  const runId = String(9_000_000 + run);
  return {
    key: `${runId}/test/0badc0de`,
    runId,
    runAttempt: 1,
    job: 'test',
    workflow: 'CI',
    sha: createHash('sha1').update(`commit ${run}`).digest('hex'),
    ref: pr ? `refs/pull/${100 + run}/merge` : 'refs/heads/main',
    onDefaultBranch: !pr,
    event: pr ? 'pull_request' : 'push',
    time: end - (runs - run) * HOUR,
    url: `https://github.com/octo/project/actions/runs/${runId}/attempts/1`,
  };
}

export interface GenerateOptions {
  /**
   * 'merge' (default): the history by chaining mergeRun over the runs that survive retention (the last
   * `maxRuns`: every test runs in every run), the runs table and ingestion keys by chaining applyRun over every
   * run with a one-test report (a canary that fails when the run had a failing test), then applyRun renders the
   * last run on top of both. 'apply': applyRun with the whole suite for every
   * run, parsing the branch back between runs: exactly what production does, but minutes at 10k tests.
   */
  method?: 'merge' | 'apply';
  log?: (message: string) => void;
}

const CANARY: ParsedTestCase = { id: 'zz.bench.Canary::tracksRuns', name: 'tracksRuns', classname: 'zz.bench.Canary', suite: 'zz.bench.Canary', report: 'reports/canary.xml', attempts: [] };

/**
 * The data branch after `runs` runs of `suite`, written by the project's own pure functions (see
 * GenerateOptions.method; test/eval/bench-branch.test.ts checks that both methods give the same history).
 */
export function generateBranch(suite: SuiteTest[], runs: number, end: number, options: GenerateOptions = {}): Map<string, string> {
  const base: ApplyOptions = { retention: DEFAULT_RETENTION, policy: DEFAULT_POLICY, normalise: normalizeErrorMessage };
  const method = options.method ?? 'merge';
  let snapshot: Snapshot = emptySnapshot();
  let history: History = new Map();
  const started = Date.now();
  const apply = (run: number, tests: ParsedTestCase[], last: boolean): Map<string, string> => {
    const ctx = runContextOf(run, runs, end);
    const failed = tests.some((t) => t.attempts[t.attempts.length - 1]!.status === 'failed');
    return applyRun(
      { snapshot, reports: { tests, problems: [], filesRead: 1 }, filesMatched: 1, testOutcome: failed ? 'failure' : 'success', run: ctx, now: ctx.time + 60_000 },
      last ? { ...base, scoreTests: statsScores(ctx.time) } : base,
    ).files;
  };
  // Every test runs in every run, so only the last `maxRuns` runs survive retention in any test's history.
  const firstKept = Math.max(0, runs - base.retention.maxRuns);
  for (let run = 0; run < runs - 1; run++) {
    if (method === 'apply') {
      snapshot = parseSnapshot(apply(run, parsedTests(suite, run), false));
    } else {
      const tests = run >= firstKept ? parsedTests(suite, run) : runResultsFailed(suite, run);
      if (Array.isArray(tests)) {
        history = mergeRun(history, tests, runContextOf(run, runs, end), new Set(), { retention: base.retention, normalise: base.normalise }).history;
      }
      const failed = Array.isArray(tests) ? tests.some((t) => t.attempts[t.attempts.length - 1]!.status === 'failed') : tests;
      snapshot = parseSnapshot(apply(run, [{ ...CANARY, attempts: [{ status: failed ? 'failed' : 'passed' }] }], false));
    }
    if (options.log && (run + 1) % 50 === 0) options.log(`  generated ${run + 1}/${runs} runs (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  }
  if (method === 'merge') {
    snapshot.history = history;
    snapshot.stats = new Map();
  }
  return apply(runs - 1, parsedTests(suite, runs - 1), true);
}

/* ---------- the data branch in a bare repository ---------- */

const IDENTITY = { GIT_AUTHOR_NAME: 'bench', GIT_AUTHOR_EMAIL: 'bench@example.com', GIT_COMMITTER_NAME: 'bench', GIT_COMMITTER_EMAIL: 'bench@example.com' };

/** Hash of the sources that decide the branch's format, so a cached branch is rebuilt when they change. */
function sourceHash(): string {
  const hash = createHash('sha256');
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.ts')) hash.update(relative(PROJECT_ROOT, path)).update(readFileSync(path));
    }
  };
  // The files that decide the branch's format; the stats columns (policy, scoring) are rewritten by every step.
  for (const dir of ['src/store', 'src/history', 'src/model.ts']) {
    const path = join(PROJECT_ROOT, dir);
    if (dir.endsWith('.ts')) hash.update(readFileSync(path));
    else walk(path);
  }
  hash.update(readFileSync(SELF)).update(DASHBOARD_MARKER);
  return hash.digest('hex').slice(0, 12);
}

/** A bare repository whose branch `flakeguard-data` holds the generated history; cached under .bench/cache. */
export async function dataBranchRepo(tests: number, runs: number, end: number, log: (m: string) => void): Promise<{ repo: string; cached: boolean; generateMs: number; bytes: number }> {
  // The run times are relative to `end`; a cache is only good for a day so that ages stay realistic.
  const day = new Date(end).toISOString().slice(0, 10);
  const repo = join(BENCH_DIR, 'cache', `branch-${tests}t-${runs}r-${day}-${sourceHash()}.git`);
  const sizeOf = async (): Promise<number> => {
    const out = await git(repo, ['ls-tree', '-r', '-l', 'flakeguard-data']);
    return out
      .split('\n')
      .filter(Boolean)
      .reduce((n, line) => n + Number(line.split(/\s+/)[3]), 0);
  };
  if (existsSync(join(repo, 'refs/heads/flakeguard-data')) || (existsSync(repo) && (await git(repo, ['branch', '--list', 'flakeguard-data'])).trim())) {
    return { repo, cached: true, generateMs: 0, bytes: await sizeOf() };
  }
  log(`  generating a ${runs}-run history for ${tests} tests (mergeRun + applyRun, cached in ${relative(PROJECT_ROOT, repo)})...`);
  const t0 = Date.now();
  // In a child with a large heap: at 100k tests the history alone is ~10M run records.
  await new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, ['--max-old-space-size=16384', SELF, '--generate', String(tests), String(runs), String(end), repo], { stdio: ['ignore', 'inherit', 'inherit'] });
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`generating the data branch failed (exit ${code})`))));
  });
  const generateMs = Date.now() - t0;
  return { repo, cached: false, generateMs, bytes: await sizeOf() };
}

/** Child mode: generate the branch and push it into a new bare repository `repo`. */
async function generateInto(tests: number, runs: number, end: number, repo: string): Promise<void> {
  const files = generateBranch(buildSuite(tests), runs, end, { log: (m) => console.error(m) });
  // The dashboard's files, as the step's first write left them: a timed step then writes the page only when it
  // changed, as on a real branch (issue #16's steady state), not 100 KB of page every time.
  for (const [path, text] of await dashboardFiles(files)) if (!files.has(path)) files.set(path, text);
  const work = await mkdtemp(join(tmpdir(), 'flakeguard-bench-branch-'));
  try {
    await git(work, ['init', '-q', '-b', 'flakeguard-data']);
    for (const [path, text] of files) {
      mkdirSync(join(work, path, '..'), { recursive: true });
      writeFileSync(join(work, path), text);
    }
    files.clear();
    await git(work, ['add', '-A']);
    await git(work, ['commit', '-q', '-m', `generated: ${runs} runs of ${tests} tests`], IDENTITY);
    rmSync(repo, { recursive: true, force: true });
    mkdirSync(join(repo, '..'), { recursive: true });
    await git(work, ['init', '-q', '--bare', repo]);
    await git(work, ['push', '-q', repo, 'flakeguard-data']);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/* ---------- the step's report ---------- */

function xmlAttr(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;').replace(/>/g, '&gt;');
}

const STACK = Array.from({ length: 20 }, (_, i) => `\tat com.bench.support.Frame${i}.call(Frame${i}.java:${10 + i})`).join('\n');

/** The reports of run `run`: one Surefire-style file per 1000 tests, retries as repeated testcase elements. */
export function reportFiles(suite: SuiteTest[], run: number, time: number): Map<string, string> {
  const files = new Map<string, string>();
  const results = runResults(suite, run);
  const timestamp = new Date(time).toISOString().replace(/\.\d{3}Z$/, 'Z');
  for (let start = 0, n = 0; start < results.length; start += 1000, n++) {
    const body: string[] = [];
    let failures = 0;
    for (const { test, attempts, message } of results.slice(start, start + 1000)) {
      for (const a of attempts) {
        const head = `<testcase classname="${test.classname}" name="${test.name}" file="${test.file}" time="${a === 'P' ? '0.050' : '0.200'}"`;
        if (a === 'P') body.push(`    ${head}/>`);
        else {
          failures++;
          body.push(`    ${head}>\n      <failure message="${xmlAttr(message!)}" type="java.lang.AssertionError">${xmlAttr(message!)}\n${STACK}</failure>\n    </testcase>`);
        }
      }
    }
    files.set(
      `reports/TEST-part${String(n).padStart(3, '0')}.xml`,
      `<?xml version="1.0" encoding="UTF-8"?>\n<testsuite name="com.bench.part${n}" tests="${body.length}" failures="${failures}" errors="0" skipped="0" timestamp="${timestamp}">\n${body.join('\n')}\n</testsuite>\n`,
    );
  }
  return files;
}

/* ---------- measuring one step ---------- */

const PRELOAD = `import { readFileSync, writeFileSync } from 'node:fs';
process.on('exit', () => {
  const file = process.env.FLAKEGUARD_BENCH_USAGE;
  if (!file) return;
  const u = process.resourceUsage();
  // CPU of the processes this one waited for (git and its children), from /proc: clock ticks of 10 ms.
  let childrenMs = null;
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    childrenMs = (Number(f[13]) + Number(f[14])) * 10;
  } catch {}
  writeFileSync(file, JSON.stringify({ maxRssKb: u.maxRSS, cpuUserUs: u.userCPUTime, cpuSystemUs: u.systemCPUTime, childrenCpuMs: childrenMs, uptimeMs: process.uptime() * 1000 }));
});
`;

export interface GitUsage {
  /** Top-level git commands the step ran. */
  commands: number;
  /** Sum of their wall times, ms. */
  ms: number;
  /**
   * Of which the remote's side (upload-pack for fetch, receive-pack for push, with their pack-objects/index-pack):
   * here the local bare repository works on the same 2 cores; against GitHub that work is GitHub's.
   */
  remoteMs: number;
  /** Per command name (fetch, push, …): [count, ms, remote ms]. */
  byCommand: Record<string, [number, number, number]>;
}

/** Reads a GIT_TRACE2_EVENT file: the wall time of each top-level git process, and of the remote's side. */
export function gitUsage(traceFile: string): GitUsage {
  const usage: GitUsage = { commands: 0, ms: 0, remoteMs: 0, byCommand: {} };
  if (!existsSync(traceFile)) return usage;
  const names = new Map<string, string>();
  const transport = new Set<string>();
  const remote = new Map<string, number>();
  for (const line of readFileSync(traceFile, 'utf8').split('\n')) {
    if (!line) continue;
    let e: { event?: string; sid?: string; argv?: string[]; t_abs?: number; t_rel?: number; child_id?: number; child_class?: string };
    try {
      e = JSON.parse(line) as typeof e;
    } catch {
      continue;
    }
    if (!e.sid || e.sid.includes('/')) continue; // events of child processes
    if (e.event === 'start' && e.argv) {
      const argv = e.argv.slice(1).filter((a, i, all) => !(a === '-c' || all[i - 1] === '-c'));
      names.set(e.sid, argv[0] ?? '?');
    }
    // The local transport runs the remote's upload-pack / receive-pack as a child of fetch / push.
    if (e.event === 'child_start' && e.child_class?.startsWith('transport/')) transport.add(`${e.sid}#${e.child_id}`);
    if (e.event === 'child_exit' && transport.has(`${e.sid}#${e.child_id}`)) remote.set(e.sid, (remote.get(e.sid) ?? 0) + (e.t_rel ?? 0) * 1000);
    if (e.event === 'exit' && typeof e.t_abs === 'number') {
      const name = names.get(e.sid) ?? '?';
      const ms = e.t_abs * 1000;
      const remoteMs = remote.get(e.sid) ?? 0;
      usage.commands++;
      usage.ms += ms;
      usage.remoteMs += remoteMs;
      const entry = (usage.byCommand[name] ??= [0, 0, 0]);
      entry[0]++;
      entry[1] += Math.round(ms);
      entry[2] += Math.round(remoteMs);
    }
  }
  usage.ms = Math.round(usage.ms);
  usage.remoteMs = Math.round(usage.remoteMs);
  return usage;
}

export interface StepMeasure {
  /** Wall time from spawn to exit, ms. */
  ms: number;
  /** Bytes of the pack the step's push sent (pushBytes), 0 when it wrote nothing. */
  pushBytes?: number;
  /** Peak RSS of the node process, MiB. */
  peakRssMiB: number;
  cpuUserMs: number;
  cpuSystemMs: number;
  /** CPU of the child processes (git, and the local remote's git), ms; null where /proc is missing. */
  childrenCpuMs: number | null;
  git: GitUsage;
  outcome: string;
  /** The step's last error line, when it failed. */
  failure?: string;
  exitCode: number | null;
  quarantined: number;
  profileDir?: string;
}

export interface StepResult {
  tests: number;
  historyRuns: number;
  /** Bytes of the data branch's files before the step. */
  branchBytes: number;
  /** Bytes a depth-1 fetch of the branch transfers (the pack of a fresh `clone --depth 1`). */
  fetchBytes: number;
  reportBytes: number;
  generateMs: number;
  cached: boolean;
  /** One per repetition; the branch is reset to the generated head before each. */
  measures: StepMeasure[];
  /** Medians over the repetitions (peak RSS: the largest). */
  ms: number;
  peakRssMiB: number;
  gitMs: number;
  /** Median CPU time of the node process (user + system, all its threads), ms. */
  cpuMs: number;
  /** Median CPU time of its child processes (git, including the local remote's side), ms. */
  childrenCpuMs: number | null;
  /** Median time of the remote's side of fetch and push (see GitUsage.remoteMs). */
  gitRemoteMs: number;
  gitCommands: number;
  /** Load average (1 min) before each repetition: other work on the machine skews wall times. */
  load: number[];
  /** The whole-process parse floor on the same reports, measured before each step (StepOptions.floor). */
  floor?: PairedFloor;
  /** The same with fast-xml-parser reading the reports (StepOptions.floorFxp). */
  floorFxp?: PairedFloor;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? Number.NaN : s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
}

export interface StepOptions {
  tests?: number;
  runs?: number;
  repeat?: number;
  profile?: boolean;
  /** Before each step, time the whole-process parse floor on the same reports (scripts/bench/floor-entry.ts): paired. */
  floor?: boolean;
  /**
   * Before each step, time fast-xml-parser reading the same reports as a whole process (scripts/bench/floor-fxp-entry.ts):
   * the floor as issue 42 words it, paired as `floor` is.
   */
  floorFxp?: boolean;
  /** A run in which no test failed and no test is new (every known test passes). */
  clean?: boolean;
  /**
   * A bare repository whose branch `flakeguard-data` is the history to start from (another checkout's cache, so that
   * two builds are timed on one input whatever their sources hash to); default: the cache of these sources.
   */
  branch?: string;
  log?: (message: string) => void;
}

/** The floor's bundle (scripts/bench/floor-bundle.ts): built once per process. */
let floorBundle: Promise<string> | undefined;
function floorScript(): Promise<string> {
  floorBundle ??= bundleFloor(join(BENCH_DIR, 'floor.mjs'));
  return floorBundle;
}
let fxpBundle: Promise<string> | undefined;
function fxpScript(): Promise<string> {
  fxpBundle ??= bundleFloor(join(BENCH_DIR, 'floor-fxp.mjs'), 'floor-fxp-entry.ts');
  return fxpBundle;
}

/** Wall time (spawn to exit) and peak RSS of the parse floor on the reports in `dir`. */
async function measureFloor(dir: string, preload: string, usageFile: string, fxp = false): Promise<{ ms: number; peakRssMiB: number }> {
  const script = await (fxp ? fxpScript() : floorScript());
  const t0 = performance.now();
  await new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, [script, dir], { stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, NODE_OPTIONS: `--import=${preload}`, FLAKEGUARD_BENCH_USAGE: usageFile } });
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`the parse floor failed (exit ${code})`))));
  });
  const ms = Math.round(performance.now() - t0);
  const usage = JSON.parse(readFileSync(usageFile, 'utf8')) as { maxRssKb: number };
  return { ms, peakRssMiB: Math.round((usage.maxRssKb / 1024) * 10) / 10 };
}

export async function benchStep(options: StepOptions = {}): Promise<StepResult> {
  const tests = options.tests ?? 10_000;
  const runs = options.runs ?? 200;
  const repeat = options.repeat ?? 3;
  const log = options.log ?? ((m: string) => console.error(m));
  if (!existsSync(DIST_ENTRY)) throw new Error(`${DIST_ENTRY} is missing: run npm run build first`);
  const end = Date.now() - HOUR;
  const branch = options.branch ? { repo: options.branch, bytes: 0, generateMs: 0, cached: true } : await dataBranchRepo(tests, runs, end, log);
  const suite = buildSuite(tests);
  // FLAKEGUARD_BENCH_OUTPUT: the workspace commit is dated, so that two builds see the same SHA.
  const world = await World.create(process.env.FLAKEGUARD_BENCH_OUTPUT ? { date: 1795900000000 } : {});
  mkdirSync(BENCH_DIR, { recursive: true });
  const preload = join(BENCH_DIR, 'usage-preload.mjs');
  writeFileSync(preload, PRELOAD);
  try {
    await git(branch.repo, ['push', '-q', world.remote, 'flakeguard-data']);
    // A push of fewer than 100 objects is stored loose (receive.unpackLimit), and serving 7 MB of loose objects
    // makes the fetch's server side 0.6–0.9 s of pack-objects here; GitHub serves from packed storage. Packing
    // the remote once, as GitHub's maintenance would, takes that to about 0.1 s (docs/benchmarks-archive.md#latest-figures-against-the-targets).
    await git(world.remote, ['repack', '-adq']);
    const head = (await git(world.remote, ['rev-parse', 'flakeguard-data'])).trim();
    // What every step downloads: a depth-1 clone's pack.
    const probe = join(world.root, 'depth1.git');
    await git(world.root, ['clone', '-q', '--bare', '--depth=1', '--single-branch', '-b', 'flakeguard-data', `file://${world.remote}`, probe]);
    const packs = join(probe, 'objects', 'pack');
    const fetchBytes = readdirSync(packs)
      .filter((f) => f.endsWith('.pack'))
      .reduce((n, f) => n + statSync(join(packs, f)).size, 0);
    rmSync(probe, { recursive: true, force: true });
    let reportBytes = 0;
    // A clean run: every test of the suite passes (no failure, no new test).
    const reportSuite = options.clean ? suite.map((t) => ({ ...t, rate: 0 })) : suite;
    for (const [path, xml] of reportFiles(reportSuite, runs, end + HOUR)) {
      await world.writeReport(path, xml);
      reportBytes += Buffer.byteLength(xml);
    }
    const measures: StepMeasure[] = [];
    const floors: Array<{ ms: number; peakRssMiB: number }> = [];
    const fxpFloors: Array<{ ms: number; peakRssMiB: number }> = [];
    const load: number[] = [];
    for (let i = 0; i < repeat; i++) {
      load.push(Math.round(loadavg()[0]! * 10) / 10);
      if (options.floor) {
        const f = await measureFloor(join(world.workspace, 'reports'), preload, join(world.root, `floor-usage-${i}.json`));
        floors.push(f);
        log(`  parse floor ${tests} tests, run ${i + 1}/${repeat}: ${f.ms} ms, peak RSS ${f.peakRssMiB} MiB`);
      }
      if (options.floorFxp) {
        const f = await measureFloor(join(world.workspace, 'reports'), preload, join(world.root, `floor-fxp-usage-${i}.json`), true);
        fxpFloors.push(f);
        log(`  fast-xml-parser floor ${tests} tests, run ${i + 1}/${repeat}: ${f.ms} ms, peak RSS ${f.peakRssMiB} MiB`);
      }
      await git(world.remote, ['update-ref', 'refs/heads/flakeguard-data', head]);
      const usageFile = join(world.root, `usage-${i}.json`);
      const traceFile = join(world.root, `trace2-${i}.json`);
      const profileDir = options.profile ? join(BENCH_DIR, 'profiles', `step-${tests}t-${runs}r-${i}`) : undefined;
      if (profileDir) rmSync(profileDir, { recursive: true, force: true });
      const nodeOptions = [
        `--import=${preload}`,
        ...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []),
        ...(process.env.FLAKEGUARD_BENCH_NODE_OPTIONS ? [process.env.FLAKEGUARD_BENCH_NODE_OPTIONS] : []),
      ];
      const pushCapture = join(world.root, `pushed-${i}.bin`);
      const res = await world.run({
        runId: 9_900_000 + i,
        inputs: { 'test-outcome': options.clean ? 'success' : 'failure' },
        env: { NODE_OPTIONS: nodeOptions.join(' '), FLAKEGUARD_BENCH_USAGE: usageFile, GIT_TRACE2_EVENT: traceFile, ...capturePush(world, pushCapture) },
      });
      if (process.env.FLAKEGUARD_BENCH_OUTPUT) writeFileSync(`${process.env.FLAKEGUARD_BENCH_OUTPUT}-${i}.txt`, `${res.stdout}\n--- stderr ---\n${res.stderr}`);
      if (process.env.FLAKEGUARD_BENCH_OUTPUT && existsSync(traceFile)) copyFileSync(traceFile, `${process.env.FLAKEGUARD_BENCH_OUTPUT}-${i}.trace2.json`);
      if (res.exitCode !== 0 && res.exitCode !== 1) throw new Error(`the step crashed (exit ${res.exitCode}): ${res.stderr.slice(-2000)}`);
      if (!res.outputs['quarantined-tests']) throw new Error(`the step stopped early:\n${res.stdout.slice(-3000)}`);
      const usage = JSON.parse(readFileSync(usageFile, 'utf8')) as { maxRssKb: number; cpuUserUs: number; cpuSystemUs: number; childrenCpuMs: number | null };
      const m: StepMeasure = {
        ms: res.ms,
        peakRssMiB: Math.round((usage.maxRssKb / 1024) * 10) / 10,
        cpuUserMs: Math.round(usage.cpuUserUs / 1000),
        cpuSystemMs: Math.round(usage.cpuSystemUs / 1000),
        childrenCpuMs: usage.childrenCpuMs,
        git: gitUsage(traceFile),
        outcome: res.outputs.outcome ?? '',
        ...(res.outputs.outcome === 'failure'
          ? {
              failure: res.stdout
                .split('\n')
                .filter((l) => l.startsWith('::error::'))
                .pop()
                ?.slice(0, 500),
            }
          : {}),
        exitCode: res.exitCode,
        quarantined: (JSON.parse(res.outputs['quarantined-tests']) as string[]).length,
      };
      if (profileDir) m.profileDir = profileDir;
      const after = (await git(world.remote, ['rev-parse', 'flakeguard-data'])).trim();
      m.pushBytes = after === head ? 0 : packBytes(pushCapture);
      // What the step wrote, to compare two builds byte for byte: its summary, its outputs and the branch's files.
      if (process.env.FLAKEGUARD_BENCH_OUTPUT) {
        let tree = await git(world.remote, ['ls-tree', '-r', 'flakeguard-data']);
        for (const small of ['runs.json', 'clusters.json']) if (tree.includes(`\t${small}\n`)) tree += `\n--- ${small} ---\n${await git(world.remote, ['show', `flakeguard-data:${small}`])}`;
        writeFileSync(`${process.env.FLAKEGUARD_BENCH_OUTPUT}-${i}.written.txt`, `${tree}\n--- outputs ---\n${JSON.stringify(res.outputs, null, 1)}\n--- summary ---\n${res.summary}`);
      }
      measures.push(m);
      log(
        `  step ${tests} tests, run ${i + 1}/${repeat}: ${m.ms} ms, peak RSS ${m.peakRssMiB} MiB, pushed ${((m.pushBytes ?? 0) / 1024).toFixed(0)} KiB, git ${m.git.ms} ms in ${m.git.commands} commands (remote side ${m.git.remoteMs} ms), CPU node ${m.cpuUserMs + m.cpuSystemMs} ms + git ${m.childrenCpuMs ?? '?'} ms, load ${load.at(-1)}, outcome ${m.outcome}`,
      );
    }
    return {
      tests,
      historyRuns: runs,
      branchBytes: branch.bytes,
      fetchBytes,
      reportBytes,
      generateMs: branch.generateMs,
      cached: branch.cached,
      measures,
      ms: Math.round(median(measures.map((m) => m.ms))),
      peakRssMiB: Math.max(...measures.map((m) => m.peakRssMiB)),
      gitMs: Math.round(median(measures.map((m) => m.git.ms))),
      gitRemoteMs: Math.round(median(measures.map((m) => m.git.remoteMs))),
      cpuMs: Math.round(median(measures.map((m) => m.cpuUserMs + m.cpuSystemMs))),
      childrenCpuMs: measures.every((m) => m.childrenCpuMs !== null) ? Math.round(median(measures.map((m) => m.childrenCpuMs!))) : null,
      load,
      gitCommands: measures[0]!.git.commands,
      ...(floors.length > 0 ? { floor: pairedFloor(floors, measures) } : {}),
      ...(fxpFloors.length > 0 ? { floorFxp: pairedFloor(fxpFloors, measures) } : {}),
    };
  } finally {
    await world.dispose();
  }
}

export interface PairedFloor {
  measures: Array<{ ms: number; peakRssMiB: number }>;
  ms: number;
  peakRssMiB: number;
  /** Median of each step's wall time over the floor measured just before it. */
  ratio: number;
  overMs: number;
  /**
   * The floor plus the step's own write (its `git fast-import` and `git push`, wall time from its trace), over the
   * floor, pair by pair: the least a step that parses these reports and writes the branch as this one does can take
   * against this floor, even if nothing else (its start, reading the branch, the history's work) took any time.
   */
  withWriteRatio: number;
}

/** The wall time of the step's write: its fast-import and push (the local remote's side included). */
function writeMs(m: StepMeasure): number {
  return (m.git.byCommand['fast-import']?.[1] ?? 0) + (m.git.byCommand.push?.[1] ?? 0);
}

/** A floor measured before each step, and the steps' ratios to it pair by pair (each step over the floor just before it). */
function pairedFloor(floors: Array<{ ms: number; peakRssMiB: number }>, measures: StepMeasure[]): PairedFloor {
  return {
    measures: floors,
    ms: Math.round(median(floors.map((f) => f.ms))),
    peakRssMiB: Math.max(...floors.map((f) => f.peakRssMiB)),
    ratio: Math.round(median(measures.map((m, k) => m.ms / floors[k]!.ms)) * 100) / 100,
    overMs: Math.round(median(measures.map((m, k) => m.ms - floors[k]!.ms))),
    withWriteRatio: Math.round(median(measures.map((m, k) => (floors[k]!.ms + writeMs(m)) / floors[k]!.ms)) * 100) / 100,
  };
}

/**
 * Environment for the step under which its pushes to `world`'s remote go through a wrapper of `git receive-pack` that
 * copies what it receives to `capture`: the push as git sends it (a thin pack, deltas or whole objects as the step's
 * own push options make it), not a pack made again in the remote. Fetches are not rewritten (`pushInsteadOf`).
 */
function capturePush(world: World, capture: string): Record<string, string> {
  const wrapper = join(world.root, 'receive-pack-tee.sh');
  writeFileSync(wrapper, `#!/bin/sh\ntee -a '${capture}' | exec git receive-pack '${world.remote}'\n`);
  chmodSync(wrapper, 0o755);
  return { GIT_CONFIG_PARAMETERS: `'url.ext::${wrapper} %S.pushinsteadof'='${world.remote}' 'protocol.ext.allow'='always'` };
}

/** The bytes of the pack(s) in a capture of what receive-pack was sent (each from `PACK` to its end), 0 with none. */
function packBytes(capture: string): number {
  if (!existsSync(capture)) return 0;
  const sent = readFileSync(capture);
  const at = sent.indexOf('PACK');
  return at < 0 ? 0 : sent.length - at;
}

/* ---------- where the time goes: a .cpuprofile summary ---------- */

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

export interface ProfileSummary {
  totalMs: number;
  /** Self time by function, ms, largest first. */
  self: Array<[string, number]>;
  /** Inclusive time of the functions asked for, ms. */
  inclusive: Record<string, number>;
}

/** Summarises the .cpuprofile in `dir`: self time per function and inclusive time of `functions`. */
export function summarizeProfile(dir: string, functions: string[], top = 25): ProfileSummary {
  // One profile per thread: the step's work runs in a worker (src/action/main.ts), the largest profile.
  const file = readdirSync(dir)
    .filter((f) => f.endsWith('.cpuprofile'))
    .sort((a, b) => statSync(join(dir, b)).size - statSync(join(dir, a)).size)[0];
  if (!file) throw new Error(`no .cpuprofile in ${dir}`);
  const p = JSON.parse(readFileSync(join(dir, file), 'utf8')) as { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[]; startTime: number; endTime: number };
  const parent = new Map<number, number>();
  const byId = new Map<number, ProfileNode>();
  for (const n of p.nodes) {
    byId.set(n.id, n);
    for (const c of n.children ?? []) parent.set(c, n.id);
  }
  const label = (n: ProfileNode): string => {
    const cf = n.callFrame;
    const where = cf.url ? `${cf.url.split('/').slice(-2).join('/')}:${cf.lineNumber + 1}` : '';
    return `${cf.functionName || '(anonymous)'}${where ? ` ${where}` : ''}`;
  };
  const self = new Map<string, number>();
  const inclusive: Record<string, number> = Object.fromEntries(functions.map((f) => [f, 0]));
  const wanted = new Set(functions);
  for (let i = 0; i < p.samples.length; i++) {
    const dt = (p.timeDeltas[i + 1] ?? 0) / 1000;
    let node = byId.get(p.samples[i]!);
    if (!node) continue;
    const key = label(node);
    self.set(key, (self.get(key) ?? 0) + dt);
    const seen = new Set<string>();
    for (let id: number | undefined = node.id; id !== undefined; id = parent.get(id)) {
      node = byId.get(id)!;
      const name = node.callFrame.functionName;
      if (wanted.has(name) && !seen.has(name)) {
        seen.add(name);
        inclusive[name]! += dt;
      }
    }
  }
  return {
    totalMs: (p.endTime - p.startTime) / 1000,
    self: [...self].sort((a, b) => b[1] - a[1]).slice(0, top),
    inclusive,
  };
}

/**
 * Where the worker's CPU goes, stage by stage, in time order: each sample (JavaScript or the garbage collector) is
 * counted to the stage running then: the last of `STAGES` seen on a JavaScript sample's stack (an `await` drops the
 * stage's frame from later stacks, so a sample without one counts to the stage before it).
 */
export function stageBreakdown(dir: string): Array<{ stage: string; jsMs: number; gcMs: number }> {
  const file = readdirSync(dir)
    .filter((f) => f.endsWith('.cpuprofile'))
    .sort((a, b) => statSync(join(dir, b)).size - statSync(join(dir, a)).size)[0];
  if (!file) throw new Error(`no .cpuprofile in ${dir}`);
  const p = JSON.parse(readFileSync(join(dir, file), 'utf8')) as { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };
  const parent = new Map<number, number>();
  const byId = new Map<number, ProfileNode>();
  for (const n of p.nodes) {
    byId.set(n.id, n);
    for (const c of n.children ?? []) parent.set(c, n.id);
  }
  const out = new Map<string, { stage: string; jsMs: number; gcMs: number }>();
  let stage = 'start: modules, inputs, files found';
  for (let i = 0; i < p.samples.length; i++) {
    const dt = (p.timeDeltas[i + 1] ?? 0) / 1000;
    const names: string[] = [];
    for (let id: number | undefined = p.samples[i]; id !== undefined; id = parent.get(id)) names.push(byId.get(id)!.callFrame.functionName);
    if (names[0] === '(idle)' || names[0] === '(program)') continue;
    const gc = names[0] === '(garbage collector)';
    if (!gc) stage = STAGES.find(([fn]) => names.includes(fn))?.[1] ?? stage;
    const row = out.get(stage) ?? { stage, jsMs: 0, gcMs: 0 };
    if (gc) row.gcMs += dt;
    else row.jsMs += dt;
    out.set(stage, row);
  }
  return [...out.values()];
}

/** The step's stages by a function on their stack, innermost first (src/action/run.ts). */
const STAGES: Array<[fn: string, stage: string]> = [
  ['streamReport', 'reports parsed'],
  ['parseReportFiles', 'reports parsed'],
  ['readSnapshot', 'data branch parsed (parseSnapshot)'],
  ['mergeStored', 'applyRun: merge (mergeStored)'],
  ['renderFiles', 'applyRun: files rendered (renderFiles)'],
  ['applyRun', 'applyRun: judge, decide, score, decision log'],
  ['commitFiles', 'commit (fast-import)'],
  ['factsFor', 'summary and outputs (while pushing)'],
  ['publishRun', 'publish'],
];

/** Functions of the pipeline whose inclusive time explains a step. */
export const STEP_FUNCTIONS = [
  'findReports',
  'parseReportFiles',
  'syncRun',
  'fetchAndReset',
  'readSnapshotDir',
  'parseSnapshot',
  'applyRun',
  'mergeRun',
  'decideQuarantine',
  'renderFiles',
  'scoreAll',
  'writeSnapshotDir',
  'commitAll',
  'push',
  'publishResults',
  'renderSummary',
  'buildAnnotations',
  '(garbage collector)',
  '(idle)',
  '(program)',
];

/* ---------- CLI ---------- */

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}

if (process.argv[1] === SELF && process.argv[2] === '--generate') {
  const [tests, runs, end] = process.argv.slice(3, 6).map(Number) as [number, number, number];
  await generateInto(tests, runs, end, process.argv[6]!);
} else if (process.argv[1] === SELF && process.argv.includes('--prepare')) {
  // Only generate (and cache) the data branch, e.g. before measuring on a quiet machine.
  const r = await dataBranchRepo(arg('tests', 10_000), arg('runs', 200), Date.now() - HOUR, (m) => console.error(m));
  console.log(`${r.repo}: ${r.cached ? 'cached' : `generated in ${(r.generateMs / 1000).toFixed(1)} s`}, ${(r.bytes / 1e6).toFixed(1)} MB`);
} else if (process.argv[1] === SELF) {
  const profile = process.argv.includes('--profile');
  const result = await benchStep({
    tests: arg('tests', 10_000),
    runs: arg('runs', 200),
    repeat: arg('repeat', profile ? 1 : 3),
    profile,
    floor: process.argv.includes('--floor'),
    floorFxp: process.argv.includes('--floor-fxp'),
    clean: process.argv.includes('--clean'),
    ...(process.argv.includes('--branch') ? { branch: process.argv[process.argv.indexOf('--branch') + 1]! } : {}),
  });
  console.log(JSON.stringify({ ...result, measures: result.measures.map((m) => ({ ...m, git: { ...m.git } })) }, null, 2));
  for (const m of result.measures) {
    if (!m.profileDir) continue;
    const s = summarizeProfile(m.profileDir, STEP_FUNCTIONS);
    console.log(`\nCPU profile ${m.profileDir} (${s.totalMs.toFixed(0)} ms profiled)\ninclusive ms:`);
    for (const [name, ms] of Object.entries(s.inclusive)) console.log(`  ${ms.toFixed(0).padStart(7)}  ${name}`);
    const stages = stageBreakdown(m.profileDir);
    const total = stages.reduce((n, r) => n + r.jsMs + r.gcMs, 0);
    console.log('the worker by stage, ms (JavaScript + garbage collector, share of the total):');
    for (const r of stages) console.log(`  ${r.jsMs.toFixed(0).padStart(6)} + ${r.gcMs.toFixed(0).padStart(5)}  ${(((r.jsMs + r.gcMs) / total) * 100).toFixed(0).padStart(3)}%  ${r.stage}`);
    console.log('self ms (top):');
    for (const [name, ms] of s.self) console.log(`  ${ms.toFixed(0).padStart(7)}  ${name}`);
    console.log('git commands: count, ms (remote side ms)');
    for (const [name, [n, ms, remote]] of Object.entries(m.git.byCommand)) console.log(`  ${name}: ${n}, ${ms} ms${remote ? ` (${remote})` : ''}`);
  }
}
