/**
 * Optimistic concurrency on the data branch: fetch the head, apply this run, push; when another writer got
 * there first, fetch its head and apply this run again on top (with the latest hand edits), after a jittered
 * backoff. Retrying alone cannot land every run when many jobs finish at once, so after a few lost races a writer
 * **parks** its run: it pushes its results as a branch of its own under the inbox prefix (`<data branch>-inbox/`),
 * which no other writer pushes, so that push cannot lose a race. Every writer **folds** the parked runs it finds
 * into the history before its own run, in the order they were parked, and deletes their branches once its write
 * landed. Ingestion keys make a fold count once however many writers fold the same parcel (docs/data-branch.md).
 */
import type { DataRepo, PushResult } from './git.ts';
import type { RefusalKind } from './git-process.ts';
import type { ParcelEntry } from './parcel.ts';
import { inboxPrefix, refusedPrefix, type ParcelFiles, type ParkedRef } from './inbox-refs.ts';
import { damageReason, parseSnapshot, emptySnapshot, type Snapshot } from './snapshot.ts';
import { HISTORY_DIR } from './layout.ts';
import { DEFAULT_READ_BOUNDS, markRead, type ReadBounds } from './read-bounds.ts';

export interface Applied {
  files: Map<string, string>;
  /** Write the files as a fresh root commit that replaces the branch's past. */
  compact?: boolean;
}

/** A parked run as read off the remote. */
export interface ParkedParcel extends ParkedRef {
  text: string;
  /** Its entries as admission rewrote them (a parcel without a seal: the run's real facts, src/pipeline/fold.ts). */
  entries?: ParcelEntry[];
  /** The names of the real jobs of each workflow run its trusted entries name (a parcel without a seal). */
  jobs?: Record<string, string[]>;
}

export interface Folded {
  snapshot: Snapshot;
  /** Parcels folded in (or already in the history): their branches are deleted once the write lands. */
  folded: ParkedRef[];
  /** Parcels that could not be read, with why: left in place for a person to look at. */
  refused: Array<{ ref: string; reason: string }>;
}

/** A parked run as read off the remote, before it is admitted: its files, when it has them. */
export type ReadParcel = ParkedRef & ParcelFiles;

/**
 * Whether a parked run is folded in: only with proof that the step of a trusted run wrote it (docs/data-branch.md,
 * "Parcels carry provenance"). `leave`: kept in place, not counted, not in the way of the others (a newer schema, or
 * no way to check it now); `refuse`: moved aside to `<data branch>-refused/`, never counted.
 */
export type Admission = { verdict: 'fold'; entries?: ParcelEntry[]; jobs?: Record<string, string[]> } | { verdict: 'leave' | 'refuse'; reason: string };

export interface Inbox<T extends Applied = Applied> {
  /**
   * This run's parcel, from what it applied: its branch name under the inbox prefix (sortable by time), content, and
   * seal (when the step has a key to seal with).
   */
  parcel: (applied: T) => { name: string; text: string; seal?: string };
  /** Decides whether a parked run may be folded in (its provenance). */
  admit: (parcel: ReadParcel) => Promise<Admission>;
  /** Folds parked runs into a snapshot, in the order given. Pure. */
  fold: (snapshot: Snapshot, parcels: ParkedParcel[]) => Folded;
}

