import { describe, expect, it } from 'vitest';
import { CHECK_SUMMARY_BUDGET_BYTES, renderSummary, SUMMARY_BUDGET_BYTES, summaryFacts, verdict } from '../../src/report/summary.ts';
import type { Decision } from '../../src/policy/quarantine.ts';
import type { ScoreView } from '../../src/report/scores.ts';
import { decision, parsedTest, summaryInput, syntheticHistory } from './fixtures.ts';
import { decodeEntities, expectSafeMarkdown } from './markdown-checks.ts';

function section(text: string, title: string): string {
  const start = text.indexOf(`#### ${title}`);
  if (start < 0) throw new Error(`no section '${title}' in:\n${text}`);
  const end = text.indexOf('\n#### ', start + 1);
  return text.slice(start, end < 0 ? undefined : end);
}

function tableRows(block: string): string[][] {
  return block
    .split('\n')
    .filter((l) => l.startsWith('| ') && !l.startsWith('| ---'))
    .slice(1)
    .map((l) => l.slice(2, -2).split(' | '));
}

const flaky = () => ({
  tests: [parsedTest('a::real', 'F', { file: 'src/a.test.ts', line: 3 }), parsedTest('a::flaky', 'F'), parsedTest('a::ok', 'P'), parsedTest('a::retry', 'FP')],
  quarantinedBefore: ['a::flaky'],
  decisions: new Map<string, Decision>([
    ['a::flaky', decision('PRRFF', true)],
    ['a::real', decision('PPPPF', false)],
    ['a::ok', decision('PPPPP', false)],
    ['a::retry', decision('PPPPR', false)],
  ]),
  scores: new Map<string, ScoreView>([
    ['a::flaky', { tier: 'Flaky', pf: 0.529, pfLow: 0.213, pfHigh: 0.81, score: 0.411 }],
    ['a::real', { tier: 'Intermittent', pf: 0.2, pfLow: 0.01, pfHigh: 0.5, score: 0.2 }],
    ['a::ok', { tier: 'Stable', pf: 0.9, pfLow: 0.8, pfHigh: 0.95, score: 0 }],
  ]),
});

describe('the headline', () => {
  it('says how many failed, how many block and how many were forgiven', () => {
    const text = renderSummary(summaryInput(flaky()));
    const lines = text.split('\n');
    // What to do first, then one line per failed test (the blocking one first) with its verdict, file:line and message.
    expect(decodeEntities(lines[0]!)).toBe('### ❌ flakeguard: Fix 1 failing test: a::real');
    expect(decodeEntities(lines[2]!)).toBe(
      '- ❌ **a::real** — failed in this run, not quarantined (not re-run: the `rerun` input proves a failure flaky or real on the spot) · src/a.test.ts:3 · boom F',
    );
    expect(decodeEntities(lines[3]!)).toBe('- ⚠️ **a::flaky** — quarantined: forgiven as flaky · boom F');
    expect(decodeEntities(lines[4]!)).toBe('- 🔁 **a::retry** — flaky: passed on a retry in this run · boom F');
    expect(lines).toContain('**2** failed · **1** blocks · **1** forgiven · 1 passed on retry · 4 tests in the reports · 1 quarantined');
    expect(text).toContain(
      '**Why the job fails:**\n\n- 1 failed test is not quarantined: a&#58;&#58;real. Fix it: quarantine is for flaky tests, and nothing in this run shows it flaky (no pass on this commit).',
    );
  });

  it.each([
    [[], [], 'No test failed'],
    [['F'], ['t0'], 'Nothing to do: 1 failure forgiven (quarantined as flaky)'],
    [['FP', 'P'], [], 'Nothing to do: 1 flaky failure passed on a retry'],
    [['F', 'F', 'F'], [], 'Fix 3 failing tests: t0, t1, t2'],
    [['F', 'F', 'F', 'F'], [], 'Fix 4 failing tests: t0, t1, t2 and 1 more'],
  ])('%j with %j quarantined: %s', (attempts, quarantined, expected) => {
    const tests = attempts.map((a, i) => parsedTest(`t${i}`, a));
    const input = summaryInput({ tests, quarantinedBefore: quarantined });
    expect(verdict(input.outcome)).toBe(expected);
    expect(decodeEntities(renderSummary(input).split('\n')[0]!)).toContain(expected);
  });

  it('fails without a failed test when the run cannot be trusted', () => {
    const input = summaryInput({ tests: [parsedTest('t', 'P')] });
    input.outcome.result = 'failure';
    input.outcome.reasons.push("The test step's outcome is 'failure' but the reports show no failed test");
    expect(decodeEntities(renderSummary(input).split('\n')[0]!)).toBe('### ❌ flakeguard: The job fails, though no test failed (see why)');
  });
});

