/**
 * The data branch's content as plain data: read from file texts, rendered back into file texts. Pure apart
 * from `readSnapshotDir`/`writeSnapshotDir`, which move texts between a folder and memory.
 */
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { History, Override } from '../model.ts';
import { META_FILE, RUNS_FILE, SCHEMA_VERSION, parseLineObject, parseMeta, parseOverride, shardOf, statsPath, type FileProblem, type Meta, type StatsLine } from './layout.ts';
import { ClassStrings, KnownSeqs, emptyQuietReads, newlines, parseHistoryShard, parseRuns, type QuietReads, type RunTable } from './history-format.ts';
import { LazyHistory, type StoredTest } from '../history/stored.ts';
import { parseHistoryShardV1, parseRunsV1 } from './migrate.ts';
import { DECISIONS_FILE } from './decisions.ts';
import { blockedMessage, decidesFrom, isHistoryShardPath, isStatsShardPath } from './owned.ts';
import { DEFAULT_READ_BOUNDS, leftOutProblems, readErrorOf, type ReadBounds } from './read-bounds.ts';

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
   * every line it writes), so each computed field in it is that person's edit (src/pipeline/apply-hand-edits.ts).
   */
  handWritten: Set<string>;
  /** Valid hand overrides, by test id (expiry not yet applied). */
  overrides: Map<string, StoredOverride>;
  /**
   * Stats lines in another shard's file than their own (a person added them there), by test id: honoured, and
   * moved to their own file by the next write, unless that file is broken (then kept where they are).
   */
  misplaced: Map<string, { file: string; line?: number; shard: number }>;
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
  /** The quiet lines and shards as read (schema 4), which the next write keeps as they are while nothing in them changed. */
  quiet: QuietReads;
  /** decisions.json's text as read (src/store/decisions.ts): informational, carried to the next write. */
  decisions?: string;
  /** Owned paths that are not regular files, as parseSnapshot was given them: a snapshot parsed again keeps them. */
  blocked?: ReadonlyMap<string, string>;
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
    misplaced: new Map(),
    brokenStats: new Map(),
    brokenShards: new Set(),
    problems: [],
    damaged: [],
    quiet: emptyQuietReads(),
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
 * Builds a snapshot from the branch's files (path → text), those flakeguard owns (src/store/owned.ts). `blocked`: the
 * owned paths that are not regular files (DataRepo.blockedPaths), with what they are. One that a run decides from
 * damages the branch (a link or a submodule at `stats/00.json` would otherwise be replaced by the file it stands for,
 * or its overrides ignored); any other is reported and left as it is. Whatever a file's reading throws (a failed
 * allocation, a stack overflow) is a damage naming that file, never an exception that would pass for a failed fetch
 * and be retried: reading the same text again throws again.
 */
export function parseSnapshot(
  files: Map<string, string>,
  blocked: ReadonlyMap<string, string> = new Map(),
  bounds: ReadBounds = DEFAULT_READ_BOUNDS,
  /** False: every file by the general reader, none by its form (src/store/quiet-read.ts); the tests compare the two. */
  byForm = true,
): Snapshot {
  const snapshot = emptySnapshot();
  if (blocked.size > 0) snapshot.blocked = blocked;
  const reading = { file: META_FILE };
  try {
    readSnapshot(files, blocked, snapshot, reading, bounds, byForm);
  } catch (error) {
    const problem = { file: reading.file, message: `could not be read: ${error instanceof Error ? error.message : String(error)}` };
    snapshot.damaged.push(problem);
    snapshot.problems.push(problem);
  }
  return snapshot;
}

