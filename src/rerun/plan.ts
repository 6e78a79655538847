/**
 * The re-run rounds as plain data (docs/rerun.md, docs/adr/0005-rerun-stopping-rule.md). Pure: the process adapter (process.ts) runs each
 * round's command and hands back what the round's report says; this module decides who runs in the next round,
 * what each test's re-runs proved, and this run's tests with the re-runs merged in as attempts.
 *
 * A round re-runs, in one command invocation, every failed test still undecided and every passing test that has
 * extra executions left (rerun-budget); in several when a preset's command line for them all would be over the
 * operating system's limits (fit.ts, combineParts). A failed test is decided when a re-run passes (proven flaky), when its
 * streak of failures became implausible for a flaky test (consistent), or when its re-runs ran out (exhausted:
 * the quarantine decides as without re-runs). A round without a readable report voids that round: nothing it
 * would have said is recorded, the tests it asked for stay as they were, and no further round runs.
 */
import { isFailure, runnerTitle, type Attempt, type History, type ParsedTestCase } from '../model.ts';
import type { RerunTest } from './contract.ts';
import { unreproduced, type Unreproduced } from './signature.ts';
import { IMPLAUSIBLE, consistentSentence, failureCounts, nextStep, rerunChance, rerunsNeeded, type FailureCounts, type StopRule } from './stopping.ts';

/**
 * A failure of a quarantined test is re-run up to this many times `rerun-attempts-max` (docs/rerun.md, "Past the
 * maximum"): one its quarantine would forgive as far as its streak needs, one it would not until it passes.
 */
export const EXTEND_FACTOR = 2;

export type CaseVerdict =
  /** A failed test passed on a re-run: flaky, proven on this commit; it did not fail the run. */
  | 'proven-flaky'
  /** A failed test failed so often in a row that its flakiness cannot explain it: a real failure on this commit. */
  | 'consistent'
  /** A failed test's re-runs ran out while its streak was still plausible for it: its quarantine decides. */
  | 'exhausted'
  /**
   * A failed test failed every re-run, but another way than in the run (src/rerun/signature.ts): the re-runs did not
   * run under the run's conditions, so they prove nothing of its failure. It blocks as the stopping rule decided
   * (`RerunCase.rule`): consistent blocks, exhausted leaves it to its quarantine; never called consistent.
   */
  | 'unreproduced'
  /** A test the re-runs could not answer for (a voided round, the timeout, absent from the re-run report). */
  | 'unanswered'
  /** A passing test whose extra executions all passed. */
  | 'clean'
  /** A passing test that failed an extra execution: flaky, proven on this commit. */
  | 'flaky-extra';

export type ExtraPool = 'new' | 'targeted' | 'exploratory';

/** Extra executions for a test that passed (rerun-budget; budget.ts). */
export interface ExtraPlan {
  /** The test's id in this run's reports. */
  id: string;
  runs: number;
  pool: ExtraPool;
}

export interface RerunCase {
  /** The test as this run's reports gave it (its id is the report's). */
  test: ParsedTestCase;
  /** The test's id in the history (differs with split-history-by: job-key). */
  historyId: string;
  kind: 'failed' | 'extra';
  /** Extra executions planned (kind extra). */
  extraRuns: number;
  pool?: ExtraPool;
  /** Never seen on the default branch, on a pull request. */
  isNew: boolean;
  counts: FailureCounts;
  /** Re-runs at most (kind failed): the rule's, or more for a failure of a quarantined test (startRerun). */
  maxReruns: number;
  /** Attempts the re-run reports gave, in order (the executions up to the one that decided it). */
  reruns: Attempt[];
  /** Rounds that asked for this test (voided ones included). */
  asked: number;
  /**
   * Executions that answered for this test and count as its re-runs: one a round, or as many as a start that ran it
   * FLAKEGUARD_RERUN_REPEAT times gave, up to the one that decided it (recordRound).
   */
  rounds: number;
  verdict?: CaseVerdict;
  /** Why, in words: the consistent-failure sentence, or why the re-runs could not answer. */
  why?: string;
  /** For an unreproduced failure: what the stopping rule said of its streak, which decides whether it blocks. */
  rule?: 'consistent' | 'exhausted';
  /** What its context rounds showed besides its verdict (src/rerun/context-rounds.ts), e.g. that it fails only alone. */
  context?: string;
}

