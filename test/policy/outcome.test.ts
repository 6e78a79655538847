import { describe, expect, it } from 'vitest';
import { decideOutcome } from '../../src/policy/outcome.ts';
import { parsedTest } from '../support/builders.ts';

const base = { problems: [], filesMatched: 1, testOutcome: '' as const, quarantined: new Set<string>() };

describe('decideOutcome', () => {
  it('succeeds when no test failed', () => {
    const o = decideOutcome({ ...base, tests: [parsedTest('a', 'P'), parsedTest('b', 'S')] });
    expect(o.result).toBe('success');
    expect(o.reasons).toEqual([]);
  });

  it('judges a test by its final attempt and keeps retried passes apart', () => {
    const o = decideOutcome({ ...base, tests: [parsedTest('a', 'FP'), parsedTest('b', 'PF')] });
    expect(o.failed.map((t) => t.id)).toEqual(['b']);
    expect(o.passedOnRetry.map((t) => t.id)).toEqual(['a']);
    expect(o.result).toBe('failure');
  });

  it('counts an error as a failure', () => {
    expect(decideOutcome({ ...base, tests: [parsedTest('a', 'E')] }).result).toBe('failure');
  });

  it('forgives only quarantined tests', () => {
    const o = decideOutcome({ ...base, tests: [parsedTest('q', 'F'), parsedTest('r', 'F')], quarantined: new Set(['q']) });
    expect(o.forgiven.map((t) => t.id)).toEqual(['q']);
    expect(o.blocking.map((t) => t.id)).toEqual(['r']);
    expect(o.result).toBe('failure');
    expect(o.reasons).toEqual(['1 failed test is not quarantined.']);
  });

  it('succeeds when every failure is forgiven, even with a failed test step', () => {
    const o = decideOutcome({ ...base, testOutcome: 'failure', tests: [parsedTest('q', 'F')], quarantined: new Set(['q']) });
    expect(o.result).toBe('success');
  });

  it.each(['failure', 'cancelled'] as const)('fails when the test step says %s but no test failed', (testOutcome) => {
    const o = decideOutcome({ ...base, testOutcome, tests: [parsedTest('a', 'P')] });
    expect(o.result).toBe('failure');
    expect(o.reasons[0]).toContain(`outcome is '${testOutcome}'`);
  });

  it('fails when no report matched', () => {
    const o = decideOutcome({ ...base, filesMatched: 0, tests: [] });
    expect(o.result).toBe('failure');
    expect(o.reasons[0]).toMatch(/No test report matched/);
  });

  it('fails on an unreadable report, naming it', () => {
    const o = decideOutcome({ ...base, tests: [parsedTest('a', 'P')], problems: [{ path: 'r/x.xml', line: 3, message: 'unclosed tag' }] });
    expect(o.result).toBe('failure');
    expect(o.reasons).toEqual(['Report r/x.xml:3 could not be read: unclosed tag']);
  });
  it('blocks a quarantined test whose failure its quarantine does not cover, and says so apart', () => {
    const o = decideOutcome({
      ...base,
      tests: [parsedTest('q', 'F'), parsedTest('u', 'F'), parsedTest('r', 'F')],
      quarantined: new Set(['q', 'u']),
      unforgiven: new Map([
        ['u', 'quarantined, but failed with a message never seen in its flaky failures'],
        ['r', 'ignored: not quarantined'],
      ]),
    });
    expect(o.forgiven.map((t) => t.id)).toEqual(['q']);
    expect(o.blocking.map((t) => t.id)).toEqual(['u', 'r']);
    expect([...o.unforgiven.keys()]).toEqual(['u']);
    expect(o.reasons).toEqual(['1 failed test is not quarantined.', '1 quarantined test failed in a way its quarantine does not cover (a failure never seen as flaky, or an outage): not forgiven.']);
  });
});

