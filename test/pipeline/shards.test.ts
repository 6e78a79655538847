import { describe, expect, it } from 'vitest';
import { applyShards, checkExpected, latestPerShard, safeJobName, shardFromBundle, untrustedRuns, type Shard, type TrustedRun } from '../../src/pipeline/shards.ts';
import { applyRun, DEFAULT_APPLY_OPTIONS } from '../../src/pipeline/apply.ts';
import { emptySnapshot, parseSnapshot } from '../../src/store/snapshot.ts';
import { BundleError, type Bundle } from '../../src/artifacts/bundle.ts';
import { runIdentity, type GitHubContext } from '../../src/config/context.ts';
import { parsedTest, runContext } from '../support/builders.ts';
import type { ParsedTestCase } from '../../src/model.ts';

const T0 = Date.UTC(2026, 10, 20);
const trusted: TrustedRun = {
  runId: '9000',
  maxAttempt: 2,
  workflow: 'Tests',
  sha: 'a'.repeat(40),
  ref: 'refs/pull/7/merge',
  event: 'pull_request',
  onDefaultBranch: false,
  url: 'https://github.com/octo/project/actions/runs/9000',
  earliest: T0,
  latest: T0 + 3_600_000,
};

function bundle(tests: ParsedTestCase[], extra: { jobKey?: string; job?: string; attempt?: number; time?: number; testOutcome?: Bundle['manifest']['testOutcome'] } = {}): Bundle {
  return {
    manifest: { jobKey: extra.jobKey ?? '', testOutcome: extra.testOutcome ?? '', filesMatched: 1, filesRead: 1, problems: [], reportPatterns: ['reports/**/*.xml'] },
    results: {
      run: {
        ...runContext(1),
        key: 'whatever/the/fork/says',
        runId: '1',
        job: extra.job ?? 'test',
        runAttempt: extra.attempt ?? 1,
        time: extra.time ?? T0 + 1000,
        sha: 'b'.repeat(40),
        onDefaultBranch: true,
        ref: 'refs/heads/main',
        event: 'push',
      },
      tests,
    },
    bytes: 0,
  };
}

describe('shardFromBundle', () => {
  it('takes the commit, ref, event, branch and link from the trusted run, never from the artifact', () => {
    const shard = shardFromBundle(bundle([parsedTest('pkg.S::a', 'P')]), trusted, { split: false, artifact: 'flakeguard-x' });
    expect(shard.run).toMatchObject({ runId: '9000', sha: 'a'.repeat(40), ref: 'refs/pull/7/merge', event: 'pull_request', onDefaultBranch: false, workflow: 'Tests' });
    expect(shard.run.url).toBe('https://github.com/octo/project/actions/runs/9000/attempts/1');
  });

  it('rebuilds the run key under the trusted run id exactly as the shard job would have (so it is counted once)', () => {
    const shard = shardFromBundle(bundle([parsedTest('pkg.S::a', 'P')], { jobKey: '{"os":"a"}' }), trusted, { split: false, artifact: 'x' });
    const ctx = { runId: '9000', job: 'test' } as GitHubContext;
    expect(shard.run.key).toBe(runIdentity(ctx, '{"os":"a"}', ['reports/**/*.xml']));
  });

  it('clamps the attempt and the time into what the trusted run allows, and sanitises the job name', () => {
    const shard = shardFromBundle(bundle([parsedTest('pkg.S::a', 'P')], { attempt: 99, time: 0, job: '../x y' }), trusted, { split: false, artifact: 'x' });
    expect(shard.run.runAttempt).toBe(2);
    expect(shard.run.time).toBe(T0);
    expect(shard.run.job).toBe('___x_y');
    expect(safeJobName('')).toBe('job');
    const late = shardFromBundle(bundle([parsedTest('pkg.S::a', 'P')], { time: T0 * 2 }), trusted, { split: false, artifact: 'x' });
    expect(late.run.time).toBe(trusted.latest);
  });

  it('recomputes ids from classname, name and suite (an artifact cannot file results under another test), then splits', () => {
    const lying = { ...parsedTest('pkg.S::victim', 'F'), name: 'mine', classname: 'pkg.S' };
    const shard = shardFromBundle(bundle([lying], { jobKey: '{"os":"windows-latest"}' }), trusted, { split: true, artifact: 'x' });
    expect(shard.reports.tests.map((t) => t.id)).toEqual(['pkg.S::mine [os=windows-latest]']);
    expect(shard.label).toBe('test (os=windows-latest)');
    const noClass = { ...parsedTest('x', 'P'), classname: '', suite: 'Suite', name: 'n' };
    expect(shardFromBundle(bundle([noClass]), trusted, { split: false, artifact: 'x' }).reports.tests[0]!.id).toBe('Suite::n');
  });

  it('refuses results that list one test twice', () => {
    expect(() => shardFromBundle(bundle([parsedTest('pkg.S::a', 'P'), parsedTest('pkg.S::a', 'F')]), trusted, { split: false, artifact: 'x' })).toThrow(BundleError);
  });

  it('keeps the latest attempt of each shard', () => {
    const a1 = shardFromBundle(bundle([parsedTest('pkg.S::a', 'F')], { jobKey: 'a', attempt: 1 }), trusted, { split: false, artifact: 'a1' });
    const a2 = shardFromBundle(bundle([parsedTest('pkg.S::a', 'P')], { jobKey: 'a', attempt: 2 }), trusted, { split: false, artifact: 'a2' });
    const b1 = shardFromBundle(bundle([parsedTest('pkg.S::a', 'P')], { jobKey: 'b', attempt: 1 }), trusted, { split: false, artifact: 'b1' });
    expect(latestPerShard([a2, b1, a1]).map((s) => s.artifact)).toEqual(['a2', 'b1']);
  });
});

