/**
 * Quiet tests taken as a stretch (docs/adr/0480-quiet-tests-as-a-stretch.md): the stored form's passes (neighbours of
 * one records class share decision and scores, decisions read by position, a stretch's runs marked once) must write
 * what the per-test path writes (the history decoded: mergeRun, each decision looked up by id),
 * byte for byte, on a history that mixes quiet tests with flaky, quarantined, overridden, closed-by-hand, absent and
 * new tests, durations of zero and none.
 */
import { describe, expect, it } from 'vitest';
import { applyRun, type ApplyOptions, type ApplyResult } from '../../src/pipeline/apply.ts';
import type { History, ParsedTestCase } from '../../src/model.ts';
import { emptySnapshot, parseSnapshot, type Snapshot } from '../../src/store/snapshot.ts';
import { LazyHistory } from '../../src/history/stored.ts';
import { DEFAULT_POLICY } from '../../src/policy/quarantine.ts';
import { statsScores } from '../../src/pipeline/stats-scores.ts';
import { parsedTest, runContext } from '../support/builders.ts';
import fc from 'fast-check';
import { InOrder } from '../../src/pipeline/render-files.ts';
import { ByClass } from '../../src/pipeline/decide-tests.ts';

const TESTS = 1_500; // two shards: quiet files are written from two shards up
const ids = Array.from({ length: TESTS + 20 }, (_, i) => `pkg.C${i % 40}::t${i}`);
const RUNS = 16;
const options = (n: number): ApplyOptions => ({
  retention: { maxRuns: 6, maxAgeDays: 90 },
  policy: DEFAULT_POLICY,
  scoreTests: statsScores(runContext(n).time),
});

/** Run n's report: flaky tests failing now and then (on a retry or for good), a few failing once, some absent, new ones from run 10. */
function report(n: number): ParsedTestCase[] {
  const tests: ParsedTestCase[] = [];
  for (let i = 0; i < (n >= 10 ? TESTS + 20 : TESTS); i++) {
    if (i >= 40 && i < 50 && (n === 6 || n === 7)) continue;
    let attempts = 'P';
    if (i < 30 && (i + n) % 5 === 0) attempts = i % 2 === 0 ? 'FP' : 'F';
    if (i >= 30 && i < 40 && n === 3) attempts = i % 2 === 0 ? 'FP' : 'F';
    const durationSec = i % 3 === 0 ? 0 : i % 3 === 1 ? undefined : i === 8 ? (n % 2 === 0 ? 0.5 : 0) : 0.1;
    const test = parsedTest(ids[i]!, attempts);
    tests.push(durationSec === undefined ? test : { ...test, attempts: test.attempts.map((a) => ({ ...a, durationSec })) });
  }
  return tests;
}

/** Hand overrides written into the stats lines of a flaky test and of a test that failed once (quiet again later). */
function withOverrides(files: Map<string, string>): Map<string, string> {
  const out = new Map(files);
  for (const id of [ids[1]!, ids[31]!]) {
    for (const [path, text] of out) {
      if (!path.startsWith('stats/')) continue;
      const edited = text.replace(`${JSON.stringify(id)}: {"override":null,`, `${JSON.stringify(id)}: {"override":{"action":"quarantine","reason":"by hand"},`);
      if (edited !== text) out.set(path, edited);
    }
  }
  return out;
}

const decoded = (history: History): History => new Map([...history]);

function applyBoth(snapshot: Snapshot, n: number): { stretch: ApplyResult; perTest: ApplyResult } {
  const run = runContext(n);
  const closedByHand = (id: string) => (id === ids[2] && n >= 8 ? { since: runContext(7).time, issue: 7 } : undefined);
  const input = { reports: { tests: report(n), problems: [], filesRead: 1 }, filesMatched: 1, testOutcome: '' as const, run, now: run.time, closedByHand };
  const stretch = applyRun({ ...input, snapshot }, options(n));
  const perTest = applyRun({ ...input, snapshot: { ...snapshot, history: decoded(snapshot.history) } }, options(n));
  return { stretch, perTest };
}

/** Two maps that every reader sees alike: size, get and has of every id (and of ids of neither), each way of iterating. */
function sameByEveryReader<V>(got: ReadonlyMap<string, V>, want: ReadonlyMap<string, V>, what: string): void {
  expect(got.size, what).toBe(want.size);
  for (const [id, value] of want) {
    expect(got.has(id), `${what}: has ${id}`).toBe(true);
    expect(got.get(id), `${what}: get ${id}`).toEqual(value);
  }
  for (const id of ['absent', `${ids[0]}x`]) {
    expect(got.has(id)).toBe(false);
    expect(got.get(id)).toBeUndefined();
  }
  const entries = [...got];
  expect([...got.entries()]).toEqual(entries);
  expect([...got.keys()]).toEqual(entries.map(([id]) => id));
  expect([...got.values()]).toEqual(entries.map(([, value]) => value));
  const seen: Array<[string, V]> = [];
  got.forEach((value, id, map) => {
    expect(map).toBe(got);
    seen.push([id, value]);
  });
  expect(seen).toEqual(entries);
  expect(new Set(entries.map(([id]) => id)).size).toBe(entries.length);
}

