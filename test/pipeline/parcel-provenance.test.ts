/**
 * The pure core of parcel provenance (docs/data-branch.md, "Parcels carry provenance"; ADR 0121): the seal, and the
 * verdict on a parked run with a key, and without one from the runs the API describes.
 */
import { describe, expect, it } from 'vitest';
import { admitParcel, fitsRealJobs, foldParcels, type JobsLookup, type RunLookup, type WorkflowRunFacts } from '../../src/pipeline/fold.ts';
import { emptySnapshot } from '../../src/store/snapshot.ts';
import { DEFAULT_APPLY_OPTIONS } from '../../src/pipeline/apply.ts';
import { renderParcel, sealParcel, sealProblem, type ParcelEntry, type SealScope } from '../../src/store/parcel.ts';
import type { RunContext } from '../../src/model.ts';

const SCOPE: SealScope = { key: 'k', repository: 'octo/project', branch: 'data' };
const PREFIX = 'refs/heads/data-inbox/';

function entry(runId: string, extra: Partial<RunContext> = {}, untrusted = false): ParcelEntry {
  const run: RunContext = {
    key: `${runId}/test/`,
    runId,
    runAttempt: 1,
    job: 'test',
    workflow: 'CI',
    sha: 'a'.repeat(40),
    ref: 'refs/heads/main',
    onDefaultBranch: true,
    event: 'push',
    time: 1_700_000_000_000,
    ...extra,
  };
  return {
    run,
    tests: [{ id: 'pkg.S::b', name: 'b', classname: 'pkg.S', suite: 's', report: 'r.xml', attempts: [{ status: 'failed' }, { status: 'passed' }] }],
    jobSucceeded: true,
    ...(untrusted ? { untrusted: true } : {}),
  };
}

describe('the seal', () => {
  const text = renderParcel([entry('1')]);
  const seal = sealParcel(SCOPE, 'n1', text);

  it('matches its own parcel and name only', () => {
    expect(seal).toMatch(/^flakeguard-parcel-seal 1 hmac-sha256 [0-9a-f]{64}\n$/);
    expect(sealProblem(SCOPE, 'n1', text, seal)).toBeNull();
    expect(sealProblem({ ...SCOPE, key: 'other' }, 'n1', text, seal)).toMatch(/does not match/);
    expect(sealProblem({ ...SCOPE, repository: 'octo/other' }, 'n1', text, seal)).toMatch(/does not match/);
    expect(sealProblem({ ...SCOPE, branch: 'other' }, 'n1', text, seal)).toMatch(/does not match/);
    expect(sealProblem(SCOPE, 'n2', text, seal)).toMatch(/does not match/);
    expect(sealProblem(SCOPE, 'n1', text.replace('failed', 'passed'), seal)).toMatch(/does not match/);
  });

  it('is refused when missing or malformed', () => {
    expect(sealProblem(SCOPE, 'n1', text, undefined)).toMatch(/carries no seal/);
    expect(sealProblem(SCOPE, 'n1', text, 'flakeguard-parcel-seal 1 hmac-sha256 abc\n')).toMatch(/not in the form/);
    expect(sealProblem(SCOPE, 'n1', text, seal.replace('seal 1', 'seal 2'))).toMatch(/not in the form/);
  });
});

