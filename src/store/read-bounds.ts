/**
 * How much of the data branch the step reads (docs/data-branch.md, "Bounded reading";
 * docs/adr/0426-every-data-branch-file-bounded.md). Every owned file has a size cap and the files read have one cap
 * in all, each checked against the size git's tree listing gives, before the blob is read: a file over its cap is
 * never read. What it costs depends on the file:
 * - a file a run decides from (flakeguard.json, runs.json, history and stats shards: `decidesFrom`) damages the branch:
 *   the run fails closed, naming the file, its size and the cap, writes nothing and parks its results;
 * - any other (the page, the badge, decisions.json, README.md, the CODEOWNERS copy) is left out with a warning naming
 *   it, and is neither read nor replaced until it is smaller (or deleted).
 * Pure, apart from the record of what a read left out, kept beside the map of files it returned.
 */
import { META_FILE, RUNS_FILE, type FileProblem } from './layout.ts';
import { DECISIONS_FILE } from './decisions.ts';
import { BADGE_FILE, CLASS_MAP_FILE, CLUSTERS_FILE, DIAGNOSES_FILE, NOJEKYLL_FILE, OWNERS_FILE, PAGE_FILE, README_FILE, decidesFrom, isHistoryShardPath, isStatsShardPath } from './owned.ts';

const KiB = 1024;
const MiB = 1024 * 1024;

/** The caps of one read. The step uses DEFAULT_READ_BOUNDS; tests pass smaller ones through the DataBranch's options. */
export interface ReadBounds {
  /** The most bytes read of an owned file, by path. */
  bytes: (path: string) => number;
  /** The most lines a stats file may have (counted before it is parsed). */
  statsLines: number;
  /** The most bytes read of all the owned files together. */
  totalBytes: number;
  /** The most lines of all the history shards together, and of all the stats files together (a line a test). */
  totalLines: number;
}

/**
 * The defaults, each far above what flakeguard writes at 100,000 tests (the branch's files total ~43 MB there,
 * docs/benchmarks-archive.md) and low enough that a step at every cap at once stays under 1 GiB (docs/data-branch.md,
 * "Bounded reading", measured):
 * - runs.json and flakeguard.json 32 MiB (100,000 rows of runs.json are ~17 MB; the ingestion keys follow them);
 * - a history shard 64 MiB (a shard holds ~1,000 tests, ~0.5 MB at 100k tests);
 * - a stats file 16 MiB and 20,000 lines (a shard holds ~1,000 lines, under 1 MB; reading a line costs ~20-50 µs, so
 *   the cap keeps a stats file under a second or so);
 * - decisions.json 32 MiB (20 events a test at most, reasons cut at 500 characters);
 * - the page 4 MiB (flakeguard's is ~0.1 MiB), README.md 1 MiB, the CODEOWNERS copy and the class map 3 MiB (GitHub
 *   ignores a CODEOWNERS of 3 MB), badge.json and .nojekyll 64 KiB, clusters.json 8 MiB (5,000 members at most, src/clusters/cluster.ts);
 * - 128 MiB for all of them together (three times the files at 100k tests);
 * - 300,000 lines of history shards together, and of stats files together: the step's memory follows the tests the
 *   files hold (~410 MiB at 100k tests, docs/benchmarks.md), which short lines would multiply within the byte caps.
 */
export const DEFAULT_READ_BOUNDS: ReadBounds = {
  bytes: (path) => {
    if (isHistoryShardPath(path)) return 64 * MiB;
    if (isStatsShardPath(path)) return 16 * MiB;
    return FILE_BYTES.get(path) ?? 0;
  },
  statsLines: 20_000,
  totalBytes: 128 * MiB,
  totalLines: 300_000,
};

const FILE_BYTES: ReadonlyMap<string, number> = new Map([
  [META_FILE, 32 * MiB],
  [RUNS_FILE, 32 * MiB],
  [DECISIONS_FILE, 32 * MiB],
  [PAGE_FILE, 4 * MiB],
  [README_FILE, 1 * MiB],
  [OWNERS_FILE, 3 * MiB],
  [CLASS_MAP_FILE, 3 * MiB],
  [BADGE_FILE, 64 * KiB],
  [CLUSTERS_FILE, 8 * MiB],
  [DIAGNOSES_FILE, 8 * MiB],
  [NOJEKYLL_FILE, 64 * KiB],
]);