export interface RoundLog {
  round: number;
  tests: number;
  /** Wall-clock seconds the round's command took (measured by the adapter). */
  seconds: number;
  /** Why the round's evidence was voided; absent when its report was read. */
  voided?: string;
  /** Tests the report gave that were not asked for (ignored). */
  ignored: number;
  /** Executions the round's report says really ran (not skipped), asked for or not; 0 when the round was voided. */
  ran: number;
  /** Processes the round started (its invocations; a command that is voided counts); absent: 1. */
  starts?: number;
  /**
   * Executions of asked tests its report gave after the execution that decided their test (FLAKEGUARD_RERUN_REPEAT
   * asks for them all at once; a start cannot stop early): they ran, are in `ran`, and are no attempts.
   */
  surplus?: number;
  /** A context or bisection round (src/rerun/context-rounds.ts): what it ran, for whom; its executions are no attempts. */
  context?: string;
}

export interface RerunState {
  cases: RerunCase[];
  rule: StopRule;
  rounds: RoundLog[];
  /** Set when no further round may run, with why. */
  stopped?: string;
}

export interface StartInput {
  /** This run's failed tests to re-run (final attempt failed, outages already left out). */
  failed: readonly ParsedTestCase[];
  /** Passing tests with extra executions. */
  extras: readonly ExtraPlan[];
  tests: readonly ParsedTestCase[];
  history: History;
  historyId: (reportId: string) => string;
  /** Report ids of the new tests (pull requests only). */
  newTests: ReadonlySet<string>;
  window: number;
  rule: StopRule;
  /**
   * Report ids of failed tests whose quarantine would forgive them if their re-runs ran out while plausible
   * (quarantined, not by hand, a failure mode seen flakily before): re-run beyond `rule.maxReruns` as far as their
   * streak needs to become implausible, up to `rule.extendedMax`.
   */
  forgivable?: ReadonlySet<string>;
  /**
   * Report ids of failed tests quarantined before this run (not by hand) whose quarantine would NOT forgive them if
   * their re-runs ran out (a failure mode never seen flakily): re-run up to `rule.extendedMax` unless their streak
   * becomes implausible first. Running out blocks them anyway, so the further re-runs can only find a pass, the
   * proof that forgives a quarantined test whatever its message.
   */
  unforgivable?: ReadonlySet<string>;
}

export function startRerun(input: StartInput): RerunState {
  const byId = new Map(input.tests.map((t) => [t.id, t]));
  const cases: RerunCase[] = [];
  const make = (test: ParsedTestCase, kind: 'failed' | 'extra', extra?: ExtraPlan): RerunCase => {
    const historyId = input.historyId(test.id);
    return {
      test,
      historyId,
      kind,
      extraRuns: extra?.runs ?? 0,
      ...(extra ? { pool: extra.pool } : {}),
      isNew: input.newTests.has(test.id),
      counts: failureCounts(input.history.get(historyId), input.window),
      maxReruns: input.rule.maxReruns,
      reruns: [],
      asked: 0,
      rounds: 0,
    };
  };
  for (const t of input.failed) cases.push(make(t, 'failed'));
  const failedIds = new Set(input.failed.map((t) => t.id));
  for (const e of input.extras) {
    const t = byId.get(e.id);
    if (t && !failedIds.has(e.id) && e.runs > 0) cases.push(make(t, 'extra', e));
  }
  // The run must not turn red by chance: with k failed tests re-run, each streak is held to 1/k of the threshold, so
  // that flaky failures alone block the run less than IMPLAUSIBLE of the time however many failed (Bonferroni: valid
  // whether the k tests fail independently or together).
  const threshold = (input.rule.threshold ?? IMPLAUSIBLE) / Math.max(1, input.failed.length);
  // Past the maximum, for quarantined tests only (docs/rerun.md):
  // - a failure its quarantine would forgive is the one whose exhaustion can hide a real failure (a regression that
  //   fails with the test's own flaky message): it is re-run as far as its streak needs to become implausible, when
  //   that is within the ceiling;
  // - a failure its quarantine would not forgive (a new message) blocks when its re-runs run out: it is re-run up to
  //   the ceiling, since only a pass can change its verdict, and a known-flaky test is the one likely to pass. A test
  //   not quarantined is not: its failure is more likely real, and further re-runs would mostly add time.
  const ceiling = input.rule.extendedMax ?? EXTEND_FACTOR * input.rule.maxReruns;
  for (const c of cases) {
    if (c.kind !== 'failed') continue;
    if (input.forgivable?.has(c.test.id)) {
      const needed = rerunsNeeded(c.counts, threshold, ceiling);
      if (needed !== undefined) c.maxReruns = Math.max(c.maxReruns, needed);
    } else if (input.unforgivable?.has(c.test.id)) {
      c.maxReruns = Math.max(c.maxReruns, ceiling);
    }
  }
  return { cases, rule: { ...input.rule, threshold }, rounds: [] };
}

