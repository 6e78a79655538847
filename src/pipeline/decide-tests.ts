/**
 * Every test of the merged history decided and scored: the quarantine rule (src/policy/decide.ts) with the cells it
 * covers, a hand override's `auto`, the score phrase. Whatever is computed from a test's records alone is computed
 * once per records key; a stretch of neighbours with the same key and nothing else to be decided by (no override,
 * no rule state, no issue closed by hand) takes the decision and scores of the test before without a look-up. Pure.
 */
import type { History, QuarantineState } from '../model.ts';
import type { Decision, PolicyOptions } from '../policy/quarantine.ts';
import { decide } from '../policy/decide.ts';
import { withCells } from '../policy/cells.ts';
import { createPfsMemo } from '../scoring/pfs.ts';
import { LazyHistory } from '../history/stored.ts';
import { hasUntrustedRecord, trustedOnly } from '../history/trust.ts';
import { decideAfterHandClose, type ClosedByHandLookup } from '../policy/hand-close.ts';
import { ruleState } from '../policy/hand-edits.ts';
import type { Snapshot } from '../store/snapshot.ts';
import { pfsPhrase, type ScoreTests } from './stats-scores.ts';

/**
 * The decisions by test id. Sets made after the tests were decided in order (the order-dependence, entry-held and
 * fix passes of applyRun) are counted in `changed`, so that a reader of the decisions in order knows which to look up.
 */
export class DecisionMap extends Map<string, Decision> {
  changed: Set<string> | undefined;
  override set(id: string, decision: Decision): this {
    this.changed?.add(id);
    return super.set(id, decision);
  }
}

export interface DecideInput {
  history: History;
  /** The history as evidence (trusted records only when some run is untrusted); `history` itself in the common case. */
  evidence: History;
  snapshot: Snapshot;
  /** Overrides past their date. */
  lapsed: ReadonlySet<string>;
  closedByHand: ClosedByHandLookup | undefined;
  nowIso: string;
  options: { policy: PolicyOptions; scoreTests?: ScoreTests };
}

export interface Decided {
  decisions: DecisionMap;
  scores: Map<string, Record<string, unknown>>;
  /** `history` when it is in its stored form and is its own evidence: `inOrder` follows its `stored` order. */
  lazy: LazyHistory | undefined;
  /** The decisions in the order of `lazy.stored` (as decided here, before any later set: DecisionMap.changed). */
  inOrder: Decision[] | undefined;
}

