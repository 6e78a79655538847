/**
 * The cells of a quarantine as the pull-request comment and the job summary show them (docs/matrix.md#quarantine-per-cell):
 * first in the reason, and escaped, since a cell's values come from the workflow's matrix.
 */
import { describe, expect, it } from 'vitest';
import { renderSection, type PrSectionInput } from '../../src/report/pr-comment.ts';
import { renderSummary } from '../../src/report/summary.ts';
import { withCells } from '../../src/policy/cells.ts';
import { DEFAULT_POLICY, type Decision } from '../../src/policy/quarantine.ts';
import { mdInert, mdText } from '../../src/text/escape.ts';
import { historyOf } from '../support/builders.ts';
import { decision, parsedTest, summaryInput } from './fixtures.ts';
import { markdownProblems } from './markdown-checks.ts';

const HOSTILE = 'os=<img src=x onerror=alert(1)> @octo/team [x](https://evil.example) |';

function partial(): Decision {
  // Flaky in the hostile cell (a run every 4th failed and passed on retry), clean in the other (25 runs).
  const h = historyOf('a::flaky', Array.from({ length: 50 }, (_, i) => (i % 2 === 0 && i % 8 === 0 ? 'FP' : 'P')).join(' '));
  const runs = h.runs.map((r, i) => ({ ...r, cell: i % 2 === 0 ? HOSTILE : 'os=ubuntu-latest' }));
  return withCells(decision('PRRFF', true), { ...h, runs }, null, DEFAULT_POLICY);
}

describe('the cells of a quarantine, shown', () => {
  it('are first in the forgiven test’s reason, escaped, in the pull-request comment and the summary', () => {
    const d = partial();
    expect(d.cells).toEqual([HOSTILE]);
    expect(d.reason.startsWith(`only in ${HOSTILE} (clean in os=ubuntu-latest: no failure in 25 runs); `)).toBe(true);
    const s = summaryInput({ tests: [parsedTest('a::flaky', 'F')], quarantinedBefore: ['a::flaky'] });
    const input: PrSectionInput = {
      label: 'test',
      sha: 'a'.repeat(40),
      outcome: s.outcome,
      decisions: new Map([['a::flaky', d]]),
      scores: { get: () => undefined },
      newlyQuarantined: [],
      orderDependent: new Map(),
      runUrl: 'https://github.com/o/r/actions/runs/7/attempts/1',
      dataBranch: 'flakeguard-data',
      dataBranchUrl: 'https://github.com/o/r/tree/flakeguard-data',
      statsFileOf: () => 'stats/00.json',
    };
    const comment = renderSection(input, 20_000);
    expect(comment).toContain(mdInert(`only in ${HOSTILE} (clean in os=ubuntu-latest`, 300));
    expect(comment).not.toContain('<img');
    expect(markdownProblems(comment.split('](https://github.com/o/r/actions/runs/7/attempts/1)').join(']'))).toEqual([]);
    const summary = renderSummary({ ...s, decisions: new Map([['a::flaky', d]]) });
    expect(summary).toContain(mdText(`only in ${HOSTILE} (clean in os=ubuntu-latest`, 300));
    expect(summary).not.toContain('<img');
  });
});
