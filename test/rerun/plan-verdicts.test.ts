/** The re-run plan's verdicts and their words, case by case (src/rerun/plan.ts). */
import { describe, expect, it } from 'vitest';
import type { Attempt, History, ParsedTestCase } from '../../src/model.ts';
import {
  answerKey,
  blockingAfterReruns,
  combineParts,
  finishRerun,
  orderCandidates,
  recordRound,
  rerunTestOf,
  rerunTestsJsonl,
  roundCases,
  setAside,
  startRerun,
  type RoundAnswer,
  type StartInput,
} from '../../src/rerun/plan.ts';

const A = (codes: string): Attempt[] =>
  [...codes].map((c) => (c === 'P' ? { status: 'passed' } : c === 'S' ? { status: 'skipped' } : { status: c === 'E' ? 'error' : 'failed', message: 'boom' }) as Attempt);
const test = (name: string, attempts: string, extra: Partial<ParsedTestCase> = {}): ParsedTestCase => ({
  id: `c::${name}`,
  name,
  classname: 'c',
  suite: 's',
  attempts: A(attempts),
  report: 'r.xml',
  ...extra,
});
const answer = (map: Record<string, string>, seconds = 1): RoundAnswer => ({
  ok: true,
  attempts: new Map(Object.entries(map).map(([id, v]) => [answerKey({ id, classname: 'c', name: id.slice('c::'.length) }), A(v)])),
  seconds,
});
const rule = { minReruns: 3, maxReruns: 6 };
const start = (extra: Partial<StartInput> & Pick<StartInput, 'failed' | 'tests'>) =>
  startRerun({ extras: [], history: new Map(), historyId: (id) => id, newTests: new Set(), window: 50, rule, ...extra });
const cleanHistory = (id: string, n = 50): History =>
  new Map([[id, { id, name: id, classname: 'c', runs: Array.from({ length: n }, (_, i) => ({ run: `r${i}`, sha: `s${i}`, time: i, onDefaultBranch: true, attempts: 'P' })) }]]);

describe('starting the re-runs', () => {
  it('takes extras only for tests of the run that did not fail and have runs left', () => {
    const tests = [test('f', 'F'), test('p', 'P'), test('z', 'P')];
    const state = start({
      failed: [tests[0]!],
      tests,
      extras: [
        { id: 'c::f', runs: 2, pool: 'targeted' },
        { id: 'c::p', runs: 2, pool: 'exploratory' },
        { id: 'c::z', runs: 0, pool: 'new' },
        { id: 'c::gone', runs: 2, pool: 'new' },
      ],
    });
    expect(state.cases.map((c) => [c.test.id, c.kind, c.extraRuns, c.pool])).toEqual([
      ['c::f', 'failed', 0, undefined],
      ['c::p', 'extra', 2, 'exploratory'],
    ]);
    expect('pool' in state.cases[0]!).toBe(false);
    expect(state.rule).toEqual({ ...rule, threshold: 0.005 });
  });

  it('keeps the threshold of a rule that has one, over the failed tests; none failed keeps it whole', () => {
    expect(start({ failed: [], tests: [], rule: { ...rule, threshold: 0.01 } }).rule.threshold).toBe(0.01);
    const two = [test('a', 'F'), test('b', 'F')];
    expect(start({ failed: two, tests: two, rule: { ...rule, threshold: 0.01 } }).rule.threshold).toBe(0.005);
  });

  it('extends a forgivable failure only as far as its streak needs, never below the maximum', () => {
    const t = test('q', 'F');
    // A clean history: three failing re-runs are implausible already; the maximum stays.
    expect(start({ failed: [t], tests: [t], history: cleanHistory('c::q'), forgivable: new Set(['c::q']) }).cases[0]!.maxReruns).toBe(6);
    // No history: no streak within the ceiling is implausible; the maximum stays.
    expect(start({ failed: [t], tests: [t], forgivable: new Set(['c::q']) }).cases[0]!.maxReruns).toBe(6);
    expect(start({ failed: [t], tests: [t], unforgivable: new Set(['c::q']), rule: { ...rule, extendedMax: 9 } }).cases[0]!.maxReruns).toBe(9);
    expect(start({ failed: [t], tests: [t], unforgivable: new Set(['c::q']), rule: { ...rule, extendedMax: 2 } }).cases[0]!.maxReruns).toBe(6);
    expect(start({ failed: [t], tests: [t], unforgivable: new Set(['c::other']) }).cases[0]!.maxReruns).toBe(6);
  });

  it('extends only failed cases', () => {
    const p = test('p', 'P');
    const state = start({ failed: [], tests: [p], extras: [{ id: 'c::p', runs: 1, pool: 'new' }], unforgivable: new Set(['c::p']), forgivable: new Set(['c::p']) });
    expect(state.cases[0]!.maxReruns).toBe(6);
  });
});

