/**
 * The GitHub API failing (500, rate limits, a hang) never changes or delays the outcome for long: the bundled
 * action falls back to workflow-command annotations for what the check run did not get, and says so.
 *
 * No assertion here times the step (a loaded machine would break it). A hang is one the fake never ends
 * (`fakeResponses.hang()`): the step can only finish because its own per-request timeout fired, which the tests
 * read off the step's log ("no answer within N ms (timed out)") and the fake's request log (the request was
 * never answered, its client left). Were the timeout gone, the step would wait for ever and the test would fail
 * at vitest's test timeout.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { World, junitXml, type ActionRun } from '../support/action.ts';
import { fakeResponses, type FailResponse, type FakeGitHub } from '../support/github-fake/index.ts';
import { decodeEntities } from '../report/markdown-checks.ts';
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

/** The step gave up on exactly this request: it was never answered, and the client closed the connection. */
async function expectGaveUpOn(operationId: string): Promise<void> {
  const hung = gh.requests.filter((r) => r.operationId === operationId && r.status === undefined);
  expect(hung).toHaveLength(1);
  await gh.settled(hung[0]!);
  expect(hung[0]!.abandoned).toBe(true);
}

function blockingAnnotations(run: ActionRun): string[] {
  const { commands, problems } = workflowCommands(run.stdout);
  expect(problems).toEqual([]);
  return commands.filter((c) => c.name === 'error' && c.props.title?.endsWith(' failed')).map((c) => c.props.title!);
}

describe('API errors while creating the check run', () => {
  it.each<[string, FailResponse, RegExp]>([
    ['a server error (500)', fakeResponses.serverError(), /\(500: Server Error/],
    ['the primary rate limit', fakeResponses.rateLimited({ resetInSeconds: 600 }), /\(403: rate limited: API rate limit exceeded/],
    ['a secondary rate limit (429)', fakeResponses.secondaryRateLimit({ status: 429, retryAfterSeconds: 60 }), /\(429: rate limited: You have exceeded a secondary rate limit/],
  ])('%s: the outcome is still decided, and the failures are annotated with workflow commands', async (_, response, logged) => {
    await world.writeReport('reports/unit.xml', junitXml([...many('b', 3, 'F'), { classname: 'app.Suite', name: 'ok' }]));
    gh.failNext({ operationId: 'checks/create' }, response);
    const run = await runWithApi(world, gh, { inputs: { 'test-outcome': 'failure' } });
    expectOutcome(run, 'failure');
    expect(run.outputs['blocking-failures']).toBe('3');
    expect(gh.violations()).toEqual([]);
    expect(apiCalls(gh)).toHaveLength(1);
    expect(run.stdout).toMatch(logged);
    expect(blockingAnnotations(run)).toEqual(['app.Suite::b0 failed', 'app.Suite::b1 failed', 'app.Suite::b2 failed']);
    expect(decodeEntities(run.summary)).toContain("Annotations: in this step's log as workflow commands: the check run could not be created (");
    expect(decodeEntities(run.summary)).not.toContain('checks: write'); // not a permission problem
    expect(run.outputs['data-commit']).toMatch(/^[0-9a-f]{40}$/);
  });

  // checks/create is the step's only request here, so a short timeout cannot cut a request that should succeed.
  it('a hang: gives up after FLAKEGUARD_API_TIMEOUT_MS and still decides (a passing run stays green)', async () => {
    await world.writeReport('reports/unit.xml', junitXml([{ classname: 'app.Suite', name: 'ok' }]));
    gh.failNext({ operationId: 'checks/create' }, fakeResponses.hang());
    const run = await runWithApi(world, gh, { env: { FLAKEGUARD_API_TIMEOUT_MS: '400' } });
    expectOutcome(run, 'success');
    expect(run.stdout).toContain('no answer within 400 ms (timed out)');
    expect(apiCalls(gh).map((r) => r.operationId)).toEqual(['checks/create']);
    await expectGaveUpOn('checks/create');
    expect(gh.state.checkRuns).toEqual([]);
    expect(gh.violations()).toEqual([]);
  });

  it('a hang with failures: the failures are annotated with workflow commands, the step fails as it must', async () => {
    await world.writeReport('reports/unit.xml', junitXml(many('b', 2, 'F')));
    gh.failNext({ operationId: 'checks/create' }, fakeResponses.hang());
    const run = await runWithApi(world, gh, { env: { FLAKEGUARD_API_TIMEOUT_MS: '400' } });
    expectOutcome(run, 'failure');
    expect(run.stdout).toContain('no answer within 400 ms (timed out)');
    expect(apiCalls(gh).map((r) => r.operationId)).toEqual(['checks/create']);
    await expectGaveUpOn('checks/create');
    expect(blockingAnnotations(run)).toEqual(['app.Suite::b0 failed', 'app.Suite::b1 failed']);
    expect(decodeEntities(run.summary)).toMatch(/the check run could not be created \([^\n]*no answer within 400 ms \(timed out\)/);
  });
});

describe('API errors after the check run was created', () => {
  it('a failed batch: the check run keeps what it got, the rest goes to workflow commands', async () => {
    await world.writeReport('reports/unit.xml', junitXml(many('b', 120, 'F')));
    gh.failNext({ operationId: 'checks/update' }, fakeResponses.serverError());
    const run = await runWithApi(world, gh);
    expectOutcome(run, 'failure');
    expect(gh.violations()).toEqual([]);
    const check = gh.state.checkRuns[0]!;
    expect(check).toMatchObject({ conclusion: 'failure', annotationBatches: [50] });
    // The 70 that were not sent: the first 9 of them shown (with the step's own error as the 10th).
    expect(blockingAnnotations(run)).toEqual(Array.from({ length: 9 }, (_, i) => `app.Suite::b${50 + i} failed`));
    expect(run.stdout).toContain("Check run 'flakeguard' created, but only 50 of 120 annotations were sent (500: Server Error");
    expect(decodeEntities(run.summary)).toContain("Annotations: 50 of 120 on the check run 'flakeguard'; the request for the others failed (500: Server Error");
  });

  it('a hung batch: the same, after the timeout', async () => {
    await world.writeReport('reports/unit.xml', junitXml(many('b', 60, 'F')));
    gh.failNext({ operationId: 'checks/update' }, fakeResponses.hang());
    // The timeout applies to every request, and checks/create must be answered within it: the fake answers it in
    // tens of milliseconds, so 3 s leaves a loaded machine a wide margin (it costs this test 3 s of waiting).
    const run = await runWithApi(world, gh, { env: { FLAKEGUARD_API_TIMEOUT_MS: '3000' } });
    expectOutcome(run, 'failure');
    expect(run.stdout).toContain('no answer within 3000 ms (timed out)');
    expect(apiCalls(gh).map((r) => [r.operationId, r.status])).toEqual([
      ['checks/create', 201],
      ['checks/update', undefined],
    ]);
    await expectGaveUpOn('checks/update');
    expect(gh.violations()).toEqual([]);
    expect(gh.state.checkRuns[0]!.annotationBatches).toEqual([50]);
    expect(blockingAnnotations(run)).toEqual(Array.from({ length: 9 }, (_, i) => `app.Suite::b${50 + i} failed`));
  });
});
