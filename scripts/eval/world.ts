/**
 * A simulated CI history with known truth: which tests are flaky (and at what per-attempt failure rate, run by
 * run), which failures are deterministic (regressions on the default branch, pull requests that break a test,
 * infrastructure outages that fail a whole module), and how each workflow run's reports look (CI retries inside
 * the report, workflow re-runs of failed runs on the same commit).
 *
 * Pure and deterministic: the same scenario and seed give the same world, and the results of attempt k of run i
 * depend only on (seed, i, k), never on what happened before (see rng.ts).
 */
import { hex, intBetween, pick, sample, stream, type Rng } from './rng.ts';
import { isFlaky, loadRealSequences, type RealSequence } from './real.ts';
import { EXTEND_FACTOR } from '../../src/rerun/plan.ts';
import { RERUN_DEFAULTS } from '../../src/rerun/rerun-inputs.ts';

export interface Scenario {
  name: string;
  description: string;
  /** Tests in the suite. */
  tests: number;
  /** Modules (one report file each); an outage fails one module. */
  modules: number;
  /** Workflow runs (first attempts), pushes and pull requests mixed. */
  runs: number;
  /** Share of runs that are pull-request runs (refs/pull/N/merge). */
  prShare: number;
  /** Chance that a pull request breaks a test deterministically on some of its pushes. */
  prBreakChance: number;
  /** Times the CI retries a failing test inside one report (repeated testcase elements); 0 = no retries. */
  retries: number;
  /** Chance that a red workflow run is re-run (GITHUB_RUN_ATTEMPT 2, same commit). */
  rerunChance: number;
  /** Share of tests flaky from the first run. */
  flakyShare: number;
  /** Share of tests that turn flaky during the history. */
  becomeFlakyShare: number;
  /** Share of the initially flaky tests that get fixed during the history. */
  fixShare: number;
  /** Per default-branch push: chance that the pushed commit breaks one test deterministically. */
  regressionChance: number;
  /** How many runs a regression lasts (until the fix lands), inclusive range. */
  regressionRuns: [number, number];
  /** Per run: chance that one module's infrastructure is down (every test of the module errors, retries too). */
  outageChance: number;
  /** Per-attempt failure rates of flaky tests, drawn uniformly from this list. */
  rates: number[];
  /** Simulated hours between two runs. */
  hoursBetweenRuns: number;
  /**
   * What flaky failures say: `modes` (default) one to three fixed messages per test; `varying` every failure
   * differs in numbers and ids that the message normaliser does not blank (other runners, other failure texts).
   */
  messages?: 'modes' | 'varying';
  /**
   * Share of regressions that hit a test flaky at that run and fail it with its own first flaky message (a flaky
   * failure mode made permanent: the hardest case for never hiding a real failure). Default 0.
   */
  regressionsOnFlaky?: number;
  /** Replay real outcome sequences (real.ts) instead of drawing flaky outcomes from rates. */
  real?: RealSpec;
  /**
   * Order-dependent victims: this many stable tests that another test starts to pollute at a random run (the
   * onset, from 10% to 80% of the history). From then on every attempt inside the run fails (the first and the
   * report's retries: they run in the same process, after the polluter), while a re-run, which runs the test
   * alone, passes. Default 0. Drawn from their own stream: the rest of the world is the same with or without them.
   */
  victims?: number;
  /**
   * The chance, each run from a victim's onset on, that its polluter runs before it (a random or sharded order);
   * in the other runs the victim passes as before. Default 1: the polluter runs first every time.
   */
  victimChance?: number;
  /**
   * Bursty synthetic flaky tests: each test flaky from the first run at a constant rate (not fixed, not turning)
   * replays a two-state sequence whose failures are followed by another failure with chance `again` (its overall
   * rate stays the test's), read as the real sequences are: each run's block, re-runs reading the next outcomes.
   * Drawn from their own streams: the world's other draws do not move.
   */
  bursts?: { again: number };
  /**
   * Bursts inside the full run (docs/adr/0430): each synthetic test flaky from the first run at one constant rate
   * gets windows of `length` runs, `gap` runs apart (both drawn uniformly from their ranges, from its own stream),
   * during which every attempt inside the full run (the first and the report's retries) fails with `rate`, whatever
   * ran before it. What the world assumes: the burst's cause is the full run's load (a loaded runner, a service slow
   * under the whole suite's traffic); an execution of the step's re-runs, alone or after the tests that preceded the
   * test in the run (a context round), is a small process moments later that does not see it, and fails at the test's
   * own rate. Order plays no part: alone and in context the test fails alike.
   */
  runBursts?: { rate: number; length: [number, number]; gap: [number, number] };
}

