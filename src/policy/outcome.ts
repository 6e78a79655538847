/**
 * The heart of the product: which failures of this run block the job. Pure.
 *
 * A test failed in this run when its final attempt failed. Its failure is forgiven only when the test was
 * quarantined before this run (a failure cannot quarantine itself). Everything the action cannot account
 * for fails the job: no report, an unreadable report, or a test step that failed without a failing test.
 */
import { isFailure, type ParsedTestCase, type ReportProblem } from '../model.ts';
import type { TestOutcome } from '../config/inputs.ts';

export interface OutcomeInput {
  tests: ParsedTestCase[];
  problems: ReportProblem[];
  filesMatched: number;
  testOutcome: TestOutcome;
  /** Tests whose failures are forgiven: quarantined before this run, after hand overrides. */
  quarantined: ReadonlySet<string>;
}

export interface Outcome {
  result: 'success' | 'failure';
  failed: ParsedTestCase[];
  forgiven: ParsedTestCase[];
  blocking: ParsedTestCase[];
  /** Tests that failed at least once and passed on a later attempt of this run. */
  passedOnRetry: ParsedTestCase[];
  /** Every reason the job fails, in words for the log; empty on success. */
  reasons: string[];
}

export function finalAttemptFailed(test: ParsedTestCase): boolean {
  const last = test.attempts[test.attempts.length - 1];
  return last !== undefined && isFailure(last.status);
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

export function decideOutcome(input: OutcomeInput): Outcome {
  const failed = input.tests.filter(finalAttemptFailed);
  const forgiven = failed.filter((t) => input.quarantined.has(t.id));
  const blocking = failed.filter((t) => !input.quarantined.has(t.id));
  const passedOnRetry = input.tests.filter(
    (t) => !finalAttemptFailed(t) && t.attempts.some((a) => isFailure(a.status)),
  );
  const reasons: string[] = [];
  if (input.filesMatched === 0) {
    reasons.push('No test report matched the `reports` patterns: the tests may not have run, or wrote their reports elsewhere.');
  }
  for (const problem of input.problems) {
    reasons.push(`Report ${problem.path}${problem.line ? `:${problem.line}` : ''} could not be read: ${problem.message}`);
  }
  if (blocking.length > 0) {
    reasons.push(`${plural(blocking.length, 'failed test')} ${blocking.length === 1 ? 'is' : 'are'} not quarantined.`);
  }
  if ((input.testOutcome === 'failure' || input.testOutcome === 'cancelled') && failed.length === 0) {
    reasons.push(
      `The test step's outcome is '${input.testOutcome}' but the reports show no failed test: something failed outside the reports (a crash, a timeout, a build error).`,
    );
  }
  return {
    result: reasons.length === 0 ? 'success' : 'failure',
    failed,
    forgiven,
    blocking,
    passedOnRetry,
    reasons,
  };
}
