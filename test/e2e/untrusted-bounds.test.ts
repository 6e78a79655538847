/**
 * Untrusted evidence is bounded by construction (issue 27, findings 2 and 3; docs/forks.md): whatever a fork's
 * artifacts say, one workflow run attempt is at most one untrusted run; untrusted records have their own budget in
 * a test's window; they never release a quarantine, never teach it a failure mode, never widen what it forgives;
 * and one untrusted run grows the data branch by a bounded amount. Each played against the bundled action, the
 * GitHub fake and a real bare repository. Also: `ingest-workflow-run` on GitHub Enterprise Server fails with a
 * clear error, not a stack trace.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { World, junitXml, type ActionRun, type CaseSpec } from '../support/action.ts';
import { startGitHubFake, type FakeGitHub } from '../support/github-fake/index.ts';
import { zipBytes } from '../support/artifact-fake/zip-writer.ts';
import { MANIFEST_FILE, RESULTS_FILE, renderManifest } from '../../src/artifacts/bundle.ts';
import { renderResultsFile } from '../../src/store/results-file.ts';
import { decodeOutcomes } from '../../src/store/history-format.ts';
import { parsedTest } from '../support/builders.ts';
import type { ParsedTestCase } from '../../src/model.ts';
import { expectOutcome } from '../support/expect.ts';

const TOKEN = 'ghs_untrustedBoundsT0ken_0123456789abcdef';
const FORK_HEAD = '7'.repeat(40);
let world: World;
let gh: FakeGitHub;

beforeEach(async () => {
  world = await World.create();
  gh = await startGitHubFake({ owner: 'octo', repo: 'project', token: TOKEN });
});
afterEach(async () => {
  await gh.close();
  await world.dispose();
});

async function config(text: string): Promise<void> {
  await mkdir(join(world.workspace, '.github'), { recursive: true });
  await writeFile(join(world.workspace, '.github/flakeguard.yml'), text);
}

/** An artifact as a fork's run can write it: every field of its choosing. */
function bundleZip(tests: ParsedTestCase[], o: { job?: string; jobKey?: string; attempt?: number } = {}): Buffer {
  const job = o.job ?? 'test';
  const results = renderResultsFile(
    {
      key: `600/${job}/aaaaaaaa`,
      runId: '600',
      runAttempt: o.attempt ?? 1,
      job,
      workflow: 'Tests',
      sha: FORK_HEAD,
      ref: 'refs/pull/7/merge',
      onDefaultBranch: false,
      event: 'pull_request',
      time: Date.now(),
    },
    tests,
  );
  const manifest = renderManifest({ jobKey: o.jobKey ?? '', testOutcome: 'success', filesMatched: 1, filesRead: 1, problems: [], reportPatterns: ['reports/**/*.xml'] });
  return zipBytes([
    { name: MANIFEST_FILE, content: manifest },
    { name: RESULTS_FILE, content: results },
  ]);
}

/** `count` artifacts of workflow run `runId`, each claiming to be another job (the run keys of the past came from these claims). */
function seedMany(runId: number, count: number, tests: (i: number) => ParsedTestCase[]): void {
  for (let i = 0; i < count; i++) gh.seed.artifact({ name: `flakeguard-job${i}-a1`, run_id: runId, zip: bundleZip(tests(i), { job: `job${i}`, jobKey: `k=${i}` }) });
}

function ingest(runId: number, o: { attempt?: number; env?: Record<string, string>; config?: boolean } = {}): Promise<ActionRun> {
  return world.run({
    runId: runId + 10_000,
    job: 'ingest',
    eventName: 'workflow_run',
    event: {
      action: 'completed',
      repository: { default_branch: 'main', full_name: 'octo/project' },
      workflow_run: {
        id: runId,
        name: 'Tests',
        run_attempt: o.attempt ?? 1,
        event: 'pull_request',
        head_sha: FORK_HEAD,
        head_branch: 'main',
        head_repository: { full_name: 'mallory/project' },
        repository: { full_name: 'octo/project' },
        pull_requests: [],
        conclusion: 'success',
        run_started_at: new Date(Date.now() - 600_000).toISOString(),
        updated_at: new Date().toISOString(),
      },
    },
    inputs: { token: TOKEN, mode: 'ingest-workflow-run', reports: '', ...(o.config ? { config: '.github/flakeguard.yml' } : {}) },
    env: { GITHUB_API_URL: gh.url, ...o.env },
  });
}