/** A world replayed from real per-run outcome sequences (scripts/eval/real.ts). */
export interface RealSpec {
  /**
   * `single`: each flaky test replays its own sequence from its own random offset (failures independent across
   * tests); `suite`: the tests of one project share one offset, so run i of the suite is run i of every one of its
   * tests (tests that failed together in the data fail together here).
   */
  mode: 'single' | 'suite';
  /** How re-runs inside a job are answered: `sequence` (default) the next unused outcomes after the run's own,
   * as on the same machine moments later; `independent` an outcome at a random place of the sequence. */
  rerunAnswers?: 'sequence' | 'independent';
  /** How many flaky tests to take (single mode; all when undefined), drawn per seed. */
  flakyTests?: number;
  /** How many projects with a flaky test to take (suite mode; all when undefined), drawn per seed. */
  projects?: number;
}

export const DEFAULT_RATES = [0.01, 0.02, 0.05, 0.1, 0.2, 0.4];

export const BASE_SCENARIO: Scenario = {
  name: 'base',
  description: '400 tests in 8 modules, 300 runs (30% pull requests), CI retries up to 2, half the red runs re-run',
  tests: 400,
  modules: 8,
  runs: 300,
  prShare: 0.3,
  prBreakChance: 0.15,
  retries: 2,
  rerunChance: 0.5,
  flakyShare: 0.06,
  becomeFlakyShare: 0.03,
  fixShare: 0.3,
  regressionChance: 0.04,
  regressionRuns: [1, 5],
  outageChance: 0.01,
  rates: DEFAULT_RATES,
  hoursBetweenRuns: 1,
};

/** A stretch of runs from `from` (a run index) on, during which the test fails each attempt with `rate`. */
export interface Segment {
  from: number;
  rate: number;
}

export interface SimTest {
  id: string;
  classname: string;
  name: string;
  module: number;
  /** Oldest first; the first starts at run 0. */
  segments: Segment[];
  /** What this test's flaky failures say: one to three failure modes, each failure picks one. */
  flakyMessages: string[];
  /** Real worlds: the test's outcome sequence (P, F, E per run) and where this world starts reading it. */
  sequence?: string;
  offset?: number;
  /** Seconds one execution takes (what a re-run costs). */
  duration?: number;
  /** An order-dependent victim from this run index on (scenario.victims): fails in the run, passes alone. */
  victimFrom?: number;
  /** Run indexes inside a burst of the full run (scenario.runBursts). */
  burstRuns?: Set<number>;
}

export interface SimRun {
  index: number;
  kind: 'push' | 'pr';
  /** Pull-request number, for PR runs. */
  pr?: number;
  /** Which push of its pull request this run tests, from 0. */
  push?: number;
  sha: string;
  runId: number;
  /** Milliseconds since the epoch. */
  time: number;
}

/** A deterministic failure of one test in runs [from, to) (every run: pushes, and PRs merged with main). */
export interface Regression {
  test: string;
  from: number;
  to: number;
  message: string;
}

/** A pull request that breaks one test deterministically from push `fromPush` up to (not including) `toPush`. */
export interface PrBreak {
  pr: number;
  test: string;
  fromPush: number;
  toPush: number;
  message: string;
}

