/**
 * Optimistic concurrency on the data branch: fetch the head, apply this run, push; when another writer got
 * there first, fetch its head and apply this run again on top (with the latest hand edits), after a jittered
 * backoff, a bounded number of times.
 */
import type { DataRepo } from './git.ts';
import { parseSnapshot, readSnapshotDir, writeSnapshotDir, emptySnapshot, type Snapshot } from './snapshot.ts';

export interface Applied {
  files: Map<string, string>;
  /** Write the files as a fresh root commit that replaces the branch's past. */
  compact?: boolean;
}

export interface SyncOptions {
  attempts: number;
  /** Decide only: never write. */
  readOnly: boolean;
  commitMessage: string;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  log?: (message: string) => void;
  /** Called after committing and before pushing; tests use it to race another writer. */
  beforePush?: () => Promise<void>;
  /**
   * Files kept on the branch besides the data (the dashboard page, src/dashboard/branch-files.ts), given the branch's
   * files as read: added to what `apply` wrote, so that a write never deletes them.
   */
  extraFiles?: (current: ReadonlyMap<string, string>) => Promise<Map<string, string>>;
}

export type SyncStatus =
  | { kind: 'pushed'; commit: string; tries: number; compacted: boolean }
  | { kind: 'unchanged'; head: string | null }
  | { kind: 'read-only'; head: string | null }
  | { kind: 'not-saved'; reason: string };

export interface SyncResult<T extends Applied> {
  applied: T;
  status: SyncStatus;
  /** False when the branch could not be read: the result was computed without history. */
  historyRead: boolean;
}

const defaultSleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

export function backoffMs(attempt: number, random: () => number): number {
  const base = Math.min(8000, 250 * 2 ** (attempt - 1));
  return Math.round(base * (0.5 + random()));
}

export async function syncRun<T extends Applied>(
  repo: DataRepo,
  apply: (snapshot: Snapshot) => T,
  options: SyncOptions,
): Promise<SyncResult<T>> {
  const sleep = options.sleep ?? defaultSleep;
  const random = options.random ?? Math.random;
  const log = options.log ?? (() => undefined);
  let lastError = '';
  let lastApplied: T | undefined;
  for (let attempt = 1; attempt <= options.attempts; attempt++) {
    let head: string | null;
    let snapshot: Snapshot;
    let current: Map<string, string>;
    try {
      head = await repo.fetchAndReset();
      current = await readSnapshotDir(repo.dir);
      snapshot = parseSnapshot(current);
    } catch (error) {
      lastError = `could not fetch the data branch '${repo.branch}': ${error instanceof Error ? error.message : String(error)}`;
      log(`Try ${attempt}/${options.attempts}: ${lastError}`);
      if (attempt < options.attempts) await sleep(backoffMs(attempt, random));
      continue;
    }
    const applied = apply(snapshot);
    lastApplied = applied;
    if (options.readOnly) return { applied, status: { kind: 'read-only', head }, historyRead: true };

    try {
      if (options.extraFiles) for (const [path, text] of await options.extraFiles(current)) if (!applied.files.has(path)) applied.files.set(path, text);
      await writeSnapshotDir(repo.dir, applied.files);
      const compact = applied.compact === true && head !== null;
      const message = compact ? `${options.commitMessage}\n\nCompacted: the branch's earlier commits were squashed into this one.` : options.commitMessage;
      const changed = await repo.commitAll(message, { root: compact });
      if (!changed) return { applied, status: { kind: 'unchanged', head }, historyRead: true };
      await options.beforePush?.();
      const pushed = await repo.push({ replacing: compact ? head : null });
      if (pushed.pushed) return { applied, status: { kind: 'pushed', commit: pushed.commit, tries: attempt, compacted: compact }, historyRead: true };
      lastError = pushed.rejected
        ? `the data branch moved while this run was writing (${pushed.message})`
        : `push failed: ${pushed.message}`;
    } catch (error) {
      lastError = `could not write the data branch: ${error instanceof Error ? error.message : String(error)}`;
    }
    log(`Try ${attempt}/${options.attempts}: ${lastError}`);
    if (attempt < options.attempts) await sleep(backoffMs(attempt, random));
  }
  if (lastApplied) return { applied: lastApplied, status: { kind: 'not-saved', reason: lastError }, historyRead: true };
  // The branch could never be read: decide without history, which forgives nothing.
  return { applied: apply(emptySnapshot()), status: { kind: 'not-saved', reason: lastError }, historyRead: false };
}