function shard(label: string, tests: ParsedTestCase[], n: number, sha = 'c1'): Shard {
  return {
    label,
    identity: label,
    jobKey: label,
    run: runContext(n, { key: `run/${label}`, runId: 'run', sha, job: 'test' }),
    reports: { tests, problems: [], filesRead: 1 },
    filesMatched: 1,
    testOutcome: '',
    artifact: label,
  };
}

describe('applyShards', () => {
  it('decides every shard against the quarantine before any of them, names the failing shard, and records every shard', () => {
    // One earlier flip of `x` on commit c0: with two needed, one more makes it quarantined.
    const options = { ...DEFAULT_APPLY_OPTIONS, policy: { ...DEFAULT_APPLY_OPTIONS.policy, enterSameCommitFlips: 2 } };
    const earlier = applyRun(
      { snapshot: emptySnapshot(), reports: { tests: [parsedTest('pkg.S::x', 'FP')], problems: [], filesRead: 1 }, filesMatched: 1, testOutcome: '', run: runContext(0, { sha: 'c0' }), now: T0 },
      options,
    );
    const snapshot = parseSnapshot(earlier.files);
    const result = applyShards(
      {
        snapshot,
        shards: [shard('test (os=linux)', [parsedTest('pkg.S::x', 'FP')], 1), shard('test (os=windows)', [parsedTest('pkg.S::x', 'F')], 2)],
        now: T0 + 10_000,
        extraReasons: [],
      },
      options,
    );
    // Linux's flip quarantines x, but that cannot forgive Windows' failure in the same ingestion.
    expect(result.newlyQuarantined).toEqual(['pkg.S::x']);
    expect(result.shardOutcomes.map((o) => o.result)).toEqual(['success', 'failure']);
    expect(result.outcome.result).toBe('failure');
    expect(result.outcome.reasons).toEqual(['test (os=windows): 1 failed test is not quarantined.']);
    expect(result.outcome.blocking.map((t) => t.id)).toEqual(['pkg.S::x']);
    // Both shards are in the history: three runs of x.
    expect(result.history.get('pkg.S::x')!.runs.map((r) => r.attempts)).toEqual(['FP', 'FP', 'F']);
    expect(result.ingested).toBe(true);
  });

  it('fails on reasons that belong to no shard, and counts a repeated ingestion once', () => {
    const shards = [shard('a', [parsedTest('pkg.S::y', 'P')], 1)];
    const first = applyShards({ snapshot: emptySnapshot(), shards, now: T0, extraReasons: ['Shard b uploaded no results.'] }, DEFAULT_APPLY_OPTIONS);
    expect(first.outcome).toMatchObject({ result: 'failure', reasons: ['Shard b uploaded no results.'] });
    const again = applyShards({ snapshot: parseSnapshot(first.files), shards, now: T0 + 1, extraReasons: [] }, DEFAULT_APPLY_OPTIONS);
    expect(again.ingested).toBe(false);
    expect(again.history.get('pkg.S::y')!.runs).toHaveLength(1);
    expect(again.outcome.result).toBe('success');
  });

  it('records every attempt of a re-run shard as evidence, but decides the shard on its latest attempt', () => {
    const attempt = (n: number, attempts: string): Shard => ({
      ...shard('test (os=linux)', [parsedTest('pkg.S::z', attempts)], 1),
      run: { ...runContext(1, { key: 'run/linux', runId: 'run', sha: 'c1' }), runAttempt: n },
    });
    const result = applyShards({ snapshot: emptySnapshot(), shards: [attempt(2, 'P'), attempt(1, 'F')], now: T0, extraReasons: [] }, DEFAULT_APPLY_OPTIONS);
    expect(result.decided.map((s) => s.run.runAttempt)).toEqual([2]);
    expect(result.outcome.result).toBe('success');
    expect(result.history.get('pkg.S::z')!.runs.map((r) => r.attempts)).toEqual(['FP']);
  });
});

