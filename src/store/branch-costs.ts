/**
 * What every test of a data branch cost in CI time (src/cost/, docs/cost.md), read from the branch as the step, the
 * export and the CLI hold it (a Snapshot). Pure. The stored form is walked without decoding a test's records, and a
 * test none of whose runs failed is not walked at all.
 */
import { forEachRun } from '../history/outcome-string.ts';
import { LazyHistory } from '../history/stored.ts';
import { branchCosts, type CostRun, type CostedTest, type TestCost } from '../cost/index.ts';
import type { History } from '../model.ts';
import type { RunTable } from './history-format.ts';

const FAILED = /[FE]/;

/** Every test that cost CI time or saved any, costliest first (cost/byCost), with the price of a minute when recorded. */
export function historyCosts(history: History, runs: RunTable): Array<{ id: string; cost: TestCost }> {
  if (history instanceof LazyHistory) {
    const bySeq = new Map<number, CostRun>();
    for (const row of runs.values()) bySeq.set(row.seq, row);
    const tests: Array<CostedTest<number>> = [];
    for (const [id, s] of history.stored) {
      if (!s.segments.some((g) => FAILED.test(g.a))) continue;
      tests.push({ id, slots: (visit) => forEachRun(s.from, s.segments, visit), ...(s.d !== undefined ? { durationSec: s.d } : {}) });
    }
    return branchCosts(tests, (seq) => bySeq.get(seq));
  }
  const tests: Array<CostedTest<string>> = [];
  for (const [id, t] of history) {
    if (!t.runs.some((r) => FAILED.test(r.attempts))) continue;
    const d = t.runs[t.runs.length - 1]?.durationSec;
    tests.push({ id, slots: (visit) => t.runs.forEach((r) => visit(r.run, r.attempts)), ...(d !== undefined ? { durationSec: d } : {}) });
  }
  return branchCosts(tests, (key) => runs.get(key));
}