/** A trusted run on a new commit of main: `a` with `attempts` (failures with `message`), `b` passing. */
async function mainRun(runId: number, attempts: string, o: { message?: string; config?: boolean } = {}): Promise<ActionRun> {
  const cases: CaseSpec[] = [{ name: 'a', attempts, message: o.message ?? 'boom F' }, { name: 'b' }];
  await world.writeReport('reports/junit.xml', junitXml(cases, { suite: 'suite' }));
  return world.run({ runId, sha: await world.commit(`main ${runId}`), inputs: { token: TOKEN, ...(o.config ? { config: '.github/flakeguard.yml' } : {}) }, env: { GITHUB_API_URL: gh.url } });
}

async function dataJson(path: string): Promise<Record<string, unknown>> {
  return JSON.parse((await world.dataFiles()).get(path)!) as Record<string, unknown>;
}

/** runs.json: sequence number → [key, untrusted]. */
async function runRows(): Promise<Map<number, { key: string; untrusted: boolean }>> {
  const runs = (await dataJson('runs.json')).runs as Record<string, unknown[]>;
  return new Map(Object.entries(runs).map(([seq, row]) => [Number(seq), { key: String(row[0]), untrusted: row[7] === 1 }]));
}

/** A test's stored runs, oldest first, each with its run key and whether it is untrusted. */
async function storedRuns(id: string): Promise<Array<{ key: string; untrusted: boolean; attempts: string }>> {
  const line = ((await dataJson('history/00.json')).tests as Record<string, { from: number; o: string }>)[id]!;
  const rows = await runRows();
  return decodeOutcomes(line.from, line.o)!
    .filter((r) => r.attempts !== '')
    .map((r) => ({ ...rows.get(r.seq)!, attempts: r.attempts }));
}

async function branchBytes(): Promise<number> {
  let n = 0;
  for (const text of (await world.dataFiles()).values()) n += Buffer.byteLength(text);
  return n;
}

