/** The 10th field of a runs.json row (docs/data-branch.md, runs.json): pure, and light enough for the dashboard page to bundle. */

/**
 * The run's figures for the dashboard (docs/dashboard.md, "What re-runs saved"; ADR 0460): what the run's own
 * reports said before flakeguard's re-runs, which the outcome strings cannot tell (a re-run's pass reads as a retry's).
 */
export interface RunFigures {
  /** The run's branch: `refs/heads/` left out of the ref (`main`), else the ref without `refs/` (`pull/12/merge`). */
  branch?: string;
  /** Seconds of the run's tests as its reports give them (every attempt in the reports, re-runs left out). */
  testSec?: number;
  /** Tests whose final attempt in the reports failed, before the re-runs (present when the step re-ran). */
  failedBeforeReruns?: number;
  /** Of those, the tests that passed on a re-run: their failure did not fail the run. */
  passedOnRerun?: number;
  /** Seconds the re-run commands took, all rounds of every attempt of the run. */
  rerunSec?: number;
  /**
   * Attempts of this workflow run that followed a red attempt on the same commit: red runs re-run by hand
   * (docs/cost.md, ADR 0494).
   */
  handReruns?: number;
  /** The tests' seconds of those attempts (each attempt's `testSec`): what the hand re-runs cost. */
  handRerunSec?: number;
}

/**
 * The longest branch name kept in a row, in bytes as runs.json writes it (UTF-8, JSON's escapes counted): names come
 * from the workflow's ref, which a pull request chooses, and runs.json must stay under its read cap (32 MiB,
 * src/store/read-bounds.ts) at its 100,000 rows (ADR 0460).
 */
export const MAX_BRANCH_BYTES = 64;

/** The bytes one character takes in runs.json: its JSON escape (`\"`, `\u0001`, a lone surrogate's) or its UTF-8. */
function writtenBytes(ch: string): number {
  const cp = ch.codePointAt(0)!;
  if (cp < 0x80) return JSON.stringify(ch).length - 2;
  if (cp >= 0xd800 && cp <= 0xdfff) return 6;
  return cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
}

/** `name` cut to MAX_BRANCH_BYTES bytes as written, never inside a character. */
export function boundedBranch(name: string): string {
  let bytes = 0;
  let end = 0;
  for (const ch of name) {
    const n = writtenBytes(ch);
    if (bytes + n > MAX_BRANCH_BYTES) break;
    bytes += n;
    end += ch.length;
  }
  return name.slice(0, end);
}

const FIGURE_KEYS: ReadonlyArray<[keyof RunFigures, string]> = [
  ['branch', 'b'],
  ['testSec', 's'],
  ['failedBeforeReruns', 'f'],
  ['passedOnRerun', 'p'],
  ['rerunSec', 'r'],
  ['handReruns', 'h'],
  ['handRerunSec', 'hs'],
];

/**
 * The 10th field: `{"b": branch, "s": test seconds, "f": failed before re-runs, "p": passed on a re-run, "r": re-run
 * seconds, "h": hand re-runs, "hs": their seconds}`, each optional.
 */
export function renderFigures(figures: RunFigures): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [name, key] of FIGURE_KEYS) if (figures[name] !== undefined) out[key] = figures[name];
  return out;
}

/** The 10th field as read: its known keys in their form, anything else ignored (a later writer may add keys). */
export function readFigures(raw: unknown): RunFigures | undefined {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return undefined;
  const o = raw as Record<string, unknown>;
  const figures: RunFigures = {};
  if (typeof o.b === 'string' && o.b !== '') figures.branch = boundedBranch(o.b);
  const count = (v: unknown): number | undefined => (Number.isSafeInteger(v) && (v as number) >= 0 ? (v as number) : undefined);
  const seconds = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : undefined);
  if (seconds(o.s) !== undefined) figures.testSec = seconds(o.s)!;
  if (count(o.f) !== undefined) figures.failedBeforeReruns = count(o.f)!;
  if (count(o.p) !== undefined) figures.passedOnRerun = count(o.p)!;
  if (seconds(o.r) !== undefined) figures.rerunSec = seconds(o.r)!;
  if (count(o.h) !== undefined && (o.h as number) > 0) figures.handReruns = count(o.h)!;
  if (seconds(o.hs) !== undefined) figures.handRerunSec = seconds(o.hs)!;
  return Object.keys(figures).length > 0 ? figures : undefined;
}
