/**
 * The step's DataBranch (src/store/data-branch.ts) against a real bare repository: one fetch and one read, shared by
 * every stage that asks, the write's first attempt on that same read (a lost race fetches again), read-only without
 * the inbox and without a write, and a branch that cannot be opened reported by opened().
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataRepo } from '../../src/store/git.ts';
import { runGit } from '../../src/store/git-process.ts';
import { gitDataBranch } from '../../src/store/data-branch.ts';
import { inboxPrefix, PARCEL_FILE } from '../../src/store/inbox-refs.ts';
import { commitToRemote } from '../support/remote.ts';

let root: string;
let remote: string;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'flakeguard-data-branch-'));
  remote = join(root, 'remote.git');
  await runGit(root, ['init', '-q', '--bare', remote]);
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

const commitTo = (ref: string, files: Record<string, string>): Promise<string> => commitToRemote(remote, root, ref, files);

const names = (files: ReadonlyMap<string, string> | null): string[] => (files?.get('README.md') ?? '').split('\n').filter(Boolean);

describe('the data branch, read once', () => {
  it('fetches and reads once, however many stages ask, and each snapshot is a parse of that read', async () => {
    const first = await commitTo('refs/heads/data', { 'README.md': 'one\n' });
    const repo = await DataRepo.open(remote, 'data', '', root);
    const fetches = vi.spyOn(repo, 'fetchWithInbox');
    const branch = gitDataBranch(Promise.resolve(repo), false);
    try {
      const read = await branch.read();
      expect(read.head).toBe(first);
      // The branch moves after the read: every stage still sees the branch as the step first read it.
      await commitTo('refs/heads/data', { 'README.md': 'two\n' });
      expect(await branch.read()).toBe(read);
      const [a, b] = [await branch.snapshot(), await branch.snapshot()];
      expect(a).not.toBe(b);
      expect(a.problems).toEqual(b.problems);
      expect(fetches).toHaveBeenCalledTimes(1);
      expect(fetches).toHaveBeenCalledWith(true);
    } finally {
      await branch.dispose();
    }
  });

  it('writes with its first attempt on the first read; a branch moved since loses that race and is fetched again', async () => {
    await commitTo('refs/heads/data', { 'README.md': 'one\n' });
    const repo = await DataRepo.open(remote, 'data', '', root);
    const branch = gitDataBranch(Promise.resolve(repo), false);
    const seen: string[][] = [];
    try {
      expect(names((await branch.read()).files)).toEqual(['one']);
      await commitTo('refs/heads/data', { 'README.md': 'one\ntwo\n' });
      const result = await branch.write(
        (_snapshot, files) => {
          seen.push(names(files));
          return { files: new Map([['README.md', `${[...names(files), 'three'].join('\n')}\n`]]) };
        },
        { attempts: 3, commitMessage: 'three', sleep: async () => undefined },
      );
      expect(seen).toEqual([['one'], ['one', 'two']]);
      expect(result.status).toMatchObject({ kind: 'pushed', tries: 2 });
      expect(await runGit(root, ['--git-dir', remote, 'show', 'data:README.md'])).toBe('one\ntwo\nthree\n');
    } finally {
      await branch.dispose();
    }
  });

  it('read-only: reads the branch without its inbox, and never writes', async () => {
    const head = await commitTo('refs/heads/data', { 'README.md': 'one\n' });
    await commitTo(`${inboxPrefix('data')}1-parked`, { [PARCEL_FILE]: '{}' });
    const repo = await DataRepo.open(remote, 'data', '', root);
    const branch = gitDataBranch(Promise.resolve(repo), true);
    try {
      expect(branch.readOnly).toBe(true);
      expect((await branch.read()).parked).toEqual([]);
      const result = await branch.write(() => ({ files: new Map([['README.md', 'changed\n']]) }), { attempts: 3, commitMessage: 'no' });
      expect(result.status).toEqual({ kind: 'read-only', head });
      expect(await runGit(root, ['--git-dir', remote, 'rev-parse', 'data'])).toBe(`${head}\n`);
    } finally {
      await branch.dispose();
    }
  });

  it('reads the parked runs with the branch when it may write', async () => {
    await commitTo('refs/heads/data', { 'README.md': 'one\n' });
    const sha = await commitTo(`${inboxPrefix('data')}1-parked`, { [PARCEL_FILE]: '{}' });
    const branch = gitDataBranch(DataRepo.open(remote, 'data', '', root), false);
    try {
      expect((await branch.read()).parked).toEqual([{ ref: `${inboxPrefix('data')}1-parked`, sha }]);
    } finally {
      await branch.dispose();
    }
  });

  it('a read that failed is the read of every stage; the write fetches again', async () => {
    const repo = await DataRepo.open(remote, 'data', '', root);
    vi.spyOn(repo, 'fetchWithInbox').mockRejectedValueOnce(new Error('network down'));
    const branch = gitDataBranch(Promise.resolve(repo), false);
    try {
      await expect(branch.read()).rejects.toThrow('network down');
      await expect(branch.snapshot()).rejects.toThrow('network down');
      const result = await branch.write(() => ({ files: new Map([['README.md', 'first\n']]) }), { attempts: 2, commitMessage: 'first', sleep: async () => undefined });
      expect(result.status).toMatchObject({ kind: 'pushed', tries: 2 });
    } finally {
      await branch.dispose();
    }
  });

  it('a repository that could not be opened is reported by opened(), and dispose does not throw', async () => {
    const branch = gitDataBranch(Promise.reject(new Error('no remote')), false);
    await expect(branch.opened()).rejects.toThrow('no remote');
    await expect(branch.read()).rejects.toThrow('no remote');
    await expect(branch.dispose()).resolves.toBeUndefined();
  });

  it('dispose removes the private repository once the read is done', async () => {
    await commitTo('refs/heads/data', { 'README.md': 'one\n' });
    const repo = await DataRepo.open(remote, 'data', '', root);
    const branch = gitDataBranch(Promise.resolve(repo), false);
    await branch.dispose();
    expect((await branch.read()).head).not.toBeNull();
    await expect(stat(repo.dir)).rejects.toThrow();
  });
});
