/**
 * Which tests a diagnose run experiments on, in which order, and how many of them its budget allows
 * (docs/diagnose.md, "Which tests, and the budget"). Pure.
 *
 * The tests are the quarantined ones (by the policy or by hand) and the newly flaky ones (not quarantined, a flaky
 * failure among their newest RECENT_RUNS runs: a failing attempt followed by a passing one). The tests that block
 * most come first: the most runs among the newest RECENT_RUNS whose first attempt failed (each a run that was blocked
 * or forgiven), then the newest such failure, then the id. The budget takes them in that order while their planned
 * executions fit.
 */
import type { History, TestHistory } from '../model.ts';
import type { Snapshot } from '../store/snapshot.ts';
import { overrideExpired } from '../store/layout.ts';

/** Runs of a test's history that count for its order and for "newly flaky". */
export const RECENT_RUNS = 50;
/** Tests of the full order at most (the nearest first): a bigger suite runs its file's tests only. */
export const FULL_ORDER_MAX = 500;

export interface DiagnoseTarget {
  readonly id: string;
  readonly name: string;
  readonly classname: string;
  readonly file?: string;
  readonly why: 'quarantined' | 'newly flaky';
  /** Runs among the newest RECENT_RUNS whose first attempt failed. */
  readonly failedRuns: number;
  /** Time (ms) of the newest of them; 0 when none. */
  readonly lastFailure: number;
}

const firstFailed = (attempts: string): boolean => /^[FE]/.test(attempts.replace(/S/g, ''));

function recent(h: TestHistory): TestHistory['runs'] {
  return h.runs.filter((r) => r.outage !== true && r.untrusted !== true).slice(-RECENT_RUNS);
}

/** Whether the test is quarantined now: its stats line says so, or a hand override that has not lapsed. */
export function isQuarantined(snapshot: Pick<Snapshot, 'stats' | 'overrides'>, id: string, now: number): boolean {
  const o = snapshot.overrides.get(id)?.override;
  if (o && !overrideExpired(o, now)) return o.action === 'quarantine';
  return snapshot.stats.get(id)?.quarantined === true;
}

/** The tests to diagnose, those that block most first. */
export function diagnoseTargets(snapshot: Pick<Snapshot, 'stats' | 'overrides' | 'history'>, now: number): DiagnoseTarget[] {
  const out: DiagnoseTarget[] = [];
  for (const [id, h] of snapshot.history) {
    const runs = recent(h);
    const quarantined = isQuarantined(snapshot, id, now);
    const flaky = runs.some((r) => /[FE].*P/.test(r.attempts));
    if (!quarantined && !flaky) continue;
    const failing = runs.filter((r) => firstFailed(r.attempts));
    out.push({
      id,
      name: h.name,
      classname: h.classname,
      ...(h.file !== undefined ? { file: h.file } : {}),
      why: quarantined ? 'quarantined' : 'newly flaky',
      failedRuns: failing.length,
      lastFailure: failing.reduce((x, r) => Math.max(x, r.time), 0),
    });
  }
  return out.sort((a, b) => b.failedRuns - a.failedRuns || b.lastFailure - a.lastFailure || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** The tests the budget allows, in order, and the ones left for another night. */
export function withinBudget<T>(targets: readonly T[], executionsOf: (t: T) => number, budget: number): { chosen: T[]; left: T[] } {
  const chosen: T[] = [];
  let spent = 0;
  let i = 0;
  for (; i < targets.length; i++) {
    const cost = executionsOf(targets[i]!);
    if (spent + cost > budget) break;
    spent += cost;
    chosen.push(targets[i]!);
  }
  return { chosen, left: targets.slice(i) };
}

/** The test's file, or its classname when the reports gave no file: what "its file" means here. */
export function fileKey(h: Pick<TestHistory, 'file' | 'classname'>): string {
  return h.file !== undefined && h.file !== '' ? `file:${h.file}` : `class:${h.classname}`;
}

/** The other tests of the target's file on the branch, in id order. */
export function filePeers(history: History, target: Pick<TestHistory, 'id' | 'file' | 'classname'>): TestHistory[] {
  const key = fileKey(target);
  return [...history.values()].filter((h) => h.id !== target.id && fileKey(h) === key).sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** The other tests of the branch (FULL_ORDER_MAX at most, the target's file first), by file then id. */
export function fullOrderPeers(history: History, target: Pick<TestHistory, 'id' | 'file' | 'classname'>): TestHistory[] {
  const key = fileKey(target);
  const all = [...history.values()].filter((h) => h.id !== target.id);
  all.sort((a, b) => {
    const ka = fileKey(a) === key ? 0 : 1;
    const kb = fileKey(b) === key ? 0 : 1;
    if (ka !== kb) return ka - kb;
    const fa = fileKey(a);
    const fb = fileKey(b);
    if (fa !== fb) return fa < fb ? -1 : 1;
    return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
  });
  return all.slice(0, FULL_ORDER_MAX);
}
