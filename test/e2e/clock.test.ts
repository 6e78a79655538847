/**
 * Issue 27, finding 1, against the bundled action and a real bare repository: one run's time far in the future (a
 * report's timestamp, a runner whose whole clock is ahead, a parked run's parcel) never makes a step drop another
 * run's data. Eight runs, the fifth with the bad time: afterwards every test keeps its eight runs, runs.json has eight
 * rows, and a warning names the fifth run.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { World, git, junitXml, type ActionRun } from '../support/action.ts';
import { parseOutcomeString, runCount } from '../../src/history/outcome-string.ts';
import { renderParcel, sealParcel } from '../../src/store/parcel.ts';
import type { RunContext } from '../../src/model.ts';

const DAY = 86_400_000;
const HUNDRED_DAYS = 100 * DAY;
const SEVENTY_FIVE_YEARS = Date.UTC(2101, 0, 1) - Date.UTC(2026, 0, 1);
const TESTS = ['a', 'b', 'c'];
/** Parcels must prove the step that wrote them (docs/data-branch.md, "Parcels carry provenance"): the steps share a key. */
const KEY = 'clock-test-inbox-key';
const KEYED = { 'inbox-key': KEY };

let world: World;
beforeEach(async () => {
  world = await World.create();
});
afterEach(async () => {
  await world.dispose();
});

function expectSuccess(run: ActionRun): void {
  expect(run.outputs.outcome, `stdout:\n${run.stdout}\nstderr:\n${run.stderr}`).toBe('success');
  expect(run.exitCode).toBe(0);
}

/** Runs kept per test (history lines) and rows of runs.json. */
async function kept(): Promise<{ perTest: Record<string, number>; rows: number }> {
  const files = await world.dataFiles();
  const history = JSON.parse(files.get('history/00.json')!) as { tests: Record<string, { o: string }> };
  const perTest: Record<string, number> = {};
  for (const [id, line] of Object.entries(history.tests)) perTest[id] = runCount(parseOutcomeString(line.o)!);
  const runs = JSON.parse(files.get('runs.json')!) as { runs: Record<string, unknown> };
  return { perTest, rows: Object.keys(runs.runs).length };
}

/** The time runs.json records for the run whose key starts with `prefix`. */
async function rowTime(prefix: string): Promise<number> {
  const runs = JSON.parse((await world.dataFiles()).get('runs.json')!) as { runs: Record<string, [string, string, number]> };
  return Object.values(runs.runs).find((row) => row[0].startsWith(prefix))![2];
}

const allEight = { perTest: Object.fromEntries(TESTS.map((t) => [`pkg.Suite::${t}`, 8])), rows: 8 };

/** A report of the three tests, all passing, with `time` as its timestamp. */
async function report(time: number): Promise<void> {
  await world.writeReport(
    'reports/unit.xml',
    junitXml(
      TESTS.map((name) => ({ name })),
      { timestamp: new Date(time).toISOString() },
    ),
  );
}

/** A module for `--import` that moves this process's clock (Date.now and `new Date()`) by `skewMs`: a runner whose clock is off. */
async function skewedClock(skewMs: number): Promise<Record<string, string>> {
  const path = join(world.root, `clock-${skewMs}.mjs`);
  await writeFile(
    path,
    `const realNow = Date.now;
const RealDate = Date;
const now = () => realNow() + ${skewMs};
class SkewedDate extends RealDate {
  constructor(...args) { if (args.length === 0) super(now()); else super(...args); }
  static now() { return now(); }
}
globalThis.Date = SkewedDate;
`,
  );
  return { NODE_OPTIONS: `--import=${pathToFileURL(path).href}` };
}

/** `git` in the remote with `input` on its stdin. */
function gitInput(args: string[], input: string): Promise<string> {
  return new Promise((res, rej) => {
    const child = spawn('git', args, { cwd: world.remote });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.on('error', rej);
    child.on('close', (code) => (code === 0 ? res(out.trim()) : rej(new Error(`git ${args.join(' ')} exited with ${code}`))));
    child.stdin.end(input);
  });
}

