/**
 * Issue 40, finding 6, against the bundled action and a real bare repository: every file flakeguard reads on the data
 * branch has a size cap (and stats files a line cap), checked from git's tree listing before its blob is read
 * (docs/data-branch.md, "Bounded reading"; docs/adr/0426-every-data-branch-file-bounded.md). A file a run decides from
 * beyond its cap fails the run closed, naming the file, its size and the cap; any other is left out with a warning and
 * left as it is. A read is never reported or retried as a fetch. The caps are the real ones: each file here is just
 * above its cap (the largest 32 MiB), and the git the step runs records which blobs it asked for
 * (test/support/git-log.ts), so the tests assert that an oversized blob is never read, however large it is.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { World, git, junitXml, type ActionRun } from '../support/action.ts';
import { recordingGit, type GitLog } from '../support/git-log.ts';
import { parseResultsFile } from '../../src/store/results-file.ts';
import { expectOutcome } from '../support/expect.ts';

const BRANCH = 'flakeguard-data';
const MiB = 1024 * 1024;

let world: World;
beforeEach(async () => {
  world = await World.create();
});
afterEach(async () => {
  await world.dispose();
});

/** `git` in the bare remote with `input` on its stdin (a blob of tens of MiB goes through a pipe, not an argument). */
function gitInput(args: string[], input: string, env: Record<string, string> = {}): Promise<string> {
  return new Promise((res, rej) => {
    const child = spawn('git', args, { cwd: world.remote, env: { ...process.env, ...env } });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('error', rej);
    child.on('close', (code) => (code === 0 ? res(out.trim()) : rej(new Error(`git ${args.join(' ')} exited with ${code}: ${err}`))));
    child.stdin.on('error', () => undefined); // a command that reads no input
    child.stdin.end(input);
  });
}

/** A person's commit on the data branch that sets `files` (path → text), made with git's plumbing in the remote. */
async function personCommits(files: Record<string, string>): Promise<Map<string, string>> {
  const index = `${world.root}/person-index`;
  const env = { GIT_INDEX_FILE: index, GIT_AUTHOR_NAME: 'Person', GIT_AUTHOR_EMAIL: 'p@example.com', GIT_COMMITTER_NAME: 'Person', GIT_COMMITTER_EMAIL: 'p@example.com' };
  await gitInput(['read-tree', BRANCH], '', env);
  const blobs = new Map<string, string>();
  for (const [path, text] of Object.entries(files)) {
    const blob = await gitInput(['hash-object', '-w', '--stdin'], text);
    blobs.set(path, blob);
    await gitInput(['update-index', '--add', '--cacheinfo', `100644,${blob},${path}`], '', env);
  }
  const tree = await gitInput(['write-tree'], '', env);
  const commit = await gitInput(['commit-tree', tree, '-p', BRANCH, '-m', 'a person commits large files'], '', env);
  await gitInput(['update-ref', `refs/heads/${BRANCH}`, commit], '');
  return blobs;
}

/** The blob id of each path on the branch. */
async function blobIds(): Promise<Map<string, string>> {
  const listing = await git(world.remote, ['ls-tree', '-r', BRANCH]);
  return new Map(
    listing
      .split('\n')
      .filter(Boolean)
      .map((line) => [line.slice(line.indexOf('\t') + 1), line.split(/\s+/)[2]!]),
  );
}

const head = async (): Promise<string> => (await git(world.remote, ['rev-parse', BRANCH])).trim();
const inbox = async (): Promise<string> => git(world.remote, ['for-each-ref', '--format=%(refname)', `refs/heads/${BRANCH}-inbox/`]);
const fetches = async (log: GitLog): Promise<number> => (await log.commands()).filter((c) => c.startsWith('fetch ')).length;
const rows = async (): Promise<number> => Object.keys((JSON.parse((await world.dataFiles()).get('runs.json')!) as { runs: object }).runs).length;

/** Text of `bytes` bytes: a first line, then lines of `x`. */
const filler = (first: string, bytes: number): string => `${first}\n${'x'.repeat(Math.max(0, bytes - first.length - 2))}\n`;

async function firstRun(): Promise<void> {
  await world.writeReport('reports/unit.xml', junitXml([{ name: 'a', attempts: 'FP', message: 'timeout' }, { name: 'b' }]));
  expectOutcome(await world.run({ runId: 1 }), 'success');
  await world.writeReport('reports/unit.xml', junitXml([{ name: 'a' }, { name: 'b' }]));
}

/** The state a fail-closed run leaves: exit 1 naming the file, one fetch and no retry, nothing written, results parked. */
async function expectFailedClosed(run: ActionRun, log: GitLog, before: string, named: RegExp): Promise<void> {
  expectOutcome(run, 'failure');
  expect(run.stdout).toMatch(named);
  expect(run.stdout).not.toMatch(/could not fetch/);
  expect(run.stdout).not.toMatch(/^Try \d+\/\d+/m);
  expect(await fetches(log)).toBe(1);
  expect(await head()).toBe(before);
  expect(await inbox()).toMatch(new RegExp(`refs/heads/${BRANCH}-inbox/\\d{14}-2-test-a1-`));
  expect(parseResultsFile(await readFile(run.outputs['results-file']!, 'utf8')).tests.map((t) => t.id)).toEqual(['pkg.Suite::a', 'pkg.Suite::b']);
}

