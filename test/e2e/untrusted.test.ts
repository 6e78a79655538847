/**
 * Untrusted results are evidence, never a verdict (issue #13, docs/forks.md): the attacks a fork's artifact can
 * make through `mode: ingest-workflow-run`, each played against the bundled action, the GitHub fake and a real
 * bare repository.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { World, junitXml, type ActionRun } from '../support/action.ts';
import { startGitHubFake, type FakeGitHub } from '../support/github-fake/index.ts';
import { zipBytes } from '../support/artifact-fake/zip-writer.ts';
import { MANIFEST_FILE, RESULTS_FILE, renderManifest } from '../../src/artifacts/bundle.ts';
import { renderResultsFile } from '../../src/store/results-file.ts';
import { parsedTest } from '../support/builders.ts';
import type { ParsedTestCase } from '../../src/model.ts';
import { expectOutcome } from '../support/expect.ts';

const TOKEN = 'ghs_untrustedFakeT0ken_0123456789abcdef';
const FORK_HEAD = '6'.repeat(40);
const CONFIG = '.github/flakeguard.yml';
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

function bundleZip(tests: ParsedTestCase[], job = 'test', jobKey = ''): Buffer {
  const results = renderResultsFile(
    { key: `600/${job}/aaaaaaaa`, runId: '600', runAttempt: 1, job, workflow: 'Tests', sha: FORK_HEAD, ref: 'refs/pull/7/merge', onDefaultBranch: false, event: 'pull_request', time: Date.now() },
    tests,
  );
  const manifest = renderManifest({ jobKey, testOutcome: 'success', filesMatched: 1, filesRead: 1, problems: [], reportPatterns: ['reports/**/*.xml'] });
  return zipBytes([
    { name: MANIFEST_FILE, content: manifest },
    { name: RESULTS_FILE, content: results },
  ]);
}

function ingest(runId: number, withConfig = false): Promise<ActionRun> {
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
        run_attempt: 1,
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
    inputs: { token: TOKEN, mode: 'ingest-workflow-run', reports: '', ...(withConfig ? { config: CONFIG } : {}) },
    env: { GITHUB_API_URL: gh.url },
  });
}

async function mainRun(runId: number, a: string, message = 'boom F', withConfig = false): Promise<ActionRun> {
  await world.writeReport('reports/junit.xml', junitXml([{ name: 'a', attempts: a, message }, { name: 'b' }], { suite: 'suite' }));
  return world.run({ runId, sha: await world.commit(`main ${runId}`), inputs: { token: TOKEN, ...(withConfig ? { config: CONFIG } : {}) }, env: { GITHUB_API_URL: gh.url } });
}

describe('untrusted results are evidence, never a verdict', () => {
  it('one fork artifact claiming "failed, then passed" quarantines nothing, and a later real failure on main is not forgiven', async () => {
    expectOutcome(await mainRun(1, 'P'), 'success');
    gh.seed.artifact({ name: 'flakeguard-test-0000000001-a1', run_id: 600, zip: bundleZip([parsedTest('pkg.Suite::a', 'FP'), parsedTest('pkg.Suite::b', 'FP')]) });
    const run = await ingest(600);
    expectOutcome(run, 'success');
    // Before the fix: `a` and `b` were quarantined by this one artifact.
    expect(JSON.parse(run.outputs['newly-quarantined']!)).toEqual([]);
    expect(run.summary).toContain('Its results are untrusted');
    const history = JSON.parse((await world.dataFiles()).get('history/00.json')!).tests as Record<string, { o: string }>;
    expect(history['pkg.Suite::a']!.o).toBe('P(FP)'); // recorded, as evidence
    const main = await mainRun(2, 'F');
    expectOutcome(main, 'failure');
    expect(main.outputs['blocking-failures']).toBe('1');
  }, 90_000);

  it('counts once trusted runs agree: `a` is a trusted retry flake, `b` is not', async () => {
    // Two flaky runs to enter: `a`'s one trusted retry flake shows it flaky without quarantining it.
    await mkdir(join(world.workspace, '.github'), { recursive: true });
    await writeFile(join(world.workspace, CONFIG), 'policy:\n  enter-same-commit-flips: 2\n');
    expectOutcome(await mainRun(1, 'FP', 'boom F', true), 'success');
    gh.seed.artifact({ name: 'flakeguard-test-0000000001-a1', run_id: 600, zip: bundleZip([parsedTest('pkg.Suite::a', 'FP'), parsedTest('pkg.Suite::b', 'FP')]) });
    const run = await ingest(600, true);
    expectOutcome(run, 'success');
    const stats = JSON.parse((await world.dataFiles()).get('stats/00.json')!).tests as Record<string, { runs: number; recent: string; quarantined: boolean }>;
    // `a`: its trusted run shows it flaky, so the untrusted run counts as evidence too (it enters sooner).
    expect(stats['pkg.Suite::a']).toMatchObject({ runs: 2, recent: 'RR', quarantined: true });
    // `b`: only the untrusted run says it is flaky; its evidence is its trusted run alone.
    expect(stats['pkg.Suite::b']).toMatchObject({ runs: 1, recent: 'P', quarantined: false });
    // The ingest mode's write keeps the README badge current too (src/report/badge.ts).
    expect(JSON.parse((await world.dataFiles()).get('badge.json')!)).toMatchObject({ message: '1 quarantined, 1 new in 7 days', color: 'orange' });
  }, 90_000);

  it('a flood of made-up tests adds no test and no file; more tests than the cap refuse the artifact', async () => {
    expectOutcome(await mainRun(1, 'P'), 'success');
    const filesBefore = [...(await world.dataFiles()).keys()].sort();
    const madeUp = Array.from({ length: 5000 }, (_, i) => parsedTest(`pkg.Fake${i}::t`, 'FP'));
    gh.seed.artifact({ name: 'flakeguard-flood', run_id: 600, zip: bundleZip([parsedTest('pkg.Suite::a', 'P'), ...madeUp]) });
    const tooMany = Array.from({ length: 50_001 }, (_, i) => parsedTest(`pkg.F${i}::t`, 'P'));
    gh.seed.artifact({ name: 'flakeguard-too-many', run_id: 600, zip: bundleZip(tooMany, 'other') });
    const run = await ingest(600);
    expectOutcome(run, 'failure');
    expect(run.stdout).toMatch(/flakeguard-too-many was refused: it lists 50001 tests, more than the 50000 an untrusted run may report/);
    expect(run.stdout).toMatch(/5000 tests of the untrusted results were left out: no trusted run has recorded them/);
    const files = await world.dataFiles();
    expect([...files.keys()].sort()).toEqual(filesBefore);
    expect(Object.keys(JSON.parse(files.get('history/00.json')!).tests)).toEqual(['pkg.Suite::a', 'pkg.Suite::b']);
  }, 120_000);

  it('at most 64 artifacts of one untrusted run are read', async () => {
    expectOutcome(await mainRun(1, 'P'), 'success');
    for (let i = 0; i < 65; i++) gh.seed.artifact({ name: `flakeguard-job${i}`, run_id: 600, zip: bundleZip([parsedTest('pkg.Suite::a', 'P')], `job${i}`, `k=${i}`) });
    const run = await ingest(600);
    expectOutcome(run, 'failure');
    expect(run.stdout).toMatch(/flakeguard-job64 was refused: more than 64 flakeguard artifacts in one untrusted run/);
    expect(JSON.parse(run.outputs['ingested-shards']!)).toHaveLength(64);
  }, 120_000);
});
