/**
 * Quarantine per matrix cell (docs/matrix.md#quarantine-per-cell, docs/adr/0335-quarantine-per-cell.md). Pure.
 *
 * Whether a test is quarantined is decided on its whole history, as always (src/policy/decide.ts). Where the
 * quarantine applies is decided here, from the same history split by the cell each run ran in (TestRunRecord.cell),
 * every retained run counted (so that a flaky cell's failures keep placing the quarantine while it lasts):
 *
 * - a **flaky cell** is one whose own runs meet the evidence rule's entry condition (gatherEvidence on the cell's
 *   runs: `enter-same-commit-flips` failing runs on a commit where the test passed in that cell, or
 *   `enter-failure-episodes` separate failure episodes); it is covered. A regression in a cell is one episode
 *   however many runs it lasts, so it does not make the cell flaky;
 * - the flaky cells' failure rate per run has the posterior Beta(1 + F, 1 + N − F) (F counted failing runs in N
 *   runs, uniform prior, as every rate of docs/scoring.md); r is its mean;
 * - any other cell, e failure episodes in n runs, has the posterior Beta(1 + e, 1 + n − e) (episodes, not failing
 *   runs: a regression that lasts is one event, not many); the chance that its rate is at least r is
 *   P(Binomial(n + 1, r) ≤ e) (= (1 − r)^(n + 1) for e = 0). At most CLEAN_CHANCE (5 %), the cell is **shown
 *   clean** and left out; above, it is covered (it has not run enough to tell, or it fails as often);
 * - the quarantine covers some cells only when there is a flaky cell and at least one cell is shown clean; else
 *   every cell;
 * - runs without a cell (rows written before cells were recorded, or runs whose cell is not known) are one more
 *   group: a counted failure there cannot be placed, and the quarantine covers every cell.
 *
 * A failure in a cell the quarantine does not cover is judged as a failure of a test that is not quarantined: it
 * blocks (src/policy/forgive.ts). So does a failure of a run whose own cell is not known.
 */
import { gatherEvidence, type Decision, type PolicyOptions } from './quarantine.ts';
import type { Override, TestHistory, TestRunRecord } from '../model.ts';

/** A cell at most this likely (posterior) to fail as often as the flaky cells is shown clean. */
export const CLEAN_CHANCE = 0.05;

/** The group of the runs without a cell. */
export const UNKNOWN_CELL = '';

export interface CellEvidence {
  /** The cell (canonical, src/history/cell.ts); UNKNOWN_CELL for the runs without one. */
  cell: string;
  /** Counted runs (with an outcome, no outage). */
  runs: number;
  /** Counted failing runs among them (as the evidence rule counts them). */
  failures: number;
  /** Separate failure episodes among them. */
  episodes: number;
  /** Meets the evidence rule's entry condition on its own runs. */
  flaky: boolean;
  /** For a cell that is not flaky: the posterior chance that it fails as often as the flaky cells. */
  chance?: number;
  covered: boolean;
}

export interface CellVerdict {
  /** The cells the quarantine covers, sorted; undefined: every cell. */
  cells?: string[];
  /** Every group of runs, the flaky ones first, then by name. */
  evidence: CellEvidence[];
}

/** The thresholds the cells are judged with: the evidence rule's entry condition. */
export type CellPolicy = Pick<PolicyOptions, 'enterSameCommitFlips' | 'enterFailureEpisodes'>;

/** P(Binomial(n, p) <= k). */
function binomialAtMost(n: number, p: number, k: number): number {
  let term = Math.pow(1 - p, n);
  let sum = term;
  for (let j = 1; j <= k; j++) {
    term *= ((n - j + 1) / j) * (p / (1 - p));
    sum += term;
  }
  return Math.min(1, sum);
}

/** A test's runs by cell (UNKNOWN_CELL for the runs without one), in order. */
function byCell(history: TestHistory): Map<string, TestRunRecord[]> {
  const groups = new Map<string, TestRunRecord[]>();
  for (const r of history.runs) {
    const cell = r.cell ?? UNKNOWN_CELL;
    let g = groups.get(cell);
    if (!g) groups.set(cell, (g = []));
    g.push(r);
  }
  return groups;
}

/** Where a quarantine of this test applies (the rule above). */
export function cellVerdict(history: TestHistory, policy: CellPolicy): CellVerdict {
  const evidence: CellEvidence[] = [];
  for (const [cell, runs] of byCell(history)) {
    const e = gatherEvidence({ ...history, runs }, runs.length);
    const flaky = e.sameCommitFlips >= policy.enterSameCommitFlips || e.failureEpisodes >= policy.enterFailureEpisodes;
    if (e.runs > 0) evidence.push({ cell, runs: e.runs, failures: e.trustedFailures, episodes: e.failureEpisodes, flaky, covered: true });
  }
  evidence.sort((a, b) => Number(b.flaky) - Number(a.flaky) || (a.cell < b.cell ? -1 : a.cell > b.cell ? 1 : 0));
  const unknown = evidence.find((e) => e.cell === UNKNOWN_CELL);
  const flaky = evidence.filter((e) => e.flaky && e.cell !== UNKNOWN_CELL);
  if (flaky.length === 0 || (unknown !== undefined && unknown.failures > 0)) return { evidence };
  let failures = 0;
  let runs = 0;
  for (const e of flaky) {
    failures += e.failures;
    runs += e.runs;
  }
  const rate = (1 + failures) / (2 + runs);
  for (const e of evidence) {
    if (e.flaky || e.cell === UNKNOWN_CELL) continue;
    e.chance = binomialAtMost(e.runs + 1, rate, e.episodes);
    e.covered = e.chance > CLEAN_CHANCE;
  }
  if (!evidence.some((e) => !e.covered)) return { evidence };
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
  const shown = clean.slice(0, 5).map((e) => `${e.cell}: ${e.episodes === 0 ? 'no failure' : plural(e.episodes, 'failure episode')} in ${plural(e.runs, 'run')}`);
  const more = clean.length > shown.length ? `, ${clean.length - shown.length} more` : '';
  return `only in ${verdict.cells.join('; ')} (clean in ${shown.join('; ')}${more})`;
}

/**
 * The decision with where it applies: a hand quarantine naming cells covers those; a quarantine of the rule covers
 * the cells of cellVerdict, its reason saying so first. Any other decision is returned as it is.
 */
export function withCells(decision: Decision, history: TestHistory, override: Override | null, policy: CellPolicy): Decision {
  if (!decision.quarantined) return decision;
  if (override) {
    if (override.action !== 'quarantine' || !override.cells) return decision;
    return { ...decision, cells: override.cells, reason: `${decision.reason}; only in ${override.cells.join('; ')}` };
  }
  const verdict = cellVerdict(history, policy);
  if (!verdict.cells) return decision;
  // First in the reason, so that the cells are seen where a long reason is cut (the summary, the dashboard).
  return { ...decision, cells: verdict.cells, reason: `${cellsPhrase(verdict)}; ${decision.reason}` };
}

/** Whether a quarantine that covers `cells` (undefined: every cell) covers a failure in a run of `cell`. */
export function coversCell(cells: readonly string[] | undefined, cell: string | undefined): boolean {
  return cells === undefined || (cell !== undefined && cells.includes(cell));
}
