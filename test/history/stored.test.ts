/**
 * The history in its stored form (src/history/stored.ts, merged by src/history/stored-merge.ts) is the decoded history by another name: for random run
 * sequences (tests coming and going, retries, messages, durations, retention by count and age), merging on the stored
 * form and reading the branch back gives exactly what the decoded merge (mergeRun) gives, run after run; a LazyHistory
 * answers get / has / size / iteration as the Map of decoded histories does; `tail` is the end of `runs`; the
 * summary's trend is the same; and tests with the same records key get the same decision and scores.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Attempt, History, ParsedTestCase, RunContext } from '../../src/model.ts';
import { DEFAULT_RETENTION, mergeRun, type RetentionOptions } from '../../src/history/merge.ts';
import { LazyHistory, type StoredTest } from '../../src/history/stored.ts';
import { canMergeStored, mergeStored } from '../../src/history/stored-merge.ts';
import { LineTexts, nextSeq, renderDecodedShard, renderHistoryShard, readHistoryShard, storedTests, type RunTable } from '../../src/store/history-format.ts';
import { suiteTrend } from '../../src/report/trend.ts';
import { decide } from '../../src/policy/decide.ts';
import { DEFAULT_POLICY } from '../../src/policy/quarantine.ts';
import { statsScores } from '../../src/pipeline/stats-scores.ts';

const HOUR = 3_600_000;
const IDS = ['pkg.A::one', 'pkg.A::two', 'pkg.B::three', 'odd::name::x', 'pkg.C::four'];

/** One run: for each test, absent (null) or its attempts, message and duration. */
const runArb = fc.array(
  fc.option(
    fc.record({
      attempts: fc.constantFrom('P', 'P', 'P', 'F', 'E', 'S', 'FP', 'FF', 'SP'),
      message: fc.constantFrom('boom 1', 'boom 2', 'timeout'),
      duration: fc.option(fc.constantFrom(0, 0.5, 2), { nil: undefined }),
    }),
    { nil: null },
  ),
  { minLength: IDS.length, maxLength: IDS.length },
);

function testsOf(run: Array<{ attempts: string; message: string; duration?: number } | null>): ParsedTestCase[] {
  const out: ParsedTestCase[] = [];
  run.forEach((r, i) => {
    if (!r) return;
    const id = IDS[i]!;
    const cut = id.lastIndexOf('::');
    const attempts: Attempt[] = [...r.attempts].map((c) => ({
      status: c === 'P' ? 'passed' : c === 'S' ? 'skipped' : c === 'E' ? 'error' : 'failed',
      ...(c === 'F' || c === 'E' ? { message: r.message } : {}),
      ...(r.duration !== undefined ? { durationSec: r.duration } : {}),
    }));
    const test: ParsedTestCase = { id, name: id.slice(cut + 2), classname: id.slice(0, cut), suite: 's', report: 'r.xml', attempts };
    // Tests with a file and a line, a file alone, and neither (each stored test's shape: src/history/stored.ts).
    if (i !== 4) test.file = i % 2 ? `src/${id.slice(0, cut).replace(/\./g, '/')}.test.ts` : `f${i}.ts`;
    if (i === 1 || i === 4) test.line = 10 + i;
    out.push(test);
  });
  return out;
}

function contextOf(n: number, gapHours: number): RunContext {
  return {
    key: `${1000 + n}/test/abc`,
    runId: String(1000 + n),
    runAttempt: 1,
    job: 'test',
    workflow: 'CI',
    sha: `sha${n % 3}`,
    ref: 'refs/heads/main',
    onDefaultBranch: n % 4 !== 3,
    event: 'push',
    time: Date.UTC(2026, 0, 1) + n * gapHours * HOUR,
  };
}

