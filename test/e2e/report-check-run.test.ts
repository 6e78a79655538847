/**
 * The bundled action publishes a check run on the GitHub fake: conclusion = outcome, one annotation per failed
 * test in batches of 50, forgiven failures as warnings that say how flaky the test is and how to lift it.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { World, junitXml } from '../support/action.ts';
import type { FakeGitHub } from '../support/github-fake/index.ts';
import { decodeEntities, expectSafeMarkdown } from '../report/markdown-checks.ts';
import { apiCalls, expectOutcome, many, runWithApi, startFake, workflowCommands } from '../report/dist-support.ts';

let world: World;
let gh: FakeGitHub;
beforeEach(async () => {
  world = await World.create();
  gh = await startFake();
});
afterEach(async () => {
  await gh.close();
  await world.dispose();
});

/**
 * A run in which q0..q(n-1) failed and passed on the same commit: quarantined from then on. Their messages differ
 * only in numbers, so the report has more steady tests than flaky ones: half the report or more failing with one
 * message would be an outage, which is no evidence.
 */
async function quarantine(flakyCount: number): Promise<void> {
  const steady = Array.from({ length: flakyCount + 1 }, (_, i) => ({ classname: 'app.Suite', name: i === 0 ? 'steady' : `steady${i}` }));
  await world.writeReport('reports/unit.xml', junitXml([...many('q', flakyCount, 'FP', 'timeout after 5000ms'), ...steady]));
  const run = await runWithApi(world, gh);
  expectOutcome(run, 'success');
  expect(JSON.parse(run.outputs['newly-quarantined']!)).toHaveLength(flakyCount);
  expect(JSON.parse(run.outputs['quarantined-tests']!)).toHaveLength(flakyCount);
}

