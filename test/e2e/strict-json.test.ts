/**
 * Strict JSON where people type (issue 27, findings 5 and 11), through the bundled action and the bundled CLI on a
 * real bare repository: a key written twice in any file of the data branch is an error naming the file and both
 * lines, never a silent winner; a stats line added in another shard's file is honoured and moved, with a notice; a
 * value nested deeper than the depth limit is an error naming the file and line, and decisions.json (a log) never
 * blocks a run.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { NODE24, PROJECT_ROOT, World, git, junitXml, type ActionRun } from '../support/action.ts';
import { shardOf } from '../../src/store/layout.ts';

const CLI = join(PROJECT_ROOT, 'dist/cli/index.js');

let world: World;
beforeEach(async () => {
  world = await World.create();
});
afterEach(async () => {
  await world.dispose();
});

function expectOutcome(run: ActionRun, outcome: 'success' | 'failure'): void {
  expect(run.outputs.outcome, `stdout:\n${run.stdout}\nstderr:\n${run.stderr}`).toBe(outcome);
  expect(run.exitCode, `stderr:\n${run.stderr}`).toBe(outcome === 'success' ? 0 : 1);
}

const A = 'pkg.Suite::a';
const head = async (): Promise<string> => (await git(world.remote, ['rev-parse', 'flakeguard-data'])).trim();
const file = async (path: string): Promise<string> => (await world.dataFiles()).get(path)!;
const lineNo = (text: string, prefix: string): number => text.split('\n').findIndex((l) => l.startsWith(prefix)) + 1;

/** Three runs, `a` flaky (failed then passed on a retry) in each: a quarantined test with history and a timeline. */
async function threeRuns(): Promise<void> {
  await world.writeReport('reports/unit.xml', junitXml([{ name: 'a', attempts: 'FP', message: 'timeout' }, { name: 'b' }]));
  for (const runId of [1, 2, 3]) expectOutcome(await world.run({ runId }), 'success');
  const history = JSON.parse(await file('history/00.json')) as { tests: Record<string, { o: string }> };
  expect(history.tests[A]!.o).toBe('(FP)(FP)(FP)');
}

/** Adds `line` (a whole entry line) just above the line starting with `before`. */
const addAbove =
  (before: string, line: string) =>
  (text: string): string => {
    const rows = text.split('\n');
    const at = rows.findIndex((l) => l.startsWith(before));
    expect(at).toBeGreaterThan(0);
    rows.splice(at, 0, `${line},`);
    return rows.join('\n');
  };

describe('a key written twice is an error naming the file and both lines', () => {
  it('stats: "never" added above the test\'s own line is not silently dropped: the file fails closed and is kept as written', async () => {
    await threeRuns();
    await world.editDataFile('stats/00.json', addAbove(JSON.stringify(A), `${JSON.stringify(A)}: {"override": "never"}`));
    const edited = await file('stats/00.json');
    const [first, second] = [lineNo(edited, JSON.stringify(A)), edited.split('\n').findIndex((l, i) => i + 1 > lineNo(edited, JSON.stringify(A)) && l.startsWith(JSON.stringify(A))) + 1];
    expect(second).toBe(first + 1);

    // `a` fails as it always did: quarantined, this failure was forgiven before the fix and the "never" line deleted.
    await world.writeReport('reports/unit.xml', junitXml([{ name: 'a', attempts: 'F', message: 'timeout' }, { name: 'b' }]));
    const run = await world.run({ runId: 4 });
    expectOutcome(run, 'failure');
    expect(run.stdout).toMatch(new RegExp(`::error .*file=stats/00\\.json,line=${second}.*::.*"pkg\\.Suite::a" is written twice, on lines ${first} and ${second}`));
    expect(JSON.parse(run.outputs['quarantined-tests']!)).toEqual([]);
    // Nothing the person wrote is lost: the file is kept byte for byte; the history is saved.
    expect(await file('stats/00.json')).toBe(edited);
    const history = JSON.parse(await file('history/00.json')) as { tests: Record<string, { o: string }> };
    expect(history.tests[A]!.o).toBe('(FP)(FP)(FP)F');
  }, 120_000);

  it('history: a second line for a test is damage: the run fails naming both lines and the earlier runs are not wiped', async () => {
    await threeRuns();
    const good = await file('history/00.json');
    // The later line would win with JSON.parse: a history of one run.
    await world.editDataFile('history/00.json', (t) => t.replace(/\n\}\}\n$/, `,\n${JSON.stringify(A)}: {"from":3,"o":"(FP)"}\n}}\n`));
    const edited = await file('history/00.json');
    const first = lineNo(edited, JSON.stringify(A));
    const second = edited.split('\n').length - 2;
    const broken = await head();

    await world.writeReport('reports/unit.xml', junitXml([{ name: 'a', attempts: 'FP', message: 'timeout' }, { name: 'b' }]));
    const run = await world.run({ runId: 4 });
    expectOutcome(run, 'failure');
    expect(run.stdout).toMatch(new RegExp(`history/00\\.json:${second}: .*"pkg\\.Suite::a" is written twice, on lines ${first} and ${second}`));
    expect(run.stdout).toMatch(/The data branch is damaged/);
    expect(await head()).toBe(broken);
    expect(await file('history/00.json')).toBe(edited);
    expect(good).toContain('"o":"(FP)(FP)(FP)"');
  }, 120_000);

  it('runs.json: a second row with the same number is damage, not a replacement', async () => {
    await threeRuns();
    const runs = await file('runs.json');
    const row = runs
      .split('\n')
      .find((l) => l.startsWith('"00000001"'))!
      .replace(/,$/, '');
    await world.editDataFile('runs.json', (t) => t.replace(/\n\}\}\n$/, `,\n${row.replace('"octo/project', '"other/project')}\n}}\n`));
    const edited = await file('runs.json');
    const second = edited.split('\n').length - 2;
    const broken = await head();

    await world.writeReport('reports/unit.xml', junitXml([{ name: 'a' }, { name: 'b' }]));
    const run = await world.run({ runId: 4 });
    expectOutcome(run, 'failure');
    expect(run.stdout).toMatch(new RegExp(`runs\\.json:${second}: .*"00000001" is written twice, on lines 2 and ${second}`));
    expect(await head()).toBe(broken);
  }, 120_000);

  it('flakeguard.json: an ingestion key written twice is damage', async () => {
    await threeRuns();
    await world.editDataFile('flakeguard.json', (t) => t.replace(/\n\}\}\n$/, `,\n${t.split('\n')[1]!.replace(/,$/, '')}\n}}\n`));
    const broken = await head();
    await world.writeReport('reports/unit.xml', junitXml([{ name: 'a' }, { name: 'b' }]));
    const run = await world.run({ runId: 4 });
    expectOutcome(run, 'failure');
    expect(run.stdout).toMatch(/flakeguard\.json:\d+: .*is written twice, on lines 2 and \d+/);
    expect(await head()).toBe(broken);
  }, 120_000);
});

