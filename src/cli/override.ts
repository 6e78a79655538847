/**
 * A hand edit of one test's `override` on the data branch, as a person would make it: find the stats file that
 * holds the test, change that one line, keep every other byte. Pure: files in, files out. The CLI commits the
 * result through the step's own sync (src/store/sync.ts), which re-applies the edit on a newer head when another
 * writer got there first.
 */
import { SCHEMA_VERSION, parseLineObject, parseOverride, readUntil, renderLineObject } from '../store/layout.ts';
import { statsFileOf, type Snapshot } from '../store/snapshot.ts';
import { MAX_OVERRIDE_CELLS, readCell } from '../history/cell.ts';
import { nearest } from './suggest.ts';

export class CliError extends Error {}

/** What a person asked for: force into quarantine, keep out of it, or give the decision back to the policy. */
export type OverrideRequest = { action: 'quarantine' | 'never'; reason?: string; until?: string; cells?: readonly string[] } | { action: 'auto' };

/**
 * `--cells`: the cells a hand quarantine covers, each as a person writes it (`os=windows-latest, node=20`; a `,` in a
 * value as `\,`), checked as the stats file's `override.cells` is (src/store/layout.ts parseOverride) and written in
 * the canonical form, sorted, each once.
 */
function overrideCells(action: 'quarantine' | 'never', cells: readonly string[]): string[] {
  if (action !== 'quarantine') throw new CliError('--cells goes with quarantine: a release ("never") covers every cell.');
  if (cells.length > MAX_OVERRIDE_CELLS) throw new CliError(`--cells names ${cells.length} cells, more than the ${MAX_OVERRIDE_CELLS} flakeguard reads.`);
  const out = new Set<string>();
  for (const raw of cells) {
    const read = readCell(raw);
    if ('problem' in read) throw new CliError(`--cells ${raw.slice(0, 80)}: a cell ${read.problem}.`);
    out.add(read.cell);
  }
  return [...out].sort();
}

/** The override value written into the stats line: a bare string when nothing else is said, as the docs show. */
export function overrideValue(request: OverrideRequest, now: number): unknown {
  if (request.action === 'auto') return null;
  if (request.until !== undefined) {
    // The same check as the action's (readUntil): what one refuses, the other refuses with the same words.
    const until = readUntil(request.until);
    if ('problem' in until) throw new CliError(`--until ${until.problem}.`);
    if (now > until.end) {
      throw new CliError(`--until ${request.until} is already past: the override would lapse at once.`);
    }
  }
  if (request.reason !== undefined && request.reason.length > 500) throw new CliError('--reason is limited to 500 characters.');
  const cells = request.cells !== undefined ? overrideCells(request.action, request.cells) : undefined;
  const value =
    request.reason === undefined && request.until === undefined && cells === undefined
      ? request.action
      : {
          action: request.action,
          ...(request.reason !== undefined ? { reason: request.reason } : {}),
          ...(request.until !== undefined ? { until: request.until } : {}),
          ...(cells !== undefined ? { cells } : {}),
        };
  const { problem } = parseOverride(value);
  if (problem) throw new CliError(problem);
  return value;
}

/**
 * A test id as the terminal shows it: control characters (a newline, an ANSI escape) as `\n`, `\r`, `\t`, `\xHH`,
 * and invisible format characters (bidi overrides, zero-width marks) as `\u{HHHH}`, so that what is shown is what
 * is there, and a name cannot redraw the screen or pass for another.
 */
export function shownId(id: string, max = 300): string {
  const named: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };
  const out = [...id.slice(0, max)]
    .map((c) => {
      if (named[c]) return named[c];
      if (/\p{Cc}/u.test(c)) return `\\x${c.codePointAt(0)!.toString(16).padStart(2, '0')}`;
      if (/[\p{Cf}\u2028\u2029]/u.test(c)) return `\\u{${c.codePointAt(0)!.toString(16)}}`;
      return c;
    })
    .join('');
  return id.length > max ? `${out}…` : out;
}

/** Every id the data branch knows: with a stats line, a history or a hand override. */
function knownIds(snapshot: Snapshot): Set<string> {
  return new Set<string>([...snapshot.stats.keys(), ...snapshot.history.keys(), ...snapshot.overrides.keys()]);
}