describe('the verdict on a parked run', () => {
  const read = (name: string, text: string, seal?: string) => ({ ref: `${PREFIX}${name}`, sha: 'c'.repeat(40), text, ...(seal !== undefined ? { seal } : {}) });

  it('with a key: folded when sealed; a newer schema is left when sealed, refused when not; junk is refused unless sealed', async () => {
    const text = renderParcel([entry('1')]);
    const keyed = { seal: SCOPE, branch: 'data' };
    expect(await admitParcel(read('n', text, sealParcel(SCOPE, 'n', text)), keyed)).toEqual({ verdict: 'fold' });
    expect(await admitParcel(read('n', text), keyed)).toMatchObject({ verdict: 'refuse', reason: expect.stringMatching(/no seal/) });
    const newer = text.replace('"schema":1', '"schema":2');
    expect(await admitParcel(read('n', newer, sealParcel(SCOPE, 'n', newer)), keyed)).toMatchObject({ verdict: 'leave', reason: expect.stringMatching(/schema 2 is newer/) });
    expect(await admitParcel(read('n', newer), keyed)).toMatchObject({ verdict: 'refuse', reason: expect.stringMatching(/schema 2 is newer.*no seal/) });
    expect(await admitParcel(read('n', 'junk'), keyed)).toMatchObject({ verdict: 'refuse', reason: expect.stringMatching(/not valid JSON/) });
    expect(await admitParcel(read('n', 'junk', sealParcel(SCOPE, 'n', 'junk')), keyed)).toMatchObject({ verdict: 'leave', reason: expect.stringMatching(/seal is valid/) });
  });

  it('without a key or a way to look runs up: left in place; a newer schema too', async () => {
    const text = renderParcel([entry('1')]);
    expect(await admitParcel(read('n', text), { branch: 'data' })).toMatchObject({ verdict: 'leave', reason: expect.stringMatching(/cannot be checked/) });
    expect(await admitParcel(read('n', text.replace('"schema":1', '"schema":7')), { branch: 'data' })).toMatchObject({ verdict: 'leave' });
  });

  it("without a key: each named run must exist, match the commit and attempt, and for trusted results be this repository's, on the same event and workflow", async () => {
    const own: WorkflowRunFacts = { headSha: 'a'.repeat(40), event: 'push', runAttempt: 2, workflow: 'CI', fromFork: false, headBranch: 'main', onDefaultBranch: true };
    const runs: Record<string, RunLookup> = { '1': own, '2': { ...own, fromFork: true, event: 'pull_request', onDefaultBranch: false }, '3': { unknown: 'rate limited' } };
    const asked: string[] = [];
    const keyless = { branch: 'data', lookup: async (id: string) => (asked.push(id), runs[id] ?? 'not-found'), jobs: async () => ['test', 'other'] };
    const verdict = (...entries: ParcelEntry[]) => admitParcel(read('n', renderParcel(entries)), keyless);

    expect(await verdict(entry('1'), entry('1', { runAttempt: 2, key: '1/other/' }))).toMatchObject({ verdict: 'fold', jobs: { '1': ['test', 'other'] } });
    expect(await verdict(entry('9'))).toMatchObject({ verdict: 'refuse', reason: expect.stringMatching(/run 9, which does not exist/) });
    expect(await verdict(entry('1', { sha: 'b'.repeat(40) }))).toMatchObject({ verdict: 'refuse', reason: expect.stringMatching(/its commit is aaaaaaaaaaaa, not bbbbbbbbbbbb/) });
    expect(await verdict(entry('1', { runAttempt: 3 }))).toMatchObject({ verdict: 'refuse', reason: expect.stringMatching(/it has 2 attempts, not 3/) });
    expect(await verdict(entry('1', { event: 'schedule' }))).toMatchObject({ verdict: 'refuse', reason: expect.stringMatching(/its event is push, not schedule/) });
    expect(await verdict(entry('1', { workflow: 'Nightly' }))).toMatchObject({ verdict: 'refuse', reason: expect.stringMatching(/its workflow is 'CI', not 'Nightly'/) });
    expect(await verdict(entry('2', { event: 'pull_request' }))).toMatchObject({ verdict: 'refuse', reason: expect.stringMatching(/fork's code, yet the parcel calls it trusted/) });
    // A fork's run is fine for results the parcel marks untrusted (the ingest-workflow-run mode's), commit checked.
    expect(await verdict(entry('2', { event: 'pull_request' }, true))).toMatchObject({ verdict: 'fold' });
    expect(await verdict(entry('2', { event: 'pull_request', sha: 'b'.repeat(40) }, true))).toMatchObject({ verdict: 'refuse' });
    // One good run does not vouch for another in the same parcel.
    expect(await verdict(entry('1'), entry('9'))).toMatchObject({ verdict: 'refuse', reason: expect.stringMatching(/run 9/) });
    expect(await verdict(entry('3'))).toMatchObject({ verdict: 'leave', reason: expect.stringMatching(/could not be looked up: rate limited/) });
    expect(asked).toContain('9');
  });

  it("without a key: the run's real branch, event and time replace the parcel's, and it holds at most one run per real job", async () => {
    const feature: WorkflowRunFacts = {
      headSha: 'a'.repeat(40),
      event: 'push',
      runAttempt: 1,
      workflow: 'CI',
      fromFork: false,
      headBranch: 'feature',
      onDefaultBranch: false,
      started: 1_000_000,
      updated: 2_000_000,
    };
    const listed: Record<string, JobsLookup> = { '1#1': ['test'], '4#1': ['build', 'test (linux)', 'test (mac)', 'Lint everything'], '5#1': { unknown: 'rate limited' } };
    const keyless = { branch: 'data', lookup: async (): Promise<RunLookup> => feature, jobs: async (id: string, attempt: number) => listed[`${id}#${attempt}`] ?? 'not-found' };
    const verdict = (...entries: ParcelEntry[]) => admitParcel(read('n', renderParcel(entries)), keyless);

    const folded = await verdict(entry('1'));
    expect(folded).toMatchObject({ verdict: 'fold', jobs: { '1': ['test'] } });
    const run = (folded as { entries: ParcelEntry[] }).entries[0]!.run;
    // The parcel said main, on the default branch, at a time after the run ended.
    expect(run).toMatchObject({ ref: 'refs/heads/feature', onDefaultBranch: false, event: 'push', time: 2_000_000 });
    // An untrusted entry is the one untrusted run of its attempt, whatever key it claims.
    const untrusted = (await verdict(entry('1', { key: '1/made-up/1234' }, true))) as { entries: ParcelEntry[] };
    expect(untrusted.entries[0]!.run).toMatchObject({ key: '1/untrusted', job: 'untrusted', onDefaultBranch: false });

    expect(await verdict(entry('1'), entry('1', { key: '1/test/other', job: 'test' }))).toMatchObject({
      verdict: 'refuse',
      reason: expect.stringMatching(/it has 2 jobs, and the run had 1 job in attempt 1/),
    });
    // A job named otherwise than GitHub's default may be any job's (a `name:` of its own): one run for it.
    expect(await verdict(entry('1', { key: '1/invented/' }))).toMatchObject({ verdict: 'fold' });
    expect(await verdict(entry('1', { key: '1/invented/' }), entry('1', { key: '1/test/' }))).toMatchObject({ verdict: 'refuse' });
    expect(await verdict(entry('4', { key: '4/test/a' }), entry('4', { key: '4/test/b' }), entry('4', { key: '4/lint/c' }))).toMatchObject({ verdict: 'fold' });
    expect(await verdict(entry('4', { key: '4/test/a' }), entry('4', { key: '4/test/b' }), entry('4', { key: '4/test/c' }))).toMatchObject({ verdict: 'fold' }); // `build` and `Lint everything` may be jobs of `test` under a `name:` of their own
    expect(
      await verdict(entry('4', { key: '4/test/a' }), entry('4', { key: '4/test/b' }), entry('4', { key: '4/test/c' }), entry('4', { key: '4/test/d' }), entry('4', { key: '4/test/e' })),
    ).toMatchObject({ verdict: 'refuse' });
    expect(await verdict(entry('5'))).toMatchObject({ verdict: 'leave', reason: expect.stringMatching(/jobs of workflow run 5 could not be looked up: rate limited/) });
    expect(await verdict(entry('6'))).toMatchObject({ verdict: 'refuse', reason: expect.stringMatching(/attempt 1 of workflow run 6 lists no jobs/) });
  });

  it('fitsRealJobs: one key per real job; a job of its own name serves any key', () => {
    expect(fitsRealJobs(['1/test/a'], ['test'])).toBe(true);
    expect(fitsRealJobs(['1/test/a', '1/test/b'], ['test (linux)', 'test (mac)'])).toBe(true);
    expect(fitsRealJobs(['1/test/a', '1/test/b', '1/test/c'], ['test (linux)', 'test (mac)'])).toBe(false);
    expect(fitsRealJobs(['1/job0/a', '1/job1/a'], ['test'])).toBe(false);
    expect(fitsRealJobs(['1/unit/a'], ['Unit tests on Linux'])).toBe(true);
    expect(fitsRealJobs(['1/unit/a'], ['test'])).toBe(true); // `test` may be the `name:` of job `unit`
    expect(fitsRealJobs(['1/unit/a', '1/test/a'], ['test'])).toBe(false);
    expect(fitsRealJobs([], [])).toBe(true);
  });

  it("folding counts the workflow run's trusted runs already on the branch: parcels one job each cannot add up past its jobs", () => {
    const parcel = (key: string) => ({ ref: `${PREFIX}${key}`, sha: 'c'.repeat(40), text: '', entries: [entry('1', { key, onDefaultBranch: false })], jobs: { '1': ['test'] } });
    const folded = foldParcels(emptySnapshot(), [parcel('1/test/a'), parcel('1/test/b')], DEFAULT_APPLY_OPTIONS, 1_700_000_100_000);
    expect(folded.folded.map((p) => p.ref)).toEqual([`${PREFIX}1/test/a`]);
    expect(folded.refused).toEqual([{ ref: `${PREFIX}1/test/b`, reason: expect.stringMatching(/workflow run 1 would have 2 runs on the branch with it, more than its 1 job/) }]);
    expect([...folded.snapshot.runs.keys()]).toEqual(['1/test/a']);
  });
});
