/**
 * A hand edit of one test's `override` on the data branch, as a person would make it: find the stats file that
 * holds the test, change that one line, keep every other byte. Pure: files in, files out. The CLI commits the
 * result through the step's own sync (src/store/sync.ts), which re-applies the edit on a newer head when another
 * writer got there first.
 */
import { SCHEMA_VERSION, parseLineObject, parseOverride, readUntil, renderLineObject } from '../store/layout.ts';
import { statsFileOf, type Snapshot } from '../store/snapshot.ts';
import { MAX_OVERRIDE_CELLS, readCell } from '../history/cell.ts';

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
 * The test ids a person's words name: the exact id, else the ids that contain the words (case-insensitive). Ids
 * with a stats line or a history both count.
 */
export function findTests(snapshot: Snapshot, query: string): string[] {
  const ids = new Set<string>([...snapshot.stats.keys(), ...snapshot.history.keys(), ...snapshot.overrides.keys()]);
  if (ids.has(query)) return [query];
  const q = query.toLowerCase();
  return [...ids].filter((id) => id.toLowerCase().includes(q)).sort();
}

/** Exactly one test, or an error that lists the candidates. */
export function resolveTest(snapshot: Snapshot, query: string): string {
  const found = findTests(snapshot, query);
  if (found.length === 1) return found[0]!;
  if (found.length === 0) throw new CliError(`No test matches '${query}' on the data branch (${new Set([...snapshot.stats.keys(), ...snapshot.history.keys()]).size} tests there).`);
  const shown = found
    .slice(0, 10)
    .map((id) => `  ${id}`)
    .join('\n');
  throw new CliError(`'${query}' matches ${found.length} tests; give the full id:\n${shown}${found.length > 10 ? `\n  …and ${found.length - 10} more` : ''}`);
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
  const id = resolveTest(snapshot, query);
  const edit = editLine(files, snapshot, id, value);
  const cellsRun = [...new Set((snapshot.history.get(id)?.runs ?? []).flatMap((r) => (r.cell !== undefined ? [r.cell] : [])))].sort();
  return { ...edit, cellsRun };
}

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
