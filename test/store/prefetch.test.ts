/**
 * DataRepo.prefetch (issue #16): the step starts fetching the data branch before it parses its reports. The next
 * fetch takes that result when it asked for as much, fetches again when it asks for more (parked runs), and a
 * failed prefetch fails that fetch, as any fetch does. Against a real bare repository.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataRepo } from '../../src/store/git.ts';
import { runGit } from '../../src/store/git-process.ts';
import { commitToRemote } from '../support/remote.ts';

let root: string;
let remote: string;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'flakeguard-prefetch-'));
  remote = join(root, 'remote.git');
  await runGit(root, ['init', '-q', '--bare', remote]);
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

const commitTo = (ref: string, files: Record<string, string>): Promise<string> => commitToRemote(remote, root, ref, files);

/** Waits (by state, not by time) until the private repository holds the fetched branch. */
async function fetched(repo: DataRepo): Promise<void> {
  for (;;) {
    const ref = await repo.git(['rev-parse', '--verify', '-q', 'refs/remotes/origin/data']).catch(() => '');
    if (ref.trim()) return;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

describe('fetching the data branch early', () => {
  it('the next fetch takes the prefetched branch, and reads its files', async () => {
    const sha = await commitTo('refs/heads/data', { 'runs.json': 'one\n' });
    const repo = await DataRepo.open(remote, 'data', '', root);
    try {
      repo.prefetch(true);
      // The branch moves once the prefetch has fetched it: the fetch that takes the prefetch sees it as it was.
      await fetched(repo);
      await commitTo('refs/heads/data', { 'runs.json': 'two\n' });
      expect((await repo.fetchWithInbox(true)).head).toBe(sha);
      expect(Object.fromEntries(await repo.readFiles())).toEqual({ 'runs.json': 'one\n' });
      // Taken once: the fetch after it fetches again.
      const next = await repo.fetchWithInbox(true);
      expect(next.head).not.toBe(sha);
      expect(Object.fromEntries(await repo.readFiles())).toEqual({ 'runs.json': 'two\n' });
    } finally {
      await repo.dispose();
    }
  });

  it('a fetch that asks for the parked runs does not take a prefetch that did not fetch them', async () => {
    await commitTo('refs/heads/data', { 'runs.json': 'one\n' });
    const repo = await DataRepo.open(remote, 'data', '', root);
    try {
      repo.prefetch(false);
      await commitTo('refs/heads/data-inbox/0001-run', { 'flakeguard-parcel.json': '{}\n' });
      const fetched = await repo.fetchWithInbox(true);
      expect(fetched.parked.map((p) => p.ref)).toEqual(['refs/heads/data-inbox/0001-run']);
    } finally {
      await repo.dispose();
    }
  });

  it('a prefetch that failed fails the fetch that takes it; the next one tries again', async () => {
    const repo = await DataRepo.open(join(root, 'nowhere.git'), 'data', '', root);
    try {
      repo.prefetch(true);
      await expect(repo.fetchWithInbox(true)).rejects.toThrow(/ls-remote/);
      await expect(repo.fetchWithInbox(true)).rejects.toThrow(/ls-remote/);
    } finally {
      await repo.dispose();
    }
  });

  it('dispose waits for a prefetch still running', async () => {
    await commitTo('refs/heads/data', { 'runs.json': 'one\n' });
    const repo = await DataRepo.open(remote, 'data', '', root);
    repo.prefetch(true);
    // The prefetch's own promise, observed from before dispose starts: its handlers run before dispose's await ends.
    const running = (repo as unknown as { prefetched: { promise: Promise<unknown> } }).prefetched.promise;
    let settled = false;
    void running.then(
      () => (settled = true),
      () => (settled = true),
    );
    await repo.dispose();
    expect(settled).toBe(true);
    // Removed after the fetch ended: nothing of the clone is left behind (a fetch still running would recreate it).
    const { existsSync } = await import('node:fs');
    expect(existsSync(repo.dir)).toBe(false);
  });
});

describe('fetching the data branch in one round trip', () => {
  /** The git commands run while `body` runs (GIT_TRACE2_EVENT, which git reads from the environment runGit passes on). */
  async function commandsOf(body: () => Promise<void>): Promise<string[]> {
    const trace = join(root, `trace-${Math.random().toString(36).slice(2)}.json`);
    const before = process.env.GIT_TRACE2_EVENT;
    process.env.GIT_TRACE2_EVENT = trace;
    try {
      await body();
    } finally {
      if (before === undefined) delete process.env.GIT_TRACE2_EVENT;
      else process.env.GIT_TRACE2_EVENT = before;
    }
    const { readFile } = await import('node:fs/promises');
    const text = await readFile(trace, 'utf8').catch(() => '');
    return text
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { event: string; argv?: string[] })
      .filter((e) => e.event === 'start' && e.argv)
      .map((e) => e.argv![1]!)
      .filter((c) => !c.startsWith('-'));
  }

  it('fetches the branch and the parked runs by name, without listing the remote first', async () => {
    const sha = await commitTo('refs/heads/data', { 'runs.json': 'one\n' });
    const parkedSha = await commitTo('refs/heads/data-inbox/0001-run', { 'flakeguard-parcel.json': '{}\n' });
    const repo = await DataRepo.open(remote, 'data', '', root);
    try {
      let fetched: Awaited<ReturnType<DataRepo['fetchWithInbox']>> | undefined;
      const commands = await commandsOf(async () => {
        fetched = await repo.fetchWithInbox(true);
      });
      expect(fetched).toEqual({ head: sha, parked: [{ ref: 'refs/heads/data-inbox/0001-run', sha: parkedSha }] });
      expect(commands).toContain('fetch');
      expect(commands).not.toContain('ls-remote');
      // A parked run folded and deleted meanwhile is gone from the next fetch.
      await runGit(root, ['--git-dir', remote, 'update-ref', '-d', 'refs/heads/data-inbox/0001-run']);
      expect((await repo.fetchWithInbox(true)).parked).toEqual([]);
    } finally {
      await repo.dispose();
    }
  });

  it('lists the remote when there is no branch yet, and finds parked runs all the same', async () => {
    const parkedSha = await commitTo('refs/heads/data-inbox/0002-run', { 'flakeguard-parcel.json': '{}\n' });
    const repo = await DataRepo.open(remote, 'data', '', root);
    try {
      let fetched: Awaited<ReturnType<DataRepo['fetchWithInbox']>> | undefined;
      const commands = await commandsOf(async () => {
        fetched = await repo.fetchWithInbox(true);
      });
      expect(fetched).toEqual({ head: null, parked: [{ ref: 'refs/heads/data-inbox/0002-run', sha: parkedSha }] });
      expect(commands).toContain('ls-remote');
      expect(Object.fromEntries(await repo.readFiles())).toEqual({});
    } finally {
      await repo.dispose();
    }
  });
});