/** A size for people: `600.0 MiB`, `64 KiB`, `17 bytes`. */
export function sizeText(bytes: number): string {
  if (bytes >= MiB) return `${Number.isInteger(bytes / MiB) ? bytes / MiB : (bytes / MiB).toFixed(1)} MiB`;
  if (bytes >= KiB) return `${Number.isInteger(bytes / KiB) ? bytes / KiB : (bytes / KiB).toFixed(1)} KiB`;
  return `${bytes} bytes`;
}

/** An owned file a read left out: its size and the cap it is over (`total`: the cap of all the files together). */
export interface LeftOut {
  bytes: number;
  cap: number;
  total?: true;
}

/** Chooses which of the owned files (path and size) a read takes: the others are left out, with why. Pure. */
export function boundFiles(files: ReadonlyArray<{ path: string; size: number }>, bounds: ReadBounds): { read: Set<string>; leftOut: Map<string, LeftOut> } {
  const read = new Set<string>();
  const leftOut = new Map<string, LeftOut>();
  // The files a run decides from first, smallest first within each kind, so that the cap of the total names the files
  // that push the branch over it, and the others (informational) are what gives way.
  const order = [...files].sort((a, b) => Number(decidesFrom(b.path)) - Number(decidesFrom(a.path)) || a.size - b.size || (a.path < b.path ? -1 : 1));
  let total = 0;
  for (const { path, size } of order) {
    const cap = bounds.bytes(path);
    if (size > cap) leftOut.set(path, { bytes: size, cap });
    else if (total + size > bounds.totalBytes) leftOut.set(path, { bytes: total + size, cap: bounds.totalBytes, total: true });
    else {
      total += size;
      read.add(path);
    }
  }
  return { read, leftOut };
}

/** What each read left out, and the error that stopped a read, beside the map of files it returned. */
const leftOutOf = new WeakMap<ReadonlyMap<string, string>, { leftOut: ReadonlyMap<string, LeftOut>; error?: ReadError }>();

/** Why a read stopped, and the file it was reading when it is known. */
export interface ReadError {
  file?: string;
  message: string;
}

/** Records what the read that returned `files` left out for its size, and the error that stopped it. */
export function markRead(files: ReadonlyMap<string, string>, leftOut: ReadonlyMap<string, LeftOut>, error?: ReadError): void {
  leftOutOf.set(files, { leftOut, ...(error !== undefined ? { error } : {}) });
}

/** The files the read of `files` left out for their size, path → size and cap. */
export function leftOutIn(files: ReadonlyMap<string, string>): ReadonlyMap<string, LeftOut> {
  return leftOutOf.get(files)?.leftOut ?? new Map();
}

/** Why the read of `files` stopped (git could not list or give the blobs), or undefined. */
export function readErrorOf(files: ReadonlyMap<string, string>): ReadError | undefined {
  return leftOutOf.get(files)?.error;
}

/**
 * The problems of what the read of `files` left out: a damage for each file a run decides from, a warning for the
 * others (the run goes on without them, and they are not replaced).
 */
export function leftOutProblems(files: ReadonlyMap<string, string>): { damage: FileProblem[]; warnings: FileProblem[] } {
  const damage: FileProblem[] = [];
  const warnings: FileProblem[] = [];
  for (const [path, { bytes, cap, total }] of [...leftOutIn(files)].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
    const why = total
      ? `would bring the files flakeguard reads on the data branch to ${sizeText(bytes)}; it reads at most ${sizeText(cap)} of them together`
      : `is ${sizeText(bytes)}; flakeguard reads at most ${sizeText(cap)} of it`;
    if (decidesFrom(path)) damage.push({ file: path, line: 1, message: `${why} (docs/data-branch.md, "Bounded reading")` });
    else warnings.push({ file: path, warning: true, message: `${why}: it was not read, and is not updated until it is smaller or deleted (docs/data-branch.md, "Bounded reading")` });
  }
  return { damage, warnings };
}
