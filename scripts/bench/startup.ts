/**
 * Start-up of the bundled action on the common path (mode run, no artifact, no cache): the time from spawning
 * `node dist/index.js` (Node 24, as the runner does) to its first line of work, the `::group::Reading test reports`
 * line on stdout. The process is stopped there. For scale, also Node's own start-up (`node -e ""` to exit) and
 * what loading `@actions/artifact` would add (an import of the unbundled package, measured in a fresh process).
 *
 *   node_modules/node/bin/node scripts/bench/startup.ts [bundle=dist/index.js] [runs=30]
 *
 * `pair` times two bundles in turn (A B A B …), e.g. a copy of the previous dist/ against a new build: the median of
 * each and the median of the per-pair ratios B/A, which the machine's drift during the call does not move.
 *
 *   node_modules/node/bin/node scripts/bench/startup.ts pair <bundle A> <bundle B> [runs=30]
 *
 * `cache` measures whether `@actions/cache` could speed up reading the data branch (docs/matrix.md#why-no-cache):
 * a fresh depth-1 fetch (what every job does) against restoring the previous job's repository from an archive
 * the way actions/cache does (tar + zstd) and then fetching the new tip into it (the branch must be fresh).
 *
 *   node_modules/node/bin/node scripts/bench/startup.ts cache [tests=10000] [runs=30]
 */
import { spawn } from 'node:child_process';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../..');
const NODE = join(ROOT, 'node_modules/node/bin/node');

function stats(ms: number[]): { min: number; median: number; p90: number; max: number } {
  const s = [...ms].sort((a, b) => a - b);
  const at = (q: number): number => s[Math.min(s.length - 1, Math.floor(q * s.length))]!;
  const round = (x: number): number => Math.round(x * 10) / 10;
  return { min: round(s[0]!), median: round(at(0.5)), p90: round(at(0.9)), max: round(s[s.length - 1]!) };
}

/** CPU time (user + system, ms) a live process has used so far, from /proc (Linux; 10 ms resolution). */
function cpuMsOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return NaN;
  }
}

/** Spawns the bundle and resolves with the ms until `marker` appears on stdout (and the CPU ms used by then). */
function timeToMarker(bundle: string, env: NodeJS.ProcessEnv, marker: string, cpu: number[] = []): Promise<number> {
  return new Promise((res, rej) => {
    const started = performance.now();
    const child = spawn(NODE, [bundle], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let done = false;
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      if (!done && out.includes(marker)) {
        done = true;
        const ms = performance.now() - started;
        cpu.push(cpuMsOf(child.pid!));
        child.kill('SIGKILL');
        res(ms);
      }
    });
    child.on('close', () => {
      if (!done) rej(new Error(`no '${marker}' in the output:\n${out}`));
    });
  });
}