describe('a data-branch file over its cap', () => {
  it('the page, the badge, decisions.json, README.md and the CODEOWNERS copy over their caps: never read, never replaced, each named in a warning; the run is saved', async () => {
    await firstRun();
    const large: Record<string, [number, string]> = {
      'README.md': [1 * MiB + 1, '1.0 MiB; flakeguard reads at most 1 MiB'],
      'badge.json': [64 * 1024 + 1, '64.0 KiB; flakeguard reads at most 64 KiB'],
      'index.html': [4 * MiB + 100 * 1024, '4.1 MiB; flakeguard reads at most 4 MiB'],
      'decisions.json': [32 * MiB + 200 * 1024, '32.2 MiB; flakeguard reads at most 32 MiB'],
      'dashboard/CODEOWNERS': [3 * MiB + 1, '3.0 MiB; flakeguard reads at most 3 MiB'],
    };
    const blobs = await personCommits(Object.fromEntries(Object.entries(large).map(([path, [bytes]]) => [path, filler(`# ${path}, written by a person`, bytes)])));

    const log = await recordingGit(world.root);
    const run = await world.run({ runId: 2, env: { PATH: log.path } });
    // Before the fix: exit 0 with no warning, and README.md, badge.json and index.html replaced by what the run rendered.
    expectOutcome(run, 'success');
    for (const [path, [, size]] of Object.entries(large)) {
      expect(run.stdout).toMatch(
        new RegExp(`::warning [^\\n]*file=${path.replace('.', '\\.')}[^\\n]*::is ${size.replace(/\./g, '\\.')} of it: it was not read, and is not updated until it is smaller or deleted`),
      );
    }
    const asked = new Set(await log.catFileAsked());
    for (const blob of blobs.values()) expect(asked.has(blob)).toBe(false);
    expect(asked.size).toBeGreaterThan(0); // the other files were read
    const after = await blobIds();
    for (const [path, blob] of blobs) expect(after.get(path), path).toBe(blob);
    expect(await fetches(log)).toBe(1);
    expect(run.stdout).not.toMatch(/^Try \d+\/\d+/m);
    expect(await rows()).toBe(2);
  }, 120_000);

  it('a stats file over its cap fails the run closed, naming the file, its size and the cap: its blob is never read, one fetch, no retry, the run parked', async () => {
    await firstRun();
    const stats = (await world.dataFiles()).get('stats/00.json')!;
    // A valid stats file: a person's note of 16.1 MiB on one test's line.
    const big = stats.replace(/("pkg\.Suite::a": \{)/, `$1"note": "${'n'.repeat(16 * MiB + 100 * 1024)}", `);
    expect(big).not.toBe(stats);
    const blobs = await personCommits({ 'stats/00.json': big });
    const before = await head();

    const log = await recordingGit(world.root);
    const run = await world.run({ runId: 2, env: { PATH: log.path } });
    // Before the fix: exit 0, the file read whole.
    await expectFailedClosed(run, log, before, /stats\/00\.json:1: is 16\.1 MiB; flakeguard reads at most 16 MiB of it \(docs\/data-branch\.md, "Bounded reading"\)/);
    expect(run.stdout).toMatch(/::error [^\n]*file=stats\/00\.json/);
    expect(new Set(await log.catFileAsked()).has(blobs.get('stats/00.json')!)).toBe(false);
  }, 120_000);

  it('a stats file of 150,000 override lines is refused by the line cap before it is parsed', async () => {
    await firstRun();
    const lines = Array.from({ length: 150_000 }, (_, i) => `"pkg.Suite::t${i}": {"override":"never"}`);
    await personCommits({ 'stats/00.json': `{"schema": 3, "tests": {\n${lines.join(',\n')}\n}}\n` });
    const before = await head();

    const log = await recordingGit(world.root);
    const run = await world.run({ runId: 2, env: { PATH: log.path } });
    // Before the fix: exit 0, 150,000 overrides read.
    await expectFailedClosed(run, log, before, /stats\/00\.json:20002: has 150,000 lines; flakeguard reads at most 20,000 lines of a stats file \(docs\/data-branch\.md, "Bounded reading"\)/);
  }, 120_000);
});

describe('a read that fails', () => {
  it('is named as a read of the data branch, never "could not fetch", and not retried: the run fails closed, its results parked', async () => {
    await firstRun();
    const before = await head();
    const log = await recordingGit(world.root, { failCatFile: true });
    const run = await world.run({ runId: 2, env: { PATH: log.path } });
    // Before the fix: "Try 1/8 … Try 8/8: could not fetch the data branch 'flakeguard-data': git cat-file failed", 8 fetches.
    await expectFailedClosed(run, log, before, /The data branch is damaged \(the data branch: could not be read: git cat-file failed: fatal: unable to read objects/);
    expect((await log.catFileAsked()).length).toBeGreaterThan(0);
  }, 120_000);
});
