/** One test's runs, as the dashboard reads them from its outcome string (history/outcome-string.ts). */
import { forEachRun, parseOutcomeString } from '../history/outcome-string.ts';

/** One run of a test's outcome string. */
export interface Slot {
  seq: number;
  attempts: string;
}

/**
 * Calls `visit` for each run of an outcome string, oldest first: the step's own reader
 * (src/history/outcome-string.ts), so the page reads every schema the step writes. A malformed string visits nothing
 * (files.ts drops such a line before it gets here).
 */
export function forEachSlot(from: number, o: string, visit: (seq: number, attempts: string) => void): void {
  const segments = parseOutcomeString(o);
  if (segments) forEachRun(from, segments, visit);
}

/** Decodes an outcome string into its runs. */
export function slotsOf(from: number, o: string): Slot[] {
  const out: Slot[] = [];
  forEachSlot(from, o, (seq, attempts) => out.push({ seq, attempts }));
  return out;
}

export const isFail = (c: string | undefined): boolean => c === 'F' || c === 'E';

/** What one run of a test was: the letters of its attempts without skips. */
export function runKind(attempts: string): 'passed' | 'failed' | 'flaked' | 'skipped' {
  if (attempts.length === 1) return attempts === 'P' ? 'passed' : attempts === 'S' ? 'skipped' : 'failed';
  const a = attempts.replace(/S/g, '');
  if (a === '') return 'skipped';
  if (isFail(a[a.length - 1])) return 'failed';
  return /[FE]/.test(a) ? 'flaked' : 'passed';
}
