/**
 * "Closed by hand" as a quarantine decision: when a person closes a test's flakeguard issue as completed
 * (close-lifts-quarantine), the next run releases the test and from then on judges it only on the runs after the
 * close, so that the evidence the owner says is fixed cannot quarantine it again, under whichever rule is chosen.
 * Pure; used by applyRun.
 */
import type { QuarantineState, TestHistory } from '../model.ts';
import type { Decision, PolicyOptions } from './quarantine.ts';
import { decide } from './decide.ts';
import type { PfsMemo } from '../scoring/pfs.ts';

export interface ClosedByHand {
  /** The issue's number, for the reason shown to users. */
  issue: number;
  /** When it was closed, ms since the epoch. */
  since: number;
}

/** For applyRun: the person's close of this test's issue, if any. */
export type ClosedByHandLookup = (id: string) => ClosedByHand | undefined;

export function decideAfterHandClose(test: TestHistory, previous: QuarantineState | undefined, closed: ClosedByHand, now: string, policy: PolicyOptions, memo?: PfsMemo): Decision {
  const after: TestHistory = { ...test, runs: test.runs.filter((r) => r.time > closed.since) };
  const closedIso = new Date(closed.since).toISOString();
  // Its quarantine ended with the close: decide as for a test that was not quarantined since then.
  const prior: QuarantineState | undefined = previous?.quarantined ? { quarantined: false, reason: '', since: closedIso } : previous;
  const decision = decide(after, prior, null, now, policy, memo);
  const what = `issue #${closed.issue} was closed as completed on ${closedIso.slice(0, 10)}`;
  return {
    ...decision,
    reason: decision.quarantined ? `${decision.reason} (runs after ${what})` : `${what}, which lifts the quarantine; since then: ${decision.reason}`,
  };
}
