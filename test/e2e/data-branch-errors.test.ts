/**
 * Issue #27 (finding 10 and part of 13), against the bundled action and a real bare repository: a data file that
 * would take unbounded memory (a huge run number, a runs.json of a million rows) is a clear error naming the file and
 * line, read in bounded time and memory, never retried as a fetch failure; junk in a history line's `m` is named,
 * never dropped; `until` is checked by one function in the action and the CLI; and a run whose history could not be
 * saved is parked, or fails, never "exit 0 with a warning".
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { chmod, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { NODE24, PROJECT_ROOT, World, git, junitXml, setOverride } from '../support/action.ts';
import { parseResultsFile } from '../../src/store/results-file.ts';
import { expectOutcome } from '../support/expect.ts';

let world: World;
beforeEach(async () => {
  world = await World.create();
});
afterEach(async () => {
  await world.dispose();
});

const head = async (): Promise<string> => (await git(world.remote, ['rev-parse', 'flakeguard-data'])).trim();
const inbox = async (): Promise<string> => git(world.remote, ['for-each-ref', '--format=%(refname)', 'refs/heads/flakeguard-data-inbox/']);
const history = async (): Promise<Record<string, { o: string; m?: Record<string, string> }>> =>
  (JSON.parse((await world.dataFiles()).get('history/00.json')!) as { tests: Record<string, { o: string }> }).tests;
const lineOf = (text: string, needle: string): number => text.split('\n').findIndex((l) => l.includes(needle)) + 1;

/** Two runs: `a` flaky (failed then passed, with a message), `b` steady. */
async function twoRuns(): Promise<void> {
  await world.writeReport('reports/unit.xml', junitXml([{ name: 'a', attempts: 'FP', message: 'timeout' }, { name: 'b' }]));
  for (const runId of [1, 2]) expectOutcome(await world.run({ runId }), 'success');
}

describe('a runs.json key that would take unbounded memory', () => {
  it('"99999999999999" is an error naming runs.json and its line, not a fetch failure retried 8 times; the run is parked and fails', async () => {
    await twoRuns();
    await world.editDataFile('runs.json', (t) => t.replace(/\n\}\}\n$/, `,\n"99999999999999": ["junk/test/0", "${'a'.repeat(40)}", 1795168800000, 1, 1]\n}}\n`));
    const text = (await world.dataFiles()).get('runs.json')!;
    const line = lineOf(text, '99999999999999');
    const broken = await head();

    await world.writeReport('reports/unit.xml', junitXml([{ name: 'a' }, { name: 'b' }]));
    const run = await world.run({ runId: 3 });
    // Before the fix: "Try 1/8 … Try 8/8: could not fetch the data branch … Array buffer allocation failed", exit 0.
    expectOutcome(run, 'failure');
    expect(run.stdout).not.toMatch(/could not fetch/);
    expect(run.stdout).not.toMatch(/^Try \d\/8/m);
    expect(run.stdout).toMatch(new RegExp(`runs\\.json:${line}: run number 99999999999999 is beyond`));
    expect(run.stdout).toMatch(/::error .*file=runs\.json,line=\d+/);
    expect(await head()).toBe(broken);
    expect(await inbox()).toMatch(/refs\/heads\/flakeguard-data-inbox\/\d{14}-3-test-a1-/);
    expect(parseResultsFile(await readFile(run.outputs['results-file']!, 'utf8')).tests.map((t) => t.id)).toEqual(['pkg.Suite::a', 'pkg.Suite::b']);
  }, 60_000);

  it('run numbers far apart (1 and 2,000,000,000) are read in memory bounded by the rows, not by the numbers', async () => {
    await twoRuns();
    // A legitimate-looking branch whose runs are numbered far apart: both rows are referred to by a history line.
    await world.editDataFile('runs.json', (t) => t.replace(/"00000002"/, '"2000000000"'));
    await world.editDataFile('history/00.json', (t) =>
      t
        .replace(/"from":1,"o":"\(FP\)\(FP\)"/, '"from":1,"o":"(FP).1999999998(FP)"')
        .replace(/"m":\{"1":"timeout","2":"timeout"\}/, '"m":{"1":"timeout","2000000000":"timeout"}')
        .replace('"from":1,"o":"PP"', '"from":1,"o":"P.1999999998P"'),
    );
    await world.writeReport('reports/unit.xml', junitXml([{ name: 'a' }, { name: 'b' }]));
    // 256 MB of heap: two dense arrays over two billion run numbers would not fit (before the fix: 10 GB asked).
    const run = await world.run({ runId: 3, env: { NODE_OPTIONS: '--max-old-space-size=256' } });
    expectOutcome(run, 'success');
    expect((await history())['pkg.Suite::a']).toMatchObject({ o: '(FP).1999999998(FP)P', m: { 1: 'timeout', 2000000000: 'timeout' } });
    expect((await history())['pkg.Suite::b']!.o).toBe('P.1999999998PP');
    expect(Object.keys((JSON.parse((await world.dataFiles()).get('runs.json')!) as { runs: object }).runs).sort()).toEqual(['00000001', '2000000000', '2000000001']);
  }, 60_000);
});

