/**
 * The pure core of issue #27's finding 10 and part of 13: run numbers and runs.json rows are bounded, run numbers far
 * apart take memory in proportion to the rows, a history line's `m` holds only messages of its runs, and `until` is
 * one check for the action and the CLI.
 */
import { describe, expect, it } from 'vitest';
import { KnownSeqs, MAX_RUN_ROWS, MAX_RUN_SEQ, RunMarks, parseRuns, readHistoryShard, type RunTable } from '../../src/store/history-format.ts';
import { overrideExpired, parseOverride, readUntil } from '../../src/store/layout.ts';
import { markRead } from '../../src/store/read-bounds.ts';
import { parseSnapshot } from '../../src/store/snapshot.ts';
import { overrideValue, CliError } from '../../src/cli/override.ts';
import { parseOutcomeString } from '../../src/history/outcome-string.ts';

const row = (seq: number | string, key = `k${seq}`): string => `"${seq}": ["${key}", "${'a'.repeat(40)}", 1795168800000, 1, 1]`;
const runsText = (rows: string[]): string => `{"schema": 3, "runs": {\n${rows.join(',\n')}\n}}\n`;
const table = (...seqs: number[]): RunTable => new Map(seqs.map((seq) => [`k${seq}`, { seq, sha: 's', time: seq, onDefaultBranch: true }]));

describe('runs.json', () => {
  it('a run number beyond MAX_RUN_SEQ is a problem naming its line', () => {
    const { runs, problems } = parseRuns('runs.json', runsText([row('00000001'), row('99999999999999')]));
    expect(problems).toEqual([{ file: 'runs.json', line: 3, message: `run number 99999999999999 is beyond ${MAX_RUN_SEQ}, the largest run number flakeguard writes` }]);
    expect([...runs.values()].map((r) => r.seq)).toEqual([1]);
    expect(parseRuns('runs.json', runsText([row(MAX_RUN_SEQ)])).problems).toEqual([]);
  });

  it('more than MAX_RUN_ROWS rows is refused before parsing, naming the first line too many', () => {
    const rows = Array.from({ length: MAX_RUN_ROWS + 1 }, (_, i) => row(i + 1));
    const { runs, problems } = parseRuns('runs.json', runsText(rows));
    expect(runs.size).toBe(0);
    expect(problems).toEqual([{ file: 'runs.json', line: MAX_RUN_ROWS + 2, message: `has 100,001 rows; flakeguard reads at most 100,000 (docs/data-branch.md, "Bounded reading")` }]);
    expect(parseRuns('runs.json', runsText(rows.slice(1))).problems).toEqual([]);
  });

  it('rows packed on one line are counted once parsed', () => {
    const rows = Array.from({ length: MAX_RUN_ROWS + 1 }, (_, i) => row(i + 1));
    const { problems } = parseRuns('runs.json', `{"schema": 3, "runs": {${rows.join(',')}}}`);
    expect(problems).toEqual([{ file: 'runs.json', line: 1, message: `has 100,001 rows; flakeguard reads at most 100,000 (docs/data-branch.md, "Bounded reading")` }]);
  });

  it('a file the read left out for its size damages the branch, naming it', () => {
    const files = new Map([['flakeguard.json', '{"schema": 3, "shards": 1, "writes": 0, "ingested": {}}\n']]);
    markRead(files, new Map([['runs.json', { bytes: 95_000_000, cap: 32 * 1024 * 1024 }]]));
    const snapshot = parseSnapshot(files);
    expect(snapshot.damaged).toEqual([{ file: 'runs.json', line: 1, message: 'is 90.6 MiB; flakeguard reads at most 32 MiB of it (docs/data-branch.md, "Bounded reading")' }]);
  });
});

describe('a file whose reading throws', () => {
  it('is a damage naming that file, not an exception (which the sync loop took for a failed fetch and retried)', () => {
    class Throwing extends Map<string, string> {
      override get(path: string): string | undefined {
        if (path === 'history/00.json') throw new RangeError('Array buffer allocation failed');
        return super.get(path);
      }
    }
    const files = new Throwing([
      ['flakeguard.json', '{"schema": 3, "shards": 1, "writes": 0, "ingested": {}}\n'],
      ['runs.json', runsText([row('00000001')])],
      ['history/00.json', ''],
    ]);
    expect(parseSnapshot(files).damaged).toEqual([{ file: 'history/00.json', message: 'could not be read: Array buffer allocation failed' }]);
  });
});

