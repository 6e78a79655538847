/**
 * The fetch–apply–push loop against a real bare repository, with writers racing in one process.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import { existsSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataRepo, runGit } from '../../src/store/git.ts';
import { syncRun } from '../../src/store/sync.ts';

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

/** The names already on the branch, read from the private work tree that syncRun just reset to the head. */
function namesOn(repo: DataRepo): string[] {
  const file = join(repo.dir, 'names.txt');
  return existsSync(file) ? readFileSync(file, 'utf8').split('\n').filter(Boolean) : [];
}

async function readNames(): Promise<string[]> {
  const text = await runGit(root, ['--git-dir', remote, 'show', 'data:names.txt']);
  return text.split('\n').filter(Boolean);
}

describe('syncRun', () => {
  it('creates the branch as an orphan and reports the commit', async () => {
    const repo = await DataRepo.open(remote, 'data', '', root);
    const result = await syncRun(repo, () => ({ files: new Map([['a.txt', 'hello\n']]) }), { attempts: 3, readOnly: false, commitMessage: 'first' });
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
      writers.map(async (name) => {
        const repo = await DataRepo.open(remote, 'data', '', root);
        try {
          return await syncRun(
            repo,
            () => ({ files: new Map([['names.txt', `${[...namesOn(repo), name].sort().join('\n')}\n`]]) }),
            { attempts: 30, readOnly: false, commitMessage: name, sleep: (ms) => new Promise((r) => setTimeout(r, ms / 20)) },
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