function timeToExit(args: string[]): Promise<number> {
  return new Promise((res, rej) => {
    const started = performance.now();
    const child = spawn(NODE, args, { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.on('close', (code) => (code === 0 ? res(out.trim() === '' ? performance.now() - started : Number(out.trim())) : rej(new Error(`exit ${code}`))));
  });
}

/** The step's environment on a workspace in `dir` holding one tiny report (mode run, no artifact, no cache, no token). */
async function tinyStep(dir: string): Promise<NodeJS.ProcessEnv> {
  const workspace = join(dir, 'workspace');
  await mkdir(join(workspace, 'reports'), { recursive: true });
  await mkdir(join(dir, 'temp'), { recursive: true });
  await writeFile(join(workspace, 'reports/junit.xml'), '<testsuite name="s"><testcase classname="a" name="b"/></testsuite>\n');
  await writeFile(join(dir, 'output'), '');
  await writeFile(join(dir, 'summary'), '');
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    CI: 'true',
    GITHUB_ACTIONS: 'true',
    GITHUB_WORKSPACE: workspace,
    GITHUB_REPOSITORY: 'octo/project',
    GITHUB_EVENT_NAME: 'push',
    GITHUB_REF: 'refs/heads/main',
    GITHUB_SHA: 'a'.repeat(40),
    GITHUB_RUN_ID: '1',
    GITHUB_OUTPUT: join(dir, 'output'),
    GITHUB_STEP_SUMMARY: join(dir, 'summary'),
    RUNNER_TEMP: join(dir, 'temp'),
    INPUT_REPORTS: 'reports/**/*.xml',
    INPUT_TOKEN: '',
    'INPUT_CHECK-RUN': 'false',
  };
}

const MARKER = '::group::Reading test reports';

export async function benchStartup(bundle: string, runs: number) {
  const dir = await mkdtemp(join(tmpdir(), 'flakeguard-startup-'));
  try {
    const env = await tinyStep(dir);
    const marker = MARKER;
    for (let i = 0; i < 3; i++) await timeToMarker(bundle, env, marker); // warm the file cache
    const action: number[] = [];
    const actionCpu: number[] = [];
    for (let i = 0; i < runs; i++) action.push(await timeToMarker(bundle, env, marker, actionCpu));
    const nodeAlone: number[] = [];
    for (let i = 0; i < runs; i++) nodeAlone.push(await timeToExit(['-e', '']));
    const artifactImport: number[] = [];
    const probe = `const t = performance.now(); await import(${JSON.stringify(join(ROOT, 'node_modules/@actions/artifact/lib/artifact.js'))}); console.log(performance.now() - t);`;
    for (let i = 0; i < Math.min(runs, 10); i++) artifactImport.push(await timeToExit(['--input-type=module', '-e', probe]));
    return { bundle, runs, action: stats(action), actionCpu: stats(actionCpu), nodeAlone: stats(nodeAlone), artifactImport: stats(artifactImport) };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Bundles A and B in turn: each one's time to its first line of work, and the median of the ratios B/A. */
export async function benchStartupPair(a: string, b: string, runs: number) {
  const dir = await mkdtemp(join(tmpdir(), 'flakeguard-startup-'));
  try {
    const env = await tinyStep(dir);
    for (let i = 0; i < 3; i++) for (const bundle of [a, b]) await timeToMarker(bundle, env, MARKER); // warm the file cache
    const ms: { a: number[]; b: number[]; ratio: number[] } = { a: [], b: [], ratio: [] };
    const cpu: { a: number[]; b: number[] } = { a: [], b: [] };
    for (let i = 0; i < runs; i++) {
      ms.a.push(await timeToMarker(a, env, MARKER, cpu.a));
      ms.b.push(await timeToMarker(b, env, MARKER, cpu.b));
      ms.ratio.push(ms.b[i]! / ms.a[i]!);
    }
    const ratio = stats(ms.ratio.map((r) => r * 100));
    return { a, b, runs, aMs: stats(ms.a), bMs: stats(ms.b), aCpuMs: stats(cpu.a), bCpuMs: stats(cpu.b), bOverAPercent: ratio };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/* ---------- cache: depth-1 fetch vs restoring an archive of the previous fetch ---------- */

function sh(cwd: string, cmd: string, args: string[], input?: Buffer, env: Record<string, string> = {}): Promise<{ ms: number; stdout: string }> {
  return new Promise((res, rej) => {
    const started = performance.now();
    const child = spawn(cmd, args, {
      cwd,
      env: { ...process.env, ...env, GIT_TERMINAL_PROMPT: '0', GIT_AUTHOR_NAME: 'b', GIT_AUTHOR_EMAIL: 'b@b', GIT_COMMITTER_NAME: 'b', GIT_COMMITTER_EMAIL: 'b@b' },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('close', (code) => (code === 0 ? res({ ms: performance.now() - started, stdout }) : rej(new Error(`${cmd} ${args.join(' ')}: ${stderr}`))));
    child.stdin.end(input);
  });
}

/** A data branch of `tests` tests after `runs` runs, written by the action's own pure pipeline, in a bare repository. */
async function buildBranch(root: string, tests: number, runs: number): Promise<{ bare: string; work: string; next: () => Promise<void> }> {
  const { applyRun } = await import('../../src/pipeline/apply.ts');
  const { DEFAULT_POLICY } = await import('../../src/policy/quarantine.ts');
  const { DEFAULT_RETENTION } = await import('../../src/history/merge.ts');
  const { normalizeErrorMessage } = await import('../../src/history/error-message.ts');
  const { scoreAll } = await import('../../src/scoring/index.ts');
  const { parseSnapshot, readSnapshotDir, writeSnapshotDir } = await import('../../src/store/snapshot.ts');
  const bare = join(root, 'remote.git');
  const work = join(root, 'work');
  await sh(root, 'git', ['init', '-q', '--bare', '-b', 'flakeguard-data', bare]);
  await sh(root, 'git', ['init', '-q', '-b', 'flakeguard-data', work]);
  await sh(work, 'git', ['remote', 'add', 'origin', bare]);
  let n = 0;
  const next = async (): Promise<void> => {
    n++;
    const time = Date.UTC(2026, 0, 1) + n * 3_600_000;
    const parsed = Array.from({ length: tests }, (_, i) => {
      const classname = `com.example.module${i % 40}.Feature${Math.floor(i / 40) % 25}Test`;
      const fails = i % 33 === 0 && (n + i) % 5 === 0;
      return {
        id: `${classname}::test case number ${i}`,
        name: `test case number ${i}`,
        classname,
        suite: classname,
        report: 'r.xml',
        attempts: [
          ...(fails ? [{ status: 'failed' as const, message: `Timeout after ${1000 + ((n * 7919 + i) % 9000)}ms` }] : []),
          { status: 'passed' as const, durationSec: ((n * 31 + i) % 2000) / 1000 },
        ],
      };
    });
    const snapshot = parseSnapshot(await readSnapshotDir(work));
    const scoreTests = (history: Parameters<typeof scoreAll>[0] extends Iterable<infer H> ? Map<string, H> : never) => {
      const out = new Map<string, Record<string, unknown>>();
      for (const [id, s] of scoreAll(history.values(), { now: time })) out.set(id, { tier: s.tier, score: Math.round(s.multiFactor.score * 1000) / 1000 });
      return out;
    };
    const result = applyRun(
      {
        snapshot,
        reports: { tests: parsed, problems: [], filesRead: 1 },
        filesMatched: 1,
        testOutcome: '',
        run: { key: `${n}/test/abc`, runId: String(n), runAttempt: 1, job: 'test', workflow: 'CI', sha: `sha${n}`, ref: 'refs/heads/main', onDefaultBranch: true, event: 'push', time },
        now: time,
      },
      { retention: DEFAULT_RETENTION, policy: DEFAULT_POLICY, compactEvery: 1_000_000, normalise: normalizeErrorMessage, scoreTests },
    );
    await writeSnapshotDir(work, result.files);
    await sh(work, 'git', ['add', '-A']);
    await sh(work, 'git', ['commit', '-q', '-m', `run ${n}`]);
    await sh(work, 'git', ['push', '-q', 'origin', 'HEAD:refs/heads/flakeguard-data']);
  };
  for (let i = 0; i < runs; i++) await next();
  return { bare, work, next };
}

interface Fetched {
  /** ls-remote, fetch and checkout, as DataRepo.fetchAndReset does. */
  totalMs: number;
  /** The `git fetch` alone. */
  fetchMs: number;
  /** Bytes of the pack sent over the wire (GIT_TRACE_PACKFILE). */
  wireBytes: number;
}

async function fetchTip(dir: string, fresh: boolean): Promise<Fetched> {
  const started = performance.now();
  await sh(dir, 'git', ['ls-remote', '--heads', 'origin', 'refs/heads/flakeguard-data']);
  const trace = join(dir, '..', `pack-${Math.random().toString(36).slice(2)}.pack`);
  const fetch = await sh(dir, 'git', ['fetch', '-q', '--no-tags', '--depth=1', 'origin', '+refs/heads/flakeguard-data:refs/remotes/origin/flakeguard-data'], undefined, { GIT_TRACE_PACKFILE: trace });
  await sh(dir, 'git', ['checkout', '-q', '-B', 'data', 'refs/remotes/origin/flakeguard-data']);
  if (!fresh) await sh(dir, 'git', ['reset', '-q', '--hard', 'refs/remotes/origin/flakeguard-data']);
  const { statSync, existsSync } = await import('node:fs');
  return { totalMs: performance.now() - started, fetchMs: fetch.ms, wireBytes: existsSync(trace) ? statSync(trace).size : 0 };
}

/** What the action does per job (store/git.ts DataRepo.open + fetchAndReset), into `dir`. */
async function depth1Fetch(dir: string, url: string): Promise<Fetched> {
  await sh(dir, 'git', ['init', '-q']);
  await sh(dir, 'git', ['remote', 'add', 'origin', url]);
  return fetchTip(dir, true);
}

async function gitDaemon(base: string): Promise<{ url: string; stop: () => void }> {
  const { createServer } = await import('node:net');
  const port = await new Promise<number>((res) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const p = (s.address() as { port: number }).port;
      s.close(() => res(p));
    });
  });
  const child = spawn('git', ['daemon', '--reuseaddr', '--export-all', '--listen=127.0.0.1', `--port=${port}`, `--base-path=${base}`, base], { stdio: 'ignore' });
  await new Promise((r) => setTimeout(r, 500));
  return { url: `git://127.0.0.1:${port}/remote.git`, stop: () => child.kill() };
}

export async function benchCache(tests: number, runs: number) {
  const root = await mkdtemp(join(tmpdir(), 'flakeguard-cache-'));
  const daemon = await gitDaemon(root);
  try {
    const built = await buildBranch(root, tests, runs);
    const rounds = 5;
    const fresh: Fetched[] = [];
    const restore: number[] = [];
    const seeded: Fetched[] = [];
    const importMs: number[] = [];
    let archiveBytes = 0;
    for (let r = 0; r < rounds; r++) {
      // The previous job's repository: what a cache saved at the end of that job would hold.
      const previous = join(root, `previous-${r}`);
      await mkdir(previous);
      await depth1Fetch(previous, daemon.url);
      const archive = join(root, `cache-${r}.tzst`);
      // actions/cache: tar --posix -cf - ... | zstd -T0 --long=30
      await sh(root, 'sh', ['-c', `tar --posix -C ${previous} -cf - .git | zstd -q -T0 --long=30 -o ${archive}`]);
      archiveBytes = (await import('node:fs')).statSync(archive).size;
      await built.next(); // another job wrote meanwhile: the cached copy is one run behind

      const a = join(root, `fresh-${r}`);
      await mkdir(a);
      fresh.push(await depth1Fetch(a, daemon.url));

      const b = join(root, `restored-${r}`);
      await mkdir(b);
      const t0 = performance.now();
      await sh(root, 'sh', ['-c', `zstd -q -d --long=30 -c ${archive} | tar -C ${b} -xf -`]);
      restore.push(performance.now() - t0);
      seeded.push(await fetchTip(b, false));
    }
    for (let i = 0; i < 5; i++) {
      const probe = `const t = performance.now(); await import(${JSON.stringify(join(ROOT, 'node_modules/@actions/cache/lib/cache.js'))}); console.log(performance.now() - t);`;
      importMs.push(await timeToExit(['--input-type=module', '-e', probe]));
    }
    return {
      tests,
      runs,
      fresh: { totalMs: stats(fresh.map((f) => f.totalMs)), fetchMs: stats(fresh.map((f) => f.fetchMs)), wireBytes: stats(fresh.map((f) => f.wireBytes)) },
      cacheArchiveBytes: archiveBytes,
      restoreExtractMs: stats(restore),
      seeded: { totalMs: stats(seeded.map((f) => f.totalMs)), fetchMs: stats(seeded.map((f) => f.fetchMs)), wireBytes: stats(seeded.map((f) => f.wireBytes)) },
      importActionsCacheMs: stats(importMs),
    };
  } finally {
    daemon.stop();
    await rm(root, { recursive: true, force: true });
  }
}

if (import.meta.main && process.argv[2] === 'cache') {
  console.log(JSON.stringify(await benchCache(Number(process.argv[3] ?? 10_000), Number(process.argv[4] ?? 30)), null, 2));
} else if (import.meta.main && process.argv[2] === 'pair') {
  const [a, b] = [process.argv[3], process.argv[4]].map((p) => resolve(p ?? ''));
  console.log(JSON.stringify(await benchStartupPair(a!, b!, Number(process.argv[5] ?? 30)), null, 2));
} else if (import.meta.main) {
  const bundle = resolve(process.argv[2] ?? join(ROOT, 'dist/index.js'));
  const runs = Number(process.argv[3] ?? 30);
  const result = await benchStartup(bundle, runs);
  console.log(JSON.stringify(result, null, 2));
}
