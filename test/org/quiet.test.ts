/**
 * A schema-4 branch holds most of its tests in quiet files (history/quiet-NN.json, docs/data-branch.md): the org page
 * counts them as the repository's own dashboard does, with their open-ended lines read up to the newest run.
 */
import { describe, expect, it } from 'vitest';
import { applyRun, type ApplyResult } from '../../src/pipeline/apply.ts';
import { emptySnapshot, parseSnapshot } from '../../src/store/snapshot.ts';
import { DEFAULT_POLICY } from '../../src/policy/quarantine.ts';
import { summarizeRepo } from '../../src/dashboard/org-model.ts';
import { parsedTest, runContext } from '../support/builders.ts';

const TESTS = 1_500; // two shards: quiet files are written from two shards up
const ids = Array.from({ length: TESTS }, (_, i) => `pkg.C${i % 40}::t${i}`);

function branch(runs: number): Map<string, string> {
  let previous: ApplyResult | undefined;
  for (let n = 1; n <= runs; n++) {
    const run = runContext(n);
    const tests = ids.map((id) => parsedTest(id, id === ids[3] && n % 2 === 0 ? 'FP' : 'P'));
    previous = applyRun(
      { snapshot: previous ? parseSnapshot(previous.files) : emptySnapshot(), reports: { tests, problems: [], filesRead: 1 }, filesMatched: 1, testOutcome: '', run, now: run.time },
      { retention: { maxRuns: 10, maxAgeDays: 90 }, policy: DEFAULT_POLICY },
    );
  }
  return previous!.files;
}

describe('the org page on a schema-4 branch', () => {
  it('counts the tests of the quiet files and their runs', () => {
    const files = branch(4);
    expect([...files.keys()].some((p) => p.startsWith('history/quiet-'))).toBe(true);
    const summary = summarizeRepo({ source: '/srv/git/shop.git', name: 'shop' }, files, 'abc');
    expect(summary.tests).toBe(TESTS);
    expect(summary.runs).toBe(4);
  });
});
