import { describe, expect, it } from 'vitest';
import { applyFixes, readFixRecord, type FixInput } from '../../src/policy/fix-release.ts';
import { DEFAULT_POLICY, decideQuarantine, type Decision } from '../../src/policy/quarantine.ts';
import type { FixRecord, QuarantineState, TestHistory } from '../../src/model.ts';
import { historyOf } from '../support/builders.ts';

const HEAD = 'a'.repeat(40);
const verified: FixRecord = { pr: 12, head: HEAD, runs: 59, failures: 0, rate: 0.05, reached: 0.951, verdict: 'verified', at: '2026-11-20T00:00:00.000Z' };
const NOW = '2026-11-27T00:00:00.000Z';

/** Applies fix verification to one test decided by the rule, as applyRun does; `line` is its stats line as read. */
function apply(history: TestHistory, previous: QuarantineState, line: Record<string, unknown>, fixes?: FixInput, runKey = `r${history.runs.length - 1}`): Decision {
  const decisions = new Map([[history.id, decideQuarantine(history, previous, null, NOW, DEFAULT_POLICY)]]);
  const runTime = history.runs.find((r) => r.run === runKey)?.time ?? 0;
  applyFixes({ decisions, recorded: () => line.fix, history: new Map([[history.id, history]]), fixes, runKey, runTime, nowIso: NOW, policy: DEFAULT_POLICY });
  return decisions.get(history.id)!;
}

const quarantined: QuarantineState = { quarantined: true, reason: 'flaky', since: '2026-11-01T00:00:00.000Z' };

describe('applyFixes', () => {
  it("records this run's verification on the quarantined test; the quarantine stays", () => {
    const d = apply(historyOf('t', 'P FP@a P P!'), quarantined, {}, { verified: new Map([['t', verified]]) });
    expect(d.quarantined).toBe(true);
    expect(d.fix).toEqual(verified);
  });

  it('releases at the first run after the verified fix landed, with the evidence in the reason', () => {
    const h = historyOf('t', 'P FP@a P P');
    const d = apply(h, quarantined, { fix: verified }, { landed: new Map([['t', { pr: 12, commit: 'b'.repeat(40) }]]) });
    expect(d.quarantined).toBe(false);
    expect(d.reason).toBe(`released: its fix was verified (0 failures in 59 runs at ${HEAD.slice(0, 12)} on pull request #12) and landed on the default branch in bbbbbbbbbbbb`);
    expect(d.fix).toEqual({ ...verified, released: NOW });
    expect(d.evidenceAfter).toBe(h.runs[3]!.time - 1);
  });

  it('does not release on a landing when the fix failed its verification, another pull request landed, or the test failed in this run', () => {
    const landed = { landed: new Map([['t', { pr: 12, commit: 'b'.repeat(40) }]]) };
    expect(apply(historyOf('t', 'P FP@a P P'), quarantined, { fix: { ...verified, verdict: 'failed', failures: 1 } }, landed).quarantined).toBe(true);
    expect(apply(historyOf('t', 'P FP@a P P'), quarantined, { fix: { ...verified, pr: 13 } }, landed).quarantined).toBe(true);
    const failedNow = apply(historyOf('t', 'P FP@a P F'), quarantined, { fix: verified }, landed);
    expect(failedNow.quarantined).toBe(true);
    expect(failedNow.fix).toEqual(verified);
  });

  it('keeps the record while the quarantine waits for the landing', () => {
    const d = apply(historyOf('t', 'P FP@a P P'), quarantined, { fix: verified });
    expect(d.quarantined).toBe(true);
    expect(d.fix).toEqual(verified);
  });

  it('quarantines again at once at the first failure after the release', () => {
    const h = historyOf('t', 'P FP@a P P P F');
    const released: QuarantineState = { quarantined: false, reason: 'released: …', since: NOW, evidenceAfter: h.runs[3]!.time - 1 };
    // the rule alone would not: one failure episode is not enough to enter
    expect(decideQuarantine(h, released, null, NOW, DEFAULT_POLICY).quarantined).toBe(false);
    const d = apply(h, released, { fix: { ...verified, released: NOW } });
    expect(d.quarantined).toBe(true);
    expect(d.reason).toMatch(/^failed again after its verified fix released it \(0 failures in 59 runs at a{12} on pull request #12\): quarantined again at once/);
    expect(d.fix).toBeUndefined();
  });

  it('never hides breakage as flakiness: a streak of failures after the release is not quarantined', () => {
    const h = historyOf('t', 'P FP@a P P F F F');
    const released: QuarantineState = { quarantined: false, reason: 'released: …', since: NOW, evidenceAfter: h.runs[3]!.time - 1 };
    const d = apply(h, released, { fix: { ...verified, released: NOW } });
    expect(d.quarantined).toBe(false);
    expect(d.reason).toMatch(/breakage/);
  });

  it('leaves a test a hand override decides alone', () => {
    const h = historyOf('t', 'P FP@a P P');
    const decisions = new Map([['t', decideQuarantine(h, quarantined, { action: 'quarantine' }, NOW, DEFAULT_POLICY)]]);
    applyFixes({
      decisions,
      recorded: () => verified,
      history: new Map([['t', h]]),
      fixes: { landed: new Map([['t', { pr: 12, commit: 'b'.repeat(40) }]]) },
      runKey: 'r3',
      runTime: 0,
      nowIso: NOW,
      policy: DEFAULT_POLICY,
    });
    expect(decisions.get('t')!.quarantined).toBe(true);
  });

  it('reads only a record in the documented form', () => {
    expect(readFixRecord(verified)).toEqual(verified);
    expect(readFixRecord({ ...verified, head: 'not a sha' })).toBeUndefined();
    expect(readFixRecord({ ...verified, verdict: 'maybe' })).toBeUndefined();
    expect(readFixRecord({ ...verified, reached: 2 })).toBeUndefined();
    expect(readFixRecord('verified')).toBeUndefined();
  });
});
