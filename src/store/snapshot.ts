/**
 * The data branch's content as plain data: read from file texts, rendered back into file texts. Pure apart
 * from `readSnapshotDir`/`writeSnapshotDir`, which move texts between a folder and memory.
 */
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { History, Override } from '../model.ts';
import {
  META_FILE,
  RUNS_FILE,
  SCHEMA_VERSION,
  parseLineObject,
  parseMeta,
  parseOverride,
  shardOf,
  tooLargeIn,
  MAX_FILE_BYTES,
  type FileProblem,
  type Meta,
  type StatsLine,
} from './layout.ts';
import { KnownSeqs, parseHistoryShard, parseRuns, type RunTable } from './history-format.ts';
import { LazyHistory, type StoredTest } from '../history/stored.ts';
import { parseHistoryShardV1, parseRunsV1 } from './migrate.ts';
import { DECISIONS_FILE } from './decisions.ts';

export interface StoredOverride {
  override: Override;
  /** Exactly what the user wrote, written back unchanged. */
  raw: unknown;
  file: string;
  line?: number;
}

export interface Snapshot {
  meta: Meta;
  /** The schema the branch was written in; older ones were migrated while reading. */
  readSchema: number;
  runs: RunTable;
  history: History;
  /** Stats lines of healthy stats files, by test id. */
  stats: Map<string, StatsLine>;
  /**
   * Tests whose stats line has no `check` in a schema-3 file: a line a person added (flakeguard writes `check` on
   * every line it writes), so each computed field in it is that person's edit (src/pipeline/hand-edits.ts).
   */
  handWritten: Set<string>;
  /** Valid hand overrides, by test id (expiry not yet applied). */
  overrides: Map<string, StoredOverride>;
  /** Stats files that could not be read: kept byte for byte, and their tests forgive nothing. */
  brokenStats: Map<string, string>;
  /** Shard indexes (under meta.shards) whose stats file is broken. */
  brokenShards: Set<number>;
  /** Everything wrong with the files, for error annotations. */
  problems: FileProblem[];
  /**
   * Problems in flakeguard.json, runs.json or a history file. Unlike a broken stats file (kept aside, its tests
   * forgive nothing), these files cannot be set aside: writing the branch from what could be read would erase
   * history or ingestion keys. So a damaged branch is never written, the run fails naming the file and line, and
   * the next run after the fix ingests normally (docs/data-branch.md, "A broken file").
   */
  damaged: FileProblem[];
  /** decisions.json's text as read (src/store/decisions.ts): informational, carried to the next write. */
  decisions?: string;
}

export function emptySnapshot(): Snapshot {
  return {
    meta: { schema: SCHEMA_VERSION, shards: 1, writes: 0, ingested: {} },
    readSchema: SCHEMA_VERSION,
    runs: new Map(),
    history: new Map(),
    stats: new Map(),
    handWritten: new Set(),
    overrides: new Map(),
    brokenStats: new Map(),
    brokenShards: new Set(),
    problems: [],
    damaged: [],
  };
}

/** Why the branch may not be written, in one sentence naming each damaged file and line; undefined when it is sound. */
export function damageReason(snapshot: Snapshot): string | undefined {
  if (snapshot.damaged.length === 0) return undefined;
  const where = snapshot.damaged
    .slice(0, 5)
    .map((p) => `${p.file}${p.line ? `:${p.line}` : ''}: ${p.message}`)
    .join('; ');
  const more = snapshot.damaged.length > 5 ? `; and ${snapshot.damaged.length - 5} more` : '';
  return (
    `The data branch is damaged (${where}${more}). Nothing was written to it, so that no history is lost, and no failure was forgiven; ` +
    `this run's results are in its results file. Fix the file (or revert the commit that broke it) and the next run ingests normally.`
  );
}

/**
 * Builds a snapshot from the branch's files (path → text). Whatever a file's reading throws (a failed allocation, a
 * stack overflow) is a damage naming that file, never an exception that would pass for a failed fetch and be retried:
 * reading the same text again throws again.
 */
export function parseSnapshot(files: Map<string, string>): Snapshot {
  const snapshot = emptySnapshot();
  const reading = { file: META_FILE };
  try {
    readSnapshot(files, snapshot, reading);
  } catch (error) {
    const problem = { file: reading.file, message: `could not be read: ${error instanceof Error ? error.message : String(error)}` };
    snapshot.damaged.push(problem);
    snapshot.problems.push(problem);
  }
  return snapshot;
}

