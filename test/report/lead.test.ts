import { describe, expect, it } from 'vitest';
import { leadItems, leadMarkdown, leadTitle, type LeadCase } from '../../src/report/lead.ts';
import { CHECK_SUMMARY_BUDGET_BYTES, renderSummary } from '../../src/report/summary.ts';
import { renderRerunSection } from '../../src/report/rerun-summary.ts';
import type { RerunCase, RerunResult } from '../../src/rerun/plan.ts';
import { NO_HISTORY } from '../../src/rerun/stopping.ts';
import { mdInert, mdText } from '../../src/text/escape.ts';
import { decision, parsedTest, summaryInput } from './fixtures.ts';
import { decodeEntities, expectSafeMarkdown } from './markdown-checks.ts';

const reruns = (codes: string) => parsedTest('x', codes).attempts;
const leadCase = (historyId: string, verdict: LeadCase['verdict'], codes: string): LeadCase => ({ historyId, kind: 'failed', verdict, reruns: reruns(codes) });

describe('the verdict in words', () => {
  it('says each failure as the user would, blocking ones first', () => {
    const input = summaryInput({
      tests: [parsedTest('a::flaky', 'FP'), parsedTest('a::real', 'F'), parsedTest('a::order', 'F'), parsedTest('a::other', 'F'), parsedTest('a::q', 'F')],
      quarantinedBefore: ['a::q'],
    });
    const items = leadItems(input.outcome, {
      cases: [leadCase('a::flaky', 'proven-flaky', 'P'), leadCase('a::real', 'exhausted', 'FFFFFF'), leadCase('a::other', 'unreproduced', 'FFF'), leadCase('a::q', 'exhausted', 'FF')],
      orderDependent: new Map([['a::order', 'fails after `a::polluter` in its file, passes alone: `a::polluter` leaves state behind (failed 5 of 5 rounds)']]),
    });
    expect(items.map((i) => [i.id, i.blocking, i.words])).toEqual([
      ['a::real', true, 'real failure: failed 6 of 6 re-runs on this commit'],
      ['a::order', true, 'order-dependent: fails after `a::polluter` in its file, passes alone'],
      ['a::other', true, expect.stringMatching(/^unreproduced: failed 3 of 3 re-runs another way than in the run/)],
      ['a::q', false, 'quarantined: forgiven as flaky, though it failed its 2 re-runs'],
      ['a::flaky', false, 'flaky: passed on re-run'],
    ]);
    expect(leadTitle(input.outcome, items)).toBe('Fix 3 blocking failures (1 real, 1 order-dependent, 1 unreproduced): a::real, a::order, a::other');
  });

  it('a green run says there is nothing to do, and why', () => {
    const input = summaryInput({ tests: [parsedTest('a::one', 'FP'), parsedTest('a::two', 'FP'), parsedTest('a::retry', 'FP'), parsedTest('a::q', 'F')], quarantinedBefore: ['a::q'] });
    const items = leadItems(input.outcome, { cases: [leadCase('a::one', 'proven-flaky', 'P'), leadCase('a::two', 'proven-flaky', 'FP')] });
    expect(leadTitle(input.outcome, items, 1)).toBe(
      'Nothing to do: 2 flaky failures were proven flaky by re-runs, 1 flaky failure passed on a retry, 1 failure forgiven (quarantined as flaky); 1 test newly quarantined as flaky',
    );
  });

  it('escapes every untrusted part with the printer’s escaping, links file:line, and counts what it leaves out', () => {
    const hostile = 'a::<img src=x> @team #1 [x](javascript:y)';
    const tests = [parsedTest(hostile, 'F', { file: 'src/a (1).test.ts', line: 7 }), ...Array.from({ length: 12 }, (_, i) => parsedTest(`t${i}`, 'F'))];
    tests[0]!.attempts[0]!.message = '<script>alert(1)</script> @octocat';
    const items = leadItems(summaryInput({ tests }).outcome);
    const lines = leadMarkdown(items, { escape: mdInert, blobUrl: (p, l) => `https://github.com/o/r/blob/sha/${encodeURIComponent(p)}#L${l}` });
    expect(lines).toHaveLength(11);
    expect(lines[10]).toBe('- …and 3 more tests, in the tables below.');
    expect(lines[0]).toContain('](https://github.com/o/r/blob/sha/src%2Fa%20(1).test.ts#L7)');
    expect(lines[0]).not.toMatch(/<|@team|@octocat|\]\(javascript/);
    expect(decodeEntities(lines[0]!)).toContain('<script>alert(1)</script> @');
    expect(mdText(leadTitle(summaryInput({ tests }).outcome, items))).not.toContain('<');
  });
});