/** The cases the next round re-runs; empty when the re-runs are over. */
export function roundCases(state: RerunState): RerunCase[] {
  if (state.stopped !== undefined) return [];
  return state.cases.filter((c) => c.verdict === undefined && (c.kind === 'failed' || c.rounds < c.extraRuns));
}

/** A line of FLAKEGUARD_RERUN_TESTS. */
export function rerunTestOf(test: ParsedTestCase): RerunTest {
  return {
    id: test.id,
    classname: test.classname,
    name: runnerTitle(test),
    ...(test.file !== undefined ? { file: test.file } : {}),
    ...(test.suite !== '' ? { suite: test.suite } : {}),
  };
}

/** The FLAKEGUARD_RERUN_TESTS file: one JSON object a line (JSON escapes every control character). */
export function rerunTestsJsonl(cases: readonly RerunCase[]): string {
  return cases.map((c) => `${JSON.stringify(rerunTestOf(c.test))}\n`).join('');
}

/** Characters of each message quoted in the sentence. */
const QUOTED = 160;

function quoted(message: string): string {
  const flat = message.replace(/\s+/g, ' ').trim();
  return `'${flat.length > QUOTED ? `${flat.slice(0, QUOTED - 1)}…` : flat}'`;
}

/**
 * Why a failure the re-runs did not reproduce blocks: the two messages side by side (raw: every printer escapes
 * them) and the likely causes.
 */
export function unreproducedSentence(u: Unreproduced): string {
  return (
    `the re-runs could not reproduce the run's conditions: it failed in the run with ${quoted(u.run)} and in its ${u.failed} re-run${u.failed === 1 ? '' : 's'} with ${quoted(u.rerun)}; ` +
    `likely causes: runner flags the re-runs lack (name them: rerun: <preset> <flags>), or environment set only on the test step (such as TZ), which the re-runs do not see (set it in the job's env, docs/rerun.md); its failure stands as the run gave it`
  );
}

const counted = (attempts: readonly Attempt[]): Attempt[] => attempts.filter((a) => a.status !== 'skipped');

function decideFailed(c: RerunCase, rule: StopRule): void {
  const all = counted([...c.test.attempts, ...c.reruns]);
  const last = all[all.length - 1];
  if (last && !isFailure(last.status)) {
    c.verdict = 'proven-flaky';
    return;
  }
  let streak = 0;
  for (let i = all.length - 1; i >= 0 && isFailure(all[i]!.status); i--) streak++;
  const step = nextStep(c.counts, streak, c.rounds, { ...rule, maxReruns: c.maxReruns });
  if (step === 'continue') return;
  const other = unreproduced(c.test.attempts, c.reruns);
  if (other !== undefined) {
    c.verdict = 'unreproduced';
    c.rule = step;
    c.why = unreproducedSentence(other);
    return;
  }
  c.verdict = step;
  const failures = all.filter((a) => isFailure(a.status)).length;
  const chance = rerunChance(c.counts, Math.min(streak, c.rounds));
  c.why =
    step === 'consistent'
      ? consistentSentence(failures, all.length)
      : exhaustedSentence(failures, all.length, c.counts.failures + c.counts.passes > 0 ? chance : undefined, c.maxReruns > rule.maxReruns ? rule.maxReruns : undefined);
}

