/** The sentence about the data branch (src/report/store-line.ts), in the words of a run and of an ingestion. */
import { describe, expect, it } from 'vitest';
import { storeLine } from '../../src/report/store-line.ts';
import type { SyncStatus } from '../../src/store/sync.ts';

const line = (status: SyncStatus, of?: 'run' | 'ingestion', ingested = true): string => storeLine({ status, applied: { ingested } }, 'flakeguard-data', of);
const pushed: SyncStatus = { kind: 'pushed', commit: '0123456789abcdef', tries: 2, compacted: true, folded: ['a'] };

describe('storeLine', () => {
  it('says where a run saved its history, and that the branch was compacted', () => {
    expect(line(pushed)).toBe('History saved to flakeguard-data at 0123456789ab (after 2 tries); the branch was compacted to this one commit. Folded in 1 parked run: a.');
    expect(line({ ...pushed, tries: 1, compacted: false, folded: [] })).toBe('History saved to flakeguard-data at 0123456789ab.');
  });

  it("says it in an ingestion's words, without compaction", () => {
    expect(line(pushed, 'ingestion')).toBe('Saved to flakeguard-data at 0123456789ab (after 2 tries). Folded in 1 parked run: a.');
  });

  it('says the same of an unchanged branch in both', () => {
    for (const of of ['run', 'ingestion'] as const) {
      expect(line({ kind: 'unchanged', head: null }, of)).toBe('Nothing new to save on flakeguard-data.');
      expect(line({ kind: 'unchanged', head: null }, of, false)).toBe('These results were already in the history of flakeguard-data; counted once.');
    }
  });

  it('names a parked run, a read-only run and results not saved', () => {
    const parked: SyncStatus = { kind: 'parked', ref: 'refs/heads/inbox/x', tries: 3, reason: 'busy' };
    expect(line(parked)).toBe('History parked on refs/heads/inbox/x (busy): the next run that writes flakeguard-data folds it in, exactly once.');
    expect(line(parked, 'ingestion')).toBe('Parked on refs/heads/inbox/x (busy): the next run that writes flakeguard-data folds it in, exactly once.');
    expect(line({ kind: 'read-only', head: null })).toBe('Read-only run: the history of flakeguard-data was read but not written.');
    expect(line({ kind: 'read-only', head: null }, 'ingestion')).toBe('Read-only: the history of flakeguard-data was read but not written.');
    const lost: SyncStatus = { kind: 'not-saved', reason: 'push refused.', parked: 'refs/heads/inbox/y' };
    expect(line(lost)).toBe('The history was NOT saved to flakeguard-data: push refused. The results are parked on refs/heads/inbox/y until then.');
    expect(line(lost, 'ingestion')).toBe('The results were NOT saved to flakeguard-data: push refused. They are parked on refs/heads/inbox/y until then.');
    expect(line({ kind: 'not-saved', reason: 'push refused.' })).toBe('The history was NOT saved to flakeguard-data: push refused.');
  });
});
