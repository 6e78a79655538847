/** The outcome rules the re-runs feed (docs/rerun.md#semantics). */
import { describe, expect, it } from 'vitest';
import type { ParsedTestCase } from '../../src/model.ts';
import { decideOutcome } from '../../src/policy/outcome.ts';
import { unforgivenFailures } from '../../src/policy/forgive.ts';

const t = (name: string, codes: string, message = 'timeout'): ParsedTestCase => ({
  id: `c::${name}`,
  name,
  classname: 'c',
  suite: 's',
  report: 'r.xml',
  attempts: [...codes].map((c) => (c === 'P' ? { status: 'passed' as const } : { status: 'failed' as const, message })),
});

const history = new Map([['c::q', { id: 'c::q', name: 'q', classname: 'c', runs: [{ run: 'r1', sha: 'a', time: 1, onDefaultBranch: true, attempts: 'FP', message: 'timeout' }] }]]);
const SENTENCE = 'failed 4 of 4 times on this commit; its flaky failures would do that less than 0.5% of the time';

describe('consistent failures', () => {
  const base = { history, outages: new Map(), sha: 'b', normalise: (m: string) => m, forgive: 'known-failures' as const };

  it('are not forgiven by a quarantine, even for a known failure mode or with forgive: any-failure', () => {
    const tests = [t('q', 'FFFF')];
    const consistent = new Map([['c::q', SENTENCE]]);
    expect(unforgivenFailures({ ...base, tests, quarantined: new Set(['c::q']), byHand: new Set(), consistent })).toEqual(new Map([['c::q', `quarantined, but ${SENTENCE}: not forgiven`]]));
    expect(unforgivenFailures({ ...base, forgive: 'any-failure', tests, quarantined: new Set(['c::q']), byHand: new Set(), consistent }).has('c::q')).toBe(true);
    // Without the re-runs' verdict, the known failure mode is forgiven as before.
    expect(unforgivenFailures({ ...base, tests, quarantined: new Set(['c::q']), byHand: new Set() }).size).toBe(0);
  });

  it('are forgiven by a hand quarantine', () => {
    const consistent = new Map([['c::q', SENTENCE]]);
    expect(unforgivenFailures({ ...base, tests: [t('q', 'FFFF')], quarantined: new Set(['c::q']), byHand: new Set(['c::q']), consistent }).size).toBe(0);
  });

  it('fail the job with the sentence; a test that passed on a re-run did not fail the run', () => {
    const o = decideOutcome({
      tests: [t('broken', 'FFFF', 'expected 2'), t('flaky', 'FP')],
      problems: [],
      filesMatched: 1,
      testOutcome: 'failure',
      quarantined: new Set(),
      consistent: new Map([['c::broken', SENTENCE]]),
      failedBeforeReruns: 2,
    });
    expect(o.result).toBe('failure');
    expect(o.reasons).toContain(`'c::broken' ${SENTENCE}.`);
    expect(o.failed.map((x) => x.id)).toEqual(['c::broken']);
    expect(o.passedOnRetry.map((x) => x.id)).toEqual(['c::flaky']);
  });
});

describe('a failed test step', () => {
  const input = { problems: [], filesMatched: 1, testOutcome: 'failure' as const, quarantined: new Set<string>() };
  it('is explained by tests that failed in the suite, even when all passed on a re-run', () => {
    expect(decideOutcome({ ...input, tests: [t('flaky', 'FP')], failedBeforeReruns: 1 }).result).toBe('success');
  });
  it('without failed tests in the suite still fails the job (a crash, a build error)', () => {
    expect(decideOutcome({ ...input, tests: [t('flaky', 'FP')], failedBeforeReruns: 0 }).result).toBe('failure');
    expect(decideOutcome({ ...input, tests: [t('flaky', 'FP')] }).result).toBe('failure');
  });
});

describe('new tests of a pull request', () => {
  const input = { tests: [t('n', 'FPP')], problems: [], filesMatched: 1, testOutcome: 'success' as const, quarantined: new Set<string>() };
  it('flaky before merge: a reason to fail only with new-tests: block', () => {
    expect(decideOutcome({ ...input, newFlaky: { ids: ['c::n'], block: false } }).result).toBe('success');
    const blocked = decideOutcome({ ...input, newFlaky: { ids: ['c::n'], block: true } });
    expect(blocked.result).toBe('failure');
    expect(blocked.reasons).toEqual(['1 new test of this pull request failed and passed on this commit: flaky before it merges (new-tests: block).']);
  });
});
