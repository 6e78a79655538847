/** decide() under a seed rule: what it reads, the since it keeps, and its words (src/policy/decide.ts). */
import { describe, expect, it } from 'vitest';
import { decide, verdictOf } from '../../src/policy/decide.ts';
import { DEFAULT_POLICY, type PolicyOptions } from '../../src/policy/quarantine.ts';
import type { QuarantineState, TestHistory } from '../../src/model.ts';
import { historyOf } from '../support/builders.ts';

const NOW = '2026-12-01T00:00:00.000Z';
const OLD = '2026-10-01T00:00:00.000Z';
const reps = (token: string, n: number): string => Array(n).fill(token).join(' ');
const successRate: PolicyOptions = { ...DEFAULT_POLICY, rule: 'success-rate' };
const flaky = historyOf('t', `${reps('P', 18)} FP P FP P`);
const clean = historyOf('t', reps('P', 20));
const newest = (h: TestHistory): number => h.runs[h.runs.length - 1]!.time;

describe('verdictOf', () => {
  it('is undefined under the evidence rule, the seed rule’s verdict under another', () => {
    expect(verdictOf(flaky, DEFAULT_POLICY)).toBeUndefined();
    expect(verdictOf(flaky, successRate)).toMatchObject({ enter: true, release: false });
  });

  it('reads the success rate up to the newest run, not up to the clock', () => {
    // Runs 40 days apart from the first: only those within 30 days of the newest count.
    const spread = { ...flaky, runs: flaky.runs.map((r, i) => ({ ...r, time: Date.UTC(2026, 0, 1) + i * 2 * 86_400_000 })) };
    expect(verdictOf(spread, successRate)!.measured).toMatch(/\(\d+\/(1[0-6]) counted runs in 30 days/);
  });
});

describe('decide under a seed rule', () => {
  it('enters with the rule’s words, since now', () => {
    const d = decide(flaky, undefined, null, NOW, successRate);
    expect(d).toMatchObject({ quarantined: true, since: NOW });
    expect(d.reason).toBe(`success-rate rule: ${verdictOf(flaky, successRate)!.measured}; stays quarantined until its success rate reaches 1`);
  });

  it('keeps the since of a quarantined test that stays, and releases one the rule lets go, judged from its newest run on', () => {
    const before: QuarantineState = { quarantined: true, reason: 'x', since: OLD };
    expect(decide(flaky, before, null, NOW, successRate)).toMatchObject({ quarantined: true, since: OLD });
    const released = decide(clean, before, null, NOW, successRate);
    expect(released).toMatchObject({ quarantined: false, since: NOW, evidenceAfter: newest(clean) });
    expect(released.reason).toBe(`released by the success-rate rule: ${verdictOf(clean, successRate)!.measured}`);
  });

  it('keeps the since of a test that stays out, by breakage or for lack of evidence', () => {
    const out: QuarantineState = { quarantined: false, reason: 'x', since: OLD };
    expect(decide(historyOf('t', `${reps('P', 20)} F F F`), out, null, NOW, successRate)).toMatchObject({ quarantined: false, since: OLD });
    const d = decide(clean, out, null, NOW, successRate);
    expect(d).toMatchObject({ quarantined: false, since: OLD });
    expect(d.reason).toBe(`success-rate rule: ${verdictOf(clean, successRate)!.measured}`);
    expect('evidenceAfter' in d).toBe(false);
    expect(decide(clean, undefined, null, NOW, successRate).since).toBe(NOW);
  });

  it('after a release, reads only the runs after it, and says so', () => {
    const after = newest(flaky);
    const next = historyOf('t', `${reps('P', 18)} FP P FP P ${reps('P', 3)}`);
    const d = decide(next, { quarantined: false, reason: 'released', since: OLD, evidenceAfter: after }, null, NOW, successRate);
    expect(d).toMatchObject({ quarantined: false, since: OLD, evidenceAfter: after });
    expect(d.evidence.runs).toBe(3);
    expect(d.reason).toBe('success-rate rule: success rate 1.00 (3/3 counted runs in 30 days; enters below 0.95) since its release');
    // Evidence after the release counts: the rule quarantines again, and the release is forgotten.
    const again = decide(historyOf('t', `${reps('P', 22)} ${reps('P', 9)} FP P FP P`), { quarantined: false, reason: 'released', since: OLD, evidenceAfter: after }, null, NOW, successRate);
    expect(again).toMatchObject({ quarantined: true, since: NOW });
    expect(again.evidenceAfter).toBeUndefined();
    // A run at the release's very time is before it.
    expect(decide(next, { quarantined: false, reason: 'released', since: OLD, evidenceAfter: after - 1 }, null, NOW, successRate).evidence.runs).toBe(4);
  });

  it('holds back a test the rule would quarantine while its newest run failed with no pass, and says why', () => {
    const d = decide(historyOf('t', `${reps('P', 18)} FP P FP F`), undefined, null, NOW, successRate);
    expect(d.quarantined).toBe(false);
    expect(d.reason).toMatch(/; not quarantined while its newest run failed with no pass on that commit \(it may be broken\)$/);
  });
});