describe('untrustedRuns', () => {
  it('makes one run per attempt of the workflow run, whatever jobs and job keys the artifacts claim', () => {
    const shards = [
      ...Array.from({ length: 64 }, (_, i) =>
        shardFromBundle(bundle([parsedTest('pkg.S::a', 'P')], { job: `job${i}`, jobKey: `k=${i}` }), trusted, { split: false, artifact: `a${i}`, untrusted: true }),
      ),
      shardFromBundle(bundle([parsedTest('pkg.S::a', 'F')], { job: 'late', attempt: 2 }), trusted, { split: false, artifact: 'late2', untrusted: true }),
      shardFromBundle(bundle([parsedTest('pkg.S::a', 'F')], { job: 'later', attempt: 99 }), trusted, { split: false, artifact: 'late99', untrusted: true }),
    ];
    const runs = untrustedRuns(shards, trusted);
    expect(runs.map((r) => [r.run.key, r.run.runAttempt, r.untrusted])).toEqual([
      ['9000/untrusted', 1, true],
      ['9000/untrusted', 2, true],
    ]);
    expect(runs[0]!.reports.tests).toHaveLength(1);
    expect(runs[0]!.reports.tests[0]!.attempts).toHaveLength(8);
    expect(runs[1]!.reports.tests[0]!.attempts.map((a) => a.status)).toEqual(['failed', 'failed']);
    expect(latestPerShard(runs)).toEqual([runs[1]]);
  });

  it('claims a cell only when every artifact of the attempt claims the same one; applyRun keeps it only when a trusted run has it', () => {
    const of = (jobKey: string, job: string) => shardFromBundle(bundle([parsedTest('pkg.S::a', 'FP')], { job, jobKey }), trusted, { split: false, artifact: job, untrusted: true });
    expect(untrustedRuns([of('{"os":"linux"}', 'a'), of('{"os":"linux"}', 'b')], trusted)[0]!.run.cell).toBe('os=linux');
    expect(untrustedRuns([of('{"os":"linux"}', 'a'), of('{"os":"mac"}', 'b')], trusted)[0]!.run).not.toHaveProperty('cell');
    // A trusted run in os=linux only: the claim of os=linux is kept, a claim of os=solaris is not.
    const trustedRun = applyRun({
      snapshot: emptySnapshot(),
      reports: { tests: [parsedTest('pkg.S::a', 'P')], problems: [], filesRead: 1 },
      filesMatched: 1,
      testOutcome: 'success',
      run: runContext(1, { cell: 'os=linux' }),
      now: T0,
    });
    const snapshot = parseSnapshot(trustedRun.files);
    const cellOf = (claim: string): string | undefined => {
      const [run] = untrustedRuns([of(claim, 'a')], trusted);
      const applied = applyRun({ snapshot, reports: run!.reports, filesMatched: 1, testOutcome: 'success', run: run!.run, now: T0 + 1000, untrusted: true });
      return parseSnapshot(applied.files).runs.get('9000/untrusted')!.cell;
    };
    expect(cellOf('{"os":"linux"}')).toBe('os=linux');
    expect(cellOf('{"os":"solaris"}')).toBeUndefined();
  });
});

describe('checkExpected', () => {
  const a = shard('os=linux', [parsedTest('t', 'P')], 1);
  const b = shard('os=macos', [parsedTest('t', 'P')], 2);

  it('counts the shards present against a number', () => {
    expect(checkExpected([a, b], { count: 2 })).toEqual({ missing: [], reasons: [], unexpected: [] });
    const short = checkExpected([a], { count: 3 });
    expect(short.missing).toEqual(['2 of 3']);
    expect(short.reasons[0]).toContain('2 of 3 expected shards uploaded no results');
    expect(short.reasons[0]).toContain('Present: os=linux.');
  });

  it('names each expected job key that left nothing, in any form it was written, and the shards nobody expected', () => {
    const check = checkExpected([a, b], { keys: ['{"os":"linux"}', 'os=windows'] });
    expect(check.missing).toEqual(['os=windows']);
    expect(check.reasons).toEqual(['Shard os=windows uploaded no results: it crashed, was cancelled or skipped before flakeguard ran in it, so its tests are unaccounted for.']);
    expect(check.unexpected).toEqual([b]);
  });
});
