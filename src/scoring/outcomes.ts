/**
 * Shared helpers that turn a `TestRunRecord.attempts` string (one STATUS_CODE letter per attempt:
 * P passed, F failed, E error, S skipped) into what the scoring methods need.
 * `E` (error) is a failure everywhere; `S` (skipped) is never an observation.
 */

/** Char codes, to avoid allocating substrings in hot loops. */
export const CH_P = 80; // 'P'
export const CH_F = 70; // 'F'
export const CH_E = 69; // 'E'

/**
 * Outcome of one run: its final non-skipped attempt. `true` = passed, `false` = failed or error,
 * `null` = no non-skipped attempt (the run is not an observation and is dropped).
 * Unknown letters are ignored like skips.
 */
export function runOutcome(attempts: string): boolean | null {
  for (let i = attempts.length - 1; i >= 0; i--) {
    const c = attempts.charCodeAt(i);
    if (c === CH_P) return true;
    if (c === CH_F || c === CH_E) return false;
  }
  return null;
}

/** True when the letter is a failing attempt (F or E). */
export function isFailCode(c: number): boolean {
  return c === CH_F || c === CH_E;
}
