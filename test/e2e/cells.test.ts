/**
 * Quarantine per matrix cell (docs/matrix.md#quarantine-per-cell), through the bundled action on one real bare
 * repository: a matrix of two OS cells (job key `{"os": …}`), each commit tested in both. A test flaky only on
 * Windows is quarantined there only: its failure on Windows is forgiven, the same failure on Linux blocks, also
 * while Linux has not run enough to be shown clean. A hand override names a cell; a malformed one is an error naming
 * its file and line.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { World, junitXml, setOverride, type ActionRun } from '../support/action.ts';
import { expectOutcome } from '../support/expect.ts';
import { mdText } from '../../src/text/escape.ts';

let world: World;
beforeEach(async () => {
  world = await World.create();
});
afterEach(async () => {
  await world.dispose();
});

const A = 'pkg.Suite::a';
const B = 'pkg.Suite::b';
const WIN = 'os=windows-latest';
const LINUX = 'os=ubuntu-latest';
const OS = { [WIN]: { key: '{"os":"windows-latest"}', runner: 'Windows' }, [LINUX]: { key: '{"os":"ubuntu-latest"}', runner: 'Linux' } };

let workflowRun = 100;

/** One matrix job of the current commit's workflow run. */
async function job(cell: keyof typeof OS, a: string, b = 'P'): Promise<ActionRun> {
  await world.writeReport(
    'reports/unit.xml',
    junitXml([
      { name: 'a', attempts: a, message: 'timeout after 30s' },
      { name: 'b', attempts: b, message: 'timeout after 30s' },
    ]),
  );
  return world.run({ runId: workflowRun, inputs: { 'job-key': OS[cell].key }, env: { RUNNER_OS: OS[cell].runner } });
}

/** A new commit, tested on Windows then Linux. */
async function commit(windows: string, linux: string): Promise<[ActionRun, ActionRun]> {
  workflowRun++;
  await world.commit(`commit ${workflowRun}`);
  return [await job(WIN, windows), await job(LINUX, linux)];
}

async function statsLine(id: string): Promise<Record<string, unknown>> {
  const text = (await world.dataFiles()).get('stats/00.json')!;
  const row = text.split('\n').find((l) => l.startsWith(`${JSON.stringify(id)}: `))!;
  return JSON.parse(row.slice(JSON.stringify(id).length + 2).replace(/,$/, '')) as Record<string, unknown>;
}

describe('quarantine per cell', () => {
  it('a test flaky only on Windows: quarantined there only; its failure on Windows forgiven, on Linux blocking', async () => {
    // Windows fails and passes on retry at every commit; Linux passes.
    for (let i = 0; i < 3; i++) for (const run of await commit('FP', 'P')) expectOutcome(run, 'success');
    const files = await world.dataFiles();
    // Every run's row carries its cell, as the 9th field (the 10th, its figures, follows: ADR 0460).
    const runs = files.get('runs.json')!;
    expect(runs).toMatch(new RegExp(`,0,"${WIN}",\\{"b":"main"`));
    expect(runs).toMatch(new RegExp(`,0,"${LINUX}",\\{"b":"main"`));
    const line = await statsLine(A);
    expect(line).toMatchObject({ quarantined: true, cells: [WIN] });
    expect(line.reason).toContain(`only in ${WIN} (clean in ${LINUX}: no failure in 3 runs)`);

    workflowRun++;
    await world.commit('the same failure on both');
    const windows = await job(WIN, 'F');
    expectOutcome(windows, 'success');
    expect(windows.summary).toContain(mdText(`only in ${WIN} (clean in ${LINUX}`));
    const linux = await job(LINUX, 'F');
    expectOutcome(linux, 'failure');
    expect(linux.stdout).toContain(`quarantined only in ${WIN}, but failed in ${LINUX}: not forgiven`);
    expect(linux.summary).toContain(mdText(`quarantined only in ${WIN}, but failed in ${LINUX}`));
  }, 120_000);

  it('a cell that has not run enough to be shown clean is not covered: its failure blocks', async () => {
    // Windows failed and passed on retry once in 4 commits (r = 1/3); Linux's 4 clean runs cannot show it clean yet
    // ((2/3)^5 = 0.13 > 5 %), but it has no flaky failure of its own either.
    for (const w of ['FP', 'P', 'P', 'P']) for (const run of await commit(w, 'P')) expectOutcome(run, 'success');
    const line = await statsLine(A);
    expect(line).toMatchObject({ quarantined: true, cells: [WIN] });
    expect(line.reason).toContain(`only in ${WIN} (not shown flaky in ${LINUX}: no failure in 4 runs)`);
    workflowRun++;
    await world.commit('the flaky message on Linux');
    const linux = await job(LINUX, 'FF');
    expectOutcome(linux, 'failure');
    expect(linux.stdout).toContain(`quarantined only in ${WIN}, but failed in ${LINUX}: not forgiven`);
  }, 120_000);

  it('a hand override naming a cell covers that cell only; a malformed one is an error with its line', async () => {
    await commit('P', 'P');
    await world.editDataFile('stats/00.json', (t) => setOverride(t, B, JSON.stringify({ action: 'quarantine', reason: 'flaky on Linux', cells: ['os=ubuntu-latest'] })));
    workflowRun++;
    await world.commit('b fails on both');
    await world.writeReport('reports/unit.xml', junitXml([{ name: 'a' }, { name: 'b', attempts: 'F', message: 'new message' }]));
    const linux = await world.run({ runId: workflowRun, inputs: { 'job-key': OS[LINUX].key } });
    expectOutcome(linux, 'success');
    expect(JSON.parse(linux.outputs['quarantined-tests']!)).toEqual([B]);
    expect(await statsLine(B)).toMatchObject({ quarantined: true, cells: [LINUX] });
    const windows = await world.run({ runId: workflowRun, inputs: { 'job-key': OS[WIN].key } });
    expectOutcome(windows, 'failure');
    expect(windows.stdout).toContain(`quarantined only in ${LINUX}, but failed in ${WIN}: not forgiven`);

    await world.editDataFile('stats/00.json', (t) => t.replace(/("pkg\.Suite::b": \{"override":)\{[^}]*\}/, `$1${JSON.stringify({ action: 'quarantine', cells: ['linux'] })}`));
    const stats = (await world.dataFiles()).get('stats/00.json')!;
    const at = stats.split('\n').findIndex((l) => l.startsWith(`"${B}"`)) + 1;
    const refused = await world.run({ runId: workflowRun + 1, inputs: { 'job-key': OS[LINUX].key } });
    expectOutcome(refused, 'failure');
    expect(refused.stdout).toContain(`override.cells: each cell must be key=value pairs joined by "," like "os=windows-latest" (a "," in a value written "\\,"), got "linux" (test '${B}')`);
    expect(refused.stdout).toMatch(new RegExp(`::error .*file=stats/00\\.json,line=${at}`));
  }, 120_000);
});
