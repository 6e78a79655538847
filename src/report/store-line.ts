/**
 * The sentence that says what became of a run's results on the data branch: saved, unchanged, parked, read-only or
 * not saved. Written in the job summary and the log by the default run (`run`) and by an ingestion of other jobs'
 * results (`ingestion`, the aggregate and fork modes), which name what was saved in their own words. Pure.
 */
import { foldedLine, type SyncStatus } from '../store/sync.ts';

export type StoreLineOf = 'run' | 'ingestion';

const WORDS: Record<StoreLineOf, { saved: string; parked: string; readOnly: string; notSaved: string; parkedUntil: string }> = {
  run: { saved: 'History saved', parked: 'History parked', readOnly: 'Read-only run:', notSaved: 'The history was NOT saved', parkedUntil: 'The results are parked' },
  ingestion: { saved: 'Saved', parked: 'Parked', readOnly: 'Read-only:', notSaved: 'The results were NOT saved', parkedUntil: 'They are parked' },
};

export function storeLine(sync: { status: SyncStatus; applied: { ingested: boolean } }, branch: string, of: StoreLineOf = 'run'): string {
  const s = sync.status;
  const w = WORDS[of];
  switch (s.kind) {
    case 'pushed': {
      // An ingestion's line does not mention compaction.
      const compacted = s.compacted && of === 'run' ? '; the branch was compacted to this one commit' : '';
      return `${w.saved} to ${branch} at ${s.commit.slice(0, 12)}${s.tries > 1 ? ` (after ${s.tries} tries)` : ''}${compacted}.${foldedLine(s.folded)}`;
    }
    case 'unchanged':
      return (sync.applied.ingested ? `Nothing new to save on ${branch}.` : `These results were already in the history of ${branch}; counted once.`) + foldedLine(s.folded);
    case 'parked':
      return `${w.parked} on ${s.ref} (${s.reason}): the next run that writes ${branch} folds it in, exactly once.`;
    case 'read-only':
      return `${w.readOnly} the history of ${branch} was read but not written.`;
    case 'not-saved':
      return `${w.notSaved} to ${branch}: ${s.reason}${s.parked ? ` ${w.parkedUntil} on ${s.parked} until then.` : ''}${
        s.kept ? ` This run's results are kept in the artifact ${s.kept} for a trusted run of mode: ingest-workflow-run to save (docs/forks.md); nothing blocks, so the job passes.` : ''
      }`;
  }
}