describe('a line of the re-run file', () => {
  it('has the file and the suite only when known, and the runner title of a twin', () => {
    expect(rerunTestOf(test('a', 'F', { suite: '' }))).toEqual({ id: 'c::a', classname: 'c', name: 'a' });
    expect(rerunTestOf(test('a [2]', 'F', { twin: 2, file: 'x.ts' }))).toEqual({ id: 'c::a [2]', classname: 'c', name: 'a', file: 'x.ts', suite: 's' });
  });
});

describe('the rounds, verdict by verdict', () => {
  it('a failed test whose re-run passed after skipped attempts is proven flaky', () => {
    const t = test('a', 'F');
    const state = start({ failed: [t], tests: [t] });
    recordRound(state, roundCases(state), answer({ 'c::a': 'PS' }));
    expect(state.cases[0]!.verdict).toBe('proven-flaky');
    expect(state.cases[0]!.reruns).toEqual(A('P'));
  });

  it('an extra execution is clean or flaky when its runs are done, and runs until then', () => {
    const tests = [test('x', 'P'), test('y', 'P')];
    const state = start({
      failed: [],
      tests,
      extras: [
        { id: 'c::x', runs: 2, pool: 'new' },
        { id: 'c::y', runs: 2, pool: 'new' },
      ],
    });
    recordRound(state, roundCases(state), answer({ 'c::x': 'P', 'c::y': 'E' }));
    expect(state.cases.map((c) => c.verdict)).toEqual([undefined, undefined]);
    expect(roundCases(state)).toHaveLength(2);
    recordRound(state, roundCases(state), answer({ 'c::x': 'P', 'c::y': 'P' }));
    expect(state.cases.map((c) => c.verdict)).toEqual(['clean', 'flaky-extra']);
    expect(roundCases(state)).toEqual([]);
  });

  it('sets aside an extra with what it ran, and one that never ran as unanswered; a decided case stays', () => {
    const tests = [test('x', 'P'), test('y', 'P'), test('z', 'P')];
    const state = start({
      failed: [],
      tests,
      extras: ['x', 'y', 'z'].map((n) => ({ id: `c::${n}`, runs: 3, pool: 'new' as const })),
    });
    recordRound(state, roundCases(state), answer({ 'c::x': 'F', 'c::y': 'P' }));
    expect(state.cases[2]).toMatchObject({ verdict: 'unanswered', why: "round 1's re-run report has no result for it (missing or skipped)" });
    setAside(state.cases[0]!, 'time is up');
    setAside(state.cases[1]!, 'time is up');
    setAside(state.cases[2]!, 'time is up');
    expect(state.cases.map((c) => [c.verdict, c.why])).toEqual([
      ['flaky-extra', undefined],
      ['clean', undefined],
      ['unanswered', "round 1's re-run report has no result for it (missing or skipped)"],
    ]);
  });

  it('says why an exhausted test was not called consistent', () => {
    const t = test('a', 'F');
    const state = start({ failed: [t], tests: [t], rule: { minReruns: 1, maxReruns: 2 } });
    recordRound(state, roundCases(state), answer({ 'c::a': 'F' }));
    expect(state.cases[0]!.verdict).toBeUndefined();
    recordRound(state, roundCases(state), answer({ 'c::a': 'F' }));
    // Never seen: no flaky rate to weigh its failing re-runs against, and it is never said to be possibly flaky.
    expect(state.cases[0]).toMatchObject({
      verdict: 'exhausted',
      why: 'failed 3 of 3 times on this commit, every re-run; a test with no history has no flaky rate to weigh them against, so it stands as a real failure unless a quarantine forgives it',
    });
  });

  it('counts the streak from the newest attempt back, the report’s own passes ending it', () => {
    const t = test('a', 'PF');
    const state = start({ failed: [t], tests: [t], history: cleanHistory('c::a') });
    for (let i = 0; i < 3; i++) recordRound(state, roundCases(state), answer({ 'c::a': 'F' }));
    expect(state.cases[0]).toMatchObject({ verdict: 'consistent', why: 'failed 4 of 5 times on this commit; its flaky failures would do that less than 0.5% of the time' });
  });
});

