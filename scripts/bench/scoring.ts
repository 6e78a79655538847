/**
 * Scoring benchmark: 100k synthetic tests with 100-run histories (stable, flaky at several rates,
 * broken), scored by `scoreAll` with every method. Each measurement runs in its own child process
 * so that its peak RSS (process.resourceUsage().maxRSS) is its own.
 *
 *   node_modules/.bin/node scripts/bench/scoring.ts [tests] [runs] [default|flaky]
 *
 * (defaults 100000 tests, 100 runs, the default mix: 70% stable, 25% flaky at 2–50% per attempt,
 * 5% broken; `flaky` makes every test flaky at 1–60%, the worst case for the PFS memo).
 *
 * Modes: `memory` builds every history first (as the pipeline holds them) and then scores them;
 * `stream` feeds `scoreAll` from a generator, measuring scoring without the input's footprint.
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { TestHistory, TestRunRecord } from '../../src/model.ts';
import { scoreAll, createPfsMemo } from '../../src/scoring/index.ts';
import { runRecord } from '../../src/history/records.ts';

const HOUR = 3_600_000;
const BASE = Date.UTC(2026, 10, 1);

export interface BenchResult {
  mode: 'memory' | 'stream';
  mixName: MixName;
  tests: number;
  runsPerTest: number;
  /** Seconds to build the input (memory mode; 0 in stream mode, where it is interleaved). */
  buildSec: number;
  /** Wall-clock seconds spent in scoreAll (stream mode includes generating the histories). */
  scoreSec: number;
  /** CPU seconds (user + system) of the process during scoreAll; above scoreSec when GC threads help. */
  scoreCpuSec: number;
  /** Peak resident set size of the child process, MiB. */
  peakRssMiB: number;
  /** Distinct PFS statistics (posteriors actually computed). */
  pfsPosteriors: number;
  /** Tests per category, for the record. */
  mix: Record<string, number>;
}

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

type Mix = Array<[string, number, number, boolean]>;
/** Categories: [name, share, per-attempt failure probability, broken]. */
const MIXES: Record<'default' | 'flaky', Mix> = {
  default: [
    ['stable', 0.7, 0, false],
    ['flaky-2%', 0.1, 0.02, false],
    ['flaky-10%', 0.08, 0.1, false],
    ['flaky-30%', 0.05, 0.3, false],
    ['flaky-50%', 0.02, 0.5, false],
    ['broken', 0.05, 0, true],
  ],
  // Worst case for the PFS memo: every test flaky, at rates spread over 1%–60%.
  flaky: Array.from({ length: 60 }, (_, i): [string, number, number, boolean] => [`flaky-${i + 1}%`, 1 / 60, (i + 1) / 100, false]),
};
export type MixName = keyof typeof MIXES;
const MESSAGES = ['timeout after 5000ms', 'connection refused', 'expected: value actual: value', 'npe in worker'];

/** Shared per-run context, as in real data (every test of a run has the same sha, time, branch). */
interface RunCtx {
  run: string;
  sha: string;
  time: number;
  onDefaultBranch: boolean;
  jobSucceeded: boolean;
}

function runContexts(runs: number): RunCtx[] {
  const rand = mulberry32(7);
  const out: RunCtx[] = [];
  let sha = 'sha0';
  for (let i = 0; i < runs; i++) {
    if (i > 0 && rand() >= 0.1) sha = `sha${i}`; // 10% of runs re-run the previous commit
    out.push({ run: `run${i}`, sha, time: BASE + i * 3 * HOUR, onDefaultBranch: rand() < 0.5, jobSucceeded: rand() < 0.8 });
  }
  return out;
}

/** Attempts of one run: retried up to 3 attempts in all until a pass. */
function attemptsFor(rand: () => number, pFail: number, broken: boolean): string {
  if (broken) return 'FFF';
  let s = '';
  for (let a = 0; a < 3; a++) {
    if (rand() < pFail) s += 'F';
    else return s + 'P';
  }
  return s;
}

function category(mix: Mix, i: number, tests: number): [string, number, boolean] {
  let acc = 0;
  const x = (i + 0.5) / tests;
  for (const [name, share, p, broken] of mix) {
    acc += share;
    if (x < acc) return [name, p, broken];
  }
  const last = mix[mix.length - 1]!;
  return [last[0], last[2], last[3]];
}