describe('decideOutcome, each reason in words', () => {
  const failing = (n: number, prefix = 't') => Array.from({ length: n }, (_, i) => parsedTest(`${prefix}${i}`, 'F'));

  it('a test without attempts did not fail', () => {
    const o = decideOutcome({ ...base, tests: [parsedTest('a', '')] });
    expect(o).toMatchObject({ result: 'success', failed: [], passedOnRetry: [] });
  });

  it('counts in the plural, with the verb and pronoun that agree', () => {
    const o = decideOutcome({
      ...base,
      tests: [...failing(2), ...failing(3, 'q')],
      quarantined: new Set(['q0', 'q1', 'q2']),
      unforgiven: new Map([
        ['q0', 'new mode'],
        ['q1', 'new mode'],
      ]),
    });
    expect(o.forgiven.map((t) => t.id)).toEqual(['q2']);
    expect(o.reasons).toEqual([
      '2 failed tests are not quarantined.',
      '2 quarantined tests failed in a way their quarantine does not cover (a failure never seen as flaky, or an outage): not forgiven.',
    ]);
  });

  it('names an unreadable report without a line number', () => {
    const o = decideOutcome({ ...base, tests: [], problems: [{ path: 'r/x.xml', message: 'empty file' }] });
    expect(o.reasons).toEqual(['Report r/x.xml could not be read: empty file']);
  });

  it('says each consistent failure by its sentence, ten at most, then how many more', () => {
    const tests = failing(12);
    const consistent = new Map(tests.map((t) => [t.id, `failed on ${t.id}`] as [string, string]));
    const o = decideOutcome({ ...base, tests, consistent });
    expect(o.reasons).toEqual(['12 failed tests are not quarantined.', ...tests.slice(0, 10).map((t) => `'${t.id}' failed on ${t.id}.`), '2 more tests failed every re-run on this commit.']);
    const ten = decideOutcome({ ...base, tests: tests.slice(0, 10), consistent });
    expect(ten.reasons).toHaveLength(11);
    expect(ten.reasons.at(-1)).toBe("'t9' failed on t9.");
    const eleven = decideOutcome({ ...base, tests: tests.slice(0, 11), consistent });
    expect(eleven.reasons.at(-1)).toBe('1 more test failed every re-run on this commit.');
  });

  it('says the consistent failure of a test that is not blocking nowhere', () => {
    const o = decideOutcome({ ...base, tests: [parsedTest('q', 'F')], quarantined: new Set(['q']), consistent: new Map([['q', 'failed 4 of 4 times']]) });
    expect(o).toMatchObject({ result: 'success', reasons: [] });
  });

  it('a consistent failure that a later attempt passed still failed the run; a test that never failed did not', () => {
    const consistent = new Map([
      ['od', 'fails inside the full run and passes alone'],
      ['p', 'never failed'],
    ]);
    const o = decideOutcome({ ...base, tests: [parsedTest('od', 'FP'), parsedTest('p', 'PP')], consistent, orderDependent: new Map([['od', 'fails inside the full run and passes alone']]) });
    expect(o.failed.map((t) => t.id)).toEqual(['od']);
    expect(o.passedOnRetry).toEqual([]);
    // An order-dependent failure is said by its own sentence, not counted among the tests not quarantined.
    expect(o.reasons).toEqual(["'od' fails inside the full run and passes alone."]);
    expect(o.orderDependent).toEqual(new Map([['od', 'fails inside the full run and passes alone']]));
  });

  it('keeps an order-dependent test that its quarantine forgave out of orderDependent, and leaves the key out when empty', () => {
    const sentence = 'fails inside the full run and passes alone';
    const o = decideOutcome({ ...base, tests: [parsedTest('od', 'F')], quarantined: new Set(['od']), orderDependent: new Map([['od', sentence]]) });
    expect(o.result).toBe('success');
    expect('orderDependent' in o).toBe(false);
    const blocked = decideOutcome({ ...base, tests: [parsedTest('od', 'F'), parsedTest('x', 'F')], orderDependent: new Map([['od', sentence]]) });
    expect(blocked.orderDependent).toEqual(new Map([['od', sentence]]));
    expect(blocked.reasons).toEqual(['1 failed test is not quarantined.']);
  });

  it('an order-dependent quarantined test whose failure is not forgiven is not counted among the uncovered', () => {
    const o = decideOutcome({ ...base, tests: [parsedTest('od', 'F')], quarantined: new Set(['od']), unforgiven: new Map([['od', 'why']]), orderDependent: new Map([['od', 's']]) });
    expect(o.result).toBe('success');
    expect(o.reasons).toEqual([]);
    expect(o.orderDependent).toEqual(new Map([['od', 's']]));
  });

  it('new flaky tests with new-tests: block but none found is no reason', () => {
    expect(decideOutcome({ ...base, tests: [], newFlaky: { ids: [], block: true } }).result).toBe('success');
    const two = decideOutcome({ ...base, tests: [], newFlaky: { ids: ['a', 'b'], block: true } });
    expect(two.reasons).toEqual(['2 new tests of this pull request failed and passed on this commit: flaky before it merges (new-tests: block).']);
  });

  it('says each outage', () => {
    const o = decideOutcome({ ...base, tests: [], outages: ['5 tests of r.xml failed with "ECONNREFUSED"'] });
    expect(o.reasons).toEqual(['An outage: 5 tests of r.xml failed with "ECONNREFUSED". Those failures are not flakiness: never forgiven, and no test\'s evidence.']);
  });

  it('a failed test step with a failed test, or a successful one without, needs no other reason', () => {
    expect(decideOutcome({ ...base, testOutcome: 'failure', tests: [parsedTest('a', 'F')] }).reasons).toEqual(['1 failed test is not quarantined.']);
    expect(decideOutcome({ ...base, testOutcome: 'success', tests: [parsedTest('a', 'P')] }).result).toBe('success');
    expect(decideOutcome({ ...base, testOutcome: 'skipped', tests: [] }).result).toBe('success');
  });
});