describe('run numbers far apart', () => {
  it('KnownSeqs and RunMarks answer as for numbers one after another', () => {
    const far = table(1, 2, 2_000_000_000);
    const known = new KnownSeqs(far);
    expect(known.firstMissing(1, parseOutcomeString('PP.1999999997P')!)).toBeUndefined();
    expect(known.firstMissing(1, parseOutcomeString('PPP')!)).toBe(3);
    expect(known.firstMissing(1, parseOutcomeString('PP.1999999998P')!)).toBe(2_000_000_001);
    const marks = new RunMarks(far);
    marks.mark(2, 5);
    expect([marks.has(1), marks.has(2), marks.has(2_000_000_000)]).toEqual([false, true, false]);
    marks.mark(1_999_999_001, 1000);
    expect(marks.has(2_000_000_000)).toBe(true);
  });
});

describe('a history line\'s "m"', () => {
  const runs = table(1, 2, 3);
  const shard = (m: string): string => `{"schema": 3, "tests": {\n"p.S::a": {"from":1,"o":"FPF","m":${m}}\n}}\n`;
  it.each([
    ['{"1":"x","note":"y"}', 'has the key "note", which is not one of its runs'],
    ['{"1":"x","0":"y"}', 'has the key "0", which is not one of its runs'],
    ['{"1":"x","4":"y"}', 'has the key "4", which is not one of its runs'],
    ['{"01":"x"}', 'has the key "01", which is not one of its runs'],
    ['{"1":7}', 'has a message for run 1 that is not a string'],
    ['["x"]', 'must be an object of messages by run number'],
    ['"x"', 'must be an object of messages by run number'],
  ])('%s is a problem naming the line', (m, problem) => {
    const { history, problems } = readHistoryShard('history/00.json', shard(m), runs, 3);
    expect(problems).toEqual([{ file: 'history/00.json', line: 2, message: `the "m" of 'p.S::a' ${problem}` }]);
    expect(history.has('p.S::a')).toBe(false);
  });

  it("messages of the line's own runs are read", () => {
    const { history, problems } = readHistoryShard('history/00.json', shard('{"1":"x","3":"y"}'), runs, 3);
    expect(problems).toEqual([]);
    expect(history.get('p.S::a')!.runs.map((r) => r.message)).toEqual(['x', undefined, 'y']);
  });
});

describe('until', () => {
  const now = Date.UTC(2026, 10, 26);
  it.each([
    ['2099-02-30', '2099-02 has no day 30'],
    ['2026-02-29', '2026-02 has no day 29'],
    ['2099-13-01', 'there is no month 13'],
    ['2099-12-31T24:00:00Z', 'there is no such time of day'],
    ['2099-12-31T10:00:00+25:00', 'there is no such UTC offset'],
    ['2099-12-31T10:00:00', ''],
    ['Dec 31 2099', ''],
    ['tomorrow', ''],
  ])('%s is refused with the same words by the action and the CLI', (until, why) => {
    const expected = `must be a date like 2026-12-31 (or a time like 2026-12-31T18:00:00Z), got ${JSON.stringify(until)}${why ? `: ${why}` : ''}`;
    expect(readUntil(until)).toEqual({ problem: expected });
    expect(parseOverride({ action: 'quarantine', until }).problem).toBe(`override.until ${expected}`);
    expect(() => overrideValue({ action: 'quarantine', until }, now)).toThrow(new CliError(`--until ${expected}.`));
  });

  it.each([
    ['2028-02-29', Date.UTC(2028, 1, 29, 23, 59, 59, 999)],
    ['2099-12-31', Date.UTC(2099, 11, 31, 23, 59, 59, 999)],
    ['2099-12-31T18:00:00Z', Date.UTC(2099, 11, 31, 18)],
    ['2099-12-31T18:00+02:00', Date.UTC(2099, 11, 31, 16)],
    ['2099-12-31T18:00:00.250Z', Date.UTC(2099, 11, 31, 18, 0, 0, 250)],
  ])('%s is accepted by both, ending at the same time', (until, end) => {
    expect(readUntil(until)).toEqual({ end });
    expect(parseOverride({ action: 'never', until }).problem).toBeUndefined();
    expect(overrideValue({ action: 'never', until }, now)).toEqual({ action: 'never', until });
    expect(overrideExpired({ action: 'never', until }, end)).toBe(false);
    expect(overrideExpired({ action: 'never', until }, end + 1)).toBe(true);
  });
});
