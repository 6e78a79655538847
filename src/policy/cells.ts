/**
 * Quarantine per matrix cell (docs/matrix.md#quarantine-per-cell, docs/adr/0335-quarantine-per-cell.md). Pure.
 *
 * Whether a test is quarantined is decided on its whole history, as always (src/policy/decide.ts). Where the
 * quarantine applies is decided here, from the same history split by the cell each run ran in (TestRunRecord.cell):
 *
 * - the runs counted are the runs the rules count (trustedRuns: no outage, no pull-request failure without a pass on
 *   its commit), every retained run, so that a flaky cell's failures keep placing the quarantine while it lasts;
 * - a **flaky cell** has at least one counted failing run; it is covered;
 * - the flaky cells' failure rate per run has the posterior Beta(1 + F, 1 + N − F) (F failing runs in N, uniform
 *   prior, as every rate of docs/scoring.md); r is its mean;
 * - a cell without a counted failure in n runs has the posterior Beta(1, 1 + n); the chance that its rate is at least
 *   the flaky cells' r is (1 − r)^(n + 1). At most CLEAN_CHANCE (5 %), the cell is **shown clean** and left out;
 *   above, it has not run enough to tell, and it is covered;
 * - the quarantine covers some cells only when at least one cell is shown clean; else every cell;
 * - runs without a cell (rows written before cells were recorded, or runs whose cell is not known) are one more
 *   group: a counted failure there cannot be placed, and the quarantine covers every cell.
 *
 * A failure in a cell the quarantine does not cover is judged as a failure of a test that is not quarantined: it
 * blocks (src/policy/forgive.ts). So does a failure of a run whose own cell is not known.
 */
import type { Decision } from './quarantine.ts';
import { trustedRuns } from './decide.ts';
import type { Override, TestHistory } from '../model.ts';

/** A cell at most this likely (posterior) to be as flaky as the flaky cells is shown clean. */
export const CLEAN_CHANCE = 0.05;

/** The group of the runs without a cell. */
export const UNKNOWN_CELL = '';

export interface CellEvidence {
  /** The cell (canonical, src/history/cell.ts); UNKNOWN_CELL for the runs without one. */
  cell: string;
  /** Counted runs (with an outcome). */
  runs: number;
  /** Of those, runs that failed. */
  failures: number;
  /** For a cell without a failure: the posterior chance that its rate is at least the flaky cells'. */
  chance?: number;
  covered: boolean;
}

export interface CellVerdict {
  /** The cells the quarantine covers, sorted; undefined: every cell. */
  cells?: string[];
  /** Every group of runs, the flaky ones first, then by name. */
  evidence: CellEvidence[];
}

/** Counted runs and failing runs per cell of a test's history. */
export function cellCounts(history: TestHistory): Map<string, { runs: number; failures: number }> {
  const counts = new Map<string, { runs: number; failures: number }>();
  for (const r of trustedRuns(history.runs)) {
    const attempts = r.attempts.replace(/S/g, '');
    if (attempts === '') continue;
    const cell = r.cell ?? UNKNOWN_CELL;
    let c = counts.get(cell);
    if (!c) counts.set(cell, (c = { runs: 0, failures: 0 }));
    c.runs++;
    if (attempts.includes('F') || attempts.includes('E')) c.failures++;
  }
  return counts;
}

/** Where a quarantine of this test applies (the rule above). */
export function cellVerdict(history: TestHistory): CellVerdict {
  const counts = cellCounts(history);
  let failures = 0;
  let runs = 0;
  for (const [cell, c] of counts) {
    if (cell === UNKNOWN_CELL || c.failures === 0) continue;
    failures += c.failures;
    runs += c.runs;
  }
  const rate = (1 + failures) / (2 + runs);
  const placeable = failures > 0 && (counts.get(UNKNOWN_CELL)?.failures ?? 0) === 0;
  const evidence: CellEvidence[] = [];
  for (const [cell, c] of counts) {
    if (c.failures > 0 || cell === UNKNOWN_CELL || !placeable) {
      evidence.push({ cell, runs: c.runs, failures: c.failures, covered: true });
      continue;
    }
    const chance = Math.pow(1 - rate, c.runs + 1);
    evidence.push({ cell, runs: c.runs, failures: 0, chance, covered: chance > CLEAN_CHANCE });
  }
  evidence.sort((a, b) => Number(b.failures > 0) - Number(a.failures > 0) || (a.cell < b.cell ? -1 : a.cell > b.cell ? 1 : 0));
  const clean = evidence.some((e) => !e.covered);
  if (!clean) return { evidence };
  return {
    cells: evidence
      .filter((e) => e.covered && e.cell !== UNKNOWN_CELL)
      .map((e) => e.cell)
      .sort(),
    evidence,
  };
}

function plural(n: number, one: string): string {
  return `${n} ${one}${n === 1 ? '' : 's'}`;
}

/** The words a reason ends with for a quarantine of some cells: `only in os=windows-latest (clean in os=ubuntu-latest: 0 failures in 25 runs)`. */
export function cellsPhrase(verdict: CellVerdict): string {
  if (!verdict.cells) return '';
  const clean = verdict.evidence.filter((e) => !e.covered);
  const shown = clean.slice(0, 5).map((e) => `${e.cell}: no failure in ${plural(e.runs, 'run')}`);
  const more = clean.length > shown.length ? `, ${clean.length - shown.length} more` : '';
  return `only in ${verdict.cells.join('; ')} (clean in ${shown.join('; ')}${more})`;
}

/**
 * The decision with where it applies: a hand quarantine naming cells covers those; a quarantine of the rule covers
 * the cells of cellVerdict, its reason saying so first. Any other decision is returned as it is.
 */
export function withCells(decision: Decision, history: TestHistory, override: Override | null): Decision {
  if (!decision.quarantined) return decision;
  if (override) {
    if (override.action !== 'quarantine' || !override.cells) return decision;
    return { ...decision, cells: override.cells, reason: `${decision.reason}; only in ${override.cells.join('; ')}` };
  }
  const verdict = cellVerdict(history);
  if (!verdict.cells) return decision;
  // First in the reason, so that the cells are seen where a long reason is cut (the summary, the dashboard).
  return { ...decision, cells: verdict.cells, reason: `${cellsPhrase(verdict)}; ${decision.reason}` };
}

/** Whether a quarantine that covers `cells` (undefined: every cell) covers a failure in a run of `cell`. */
export function coversCell(cells: readonly string[] | undefined, cell: string | undefined): boolean {
  return cells === undefined || (cell !== undefined && cells.includes(cell));
}
