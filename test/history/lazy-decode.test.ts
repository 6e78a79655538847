/**
 * LazyHistory.get decodes a stored test as the plain rule does: every run of its segments from `from` on joined with
 * its row of the runs table (the shared record of runRecord when it has no message, the same object), sorted by time
 * when the table's times do not follow its numbers, each run's duration or the newest's alone, and the same error for
 * a run the table does not hold. Checked against that rule written out on random tables (dense numbers from any base,
 * numbers too far apart for an array, times in and out of order) and random tests (gaps, retries, messages,
 * durations), many tests decoded from one history so that each run's kept record is read again.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { TestHistory, TestRunRecord } from '../../src/model.ts';
import { durationAt, LazyHistory, type SeqRow, type StoredTest } from '../../src/history/stored.ts';
import { forEachRun, type Segment } from '../../src/history/outcome-string.ts';
import { runRecord, withDuration } from '../../src/history/records.ts';

/** The decode of a stored test, written as the rule says (one look-up per run, runRecord per run, a sort by time). */
function plainDecode(id: string, s: StoredTest, rows: ReadonlyMap<string, SeqRow>): TestHistory {
  const bySeq = new Map<number, [string, SeqRow]>();
  for (const [key, row] of rows) bySeq.set(row.seq, [key, row]);
  let records: Array<{ seq: number; record: TestRunRecord }> = [];
  forEachRun(s.from, s.segments, (seq, attempts) => {
    const joined = bySeq.get(seq);
    if (!joined) throw new Error(`the history of '${id}' refers to run ${seq}, which is not in the runs table`);
    records.push({ seq, record: runRecord(joined[0], joined[1], attempts, s.m?.[seq]) });
  });
  records = records.map((r, i) => ({ ...r, i })).sort((x, y) => x.record.time - y.record.time || x.i - y.i);
  let runs = records.map((r) => r.record);
  if (s.dur) runs = records.map(({ seq, record }) => (durationAt(s.dur!, seq) === undefined ? record : withDuration(record, durationAt(s.dur!, seq)!)));
  else if (s.d !== undefined && runs.length > 0) runs[runs.length - 1] = withDuration(runs[runs.length - 1]!, s.d);
  const test: TestHistory = { id, name: s.name, classname: s.classname, runs };
  if (s.file !== undefined) test.file = s.file;
  if (s.line !== undefined) test.line = s.line;
  return test;
}

const tableArb = fc.record({
  base: fc.constantFrom(0, 1, 57, 100_000),
  count: fc.integer({ min: 1, max: 14 }),
  // Numbers left out (retention), numbers far apart (no array), times out of order.
  missing: fc.array(fc.integer({ min: 0, max: 13 }), { maxLength: 3 }),
  spread: fc.constantFrom(1, 1, 1, 1000),
  shuffled: fc.boolean(),
  cells: fc.boolean(),
});

const testArb = fc.record({
  from: fc.integer({ min: -1, max: 3 }),
  segments: fc.array(fc.record({ a: fc.constantFrom('', 'P', 'P', 'F', 'FP', 'E', 'S', 'SP'), n: fc.integer({ min: 1, max: 4 }) }), { minLength: 1, maxLength: 6 }),
  messages: fc.array(fc.integer({ min: 0, max: 15 }), { maxLength: 3 }),
  durations: fc.constantFrom('none', 'newest', 'each'),
  file: fc.boolean(),
});

function rowsOf(t: { base: number; count: number; missing: number[]; spread: number; shuffled: boolean; cells: boolean }): Map<string, SeqRow> {
  const rows = new Map<string, SeqRow>();
  for (let i = 0; i < t.count; i++) {
    if (t.missing.includes(i) && i > 0) continue;
    const time = t.shuffled ? 1_000_000 + ((i * 7) % t.count) * 1000 : 1_000_000 + i * 1000;
    rows.set(`run-${i}`, {
      seq: t.base + i * t.spread,
      sha: `sha${i % 3}`,
      time,
      onDefaultBranch: i % 2 === 0,
      ...(i % 4 === 1 ? { jobSucceeded: true } : {}),
      ...(i % 5 === 2 ? { outages: ['boom #'] } : {}),
      ...(t.cells ? { cell: `os=${i % 2 ? 'linux' : 'mac'}` } : {}),
    });
  }
  return rows;
}