describe('the tables', () => {
  it('lists blocking failures with their message, location ("—" when the report has no file) and why they block', () => {
    const input = summaryInput({ tests: [parsedTest('a::located', 'F', { file: 'src/a.test.ts', line: 3 }), parsedTest('a::nowhere', 'E')] });
    const rows = tableRows(section(renderSummary(input), '❌ Blocking failures (2)'));
    expect(rows).toEqual([
      ['a&#58;&#58;located', 'boom F', 'src/a.test.ts&#58;3', 'not quarantined'],
      ['a&#58;&#58;nowhere', 'boom E', '—', 'not quarantined'],
    ]);
    const unforgiven = { ...input, outcome: { ...input.outcome, unforgiven: new Map([['a::nowhere', 'quarantined, but failed in an outage (<b>5</b> tests): not forgiven']]) } };
    expect(tableRows(section(renderSummary(unforgiven), '❌ Blocking failures (2)'))[1]![3]).toBe('quarantined, but failed in an outage &#40;&lt;b&gt;5&lt;/b&gt; tests&#41;&#58; not forgiven');
  });

  it('lists forgiven failures with PFS and interval, recent runs, why, and the file to edit to lift it', () => {
    const text = renderSummary(summaryInput(flaky()));
    const block = section(text, '⚠️ Forgiven failures: quarantined tests (1)');
    expect(tableRows(block)).toEqual([['a&#58;&#58;flaky', 'boom F', '0.53 &#91;0.21, 0.81&#93;', '✓↻↻✗✗', 'failed and passed on the same commit 2 times in 9 runs', '`stats/00.json`']]);
    expect(block).toContain('set `"override": "never"` on the test\'s line in the file named');
    expect(block).toContain('[flakeguard&#45;data](https://github.com/o/r/tree/flakeguard-data)');
  });

  it('lists tests newly quarantined and released by this run', () => {
    const text = renderSummary(summaryInput({ ...flaky(), newlyQuarantined: ['a::retry'], released: ['a::ok'] }));
    expect(tableRows(section(text, '🔒 Newly quarantined (1)'))).toEqual([['a&#58;&#58;retry', 'no counted failure', '—', '✓✓✓✓↻', '`stats/00.json`']]);
    expect(tableRows(section(text, '🔓 Released from quarantine (1)'))).toEqual([['a&#58;&#58;ok', 'no counted failure', '✓✓✓✓✓']]);
  });

  it('leaves out empty tables', () => {
    const text = renderSummary(summaryInput({ tests: [parsedTest('t', 'P')] }));
    expect(text).not.toContain('#### ❌');
    expect(text).not.toContain('#### ⚠️');
    expect(text).not.toContain('#### 🔒');
  });
});