export function* syntheticHistories(tests: number, runs: number, mix: Record<string, number>, mixName: MixName = 'default'): Generator<TestHistory> {
  const ctx = runContexts(runs);
  const rand = mulberry32(42);
  for (let t = 0; t < tests; t++) {
    const [name, p, broken] = category(MIXES[mixName], t, tests);
    mix[name] = (mix[name] ?? 0) + 1;
    const breakAt = broken ? Math.floor(runs * (0.3 + 0.6 * rand())) : runs;
    // Built the way the store reads a branch back: records shared between tests where they can be
    // (src/history/records.ts), a message on failing runs, the duration on the newest run only.
    const rs: TestRunRecord[] = new Array(runs);
    for (let r = 0; r < runs; r++) {
      const c = ctx[r]!;
      const attempts = attemptsFor(rand, p, r >= breakAt);
      const message = attempts.charCodeAt(0) === 70 ? MESSAGES[Math.floor(rand() * MESSAGES.length)]! : undefined;
      rs[r] = runRecord(c.run, c, attempts, message, r === runs - 1 ? 1 + ((t + r) % 7) : undefined);
    }
    yield { id: `suite.Class${t % 997}#test${t}`, name: `test${t}`, classname: `suite.Class${t % 997}`, runs: rs };
  }
}

function child(mode: 'memory' | 'stream', tests: number, runs: number, mixName: MixName): BenchResult {
  const mix: Record<string, number> = {};
  const now = BASE + runs * 3 * HOUR;
  const memo = createPfsMemo();
  let buildSec = 0;
  let size: number;
  let t1: number;
  let c1: NodeJS.CpuUsage;
  if (mode === 'memory') {
    const t0 = performance.now();
    const list = [...syntheticHistories(tests, runs, mix, mixName)];
    buildSec = (performance.now() - t0) / 1000;
    t1 = performance.now();
    c1 = process.cpuUsage();
    size = scoreAll(list, { now }, memo).size;
  } else {
    t1 = performance.now();
    c1 = process.cpuUsage();
    size = scoreAll(syntheticHistories(tests, runs, mix, mixName), { now }, memo).size;
  }
  const c2 = process.cpuUsage(c1);
  const scoreSec = (performance.now() - t1) / 1000;
  const scoreCpuSec = (c2.user + c2.system) / 1e6;
  if (size !== tests) throw new Error(`scored ${size} of ${tests}`);
  return {
    mode,
    mixName,
    tests,
    runsPerTest: runs,
    buildSec,
    scoreSec,
    scoreCpuSec,
    peakRssMiB: process.resourceUsage().maxRSS / 1024,
    pfsPosteriors: memo.posteriors.size,
    mix,
  };
}

export interface BenchOptions {
  tests?: number;
  runs?: number;
  mix?: MixName;
  modes?: ReadonlyArray<'memory' | 'stream'>;
}

/** Runs each mode in a child process (so each peak RSS is its own) and returns the figures. */
export async function benchScoring(options: BenchOptions = {}): Promise<BenchResult[]> {
  const { tests = 100_000, runs = 100, mix = 'default', modes = ['memory', 'stream'] } = options;
  const self = fileURLToPath(import.meta.url);
  const out: BenchResult[] = [];
  for (const mode of modes) {
    const stdout = execFileSync(process.execPath, [self, '--child', mode, String(tests), String(runs), mix], {
      encoding: 'utf8',
      maxBuffer: 1 << 20,
    });
    out.push(JSON.parse(stdout.trim().split('\n').pop()!) as BenchResult);
  }
  return out;
}

export function formatBenchResult(r: BenchResult): string {
  return (
    `${r.mode.padEnd(6)} ${r.mixName} mix, ${r.tests} tests x ${r.runsPerTest} runs: scoreAll ${r.scoreSec.toFixed(2)} s wall, ` +
    `${r.scoreCpuSec.toFixed(2)} s CPU` +
    (r.mode === 'memory' ? ` (input built first in ${r.buildSec.toFixed(2)} s)` : ' (input generated on the fly, included)') +
    `, peak RSS ${r.peakRssMiB.toFixed(0)} MiB, ${r.pfsPosteriors} PFS posteriors computed`
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const mixArg = (x: string | undefined): MixName => (x === 'flaky' ? 'flaky' : 'default');
  if (args[0] === '--child') {
    const mode = args[1] === 'stream' ? 'stream' : 'memory';
    const r = child(mode, Number(args[2] ?? 100_000), Number(args[3] ?? 100), mixArg(args[4]));
    process.stdout.write(`${JSON.stringify(r)}\n`);
  } else {
    // node_modules/.bin/node scripts/bench/scoring.ts [tests] [runs] [default|flaky]
    const results = await benchScoring({ tests: Number(args[0] ?? 100_000), runs: Number(args[1] ?? 100), mix: mixArg(args[2]) });
    for (const r of results) console.log(formatBenchResult(r));
  }
}
