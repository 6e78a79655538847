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

describe('knownFailureModes, run by run', () => {
  it('knows nothing of a test without history', () => {
    expect(knownFailureModes(undefined)).toEqual(new Set());
  });

  it('knows a pull-request failure proven flaky by a pass on its commit', () => {
    expect(knownFailureModes(history('P F:pr@a! P@a!'))).toEqual(new Set(['pr']));
  });

  it('does not take a pass in an outage run as proof', () => {
    expect(knownFailureModes(history('P@a~ F:boom@a'))).toEqual(new Set());
  });

  it('ends an episode at a passing run only: a skipped run or another failure does not', () => {
    expect(knownFailureModes(history('F:boom S F:boom'))).toEqual(new Set());
    expect(knownFailureModes(history('F:boom P F:boom'))).toEqual(new Set(['boom']));
    // Another message in between starts a new episode of that message, and the first comes back as a second one.
    expect(knownFailureModes(history('F:boom F:other F:boom'))).toEqual(new Set(['boom']));
    // A pull-request failure between two default-branch ones is not part of the episode.
    expect(knownFailureModes(history('F:boom F:other! F:boom'))).toEqual(new Set());
    // An outage run neither ends nor starts an episode.
    expect(knownFailureModes(history('F:boom P~ F:boom'))).toEqual(new Set());
  });

  it('counts an error as a failure, and a failure without a message as its own mode', () => {
    expect(knownFailureModes(history('P E:crash P E:crash'))).toEqual(new Set(['crash']));
    expect(knownFailureModes(history('P F P F'))).toEqual(new Set([undefined]));
  });
});

describe('unforgivenFailures, what it says and when', () => {
  const flaky = 'P FP:timeout P FP:timeout P';

  it('names the outage, and the consistent failure by its sentence', () => {
    const outages = new Map([['t', '6 of the 8 tests of r.xml failed with the same message']]);
    expect(judge(flaky, failing('timeout'), { outages })).toBe('quarantined, but failed in an outage (6 of the 8 tests of r.xml failed with the same message): not forgiven');
    const consistent = new Map([['t', 'failed 4 of 4 times on this commit']]);
    expect(judge(flaky, failing('timeout'), { consistent })).toBe('quarantined, but failed 4 of 4 times on this commit: not forgiven');
    expect(judge(flaky, failing('boom'))).toBe('quarantined, but failed with a message never seen in its flaky failures (it may really be broken): not forgiven');
  });

  it('judges a consistent failure that a later attempt passed as a failure of the run', () => {
    const consistent = new Map([['t', 'fails inside the full run and passes alone']]);
    expect(judge(flaky, failing('timeout', 'FP'), { consistent })).toBe('quarantined, but fails inside the full run and passes alone: not forgiven');
    expect(judge(flaky, failing('timeout', 'FP'), { consistent, byHand: new Set(['t']) })).toBeUndefined();
  });

  it('counts a pass on this commit only from a run that was not an outage and passed', () => {
    expect(judge(`${flaky} P@now~`, failing('new'))).toMatch(/never seen/);
    expect(judge(`${flaky} F:new@now`, failing('new'))).toMatch(/never seen/);
    expect(judge(`${flaky} P@other`, failing('new'))).toMatch(/never seen/);
  });

  it('compares the normalised message of the first failed attempt', () => {
    expect(judge(flaky, failing('  timeout  '))).toBeUndefined();
    expect(judge(flaky, failing('timeout'), { normalise: (m) => m.toUpperCase() })).toMatch(/never seen/);
  });

  it('judges a test without history as a new failure mode', () => {
    const out = unforgivenFailures({
      tests: [failing('timeout')],
      history: new Map(),
      quarantined: new Set(['t']),
      byHand: new Set(),
      outages: new Map(),
      sha: 'now',
      normalise: (m) => m,
      forgive: 'known-failures',
    });
    expect(out.get('t')).toMatch(/never seen/);
  });
});
