import { describe, expect, it } from 'vitest';
import { applyRun, DEFAULT_APPLY_OPTIONS, type ApplyInput } from '../../src/pipeline/apply.ts';
import type { ParsedTestCase } from '../../src/model.ts';
import { emptySnapshot, parseSnapshot, type Snapshot } from '../../src/store/snapshot.ts';
import { parsedTest, runContext } from '../support/builders.ts';
import { normalizeErrorMessage } from '../../src/history/error-message.ts';
import { statsScores } from '../../src/pipeline/stats-scores.ts';
import { DEFAULT_POLICY } from '../../src/policy/quarantine.ts';
import { DEFAULT_RETENTION } from '../../src/history/merge.ts';

function input(snapshot: Snapshot, tests: ParsedTestCase[], n: number, extra: Partial<ApplyInput> = {}): ApplyInput {
  const run = runContext(n);
  return { snapshot, reports: { tests, problems: [], filesRead: 1 }, filesMatched: 1, testOutcome: '', run, now: run.time, ...extra };
}

/** Applies runs one after another, each on the files the previous one wrote. */
function sequence(runs: ParsedTestCase[][], start = emptySnapshot()) {
  let snapshot = start;
  let result = applyRun(input(snapshot, runs[0]!, 1));
  for (let i = 1; i < runs.length; i++) {
    snapshot = parseSnapshot(result.files);
    result = applyRun(input(snapshot, runs[i]!, i + 1));
  }
  return result;
}

function editStats(files: Map<string, string>, edit: (text: string) => string): Snapshot {
  const edited = new Map(files);
  // Schema 3 writes no stats line for a test that never failed: a person adds one (docs/data-branch.md).
  edited.set('stats/00.json', edit(files.get('stats/00.json') ?? '{"schema": 3, "tests": {\n"x": {"override":null}\n}}\n'));
  return parseSnapshot(edited);
}

