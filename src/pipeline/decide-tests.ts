/**
 * Every test of the merged history decided and scored: the quarantine rule (src/policy/decide.ts) with the cells it
 * covers, a hand override's `auto`, the score phrase. Whatever is computed from a test's records alone is computed
 * once per records key; a stretch of neighbours with the same key and nothing else to be decided by (no override,
 * no rule state, no issue closed by hand) takes the decision and scores of the test before without a look-up, and
 * is not set by id either: the maps answer it from its records class (ByClass, docs/adr/0530). Pure.
 */
import type { History, QuarantineState } from '../model.ts';
import type { StoredTest } from '../history/stored.ts';
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

/**
 * A map by test id of what was decided (or scored) for each test of a history in its stored form, in its stored
 * order, without a set by id for a test taken as its neighbour's (docs/adr/0530-decisions-by-records-class.md):
 * - `inOrder[k]` is the value of the k-th stored test as decided; iteration zips the stored ids with it;
 * - `get(id)` is the value set by id (`own`: every test decided on its own, and every later set), else the value of
 *   the test's records class, `ofClass(its stored form)`: a neighbour's value is its class's by construction
 *   (decideTests), so the look-up finds what a set would have stored;
 * - a set after construction is counted in `changed` (as DecisionMap's) and wins over `inOrder` in iteration.
 * To every reader it is the Map a set per test would have made: the same entries, in the same order.
 */
export class ByClass<V> extends Map<string, V> {
  changed: Set<string> | undefined;
  /** Ids set that are not stored tests (none in applyRun): kept after the stored ones, as a Map would. */
  private extra = 0;
  private readonly stored: ReadonlyMap<string, StoredTest>;
  private readonly inOrder: readonly V[];
  private readonly own: Map<string, V>;
  private readonly ofClass: (test: StoredTest) => V | undefined;

  constructor(stored: ReadonlyMap<string, StoredTest>, inOrder: readonly V[], own: Map<string, V>, ofClass: (test: StoredTest) => V | undefined) {
    super();
    this.stored = stored;
    this.inOrder = inOrder;
    this.own = own;
    this.ofClass = ofClass;
    // Map.prototype.size reads the (empty) base map.
    Object.defineProperty(this, 'size', { get: () => this.stored.size + this.extra });
  }

  override get(id: string): V | undefined {
    const value = this.own.get(id);
    if (value !== undefined) return value;
    const test = this.stored.get(id);
    return test === undefined ? undefined : this.ofClass(test);
  }

  override has(id: string): boolean {
    return this.stored.has(id) || this.own.has(id);
  }

  override set(id: string, value: V): this {
    if (!this.stored.has(id) && !this.own.has(id)) this.extra++;
    this.own.set(id, value);
    this.changed?.add(id);
    return this;
  }

  override delete(id: string): boolean {
    throw new Error(`decisions and scores are not deleted (${id})`);
  }

  override clear(): void {
    throw new Error('decisions and scores are not deleted');
  }

  override *entries(): MapIterator<[string, V]> {
    const changed = this.changed !== undefined && this.changed.size > 0 ? this.changed : undefined;
    let k = 0;
    for (const id of this.stored.keys()) {
      yield [id, changed !== undefined && changed.has(id) ? this.own.get(id)! : this.inOrder[k]!];
      k++;
    }
    if (this.extra > 0) for (const [id, value] of this.own) if (!this.stored.has(id)) yield [id, value];
  }

  override *keys(): MapIterator<string> {
    for (const [id] of this.entries()) yield id;
  }

  override *values(): MapIterator<V> {
    for (const [, value] of this.entries()) yield value;
  }

  override [Symbol.iterator](): MapIterator<[string, V]> {
    return this.entries();
  }

