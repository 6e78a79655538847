/**
 * DataRepo.commitFiles against a real bare repository: which files it writes is the naive rule's (a file is written
 * when git would give its text another blob id than the tree's), whatever shortcut it takes to tell (a size other than
 * the tree's blob's says the file changed without hashing it).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataRepo } from '../../src/store/git.ts';
import { runGit } from '../../src/store/git-process.ts';

/** Texts as written before, and the text of the next write: same bytes, same size but other bytes, other sizes. */
const CASES: ReadonlyArray<readonly [path: string, before: string | Buffer, after: string]> = [
  ['runs.json', 'one\n', 'one\n'],
  ['flakeguard.json', 'abc\n', 'abd\n'],
  ['README.md', 'short\n', 'longer\n'],
  ['history/00.json', 'é\n', 'é\n'],
  // Two UTF-16 units either way, other byte counts: é is 2 bytes, ab 2, 😀 4.
  ['history/01.json', 'ab\n', 'é\n'],
  ['history/02.json', '😀\n', '😀\n'],
  ['history/03.json', 'é\n', 'ab\n'],
  // The same size in bytes, other characters.
  ['history/04.json', 'éa\n', 'aé\n'],
  ['history/05.json', '😀\n', 'éé\n'],
  // Bytes that are not UTF-8: what was read of them (U+FFFD) is other bytes, of the same size or not.
  ['stats/00.json', Buffer.from([0xf0, 0x90, 0x80, 0x0a]), '\ufffd\n'],
  ['stats/01.json', Buffer.from([0xff, 0x0a]), '\ufffd\n'],
  ['stats/02.json', '', ''],
  ['stats/03.json', '', '\n'],
  ['stats/04.json', '\n', ''],
];

