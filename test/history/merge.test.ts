import { describe, expect, it } from 'vitest';
import { applyRetention, ingestionKey, mergeRun } from '../../src/history/merge.ts';
import type { History } from '../../src/model.ts';
import { parsedTest, runContext } from '../support/builders.ts';

const empty: History = new Map();

describe('mergeRun', () => {
  it('adds one record per test with its attempts and normalised first failure', () => {
    const { history, ingested } = mergeRun(empty, [parsedTest('a::x', 'FP'), parsedTest('a::y', 'P')], runContext(1), new Set(), {
      normalise: (m) => m.toUpperCase(),
    });
    expect(ingested).toBe(true);
    expect(history.get('a::x')!.runs).toEqual([{ run: 'run1/test/x', sha: 'sha1', time: runContext(1).time, onDefaultBranch: true, attempts: 'FP', message: 'BOOM F' }]);
    expect(history.get('a::y')!.runs[0]!.attempts).toBe('P');
  });

  it('does not modify its input', () => {
    const first = mergeRun(empty, [parsedTest('a', 'P')], runContext(1), new Set()).history;
    const snapshot = JSON.stringify([...first]);
    mergeRun(first, [parsedTest('a', 'F')], runContext(2), new Set());
    expect(JSON.stringify([...first])).toBe(snapshot);
  });

  it('ignores a run it has already ingested', () => {
    const run = runContext(1);
    const first = mergeRun(empty, [parsedTest('a', 'P')], run, new Set()).history;
    const again = mergeRun(first, [parsedTest('a', 'P')], run, new Set([ingestionKey(run)]));
    expect(again.ingested).toBe(false);
    expect(again.history.get('a')!.runs).toHaveLength(1);
  });

  it('appends a workflow re-run to the record of the same run', () => {
    const first = mergeRun(empty, [parsedTest('a', 'F')], runContext(1), new Set()).history;
    const rerun = mergeRun(first, [parsedTest('a', 'P')], runContext(1, { runAttempt: 2 }), new Set([ingestionKey(runContext(1))]));
    expect(rerun.history.get('a')!.runs.map((r) => r.attempts)).toEqual(['FP']);
  });

  it('keeps runs in time order when an older report arrives late', () => {
    let h = mergeRun(empty, [parsedTest('a', 'P')], runContext(5), new Set()).history;
    h = mergeRun(h, [parsedTest('a', 'F')], runContext(3), new Set()).history;
    expect(h.get('a')!.runs.map((r) => r.attempts)).toEqual(['F', 'P']);
  });

  it('keeps a rolling window by count and by age, and forgets tests with no run left', () => {
    let h: History = new Map();
    for (let i = 1; i <= 5; i++)
      h = mergeRun(h, [parsedTest('a', 'P'), ...(i === 1 ? [parsedTest('old', 'P')] : [])], runContext(i), new Set(), { retention: { maxRuns: 3, maxAgeDays: 365 } }).history;
    expect(h.get('a')!.runs.map((r) => r.sha)).toEqual(['sha3', 'sha4', 'sha5']);
    const later = runContext(6, { time: runContext(1).time + 40 * 86_400_000 });
    h = mergeRun(h, [parsedTest('a', 'P')], later, new Set(), { retention: { maxRuns: 100, maxAgeDays: 30 } }).history;
    expect(h.has('old')).toBe(false);
    expect(h.get('a')!.runs.map((r) => r.sha)).toEqual(['sha6']);
  });
});

describe('mergeRun with untrusted runs', () => {
  it('the trusted results of a workflow run replace its untrusted record, test by test', () => {
    const base = mergeRun(empty, [parsedTest('a', 'P'), parsedTest('b', 'P')], runContext(1), new Set()).history;
    const untrusted = runContext(2, { key: 'run2/untrusted', onDefaultBranch: false });
    const withFork = mergeRun(base, [parsedTest('a', 'FP'), parsedTest('b', 'FP')], untrusted, new Set(), { untrusted: true }).history;
    expect(withFork.get('a')!.runs.map((r) => [r.run, r.untrusted])).toEqual([
      ['run1/test/x', undefined],
      ['run2/untrusted', true],
    ]);
    // Run 2's own job lands later (it was parked): its record replaces the untrusted one for `a`; `b` was not in it.
    const landed = mergeRun(withFork, [parsedTest('a', 'FP')], runContext(2), new Set(), { replaces: 'run2/untrusted' }).history;
    expect(landed.get('a')!.runs.map((r) => r.run)).toEqual(['run1/test/x', 'run2/test/x']);
    expect(landed.get('b')!.runs.map((r) => r.run)).toEqual(['run1/test/x', 'run2/untrusted']);
  });

  it('an untrusted run keeps the file, line and duration of the trusted runs', () => {
    const base = mergeRun(empty, [parsedTest('a', 'P', { file: 'a.ts', line: 3, attempts: [{ status: 'passed', durationSec: 2 }] })], runContext(1), new Set()).history;
    const next = mergeRun(base, [parsedTest('a', 'P', { file: 'evil.ts', line: 99 })], runContext(2, { key: 'run2/untrusted' }), new Set(), { untrusted: true }).history;
    expect(next.get('a')).toMatchObject({ file: 'a.ts', line: 3 });
    expect(next.get('a')!.runs[1]!.durationSec).toBe(2);
  });
});

describe('applyRetention, at its bounds', () => {
  const DAY = 86_400_000;
  const rec = (time: number, untrusted = false) => ({ run: `r${time}`, sha: `s${time}`, time, onDefaultBranch: true, attempts: 'P', ...(untrusted ? { untrusted: true } : {}) });
  const newest = 100 * DAY;

  it('keeps nothing of nothing, and the same array when nothing is dropped', () => {
    expect(applyRetention([], newest, { maxRuns: 2, maxAgeDays: 10 })).toEqual([]);
    const runs = [rec(newest - 10 * DAY), rec(newest)];
    expect(applyRetention(runs, newest, { maxRuns: 2, maxAgeDays: 10 })).toBe(runs);
  });

  it('keeps a run exactly max-age-days old, and drops one older', () => {
    const runs = [rec(newest - 10 * DAY - 1), rec(newest - 10 * DAY), rec(newest)];
    expect(applyRetention(runs, newest, { maxRuns: 5, maxAgeDays: 10 }).map((r) => r.time)).toEqual([newest - 10 * DAY, newest]);
  });

  it('keeps the newest max-runs of each kind, the oldest run included when it fits', () => {
    const runs = [rec(1), rec(2, true), rec(3), rec(4, true)];
    expect(applyRetention(runs, 4, { maxRuns: 2, maxAgeDays: 10 })).toBe(runs);
    const more = [rec(1), rec(2, true), rec(3), rec(4, true), rec(5)];
    expect(applyRetention(more, 5, { maxRuns: 2, maxAgeDays: 10 }).map((r) => r.time)).toEqual([2, 3, 4, 5]);
    expect(applyRetention([rec(1), rec(2), rec(3)], 3, { maxRuns: 2, maxAgeDays: 10 }).map((r) => r.time)).toEqual([2, 3]);
  });
});

describe('mergeRun, a run that arrives late', () => {
  it('is put in time order', () => {
    const later = mergeRun(empty, [parsedTest('a', 'P')], runContext(3), new Set()).history;
    const both = mergeRun(later, [parsedTest('a', 'F')], runContext(2), new Set()).history;
    expect(both.get('a')!.runs.map((r) => r.attempts)).toEqual(['F', 'P']);
  });
});
