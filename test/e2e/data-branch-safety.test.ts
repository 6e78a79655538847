/**
 * Issue #13, against the bundled action and a real bare repository: every file of the data branch fails closed,
 * a run that keeps losing races is parked and folded in, a permanent refusal is not retried, a report that is not
 * a regular file is refused at once, long names are capped, and the private clones are cleaned up.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { execFile, execFileSync, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { World, git, junitXml } from '../support/action.ts';
import { parseResultsFile } from '../../src/store/results-file.ts';
import { expectOutcome } from '../support/expect.ts';

let world: World;
beforeEach(async () => {
  world = await World.create();
});
afterEach(async () => {
  await world.dispose();
});

/** The writers' inbox-key: parked runs are sealed with it, and folded in only with its seal (docs/data-branch.md). */
const KEYED = { 'inbox-key': 'the inbox key of this repository' };

const head = async (): Promise<string> => (await git(world.remote, ['rev-parse', 'flakeguard-data'])).trim();
const history = async (): Promise<Record<string, { o: string }>> => (JSON.parse((await world.dataFiles()).get('history/00.json')!) as { tests: Record<string, { o: string }> }).tests;

/** Three runs, `a` flaky (failed then passed on a retry) in each: a quarantined test with history. */
async function threeRuns(): Promise<void> {
  await world.writeReport('reports/unit.xml', junitXml([{ name: 'a', attempts: 'FP', message: 'timeout' }, { name: 'b' }]));
  for (const runId of [1, 2, 3]) expectOutcome(await world.run({ runId }), 'success');
  expect((await history())['pkg.Suite::a']!.o).toBe('(FP)(FP)(FP)');
}

describe('every file of the data branch fails closed', () => {
  const cases: Array<[string, (text: string) => string, RegExp]> = [
    ['history/00.json', (t) => t.slice(0, t.length - 20), /history\/00\.json:\d+: not valid JSON/],
    ['runs.json', (t) => t.slice(0, t.length - 20), /runs\.json:\d+: not valid JSON/],
    ['flakeguard.json', (t) => t.replace(/"shards": 1/, '"shards": "1"'), /flakeguard\.json:1: "shards" must be/],
  ];
  it.each(cases)(
    'a broken %s: the run fails naming it, nothing is written, and the next run after the fix ingests normally',
    async (path, damage, named) => {
      await threeRuns();
      const good = (await world.dataFiles()).get(path)!;
      await world.editDataFile(path, damage);
      const broken = await head();

      await world.writeReport('reports/unit.xml', junitXml([{ name: 'a', attempts: 'F', message: 'timeout' }, { name: 'b' }]));
      const run = await world.run({ runId: 4, inputs: KEYED });
      // Before the fix: "3 runs → 1", exit 0, quarantines gone.
      expectOutcome(run, 'failure');
      expect(run.stdout).toMatch(named);
      expect(run.stdout).toMatch(new RegExp(`::error .*file=${path.replace(/[./]/g, '\\$&')}`));
      expect(run.stdout).toMatch(/The data branch is damaged/);
      expect(await head()).toBe(broken);
      // Its own results are kept: in the results file, and parked for the first write after the fix.
      expect(parseResultsFile(await readFile(run.outputs['results-file']!, 'utf8')).tests.map((t) => t.id)).toEqual(['pkg.Suite::a', 'pkg.Suite::b']);
      expect(run.stdout).toMatch(/The results are parked on flakeguard-data-inbox\/\d{14}-4-test-a1-/);
      expect(run.summary).toMatch(/parked on/);

      await world.editDataFile(path, () => good);
      await world.writeReport('reports/unit.xml', junitXml([{ name: 'a' }, { name: 'b' }]));
      const fixed = await world.run({ runId: 5, inputs: KEYED });
      expectOutcome(fixed, 'success');
      expect(fixed.stdout).toMatch(/Folded in 1 parked run/);
      expect((await history())['pkg.Suite::a']!.o).toBe('(FP)(FP)(FP)FP');
      expect(await git(world.remote, ['for-each-ref', 'refs/heads/flakeguard-data-inbox/'])).toBe('');
    },
    120_000,
  );

  it('a corrupt flakeguard.json cannot make an attempt count twice', async () => {
    await world.writeReport('reports/unit.xml', junitXml([{ name: 'a' }]));
    expectOutcome(await world.run({ runId: 1 }), 'success');
    const good = (await world.dataFiles()).get('flakeguard.json')!;
    await world.editDataFile('flakeguard.json', (t) => t.slice(0, 30));
    // The same attempt ingested again (a re-run of the ingesting step): it failed before, `P(PP)`.
    expectOutcome(await world.run({ runId: 1 }), 'failure');
    await world.editDataFile('flakeguard.json', () => good);
    expectOutcome(await world.run({ runId: 1 }), 'success');
    expect((await history())['pkg.Suite::a']!.o).toBe('P');
  }, 60_000);
});

