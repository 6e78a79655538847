/**
 * This run's results as a file, for runs that may not write the data branch (a pull request from a fork, or a
 * push that failed): a later trusted workflow can ingest it. Its content comes from an untrusted run, so reading
 * it checks every field and keeps nothing but report data.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { capName } from '../junit/cap.ts';
import type { Attempt, AttemptStatus, ParsedTestCase, RunContext } from '../model.ts';

export const RESULTS_KIND = 'flakeguard-results';
export const RESULTS_SCHEMA = 1;
const MAX_TESTS = 1_000_000;
const MAX_TEXT = 4096;

export interface ResultsFile {
  run: RunContext;
  tests: ParsedTestCase[];
}

export function renderResultsFile(run: RunContext, tests: ParsedTestCase[]): string {
  return `${JSON.stringify({ kind: RESULTS_KIND, schema: RESULTS_SCHEMA, run, tests })}\n`;
}

export async function writeResultsFile(dir: string, run: RunContext, tests: ParsedTestCase[]): Promise<string> {
  await mkdir(dir, { recursive: true });
  const safe = `${run.runId}-${run.runAttempt}-${run.key}`.replace(/[^A-Za-z0-9._-]/g, '_');
  const path = join(dir, `flakeguard-results-${safe}.json`);
  await writeFile(path, renderResultsFile(run, tests));
  return path;
}

export class ResultsFileError extends Error {}

const STATUSES = new Set<AttemptStatus>(['passed', 'failed', 'error', 'skipped']);

function text(value: unknown, field: string, required = false): string | undefined {
  if (value === undefined || value === null) {
    if (required) throw new ResultsFileError(`${field} is missing`);
    return undefined;
  }
  if (typeof value !== 'string') throw new ResultsFileError(`${field} must be a string`);
  return value.slice(0, MAX_TEXT);
}

/** Names are capped as the report parser caps them (src/junit/cap.ts), before any other cut. */
const nameOf = (value: unknown): unknown => (typeof value === 'string' ? capName(value) : value);

function finite(value: unknown, field: string): number | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'number' || !Number.isFinite(value)) throw new ResultsFileError(`${field} must be a number`);
  return value;
}

function attemptOf(raw: unknown, field: string): Attempt {
  if (typeof raw !== 'object' || raw === null) throw new ResultsFileError(`${field} must be an object`);
  const a = raw as Record<string, unknown>;
  if (!STATUSES.has(a.status as AttemptStatus)) throw new ResultsFileError(`${field}.status is not a known status`);
  const attempt: Attempt = { status: a.status as AttemptStatus };
  const message = text(a.message, `${field}.message`);
  const type = text(a.type, `${field}.type`);
  const details = text(a.details, `${field}.details`);
  const durationSec = finite(a.durationSec, `${field}.durationSec`);
  if (message !== undefined) attempt.message = message;
  if (type !== undefined) attempt.type = type;
  if (details !== undefined) attempt.details = details;
  if (durationSec !== undefined) attempt.durationSec = durationSec;
  return attempt;
}

/** Reads a results file written by `renderResultsFile`; throws ResultsFileError naming the bad field. */
export function parseResultsFile(content: string): ResultsFile {
  let raw: unknown;
  try {
    raw = JSON.parse(content);
  } catch (error) {
    throw new ResultsFileError(`not valid JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
  return parseResultsValue(raw);
}

/** As parseResultsFile, from the parsed JSON (a parked run's parcel holds several, src/store/parcel.ts). */
export function parseResultsValue(raw: unknown): ResultsFile {
  const r = raw as Record<string, unknown>;
  if (typeof raw !== 'object' || raw === null || r.kind !== RESULTS_KIND) throw new ResultsFileError('not a flakeguard results file');
  if (r.schema !== RESULTS_SCHEMA) throw new ResultsFileError(`unsupported results schema ${String(r.schema)}`);
  const run = r.run as Record<string, unknown>;
  if (typeof run !== 'object' || run === null) throw new ResultsFileError('run is missing');
  const context: RunContext = {
    key: text(run.key, 'run.key', true)!,
    runId: text(run.runId, 'run.runId', true)!,
    runAttempt: finite(run.runAttempt, 'run.runAttempt') ?? 1,
    job: text(run.job, 'run.job', true)!,
    workflow: text(run.workflow, 'run.workflow') ?? '',
    sha: text(run.sha, 'run.sha', true)!,
    ref: text(run.ref, 'run.ref') ?? '',
    onDefaultBranch: run.onDefaultBranch === true,
    event: text(run.event, 'run.event') ?? '',
    time: finite(run.time, 'run.time') ?? Date.now(),
  };
  const url = text(run.url, 'run.url');
  if (url !== undefined) context.url = url;
  const cell = text(run.cell, 'run.cell');
  if (cell !== undefined && cell !== '') context.cell = cell.slice(0, 256);
  if (!Array.isArray(r.tests)) throw new ResultsFileError('tests must be an array');
  if (r.tests.length > MAX_TESTS) throw new ResultsFileError(`more than ${MAX_TESTS} tests`);
  const tests = r.tests.map((value, i): ParsedTestCase => {
    const t = value as Record<string, unknown>;
    if (typeof t !== 'object' || t === null) throw new ResultsFileError(`tests[${i}] must be an object`);
    if (!Array.isArray(t.attempts) || t.attempts.length === 0) throw new ResultsFileError(`tests[${i}].attempts must be a non-empty array`);
    const test: ParsedTestCase = {
      id: text(t.id, `tests[${i}].id`, true)!,
      name: text(nameOf(t.name), `tests[${i}].name`, true)!,
      classname: text(nameOf(t.classname), `tests[${i}].classname`) ?? '',
      suite: text(nameOf(t.suite), `tests[${i}].suite`) ?? '',
      report: text(t.report, `tests[${i}].report`) ?? '',
      attempts: t.attempts.slice(0, 100).map((a, j) => attemptOf(a, `tests[${i}].attempts[${j}]`)),
    };
    const file = text(t.file, `tests[${i}].file`);
    const line = finite(t.line, `tests[${i}].line`);
    if (file !== undefined) test.file = file;
    if (line !== undefined) test.line = line;
    return test;
  });
  return { run: context, tests };
}
