/**
 * Order dependence across runs (docs/rerun.md#order-dependence). Pure.
 *
 * A re-run proves a failure flaky by running the test again, alone. A test that fails because another test of the
 * full run leaves state behind (a polluter: a singleton, a global mock, a registry, a temp file) fails in the full
 * run every time and passes every time alone: each run's re-run "proves" it flaky, and its quarantine would hide a
 * failure of the suite for good. This rule tells it apart by the one thing a victim does that a flaky test does not:
 * its FIRST attempt fails run after run.
 *
 * A streak is a suspicion, not a verdict (docs/adr/0430-order-dependence-proven.md): a burst of flaky failures inside
 * the full run makes the same streak. A test whose streak is implausible is an order suspect (orderSuspects); the
 * re-run step runs it after the tests that preceded it in the run and alone (src/rerun/context-rounds.ts), and that
 * experiment decides. The streak convicts only where no experiment could run.
 *
 * The stopping rule's reasoning (src/rerun/stopping.ts), across runs instead of across re-runs:
 * - it is asked only of a test whose first attempt failed in this run and which then passed (alone): the chance is
 *   conditioned on this run's failure, which is why it is judged;
 * - the streak is the runs in a row, this one included, whose first attempt failed; the chance that the test's own
 *   flakiness failed the streak's EARLIER runs too is the posterior predictive of `again`^(streak − 1), `again` being
 *   the test's rate of a first-attempt failure in the run right after a run whose first attempt failed (a
 *   stationary two-state chain is reversible: the run before a failing run fails at the same rate as the run after);
 * - `again` is estimated from the test's runs BEFORE the streak only (the streak is what is judged, it must not
 *   vouch for itself), the newest `window` of them: a Beta posterior whose prior is centred on the test's rate of a
 *   first-attempt failure per run (uniform prior Beta(1, 1)) with the weight of PRIOR_WEIGHT runs. Bursts in the
 *   history (runs after a failing run failing often) raise `again`, and so the streak needed;
 * - no outage run counts, nor an untrusted run (evidence from outside the trusted run decides nothing), nor a run
 *   with no attempt that ran: they neither lengthen nor break the streak;
 * - with k tests judged in one run, each is held to IMPLAUSIBLE / k (Bonferroni, as the stopping rule), so that
 *   many flaky tests failing together do not multiply the chance of a red run; and a test is held to that divided
 *   by the failing runs of its window: it is judged again at each of them, and a test that fails often would
 *   otherwise collect those chances over its life (a stable test turned victim has none, and keeps the whole).
 * - it is asked only of a test that passed every re-run alone (orderCandidates, src/rerun/plan.ts): a victim never
 *   fails alone; and only the streak's runs in which an attempt passed are counted in the chance (a run with no pass
 *   failed alone too, or was not re-run: the history cannot tell), though they stay in the streak.
 *
 * The threshold is a chance per judged run, not a promise: measured (scripts/order-rule.ts), a test failing 30% of
 * its runs independently is called order-dependent in 0.015% of its judged runs, one failing 50% in 0.035%, and the
 * real flaky sequences in 0.071% (a bursty test's first burst whose window holds no earlier burst: its history looks
 * like a stable test's). What it cannot see: a polluter that runs before its victim only sometimes
 * (the victim then looks flaky, and is), and a victim whose history shows bursts of failures (it needs a longer
 * streak).
 */
import { STATUS_CODE, type History, type ParsedTestCase, type TestHistory, type TestRunRecord } from '../model.ts';
import { IMPLAUSIBLE } from './stopping.ts';

/**
 * The prior's weight, in runs, for `again` across runs: how firmly a test with few runs after a failing run is
 * assumed to fail again at its usual per-run rate. The stopping rule's weight of 2 lets a test with 30 clean runs
 * turned victim fail 5 runs before it is caught; 8 catches it at its third. Measured by scripts/order-rule.ts
 * (docs/rerun.md#order-dependence has the figures): weights 4 to 16 call the real flaky sequences order-dependent
 * equally rarely; tests failing 10% of their runs independently never in 150,000 runs.
 */
