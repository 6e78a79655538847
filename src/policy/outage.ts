/**
 * Outages: many tests of one report failing together with one message (a database down, a network partition, a
 * runner out of disk). Such a failure says nothing about any one test, so it is never evidence of flakiness — a
 * re-run that passes would otherwise count as a same-commit flip for every test of the module — and it is never
 * forgiven, even for quarantined tests: the job fails and says it was an outage. Pure.
 */
import { isFailure, type ParsedTestCase } from '../model.ts';
import { failureKey, failureMessageOf, type MessageNormaliser } from '../history/merge.ts';
import { finalAttemptFailed } from './outcome.ts';

export interface OutageOptions {
  /** At least this many tests of one report failed with the same message… */
  outageMinTests: number;
  /** …and they are at least this percentage of that report's tests. */
  outagePercent: number;
}

export interface Outage {
  report: string;
  /** The failure key (failureKey) the tests share. */
  message: string;
  /** Ids of the tests that failed with it in this report. */
  tests: string[];
  /** Tests in the report. */
  of: number;
}

export function findOutages(tests: readonly ParsedTestCase[], normalise: MessageNormaliser, options: OutageOptions): Outage[] {
  const perReport = new Map<string, number>();
  const groups = new Map<string, Map<string, string[]>>();
  // The tests of one report come one after another: counted in a run, added to the report's count when it ends.
  let report: string | undefined;
  let count = 0;
  for (const test of tests) {
    if (test.report !== report) {
      if (report !== undefined) perReport.set(report, (perReport.get(report) ?? 0) + count);
      report = test.report;
      count = 0;
    }
    count++;
    // Only a failed attempt has a message (failureMessageOf): a test that passed every attempt is only counted.
    if (!anyFailure(test)) continue;
    const message = failureKey(failureMessageOf(test, normalise));
    if (message === undefined) continue;
    let byMessage = groups.get(test.report);
    if (!byMessage) groups.set(test.report, (byMessage = new Map()));
    const ids = byMessage.get(message);
    if (ids) ids.push(test.id);
    else byMessage.set(message, [test.id]);
  }
  if (report !== undefined) perReport.set(report, (perReport.get(report) ?? 0) + count);
  const outages: Outage[] = [];
  for (const [report, byMessage] of groups) {
    const of = perReport.get(report)!;
    for (const [message, ids] of byMessage) {
      if (ids.length >= options.outageMinTests && ids.length * 100 >= of * options.outagePercent) outages.push({ report, message, tests: ids, of });
    }
  }
  return outages;
}

function anyFailure(test: ParsedTestCase): boolean {
  const attempts = test.attempts;
  for (let i = 0; i < attempts.length; i++) if (isFailure(attempts[i]!.status)) return true;
  return false;
}

/** Ids of the tests whose final attempt failed in an outage. */
export function outageFailures(tests: readonly ParsedTestCase[], outages: readonly Outage[]): Set<string> {
  const inOutage = new Set(outages.flatMap((o) => o.tests));
  return new Set(tests.filter((t) => inOutage.has(t.id) && finalAttemptFailed(t)).map((t) => t.id));
}

export function describeOutage(o: Outage): string {
  return `${o.tests.length} of the ${o.of} tests of ${o.report} failed with the same message`;
}