describe('applyRun', () => {
  it('is deterministic: the same run on the same snapshot writes the same files', () => {
    const a = applyRun(input(emptySnapshot(), [parsedTest('x', 'FP')], 1));
    const b = applyRun(input(emptySnapshot(), [parsedTest('x', 'FP')], 1));
    expect([...a.files]).toEqual([...b.files]);
  });

  it('counts a re-ingested run once and writes nothing new', () => {
    const first = applyRun(input(emptySnapshot(), [parsedTest('x', 'F')], 1));
    const again = applyRun(input(parseSnapshot(first.files), [parsedTest('x', 'F')], 1));
    expect(again.ingested).toBe(false);
    expect([...again.files]).toEqual([...first.files]);
    expect(again.outcome.result).toBe('failure');
  });

  it('gives the PFS and its interval in the reason of an automatic decision', () => {
    let snapshot = emptySnapshot();
    let result = applyRun(input(snapshot, [parsedTest('x', 'FP')], 1), { ...DEFAULT_APPLY_OPTIONS, scoreTests: statsScores(runContext(2).time) });
    snapshot = parseSnapshot(result.files);
    result = applyRun(input(snapshot, [parsedTest('x', 'FP')], 2), { ...DEFAULT_APPLY_OPTIONS, scoreTests: statsScores(runContext(2).time) });
    expect(result.decisions.get('x')!.reason).toMatch(/^failed and passed on the same commit 2 times in 2 runs; .*; PFS 0\.\d\d \[0\.\d\d, 0\.\d\d\]$/);
  });

  it("writes seed 000's priority and reason beside a recommendation other than stable", () => {
    const result = applyRun(input(emptySnapshot(), [parsedTest('x', 'FP'), parsedTest('y', 'P')], 1), { ...DEFAULT_APPLY_OPTIONS, scoreTests: statsScores(runContext(1).time) });
    const line = parseSnapshot(result.files).stats.get('x')!;
    expect(line).toMatchObject({ recommendation: 'monitor', priority: 'low', recommendationReason: 'Fewer than 5 runs: not enough data to act' });
  });

  it('writes nothing new when a pull-request run is ingested twice, scores included', () => {
    const options = { ...DEFAULT_APPLY_OPTIONS, scoreTests: statsScores(runContext(1).time) };
    const pr = (snapshot: Snapshot) => ({ ...input(snapshot, [parsedTest('x', 'FP'), parsedTest('y', 'P')], 1), run: runContext(1, { onDefaultBranch: false, ref: 'refs/pull/3/merge' }) });
    const first = applyRun(pr(emptySnapshot()), options);
    const again = applyRun(pr(parseSnapshot(first.files)), options);
    expect(again.ingested).toBe(false);
    expect([...again.files]).toEqual([...first.files]);
  });

  it('decides the outcome from the quarantine before the run', () => {
    const result = sequence([[parsedTest('x', 'FP')], [parsedTest('x', 'FP')], [parsedTest('x', 'F')]]);
    expect(result.outcome.forgiven.map((t) => t.id)).toEqual(['x']);
    expect(result.outcome.result).toBe('success');
    // The flip of the first run quarantines x from the second on; that run's own flip could not have.
    const first = sequence([[parsedTest('x', 'FP')]]);
    expect(first.newlyQuarantined).toEqual(['x']);
    const alone = sequence([[parsedTest('x', 'F')]]);
    expect(alone.newlyQuarantined).toEqual([]);
    expect(alone.outcome.result).toBe('failure');
  });

  it('keeps a hand override through every later run', () => {
    const first = applyRun(input(emptySnapshot(), [parsedTest('x', 'P'), parsedTest('y', 'P')], 1));
    let snapshot = editStats(first.files, (t) => t.replace('"x": {"override":null', '"x": {"override":"quarantine"'));
    for (let n = 2; n <= 4; n++) {
      const result = applyRun(input(snapshot, [parsedTest('x', n === 3 ? 'F' : 'P'), parsedTest('y', 'P')], n));
      expect(result.quarantined).toEqual(['x']);
      if (n === 3) expect(result.outcome.forgiven.map((t) => t.id)).toEqual(['x']);
      // Quarantined by hand since the run that first read the override (the rule alone would not quarantine it),
      // not re-stamped at every run.
      expect(result.decisions.get('x')!.since).toBe(new Date(runContext(2).time).toISOString());
      snapshot = parseSnapshot(result.files);
    }
    expect(snapshot.stats.get('x')!.since).toBe(new Date(runContext(2).time).toISOString());
    expect(snapshot.overrides.get('x')!.override).toEqual({ action: 'quarantine' });
    // Written back exactly as the user wrote it.
    expect(snapshot.overrides.get('x')!.raw).toBe('quarantine');
  });

  it('lets an expired override lapse with a notice instead of failing', () => {
    const first = applyRun(input(emptySnapshot(), [parsedTest('x', 'P')], 1));
    const snapshot = editStats(first.files, (t) => t.replace('"x": {"override":null', '"x": {"override":{"action":"quarantine","until":"2020-01-01"}'));
    const result = applyRun(input(snapshot, [parsedTest('x', 'F')], 2));
    expect(result.lapsed).toEqual([{ id: 'x', file: 'stats/00.json', line: 2, until: '2020-01-01' }]);
    expect(result.outcome.result).toBe('failure');
    expect(result.quarantined).toEqual([]);
  });

  it('never overwrites a broken stats file and forgives nothing in it', () => {
    const quarantined = sequence([[parsedTest('x', 'FP')], [parsedTest('x', 'FP')]]);
    expect(quarantined.quarantined).toEqual(['x']);
    const brokenText = quarantined.files.get('stats/00.json')!.replace('"override":null', '"override":nul');
    const snapshot = editStats(quarantined.files, () => brokenText);
    const result = applyRun(input(snapshot, [parsedTest('x', 'F')], 3));
    expect(result.outcome.blocking.map((t) => t.id)).toEqual(['x']);
    expect(result.files.get('stats/00.json')).toBe(brokenText);
    expect(result.problems[0]).toMatchObject({ file: 'stats/00.json', line: 2 });
    // The history is still saved.
    expect(result.history.get('x')!.runs).toHaveLength(3);
  });

  it('reports an override for an unknown test and keeps it', () => {
    const first = applyRun(input(emptySnapshot(), [parsedTest('x', 'P')], 1));
    const snapshot = editStats(first.files, (t) => t.replace('\n}}', ',\n"later": {"override":"never"}\n}}'));
    const result = applyRun(input(snapshot, [parsedTest('x', 'P')], 2));
    expect(result.problems).toEqual([{ file: 'stats/00.json', line: 3, message: expect.stringContaining("unknown test 'later'") }]);
    expect(parseSnapshot(result.files).overrides.get('later')!.override).toEqual({ action: 'never' });
  });
});

describe('stats files people edit', () => {
  it('stay under 1 MB each with 100k tests, quarantined ones with long reasons included', () => {
    const tests = Array.from({ length: 100_000 }, (_, i) =>
      parsedTest(`com.example.integration.module${i % 97}.SomeFairlyLongFeatureNameTest::should handle case number ${i} correctly`, i % 50 === 0 ? 'FP' : 'P'),
    );
    const options = { retention: DEFAULT_RETENTION, policy: DEFAULT_POLICY, normalise: normalizeErrorMessage, scoreTests: statsScores(runContext(2).time) };
    const first = applyRun(input(emptySnapshot(), tests, 1), options);
    const second = applyRun(input(parseSnapshot(first.files), tests, 2), options);
    expect(first.newlyQuarantined.length).toBe(2000);
    expect(second.quarantined.length).toBe(2000);
    const statsFiles = [...second.files].filter(([path]) => path.startsWith('stats/'));
    expect(statsFiles).toHaveLength(128);
    const largest = Math.max(...statsFiles.map(([, text]) => Buffer.byteLength(text)));
    expect(largest).toBeLessThan(1024 * 1024);
  });
});

