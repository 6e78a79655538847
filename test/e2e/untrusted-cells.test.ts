/**
 * Untrusted results and matrix cells (issue 40, finding 3; docs/forks.md, docs/matrix.md#quarantine-per-cell): a
 * matrix of three OS cells (`job-key: ${{ toJSON(matrix) }}`), a commit that really breaks a test on Linux and macOS
 * while Windows passes, and a fork's artifact that claims the Linux cell and says the test "failed, then passed". The
 * trusted agreement is by cell, so the artifact's claim counts for nothing, and the next real failure on main blocks.
 * Played against the bundled action, the GitHub fake and a real bare repository.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { World, junitXml, type ActionRun } from '../support/action.ts';
import { startGitHubFake, type FakeGitHub } from '../support/github-fake/index.ts';
import { zipBytes } from '../support/artifact-fake/zip-writer.ts';
import { MANIFEST_FILE, RESULTS_FILE, renderManifest } from '../../src/artifacts/bundle.ts';
import { renderResultsFile } from '../../src/store/results-file.ts';
import { parsedTest } from '../support/builders.ts';
import { expectOutcome } from '../support/expect.ts';

const TOKEN = 'ghs_untrustedCellsT0ken_0123456789abcdef';
const FORK_HEAD = '7'.repeat(40);
const T = 'pkg.Suite::t';
const M = 'expected 3 but was 4';
const CELLS = { linux: 'Linux', mac: 'macOS', windows: 'Windows' } as const;
type Os = keyof typeof CELLS;
let world: World;
let gh: FakeGitHub;
let workflowRun = 100;

beforeEach(async () => {
  world = await World.create();
  gh = await startGitHubFake({ owner: 'octo', repo: 'project', token: TOKEN });
});
afterEach(async () => {
  await gh.close();
  await world.dispose();
});

/** One matrix job of the current commit's workflow run on main. */
async function job(os: Os, t: string): Promise<ActionRun> {
  await world.writeReport('reports/unit.xml', junitXml([{ name: 't', attempts: t, message: M }, { name: 'u' }], { suite: 'suite' }));
  return world.run({ runId: workflowRun, inputs: { token: TOKEN, 'job-key': JSON.stringify({ os }) }, env: { GITHUB_API_URL: gh.url, RUNNER_OS: CELLS[os] } });
}

/** A new commit on main, tested in every cell; returns each cell's outcome. */
async function commit(results: Record<Os, string>): Promise<Record<Os, string>> {
  workflowRun++;
  await world.commit(`commit ${workflowRun}`);
  const out = {} as Record<Os, string>;
  for (const os of Object.keys(CELLS) as Os[]) out[os] = (await job(os, results[os])).outputs.outcome!;
  return out;
}

/** The fork's artifact: its manifest claims the Linux cell, its results that `t` failed with M, then passed. */
function forkArtifact(): Buffer {
  const results = renderResultsFile(
    { key: '600/test/aaaaaaaa', runId: '600', runAttempt: 1, job: 'test', workflow: 'CI', sha: FORK_HEAD, ref: 'refs/pull/7/merge', onDefaultBranch: false, event: 'pull_request', time: Date.now() },
    [parsedTest(T, 'FP', { attempts: [{ status: 'failed', message: M }, { status: 'passed' }] }), parsedTest('pkg.Suite::u', 'P')],
  );
  const manifest = renderManifest({ jobKey: '{"os":"linux"}', testOutcome: 'success', filesMatched: 1, filesRead: 1, problems: [], reportPatterns: ['reports/**/*.xml'] });
  return zipBytes([
    { name: MANIFEST_FILE, content: manifest },
    { name: RESULTS_FILE, content: results },
  ]);
}

function ingest(runId: number): Promise<ActionRun> {
  return world.run({
    runId: runId + 10_000,
    job: 'ingest',
    eventName: 'workflow_run',
    event: {
      action: 'completed',
      repository: { default_branch: 'main', full_name: 'octo/project' },
      workflow_run: {
        id: runId,
        name: 'CI',
        run_attempt: 1,
        event: 'pull_request',
        head_sha: FORK_HEAD,
        head_branch: 'feature',
        head_repository: { full_name: 'mallory/project', owner: { login: 'mallory' } },
        repository: { full_name: 'octo/project' },
        pull_requests: [],
        conclusion: 'success',
        run_started_at: new Date(Date.now() - 600_000).toISOString(),
        updated_at: new Date().toISOString(),
      },
    },
    inputs: { token: TOKEN, mode: 'ingest-workflow-run', reports: '', 'pr-comment': 'off' },
    env: { GITHUB_API_URL: gh.url },
  });
}

async function stats(): Promise<Record<string, { quarantined?: boolean; cells?: string[] }>> {
  return JSON.parse((await world.dataFiles()).get('stats/00.json')!).tests as Record<string, { quarantined?: boolean; cells?: string[] }>;
}

describe('a fork artifact cannot hide a real failure through matrix cells (finding 3)', () => {
  it('a real break on Linux and macOS (Windows passes) and a fork artifact claiming "Linux: failed with M, then passed": the next Linux failure on main blocks', async () => {
    expect(await commit({ linux: 'P', mac: 'P', windows: 'P' })).toEqual({ linux: 'success', mac: 'success', windows: 'success' });
    // The commit really breaks `t` on Linux and macOS with M; Windows passes. Both failures block.
    expect(await commit({ linux: 'F', mac: 'F', windows: 'P' })).toEqual({ linux: 'failure', mac: 'failure', windows: 'success' });
    expect((await stats())[T]?.quarantined ?? false).toBe(false);

    gh.seed.artifact({ name: 'flakeguard-test-0000000001-a1', run_id: 600, zip: forkArtifact() });
    const run = await ingest(600);
    expectOutcome(run, 'success');
    // Before the fix: the trusted runs "agreed" (a failure and a pass on one commit, in different cells), so the
    // artifact's flip counted and quarantined `t` in os=linux.
    expect.soft(JSON.parse(run.outputs['newly-quarantined']!)).toEqual([]);
    expect.soft((await stats())[T]?.quarantined ?? false).toBe(false);
    const rows = Object.values(JSON.parse((await world.dataFiles()).get('runs.json')!).runs as Record<string, unknown[]>);
    expect(rows.find((r) => r[0] === '600/untrusted')).toBeDefined();

    // The next real failure on Linux, with the same message: blocks (before the fix: forgiven, exit 0).
    workflowRun++;
    await world.commit('still broken on Linux');
    const linux = await job('linux', 'F');
    expectOutcome(linux, 'failure');
    expect(linux.outputs['blocking-failures']).toBe('1');
    expect(gh.violations()).toEqual([]);
  }, 180_000);
});
