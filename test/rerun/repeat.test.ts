/**
 * Executions per start (FLAKEGUARD_RERUN_REPEAT, docs/rerun.md "Executions per start"): what a start asks for, and
 * that a start's executions, read one by one, give the verdicts and records one start per re-run gives.
 */
import { describe, expect, it } from 'vitest';
import type { Attempt, ParsedTestCase, TestHistory } from '../../src/model.ts';
import { answerKey, executionsWanted, finishRerun, recordRound, roundCases, roundGroups, startRerun, type RerunState } from '../../src/rerun/plan.ts';

const A = (codes: string): Attempt[] => [...codes].map((c) => (c === 'P' ? { status: 'passed' } : { status: 'failed', message: 'boom' }) as Attempt);
const test = (name: string, attempts: string): ParsedTestCase => ({ id: `c::${name}`, name, classname: 'c', suite: 's', attempts: A(attempts), report: 'r.xml' });
const rule = { minReruns: 3, maxReruns: 6 };
const passes = (id: string, n: number): TestHistory => ({
  id,
  name: id,
  classname: 'c',
  runs: Array.from({ length: n }, (_, i) => ({ run: `r${i}`, sha: `s${i}`, time: i, onDefaultBranch: true, attempts: 'P' })),
});

function start(names: string[], history: Map<string, TestHistory> = new Map()): RerunState {
  const tests = names.map((n) => test(n, 'F'));
  return startRerun({ failed: tests, extras: [], tests, history, historyId: (id) => id, newTests: new Set(), window: 50, rule });
}

/** A round answered with each test's executions ("FFP": three executions), all in one start. */
function answerAll(state: RerunState, byName: Record<string, string>): void {
  const cases = roundCases(state);
  const executions = new Map(cases.map((c) => [answerKey(c.test), [...(byName[c.test.name] ?? '')].map((x) => A(x))]));
  const attempts = new Map([...executions].map(([k, e]) => [k, e.flat()]));
  recordRound(state, cases, { ok: true, attempts, executions, seconds: 1 });
}

describe('executions per start', () => {
  it('asks a failed test for the executions at which the stopping rule could first stop', () => {
    const fresh = start(['new']);
    // No history: never implausible, so its re-runs run out at rerun-attempts-max.
    expect(executionsWanted(fresh.cases[0]!, fresh.rule)).toBe(6);
    const known = start(['old'], new Map([['c::old', passes('c::old', 50)]]));
    // 50 passes: three failing re-runs (the minimum) are implausible.
    expect(executionsWanted(known.cases[0]!, known.rule)).toBe(3);
  });

  it('reads a start of N executions as N re-runs, one by one: same verdicts and records as one start each', () => {
    const state = start(['real', 'flaky', 'late']);
    expect(roundGroups(roundCases(state), state.rule, { repeats: true })).toEqual([{ cases: roundCases(state), repeat: 6 }]);
    answerAll(state, { real: 'FFFFFF', flaky: 'FPFFFF', late: 'FFFFFP' });
    expect(roundCases(state)).toEqual([]);
    const result = finishRerun(
      state,
      state.cases.map((c) => c.test),
    );
    expect(result.cases.map((c) => [c.test.name, c.verdict, c.reruns.map((a) => a.status[0]).join('')])).toEqual([
      ['real', 'exhausted', 'ffffff'],
      ['flaky', 'proven-flaky', 'fp'],
      ['late', 'proven-flaky', 'fffffp'],
    ]);
    // The four executions after the flaky test's pass ran and are no attempts.
    expect(result.surplus).toBe(4);
    expect(result.starts).toBe(1);
  });

  it('a command that gives one execution per start is asked for the rest in the next', () => {
    const state = start(['real']);
    const asked: number[] = [];
    while (roundCases(state).length > 0) {
      asked.push(roundGroups(roundCases(state), state.rule, { repeats: true })[0]!.repeat);
      answerAll(state, { real: 'F' });
    }
    expect(asked).toEqual([6, 5, 4, 3, 2, 1]);
    expect(state.cases[0]!.verdict).toBe('exhausted');
  });

  it('a test asked for fewer than the start runs stops where its rule stops; out of order, each is asked for its own count', () => {
    const history = new Map([['c::old', passes('c::old', 50)]]);
    const state = start(['old', 'new'], history);
    const cases = roundCases(state);
    expect(roundGroups(cases, state.rule, { repeats: true }).map((g) => [g.repeat, g.cases.map((c) => c.test.name)])).toEqual([[6, ['old', 'new']]]);
    expect(roundGroups(cases, state.rule, { repeats: true, inOrder: false }).map((g) => [g.repeat, g.cases.map((c) => c.test.name)])).toEqual([
      [6, ['new']],
      [4, ['old']],
    ]);
    // Without repetition a round asks each once; a twin is asked once a start.
    expect(roundGroups(cases, state.rule, { repeats: false })).toEqual([{ cases, repeat: 1 }]);
    expect(roundGroups(cases, state.rule, { repeats: true, twinned: (c) => c.test.name === 'new' }).map((g) => [g.repeat, g.cases.map((c) => c.test.name)])).toEqual([
      [4, ['old']],
      [1, ['new']],
    ]);
    // The time left caps a start.
    expect(roundGroups(cases, state.rule, { repeats: true, cap: () => 2 })[0]!.repeat).toBe(2);
    // In order: `old` failing its first executions is consistent where its rule stops, whatever follows.
    answerAll(state, { old: 'FFFFPP', new: 'FFFFFF' });
    expect(state.cases.map((c) => [c.verdict, c.reruns.length])).toEqual([
      ['consistent', 4],
      ['exhausted', 6],
    ]);
  });
});