function storedOf(t: { from: number; segments: Segment[]; messages: number[]; durations: string; file: boolean }, table: { base: number; spread: number }, k: number): StoredTest {
  const seqOf = (i: number): number => table.base + i * table.spread;
  // With numbers far apart, a segment's runs are consecutive numbers: most are not in the table (the error case).
  const from = seqOf(Math.max(0, t.from));
  const segments = t.segments;
  const m: Record<string, string> = {};
  for (const i of t.messages) m[String(seqOf(i))] = i % 2 ? 'boom 1' : 'timeout';
  const s: StoredTest = { name: `t${k}`, classname: 'pkg.C', from, segments };
  if (t.messages.length > 0) s.m = m;
  if (t.durations === 'newest') s.d = k % 3 === 0 ? 0 : 0.25;
  if (t.durations === 'each') {
    const dur: number[] = [];
    forEachRun(from, segments, (seq) => {
      if (seq % 3 !== 1) dur.push(seq, (seq % 5) / 4);
    });
    s.dur = dur;
  }
  if (t.file) {
    s.file = 'src/c.test.ts';
    s.line = k;
  }
  return s;
}

/** The outcome of decoding: the history, or the error's message. */
function outcome(decode: () => TestHistory): TestHistory | string {
  try {
    return decode();
  } catch (e) {
    return (e as Error).message;
  }
}

describe('LazyHistory.get', () => {
  it('decodes each test as the plain rule does, the shared records being the same objects', () => {
    fc.assert(
      fc.property(tableArb, fc.array(testArb, { minLength: 1, maxLength: 8 }), (table, tests) => {
        const rows = rowsOf(table);
        const stored = new Map<string, StoredTest>();
        // Neighbours sharing one segments array, as a suite's quiet tests do.
        tests.forEach((t, k) => stored.set(`pkg.C::t${k}`, storedOf(t, table, k)));
        stored.set('pkg.C::same', { ...stored.get('pkg.C::t0')!, name: 'same' });
        const lazy = new LazyHistory(stored, rows);
        // Twice: the second pass reads each run's kept record (and the decoded cache).
        for (let pass = 0; pass < 2; pass++) {
          if (pass === 1) lazy.dropCaches();
          for (const [id, s] of stored) {
            const want = outcome(() => plainDecode(id, s, rows));
            const got = outcome(() => lazy.get(id)!);
            expect(got).toEqual(want);
            if (typeof want === 'string' || typeof got === 'string') continue;
            for (let i = 0; i < want.runs.length; i++) if (want.runs[i]!.message === undefined && want.runs[i]!.durationSec === undefined) expect(got.runs[i]).toBe(want.runs[i]);
          }
        }
      }),
      { numRuns: 400 },
    );
  });

  it('decodes a run the table has from a table whose numbers are far apart, and names a run it has not', () => {
    const rows = new Map<string, SeqRow>([
      ['a', { seq: 3, sha: 's', time: 1, onDefaultBranch: true }],
      ['b', { seq: 9_000_000, sha: 's', time: 2, onDefaultBranch: true }],
    ]);
    const stored = new Map<string, StoredTest>([
      [
        'x',
        {
          name: 'x',
          classname: 'c',
          from: 3,
          segments: [
            { a: 'F', n: 1 },
            { a: '', n: 8_999_996 },
            { a: 'P', n: 1 },
          ],
        },
      ],
      ['y', { name: 'y', classname: 'c', from: 4, segments: [{ a: 'P', n: 1 }] }],
    ]);
    const lazy = new LazyHistory(stored, rows);
    expect(lazy.get('x')!.runs.map((r) => [r.run, r.attempts])).toEqual([
      ['a', 'F'],
      ['b', 'P'],
    ]);
    expect(() => lazy.get('y')).toThrow("the history of 'y' refers to run 4, which is not in the runs table");
  });
});