/** Ids listed in a message, ten at most, each escaped. */
function listIds(ids: readonly string[]): string {
  const shown = ids
    .slice(0, 10)
    .map((id) => `  ${shownId(id)}`)
    .join('\n');
  return `${shown}${ids.length > 10 ? `\n  …and ${ids.length - 10} more` : ''}`;
}

/**
 * The test ids a person's words name: the exact id, else the ids that contain the words (case-insensitive). Ids
 * with a stats line or a history both count.
 */
export function findTests(snapshot: Snapshot, query: string): string[] {
  const ids = knownIds(snapshot);
  if (ids.has(query)) return [query];
  const q = query.toLowerCase();
  return [...ids].filter((id) => id.toLowerCase().includes(q)).sort();
}

/** Exactly one test, or an error that lists the candidates (`explain`: reading needs no exact id). */
export function resolveTest(snapshot: Snapshot, query: string): string {
  const found = findTests(snapshot, query);
  if (found.length === 1) return found[0]!;
  if (found.length === 0) throw new CliError(`No test matches '${shownId(query)}' on the data branch (${new Set([...snapshot.stats.keys(), ...snapshot.history.keys()]).size} tests there).`);
  throw new CliError(`'${shownId(query)}' matches ${found.length} tests; give the full id:\n${listIds(found)}`);
}

/** The most tests one `--match` changes: each is listed before the question, and read by a person. */
export const MAX_MATCHED = 100;

/**
 * The tests a change names (docs/cli.md, ADR 0465): one exact id, or with `--match TEXT` every test whose id contains
 * TEXT (case-insensitive). An id that is not exact is refused with the ids that contain it, or the nearest one, and
 * the way to name them: a change is never made to a test the person did not name.
 */
export function selectTests(snapshot: Snapshot, pick: { id: string } | { match: string }): string[] {
  const ids = knownIds(snapshot);
  if ('match' in pick) {
    const q = pick.match.toLowerCase();
    const found = [...ids].filter((id) => id.toLowerCase().includes(q)).sort();
    if (found.length === 0) throw new CliError(`--match '${shownId(pick.match)}': no test id on the data branch contains it (${ids.size} tests there).`);
    if (found.length > MAX_MATCHED)
      throw new CliError(`--match '${shownId(pick.match)}' names ${found.length} tests, more than the ${MAX_MATCHED} one hand edit changes: narrow it. The first of them:\n${listIds(found)}`);
    return found;
  }
  if (ids.has(pick.id)) return [pick.id];
  const q = pick.id.toLowerCase();
  const containing = [...ids].filter((id) => id.toLowerCase().includes(q)).sort();
  if (containing.length > 0) {
    const use = containing.length === 1 ? 'give that full id' : 'give one full id';
    throw new CliError(
      `No test has the exact id '${shownId(pick.id)}'; ${containing.length} ${containing.length === 1 ? 'id contains' : 'ids contain'} it (${use}, or --match '${shownId(pick.id)}' for ${containing.length === 1 ? 'it' : 'all of them'}):\n${listIds(containing)}`,
    );
  }
  const guess =
    pick.id.length <= 500
      ? nearest(
          pick.id,
          [...ids].filter((id) => Math.abs(id.length - pick.id.length) <= 2),
        )
      : undefined;
  throw new CliError(`No test has the exact id '${shownId(pick.id)}' on the data branch (${ids.size} tests there).${guess ? ` Did you mean '${shownId(guess)}'?` : ''}`);
}

export interface OverrideEdit {
  files: Map<string, string>;
  id: string;
  path: string;
  line: number;
  /** The override as it was before, as written. */
  before: unknown;
  after: unknown;
  /** The matrix cells the test's recorded runs ran in, sorted: what `--cells` can be checked against. */
  cellsRun: string[];
}

const ENTRY_LINE = /^(\s*)("(?:[^"\\]|\\.)*")(\s*:\s*)(.*?)(,?)\s*$/;

