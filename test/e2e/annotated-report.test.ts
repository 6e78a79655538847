/**
 * The annotated report (issue 44, docs/annotated-report.md), end to end: dist/index.js under Node 24 against a bare
 * repository, re-running with the fake runner; then the three report actions' own parsers read the JUnit it wrote
 * (test/support/report-actions.ts) and the CTRF report is checked against the CTRF schema (the ctrf package).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { validate } from 'ctrf';
import { World, junitXml, type ActionRun, type CaseSpec } from '../support/action.ts';
import { createFake, type Fake } from '../support/rerun-fake.ts';
import { actionJunitReport, dornyTestReporter, publishUnitTestResult } from '../support/report-actions.ts';
import { parseReportFiles } from '../../src/junit/index.ts';

let world: World;
let fake: Fake;
beforeEach(async () => {
  world = await World.create();
  fake = await createFake(join(world.root, 'fake'));
});
afterEach(async () => {
  await world.dispose();
});

async function ciRun(cases: CaseSpec[], inputs: Record<string, string> = {}): Promise<ActionRun> {
  await world.commit(`run ${Math.random()}`);
  await world.removeReports();
  await world.writeReport('reports/unit.xml', junitXml(cases));
  const failed = cases.some((c) => /[FE]$/.test(c.attempts ?? 'P'));
  return world.run({ inputs: { 'test-outcome': failed ? 'failure' : 'success', rerun: fake.command, ...inputs } });
}

const HOSTILE = 'boom ]]> <b>&amp; "quoted"\u0001\u001b[31m\ud800 end';

describe('annotated-report', () => {
  it('writes the run with its verdicts: the report actions count the flaky test as passed and flaky, the real failure as failed', async () => {
    // A test quarantined as flaky by a retry flip in its report.
    const first = await ciRun([
      { classname: 'app.Net', name: 'fetches', attempts: 'FP', message: 'timeout after 5000 ms' },
      { classname: 'app.Math', name: 'adds' },
    ]);
    expect(JSON.parse(first.outputs['quarantined-tests']!)).toEqual(['app.Net::fetches']);

    // The run: one failure proven flaky by a re-run, one real failure (failing every re-run, a hostile message), the
    // quarantined test failing with its known message (its re-runs are left out, so its quarantine decides), a skip.
    await fake.setBehaviour({ tests: { divides: 'P', breaks: 'F' }, messages: { breaks: HOSTILE }, leaveOut: ['fetches'] });
    const run = await ciRun(
      [
        { classname: 'app.Math', name: 'adds' },
        { classname: 'app.Math', name: 'divides', attempts: 'F', message: 'expected 2 but was 3' },
        { classname: 'app.Math', name: 'breaks', attempts: 'F', message: HOSTILE },
        { classname: 'app.Net', name: 'fetches', attempts: 'F', message: 'timeout after 5000 ms' },
        { classname: 'app.Math', name: 'later', attempts: 'S' },
      ],
      { 'annotated-report': 'flakeguard/annotated.xml' },
    );
    expect(run.outputs.outcome, run.stdout).toBe('failure');
    expect(run.outputs['blocking-failures']).toBe('1');
    expect(run.outputs['quarantined-failures']).toBe('1');
    expect(JSON.parse(run.outputs['proven-flaky']!)).toEqual(['app.Math::divides']);
    // The output names the file written; the CTRF report is beside it.
    expect(run.outputs['annotated-report']).toBe('flakeguard/annotated.xml');
    const xmlPath = join(world.workspace, 'flakeguard/annotated.xml');
    const ctrfPath = join(world.workspace, 'flakeguard/annotated.ctrf.json');
    expect(existsSync(ctrfPath)).toBe(true);
    const xml = await readFile(xmlPath, 'utf8');
    expect(xml).toContain('<flakyFailure message="expected 2 but was 3"');
    expect(xml).toContain('<rerunFailure');

    // flakeguard's own parser reads back every attempt: the re-runs are in the report.
    const back = await parseReportFiles([xmlPath], { workspace: world.workspace });
    expect(back.problems).toEqual([]);
    const attempts = Object.fromEntries(back.tests.map((t) => [t.name, t.attempts.map((a) => a.status[0]).join('')]));
    expect(attempts).toMatchObject({ adds: 'p', divides: 'fp', fetches: 'f', later: 's' });
    expect(attempts['breaks']).toMatch(/^ff+$/);

    // dorny/test-reporter: no flaky state; the flaky test passes, the real failure and the forgiven one fail.
    const dorny = await dornyTestReporter(xmlPath);
    expect(dorny).toMatchObject({ tests: 5, passed: 2, failed: 2, skipped: 1, result: 'failed' });
    expect(dorny.failures.map((f) => f.name).sort()).toEqual(['breaks', 'fetches']);
    expect(dorny.failures.find((f) => f.name === 'breaks')!.message).toContain('boom ]]> <b>&amp; "quoted"');

    // mikepenz/action-junit-report: the flaky test in its flaky table with its retry; two failures.
    const mikepenz = await actionJunitReport(xmlPath);
    expect(mikepenz).toMatchObject({ total: 5, passed: 2, failed: 2, skipped: 1 });
    expect(mikepenz.flaky).toEqual([{ title: 'Math.divides', retries: 1 }]);

    // EnricoMi/publish-unit-test-result-action: two failed tests and runs, the flaky one a success.
    const enrico = await publishUnitTestResult(xmlPath);
    expect(enrico.stats).toMatchObject({ tests: 5, tests_succ: 2, tests_fail: 2, tests_skip: 1, runs: 5, runs_succ: 2, runs_fail: 2, runs_skip: 1 });
    expect(Object.fromEntries(enrico.cases.map((c) => [c.name, c.result]))).toEqual({ adds: 'success', divides: 'success', breaks: 'failure', fetches: 'failure', later: 'skipped' });

    // CTRF: valid by the schema; flaky and retries as they happened.
    const ctrf = JSON.parse(await readFile(ctrfPath, 'utf8')) as { results: { summary: Record<string, number>; tests: Array<Record<string, unknown>> } };
    expect(validate(ctrf)).toEqual({ valid: true, errors: [] });
    expect(ctrf.results.summary).toMatchObject({ tests: 5, passed: 2, failed: 2, skipped: 1, flaky: 1 });
    const byName = Object.fromEntries(ctrf.results.tests.map((t) => [t.name as string, t]));
    expect(byName['divides']).toMatchObject({ status: 'passed', flaky: true, retries: 1, retryAttempts: [{ attempt: 1, status: 'failed', message: 'expected 2 but was 3' }] });
    expect(byName['breaks']).toMatchObject({ status: 'failed', flaky: false });
    expect(byName['breaks']!.retries).toBeGreaterThanOrEqual(1);
    expect(byName['fetches']).toMatchObject({ status: 'failed', rawStatus: 'failed', tags: ['quarantined'], extra: { flakeguard: { verdict: 'forgiven', quarantined: true } } });
  }, 180_000);

  it('a report that cannot be written is a warning: the outcome stands, the output is empty', async () => {
    // README.md is a file: no directory can be made under it.
    const run = await ciRun([{ classname: 'app.Math', name: 'adds' }], { 'annotated-report': 'README.md/annotated.xml' });
    expect(run.outputs.outcome, run.stdout).toBe('success');
    expect(run.exitCode).toBe(0);
    expect(run.outputs['annotated-report']).toBe('');
    expect(run.stdout).toMatch(/^::warning::flakeguard could not write the annotated report: .*(EEXIST|ENOTDIR)/m);
  }, 60_000);
});
