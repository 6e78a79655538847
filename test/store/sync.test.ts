/**
 * The fetch–apply–push loop against a real bare repository, with writers racing in one process.
 */
import { mulberry32 } from '../../scripts/eval/rng.ts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataRepo } from '../../src/store/git.ts';
import { runGit } from '../../src/store/git-process.ts';
import { readBranchFiles, syncRun } from '../../src/store/sync.ts';

let root: string;
let remote: string;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'flakeguard-sync-'));
  remote = join(root, 'remote.git');
  await runGit(root, ['init', '-q', '--bare', remote]);
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

/** The names already on the branch, from the files syncRun read off the head it just fetched. */
function namesOn(files: ReadonlyMap<string, string> | null): string[] {
  return (files?.get('README.md') ?? '').split('\n').filter(Boolean);
}

async function readNames(): Promise<string[]> {
  const text = await runGit(root, ['--git-dir', remote, 'show', 'data:README.md']);
  return text.split('\n').filter(Boolean);
}

describe('syncRun', () => {
  it('creates the branch as an orphan and reports the commit', async () => {
    const repo = await DataRepo.open(remote, 'data', '', root);
    const result = await syncRun(repo, () => ({ files: new Map([['README.md', 'hello\n']]) }), { attempts: 3, readOnly: false, commitMessage: 'first' });
    await repo.dispose();
    expect(result.status.kind).toBe('pushed');
    const log = await runGit(root, ['--git-dir', remote, 'log', '--format=%H %P', 'data']);
    const [commit, parents] = log.trim().split(' ');
    expect(result.status.kind === 'pushed' && result.status.commit).toBe(commit);
    expect(parents).toBeUndefined();
  });

  it('re-applies on the new head when another writer pushed first, losing nothing', async () => {
    const writers = ['w1', 'w2', 'w3', 'w4', 'w5', 'w6'];
    const results = await Promise.all(
      writers.map(async (name, i) => {
        const repo = await DataRepo.open(remote, 'data', '', root);
        try {
          return await syncRun(
            repo,
            (_snapshot, read) => ({ files: new Map([['README.md', `${[...namesOn(read), name].sort().join('\n')}\n`]]) }),
            // Seeded jitter: the writers' backoffs differ, the same on every run of the test.
            { attempts: 30, readOnly: false, commitMessage: name, sleep: (ms) => new Promise((r) => setTimeout(r, ms / 20)), random: mulberry32(i + 1) },
          );
        } finally {
          await repo.dispose();
        }
      }),
    );
    expect(results.map((r) => r.status.kind)).toEqual(writers.map(() => 'pushed'));
    expect(await readNames()).toEqual(writers);
    const subjects = (await runGit(root, ['--git-dir', remote, 'log', '--format=%s', 'data'])).trim().split('\n');
    expect(subjects.sort()).toEqual(writers);
  });

  it('compacts to a single root commit, keeping the content', async () => {
    for (const n of [1, 2, 3]) {
      const repo = await DataRepo.open(remote, 'data', '', root);
      await syncRun(repo, (_snapshot, read) => ({ files: new Map([['README.md', `${[...namesOn(read), `w${n}`].join('\n')}\n`]]) }), { attempts: 3, readOnly: false, commitMessage: `w${n}` });
      await repo.dispose();
    }
    const repo = await DataRepo.open(remote, 'data', '', root);
    const result = await syncRun(repo, (_snapshot, read) => ({ files: new Map([['README.md', `${[...namesOn(read), 'w4'].join('\n')}\n`]]), compact: true }), {
      attempts: 3,
      readOnly: false,
      commitMessage: 'w4',
    });
    await repo.dispose();
    expect(result.status).toMatchObject({ kind: 'pushed', compacted: true });
    expect((await runGit(root, ['--git-dir', remote, 'rev-list', '--count', 'data'])).trim()).toBe('1');
    expect(await readNames()).toEqual(['w1', 'w2', 'w3', 'w4']);
  });

  it('never overwrites a writer that pushed while it was compacting', async () => {
    const first = await DataRepo.open(remote, 'data', '', root);
    await syncRun(first, () => ({ files: new Map([['README.md', 'w1\n']]) }), { attempts: 3, readOnly: false, commitMessage: 'w1' });
    await first.dispose();

    // Another writer pushes between the compactor's fetch and its push.
    const racer = await DataRepo.open(remote, 'data', '', root);
    const compactor2 = await DataRepo.open(remote, 'data', '', root);
    let raced = false;
    const raceResult = await syncRun(compactor2, (_snapshot, read) => ({ files: new Map([['README.md', `${[...namesOn(read), 'compactor2'].join('\n')}\n`]]), compact: true }), {
      attempts: 5,
      readOnly: false,
      commitMessage: 'compactor2',
      log: () => undefined,
      sleep: async () => undefined,
      beforePush: async () => {
        if (raced) return;
        raced = true;
        await syncRun(racer, (_snapshot, read) => ({ files: new Map([['README.md', `${[...namesOn(read), 'racer'].join('\n')}\n`]]) }), { attempts: 3, readOnly: false, commitMessage: 'racer' });
      },
    });
    await racer.dispose();
    await compactor2.dispose();
    expect(raceResult.status).toMatchObject({ kind: 'pushed', tries: 2, compacted: true });
    expect(await readNames()).toEqual(['w1', 'racer', 'compactor2']);
    expect((await runGit(root, ['--git-dir', remote, 'rev-list', '--count', 'data'])).trim()).toBe('1');
  });

  it("hands each attempt's result to whilePushing while that attempt's push runs; a throw there changes nothing", async () => {
    const first = await DataRepo.open(remote, 'data', '', root);
    await syncRun(first, () => ({ files: new Map([['README.md', 'w1\n']]) }), { attempts: 1, readOnly: false, commitMessage: 'w1' });
    await first.dispose();

    const repo = await DataRepo.open(remote, 'data', '', root);
    // The push as syncRun awaits it: `settled` turns true only once git's push has finished.
    let pushes = 0;
    let settled = false;
    const push = repo.push.bind(repo);
    repo.push = (options) => {
      pushes++;
      settled = false;
      return push(options).then((r) => {
        settled = true;
        return r;
      });
    };
    const seen: Array<{ names: string; pushes: number; settled: boolean }> = [];
    let raced = false;
    const result = await syncRun(repo, (_snapshot, read) => ({ files: new Map([['README.md', `${[...namesOn(read), 'w3'].join('\n')}\n`]]) }), {
      attempts: 3,
      readOnly: false,
      commitMessage: 'w3',
      sleep: async () => undefined,
      beforePush: async () => {
        if (raced) return;
        raced = true;
        // Another writer lands first: the first push is rejected and the run is applied again on the new head.
        const other = await DataRepo.open(remote, 'data', '', root);
        await syncRun(other, (_snapshot, read) => ({ files: new Map([['README.md', `${[...namesOn(read), 'w2'].join('\n')}\n`]]) }), { attempts: 1, readOnly: false, commitMessage: 'w2' });
        await other.dispose();
      },
      whilePushing: (applied) => {
        seen.push({ names: applied.files.get('README.md')!, pushes, settled });
        throw new Error('the caller failed: the sync goes on');
      },
    });
    await repo.dispose();
    expect(result.status).toMatchObject({ kind: 'pushed', tries: 2 });
    // Called once per push, after it started and before it settled, with that attempt's own result.
    expect(seen).toEqual([
      { names: 'w1\nw3\n', pushes: 1, settled: false },
      { names: 'w1\nw2\nw3\n', pushes: 2, settled: false },
    ]);
    expect(result.applied.files.get('README.md')).toBe(seen[1]!.names);
    expect(await readNames()).toEqual(['w1', 'w2', 'w3']);
  });

  it('takes the read started ahead (firstRead) for its first attempt only, and reads afresh after a lost race', async () => {
    const first = await DataRepo.open(remote, 'data', '', root);
    await syncRun(first, () => ({ files: new Map([['README.md', 'w1\n']]) }), { attempts: 1, readOnly: false, commitMessage: 'w1' });
    await first.dispose();

    const repo = await DataRepo.open(remote, 'data', '', root);
    const firstRead = readBranchFiles(repo, false);
    await firstRead;
    // Another writer lands after the read: the first attempt works on what was read ahead, loses, and reads again.
    const other = await DataRepo.open(remote, 'data', '', root);
    await syncRun(other, (_s, read) => ({ files: new Map([['README.md', `${[...namesOn(read), 'w2'].join('\n')}\n`]]) }), { attempts: 1, readOnly: false, commitMessage: 'w2' });
    await other.dispose();
    const reads: string[][] = [];
    const result = await syncRun(
      repo,
      (_s, read) => {
        reads.push(namesOn(read));
        return { files: new Map([['README.md', `${[...namesOn(read), 'w3'].join('\n')}\n`]]) };
      },
      { attempts: 3, readOnly: false, commitMessage: 'w3', sleep: async () => undefined, firstRead },
    );
    await repo.dispose();
    expect(reads).toEqual([['w1'], ['w1', 'w2']]);
    expect(result.status).toMatchObject({ kind: 'pushed', tries: 2 });
    expect(await readNames()).toEqual(['w1', 'w2', 'w3']);
  });

  it('counts a failed read ahead as its first failed attempt, and retries', async () => {
    const first = await DataRepo.open(remote, 'data', '', root);
    await syncRun(first, () => ({ files: new Map([['README.md', 'w1\n']]) }), { attempts: 1, readOnly: false, commitMessage: 'w1' });
    await first.dispose();
    const repo = await DataRepo.open(remote, 'data', '', root);
    const logs: string[] = [];
    const result = await syncRun(repo, (_s, read) => ({ files: new Map([['README.md', `${[...namesOn(read), 'w2'].join('\n')}\n`]]) }), {
      attempts: 2,
      readOnly: false,
      commitMessage: 'w2',
      sleep: async () => undefined,
      log: (m) => logs.push(m),
      firstRead: Promise.reject(new Error('the network went away')),
    });
    await repo.dispose();
    expect(logs).toEqual(["Try 1/2: could not fetch the data branch 'data': the network went away"]);
    expect(result.status).toMatchObject({ kind: 'pushed', tries: 2 });
    expect(await readNames()).toEqual(['w1', 'w2']);
  });

  it('says the history was not saved when the remote cannot be reached', async () => {
    const repo = await DataRepo.open(join(root, 'nowhere.git'), 'data', '', root);
    const result = await syncRun(repo, () => ({ files: new Map([['a', 'b']]) }), {
      attempts: 2,
      readOnly: false,
      commitMessage: 'x',
      sleep: async () => undefined,
    });
    await repo.dispose();
    expect(result.status.kind).toBe('not-saved');
    expect(result.historyRead).toBe(false);
  });
});
