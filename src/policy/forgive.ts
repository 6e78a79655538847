/**
 * Which failures of quarantined tests are forgiven. Quarantine is a judgement on how a test fails: a quarantined
 * test that now fails in a way it never failed flakily (a new message: it has really broken) or in an outage is
 * not forgiven — the accuracy simulator measured such failures as every masked regression
 * (docs/benchmarks-archive.md#why-the-targets-were-missed-before-and-the-two-rules-that-fixed-it).
 * A test quarantined by hand is trusted to the person: all its failures are forgiven, outages excepted. Pure.
 */
import type { History, ParsedTestCase, TestHistory } from '../model.ts';
import { failureKey, failureMessageOf, type MessageNormaliser } from '../history/merge.ts';
import { failedInRun } from './outcome.ts';
import { commitOf } from '../history/cell.ts';

/** `known-failures` (default): forgive a failure the test has shown flakily before; `any-failure`: every failure. */
export type ForgiveMode = 'known-failures' | 'any-failure';

export interface ForgivenessInput {
  /** This run's tests. */
  tests: readonly ParsedTestCase[];
  /** The history before this run. */
  history: History;
  /** Quarantined before this run (stored state and hand overrides). */
  quarantined: ReadonlySet<string>;
  /** Of those, quarantined by a hand override. */
  byHand: ReadonlySet<string>;
  /** Tests whose failure in this run is part of an outage (src/policy/outage.ts), with a description of it. */
  outages: ReadonlyMap<string, string>;
  /** This run's commit. */
  sha: string;
  normalise: MessageNormaliser;
  forgive: ForgiveMode;
  /**
   * Tests whose re-runs on this commit failed so often in a row that their flakiness cannot explain it
   * (src/rerun/stopping.ts), or that fail inside the full run and pass alone (order-dependent, src/rerun/order.ts),
   * with the sentence that says so: not forgiven, whatever the quarantine, unless by hand.
   */
  consistent?: ReadonlyMap<string, string>;
  /** The quarantines that cover some matrix cells only, by test (src/policy/cells.ts). */
  cells?: ReadonlyMap<string, readonly string[]>;
  /** This run's matrix cell, when known: a failure outside a quarantine's cells is not forgiven. */
  cell?: string;
}

/**
 * Failure keys (failureKey) of the failure modes the test has shown flakily: seen on a commit where the test also passed, or in
 * at least two separate failure episodes on the default branch (a failure that keeps coming back is not one
 * regression). Outage runs do not count.
 */
export function knownFailureModes(history: TestHistory | undefined): Set<string | undefined> {
  const known = new Set<string | undefined>();
  if (!history) return known;
  const passedOn = new Set<string>();
  for (const r of history.runs) if (!r.outage && r.attempts.indexOf('P') >= 0) passedOn.add(commitOf(r));
  const episodes = new Map<string | undefined, number>();
  // Per matrix cell: the message of the failure episode in progress (absent: none); a pass in another cell does not end it.
  const inProgress = new Map<string, string | undefined>();
  for (const r of history.runs) {
    if (r.outage) continue;
    const failed = r.attempts.indexOf('F') >= 0 || r.attempts.indexOf('E') >= 0;
    const cell = r.cell ?? '';
    const previous = inProgress.has(cell) ? inProgress.get(cell) : null;
    if (!failed) {
      if (r.attempts.indexOf('P') >= 0) inProgress.delete(cell);
      continue;
    }
    const key = failureKey(r.message);
    if (passedOn.has(commitOf(r))) known.add(key);
    if (r.onDefaultBranch && previous !== key) {
      const n = (episodes.get(key) ?? 0) + 1;
      episodes.set(key, n);
      if (n >= 2) known.add(key);
    }
    if (r.onDefaultBranch) inProgress.set(cell, key);
  }
  return known;
}

/** Quarantined tests that failed in this run and are not forgiven, with why in words. */
export function unforgivenFailures(input: ForgivenessInput): Map<string, string> {
  const out = new Map<string, string>();
  if (input.quarantined.size === 0) return out;
  // A failure first (a look at the test's own attempts), then the look-up of its id: most tests passed.
  for (const test of input.tests) {
    if (!failedInRun(test, input.consistent) || !input.quarantined.has(test.id)) continue;
    const outage = input.outages.get(test.id);
    if (outage !== undefined) {
      out.set(test.id, `quarantined, but failed in an outage (${outage}): not forgiven`);
      continue;
    }
    const cells = input.cells?.get(test.id);
    if (cells !== undefined && (input.cell === undefined || !cells.includes(input.cell))) {
      const where = input.cell === undefined ? 'in a run whose matrix cell is not known' : `in ${input.cell}`;
      out.set(test.id, `quarantined ${cells.length > 0 ? `only in ${cells.join('; ')}` : 'in no cell yet'}, but failed ${where}: not forgiven`);
      continue;
    }
    if (input.byHand.has(test.id)) continue;
    const consistent = input.consistent?.get(test.id);
    if (consistent !== undefined) {
      out.set(test.id, `quarantined, but ${consistent}: not forgiven`);
      continue;
    }
    if (input.forgive === 'any-failure') continue;
    // It passed on this very commit (a retry in this run, or an earlier run): this failure is flaky by definition.
    if (test.attempts.some((a) => a.status === 'passed')) continue;
    const history = input.history.get(test.id);
    const commit = commitOf({ sha: input.sha, ...(input.cell !== undefined ? { cell: input.cell } : {}) });
    if (history?.runs.some((r) => commitOf(r) === commit && !r.outage && r.attempts.indexOf('P') >= 0)) continue;
    if (knownFailureModes(history).has(failureKey(failureMessageOf(test, input.normalise)))) continue;
    out.set(test.id, 'quarantined, but failed with a message never seen in its flaky failures (it may really be broken): not forgiven');
  }
  return out;
}
