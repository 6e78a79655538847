import { describe, expect, it } from 'vitest';
import { failureKey, runRecord, withDuration } from '../../src/history/records.ts';
import { readHistoryShard, parseRuns, renderDecodedShard, renderRuns, type RunTable } from '../../src/store/history-format.ts';
import { mergeRun } from '../../src/history/merge.ts';
import type { History, ParsedTestCase, RunContext, TestHistory } from '../../src/model.ts';

describe('shared run records', () => {
  const row = { sha: 'a', time: 1000, onDefaultBranch: true, jobSucceeded: true };

  it('are one object per (run, attempts) when they carry no message and no duration', () => {
    expect(runRecord('r1', row, 'P')).toBe(runRecord('r1', row, 'P'));
    expect(runRecord('r1', row, 'P')).not.toBe(runRecord('r1', row, 'FP'));
    expect(runRecord('r1', row, 'F', 'boom')).not.toBe(runRecord('r1', row, 'F', 'boom'));
    expect(runRecord('r1', row, 'P', undefined, 2)).not.toBe(runRecord('r1', row, 'P', undefined, 2));
    // Another row (another runs table) never shares with this one.
    expect(runRecord('r1', { ...row }, 'P')).not.toBe(runRecord('r1', row, 'P'));
  });

  it('carry the run facts, and a duration only on a copy', () => {
    const shared = runRecord('r1', row, 'P');
    expect(shared).toMatchObject({ run: 'r1', sha: 'a', time: 1000, onDefaultBranch: true, attempts: 'P', jobSucceeded: true });
    const timed = withDuration(shared, 3);
    expect(timed.durationSec).toBe(3);
    expect(shared.durationSec).toBeUndefined();
  });

  it('are shared by every test of a history shard that passed, and the shard reads back the same', () => {
    const runs: RunTable = parseRuns(
      'runs.json',
      renderRuns(
        new Map([
          ['r1', { seq: 1, sha: 'a', time: 1000, onDefaultBranch: true, jobSucceeded: true }],
          ['r2', { seq: 2, sha: 'b', time: 2000, onDefaultBranch: true, jobSucceeded: false }],
        ]),
      ),
    ).runs;
    const tests: TestHistory[] = ['x', 'y', 'z'].map((n) => ({
      id: `c::${n}`,
      name: n,
      classname: 'c',
      runs: [
        { run: 'r1', sha: 'a', time: 1000, onDefaultBranch: true, attempts: 'P', jobSucceeded: true },
        { run: 'r2', sha: 'b', time: 2000, onDefaultBranch: true, attempts: n === 'z' ? 'F' : 'P', jobSucceeded: false, ...(n === 'z' ? { message: 'boom' } : {}) },
      ],
    }));
    const text = renderDecodedShard(tests, runs);
    const read = readHistoryShard('h.json', text, runs);
    expect(read.problems).toEqual([]);
    const back: History = read.history;
    const [x, y, z] = ['x', 'y', 'z'].map((n) => back.get(`c::${n}`)!);
    expect(x!.runs[0]).toBe(y!.runs[0]);
    expect(x!.runs[0]).toBe(z!.runs[0]);
    expect(x!.runs[1]).toBe(y!.runs[1]);
    expect(z!.runs[1]).toMatchObject({ attempts: 'F', message: 'boom' });
    expect(renderDecodedShard([...back.values()], runs)).toBe(text);
  });

  it('are never changed by merging a re-run into them', () => {
    const runs = parseRuns('runs.json', renderRuns(new Map([['r1', { seq: 1, sha: 'a', time: 1000, onDefaultBranch: true, jobSucceeded: false }]]))).runs;
    const tests: TestHistory[] = ['x', 'y'].map((n) => ({
      id: `c::${n}`,
      name: n,
      classname: 'c',
      runs: [{ run: 'r1', sha: 'a', time: 1000, onDefaultBranch: true, attempts: 'F', jobSucceeded: false }],
    }));
    const history: History = readHistoryShard('h.json', renderDecodedShard(tests, runs), runs).history;
    const shared = history.get('c::x')!.runs[0]!;
    expect(history.get('c::y')!.runs[0]).toBe(shared);
    const rerun: RunContext = { key: 'r1', runId: '1', runAttempt: 2, job: 'j', workflow: 'w', sha: 'a', ref: 'refs/heads/main', onDefaultBranch: true, event: 'push', time: 1500 };
    const passed: ParsedTestCase = { id: 'c::x', name: 'x', classname: 'c', suite: 's', report: 'r.xml', attempts: [{ status: 'passed' }] };
    const merged = mergeRun(history, [passed], rerun, new Set(), { jobSucceeded: true });
    expect(merged.history.get('c::x')!.runs[0]).toMatchObject({ attempts: 'FP', jobSucceeded: true });
    expect(shared).toMatchObject({ attempts: 'F', jobSucceeded: false });
    expect(history.get('c::y')!.runs[0]!.attempts).toBe('F');
  });
});

describe('a record, field by field', () => {
  const row = { sha: 's', time: 1, onDefaultBranch: true, outages: ['connect ECONNREFUSED #.#.#.#:#'] };

  it('marks a failure whose key is one of the run’s outages, and only that', () => {
    expect(runRecord('k', row, 'E', 'connect ECONNREFUSED 10.0.0.7:5432').outage).toBe(true);
    expect(runRecord('k', row, 'E', 'timeout').outage).toBeUndefined();
    expect(runRecord('k', row, 'P').outage).toBeUndefined();
    expect(runRecord('k', { sha: 's', time: 1, onDefaultBranch: true }, 'E', 'connect ECONNREFUSED 10.0.0.7:5432').outage).toBeUndefined();
  });

  it('keys a failure by its message with each run of digits as one #', () => {
    expect(failureKey('expected 200 got 404 after 3 tries')).toBe('expected # got # after # tries');
    expect(failureKey(undefined)).toBeUndefined();
    expect(failureKey('')).toBe('');
  });
});
