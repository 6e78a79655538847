/**
 * The quarantine before a run and the failures it does not forgive (quarantineBefore, judgeFailures), called
 * directly on a snapshot built by hand.
 */
import { describe, expect, it } from 'vitest';
import { judgeFailures, quarantineBefore } from '../../src/policy/judge.ts';
import { DEFAULT_APPLY_OPTIONS } from '../../src/pipeline/apply.ts';
import { emptySnapshot, type Snapshot } from '../../src/store/snapshot.ts';
import { shardOf, type StatsLine } from '../../src/store/layout.ts';
import type { Override, ParsedTestCase, TestHistory } from '../../src/model.ts';
import { historyOf, parsedTest, runContext } from '../support/builders.ts';

const NOW = Date.UTC(2026, 10, 26, 12);
const line = (quarantined: boolean, extra: Partial<StatsLine> = {}): StatsLine => ({ override: null, quarantined, reason: quarantined ? 'failed and passed' : 'no counted failure', ...extra });

function snapshot(build: (s: Snapshot) => void): Snapshot {
  const s = emptySnapshot();
  build(s);
  return s;
}
const withOverride = (s: Snapshot, id: string, override: Override, line?: number): void => {
  s.overrides.set(id, { override, raw: override, file: 'stats/00.json', ...(line !== undefined ? { line } : {}) });
};

describe('quarantineBefore', () => {
  it("is the rule's stored state, then the hand overrides that hold", () => {
    const s = snapshot((s) => {
      s.stats.set('rule-in', line(true));
      s.stats.set('rule-out', line(false));
      s.stats.set('never', line(true));
      // A hand decision's line: the rule's own state is in auto.
      s.stats.set('hand', line(true, { reason: 'quarantined by hand', auto: { quarantined: false } }));
      withOverride(s, 'never', { action: 'never' });
      withOverride(s, 'forced', { action: 'quarantine' });
    });
    const before = quarantineBefore(s, NOW);
    expect([...before.quarantined].sort()).toEqual(['forced', 'rule-in']);
    expect([...before.byHand]).toEqual(['forced']);
    expect(before.lapsed).toEqual([]);
    expect(before.expired).toEqual(new Set());
  });

  it('lets an expired override go: the rule decides again, and the lapse is said once', () => {
    const s = snapshot((s) => {
      s.stats.set('a', line(true));
      s.stats.set('b', line(false, { lapsed: '2026-11-01' }));
      withOverride(s, 'a', { action: 'never', until: '2026-11-20' }, 4);
      withOverride(s, 'b', { action: 'quarantine', until: '2026-11-01' });
      withOverride(s, 'c', { action: 'quarantine', until: '2026-12-31' });
    });
    const before = quarantineBefore(s, NOW);
    expect([...before.quarantined].sort()).toEqual(['a', 'c']);
    expect([...before.byHand]).toEqual(['c']);
    expect(before.expired).toEqual(new Set(['a', 'b']));
    // b's lapse was said by an earlier run (its stats line remembers it): not again.
    expect(before.lapsed).toEqual([{ id: 'a', file: 'stats/00.json', line: 4, until: '2026-11-20' }]);
    // An override without a stats line lapses too.
    const alone = snapshot((s) => withOverride(s, 'e', { action: 'quarantine', until: '2026-11-02' }));
    expect(quarantineBefore(alone, NOW)).toMatchObject({ quarantined: new Set(), lapsed: [{ id: 'e', file: 'stats/00.json', until: '2026-11-02' }] });
    // An override of the day holds until the day's end.
    const sameDay = snapshot((s) => withOverride(s, 'd', { action: 'quarantine', until: '2026-11-26' }));
    expect([...quarantineBefore(sameDay, NOW).quarantined]).toEqual(['d']);
  });

  it('forgives nothing on a damaged branch, nor in a broken stats file', () => {
    const damaged = snapshot((s) => {
      s.stats.set('a', line(true));
      withOverride(s, 'b', { action: 'quarantine' });
      withOverride(s, 'c', { action: 'never', until: '2026-01-01' });
      s.damaged.push({ file: 'runs.json', line: 2, message: 'bad' });
    });
    expect(quarantineBefore(damaged, NOW)).toEqual({ quarantined: new Set(), byHand: new Set(), lapsed: [], expired: new Set() });
    const ids = ['t1', 't2', 't3', 't4'];
    const inBroken = ids.filter((id) => shardOf(id, 2) === 0);
    expect(inBroken.length).toBeGreaterThan(0);
    expect(inBroken.length).toBeLessThan(ids.length);
    const broken = snapshot((s) => {
      s.meta.shards = 2;
      for (const id of ids) {
        s.stats.set(id, line(true));
        withOverride(s, `${id}-hand`, { action: 'quarantine' });
      }
      // The overrides' ids fall where they fall: the test asks shardOf too.
      s.brokenShards.add(0);
    });
    const before = quarantineBefore(broken, NOW);
    const all = [...ids, ...ids.map((id) => `${id}-hand`)];
    expect([...before.quarantined].sort()).toEqual(all.filter((id) => shardOf(id, 2) !== 0).sort());
    expect([...before.byHand].sort()).toEqual(all.filter((id) => id.endsWith('-hand') && shardOf(id, 2) !== 0).sort());
  });
});

