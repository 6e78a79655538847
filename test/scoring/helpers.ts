/** Small builders for scoring tests. */
import type { TestHistory, TestRunRecord } from '../../src/model.ts';

export const DAY = 86_400_000;
export const HOUR = 3_600_000;
export const T0 = Date.UTC(2026, 9, 1);

/** Runs from attempt strings: run i at T0 + i * stepMs, sha `s<i>`, on the default branch. */
export function runsOf(attempts: readonly string[], stepMs = HOUR, extra: Partial<TestRunRecord> = {}): TestRunRecord[] {
  return attempts.map((a, i) => ({
    run: `r${i}`,
    sha: `s${i}`,
    time: T0 + i * stepMs,
    onDefaultBranch: true,
    attempts: a,
    ...extra,
  }));
}

export function historyOf(runs: TestRunRecord[], id = 'suite.Class#test'): TestHistory {
  return { id, name: id.split('#')[1] ?? id, classname: id.split('#')[0] ?? '', runs };
}
