/**
 * Context rounds (docs/rerun.md, "Context rounds"; docs/adr/0295-context-rounds.md). Pure: which tests get them,
 * what each test's file context is, when the evidence makes a test order-dependent, and the bisection that names the
 * polluter. The process side is src/pipeline/rerun.ts.
 *
 * A re-run proves things in isolation; a run is not an isolation. A failed test that passed alone is re-run with its
 * file in the original order (the tests that ran before it in its file, in the report's order, then itself), in pairs
 * with a round alone. Under "its failures are flakiness, whatever ran before it" the outcomes of the pairs' rounds are
 * exchangeable, so the chance that the failures of 2J rounds fall exactly on the J context rounds is 1 / C(2J, J).
 * The test is order-dependent when every context round failed and every round alone passed for the fewest J that
 * make that chance implausible (below IMPLAUSIBLE shared among the candidates, Bonferroni). The run's own failure is
 * not counted (the test was chosen because it failed), nor the ordinary re-runs alone (they stop at a pass).
 */
import { isFailure, type ParsedTestCase } from '../model.ts';
import type { RerunCase } from './plan.ts';
import { IMPLAUSIBLE } from './stopping.ts';

/**
 * The tests that ran before `target` in its file, in the report's order: the tests of the same report before it in
 * its innermost suite (vitest and jest-junit write a suite per file, pytest one per session), or with the same file
 * (node's and mocha's reporters give every test its file; a failure's file may come from its stack trace only).
 * Tests whose every attempt was skipped did not run, and leave nothing behind.
 */
export function earlierInFile(tests: readonly ParsedTestCase[], target: ParsedTestCase): ParsedTestCase[] {
  const out: ParsedTestCase[] = [];
  const sameFile = (t: ParsedTestCase): boolean => target.file !== undefined && target.file !== '' && t.file === target.file;
  // A cleaned id's suite is kept aside (ADR 0445): the suite it ran in is still its file's.
  const suiteOf = (t: ParsedTestCase): string => t.group ?? t.suite;
  const suite = suiteOf(target);
  for (const t of tests) {
    if (t.id === target.id && t.report === target.report) return out;
    if (t.report !== target.report || !(suiteOf(t) === suite || sameFile(t))) continue;
    if (t.attempts.some((a) => a.status !== 'skipped')) out.push(t);
  }
  return out;
}

/**
 * The tests that ran before `target` in the run, as far as its report tells: the tests of the same report before it,
 * in the report's order, that ran (docs/adr/0430). The context of an order suspect: a test another test of the run
 * pollutes may be polluted from another file (runners that share one process between files: node's with
 * `--test-isolation=none`, mocha, pytest), which its file context cannot show.
 */
export function earlierInRun(tests: readonly ParsedTestCase[], target: ParsedTestCase): ParsedTestCase[] {
  const out: ParsedTestCase[] = [];
  for (const t of tests) {
    if (t.report !== target.report) continue;
    if (t.id === target.id) return out;
    if (t.attempts.some((a) => a.status !== 'skipped')) out.push(t);
  }
  return out;
}

function choose(n: number, k: number): number {
  let r = 1;
  for (let i = 1; i <= k; i++) r = (r * (n - k + i)) / i;
  return r;
}

/** The chance, under flakiness alone, that J failures among 2J exchangeable rounds fall exactly on the J context rounds. */
export function pairsChance(pairs: number): number {
  return 1 / choose(2 * pairs, pairs);
}

/** The fewest pairs (alone, in context) whose all-fail-in-context, all-pass-alone pattern is implausible. */
export function pairsNeeded(candidates: number, threshold = IMPLAUSIBLE): number {
  const t = threshold / Math.max(1, candidates);
  let j = 1;
  while (pairsChance(j) >= t) j++;
  return j;
}

/** Where a test's context evidence stands. */
export interface ContextTrack {
  test: ParsedTestCase;
  historyId: string;
  /** forward: failed in the run, passed alone; reverse: failed in the run and every re-run alone. */
  direction: 'forward' | 'reverse' | 'extra';
  earlier: ParsedTestCase[];
  /**
   * What `earlier` is: the tests before it in its file (earlierInFile), or, for an order suspect (src/rerun/order.ts,
   * orderSuspects), the tests before it in the run (earlierInRun). Default file.
   */
  scope?: 'file' | 'run';
  /** Context rounds' outcomes (true = failed), and rounds alone (forward only). */
  inContext: boolean[];
  alone: boolean[];
  /** The polluter's bisection (forward, order-dependent): the candidates still in play. */
  suspects?: ParsedTestCase[];
  polluter?: ParsedTestCase;
  /** Set once the last suspect was probed on its own. */
  confirming?: boolean;
  probes: number;
  /** The verdict, once there. */
  verdict?: 'order-dependent' | 'flaky-in-context' | 'undecided' | 'needs-earlier' | 'fails-in-context';
  sentence?: string;
}