export interface SyncOptions<T extends Applied = Applied> {
  attempts: number;
  /** Decide only: never write. */
  readOnly: boolean;
  commitMessage: string;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  log?: (message: string) => void;
  /**
   * Something a person must act on (parked runs refused or left uncounted): one line per write, the details in `log`.
   * Default: `log`.
   */
  warn?: (message: string) => void;
  /** Called after committing and before pushing; tests use it to race another writer. */
  beforePush?: () => Promise<void>;
  /**
   * Called with this attempt's result once its push has started, while git pushes: the caller's own work on the result
   * (the summary's figures) runs meanwhile instead of after. A throw is ignored (the caller redoes that work later).
   */
  whilePushing?: (applied: T) => void;
  /** Park this run after losing this many races, and fold parked runs in (without it, no parking or folding). */
  inbox?: Inbox<T>;
  /** Lost races before parking; default PARK_AFTER_LOST_RACES. */
  parkAfter?: number;
  /**
   * Files kept on the branch besides the data (the dashboard page, src/dashboard/branch-files.ts; the badge,
   * src/report/badge.ts), given the branch's files as read and what `apply` made of them: added to what `apply`
   * wrote, so that a write never deletes them.
   */
  extraFiles?: (current: ReadonlyMap<string, string>, applied: T) => Promise<Map<string, string>>;
  /**
   * `apply` does not read the branch's texts (only the hand-edit tools do): the history shards' texts, the bulk of the
   * branch, are let go once the snapshot is parsed, and `apply` gets null (at 100k tests: 26 MB less held; docs/benchmarks-archive.md, "Issue #16, work in proportion to what changed").
   */
  releaseTexts?: boolean;
  /**
   * The first attempt's fetch and read of the branch, made ahead of time (readBranchFiles, with the inbox when `inbox`
   * is given and not `readOnly`): the step's one read of the branch (src/store/data-branch.ts), which git makes while
   * the step parses its reports and which its other stages share.
   */
  firstRead?: Promise<BranchFiles>;
  /** The caps of every read of the branch (src/store/read-bounds.ts); default DEFAULT_READ_BOUNDS. */
  bounds?: ReadBounds;
}

/**
 * The branch as an attempt reads it: its head, the parked runs, the files flakeguard owns (path → text), and the owned
 * paths that are not regular files (src/store/owned.ts).
 */
export interface BranchFiles {
  head: string | null;
  parked: ParkedRef[];
  files: Map<string, string>;
  blocked?: Map<string, string>;
}

/**
 * Fetches the branch (and its inbox, with `inbox`) and reads its files. Only the fetch may reject (and be retried):
 * reading what was fetched never does, since reading it again would fail again. A file over its cap is left out
 * unread, and an error of the read is recorded with the files (src/store/read-bounds.ts); parseSnapshot names both.
 */
export async function readBranchFiles(repo: DataRepo, inbox: boolean, bounds: ReadBounds = DEFAULT_READ_BOUNDS): Promise<BranchFiles> {
  const { head, parked } = await repo.fetchWithInbox(inbox);
  const files = await repo.readFiles(undefined, bounds);
  try {
    return { head, parked, files, blocked: await repo.blockedPaths() };
  } catch (error) {
    const empty = new Map<string, string>();
    markRead(empty, new Map(), { message: error instanceof Error ? error.message : String(error) });
    return { head, parked, files: empty };
  }
}

/** Lost races before a writer parks its run: small, so that the attempts per job stay flat however many jobs race. */
export const PARK_AFTER_LOST_RACES = 3;
/** Parked runs folded in by one write, oldest first; the rest are folded by the next writers. */
export const MAX_FOLDED_PER_WRITE = 64;
/** Parked runs read at a time (two git processes each batch): every parked run is read, a batch at a time. */
export const PARCEL_READ_BATCH = 256;
/** A parcel file larger than this is not read (left in place): 256 shards of 2,000 tests fit well below it. */
export const MAX_PARCEL_BYTES = 256 * 1024 * 1024;
/** Parcel bytes read at a time, and admitted for one write: beyond them, the next batch, or the next writers. */
export const MAX_PARCEL_BYTES_PER_WRITE = 512 * 1024 * 1024;