describe('the flakiest tests of the suite', () => {
  it('ranks tests with signs of flakiness by PFS, with the decision and recent runs; no other method labels a test against it', () => {
    const text = section(renderSummary(summaryInput(flaky())), '📊 Flakiest tests');
    const rows = tableRows(text);
    // a::ok has the highest PFS of all but no failure or retry among its recent runs: not listed.
    // The regression ✓✓✓✓✗ is no longer labelled Flaky, nor the quarantined test by any tier: the decision comes from the rule.
    expect(rows).toEqual([
      ['1', 'a&#58;&#58;flaky', '0.53 &#91;0.21, 0.81&#93;', 'yes', '✓↻↻✗✗'],
      ['2', 'a&#58;&#58;real', '0.20 &#91;0.01, 0.50&#93;', 'no', '✓✓✓✓✗'],
      ['3', 'a&#58;&#58;retry', '—', 'no', '✓✓✓✓↻'],
    ]);
    expect(text).toContain('a ranking, not the decision');
    expect(text).toContain('decided by the evidence rule');
    expect(text).not.toMatch(/Intermittent|Stable|Flaky \|/);
  });

  it("shows the active rule's own measure beside the decision", () => {
    const rows = tableRows(section(renderSummary({ ...summaryInput(flaky()), rule: 'flip-rate' }), '📊 Flakiest tests'));
    expect(rows[0]).toEqual(['1', 'a&#58;&#58;flaky', '0.53 &#91;0.21, 0.81&#93;', '— &#40;Flaky&#41;', 'yes', '✓↻↻✗✗']);
    const mf = tableRows(section(renderSummary({ ...summaryInput(flaky()), rule: 'multi-factor' }), '📊 Flakiest tests'));
    expect(mf[1]![3]).toBe('0.20 &#40;—&#41;');
  });

  it("shows the multi-factor recommendation's priority beside its action (seed 000)", () => {
    const input = summaryInput(flaky());
    const scores = new Map(input.scores as Map<string, ScoreView>);
    scores.set('a::flaky', { ...scores.get('a::flaky'), score: 0.66, recommendation: 'investigate', priority: 'high' });
    const rows = tableRows(section(renderSummary({ ...input, scores, rule: 'multi-factor' }), '📊 Flakiest tests'));
    expect(rows[0]![3]).toBe('0.66 &#40;investigate, high&#41;');
  });

  it('keeps the top 10 of 50,000 candidates in order', () => {
    const decisions = new Map<string, Decision>();
    const scores = new Map<string, ScoreView>();
    for (let i = 0; i < 50_000; i++) {
      const id = `t${i}`;
      decisions.set(id, decision('PF', false));
      scores.set(id, { pf: ((i * 7919) % 50_000) / 50_000, pfLow: 0, pfHigh: 1, tier: 'Flaky', score: 0.5 });
    }
    const facts = summaryFacts(summaryInput({ tests: [], decisions, scores }));
    const pfs = facts.top.map((t) => t.score!.pf!);
    expect(pfs).toHaveLength(10);
    expect(pfs).toEqual([...pfs].sort((a, b) => b - a));
    expect(pfs[0]).toBe(49_999 / 50_000);
  });
});

describe('the flakiness chart', () => {
  it('draws the share of flaky and failed test runs per run as a mermaid xychart', () => {
    // 4 tests, 6 runs: test 1 flakes (FP) in odd runs, test 0 fails in the last run.
    const history = syntheticHistory(4, 6, (t, r) => (t === 1 && r % 2 ? 'FP' : r === 5 && t === 0 ? 'F' : 'P'));
    const text = renderSummary(summaryInput({ ...flaky(), history }));
    const block = section(text, '📈 Suite flakiness over time (last 6 runs)');
    expect(block).toContain(
      [
        '```mermaid',
        'xychart-beta',
        '  title "Flaky and failed test runs (%)"',
        '  x-axis "run, oldest to newest" ["1", "2", "3", "4", "5", "6"]',
        '  y-axis "% of test runs" 0 --> 50',
        '  bar [0, 25, 0, 25, 0, 25]',
        '  line [0, 0, 0, 0, 0, 25]',
        '```',
      ].join('\n'),
    );
    expect(block).toContain('Latest run: 1 flaky (25%) and 1 failed (25%) of 4 test runs.');
  });

  it('has no chart with a single run', () => {
    const text = renderSummary(summaryInput({ ...flaky(), history: syntheticHistory(3, 1, () => 'FP') }));
    expect(text).not.toContain('```mermaid');
  });
});

