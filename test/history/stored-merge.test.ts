/**
 * mergeStored's join of a run's tests to the history (src/history/stored-merge.ts) against the naive rule, on varied
 * histories and runs: every test of the history in its order, merged with its record in this run (mergeStored on a
 * history of that test alone and a run of that record alone) or aged out (`trimmed`) when it did not run, then the
 * new tests in the run's order; a test twice in the run (placeholders without attempts aside) leaves the run to the
 * decoded merge (undefined). Varied: reports in any order, tests twice (kept, merged to nothing, new), placeholders,
 * retention by count and by a time ahead of the run, and histories whose runs reach past the new run's number.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Attempt, ParsedTestCase, RunContext } from '../../src/model.ts';
import { LazyHistory, type SeqRow, type StoredTest } from '../../src/history/stored.ts';
import { mergeStored, trimmed } from '../../src/history/stored-merge.ts';
import type { Segment } from '../../src/history/outcome-string.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const IDS = ['a::1', 'a::2', 'b::3', 'b::4', 'c::5', 'c::6', 'new::7', 'new::8'];
const T0 = Date.UTC(2026, 0, 1);

interface Case {
  /** The history: for each of the first six ids, its stored test or none. */
  stored: Array<{ from: number; segments: Segment[]; m?: Readonly<Record<string, string>>; dur?: readonly number[]; d?: number } | null>;
  /** The run: ids by index into IDS with their attempts; -1 attempts: a placeholder without attempts. */
  run: Array<{ at: number; attempts: string; message: boolean; duration?: number }>;
  seq: number;
  maxRuns: number;
  /** Days after the run the runs age out from. */
  ahead: number;
}

const segmentArb = fc.record({ a: fc.constantFrom('P', 'P', 'F', 'FP', '', 'S'), n: fc.integer({ min: 1, max: 4 }) });
const storedArb = fc.option(
  fc.record(
    {
      from: fc.integer({ min: 1, max: 6 }),
      segments: fc.array(segmentArb, { minLength: 1, maxLength: 3 }).map((s) => {
        // A history starts and ends with a run.
        s[0] = { ...s[0]!, a: s[0]!.a || 'P' };
        s[s.length - 1] = { ...s[s.length - 1]!, a: s[s.length - 1]!.a || 'F' };
        return s;
      }),
      m: fc.option(fc.constant({ '2': 'boom' }), { nil: undefined }),
      dur: fc.option(fc.constantFrom([1, 0.5], [2, 1, 3, 0]), { nil: undefined }),
      d: fc.option(fc.constantFrom(0, 1.5), { nil: undefined }),
    },
    { requiredKeys: ['from', 'segments'] },
  ),
  { nil: null },
);
const caseArb: fc.Arbitrary<Case> = fc.record({
  stored: fc.array(storedArb, { minLength: 6, maxLength: 6 }),
  run: fc.array(
    fc.record(
      {
        at: fc.integer({ min: 0, max: IDS.length - 1 }),
        attempts: fc.constantFrom('P', 'P', 'F', 'FP', 'S', '-'),
        message: fc.boolean(),
        duration: fc.option(fc.constantFrom(0, 0.25), { nil: undefined }),
      },
      { requiredKeys: ['at', 'attempts', 'message'] },
    ),
    { maxLength: 12 },
  ),
  // The new run's number: after every stored run (the step's case), or within them (a history that reached it).
  seq: fc.constantFrom(20, 20, 20, 5, 8),
  maxRuns: fc.constantFrom(2, 4, 100),
  ahead: fc.constantFrom(0, 0, 3, 40),
});

function testOf(at: number, attempts: string, message: boolean, duration: number | undefined): ParsedTestCase {
  const id = IDS[at]!;
  const statuses = attempts === '-' ? [] : [...attempts];
  const list: Attempt[] = statuses.map((c) => ({
    status: c === 'P' ? 'passed' : c === 'S' ? 'skipped' : 'failed',
    ...(c === 'F' && message ? { message: `boom ${at}` } : {}),
    ...(duration !== undefined ? { durationSec: duration } : {}),
  }));
  return { id, name: id.slice(3), classname: id.slice(0, 1), suite: 's', report: 'r.xml', attempts: list, ...(at % 2 ? { file: `f${at}.ts` } : {}) };
}