const failing = (id: string, message: string, attempts = 'F', report = 'reports/r.xml'): ParsedTestCase =>
  parsedTest(id, attempts, { report, attempts: [...attempts].map((c) => (c === 'P' ? { status: 'passed' as const } : { status: 'failed' as const, message })) });

function flakyHistory(id: string, message: string, untrusted = false): TestHistory {
  const h = historyOf(id, 'P FP P FP P');
  return { ...h, runs: h.runs.map((r) => (r.attempts === 'FP' ? { ...r, message, ...(untrusted ? { untrusted: true } : {}) } : r)) };
}

describe('judgeFailures', () => {
  const before = (ids: string[], byHand: string[] = []) => ({ quarantined: new Set(ids), byHand: new Set(byHand), lapsed: [], expired: new Set<string>() });

  it('forgives a quarantined test failing as it failed flakily, trimming messages by default', () => {
    const s = snapshot((s) => s.history.set('q', flakyHistory('q', 'timeout')));
    const judged = judgeFailures(s, before(['q']), [failing('q', '  timeout ')], runContext(9).sha, DEFAULT_APPLY_OPTIONS);
    expect(judged).toEqual({ outages: [], failingOutages: [], unforgiven: new Map() });
    const other = judgeFailures(s, before(['q']), [failing('q', 'expected 1')], runContext(9).sha, DEFAULT_APPLY_OPTIONS);
    expect([...other.unforgiven.keys()]).toEqual(['q']);
    // With its own normaliser.
    const upper = judgeFailures(s, before(['q']), [failing('q', 'timeout')], runContext(9).sha, { ...DEFAULT_APPLY_OPTIONS, normalise: (m) => m.toUpperCase() });
    expect([...upper.unforgiven.keys()]).toEqual(['q']);
  });

  it('forgives a failure on a commit where the test passed before (this run’s sha)', () => {
    const s = snapshot((s) => s.history.set('q', historyOf('q', 'P P@sha9')));
    expect(judgeFailures(s, before(['q']), [failing('q', 'new')], runContext(9).sha, DEFAULT_APPLY_OPTIONS).unforgiven.size).toBe(0);
    expect(judgeFailures(s, before(['q']), [failing('q', 'new')], runContext(8).sha, DEFAULT_APPLY_OPTIONS).unforgiven.size).toBe(1);
  });

  it('learns the failures a quarantine covers from trusted records only', () => {
    const s = snapshot((s) => {
      s.history.set('q', flakyHistory('q', 'timeout', true));
      s.runs.set('fork/1', { seq: 1, sha: 'x', time: 1, onDefaultBranch: false, untrusted: true });
    });
    expect([...judgeFailures(s, before(['q']), [failing('q', 'timeout')], runContext(9).sha, DEFAULT_APPLY_OPTIONS).unforgiven.keys()]).toEqual(['q']);
  });

  it('finds the outages, never forgives their failures, and names those in which a final attempt failed', () => {
    const down = ['a', 'b', 'c', 'd', 'e'].map((id) => failing(id, 'connect ECONNREFUSED', id === 'a' ? 'F' : 'FP', 'reports/db.xml'));
    const other = [failing('x', 'connect ECONNREFUSED', 'FP', 'reports/ui.xml'), ...['y', 'z', 'v', 'w'].map((id) => failing(id, 'connect ECONNREFUSED', 'FP', 'reports/ui.xml'))];
    const s = snapshot((s) => s.history.set('a', flakyHistory('a', 'connect ECONNREFUSED')));
    const judged = judgeFailures(s, before(['a'], ['a']), [...down, ...other], runContext(9).sha, DEFAULT_APPLY_OPTIONS);
    expect(judged.outages.map((o) => o.report)).toEqual(['reports/db.xml', 'reports/ui.xml']);
    expect(judged.failingOutages).toEqual(['5 of the 5 tests of reports/db.xml failed with the same message']);
    expect(judged.unforgiven).toEqual(new Map([['a', 'quarantined, but failed in an outage (5 of the 5 tests of reports/db.xml failed with the same message): not forgiven']]));
  });

  it("passes the re-runs' consistent failures on", () => {
    const s = snapshot((s) => s.history.set('q', flakyHistory('q', 'timeout')));
    const consistent = new Map([['q', 'failed 4 of 4 times on this commit']]);
    const judged = judgeFailures(s, before(['q']), [failing('q', 'timeout')], runContext(9).sha, DEFAULT_APPLY_OPTIONS, consistent);
    expect(judged.unforgiven).toEqual(new Map([['q', 'quarantined, but failed 4 of 4 times on this commit: not forgiven']]));
  });
});