describe('quiet tests taken as a stretch', () => {
  it('write the files, decisions, scores and outcome of the per-test path, run after run', () => {
    let files: Map<string, string> | undefined;
    let quietKept = 0;
    let quietFiles = 0;
    for (let n = 1; n <= RUNS; n++) {
      const read = files ? (n === 5 ? withOverrides(files) : files) : undefined;
      const snapshot = read ? parseSnapshot(read) : emptySnapshot();
      expect(snapshot.problems).toEqual([]);
      if (read) expect(snapshot.history).toBeInstanceOf(LazyHistory);
      const { stretch, perTest } = applyBoth(snapshot, n);
      if (read) expect(stretch.history).toBeInstanceOf(LazyHistory);
      expect(perTest.history).not.toBeInstanceOf(LazyHistory);
      expect([...stretch.files.keys()].sort()).toEqual([...perTest.files.keys()].sort());
      for (const [path, text] of stretch.files) expect(text, `run ${n}: ${path}`).toBe(perTest.files.get(path));
      expect([...stretch.decisions].sort()).toEqual([...perTest.decisions].sort());
      expect([...stretch.scores].sort()).toEqual([...perTest.scores].sort());
      // Read by id, as the summary, publishing and the dashboard read them (ByClass answers a neighbour from its class).
      sameByEveryReader(stretch.decisions, perTest.decisions, `run ${n}: decisions`);
      sameByEveryReader(stretch.scores, perTest.scores, `run ${n}: scores`);
      expect(stretch.outcome).toEqual(perTest.outcome);
      for (const [path, text] of stretch.files) {
        if (!path.startsWith('history/quiet-')) continue;
        quietFiles++;
        if (read?.get(path) === text) quietKept++;
      }
      files = stretch.files;
    }
    // The mix the comparison covers: quiet files kept as read and rewritten, quarantined and overridden tests.
    expect(quietFiles).toBeGreaterThan(10);
    expect(quietKept).toBeGreaterThan(0);
    expect(quietKept).toBeLessThan(quietFiles);
    const last = parseSnapshot(files!);
    expect([...last.stats.values()].some((l) => l.quarantined === true)).toBe(true);
    expect(last.overrides.size).toBe(2);
  });
});

describe("the write's quiet lines read at a cursor (InOrder)", () => {
  it('answers every key as the map does, asked in the map order, with keys skipped, unknown, repeated or out of order', () => {
    const keys = Array.from({ length: 12 }, (_, i) => `pkg.C::t${i}`);
    fc.assert(
      fc.property(fc.subarray(keys), fc.array(fc.oneof(fc.constantFrom(...keys), fc.constant('pkg.C::new')), { maxLength: 30 }), fc.boolean(), (held, asked, inOrder) => {
        const map = new Map(held.map((k, i) => [k, { i }]));
        // Asked mostly in the map's order (as the write asks), or in any order.
        const sequence = inOrder ? asked.slice().sort((a, b) => keys.indexOf(a) - keys.indexOf(b)) : asked;
        const cursor = new InOrder(map);
        for (const key of sequence) expect(cursor.get(key), key).toBe(map.get(key));
      }),
      { numRuns: 500 },
    );
  });
});

describe('ByClass, the decisions and scores of a stored history', () => {
  it('is the Map a set per test makes, also after later sets (counted in changed) and a set of an id it does not hold', () => {
    const stored = new Map(['a', 'b', 'c', 'd'].map((id, i) => [id, { name: id, classname: 'k', from: 1, segments: [{ a: 'P', n: i < 2 ? 1 : 2 }] }]));
    const ofClass = (t: { segments: readonly { n: number }[] }): string => `class ${t.segments[0]!.n}`;
    const own = new Map([['c', 'c alone']]);
    const byClass = new ByClass<string>(stored, ['class 1', 'class 1', 'c alone', 'class 2'], own, ofClass);
    byClass.changed = new Set();
    const naive = new Map([
      ['a', 'class 1'],
      ['b', 'class 1'],
      ['c', 'c alone'],
      ['d', 'class 2'],
    ]);
    sameByEveryReader(byClass, naive, 'as decided');
    byClass.set('b', 'b later');
    naive.set('b', 'b later');
    byClass.set('e', 'e, not stored');
    naive.set('e', 'e, not stored');
    byClass.set('e', 'e again');
    naive.set('e', 'e again');
    expect([...byClass.changed]).toEqual(['b', 'e']);
    sameByEveryReader(byClass, naive, 'after later sets');
    expect(() => byClass.delete('a')).toThrow();
  });
});
