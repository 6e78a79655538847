/**
 * Ids across reports (docs/test-ids.md, ADR 0410): reporters that write one testcase per test (vitest, jest-junit,
 * mocha-junit-reporter) never write a retry, so the same id in two of their reports of one run (a monorepo: one report
 * per package) is two tests, qualified by their reports' directories; a twin's ` [n]` suffix never takes a real title
 * (ADR 0411).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { World } from '../support/action.ts';

let world: World;
beforeEach(async () => {
  world = await World.create();
});
afterEach(async () => {
  await world.dispose();
});

const FAILURE = '<failure message="expected 2 to be 3" type="AssertionError">AssertionError: expected 2 to be 3</failure>';

/** One package's report in the root name of each reporter, with `src/index.test.ts` / `works` passing or failing. */
function report(root: 'vitest tests' | 'jest tests' | 'Mocha Tests', outcome: 'pass' | 'fail', other: string): string {
  return `<?xml version="1.0" encoding="UTF-8" ?>
<testsuites name="${root}" tests="2" failures="${outcome === 'fail' ? 1 : 0}" errors="0" time="0.05">
  <testsuite name="src/index.test.ts" timestamp="2026-11-20T09:20:00.123Z" tests="2" failures="0" errors="0" skipped="0" time="0.01">
    <testcase classname="src/index.test.ts" name="works" time="0.001">${outcome === 'fail' ? FAILURE : ''}</testcase>
    <testcase classname="src/index.test.ts" name="${other}" time="0.001"></testcase>
  </testsuite>
</testsuites>
`;
}

const history = async (): Promise<Record<string, { o: string }>> => {
  const tests: Record<string, { o: string }> = {};
  for (const [path, text] of await world.dataFiles()) if (/^history\/.*\.json$/.test(path)) Object.assign(tests, (JSON.parse(text) as { tests: Record<string, { o: string }> }).tests);
  return tests;
};

