/**
 * The bundled action, end to end: dist/index.js under Node 24, a workspace cloned from a bare repository,
 * several consecutive runs, and the outcome rules.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { NODE24, World, git, junitXml, setOverride } from '../support/action.ts';
import { expectOutcome } from '../support/expect.ts';

let world: World;
beforeEach(async () => {
  world = await World.create();
});
afterEach(async () => {
  await world.dispose();
});

/** The step's result and the `outcome` output must always agree. */
function statsLine(files: Map<string, string>, id: string): Record<string, unknown> {
  for (const [path, text] of files) {
    if (!path.startsWith('stats/')) continue;
    const parsed = JSON.parse(text) as { tests: Record<string, Record<string, unknown>> };
    if (parsed.tests[id]) return parsed.tests[id]!;
  }
  throw new Error(`no stats line for ${id}`);
}

describe('the bundled action under Node 24', () => {
  it('runs on the Node 24 that GitHub uses', () => {
    expect(execFileSync(NODE24, ['--version']).toString()).toMatch(/^v24\./);
  });

  it('keeps a history across consecutive runs without touching the workspace branch', async () => {
    const headBefore = await world.headSha();
    const branchesBefore = await git(world.workspace, ['branch', '-a']);

    // Run 1: the data branch does not exist yet; one test fails.
    await world.writeReport(
      'reports/unit.xml',
      junitXml([
        { classname: 'app.Math', name: 'adds', attempts: 'P' },
        { classname: 'app.Math', name: 'divides', attempts: 'F', message: 'expected 2 but was 3', file: 'src/math.test.ts', line: 7 },
      ]),
    );
    const first = await world.run({ inputs: { 'test-outcome': 'failure' } });
    expectOutcome(first, 'failure');
    expect(first.outputs['failed-tests']).toBe('1');
    expect(first.outputs['blocking-failures']).toBe('1');
    expect(first.outputs['quarantined-failures']).toBe('0');
    expect(first.outputs['quarantined-tests']).toBe('[]');
    expect(first.outputs['data-commit']).toMatch(/^[0-9a-f]{40}$/);
    expect(await world.dataCommits()).toEqual([first.outputs['data-commit']]);
    const afterFirst = await world.dataFiles();
    expect([...afterFirst.keys()].sort()).toEqual(['.nojekyll', 'README.md', 'badge.json', 'decisions.json', 'flakeguard.json', 'history/00.json', 'index.html', 'runs.json', 'stats/00.json']);
    expect(first.summary).toContain('Blocking failures (1)');
    expect(first.stdout).toContain('::error title=app.Math%3A%3Adivides failed,file=src/math.test.ts');

    // Runs 2 and 3: everything passes.
    for (let i = 0; i < 2; i++) {
      await world.writeReport(
        'reports/unit.xml',
        junitXml([
          { classname: 'app.Math', name: 'adds' },
          { classname: 'app.Math', name: 'divides' },
        ]),
      );
      const next = await world.run({ inputs: { 'test-outcome': 'success' } });
      expectOutcome(next, 'success');
      expect(next.outputs['failed-tests']).toBe('0');
      expect((await world.dataCommits())[0]).toBe(next.outputs['data-commit']);
    }

    const commits = await world.dataCommits();
    expect(commits).toHaveLength(3);
    const files = await world.dataFiles();
    const history = JSON.parse(files.get('history/00.json')!) as { tests: Record<string, { o: string }> };
    expect(history.tests['app.Math::divides']!.o).toBe('FPP');
    expect(history.tests['app.Math::adds']!.o).toBe('PPP');
    // Every run here is on the one commit the workspace has: failing and then passing on it proves `divides` flaky.
    expect(statsLine(files, 'app.Math::divides')).toMatchObject({ override: null, quarantined: true, recent: 'FPP' });
    const meta = JSON.parse(files.get('flakeguard.json')!) as { ingested: Record<string, number> };
    expect(Object.keys(meta.ingested)).toHaveLength(3);

    // The user's repository: same commit checked out, no new local branch, clean tree apart from the reports.
    expect(await world.headSha()).toBe(headBefore);
    expect(await git(world.workspace, ['branch', '-a'])).toBe(branchesBefore);
    expect(await git(world.workspace, ['status', '--porcelain', '--untracked-files=no'])).toBe('');
    expect((await git(world.remote, ['log', '--format=%H', 'main'])).trim()).toBe(headBefore);
  });

  it('quarantines a test that failed and passed on the same commit, then forgives its failures', async () => {
    // A run in which the test failed and passed on a retry: the strongest evidence of flakiness, enough alone.
    for (let i = 0; i < 2; i++) {
      await world.writeReport('reports/unit.xml', junitXml([{ name: 'stable' }, { name: 'flaky', attempts: 'FP', message: 'timeout after 5000ms' }]));
      const run = await world.run();
      expectOutcome(run, 'success');
      expect(run.outputs['failed-tests']).toBe('0');
      expect(JSON.parse(run.outputs['newly-quarantined']!)).toEqual(i === 0 ? ['pkg.Suite::flaky'] : []);
      expect(JSON.parse(run.outputs['quarantined-tests']!)).toEqual(['pkg.Suite::flaky']);
    }
    // Now its failure is forgiven, and said so; a real failure next to it still blocks.
    await world.writeReport('reports/unit.xml', junitXml([{ name: 'stable' }, { name: 'flaky', attempts: 'F', message: 'timeout after 5000ms' }]));
    const forgiven = await world.run({ inputs: { 'test-outcome': 'failure' } });
    expectOutcome(forgiven, 'success');
    expect(forgiven.outputs['quarantined-failures']).toBe('1');
    expect(forgiven.outputs['blocking-failures']).toBe('0');
    expect(forgiven.stdout).toMatch(/::warning::1 failed test was forgiven/);
    expect(forgiven.summary).toContain('Forgiven failures: quarantined tests (1)');

    await world.writeReport(
      'reports/unit.xml',
      junitXml([
        { name: 'stable', attempts: 'F' },
        { name: 'flaky', attempts: 'F', message: 'timeout after 5000ms' },
      ]),
    );
    const mixed = await world.run({ inputs: { 'test-outcome': 'failure' } });
    expectOutcome(mixed, 'failure');
    expect(mixed.outputs['quarantined-failures']).toBe('1');
    expect(mixed.outputs['blocking-failures']).toBe('1');
  });

  it('on a new commit, forgives a quarantined test failing as it did flakily, and blocks it failing in a new way', async () => {
    await world.writeReport('reports/unit.xml', junitXml([{ name: 'flaky', attempts: 'FP', message: 'timeout after 5012ms' }]));
    expect(JSON.parse((await world.run()).outputs['newly-quarantined']!)).toEqual(['pkg.Suite::flaky']);

    const known = await world.commit('a change');
    await world.writeReport('reports/unit.xml', junitXml([{ name: 'flaky', attempts: 'FF', message: 'timeout after 4988ms' }]));
    const forgiven = await world.run({ sha: known, inputs: { 'test-outcome': 'failure' } });
    expectOutcome(forgiven, 'success');
    expect(forgiven.outputs['quarantined-failures']).toBe('1');

    const broken = await world.commit('a breaking change');
    await world.writeReport('reports/unit.xml', junitXml([{ name: 'flaky', attempts: 'FF', message: 'expected 200 but got 500' }]));
    const blocked = await world.run({ sha: broken, inputs: { 'test-outcome': 'failure' } });
    expectOutcome(blocked, 'failure');
    expect(blocked.outputs['quarantined-failures']).toBe('0');
    expect(blocked.outputs['blocking-failures']).toBe('1');
    expect(blocked.stdout).toMatch(/1 quarantined test failed in a way its quarantine does not cover/);
    expect(blocked.summary).toContain('quarantined, but failed with a message never seen in its flaky failures');
  });

  it('fails an outage even for a quarantined test, and a passing re-run quarantines nothing', async () => {
    const names = ['a', 'b', 'c', 'd', 'e', 'f'];
    await world.writeReport('reports/db.xml', junitXml(names.map((name) => ({ name: `t${name}`, attempts: 'E', message: `connect ECONNREFUSED 10.0.0.9:5432` }))));
    const outage = await world.run({ runId: 900, inputs: { 'test-outcome': 'failure' } });
    expectOutcome(outage, 'failure');
    await world.writeReport('reports/db.xml', junitXml(names.map((name) => ({ name: `t${name}` }))));
    const rerun = await world.run({ runId: 900, runAttempt: 2 });
    expectOutcome(rerun, 'success');
    // Failed and passed on one commit, but in an outage: no evidence of flakiness.
    expect(JSON.parse(rerun.outputs['quarantined-tests']!)).toEqual([]);
    const runs = JSON.parse((await world.dataFiles()).get('runs.json')!) as { runs: Record<string, unknown[]> };
    expect(Object.values(runs.runs).map((r) => r[6])).toEqual([['connect econnrefused #.#.#.#:line']]);
  });

  it('does not let a failure quarantine itself', async () => {
    await world.writeReport('reports/unit.xml', junitXml([{ name: 'new', attempts: 'FFF' }]));
    const run = await world.run();
    expectOutcome(run, 'failure');
    expect(run.outputs['blocking-failures']).toBe('1');
  });
});

