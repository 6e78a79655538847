/**
 * Schema 4's quiet shards (docs/data-branch.md, "history/quiet-NN.json"; docs/adr/0365-schema-4-quiet-shards.md):
 * a run in which no quiet test changed leaves the quiet files byte for byte, and every history read back from the
 * files equals the history the step merged (the runs every decision is computed from), run after run, through the
 * lazy trimming of `from`, a test that fails and leaves its quiet file, a test that stops running, and the window's age.
 */
import { describe, expect, it } from 'vitest';
import { applyRun, type ApplyOptions, type ApplyResult } from '../../src/pipeline/apply.ts';
import type { History, ParsedTestCase } from '../../src/model.ts';
import { emptySnapshot, parseSnapshot } from '../../src/store/snapshot.ts';
import { parsedTest, runContext } from '../support/builders.ts';
import { DEFAULT_POLICY } from '../../src/policy/quarantine.ts';
import { QUIET_SLACK, parseHistoryShard, KnownSeqs, emptyQuietReads } from '../../src/store/history-format.ts';
import { closeOpenEnd, expandOpenEnd } from '../../src/history/outcome-string.ts';
import type { StoredTest } from '../../src/history/stored.ts';

const TESTS = 1_500; // two shards: quiet files are written from two shards up
const ids = Array.from({ length: TESTS }, (_, i) => `pkg.C${i % 40}::t${i}`);
const MAX_RUNS = 6;
const options: ApplyOptions = { retention: { maxRuns: MAX_RUNS, maxAgeDays: 90 }, policy: DEFAULT_POLICY };

function suite(n: number, fails: ReadonlySet<string> = new Set(), absent: ReadonlySet<string> = new Set()): ParsedTestCase[] {
  return ids.filter((id) => !absent.has(id)).map((id) => parsedTest(id, fails.has(id) ? 'FP' : 'P', { durationSec: id === ids[7] ? (n % 2 === 0 ? 0.5 : 0.25) : 0.1 } as Partial<ParsedTestCase>));
}

function apply(previous: ApplyResult | undefined, tests: ParsedTestCase[], n: number, time?: number): ApplyResult {
  const run = runContext(n, time === undefined ? {} : { time });
  const snapshot = previous ? parseSnapshot(previous.files) : emptySnapshot();
  expect(snapshot.problems).toEqual([]);
  return applyRun({ snapshot, reports: { tests, problems: [], filesRead: 1 }, filesMatched: 1, testOutcome: '', run, now: run.time }, options);
}

/** What the decisions read of a history: each test's runs (run key, attempts, message, whether it has a duration). */
function runsOf(history: History): Map<string, string> {
  const out = new Map<string, string>();
  for (const [id, t] of history) out.set(id, t.runs.map((r) => `${r.run}:${r.attempts}:${r.message ?? ''}:${(r.durationSec ?? 0) > 0 ? 'd' : ''}`).join(' '));
  return out;
}

const quietFiles = (files: Map<string, string>): Map<string, string> => new Map([...files].filter(([path]) => path.startsWith('history/quiet-')));
const lineOf = (files: Map<string, string>, id: string): Record<string, unknown> | undefined => {
  for (const [path, text] of files) {
    if (!path.startsWith('history/')) continue;
    const line = (JSON.parse(text) as { tests: Record<string, Record<string, unknown>> }).tests[id];
    if (line) return { ...line, path };
  }
  return undefined;
};

describe('schema 4: an open-ended last token', () => {
  it('reads as every run from its place to the newest run', () => {
    expect(expandOpenEnd(10, 'P*', 14)).toEqual([{ a: 'P', n: 5 }]);
    expect(expandOpenEnd(10, 'F.2(FP)*', 20)).toEqual([
      { a: 'F', n: 1 },
      { a: '', n: 2 },
      { a: 'FP', n: 8 },
    ]);
    expect(closeOpenEnd(10, 'FP*', 13)).toBe('FPPP');
    expect(closeOpenEnd(10, 'P*', 10)).toBe('P');
    expect(closeOpenEnd(10, 'PP*', 9)).toBeNull(); // a token after the newest run
    expect(expandOpenEnd(10, '.*', 12)).toBeNull(); // an open-ended gap is no run
    expect(closeOpenEnd(10, 'P*3', 99)).toBe('P*3'); // a count is not an open end
  });

  it('is read only from a schema-4 file', () => {
    const runs = new Map([1, 2, 3].map((seq) => [`r${seq}`, { seq, sha: 's', time: seq, onDefaultBranch: true }]));
    const read = (schema: number): [Map<string, StoredTest>, unknown[]] => {
      const into = new Map<string, StoredTest>();
      const problems = parseHistoryShard('history/quiet-00.json', `{"schema": ${schema}, "tests": {\n"a.B::c": {"from":2,"o":"P*"}\n}}\n`, new KnownSeqs(runs), into, undefined, {
        reads: emptyQuietReads(),
      });
      return [into, problems];
    };
    expect(read(4)[0].get('a.B::c')!.segments).toEqual([{ a: 'P', n: 2 }]);
    expect(read(4)[1]).toEqual([]);
    expect(read(3)[1]).toHaveLength(1);
  });
});