export const PRIOR_WEIGHT = 8;

/** The runs of a test that count, each as its attempt letters (skipped attempts left out), oldest first. */
export interface OrderRun {
  attempts: string;
  sha: string;
  /** The run's time, ms (orderRuns gives it; streakStart reads it). */
  time?: number;
}

/** Counts over the runs before the streak. */
export interface OrderCounts {
  /** Runs whose first attempt failed, and runs counted. */
  failed: number;
  runs: number;
  /** Runs right after a run whose first attempt failed: first attempt failed, passed. */
  againFailed: number;
  againPassed: number;
}

export interface OrderJudgement {
  /** Runs in a row, this one included, whose first attempt failed. */
  streak: number;
  /** The streak's runs in which an attempt passed after the first failed (this one included): the runs the chance is of. */
  passedAlone: number;
  /** The commit of the streak's first run. */
  since: string;
  counts: OrderCounts;
  /** The chance that the test's flakiness alone failed the streak's earlier runs, given this run's failure. */
  chance: number;
  /** The chance was below the threshold: the test fails inside the full run, not by chance. */
  orderDependent: boolean;
}

const firstFailed = (attempts: string): boolean => attempts[0] === 'F' || attempts[0] === 'E';

/** The runs of a history that count for this rule, oldest first (outage, untrusted and skipped-only runs left out). */
export function orderRuns(history: TestHistory | undefined, exceptRun?: string): OrderRun[] {
  if (!history) return [];
  const out: OrderRun[] = [];
  for (const r of history.runs) {
    if (!counts(r) || r.run === exceptRun) continue;
    const attempts = r.attempts.replace(/S/g, '');
    if (attempts !== '') out.push({ attempts, sha: r.sha, time: r.time });
  }
  return out;
}

function counts(r: TestRunRecord): boolean {
  return r.outage !== true && r.untrusted !== true;
}

/** Counts the newest `window` runs of `runs`. */
export function orderCounts(runs: readonly OrderRun[], window: number): OrderCounts {
  const c: OrderCounts = { failed: 0, runs: 0, againFailed: 0, againPassed: 0 };
  const from = Math.max(0, runs.length - window);
  for (let i = from; i < runs.length; i++) {
    const failed = firstFailed(runs[i]!.attempts);
    c.runs++;
    if (failed) c.failed++;
    if (i > from && firstFailed(runs[i - 1]!.attempts)) {
      if (failed) c.againFailed++;
      else c.againPassed++;
    }
  }
  return c;
}

/**
 * The posterior predictive chance that `earlier` runs in a row fail at their first attempt right after (or, the
 * chain being reversible, right before) a run whose first attempt failed: E[again^earlier].
 */
export function streakChanceAcrossRuns(c: OrderCounts, earlier: number, weight = PRIOR_WEIGHT): number {
  const rate = (1 + c.failed) / (2 + c.runs);
  const a = weight * rate + c.againFailed;
  const b = weight * (1 - rate) + c.againPassed;
  let chance = 1;
  for (let i = 0; i < earlier; i++) chance *= (a + i) / (a + b + i);
  return chance;
}

export interface OrderOptions {
  /** Runs before the streak counted (policy.window). */
  window: number;
  /** Default IMPLAUSIBLE; applyRun divides it by the number of tests judged in the run. */
  threshold?: number;
  /** The prior's weight; default PRIOR_WEIGHT (a measuring script varies it). */
  weight?: number;
}

/**
 * Judges a test whose first attempt failed in this run and which passed later in it (alone, on a re-run): `runs`
 * are its earlier runs that count, oldest first (orderRuns), `current` this run's attempt letters. Undefined when the
 * test is not such a test.
 */
