/**
 * The times the step trusts (src/pipeline/clock.ts): a run's time, the branch's runs, and the time retention ages
 * runs out from.
 */
import { describe, expect, it } from 'vitest';
import { CLOCK_TOLERANCE_MS, checkTimes, spanText } from '../../src/pipeline/clock.ts';
import { DEFAULT_RETENTION, mergeRun } from '../../src/history/merge.ts';
import type { RunRow, RunTable } from '../../src/store/history-format.ts';
import type { History } from '../../src/model.ts';
import { parsedTest, runContext } from '../support/builders.ts';

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 10, 26, 12);

/** A branch of `times.length` runs, run i at times[i - 1]. */
function table(times: number[]): RunTable {
  return new Map(times.map((time, i): [string, RunRow] => [`run${i + 1}/test/x`, { seq: i + 1, sha: `sha${i + 1}`, time, onDefaultBranch: true }]));
}

const HOURLY = [1, 2, 3, 4].map((h) => NOW - (5 - h) * 3_600_000);
const empty: History = new Map();

describe('a run time', () => {
  it('is kept when it is no more than a day ahead of the clock, and retention starts from the oldest of clock, run and branch', () => {
    const run = runContext(5, { time: NOW + CLOCK_TOLERANCE_MS });
    const checked = checkTimes(run, table(HOURLY), empty, NOW, DEFAULT_RETENTION);
    expect(checked.run).toBe(run);
    expect(checked.notes).toEqual([]);
    expect(checked.retentionNow).toBe(HOURLY[3]);
  });

  it.each([
    ['100 days ahead', NOW + 100 * DAY, /Run run5\/test\/x attempt 1: its time \(2027-03-06T12:00:00\.000Z\) is 100 days ahead of this step's clock/],
    ['75 years ahead', NOW + 75 * 365.25 * DAY, /is 75 years ahead of this step's clock/],
    ['1e300', 1e300, /its time \(1e\+300\) is more than 10,000 years ahead/],
    ['NaN', Number.NaN, /its time \(NaN\) is not a time/],
    ['Infinity', Number.POSITIVE_INFINITY, /its time \(Infinity\) is not a time/],
    ['negative', -1e300, /its time \(-1e\+300\) is more than 10,000 years before this step's clock/],
    ['before the retention window', NOW - 100 * DAY, /is 100 days before this step's clock .*older than history\.max-age-days/],
  ])('%s is recorded at the clock, with a warning naming the run', (_, time, note) => {
    const checked = checkTimes(runContext(5, { time }), table(HOURLY), empty, NOW, DEFAULT_RETENTION);
    expect(checked.run.time).toBe(NOW);
    expect(checked.notes).toHaveLength(1);
    expect(checked.notes[0]).toMatch(note);
    expect(checked.retentionNow).toBe(HOURLY[3]);
  });

  it('on a clock far ahead (the whole runner), ages out nothing: retention starts from the branch newest run', () => {
    const clock = NOW + 100 * DAY;
    const checked = checkTimes(runContext(5, { time: clock }), table(HOURLY), empty, clock, DEFAULT_RETENTION);
    expect(checked.run.time).toBe(clock);
    expect(checked.retentionNow).toBe(HOURLY[3]);
    // What retention does with it: every run of every test stays.
    const history: History = new Map([
      ['t', { id: 't', name: 't', classname: '', runs: HOURLY.map((time, i) => ({ run: `run${i + 1}/test/x`, sha: 's', time, onDefaultBranch: true, attempts: 'P' })) }],
    ]);
    const merged = mergeRun(history, [parsedTest('t', 'P')], checked.run, new Set(), { retentionNow: checked.retentionNow });
    expect(merged.history.get('t')!.runs).toHaveLength(5);
    // Without it (the newest run's time): 1 of 5.
    expect(mergeRun(history, [parsedTest('t', 'P')], checked.run, new Set()).history.get('t')!.runs).toHaveLength(1);
  });
});

describe('a run on the branch ahead of the clock', () => {
  it('is set to the time of the run before it when most runs agree with the clock, with a warning naming it', () => {
    const runs = table([...HOURLY, NOW + 100 * DAY, NOW - 1000]);
    const checked = checkTimes(runContext(7, { time: NOW }), runs, empty, NOW, DEFAULT_RETENTION);
    expect(checked.runs.get('run5/test/x')!.time).toBe(HOURLY[3]);
    expect(checked.runs.get('run6/test/x')).toBe(runs.get('run6/test/x'));
    expect(runs.get('run5/test/x')!.time).toBe(NOW + 100 * DAY); // the input is not changed
    expect(checked.notes).toEqual([expect.stringMatching(/^Run run5\/test\/x \(2027-03-06T12:00:00\.000Z\) on the data branch is more than 1 day ahead of this step's clock/)]);
    expect(checked.retentionNow).toBe(NOW - 1000);
  });

  it('changes the times of a decoded history too', () => {
    const runs = table([...HOURLY, NOW + 100 * DAY]);
    const history: History = new Map([['t', { id: 't', name: 't', classname: '', runs: [...runs].map(([run, row]) => ({ run, sha: 's', time: row.time, onDefaultBranch: true, attempts: 'P' })) }]]);
    const checked = checkTimes(runContext(6, { time: NOW }), runs, history, NOW, DEFAULT_RETENTION);
    expect(checked.history.get('t')!.runs.map((r) => r.time)).toEqual([...HOURLY, HOURLY[3]]);
  });

  it('when most runs are ahead, the clock is behind: nothing is changed, nothing is aged out from it, and the warning says so', () => {
    const runs = table(HOURLY);
    const clock = Date.UTC(1970, 0, 2);
    const checked = checkTimes(runContext(5, { time: clock }), runs, empty, clock, DEFAULT_RETENTION);
    expect(checked.runs).toBe(runs);
    expect(checked.retentionNow).toBe(clock);
    expect(checked.notes).toEqual([
      expect.stringMatching(
        /^4 of the 4 runs on the data branch are more than 1 day ahead of this step's clock \(1970-01-02T00:00:00\.000Z\): run1\/test\/x .* and 1 more\. This runner's clock is probably behind/,
      ),
      expect.stringMatching(/^Run run5\/test\/x attempt 1: .* recorded at the newest run's time/),
    ]);
    expect(checked.run.time).toBe(HOURLY[3]);
  });
});

describe('a step whose clock is behind the branch', () => {
  it("records a run older than the window before the newest run at that run's time, so that the next write keeps it", () => {
    const clock = NOW - 10 * 365 * DAY;
    const checked = checkTimes(runContext(5, { time: clock }), table(HOURLY), empty, clock, DEFAULT_RETENTION);
    expect(checked.run.time).toBe(HOURLY[3]);
    expect(checked.notes.join('\n')).toMatch(/Run run5\/test\/x attempt 1: its time \(2016-.*\) is 10 years before the newest run on the data branch .*recorded at the newest run's time/);
    // Nothing is aged out from this clock, and the next step on a right clock keeps the run.
    expect(checked.retentionNow).toBe(clock);
    const history: History = new Map([
      ['t', { id: 't', name: 't', classname: '', runs: HOURLY.map((time, i) => ({ run: `run${i + 1}/test/x`, sha: 's', time, onDefaultBranch: true, attempts: 'P' })) }],
    ]);
    const merged = mergeRun(history, [parsedTest('t', 'P')], checked.run, new Set(), { retentionNow: checked.retentionNow });
    const rows = new Map([...table(HOURLY), [checked.run.key, { seq: 5, sha: 'sha5', time: checked.run.time, onDefaultBranch: true }]]);
    const next = checkTimes(runContext(6, { time: NOW }), rows, merged.history, NOW, DEFAULT_RETENTION);
    const again = mergeRun(merged.history, [parsedTest('t', 'P')], next.run, new Set(), { retentionNow: next.retentionNow });
    expect(again.history.get('t')!.runs).toHaveLength(6);
  });

  it('keeps a run within the window of the newest run at its own time', () => {
    const clock = NOW - 10 * DAY;
    const checked = checkTimes(runContext(5, { time: clock }), table(HOURLY), empty, clock, DEFAULT_RETENTION);
    expect(checked.run.time).toBe(clock);
    expect(checked.notes).toEqual([expect.stringMatching(/This runner's clock is probably behind/)]);
  });
});

it('spans read as people say them', () => {
  expect([3 * 60_000, 5 * 3_600_000, 100 * DAY, 75 * 365.25 * DAY, Number.POSITIVE_INFINITY].map(spanText)).toEqual(['3 minutes', '5 hours', '100 days', '75 years', 'more than 10,000 years']);
});