describe('untrusted evidence is bounded by construction', () => {
  it('64 artifacts of one fork run are one untrusted run, whatever jobs and attempts they claim', async () => {
    expectOutcome(await mainRun(1, 'P'), 'success');
    seedMany(600, 61, () => [parsedTest('pkg.Suite::a', 'P'), parsedTest('pkg.Suite::b', 'P')]);
    // …and three more claiming to be later attempts of the run (the event says it had one).
    for (const attempt of [2, 3, 99]) gh.seed.artifact({ name: `flakeguard-late-a${attempt}`, run_id: 600, zip: bundleZip([parsedTest('pkg.Suite::a', 'P')], { job: 'late', attempt }) });
    expectOutcome(await ingest(600), 'success');
    const rows = [...(await runRows()).values()];
    // Before the fix: 64 untrusted rows, one per claimed job.
    expect(rows.filter((r) => r.untrusted).map((r) => r.key)).toEqual(['600/untrusted']);
    expect(rows.filter((r) => !r.untrusted)).toHaveLength(1);
    const ingested = Object.keys((await dataJson('flakeguard.json')).ingested as Record<string, number>).filter((k) => k.startsWith('600/'));
    expect(ingested).toEqual(['600/untrusted#1']);
    const a = await storedRuns('pkg.Suite::a');
    expect(a.map((r) => r.untrusted)).toEqual([false, true]);
    // One record, its attempts capped (8 per test per untrusted run).
    expect(a[1]!.attempts).toBe('PPPPPPPP');

    // The same event again (a re-run of the ingest job) adds nothing; its second attempt adds one more at most.
    const before = await world.dataFiles();
    expectOutcome(await ingest(600), 'success');
    expect(await world.dataFiles()).toEqual(before);
    expectOutcome(await ingest(600, { attempt: 2 }), 'success');
    expect([...(await runRows()).values()].filter((r) => r.untrusted).map((r) => r.key)).toEqual(['600/untrusted']);
    expect(
      Object.keys((await dataJson('flakeguard.json')).ingested as Record<string, number>)
        .filter((k) => k.startsWith('600/'))
        .sort(),
    ).toEqual(['600/untrusted#1', '600/untrusted#2']);
  }, 180_000);

  it('a fork run never releases a test that trusted evidence quarantined', async () => {
    const flaky = await mainRun(1, 'FP');
    expectOutcome(flaky, 'success');
    expect(JSON.parse(flaky.outputs['newly-quarantined']!)).toEqual(['pkg.Suite::a']);
    // 64 artifacts, each a clean pass: before the fix, 64 clean runs released it (60 are needed).
    seedMany(600, 64, () => [parsedTest('pkg.Suite::a', 'P')]);
    const run = await ingest(600);
    expectOutcome(run, 'success');
    expect(JSON.parse(run.outputs.released!)).toEqual([]);
    expect(JSON.parse(run.outputs['quarantined-tests']!)).toEqual(['pkg.Suite::a']);
  }, 180_000);

  it('one clean untrusted run does not complete the clean streak that releases a test; trusted runs do', async () => {
    await config('policy:\n  release-after-clean-runs: 2\n');
    expectOutcome(await mainRun(1, 'FP', { config: true }), 'success');
    expectOutcome(await mainRun(2, 'P', { config: true }), 'success'); // clean streak 1 of 2
    gh.seed.artifact({ name: 'flakeguard-test-a1', run_id: 600, zip: bundleZip([parsedTest('pkg.Suite::a', 'P')]) });
    const run = await ingest(600, { config: true });
    expectOutcome(run, 'success');
    // Before the fix: released by the fork's pass.
    expect(JSON.parse(run.outputs.released!)).toEqual([]);
    expect(JSON.parse(run.outputs['quarantined-tests']!)).toEqual(['pkg.Suite::a']);
    const trusted = await mainRun(3, 'P', { config: true });
    expect(JSON.parse(trusted.outputs.released!)).toEqual(['pkg.Suite::a']);
  }, 120_000);

  it("untrusted records never push trusted runs out of a test's window (their own budget)", async () => {
    await config('history:\n  max-runs: 3\n');
    for (const [i, attempts] of [
      [1, 'P'],
      [2, 'FP'],
      [3, 'P'],
    ] as const)
      expectOutcome(await mainRun(i, attempts, { config: true }), 'success');
    const trustedKeys = (await storedRuns('pkg.Suite::a')).map((r) => r.key);
    expect(trustedKeys).toHaveLength(3);
    for (const fork of [600, 601, 602, 603]) {
      gh.seed.artifact({ name: `flakeguard-test-${fork}-a1`, run_id: fork, zip: bundleZip([parsedTest('pkg.Suite::a', 'P'), parsedTest('pkg.Suite::b', 'P')]) });
      expectOutcome(await ingest(fork, { config: true }), 'success');
    }
    for (const id of ['pkg.Suite::a', 'pkg.Suite::b']) {
      const runs = await storedRuns(id);
      // Before the fix: the four untrusted runs took the three places, and every trusted run was dropped.
      expect(
        runs.filter((r) => !r.untrusted).map((r) => r.key),
        id,
      ).toEqual(trustedKeys);
      expect(
        runs.filter((r) => r.untrusted).map((r) => r.key),
        id,
      ).toEqual(['601/untrusted', '602/untrusted', '603/untrusted']);
    }
  }, 180_000);

  it('one hostile fork run grows the data branch by a bounded amount', async () => {
    const tests = 50;
    const cases: CaseSpec[] = Array.from({ length: tests }, (_, i) => ({ classname: 'pkg.Big', name: `t${i}` }));
    await world.writeReport('reports/junit.xml', junitXml(cases, { suite: 'suite' }));
    expectOutcome(await world.run({ runId: 1, inputs: { token: TOKEN }, env: { GITHUB_API_URL: gh.url } }), 'success');
    const base = await branchBytes();
    const letters = (n: number): string => n.toString(26).replace(/\d/g, (d) => 'qrstuvwxyz'[Number(d)]!);
    // Each artifact: every test failing 20 times then passing, a distinct 4 KiB message, a 4 KiB file name, a duration.
    const hostile = (artifact: number): ParsedTestCase[] =>
      cases.map((c, i) => ({
        ...parsedTest(`pkg.Big::${c.name}`, 'P'),
        file: `${'f'.repeat(4000)}${letters(artifact * tests + i)}.ts`,
        line: 7,
        attempts: [
          { status: 'failed' as const, message: `${letters(artifact * tests + i)} ${'m'.repeat(4000)}`, durationSec: 9999 },
          ...Array.from({ length: 19 }, () => ({ status: 'failed' as const })),
          { status: 'passed' as const, durationSec: 9999 },
        ],
      }));
    seedMany(600, 64, hostile);
    expectOutcome(await ingest(600), 'success');
    const grown = (await branchBytes()) - base;
    // The caps (src/history/trust.ts): per test one record of at most 8 attempts and no new file, line or duration;
    // failure messages of at most 200 characters for at most 100 tests; one row in runs.json, one ingestion key.
    // A failing test also gets a stats line (once, whatever the number of runs). Measured: see the report.
    const bound = tests * (12 + 420) + 100 * 230 + 1024;
    expect(grown, `grew ${grown} bytes from ${base}`).toBeLessThan(bound);
    // The same again from a second fork run: linear in the runs, no more.
    seedMany(601, 64, (i) => hostile(i + 64));
    expectOutcome(await ingest(601), 'success');
    const again = (await branchBytes()) - base - grown;
    expect(again, `grew ${again} more bytes`).toBeLessThan(tests * 12 + 100 * 230 + 1024);
    const line = ((await dataJson('history/00.json')).tests as Record<string, Record<string, unknown>>)['pkg.Big::t0']!;
    expect(line.file).toBeUndefined(); // the trusted report gave none, and a fork does not set it
    expect(line.d).not.toBe(9999);
  }, 300_000);

  it('finding 3: a message planted by a fork is not forgiven when the quarantined test really fails with it on main', async () => {
    // q (`a`) is quarantined on trusted evidence: it failed with a timeout and passed on a retry.
    const flaky = await mainRun(1, 'FP', { message: 'timeout waiting for the server' });
    expectOutcome(flaky, 'success');
    expect(JSON.parse(flaky.outputs['quarantined-tests']!)).toEqual(['pkg.Suite::a']);
    // A fork's artifact claims q "failed with X, then passed".
    const x = 'expected the invoice total to be 100 but was 0';
    gh.seed.artifact({
      name: 'flakeguard-test-a1',
      run_id: 600,
      zip: bundleZip([{ ...parsedTest('pkg.Suite::a', 'P'), attempts: [{ status: 'failed', message: x }, { status: 'passed' }] }]),
    });
    expectOutcome(await ingest(600), 'success');
    // The pull request that breaks q with X merges: the real failure on main fails the job (before the fix: forgiven, exit 0).
    const broken = await mainRun(2, 'F', { message: x });
    expectOutcome(broken, 'failure');
    expect(broken.outputs['blocking-failures']).toBe('1');
    // The trusted flaky failure mode is still forgiven.
    expectOutcome(await mainRun(3, 'F', { message: 'timeout waiting for the server' }), 'success');
  }, 120_000);

  it('on GitHub Enterprise Server the ingestion fails with a clear error, no stack trace', async () => {
    expectOutcome(await mainRun(1, 'P'), 'success');
    gh.seed.artifact({ name: 'flakeguard-test-a1', run_id: 600, zip: bundleZip([parsedTest('pkg.Suite::a', 'P')]) });
    const run = await ingest(600, { env: { GITHUB_SERVER_URL: 'https://ghes.example', GITHUB_API_URL: `${gh.url}/api/v3` } });
    expectOutcome(run, 'failure');
    const errors = run.stdout.split('\n').filter((l) => l.startsWith('::error'));
    expect(errors, run.stdout).toHaveLength(1);
    expect(errors[0]).toMatch(/GitHub Enterprise Server \(ghes\.example\)/);
    expect(errors[0]).toMatch(/docs\/forks\.md/);
    expect(run.stdout + run.stderr).not.toMatch(/unexpected error|\n\s+at |%0A\s+at /);
  }, 60_000);
});