/** Applies runs both ways; checks after each run that the stored form decodes to the decoded merge. */
function replay(runs: Array<Parameters<typeof testsOf>[0]>, gapHours: number, retention: RetentionOptions, lagged = false): { lazy: LazyHistory; plain: History; rows: RunTable } {
  let rows: RunTable = new Map();
  let plain: History = new Map();
  let lazy = new LazyHistory(new Map(), rows);
  runs.forEach((r, n) => {
    const run = contextOf(n, gapHours);
    const tests = testsOf(r);
    expect(canMergeStored(rows, run)).toBe(true);
    const row = { seq: nextSeq(rows), sha: run.sha, time: run.time, onDefaultBranch: run.onDefaultBranch, jobSucceeded: true };
    // `lagged`: runs age out from the run before, as the step has them (src/pipeline/clock.ts).
    const at = lagged ? { retentionNow: contextOf(Math.max(0, n - 1), gapHours).time } : {};
    plain = mergeRun(plain, tests, run, new Set(), { retention, jobSucceeded: true, ...at }).history;
    lazy = mergeStored(lazy, tests, run, row, { retention, normalise: (m) => m.trim(), ...at })!;
    rows = new Map(rows);
    rows.set(run.key, row);
    // In memory: the same histories, in the same order.
    expect([...lazy.keys()]).toEqual([...plain.keys()]);
    expect(lazy.size).toBe(plain.size);
    for (const [id, test] of plain) expect(lazy.get(id), id).toEqual(test);
    // Rendered and read back: the same shard as the decoded history renders.
    const text = renderHistoryShard([...storedTests(lazy, rows)]);
    expect(text).toBe(renderDecodedShard([...plain.values()], rows));
    expect(readHistoryShard('h.json', text, rows).problems).toEqual([]);
  });
  return { lazy, plain, rows };
}

/** The records key of test `id` made by a history holding it alone (nothing asked before it). */
function alone(lazy: LazyHistory, id: string): string | undefined {
  return new LazyHistory(new Map([[id, lazy.stored.get(id)!]]), lazy.rows).recordsKey(id);
}

