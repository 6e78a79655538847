import { describe, expect, it } from 'vitest';
import { diagnoseTargets, filePeers, fullOrderPeers, withinBudget } from '../../src/diagnose/plan.ts';
import { emptySnapshot } from '../../src/store/snapshot.ts';
import { historyOf } from '../support/builders.ts';
import type { TestHistory } from '../../src/model.ts';

const NOW = Date.UTC(2026, 11, 1);
const withFile = (h: TestHistory, file: string): TestHistory => ({ ...h, file });

function snapshotOf(histories: TestHistory[], quarantined: string[] = [], overrides: Record<string, 'quarantine' | 'never'> = {}) {
  const s = emptySnapshot();
  for (const h of histories) s.history.set(h.id, h);
  for (const id of quarantined) s.stats.set(id, { quarantined: true } as never);
  for (const [id, action] of Object.entries(overrides)) s.overrides.set(id, { override: { action }, raw: {}, file: 'stats/00.json' });
  return s;
}

describe('diagnoseTargets', () => {
  it('takes the quarantined and the newly flaky tests, those that block most first', () => {
    const s = snapshotOf(
      [
        historyOf('stable', 'P P P P'),
        historyOf('flaky-once', 'P FP P P'),
        historyOf('quarantined-calm', 'P P P P'),
        historyOf('blocks-often', 'FP F FP P'),
        historyOf('blocks-often-newer', 'P FP FFP F'),
        historyOf('by-hand', 'P P'),
        historyOf('released-by-hand', 'FP P'),
      ],
      ['quarantined-calm', 'released-by-hand'],
      { 'by-hand': 'quarantine', 'released-by-hand': 'never' },
    );
    const targets = diagnoseTargets(s, NOW);
    expect(targets.map((t) => t.id)).toEqual(['blocks-often-newer', 'blocks-often', 'flaky-once', 'released-by-hand', 'by-hand', 'quarantined-calm']);
    expect(targets.find((t) => t.id === 'flaky-once')!.why).toBe('newly flaky');
    expect(targets.find((t) => t.id === 'by-hand')!.why).toBe('quarantined');
    expect(targets.find((t) => t.id === 'released-by-hand')!.why).toBe('newly flaky');
    expect(targets[0]).toMatchObject({ failedRuns: 3 });
  });

  it('stops at the budget in that order', () => {
    expect(withinBudget(['a', 'b', 'c'], () => 40, 100)).toEqual({ chosen: ['a', 'b'], left: ['c'] });
    expect(withinBudget(['a'], () => 40, 39)).toEqual({ chosen: [], left: ['a'] });
  });

  it('finds the other tests of the file, and of the branch with the file first', () => {
    const h = new Map(
      [
        withFile(historyOf('z::victim', 'P'), 'b.test.js'),
        withFile(historyOf('z::polluter', 'P'), 'b.test.js'),
        withFile(historyOf('a::other', 'P'), 'a.test.js'),
        { ...historyOf('c::nofile', 'P'), classname: 'c' },
      ].map((x) => [x.id, x]),
    );
    expect(filePeers(h, h.get('z::victim')!).map((x) => x.id)).toEqual(['z::polluter']);
    expect(fullOrderPeers(h, h.get('z::victim')!).map((x) => x.id)).toEqual(['z::polluter', 'c::nofile', 'a::other']);
  });
});
