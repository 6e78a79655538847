/**
 * The data branch as a step uses it (docs/adr/0300-one-read-of-the-data-branch.md): opened once, **read once** (its
 * head, parked runs and files, fetched and read as soon as the private repository is open, so that git works while the
 * step parses its reports), written with retries, parking and folding (src/store/sync.ts) whose first attempt takes
 * that same read, and disposed. Every stage that needs the branch takes a DataBranch, never a DataRepo: how the
 * repository was opened and fetched (the main thread's early clone, a prefetch) is the opener's business
 * (src/action/early-clone.ts), and a test can hand the stages a fake.
 */
import type { DataRepo } from './git.ts';
import { parseSnapshot, type Snapshot } from './snapshot.ts';
import { readBranchFiles, syncRun, type Applied, type BranchFiles, type SyncOptions, type SyncResult } from './sync.ts';
import { DEFAULT_READ_BOUNDS, type ReadBounds } from './read-bounds.ts';

/** What a write is told; whether it may write, what it read first and how much it reads are the branch's. */
export type WriteOptions<T extends Applied> = Omit<SyncOptions<T>, 'readOnly' | 'firstRead' | 'bounds'>;

export interface DataBranchOptions {
  /** The caps of every read of the branch (src/store/read-bounds.ts): DEFAULT_READ_BOUNDS but in tests. */
  bounds?: ReadBounds;
}

export interface DataBranch {
  /** Decide only: the branch is read (without its inbox) and never written. */
  readonly readOnly: boolean;
  /** Settles once the private repository is open: rejects with why it could not be opened. */
  opened(): Promise<void>;
  /**
   * The branch as the step read it first: one fetch and one read, whoever asks first and however often. Rejects when
   * that fetch or read failed (the write retries with reads of its own).
   */
  read(): Promise<BranchFiles>;
  /** The first read, parsed: a snapshot of its own for each call (nothing a caller does to it reaches another). */
  snapshot(): Promise<Snapshot>;
  /**
   * Applies this run and writes it (syncRun): its first attempt takes the first read; a lost race fetches again. The
   * first read's texts are the write's: with `releaseTexts` it lets them go.
   */
  write<T extends Applied>(apply: (snapshot: Snapshot, files: ReadonlyMap<string, string> | null) => T, options: WriteOptions<T>): Promise<SyncResult<T>>;
  /** Removes the private repository, once the reads under way are done. Never throws. */
  dispose(): Promise<void>;
}

/**
 * A DataBranch on a private repository being opened (`opening`): the first read starts as soon as it is open, and takes
 * whatever fetch the opener started meanwhile (DataRepo.prefetch, DataRepo.adopt).
 */
export function gitDataBranch(opening: Promise<DataRepo>, readOnly: boolean, options: DataBranchOptions = {}): DataBranch {
  const bounds = options.bounds ?? DEFAULT_READ_BOUNDS;
  opening.catch(() => undefined); // reported by opened(), read() and write()
  const first = opening.then((repo) => readBranchFiles(repo, !readOnly, bounds));
  first.catch(() => undefined); // reported by read(); the write's first attempt fails and is retried
  return {
    readOnly,
    opened: async () => {
      await opening;
    },
    read: () => first,
    snapshot: async () => {
      const read = await first;
      return parseSnapshot(read.files, read.blocked, bounds);
    },
    write: async (apply, write) => syncRun(await opening, apply, { ...write, readOnly, firstRead: first, bounds }),
    dispose: async () => {
      await first.catch(() => undefined);
      await (await opening.catch(() => undefined))?.dispose();
    },
  };
}