/**
 * Pushes a parked run's parcel under the inbox prefix, as a writer that lost its races does (src/store/sync.ts),
 * sealed with the steps' inbox-key as such a step seals it: only its time is under test here.
 */
async function plantParcel(run: RunContext): Promise<void> {
  const tests = TESTS.map((t) => ({ id: `pkg.Suite::${t}`, name: t, classname: 'pkg.Suite', suite: 'suite', report: 'reports/unit.xml', attempts: [{ status: 'passed' as const }] }));
  const text = renderParcel([{ run, tests, jobSucceeded: true }]);
  const name = `${String(Date.now()).padStart(14, '0')}-${run.runId}-${run.job}-a${run.runAttempt}-0123456789`;
  const blob = await gitInput(['hash-object', '-w', '--stdin'], text);
  const seal = await gitInput(['hash-object', '-w', '--stdin'], sealParcel({ key: KEY, repository: 'octo/project', branch: 'flakeguard-data' }, name, text));
  const tree = await gitInput(['mktree'], `100644 blob ${blob}\tflakeguard-parcel.json\n100644 blob ${seal}\tflakeguard-parcel.seal\n`);
  const commit = (
    await git(world.remote, ['commit-tree', tree, '-m', 'flakeguard: parked run'], {
      GIT_AUTHOR_NAME: 'bot',
      GIT_AUTHOR_EMAIL: 'bot@example.com',
      GIT_COMMITTER_NAME: 'bot',
      GIT_COMMITTER_EMAIL: 'bot@example.com',
    })
  ).trim();
  await git(world.remote, ['update-ref', `refs/heads/flakeguard-data-inbox/${name}`, commit]);
}

