/** History under an id as the report wrote it moves to the cleaned id once (src/pipeline/carry-ids.ts, ADR 0446). */
import { describe, expect, it } from 'vitest';
import { carryIds, idMoves } from '../../src/pipeline/carry-ids.ts';
import { emptySnapshot, type Snapshot } from '../../src/store/snapshot.ts';
import type { TestHistory } from '../../src/model.ts';

const hist = (id: string, n: number): TestHistory => ({
  id,
  name: id,
  classname: '',
  runs: Array.from({ length: n }, (_, i) => ({ runKey: `r${i}`, sha: 's', time: i, onDefaultBranch: true, outcome: 'F' }) as never),
});

function snapshot(): Snapshot {
  const s = emptySnapshot();
  s.history.set(' a:: a', hist(' a:: a', 2));
  s.history.set('other', hist('other', 1));
  s.stats.set(' a:: a', { override: 'quarantine', quarantined: true, reason: 'by hand' });
  s.overrides.set(' a:: a', { raw: 'quarantine' } as never);
  s.handWritten.add(' a:: a');
  return s;
}

describe('carryIds', () => {
  it('moves history, stats line, override and hand edits to the clean id, and leaves the rest', () => {
    const before = snapshot();
    const { snapshot: after, moved } = carryIds(before, idMoves([{ id: 'a', written: ' a:: a' }, { id: 'other' }]));
    expect(moved).toBe(1);
    expect([...after.history.keys()]).toEqual(['a', 'other']);
    expect(after.history.get('a')!.id).toBe('a');
    expect(after.history.get('a')!.runs).toHaveLength(2);
    expect(after.stats.get('a')?.reason).toBe('by hand');
    expect(after.overrides.has('a')).toBe(true);
    expect([...after.handWritten]).toEqual(['a']);
    // The snapshot given is not changed.
    expect(before.history.has(' a:: a')).toBe(true);
  });

  it('a second run finds the history under the clean id: nothing moves, nothing is counted twice', () => {
    const { snapshot: once } = carryIds(snapshot(), new Map([[' a:: a', 'a']]));
    const twice = carryIds(once, new Map([[' a:: a', 'a']]));
    expect(twice.moved).toBe(0);
    expect(twice.snapshot).toBe(once);
  });

  it("keeps the clean id's own history when it has one; the written id's override still moves when the clean id has none", () => {
    const s = snapshot();
    s.history.set('a', hist('a', 5));
    const { snapshot: after, moved } = carryIds(s, new Map([[' a:: a', 'a']]));
    expect(moved).toBe(0);
    expect(after.history.get('a')!.runs).toHaveLength(5);
    expect(after.history.has(' a:: a')).toBe(true);
    expect(after.overrides.has('a')).toBe(true);
    expect(after.stats.get('a')?.reason).toBe('by hand');
  });
});