/** Sets the test's override in its stats file; throws a CliError a person can act on. */
export function editOverride(files: ReadonlyMap<string, string>, snapshot: Snapshot, query: string, value: unknown): OverrideEdit {
  return editExact(files, snapshot, resolveTest(snapshot, query), value);
}

/** Sets the override of the test with exactly this id. */
export function editExact(files: ReadonlyMap<string, string>, snapshot: Snapshot, id: string, value: unknown): OverrideEdit {
  const edit = editLine(files, snapshot, id, value);
  const cellsRun = [...new Set((snapshot.history.get(id)?.runs ?? []).flatMap((r) => (r.cell !== undefined ? [r.cell] : [])))].sort();
  return { ...edit, cellsRun };
}

/** The edits of several tests, one after another on the same files: the last one's `files` hold them all. */
export function planOverrides(files: ReadonlyMap<string, string>, snapshot: Snapshot, ids: readonly string[], value: unknown): OverrideEdit[] {
  const edits: OverrideEdit[] = [];
  let current = files;
  for (const id of ids) {
    const edit = editExact(current, snapshot, id, value);
    edits.push(edit);
    current = edit.files;
  }
  return edits;
}

/** Whether an edit leaves the override as it was. */
export const unchanged = (edit: Pick<OverrideEdit, 'before' | 'after'>): boolean => JSON.stringify(edit.before) === JSON.stringify(edit.after);

function editLine(files: ReadonlyMap<string, string>, snapshot: Snapshot, id: string, value: unknown): Omit<OverrideEdit, 'cellsRun'> {
  const path = statsFileOf(snapshot, id);
  const text = files.get(path);
  if (snapshot.brokenStats.has(path)) {
    const problem = snapshot.problems.find((p) => p.file === path);
    throw new CliError(`${path}${problem?.line ? `:${problem.line}` : ''} is broken (${problem?.message ?? 'unreadable'}): fix it first; flakeguard never overwrites a broken file.`);
  }
  // Schema 3 writes no stats line for a test with nothing to say (docs/data-branch.md): the edit adds it.
  const hasHistory = snapshot.history.has(id);
  if (text === undefined) {
    if (!hasHistory) throw new CliError(`'${id}' has no stats line yet (${path} is missing): run flakeguard once with it first.`);
    const created = renderLineObject(SCHEMA_VERSION, 'tests', [[id, { override: value }]]);
    return { files: new Map([...files, [path, created]]), id, path, line: 2, before: null, after: value };
  }
  const parsed = parseLineObject(path, text, 'tests');
  const entry = parsed.value?.entries.get(id);
  const lineNo = parsed.value?.lineOf(id);
  if (parsed.value && entry === undefined && hasHistory) {
    const added = renderLineObject(parsed.value.schema, 'tests', [...parsed.value.entries, [id, { override: value }]]);
    const reread = parseLineObject(path, added, 'tests');
    return { files: new Map([...files, [path, added]]), id, path, line: reread.value?.lineOf(id) ?? 1, before: null, after: value };
  }
  if (!parsed.value || typeof entry !== 'object' || entry === null) throw new CliError(`'${id}' has no stats line in ${path}.`);
  const before = (entry as Record<string, unknown>).override ?? null;
  const updated = { ...(entry as Record<string, unknown>), override: value };

  const out = new Map(files);
  const rows = text.split('\n');
  const match = lineNo !== undefined ? ENTRY_LINE.exec(rows[lineNo - 1]!) : null;
  let lineValueParses = false;
  if (match) {
    try {
      JSON.parse(match[4]!);
      lineValueParses = true;
    } catch {
      // an entry spread over several lines by hand: the whole file is rendered again below
    }
  }
  if (match && lineValueParses) {
    rows[lineNo! - 1] = `${match[1]}${match[2]}${match[3]}${JSON.stringify(updated)}${match[5]}`;
    out.set(path, rows.join('\n'));
  } else {
    const entries = [...parsed.value.entries].map(([key, v]): [string, unknown] => [key, key === id ? updated : v]);
    out.set(path, renderLineObject(parsed.value.schema, 'tests', entries));
  }
  const reread = parseLineObject(path, out.get(path)!, 'tests');
  return { files: out, id, path, line: reread.value?.lineOf(id) ?? lineNo ?? 1, before, after: value };
}