describe('combining the invocations of a round', () => {
  it('gives a single invocation’s answer as it is, and its reason for a voided one without a count', () => {
    const a = test('a', 'F');
    const state = start({ failed: [a], tests: [a] });
    const only = answer({ 'c::a': 'P' }, 1.25);
    expect(combineParts([{ asked: roundCases(state), answer: only }], 1)).toBe(only);
    expect(combineParts([{ asked: roundCases(state), answer: { ok: false, why: 'no report', seconds: 2 } }], 1)).toEqual({ ok: false, why: 'no report', seconds: 2 });
  });

  it('adds the seconds to a tenth, and keeps what no invocation asked for once per report', () => {
    const tests = [test('a', 'F'), test('b', 'F')];
    const state = start({ failed: tests, tests });
    const [a, b] = roundCases(state);
    const combined = combineParts(
      [
        { asked: [a!], answer: answer({ 'c::a': 'F', 'c::x': 'P' }, 1.04) },
        { asked: [b!], answer: answer({ 'c::b': 'F', 'c::x': 'F' }, 2.03) },
      ],
      2,
    );
    expect(combined.ok).toBe(true);
    if (!combined.ok) return;
    expect(combined.seconds).toBe(3.1);
    expect(combined.attempts.get(answerKey({ id: 'c::x', classname: 'c', name: 'x' }))).toEqual(A('PF'));
    expect(combined.ran).toBe(4);
  });
});

describe('the result of the re-runs', () => {
  it('says why the re-runs stopped only when they stopped early, and why none ran', () => {
    const t = test('a', 'F');
    const done = start({ failed: [t], tests: [t] });
    recordRound(done, roundCases(done), answer({ 'c::a': 'P' }));
    const result = finishRerun(done, [t]);
    expect('stopped' in result).toBe(false);
    expect('skipped' in result).toBe(false);
    expect(result.seconds).toBe(1);
    expect(finishRerun(start({ failed: [], tests: [] }), [], 'no failed test')).toMatchObject({ skipped: 'no failed test' });
    const cut = start({ failed: [t], tests: [t] });
    recordRound(cut, roundCases(cut), { ok: false, why: 'timeout', seconds: 5 });
    expect(finishRerun(cut, [t])).toMatchObject({ stopped: 'round 1 was voided: timeout', seconds: 5 });
  });

  it('lists new tests proven flaky by a failed re-run or a failing extra, and tells the tests that failed every attempt in the run', () => {
    const tests = [test('n1', 'F'), test('n2', 'P'), test('old', 'FP'), test('n3', 'P')];
    const state = start({
      failed: [tests[0]!, tests[2]!],
      tests,
      extras: [
        { id: 'c::n2', runs: 1, pool: 'new' },
        { id: 'c::n3', runs: 1, pool: 'new' },
      ],
      newTests: new Set(['c::n1', 'c::n2', 'c::n3']),
    });
    recordRound(state, roundCases(state), answer({ 'c::n1': 'P', 'c::n2': 'F', 'c::old': 'P', 'c::n3': 'P' }));
    const result = finishRerun(state, tests);
    expect(result.newFlaky).toEqual(['c::n1', 'c::n2']);
    expect(result.provenFlaky).toEqual(['c::n1', 'c::old']);
    expect([...orderCandidates(result)]).toEqual(['c::n1']);
  });
});