export function judgeOrder(runs: readonly OrderRun[], current: OrderRun, options: OrderOptions): OrderJudgement | undefined {
  const { window, threshold = IMPLAUSIBLE, weight = PRIOR_WEIGHT } = options;
  const attempts = current.attempts.replace(/S/g, '');
  if (!firstFailed(attempts) || attempts.indexOf('P') < 0) return undefined;
  // The streak's runs in which the test passed after failing are its evidence. A run of the streak in which no attempt
  // passed neither lengthens nor breaks it: re-run, the test failed alone too, which no polluter explains; not re-run
  // (re-runs off, rerun-max-tests), it says nothing; the history does not tell the two apart (docs/adr/0395).
  let start = runs.length;
  let passedAlone = 1;
  while (start > 0 && firstFailed(runs[start - 1]!.attempts)) {
    start--;
    if (runs[start]!.attempts.indexOf('P') > 0) passedAlone++;
  }
  const streak = runs.length - start + 1;
  const before = runs.slice(0, start);
  const c = orderCounts(before, window);
  const chance = streakChanceAcrossRuns(c, passedAlone - 1, weight);
  // The same test is judged again at each of its failing runs: a test that fails often faces the rule often, so the
  // threshold is shared among the failing runs of its window (Bonferroni over its own judgements, as over the
  // tests of one run). A stable test turned victim has none: its threshold is the whole IMPLAUSIBLE.
  const perRun = threshold / Math.max(1, c.failed);
  return { streak, passedAlone, since: start < runs.length ? runs[start]!.sha : current.sha, counts: c, chance, orderDependent: passedAlone > 1 && chance < perRun };
}

/**
 * When the streak of failing first attempts that this run continues began: the time of its first run in the history
 * (runs that count, as orderRuns; `exceptRun` left out), or undefined when this run starts it.
 */
export function streakStart(history: TestHistory | undefined, exceptRun?: string): number | undefined {
  const runs = orderRuns(history, exceptRun);
  let start: number | undefined;
  for (let i = runs.length - 1; i >= 0 && firstFailed(runs[i]!.attempts); i--) start = runs[i]!.time;
  return start;
}

/** "fails inside the full run since `abc1234` (3 runs in a row), passes alone: another test leaves state behind". */
export function orderSentence(since: string, streak: number): string {
  return `fails inside the full run since \`${since.slice(0, 7)}\` (${streak} runs in a row), passes alone: another test leaves state behind`;
}

export interface OrderInput {
  /** The history as read, before this run. */
  history: History;
  /** This run's tests (history ids), the re-runs merged in as attempts. */
  tests: readonly ParsedTestCase[];
  /** This run's key: a record of it already in the history (a repeated ingestion, a workflow re-run) is not counted. */
  runKey: string;
  sha: string;
  /** Tests not judged: their failure is in an outage, or already blocks for another reason. */
  skip: (id: string) => boolean;
  window: number;
  /** Default IMPLAUSIBLE, divided by the number of tests judged. */
  threshold?: number;
}

/**
 * The tests of this run called order-dependent, with the sentence that says so. Every test whose first attempt
 * failed and which passed later in the run is judged; with k of them, each at IMPLAUSIBLE / k.
 */
export function orderDependence(input: OrderInput): Map<string, string> {
  const judged: Array<{ id: string; current: OrderRun }> = [];
  for (const t of input.tests) {
    if (input.skip(t.id)) continue;
    const current = {
      attempts: t.attempts
        .map((a) => STATUS_CODE[a.status])
        .join('')
        .replace(/S/g, ''),
      sha: input.sha,
    };
    if (firstFailed(current.attempts) && current.attempts.indexOf('P') > 0) judged.push({ id: t.id, current });
  }
  const out = new Map<string, string>();
  const threshold = (input.threshold ?? IMPLAUSIBLE) / Math.max(1, judged.length);
  for (const { id, current } of judged) {
    const j = judgeOrder(orderRuns(input.history.get(id), input.runKey), current, { window: input.window, threshold });
    if (j?.orderDependent) out.set(id, orderSentence(j.since, j.streak));
  }
  return out;
}

