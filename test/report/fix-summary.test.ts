import { describe, expect, it } from 'vitest';
import { fixCommentItems, fixIssueComment, fixSentence, renderFixSection } from '../../src/report/fix-summary.ts';
import { planFix, type FixOutcome, type FixReport } from '../../src/rerun/fix-plan.ts';
import { decodeEntities } from './markdown-checks.ts';

const rate = { failures: 4, runs: 98, p: 0.05 };
const outcome = (o: Partial<FixOutcome>): FixOutcome => ({
  id: 'app.Cart::total',
  why: ['it changes src/cart.test.ts'],
  plan: planFix(rate, 100),
  ran: 80,
  failures: 0,
  verdict: 'verified',
  reached: 0.951,
  seconds: 3,
  ...o,
});
const report = (outcomes: FixOutcome[], extra: Partial<FixReport> = {}): FixReport => ({ pr: 12, head: 'a'.repeat(40), outcomes, notices: [], landed: [], readOnly: false, ...extra });

describe('fix verification in words', () => {
  it('says each verdict with its evidence', () => {
    expect(fixSentence(outcome({}))).toBe(
      'verified: 0 failures in 80 runs; at its old rate, as its history tells it (4 failures in 98 runs: about 1 in 20), a still-flaky test would have failed with 95.1% probability',
    );
    expect(fixSentence(outcome({ verdict: 'failed', ran: 12, failures: 1 }))).toBe('failed: 1 failure in 12 runs; the flakiness is still there (its old rate: 1 in 20)');
    expect(fixSentence(outcome({ verdict: 'failed', ran: 1, failures: 1, stopped: "it failed in this job's own run" }))).toBe(
      "failed: 1 failure (it failed in this job's own run); the flakiness is still there (its old rate: 1 in 20)",
    );
    const capped = planFix({ failures: 0, runs: 98, p: 0.01 }, 100);
    expect(fixSentence(outcome({ plan: capped, ran: 100, verdict: 'inconclusive', reached: capped.capped!.reached }))).toBe(
      'inconclusive: 0 failures in 100 runs, fewer than the 1881 that its old rate, as its history tells it (0 failures in 98 runs: about 1 in 100), needs (fix-verify-max-runs capped them); a still-flaky test would have failed with only 50.2% probability, below 95%, so this verdict is weaker and releases nothing',
    );
    expect(fixSentence(outcome({ ran: 20, verdict: 'inconclusive', reached: 0.64, stopped: 'rerun-timeout ran out' }))).toMatch(
      /fewer than the 80 that its old rate, as its history tells it \(4 failures in 98 runs: about 1 in 20\), needs \(rerun-timeout ran out\)/,
    );
    const unseen = planFix({ failures: 0, runs: 0, p: 0.5 }, 100);
    expect(fixSentence(outcome({ plan: unseen, ran: 19, reached: 0.95 }))).toBe(
      'verified: 0 failures in 19 runs; at its old rate, as its history tells it (no run in its window: any rate), a still-flaky test would have failed with 95% probability',
    );
  });

  it('escapes hostile ids, paths and notices: no markup, no mention, no reference', () => {
    const hostile = outcome({ id: '<img src=x onerror=alert(1)>::@octo/team #1', why: ['it changes [x](javascript:alert(1)).ts'] });
    const text = [
      renderFixSection(report([hostile], { notices: ["'<b>@someone</b>' is no test flakeguard knows"] }))!,
      ...fixCommentItems(report([hostile])),
      fixIssueComment(hostile, 12, 'a'.repeat(40)),
    ].join('\n');
    expect(text).not.toMatch(/<img|<b>|\]\(javascript|@octo|@someone|#1\b/);
    expect(decodeEntities(text)).toContain('<img src=x onerror=alert(1)>::@\u200bocto/team #\u200b1');
  });

  it('says what happens next, and that a read-only run records nothing', () => {
    expect(renderFixSection(report([outcome({})]))).toContain('released from quarantine at the first run on the default branch after this pull request is merged at this head commit');
    expect(renderFixSection(report([outcome({})], { readOnly: true }))).toContain('recorded nowhere, so they release nothing');
    expect(renderFixSection(report([]))).toBeUndefined();
    expect(decodeEntities(renderFixSection(report([], { landed: [{ id: 't::x', pr: 12, commit: 'b'.repeat(40) }] }))!)).toContain(
      't::x: its fix, verified on pull request #12, landed in bbbbbbbbbbbb: released.',
    );
  });
});
