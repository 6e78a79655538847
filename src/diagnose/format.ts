/**
 * `diagnoses.json` on the data branch (docs/data-branch.md, "diagnoses.json"): the newest diagnosis by experiment of
 * each test (`mode: diagnose`), for the summary, the issues, the dashboard, `explain` and `flakeguard why`. Pure.
 *
 * ```json
 * {"schema": 1, "tests": {
 * "a::x": {"category": "timing", "at": "2026-11-29T02:00:00Z", "sha": "abc1234", "evidence": [
 *   {"variation": "rest", "executions": 20, "failures": 0},
 *   {"variation": "contention", "executions": 20, "failures": 7, "detail": "2 busy processes"}]}
 * }}
 * ```
 *
 * The file decides nothing: a damaged entry is left out (and counted in `problem`), a damaged file reads as no
 * diagnoses, with a warning from the caller. Every string in it may come from a pull request: the readers escape it.
 */
import { DIAGNOSES_FILE } from '../store/owned.ts';

export { DIAGNOSES_FILE };

/** What an experiment can conclude; `not-reproduced` when no variation changed the failure rate. */
export const CATEGORIES = ['order-dependent', 'timing', 'time-zone-locale', 'seed', 'not-reproduced'] as const;
export type Category = (typeof CATEGORIES)[number];

/** One variation's count: executions of the test under it and how many failed. */
export interface Evidence {
  /** `rest` (repeated alone), `alone`, `file`, `full-order`, `shuffled`, `tz`, `lang`, `contention`, … */
  readonly variation: string;
  readonly executions: number;
  readonly failures: number;
  /** What the variation set, for people: `TZ=Pacific/Kiritimati`, `seed 1234`, `2 busy processes`. */
  readonly detail?: string;
  /** The seed arm's counts per seed (`variation: seed`), which its rule reads (src/diagnose/rule.ts seedChance). */
  readonly seeds?: ReadonlyArray<{ readonly seed: string; readonly executions: number; readonly failures: number }>;
}

/** Seeds kept per evidence row. */
export const SEED_ROWS = 64;

export interface Diagnosis {
  readonly category: Category;
  /** When the experiment ran (ISO 8601). */
  readonly at: string;
  /** The commit the tests ran on. */
  readonly sha?: string;
  readonly evidence: readonly Evidence[];
  /** For `order-dependent`: the test whose run before this one makes it fail. */
  readonly polluter?: string;
}

export interface Diagnoses {
  readonly tests: ReadonlyMap<string, Diagnosis>;
}

export const NO_DIAGNOSES: Diagnoses = { tests: new Map() };

/** Characters kept of a free text (a detail, a polluter's id); the history keeps the whole test id. */
export const TEXT_CHARS = 2000;
/** Evidence rows kept per test. */
export const EVIDENCE_ROWS = 32;

const VARIATION = /^[a-z][a-z0-9-]{0,31}$/;
const isCount = (x: unknown): x is number => typeof x === 'number' && Number.isSafeInteger(x) && x >= 0;
const isCategory = (x: unknown): x is Category => typeof x === 'string' && (CATEGORIES as readonly string[]).includes(x);

/** The file's text: one test a line, tests in id order, so that a diff shows what changed. */
export function renderDiagnoses(diagnoses: Diagnoses): string {
  const lines = [...diagnoses.tests.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([id, d]) => {
      const value = {
        category: d.category,
        at: d.at,
        ...(d.sha !== undefined ? { sha: d.sha } : {}),
        ...(d.polluter !== undefined ? { polluter: d.polluter.slice(0, TEXT_CHARS) } : {}),
        evidence: d.evidence.slice(0, EVIDENCE_ROWS).map((e) => ({
          variation: e.variation,
          executions: e.executions,
          failures: e.failures,
          ...(e.detail !== undefined ? { detail: e.detail.slice(0, TEXT_CHARS) } : {}),
          ...(e.seeds !== undefined ? { seeds: e.seeds.slice(0, SEED_ROWS).map((s) => ({ seed: s.seed.slice(0, 64), executions: s.executions, failures: s.failures })) } : {}),
        })),
      };
      return `${JSON.stringify(id)}: ${JSON.stringify(value)}`;
    });
  return `{"schema": 1, "tests": {${lines.length ? `\n${lines.join(',\n')}\n` : ''}}}\n`;
}