describe('schema 4: quiet shards', () => {
  it('every history read back equals the merged one, run after run; a clean run keeps the quiet files byte for byte', () => {
    const flaky = ids[3]!;
    const leaves = ids[11]!;
    let result: ApplyResult | undefined;
    let previousQuiet = new Map<string, string>();
    const unchangedRuns: number[] = [];
    const allChangedRuns: number[] = [];
    const fromOf: number[] = [];
    for (let n = 1; n <= 40; n++) {
      const fails = new Set(n === 12 || n === 38 ? [flaky] : []);
      const absent = new Set(n >= 25 ? [leaves] : []);
      result = apply(result, suite(n, fails, absent), n);
      const read = parseSnapshot(result.files);
      expect(read.problems).toEqual([]);
      // The runs every decision reads are the ones the step merged: lazily trimmed lines read back trimmed.
      expect(runsOf(read.history)).toEqual(runsOf(result.history));
      const quiet = quietFiles(result.files);
      if (quiet.size > 0 && [...quiet].every(([path, text]) => previousQuiet.get(path) === text)) unchangedRuns.push(n);
      if (previousQuiet.size === 2 && [...quiet].every(([path, text]) => previousQuiet.get(path) !== text)) allChangedRuns.push(n);
      previousQuiet = quiet;
      fromOf.push(lineOf(result.files, ids[0]!)!.from as number);
    }
    // Quiet tests live in the quiet files (two shards: quiet-00 and quiet-01); the flaky test in a busy one.
    expect([...quietFiles(result!.files).keys()].sort()).toEqual(['history/quiet-00.json', 'history/quiet-01.json']);
    expect(lineOf(result!.files, ids[0]!)).toMatchObject({ o: 'P*' });
    expect(lineOf(result!.files, flaky)!.path).toMatch(/^history\/0[01]\.json$/);
    // The test that stopped running left the quiet file (its stretch no longer ends at the newest run).
    expect(lineOf(result!.files, leaves)!.path).toMatch(/^history\/0[01]\.json$/);
    // Most runs leave every quiet file as it was; `from` moves only every QUIET_SLACK runs or so.
    expect(unchangedRuns.length).toBeGreaterThan(25);
    // Each file catches up at its own run (quietCatchUp): no run rewrites both.
    expect(allChangedRuns).toEqual([]);
    const moves = fromOf.filter((from, i) => i > 0 && from !== fromOf[i - 1]).length;
    expect(moves).toBeGreaterThan(0);
    expect(moves).toBeLessThanOrEqual(Math.ceil(40 / QUIET_SLACK) + 1);
    // runs.json keeps every row an open end refers to: from the oldest quiet `from` on.
    const rows = Object.keys((JSON.parse(result!.files.get('runs.json')!) as { runs: object }).runs).map(Number);
    expect(Math.min(...rows)).toBeLessThanOrEqual(fromOf[fromOf.length - 1]!);
    // A duration is kept as read while it is as much there as the newest one (what the scores read of durations).
    expect(lineOf(result!.files, ids[7]!)).toMatchObject({ o: 'P*' });
  });

  it('a failure in a quiet test is decided exactly as from a schema-3 line, and moves it to a busy file', () => {
    const target = ids[5]!;
    let result: ApplyResult | undefined;
    for (let n = 1; n <= 10; n++) result = apply(result, suite(n), n);
    expect(lineOf(result!.files, target)).toMatchObject({ o: 'P*' });
    result = apply(result, suite(11, new Set([target])), 11);
    expect(lineOf(result.files, target)).toMatchObject({ o: `P*${MAX_RUNS - 1}(FP)`, path: expect.stringMatching(/^history\/0[01]\.json$/) as unknown });
    expect(runsOf(parseSnapshot(result.files).history)).toEqual(runsOf(result.history));
  });

  it('runs that age out of the window are trimmed on read as the write trimmed them', () => {
    let result: ApplyResult | undefined;
    const day = 86_400_000;
    const t0 = Date.UTC(2026, 0, 1);
    // One run every 30 days: the 90-day age cut trims before the count does.
    for (let n = 1; n <= 12; n++) {
      result = apply(result, suite(n), n, t0 + n * 30 * day);
      expect(runsOf(parseSnapshot(result.files).history)).toEqual(runsOf(result.history));
    }
    expect(result!.history.get(ids[0]!)!.runs.length).toBeLessThan(MAX_RUNS);
  });
});
