/**
 * Inputs of the matrix, aggregate and fork modes (docs/matrix.md, docs/forks.md). Read on every run, so this
 * module stays small and imports nothing heavy; the modes themselves are loaded only when chosen.
 */
import { InputError, parseBoolean, type InputGetter } from './inputs.ts';

export type Mode = 'run' | 'upload' | 'aggregate' | 'ingest-workflow-run' | 'diagnose';
const MODES: readonly Mode[] = ['run', 'upload', 'aggregate', 'ingest-workflow-run', 'diagnose'];

/** What the aggregating job expects: a number of shards, or the job keys of the shards (one per line). */
export type ExpectedShards = { count: number } | { keys: string[] };

export interface ModeInputs {
  mode: Mode;
  /** `job-key`: each test's id carries the rendered job key, so each matrix combination has its own history. */
  splitHistoryBy: 'none' | 'job-key';
  /** Required by `mode: aggregate`. */
  expectedShards?: ExpectedShards;
  /** Upload this run's results as an artifact when they could not be saved (read-only, fork, push failed). */
  uploadResults: boolean;
}

export function readModeInputs(get: InputGetter): ModeInputs {
  const modeRaw = (get('mode') || 'run').toLowerCase();
  if (!(MODES as readonly string[]).includes(modeRaw)) {
    throw new InputError(`Input 'mode' must be one of ${MODES.join(', ')}, got '${modeRaw.slice(0, 80)}'.`);
  }
  const splitRaw = (get('split-history-by') || 'none').toLowerCase();
  if (splitRaw !== 'none' && splitRaw !== 'job-key') {
    throw new InputError(`Input 'split-history-by' must be 'job-key' or 'none', got '${splitRaw.slice(0, 80)}'.`);
  }
  const uploadResults = parseBoolean('upload-results', get('upload-results'), true);
  const inputs: ModeInputs = { mode: modeRaw as Mode, splitHistoryBy: splitRaw, uploadResults };
  const expected = readExpectedShards(get('expected-shards'));
  if (expected) inputs.expectedShards = expected;
  return inputs;
}

/**
 * `expected-shards`: a whole number (`4`), or one job key per line, as JSON (`{"os":"macos-latest"}`) or as
 * `key=value` pairs (`os=macos-latest, node=22`), or a job name. Lines starting with `#` are comments.
 */
export function readExpectedShards(raw: string): ExpectedShards | undefined {
  const text = raw.trim();
  if (text === '') return undefined;
  if (/^\d+$/.test(text)) {
    const count = Number(text);
    if (count < 1 || count > 256) throw new InputError(`Input 'expected-shards' must be from 1 to 256 shards, got ${count}.`);
    return { count };
  }
  // A JSON array of keys (e.g. written with toJSON) or of matrix objects.
  if (text.startsWith('[')) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new InputError(`Input 'expected-shards' starts with '[' but is not a JSON array.`);
    }
    if (!Array.isArray(parsed) || parsed.length === 0) throw new InputError(`Input 'expected-shards' must list at least one shard.`);
    return { keys: checkKeys(parsed.map((k) => (typeof k === 'string' ? k : JSON.stringify(k)))) };
  }
  const keys: string[] = [];
  let current = '';
  // Multi-line JSON objects (pretty-printed toJSON(matrix)) are joined until their braces close.
  for (const line of text.split(/\r?\n/)) {
    const trimmed = line.trim();
    if (current === '' && (trimmed === '' || trimmed.startsWith('#'))) continue;
    current = current === '' ? trimmed : `${current} ${trimmed}`;
    if (balanced(current)) {
      keys.push(current);
      current = '';
    }
  }
  if (current !== '') throw new InputError(`Input 'expected-shards' has an unterminated JSON object: '${current.slice(0, 80)}'.`);
  return { keys: checkKeys(keys) };
}

function balanced(text: string): boolean {
  if (!text.startsWith('{')) return true;
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{') depth++;
    else if (c === '}') depth--;
  }
  return depth === 0 && !inString;
}

function checkKeys(keys: string[]): string[] {
  if (keys.length === 0) throw new InputError(`Input 'expected-shards' must list at least one shard.`);
  if (keys.length > 256) throw new InputError(`Input 'expected-shards' lists ${keys.length} shards; at most 256.`);
  return keys;
}

/** `mode: diagnose` (docs/diagnose.md): how much one run may spend, and the executions of each variation. */
export interface DiagnoseInputs {
  /** Test executions at most (`diagnose-budget: 600`), or minutes (`diagnose-budget: 30m`). */
  budget: { executions: number } | { minutes: number };
  /** Executions of each variation per test (rest, tz, lang, contention, file, full order). */
  executions: number;
}

export const DIAGNOSE_DEFAULTS = { executions: 8, budget: 1000 };

export function readDiagnoseInputs(get: InputGetter): DiagnoseInputs {
  const raw = get('diagnose-budget').trim();
  let budget: DiagnoseInputs['budget'] = { executions: DIAGNOSE_DEFAULTS.budget };
  const m = /^(\d{1,7})\s*(m|min|minutes)?$/i.exec(raw);
  if (raw !== '' && !m) throw new InputError(`Input 'diagnose-budget' must be a number of test executions (600) or of minutes (30m), got '${raw.slice(0, 80)}'.`);
  if (m) budget = m[2] ? { minutes: Math.max(1, Number(m[1])) } : { executions: Math.max(1, Number(m[1])) };
  const rawN = get('diagnose-executions').trim();
  const executions = rawN === '' ? DIAGNOSE_DEFAULTS.executions : Number(rawN);
  if (!Number.isInteger(executions) || executions < 7 || executions > 200) {
    throw new InputError(`Input 'diagnose-executions' must be a whole number from 7 to 200 (below 7 no variation can change the category: docs/diagnose.md), got '${rawN.slice(0, 80)}'.`);
  }
  return { budget, executions };
}