/**
 * Why a failed test whose re-runs ran out while its streak was still plausible stands as it does (docs/rerun.md, "What
 * users see"): it failed every re-run, so it is never said to be possibly flaky; what the re-runs could not do is said
 * instead. `chance`: how often the test's flakiness, by its history, fails that many re-runs in a row (absent: no
 * history). `pastMax`: rerun-attempts-max, when the test was re-run past it as a quarantined test's failure is.
 */
export function exhaustedSentence(failures: number, attempts: number, chance: number | undefined, pastMax?: number): string {
  const past = pastMax !== undefined ? ` (re-run past rerun-attempts-max, ${pastMax}, as a quarantined test's failure is)` : '';
  if (chance === undefined) {
    return `failed ${failures} of ${attempts} times on this commit, every re-run; a test with no history has no flaky rate to weigh them against, so it stands as a real failure unless a quarantine forgives it${past}`;
  }
  return `failed ${failures} of ${attempts} times on this commit, every re-run; by its history, its flaky failures come in streaks this long ${(chance * 100).toFixed(1)}% of the time, too often to call it real, so its quarantine decides${past}`;
}

/**
 * The key under which a testcase of a re-run report answers: its id AND its classname and name. A testcase answers
 * for an asked test only when all three are the asked test's. The id alone is not enough: `::` is not escaped and an
 * empty classname falls back to the suite (docs/test-ids.md), so a testcase with classname "" and name
 * `rt.Suite::real_failure` (or classname "" in a suite `rt.Suite`) composes the id of `rt.Suite` / `real_failure`
 * while being another test; its pass must never prove the asked test flaky.
 */
export function answerKey(t: { readonly id: string; readonly classname: string; readonly name: string }): string {
  return JSON.stringify([t.id, t.classname, t.name]);
}

export type RoundAnswer =
  | {
      ok: true;
      /** Attempts by answerKey, as the round's report gave them. */
      attempts: ReadonlyMap<string, readonly Attempt[]>;
      seconds: number;
      /** Executions its report(s) say ran, when not every one is in `attempts` (combineParts); else counted there. */
      ran?: number;
      /**
       * The attempts of a key split into executions, when the round asked for several executions per test
       * (FLAKEGUARD_RERUN_REPEAT above 1): each testcase of the report is one execution, in the report's order. A
       * key absent here is one execution (its attempts are one testcase's, or its retries').
       */
      executions?: ReadonlyMap<string, ReadonlyArray<readonly Attempt[]>>;
      /** Processes started for the round; absent: 1. */
      starts?: number;
    }
  | { ok: false; why: string; seconds: number; starts?: number };

/**
 * The executions a round really made, by its report: every testcase attempt not skipped, asked for or not (a preset
 * may run a superset of the asked tests, src/rerun/contract.ts), what the summary's cost counts.
 */
export function ranIn(answer: Extract<RoundAnswer, { ok: true }>): number {
  if (answer.ran !== undefined) return answer.ran;
  let n = 0;
  for (const got of answer.attempts.values()) n += counted(got).length;
  return n;
}

/** Records one round's answer for the cases it asked for. */
export function recordRound(state: RerunState, asked: readonly RerunCase[], answer: RoundAnswer): void {
  const round = state.rounds.length + 1;
  for (const c of asked) c.asked++;
  const starts = answer.starts !== undefined && answer.starts !== 1 ? { starts: answer.starts } : {};
  if (!answer.ok) {
    state.rounds.push({ round, tests: asked.length, seconds: answer.seconds, voided: answer.why, ignored: 0, ran: 0, ...starts });
    stopRerun(state, `round ${round} was voided: ${answer.why}`);
    return;
  }
  const askedKeys = new Set(asked.map((c) => answerKey(c.test)));
  let ignored = 0;
  for (const key of answer.attempts.keys()) if (!askedKeys.has(key)) ignored++;
  const log: RoundLog = { round, tests: asked.length, seconds: answer.seconds, ignored, ran: ranIn(answer), ...starts };
  state.rounds.push(log);
  let surplus = 0;
  for (const c of asked) {
    const key = answerKey(c.test);
    // Each execution in order, as if each had been a start of its own: the stopping rule decides after each, and
    // the executions after the one that decided are no attempts (the test's record is what one start per re-run
    // would have made: docs/adr/0470).
    const executions = (answer.executions?.get(key) ?? [answer.attempts.get(key) ?? []]).map(counted).filter((e) => e.length > 0);
    if (executions.length === 0) {
      c.verdict = 'unanswered';
      c.why = `round ${round}'s re-run report has no result for it (missing or skipped)`;
      continue;
    }
    for (const [k, got] of executions.entries()) {
      if (c.verdict !== undefined) {
        for (const rest of executions.slice(k)) surplus += rest.length;
        break;
      }
      c.reruns.push(...got);
      c.rounds++;
      if (c.kind === 'failed') decideFailed(c, state.rule);
      else if (c.rounds >= c.extraRuns) c.verdict = c.reruns.some((a) => isFailure(a.status)) ? 'flaky-extra' : 'clean';
    }
  }
  if (surplus > 0) log.surplus = surplus;
}

