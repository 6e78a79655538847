/**
 * The paths flakeguard owns on the data branch (src/store/owned.ts), and DataRepo.commitFiles against a real bare
 * repository: a write and a compaction change only owned paths, carrying every other entry by its id and mode.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataRepo } from '../../src/store/git.ts';
import { runGit } from '../../src/store/git-process.ts';
import { blockedPaths, ownsPath, type TreeEntry } from '../../src/store/owned.ts';
import { parseSnapshot } from '../../src/store/snapshot.ts';

describe('ownsPath', () => {
  it.each([
    ['flakeguard.json', true],
    ['runs.json', true],
    ['decisions.json', true],
    ['README.md', true],
    ['index.html', true],
    ['.nojekyll', true],
    ['dashboard/CODEOWNERS', true],
    ['dashboard/codeowners-map', true],
    ['history/00.json', true],
    ['stats/1f.json', true],
    ['stats/notes.json', true],
    ['CNAME', false],
    ['notes/README.md', false],
    ['favicon.png', false],
    ['stats/README.md', false],
    ['history/archive/2025.json', false],
    ['dashboard/logo.svg', false],
    ['docs/index.html', false],
    ['flakeguard-parcel.json', false],
  ])('%s → %s', (path, owned) => {
    expect(ownsPath(path)).toBe(owned);
  });
});

describe('blockedPaths', () => {
  const entry = (mode: string, path: string): TreeEntry => ({ mode, type: mode === '160000' ? 'commit' : 'blob', sha: '0'.repeat(40), path });
  it('names owned paths that are links, submodules or folders, and owned folders that are not folders', () => {
    const blocked = blockedPaths([
      entry('100644', 'CNAME'),
      entry('120000', 'latest.html'),
      entry('160000', 'vendor/site'),
      entry('100755', 'runs.json'),
      entry('120000', 'stats/00.json'),
      entry('160000', 'history/01.json'),
      entry('100644', 'README.md/inside'),
      entry('120000', 'dashboard'),
      entry('100644', 'history/archive/2025.json'),
    ]);
    expect(Object.fromEntries(blocked)).toEqual({
      'stats/00.json': 'a symbolic link (mode 120000)',
      'history/01.json': 'a submodule (a gitlink, mode 160000)',
      'README.md': 'a folder',
      dashboard: 'a symbolic link (mode 120000)',
    });
  });
});

describe('parseSnapshot with blocked paths', () => {
  it('a path a run decides from damages the branch; any other is reported and the run goes on', () => {
    const damaged = parseSnapshot(new Map(), new Map([['stats/00.json', 'a symbolic link (mode 120000)']]));
    expect(damaged.damaged).toEqual([
      {
        file: 'stats/00.json',
        message: expect.stringMatching(/^is a symbolic link \(mode 120000\) on the data branch, where flakeguard writes a regular file; flakeguard never replaces what is there: replace it/),
      },
    ]);
    const folder = parseSnapshot(new Map(), new Map([['history', 'a regular file']]));
    expect(folder.damaged[0]!.message).toMatch(/^is a regular file on the data branch, where flakeguard keeps its folder history\//);
    const readme = parseSnapshot(new Map(), new Map([['README.md', 'a symbolic link (mode 120000)']]));
    expect(readme.damaged).toEqual([]);
    expect(readme.problems).toEqual([{ file: 'README.md', message: expect.stringMatching(/it is not updated until it is replaced with a regular file/) }]);
    expect(readme.blocked?.get('README.md')).toBe('a symbolic link (mode 120000)');
  });
});

describe('DataRepo.commitFiles', () => {
  let root: string;
  let remote: string;
  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'flakeguard-owned-'));
    remote = join(root, 'remote.git');
    await runGit(root, ['init', '-q', '--bare', remote]);
  });
  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });

  const BINARY = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0xff, 0xfe, 0xc3, 0x28]);

  /** The branch `data`: flakeguard's files and a person's, with every kind of entry. */
  async function seed(): Promise<void> {
    const git = (args: string[], input?: string | Buffer): Promise<string> => runGit(remote, args, input === undefined ? {} : { input });
    const blob = async (text: string | Buffer): Promise<string> => (await git(['hash-object', '-w', '--stdin'], text)).trim();
    const tree = async (lines: string[]): Promise<string> => (await git(['mktree'], lines.join(''))).trim();
    const history = await tree([
      `100644 blob ${await blob('{"schema": 3, "tests": {\n}}\n')}\t00.json\n`,
      `100644 blob ${await blob('{"schema": 3, "tests": {\n}}\n')}\t01.json\n`,
      `100644 blob ${await blob('{"old": 1}\n')}\told.txt\n`,
    ]);
    const stats = await tree([`120000 blob ${await blob('../overrides.json')}\t00.json\n`]);
    const top = await tree([
      `100644 blob ${await blob('one\n')}\truns.json\n`,
      `100755 blob ${await blob('shards: 2\n')}\tflakeguard.json\n`,
      `100644 blob ${await blob('flaky.example.com\n')}\tCNAME\n`,
      `100644 blob ${await blob(BINARY)}\tfavicon.png\n`,
      `120000 blob ${await blob('index.html')}\tlatest.html\n`,
      `100755 blob ${await blob('#!/bin/sh\n')}\tpublish.sh\n`,
      `160000 commit ${'1'.repeat(40)}\tsite\n`,
      `040000 tree ${history}\thistory\n`,
      `040000 tree ${stats}\tstats\n`,
    ]);
    const commit = (await git(['-c', 'user.name=p', '-c', 'user.email=p@p', 'commit-tree', top, '-m', 'seed'])).trim();
    await git(['update-ref', 'refs/heads/data', commit]);
  }

  const listing = async (): Promise<string> => runGit(remote, ['ls-tree', '-r', 'data']);
  const theirs = (text: string): string[] => text.split('\n').filter((l) => /\t(CNAME|favicon\.png|latest\.html|publish\.sh|site|history\/old\.txt|stats\/00\.json)$/.test(l));

  for (const compact of [false, true]) {
    it(`${compact ? 'a compaction' : 'an ordinary write'} changes only owned regular files, and carries every other entry`, async () => {
      await seed();
      const before = await listing();
      const repo = await DataRepo.open(remote, 'data', '', root);
      try {
        await repo.fetchAndReset();
        expect([...(await repo.readFiles()).keys()].sort()).toEqual(['flakeguard.json', 'history/00.json', 'history/01.json', 'runs.json']);
        expect(Object.fromEntries(await repo.blockedPaths())).toEqual({ 'stats/00.json': 'a symbolic link (mode 120000)' });
        // history/01.json is not written any more (a shard of another layout): it is flakeguard's, so it goes.
        const files = new Map([
          ['runs.json', 'two\n'],
          ['flakeguard.json', 'shards: 1\n'],
          ['history/00.json', '{"schema": 3, "tests": {\n}}\n'],
          ['stats/00.json', '{"schema": 3, "tests": {\n}}\n'],
        ]);
        expect(await repo.commitFiles(files, 'write', { root: compact })).toBe(true);
        expect(await repo.push({ replacing: compact ? (await runGit(remote, ['rev-parse', 'data'])).trim() : null })).toMatchObject({ pushed: true });
      } finally {
        await repo.dispose();
      }
      const after = await listing();
      expect(theirs(after)).toEqual(theirs(before));
      expect(theirs(after)).toHaveLength(7);
      expect(after).not.toMatch(/history\/01\.json/);
      // An executable bit on an owned file is kept; the link at stats/00.json is not replaced.
      expect(after).toMatch(/^100755 blob \S+\tflakeguard\.json$/m);
      expect(after).toMatch(/^120000 blob \S+\tstats\/00\.json$/m);
      expect(await runGit(remote, ['show', 'data:runs.json'])).toBe('two\n');
      // A compaction is a fresh root commit; an ordinary write has the head it read as parent.
      expect((await runGit(remote, ['rev-list', '--count', 'data'])).trim()).toBe(compact ? '1' : '2');
    });
  }

  it('refuses to write a path it does not own', async () => {
    const repo = await DataRepo.open(remote, 'data', '', root);
    try {
      await expect(repo.commitFiles(new Map([['CNAME', 'x\n']]), 'write')).rejects.toThrow(/flakeguard writes only the paths it owns on the data branch, and CNAME is not one of them/);
    } finally {
      await repo.dispose();
    }
  });
});