describe('outages and failure modes', () => {
  const down = (id: string) => parsedTest(id, 'E', { report: 'reports/db.xml', attempts: [{ status: 'error', message: `connect ECONNREFUSED 10.0.0.${id.length}:5432` }] });
  const module = ['a', 'bb', 'ccc', 'dddd', 'eeeee', 'ffffff'];

  it("an outage fails the job, is recorded with the run, and is no test's evidence when the re-run passes", () => {
    const first = applyRun(input(emptySnapshot(), module.map(down), 1));
    expect(first.outcome.result).toBe('failure');
    expect(first.outcome.reasons).toEqual([
      '6 failed tests are not quarantined.',
      "An outage: 6 of the 6 tests of reports/db.xml failed with the same message. Those failures are not flakiness: never forgiven, and no test's evidence.",
    ]);
    expect(first.outages).toHaveLength(1);
    expect(first.outages[0]!.tests).toHaveLength(6);
    const runs = JSON.parse(first.files.get('runs.json')!);
    expect(Object.values(runs.runs as Record<string, unknown[]>)[0]![6]).toEqual([first.outages[0]!.message]);
    const snapshot = parseSnapshot(first.files);
    expect(snapshot.history.get('a')!.runs[0]!.outage).toBe(true);
    // The re-run of the same job passes: without the outage mark, each test would have failed and passed on one commit.
    const rerun = applyRun(
      input(
        snapshot,
        module.map((id) => parsedTest(id, 'P', { report: 'reports/db.xml' })),
        1,
        { run: { ...runContext(1), runAttempt: 2 } },
      ),
    );
    expect(rerun.history.get('a')!.runs.map((r) => [r.attempts, r.outage])).toEqual([['EP', true]]);
    expect(rerun.quarantined).toEqual([]);
    expect(parseSnapshot(rerun.files).history.get('a')!.runs[0]!.outage).toBe(true);
  });

  it('an outage is never forgiven, even for a quarantined test', () => {
    const quarantined = sequence([[parsedTest('a', 'FP', { report: 'reports/db.xml' })]]);
    expect(quarantined.quarantined).toEqual(['a']);
    const result = applyRun(input(parseSnapshot(quarantined.files), module.map(down), 2));
    expect(result.outcome.forgiven).toEqual([]);
    expect(result.outcome.unforgiven.get('a')).toMatch(/outage \(6 of the 6 tests of reports\/db.xml failed with the same message\)/);
  });

  it('a quarantined test failing in a new way blocks, and says why; failing as before is forgiven', () => {
    const flaky = (message: string, attempts = 'F') =>
      parsedTest('x', attempts, { attempts: [...attempts].map((c) => (c === 'P' ? { status: 'passed' as const } : { status: 'failed' as const, message })) });
    const quarantined = sequence([[flaky('timeout after 5012ms', 'FP')]]);
    expect(quarantined.quarantined).toEqual(['x']);
    const snapshot = parseSnapshot(quarantined.files);
    const same = applyRun(input(snapshot, [flaky('timeout after 4988ms')], 2));
    expect(same.outcome.result).toBe('success');
    expect(same.outcome.forgiven.map((t) => t.id)).toEqual(['x']);
    const broken = applyRun(input(snapshot, [flaky('expected 200 but got 500')], 2));
    expect(broken.outcome.result).toBe('failure');
    expect(broken.outcome.blocking.map((t) => t.id)).toEqual(['x']);
    expect(broken.outcome.reasons).toEqual(['1 quarantined test failed in a way its quarantine does not cover (a failure never seen as flaky, or an outage): not forgiven.']);
    // With forgive: any-failure, the quarantine covers every failure.
    const lenient = applyRun(input(snapshot, [flaky('expected 200 but got 500')], 2), { ...DEFAULT_APPLY_OPTIONS, policy: { ...DEFAULT_POLICY, forgive: 'any-failure' } });
    expect(lenient.outcome.result).toBe('success');
  });

  it('a test quarantined by hand is forgiven whatever its failure', () => {
    const first = applyRun(input(emptySnapshot(), [parsedTest('x', 'P')], 1));
    const snapshot = editStats(first.files, (t) => t.replace('"x": {"override":null', '"x": {"override":"quarantine"'));
    const result = applyRun(input(snapshot, [parsedTest('x', 'F')], 2));
    expect(result.outcome.result).toBe('success');
    expect(result.outcome.forgiven.map((t) => t.id)).toEqual(['x']);
  });
});
