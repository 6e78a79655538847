/**
 * The issue plan (which issues to open, comment on, close, reopen), the "flakiness rose" rule, and the
 * quarantine lift when a person closes an issue. Pure.
 */
import { describe, expect, it } from 'vitest';
import { historyOf, parsedTest, runContext } from '../support/builders.ts';
import { testHash } from '../../src/github/issue-body.ts';
import { DEFAULT_REGRESSION, handLifts, indexIssues, planIssues, regression, regressionOptionsOf, statusOf, type PlanOptions, type TestFacts, type TrackedIssue } from '../../src/github/issue-plan.ts';
import { decideAfterHandClose } from '../../src/policy/hand-close.ts';
import { DEFAULT_POLICY, decideQuarantine } from '../../src/policy/quarantine.ts';
import { DEFAULT_RULE_OPTIONS } from '../../src/policy/rules/defaults.ts';
import { applyRun } from '../../src/pipeline/apply.ts';
import { emptySnapshot } from '../../src/store/snapshot.ts';
import type { TestHistory } from '../../src/model.ts';

const T0 = Date.UTC(2026, 10, 1);
const hour = (i: number): string => new Date(T0 + i * 3_600_000).toISOString();

function issue(id: string, extra: Partial<TrackedIssue> = {}): TrackedIssue {
  return {
    id: 900 + (extra.number ?? 1),
    number: 1,
    state: 'open',
    stateReason: null,
    closedAt: null,
    createdAt: hour(0),
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
  return {
    id,
    hash: testHash(id),
    test,
    decision: decideQuarantine(test, undefined, null, hour(99)),
    quarantined: false,
    newlyQuarantined: false,
    released: false,
    ...extra,
  };
}

const OPTIONS: PlanOptions = { maxIssues: 5, closeLifts: true, liftedNow: new Set() };
const kinds = (plan: ReturnType<typeof planIssues>) => plan.actions.map((a) => `${a.kind}${'issue' in a ? ` #${a.issue.number}` : ''}${'facts' in a ? ` ${a.facts.id}` : ''}`);

describe('whose close is it', () => {
  it('an issue closed by flakeguard carries its stamp; any other close is a person’s', () => {
    const closedAt = '2026-11-01T10:00:05Z';
    expect(statusOf(issue('a'))).toBe('open');
    expect(statusOf(issue('a', { state: 'closed', stateReason: 'completed', closedAt, meta: { closed: '2026-11-01T10:00:01.123Z' } }))).toBe('closed-by-flakeguard');
    expect(statusOf(issue('a', { state: 'closed', stateReason: 'completed', closedAt }))).toBe('closed-by-hand');
    // Reopened by a person after flakeguard closed it, then closed again later: a person's close.
    expect(statusOf(issue('a', { state: 'closed', stateReason: 'completed', closedAt, meta: { closed: '2026-11-01T08:00:00Z' } }))).toBe('closed-by-hand');
    expect(statusOf(issue('a', { state: 'closed', stateReason: null, closedAt }))).toBe('closed-by-hand');
    expect(statusOf(issue('a', { state: 'closed', stateReason: 'not_planned', closedAt }))).toBe('muted');
    expect(statusOf(issue('a', { state: 'closed', stateReason: 'duplicate', closedAt }))).toBe('muted');
  });

  it('one issue per test: the oldest open one; other open ones are duplicates; else the newest closed one', () => {
    const index = indexIssues([
      issue('a', { number: 3 }),
      issue('a', { number: 2 }),
      issue('a', { number: 1, state: 'closed', closedAt: hour(1) }),
      issue('b', { number: 4, state: 'closed', closedAt: hour(1) }),
      issue('b', { number: 7, state: 'closed', closedAt: hour(2) }),
    ]);
    expect(index.byHash.get(testHash('a'))!.number).toBe(2);
    expect(index.duplicates.map((d) => [d.issue.number, d.of.number])).toEqual([[3, 2]]);
    expect(index.byHash.get(testHash('b'))!.number).toBe(7);
  });

  it('lifts come from issues closed by a person as completed, from their close time', () => {
    const index = indexIssues([
      issue('a', { number: 1, state: 'closed', stateReason: 'completed', closedAt: hour(5) }),
      issue('b', { number: 2, state: 'closed', stateReason: 'not_planned', closedAt: hour(5) }),
      issue('c', { number: 3, state: 'closed', stateReason: 'completed', closedAt: hour(5), meta: { closed: hour(5) } }),
      issue('d', { number: 4 }),
    ]);
    expect([...handLifts(index)]).toEqual([[testHash('a'), { issue: 1, since: T0 + 5 * 3_600_000, closedAt: hour(5) }]]);
  });
});

describe('flakiness rose', () => {
  it('needs the new interval entirely above the older history, with two failing recent runs', () => {
    const clean = Array(30).fill('P').join(' ');
    const flakyTail = Array(10).fill('FP').join(' ');
    const test = historyOf('t', `${clean} ${flakyTail}`);
    const rose = regression(test, undefined, undefined);
    expect(rose).toBeDefined();
    expect(rose!.before.label).toBe('before the last 10 runs');
    expect(rose!.now[1]).toBeGreaterThan(rose!.before.interval[2]);
  });

  it('never for a one-off failure, nor without enough older runs to compare with', () => {
    const clean = Array(30).fill('P').join(' ');
    expect(regression(historyOf('t', `${clean} P P P P FFFFP P P P P P`), undefined, undefined)).toBeUndefined();
    expect(regression(historyOf('t', 'P FP FP FP FP FP'), undefined, undefined)).toBeUndefined();
    expect(regression(historyOf('t', `${clean} P P P P P P P P P P`), undefined, undefined)).toBeUndefined();
  });

  it('reads its window, its minimum of failing runs and the PFS priors from the config file (policy.pfs.*)', () => {
    const clean = Array(30).fill('P').join(' ');
    // Three runs failing then passing on a retry among the last 10: a rise with the defaults.
    const test = historyOf('t', `${clean} P P FP P P FP P P FP P`);
    expect(regression(test, undefined, undefined)).toBeDefined();
    const rules = { pfs: { ...DEFAULT_RULE_OPTIONS.pfs }, scoring: DEFAULT_RULE_OPTIONS.scoring };
    expect(regressionOptionsOf(rules)).toEqual(DEFAULT_REGRESSION);
    // At least 4 failing runs: not yet.
    expect(regression(test, undefined, undefined, regressionOptionsOf({ ...rules, pfs: { ...rules.pfs, regressionMinFailing: 4 } }))).toBeUndefined();
    // A window of 30 runs: the three failures are diluted, and there are not 60 runs to compare with.
    expect(regression(test, undefined, undefined, regressionOptionsOf({ ...rules, pfs: { ...rules.pfs, regressionWindow: 30 } }))).toBeUndefined();
    // A prior of p_f that expects flakiness near 0 (Beta(1, 200)) pulls the recent interval down below the baseline.
    const skeptical = { ...rules, scoring: { ...rules.scoring, pfs: { ...rules.scoring.pfs, priorPf: [1, 200] as [number, number] } } };
    expect(regression(test, undefined, undefined, regressionOptionsOf(skeptical))).toBeUndefined();
  });

  it('against the interval recorded in the issue when there is one', () => {
    const test = historyOf('t', 'P P P P P FP FP FP FP FP');
    expect(regression(test, [0.5, 0.3, 0.7], [0.05, 0.01, 0.1])?.before.label).toBe('when flakeguard last wrote this issue');
    expect(regression(test, [0.5, 0.3, 0.7], [0.4, 0.2, 0.6])).toBeUndefined();
  });
});

describe('the plan', () => {
  it('opens for a quarantined test without an issue, not for one quarantined by a hand override', () => {
    const q = facts('q', 'FP FP', { quarantined: true, newlyQuarantined: true });
    const byHand = facts('h', 'P P', { quarantined: true, decision: { ...facts('h', 'P').decision!, quarantined: true, override: { action: 'quarantine' } } });
    expect(kinds(planIssues([q, byHand], indexIssues([]), OPTIONS))).toEqual(['open q']);
  });

  it('opens for rising flakiness, and does nothing for a released test without an issue', () => {
    const clean = Array(30).fill('P').join(' ');
    const rising = facts('r', `${clean} ${Array(10).fill('FP').join(' ')}`);
    const released = facts('x', 'FP FP P P', { released: true });
    const plan = planIssues([rising, released], indexIssues([]), OPTIONS);
    expect(kinds(plan)).toEqual(['open r']);
    expect(plan.actions[0]).toMatchObject({ reason: 'regressed' });
  });

  it('comments on an open issue when the test is newly quarantined, closes it when released, else stays quiet', () => {
    const index = indexIssues([issue('n', { number: 1 }), issue('r', { number: 2 }), issue('s', { number: 3 })]);
    const plan = planIssues(
      [facts('n', 'FP FP', { quarantined: true, newlyQuarantined: true }), facts('r', 'FP FP P P', { released: true }), facts('s', 'FP FP FP', { quarantined: true })],
      index,
      OPTIONS,
    );
    expect(kinds(plan)).toEqual(['comment #1 n', 'close #2 r']);
  });

  it('closes an issue about a quarantine once the test is out of it, even when the release happened in a missed run', () => {
    const released = facts('t', 'P P P P');
    expect(released.decision!.quarantined).toBe(false);
    const aboutQuarantine = issue('t', { meta: { reason: 'quarantined' } });
    expect(kinds(planIssues([released], indexIssues([aboutQuarantine]), OPTIONS))).toEqual(['close #1 t']);
    // An issue about rising flakiness stays open for its owner to close.
    expect(kinds(planIssues([released], indexIssues([issue('t', { meta: { reason: 'regressed' } })]), OPTIONS))).toEqual([]);
    // A test whose stats file is broken is not "out of quarantine": nothing is closed meanwhile.
    const hidden = { ...released, decision: { ...released.decision!, quarantined: true } };
    expect(kinds(planIssues([hidden], indexIssues([aboutQuarantine]), OPTIONS))).toEqual([]);
  });

  it('reopens an issue flakeguard closed only on a failure after its close', () => {
    const closed = issue('t', { state: 'closed', stateReason: 'completed', closedAt: hour(3), meta: { closed: hour(3) } });
    // Quarantined again from evidence older than the close (a policy that re-enters at once): no churn.
    expect(kinds(planIssues([facts('t', 'FP FP P P P', { quarantined: true, newlyQuarantined: true })], indexIssues([closed]), OPTIONS))).toEqual([]);
    // A flaky failure after the close (run 4 is at hour 4): reopen.
    const plan = planIssues([facts('t', 'FP FP P P FP', { quarantined: true })], indexIssues([closed]), OPTIONS);
    expect(kinds(plan)).toEqual(['reopen #1 t']);
  });

  it('after a person’s close: confirms the lift, then reopens only when quarantined again on later failures', () => {
    const closed = issue('t', { state: 'closed', stateReason: 'completed', closedAt: hour(2) });
    const index = indexIssues([closed]);
    const liftedNow = new Set([testHash('t')]);
    expect(kinds(planIssues([facts('t', 'FP FP P', { released: true })], index, { ...OPTIONS, liftedNow }))).toEqual(['lifted #1 t']);
    expect(kinds(planIssues([facts('t', 'FP FP P FP')], index, OPTIONS))).toEqual([]);
    expect(kinds(planIssues([facts('t', 'FP FP P FP FP', { quarantined: true, newlyQuarantined: true })], index, OPTIONS))).toEqual(['reopen #1 t']);
    // Without close-lifts-quarantine the test stays quarantined after the close: that alone reopens nothing.
    expect(kinds(planIssues([facts('t', 'FP FP P FP FP', { quarantined: true })], index, { ...OPTIONS, closeLifts: false }))).toEqual([]);
  });

  it('leaves an issue closed as not planned alone', () => {
    const muted = issue('t', { state: 'closed', stateReason: 'not_planned', closedAt: hour(1) });
    const plan = planIssues([facts('t', 'FP FP FP FP', { quarantined: true, newlyQuarantined: true })], indexIssues([muted]), OPTIONS);
    expect(plan.actions).toEqual([]);
    expect(plan.muted).toBe(1);
  });

  it('caps opens and reopens per run, newly quarantined first, and defers the rest', () => {
    const tests = [
      facts('old1', 'FP FP FP', { quarantined: true }),
      facts('new1', 'FP FP', { quarantined: true, newlyQuarantined: true }),
      facts('old2', 'FP FP FP', { quarantined: true }),
      facts('new2', 'FP FP', { quarantined: true, newlyQuarantined: true }),
    ];
    const plan = planIssues(tests, indexIssues([issue('z', { number: 5 }), issue('z', { number: 6 })]), { ...OPTIONS, maxIssues: 2 });
    expect(kinds(plan)).toEqual(['open new1', 'open new2', 'duplicate #6']);
    expect(plan.deferred.map((a) => (a.kind === 'duplicate' ? '' : a.facts.id))).toEqual(['old1', 'old2']);
    expect(kinds(planIssues(tests, indexIssues([]), { ...OPTIONS, maxIssues: 0 }))).toEqual([]);
  });
});

describe('a close by hand lifts the quarantine (applyRun with closedByHand)', () => {
  const closedAt = T0 + 1.5 * 3_600_000;

  it('releases the test and judges it on the runs after the close only', () => {
    const test: TestHistory = historyOf('t', 'FP FP P');
    const before = decideQuarantine(historyOf('t', 'FP FP'), undefined, null, hour(2));
    expect(before.quarantined).toBe(true);
    const d = decideAfterHandClose(test, before, { issue: 7, since: closedAt }, hour(3), DEFAULT_POLICY);
    expect(d.quarantined).toBe(false);
    expect(d.reason).toMatch(/^issue #7 was closed as completed on 2026-11-01, which lifts the quarantine; since then: no counted failure in 1 runs/);
    expect(d.since).toBe(new Date(closedAt).toISOString());
    // Without the close, the same history keeps it quarantined.
    expect(decideQuarantine(test, before, null, hour(3)).quarantined).toBe(true);
    // Enough new evidence after the close quarantines it again.
    const again = decideAfterHandClose(historyOf('t', 'FP FP P FP FP'), { quarantined: false, reason: '', since: hour(3) }, { issue: 7, since: closedAt }, hour(5), DEFAULT_POLICY);
    expect(again.quarantined).toBe(true);
    expect(again.reason).toMatch(/\(runs after issue #7 was closed as completed on 2026-11-01\)$/);
  });

  it('in applyRun: released this run, outcome untouched; a hand override still wins', () => {
    const snapshot = emptySnapshot();
    // Its flaky failures had the message this run's failure has: the quarantine covers it (src/policy/forgive.ts).
    const flaky = historyOf('pkg::flaky', 'FP FP');
    snapshot.history.set('pkg::flaky', { ...flaky, runs: flaky.runs.map((r) => ({ ...r, message: 'boom F' })), name: 'flaky', classname: 'pkg' });
    snapshot.history.set('pkg::forced', { ...historyOf('pkg::forced', 'FP FP'), name: 'forced', classname: 'pkg' });
    for (const id of ['pkg::flaky', 'pkg::forced']) snapshot.stats.set(id, { override: null, quarantined: true, reason: 'flaky', since: hour(1) });
    snapshot.overrides.set('pkg::forced', { override: { action: 'quarantine' }, raw: 'quarantine', file: 'stats/00.json', line: 2 });
    const input = {
      snapshot,
      reports: { tests: [parsedTest('pkg::flaky', 'F'), parsedTest('pkg::forced', 'F')], problems: [], filesRead: 1 },
      filesMatched: 1,
      testOutcome: 'failure' as const,
      run: runContext(3),
      now: runContext(3).time,
    };
    const lifted = applyRun({ ...input, closedByHand: () => ({ issue: 1, since: closedAt }) });
    expect(lifted.outcome.result).toBe('success');
    expect(lifted.outcome.forgiven.map((t) => t.id).sort()).toEqual(['pkg::flaky', 'pkg::forced']);
    expect(lifted.released).toEqual(['pkg::flaky']);
    expect(lifted.quarantined).toEqual(['pkg::forced']);
    const plain = applyRun(input);
    expect(plain.released).toEqual([]);
  });
});
