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
  /** Seconds the re-run commands took, all rounds. */
  rerunSec?: number;
}

/** The longest branch name kept in a row: names come from the workflow's ref, which a pull request chooses. */
export const MAX_BRANCH_CHARS = 200;

const FIGURE_KEYS: ReadonlyArray<[keyof RunFigures, string]> = [
  ['branch', 'b'],
  ['testSec', 's'],
  ['failedBeforeReruns', 'f'],
  ['passedOnRerun', 'p'],
  ['rerunSec', 'r'],
];

/** The 10th field: `{"b": branch, "s": test seconds, "f": failed before re-runs, "p": passed on a re-run, "r": re-run seconds}`, each optional. */
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
  if (typeof o.b === 'string' && o.b !== '') figures.branch = o.b.slice(0, MAX_BRANCH_CHARS);
  const count = (v: unknown): number | undefined => (Number.isSafeInteger(v) && (v as number) >= 0 ? (v as number) : undefined);
  const seconds = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : undefined);
  if (seconds(o.s) !== undefined) figures.testSec = seconds(o.s)!;
  if (count(o.f) !== undefined) figures.failedBeforeReruns = count(o.f)!;
  if (count(o.p) !== undefined) figures.passedOnRerun = count(o.p)!;
  if (seconds(o.r) !== undefined) figures.rerunSec = seconds(o.r)!;
  return Object.keys(figures).length > 0 ? figures : undefined;
}