describe('a run time far in the future never drops another run', () => {
  it.each([
    ['100 days', HUNDRED_DAYS],
    ['75 years', SEVENTY_FIVE_YEARS],
  ])(
    "run 5's report is timestamped %s ahead: every test keeps its 8 runs, runs.json has 8 rows, a warning names run 5",
    async (_, ahead) => {
      const outputs: ActionRun[] = [];
      for (let n = 1; n <= 8; n++) {
        await report(Date.now() + (n === 5 ? ahead : 0));
        const run = await world.run({ inputs: KEYED, runId: 1000 + n });
        expectSuccess(run);
        outputs.push(run);
      }
      expect(await kept()).toEqual(allEight);
      // Before the fix: { a: 1, b: 1, c: 1 } and 1 row, no warning.
      expect(outputs[4]!.stdout).toMatch(/::warning[^\n]*run 1005\/test\/[^\n]*ahead of this step's clock/i);
      // Recorded at the step's clock instead.
      expect(await rowTime('1005/')).toBeLessThanOrEqual(Date.now());
    },
    180_000,
  );

  it.each([
    ['100 days', HUNDRED_DAYS],
    ['75 years', SEVENTY_FIVE_YEARS],
  ])(
    'the runner of run 5 has its whole clock %s ahead: every test keeps its 8 runs, runs.json has 8 rows, a warning names run 5',
    async (_, ahead) => {
      const outputs: ActionRun[] = [];
      for (let n = 1; n <= 8; n++) {
        const skew = n === 5 ? ahead : 0;
        await report(Date.now() + skew);
        const run = await world.run({ inputs: KEYED, runId: 1000 + n, env: skew ? await skewedClock(skew) : {} });
        expectSuccess(run);
        outputs.push(run);
      }
      expect(await kept()).toEqual(allEight);
      // The next step on a right clock sees run 5's time ahead of its own, and says so.
      expect(outputs[5]!.stdout).toMatch(/::warning[^\n]*run 1005\/test\/[^\n]*ahead of this step's clock/i);
      // Set to the time of the run before it (run 4), so that the order of the runs stays.
      expect(await rowTime('1005/')).toBe(await rowTime('1004/'));
    },
    180_000,
  );

  it('the runner of run 5 has its whole clock 10 years behind: its run is kept by every later write, every test keeps its 8 runs', async () => {
    const behind = -10 * 365 * DAY;
    const outputs: ActionRun[] = [];
    for (let n = 1; n <= 8; n++) {
      const skew = n === 5 ? behind : 0;
      await report(Date.now() + skew);
      const run = await world.run({ inputs: KEYED, runId: 1000 + n, env: skew ? await skewedClock(skew) : {} });
      expectSuccess(run);
      outputs.push(run);
    }
    // Before the fix: run 5 was recorded at its clock's time and aged out by run 6 ({ a: 7, b: 7, c: 7 }, 7 rows).
    expect(await kept()).toEqual(allEight);
    expect(outputs[4]!.stdout).toMatch(/::warning[^\n]*run 1005\/test\/[^\n]*before the newest run on the data branch/i);
    // Recorded at the newest time the branch had (run 4's): the order of the runs stays.
    expect(await rowTime('1005/')).toBe(await rowTime('1004/'));
  }, 180_000);

  it("a run parked by a step whose whole clock reads year 2100 is folded in at the folding step's clock, dropping no run", async () => {
    for (let n = 1; n <= 4; n++) {
      await report(Date.now());
      expectSuccess(await world.run({ inputs: KEYED, runId: 1000 + n }));
    }
    // Run 5 cannot write (a person broke flakeguard.json), so its step parks its results, with the time it read.
    const good = (await world.dataFiles()).get('flakeguard.json')!;
    await world.editDataFile('flakeguard.json', (t) => t.replace(/"shards": 1/, '"shards": "1"'));
    const skew = Date.UTC(2100, 0, 1) - Date.now();
    await report(Date.now() + skew);
    const parked = await world.run({ inputs: KEYED, runId: 1005, env: await skewedClock(skew) });
    expect(parked.stdout).toMatch(/The results are parked on flakeguard-data-inbox\//);
    await world.editDataFile('flakeguard.json', () => good);
    const outputs: ActionRun[] = [];
    for (let n = 6; n <= 8; n++) {
      await report(Date.now());
      const run = await world.run({ inputs: KEYED, runId: 1000 + n });
      expectSuccess(run);
      outputs.push(run);
    }
    expect(outputs[0]!.stdout).toMatch(/Folded 1 parked run/);
    expect(await kept()).toEqual(allEight);
    expect(outputs[0]!.stdout).toMatch(/::warning[^\n]*Parked run flakeguard-data-inbox\/[^\n]*run 1005\/test\/[^\n]*ahead of this step's clock/i);
    expect(await rowTime('1005/')).toBeLessThanOrEqual(Date.now());
  }, 180_000);

  it.each([
    ['year 2100', Date.UTC(2100, 0, 1)],
    ['1e300', 1e300],
    ['-1e300', -1e300],
  ])(
    'a parked run whose time is %s is folded in without dropping any run, with a warning naming it',
    async (_, time) => {
      for (let n = 1; n <= 4; n++) {
        await report(Date.now());
        expectSuccess(await world.run({ inputs: KEYED, runId: 1000 + n }));
      }
      const run5: RunContext = {
        key: '1005/test/00000000',
        runId: '1005',
        runAttempt: 1,
        job: 'test',
        workflow: 'CI',
        sha: await world.headSha(),
        ref: 'refs/heads/main',
        onDefaultBranch: true,
        event: 'push',
        time,
      };
      await plantParcel(run5);
      const outputs: ActionRun[] = [];
      for (let n = 6; n <= 8; n++) {
        await report(Date.now());
        const run = await world.run({ inputs: KEYED, runId: 1000 + n });
        expectSuccess(run);
        outputs.push(run);
      }
      expect(outputs[0]!.stdout).toMatch(/Folded 1 parked run/);
      // Before the fix: year 2100 kept 1 run of each test and 1 row; 1e300 and -1e300 crashed or dropped the history.
      expect(await kept()).toEqual(allEight);
      expect(outputs[0]!.stdout).toMatch(/::warning[^\n]*run 1005\/test\/00000000[^\n]*this step's clock/i);
      const recorded = await rowTime('1005/');
      expect(recorded).toBeGreaterThanOrEqual(await rowTime('1004/'));
      expect(recorded).toBeLessThanOrEqual(Date.now());
    },
    180_000,
  );
});