/**
 * The executions a case still wants, were every one to fail (a failed test) or as planned (an extra): as many as
 * the stopping rule would run one start at a time before it could stop, for a test that fails them all. A start
 * asks for them at once (FLAKEGUARD_RERUN_REPEAT), so a real failure is decided in one start; a flaky one stops at
 * its first pass, and the executions after it are surplus (recordRound).
 */
export function executionsWanted(c: RerunCase, rule: StopRule): number {
  if (c.verdict !== undefined) return 0;
  if (c.kind === 'extra') return Math.max(0, c.extraRuns - c.rounds);
  const all = counted([...c.test.attempts, ...c.reruns]);
  let streak = 0;
  for (let i = all.length - 1; i >= 0 && isFailure(all[i]!.status); i--) streak++;
  const limit = { ...rule, maxReruns: c.maxReruns };
  for (let more = 1; c.rounds + more < c.maxReruns; more++) {
    if (nextStep(c.counts, streak + more, c.rounds + more, limit) !== 'continue') return more;
  }
  return Math.max(1, c.maxReruns - c.rounds);
}

/** One start of a round: the cases it asks for, each `repeat` times in the one process. */
export interface RoundGroup {
  cases: RerunCase[];
  repeat: number;
}

/**
 * How a round's cases are bought in starts (docs/rerun.md, "Executions per start"). Without repetition (a preset
 * whose runner cannot repeat a test in one process) one start asks each case once, as always. With it:
 * - the failed tests share one start, asked for the most executions any of them wants (executionsWanted): a real
 *   failure is decided in that start, and one that wants fewer has the rest as surplus. When the report does not list
 *   a test's executions in the order they ran (`inOrder` false: gotestsum lists a test's failures first), each
 *   failed test is asked for exactly the executions at which the stopping rule could first stop, in a start per
 *   count: then whether any of them passed decides, whatever their order;
 * - the extras are grouped by the executions they want, so that an extra never runs beyond its budget; a group that
 *   wants as many as a start of failed tests joins it;
 * - a test with a twin in the run (docs/test-ids.md) is asked once a start: its executions could not be told from
 *   its twin's, which the runner runs too (one title);
 * - `cap(cases)` bounds a start's executions (the time left over the tests' durations).
 * Starts with failed tests come first, most executions first.
 */
export function roundGroups(
  cases: readonly RerunCase[],
  rule: StopRule,
  o: { repeats: boolean; inOrder?: boolean; twinned?: (c: RerunCase) => boolean; cap?: (cases: readonly RerunCase[]) => number },
): RoundGroup[] {
  if (cases.length === 0) return [];
  if (!o.repeats) return [{ cases: [...cases], repeat: 1 }];
  const single: RerunCase[] = [];
  const failed = new Map<number, RerunCase[]>();
  const extras = new Map<number, RerunCase[]>();
  const add = (into: Map<number, RerunCase[]>, want: number, c: RerunCase): void => {
    const group = into.get(want);
    if (group) group.push(c);
    else into.set(want, [c]);
  };
  let most = 0;
  for (const c of cases) if (c.kind === 'failed' && !o.twinned?.(c)) most = Math.max(most, executionsWanted(c, rule));
  for (const c of cases) {
    if (o.twinned?.(c)) single.push(c);
    else if (c.kind === 'failed') add(failed, o.inOrder === false ? Math.max(1, executionsWanted(c, rule)) : Math.max(1, most), c);
  }
  for (const c of cases) {
    if (c.kind !== 'extra' || o.twinned?.(c)) continue;
    const want = Math.max(1, executionsWanted(c, rule));
    add(failed.has(want) ? failed : extras, want, c);
  }
  const groups: RoundGroup[] = [];
  const push = (group: RerunCase[], want: number): void => {
    groups.push({ cases: group, repeat: Math.max(1, Math.min(want, o.cap?.(group) ?? want)) });
  };
  for (const want of [...failed.keys()].sort((a, b) => b - a)) push(failed.get(want)!, want);
  for (const want of [...extras.keys()].sort((a, b) => b - a)) push(extras.get(want)!, want);
  if (single.length > 0) groups.push({ cases: single, repeat: 1 });
  return groups;
}

