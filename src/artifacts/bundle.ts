/**
 * What one job leaves for another in an artifact: its results file (src/store/results-file.ts) and a small
 * manifest with the facts needed to decide its outcome later (test-step outcome, reports matched, reports that
 * could not be read, job key). Both are read with strict parsers: the artifact may come from a fork.
 */
import { createHash } from 'node:crypto';
import type { ReportProblem, TestOutcome } from '../model.ts';
import { parseResultsFile, ResultsFileError, type ResultsFile } from '../store/results-file.ts';
import { readZip, UnsafeArchiveError, DEFAULT_ZIP_LIMITS, type ZipLimits } from './zip.ts';

export const MANIFEST_FILE = 'flakeguard-shard.json';
export const RESULTS_FILE = 'flakeguard-results.json';
export const MANIFEST_KIND = 'flakeguard-shard';
export const MANIFEST_SCHEMA = 1;
/** Every artifact flakeguard uploads has a name starting with this. */
export const ARTIFACT_PREFIX = 'flakeguard-';

const MAX_TEXT = 4096;
const MAX_PROBLEMS = 1000;
const MAX_PATTERNS = 100;
const TEST_OUTCOMES = new Set(['success', 'failure', 'cancelled', 'skipped', '']);

export interface ShardManifest {
  /** The uploading job's `job-key` input, verbatim. */
  jobKey: string;
  /** The uploading job's `test-outcome` input. */
  testOutcome: TestOutcome;
  /** Report files that matched its `reports` patterns. */
  filesMatched: number;
  /** Report files it read successfully. */
  filesRead: number;
  /** Reports it could not read. */
  problems: ReportProblem[];
  /** Its `reports` patterns (part of its identity: two flakeguard steps in one job stay apart). */
  reportPatterns: string[];
}

export interface Bundle {
  manifest: ShardManifest;
  results: ResultsFile;
  /** Uncompressed bytes of the archive's entries. */
  bytes: number;
}

export class BundleError extends Error {}

export function renderManifest(manifest: ShardManifest): string {
  return `${JSON.stringify({ kind: MANIFEST_KIND, schema: MANIFEST_SCHEMA, ...manifest })}\n`;
}

function text(value: unknown, field: string, fallback?: string): string {
  if (value === undefined || value === null) {
    if (fallback !== undefined) return fallback;
    throw new BundleError(`${field} is missing`);
  }
  if (typeof value !== 'string') throw new BundleError(`${field} must be a string`);
  return value.slice(0, MAX_TEXT);
}

function count(value: unknown, field: string): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > 1_000_000) throw new BundleError(`${field} must be a whole number`);
  return value;
}

/** Reads a manifest written by `renderManifest`; throws BundleError naming the bad field. */
export function parseManifest(content: string): ShardManifest {
  let raw: unknown;
  try {
    raw = JSON.parse(content);
  } catch (error) {
    throw new BundleError(`${MANIFEST_FILE} is not valid JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw new BundleError(`${MANIFEST_FILE} is not an object`);
  const m = raw as Record<string, unknown>;
  if (m.kind !== MANIFEST_KIND) throw new BundleError(`${MANIFEST_FILE} is not a flakeguard shard manifest`);
  if (m.schema !== MANIFEST_SCHEMA) throw new BundleError(`unsupported shard manifest schema ${String(m.schema).slice(0, 20)}`);
  const testOutcome = text(m.testOutcome, 'testOutcome', '');
  if (!TEST_OUTCOMES.has(testOutcome)) throw new BundleError('testOutcome is not a step outcome');
  if (!Array.isArray(m.problems)) throw new BundleError('problems must be an array');
  if (m.problems.length > MAX_PROBLEMS) throw new BundleError(`more than ${MAX_PROBLEMS} problems`);
  const problems = m.problems.map((value, i): ReportProblem => {
    if (typeof value !== 'object' || value === null) throw new BundleError(`problems[${i}] must be an object`);
    const p = value as Record<string, unknown>;
    const problem: ReportProblem = { path: text(p.path, `problems[${i}].path`), message: text(p.message, `problems[${i}].message`) };
    if (p.line !== undefined && p.line !== null) problem.line = count(p.line, `problems[${i}].line`);
    return problem;
  });
  const patterns = m.reportPatterns === undefined ? [] : m.reportPatterns;
  if (!Array.isArray(patterns) || patterns.length > MAX_PATTERNS) throw new BundleError('reportPatterns must be an array of at most 100 patterns');
  return {
    jobKey: text(m.jobKey, 'jobKey', ''),
    testOutcome: testOutcome as TestOutcome,
    filesMatched: count(m.filesMatched, 'filesMatched'),
    filesRead: m.filesRead === undefined ? count(m.filesMatched, 'filesMatched') : count(m.filesRead, 'filesRead'),
    problems,
    reportPatterns: patterns.map((p, i) => text(p, `reportPatterns[${i}]`)),
  };
}

/** The two files of an artifact as `uploadArtifact` gets them. */
export function bundleFiles(manifest: ShardManifest, resultsText: string): Map<string, string> {
  return new Map([
    [MANIFEST_FILE, renderManifest(manifest)],
    [RESULTS_FILE, resultsText],
  ]);
}

/**
 * Reads an artifact's archive: checks the archive (see zip.ts), then the manifest and the results file with
 * their strict parsers. Other entries are ignored, never written anywhere.
 */
export function readBundle(zip: Uint8Array, limits: ZipLimits = DEFAULT_ZIP_LIMITS): Bundle {
  let files: Map<string, Buffer>;
  try {
    files = readZip(zip, limits);
  } catch (error) {
    if (error instanceof UnsafeArchiveError) throw new BundleError(`unsafe archive: ${error.message}`);
    throw error;
  }
  const manifest = files.get(MANIFEST_FILE);
  const results = files.get(RESULTS_FILE);
  if (!manifest) throw new BundleError(`no ${MANIFEST_FILE} in the archive`);
  if (!results) throw new BundleError(`no ${RESULTS_FILE} in the archive`);
  let parsed: ResultsFile;
  try {
    parsed = parseResultsFile(results.toString('utf8'));
  } catch (error) {
    if (error instanceof ResultsFileError) throw new BundleError(`${RESULTS_FILE}: ${error.message}`);
    throw error;
  }
  let bytes = 0;
  for (const content of files.values()) bytes += content.length;
  return { manifest: parseManifest(manifest.toString('utf8')), results: parsed, bytes };
}

/** The name of the artifact a job uploads: unique per job, job key, report patterns and attempt. */
export function artifactName(runKey: string, label: string, attempt: number): string {
  const hash = createHash('sha256').update(runKey).digest('hex').slice(0, 10);
  const readable = label
    .replace(/[^A-Za-z0-9._=-]+/g, '_')
    .replace(/_+/g, '_')
    .replace(/^_|_$/g, '')
    .slice(0, 80);
  return `${ARTIFACT_PREFIX}${readable ? `${readable}-` : ''}${hash}-a${attempt}`;
}
