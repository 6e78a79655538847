/**
 * The benchmark's data branch generator (scripts/bench/step.ts): its fast method (mergeRun for the history, a
 * one-test applyRun chain for the runs table) gives the branch that applying every run in full gives.
 */
import { describe, expect, it } from 'vitest';
import { parseSnapshot } from '../../src/store/snapshot.ts';
import { buildSuite, generateBranch, reportFiles } from '../../scripts/bench/step.ts';
import { parseReportText } from '../../src/junit/index.ts';

describe('generateBranch', () => {
  it('gives the same history, runs and ingestion keys by both methods, past the retention limit', () => {
    const suite = buildSuite(60);
    const end = Date.UTC(2026, 10, 21);
    const fast = parseSnapshot(generateBranch(suite, 130, end, { method: 'merge' }));
    const full = parseSnapshot(generateBranch(suite, 130, end, { method: 'apply' }));
    expect(fast.problems).toEqual([]);
    expect(full.problems).toEqual([]);
    const strip = (s: typeof fast) => [...s.history].map(([id, h]) => [id, { ...h, runs: h.runs.map(({ jobSucceeded: _ignored, ...r }) => r) }]);
    expect(strip(fast)).toEqual(strip(full));
    expect(fast.history.size).toBe(60);
    expect(fast.history.values().next().value!.runs).toHaveLength(100);
    expect([...fast.runs.keys()].sort()).toEqual([...full.runs.keys()].sort());
    expect(Object.keys(fast.meta.ingested).sort()).toEqual(Object.keys(full.meta.ingested).sort());
    expect(Object.keys(fast.meta.ingested)).toHaveLength(130);
  });

  it('writes reports the parser reads as the suite, with retries as repeated testcases', () => {
    const suite = buildSuite(2500);
    const files = reportFiles(suite, 7, Date.UTC(2026, 10, 21));
    expect(files.size).toBe(3);
    let tests = 0;
    let retried = 0;
    for (const [path, xml] of files) {
      const out = parseReportText(xml, path, { workspace: '/w' });
      expect(out.problems).toEqual([]);
      tests += out.tests.length;
      retried += out.tests.filter((t) => t.attempts.length > 1).length;
    }
    expect(tests).toBe(2500);
    expect(retried).toBeGreaterThan(0);
  });
});
