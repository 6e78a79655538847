/**
 * The proposal's commit and branch (src/mcp/propose-git.ts) with real git: one commit on the data branch's head in
 * the repository the server runs in, the checkout's HEAD, index and work tree untouched, an existing branch never
 * moved, no branch other than flakeguard/propose-… ever written, and a clear refusal outside a git repository.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { commitProposal } from '../../src/mcp/propose-git.ts';
import { git } from '../support/action.ts';

const ID = { GIT_AUTHOR_NAME: 'D', GIT_AUTHOR_EMAIL: 'd@example.com', GIT_COMMITTER_NAME: 'D', GIT_COMMITTER_EMAIL: 'd@example.com' };
let root: string;
let remote: string;
let work: string;
let head: string;

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'flakeguard-propose-'));
  remote = join(root, 'remote.git');
  work = join(root, 'work');
  await git(root, ['init', '-q', '--bare', '-b', 'main', remote]);
  await git(root, ['init', '-q', '-b', 'main', work]);
  await writeFile(join(work, 'README.md'), 'project\n');
  await git(work, ['add', '-A']);
  await git(work, ['commit', '-q', '-m', 'initial'], ID);
  await git(work, ['remote', 'add', 'origin', remote]);
  // The data branch, pushed from an orphan commit, as the action writes it.
  const data = join(root, 'data');
  await git(root, ['init', '-q', '-b', 'flakeguard-data', data]);
  await writeFile(join(data, 'stats.json'), '{"a": 1}\n');
  await git(data, ['add', '-A']);
  await git(data, ['commit', '-q', '-m', 'data'], ID);
  await git(data, ['push', '-q', remote, 'flakeguard-data']);
  head = (await git(remote, ['rev-parse', 'refs/heads/flakeguard-data'])).trim();
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

const where = () => ({ cwd: work, remote, dataBranch: 'flakeguard-data' });

describe('a proposal as git holds it', () => {
  it("commits the edit on the data branch's head on a new branch, leaving the checkout and the remote as they were", async () => {
    await writeFile(join(work, 'README.md'), 'edited, not staged\n');
    const status = await git(work, ['status', '--porcelain']);
    const made = await commitProposal(where(), head, 'flakeguard/propose-release-a', new Map([['stats.json', '{"a": 2}\n']]), 'flakeguard mcp: a: release', false);
    expect(made).toMatchObject({ branch: 'flakeguard/propose-release-a', pushed: false });
    expect((await git(work, ['rev-parse', `${made.commit}^`])).trim()).toBe(head);
    expect(await git(work, ['show', `${made.commit}:stats.json`])).toBe('{"a": 2}\n');
    expect((await git(work, ['log', '-1', '--format=%s', made.commit])).trim()).toBe('flakeguard mcp: a: release');
    expect((await git(work, ['symbolic-ref', 'HEAD'])).trim()).toBe('refs/heads/main');
    expect(await git(work, ['status', '--porcelain'])).toBe(status);
    expect(await readFile(join(work, 'README.md'), 'utf8')).toBe('edited, not staged\n');
    expect((await git(remote, ['rev-parse', 'refs/heads/flakeguard-data'])).trim()).toBe(head);
    expect(await git(remote, ['branch', '--list', 'flakeguard/*'])).toBe('');

    const again = await commitProposal(where(), head, 'flakeguard/propose-release-a', new Map([['stats.json', '{"a": 3}\n']]), 'again', true);
    expect(again.branch).toBe('flakeguard/propose-release-a-2');
    expect((await git(work, ['rev-parse', 'refs/heads/flakeguard/propose-release-a'])).trim()).toBe(made.commit);
    expect((await git(remote, ['rev-parse', 'refs/heads/flakeguard/propose-release-a-2'])).trim()).toBe(again.commit);
    expect((await git(remote, ['rev-parse', 'refs/heads/flakeguard-data'])).trim()).toBe(head);
  });

  it('writes no other branch, and says what to do outside a git repository', async () => {
    await expect(commitProposal(where(), head, 'flakeguard-data', new Map(), 'x', true)).rejects.toThrow(/a proposal goes on a new flakeguard\/propose-… branch/);
    await expect(commitProposal(where(), head, 'main', new Map(), 'x', false)).rejects.toThrow(/refusing to write 'main'/);
    const outside = await mkdtemp(join(tmpdir(), 'flakeguard-not-git-'));
    try {
      await expect(commitProposal({ ...where(), cwd: outside }, head, 'flakeguard/propose-release-a', new Map(), 'x', false)).rejects.toThrow(/is not a git repository: run flakeguard mcp in a clone/);
    } finally {
      await rm(outside, { recursive: true, force: true });
    }
  });
});
