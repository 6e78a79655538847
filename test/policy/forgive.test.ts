import { describe, expect, it } from 'vitest';
import { knownFailureModes, unforgivenFailures, type ForgivenessInput } from '../../src/policy/forgive.ts';
import type { History, ParsedTestCase, TestHistory, TestRunRecord } from '../../src/model.ts';

/** Runs as `attempts[:message][@sha][!][~]`: `!` a pull request, `~` an outage; runs without @sha get their own commit. */
function history(description: string): TestHistory {
  const runs: TestRunRecord[] = description
    .split(/\s+/)
    .filter(Boolean)
    .map((token, i) => {
      const pr = token.includes('!');
      const outage = token.includes('~');
      const [body, sha] = token.replace(/[!~]/g, '').split('@');
      const [attempts, message] = body!.split(':');
      return {
        run: `r${i}`,
        sha: sha ?? `c${i}`,
        time: Date.UTC(2026, 10, 1) + i * 3_600_000,
        onDefaultBranch: !pr,
        attempts: attempts!,
        ...(message ? { message } : {}),
        ...(outage ? { outage: true } : {}),
      };
    });
  return { id: 't', name: 't', classname: '', runs };
}

function failing(message: string | undefined, attempts = 'F'): ParsedTestCase {
  return {
    id: 't',
    name: 't',
    classname: '',
    suite: 's',
    report: 'r.xml',
    attempts: [...attempts].map((c) => (c === 'P' ? { status: 'passed' as const } : { status: 'failed' as const, ...(message ? { message } : {}) })),
  };
}

function judge(h: string, test: ParsedTestCase, extra: Partial<ForgivenessInput> = {}): string | undefined {
  const hist: History = new Map([['t', history(h)]]);
  return unforgivenFailures({
    tests: [test],
    history: hist,
    quarantined: new Set(['t']),
    byHand: new Set(),
    outages: new Map(),
    sha: 'now',
    normalise: (m) => m.trim(),
    forgive: 'known-failures',
    ...extra,
  }).get('t');
}

describe('knownFailureModes', () => {
  it('knows a message seen on a commit where the test also passed', () => {
    expect(knownFailureModes(history('P FP:timeout P F:flake@a P@a'))).toEqual(new Set(['timeout', 'flake']));
  });

  it('knows a message of two separate failure episodes on the default branch, not of one', () => {
    expect(knownFailureModes(history('P F:boom F:boom P'))).toEqual(new Set());
    expect(knownFailureModes(history('P F:boom P F:boom P'))).toEqual(new Set(['boom']));
  });

  it('ignores pull-request failures without a pass on their commit, and outages', () => {
    expect(knownFailureModes(history('P F:pr! P F:pr! P'))).toEqual(new Set());
    expect(knownFailureModes(history('P EP:down~ P EP:down~'))).toEqual(new Set());
  });
});

describe('unforgivenFailures', () => {
  const flaky = 'P FP:timeout P FP:timeout P';

  it('forgives a quarantined test failing as it failed flakily', () => {
    expect(judge(flaky, failing('timeout'))).toBeUndefined();
  });

  it('does not forgive a new failure mode: the test may really be broken', () => {
    expect(judge(flaky, failing('expected 3 but was 4'))).toMatch(/never seen in its flaky failures/);
  });

  it('forgives any failure on a commit where the test passed, in this run or before', () => {
    expect(judge(flaky, failing('new', 'FPF'))).toBeUndefined();
    expect(judge(`${flaky} P@now`, failing('new'))).toBeUndefined();
  });

  it('forgives every failure of a test quarantined by hand, and every one with forgive: any-failure', () => {
    expect(judge(flaky, failing('new'), { byHand: new Set(['t']) })).toBeUndefined();
    expect(judge(flaky, failing('new'), { forgive: 'any-failure' })).toBeUndefined();
  });

  it('never forgives a failure in an outage, even by hand', () => {
    const outages = new Map([['t', '6 of the 8 tests of r.xml failed with the same message']]);
    expect(judge(flaky, failing('timeout'), { outages, byHand: new Set(['t']) })).toMatch(/outage \(6 of the 8 tests/);
  });

  it('leaves tests that are not quarantined, or did not fail, to the outcome', () => {
    expect(judge(flaky, failing('new'), { quarantined: new Set() })).toBeUndefined();
    expect(judge(flaky, failing('new', 'FP'))).toBeUndefined();
  });
});