function evidenceOf(x: unknown): Evidence | undefined {
  if (typeof x !== 'object' || x === null || Array.isArray(x)) return undefined;
  const e = x as Record<string, unknown>;
  if (typeof e.variation !== 'string' || !VARIATION.test(e.variation) || !isCount(e.executions) || !isCount(e.failures) || e.failures > e.executions) return undefined;
  if (e.detail !== undefined && typeof e.detail !== 'string') return undefined;
  const seeds = Array.isArray(e.seeds) ? e.seeds.slice(0, SEED_ROWS).map(seedOf) : undefined;
  if (e.seeds !== undefined && (seeds === undefined || seeds.some((s) => s === undefined))) return undefined;
  return {
    variation: e.variation,
    executions: e.executions,
    failures: e.failures,
    ...(typeof e.detail === 'string' ? { detail: e.detail.slice(0, TEXT_CHARS) } : {}),
    ...(seeds !== undefined ? { seeds: seeds as Array<{ seed: string; executions: number; failures: number }> } : {}),
  };
}

function seedOf(x: unknown): { seed: string; executions: number; failures: number } | undefined {
  if (typeof x !== 'object' || x === null || Array.isArray(x)) return undefined;
  const s = x as Record<string, unknown>;
  if (typeof s.seed !== 'string' || !isCount(s.executions) || !isCount(s.failures) || s.failures > s.executions) return undefined;
  return { seed: s.seed.slice(0, 64), executions: s.executions, failures: s.failures };
}

function diagnosisOf(x: unknown): Diagnosis | undefined {
  if (typeof x !== 'object' || x === null || Array.isArray(x)) return undefined;
  const d = x as Record<string, unknown>;
  if (!isCategory(d.category) || typeof d.at !== 'string' || Number.isNaN(Date.parse(d.at)) || !Array.isArray(d.evidence)) return undefined;
  if (d.sha !== undefined && (typeof d.sha !== 'string' || !/^[0-9a-f]{4,64}$/.test(d.sha))) return undefined;
  if (d.polluter !== undefined && typeof d.polluter !== 'string') return undefined;
  const evidence = d.evidence.slice(0, EVIDENCE_ROWS).map(evidenceOf);
  if (evidence.some((e) => e === undefined)) return undefined;
  return {
    category: d.category,
    at: d.at,
    ...(typeof d.sha === 'string' ? { sha: d.sha } : {}),
    evidence: evidence as Evidence[],
    ...(typeof d.polluter === 'string' ? { polluter: d.polluter.slice(0, TEXT_CHARS) } : {}),
  };
}

/** The diagnoses of a `diagnoses.json` text; `problem` says what could not be read (the rest is kept). */
export function parseDiagnoses(text: string | undefined): { diagnoses: Diagnoses; problem?: string } {
  if (text === undefined) return { diagnoses: NO_DIAGNOSES };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    return { diagnoses: NO_DIAGNOSES, problem: `not valid JSON: ${error instanceof Error ? error.message : String(error)}` };
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return { diagnoses: NO_DIAGNOSES, problem: 'expected a JSON object' };
  const body = (parsed as Record<string, unknown>).tests;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return { diagnoses: NO_DIAGNOSES, problem: 'expected a "tests" object' };
  const tests = new Map<string, Diagnosis>();
  let bad = 0;
  for (const [id, value] of Object.entries(body as Record<string, unknown>)) {
    const d = diagnosisOf(value);
    if (d === undefined || id === '') bad++;
    else tests.set(id, d);
  }
  return { diagnoses: { tests }, ...(bad > 0 ? { problem: `${bad} diagnos${bad === 1 ? 'is' : 'es'} could not be read` } : {}) };
}

/** The diagnoses after an experiment: the new ones replace the old of the same test; the others stay. */
export function mergeDiagnoses(before: Diagnoses, found: ReadonlyMap<string, Diagnosis>): Diagnoses {
  const tests = new Map(before.tests);
  for (const [id, d] of found) tests.set(id, d);
  return { tests };
}
