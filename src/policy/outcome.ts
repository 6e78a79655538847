/**
 * The heart of the product: which failures of this run block the job. Pure.
 *
 * A test failed in this run when its final attempt failed. Its failure is forgiven only when the test was
 * quarantined before this run (a failure cannot quarantine itself), and not in a way that quarantine does not
 * cover (`unforgiven`: a new failure mode, an outage; src/policy/forgive.ts). Everything the action cannot account
 * for fails the job: no report, an unreadable report, or a test step that failed without a failing test (docs/adr/0004-fail-closed.md).
 */
import { isFailure, type ParsedTestCase, type ReportProblem, type TestOutcome } from '../model.ts';

export interface OutcomeInput {
  tests: ParsedTestCase[];
  problems: ReportProblem[];
  filesMatched: number;
  /** When no report matched: the patterns and the XML files found in the workspace, said after the reason (src/pipeline/job.ts). */
  unmatched?: string;
  testOutcome: TestOutcome;
  /** Tests whose failures are forgiven: quarantined before this run, after hand overrides. */
  quarantined: ReadonlySet<string>;
  /** Quarantined tests whose failure in this run is not forgiven, with why. */
  unforgiven?: ReadonlyMap<string, string>;
  /** This run's outages that failed tests, described (src/policy/outage.ts): said apart, as a reason. */
  outages?: readonly string[];
  /**
   * Re-runs (docs/rerun.md): failed tests that failed consistently on this commit, or fail inside the full run and
   * pass alone (order-dependent), with the sentence that says so. Their failure blocks, whatever a later attempt did.
   */
  consistent?: ReadonlyMap<string, string>;
  /** Re-runs: new tests of a pull request that failed and passed on this commit, and whether that blocks (`new-tests: block`). */
  newFlaky?: { ids: readonly string[]; block: boolean };
  /**
   * Re-runs: tests whose final attempt failed in the suite, before the re-runs. They explain a failed test step
   * as failed tests always do, even when every one of them passed on a re-run.
   */
  failedBeforeReruns?: number;
  /**
   * Re-runs: tests that fail inside the full run and pass alone (order-dependent, src/rerun/order.ts), with the
   * sentence; each is in `consistent` too. Said apart in the summary and the annotations.
   */
  orderDependent?: ReadonlyMap<string, string>;
}

export interface Outcome {
  result: 'success' | 'failure';
  failed: ParsedTestCase[];
  forgiven: ParsedTestCase[];
  blocking: ParsedTestCase[];
  /** Tests that failed at least once and passed on a later attempt of this run. */
  passedOnRetry: ParsedTestCase[];
  /** Blocking failures of quarantined tests, with why they were not forgiven. */
  unforgiven: Map<string, string>;
  /** Blocking failures of order-dependent tests (they fail inside the full run and pass alone), with the sentence. */
  orderDependent?: Map<string, string>;
  /** Every reason the job fails, in words for the log; empty on success. */
  reasons: string[];
  /** Failures that block because `policy.quarantine` refused, ended or holds out their quarantine, with the rule's sentence (src/policy/quarantine-rules.ts). */
  ruleBlocked?: Map<string, string>;
}

export function finalAttemptFailed(test: ParsedTestCase): boolean {
  const last = test.attempts[test.attempts.length - 1];
  return last !== undefined && isFailure(last.status);
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/**
 * A test failed in this run when its final attempt failed, or when the re-runs call its failure consistent although
 * a later attempt passed: an order-dependent test fails inside the full run and passes alone (src/rerun/order.ts).
 */
export function failedInRun(test: ParsedTestCase, consistent?: ReadonlyMap<string, string>): boolean {
  return finalAttemptFailed(test) || (consistent?.has(test.id) === true && test.attempts.some((a) => isFailure(a.status)));
}

export function decideOutcome(input: OutcomeInput): Outcome {
  const failed = input.tests.filter((t) => failedInRun(t, input.consistent));
  const unforgiven = new Map<string, string>();
  const forgiven: ParsedTestCase[] = [];
  const blocking: ParsedTestCase[] = [];
  for (const t of failed) {
    const why = input.quarantined.has(t.id) ? input.unforgiven?.get(t.id) : undefined;
    if (why !== undefined) unforgiven.set(t.id, why);
    if (input.quarantined.has(t.id) && why === undefined) forgiven.push(t);
    else blocking.push(t);
  }
  const passedOnRetry = input.tests.filter((t) => !failedInRun(t, input.consistent) && t.attempts.some((a) => isFailure(a.status)));
  const reasons: string[] = [];
  if (input.filesMatched === 0) {
    reasons.push(`No test report matched the \`reports\` patterns: the tests may not have run, or wrote their reports elsewhere.${input.unmatched ? ` ${input.unmatched}` : ''}`);
  }
  for (const problem of input.problems) {
    reasons.push(`Report ${problem.path}${problem.line ? `:${problem.line}` : ''} could not be read: ${problem.message}`);
  }
  // An order-dependent test's failure is said by its own sentence below, not counted among these.
  const ordered = (t: ParsedTestCase): boolean => input.orderDependent?.has(t.id) === true;
  const notQuarantined = blocking.filter((t) => !unforgiven.has(t.id) && !ordered(t)).length;
  const uncovered = blocking.filter((t) => unforgiven.has(t.id) && !ordered(t)).length;
  if (notQuarantined > 0) {
    reasons.push(`${plural(notQuarantined, 'failed test')} ${notQuarantined === 1 ? 'is' : 'are'} not quarantined.`);
  }
  if (uncovered > 0) {
    reasons.push(
      `${plural(uncovered, 'quarantined test')} failed in a way ${uncovered === 1 ? 'its' : 'their'} quarantine does not cover (a failure never seen as flaky, or an outage): not forgiven.`,
    );
  }
  const consistent = blocking.filter((t) => input.consistent?.has(t.id));
  for (const t of consistent.slice(0, 10)) reasons.push(`'${t.id}' ${input.consistent!.get(t.id)!}.`);
  if (consistent.length > 10) reasons.push(`${plural(consistent.length - 10, 'more test')} failed every re-run on this commit.`);
  const newFlaky = input.newFlaky?.ids ?? [];
  if (input.newFlaky?.block && newFlaky.length > 0) {
    reasons.push(`${plural(newFlaky.length, 'new test')} of this pull request failed and passed on this commit: flaky before it merges (new-tests: block).`);
  }
  for (const outage of input.outages ?? []) {
    reasons.push(`An outage: ${outage}. Those failures are not flakiness: never forgiven, and no test's evidence.`);
  }
  if ((input.testOutcome === 'failure' || input.testOutcome === 'cancelled') && failed.length === 0 && !((input.failedBeforeReruns ?? 0) > 0)) {
    reasons.push(`The test step's outcome is '${input.testOutcome}' but the reports show no failed test: something failed outside the reports (a crash, a timeout, a build error).`);
  }
  const orderDependent = new Map<string, string>();
  for (const t of blocking) {
    const sentence = input.orderDependent?.get(t.id);
    if (sentence !== undefined) orderDependent.set(t.id, sentence);
  }
  return {
    result: reasons.length === 0 ? 'success' : 'failure',
    failed,
    forgiven,
    blocking,
    passedOnRetry,
    unforgiven,
    ...(orderDependent.size > 0 ? { orderDependent } : {}),
    reasons,
  };
}