/**
 * The order suspects of a run, as the re-run step sees them before its context rounds (docs/adr/0430): the failed
 * tests that are order candidates (`candidates`: every attempt inside the run failed, every re-run alone passed;
 * orderCandidates in src/rerun/plan.ts), not failed consistently, whose streak the rule above finds implausible for
 * their flakiness; history id → the streak's sentence. The same judgement applyRun made alone before: a streak is no
 * longer a verdict, only the reason to run the experiment that gives one.
 */
export function orderSuspects(input: {
  history: History;
  /** The re-run cases: the test as the report gave it (report id) and its history id. */
  cases: ReadonlyArray<{ test: ParsedTestCase; historyId: string }>;
  /** This run's tests with the re-runs merged in (report ids). */
  tests: readonly ParsedTestCase[];
  candidates: ReadonlySet<string>;
  consistent: ReadonlyMap<string, string>;
  /** The run's key as the history records it (a record of it already there is not counted). */
  runKey: string;
  sha: string;
  window: number;
  /** Whether the test's decision before this run is order-dependent (its reason starts with ORDER_REASON). */
  convictedBefore?: (historyId: string) => boolean;
}): Map<string, string> {
  const merged = new Map(input.tests.map((t) => [`${t.report}\u0000${t.id}`, t]));
  const judged: ParsedTestCase[] = [];
  for (const c of input.cases) {
    if (!input.candidates.has(c.historyId) || input.consistent.has(c.historyId)) continue;
    const t = merged.get(`${c.test.report}\u0000${c.test.id}`) ?? c.test;
    judged.push({ ...t, id: c.historyId });
  }
  const out = new Map<string, string>();
  const threshold = IMPLAUSIBLE / Math.max(1, judged.length);
  for (const t of judged) {
    const current = {
      attempts: t.attempts
        .map((a) => STATUS_CODE[a.status])
        .join('')
        .replace(/S/g, ''),
      sha: input.sha,
    };
    const j = judgeOrder(orderRuns(input.history.get(t.id), input.runKey), current, { window: input.window, threshold });
    if (!j) continue;
    // A test the experiment convicted stays a suspect while its streak lasts: its convicted runs are recorded with its
    // own failing attempts only (docs/adr/0295), so they do not lengthen the streak's chance, which other judged tests
    // of a run can push back over the threshold.
    if (j.orderDependent || (j.streak > 1 && input.convictedBefore?.(t.id) === true)) out.set(t.id, orderSentence(j.since, j.streak));
  }
  return out;
}

/** The reason of a test's decision while it is order-dependent (the sentence follows it). */
export const ORDER_REASON = 'order-dependent, not flaky: ';

/**
 * The history without the streak of failing first attempts that its newest run continues (runs that do not count, as
 * orderRuns, inside or after the streak go with it): what a test showed before it began failing inside the run; and
 * the streak's length in runs that count.
 */
export function beforeStreak(history: TestHistory): { history: TestHistory; streak: number } {
  let cut = history.runs.length;
  let streak = 0;
  for (let i = history.runs.length - 1; i >= 0; i--) {
    const r = history.runs[i]!;
    const attempts = r.attempts.replace(/S/g, '');
    if (!counts(r) || attempts === '') continue;
    if (!firstFailed(attempts)) break;
    cut = i;
    streak++;
  }
  return { history: streak === 0 ? history : { ...history, runs: history.runs.slice(0, cut) }, streak };
}

/**
 * Entry held (docs/rules.md#entry-held-while-it-fails-only-inside-the-run, docs/adr/0396-entry-held.md): the reason
 * appended to the decision of a test that this run's evidence alone would have quarantined, when that evidence is a
 * failure of every attempt inside the run and a pass only alone, which a test another test pollutes gives too.
 */
export function heldSentence(streak: number): string {
  return `not quarantined while it fails every attempt inside the full run and passes only alone (${streak} run${streak === 1 ? '' : 's'} in a row), as a test another test leaves state for would: it enters once it passes inside the run again`;
}