describe('DataRepo.commitFiles writes what changed', () => {
  let root: string;
  let remote: string;
  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'flakeguard-commit-'));
    remote = join(root, 'remote.git');
    await runGit(root, ['init', '-q', '--bare', remote]);
  });
  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });

  const git = (args: string[], input?: string | Buffer): Promise<string> => runGit(remote, args, input === undefined ? {} : { input });
  const hash = async (text: string | Buffer, write = false): Promise<string> => (await git(['hash-object', ...(write ? ['-w'] : []), '--stdin'], text)).trim();

  async function seed(files: ReadonlyArray<readonly [string, string | Buffer]>): Promise<string> {
    const lines: string[] = [];
    for (const [path, text] of files) lines.push(`100644 blob ${await hash(text, true)}\t${path}\n`);
    // mktree takes one level: the folders' trees first.
    const byFolder = new Map<string, string[]>();
    for (const line of lines) {
      const [meta, path] = line.split('\t');
      const slash = path!.indexOf('/');
      const folder = slash < 0 ? '' : path!.slice(0, slash);
      byFolder.set(folder, [...(byFolder.get(folder) ?? []), `${meta}\t${path!.slice(slash + 1)}`]);
    }
    const top = [...(byFolder.get('') ?? [])];
    for (const [folder, entries] of byFolder) if (folder !== '') top.push(`040000 tree ${(await git(['mktree'], entries.join(''))).trim()}\t${folder}\n`);
    const commit = (await git(['-c', 'user.name=p', '-c', 'user.email=p@p', 'commit-tree', (await git(['mktree'], top.join(''))).trim(), '-m', 'seed'])).trim();
    await git(['update-ref', 'refs/heads/data', commit]);
    return commit;
  }

  /** The blob id of each path on the branch. */
  async function ids(): Promise<Map<string, string>> {
    const out = new Map<string, string>();
    for (const line of (await git(['ls-tree', '-r', 'data'])).split('\n').filter(Boolean)) {
      const [meta, path] = line.split('\t');
      out.set(path!, meta!.split(' ')[2]!);
    }
    return out;
  }

  async function write(files: Map<string, string>): Promise<{ changed: boolean; before: Map<string, string>; after: Map<string, string> }> {
    const before = await ids();
    const repo = await DataRepo.open(remote, 'data', '', root);
    try {
      await repo.fetchAndReset();
      await repo.readFiles();
      const changed = await repo.commitFiles(files, 'write');
      if (changed) expect(await repo.push({ replacing: null })).toMatchObject({ pushed: true });
      return { changed, before, after: await ids() };
    } finally {
      await repo.dispose();
    }
  }

  it('each file is written when, and only when, its bytes differ from the blob on the branch', async () => {
    await seed(CASES.map(([path, before]) => [path, before] as const));
    const files = new Map(CASES.map(([path, , after]) => [path, after]));
    const { changed, before, after } = await write(files);
    expect(changed).toBe(true);
    for (const [path, old, text] of CASES) {
      const same = Buffer.compare(Buffer.isBuffer(old) ? old : Buffer.from(old, 'utf8'), Buffer.from(text, 'utf8')) === 0;
      // The naive rule: git's id of the text written.
      expect(after.get(path), path).toBe(await hash(text));
      expect(after.get(path) === before.get(path), path).toBe(same);
    }
    // Only the files that changed made new blobs: the commit's diff names them and no other.
    const diff = (await git(['diff', '--name-only', 'data~1', 'data'])).split('\n').filter(Boolean).sort();
    expect(diff).toEqual(
      CASES.filter(([, old, text]) => Buffer.compare(Buffer.isBuffer(old) ? old : Buffer.from(old, 'utf8'), Buffer.from(text, 'utf8')) !== 0)
        .map(([path]) => path)
        .sort(),
    );
  });

  it('a quiet file written with the text read is the blob read only when that blob is UTF-8', async () => {
    const cases: ReadonlyArray<readonly [path: string, before: string | Buffer]> = [
      ['history/quiet-00.json', '{"a": "é😀"}\n'],
      // Not UTF-8, read as U+FFFD: the same size in bytes as the text read (4), other bytes.
      ['history/quiet-01.json', Buffer.from([0xf0, 0x90, 0x80, 0x0a])],
      ['history/quiet-02.json', Buffer.from([0xff, 0x0a])],
      // A byte order mark is read and written as it is.
      ['history/quiet-03.json', '\ufeff{}\n'],
      ['history/quiet-04.json', 'same size\n'],
      ['history/00.json', 'history\n'],
    ];
    await seed(cases);
    const before = await ids();
    const repo = await DataRepo.open(remote, 'data', '', root);
    try {
      await repo.fetchAndReset();
      const read = await repo.readFiles();
      const files = new Map(read);
      files.set('history/quiet-04.json', 'SAME SIZE\n');
      expect(await repo.commitFiles(files, 'write')).toBe(true);
      expect(await repo.push({ replacing: null })).toMatchObject({ pushed: true });
      const after = await ids();
      for (const [path] of cases) expect(after.get(path), path).toBe(await hash(files.get(path)!));
      const written = cases.filter(([path]) => after.get(path) !== before.get(path)).map(([path]) => path);
      expect(written).toEqual(['history/quiet-01.json', 'history/quiet-02.json', 'history/quiet-04.json']);
    } finally {
      await repo.dispose();
    }
  });

  it('a text read at an earlier head is compared with the head written on', async () => {
    await seed([
      ['history/quiet-00.json', 'first\n'],
      ['runs.json', 'one\n'],
    ]);
    const repo = await DataRepo.open(remote, 'data', '', root);
    try {
      await repo.fetchAndReset();
      const read = await repo.readFiles();
      // Another writer changes the quiet file (same size) meanwhile; this write fetches again and writes what it read.
      await seed([
        ['history/quiet-00.json', 'other\n'],
        ['runs.json', 'one\n'],
      ]);
      await repo.fetchAndReset();
      expect(await repo.commitFiles(new Map(read), 'write')).toBe(true);
      expect(await repo.push({ replacing: null })).toMatchObject({ pushed: true });
      expect((await ids()).get('history/quiet-00.json')).toBe(await hash('first\n'));
    } finally {
      await repo.dispose();
    }
  });

  it('a write of the very texts on the branch, multi-byte ones included, changes nothing', async () => {
    const texts: Array<[string, string]> = [
      ['runs.json', 'one\n'],
      ['history/quiet-00.json', 'é😀\n'],
      ['history/00.json', 'é😀\n'],
      ['history/01.json', '😀'.repeat(1000)],
      ['stats/00.json', ''],
    ];
    const head = await seed(texts);
    const { changed } = await write(new Map(texts));
    expect(changed).toBe(false);
    expect((await git(['rev-parse', 'data'])).trim()).toBe(head);
  });
});
