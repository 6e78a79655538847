/**
 * The job summary the bundled action writes, over a real sequence of runs: verdict, blocking and forgiven failures,
 * newly quarantined and released tests, the flakiest tests and the flakiness chart; and its limits with 10k failures.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { World, junitXml, type ActionRun } from '../support/action.ts';
import type { FakeGitHub } from '../support/github-fake/index.ts';
import { decodeEntities, expectSafeMarkdown } from '../report/markdown-checks.ts';
import { expectOutcome, many, runWithApi, startFake } from '../report/dist-support.ts';

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

function section(summary: string, title: string): string {
  const text = decodeEntities(summary);
  const start = text.indexOf(`#### ${title}`);
  expect(start, `no section '${title}' in:\n${text}`).toBeGreaterThanOrEqual(0);
  const end = text.indexOf('\n#### ', start + 1);
  return text.slice(start, end < 0 ? undefined : end);
}

function rows(block: string): string[][] {
  return block
    .split('\n')
    .filter((l) => l.startsWith('| ') && !l.startsWith('| ---'))
    .slice(1)
    .map((l) => l.slice(2, -2).split(' | '));
}

describe('the job summary', () => {
  it('tells apart blocking and forgiven failures, and shows quarantines entering and leaving, the flakiest tests and a chart', async () => {
    // Released after a single clean run, to see a release in three runs.
    await world.writeReport('.github/flakeguard.yml', 'policy:\n  release-after-clean-runs: 1\n');
    const inputs = { config: '.github/flakeguard.yml' };
    const report = (a: string, b: string, c: string) =>
      junitXml([
        { classname: 'shop.Api', name: 'retries', attempts: a, message: 'timeout after 5000ms', file: 'tests/api.test.ts', line: 10 },
        { classname: 'shop.Api', name: 'polls', attempts: b, message: 'socket hang up', file: 'tests/api.test.ts', line: 20 },
        { classname: 'shop.Cart', name: 'totals', attempts: c, message: 'expected 90 to equal 81' },
        { classname: 'shop.Cart', name: 'empties' },
      ]);

    const runs: ActionRun[] = [];
    for (let i = 0; i < 2; i++) {
      await world.writeReport('reports/unit.xml', report('FP', 'FP', 'P'));
      const run = await runWithApi(world, gh, { inputs });
      expectOutcome(run, 'success');
      runs.push(run);
    }
    const [first, second] = runs as [ActionRun, ActionRun];
    // One failure and pass on the same commit is proof enough: both enter on the first run, and stay on the second.
    expect(rows(section(first.summary, '🔒 Newly quarantined (2)')).map((r) => [r[0], r[4]])).toEqual([
      ['shop.Api::polls', '`stats/00.json`'],
      ['shop.Api::retries', '`stats/00.json`'],
    ]);
    expect(decodeEntities(second.summary)).not.toContain('Newly quarantined');
    expect(JSON.parse(second.outputs['quarantined-tests']!)).toEqual(['shop.Api::polls', 'shop.Api::retries']);
    expect(rows(section(second.summary, '🔁 Passed on a retry (2)')).map((r) => r.slice(0, 2))).toEqual([
      ['shop.Api::retries', '✗✓'],
      ['shop.Api::polls', '✗✓'],
    ]);

    // On a new commit: `retries` fails with the message it showed flakily (forgiven), `totals` fails unquarantined.
    await world.commit('change');
    await world.writeReport('reports/unit.xml', report('F', 'P', 'F'));
    const third = await runWithApi(world, gh, { inputs });
    expectOutcome(third, 'failure');
    const s = third.summary;
    expectSafeMarkdown(s);
    const lines = decodeEntities(s).split('\n');
    expect(lines[0]).toBe('### ❌ flakeguard: Fix 1 failing test: shop.Cart::totals');
    expect(lines[2]).toMatch(/^- ❌ \*\*shop\.Cart::totals\*\* — failed in this run, not quarantined .* · expected 90 to equal 81$/);
    expect(lines[3]).toMatch(
      /^- ⚠️ \*\*shop\.Api::retries\*\* — quarantined: forgiven as flaky · \[tests\/api\.test\.ts:10\]\(https:\/\/github\.com\/octo\/project\/blob\/[0-9a-f]{40}\/tests\/api\.test\.ts#L10\) · timeout after 5000ms$/,
    );
    expect(lines).toContain('**2** failed · **1** blocks · **1** forgiven · 0 passed on retry · 4 tests in the reports · 1 quarantined');
    // A test without a file is still listed.
    expect(rows(section(s, '❌ Blocking failures (1)'))).toEqual([['shop.Cart::totals', 'expected 90 to equal 81', '—', 'not quarantined']]);
    const [forgiven] = rows(section(s, '⚠️ Forgiven failures: quarantined tests (1)'));
    expect(forgiven![0]).toBe('shop.Api::retries');
    expect(forgiven![1]).toBe('timeout after 5000ms');
    expect(forgiven![2]).toMatch(/^0\.\d\d \[0\.\d\d, 0\.\d\d\]$/);
    expect(forgiven![3]).toBe('↻↻✗');
    expect(forgiven![4]).toMatch(/^failed and passed on the same commit 2 times in 3 runs/);
    expect(forgiven![5]).toBe('`stats/00.json`');
    expect(section(s, '⚠️ Forgiven failures')).toContain('set `"override": "never"` on the test\'s line');
    const [released] = rows(section(s, '🔓 Released from quarantine (1)'));
    expect(released![0]).toBe('shop.Api::polls');
    expect(released![1]).toMatch(/^released: passed at the first attempt in the last 1 runs; PFS 0\.\d\d \[0\.\d\d, 0\.\d\d\]$/);
    expect(released![2]).toBe('↻↻✓');

    const top = rows(section(s, '📊 Flakiest tests of the suite (top 3)'));
    expect(top.map((r) => [r[0], r[1], r[3], r[4]])).toEqual([
      ['1', 'shop.Api::retries', 'yes', '↻↻✗'],
      ['2', 'shop.Api::polls', 'no', '↻↻✓'],
      ['3', 'shop.Cart::totals', 'no', '✓✓✗'],
    ]);
    for (const r of top) {
      expect(r[2]).toMatch(/^0\.\d\d \[0\.\d\d, 0\.\d\d\]$/);
      expect(r).toHaveLength(5); // no tier or score beside the decision (issue #15)
    }

    const chart = section(s, '📈 Suite flakiness over time (last 3 runs)');
    expect(chart).toContain('  x-axis "run, oldest to newest" ["1", "2", "3"]');
    expect(chart).toContain('  bar [50, 50, 0]');
    expect(chart).toContain('  line [0, 0, 50]');
    expect(chart).toContain('Latest run: 0 flaky (0%) and 2 failed (50%) of 4 test runs.');
    expect(decodeEntities(s)).toMatch(/1 test is quarantined in total\. History saved to flakeguard-data at [0-9a-f]{12}\./);

    // The check run got the same summary.
    expect(gh.violations()).toEqual([]);
    const checkSummary = gh.state.checkRuns.at(-1)!.output.summary!;
    expect(decodeEntities(checkSummary)).toContain("Annotations: on this check run's lines of code.");
    expect(decodeEntities(s)).toContain("Annotations: 2 on the check run 'flakeguard'.");
    const normalise = (t: string): string =>
      decodeEntities(t)
        .replace(/^Annotations: .*$/m, 'Annotations: …')
        .trimEnd();
    expect(normalise(checkSummary)).toBe(normalise(s));
  });

  it('with 10k failures: the step summary stays under 1 MiB, the check run under its limits, the step does not fail because of it', async () => {
    await world.writeReport(
      'reports/unit.xml',
      junitXml(many(`a test with a rather long name that goes on ${'and on '.repeat(10)}#`, 10_000, 'F', `expected <div class="x|y">${'z'.repeat(300)}</div>`)),
    );
    const run = await runWithApi(world, gh, { inputs: { 'test-outcome': 'failure' } });
    expectOutcome(run, 'failure');
    expect(run.outputs['blocking-failures']).toBe('10000');
    expect(Buffer.byteLength(run.summary)).toBeLessThan(1024 * 1024);
    expectSafeMarkdown(run.summary);
    const text = decodeEntities(run.summary);
    expect(text.split('\n')[0]).toMatch(/^### ❌ flakeguard: Fix 10,000 failing tests: app\.Suite::a test with a rather long name .*… and 9,997 more$/);
    expect(text).toContain('- …and 9,990 more tests, in the tables below.');
    expect(text).toMatch(/_…and 9,7[0-9]{2} more, not shown here/);
    expect(text).toMatch(
      /This summary was cut to stay under GitHub's size limit: 9,7[0-9]{2} rows are not shown\. Every test's history and scores are on the data branch \[flakeguard-data\]\(https:\/\/github\.com\/octo\/project\/tree\/flakeguard-data\)/,
    );
    expect(text).toContain("Annotations: 1000 on the check run 'flakeguard'; 9000 more failures not annotated (a check run gets at most 1000 from flakeguard).");

    expect(gh.violations()).toEqual([]);
    const check = gh.state.checkRuns[0]!;
    expect(check.annotationBatches).toEqual(Array.from({ length: 20 }, () => 50));
    expect(check.output.summary!.length).toBeLessThanOrEqual(65_535);
    expect(check.output.summary).toContain('This summary was cut');
    expectSafeMarkdown(check.output.summary!);
  });
});