/** Fills `snapshot` from `files`; `reading.file` names the file being read. */
function readSnapshot(files: Map<string, string>, blocked: ReadonlyMap<string, string>, snapshot: Snapshot, reading: { file: string }, bounds: ReadBounds, byForm: boolean): void {
  const decisions = files.get(DECISIONS_FILE);
  if (decisions !== undefined) snapshot.decisions = decisions;
  const damage = (problems: FileProblem[]): void => {
    snapshot.damaged.push(...problems);
    snapshot.problems.push(...problems);
  };
  for (const [path, what] of [...blocked].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
    const problem = { file: path, message: blockedMessage(path, what) };
    if (decidesFrom(path)) damage([problem]);
    else snapshot.problems.push(problem);
  }
  // (Nothing more is read: "flakeguard.json is missing" would only mislead when it is a link.)
  if (snapshot.damaged.length > 0) return;
  // Git could not give the files (src/store/git.ts): nothing was read, so nothing may be written.
  const readError = readErrorOf(files);
  if (readError !== undefined) damage([{ file: readError.file ?? 'the data branch', message: `could not be read: ${readError.message}` }]);
  // A file over its cap was left out by the read (src/store/read-bounds.ts): one a run decides from means the branch
  // cannot be read whole; any other is named and the run goes on without it.
  const { damage: tooLarge, warnings } = leftOutProblems(files);
  snapshot.problems.push(...warnings);
  damage(tooLarge);
  if (snapshot.damaged.length > 0) return;
  const paths = [...files.keys()].sort();
  const historyPaths = paths.filter(isHistoryShardPath);
  const statsPaths = paths.filter(isStatsShardPath);
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
  // The lines of all the history shards, and of all the stats files, are bounded together before any is parsed: the
  // step's memory follows the tests they hold, which the byte caps alone do not bound (short lines).
  // A stats file of more lines than a shard holds is refused before it is parsed, as runs.json is (history-format.ts):
  // its lines would each become an override, a stats line and a check against the others.
  for (const path of statsPaths) damage(tooManyLines(path, files.get((reading.file = path))!, bounds.statsLines));
  if (snapshot.damaged.length > 0) return;
  damage(tooManyLinesInAll(historyPaths, files, bounds.totalLines, 'the history shards', reading));
  damage(tooManyLinesInAll(statsPaths, files, bounds.totalLines, 'the stats files', reading));
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
    // Schemas 2 to 4: the history stays in its stored form (src/history/stored.ts).
    const stored = new Map<string, StoredTest>();
    const known = new KnownSeqs(snapshot.runs);
    const quiet = { ...(snapshot.meta.window ? { window: snapshot.meta.window } : {}), reads: snapshot.quiet };
    const strings = new ClassStrings();
    for (const path of historyPaths) damage(parseHistoryShard((reading.file = path), files.get(path)!, known, stored, schema, quiet, strings, byForm));
    reading.file = RUNS_FILE;
    snapshot.history = new LazyHistory(stored, snapshot.runs);
  }
  if (snapshot.damaged.length > 0) return;
  readStatsFiles(snapshot, statsPaths, files, reading, bounds.statsLines);
}

/**
 * A stats file of more than `cap` entries, as a damage naming it, counted as written (an entry a line, between the
 * first line and the last: newlines, no copy), or as parsed (`entries`, for entries packed on fewer lines).
 */
function tooManyLines(path: string, text: string, cap: number, entries?: number): FileProblem[] {
  const count = entries ?? (newlines(text, cap + 3) > cap + 2 ? newlines(text, Infinity) - 2 : 0);
  if (count <= cap) return [];
  return [
    {
      file: path,
      line: entries === undefined ? cap + 2 : 1,
      message: `has ${count.toLocaleString('en-US')} lines; flakeguard reads at most ${cap.toLocaleString('en-US')} lines of a stats file (docs/data-branch.md, "Bounded reading")`,
    },
  ];
}

/** The first of `paths` whose lines bring them all past `cap`, as a damage naming it; none when they are within. */
function tooManyLinesInAll(paths: readonly string[], files: ReadonlyMap<string, string>, cap: number, what: string, reading: { file: string }): FileProblem[] {
  let total = 0;
  for (const path of paths) {
    total += newlines(files.get((reading.file = path))!, cap - total + 1);
    if (total > cap) {
      return [
        {
          file: path,
          line: 1,
          message: `brings ${what} past ${cap.toLocaleString('en-US')} lines; flakeguard reads at most ${cap.toLocaleString('en-US')} lines of them together (docs/data-branch.md, "Bounded reading")`,
        },
      ];
    }
  }
  reading.file = META_FILE;
  return [];
}

function shardIndexOfPath(path: string): number | undefined {
  const match = /^stats\/([0-9a-f]+)\.json$/.exec(path);
  return match ? parseInt(match[1]!, 16) : undefined;
}

interface StatsEntry {
  id: string;
  raw: unknown;
  file: string;
  line: number | undefined;
}

/**
 * Reads every stats file. A test has one line: a test with lines in two files is a problem in both (neither is a
 * silent winner). A line in another shard's file than its own (a person added it to the file that was there) is
 * honoured where it is and moved to its own file by the next write, with a notice; while its own file is broken it
 * stays where it is (src/pipeline/apply.ts), so that nothing the person wrote is lost.
 */