describe('a runs.json of a million rows', () => {
  it('is refused with a clear error naming it, in bounded memory, before it is parsed; the run is parked and fails', async () => {
    await twoRuns();
    const rows: string[] = [];
    for (let i = 3; i <= 1_000_002; i++) rows.push(`"${String(i).padStart(8, '0')}": ["${i}/test/0", "${'b'.repeat(40)}", 1795168800000, 1, 1]`);
    await world.editDataFile('runs.json', (t) => t.replace(/\n\}\}\n$/, `,\n${rows.join(',\n')}\n}}\n`));
    rows.length = 0;
    const broken = await head();

    await world.writeReport('reports/unit.xml', junitXml([{ name: 'a' }, { name: 'b' }]));
    // 256 MB of heap (before the fix the step took 1.19 GiB and 10.8 s: out of memory here).
    const run = await world.run({ runId: 3, env: { NODE_OPTIONS: '--max-old-space-size=256' } });
    expectOutcome(run, 'failure');
    expect(run.stdout).toMatch(/runs\.json:1: is 9\d\.\d MiB; flakeguard reads at most 32 MiB of it \(docs\/data-branch\.md, "Bounded reading"\)/);
    expect(run.stdout).toMatch(/::error .*file=runs\.json/);
    expect(run.stdout).not.toMatch(/^Try \d\/8/m);
    expect(await head()).toBe(broken);
    expect(await inbox()).toMatch(/flakeguard-data-inbox\//);
  }, 180_000);
});

