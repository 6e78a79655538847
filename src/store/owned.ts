/**
 * The paths flakeguard owns on the data branch: the only ones it reads, writes or deletes (docs/data-branch.md, "What
 * flakeguard owns"; docs/adr/0131-owned-paths.md). Every other entry of the branch (a GitHub Pages `CNAME`, a README in
 * a folder, images, symbolic links, executable scripts, submodules) is a person's: a write and a compaction carry it
 * by its blob id and mode, never reading it. Pure.
 */
import { META_FILE, RUNS_FILE } from './layout.ts';
import { DECISIONS_FILE } from './decisions.ts';

export const README_FILE = 'README.md';
/** The dashboard's page and GitHub Pages' switch (src/dashboard/branch-files.ts). */
export const PAGE_FILE = 'index.html';
export const NOJEKYLL_FILE = '.nojekyll';
/** Not at a path GitHub reads CODEOWNERS from (root, .github/, docs/): the copy owns nothing on the data branch. */
export const OWNERS_FILE = 'dashboard/CODEOWNERS';
export const CLASS_MAP_FILE = 'dashboard/codeowners-map';
/** The README badge, a Shields endpoint file (src/report/badge.ts). */
export const BADGE_FILE = 'badge.json';
/** The co-failure clusters after the newest write (src/clusters/format.ts): informational, decides nothing. */
export const CLUSTERS_FILE = 'clusters.json';
/** The newest diagnosis by experiment of each test (`mode: diagnose`, docs/diagnose.md); it decides nothing. */
export const DIAGNOSES_FILE = 'diagnoses.json';

/** The files flakeguard owns by name. */
export const OWNED_FILES: readonly string[] = [META_FILE, RUNS_FILE, DECISIONS_FILE, README_FILE, PAGE_FILE, NOJEKYLL_FILE, OWNERS_FILE, CLASS_MAP_FILE, BADGE_FILE, CLUSTERS_FILE, DIAGNOSES_FILE];
/** Its folders: in `history/` and `stats/` it owns every `*.json` directly inside (the shards), nothing else. */
export const OWNED_FOLDERS: readonly string[] = ['history', 'stats', 'dashboard'];

const OWNED = new Set(OWNED_FILES);
const SHARD = /^(?:history|stats)\/[^/]+\.json$/;

/** True for a path flakeguard reads, writes and may delete; false for everything a person keeps beside it. */
export function ownsPath(path: string): boolean {
  return OWNED.has(path) || SHARD.test(path);
}

export function isHistoryShardPath(path: string): boolean {
  return path.startsWith('history/') && SHARD.test(path);
}

export function isStatsShardPath(path: string): boolean {
  return path.startsWith('stats/') && SHARD.test(path);
}

/**
 * The owned paths a run decides from (the ingestion keys, the runs, the history, the overrides), and the folders that
 * hold them. One of them that is not a regular file fails the run closed (src/store/snapshot.ts); any other owned
 * path that is not is left as it is, with an error naming it.
 */
export function decidesFrom(path: string): boolean {
  return path === META_FILE || path === RUNS_FILE || path === 'history' || path === 'stats' || isHistoryShardPath(path) || isStatsShardPath(path);
}

/** A git tree entry: `100644` and `100755` are regular files, `120000` a symbolic link, `160000` a submodule. */
export interface TreeEntry {
  mode: string;
  /** `blob` or `commit` (a submodule's gitlink). */
  type: string;
  sha: string;
  path: string;
  /** Bytes of a blob (0 for a gitlink): a file too large to read is known before it is read. */
  size?: number;
}

export function isRegularFile(mode: string): boolean {
  return mode === '100644' || mode === '100755';
}

/** What an entry that is not a regular file is, for messages. */
export function describeMode(mode: string): string {
  if (mode === '120000') return 'a symbolic link (mode 120000)';
  if (mode === '160000') return 'a submodule (a gitlink, mode 160000)';
  if (mode === '040000') return 'a folder';
  if (isRegularFile(mode)) return 'a regular file';
  return `an entry of mode ${mode}`;
}

/**
 * The owned paths and folders that are something flakeguard cannot write without destroying what is there, with
 * what they are: an owned file path that is a symbolic link or a submodule, or a folder (it holds entries); an owned
 * folder that is a file, a symbolic link or a submodule. Found from the tree's recursive listing (no other read).
 */
export function blockedPaths(entries: Iterable<TreeEntry>): Map<string, string> {
  const blocked = new Map<string, string>();
  for (const { mode, path } of entries) {
    if (OWNED_FOLDERS.includes(path) || (ownsPath(path) && !isRegularFile(mode))) blocked.set(path, describeMode(mode));
    // An owned file path that is a folder: an entry lies below it.
    for (let slash = path.indexOf('/'); slash > 0; slash = path.indexOf('/', slash + 1)) {
      const folder = path.slice(0, slash);
      if (ownsPath(folder)) blocked.set(folder, 'a folder');
    }
  }
  return blocked;
}

/** Why an owned path is left as it is, after its name (an annotation names the path). */
export function blockedMessage(path: string, what: string): string {
  const where = OWNED_FOLDERS.includes(path) ? `where flakeguard keeps its folder ${path}/` : 'where flakeguard writes a regular file';
  const fix = decidesFrom(path) ? 'replace it with a regular file holding its content (or delete it)' : 'it is not updated until it is replaced with a regular file (or deleted)';
  return `is ${what} on the data branch, ${where}; flakeguard never replaces what is there: ${fix}`;
}