function readStatsFiles(snapshot: Snapshot, paths: string[], files: Map<string, string>, reading: { file: string }, maxLines: number): void {
  const read: Array<{ path: string; text: string; entries: StatsEntry[]; problems: FileProblem[]; schema: number }> = [];
  const where = new Map<string, StatsEntry>();
  for (const path of paths) {
    const text = files.get((reading.file = path))!;
    const { value, problems } = parseLineObject(path, text, 'tests');
    // Entries packed on fewer lines are counted once parsed, before anything is made of them.
    const packed = value ? tooManyLines(path, text, maxLines, value.entries.size) : [];
    if (packed.length > 0) {
      snapshot.damaged.push(...packed);
      snapshot.problems.push(...packed);
      return;
    }
    const entries: StatsEntry[] = [];
    if (value) for (const [id, raw] of value.entries) entries.push({ id, raw, file: path, line: value.lineOf(id) });
    read.push({ path, text, entries, problems, schema: value?.schema ?? 0 });
    for (const entry of entries) {
      const other = where.get(entry.id);
      if (!other) {
        where.set(entry.id, entry);
        continue;
      }
      const own = statsPath(shardOf(entry.id, snapshot.meta.shards), snapshot.meta.shards);
      const twice = (a: StatsEntry, b: StatsEntry): FileProblem => ({
        file: a.file,
        line: a.line,
        message: `the test '${a.id.slice(0, 200)}' also has a line in ${b.file}${b.line ? ` (line ${b.line})` : ''}: a test has one line, in ${own}; neither is read until you delete one`,
      });
      read.find((r) => r.path === other.file)!.problems.push(twice(other, entry));
      problems.push(twice(entry, other));
    }
  }
  for (const file of read) readStatsFile(snapshot, (reading.file = file.path), file.text, file.entries, file.problems, file.schema);
  for (const [id, { file, line }] of snapshot.misplaced) {
    const own = shardOf(id, snapshot.meta.shards);
    const target = statsPath(own, snapshot.meta.shards);
    const message = snapshot.brokenShards.has(own)
      ? `the line of '${id.slice(0, 200)}' belongs in ${target} (its shard), which is broken: it is kept here until that file is fixed, and the test forgives nothing meanwhile`
      : `the line of '${id.slice(0, 200)}' belongs in ${target} (its shard): it is honoured, and moved there when the branch is next written`;
    snapshot.problems.push({ file, ...(line !== undefined ? { line } : {}), notice: true, message });
  }
}

/** The stats file that holds a test's line as read: its own shard's, or the other file a person added it to. */
export function statsFileOf(snapshot: Snapshot, id: string): string {
  return snapshot.misplaced.get(id)?.file ?? statsPath(shardOf(id, snapshot.meta.shards), snapshot.meta.shards);
}

/**
 * The shard whose stats file gets a test's line when the branch is written: its own, unless that file is broken
 * and the test's line sits in another shard's sound file (a person added it there): then it stays there.
 */
export function statsShardOf(snapshot: Snapshot, id: string, shards: number, own = shardOf(id, shards)): number {
  if (!snapshot.brokenShards.has(own)) return own;
  return snapshot.misplaced.get(id)?.shard ?? own;
}

function readStatsFile(snapshot: Snapshot, path: string, text: string, entries: StatsEntry[], problems: FileProblem[], schema: number): void {
  const lineProblems: FileProblem[] = [];
  const index = shardIndexOfPath(path);
  for (const { id, raw, line } of entries) {
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
    if (schema >= 3 && entry.check === undefined) snapshot.handWritten.add(id);
    if (override) snapshot.overrides.set(id, { override, raw: entry.override, file: path, line });
    const own = shardOf(id, snapshot.meta.shards);
    if (index !== undefined && own !== index) snapshot.misplaced.set(id, { file: path, shard: index, ...(line !== undefined ? { line } : {}) });
  }
  const all = [...problems, ...lineProblems];
  if (all.length === 0) return;
  // Fail closed: a stats file we cannot fully read forgives nothing and is kept exactly as the user left it.
  // (A test written in two files makes both broken: no line of it is left elsewhere.)
  for (const { id } of entries) {
    snapshot.stats.delete(id);
    snapshot.handWritten.delete(id);
    snapshot.overrides.delete(id);
    snapshot.misplaced.delete(id);
  }
  snapshot.brokenStats.set(path, text);
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