describe('outcome rules', () => {
  it('fails when the test step failed but the reports show no failure', async () => {
    await world.writeReport('reports/unit.xml', junitXml([{ name: 'a' }]));
    const run = await world.run({ inputs: { 'test-outcome': 'failure' } });
    expectOutcome(run, 'failure');
    expect(run.stdout).toContain("The test step's outcome is 'failure' but the reports show no failed test");
  });

  it('fails when the test step was cancelled and the reports show no failure', async () => {
    await world.writeReport('reports/unit.xml', junitXml([{ name: 'a' }]));
    const run = await world.run({ inputs: { 'test-outcome': 'cancelled' } });
    expectOutcome(run, 'failure');
    expect(run.stdout).toContain("outcome is 'cancelled'");
  });

  it('fails when no report matches, and says so', async () => {
    const run = await world.run({ inputs: { reports: 'reports/**/*.xml' } });
    expectOutcome(run, 'failure');
    expect(run.stdout).toContain('No test report matched the `reports` patterns');
  });

  it('fails on an unreadable report while still ingesting the readable ones', async () => {
    await world.writeReport('reports/good.xml', junitXml([{ name: 'a' }]));
    await world.writeReport('reports/broken.xml', '<testsuite><testcase name="x">');
    const run = await world.run();
    expectOutcome(run, 'failure');
    expect(run.stdout).toMatch(/reports\/broken\.xml/);
    const history = JSON.parse((await world.dataFiles()).get('history/00.json')!) as { tests: Record<string, unknown> };
    expect(Object.keys(history.tests)).toEqual(['pkg.Suite::a']);
  });

  it('succeeds when nothing failed', async () => {
    await world.writeReport('reports/unit.xml', junitXml([{ name: 'a' }, { name: 'b', attempts: 'S' }]));
    const run = await world.run({ inputs: { 'test-outcome': 'success' } });
    expectOutcome(run, 'success');
  });

  it('forgives the failure of a test quarantined by hand, and only that one', async () => {
    await world.writeReport('reports/unit.xml', junitXml([{ name: 'a' }, { name: 'b' }]));
    expectOutcome(await world.run(), 'success');
    await world.editDataFile('stats/00.json', (text) => setOverride(text, 'pkg.Suite::a', '{"action":"quarantine","reason":"JIRA-1"}'));
    await world.writeReport('reports/unit.xml', junitXml([{ name: 'a', attempts: 'F' }, { name: 'b' }]));
    const forgiven = await world.run({ inputs: { 'test-outcome': 'failure' } });
    expectOutcome(forgiven, 'success');
    expect(forgiven.outputs['quarantined-failures']).toBe('1');
    const line = statsLine(await world.dataFiles(), 'pkg.Suite::a');
    expect(line.override).toEqual({ action: 'quarantine', reason: 'JIRA-1' });
    expect(line.reason).toBe('quarantined by hand: JIRA-1');

    await world.writeReport('reports/unit.xml', junitXml([{ name: 'a' }, { name: 'b', attempts: 'F' }]));
    expectOutcome(await world.run({ inputs: { 'test-outcome': 'failure' } }), 'failure');
  });

  it('fails with a clear message on a bad input', async () => {
    await world.writeReport('reports/unit.xml', junitXml([{ name: 'a' }]));
    const run = await world.run({ inputs: { 'test-outcome': 'sometimes' } });
    expectOutcome(run, 'failure');
    expect(run.stdout).toContain("Input 'test-outcome' must be one of success, failure, cancelled, skipped");
  });

  it('counts the same results once when the same job attempt is ingested twice', async () => {
    await world.writeReport('reports/unit.xml', junitXml([{ name: 'a', attempts: 'F' }]));
    const first = await world.run({ runId: 77 });
    const again = await world.run({ runId: 77 });
    expectOutcome(first, 'failure');
    expectOutcome(again, 'failure');
    expect(again.outputs['data-commit']).toBe('');
    expect(again.summary).toContain('already in the history');
    const history = JSON.parse((await world.dataFiles()).get('history/00.json')!) as { tests: Record<string, { o: string }> };
    expect(history.tests['pkg.Suite::a']!.o).toBe('F');
  });

  it('joins a workflow re-run to the attempts of the same run', async () => {
    await world.writeReport('reports/unit.xml', junitXml([{ name: 'a', attempts: 'F' }]));
    expectOutcome(await world.run({ runId: 88, runAttempt: 1 }), 'failure');
    await world.writeReport('reports/unit.xml', junitXml([{ name: 'a', attempts: 'P' }]));
    expectOutcome(await world.run({ runId: 88, runAttempt: 2 }), 'success');
    const history = JSON.parse((await world.dataFiles()).get('history/00.json')!) as { tests: Record<string, { o: string }> };
    expect(history.tests['pkg.Suite::a']!.o).toBe('(FP)');
  });
});
