/**
 * What changed in a test's quarantine decision in one run, as one event of its timeline (src/store/decisions.ts,
 * docs/data-branch.md#decisionsjson). Pure: compares the state the last run wrote with the decision of this run. It
 * records decisions; it never makes one.
 */
import type { DecisionEvent } from '../store/decisions.ts';
import type { Decision } from './quarantine.ts';

/** A test's quarantine state as far as the timeline cares: quarantined or not, and whether a hand override decides it. */
export interface DecisionState {
  quarantined: boolean;
  hand: boolean;
}

export const NOT_QUARANTINED: DecisionState = { quarantined: false, hand: false };

/**
 * The state the previous run wrote into a stats line: `quarantined` as flakeguard wrote it (the line of the snapshot
 * after src/pipeline/apply-hand-edits.ts, which puts back the value of an edited `quarantined`), and whether an override
 * decided it (`auto` is written beside every hand decision). A test without a line was not quarantined.
 */
export function writtenState(line: { quarantined: boolean; [k: string]: unknown } | undefined): DecisionState {
  if (!line) return NOT_QUARANTINED;
  return { quarantined: line.quarantined === true, hand: typeof line.auto === 'object' && line.auto !== null };
}

export function decidedState(decision: Pick<Decision, 'quarantined' | 'override' | 'auto'>): DecisionState {
  return { quarantined: decision.quarantined, hand: decision.override !== undefined || decision.auto !== undefined };
}

/** Why the state may have changed besides the rule, for this test in this run. */
export interface ChangeCauses {
  /** Its override passed its `until` this run. */
  lapsed?: boolean;
  /** An edit of a computed field honoured this run: as a quarantine (an override from now on) or a release. */
  edit?: { effect: 'quarantine' | 'release'; message: string };
  /** A person closed its issue as completed: the issue's number (close-lifts-quarantine). */
  issueClosed?: () => number | undefined;
  /** A rule of `policy.quarantine` acted on it this run (src/policy/quarantine-rules.ts); `newly`: the first run it did. */
  rule?: { kind: 'cap' | 'owner-required' | 'expired'; newly: boolean };
}

const RULE_EVENT = { cap: 'quarantine refused', 'owner-required': 'owner required', expired: 'expired' } as const;

export type DecisionChange = Omit<DecisionEvent, 'run' | 'at'>;

/** The event of this run for one test, or undefined when its decision did not change. */
export function decisionChange(before: DecisionState, decision: Pick<Decision, 'quarantined' | 'reason' | 'override' | 'auto'>, causes: ChangeCauses = {}): DecisionChange | undefined {
  const after = decidedState(decision);
  const reason = decision.reason;
  const quarantined = after.quarantined;
  if (after.hand) {
    if (before.hand && before.quarantined === after.quarantined) return undefined;
    // Set, or its action changed; an honoured edit of "quarantined"/"successRate" is recorded as an override.
    if (!before.hand && causes.edit?.effect === 'quarantine') return { event: 'hand edit', quarantined, by: 'hand', reason };
    return { event: 'override', quarantined, by: 'hand', reason };
  }
  if (before.hand) return { event: causes.lapsed ? 'override lapsed' : 'override cleared', quarantined, by: 'rule', reason };
  if (causes.rule && (causes.rule.newly || before.quarantined !== after.quarantined)) return { event: RULE_EVENT[causes.rule.kind], quarantined, by: 'rule', reason };
  if (before.quarantined === after.quarantined) return undefined;
  if (!quarantined && causes.edit?.effect === 'release') return { event: 'hand edit', quarantined, by: 'hand', reason: causes.edit.message };
  if (!quarantined && causes.issueClosed?.() !== undefined) return { event: 'issue closed', quarantined, by: 'hand', reason };
  return { event: quarantined ? 'quarantined' : 'released', quarantined, by: 'rule', reason };
}