export interface SimWorld {
  scenario: Scenario;
  seed: number;
  /** The time the last run ends before (generateWorld's argument): with scenario and seed, all that makes the world. */
  endTime: number;
  tests: SimTest[];
  runs: SimRun[];
  regressions: Regression[];
  prBreaks: Map<number, PrBreak>;
  /** Run index → module whose infrastructure is down in the first attempt of that run. */
  outages: Map<number, number>;
  /** Modules (report files): the scenario's, and one per real project or group. */
  modules: number;
  /** Tests by id (built on first use). */
  byId?: Map<string, SimTest>;
}

export type HardCause = 'regression' | 'pr-break' | 'outage';

export interface AttemptResult {
  /** One letter per attempt: P pass, F failure, E error. */
  code: 'P' | 'F' | 'E';
  message?: string;
  type?: string;
}

export interface TestResult {
  test: SimTest;
  attempts: AttemptResult[];
  /** Set when the test failed deterministically in this execution (every attempt fails). */
  hard?: HardCause;
  /** The final attempt failed. */
  failed: boolean;
}

export interface Execution {
  run: SimRun;
  /** 1 for the first attempt of the workflow run, 2 for a re-run. */
  attempt: number;
  time: number;
  results: TestResult[];
  /** Tests whose final attempt failed deterministically. */
  hardFailed: Map<string, HardCause>;
  /** Tests whose final attempt failed only because they are flaky. */
  flakyFailed: string[];
  /** Order-dependent victims that failed in this run (every attempt; no deterministic cause of their own). */
  victimFailed: string[];
}

const FLAKY_MESSAGES = [
  'Timed out after 5000 ms waiting for the element to be visible',
  'connect ECONNRESET 127.0.0.1:8080',
  'expected status 200 but was 503',
  'Deadlock found when trying to get lock; try restarting transaction',
  'Expected the worker to finish within 2s',
  'AssertionError: expected [ 2, 1 ] to deeply equal [ 1, 2 ]',
];

export function rateAt(test: SimTest, run: number): number {
  let rate = 0;
  for (const s of test.segments) if (s.from <= run) rate = s.rate;
  return rate;
}

/** The run index from which the test has been flaky without a break, as of `run`; undefined when not flaky then. */
export function flakySince(test: SimTest, run: number): number | undefined {
  let since: number | undefined;
  for (const s of test.segments) {
    if (s.from > run) break;
    if (s.rate > 0) since ??= s.from;
    else since = undefined;
  }
  return since;
}

/** The last run index (≤ run) at which the test was flaky; undefined when it never was. */
export function lastFlakyAt(test: SimTest, run: number): number | undefined {
  let last: number | undefined;
  const segments = test.segments;
  for (let i = 0; i < segments.length; i++) {
    const s = segments[i]!;
    if (s.from > run) break;
    if (s.rate <= 0) continue;
    const next = segments[i + 1];
    last = next && next.from <= run ? next.from - 1 : run;
  }
  return last;
}

/**
 * The real tests of a world (scenario.real): flaky sequences (and, in suite mode, the projects' tests that always
 * passed in isolation), each with its offset. Tests that failed every run are left out: a test broken for good is
 * no flaky test, and the world's deterministic failures come from its regressions.
 */
function realTests(s: Scenario, seed: number): SimTest[] {
  const spec = s.real!;
  const rng = stream(seed, 'real');
  const rows = loadRealSequences();
  const out: SimTest[] = [];
  const make = (row: RealSequence, module: number, offset: number): SimTest => {
    const dot = row.test.lastIndexOf('.');
    const classname = row.test.slice(0, dot);
    const name = row.test.slice(dot + 1);
    return {
      id: `${classname}::${name}`,
      classname,
      name,
      module,
      segments: [{ from: 0, rate: row.rate }],
      flakyMessages: sample(rng, FLAKY_MESSAGES, intBetween(rng, 1, 2)),
      sequence: row.outcomes,
      offset,
    };
  };
  if (spec.mode === 'suite') {
    const all = [...new Set(rows.filter(isFlaky).map((r) => r.project))].sort();
    const projects = spec.projects === undefined ? all : sample(rng, all, spec.projects).sort();
    projects.forEach((project, k) => {
      const mine = rows.filter((r) => r.project === project && r.rate < 1);
      const offset = Math.floor(rng() * mine[0]!.outcomes.length);
      for (const row of mine) out.push(make(row, s.modules + k, offset));
    });
  } else {
    const flaky = rows.filter(isFlaky);
    const chosen = spec.flakyTests === undefined ? flaky : sample(rng, flaky, spec.flakyTests);
    const groups = Math.max(1, Math.ceil(chosen.length / 10));
    chosen.forEach((row, k) => out.push(make(row, s.modules + (k % groups), Math.floor(rng() * row.outcomes.length))));
  }
  const seen = new Set<string>();
  return out.filter((t) => (seen.has(t.id) ? false : (seen.add(t.id), true)));
}