/**
 * A case no further round can answer for is decided with what is there: an extra execution by the ones it had, a
 * failed test as unanswered (its failure stands, judged as without re-runs), with why.
 */
export function setAside(c: RerunCase, why: string): void {
  if (c.verdict !== undefined) return;
  if (c.kind === 'extra' && c.rounds > 0) {
    c.verdict = c.reruns.some((a) => isFailure(a.status)) ? 'flaky-extra' : 'clean';
    return;
  }
  c.verdict = 'unanswered';
  c.why = why;
}

/** No further round: every undecided case is decided with what is there. */
export function stopRerun(state: RerunState, why: string): void {
  state.stopped ??= why;
  for (const c of state.cases) setAside(c, why);
}

/**
 * One round's answer from the invocations it was split into (src/rerun/fit.ts), each with the cases it asked for. A
 * voided invocation voids the round (the invocations after it do not run). Each asked case is answered by the
 * invocation that asked for it only: one that ran a superset may report a test another invocation asked for, and
 * that execution is ignored, never counted twice. Testcases no invocation asked for are kept, to be counted as
 * ignored.
 */
export function combineParts(parts: ReadonlyArray<{ asked: readonly RerunCase[]; answer: RoundAnswer }>, of: number): RoundAnswer {
  const seconds = Math.round(parts.reduce((sum, p) => sum + p.answer.seconds, 0) * 10) / 10;
  const starts = parts.length !== 1 ? { starts: parts.length } : {};
  for (const [k, p] of parts.entries()) {
    if (!p.answer.ok) return { ok: false, why: of > 1 ? `invocation ${k + 1} of ${of}: ${p.answer.why}` : p.answer.why, seconds, ...starts };
  }
  if (parts.length === 1) return parts[0]!.answer;
  const askedAnywhere = new Set(parts.flatMap((p) => p.asked.map((c) => answerKey(c.test))));
  const attempts = new Map<string, Attempt[]>();
  const executions = new Map<string, Array<readonly Attempt[]>>();
  let split = false;
  for (const p of parts) {
    if (!p.answer.ok) continue;
    if (p.answer.executions) split = true;
    const mine = new Set(p.asked.map((c) => answerKey(c.test)));
    for (const [key, got] of p.answer.attempts) {
      if (mine.has(key)) {
        attempts.set(key, [...got]);
        executions.set(key, [...(p.answer.executions?.get(key) ?? [got])]);
      } else if (!askedAnywhere.has(key)) attempts.set(key, [...(attempts.get(key) ?? []), ...got]);
    }
  }
  return { ok: true, attempts, seconds, ran: parts.reduce((n, p) => n + (p.answer.ok ? ranIn(p.answer) : 0), 0), ...(split ? { executions } : {}), ...starts };
}