describe('the history in its stored form', () => {
  it('merges, renders and reads back exactly as the decoded history, run after run', () => {
    fc.assert(
      fc.property(fc.array(runArb, { minLength: 1, maxLength: 14 }), fc.constantFrom(1, 24, 24 * 9), fc.constantFrom(3, 5, 100), (runs, gap, maxRuns) => {
        replay(runs, gap, { maxRuns, maxAgeDays: 30 });
      }),
      { numRuns: 150 },
    );
  });

  it('ages runs out from a given time exactly as the decoded history does', () => {
    fc.assert(
      fc.property(fc.array(runArb, { minLength: 1, maxLength: 14 }), fc.constantFrom(1, 24 * 9, 24 * 40), fc.constantFrom(3, 100), (runs, gap, maxRuns) => {
        replay(runs, gap, { maxRuns, maxAgeDays: 30 }, true);
      }),
      { numRuns: 100 },
    );
  });

  it('merges histories read back from the branch run after run, where tests share their outcome strings, as the decoded history', () => {
    // The step reads the branch, merges and writes it, every run: tests whose lines read alike share their segments
    // (and their texts, LineTexts), which a merge of one of them must never change for the others.
    fc.assert(
      fc.property(fc.array(runArb, { minLength: 1, maxLength: 14 }), fc.constantFrom(1, 24 * 9), fc.constantFrom(3, 100), (runs, gap, maxRuns) => {
        const retention = { maxRuns, maxAgeDays: 30 };
        let rows: RunTable = new Map();
        let plain: History = new Map();
        let lazy = new LazyHistory(new Map(), rows);
        const texts = new LineTexts();
        runs.forEach((r, n) => {
          const run = contextOf(n, gap);
          const tests = testsOf(r);
          const row = { seq: nextSeq(rows), sha: run.sha, time: run.time, onDefaultBranch: run.onDefaultBranch, jobSucceeded: true };
          plain = mergeRun(plain, tests, run, new Set(), { retention, jobSucceeded: true }).history;
          lazy = mergeStored(lazy, tests, run, row, { retention, normalise: (m) => m.trim() })!;
          rows = new Map(rows);
          rows.set(run.key, row);
          const text = renderHistoryShard([...storedTests(lazy, rows)], texts);
          expect(text).toBe(renderDecodedShard([...plain.values()], rows));
          const read = readHistoryShard('h.json', text, rows);
          expect(read.problems).toEqual([]);
          lazy = read.history;
        });
      }),
      { numRuns: 150 },
    );
  });

  it('merges a history read back from the branch (each line with its newest duration alone) as mergeRun merges it decoded, with the same records keys', () => {
    // A line read back keeps one duration, its newest run's (`d`): a test that passed again merges it with this run's
    // (src/history/stored.ts, appendedQuickly), and its records key is the one the decoded merge's records give.
    fc.assert(
      fc.property(fc.array(runArb, { minLength: 2, maxLength: 14 }), fc.constantFrom(1, 24 * 9), fc.constantFrom(3, 5, 100), (runs, gap, maxRuns) => {
        const retention = { maxRuns, maxAgeDays: 30 };
        let rows: RunTable = new Map();
        let read = new LazyHistory(new Map(), rows);
        runs.forEach((r, n) => {
          const run = contextOf(n, gap);
          const tests = testsOf(r);
          const row = { seq: nextSeq(rows), sha: run.sha, time: run.time, onDefaultBranch: run.onDefaultBranch, jobSucceeded: true };
          const plain = mergeRun(new Map(read), tests, run, new Set(), { retention, jobSucceeded: true }).history;
          const lazy = mergeStored(read, tests, run, row, { retention, normalise: (m) => m.trim() })!;
          rows = new Map(rows);
          rows.set(run.key, row);
          expect([...lazy.keys()]).toEqual([...plain.keys()]);
          for (const [id, test] of plain) expect(lazy.get(id), id).toEqual(test);
          // Asked one after another (the key of the test before handed back), each key is the one made for it alone.
          const ids = [...lazy.keys()];
          for (const id of [...ids, ...ids.slice().reverse()]) expect(lazy.recordsKey(id), id).toBe(alone(lazy, id));
          read = readHistoryShard('h.json', renderHistoryShard([...storedTests(lazy, rows)]), rows).history;
        });
      }),
      { numRuns: 150 },
    );
  });

  it('answers tail, the trend, and the records key as the decoded history does', () => {
    fc.assert(
      fc.property(fc.array(runArb, { minLength: 1, maxLength: 12 }), fc.constantFrom(1, 24 * 3), (runs, gap) => {
        const { lazy, plain } = replay(runs, gap, DEFAULT_RETENTION);
        for (const [id, test] of plain) for (const max of [1, 3, 30, Infinity]) expect(lazy.tail(id, max)).toEqual(test.runs.slice(-max === -Infinity ? 0 : -max));
        expect(suiteTrend(lazy, 5)).toEqual(suiteTrend(plain, 5));
        expect(suiteTrend(lazy, 5, 10)).toEqual(suiteTrend(plain, 5, 10));
        // Same key, same decision and scores (the step computes them once per key).
        const scores = statsScores(Date.UTC(2026, 1, 1));
        const ids = [...plain.keys()];
        // Asked one test after another, as the step asks, each key is the one made for that test alone.
        for (const id of [...ids, ...ids.slice().reverse()]) expect(lazy.recordsKey(id)).toBe(alone(lazy, id));
        for (const a of ids) {
          for (const b of ids) {
            if (a >= b || lazy.recordsKey(a) !== lazy.recordsKey(b)) continue;
            const now = '2026-02-01T00:00:00.000Z';
            const da = decide(plain.get(a)!, undefined, null, now, DEFAULT_POLICY);
            const db = decide(plain.get(b)!, undefined, null, now, DEFAULT_POLICY);
            expect(db).toEqual(da);
            expect(scores(new Map([[b, plain.get(b)!]])).get(b)).toEqual(scores(new Map([[a, plain.get(a)!]])).get(a));
          }
        }
      }),
      { numRuns: 80 },
    );
  });

  it('shares a key between tests whose runs all passed, whatever their durations', () => {
    const { lazy } = replay(
      [0, 1, 2].map(() => IDS.map((_, i) => ({ attempts: 'P', message: 'x', duration: i === 0 ? 0.5 : 2 }))),
      1,
      DEFAULT_RETENTION,
    );
    expect(new Set(IDS.map((id) => lazy.recordsKey(id))).size).toBe(1);
  });

  it("hands back the key of the test asked for before only when the segments, from and durations' runs are the same", () => {
    const segments = [{ a: 'P', n: 3 }];
    const base: StoredTest = { name: 'x', classname: 'c', from: 1, segments };
    const variants: StoredTest[] = [
      base,
      { ...base, d: 0 },
      { ...base, d: 0.5 },
      { ...base, dur: [3, 0] },
      { ...base, dur: [3, 0.5] },
      { ...base, dur: [2, 0.5] },
      { ...base, from: 2 },
      { ...base, m: { 2: 'boom' } },
      { ...base, segments: [{ a: 'P', n: 3 }] },
      { ...base, segments: [{ a: 'P', n: 4 }] },
      { ...base, dur: [2, 0.5, 3, 0.5] },
      // A quiet test that passed again keeps two durations: the key reads only which runs have one.
      { ...base, dur: [2, 0.7, 3, 0.1] },
      { ...base, dur: [2, 0, 3, 0.5] },
      { ...base, dur: [1, 0.5, 3, 0.5] },
      { ...base, dur: [2, 0.5, 3, 0] },
    ];
    const stored = new Map(variants.map((t, i) => [`c::t${i}`, t]));
    const rows = new Map([1, 2, 3, 4].map((seq) => [`run${seq}`, { seq, sha: 's', time: seq * HOUR, onDefaultBranch: true, jobSucceeded: true }]));
    const lazy = new LazyHistory(stored, rows);
    const ids = [...stored.keys()];
    for (const a of ids) for (const b of ids) expect([lazy.recordsKey(a), lazy.recordsKey(b)]).toEqual([alone(lazy, a), alone(lazy, b)]);
    // The distinctions the scores read: whether a run has a duration, and which.
    // The same segments in a new array; d 0 as none; three of the two-duration lists as a list above them.
    expect(new Set(ids.map((id) => alone(lazy, id))).size).toBe(ids.length - 5);
  });

  it("finds each test of a run by its id, in the history's order or any other, with new tests anywhere and tests without attempts, as the decoded merge", () => {
    // mergeStored looks each test of the report up in the history's copy, whatever the report's order: it must merge
    // as mergeRun, and a test twice in a run is left to the decoded merge (src/history/stored-merge.ts).
    const orderArb = fc.array(fc.nat({ max: 99 }), { minLength: IDS.length + 2, maxLength: IDS.length + 2 });
    fc.assert(
      fc.property(
        fc.array(fc.tuple(runArb, fc.option(orderArb, { nil: undefined }), fc.constantFrom('none', 'empty', 'twice')), { minLength: 1, maxLength: 12 }),
        fc.constantFrom(3, 100),
        (runs, maxRuns) => {
          const retention = { maxRuns, maxAgeDays: 30 };
          let rows: RunTable = new Map();
          let plain: History = new Map();
          let lazy = new LazyHistory(new Map(), rows);
          runs.forEach(([r, order, extra], n) => {
            const run = contextOf(n, 24);
            let tests = testsOf(r);
            // A test without attempts (a placeholder: the merge skips it) and a test twice, anywhere in the report.
            const absent = IDS.findIndex((_, i) => !r[i]);
            if (extra === 'empty' && absent >= 0) tests.push({ ...testsOf([{ attempts: 'P', message: '' }])[0]!, id: IDS[absent]!, attempts: [] });
            if (extra === 'twice' && tests.length > 0) tests.push({ ...tests[0]!, attempts: [{ status: 'passed' }] });
            if (order)
              tests = tests
                .map((t, i) => [order[i]!, i, t] as const)
                .sort((a, b) => a[0] - b[0] || a[1] - b[1])
                .map(([, , t]) => t);
            const row = { seq: nextSeq(rows), sha: run.sha, time: run.time, onDefaultBranch: run.onDefaultBranch, jobSucceeded: true };
            const next = mergeStored(lazy, tests, run, row, { retention, normalise: (m) => m.trim() });
            if (extra === 'twice' && r.some(Boolean)) {
              expect(next).toBeUndefined();
              return;
            }
            plain = mergeRun(plain, tests, run, new Set(), { retention, jobSucceeded: true }).history;
            lazy = next!;
            rows = new Map(rows);
            rows.set(run.key, row);
            expect([...lazy.keys()]).toEqual([...plain.keys()]);
            for (const [id, test] of plain) expect(lazy.get(id), id).toEqual(test);
          });
        },
      ),
      { numRuns: 300 },
    );
  });

  it('leaves a run with a test twice to the decoded merge', () => {
    const lazy = new LazyHistory(new Map(), new Map());
    const [t] = testsOf([{ attempts: 'P', message: 'x' }]);
    const run = contextOf(0, 1);
    expect(mergeStored(lazy, [t!, t!], run, { seq: 1, sha: run.sha, time: run.time, onDefaultBranch: true }, { retention: DEFAULT_RETENTION, normalise: (m) => m })).toBeUndefined();
  });

  it('is read-only: a merge makes a new history', () => {
    const lazy = new LazyHistory(new Map(), new Map());
    expect(() => lazy.set()).toThrow(/read-only/);
    expect(() => lazy.delete()).toThrow(/read-only/);
  });
});
