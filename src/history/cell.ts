/**
 * A run's matrix cell (TestRunRecord.cell, docs/matrix.md#quarantine-per-cell): the `job-key` values when the job has
 * one (`${{ toJSON(matrix) }}`), else the runner's OS (`RUNNER_OS`), as canonical `key=value` pairs sorted by key and
 * joined by `,`: `node=20,os=windows-latest`. The same text for the same cell however the key was written, so that
 * evidence per cell and the cells a hand override names compare as strings. A `,` or `\` in a key or value, and a
 * `=` in a key, is escaped with `\` (`env={"A":1\,"B":2}`), so that two matrices never share a cell and every cell
 * can be named by hand (docs/adr/0400-cell-escapes.md). Pure.
 */
/** A cell longer than this is cut and ends with a hash of the whole cell, so two long cells stay apart. */
export const MAX_CELL = 200;
/** The most cells a hand override may name. */
export const MAX_OVERRIDE_CELLS = 100;

/** A key or value on one line: control characters and runs of white space become one space (job keys share it). */
export function oneLine(text: string): string {
  return text.replace(/[\u0000-\u001f\u007f\s]+/g, ' ').trim();
}

/** A matrix value as text: a string as it is, a number, boolean or null as written, anything else as JSON. */
export function valueText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || value === null) return String(value);
  return JSON.stringify(value);
}

/** A job key that is a JSON object (`${{ toJSON(matrix) }}`), as that object; undefined for any other text. */
export function keyObject(raw: string): Record<string, unknown> | undefined {
  const text = raw.trim();
  if (!text.startsWith('{')) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** `os=windows-latest, node=20` (one line) as its trimmed pairs; undefined unless every part is a `key=value`. */
export function keyValuePairs(line: string): Array<[string, string]> | undefined {
  const parts = line.split(/,\s*/);
  if (line === '' || !parts.every((p) => /^[^=\s][^=]*=/.test(p))) return undefined;
  return parts.map((p): [string, string] => {
    const i = p.indexOf('=');
    return [p.slice(0, i).trim(), p.slice(i + 1).trim()];
  });
}

/** FNV-1a of the text, 8 hex digits (no node:crypto: the dashboard's page bundle reads cells too). */
function fnv32(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, '0');
}

function bounded(cell: string, whole: string): string {
  if (cell.length <= MAX_CELL) return cell;
  let cut = MAX_CELL - 11;
  // Never between a `\` and the character it escapes.
  if ((/\\+$/.exec(cell.slice(0, cut))?.[0].length ?? 0) % 2 === 1) cut--;
  return `${cell.slice(0, cut)}… #${fnv32(whole)}`;
}

/** A key (`\`, `,` and `=` escaped) or a value (`\` and `,` escaped) as the canonical form writes it. */
const escapeKey = (text: string): string => text.replace(/[\\,=]/g, '\\$&');
const escapeValue = (text: string): string => text.replace(/[\\,]/g, '\\$&');

function fromPairs(pairs: Array<[string, string]>, whole: string): string {
  const sorted = pairs.map(([k, v]) => `${escapeKey(oneLine(k))}=${escapeValue(oneLine(v))}`).sort();
  return bounded(sorted.join(','), whole);
}

/**
 * A cell's text as its pairs: split at each `,` and, within a pair, at the first `=` that no `\` escapes; `\\`, `\,`
 * and `\=` are the characters they escape, any other `\` is itself. Undefined unless every pair has a key and a `=`.
 */
function cellPairs(text: string): Array<[string, string]> | undefined {
  const pairs: Array<[string, string]> = [];
  let key = '';
  let value = '';
  let inValue = false;
  const end = (): boolean => {
    if (!inValue || key.trim() === '') return false;
    pairs.push([key.trim(), value.trim()]);
    key = value = '';
    inValue = false;
    return true;
  };
  for (let i = 0; i < text.length; i++) {
    let c = text[i]!;
    let escaped = false;
    if (c === '\\' && i + 1 < text.length && '\\,='.includes(text[i + 1]!)) {
      c = text[++i]!;
      escaped = true;
    }
    if (!escaped && c === ',') {
      if (!end()) return undefined;
    } else if (!escaped && c === '=' && !inValue) inValue = true;
    else if (inValue) value += c;
    else key += c;
  }
  return end() ? pairs : undefined;
}

/**
 * The cell of a run: from the job key when it is not empty (a JSON object becomes its pairs; any other key is the
 * one pair `key=<its text>`), else `os=<RUNNER_OS>`; undefined when neither is known.
 */
export function runCell(jobKey: string, runnerOs: string | undefined): string | undefined {
  const text = jobKey.trim();
  if (text !== '' && text !== '{}') {
    const pairs = Object.entries(keyObject(text) ?? {}).map(([k, v]): [string, string] => [k, valueText(v)]);
    if (pairs.length > 0) return fromPairs(pairs, text);
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = text;
    }
    return fromPairs([['key', typeof parsed === 'string' ? parsed : text]], text);
  }
  const os = oneLine(runnerOs ?? '');
  return os === '' ? undefined : fromPairs([['os', os]], os);
}

/**
 * What "the same commit" means for the proof of flakiness (a pass and a failure on one commit): the commit in the
 * run's cell. A pass in another cell proves nothing of a failure in this one (the cells differ: that is a failure of
 * the cell, not a flake). Runs without a cell keep the commit alone.
 */
export function commitOf(run: { readonly sha: string; readonly cell?: string }): string {
  return run.cell === undefined ? run.sha : `${run.sha}\u0000${run.cell}`;
}

/**
 * A cell as a person writes it in a hand override (`os=windows-latest`, `os=windows-latest, node=20`), in the
 * canonical form; or why it is not one.
 */
export function readCell(raw: unknown): { cell: string } | { problem: string } {
  const shown = JSON.stringify(raw ?? null).slice(0, 80);
  if (typeof raw !== 'string') return { problem: `must be a string like "os=windows-latest", got ${shown}` };
  const text = oneLine(raw);
  const pairs = cellPairs(text);
  if (!pairs) return { problem: `must be key=value pairs joined by "," like "os=windows-latest" (a "," in a value written "\\,"), got ${shown}` };
  return { cell: fromPairs(pairs, text) };
}