export function generateWorld(scenario: Scenario, seed: number, endTime = Date.UTC(2026, 10, 21, 12)): SimWorld {
  const rng = stream(seed, 'world');
  const s = scenario;

  const tests: SimTest[] = [];
  for (let i = 0; i < s.tests; i++) {
    const module = i % s.modules;
    const classname = `com.acme.m${module}.Feature${Math.floor(i / s.modules / 8)}Test`;
    const name = `case${i}`;
    tests.push({ id: `${classname}::${name}`, classname, name, module, segments: [{ from: 0, rate: 0 }], flakyMessages: sample(rng, FLAKY_MESSAGES, intBetween(rng, 1, 3)) });
  }
  const rate = (): number => pick(rng, s.rates);
  const shuffled = sample(rng, tests, tests.length);
  const flakyCount = Math.round(s.tests * s.flakyShare);
  const becomeCount = Math.round(s.tests * s.becomeFlakyShare);
  const initiallyFlaky = shuffled.slice(0, flakyCount);
  const turning = shuffled.slice(flakyCount, flakyCount + becomeCount);
  for (const t of initiallyFlaky) t.segments = [{ from: 0, rate: rate() }];
  for (const t of sample(rng, initiallyFlaky, Math.round(initiallyFlaky.length * s.fixShare))) {
    t.segments.push({ from: intBetween(rng, Math.floor(s.runs * 0.3), Math.floor(s.runs * 0.8)), rate: 0 });
  }
  for (const t of turning) t.segments.push({ from: intBetween(rng, Math.floor(s.runs * 0.1), Math.floor(s.runs * 0.6)), rate: rate() });
  if (s.real) tests.push(...realTests(s, seed));
  const modules = Math.max(s.modules, ...tests.map((t) => t.module + 1));
  // Durations from their own stream (the other draws stay as they were): 20 ms to 3 s, log-uniform.
  const durations = stream(seed, 'durations');
  for (const t of tests) t.duration = Math.round(20 * Math.pow(150, durations())) / 1000;

  // The schedule: pushes to the default branch and pull-request pushes, interleaved.
  const runs: SimRun[] = [];
  const prBreaks = new Map<number, PrBreak>();
  const open: Array<{ pr: number; pushes: number; done: number }> = [];
  let nextPr = 100;
  const hour = 3_600_000;
  for (let index = 0; index < s.runs; index++) {
    const time = endTime - (s.runs - index) * s.hoursBetweenRuns * hour;
    const runId = 5_000_000 + index * 7;
    if (rng() < s.prShare) {
      let pr = open.length > 0 && rng() < 0.6 ? pick(rng, open) : undefined;
      if (!pr) {
        pr = { pr: nextPr++, pushes: intBetween(rng, 1, 4), done: 0 };
        open.push(pr);
        if (rng() < s.prBreakChance) {
          const fromPush = intBetween(rng, 0, pr.pushes - 1);
          const fixed = rng() < 0.5;
          prBreaks.set(pr.pr, {
            pr: pr.pr,
            test: pick(rng, tests).id,
            fromPush,
            toPush: fixed ? intBetween(rng, fromPush + 1, pr.pushes) : pr.pushes,
            message: `expected ${intBetween(rng, 1, 99)} but was ${intBetween(rng, 100, 199)} (PR #${pr.pr})`,
          });
        }
      }
      runs.push({ index, kind: 'pr', pr: pr.pr, push: pr.done, sha: hex(rng, 40), runId, time });
      pr.done++;
      if (pr.done >= pr.pushes) open.splice(open.indexOf(pr), 1);
    } else {
      runs.push({ index, kind: 'push', sha: hex(rng, 40), runId, time });
    }
  }

  const regressions: Regression[] = [];
  const outages = new Map<number, number>();
  for (const run of runs) {
    if (run.kind === 'push' && rng() < s.regressionChance) {
      const length = intBetween(rng, s.regressionRuns[0], s.regressionRuns[1]);
      let test = pick(rng, tests);
      let message = `expected ${intBetween(rng, 1, 99)} but was ${intBetween(rng, 100, 199)} (commit ${run.sha.slice(0, 7)})`;
      if (s.regressionsOnFlaky) {
        // A commit that makes a flaky failure permanent: a flaky test, failing every time with one of its own messages.
        const draws = stream(seed, `regression/${run.index}`);
        const flaky = tests.filter((t) => rateAt(t, run.index) > 0);
        if (flaky.length > 0 && draws() < s.regressionsOnFlaky) {
          test = pick(draws, flaky);
          message = test.flakyMessages[0]!;
        }
      }
      regressions.push({ test: test.id, from: run.index, to: run.index + length, message });
    }
    if (rng() < s.outageChance) outages.set(run.index, intBetween(rng, 0, modules - 1));
  }
  addVictims(s, seed, tests);
  addBursts(s, seed, tests);
  addRunBursts(s, seed, tests);
  return { scenario, seed, endTime, tests, runs, regressions, prBreaks, outages, modules };
}