export type SyncStatus =
  | { kind: 'pushed'; commit: string; tries: number; compacted: boolean; folded?: string[] }
  | { kind: 'unchanged'; head: string | null; folded?: string[] }
  | { kind: 'read-only'; head: string | null }
  /** This run's results wait on a branch of their own for the next writer to fold them in. */
  | { kind: 'parked'; ref: string; tries: number; reason: string }
  | {
      kind: 'not-saved';
      reason: string;
      parked?: string;
      /** The remote refused the push for good, for this reason (refusalOf): the reason names the fix. */
      refused?: RefusalKind;
      /** The artifact this run's results were kept in (a refused push, docs/adr/0443-refused-push-keeps-a-green-run.md). */
      kept?: string;
    };

export interface SyncResult<T extends Applied> {
  applied: T;
  status: SyncStatus;
  /** False when the branch could not be read: the result was computed without history. */
  historyRead: boolean;
}

const defaultSleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Pushes of one parcel before its run counts as not saved (the first and its retries). */
export const PARK_TRIES = 3;

export function backoffMs(attempt: number, random: () => number): number {
  const base = Math.min(8000, 250 * 2 ** (attempt - 1));
  return Math.round(base * (0.5 + random()));
}

/** Parked runs this write folded in (docs/data-branch.md, "Many writers"). */
export function foldedLine(folded: string[] | undefined): string {
  if (!folded?.length) return '';
  const shown = folded.slice(0, 5).join(', ');
  return ` Folded in ${folded.length} parked run${folded.length === 1 ? '' : 's'}: ${shown}${folded.length > 5 ? ', …' : ''}.`;
}