export interface RerunResult {
  /** This run's tests with the re-runs merged in as attempts. */
  tests: ParsedTestCase[];
  cases: RerunCase[];
  rounds: RoundLog[];
  /** Why the re-runs stopped early (voided round, timeout), when they did. */
  stopped?: string;
  /** Why no test was re-run at all, when none was. */
  skipped?: string;
  /** History ids of the failed tests that passed on a re-run. */
  provenFlaky: string[];
  /** History ids of the failed tests that failed consistently, with the sentence that says so. */
  consistent: Map<string, string>;
  /**
   * History ids of the failed tests whose re-runs failed another way than the run (src/rerun/signature.ts) while the
   * stopping rule called their streak consistent, with why: they block as a consistent failure does. (Those it called
   * exhausted are left to their quarantine, as exhausted failures are; their cases say unreproduced too.)
   */
  unreproduced: Map<string, string>;
  /**
   * History ids of the failed tests the context rounds proved order-dependent (also in `consistent`), with the
   * sentence ("fails after `B` in its file, passes alone: `B` leaves state behind"); empty when none.
   */
  orderDependent: Map<string, string>;
  /**
   * Order suspects (src/rerun/order.ts, orderSuspects): failed tests whose streak of failures inside the full run,
   * passing alone, is implausible for their flakiness (history id → the streak's sentence). A suspect is re-run after
   * the tests that preceded it in the run (context rounds); the verdict is the experiment's (docs/adr/0430).
   */
  orderSuspects: Map<string, string>;
  /** Suspects the experiment cleared: they passed after the tests that preceded them in the run, or failed alone. */
  orderCleared: Set<string>;
  /** History ids of new tests (pull request) that failed and passed on this commit. */
  newFlaky: string[];
  /** Executions of the tests the re-runs asked for (what the budget counts). */
  executions: number;
  /** Executions the rounds' reports say really ran, asked for or not (the summary's cost). */
  ran: number;
  /** Executions of asked tests that ran after their test's verdict (RoundLog.surplus): in `ran`, no attempts. */
  surplus?: number;
  /** Processes the re-runs started, context rounds included (what a red build waits for: docs/rerun.md); absent: one a round. */
  starts?: number;
  /** Seconds the re-run commands took, all rounds. */
  seconds: number;
}

/**
 * This run's tests with the re-runs merged in. A failed test's re-runs follow its attempts (a pass last: it did
 * not fail the run). A passing test's extra executions are put before its passing attempt, so that the test's
 * result in the suite stays the run's final word: a failing extra reads as a failure followed by a pass, which is
 * what it proved (it fails and passes on this commit), never as a failure of the run.
 */
export function finishRerun(state: RerunState, tests: readonly ParsedTestCase[], skipped?: string): RerunResult {
  stopRerun(state, state.stopped ?? 'the re-runs ended');
  const byId = new Map(state.cases.map((c) => [c.test.id, c]));
  const merged = tests.map((t) => {
    const c = byId.get(t.id);
    if (!c || c.reruns.length === 0) return t;
    return { ...t, attempts: c.kind === 'failed' ? [...t.attempts, ...c.reruns] : [...c.reruns, ...t.attempts] };
  });
  const provenFlaky = state.cases.filter((c) => c.verdict === 'proven-flaky').map((c) => c.historyId);
  const consistent = new Map(state.cases.filter((c) => c.verdict === 'consistent').map((c) => [c.historyId, c.why!]));
  const newFlaky = state.cases.filter((c) => c.isNew && (c.verdict === 'proven-flaky' || c.verdict === 'flaky-extra')).map((c) => c.historyId);
  return {
    tests: merged,
    cases: state.cases,
    rounds: state.rounds,
    ...(state.stopped !== undefined && state.stopped !== 'the re-runs ended' ? { stopped: state.stopped } : {}),
    ...(skipped !== undefined ? { skipped } : {}),
    provenFlaky,
    consistent,
    unreproduced: new Map(state.cases.filter((c) => c.verdict === 'unreproduced' && c.rule === 'consistent').map((c) => [c.historyId, c.why!])),
    orderDependent: new Map(),
    orderSuspects: new Map(),
    orderCleared: new Set(),
    newFlaky,
    executions: state.cases.reduce((n, c) => n + c.reruns.length, 0),
    ran: state.rounds.reduce((n, r) => n + r.ran, 0),
    surplus: state.rounds.reduce((n, r) => n + (r.surplus ?? 0), 0),
    starts: startsIn(state.rounds),
    seconds: state.rounds.reduce((s, r) => s + r.seconds, 0),
  };
}

/** Processes the rounds started (a round without `starts` started one). */
export function startsIn(rounds: readonly RoundLog[]): number {
  return rounds.reduce((n, r) => n + (r.starts ?? 1), 0);
}