/** The failure message of an order-dependent victim: the polluter's state seen from the victim. */
export const VICTIM_MESSAGE = 'expected registry to be empty but it held 1 entry: [SessionCache]';

/**
 * Turns `scenario.victims` stable tests (never flaky; a real test only if its sequence always passed) into
 * order-dependent victims from a random run on. Its own stream, drawn last: no other draw of the world moves.
 */
function addVictims(s: Scenario, seed: number, tests: SimTest[]): void {
  if (!s.victims) return;
  const rng = stream(seed, 'victims');
  const stable = tests.filter((t) => t.segments.every((g) => g.rate === 0) && (t.sequence === undefined || !/[FE]/.test(t.sequence)));
  for (const t of sample(rng, stable, s.victims)) t.victimFrom = intBetween(rng, Math.floor(s.runs * 0.1), Math.floor(s.runs * 0.8));
}

/**
 * Gives each synthetic test flaky at one constant rate a Markov sequence (scenario.bursts): P(F | F) = again,
 * P(F | P) = q with q = rate · (1 − again) / (1 − rate), so that its stationary failure rate is the test's rate.
 */
function addBursts(s: Scenario, seed: number, tests: SimTest[]): void {
  if (!s.bursts) return;
  const length = s.runs * 2 * (1 + s.retries + RESERVED_ROUNDS) + 1;
  for (const t of tests) {
    if (t.sequence || t.segments.length !== 1 || t.segments[0]!.rate <= 0) continue;
    const rate = t.segments[0]!.rate;
    const again = Math.max(s.bursts.again, rate);
    const q = (rate * (1 - again)) / (1 - rate);
    const rng = stream(seed, `bursts/${t.id}`);
    let failed = rng() < rate;
    let out = '';
    for (let i = 0; i < length; i++) {
      out += failed ? 'F' : 'P';
      failed = rng() < (failed ? again : q);
    }
    t.sequence = out;
    t.offset = 0;
  }
}

/** Gives each synthetic test flaky at one constant rate its bursts inside the full run (scenario.runBursts). */
function addRunBursts(s: Scenario, seed: number, tests: SimTest[]): void {
  if (!s.runBursts) return;
  const { length, gap } = s.runBursts;
  for (const t of tests) {
    if (t.sequence || t.segments.length !== 1 || t.segments[0]!.rate <= 0) continue;
    const rng = stream(seed, `run-bursts/${t.id}`);
    const runs = new Set<number>();
    for (let at = intBetween(rng, 0, gap[1]); at < s.runs; at += intBetween(rng, gap[0], gap[1])) {
      const end = at + intBetween(rng, length[0], length[1]);
      for (; at < end && at < s.runs; at++) runs.add(at);
    }
    t.burstRuns = runs;
  }
}