describe('junk keys in a history line\'s "m"', () => {
  it('are an error naming the file, line and key; nothing is dropped, the branch is not written, the run is parked', async () => {
    await twoRuns();
    const text = (await world.dataFiles()).get('history/00.json')!;
    expect(text).toContain('"m":{"1":"timeout","2":"timeout"}');
    await world.editDataFile('history/00.json', (t) => t.replace('"m":{"1":"timeout","2":"timeout"}', '"m":{"1":"timeout","2":"timeout","note":"see JIRA-1"}'));
    const line = lineOf(text, '"pkg.Suite::a"');
    const broken = await head();

    await world.writeReport('reports/unit.xml', junitXml([{ name: 'a' }, { name: 'b' }]));
    const run = await world.run({ runId: 3 });
    // Before the fix: exit 0, the key "note" silently deleted by the write.
    expectOutcome(run, 'failure');
    expect(run.stdout).toMatch(new RegExp(`history/00\\.json:${line}: .*"m" of 'pkg\\.Suite::a' has the key "note", which is not one of its runs`));
    expect(await head()).toBe(broken);
    expect((await world.dataFiles()).get('history/00.json')).toContain('"note":"see JIRA-1"');
    expect(await inbox()).toMatch(/flakeguard-data-inbox\//);
  }, 60_000);
});

describe('until', () => {
  const CLI = join(PROJECT_ROOT, 'dist/cli/index.js');
  const cli = (args: string[]): Promise<{ code: number | null; stderr: string }> =>
    new Promise((res) => {
      const child = spawn(NODE24, [CLI, ...args], { cwd: world.root, env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp' }, stdio: ['ignore', 'pipe', 'pipe'] });
      let stderr = '';
      child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
      child.on('close', (code) => res({ code, stderr }));
    });
  const MESSAGE = 'must be a date like 2026-12-31 (or a time like 2026-12-31T18:00:00Z), got "2099-02-30": 2099-02 has no day 30';

  it('"2099-02-30" is refused with the same message by the action (a stats file) and by the CLI', async () => {
    await twoRuns();
    await world.editDataFile('stats/00.json', (t) => setOverride(t, 'pkg.Suite::b', '{"action":"quarantine","until":"2099-02-30"}'));
    const stats = (await world.dataFiles()).get('stats/00.json')!;
    const line = lineOf(stats, '"pkg.Suite::b"');

    await world.writeReport('reports/unit.xml', junitXml([{ name: 'a' }, { name: 'b', attempts: 'F' }]));
    const run = await world.run({ runId: 3 });
    // Before the fix: read as 2099-03-02, b quarantined by hand and its failure forgiven (exit 0).
    expectOutcome(run, 'failure');
    expect(run.stdout).toContain(`override.until ${MESSAGE}`);
    expect(run.stdout).toMatch(new RegExp(`::error .*file=stats/00\\.json,line=${line}`));
    // The broken stats file is kept byte for byte.
    expect((await world.dataFiles()).get('stats/00.json')).toBe(stats);

    const refused = await cli(['quarantine', 'pkg.Suite::a', '--until', '2099-02-30', '--remote', world.remote]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(`--until ${MESSAGE}`);
    // Before the fix the CLI refused "2026-02-30" only because it is past; "2099-02-30" was written.
    expect((await world.dataFiles()).get('stats/00.json')).toBe(stats);
  }, 60_000);
});

describe('a run whose history could not be saved', () => {
  it('is parked when the data branch refuses pushes for good but the inbox takes them, and fails when nothing takes them', async () => {
    await world.writeReport('reports/unit.xml', junitXml([{ name: 'a' }]));
    expectOutcome(await world.run({ runId: 1 }), 'success');
    const hook = join(world.remote, 'hooks', 'pre-receive');
    // Refuses every push to the data branch itself (a rule, a freeze), lets the inbox through.
    await writeFile(hook, '#!/bin/sh\nwhile read old new ref; do case "$ref" in refs/heads/flakeguard-data) echo "data branch frozen" >&2; exit 1;; esac; done\nexit 0\n');
    await chmod(hook, 0o755);
    const parked = await world.run({ runId: 2 });
    // Before the fix: "The history was NOT saved … (a warning)", exit 0, nothing parked.
    expectOutcome(parked, 'success');
    expect(parked.stdout).toMatch(/History parked on flakeguard-data-inbox\/\d{14}-2-test-a1-[0-9a-f]{10} \(the remote refused the push for good/);
    expect(await inbox()).toMatch(/flakeguard-data-inbox\//);

    await writeFile(hook, '#!/bin/sh\necho "pushes are frozen" >&2\nexit 1\n');
    const lost = await world.run({ runId: 3 });
    // Before the fix: exit 0 with a warning; the green run's history was neither saved nor parked.
    expectOutcome(lost, 'failure');
    expect(lost.stdout).toMatch(/::error.*The history was NOT saved to flakeguard-data: .*parking the results on flakeguard-data-inbox\/.* failed too/);
    expect(lost.outputs['results-file']).toMatch(/flakeguard-results-/);
  }, 90_000);

  it('is parked when the first push of its parcel fails (a reset connection, a server at its limit): parking is tried again', async () => {
    await world.writeReport('reports/unit.xml', junitXml([{ name: 'a' }]));
    expectOutcome(await world.run({ runId: 1 }), 'success');
    const hook = join(world.remote, 'hooks', 'pre-receive');
    const once = join(world.root, 'inbox-refused-once');
    // The data branch is frozen; the inbox's first push fails, as a git daemon at its connection limit resets one.
    await writeFile(
      hook,
      `#!/bin/sh\nwhile read old new ref; do case "$ref" in refs/heads/flakeguard-data) echo "data branch frozen" >&2; exit 1;; refs/heads/flakeguard-data-inbox/*) if [ ! -e '${once}' ]; then touch '${once}'; echo "connection reset" >&2; exit 1; fi;; esac; done\nexit 0\n`,
    );
    await chmod(hook, 0o755);
    const run = await world.run({ runId: 2 });
    // Before the fix: "parking the results … failed too", the run failed and its results were only in its results file.
    expectOutcome(run, 'success');
    expect(run.stdout).toMatch(/Parking on flakeguard-data-inbox\/\S+ failed \(.*\); trying again \(2\/3\)/);
    expect(run.stdout).toMatch(/History parked on flakeguard-data-inbox\//);
    expect(await inbox()).toMatch(/flakeguard-data-inbox\//);
  }, 90_000);
});
