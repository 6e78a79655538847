/**
 * Issue 27, findings 4 and 13 (a stats file that is a symlink or a submodule), through the bundled action and CLI
 * against a real bare repository: flakeguard writes, deletes and squashes only the paths it owns
 * (docs/data-branch.md, "What flakeguard owns"). Everything else a person keeps on the data branch (a GitHub Pages
 * `CNAME`, a README in a folder, images, symbolic links, executable scripts, submodules) survives every write, every
 * compaction and every hand edit made with the CLI, with the same blob and the same mode. An owned path that is not
 * a regular file is never replaced: where flakeguard decides from it, the run fails closed naming it.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { chmod, mkdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { NODE24, PROJECT_ROOT, World, git, junitXml } from '../support/action.ts';
import { parseResultsFile } from '../../src/store/results-file.ts';
import { expectOutcome } from '../support/expect.ts';

const BRANCH = 'flakeguard-data';
const PERSON = ['-c', 'user.name=Person', '-c', 'user.email=person@example.com'];

let world: World;
beforeEach(async () => {
  world = await World.create();
});
afterEach(async () => {
  await world.dispose();
});

/** A PNG header and bytes that are not UTF-8 (a text round trip would change them). */
const FAVICON = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0xff, 0xfe, 0xc3, 0x28, 0xa0, 0xa1, 0x00, 0x80, 0xe2, 0x82]);
/** A commit id for the submodule entry: a gitlink names a commit of another repository, never present here. */
const SUBMODULE_COMMIT = '0123456789abcdef0123456789abcdef01234567';

/**
 * A person's commit on the data branch, made in a clone of it (as with `git push`): `change` edits the work tree,
 * `index` then stages what a work tree cannot hold (a submodule's gitlink).
 */
async function personCommits(message: string, change: (dir: string) => Promise<void>, index?: (dir: string) => Promise<void>): Promise<void> {
  const dir = join(world.root, `person-${Date.now()}-${Math.random().toString(36).slice(2)}`);
  await git(world.root, ['clone', '-q', '-b', BRANCH, world.remote, dir]);
  await change(dir);
  await git(dir, ['add', '-A']);
  await index?.(dir);
  await git(dir, [...PERSON, 'commit', '-q', '-m', message]);
  await git(dir, ['push', '-q', 'origin', BRANCH]);
}

/** The data branch's tree entries as `<mode> <type> <id>` by path (every blob and gitlink, recursively). */
async function entries(): Promise<Map<string, string>> {
  const listing = await git(world.remote, ['ls-tree', '-r', '-z', BRANCH]);
  const map = new Map<string, string>();
  for (const entry of listing.split('\0').filter(Boolean)) {
    const tab = entry.indexOf('\t');
    map.set(entry.slice(tab + 1), entry.slice(0, tab));
  }
  return map;
}

function pick(all: Map<string, string>, paths: string[]): Record<string, string | undefined> {
  return Object.fromEntries(paths.map((p) => [p, all.get(p)]));
}

const blob = (path: string): Promise<Buffer> =>
  new Promise((res, rej) => {
    const child = spawn('git', ['--git-dir', world.remote, 'cat-file', 'blob', `${BRANCH}:${path}`]);
    const chunks: Buffer[] = [];
    child.stdout.on('data', (d: Buffer) => chunks.push(d));
    child.on('close', (code) => (code === 0 ? res(Buffer.concat(chunks)) : rej(new Error(`cat-file ${path}: ${code}`))));
  });