/** The failure rate of an attempt of `test` inside the full run `run`: its burst's while one lasts, else its own. */
export function inRunRate(world: SimWorld, test: SimTest, run: number): number {
  return test.burstRuns?.has(run) ? world.scenario.runBursts!.rate : rateAt(test, run);
}

/** Whether `test` is an order-dependent victim in run `run` (its onset has come). */
export function isVictimAt(test: SimTest, run: number): boolean {
  return test.victimFrom !== undefined && run >= test.victimFrom;
}

/** Whether a victim's polluter ran before it in run `run` (scenario.victimChance; the same for every workflow attempt). */
export function pollutedAt(world: SimWorld, test: SimTest, run: number): boolean {
  if (!isVictimAt(test, run)) return false;
  const chance = world.scenario.victimChance ?? 1;
  return chance >= 1 || stream(world.seed, `polluted/${run}/${test.id}`)() < chance;
}

/** The deterministic failure of `test` in `run` (attempt `attempt` of the workflow run), if any. */
export function hardCause(world: SimWorld, test: SimTest, run: SimRun, attempt: number): { cause: HardCause; message: string; code: 'F' | 'E' } | undefined {
  if (attempt === 1 && world.outages.get(run.index) === test.module) {
    return { cause: 'outage', message: `connect ECONNREFUSED 10.0.${test.module}.5:5432 (database for module m${test.module} unavailable)`, code: 'E' };
  }
  for (const r of world.regressions) {
    if (r.test === test.id && r.from <= run.index && run.index < r.to) return { cause: 'regression', message: r.message, code: 'F' };
  }
  if (run.kind === 'pr') {
    const b = world.prBreaks.get(run.pr!);
    if (b && b.test === test.id && b.fromPush <= run.push! && run.push! < b.toPush) return { cause: 'pr-break', message: b.message, code: 'F' };
  }
  return undefined;
}

/**
 * Re-run rounds reserved in a real test's sequence after each execution: as many as the action's re-runs can take
 * with its defaults (twice rerun-attempts-max: a quarantined test's failure, src/rerun/plan.ts). Rounds past them
 * draw at random places, i.e. independently of the burst in progress, and would pass more easily than the next
 * outcomes (docs/benchmarks-archive.md#re-runs-after-session-4-2026-11-24, where 8 were reserved). FLAKEGUARD_EVAL_RESERVED_ROUNDS
 * changes it, for measuring how much that matters (it also moves where each run reads: another world from the same
 * sequences).
 */
export const RESERVED_ROUNDS = Number(process.env.FLAKEGUARD_EVAL_RESERVED_ROUNDS ?? EXTEND_FACTOR * RERUN_DEFAULTS.attemptsMax);

/** Where a real test's outcome for (run, workflow attempt, slot) is read; slot 0 is the first attempt, then retries, then re-run rounds. */
export function sequencePosition(world: SimWorld, test: SimTest, run: number, attempt: number, slot: number): number {
  const len = test.sequence!.length;
  const block = 1 + world.scenario.retries + RESERVED_ROUNDS;
  const independent = world.scenario.real?.rerunAnswers === 'independent' && slot > world.scenario.retries;
  if (independent || attempt > 2 || slot >= block) {
    return Math.floor(stream(world.seed, `position/${run}/${attempt}/${slot}/${test.id}`)() * len);
  }
  // Each run owns two blocks of the sequence (first workflow attempt, its re-run), read in order: the next
  // unused outcomes, as the same machine would give moments later. Past the end, the sequence wraps.
  return (test.offset! + (run * 2 + (attempt - 1)) * block + slot) % len;
}

