/**
 * What people see of an order-dependent test (docs/rerun.md#order-dependence): the owner issue (opened, told, kept
 * open while it is order-dependent, closed once it passes at its first attempt again), the annotation, the re-run
 * section. Pure.
 */
import { describe, expect, it } from 'vitest';
import { historyOf } from '../support/builders.ts';
import { parseMeta, renderBody, renderComment, testHash, type IssueContent, type RenderContext } from '../../src/github/issue-body.ts';
import { planIssues, type PlanOptions, type TestFacts, type TrackedIssue } from '../../src/github/issue-plan.ts';
import { decideQuarantine } from '../../src/policy/quarantine.ts';
import { blockingAnnotation } from '../../src/report/annotations.ts';
import { parsedTest } from '../support/builders.ts';

const SENTENCE = 'fails inside the full run since `abc1234` (3 runs in a row), passes alone: another test leaves state behind';
const CTX: RenderContext = { serverUrl: 'https://github.com', repository: 'octo/project', dataBranch: 'flakeguard-data', closeLifts: true, mentions: true };
const OPTIONS: PlanOptions = { maxIssues: 5, closeLifts: true, liftedNow: new Set() };

function issue(id: string, extra: Partial<TrackedIssue> = {}): TrackedIssue {
  return {
    id: 901,
    number: 1,
    state: 'open',
    stateReason: null,
    closedAt: null,
    createdAt: '2026-11-01T00:00:00Z',
    hash: testHash(id),
    meta: {},
    labelled: true,
    title: `Flaky test: ${id}`,
    body: '',
    ...extra,
  };
}

function facts(id: string, history: string, extra: Partial<TestFacts> = {}): TestFacts {
  const test = historyOf(id, history);
  return { id, hash: testHash(id), test, decision: decideQuarantine(test, undefined, null, '2026-11-02T00:00:00Z'), quarantined: false, newlyQuarantined: false, released: false, ...extra };
}

const kinds = (plan: ReturnType<typeof planIssues>): string[] =>
  [...plan.actions, ...plan.deferred].map((a) => `${a.kind}${'reason' in a ? ` ${a.reason}` : ''}${'about' in a ? ` ${a.about}` : ''}${'orderFixed' in a && a.orderFixed ? ' fixed' : ''}`);
const index = (...issues: TrackedIssue[]) => ({ byHash: new Map(issues.map((i) => [i.hash, i])), duplicates: [] });

describe('the owner issue of an order-dependent test', () => {
  it('is opened when there is none, told (not closed) when its quarantine is released for it, and left alone while it lasts', () => {
    const od = { orderDependent: SENTENCE, released: true };
    expect(kinds(planIssues([facts('t', 'P P FP FP FP', od)], index(), OPTIONS))).toEqual(['open order-dependent']);
    expect(kinds(planIssues([facts('t', 'P P FP FP FP', od)], index(issue('t', { meta: { reason: 'quarantined' } })), OPTIONS))).toEqual(['comment order-dependent']);
    expect(kinds(planIssues([facts('t', 'P P FP FP FP FP', { orderDependent: SENTENCE })], index(issue('t', { meta: { reason: 'order-dependent' } })), OPTIONS))).toEqual([]);
    // Without the verdict, the same release closes the issue.
    expect(kinds(planIssues([facts('t', 'P P FP FP FP', { released: true })], index(issue('t', { meta: { reason: 'quarantined' } })), OPTIONS))).toEqual(['close']);
  });

  it('is reopened when flakeguard had closed it, never when a person muted it', () => {
    const closed = issue('t', { state: 'closed', stateReason: 'completed', closedAt: '2026-11-01T01:00:00Z', meta: { closed: '2026-11-01T01:00:00Z' } });
    expect(kinds(planIssues([facts('t', 'FP FP FP', { orderDependent: SENTENCE })], index(closed), OPTIONS))).toEqual(['reopen order-dependent']);
    const muted = issue('t', { state: 'closed', stateReason: 'not_planned', closedAt: '2026-11-01T01:00:00Z' });
    expect(planIssues([facts('t', 'FP FP FP', { orderDependent: SENTENCE })], index(muted), OPTIONS)).toMatchObject({ actions: [], deferred: [], muted: 1 });
  });

  it('is closed once the test passes at its first attempt in the full run again, not before', () => {
    const open = issue('t', { meta: { reason: 'order-dependent' } });
    expect(kinds(planIssues([facts('t', 'FP FP FP P')], index(open), OPTIONS))).toEqual(['close fixed']);
    expect(kinds(planIssues([facts('t', 'FP FP FP FFFFFFF')], index(open), OPTIONS))).toEqual([]);
  });

  it('says the sentence in its body and its comments, escaped, and keeps the reason in its hidden state', () => {
    const test = historyOf('app::starts <b>empty</b> @team', 'P FP FP FP');
    const content: IssueContent = {
      test,
      hash: testHash(test.id),
      quarantined: false,
      reason: 'order-dependent',
      orderDependent: SENTENCE,
      pfsTrend: [],
      owners: { owners: [], via: 'none' } as unknown as IssueContent['owners'],
      statsFile: 'stats/00.json',
      meta: {},
    };
    const body = renderBody(CTX, content);
    const plain = body.replace(/&#(\d+);/g, (_, n: string) => String.fromCharCode(Number(n)));
    expect(plain).toContain(`**This test is order-dependent**: it ${SENTENCE}. Its failures fail CI: it is not quarantined as flaky.`);
    expect(body).not.toContain('<b>');
    expect(parseMeta(body).reason).toBe('order-dependent');
    const comment = renderComment(CTX, { kind: 'order-dependent', sentence: SENTENCE, run: '42/test/x' }).replace(/&#(\d+);/g, (_, n: string) => String.fromCharCode(Number(n)));
    expect(comment).toContain('found this test **order-dependent** in run');
    expect(comment).toContain(`: it ${SENTENCE}. Its failures fail CI`);
    expect(renderComment(CTX, { kind: 'order-fixed', run: '42/test/x' })).toContain('no longer fails there. Closing');
  });
});

describe('the annotation of an order-dependent failure', () => {
  it("is a failure titled order-dependent, with the sentence instead of the quarantine's words", () => {
    const a = blockingAnnotation(parsedTest('app::starts empty', 'FP'), `quarantined, but ${SENTENCE}: not forgiven`, SENTENCE);
    expect(a.level).toBe('failure');
    expect(a.title).toBe('app::starts empty failed (order-dependent)');
    expect(a.message).toContain(`This test ${SENTENCE}. It is not quarantined as flaky`);
    expect(a.message).not.toContain('not forgiven');
  });
});
