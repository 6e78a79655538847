/**
 * The README badge: a Shields endpoint file (`badge.json` at the data branch's root, https://shields.io/badges/endpoint-badge)
 * that says how many tests are quarantined and whether that number is rising. Written with every write of a run
 * (docs/adr/0325-badge-on-the-data-branch.md); its only reader is Shields. Pure.
 *
 * The colour rule (README, "The badge"):
 * - no test quarantined: `brightgreen`, "none quarantined";
 * - 1–2 quarantined: `yellow`; 3–9: `orange`; 10 or more: `red`;
 * - rising (a test entered quarantine in the last 7 days): one step warmer (yellow → orange → red), and the message
 *   says how many are new ("3 quarantined, 1 new in 7 days").
 */
import { BADGE_FILE } from '../store/owned.ts';

export { BADGE_FILE };

export const BADGE_LABEL = 'flaky tests';
/** A quarantine that began this many days before the run or later makes the count rising. */
export const RISING_DAYS = 7;

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
  const message = quarantined <= 0 ? 'none quarantined' : `${quarantined} quarantined${recent > 0 ? `, ${recent} new in ${RISING_DAYS} days` : ''}`;
  return { schemaVersion: 1, label: BADGE_LABEL, message, color: COLORS[badgeLevel(counts)]! };
}

/** The counts after a run: its quarantined tests, and those whose quarantine (`since`) began in the RISING_DAYS days up to `now`. */
export function badgeCounts(applied: { quarantined: readonly string[]; decisions: ReadonlyMap<string, { since?: string }> }, now: number): BadgeCounts {
  const from = now - RISING_DAYS * 86_400_000;
  let recent = 0;
  for (const id of applied.quarantined) {
    const since = Date.parse(applied.decisions.get(id)?.since ?? '');
    if (since >= from) recent++;
  }
  return { quarantined: applied.quarantined.length, recent };
}

/** The file's text: one line of JSON. The same counts give the same bytes, so a write that changes none adds nothing. */
export function badgeText(counts: BadgeCounts): string {
  return `${JSON.stringify(badge(counts))}\n`;
}