/** The text of a flaky failure, from one uniform draw `m`. */
export function flakyMessage(world: SimWorld, test: SimTest, m: number): string {
  const base = test.flakyMessages[Math.floor(m * test.flakyMessages.length)]!;
  if (world.scenario.messages !== 'varying') return base;
  // Numbers and object ids the normaliser keeps (it blanks timestamps, :line/:port, 0x…, UUIDs and paths only).
  const v = Math.floor(((m * 7919) % 1) * 1_000_000);
  return `${base} after ${1000 + (v % 9000)} ms (worker@${((v * 2654435761) % 0xffffff).toString(16)}, attempt ${v % 7})`;
}

function flakyAttempt(world: SimWorld, test: SimTest, m: number, code: 'F' | 'E' = 'F'): AttemptResult {
  return { code, message: flakyMessage(world, test, m), type: code === 'E' ? 'java.lang.IllegalStateException' : 'AssertionError' };
}

function hardAttempt(hard: { message: string; code: 'F' | 'E' }): AttemptResult {
  return { code: hard.code, message: hard.message, type: hard.code === 'E' ? 'java.net.ConnectException' : 'AssertionError' };
}

/** Runs the suite once: attempt `attempt` of workflow run `run` (1 = first, 2 = re-run on the same commit). */
export function execute(world: SimWorld, run: SimRun, attempt: number): Execution {
  const rng: Rng = stream(world.seed, `exec/${run.index}/${attempt}`);
  const retries = world.scenario.retries;
  const results: TestResult[] = [];
  const hardFailed = new Map<string, HardCause>();
  const flakyFailed: string[] = [];
  const victimFailed: string[] = [];
  for (const test of world.tests) {
    const hard = hardCause(world, test, run, attempt);
    const rate = inRunRate(world, test, run.index);
    const attempts: AttemptResult[] = [];
    // Draw the flaky coins for every possible attempt, so that the stream stays aligned whatever happens.
    const coins = Array.from({ length: retries + 1 }, () => rng());
    const modes = Array.from({ length: retries + 1 }, () => rng());
    const victim = pollutedAt(world, test, run.index);
    for (let k = 0; k <= retries; k++) {
      if (hard) attempts.push(hardAttempt(hard));
      else if (victim) attempts.push({ code: 'F', message: VICTIM_MESSAGE, type: 'AssertionError' });
      else if (test.sequence) {
        const code = test.sequence[sequencePosition(world, test, run.index, attempt, k)] as 'P' | 'F' | 'E';
        attempts.push(code === 'P' ? { code } : flakyAttempt(world, test, modes[k]!, code));
      } else if (coins[k]! < rate) attempts.push(flakyAttempt(world, test, modes[k]!));
      else attempts.push({ code: 'P' });
      if (attempts[k]!.code === 'P') break;
    }
    const failed = attempts[attempts.length - 1]!.code !== 'P';
    const result: TestResult = { test, attempts, failed };
    if (hard) {
      result.hard = hard.cause;
      hardFailed.set(test.id, hard.cause);
    } else if (victim) {
      victimFailed.push(test.id);
    } else if (failed) {
      flakyFailed.push(test.id);
    }
    results.push(result);
  }
  const time = run.time + (attempt - 1) * 30 * 60_000;
  return { run, attempt, time, results, hardFailed, flakyFailed, victimFailed };
}

/**
 * The world's answer to a re-run inside the job (issue #14's contract): round `round` (1, 2, …) of workflow attempt
 * `attempt` of `run` re-runs `ids`; each known test runs once. Deterministic in (seed, run, attempt, round, test),
 * whatever else was asked: a deterministic failure fails again (an outage lasts the whole job), a flaky test fails
 * at its rate (synthetic: an independent draw; real: the next unused outcome of its sequence, or a random one),
 * anything else passes — an order-dependent victim too: a re-run runs it alone, without its polluter (the world
 * has no file-order context rounds). Unknown ids are left out, as a runner would.
 */