describe('size limits', () => {
  function hugeRun(failures: number) {
    const tests = Array.from({ length: failures }, (_, i) => parsedTest(`pkg.Suite${i % 50}::test | number ${i} <b>@org/team</b> ${'x'.repeat(200)}`, 'F', { file: `src/t${i}.test.ts`, line: i + 1 }));
    for (const t of tests) t.attempts[0]!.message = `expected <div class="a|b">${'y|'.repeat(400)}</div>`;
    const quarantinedBefore = tests.filter((_, i) => i % 2 === 1).map((t) => t.id);
    const decisions = new Map(tests.map((t) => [t.id, decision('PFRFRFRFRFRFRFRFRFRF', true, `flaky ${'|'.repeat(300)}`)]));
    const scores = new Map(tests.map((t) => [t.id, { tier: 'Chronic', pf: 0.5, pfLow: 0.25, pfHigh: 0.75, score: 0.9 }]));
    return summaryInput({ tests, quarantinedBefore, decisions, scores, newlyQuarantined: tests.slice(0, 3000).map((t) => t.id), released: tests.slice(3000, 6000).map((t) => t.id) });
  }

  it('stays under the 1 MiB step-summary limit with 10k failures, keeps every section, and says it was cut', () => {
    const text = renderSummary(hugeRun(10_000));
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(SUMMARY_BUDGET_BYTES);
    expect(decodeEntities(text.split('\n')[0]!)).toMatch(/^### ❌ flakeguard: Fix 5,000 failing tests: pkg\.Suite0::test \| number 0 <b>@org\/team<\/b> x+…?, pkg/);
    // The lead shows 10 failed tests, then how many more.
    expect(text).toContain('- …and 9,990 more tests, in the tables below.');
    for (const title of [
      '❌ Blocking failures (5,000)',
      '⚠️ Forgiven failures: quarantined tests (5,000)',
      '🔒 Newly quarantined (3,000)',
      '🔓 Released from quarantine (3,000)',
      '📊 Flakiest tests',
    ]) {
      expect(text).toContain(`#### ${title}`);
    }
    expect(section(text, '❌ Blocking failures')).toMatch(/_…and 4,[0-9]{3} more, not shown here/);
    expect(text).toMatch(
      /This summary was cut to stay under GitHub's size limit: [0-9,]+ rows are not shown\. Every test's history and scores are on the data branch \[flakeguard&#45;data\]\(https:\/\/github\.com\/o\/r\/tree\/flakeguard-data\)/,
    );
    expect(text).toContain('tests are quarantined in total. History saved');
    expectSafeMarkdown(text);
  });

  it("fits the check run's 65,535-character summary with 10k failures, still with every section", () => {
    const text = renderSummary(hugeRun(10_000), { budgetBytes: CHECK_SUMMARY_BUDGET_BYTES });
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(CHECK_SUMMARY_BUDGET_BYTES);
    expect(text.length).toBeLessThan(65_535);
    for (const title of ['❌ Blocking failures', '⚠️ Forgiven failures', '🔒 Newly quarantined', '📊 Flakiest tests']) expect(text).toContain(`#### ${title}`);
    expect(tableRows(section(text, '❌ Blocking failures')).length).toBeGreaterThan(5);
    expect(text).toContain('This summary was cut');
    expectSafeMarkdown(text);
  });

  it('cuts by bytes when rows are huge, and points at the data branch', () => {
    const tests = Array.from({ length: 150 }, (_, i) => parsedTest(`t${i}`, 'F'));
    for (const t of tests) t.attempts[0]!.message = 'z'.repeat(200);
    const text = renderSummary(summaryInput({ tests }), { budgetBytes: 6000 });
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(6000);
    expect(text).toContain('cut to stay under');
    expect(text).toContain('https://github.com/o/r/tree/flakeguard-data');
  });

  it('is not cut when everything fits', () => {
    const text = renderSummary(summaryInput(flaky()));
    expect(text).not.toContain('cut to stay under');
    expect(text).not.toContain('more, not shown');
  });
});

describe('size', () => {
  // Not timed here (tests run in parallel on shared machines, and a timed unit test proves nothing there): the
  // summary is rendered by every step `npm run bench` times, at 10k and 100k tests; the timeout only stops a blow-up.
  it('renders both summaries for 100k tests with 20 runs each and 10k failures, the check run within its budget', { timeout: 60_000 }, () => {
    const history = syntheticHistory(100_000, 20, (t, r) => ((t * 31 + r) % 97 === 0 ? 'FP' : (t + r) % 211 === 0 ? 'F' : 'P'));
    const ids = [...history.keys()];
    const tests = ids.slice(0, 10_000).map((id) => parsedTest(id, 'F'));
    const decisions = new Map<string, Decision>();
    const scores = new Map<string, ScoreView>();
    ids.forEach((id, i) => {
      decisions.set(id, decision(i % 3 === 0 ? 'PPPRPPPPFP' : 'PPPPPPPPPP', i % 20 === 0));
      scores.set(id, { tier: 'Flaky', pf: (i % 1000) / 1000, pfLow: 0, pfHigh: 1, score: 0.3 });
    });
    const input = summaryInput({ tests, history, quarantinedBefore: ids.slice(0, 5000), decisions, scores, quarantinedAfter: ids.filter((_, i) => i % 20 === 0) });
    const facts = summaryFacts(input);
    const check = renderSummary(input, { facts, budgetBytes: CHECK_SUMMARY_BUDGET_BYTES });
    const step = renderSummary(input, { facts });
    expect(facts.trend.points).toHaveLength(20);
    expect(step).toContain('```mermaid');
    expect(check.length).toBeLessThan(65_535);
  });
});