const short = (ref: string): string => ref.replace(/^refs\/heads\//, '');

/**
 * Reads every parked run, in name order and a batch at a time, until MAX_FOLDED_PER_WRITE are admitted: a parcel
 * that is refused or left never takes the place of a later one. Refused ones are moved aside (each once per step).
 * Returns the admitted parcels, oldest first.
 */
async function scanInbox(
  repo: DataRepo,
  inbox: Inbox<never>,
  parked: ParkedRef[],
  admitted: Map<string, Admission>,
  log: (message: string) => void,
  warn: (message: string) => void,
): Promise<ParkedParcel[]> {
  const accepted: ParkedParcel[] = [];
  const refuse: ParkedRef[] = [];
  let left = 0;
  let at = 0;
  let bytes = 0;
  const room = (): boolean => accepted.length < MAX_FOLDED_PER_WRITE && bytes < MAX_PARCEL_BYTES_PER_WRITE;
  while (at < parked.length && room()) {
    const batch = parked.slice(at, at + PARCEL_READ_BATCH);
    const files = await repo.readParcels(batch, MAX_PARCEL_BYTES, MAX_PARCEL_BYTES_PER_WRITE - bytes);
    for (let i = 0; i < batch.length && room(); i++, at++) {
      const p = batch[i]!;
      const id = `${p.ref} ${p.sha}`;
      const read = files[i]!;
      if (read.deferred) break; // read with the next batch
      const known = admitted.get(id);
      const verdict = known ?? (read.text === undefined ? missing(read) : await inbox.admit({ ...p, ...read }));
      admitted.set(id, verdict);
      if (verdict.verdict === 'fold') {
        accepted.push({ ...p, text: read.text!, ...(verdict.entries ? { entries: verdict.entries } : {}), ...(verdict.jobs ? { jobs: verdict.jobs } : {}) });
        bytes += Buffer.byteLength(read.text!, 'utf8');
      } else if (known) continue;
      else if (verdict.verdict === 'refuse') {
        refuse.push(p);
        log(`Parked run ${short(p.ref)} is refused (${verdict.reason}); moved aside to ${short(refusedPrefix(repo.branch))}, never counted.`);
      } else {
        left++;
        log(`Parked run ${short(p.ref)} is left in place (${verdict.reason}); it is not counted and holds up no other.`);
      }
    }
  }
  // Uncounted parked runs are results nobody sees unless told: one warning a write says how many and where to look.
  if (refuse.length > 0 || left > 0) {
    const parts = [...(refuse.length > 0 ? [`${refuse.length} refused`] : []), ...(left > 0 ? [`${left} left in place, not counted`] : [])];
    warn(`Parked runs on ${short(inboxPrefix(repo.branch))}: ${parts.join(', ')} (the log names each and says why; docs/data-branch.md, "Parcels carry provenance").`);
  }
  if (at < parked.length) log(`${parked.length - at} more parked run${parked.length - at === 1 ? '' : 's'} wait for the next writers.`);
  if (refuse.length > 0) {
    const { error } = await repo.setAsideParked(refuse);
    if (error) log(`Could not move the refused parked runs aside (${error}); they stay where they are, refused again by every writer, never counted.`);
  }
  return accepted;
}

/** A parked run whose parcel file could not be read. */
function missing(read: ParcelFiles): Admission {
  if (read.bytes !== undefined) return { verdict: 'leave', reason: `its parcel holds ${read.bytes} bytes, more than ${MAX_PARCEL_BYTES} this version reads` };
  return { verdict: 'refuse', reason: 'it holds no flakeguard-parcel.json' };
}

export async function syncRun<T extends Applied>(
  repo: DataRepo,
  /**
   * `files` is the branch's text, path → text, as read (null when it could not be read, or when parked runs were folded
   * into the snapshot): hand-edit tools change one line of it.
   */
  apply: (snapshot: Snapshot, files: ReadonlyMap<string, string> | null) => T,
  options: SyncOptions<T>,
): Promise<SyncResult<T>> {
  const sleep = options.sleep ?? defaultSleep;
  const random = options.random ?? Math.random;
  const log = options.log ?? (() => undefined);
  const warn = options.warn ?? log;
  const inbox = options.readOnly ? undefined : options.inbox;
  const parkAfter = Math.max(1, options.parkAfter ?? PARK_AFTER_LOST_RACES);
  let lastError = '';
  let lastApplied: T | undefined;
  let lostRaces = 0;
  /** What each parked run (ref and commit) was judged, so that a retry neither checks nor logs it again. */
  const admitted = new Map<string, Admission>();

  const park = async (tries: number, why: string, historyRead = true, refused?: RefusalKind): Promise<SyncResult<T>> => {
    const parcel = inbox!.parcel(lastApplied!);
    let parked = await repo.park(parcel.name, parcel.text, `flakeguard: parked run (${why})`, parcel.seal);
    // Parking is the last place a run's results can go: a push that failed (a reset connection, a server at its
    // connection limit) is tried again after a backoff. A parcel's ref is its own, so a retry cannot race a writer.
    // A refusal named for what it is (a rule, the token's permissions: refusalOf) is not tried again: it would be
    // refused again. A hook's bare "declined" says no more than a reset connection does, and is tried again.
    for (let retry = 1; !parked.pushed && parked.refusal === undefined && retry < PARK_TRIES; retry++) {
      log(`Parking on ${short(parked.ref)} failed (${parked.message}); trying again (${retry + 1}/${PARK_TRIES}).`);
      await sleep(backoffMs(retry, random));
      parked = await repo.park(parcel.name, parcel.text, `flakeguard: parked run (${why})`, parcel.seal);
    }
    if (parked.pushed) {
      log(`Parked this run's results on ${short(parked.ref)} (${why}); the next writer of ${repo.branch} folds them in.`);
      return { applied: lastApplied!, status: { kind: 'parked', ref: short(parked.ref), tries, reason: why }, historyRead };
    }
    const reason = refused
      ? `${why} Parking the results on ${short(parked.ref)} was refused too (${parked.refusal?.detail ?? parked.message}).`
      : `${why}, and parking the results on ${short(parked.ref)} failed too: ${parked.message}`;
    return { applied: lastApplied!, status: { kind: 'not-saved', reason, ...(refused ? { refused } : {}) }, historyRead };
  };
  /** A run whose history cannot be saved is parked when there is an inbox (else it is not saved; the caller fails it). */
  const notSaved = (tries: number, reason: string, historyRead = true): Promise<SyncResult<T>> | SyncResult<T> =>
    inbox ? park(tries, reason, historyRead) : { applied: lastApplied!, status: { kind: 'not-saved', reason }, historyRead };

  const deleteFolded = async (folded: ParkedRef[]): Promise<string[]> => {
    if (folded.length === 0) return [];
    const { deleted, error } = await repo.deleteParked(folded);
    log(`Folded ${folded.length} parked run${folded.length === 1 ? '' : 's'} into ${repo.branch}: ${folded.map((p) => short(p.ref)).join(', ')}.`);
    if (error) log(`Could not delete every folded branch (${error}); the next writer deletes them (they count once).`);
    return deleted.map(short);
  };

  for (let attempt = 1; attempt <= options.attempts; attempt++) {
    let head: string | null;
    let parked: ParkedRef[];
    let snapshot: Snapshot;
    let files: Map<string, string>;
    let blocked: Map<string, string> | undefined;
    try {
      ({ head, parked, files, blocked } = await (attempt === 1 && options.firstRead ? options.firstRead : readBranchFiles(repo, inbox !== undefined, options.bounds)));
    } catch (error) {
      lastError = `could not fetch the data branch '${repo.branch}': ${error instanceof Error ? error.message : String(error)}`;
      log(`Try ${attempt}/${options.attempts}: ${lastError}`);
      if (attempt < options.attempts) await sleep(backoffMs(attempt, random));
      continue;
    }
    // Reading what was fetched is not retried: the same texts read again fail again. parseSnapshot never throws: a file
    // whose reading throws (a failed allocation, a stack overflow) is a damage naming it.
    snapshot = parseSnapshot(files, blocked, options.bounds);
    if (options.readOnly) return { applied: apply(snapshot, files), status: { kind: 'read-only', head }, historyRead: true };

    const damaged = damageReason(snapshot);
    if (damaged) {
      // Fail closed: never write a branch that could not be fully read. Park the results so that the first write
      // after the fix folds them in; they are in the results file as well.
      lastApplied = apply(snapshot, files);
      if (inbox) {
        const result = await park(attempt, 'the data branch is damaged');
        if (result.status.kind === 'parked') return { ...result, status: { kind: 'not-saved', reason: damaged, parked: result.status.ref } };
      }
      return { applied: lastApplied, status: { kind: 'not-saved', reason: damaged }, historyRead: true };
    }

    let base = snapshot;
    let folded: ParkedRef[] = [];
    if (inbox && parked.length > 0) {
      const accepted = await scanInbox(repo, inbox, parked, admitted, log, warn);
      const result = inbox.fold(snapshot, accepted);
      for (const r of result.refused) log(`Parked run ${short(r.ref)} cannot be folded in (${r.reason}); it is left in place.`);
      base = result.snapshot;
      folded = result.folded;
    }

    if (options.releaseTexts) for (const path of [...files.keys()]) if (path.startsWith(HISTORY_DIR)) files.delete(path);
    const applied = apply(base, base === snapshot && !options.releaseTexts ? files : null);
    lastApplied = applied;
    try {
      if (options.extraFiles) for (const [path, text] of await options.extraFiles(files, applied)) if (!applied.files.has(path)) applied.files.set(path, text);
      // The texts read are not needed any more (the write compares blob ids): let them go before the write.
      files = new Map();
      snapshot = base = emptySnapshot();
      const compact = applied.compact === true && head !== null;
      const message = compact ? `${options.commitMessage}\n\nCompacted: the branch's earlier commits were squashed into this one.` : options.commitMessage;
      const changed = await repo.commitFiles(applied.files, folded.length > 0 ? `${message}\n\nFolded in ${folded.length} parked run${folded.length === 1 ? '' : 's'}.` : message, { root: compact });
      if (!changed) {
        const deleted = await deleteFolded(folded);
        return { applied, status: { kind: 'unchanged', head, ...(deleted.length ? { folded: deleted } : {}) }, historyRead: true };
      }
      await options.beforePush?.();
      const pushing = repo.push({ replacing: compact ? head : null });
      try {
        options.whilePushing?.(applied);
      } catch {
        // the caller's own work, redone by the caller when it needs it
      }
      const pushed = await pushing;
      if (pushed.pushed) {
        const deleted = await deleteFolded(folded);
        return { applied, status: { kind: 'pushed', commit: pushed.commit, tries: attempt, compacted: compact, ...(deleted.length ? { folded: deleted } : {}) }, historyRead: true };
      }
      if (pushed.permanent) {
        if (pushed.refusal) {
          // Named with its fix, tried once (docs/data-branch.md, "Pushes the remote refuses"). The token's permissions
          // hold for every branch: the inbox would be refused too, so it is not tried.
          const reason = refusalReason(pushed.refusal, repo.branch);
          if (pushed.refusal.kind === 'protected' && inbox) return park(attempt, reason, true, 'protected');
          return { applied, status: { kind: 'not-saved', reason, refused: pushed.refusal.kind }, historyRead: true };
        }
        const reason = `the remote refused the push for good, so it was not retried (${pushed.message})`;
        log(`Try ${attempt}/${options.attempts}: ${reason}`);
        return notSaved(attempt, reason);
      }
      if (pushed.rejected) {
        lostRaces++;
        lastError = `the data branch moved while this run was writing (${pushed.message})`;
        if (inbox && lostRaces >= parkAfter) {
          log(`Try ${attempt}/${options.attempts}: ${lastError}`);
          return park(attempt, `${lostRaces} other writer${lostRaces === 1 ? '' : 's'} got there first`);
        }
      } else {
        lastError = `push failed: ${pushed.message}`;
      }
    } catch (error) {
      lastError = `could not write the data branch: ${error instanceof Error ? error.message : String(error)}`;
    }
    log(`Try ${attempt}/${options.attempts}: ${lastError}`);
    if (attempt < options.attempts) await sleep(backoffMs(attempt, random));
  }
  if (lastApplied) {
    if (inbox && lostRaces > 0) return park(options.attempts, `${options.attempts} tries, ${lostRaces} lost to other writers`);
    return notSaved(options.attempts, lastError);
  }
  // The branch could never be read: decide without history, which forgives nothing; the results are parked.
  lastApplied = apply(emptySnapshot(), null);
  return notSaved(options.attempts, lastError, false);
}

/**
 * A push the remote refused for good, in one sentence with its fix: the line of git's output that says why, never the
 * whole output (docs/adr/0442-refused-push-named-with-its-fix.md).
 */
export function refusalReason(refusal: NonNullable<Extract<PushResult, { pushed: false }>['refusal']>, branch: string): string {
  const { kind, detail } = refusal;
  switch (kind) {
    case 'permission':
      return `the remote refused the push: the token may not write to this repository (${detail}). Fix: add \`permissions: contents: write\` to the job, or \`read-only: true\` to keep the step from writing.`;
    case 'workflow':
      return `the remote refused the push: the token may not change workflow files (${detail}). Fix: keep .github/workflows off ${branch} (remove it from the branch), or \`read-only: true\` to keep the step from writing.`;
    case 'protected':
      return `the remote refused the push: the branch is protected by a rule (${detail}). Fix: let the step push ${branch} and ${inboxPrefix(branch).replace(/^refs\/heads\//, '')}* (leave them out of the branch protection rule or ruleset), or \`read-only: true\` to keep the step from writing.`;
  }
}

/** Why a run's results were neither saved nor parked, or undefined when they are safe (docs/data-branch.md). */
export function lostReason(status: SyncStatus, branch: string): string | undefined {
  if (status.kind !== 'not-saved' || status.parked || status.kept) return undefined;
  return `The history was NOT saved to ${branch}: ${status.reason.replace(/\.?$/, '.')} This run's results are only in its results file (output results-file): the run fails, so that they are not lost unseen.`;
}