function historyOf(c: Case): { history: LazyHistory; rows: Map<string, SeqRow>; row: SeqRow; run: RunContext } {
  // A row for every run number a stored test or the new run may name (times a day apart).
  const rows = new Map<string, SeqRow>();
  for (let seq = 1; seq <= 30; seq++) if (seq !== c.seq) rows.set(`run${seq}`, { seq, sha: 's', time: T0 + seq * DAY, onDefaultBranch: true });
  const stored = new Map<string, StoredTest>();
  c.stored.forEach((s, i) => {
    if (s) stored.set(IDS[i]!, { name: IDS[i]!.slice(3), classname: IDS[i]!.slice(0, 1), ...s });
  });
  const time = T0 + c.seq * DAY;
  const run: RunContext = { key: 'now', runId: '1', runAttempt: 1, job: 'test', workflow: 'CI', sha: 's', ref: 'refs/heads/main', onDefaultBranch: true, event: 'push', time };
  return { history: new LazyHistory(stored, rows), rows, row: { seq: c.seq, sha: 's', time, onDefaultBranch: true }, run };
}

/** The naive rule (the file's header). */
function naive(c: Case, tests: ParsedTestCase[]): Map<string, StoredTest> | undefined {
  const { history, rows, row, run } = historyOf(c);
  const options = { retention: { maxRuns: c.maxRuns, maxAgeDays: 30 }, normalise: (m: string) => m, retentionNow: run.time + c.ahead * DAY };
  const ran = new Map<string, ParsedTestCase>();
  for (const t of tests) {
    if (t.attempts.length === 0) continue;
    if (ran.has(t.id)) return undefined;
    ran.set(t.id, t);
  }
  const times = new Map([...rows.values(), row].map((r) => [r.seq, r.time]));
  const oldestKept = options.retentionNow - 30 * DAY;
  const out = new Map<string, StoredTest>();
  const one = (id: string, s: StoredTest | undefined, t: ParsedTestCase): StoredTest | undefined =>
    mergeStored(new LazyHistory(new Map(s ? [[id, s]] : []), rows), [t], run, row, options)!.stored.get(id);
  for (const [id, s] of history.stored) {
    const t = ran.get(id);
    const kept = t ? one(id, s, t) : trimmed(s, (seq) => times.get(seq)!, oldestKept, c.maxRuns);
    if (kept) out.set(id, kept);
  }
  for (const [id, t] of ran) {
    if (history.stored.has(id)) continue;
    const kept = one(id, undefined, t);
    if (kept) out.set(id, kept);
  }
  return out;
}

describe('mergeStored joins a run to the history as the naive rule does', () => {
  it('in any order, with tests twice, placeholders, new tests, retention, and histories that reach the run', () => {
    fc.assert(
      fc.property(caseArb, (c) => {
        const tests = c.run.map((r) => testOf(r.at, r.attempts, r.message, r.duration));
        const { history, row, run } = historyOf(c);
        const merged = mergeStored(history, tests, run, row, { retention: { maxRuns: c.maxRuns, maxAgeDays: 30 }, normalise: (m) => m, retentionNow: run.time + c.ahead * DAY });
        const expected = naive(c, tests);
        if (!expected) {
          expect(merged).toBeUndefined();
          return;
        }
        expect(merged).toBeDefined();
        expect([...merged!.stored.keys()]).toEqual([...expected.keys()]);
        for (const [id, s] of expected) expect(merged!.stored.get(id), id).toEqual(s);
        // The history merged from is left as it was.
        expect([...history.stored.values()]).toEqual([...historyOf(c).history.stored.values()]);
      }),
      { numRuns: 3000 },
    );
  });

  it('leaves a run to the decoded merge when a test is twice in it, also when its first record kept no run', () => {
    // The run ages out at once (its time is more than maxAgeDays before the time runs age out from).
    const c: Case = { stored: [null, null, null, null, null, null], run: [], seq: 20, maxRuns: 4, ahead: 40 };
    const { history, row, run } = historyOf(c);
    const options = { retention: { maxRuns: 4, maxAgeDays: 30 }, normalise: (m: string) => m, retentionNow: run.time + 40 * DAY };
    const t = testOf(6, 'P', false, undefined);
    expect(mergeStored(history, [t], run, row, options)!.stored.size).toBe(0);
    expect(mergeStored(history, [t, t], run, row, options)).toBeUndefined();
  });
});
