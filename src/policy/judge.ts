/**
 * What a run's failures mean before the quarantine is decided again: the quarantine as it stood before the run
 * (stored state, hand overrides, broken files), the run's outages, and which failures of quarantined tests their
 * quarantine does not cover. Pure; used by applyRun, by the shards of one ingestion, and by the re-run step to
 * know which quarantined failures to re-run further.
 */
import type { ParsedReports } from '../model.ts';
import type { MessageNormaliser } from '../history/merge.ts';
import { withoutUntrusted } from '../history/trust.ts';
import { overrideExpired } from '../store/layout.ts';
import type { RunTable } from '../store/history-format.ts';
import { damageReason, inBrokenShard, type Snapshot } from '../store/snapshot.ts';
import { unforgivenFailures } from './forgive.ts';
import { ruleState } from './hand-edits.ts';
import { describeOutage, findOutages, outageFailures, type Outage } from './outage.ts';
import type { Outcome } from './outcome.ts';
import type { PolicyOptions } from './quarantine.ts';

export interface LapsedOverride {
  id: string;
  file: string;
  line?: number;
  until: string;
}

export interface QuarantineBefore {
  quarantined: Set<string>;
  /** The quarantined tests a hand override quarantines. */
  byHand: Set<string>;
  /** The overrides that lapsed since the last run. */
  lapsed: LapsedOverride[];
  /** Every override past its date. */
  expired: Set<string>;
  /** The quarantines that cover some matrix cells only (src/policy/cells.ts), by test. */
  cells?: Map<string, string[]>;
}

/**
 * Quarantine as it stood before this run: stored state, then unexpired hand overrides; broken files forgive nothing.
 * `lapsed` lists the overrides that lapsed since the last run (said once: the stats line remembers it in `lapsed`);
 * `expired` every override past its date.
 */
export function quarantineBefore(snapshot: Snapshot, now: number): QuarantineBefore {
  const quarantined = new Set<string>();
  const byHand = new Set<string>();
  const lapsed: LapsedOverride[] = [];
  const expired = new Set<string>();
  const cells = new Map<string, string[]>();
  // A damaged branch forgives nothing (src/store/snapshot.ts).
  if (snapshot.damaged.length > 0) return { quarantined, byHand, lapsed, expired };
  for (const [id, stats] of snapshot.stats) {
    const state = ruleState(stats);
    if (!state?.quarantined) continue;
    quarantined.add(id);
    if (state.cells) cells.set(id, state.cells);
  }
  for (const [id, stored] of snapshot.overrides) {
    if (overrideExpired(stored.override, now)) {
      expired.add(id);
      if (snapshot.stats.get(id)?.lapsed !== stored.override.until) lapsed.push({ id, file: stored.file, line: stored.line, until: stored.override.until! });
      continue;
    }
    cells.delete(id);
    if (stored.override.action === 'quarantine') {
      quarantined.add(id);
      byHand.add(id);
      if (stored.override.cells) cells.set(id, stored.override.cells);
    } else {
      quarantined.delete(id);
    }
  }
  for (const id of quarantined) if (inBrokenShard(snapshot, id)) quarantined.delete(id);
  for (const id of byHand) if (!quarantined.has(id)) byHand.delete(id);
  for (const id of cells.keys()) if (!quarantined.has(id)) cells.delete(id);
  return { quarantined, byHand, lapsed, expired, ...(cells.size > 0 ? { cells } : {}) };
}

export interface JudgeOptions {
  policy: PolicyOptions;
  /** Default: trim. */
  normalise?: MessageNormaliser;
  /** This run's matrix cell (RunContext.cell): a quarantine of other cells does not forgive its failures. */
  cell?: string;
}

export interface RunFailures {
  outages: Outage[];
  /** The outages in which a test's final attempt failed, described for the outcome's reasons. */
  failingOutages: string[];
  /** Quarantined tests whose failure in this run is not forgiven, with why. */
  unforgiven: Map<string, string>;
}

/**
 * This run's outages, and the failures of quarantined tests that their quarantine does not cover. `sha` is the
 * run's commit: a test that passed on it before is flaky there, and its failure is forgiven (src/policy/forgive.ts).
 */
export function judgeFailures(snapshot: Snapshot, before: QuarantineBefore, tests: ParsedReports['tests'], sha: string, options: JudgeOptions, consistent?: ReadonlyMap<string, string>): RunFailures {
  const normalise = options.normalise ?? ((m: string) => m.trim());
  const outages = findOutages(tests, normalise, options.policy);
  const inOutage = new Map<string, string>();
  for (const o of outages) for (const id of o.tests) inOutage.set(id, describeOutage(o));
  const unforgiven = unforgivenFailures({
    tests,
    // The failures a quarantine covers are learnt from trusted records only, always (src/history/trust.ts).
    history: anyUntrusted(snapshot.runs) ? withoutUntrusted(snapshot.history) : snapshot.history,
    quarantined: before.quarantined,
    byHand: before.byHand,
    outages: inOutage,
    sha,
    normalise,
    forgive: options.policy.forgive,
    ...(consistent ? { consistent } : {}),
    ...(before.cells && before.cells.size > 0 ? { cells: before.cells } : {}),
    ...(options.cell !== undefined ? { cell: options.cell } : {}),
  });
  const failingOutages = outages.filter((o) => outageFailures(tests, [o]).size > 0).map(describeOutage);
  return { outages, failingOutages, unforgiven };
}

/** Whether any run of the table is untrusted (src/history/trust.ts). */
export function anyUntrusted(runs: RunTable): boolean {
  for (const row of runs.values()) if (row.untrusted) return true;
  return false;
}

/** A damaged data branch fails the run, naming the file and line (src/store/snapshot.ts). */
export function withDamage(snapshot: Snapshot, outcome: Outcome): Outcome {
  const reason = damageReason(snapshot);
  return reason ? { ...outcome, result: 'failure', reasons: [...outcome.reasons, reason] } : outcome;
}
