/**
 * The stages of the action's run (src/action/stages.ts) on a fake DataBranch: no git, only what each stage asks of the
 * branch. The re-run stage and the write take the branch the step opened; nothing fetches it again.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DataBranch } from '../../src/store/data-branch.ts';
import { emptySnapshot } from '../../src/store/snapshot.ts';
import type { Applied, SyncResult, SyncStatus } from '../../src/store/sync.ts';
import { readModeInputs } from '../../src/config/mode-inputs.ts';
import { inputsFromEnv } from '../../src/config/inputs.ts';
import { decideAndWrite, fixStage, readJob, readStep, recordedTests, rerunStage } from '../../src/action/stages.ts';
import { junitXml } from '../support/action.ts';

let root: string;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'flakeguard-stages-'));
  await mkdir(join(root, 'reports'), { recursive: true });
  await mkdir(join(root, 'temp'), { recursive: true });
  await writeFile(join(root, 'event.json'), JSON.stringify({ repository: { default_branch: 'main', full_name: 'octo/project' } }));
  vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
});
afterEach(async () => {
  vi.restoreAllMocks();
  await rm(root, { recursive: true, force: true });
});

function env(inputs: Record<string, string> = {}): NodeJS.ProcessEnv {
  const e: NodeJS.ProcessEnv = {
    GITHUB_WORKSPACE: root,
    GITHUB_REPOSITORY: 'octo/project',
    GITHUB_SERVER_URL: 'https://github.com',
    GITHUB_RUN_ID: '1001',
    GITHUB_RUN_ATTEMPT: '1',
    GITHUB_JOB: 'test',
    GITHUB_WORKFLOW: 'CI',
    GITHUB_EVENT_NAME: 'push',
    GITHUB_EVENT_PATH: join(root, 'event.json'),
    GITHUB_SHA: 'a'.repeat(40),
    GITHUB_REF: 'refs/heads/main',
    RUNNER_TEMP: join(root, 'temp'),
  };
  for (const [name, value] of Object.entries({ reports: 'reports/**/*.xml', token: '', ...inputs })) e[`INPUT_${name.toUpperCase()}`] = value;
  return e;
}

/** A DataBranch with no git behind it: an empty branch, and a write that ends as `status` says. */
function fakeBranch(status: SyncStatus): DataBranch & { calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    readOnly: false,
    opened: async () => void calls.push('opened'),
    read: async () => (calls.push('read'), { head: null, parked: [], files: new Map() }),
    snapshot: async () => (calls.push('snapshot'), emptySnapshot()),
    write: async <T extends Applied>(apply: (snapshot: ReturnType<typeof emptySnapshot>, files: ReadonlyMap<string, string> | null) => T): Promise<SyncResult<T>> => {
      calls.push('write');
      return { applied: apply(emptySnapshot(), new Map()), status, historyRead: true };
    },
    dispose: async () => void calls.push('dispose'),
  };
}

async function step(inputs: Record<string, string> = {}) {
  const e = env(inputs);
  return readStep(e, readModeInputs(inputsFromEnv(e)));
}

describe('the stages of a run', () => {
  it('without re-runs, the branch is opened, then written once: no stage parses it on its own', async () => {
    await writeFile(join(root, 'reports', 'a.xml'), junitXml([{ name: 'passes' }, { name: 'fails', attempts: 'F' }]));
    const s = await step();
    const branch = fakeBranch({ kind: 'pushed', commit: 'c'.repeat(40), tries: 1, compacted: false });
    const job = await readJob(s, branch);
    expect(job.run.onDefaultBranch).toBe(true);
    const reruns = await rerunStage(s, job, branch);
    expect(reruns).toBeUndefined();
    // On the default branch, fix verification looks for a recorded fix in the first read's stats files, and parses the
    // branch only when one is there: a parse of its own costs as much as the write's (about 0.4 s at 100k tests).
    expect(await fixStage(s, job, branch)).toBeUndefined();
    job.reports.tests = recordedTests(s, job, reruns);
    const written = await decideAndWrite(s, job, reruns, branch);
    expect(branch.calls).toEqual(['opened', 'read', 'write']);
    expect(written.sync.applied.outcome.result).toBe('failure');
    expect(written.sync.applied.outcome.blocking.map((t) => t.id)).toEqual([job.reports.tests.find((t) => t.name === 'fails')!.id]);
  });

  it('with re-runs, the re-run stage judges by the snapshot of the branch the step opened, and the write follows', async () => {
    await writeFile(join(root, 'reports', 'a.xml'), junitXml([{ name: 'fails', attempts: 'F' }]));
    const s = await step({ rerun: 'true', 'rerun-timeout': '30' });
    const branch = fakeBranch({ kind: 'pushed', commit: 'c'.repeat(40), tries: 1, compacted: false });
    const job = await readJob(s, branch);
    const reruns = await rerunStage(s, job, branch);
    expect(reruns?.result.cases.map((c) => c.asked)).toEqual([1]);
    job.reports.tests = recordedTests(s, job, reruns);
    await decideAndWrite(s, job, reruns, branch);
    expect(branch.calls).toEqual(['opened', 'snapshot', 'write']);
  });

  it('fails a passing run whose results were neither saved nor parked, saying why', async () => {
    await writeFile(join(root, 'reports', 'a.xml'), junitXml([{ name: 'passes' }]));
    const s = await step();
    const branch = fakeBranch({ kind: 'not-saved', reason: 'the remote is gone' });
    const job = await readJob(s, branch);
    const written = await decideAndWrite(s, job, undefined, branch);
    expect(written.sync.applied.outcome.result).toBe('failure');
    expect(written.sync.applied.outcome.reasons.at(-1)).toMatch(/^The history was NOT saved to flakeguard-data: the remote is gone\./);
  });

  it('read-only: results not saved do not fail the run', async () => {
    await writeFile(join(root, 'reports', 'a.xml'), junitXml([{ name: 'passes' }]));
    const s = await step({ 'read-only': 'true' });
    const branch = fakeBranch({ kind: 'read-only', head: null });
    const written = await decideAndWrite(s, await readJob(s, branch), undefined, branch);
    expect(written.sync.applied.outcome.result).toBe('success');
  });

  it('split-history-by: job-key gives the recorded tests their history ids in one place', async () => {
    await writeFile(join(root, 'reports', 'a.xml'), junitXml([{ name: 'passes' }]));
    const s = await step({ 'split-history-by': 'job-key', 'job-key': 'os=linux' });
    const job = await readJob(s, fakeBranch({ kind: 'read-only', head: null }));
    const [test] = recordedTests(s, job, undefined);
    expect(test!.id).toBe(`${job.reports.tests[0]!.id} [os=linux]`);
  });

  it('a failure to open the branch is reported after the reports are read', async () => {
    await writeFile(join(root, 'reports', 'a.xml'), junitXml([{ name: 'passes' }]));
    const s = await step();
    const branch = { ...fakeBranch({ kind: 'read-only', head: null }), opened: () => Promise.reject(new Error('no remote')) };
    await expect(readJob(s, branch)).rejects.toThrow('no remote');
  });
});
