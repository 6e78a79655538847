import { describe, expect, it } from 'vitest';
import type { Attempt, ParsedTestCase } from '../../src/model.ts';
import { answerKey, blockingAfterReruns, combineParts, finishRerun, recordRound, roundCases, rerunTestsJsonl, setAside, startRerun } from '../../src/rerun/plan.ts';
import { budgetFailureChance, planExtras, suiteBudget, isNewTest } from '../../src/rerun/budget.ts';
import { scoreTest, thresholdedFlakiness } from '../../src/scoring/index.ts';

const A = (codes: string, message = 'boom'): Attempt[] =>
  [...codes].map((c) => (c === 'P' ? { status: 'passed' } : c === 'S' ? { status: 'skipped' } : { status: c === 'E' ? 'error' : 'failed', message }) as Attempt);

function test(name: string, attempts: string, extra: Partial<ParsedTestCase> = {}): ParsedTestCase {
  return { id: `c::${name}`, name, classname: 'c', suite: 's', attempts: A(attempts), report: 'r.xml', ...extra };
}

const rule = { minReruns: 3, maxReruns: 6 };
/** A round's answer, by test id (`c::name`: classname `c`), keyed as the report's testcases answer (answerKey). */
const answer = (map: Record<string, string>) => ({
  ok: true as const,
  attempts: new Map(Object.entries(map).map(([id, v]) => [answerKey({ id, classname: 'c', name: id.slice('c::'.length) }), A(v)])),
  seconds: 1,
});