function cli(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const env = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', LANG: 'C.UTF-8' };
  const child = spawn(NODE24, [join(PROJECT_ROOT, 'dist/cli/index.js'), ...args], { cwd: world.root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  return new Promise((res) => child.on('close', (code) => res({ code, stdout, stderr })));
}

/** The files a person keeps on the data branch beside flakeguard's. */
const THEIRS = ['CNAME', 'notes/README.md', 'favicon.png', 'latest.html', 'scripts/publish.sh', 'vendor/site', 'stats/README.md', 'history/archive/2025.json', 'dashboard/logo.svg'];

async function addTheirs(dir: string): Promise<void> {
  await writeFile(join(dir, 'CNAME'), 'flaky.example.com\n');
  await mkdir(join(dir, 'notes'));
  await writeFile(join(dir, 'notes/README.md'), '# Our notes\n\nWhy `pkg.Suite::a` is flaky.\n');
  await writeFile(join(dir, 'favicon.png'), FAVICON);
  await symlink('index.html', join(dir, 'latest.html'));
  await mkdir(join(dir, 'scripts'));
  await writeFile(join(dir, 'scripts/publish.sh'), '#!/bin/sh\necho publish\n');
  await chmod(join(dir, 'scripts/publish.sh'), 0o755);
  await writeFile(join(dir, 'stats/README.md'), 'The override field is the one to edit.\n');
  await mkdir(join(dir, 'history/archive'), { recursive: true });
  await writeFile(join(dir, 'history/archive/2025.json'), '{"kept": "by a person"}\n');
  await mkdir(join(dir, 'dashboard'), { recursive: true });
  await writeFile(join(dir, 'dashboard/logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>\n');
}

describe('files flakeguard does not own', () => {
  it('survive an ordinary write, a hand edit with the CLI and a compaction, blob and mode alike', async () => {
    await world.writeReport('reports/unit.xml', junitXml([{ name: 'a', attempts: 'FP', message: 'timeout' }, { name: 'b' }]));
    expectOutcome(await world.run({ runId: 1 }), 'success');
    await personCommits('a custom domain and our own files', addTheirs, (dir) => git(dir, ['update-index', '--add', '--cacheinfo', `160000,${SUBMODULE_COMMIT},vendor/site`]).then(() => undefined));
    const before = pick(await entries(), THEIRS);
    expect(before).toMatchObject({
      'latest.html': expect.stringMatching(/^120000 blob /),
      'scripts/publish.sh': expect.stringMatching(/^100755 blob /),
      'vendor/site': `160000 commit ${SUBMODULE_COMMIT}`,
      'favicon.png': expect.stringMatching(/^100644 blob /),
    });

    // An ordinary write (before the fix: CNAME, notes/README.md, favicon.png, … deleted).
    await world.writeReport('reports/unit.xml', junitXml([{ name: 'a', attempts: 'FP', message: 'timeout' }, { name: 'b' }, { name: 'c' }]));
    const second = await world.run({ runId: 2 });
    expectOutcome(second, 'success');
    expect(second.outputs['data-commit']).toMatch(/^[0-9a-f]{40}$/);
    expect(pick(await entries(), THEIRS)).toEqual(before);
    expect((await blob('favicon.png')).equals(FAVICON)).toBe(true);
    expect(JSON.parse((await blob('history/00.json')).toString()).tests['pkg.Suite::c']).toBeDefined();

    // A hand edit with the CLI (before the fix, the binary favicon.png was read as text and written back changed).
    const edit = await cli(['quarantine', 'pkg.Suite::b', '--remote', world.remote, '--yes']);
    expect(edit.code, edit.stderr).toBe(0);
    expect((await blob('stats/00.json')).toString()).toMatch(/"pkg\.Suite::b": \{"override":"quarantine"/);
    expect(pick(await entries(), THEIRS)).toEqual(before);

    // A compaction: a fresh root commit (before the fix, the symbolic link and the submodule were dropped too).
    await world.writeReport('.github/flakeguard.yml', 'history:\n  compact-every: 2\n');
    await world.writeReport('reports/unit.xml', junitXml([{ name: 'a', attempts: 'FP', message: 'timeout' }, { name: 'b' }]));
    const third = await world.run({ runId: 3, inputs: { config: '.github/flakeguard.yml' } });
    expectOutcome(third, 'success');
    expect(third.summary).toMatch(/the branch was compacted to this one commit/);
    expect(await world.dataCommits()).toHaveLength(1);
    expect(pick(await entries(), THEIRS)).toEqual(before);
    expect((await blob('favicon.png')).equals(FAVICON)).toBe(true);
    expect((await blob('CNAME')).toString()).toBe('flaky.example.com\n');
    // flakeguard's own files are all there, and the history of three runs with them.
    expect(JSON.parse((await blob('history/00.json')).toString()).tests['pkg.Suite::a'].o).toBe('(FP)(FP)(FP)');
    const all = await entries();
    for (const path of ['flakeguard.json', 'runs.json', 'README.md', 'stats/00.json', 'index.html', '.nojekyll']) expect(all.get(path), path).toMatch(/^100644 blob /);
  }, 120_000);

  it('flakeguard still deletes what it owns and no longer writes: a stale shard after re-sharding', async () => {
    await world.writeReport('reports/unit.xml', junitXml([{ name: 'a' }]));
    expectOutcome(await world.run({ runId: 1 }), 'success');
    // A history shard of a layout with more shards (as after a suite shrank): flakeguard's, so it goes.
    await personCommits('a stale shard', async (dir) => {
      await writeFile(join(dir, 'history/01.json'), '{"schema": 4, "tests": {\n}}\n');
      await writeFile(join(dir, 'CNAME'), 'flaky.example.com\n');
    });
    expectOutcome(await world.run({ runId: 2 }), 'success');
    const all = await entries();
    expect(all.has('history/01.json')).toBe(false);
    expect(all.has('CNAME')).toBe(true);
  }, 60_000);
});

describe('an owned path that is not a regular file is never replaced', () => {
  const kinds: Array<[string, (dir: string, path: string) => Promise<void>, RegExp, string]> = [
    [
      'a symbolic link',
      async (dir, path) => {
        // What a person may do on purpose: keep the overrides elsewhere and link the shard to them.
        await writeFile(join(dir, 'our-overrides.json'), await readFile(join(dir, path)));
        await rm(join(dir, path));
        await symlink('../our-overrides.json', join(dir, path));
      },
      /symbolic link/,
      '120000 blob',
    ],
    [
      'a submodule',
      async (dir, path) => {
        await rm(join(dir, path));
        await writeFile(join(dir, 'keep'), '');
      },
      /submodule/,
      `160000 commit ${SUBMODULE_COMMIT}`,
    ],
  ];

  it.each(kinds)(
    'a stats file that is %s: the run fails naming it, writes nothing, and parks its results',
    async (_kind, replace, named, mode) => {
      await world.writeReport('reports/unit.xml', junitXml([{ name: 'a', attempts: 'FP', message: 'timeout' }, { name: 'b' }]));
      expectOutcome(await world.run({ runId: 1 }), 'success');
      await personCommits(
        'stats/00.json replaced',
        (dir) => replace(dir, 'stats/00.json'),
        async (dir) => {
          if (_kind === 'a submodule') await git(dir, ['update-index', '--add', '--cacheinfo', `160000,${SUBMODULE_COMMIT},stats/00.json`]);
        },
      );
      const head = (await git(world.remote, ['rev-parse', BRANCH])).trim();
      expect((await entries()).get('stats/00.json')).toMatch(new RegExp(`^${mode}`));

      await world.writeReport('reports/unit.xml', junitXml([{ name: 'a', attempts: 'F', message: 'timeout' }, { name: 'b' }]));
      const run = await world.run({ runId: 2 });
      // Before the fix: exit 0, and stats/00.json silently replaced by a regular file.
      expectOutcome(run, 'failure');
      expect(run.stdout).toMatch(/::error .*file=stats\/00\.json/);
      expect(run.stdout).toMatch(named);
      expect(run.stdout).toMatch(/The data branch is damaged \(stats\/00\.json: is a/);
      expect((await git(world.remote, ['rev-parse', BRANCH])).trim()).toBe(head);
      expect((await entries()).get('stats/00.json')).toMatch(new RegExp(`^${mode}`));
      // The run is not lost: its results are in its results file and parked for the first write after the fix.
      expect(parseResultsFile(await readFile(run.outputs['results-file']!, 'utf8')).tests.map((t) => t.id)).toEqual(['pkg.Suite::a', 'pkg.Suite::b']);
      expect(run.stdout).toMatch(/The results are parked on flakeguard-data-inbox\//);
    },
    60_000,
  );

  it.each(kinds)(
    'a stats file that is %s: the run it blocked is saved once a person restores the file, never lost',
    async (_kind, replace, _named, mode) => {
      await world.writeReport('reports/unit.xml', junitXml([{ name: 'a', attempts: 'FP', message: 'timeout' }, { name: 'b' }]));
      expectOutcome(await world.run({ runId: 1 }), 'success');
      await world.writeReport('reports/unit.xml', junitXml([{ name: 'a' }, { name: 'b' }]));
      const good = (await world.dataFiles()).get('stats/00.json')!;
      await personCommits(
        'stats/00.json replaced',
        (dir) => replace(dir, 'stats/00.json'),
        async (dir) => {
          if (_kind === 'a submodule') await git(dir, ['update-index', '--add', '--cacheinfo', `160000,${SUBMODULE_COMMIT},stats/00.json`]);
        },
      );
      expect((await entries()).get('stats/00.json')).toMatch(new RegExp(`^${mode}`));
      const blocked = await world.run({ runId: 2, inputs: { 'inbox-key': 'owned-paths-key' } });
      expectOutcome(blocked, 'failure');
      expect(blocked.stdout).toMatch(/Parked this run's results on flakeguard-data-inbox\//);
      // The person puts the regular file back; the next run saves its own run and the one the damage blocked.
      await personCommits('stats/00.json restored', async (dir) => {
        await rm(join(dir, 'stats/00.json'), { recursive: true, force: true });
        await writeFile(join(dir, 'stats/00.json'), good);
      });
      expect((await entries()).get('stats/00.json')).toMatch(/^100644 blob/);
      const next = await world.run({ runId: 3, inputs: { 'inbox-key': 'owned-paths-key' } });
      expectOutcome(next, 'success');
      const files = await world.dataFiles();
      const runs = Object.values((JSON.parse(files.get('runs.json')!) as { runs: Record<string, [string]> }).runs).map((row) => row[0].split('/')[0]);
      expect(runs.sort()).toEqual(['1', '2', '3']);
      const history = JSON.parse(files.get('history/00.json')!) as { tests: Record<string, { o: string }> };
      expect(history.tests['pkg.Suite::b']!.o).toBe('PPP');
      expect(await git(world.remote, ['for-each-ref', 'refs/heads/flakeguard-data-inbox/'])).toBe('');
    },
    60_000,
  );

  it('a README.md that is a symbolic link is kept as it is, with an error naming it, and the run goes on', async () => {
    await world.writeReport('reports/unit.xml', junitXml([{ name: 'a' }]));
    expectOutcome(await world.run({ runId: 1 }), 'success');
    await personCommits('README.md points at our notes', async (dir) => {
      await mkdir(join(dir, 'notes'));
      await writeFile(join(dir, 'notes/README.md'), '# Our notes\n');
      await rm(join(dir, 'README.md'));
      await symlink('notes/README.md', join(dir, 'README.md'));
    });
    const link = (await entries()).get('README.md');
    expect(link).toMatch(/^120000 blob /);

    await world.writeReport('reports/unit.xml', junitXml([{ name: 'a' }, { name: 'b' }]));
    const run = await world.run({ runId: 2 });
    expectOutcome(run, 'success');
    expect(run.stdout).toMatch(/::error .*file=README\.md.*symbolic link/);
    expect((await entries()).get('README.md')).toBe(link);
    expect(JSON.parse((await world.dataFiles()).get('history/00.json')!).tests['pkg.Suite::b']).toBeDefined();
  }, 60_000);
});
