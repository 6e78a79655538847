/**
 * Every owned file of the data branch has a cap, checked before its blob is read (src/store/read-bounds.ts, issue 40
 * finding 6): the choice of what a read takes, the problems it gives, the stats line cap, and a real DataBranch given
 * small caps through its options: an oversized blob is never asked of git, a file a run decides from damages the
 * branch, any other is left out and kept as it is by the write, and a failed read is a damage, not a failed fetch.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataRepo } from '../../src/store/git.ts';
import { runGit } from '../../src/store/git-process.ts';
import { gitDataBranch } from '../../src/store/data-branch.ts';
import { boundFiles, DEFAULT_READ_BOUNDS, leftOutProblems, markRead, sizeText, type ReadBounds } from '../../src/store/read-bounds.ts';
import { parseSnapshot, damageReason } from '../../src/store/snapshot.ts';
import { recordingGit } from '../support/git-log.ts';

const META = '{"schema": 3, "shards": 1, "writes": 0, "ingested": {}}\n';
const small = (bytes: Record<string, number>, statsLines = 100_000, totalBytes = Infinity, totalLines = Infinity): ReadBounds => ({
  bytes: (path) => bytes[path] ?? Infinity,
  statsLines,
  totalBytes,
  totalLines,
});

describe('boundFiles', () => {
  it('leaves out each file over its own cap, whatever its kind', () => {
    const { read, leftOut } = boundFiles(
      [
        { path: 'README.md', size: 2 * 1024 * 1024 },
        { path: 'runs.json', size: 10 },
        { path: 'stats/00.json', size: 17 * 1024 * 1024 },
      ],
      DEFAULT_READ_BOUNDS,
    );
    expect([...read]).toEqual(['runs.json']);
    expect(leftOut).toEqual(
      new Map([
        ['stats/00.json', { bytes: 17 * 1024 * 1024, cap: 16 * 1024 * 1024 }],
        ['README.md', { bytes: 2 * 1024 * 1024, cap: 1024 * 1024 }],
      ]),
    );
  });

  it('caps the total: the files a run decides from come first, the informational ones give way', () => {
    const files = [
      { path: 'index.html', size: 40 },
      { path: 'history/00.json', size: 50 },
      { path: 'history/01.json', size: 60 },
      { path: 'flakeguard.json', size: 5 },
    ];
    expect(boundFiles(files, small({}, 100, 120)).leftOut).toEqual(new Map([['index.html', { bytes: 155, cap: 120, total: true }]]));
    expect(boundFiles(files, small({}, 100, 100)).leftOut).toEqual(new Map([['history/01.json', { bytes: 115, cap: 100, total: true }]]));
    expect([...boundFiles(files, small({}, 100, 100)).read].sort()).toEqual(['flakeguard.json', 'history/00.json', 'index.html']);
  });

  it('has a cap for every path flakeguard owns', () => {
    for (const path of [
      'flakeguard.json',
      'runs.json',
      'decisions.json',
      'README.md',
      'index.html',
      '.nojekyll',
      'dashboard/CODEOWNERS',
      'dashboard/codeowners-map',
      'badge.json',
      'history/00.json',
      'history/quiet-00.json',
      'stats/ff.json',
    ]) {
      expect(DEFAULT_READ_BOUNDS.bytes(path), path).toBeGreaterThan(0);
      expect(DEFAULT_READ_BOUNDS.bytes(path), path).toBeLessThanOrEqual(64 * 1024 * 1024);
    }
    expect(sizeText(600 * 1024 * 1024)).toBe('600 MiB');
    expect(sizeText(64 * 1024 + 1)).toBe('64.0 KiB');
  });
});

describe('the problems of what a read left out', () => {
  it('damages the branch for a file a run decides from, warns for any other, each naming the file, its size and the cap', () => {
    const files = new Map([['flakeguard.json', META]]);
    markRead(
      files,
      new Map([
        ['history/00.json', { bytes: 600 * 1024 * 1024, cap: 64 * 1024 * 1024 }],
        ['README.md', { bytes: 600 * 1024 * 1024, cap: 1024 * 1024 }],
      ]),
    );
    expect(leftOutProblems(files)).toEqual({
      damage: [{ file: 'history/00.json', line: 1, message: 'is 600 MiB; flakeguard reads at most 64 MiB of it (docs/data-branch.md, "Bounded reading")' }],
      warnings: [
        {
          file: 'README.md',
          warning: true,
          message: 'is 600 MiB; flakeguard reads at most 1 MiB of it: it was not read, and is not updated until it is smaller or deleted (docs/data-branch.md, "Bounded reading")',
        },
      ],
    });
    const snapshot = parseSnapshot(files);
    expect(snapshot.damaged.map((p) => p.file)).toEqual(['history/00.json']);
    expect(snapshot.problems.filter((p) => p.warning).map((p) => p.file)).toEqual(['README.md']);
  });

  it('a page over its cap alone is a warning: the snapshot is sound', () => {
    const files = new Map([['flakeguard.json', META]]);
    markRead(files, new Map([['index.html', { bytes: 5 * 1024 * 1024, cap: 4 * 1024 * 1024 }]]));
    const snapshot = parseSnapshot(files);
    expect(damageReason(snapshot)).toBeUndefined();
    expect(snapshot.problems).toEqual([expect.objectContaining({ file: 'index.html', warning: true })]);
  });

  it('a read that failed damages the branch, naming the file it was reading', () => {
    const files = new Map<string, string>();
    markRead(files, new Map(), { file: 'history/00.json', message: 'Cannot create a string longer than 0x1fffffe8 characters' });
    expect(parseSnapshot(files).damaged).toEqual([{ file: 'history/00.json', message: 'could not be read: Cannot create a string longer than 0x1fffffe8 characters' }]);
  });
});

describe('the stats line cap', () => {
  const stats = (n: number, sep = ',\n'): string => `{"schema": 3, "tests": {\n${Array.from({ length: n }, (_, i) => `"t${i}": {"override":"never"}`).join(sep)}\n}}\n`;

  it('refuses a stats file of more lines than the cap before it is parsed, naming the first line too many', () => {
    const snapshot = parseSnapshot(new Map([['stats/00.json', stats(1001)]]), new Map(), small({}, 1000));
    expect(snapshot.damaged).toEqual([
      { file: 'stats/00.json', line: 1002, message: 'has 1,001 lines; flakeguard reads at most 1,000 lines of a stats file (docs/data-branch.md, "Bounded reading")' },
    ]);
    expect(snapshot.overrides.size).toBe(0);
    expect(parseSnapshot(new Map([['stats/00.json', stats(1000)]]), new Map(), small({}, 1000)).overrides.size).toBe(1000);
  });

  it('counts entries packed on one line once parsed', () => {
    const snapshot = parseSnapshot(new Map([['stats/00.json', stats(1001, ',')]]), new Map(), small({}, 1000));
    expect(snapshot.damaged).toEqual([expect.objectContaining({ file: 'stats/00.json', line: 1, message: expect.stringMatching(/^has 1,001 lines/) })]);
  });

  it('reads a stats file at the default cap in time in proportion to its lines (a quadratic read would not finish within the timeout)', () => {
    const snapshot = parseSnapshot(new Map([['stats/00.json', stats(DEFAULT_READ_BOUNDS.statsLines)]]));
    expect(snapshot.damaged).toEqual([]);
    expect(snapshot.overrides.size).toBe(DEFAULT_READ_BOUNDS.statsLines);
    // And a million lines, refused without being parsed.
    expect(parseSnapshot(new Map([['stats/00.json', stats(1_000_000)]])).damaged).toEqual([expect.objectContaining({ line: 20_002, message: expect.stringMatching(/^has 1,000,000 lines/) })]);
  }, 60_000);
});

describe('the lines of all the shards together', () => {
  it('are capped for the history shards and for the stats files, naming the file that crosses the cap, before any is parsed', () => {
    const shard = (prefix: string, n: number): string => `{"schema": 3, "tests": {\n${Array.from({ length: n }, (_, i) => `"${prefix}${i}": {"override":"never"}`).join(',\n')}\n}}\n`;
    const stats = new Map([
      ['stats/00.json', shard('a', 400)],
      ['stats/01.json', shard('b', 400)],
      ['stats/02.json', shard('c', 400)],
    ]);
    const snapshot = parseSnapshot(stats, new Map(), small({}, 1000, Infinity, 1000));
    expect(snapshot.damaged).toEqual([
      { file: 'stats/02.json', line: 1, message: 'brings the stats files past 1,000 lines; flakeguard reads at most 1,000 lines of them together (docs/data-branch.md, "Bounded reading")' },
    ]);
    expect(parseSnapshot(stats, new Map(), small({}, 1000, Infinity, 1206)).damaged).toEqual([]);
    const history = new Map([
      ['flakeguard.json', META],
      ['runs.json', '{"schema": 3, "runs": {\n}}\n'],
      ['history/00.json', '{"schema": 3, "tests": {\n}}\n'.repeat(1)],
      ['history/01.json', `${'\n'.repeat(2000)}`],
    ]);
    expect(parseSnapshot(history, new Map(), small({}, 1000, Infinity, 1000)).damaged).toEqual([
      expect.objectContaining({ file: 'history/01.json', message: expect.stringMatching(/^brings the history shards past 1,000 lines/) }),
    ]);
    expect(DEFAULT_READ_BOUNDS.totalLines).toBe(300_000);
  });
});

describe('a DataBranch given caps through its options', () => {
  let root: string;
  let remote: string;
  let savedPath: string | undefined;
  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'flakeguard-read-bounds-'));
    remote = join(root, 'remote.git');
    await runGit(root, ['init', '-q', '--bare', remote]);
    savedPath = process.env.PATH;
  });
  afterEach(async () => {
    process.env.PATH = savedPath;
    await rm(root, { recursive: true, force: true });
  });

  /** A commit on the remote's branch `data` holding `files` (owned paths, folders included). */
  const commitTo = async (files: Record<string, string>): Promise<string> => {
    const scratch = await DataRepo.open(remote, 'data', '', root);
    try {
      await scratch.commitFiles(new Map(Object.entries(files)), 'test');
      const pushed = await scratch.push();
      if (!pushed.pushed) throw new Error(pushed.message);
      return pushed.commit;
    } finally {
      await scratch.dispose();
    }
  };
  const blobOf = async (ref: string, path: string): Promise<string> => (await runGit(remote, ['rev-parse', `${ref}:${path}`])).trim();

  it('never asks git for a blob over its cap; a history shard over it damages the branch with one fetch', async () => {
    await commitTo({ 'flakeguard.json': META, 'runs.json': '{"schema": 3, "runs": {\n}}\n', 'history/00.json': `${'h'.repeat(2000)}\n` });
    const log = await recordingGit(root);
    process.env.PATH = log.path;
    const repo = await DataRepo.open(remote, 'data', '', root);
    const fetches = vi.spyOn(repo, 'fetchWithInbox');
    const branch = gitDataBranch(Promise.resolve(repo), false, { bounds: small({ 'history/00.json': 1000 }) });
    try {
      const snapshot = await branch.snapshot();
      expect(snapshot.damaged).toEqual([{ file: 'history/00.json', line: 1, message: 'is 2.0 KiB; flakeguard reads at most 1000 bytes of it (docs/data-branch.md, "Bounded reading")' }]);
      const asked = await log.catFileAsked();
      expect(asked).toContain(await blobOf('data', 'flakeguard.json'));
      expect(asked).not.toContain(await blobOf('data', 'history/00.json'));
      expect(fetches).toHaveBeenCalledTimes(1);
    } finally {
      await branch.dispose();
    }
  });

  it('a README over its cap is left out with a warning, and the write keeps it as it is', async () => {
    await commitTo({ 'flakeguard.json': META, 'README.md': `${'r'.repeat(5000)}\n` });
    const before = await blobOf('data', 'README.md');
    const repo = await DataRepo.open(remote, 'data', '', root);
    const branch = gitDataBranch(Promise.resolve(repo), false, { bounds: small({ 'README.md': 4096 }) });
    try {
      const snapshot = await branch.snapshot();
      expect(snapshot.damaged).toEqual([]);
      expect(snapshot.problems).toEqual([expect.objectContaining({ file: 'README.md', warning: true, message: expect.stringMatching(/^is 4\.9 KiB; flakeguard reads at most 4 KiB of it/) })]);
      const result = await branch.write(
        (_snapshot, files) => {
          expect(files?.has('README.md')).toBe(false);
          return {
            files: new Map([
              ['flakeguard.json', META.replace('"writes": 0', '"writes": 1')],
              ['README.md', 'rendered\n'],
            ]),
          };
        },
        { attempts: 1, commitMessage: 'test', sleep: async () => undefined },
      );
      expect(result.status.kind).toBe('pushed');
      expect(await blobOf('data', 'README.md')).toBe(before);
      expect(await runGit(remote, ['show', 'data:flakeguard.json'])).toContain('"writes": 1');
    } finally {
      await branch.dispose();
    }
  });

  it('a read that fails is a damage naming it, never a failed fetch retried: one fetch, the write writes nothing', async () => {
    const head = await commitTo({ 'flakeguard.json': META });
    const log = await recordingGit(root, { failCatFile: true });
    process.env.PATH = log.path;
    const repo = await DataRepo.open(remote, 'data', '', root);
    const fetches = vi.spyOn(repo, 'fetchWithInbox');
    const branch = gitDataBranch(Promise.resolve(repo), false);
    const logged: string[] = [];
    try {
      const result = await branch.write(() => ({ files: new Map([['flakeguard.json', META]]) }), { attempts: 8, commitMessage: 'test', sleep: async () => undefined, log: (m) => logged.push(m) });
      expect(result.status).toEqual({
        kind: 'not-saved',
        reason: expect.stringMatching(/^The data branch is damaged \(the data branch: could not be read: git cat-file failed: fatal: unable to read objects/),
      });
      expect(logged.filter((l) => /could not fetch/.test(l))).toEqual([]);
      expect(fetches).toHaveBeenCalledTimes(1);
      expect((await runGit(remote, ['rev-parse', 'data'])).trim()).toBe(head);
    } finally {
      await branch.dispose();
    }
  });
});
