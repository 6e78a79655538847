/**
 * Without the right to create check runs (a fork's pull request, or `permissions` without `checks: write`), the
 * bundled action annotates with workflow commands: at most 10 of each kind are shown per step, so blocking failures
 * come first, room is left for the step's own error or warning, and one notice counts what was left out.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { World, junitXml, type ActionRun, type CaseSpec } from '../support/action.ts';
import { fakeResponses, type FakeGitHub } from '../support/github-fake/index.ts';
import { decodeEntities } from '../report/markdown-checks.ts';
import { apiCalls, expectOutcome, many, runWithApi, startFake, workflowCommands, type WorkflowCommand } from '../report/dist-support.ts';

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
 * Passing tests next to the flaky ones: `count` tests failing with one message (theirs differ only in numbers) must
 * be less than half their report, or that is an outage, which is no evidence and never forgiven.
 */
function steady(count: number): CaseSpec[] {
  return Array.from({ length: count + 1 }, (_, i) => ({ classname: 'app.Suite', name: i === 0 ? 'steady' : `steady${i}` }));
}

/** A run in which q0..q(count-1) failed and passed on the same commit: quarantined from then on. */
async function quarantine(count: number): Promise<void> {
  await world.writeReport('reports/unit.xml', junitXml([...many('q', count, 'FP', 'timeout'), ...steady(count)]));
  const run = await world.run();
  expectOutcome(run, 'success');
  expect(JSON.parse(run.outputs['quarantined-tests']!)).toHaveLength(count);
}

function annotationCommands(run: ActionRun): WorkflowCommand[] {
  const { commands, problems } = workflowCommands(run.stdout);
  expect(problems).toEqual([]);
  return commands.filter((c) => c.name === 'error' || c.name === 'warning' || c.name === 'notice');
}

describe('workflow-command annotations when the token may not create check runs', () => {
  it('on 403 "Resource not accessible by integration": blocking first, 10 per kind with the step\'s own error, then a summary line', async () => {
    await quarantine(15);
    await world.commit('change');
    await world.writeReport('reports/unit.xml', junitXml([...many('b', 30, 'F'), ...many('q', 15, 'F', 'timeout'), { classname: 'app.Suite', name: 'steady' }]));
    gh.failNext({ operationId: 'checks/create' }, fakeResponses.permissionDenied());
    const run = await runWithApi(world, gh, { inputs: { 'test-outcome': 'failure' } });

    expectOutcome(run, 'failure');
    expect(run.outputs['blocking-failures']).toBe('30');
    expect(run.outputs['quarantined-failures']).toBe('15');
    expect(gh.violations()).toEqual([]);
    expect(apiCalls(gh).map((r) => [r.operationId, r.status])).toEqual([['checks/create', 403]]);
    expect(gh.state.checkRuns).toEqual([]);

    const shown = annotationCommands(run);
    const errors = shown.filter((c) => c.name === 'error');
    const warnings = shown.filter((c) => c.name === 'warning');
    // 9 blocking failures + the step's own failure = the 10 errors GitHub shows.
    expect(errors.map((c) => c.props.title)).toEqual([...Array.from({ length: 9 }, (_, i) => `app.Suite::b${i} failed`), undefined]);
    expect(errors[0]).toMatchObject({ props: { file: 'tests/b.test.ts', line: '1' }, data: 'expected true to be false (b0)' });
    // The 30 failures share one message in one report: an outage, said apart (src/policy/outage.ts).
    expect(errors[9]!.data).toBe(
      "30 failed tests are not quarantined. An outage: 30 of the 46 tests of reports/unit.xml failed with the same message. Those failures are not flakiness: never forgiven, and no test's evidence.",
    );
    expect(warnings.map((c) => c.props.title)).toEqual(Array.from({ length: 10 }, (_, i) => `app.Suite::q${i} failed (forgiven: quarantined as flaky)`));
    expect(warnings[0]!.data).toContain('set "override": "never" on the line of "app.Suite::q0"');
    // Every blocking annotation comes before every forgiven one.
    const lastBlocking = shown.map((c) => c.props.title?.startsWith('app.Suite::b') ?? false).lastIndexOf(true);
    expect(shown.findIndex((c) => c.name === 'warning')).toBeGreaterThan(lastBlocking);
    const notices = shown.filter((c) => c.name === 'notice');
    expect(notices.map((c) => c.data)).toEqual([
      '21 blocking and 5 forgiven failures are not annotated here: GitHub shows at most 10 annotations of each kind per step. The job summary lists the failures.',
    ]);
    expect(run.stdout).toContain("Could not create the check run 'flakeguard' (403: Resource not accessible by integration");
    expect(decodeEntities(run.summary)).toContain("Annotations: in this step's log as workflow commands: the check run could not be created (403: Resource not accessible by integration");
    expect(decodeEntities(run.summary)).toContain('give the workflow `permissions: checks: write`');
    expect(run.summary).toContain('#### ❌ Blocking failures (30)');
  });

  it('on 403 with only forgiven failures: the step succeeds, and its own warning keeps its slot', async () => {
    await quarantine(12);
    await world.writeReport('reports/unit.xml', junitXml([...many('q', 12, 'F', 'timeout'), ...steady(12)]));
    gh.failNext({ operationId: 'checks/create' }, fakeResponses.permissionDenied());
    const run = await runWithApi(world, gh);
    expectOutcome(run, 'success');
    const warnings = annotationCommands(run).filter((c) => c.name === 'warning');
    expect(warnings).toHaveLength(10);
    expect(warnings.slice(0, 9).every((c) => c.props.title?.endsWith('failed (forgiven: quarantined as flaky)'))).toBe(true);
    expect(warnings[9]!.data).toBe('12 failed tests were forgiven because they are quarantined; the job passes.');
    expect(
      annotationCommands(run)
        .filter((c) => c.name === 'notice')
        .map((c) => c.data),
    ).toEqual(['3 forgiven failures are not annotated here: GitHub shows at most 10 annotations of each kind per step. The job summary lists the failures.']);
  });

  it("on a fork's pull request: no API call at all (its token is read-only), workflow commands instead", async () => {
    await world.writeReport('reports/unit.xml', junitXml([{ classname: 'app.Suite', name: 'broken', attempts: 'F', file: 'tests/x.test.ts', line: 12 }]));
    const run = await runWithApi(world, gh, {
      eventName: 'pull_request',
      ref: 'refs/pull/5/merge',
      event: {
        repository: { default_branch: 'main', full_name: 'octo/project' },
        pull_request: { number: 5, head: { repo: { full_name: 'someone/project-fork' } } },
      },
    });
    expectOutcome(run, 'failure');
    expect(gh.requests).toEqual([]);
    const errors = annotationCommands(run).filter((c) => c.name === 'error');
    expect(errors[0]).toMatchObject({ props: { title: 'app.Suite::broken failed', file: 'tests/x.test.ts', line: '12' } });
    expect(decodeEntities(run.summary)).toContain("Annotations: in this step's log as workflow commands: a pull request from a fork gets a read-only token");
  });
});
