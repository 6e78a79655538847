/**
 * Schema 3 is migrated on read: a branch captured from the last schema-3 flakeguard (its applyRun,
 * test/fixtures/data-branch-v3-capture.ts: 1,038 tests in two shards, a window of 10 runs, a flaky test, a gap, a
 * hand override) reads with no problem, and the three runs after it are decided exactly as that version decided them
 * (test/fixtures/data-branch-v3-expected.json, written by that version for the same runs): the first on the schema-3
 * files, the next two on the schema-4 files this version wrote, with quiet files, lazily trimmed lines and an
 * override. The dist-level run is in test/e2e/data-branch.test.ts ("an older layout").
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { applyRun, type ApplyResult } from '../../src/pipeline/apply.ts';
import { parseSnapshot } from '../../src/store/snapshot.ts';
import { statsScores } from '../../src/pipeline/stats-scores.ts';
import { normalizeErrorMessage } from '../../src/history/error-message.ts';
import { DEFAULT_POLICY } from '../../src/policy/quarantine.ts';
import { BY_HAND, CAPTURED_RUNS, FLAKY, GAP, NEXT_RUNS, OVERRIDE, RETENTION, runOf, testsOf } from '../fixtures/data-branch-v3-runs.ts';
import { expectationOf, type Expectation } from '../fixtures/data-branch-v3-expect.ts';
import { readTree } from '../support/tree.ts';

const DIR = join(import.meta.dirname, '../fixtures/data-branch-v3');
const expected = JSON.parse(readFileSync(join(import.meta.dirname, '../fixtures/data-branch-v3-expected.json'), 'utf8')) as Expectation[];

const branch = (): Map<string, string> => readTree(DIR);

/**
 * Score fields the stats line gained after the capture: the multi-factor recommendation's priority and reason (display
 * only, docs/scoring.md). Every field the capture has is still compared.
 */
const LATER_SCORE_FIELDS = ['priority', 'recommendationReason'];

function withoutLaterFields(e: Expectation): Expectation {
  const scores = Object.fromEntries(Object.entries(e.scores).map(([id, s]) => [id, Object.fromEntries(Object.entries(s as Record<string, unknown>).filter(([k]) => !LATER_SCORE_FIELDS.includes(k)))]));
  return { ...e, scores };
}

const apply = (files: Map<string, string>, n: number): ApplyResult => {
  const run = runOf(n);
  const snapshot = parseSnapshot(files);
  expect(snapshot.problems).toEqual([]);
  return applyRun(
    { snapshot, reports: { tests: testsOf(n), problems: [], filesRead: 1 }, filesMatched: 1, testOutcome: '', run, now: run.time + 60_000 },
    { retention: RETENTION, policy: DEFAULT_POLICY, normalise: normalizeErrorMessage, scoreTests: statsScores(run.time) },
  );
};

describe('a schema-3 branch', () => {
  it('reads with no problem, each history decoded to its runs', () => {
    const snapshot = parseSnapshot(branch());
    expect(snapshot.problems).toEqual([]);
    expect(snapshot.readSchema).toBe(3);
    expect(snapshot.history.size).toBe(1_038);
    expect(snapshot.history.get(FLAKY)!.runs.map((r) => r.attempts)).toEqual(['P', 'P', 'FP', 'P', 'P', 'P', 'FP', 'P', 'P', 'P']);
    expect(snapshot.history.get(GAP)!.runs.map((r) => r.run.split('/')[0])).toEqual(['6004', '6005', '6007', '6008', '6009', '6010', '6011', '6012', '6013', '6014']);
    expect(snapshot.overrides.get(BY_HAND)!.override).toEqual(OVERRIDE);
  });

  it(`decides the ${NEXT_RUNS} runs after it exactly as the schema-3 version did, and writes schema 4 with quiet files`, () => {
    let files = branch();
    for (let i = 0; i < NEXT_RUNS; i++) {
      const result = apply(files, CAPTURED_RUNS + 1 + i);
      expect(withoutLaterFields(expectationOf(result)), `run ${CAPTURED_RUNS + 1 + i}`).toEqual(expected[i]);
      files = result.files;
      expect(JSON.parse(files.get('flakeguard.json')!)).toMatchObject({ schema: 4, window: [RETENTION.maxRuns, expect.any(Number) as unknown] });
    }
    expect([...files.keys()].filter((p) => p.startsWith('history/')).sort()).toEqual(['history/00.json', 'history/01.json', 'history/quiet-00.json', 'history/quiet-01.json']);
    const quiet = JSON.parse(files.get('history/quiet-00.json')!) as { schema: number; tests: Record<string, { o: string }> };
    expect(quiet.schema).toBe(4);
    expect(Object.values(quiet.tests).every((line) => line.o === 'P*')).toBe(true);
    expect(Object.keys(quiet.tests).length).toBeGreaterThan(400);
    // A quiet line keeps the `from` it was written with; read back, it holds the window's runs, as schema 3's did.
    const read = parseSnapshot(files).history.get('shop.M0::case 0')!;
    expect(read.runs.map((r) => r.run.split('/')[0])).toEqual(Array.from({ length: RETENTION.maxRuns }, (_, i) => String(6000 + CAPTURED_RUNS + NEXT_RUNS - RETENTION.maxRuns + 1 + i)));
  });
});
