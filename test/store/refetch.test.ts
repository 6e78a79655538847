/**
 * A lost push race costs a fetch of what the other writer added, not of the branch again: the private repository keeps
 * the head it read, so the next depth-1 fetch negotiates against it and receives only the new objects (real git,
 * a bare remote; docs/adr/0360-publishing-side-by-side.md, "After a lost race").
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import { mkdtemp, readFile, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataRepo } from '../../src/store/git.ts';
import { runGit } from '../../src/store/git-process.ts';
import { syncRun } from '../../src/store/sync.ts';
import { commitToRemote } from '../support/remote.ts';

let root: string;
let remote: string;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'flakeguard-refetch-'));
  remote = join(root, 'remote.git');
  await runGit(root, ['init', '-q', '--bare', remote]);
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

/** 64 files of ~8 kB each that compress poorly (distinct numbers), about 0.5 MB in all: the bulk of a branch. */
function bulk(): Record<string, string> {
  const files: Record<string, string> = {};
  let x = 1;
  for (let s = 0; s < 64; s++) {
    const lines: string[] = [];
    for (let t = 0; t < 600; t++) {
      x = (Math.imul(x, 1103515245) + 12345) >>> 0;
      lines.push(String(x));
    }
    files[`note-${String(s).padStart(2, '0')}.txt`] = `${lines.join('\n')}\n`;
  }
  return files;
}

/** The size of the pack of the private repository `dir` that holds `commit` (the pack of the fetch that got it). */
async function packHolding(dir: string, commit: string): Promise<number> {
  const at = join(dir, 'objects', 'pack');
  for (const f of await readdir(at)) {
    if (!f.endsWith('.idx')) continue;
    const ids = await runGit(dir, ['show-index'], { input: await readFile(join(at, f)) });
    if (ids.includes(` ${commit} `)) return (await stat(join(at, f.replace(/\.idx$/, '.pack')))).size;
  }
  throw new Error(`no pack holds ${commit}`);
}

/** A commit on top of the branch that changes README.md only (every other entry carried by its id). */
async function write(files: Map<string, string>, message: string): Promise<string> {
  const repo = await DataRepo.open(remote, 'data', '', root);
  try {
    await repo.fetchAndReset();
    expect(await repo.commitFiles(files, message)).toBe(true);
    const pushed = await repo.push();
    if (!pushed.pushed) throw new Error(pushed.message);
    return pushed.commit;
  } finally {
    await repo.dispose();
  }
}

it('after a lost race, the second fetch receives only the objects the other writer added', async () => {
  // The branch: the bulk (files flakeguard carries and never reads) and README.md.
  await commitToRemote(remote, root, 'refs/heads/data', { ...bulk(), 'README.md': 'base\n' });
  const base = await write(new Map([['README.md', 'base\nbase\n']]), 'base');
  const repo = await DataRepo.open(remote, 'data', '', root);
  let theirs = '';
  try {
    const result = await syncRun(repo, (_snapshot, read) => ({ files: new Map([['README.md', `${read?.get('README.md') ?? ''}mine\n`]]) }), {
      attempts: 3,
      readOnly: false,
      commitMessage: 'mine',
      sleep: async () => undefined,
      beforePush: async () => {
        // Another writer changes one small file and lands first (once).
        if (!theirs) theirs = await write(new Map([['README.md', 'base\nbase\ntheirs\n']]), 'theirs');
      },
    });
    expect(result.status, JSON.stringify(result.status)).toMatchObject({ kind: 'pushed', tries: 2 });
    // The first fetch's pack holds the branch; the race's fetch, one commit, its root tree and one small blob.
    const whole = await packHolding(repo.dir, base);
    const again = await packHolding(repo.dir, theirs);
    expect(whole).toBeGreaterThan(100_000);
    expect(again).toBeLessThan(2_000);
  } finally {
    await repo.dispose();
  }
  // Both writes are on the branch: theirs, then mine on top.
  const log = await runGit(root, ['--git-dir', remote, 'log', '--format=%s', 'data']);
  expect(log.trim().split('\n')).toEqual(['mine', 'theirs', 'base', 'test']);
  expect(await runGit(root, ['--git-dir', remote, 'show', 'data:README.md'])).toBe('base\nbase\ntheirs\nmine\n');
});