describe("a stats line in another shard's file", () => {
  it('is honoured and moved to its own file, with a notice', async () => {
    // 1,001 tests: two shards. One flaky test of shard 00 makes stats/00.json exist.
    const names = Array.from({ length: 1001 }, (_, i) => `t${String(i).padStart(4, '0')}`);
    const inShard = (s: number): string => names.find((n) => shardOf(`pkg.Suite::${n}`, 2) === s)!;
    const flaky = inShard(0);
    const target = names.find((n) => shardOf(`pkg.Suite::${n}`, 2) === 1 && n !== flaky)!;
    const id = `pkg.Suite::${target}`;
    const report = (failing: string): string => junitXml(names.map((name) => ({ name, attempts: name === flaky ? 'FP' : name === target ? failing : 'P', message: 'boom' })));
    await world.writeReport('reports/unit.xml', report('P'));
    expectOutcome(await world.run({ runId: 1 }), 'success');
    const before = await world.dataFiles();
    expect(before.has('stats/00.json')).toBe(true);
    expect(before.has('stats/01.json')).toBe(false);

    // The person adds a quarantine for `target` in the file that exists, not in the one its shard names.
    await world.editDataFile('stats/00.json', (t) => t.replace(/\n\}\}\n$/, `,\n${JSON.stringify(id)}: {"override": "quarantine"}\n}}\n`));
    const added = lineNo(await file('stats/00.json'), JSON.stringify(id));

    await world.commit('change 2');
    await world.writeReport('reports/unit.xml', report('F'));
    const run = await world.run({ runId: 2 });
    expectOutcome(run, 'success');
    expect(JSON.parse(run.outputs['quarantined-tests']!)).toContain(id);
    expect(run.stdout).toMatch(new RegExp(`::notice .*file=stats/00\\.json,line=${added}.*::.*'pkg\\.Suite::${target}' belongs in stats/01\\.json.*moved there`));
    expect(run.stdout).not.toMatch(/::error /);
    const after = await world.dataFiles();
    expect(after.get('stats/00.json')).not.toContain(JSON.stringify(id));
    expect(after.get('stats/01.json')).toContain(`${JSON.stringify(id)}: {"override":"quarantine",`);

    // The next run says nothing more about it.
    await world.commit('change 3');
    const next = await world.run({ runId: 3 });
    expectOutcome(next, 'success');
    expect(next.stdout).not.toMatch(/belongs in/);
  }, 180_000);
});