export function rerunRound(world: SimWorld, run: SimRun, attempt: number, round: number, ids: readonly string[]): Map<string, AttemptResult> {
  const byId = world.byId ?? new Map(world.tests.map((t) => [t.id, t]));
  world.byId ??= byId;
  const out = new Map<string, AttemptResult>();
  for (const id of ids) {
    const test = byId.get(id);
    if (!test || out.has(id)) continue;
    const hard = hardCause(world, test, run, attempt);
    const draw = stream(world.seed, `round/${run.index}/${attempt}/${round}/${id}`);
    const coin = draw();
    const m = draw();
    if (hard) out.set(id, hardAttempt(hard));
    else if (test.sequence) {
      const code = test.sequence[sequencePosition(world, test, run.index, attempt, world.scenario.retries + round)] as 'P' | 'F' | 'E';
      out.set(id, code === 'P' ? { code } : flakyAttempt(world, test, m, code));
    } else if (coin < rateAt(test, run.index)) out.set(id, flakyAttempt(world, test, m));
    else out.set(id, { code: 'P' });
  }
  return out;
}

/**
 * A context round (docs/adr/0430): round `round` of workflow attempt `attempt` of `run` runs `id` after the tests that
 * preceded it in the run, in the run's order. A victim fails when its polluter ran before it in this run (the round
 * replays that order); anything else answers as a re-run of that round would (rerunRound): a flaky test at its own
 * rate or the next outcome of its sequence, a test in a burst of the full run at its own rate (the burst is the full
 * run's; scenario.runBursts).
 */
export function contextRound(world: SimWorld, run: SimRun, attempt: number, round: number, id: string): AttemptResult | undefined {
  const byId = world.byId ?? new Map(world.tests.map((t) => [t.id, t]));
  world.byId ??= byId;
  const test = byId.get(id);
  if (!test) return undefined;
  if (!hardCause(world, test, run, attempt) && pollutedAt(world, test, run.index)) return { code: 'F', message: VICTIM_MESSAGE, type: 'AssertionError' };
  return rerunRound(world, run, attempt, round, [id]).get(id);
}

/** The chance draw that decides whether a red workflow run gets re-run. */
export function rerunDraw(world: SimWorld, run: SimRun, attempt: number): number {
  return stream(world.seed, `rerun/${run.index}/${attempt}`)();
}

function xmlAttr(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;').replace(/>/g, '&gt;');
}

/** The JUnit reports of one execution, one per module (path → XML); CI retries are repeated testcase elements. */
export function renderReports(world: SimWorld, execution: Execution): Map<string, string> {
  const byModule: string[][] = Array.from({ length: world.modules }, () => []);
  const counts = Array.from({ length: world.modules }, () => ({ tests: 0, failures: 0, errors: 0 }));
  for (const r of execution.results) {
    const body = byModule[r.test.module]!;
    const c = counts[r.test.module]!;
    for (const a of r.attempts) {
      c.tests++;
      const head = `<testcase classname="${xmlAttr(r.test.classname)}" name="${xmlAttr(r.test.name)}" time="${r.test.duration ?? 0.012}"`;
      if (a.code === 'P') body.push(`    ${head}/>`);
      else {
        const tag = a.code === 'E' ? 'error' : 'failure';
        if (a.code === 'E') c.errors++;
        else c.failures++;
        const message = xmlAttr(a.message ?? 'failed');
        body.push(
          `    ${head}><${tag} message="${message}" type="${xmlAttr(a.type ?? 'AssertionError')}">${message}\n\tat ${xmlAttr(r.test.classname)}.${r.test.name}(Test.java:42)</${tag}></testcase>`,
        );
      }
    }
  }
  const timestamp = new Date(execution.time).toISOString().replace(/\.\d{3}Z$/, 'Z');
  const files = new Map<string, string>();
  for (let m = 0; m < world.modules; m++) {
    const c = counts[m]!;
    files.set(
      `reports/TEST-m${m}.xml`,
      `<?xml version="1.0" encoding="UTF-8"?>\n<testsuite name="com.acme.m${m}" tests="${c.tests}" failures="${c.failures}" errors="${c.errors}" skipped="0" timestamp="${timestamp}">\n${byModule[m]!.join('\n')}\n</testsuite>\n`,
    );
  }
  return files;
}
