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
