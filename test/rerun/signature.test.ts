/** Whether the re-runs reproduced the run's failure (src/rerun/signature.ts), and the verdict that follows (plan.ts). */
import { describe, expect, it } from 'vitest';
import type { Attempt } from '../../src/model.ts';
import { failureSignature, unreproduced } from '../../src/rerun/signature.ts';
import { finishRerun, recordRound, roundCases, startRerun, blockingAfterReruns, blockingStreaks } from '../../src/rerun/plan.ts';

const f = (message?: string, type?: string, details?: string): Attempt => ({
  status: 'failed',
  ...(message !== undefined ? { message } : {}),
  ...(type !== undefined ? { type } : {}),
  ...(details !== undefined ? { details } : {}),
});

describe('failureSignature', () => {
  it('removes colours, masks numbers and normalises as the history does', () => {
    expect(failureSignature(f('\u001b[31mTimed out after 5023 ms\u001b[39m'))).toEqual(failureSignature(f('Timed out after 4998 ms')));
    expect(failureSignature(f(undefined, undefined, '\n  Error: boom at /x/y.js:12\n  at z'))).toEqual({ text: 'error: boom at path:line' });
    expect(failureSignature(f(''))).toBeUndefined();
    expect(failureSignature(f('x', 'AssertionError'))).toEqual({ text: 'x', type: 'assertionerror' });
  });
});

describe('unreproduced', () => {
  it('every re-run failure another way: unreproduced, with the last messages as written', () => {
    expect(unreproduced([f('timeout after 5000 ms')], [f('Expected: "a"'), f('Expected: "b"')])).toEqual({ run: 'timeout after 5000 ms', rerun: 'Expected: "b"', failed: 2 });
  });
  it('one re-run failure the run had: reproduced', () => {
    expect(unreproduced([f('timeout after 5000 ms')], [f('other'), f('timeout after 6000 ms')])).toBeUndefined();
  });
  it('a side without any message cannot be compared', () => {
    expect(unreproduced([f()], [f('other')])).toBeUndefined();
    expect(unreproduced([f('timeout')], [f()])).toBeUndefined();
  });
  it('types compared when both sides give one', () => {
    expect(unreproduced([f('boom', 'TypeError')], [f('boom', 'RangeError')])).toMatchObject({ failed: 1 });
    expect(unreproduced([f('boom', 'TypeError')], [f('boom')])).toBeUndefined();
  });
});

describe('the verdict of a test whose re-runs fail another way', () => {
  const test = { id: 'a::t', classname: 'a', name: 't', suite: 's', report: 'r.xml', attempts: [f('timeout after 5000 ms')] };

  function run(reruns: Attempt[]) {
    const state = startRerun({ failed: [test], extras: [], tests: [test], history: new Map(), historyId: (id) => id, newTests: new Set(), window: 30, rule: { minReruns: 3, maxReruns: 3 } });
    for (const a of reruns) recordRound(state, roundCases(state), { ok: true, attempts: new Map([[JSON.stringify(['a::t', 'a', 't']), [a]]]), seconds: 1 });
    return finishRerun(state, [test]);
  }

  it('is unreproduced (not exhausted), with both messages; its quarantine decides as an exhausted failure', () => {
    const result = run([f('<b>Expected</b>'), f('<b>Expected</b>'), f('<b>Expected</b>')]);
    expect(result.cases[0]!.verdict).toBe('unreproduced');
    expect(result.cases[0]!.rule).toBe('exhausted');
    expect(result.cases[0]!.why).toMatch(
      /^the re-runs could not reproduce the run's conditions: it failed in the run with 'timeout after 5000 ms' and in its 3 re-runs with '<b>Expected<\/b>'; likely causes/,
    );
    // Not consistent: the outcome's blocking map does not hold it; the outcome's blocking decides the output.
    expect(result.consistent.size).toBe(0);
    expect(result.unreproduced.size).toBe(0);
    expect(blockingAfterReruns(result, new Set())).toEqual([]);
    expect(blockingAfterReruns(result, new Set(['a::t'])).map((b) => b.verdict)).toEqual(['unreproduced']);
  });

  it('an implausible streak of another failure is unreproduced, not consistent, and blocks as consistent did', () => {
    const history = new Map([['a::t', { runs: Array.from({ length: 30 }, (_, i) => ({ sha: `s${i}`, t: i, attempts: 'P' })) }]]);
    const state = startRerun({ failed: [test], extras: [], tests: [test], history: history as never, historyId: (id) => id, newTests: new Set(), window: 30, rule: { minReruns: 3, maxReruns: 6 } });
    while (roundCases(state).length > 0) recordRound(state, roundCases(state), { ok: true, attempts: new Map([[JSON.stringify(['a::t', 'a', 't']), [f('Expected: 1')]]]), seconds: 1 });
    const result = finishRerun(state, [test]);
    expect(result.cases[0]!.verdict).toBe('unreproduced');
    expect(result.cases[0]!.rule).toBe('consistent');
    expect(result.consistent.size).toBe(0);
    expect([...result.unreproduced.keys()]).toEqual(['a::t']);
    expect([...blockingStreaks(result).keys()]).toEqual(['a::t']);
    expect(blockingAfterReruns(result, new Set()).map((b) => b.verdict)).toEqual(['unreproduced']);
  });

  it('a pass still proves it flaky', () => {
    expect(run([f('other'), { status: 'passed' }]).cases[0]!.verdict).toBe('proven-flaky');
  });

  it('the same failure: the stopping rule decides as before', () => {
    expect(run([f('timeout after 5001 ms'), f('timeout after 5002 ms'), f('timeout after 5003 ms')]).cases[0]!.verdict).toBe('exhausted');
  });
});