export function decideTests(o: DecideInput): Decided {
  // Computed once per distinct history: most tests of a suite share theirs (every run passed).
  const scoreOf = scoresByRecords(o.history, o.evidence, o.options.scoreTests);
  const decisions = new DecisionMap();
  const lapsedIds = o.lapsed;
  const memo = createPfsMemo();
  const byRecords = new Map<string, Decision>();
  const lazy = o.evidence === o.history && o.history instanceof LazyHistory ? o.history : undefined;
  const scores = new Map<string, Record<string, unknown>>();
  // The decisions in the order of the stored form's tests, which the write iterates in the same order.
  const inOrder: Decision[] | undefined = lazy ? [] : undefined;
  // The stored form's own entries when there is one: its tests' keys are made without looking each id up.
  // A stretch of neighbours in one class: the last test decided with nothing but its records, and its key.
  let plain: { key: string; decision: Decision; scores: Record<string, unknown> | undefined } | undefined;
  for (const [id, storedTest] of lazy ? lazy.stored : idsAlone(o.evidence)) {
    // Each test's records key is made once, here: its scores and its decision are looked up by it.
    const testKey = storedTest && lazy?.recordsKeyOf(storedTest);
    const stored = o.snapshot.overrides.get(id);
    const override = stored && !lapsedIds.has(id) ? stored.override : null;
    // The rule's own state: a hand decision that lapsed or was cleared leaves no trace (src/policy/hand-edits.ts).
    const previous: QuarantineState | undefined = ruleState(o.snapshot.stats.get(id));
    const closed = override ? undefined : o.closedByHand?.(id);
    // The test before had the same records and, as this one, nothing else to be decided by (the records key is
    // handed back as the same string, LazyHistory.recordsKeyOf): its scores and decision are this one's.
    if (plain !== undefined && testKey === plain.key && !override && !closed && previous === undefined) {
      if (o.options.scoreTests) scores.set(id, plain.scores!);
      decisions.set(id, plain.decision);
      inOrder?.push(plain.decision);
      continue;
    }
    const testScores = o.options.scoreTests ? scoreOf(id, testKey)! : undefined;
    if (testScores) scores.set(id, testScores);
    const recordsKey = !override && !closed ? testKey : undefined;
    const key = recordsKey === undefined ? undefined : previous ? `${recordsKey}\u0000${JSON.stringify(previous)}` : recordsKey;
    const known = key === undefined ? undefined : byRecords.get(key);
    if (known) {
      decisions.set(id, known);
      inOrder?.push(known);
      plain = key === testKey && testKey !== undefined ? { key: testKey, decision: known, scores: testScores } : undefined;
      continue;
    }
    const counted = o.evidence.get(id)!;
    // A quarantined test is judged on its trusted records alone: untrusted evidence never releases it (src/history/trust.ts).
    const test = previous?.quarantined && hasUntrustedRecord(counted) ? trustedOnly(counted) : counted;
    // Where a quarantine applies: the cells it covers (src/policy/cells.ts).
    let decision = withCells(
      closed ? decideAfterHandClose(test, previous, closed, o.nowIso, o.options.policy, memo) : decide(test, previous, override, o.nowIso, o.options.policy, memo),
      test,
      override,
      o.options.policy,
    );
    if (override) {
      // The hand decision's own start, from the line it wrote at the last run (`auto` is written only under an
      // override): `previous` is the rule's state, whose `since` would re-stamp a hand decision at every run.
      const shown = o.snapshot.stats.get(id);
      if (shown?.auto && shown.quarantined === decision.quarantined && typeof shown.since === 'string') decision = { ...decision, since: shown.since };
      // The rule's decision with the cells it covers: the run after the override lapses judges by them.
      const auto = withCells(decide(test, previous, null, o.nowIso, o.options.policy, memo), test, null, o.options.policy);
      decision = {
        ...decision,
        auto: {
          quarantined: auto.quarantined,
          reason: auto.reason,
          ...(auto.since ? { since: auto.since } : {}),
          ...(auto.evidenceAfter !== undefined ? { evidenceAfter: auto.evidenceAfter } : {}),
          ...(auto.cells ? { cells: auto.cells } : {}),
        },
      };
    }
    const pfs = override || o.options.policy.rule === 'pfs' ? undefined : pfsPhrase(scores.get(id)); // the pfs rule's reason gives it already
    const final = pfs ? { ...decision, reason: `${decision.reason}; ${pfs}` } : decision;
    decisions.set(id, final);
    inOrder?.push(final);
    if (key !== undefined) byRecords.set(key, final);
    plain = key !== undefined && key === testKey ? { key, decision: final, scores: testScores } : undefined;
  }
  decisions.changed = new Set();
  return { decisions, scores, lazy, inOrder };
}

/** A history's ids, each with no stored form (the decision loop's entries when the history is decoded). */
function* idsAlone(history: History): Generator<[string, undefined]> {
  for (const id of history.keys()) yield [id, undefined];
}

/**
 * Scores by test id, computed once per distinct history when the history is in its stored form: `key` is the test's
 * records key (LazyHistory.recordsKey), given by the caller, which makes it once.
 */
function scoresByRecords(history: History, evidence: History, scoreTests: ScoreTests | undefined): (id: string, key: string | undefined) => Record<string, unknown> | undefined {
  if (!scoreTests) return () => undefined;
  if (evidence !== history || !(history instanceof LazyHistory)) {
    const all = scoreTests(evidence);
    return (id) => all.get(id);
  }
  const byKey = new Map<string, Record<string, unknown>>();
  return (id, key = history.recordsKey(id)!) => {
    let scores = byKey.get(key);
    if (!scores) {
      scores = scoreTests(new Map([[id, history.get(id)!]])).get(id)!;
      byKey.set(key, scores);
    }
    return scores;
  };
}