describe('the re-run rounds', () => {
  it('re-runs the undecided failed tests each round; a pass proves flakiness, a long streak is consistent', () => {
    const tests = [test('flaky', 'F'), test('broken', 'F'), test('ok', 'P')];
    const history = new Map([
      ['c::broken', { id: 'c::broken', name: 'broken', classname: 'c', runs: Array.from({ length: 50 }, (_, i) => ({ run: `r${i}`, sha: `s${i}`, time: i, onDefaultBranch: true, attempts: 'P' })) }],
    ]);
    const state = startRerun({ failed: tests.slice(0, 2), extras: [], tests, history, historyId: (id) => id, newTests: new Set(), window: 50, rule });
    expect(roundCases(state).map((c) => c.test.name)).toEqual(['flaky', 'broken']);
    recordRound(state, roundCases(state), answer({ 'c::flaky': 'F', 'c::broken': 'F' }));
    recordRound(state, roundCases(state), answer({ 'c::flaky': 'P', 'c::broken': 'F' }));
    expect(roundCases(state).map((c) => c.test.name)).toEqual(['broken']);
    recordRound(state, roundCases(state), answer({ 'c::broken': 'F', 'c::stranger': 'F' }));
    // Two failed tests: each held to 0.25%, which a clean history reaches on the fourth failing re-run.
    expect(roundCases(state).map((c) => c.test.name)).toEqual(['broken']);
    recordRound(state, roundCases(state), answer({ 'c::broken': 'F' }));
    expect(roundCases(state)).toEqual([]);
    const result = finishRerun(state, tests);
    expect(result.provenFlaky).toEqual(['c::flaky']);
    expect([...result.consistent]).toEqual([['c::broken', 'failed 5 of 5 times on this commit; its flaky failures would do that less than 0.5% of the time']]);
    expect(result.tests.map((t) => t.attempts.map((a) => a.status[0]).join(''))).toEqual(['ffp', 'fffff', 'p']);
    expect(result.executions).toBe(6);
    expect(result.rounds.map((r) => r.ignored)).toEqual([0, 0, 1, 0]);
  });

  it('holds each streak to the threshold over the number of failed tests: the run is not turned red by chance', () => {
    // 20 runs, 12 of 32 attempts failed, 4 of 12 right after a failure: 7 failing re-runs have a chance of 0.34%, 9 of 0.11%.
    const known40 = {
      id: '',
      name: 'x',
      classname: 'c',
      runs: Array.from({ length: 20 }, (_, i) => ({ run: `r${i}`, sha: `s${i}`, time: i, onDefaultBranch: true, attempts: i % 5 === 0 ? 'FP' : i % 5 === 1 ? 'FFP' : 'P' })),
    };
    const wide = { minReruns: 3, maxReruns: 10 };
    const verdictAfterSevenReruns = (failed: number): string | undefined => {
      const tests = Array.from({ length: failed }, (_, i) => test(`t${i}`, 'F'));
      const history = new Map(tests.map((t) => [t.id, { ...known40, id: t.id }]));
      const state = startRerun({ failed: tests, extras: [], tests, history, historyId: (id) => id, newTests: new Set(), window: 50, rule: wide });
      expect(state.rule.threshold).toBeCloseTo(0.005 / failed, 12);
      for (let i = 0; i < 7; i++) recordRound(state, roundCases(state), answer(Object.fromEntries(tests.map((t) => [t.id, 'F']))));
      return state.cases[0]!.verdict;
    };
    expect(verdictAfterSevenReruns(1)).toBe('consistent');
    expect(verdictAfterSevenReruns(4)).toBeUndefined();
  });

  it('re-runs a failure its quarantine would forgive past the maximum, as far as its streak needs, within twice the maximum', () => {
    // The 40% test above needs 7 failing re-runs (0.34%), one more than rerun-attempts-max.
    const runs = Array.from({ length: 20 }, (_, i) => ({ run: `r${i}`, sha: `s${i}`, time: i, onDefaultBranch: true, attempts: i % 5 === 0 ? 'FP' : i % 5 === 1 ? 'FFP' : 'P' }));
    const keepsFailing = (forgivable: boolean, extendedMax?: number): { reruns: number; verdict?: string } => {
      const tests = [test('regressed', 'F')];
      const history = new Map([['c::regressed', { id: 'c::regressed', name: 'regressed', classname: 'c', runs }]]);
      const state = startRerun({
        failed: tests,
        extras: [],
        tests,
        history,
        historyId: (id) => id,
        newTests: new Set(),
        window: 50,
        rule: { ...rule, ...(extendedMax !== undefined ? { extendedMax } : {}) },
        ...(forgivable ? { forgivable: new Set(['c::regressed']) } : {}),
      });
      while (roundCases(state).length > 0) recordRound(state, roundCases(state), answer({ 'c::regressed': 'F' }));
      return { reruns: state.cases[0]!.reruns.length, verdict: state.cases[0]!.verdict };
    };
    // Not forgivable (not quarantined, a new message, by hand): running out blocks anyway, no more re-runs.
    expect(keepsFailing(false)).toEqual({ reruns: 6, verdict: 'exhausted' });
    // Forgivable: running out would forgive it, so it is re-run until the streak is implausible.
    expect(keepsFailing(true)).toEqual({ reruns: 7, verdict: 'consistent' });
    // Not when the streak could not become implausible within the ceiling: more re-runs would change nothing.
    expect(keepsFailing(true, 6)).toEqual({ reruns: 6, verdict: 'exhausted' });
    // A forgivable flaky test stops at its first passing re-run, as any other.
    const tests = [test('flaky', 'F')];
    const state = startRerun({
      failed: tests,
      extras: [],
      tests,
      history: new Map([['c::flaky', { id: 'c::flaky', name: 'flaky', classname: 'c', runs }]]),
      historyId: (id) => id,
      newTests: new Set(),
      window: 50,
      rule,
      forgivable: new Set(['c::flaky']),
    });
    recordRound(state, roundCases(state), answer({ 'c::flaky': 'F' }));
    recordRound(state, roundCases(state), answer({ 'c::flaky': 'P' }));
    expect(roundCases(state)).toEqual([]);
    expect(state.cases[0]!.verdict).toBe('proven-flaky');
  });

  it('re-runs a quarantined test its quarantine would not forgive (a new message) up to twice the maximum: only a pass can change its verdict', () => {
    // A test failing 70% of its runs, in bursts: no streak within 12 re-runs is implausible for it.
    const runs = Array.from({ length: 20 }, (_, i) => ({ run: `r${i}`, sha: `s${i}`, time: i, onDefaultBranch: true, attempts: i % 10 < 7 ? 'FFFP' : 'P' }));
    const history = new Map([['c::bursty', { id: 'c::bursty', name: 'bursty', classname: 'c', runs }]]);
    const rerunsUntil = (answers: string, unforgivable: boolean, extendedMax?: number): { reruns: number; verdict?: string; why?: string } => {
      const tests = [test('bursty', 'F')];
      const state = startRerun({
        failed: tests,
        extras: [],
        tests,
        history,
        historyId: (id) => id,
        newTests: new Set(),
        window: 50,
        rule: { ...rule, ...(extendedMax !== undefined ? { extendedMax } : {}) },
        ...(unforgivable ? { unforgivable: new Set(['c::bursty']) } : {}),
      });
      for (const a of answers) if (roundCases(state).length > 0) recordRound(state, roundCases(state), answer({ 'c::bursty': a }));
      expect(roundCases(state)).toEqual([]);
      return { reruns: state.cases[0]!.reruns.length, verdict: state.cases[0]!.verdict, why: state.cases[0]!.why };
    };
    // Not quarantined: the maximum, as before.
    const plain = rerunsUntil('FFFFFFFFFFFFFF', false);
    expect(plain).toMatchObject({ reruns: 6, verdict: 'exhausted' });
    expect(plain.why).toMatch(/so its quarantine decides$/);
    // Quarantined, a new message: up to 12 re-runs; it blocks when they all fail (exhausted, the quarantine does not
    // forgive), and the summary says why it was re-run so often.
    const extended = rerunsUntil('FFFFFFFFFFFFFF', true);
    expect(extended).toMatchObject({ reruns: 12, verdict: 'exhausted' });
    expect(extended.why).toMatch(/^failed 13 of 13 times on this commit, every re-run; .* so its quarantine decides \(re-run past rerun-attempts-max, 6, as a quarantined test's failure is\)$/);
    expect(rerunsUntil('FFFFFFFFFFFFFF', true, 9)).toMatchObject({ reruns: 9, verdict: 'exhausted' });
    // The eighth re-run passes: proven flaky, forgiven whatever its message.
    expect(rerunsUntil('FFFFFFFP', true)).toMatchObject({ reruns: 8, verdict: 'proven-flaky' });
    // A streak that becomes implausible first stops there (a regression of a test with a thin record).
    const thin = new Map([['c::bursty', { id: 'c::bursty', name: 'bursty', classname: 'c', runs: runs.map((r) => ({ ...r, attempts: 'P' })) }]]);
    const tests = [test('bursty', 'F')];
    const state = startRerun({ failed: tests, extras: [], tests, history: thin, historyId: (id) => id, newTests: new Set(), window: 50, rule, unforgivable: new Set(['c::bursty']) });
    while (roundCases(state).length > 0) recordRound(state, roundCases(state), answer({ 'c::bursty': 'F' }));
    expect(state.cases[0]!.verdict).toBe('consistent');
    expect(state.cases[0]!.reruns.length).toBeLessThan(6);
  });

  it('a test never seen that keeps failing is exhausted: its quarantine decides, and the summary says why', () => {
    const tests = [test('new', 'F')];
    const state = startRerun({ failed: tests, extras: [], tests, history: new Map(), historyId: (id) => id, newTests: new Set(), window: 50, rule });
    for (let i = 0; i < 6; i++) recordRound(state, roundCases(state), answer({ 'c::new': 'F' }));
    expect(roundCases(state)).toEqual([]);
    expect(state.cases[0]!.verdict).toBe('exhausted');
    expect(state.cases[0]!.why).toBe(
      'failed 7 of 7 times on this commit, every re-run; a test with no history has no flaky rate to weigh them against, so it stands as a real failure unless a quarantine forgives it',
    );
  });

  it('a voided round uses none of its evidence, stops the rounds, and leaves the failures standing', () => {
    const tests = [test('a', 'F')];
    const state = startRerun({ failed: tests, extras: [], tests, history: new Map(), historyId: (id) => id, newTests: new Set(), window: 50, rule });
    recordRound(state, roundCases(state), { ok: false, why: 'no report', seconds: 2 });
    expect(roundCases(state)).toEqual([]);
    const result = finishRerun(state, tests);
    expect(result.cases[0]!.verdict).toBe('unanswered');
    expect(result.tests[0]!.attempts).toHaveLength(1);
    expect(result.stopped).toBe('round 1 was voided: no report');
  });

  it('a test absent from the report (or only skipped) is not re-run again', () => {
    const tests = [test('a', 'F'), test('b', 'F')];
    const state = startRerun({ failed: tests, extras: [], tests, history: new Map(), historyId: (id) => id, newTests: new Set(), window: 50, rule });
    recordRound(state, roundCases(state), answer({ 'c::b': 'S' }));
    expect(roundCases(state)).toEqual([]);
    expect(state.cases.map((c) => c.verdict)).toEqual(['unanswered', 'unanswered']);
  });

  it("puts a passing test's extra executions before its passing attempt: a failing extra never fails the run", () => {
    const tests = [test('new', 'P')];
    const state = startRerun({
      failed: [],
      extras: [{ id: 'c::new', runs: 2, pool: 'new' }],
      tests,
      history: new Map(),
      historyId: (id) => `${id} [k]`,
      newTests: new Set(['c::new']),
      window: 50,
      rule,
    });
    recordRound(state, roundCases(state), answer({ 'c::new': 'F' }));
    recordRound(state, roundCases(state), answer({ 'c::new': 'P' }));
    const result = finishRerun(state, tests);
    expect(result.tests[0]!.attempts.map((a) => a.status)).toEqual(['failed', 'passed', 'passed']);
    expect(result.newFlaky).toEqual(['c::new [k]']);
    expect(result.provenFlaky).toEqual([]);
  });

  it('a testcase answers for an asked test only with its classname and name: a colliding id is another test', () => {
    // `rt.Suite` / `real_failure` and classname "" / `rt.Suite::real_failure` (no suite) both compose rt.Suite::real_failure.
    const asked = test('real_failure', 'F', { id: 'rt.Suite::real_failure', classname: 'rt.Suite' });
    const state = startRerun({ failed: [asked], extras: [], tests: [asked], history: new Map(), historyId: (id) => id, newTests: new Set(), window: 50, rule: { minReruns: 1, maxReruns: 1 } });
    const impostor = answerKey({ id: 'rt.Suite::real_failure', classname: '', name: 'rt.Suite::real_failure' });
    expect(impostor).not.toBe(answerKey(asked));
    recordRound(state, roundCases(state), {
      ok: true,
      attempts: new Map([
        [answerKey(asked), A('F')],
        [impostor, A('P')],
      ]),
      seconds: 1,
    });
    expect(state.cases[0]!.reruns.map((a) => a.status)).toEqual(['failed']);
    expect(state.cases[0]!.verdict).not.toBe('proven-flaky');
    expect(state.rounds[0]!.ignored).toBe(1);
  });

  it('a round split into invocations: each case answered by the invocation that asked for it, once; a voided one voids the round', () => {
    const tests = [test('a', 'F'), test('b', 'F'), test('c', 'F')];
    const start = () => startRerun({ failed: tests, extras: [], tests, history: new Map(), historyId: (id) => id, newTests: new Set(), window: 50, rule });
    const state = start();
    const [a, b, c] = roundCases(state);
    // The first invocation ran a superset: it reports b (failing), which the second invocation asked for and answers.
    const combined = combineParts(
      [
        { asked: [a!], answer: answer({ 'c::a': 'P', 'c::b': 'F', 'c::stranger': 'F' }) },
        { asked: [b!, c!], answer: answer({ 'c::b': 'P', 'c::c': 'F', 'c::stranger': 'P' }) },
      ],
      2,
    );
    expect(combined.ok && combined.seconds).toBe(2);
    recordRound(state, [a!, b!, c!], combined);
    expect(state.cases.map((x) => x.reruns.map((r) => r.status))).toEqual([['passed'], ['passed'], ['failed']]);
    expect(state.cases.map((x) => x.verdict)).toEqual(['proven-flaky', 'proven-flaky', undefined]);
    expect(state.rounds[0]).toMatchObject({ round: 1, tests: 3, ignored: 1 });
    // What really ran: every execution of both invocations' reports, b's superset one and the stranger's included.
    expect(state.rounds[0]!.ran).toBe(6);
    expect(finishRerun(state, tests)).toMatchObject({ executions: 3, ran: 6, starts: 2 });

    const voided = combineParts(
      [
        { asked: [a!], answer: answer({ 'c::a': 'P' }) },
        { asked: [b!], answer: { ok: false, why: 'no report', seconds: 3 } },
      ],
      3,
    );
    // Two processes were started before the round was voided (the cost counts them).
    expect(voided).toEqual({ ok: false, why: 'invocation 2 of 3: no report', seconds: 4, starts: 2 });
  });

  it('counts what a round ran, asked for or not, skipped ones not; a voided round none', () => {
    const tests = [test('a', 'F'), test('b', 'F')];
    const state = startRerun({ failed: tests, extras: [], tests, history: new Map(), historyId: (id) => id, newTests: new Set(), window: 50, rule });
    recordRound(state, roundCases(state), answer({ 'c::a': 'P', 'c::b': 'F', 'c::x': 'PP', 'c::y': 'S' }));
    recordRound(state, roundCases(state), { ok: false, why: 'no report', seconds: 1 });
    expect(state.rounds.map((r) => r.ran)).toEqual([4, 0]);
    expect(finishRerun(state, tests)).toMatchObject({ executions: 2, ran: 4 });
  });

  it('lists every failed test that blocks after its re-runs, with why; a forgiven one is not listed', () => {
    const tests = [test('new', 'F'), test('forgiven', 'F'), test('flaky', 'F'), test('lost', 'F'), test('ok', 'P')];
    const state = startRerun({ failed: tests.slice(0, 4), extras: [], tests, history: new Map(), historyId: (id) => `h/${id}`, newTests: new Set(), window: 50, rule: { minReruns: 1, maxReruns: 1 } });
    recordRound(state, roundCases(state), answer({ 'c::new': 'F', 'c::forgiven': 'F', 'c::flaky': 'P' }));
    const result = finishRerun(state, tests);
    expect(result.cases.map((c) => c.verdict)).toEqual(['exhausted', 'exhausted', 'proven-flaky', 'unanswered']);
    // The outcome: c::forgiven was forgiven by its quarantine; the others that failed block.
    const blocked = blockingAfterReruns(result, new Set(['h/c::new', 'h/c::lost']));
    expect(blocked.map((b) => [b.id, b.verdict])).toEqual([
      ['h/c::new', 'exhausted'],
      ['h/c::lost', 'unanswered'],
    ]);
    expect(blocked[0]!.why).toBe('it failed all 1 re-run on this commit and nothing forgave it (a test with no history, never quarantined)');
    expect(blocked[1]!.why).toMatch(/^the re-runs could not answer for it: round 1's re-run report has no result for it/);
  });

  it('a case set aside before a round is unanswered with why; the others go on', () => {
    const tests = [test('a', 'F'), test('b', 'F')];
    const state = startRerun({ failed: tests, extras: [], tests, history: new Map(), historyId: (id) => id, newTests: new Set(), window: 50, rule });
    setAside(state.cases[0]!, 'its command line is too long');
    expect(roundCases(state).map((c) => c.test.id)).toEqual(['c::b']);
    expect(state.cases[0]).toMatchObject({ verdict: 'unanswered', why: 'its command line is too long' });
  });

  it('writes each test as one JSON line, whatever its name', () => {
    const tests = [test('$(touch /tmp/pwned)\n"; rm -rf ~', 'F', { file: 'a.ts' })];
    const state = startRerun({ failed: tests, extras: [], tests, history: new Map(), historyId: (id) => id, newTests: new Set(), window: 50, rule });
    const text = rerunTestsJsonl(roundCases(state));
    expect(text.split('\n')).toHaveLength(2);
    expect(JSON.parse(text.split('\n')[0]!)).toEqual({ id: 'c::$(touch /tmp/pwned)\n"; rm -rf ~', classname: 'c', name: '$(touch /tmp/pwned)\n"; rm -rf ~', file: 'a.ts', suite: 's' });
  });
});

describe('the budget', () => {
  const run = (i: number, attempts: string, onDefaultBranch = true) => ({ run: `r${i}`, sha: `s${i}`, time: i, onDefaultBranch, attempts });
  const history = new Map([
    ['c::suspect', { id: 'c::suspect', name: 'suspect', classname: 'c', runs: [run(1, 'P'), run(2, 'FP'), run(3, 'P'), run(4, 'P'), run(5, 'P')] }],
    ['c::old', { id: 'c::old', name: 'old', classname: 'c', runs: Array.from({ length: 30 }, (_, i) => run(i, 'P')) }],
    ['c::young', { id: 'c::young', name: 'young', classname: 'c', runs: [run(1, 'P')] }],
    ['c::quarantined', { id: 'c::quarantined', name: 'quarantined', classname: 'c', runs: [run(1, 'FP')] }],
    ['c::pr-only', { id: 'c::pr-only', name: 'pr-only', classname: 'c', runs: [run(1, 'P', false)] }],
  ]);
  const passing = ['suspect', 'old', 'young', 'quarantined', 'pr-only', 'brand-new'].map((n) => test(n, 'P'));
  const base = { passing, history, historyId: (id: string) => id, quarantined: new Set(['c::quarantined']), reserved: 0, perTest: 6, window: 50, seed: 1 };

  it('tells new tests: never seen on the default branch', () => {
    expect(isNewTest(history, 'c::pr-only')).toBe(true);
    expect(isNewTest(history, 'c::brand-new')).toBe(true);
    expect(isNewTest(history, 'c::old')).toBe(false);
  });

  it('gives new tests their runs first, then the most suspect, then the least known; never a quarantined test', () => {
    const plans = planExtras({ ...base, newTests: new Set(['c::pr-only', 'c::brand-new']), budget: 20 });
    expect(plans.slice(0, 2)).toEqual([
      { id: 'c::brand-new', runs: 6, pool: 'new' },
      { id: 'c::pr-only', runs: 6, pool: 'new' },
    ]);
    // 8 left: the targeted share (6) to the one test that failed in its window, then one each, least history first.
    expect(plans.slice(2)).toEqual([
      { id: 'c::suspect', runs: 6, pool: 'targeted' },
      { id: 'c::young', runs: 1, pool: 'exploratory' },
      { id: 'c::old', runs: 1, pool: 'exploratory' },
    ]);
    expect(plans.some((p) => p.id === 'c::quarantined')).toBe(false);
    expect(plans.reduce((n, p) => n + p.runs, 0)).toBeLessThanOrEqual(20);
  });

  it("spends only what is left after the failed tests' re-runs", () => {
    expect(planExtras({ ...base, newTests: new Set(['c::brand-new']), budget: 10, reserved: 8 })).toEqual([{ id: 'c::brand-new', runs: 2, pool: 'new' }]);
    expect(planExtras({ ...base, newTests: new Set(), budget: 3, reserved: 3 })).toEqual([]);
  });

  it('splits by policy.thresholded.proportion-targeted and scores by policy.thresholded.alpha (seed 004)', () => {
    const targeted = (plans: ReturnType<typeof planExtras>) => plans.filter((p) => p.pool === 'targeted').map((p) => p.id);
    expect(targeted(planExtras({ ...base, newTests: new Set(), budget: 10 }))).toEqual(['c::suspect']);
    // No targeted share: every execution is exploratory, one a test.
    const explore = planExtras({ ...base, newTests: new Set(), budget: 10, thresholded: { alpha: 0.4, proportionTargeted: 0 } });
    expect(targeted(explore)).toEqual([]);
    expect(explore.every((p) => p.runs === 1)).toBe(true);
    // α 0.1: the suspect fails 1 attempt in 6, "reproducible" for that α: flakiness 0, not targeted.
    expect(targeted(planExtras({ ...base, newTests: new Set(), budget: 10, thresholded: { alpha: 0.1, proportionTargeted: 0.8 } }))).toEqual([]);
  });

  it("reads a failure chance per attempt, not the stats line's 1 − success rate per run (docs/rerun.md, the budget)", () => {
    // suspect: P, FP, P, P, P. One failing attempt in 6; one failing run in 5.
    expect(budgetFailureChance(history, 'c::suspect', 50)).toBeCloseTo(1 / 6, 12);
    const stats = scoreTest(history.get('c::suspect')!);
    expect(stats.successRate.rate).toBeCloseTo(0.8, 12);
    expect(stats.thresholded).toBeCloseTo(thresholdedFlakiness(0.2), 12);
    expect(thresholdedFlakiness(budgetFailureChance(history, 'c::suspect', 50))).toBeCloseTo(1 - 1 / 6 / 0.4, 12);
  });

  it('turns the time available into executions by the average test time (seed 004)', () => {
    const timed = [test('a', 'P'), test('b', 'P')].map((t, i) => ({ ...t, attempts: [{ status: 'passed' as const, durationSec: i === 0 ? 1 : 3 }] }));
    expect(suiteBudget(600, timed)).toBe(300);
    expect(suiteBudget(600, [test('x', 'P')])).toBe(600);
  });
});