describe('check run', () => {
  it('annotates 100 blocking and 20 forgiven failures in batches of 50, 50 and 20, with a failure conclusion', async () => {
    await quarantine(20);
    gh.requests.length = 0;
    gh.state.checkRuns.length = 0;
    await world.commit('change');
    await world.writeReport('reports/unit.xml', junitXml([...many('q', 20, 'F', 'timeout after 5000ms'), ...many('b', 100, 'F'), { classname: 'app.Suite', name: 'steady' }]));
    const run = await runWithApi(world, gh, { inputs: { 'check-name': 'flaky gate', 'test-outcome': 'failure' } });

    expectOutcome(run, 'failure');
    expect(run.outputs['blocking-failures']).toBe('100');
    expect(run.outputs['quarantined-failures']).toBe('20');
    expect(gh.violations()).toEqual([]);
    expect(gh.state.checkRuns).toHaveLength(1);
    const check = gh.state.checkRuns[0]!;
    expect(check).toMatchObject({ name: 'flaky gate', status: 'completed', conclusion: 'failure', head_sha: await world.headSha() });
    expect(check.details_url).toMatch(/\/actions\/runs\/\d+\/attempts\/1$/);
    expect(check.annotationBatches).toEqual([50, 50, 20]);
    expect(apiCalls(gh).map((r) => r.operationId)).toEqual(['checks/create', 'checks/update', 'checks/update']);

    const annotations = check.output.annotations;
    // Blocking failures first, as failures; then the forgiven ones, as warnings.
    expect(annotations.slice(0, 100).every((a) => a.annotation_level === 'failure')).toBe(true);
    expect(annotations.slice(100).every((a) => a.annotation_level === 'warning')).toBe(true);
    expect(annotations[0]).toMatchObject({ path: 'tests/b.test.ts', start_line: 1, end_line: 1, title: 'app.Suite::b0 failed', message: 'expected true to be false (b0)' });
    // A test without a file is annotated on its report, and says so.
    expect(annotations[9]).toMatchObject({ path: 'reports/unit.xml', start_line: 1, title: 'app.Suite::b9 failed' });
    expect(annotations[9]!.message).toContain('The report gives no source file for this test');

    const forgiven = annotations[100]!;
    expect(forgiven).toMatchObject({ path: 'tests/q.test.ts', start_line: 1, title: 'app.Suite::q0 failed (forgiven: quarantined as flaky)' });
    expect(forgiven.message).toMatch(/^Flakiness: PFS 0\.\d\d \[0\.\d\d, 0\.\d\d\] \(probability that a run fails for no reason, 90% interval\)\.$/m);
    expect(forgiven.message).toContain('Recent runs, oldest to newest: ↻✗');
    expect(forgiven.message).toContain(`To lift the quarantine: on the data branch 'flakeguard-data', edit stats/00.json, set "override": "never" on the line of "app.Suite::q0"`);
    expect(forgiven.message).toContain('This failure: timeout after 5000ms (q0)');

    // The check run's summary is the job summary's, within the check run's limit.
    expect(check.output.title).toBe('Fix 100 failing tests: app.Suite::b0, app.Suite::b1, app.Suite::b2 and 97 more');
    expect(check.output.summary).toContain('#### ❌ Blocking failures (100)');
    expect(check.output.summary).toContain('#### ⚠️ Forgiven failures: quarantined tests (20)');
    expectSafeMarkdown(check.output.summary!);
    expect(decodeEntities(run.summary)).toContain("Annotations: 120 on the check run 'flaky gate'.");
    expect(run.stdout).toContain("Check run 'flaky gate' published with 120 annotations in 3 requests.");

    // No workflow-command annotation duplicates the check run's: the only error is the step's own failure.
    const { commands, problems } = workflowCommands(run.stdout);
    expect(problems).toEqual([]);
    expect(commands.filter((c) => c.name === 'error' || c.name === 'warning').map((c) => c.data)).toEqual([
      // The 100 failures share one message in one report: an outage, said apart (src/policy/outage.ts).
      "100 failed tests are not quarantined. An outage: 100 of the 121 tests of reports/unit.xml failed with the same message. Those failures are not flakiness: never forgiven, and no test's evidence.",
    ]);
  });

  it('sends a few hundred annotations in batches of at most 50 (320 → 6 × 50 + 20)', async () => {
    await world.writeReport('reports/unit.xml', junitXml(many('t', 320, 'F')));
    const run = await runWithApi(world, gh);
    expectOutcome(run, 'failure');
    expect(gh.violations()).toEqual([]);
    const check = gh.state.checkRuns[0]!;
    expect(check.annotationBatches).toEqual([50, 50, 50, 50, 50, 50, 20]);
    expect(new Set(check.output.annotations.map((a) => a.title)).size).toBe(320);
    expect(Buffer.byteLength(run.summary)).toBeLessThan(1024 * 1024);
  });

  it('concludes success when every failure was forgiven', async () => {
    await quarantine(3);
    gh.state.checkRuns.length = 0;
    await world.writeReport('reports/unit.xml', junitXml([...many('q', 3, 'F'), { classname: 'app.Suite', name: 'steady' }]));
    const run = await runWithApi(world, gh, { inputs: { 'test-outcome': 'failure' } });
    expectOutcome(run, 'success');
    expect(gh.violations()).toEqual([]);
    const check = gh.state.checkRuns[0]!;
    expect(check).toMatchObject({ name: 'flakeguard', conclusion: 'success' });
    expect(check.output.title).toBe('Nothing to do: 3 failures forgiven (quarantined as flaky)');
    expect(check.output.annotations.map((a) => a.annotation_level)).toEqual(['warning', 'warning', 'warning']);
    expect(decodeEntities(run.summary.split('\n')[0]!)).toBe('### ✅ flakeguard: Nothing to do: 3 failures forgiven (quarantined as flaky)');
  });

  it('publishes a check run with no annotation when nothing failed', async () => {
    await world.writeReport('reports/unit.xml', junitXml([{ name: 'a' }, { name: 'b' }]));
    const run = await runWithApi(world, gh);
    expectOutcome(run, 'success');
    expect(gh.violations()).toEqual([]);
    expect(gh.state.checkRuns[0]).toMatchObject({ conclusion: 'success', annotationBatches: [] });
    expect(gh.state.checkRuns[0]!.output.title).toBe('No test failed');
  });

  it('makes no API request with check-run: false', async () => {
    await world.writeReport('reports/unit.xml', junitXml([{ name: 'a', attempts: 'F', file: 'tests/a.test.ts', line: 3 }]));
    const run = await runWithApi(world, gh, { inputs: { 'check-run': 'false' } });
    expectOutcome(run, 'failure');
    expect(gh.requests).toEqual([]);
    const { commands } = workflowCommands(run.stdout);
    expect(commands.find((c) => c.name === 'error' && c.props.title === 'pkg.Suite::a failed')).toMatchObject({ props: { file: 'tests/a.test.ts', line: '3' } });
  });
});
