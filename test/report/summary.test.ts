import { describe, expect, it } from 'vitest';
import { renderSummary, SUMMARY_BUDGET_BYTES, type SummaryInput } from '../../src/report/summary.ts';
import { decideOutcome } from '../../src/policy/outcome.ts';
import { parsedTest } from '../support/builders.ts';

function summaryInput(tests: ReturnType<typeof parsedTest>[], quarantined: string[] = []): SummaryInput {
  return {
    outcome: decideOutcome({ tests, problems: [], filesMatched: 1, testOutcome: '', quarantined: new Set(quarantined) }),
    decisions: new Map(),
    newlyQuarantined: [],
    released: [],
    quarantinedCount: quarantined.length,
    storeLine: 'History saved.',
    dataBranchUrl: 'https://github.com/o/r/tree/flakeguard-data',
    fileProblems: [],
    lapsed: [],
    statsFileOf: () => 'stats/00.json',
  };
}

describe('renderSummary', () => {
  it('leads with the verdict and lists blocking and forgiven failures apart', () => {
    const text = renderSummary(summaryInput([parsedTest('a::real', 'F'), parsedTest('a::flaky', 'F'), parsedTest('a::ok', 'P')], ['a::flaky']));
    expect(text.split('\n')[0]).toBe('### ❌ flakeguard: 2 failed — 1 blocking, 1 forgiven');
    expect(text).toContain('#### Blocking failures (1)');
    expect(text).toContain('| a&#58;&#58;real | boom F |  |');
    expect(text).toContain('#### Forgiven failures: quarantined tests (1)');
  });

  it('says when every failure was forgiven', () => {
    const text = renderSummary(summaryInput([parsedTest('a::flaky', 'F')], ['a::flaky']));
    expect(text.split('\n')[0]).toBe('### ✅ flakeguard: 1 failed, all 1 forgiven (quarantined flaky tests)');
  });

  it('stays under the 1 MiB step-summary limit with 10k failures, and says it was cut', () => {
    const tests = Array.from({ length: 10_000 }, (_, i) =>
      parsedTest(`pkg.Suite${i % 50}::test number ${i} with a long descriptive name ${'x'.repeat(120)}`, 'F'),
    );
    for (const t of tests) t.attempts[0]!.message = `expected <div class="a|b">${'y'.repeat(400)}</div>`;
    const text = renderSummary(summaryInput(tests));
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(SUMMARY_BUDGET_BYTES);
    expect(Buffer.byteLength(text)).toBeLessThan(1024 * 1024);
    expect(text).toContain('…and 9800 more, not shown here.');
  });

  it('cuts by bytes when rows are huge, and points at the data branch', () => {
    const tests = Array.from({ length: 150 }, (_, i) => parsedTest(`t${i}`, 'F'));
    for (const t of tests) t.attempts[0]!.message = 'z'.repeat(200);
    const text = renderSummary(summaryInput(tests), 4000);
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(4000);
    expect(text).toContain('cut to stay under');
    expect(text).toContain('https://github.com/o/r/tree/flakeguard-data');
  });
});