describe('the tests a polluter can explain (orderCandidates)', () => {
  it('takes a test that failed every attempt in the run and passed every re-run alone; not one that failed alone first, nor one never passing', () => {
    const tests = [test('victim', 'F'), test('alone', 'F'), test('never', 'FF'), test('retried', 'FP')];
    const state = start({ failed: [tests[0]!, tests[1]!, tests[2]!, tests[3]!], tests, history: cleanHistory('c::alone') });
    recordRound(state, roundCases(state), answer({ 'c::victim': 'P', 'c::alone': 'F', 'c::never': 'F', 'c::retried': 'P' }));
    recordRound(state, roundCases(state), answer({ 'c::alone': 'P', 'c::never': 'F' }));
    const result = finishRerun(state, tests);
    expect(result.cases.find((c) => c.historyId === 'c::alone')!.reruns.map((a) => a.status)).toEqual(['failed', 'passed']);
    expect([...orderCandidates(result)]).toEqual(['c::victim']);
  });
});

describe('what still blocks after the re-runs', () => {
  it('lists a consistent failure always, an order-dependent one only when it blocks, each with its context first', () => {
    const tests = [test('c', 'F'), test('o', 'F'), test('h', 'F'), test('e', 'F')];
    const state = start({ failed: tests, tests, history: new Map([...cleanHistory('c::c'), ...cleanHistory('c::e', 3)]), rule: { minReruns: 1, maxReruns: 1 } });
    recordRound(state, roundCases(state), answer({ 'c::c': 'FF', 'c::o': 'P', 'c::h': 'P', 'c::e': 'F' }));
    const result = finishRerun(state, tests);
    // (A consistent verdict needs more rounds than this test runs: set as recordRound sets it.)
    Object.assign(result.cases[0]!, { verdict: 'consistent', why: 'failed 3 of 3 times on this commit', context: 'it fails alone too' });
    const order = new Map([
      ['c::o', 'fails after `B` in its file, passes alone'],
      ['c::h', 'fails after `C` in its file, passes alone'],
    ]);
    const listed = blockingAfterReruns(result, new Set(['c::o', 'c::e']), order);
    expect(listed).toEqual([
      { id: 'c::c', verdict: 'consistent', why: 'it fails alone too; failed 3 of 3 times on this commit' },
      { id: 'c::o', verdict: 'order-dependent', why: 'fails after `B` in its file, passes alone' },
      { id: 'c::e', verdict: 'exhausted', why: 'it failed all 1 re-run on this commit and nothing forgave it (not quarantined)' },
    ]);
    expect(blockingAfterReruns(result, new Set())).toEqual([listed[0]]);
  });

  it('counts the re-runs in the plural, and leaves out extras', () => {
    const tests = [test('e', 'F'), test('x', 'P')];
    const state = start({ failed: [tests[0]!], tests, extras: [{ id: 'c::x', runs: 1, pool: 'new' }], rule: { minReruns: 1, maxReruns: 2 } });
    recordRound(state, roundCases(state), answer({ 'c::e': 'F', 'c::x': 'F' }));
    recordRound(state, roundCases(state), answer({ 'c::e': 'F' }));
    const listed = blockingAfterReruns(finishRerun(state, tests), new Set(['c::e', 'c::x']));
    expect(listed).toEqual([{ id: 'c::e', verdict: 'exhausted', why: 'it failed all 2 re-runs on this commit and nothing forgave it (a test with no history, never quarantined)' }]);
  });

  it('says a consistent verdict without a sentence, and an unanswered one without a reason, in words of its own', () => {
    const t = test('a', 'F');
    const state = start({ failed: [t], tests: [t] });
    const result = finishRerun(state, [t]);
    result.cases[0]!.why = undefined;
    expect(blockingAfterReruns(result, new Set(['c::a']))).toEqual([{ id: 'c::a', verdict: 'unanswered', why: 'the re-runs could not answer for it: no result; its failure stands' }]);
    result.cases[0]!.verdict = 'consistent';
    expect(blockingAfterReruns(result, new Set())).toEqual([{ id: 'c::a', verdict: 'consistent', why: 'it failed consistently on this commit' }]);
    // A proven-flaky test that blocks (for another reason) is not one the re-runs explain.
    result.cases[0]!.verdict = 'proven-flaky';
    expect(blockingAfterReruns(result, new Set(['c::a']))).toEqual([]);
  });
});