/**
 * The failures the re-runs make block whatever their quarantine (a hand quarantine aside), with the sentence the
 * outcome gives: the consistent ones and the unreproduced ones the stopping rule called consistent (ADR 0436). What
 * the step hands the outcome as `consistent`; a simulator of the step hands the same.
 */
export function blockingStreaks(result: Pick<RerunResult, 'consistent' | 'unreproduced'>): Map<string, string> {
  return result.unreproduced.size > 0 ? new Map([...result.consistent, ...result.unreproduced]) : result.consistent;
}

/**
 * History ids of the failed tests whose evidence a polluter explains (src/rerun/order.ts): every attempt of the run's
 * own report failed (no in-process retry passed) and every re-run alone passed, as a test another test leaves state
 * for does. A test that failed a re-run alone showed in this run that it fails without its polluter: its failure
 * inside the run is explained as well by its flakiness (docs/adr/0395-order-candidates.md).
 */
export function orderCandidates(result: Pick<RerunResult, 'cases'>): Set<string> {
  const out = new Set<string>();
  for (const c of result.cases) {
    if (c.kind !== 'failed' || c.test.attempts.some((a) => a.status === 'passed')) continue;
    if (c.reruns.some((a) => a.status === 'passed') && !c.reruns.some((a) => isFailure(a.status))) out.add(c.historyId);
  }
  return out;
}

/** A failed test that still blocks after its re-runs (the `consistent-failures` outputs). */
export interface BlockingAfterReruns {
  /** The test's id in the history. */
  id: string;
  verdict: 'consistent' | 'order-dependent' | 'unreproduced' | 'exhausted' | 'unanswered';
  why: string;
}

/**
 * Every failed test the re-runs took up whose failure still blocks the run (`blocking`: history ids of the blocking
 * failures, as the outcome decided them), in the order of the cases, with why: order-dependent (it fails inside the
 * full run and passes alone, src/rerun/order.ts: it blocks even though a re-run passed), failed consistently
 * (implausible for its flakiness), its re-runs ran out with its streak still plausible and nothing forgave it (exhausted: a test with
 * no history, or one not quarantined), or the re-runs could not answer for it. A consistent failure always blocks.
 */
export function blockingAfterReruns(result: Pick<RerunResult, 'cases'>, blocking: ReadonlySet<string>, orderDependent: ReadonlyMap<string, string> = new Map()): BlockingAfterReruns[] {
  const out: BlockingAfterReruns[] = [];
  for (const c of result.cases) {
    if (c.kind !== 'failed') continue;
    const order = orderDependent.get(c.historyId);
    if (order !== undefined) {
      // A hand quarantine forgives it (the hand wins): then it does not block, and is not listed.
      if (blocking.has(c.historyId)) out.push({ id: c.historyId, verdict: 'order-dependent', why: order });
      continue;
    }
    if (c.verdict !== 'consistent' && !(c.verdict === 'unreproduced' && c.rule === 'consistent') && !blocking.has(c.historyId)) continue;
    const before = out.length;
    if (c.verdict === 'consistent') out.push({ id: c.historyId, verdict: 'consistent', why: c.why ?? 'it failed consistently on this commit' });
    else if (c.verdict === 'unreproduced') out.push({ id: c.historyId, verdict: 'unreproduced', why: c.why ?? "the re-runs could not reproduce the run's conditions" });
    else if (c.verdict === 'exhausted') {
      const seen = c.counts.failures + c.counts.passes > 0;
      const n = c.reruns.length;
      out.push({
        id: c.historyId,
        verdict: 'exhausted',
        why: `it failed all ${n} re-run${n === 1 ? '' : 's'} on this commit and nothing forgave it (${seen ? 'not quarantined' : 'a test with no history, never quarantined'})`,
      });
    } else if (c.verdict === 'unanswered') out.push({ id: c.historyId, verdict: 'unanswered', why: `the re-runs could not answer for it: ${c.why ?? 'no result'}; its failure stands` });
    const added = out[before];
    if (added && c.context !== undefined) added.why = `${c.context}; ${added.why}`;
  }
  return out;
}