function rerunResult(cases: RerunCase[]): RerunResult {
  return {
    tests: cases.map((c) => c.test),
    cases,
    rounds: [{ round: 1, tests: cases.length, seconds: 1, ignored: 0, ran: 2 }],
    provenFlaky: cases.filter((c) => c.verdict === 'proven-flaky').map((c) => c.historyId),
    consistent: new Map(),
    unreproduced: new Map(),
    orderDependent: new Map(),
    orderSuspects: new Map(),
    orderCleared: new Set(),
    newFlaky: [],
    executions: 2,
    ran: 2,
    seconds: 1,
  };
}

const rerunCase = (id: string, verdict: RerunCase['verdict'], codes: string): RerunCase => ({
  test: parsedTest(id, 'F'),
  historyId: id,
  kind: 'failed',
  extraRuns: 0,
  isNew: true,
  counts: NO_HISTORY,
  maxReruns: 6,
  reruns: reruns(codes),
  asked: codes.length,
  rounds: codes.length,
  verdict,
  why: 'failed 7 of 7 times on this commit, every re-run; a test with no history has no flaky rate to weigh them against, so it stands as a real failure unless a quarantine forgives it',
});

describe('the re-runs in the summary', () => {
  it('counts as the outputs count: a failure that ran out of re-runs failed every re-run and still blocks', () => {
    const result = rerunResult([rerunCase('a::new', 'exhausted', 'FFFFFF'), rerunCase('a::flaky', 'proven-flaky', 'P')]);
    const section = decodeEntities(renderRerunSection(result, new Map(), new Set(['a::new'])));
    expect(section).toContain('Proven flaky: 1; failed every re-run: 1; still blocking after the re-runs (output `consistent-failures`): 1.');
    expect(section).toContain('| a::new <sub>new test</sub> | ✗ → ✗✗✗✗✗✗ | a real failure: failed 7 of 7 times on this commit, every re-run;');
    expect(section).not.toContain('cannot rule out');
  });

  it('comes before the tables; in the check run only when it fits in a third of the budget', () => {
    const input = { ...summaryInput({ tests: [parsedTest('a::new', 'F')] }), rerunSection: '\n### Re-runs on this commit\n\nsmall\n' };
    const text = renderSummary(input);
    expect(text.indexOf('### Re-runs on this commit')).toBeLessThan(text.indexOf('#### ❌ Blocking failures'));
    expectSafeMarkdown(text);
    const big = { ...input, rerunSection: `\n### Re-runs on this commit\n\n${'x'.repeat(CHECK_SUMMARY_BUDGET_BYTES / 2)}\n` };
    const check = renderSummary(big, { budgetBytes: CHECK_SUMMARY_BUDGET_BYTES });
    expect(check).not.toContain('### Re-runs on this commit');
    expect(check).toContain("_The re-runs on this commit are in the run's job summary._");
    expect(Buffer.byteLength(check)).toBeLessThanOrEqual(CHECK_SUMMARY_BUDGET_BYTES);
  });

  it('never ranks a test with no run before this one among the flakiest', () => {
    const input = summaryInput({
      tests: [parsedTest('a::new', 'F'), parsedTest('a::old', 'F')],
      decisions: new Map([
        ['a::new', decision('F', false)],
        ['a::old', decision('PPFPF', false)],
      ]),
      scores: new Map([
        ['a::new', { pf: 0.9, pfLow: 0.3, pfHigh: 0.99 }],
        ['a::old', { pf: 0.3, pfLow: 0.1, pfHigh: 0.5 }],
      ]),
    });
    const text = renderSummary(input);
    const flakiest = text.slice(text.indexOf('#### 📊 Flakiest tests'));
    expect(flakiest).toContain('| 1 | a&#58;&#58;old |');
    expect(flakiest).not.toContain('a&#58;&#58;new');
  });
});
