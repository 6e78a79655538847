/**
 * The README badge: a Shields endpoint file (`badge.json` at the data branch's root, https://shields.io/badges/endpoint-badge)
 * that says how many tests are quarantined and whether that number is rising. Written with every write of a run
 * (docs/adr/0325-badge-on-the-data-branch.md); its only reader is Shields. Pure.
 *
 * The colour rule (README, "The badge"):
 * - no test quarantined: `brightgreen`, "none quarantined";
 * - 1–2 quarantined: `yellow`; 3–9: `orange`; 10 or more: `red`;
 * - rising (a test entered quarantine in the last 7 days): one step warmer (yellow → orange → red), and the message
 *   says how many are new ("3 quarantined, 1 new in 7 days");
 * - the runs flakeguard's re-runs saved in the last SAVED_DAYS days (red in their own reports, every failure passed on
 *   a re-run, the job green: runs.json's figures, ADR 0460), when there are any: "…, 4 runs saved in 30 days". The
 *   colour does not change with them.
 */
import { BADGE_FILE } from '../store/owned.ts';
import type { RunTable } from '../store/history-format.ts';

export { BADGE_FILE };

export const BADGE_LABEL = 'flaky tests';
/** A quarantine that began this many days before the run or later makes the count rising. */
export const RISING_DAYS = 7;
/** Runs saved by re-runs are counted over this many days up to the run. */
export const SAVED_DAYS = 30;

/** The fields of Shields' endpoint schema this file uses (schemaVersion, label and message are required). */
export interface ShieldsEndpoint {
  schemaVersion: 1;
  label: string;
  message: string;
  color: string;
}

export interface BadgeCounts {
  /** Tests quarantined after the run. */
  quarantined: number;
  /** Of those, the ones whose quarantine began in the last RISING_DAYS days. */
  recent: number;
  /** Runs of the last SAVED_DAYS days that re-runs turned green (absent: 0). */
  savedRuns?: number;
}

const COLORS = ['brightgreen', 'yellow', 'orange', 'red'] as const;

/** 0 for none, 1 for 1–2, 2 for 3–9, 3 for 10 and more; one more (at most 3) when rising. */
export function badgeLevel({ quarantined, recent }: BadgeCounts): number {
  if (quarantined <= 0) return 0;
  const byCount = quarantined < 3 ? 1 : quarantined < 10 ? 2 : 3;
  return Math.min(3, byCount + (recent > 0 ? 1 : 0));
}

export function badge(counts: BadgeCounts): ShieldsEndpoint {
  const { quarantined, recent } = counts;
  const saved = counts.savedRuns ?? 0;
  const message =
    (quarantined <= 0 ? 'none quarantined' : `${quarantined} quarantined${recent > 0 ? `, ${recent} new in ${RISING_DAYS} days` : ''}`) +
    (saved > 0 ? `, ${saved} run${saved === 1 ? '' : 's'} saved in ${SAVED_DAYS} days` : '');
  return { schemaVersion: 1, label: BADGE_LABEL, message, color: COLORS[badgeLevel(counts)]! };
}

/** The counts after a run: its quarantined tests, and those whose quarantine (`since`) began in the RISING_DAYS days up to `now`. */
export function badgeCounts(applied: { quarantined: readonly string[]; decisions: ReadonlyMap<string, { since?: string }>; runs?: RunTable }, now: number): BadgeCounts {
  const from = now - RISING_DAYS * 86_400_000;
  let recent = 0;
  for (const id of applied.quarantined) {
    const since = Date.parse(applied.decisions.get(id)?.since ?? '');
    if (since >= from) recent++;
  }
  const savedFrom = now - SAVED_DAYS * 86_400_000;
  let savedRuns = 0;
  for (const row of applied.runs?.values() ?? []) if (row.jobSucceeded === true && (row.figures?.passedOnRerun ?? 0) > 0 && row.time >= savedFrom) savedRuns++;
  return { quarantined: applied.quarantined.length, recent, ...(savedRuns > 0 ? { savedRuns } : {}) };
}

/** The file's text: one line of JSON. The same counts give the same bytes, so a write that changes none adds nothing. */
export function badgeText(counts: BadgeCounts): string {
  return `${JSON.stringify(badge(counts))}\n`;
}