  override forEach(callback: (value: V, key: string, map: Map<string, V>) => void, thisArg?: unknown): void {
    for (const [id, value] of this.entries()) callback.call(thisArg, value, id, this);
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
  decisions: DecisionMap | ByClass<Decision>;
  scores: Map<string, Record<string, unknown>>;
  /** `history` when it is in its stored form and is its own evidence: `inOrder` follows its `stored` order. */
  lazy: LazyHistory | undefined;
  /** The decisions in the order of `lazy.stored` (as decided here, before any later set: DecisionMap.changed). */
  inOrder: Decision[] | undefined;
}

export function decideTests(o: DecideInput): Decided {
  // Computed once per distinct history: most tests of a suite share theirs (every run passed).
  const scoresByKey = new Map<string, Record<string, unknown>>();
  const scoreOf = scoresByRecords(o.history, o.evidence, o.options.scoreTests, scoresByKey);
  const lapsedIds = o.lapsed;
  const memo = createPfsMemo();
  const byRecords = new Map<string, Decision>();
  const lazy = o.evidence === o.history && o.history instanceof LazyHistory ? o.history : undefined;
  const scoring = o.options.scoreTests !== undefined;
  // The decisions and scores of the tests decided on their own, by id; with a stored form, a neighbour taken as the
  // test before is not set by id: ByClass answers it from its class (byRecords, scoreOf.byKey).
  const own: Map<string, Decision> = lazy ? new Map() : new DecisionMap();
  const ownScores = new Map<string, Record<string, unknown>>();
  // The decisions (and scores) in the order of the stored form's tests, which the write iterates in the same order.
  const inOrder: Decision[] | undefined = lazy ? [] : undefined;
  const scoresInOrder: Array<Record<string, unknown>> | undefined = lazy && scoring ? [] : undefined;
  const overrides = o.snapshot.overrides;
  const anyOverride = overrides.size > 0;
  const stats = o.snapshot.stats;
  const closedByHand = o.closedByHand;
  // A stretch of neighbours in one class: the last test decided with nothing but its records, its key and scores.
  let plainKey: string | undefined;
  let plainDecision: Decision | undefined;
  let plainScores: Record<string, unknown> | undefined;
  for (const [id, storedTest] of lazy ? lazy.stored : idsAlone(o.evidence)) {
    // Each test's records key is made once, here: its scores and its decision are looked up by it.
    const testKey = storedTest && lazy?.recordsKeyOf(storedTest);
    const stored = anyOverride ? overrides.get(id) : undefined;
    const override = stored && !lapsedIds.has(id) ? stored.override : null;
    // The rule's own state: a hand decision that lapsed or was cleared leaves no trace (src/policy/hand-edits.ts).
    const previous: QuarantineState | undefined = ruleState(stats.get(id));
    const closed = override || closedByHand === undefined ? undefined : closedByHand(id);
    // The test before had the same records and, as this one, nothing else to be decided by (the records key is
    // handed back as the same string, LazyHistory.recordsKeyOf): its scores and decision are this one's, which are
    // its class's (byRecords and the scores by key hold them under that key).
    if (plainKey !== undefined && testKey === plainKey && !override && !closed && previous === undefined) {
      // (Only a stored form has records keys.)
      scoresInOrder?.push(plainScores!);
      inOrder!.push(plainDecision!);
      continue;
    }
    const testScores = scoring ? scoreOf(id, testKey)! : undefined;
    if (testScores) {
      ownScores.set(id, testScores);
      scoresInOrder?.push(testScores);
    }
    const recordsKey = !override && !closed ? testKey : undefined;
    const key = recordsKey === undefined ? undefined : previous ? `${recordsKey}\u0000${JSON.stringify(previous)}` : recordsKey;
    const known = key === undefined ? undefined : byRecords.get(key);
    if (known) {
      own.set(id, known);
      inOrder?.push(known);
      const plain = key === testKey && testKey !== undefined;
      plainKey = plain ? testKey : undefined;
      plainDecision = plain ? known : undefined;
      plainScores = plain ? testScores : undefined;
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
      const shown = stats.get(id);
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
    const pfs = override || o.options.policy.rule === 'pfs' ? undefined : pfsPhrase(testScores); // the pfs rule's reason gives it already
    const final = pfs ? { ...decision, reason: `${decision.reason}; ${pfs}` } : decision;
    own.set(id, final);
    inOrder?.push(final);
    if (key !== undefined) byRecords.set(key, final);
    const plain = key !== undefined && key === testKey;
    plainKey = plain ? key : undefined;
    plainDecision = plain ? final : undefined;
    plainScores = plain ? testScores : undefined;
  }
  if (!lazy) {
    const decisions = own as DecisionMap;
    decisions.changed = new Set();
    return { decisions, scores: ownScores, lazy, inOrder };
  }
  const stored = lazy.stored;
  const decisions = new ByClass<Decision>(stored, inOrder!, own, (test) => byRecords.get(lazy.recordsKeyOf(test)));
  decisions.changed = new Set();
  const scores = scoresInOrder ? new ByClass<Record<string, unknown>>(stored, scoresInOrder, ownScores, (test) => scoresByKey.get(lazy.recordsKeyOf(test))) : ownScores;
  return { decisions, scores, lazy, inOrder };
}

/** A history's ids, each with no stored form (the decision loop's entries when the history is decoded). */
function* idsAlone(history: History): Generator<[string, undefined]> {
  for (const id of history.keys()) yield [id, undefined];
}

/**
 * Scores by test id, computed once per distinct history when the history is in its stored form: `key` is the test's
 * records key (LazyHistory.recordsKey), given by the caller, which makes it once; `byKey` keeps them by that key.
 */
function scoresByRecords(
  history: History,
  evidence: History,
  scoreTests: ScoreTests | undefined,
  byKey: Map<string, Record<string, unknown>>,
): (id: string, key: string | undefined) => Record<string, unknown> | undefined {
  if (!scoreTests) return () => undefined;
  if (evidence !== history || !(history instanceof LazyHistory)) {
    const all = scoreTests(evidence);
    return (id) => all.get(id);
  }
  return (id, key = history.recordsKey(id)!) => {
    let scores = byKey.get(key);
    if (!scores) {
      scores = scoreTests(new Map([[id, history.get(id)!]])).get(id)!;
      byKey.set(key, scores);
    }
    return scores;
  };
}