/** Fills `snapshot` from `files`; `reading.file` names the file being read. */
function readSnapshot(files: Map<string, string>, snapshot: Snapshot, reading: { file: string }): void {
  const decisions = files.get(DECISIONS_FILE);
  if (decisions !== undefined) snapshot.decisions = decisions;
  const damage = (problems: FileProblem[]): void => {
    snapshot.damaged.push(...problems);
    snapshot.problems.push(...problems);
  };
  // A file too large to read was left out by the read (src/store/git.ts): the branch cannot be read whole.
  for (const [path, bytes] of tooLargeIn(files)) {
    damage([{ file: path, line: 1, message: `is ${(bytes / 1024 / 1024).toFixed(1)} MiB; flakeguard reads at most ${(MAX_FILE_BYTES.get(path) ?? 0) / 1024 / 1024} MiB of it (docs/data-branch.md, "Bounded reading")` }]);
  }
  if (snapshot.damaged.length > 0) return;
  const paths = [...files.keys()].sort();
  const historyPaths = paths.filter((p) => p.startsWith('history/') && p.endsWith('.json'));
  const statsPaths = paths.filter((p) => p.startsWith('stats/') && p.endsWith('.json'));
  const metaText = files.get(META_FILE);
  if (metaText !== undefined) {
    const { meta, problems } = parseMeta(metaText);
    if (meta) {
      snapshot.meta = meta;
      snapshot.readSchema = meta.schema;
    }
    damage(problems);
  } else if (files.has(RUNS_FILE) || historyPaths.length > 0) {
    // (Stats files alone are fine: a person may write overrides before the first run.)
    damage([{ file: META_FILE, message: `is missing, but the branch holds ${files.has(RUNS_FILE) ? RUNS_FILE : historyPaths[0]}: its ingestion keys would be lost` }]);
  }
  if (snapshot.damaged.length > 0) return;
  const v1 = snapshot.readSchema <= 1;
  const schema = v1 ? undefined : snapshot.readSchema;
  const runsText = files.get(RUNS_FILE);
  reading.file = RUNS_FILE;
  if (runsText !== undefined) {
    const { runs, problems } = v1 ? parseRunsV1(RUNS_FILE, runsText) : parseRuns(RUNS_FILE, runsText, schema);
    snapshot.runs = runs;
    damage(problems);
  } else if (historyPaths.length > 0) {
    damage([{ file: RUNS_FILE, message: `is missing, but ${historyPaths[0]} refers to its runs` }]);
  }
  if (v1) {
    for (const path of snapshot.damaged.length > 0 ? [] : historyPaths) damage(parseHistoryShardV1((reading.file = path), files.get(path)!, snapshot.runs, snapshot.history));
  } else if (snapshot.damaged.length === 0) {
    // Schemas 2 and 3: the history stays in its stored form (src/history/stored.ts).
    const stored = new Map<string, StoredTest>();
    const known = new KnownSeqs(snapshot.runs);
    for (const path of historyPaths) damage(parseHistoryShard((reading.file = path), files.get(path)!, known, stored, schema));
    reading.file = RUNS_FILE;
    snapshot.history = new LazyHistory(stored, snapshot.runs);
  }
  for (const path of statsPaths) readStatsFile(snapshot, (reading.file = path), files.get(path)!);
}

function shardIndexOfPath(path: string): number | undefined {
  const match = /^stats\/([0-9a-f]+)\.json$/.exec(path);
  return match ? parseInt(match[1]!, 16) : undefined;
}

function readStatsFile(snapshot: Snapshot, path: string, text: string): void {
  const { value, problems } = parseLineObject(path, text, 'tests');
  const lineProblems: FileProblem[] = [];
  if (value) {
    for (const [id, raw] of value.entries) {
      const line = value.lineOf(id);
      if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
        lineProblems.push({ file: path, line, message: `the entry of '${id}' must be an object` });
        continue;
      }
      const entry = raw as Record<string, unknown>;
      const { override, problem } = parseOverride(entry.override);
      if (problem) {
        lineProblems.push({ file: path, line, message: `${problem} (test '${id}')` });
        continue;
      }
      const stats: StatsLine = {
        ...entry,
        override,
        quarantined: entry.quarantined === true,
        reason: typeof entry.reason === 'string' ? entry.reason : '',
      };
      if (typeof entry.since === 'string') stats.since = entry.since;
      snapshot.stats.set(id, stats);
      if (value.schema >= 3 && entry.check === undefined) snapshot.handWritten.add(id);
      if (override) snapshot.overrides.set(id, { override, raw: entry.override, file: path, line });
    }
  }
  const all = [...problems, ...lineProblems];
  if (all.length === 0) return;
  // Fail closed: a stats file we cannot fully read forgives nothing and is kept exactly as the user left it.
  if (value) {
    for (const [id] of value.entries) {
      snapshot.stats.delete(id);
      snapshot.handWritten.delete(id);
      snapshot.overrides.delete(id);
    }
  }
  snapshot.brokenStats.set(path, text);
  const index = shardIndexOfPath(path);
  if (index !== undefined) snapshot.brokenShards.add(index);
  snapshot.problems.push(...all);
}

/** True when the test's stats live in a broken file, so that nothing about it may be forgiven. */
export function inBrokenShard(snapshot: Snapshot, id: string): boolean {
  return snapshot.brokenShards.size > 0 && snapshot.brokenShards.has(shardOf(id, snapshot.meta.shards));
}

export async function readSnapshotDir(dir: string): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  const walk = async (relative: string): Promise<void> => {
    const entries = await readdir(join(dir, relative), { withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      if (entry.name === '.git') continue;
      const path = relative ? `${relative}/${entry.name}` : entry.name;
      if (entry.isDirectory()) await walk(path);
      else if (entry.isFile()) files.set(path, await readFile(join(dir, path), 'utf8'));
    }
  };
  await walk('');
  return files;
}

/** Makes the folder hold exactly `files` (besides .git). */
export async function writeSnapshotDir(dir: string, files: Map<string, string>): Promise<void> {
  const existing = await readSnapshotDir(dir);
  for (const path of existing.keys()) if (!files.has(path)) await rm(join(dir, path), { force: true });
  for (const [path, text] of files) {
    if (existing.get(path) === text) continue;
    await mkdir(dirname(join(dir, path)), { recursive: true });
    await writeFile(join(dir, path), text);
  }
}