describe('the same id in two reports of one run', () => {
  for (const root of ['vitest tests', 'jest tests', 'Mocha Tests'] as const) {
    it(`${root}: package a's failure is not package b's retry; a later run of a alone is not forgiven`, async () => {
      await world.writeReport('reports/packages/a/junit.xml', report(root, 'fail', 'only in a'));
      await world.writeReport('reports/packages/b/junit.xml', report(root, 'pass', 'only in b'));
      const run = await world.run();
      const why = `stdout:\n${run.stdout}\nsummary:\n${run.summary}`;
      expect(run.exitCode, why).toBe(1);
      expect(run.outputs.outcome, why).toBe('failure');
      expect(run.outputs['quarantined-tests'], why).toBe('[]');
      expect(run.outputs['blocking-failures'], why).toBe('1');
      expect(run.summary, why).not.toMatch(/[1-9]\d* passed on retry/);
      // The warning names both files, in the step's log and in the summary.
      expect(run.stdout, why).toMatch(/::warning title=The same test id in several reports::.*'src\/index.test.ts::works'.*reports\/packages\/a\/junit.xml.*reports\/packages\/b\/junit.xml/);
      expect(run.summary, why).toContain('#### The same test id in several reports');
      expect(run.summary, why).toMatch(/reports\/packages\/a\/junit\.xml.*reports\/packages\/b\/junit\.xml/);
      const tests = await history();
      expect(tests['[reports/packages/a] src/index.test.ts::works']!.o, why).toBe('F');
      expect(tests['[reports/packages/b] src/index.test.ts::works']!.o, why).toBe('P');
      // Ids no other report has keep their plain form.
      expect(tests['src/index.test.ts::only in a']!.o, why).toBe('P');
      expect(tests['src/index.test.ts::only in b']!.o, why).toBe('P');
      expect(tests['src/index.test.ts::works'], why).toBeUndefined();

      await world.removeReports();
      await world.writeReport('reports/packages/a/junit.xml', report(root, 'fail', 'only in a'));
      const alone = await world.run();
      const why2 = `stdout:\n${alone.stdout}\nsummary:\n${alone.summary}`;
      expect(alone.exitCode, why2).toBe(1);
      expect(alone.outputs.outcome, why2).toBe('failure');
      expect(alone.outputs['blocking-failures'], why2).toBe('1');
      expect(alone.summary, why2).toContain('**0** forgiven');
      expect(alone.stdout, why2).not.toContain('The same test id in several reports');
      // Alone, a's test keeps the qualified id its history is under; its other test keeps its plain id.
      const after = await history();
      expect(after['[reports/packages/a] src/index.test.ts::works']!.o, why2).toBe('FF');
      expect(after['[reports/packages/b] src/index.test.ts::works']!.o, why2).toBe('P');
      expect(after['src/index.test.ts::works'], why2).toBeUndefined();
      expect(after['src/index.test.ts::only in a']!.o, why2).toBe('PP');
    });
  }

  it("a qualified test is never re-run into the other package's pass: its failure stands", async () => {
    await world.writeReport('reports/packages/a/junit.xml', report('vitest tests', 'fail', 'only in a'));
    await world.writeReport('reports/packages/b/junit.xml', report('vitest tests', 'pass', 'only in b'));
    // A re-run in the workspace answers with the plain id, as a runner over both packages would.
    await world.writeReport('rerun-pass.xml', report('vitest tests', 'pass', 'only in a'));
    const run = await world.run({ inputs: { rerun: 'cp rerun-pass.xml "$FLAKEGUARD_RERUN_REPORT"' } });
    const why = `stdout:\n${run.stdout}\nsummary:\n${run.summary}`;
    expect(run.exitCode, why).toBe(1);
    expect(run.outputs['blocking-failures'], why).toBe('1');
    expect(run.outputs['proven-flaky'], why).toBe('[]');
    expect(run.stdout, why).toMatch(/Re-runs: '\[reports\/packages\/a\] src\/index.test.ts::works' could not be re-run: its id is in more than one report of this run/);
  });

  it('a retry dialect (gotestsum) still merges the same id across its reports into attempts', async () => {
    const go = (status: 'pass' | 'fail'): string => `<?xml version="1.0" encoding="UTF-8"?>
<testsuites tests="1" failures="${status === 'fail' ? 1 : 0}" errors="0" time="0.1">
  <testsuite tests="1" failures="0" time="0.1" name="example.com/app/store" timestamp="2026-11-20T09:20:00Z">
    <testcase classname="example.com/app/store" name="TestSync" time="0.100">${status === 'fail' ? '<failure message="Failed" type="">store_test.go:12: timeout</failure>' : ''}</testcase>
  </testsuite>
</testsuites>
`;
    await world.writeReport('reports/1/go.xml', go('fail'));
    await world.writeReport('reports/2/go.xml', go('pass'));
    const run = await world.run({ inputs: { 'test-outcome': 'success' } });
    expect(run.outputs.outcome).toBe('success');
    expect(run.summary).toContain('1 passed on retry');
    expect(run.stdout).not.toContain('The same test id in several reports');
  });
});

describe("a twin's suffix never takes a real title", () => {
  it('vitest twins next to a real `works [2]`: the twin that fails stays red', async () => {
    // `works` twice (twins), then a real test titled `works [2]` that passes: the failing twin must not merge with it.
    await world.writeReport(
      'reports/unit.xml',
      `<?xml version="1.0" encoding="UTF-8" ?>
<testsuites name="vitest tests" tests="3" failures="1" errors="0" time="0.05">
  <testsuite name="src/index.test.ts" timestamp="2026-11-20T09:20:00.123Z" tests="3" failures="1" errors="0" skipped="0" time="0.01">
    <testcase classname="src/index.test.ts" name="works" time="0.001"></testcase>
    <testcase classname="src/index.test.ts" name="works" time="0.001">${FAILURE}</testcase>
    <testcase classname="src/index.test.ts" name="works [2]" time="0.001"></testcase>
  </testsuite>
</testsuites>
`,
    );
    const run = await world.run();
    const why = `stdout:\n${run.stdout}\nsummary:\n${run.summary}`;
    expect(run.exitCode, why).toBe(1);
    expect(run.outputs.outcome, why).toBe('failure');
    expect(run.summary, why).not.toMatch(/[1-9]\d* passed on retry/);
    expect(run.summary, why).toContain('3 tests in the reports');
    const tests = await history();
    expect(tests['src/index.test.ts::works']!.o, why).toBe('P');
    expect(tests['src/index.test.ts::works [2]']!.o, why).toBe('P');
    expect(tests['src/index.test.ts::works [3]']!.o, why).toBe('F');
  });
});