describe('the plan, at its edges', () => {
  it('writes one line per test, nothing between them', () => {
    const tests = [test('a', 'F'), test('b', 'F', { suite: '' })];
    const state = start({ failed: tests, tests });
    expect(rerunTestsJsonl(roundCases(state))).toBe('{"id":"c::a","classname":"c","name":"a","suite":"s"}\n{"id":"c::b","classname":"c","name":"b"}\n');
  });

  it('counts the rounds that asked for a case', () => {
    const t = test('a', 'F');
    const state = start({ failed: [t], tests: [t] });
    recordRound(state, roundCases(state), answer({ 'c::a': 'F' }));
    recordRound(state, roundCases(state), answer({ 'c::a': 'F' }));
    expect(state.cases[0]).toMatchObject({ asked: 2, rounds: 2 });
  });

  it('sets aside a failed test that ran as unanswered, and an extra that never ran too', () => {
    const tests = [test('f', 'F'), test('x', 'P'), test('y', 'P')];
    const state = start({
      failed: [tests[0]!],
      tests,
      extras: [
        { id: 'c::x', runs: 2, pool: 'new' },
        { id: 'c::y', runs: 3, pool: 'new' },
      ],
    });
    recordRound(state, roundCases(state), answer({ 'c::f': 'F', 'c::x': 'F', 'c::y': 'F' }));
    recordRound(state, roundCases(state), answer({ 'c::f': 'F', 'c::x': 'P', 'c::y': 'P' }));
    expect(state.cases.map((c) => c.verdict)).toEqual([undefined, 'flaky-extra', undefined]);
    setAside(state.cases[0]!, 'time is up');
    setAside(state.cases[2]!, 'time is up');
    expect(state.cases.map((c) => [c.verdict, c.why])).toEqual([
      ['unanswered', 'time is up'],
      ['flaky-extra', undefined],
      ['flaky-extra', undefined],
    ]);
    const fresh = start({ failed: [], tests, extras: [{ id: 'c::x', runs: 2, pool: 'new' }] });
    setAside(fresh.cases[0]!, 'time is up');
    expect(fresh.cases[0]).toMatchObject({ verdict: 'unanswered', why: 'time is up' });
  });

  it('finishes a case still undecided as unanswered, because the re-runs ended', () => {
    const t = test('a', 'F');
    const state = start({ failed: [t], tests: [t] });
    recordRound(state, roundCases(state), answer({ 'c::a': 'F' }));
    const result = finishRerun(state, [t]);
    expect(result.cases[0]).toMatchObject({ verdict: 'unanswered', why: 'the re-runs ended' });
    expect('stopped' in result).toBe(false);
  });

  it('never lets an invocation answer for a test another one asked for, whichever comes first', () => {
    const tests = [test('a', 'F'), test('b', 'F')];
    const state = start({ failed: tests, tests });
    const [a, b] = roundCases(state);
    const combined = combineParts(
      [
        { asked: [b!], answer: answer({ 'c::b': 'P' }) },
        { asked: [a!], answer: answer({ 'c::a': 'F', 'c::b': 'F' }) },
      ],
      2,
    );
    expect(combined.ok && combined.attempts.get(answerKey(b!.test))).toEqual(A('P'));
  });
});