/** A test's name in a sentence (its id, quoted). */
export function named(t: ParsedTestCase): string {
  return `\`${t.id}\``;
}

/**
 * Records a pair's or a reverse round's outcome and decides when the evidence is there. `pairs`: the J of
 * pairsNeeded. Forward: a context pass or a failure alone ends it as flaky in context (nothing shown beyond the
 * proven-flaky verdict); J pairs fail in context and pass alone: order-dependent. Reverse: one context pass is
 * enough to say it depends on earlier state (no verdict changes on it: docs/adr/0297-reverse-case.md); a context
 * failure ends it (it fails there too).
 */
export function recordContext(track: ContextTrack, pairs: number, outcome: { alone?: boolean; context?: boolean }): void {
  if (outcome.alone !== undefined) track.alone.push(outcome.alone);
  if (outcome.context !== undefined) track.inContext.push(outcome.context);
  if (track.direction !== 'forward') {
    if (track.inContext.some((f) => !f)) {
      track.verdict = 'needs-earlier';
      track.sentence = 'fails alone, passes in its file after the tests before it: it depends on state they leave';
    } else if (track.inContext.length > 0) track.verdict = 'fails-in-context';
    return;
  }
  if (track.alone.some((f) => f) || track.inContext.some((f) => !f)) {
    track.verdict = 'flaky-in-context';
    return;
  }
  if (track.inContext.length >= pairs && track.alone.length >= pairs) {
    track.verdict = 'order-dependent';
    track.suspects = [...track.earlier];
  }
}

/** The next bisection probe: the first half of the suspects (run before the test), or undefined when it is over. */
export function nextProbe(track: ContextTrack): ParsedTestCase[] | undefined {
  const s = track.suspects;
  if (!s || track.polluter !== undefined || s.length === 0) return undefined;
  if (s.length === 1) return track.confirming ? undefined : s;
  return s.slice(0, Math.ceil(s.length / 2));
}

/**
 * A bisection probe's outcome: the test failed (true) after `probe` ran before it, or passed. A failure keeps the
 * probe's half; a pass keeps the other half (the polluter was not among the probe's tests, or its pollution is itself
 * flaky: then the name may be wrong, never the verdict, which the pairs proved). The last suspect is named only when
 * a probe of it alone before the test failed.
 */
export function recordProbe(track: ContextTrack, probe: readonly ParsedTestCase[], failed: boolean): void {
  const s = track.suspects ?? [];
  track.probes++;
  if (s.length === 1) {
    track.confirming = true;
    if (failed) track.polluter = s[0];
    else track.suspects = [];
    return;
  }
  const inProbe = new Set(probe.map((t) => t.id));
  track.suspects = failed ? s.filter((t) => inProbe.has(t.id)) : s.filter((t) => !inProbe.has(t.id));
}

/** The sentence for an order-dependent test, naming the polluter when the bisection found it. */
export function orderSentence(track: ContextTrack): string {
  const n = track.inContext.length;
  const run = track.scope === 'run';
  const proof = `failed ${n} of ${n} rounds ${run ? 'after the tests before it in the run' : 'with its file'}, passed ${track.alone.length} of ${track.alone.length} alone`;
  return track.polluter
    ? `fails after ${named(track.polluter)} in ${run ? 'the run' : 'its file'}, passes alone: ${named(track.polluter)} leaves state behind (${proof})`
    : `fails inside ${run ? 'the run' : 'its file'}, passes alone: a test before it leaves state behind (${proof})`;
}

/**
 * Whether a test's re-runs make it a forward candidate (failed in the run, passed alone: order-dependent or
 * flaky?), a reverse one (failed in the run and every re-run alone: does it pass after the tests before it?), or an
 * extra one (passed in the run, failed every extra execution alone: flaky, or needing an earlier test's state?).
 */
export function contextDirection(c: RerunCase): 'forward' | 'reverse' | 'extra' | undefined {
  if (c.reruns.length === 0) return undefined;
  if (c.kind === 'extra') return c.verdict === 'flaky-extra' && c.reruns.every((a) => a.status === 'skipped' || isFailure(a.status)) ? 'extra' : undefined;
  if (c.verdict === 'proven-flaky') return 'forward';
  // Whether or not it passed before: one or two rounds that change no verdict, only what the summary says of it.
  const failedAll = c.reruns.every((a) => a.status === 'skipped' || isFailure(a.status));
  // An unreproduced failure (another message in every re-run alone, ADR 0436) may be exactly this: it needs the state
  // of the tests before it, which a re-run alone lacks.
  if ((c.verdict === 'consistent' || c.verdict === 'exhausted' || c.verdict === 'unreproduced') && failedAll) return 'reverse';
  return undefined;
}
