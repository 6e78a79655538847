import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { contextFromEnv } from '../../src/config/context.ts';
import { finishedRunFromEvent } from '../../src/modes/workflow-run.ts';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'wr-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const NOW = Date.parse('2026-11-21T12:00:00Z');

async function finished(workflowRun: Record<string, unknown>, env: Record<string, string> = {}) {
  const path = join(dir, 'event.json');
  await writeFile(path, JSON.stringify({ action: 'completed', repository: { full_name: 'octo/project', default_branch: 'main' }, workflow_run: workflowRun }));
  const ctx = contextFromEnv({ GITHUB_REPOSITORY: 'octo/project', GITHUB_EVENT_NAME: 'workflow_run', GITHUB_EVENT_PATH: path, ...env });
  return finishedRunFromEvent(ctx, path, NOW);
}

const forkRun = {
  id: 123456,
  name: 'Tests',
  run_attempt: 2,
  event: 'pull_request',
  head_sha: 'f'.repeat(40),
  head_branch: 'main',
  head_repository: { full_name: 'mallory/project' },
  repository: { full_name: 'octo/project' },
  pull_requests: [],
  conclusion: 'failure',
  run_started_at: '2026-11-21T11:00:00Z',
  updated_at: '2026-11-21T11:10:00Z',
};

describe('finishedRunFromEvent', () => {
  it("reads a fork's pull-request run: never on the default branch, even from a branch called main", async () => {
    const run = await finished(forkRun);
    expect(run).toMatchObject({ id: 123456, fromFork: true, headRepository: 'mallory/project', conclusion: 'failure' });
    expect(run.trusted).toMatchObject({
      runId: '123456',
      maxAttempt: 2,
      sha: 'f'.repeat(40),
      event: 'pull_request',
      onDefaultBranch: false,
      ref: 'mallory/project:main',
      url: 'https://github.com/octo/project/actions/runs/123456',
    });
    expect(run.trusted.earliest).toBe(Date.parse('2026-11-21T10:59:00Z'));
    expect(run.trusted.latest).toBe(Date.parse('2026-11-21T11:10:00Z'));
  });

  it('reads a push to the default branch of this repository as on the default branch, and a pull request number when given', async () => {
    const push = await finished({ ...forkRun, event: 'push', head_repository: { full_name: 'octo/project' } });
    expect(push.trusted).toMatchObject({ onDefaultBranch: true, ref: 'refs/heads/main' });
    const pr = await finished({ ...forkRun, head_repository: { full_name: 'octo/project' }, head_branch: 'feature', pull_requests: [{ number: 7 }] });
    expect(pr.trusted).toMatchObject({ onDefaultBranch: false, ref: 'refs/pull/7/merge' });
    expect(pr.pullRequest).toBe(7);
  });

  it('reads a run whose head repository is gone (`head_repository: null`, a deleted fork) as a fork', async () => {
    const run = await finished({ ...forkRun, event: 'push', head_repository: null });
    expect(run).toMatchObject({ fromFork: true, headRepository: '(a deleted fork)', headOwner: '' });
    expect(run.trusted.onDefaultBranch).toBe(false);
  });

  it('reads a pull request whose head repository is gone (`head.repo: null`) as one from a fork; one without a head as before', async () => {
    const path = join(dir, 'pr.json');
    const ctxOf = async (pullRequest: Record<string, unknown>) => {
      await writeFile(path, JSON.stringify({ repository: { full_name: 'octo/project', default_branch: 'main' }, pull_request: pullRequest }));
      return contextFromEnv({ GITHUB_REPOSITORY: 'octo/project', GITHUB_EVENT_NAME: 'pull_request', GITHUB_EVENT_PATH: path });
    };
    expect((await ctxOf({ number: 7, head: { repo: null } })).fromFork).toBe(true);
    expect((await ctxOf({ number: 7, head: {} })).fromFork).toBe(true);
    expect((await ctxOf({ number: 7, head: { repo: { full_name: 'mallory/project' } } })).fromFork).toBe(true);
    expect((await ctxOf({ number: 7, head: { repo: { full_name: 'octo/project' } } })).fromFork).toBe(false);
    expect((await ctxOf({ number: 7 })).fromFork).toBe(false);
  });

  it('refuses the wrong event, another repository, and payloads without a run id or commit', async () => {
    await expect(finished(forkRun, { GITHUB_EVENT_NAME: 'pull_request_target' })).rejects.toThrow(/triggered by 'workflow_run'/);
    await expect(finished({ ...forkRun, repository: { full_name: 'other/repo' } })).rejects.toThrow(/belongs to other\/repo/);
    await expect(finished({ ...forkRun, id: '1; rm -rf /' })).rejects.toThrow(/no run id/);
    await expect(finished({ ...forkRun, head_sha: 'main' })).rejects.toThrow(/no head commit/);
  });
});
