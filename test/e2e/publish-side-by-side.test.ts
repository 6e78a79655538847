/**
 * Publishing waits for its slowest part, not for the sum of its parts (docs/adr/0360-publishing-side-by-side.md): the
 * check run, the issues for test owners and the pull-request comment are sent side by side once the outcome is
 * decided. The bundled dist/index.js against the OpenAPI-checked GitHub fake, with the check run's answer held back.
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import { World, junitXml, type CaseSpec } from '../support/action.ts';
import { startGitHubFake, type FakeGitHub } from '../support/github-fake/index.ts';
import { expectOutcome } from '../support/expect.ts';

const TOKEN = 'ghs_side_by_side';
let world: World;
let gh: FakeGitHub;

beforeEach(async () => {
  world = await World.create();
  gh = await startGitHubFake({ owner: 'octo', repo: 'project', token: TOKEN });
  await world.writeReport('.github/CODEOWNERS', '*  @octo/qa\n');
});
afterEach(async () => {
  await gh.close();
  await world.dispose();
});

const flaky = (attempts: string): CaseSpec => ({ classname: 'app.Cart', name: 'total', attempts, file: 'src/cart/cart.test.ts', message: 'expected 3 to be 4' });
const stable: CaseSpec = { classname: 'app.Util', name: 'ok', file: 'src/util.test.ts' };

async function ciRun(cases: CaseSpec[], inputs: Record<string, string> = {}) {
  await world.commit(`change ${Math.random()}`);
  await world.writeReport('reports/unit.xml', junitXml(cases));
  return world.run({ inputs: { token: TOKEN, 'create-issues': 'true', 'check-run': 'true', ...inputs }, env: { GITHUB_API_URL: gh.url } });
}

it('opens the issue while the check run is still being answered, and keeps the job summary in its order', async () => {
  // The first run without a check run, so that the one `arrived` finds is the second run's.
  expectOutcome(await ciRun([stable, flaky('F')], { 'test-outcome': 'failure', 'check-run': 'false' }), 'failure');
  // The check run is answered 4 s late (and then carried out): the issue must not wait for it.
  gh.failNext({ operationId: 'checks/create' }, { delayMs: 4000 });
  const running = ciRun([stable, flaky('FP')]);
  const check = await gh.arrived({ operationId: 'checks/create' });
  const opened = await gh.arrived({ operationId: 'issues/create' });
  expect(check.status).toBeUndefined();
  const run = await running;
  expectOutcome(run, 'success');
  expect(opened.status).toBe(201);
  expect(check.status).toBe(201);
  expect(gh.violations()).toEqual([]);
  expect(gh.state.issues).toHaveLength(1);
  expect(gh.state.checkRuns.at(-1)).toMatchObject({ conclusion: 'success' });
  // The run's summary first, then the issues' section, however the requests interleaved.
  const own = run.summary.indexOf('flakeguard');
  const issues = run.summary.indexOf('#### Issues for test owners');
  expect(own).toBeGreaterThanOrEqual(0);
  expect(issues).toBeGreaterThan(own);
  expect(run.summary).toContain('on the check run');
});

it('an issues dry run writes its plan after the run summary while the check run is answered late', async () => {
  expectOutcome(await ciRun([stable, flaky('F')], { 'test-outcome': 'failure', 'issues-dry-run': 'true' }), 'failure');
  gh.failNext({ operationId: 'checks/create' }, { delayMs: 1500 });
  const run = await ciRun([stable, flaky('FP')], { 'issues-dry-run': 'true' });
  expectOutcome(run, 'success');
  const own = run.summary.indexOf('flakeguard');
  const plan = run.summary.indexOf('#### Issues for test owners (dry run)');
  expect(own).toBeGreaterThanOrEqual(0);
  expect(plan).toBeGreaterThan(own);
  expect(gh.state.issues).toHaveLength(0);
  expect(gh.violations()).toEqual([]);
});