describe('a value nested deeper than the depth limit', () => {
  it('decisions.json nested 20,000 levels deep: an error naming the file and line, no stack overflow, the run goes on', async () => {
    await threeRuns();
    const decisions = await file('decisions.json');
    expect(decisions).toContain(JSON.stringify(A));
    const deep = `${'['.repeat(20_000)}${']'.repeat(20_000)}`;
    await world.editDataFile('decisions.json', (t) => t.replace(/\n\}\}\n$/, `,\n"pkg.Suite::zz": ${deep}\n}}\n`));
    const edited = await file('decisions.json');
    const line = edited.split('\n').length - 2;

    // `b` becomes flaky: a decision changes, so the run rewrites decisions.json (before the fix: a stack overflow).
    await world.writeReport(
      'reports/unit.xml',
      junitXml([
        { name: 'a', attempts: 'FP', message: 'timeout' },
        { name: 'b', attempts: 'FP' },
      ]),
    );
    const run = await world.run({ runId: 4 });
    expectOutcome(run, 'success');
    expect(run.stderr).not.toMatch(/Maximum call stack|\n\s+at /);
    expect(run.stdout).toMatch(new RegExp(`::error .*file=decisions\\.json,line=${line}.*::.*nested deeper than 64 levels`));
    expect(JSON.parse(run.outputs['newly-quarantined']!)).toEqual(['pkg.Suite::b']);
    // Kept byte for byte (a log: nothing recorded until it is fixed); every other file written.
    expect(await file('decisions.json')).toBe(edited);
    const history = JSON.parse(await file('history/00.json')) as { tests: Record<string, { o: string }> };
    expect(history.tests[A]!.o).toBe('(FP)*4');
  }, 120_000);

  it('a stats line nested 20,000 levels deep: the file fails closed, named with its line', async () => {
    await threeRuns();
    const deep = `${'{"x":'.repeat(20_000)}1${'}'.repeat(20_000)}`;
    await world.editDataFile('stats/00.json', (t) => t.replace(/\n\}\}\n$/, `,\n"pkg.Suite::b": {"override": null, "note": ${deep}}\n}}\n`));
    const edited = await file('stats/00.json');
    await world.writeReport('reports/unit.xml', junitXml([{ name: 'a', attempts: 'F', message: 'timeout' }, { name: 'b' }]));
    const run = await world.run({ runId: 4 });
    expectOutcome(run, 'failure');
    expect(run.stderr).not.toMatch(/Maximum call stack|\n\s+at /);
    expect(run.stdout).toMatch(new RegExp(`::error .*file=stats/00\\.json,line=${edited.split('\n').length - 2}.*::.*nested deeper than 64 levels`));
    expect(await file('stats/00.json')).toBe(edited);
  }, 120_000);
});

interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

function cli(args: string[]): Promise<CliRun> {
  const env: Record<string, string> = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', LANG: 'C.UTF-8' };
  const child = spawn(NODE24, [CLI, ...args, '--remote', world.remote], { cwd: world.root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  return new Promise((res) => child.on('close', (code) => res({ code, stdout, stderr })));
}

describe("the CLI's hand edits", () => {
  it('refuse a stats file with a test written twice, naming both lines, and push nothing', async () => {
    await threeRuns();
    await world.editDataFile('stats/00.json', addAbove(JSON.stringify(A), `${JSON.stringify(A)}: {"override": "never"}`));
    const edited = await file('stats/00.json');
    const before = await head();
    const run = await cli(['quarantine', A]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/stats\/00\.json:3 is broken \(.*"pkg\.Suite::a" is written twice, on lines 2 and 3/);
    expect(await head()).toBe(before);
    expect(await file('stats/00.json')).toBe(edited);
  }, 120_000);

  it("edit a line a person added in another shard's file where it is, not as a second line", async () => {
    const names = Array.from({ length: 1001 }, (_, i) => `t${String(i).padStart(4, '0')}`);
    const flaky = names.find((n) => shardOf(`pkg.Suite::${n}`, 2) === 0)!;
    const target = names.find((n) => shardOf(`pkg.Suite::${n}`, 2) === 1)!;
    const id = `pkg.Suite::${target}`;
    await world.writeReport('reports/unit.xml', junitXml(names.map((name) => ({ name, attempts: name === flaky ? 'FP' : 'P' }))));
    expectOutcome(await world.run({ runId: 1 }), 'success');
    await world.editDataFile('stats/00.json', (t) => t.replace(/\n\}\}\n$/, `,\n${JSON.stringify(id)}: {"override": "quarantine"}\n}}\n`));

    const run = await cli(['release', id, '--yes']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('stats/00.json');
    const files = await world.dataFiles();
    expect(files.get('stats/00.json')).toContain(`${JSON.stringify(id)}: {"override":"never"}`);
    expect(files.has('stats/01.json')).toBe(false);
  }, 180_000);
});