describe('many writers', () => {
  it('a run that keeps losing races is parked on its own branch, and the next run folds it in exactly once', async () => {
    await world.writeReport('reports/unit.xml', junitXml([{ name: 'a' }]));
    expectOutcome(await world.run({ runId: 1 }), 'success');
    // Another writer lands a commit right before each of this run's pushes (a git on PATH that does so first).
    const realGit = execFileSync('sh', ['-c', 'command -v git'], { encoding: 'utf8' }).trim();
    const bin = join(world.root, 'racing-bin');
    await mkdir(bin);
    await writeFile(
      join(bin, 'git'),
      `#!/bin/sh\ncase "$*" in *":refs/heads/flakeguard-data")\n  t=$(${realGit} --git-dir="${world.remote}" rev-parse 'flakeguard-data^{tree}')\n  c=$(${realGit} --git-dir="${world.remote}" -c user.name=x -c user.email=x@x commit-tree "$t" -p flakeguard-data -m race)\n  ${realGit} --git-dir="${world.remote}" update-ref refs/heads/flakeguard-data "$c";;\nesac\nexec ${realGit} "$@"\n`,
    );
    await chmod(join(bin, 'git'), 0o755);
    const parked = await world.run({ runId: 2, inputs: KEYED, env: { PATH: `${bin}:${process.env.PATH}` } });
    expectOutcome(parked, 'success');
    expect(parked.stdout.match(/^Try \d\/8: the data branch moved/gm)).toHaveLength(3);
    expect(parked.stdout).toMatch(/History parked on flakeguard-data-inbox\/\d{14}-2-test-a1-[0-9a-f]{10} \(3 other writers got there first\)/);
    expect(parked.summary).toMatch(/History parked on/);
    expect(parked.outputs['data-commit']).toBe('');
    expect((await history())['pkg.Suite::a']!.o).toBe('P');

    const next = await world.run({ runId: 3, inputs: KEYED });
    expectOutcome(next, 'success');
    expect(next.stdout).toMatch(/Folded in 1 parked run: flakeguard-data-inbox\//);
    expect(next.summary).toMatch(/Folded in 1 parked run/);
    expect((await history())['pkg.Suite::a']!.o).toBe('PPP');
    expect(await git(world.remote, ['for-each-ref', 'refs/heads/flakeguard-data-inbox/'])).toBe('');
    expect(Object.keys((JSON.parse((await world.dataFiles()).get('flakeguard.json')!) as { ingested: object }).ingested)).toHaveLength(3);
  }, 60_000);

  it('a permanent refusal (pre-receive hook) is recognised and not retried', async () => {
    await world.writeReport('reports/unit.xml', junitXml([{ name: 'a' }]));
    expectOutcome(await world.run({ runId: 1 }), 'success');
    const hook = join(world.remote, 'hooks', 'pre-receive');
    await writeFile(hook, '#!/bin/sh\necho "pushes are frozen" >&2\nexit 1\n');
    await chmod(hook, 0o755);
    const run = await world.run({ runId: 2 });
    expect(run.stdout.match(/^Try \d\/8:/gm)).toHaveLength(1);
    expect(run.stdout).toMatch(/refused the push for good, so it was not retried .*pre-receive hook declined/);
    expect(run.outputs['results-file']).toMatch(/flakeguard-results-/);
  }, 60_000);
});

describe('reports', () => {
  it('a FIFO matching `reports` is a clear error naming it, not a hang', async () => {
    await world.writeReport('reports/unit.xml', junitXml([{ name: 'a' }]));
    spawnSync('mkfifo', [join(world.workspace, 'reports', 'pipe.xml')]);
    const run = await world.run();
    expectOutcome(run, 'failure');
    expect(run.stdout).toMatch(/reports\/pipe\.xml: cannot read report: it is a named pipe \(FIFO\), not a regular file/);
    // The regular report is still read and saved.
    expect((await history())['pkg.Suite::a']!.o).toBe('P');
  }, 60_000);

  it('a very long test name is cut with a hash suffix: ids stay unique, stable and small', async () => {
    const long = (tail: string): string => `${'x'.repeat(300_000)}${tail}`;
    await world.writeReport('reports/unit.xml', junitXml([{ name: long('1') }, { name: long('2') }]));
    expectOutcome(await world.run({ runId: 1 }), 'success');
    expectOutcome(await world.run({ runId: 2 }), 'success');
    const files = await world.dataFiles();
    expect(files.get('history/00.json')!.length).toBeLessThan(8_000);
    const ids = Object.keys(await history());
    expect(ids).toHaveLength(2);
    for (const id of ids) expect(Buffer.byteLength(id)).toBeLessThanOrEqual(1024 + 'pkg.Suite::'.length);
    for (const id of ids) expect(id).toMatch(/^pkg\.Suite::x+…#[0-9a-f]{16}$/);
    expect(Object.values(await history()).map((h) => h.o)).toEqual(['PP', 'PP']);
  }, 60_000);
});

describe('the private clone', () => {
  it("is removed after the run, and a killed run's clone is cleared by the next run", async () => {
    const temp = join(world.root, 'shared-temp');
    await mkdir(temp);
    // A pid that is surely gone: a process that has exited.
    const dead = await new Promise<number>((resolve) => {
      const child = execFile('true', () => resolve(child.pid!));
    });
    const stale = join(temp, `flakeguard-data-${dead}-AbC123`);
    await mkdir(join(stale, '.git'), { recursive: true });
    await world.writeReport('reports/unit.xml', junitXml([{ name: 'a' }]));
    expectOutcome(await world.run({ env: { RUNNER_TEMP: temp } }), 'success');
    expect(existsSync(stale)).toBe(false);
    expect((await readdir(temp)).filter((n) => n.startsWith('flakeguard-data-'))).toEqual([]);
  }, 60_000);

  it('is removed when the step is cancelled (SIGTERM) while it works', async () => {
    const temp = join(world.root, 'cancel-temp');
    await mkdir(temp);
    await world.writeReport('reports/unit.xml', junitXml([{ name: 'a' }]));
    // A git that hangs on fetch, so the step is surely inside the clone when it is cancelled.
    const realGit = execFileSync('sh', ['-c', 'command -v git'], { encoding: 'utf8' }).trim();
    const bin = join(world.root, 'slow-bin');
    await mkdir(bin);
    await writeFile(join(bin, 'git'), `#!/bin/sh\ncase "$1" in ls-remote) touch "${temp}/.in-clone"; sleep 30;;\nesac\nexec ${realGit} "$@"\n`);
    await chmod(join(bin, 'git'), 0o755);
    let child: ChildProcess | undefined;
    const running = world.run({ env: { RUNNER_TEMP: temp, PATH: `${bin}:${process.env.PATH}` }, onSpawn: (c) => (child = c) });
    for (let i = 0; i < 600 && !existsSync(join(temp, '.in-clone')); i++) await new Promise((r) => setTimeout(r, 100));
    expect((await readdir(temp)).filter((n) => n.startsWith('flakeguard-data-'))).toHaveLength(1);
    child!.kill('SIGTERM');
    const run = await running;
    expect(run.exitCode).not.toBe(0);
    expect((await readdir(temp)).filter((n) => n.startsWith('flakeguard-data-'))).toEqual([]);
  }, 90_000);
});
