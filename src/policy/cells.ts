/**
 * Quarantine per matrix cell (docs/matrix.md#quarantine-per-cell, docs/adr/0335-quarantine-per-cell.md). Pure.
 *
 * Whether a test is quarantined is decided on its whole history, as always (src/policy/decide.ts). Where the
 * quarantine applies is decided here, from the same history split by the cell each run ran in (TestRunRecord.cell),
 * every retained run counted (so that a flaky cell's failures keep placing the quarantine while it lasts). The burden
 * of proof is on spreading: a failure is forgiven only in a cell where the flakiness has been seen.
 *
 * - a cell has **its own flaky evidence** when it holds at least one failing run on a commit where the test passed
 *   in that cell (a retry, a re-run: gatherEvidence's same-commit flips on the cell's runs); it is covered. Nothing
 *   else proves a failure flaky rather than a failure of that cell: a regression in a cell never passes on its
 *   commit, and separate failure episodes (which may decide *whether*, by `enter-failure-episodes`) look the same as
 *   a cell's repeated regressions;
 * - when every cell has its own evidence, the flakiness is shown to spread: the quarantine covers every cell;
 * - else it covers the cells with their own evidence only (none, when no cell has any: the test is quarantined on
 *   its whole history, but no failure is forgiven until one cell shows the flakiness on its own runs). A cell without
 *   evidence is not covered whether it has run enough to tell or not;
 * - to say which of them are clean: the cells with evidence have the failure rate per run Beta(1 + F, 1 + N − F)
 *   (F counted failing runs in N runs, uniform prior, as every rate of docs/scoring.md), mean r; another cell, e
 *   failure episodes in n runs, has Beta(1 + e, 1 + n − e), and it is **shown clean** when the chance that its rate
 *   is at least r, P(Binomial(n + 1, r) ≤ e), is at most CLEAN_CHANCE (5 %);
 * - only trusted records place it (`withCells`): an untrusted run's claim never covers a cell (src/history/trust.ts);
 * - a history with one cell, or none, has nothing to place: every cell. Runs without a cell (rows written before
 *   cells were recorded, or runs whose cell is not known) are one more group: a counted failure there cannot be
 *   placed, and the quarantine covers every cell.
 *
 * A failure in a cell the quarantine does not cover is judged as a failure of a test that is not quarantined: it
 * blocks (src/policy/forgive.ts). So does a failure of a run whose own cell is not known.
 */
import { gatherEvidence, type Decision, type PolicyOptions } from './quarantine.ts';
import type { Override, TestHistory, TestRunRecord } from '../model.ts';
import { trustedOnly } from '../history/trust.ts';

/** A cell at most this likely (posterior) to fail as often as the cells with flaky evidence is shown clean. */
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
  /** Meets the evidence rule's entry condition on its own runs (shown; `seen` decides). */
  flaky: boolean;
  /** Its own flaky evidence: at least one failing run on a commit where the test passed in this cell. */
  seen: boolean;
  /** For a cell without its own flaky evidence: the posterior chance that it fails as often as the cells with it. */
  chance?: number;
  /** The chance is at most CLEAN_CHANCE: shown clean (said so in the reason; not covered either way). */
  clean?: boolean;
  covered: boolean;
}

export interface CellVerdict {
  /** The cells the quarantine covers, sorted (possibly none); undefined: every cell. */
  cells?: string[];
  /** Every group of runs, the ones with their own flaky evidence first, then by name. */
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
    const seen = e.sameCommitFlips > 0;
    if (e.runs > 0) evidence.push({ cell, runs: e.runs, failures: e.trustedFailures, episodes: e.failureEpisodes, flaky, seen, covered: true });
  }
  evidence.sort((a, b) => Number(b.seen) - Number(a.seen) || (a.cell < b.cell ? -1 : a.cell > b.cell ? 1 : 0));
  const unknown = evidence.find((e) => e.cell === UNKNOWN_CELL);
  const known = evidence.filter((e) => e.cell !== UNKNOWN_CELL);
  // Nothing to place: no cell recorded, one cell only, or failures in runs whose cell is not known.
  if (known.length <= 1 || (unknown !== undefined && unknown.failures > 0)) return { evidence };
  // Shown to spread: every cell has its own flaky evidence.
  if (known.every((e) => e.seen)) return { evidence };
  const seen = known.filter((e) => e.seen);
  let failures = 0;
  let runs = 0;
  for (const e of seen) {
    failures += e.failures;
    runs += e.runs;
  }
  const rate = (1 + failures) / (2 + runs);
  for (const e of evidence) {
    if (e.seen) continue;
    e.covered = false;
    if (seen.length > 0 && e.cell !== UNKNOWN_CELL) {
      e.chance = binomialAtMost(e.runs + 1, rate, e.episodes);
      e.clean = e.chance <= CLEAN_CHANCE;
    }
  }
  return { cells: seen.map((e) => e.cell).sort(), evidence };
}

function plural(n: number, one: string): string {
  return `${n} ${one}${n === 1 ? '' : 's'}`;
}

function listed(cells: CellEvidence[]): string {
  const shown = cells.slice(0, 5).map((e) => `${e.cell}: ${e.episodes === 0 ? 'no failure' : plural(e.episodes, 'failure episode')} in ${plural(e.runs, 'run')}`);
  return `${shown.join('; ')}${cells.length > shown.length ? `, ${cells.length - shown.length} more` : ''}`;
}

/**
 * The words a reason starts with for a quarantine of some cells: `only in os=windows-latest (clean in
 * os=ubuntu-latest: no failure in 25 runs)`; `not shown flaky in` for a cell not shown clean yet; `in no cell yet`
 * when no cell has its own flaky evidence.
 */
export function cellsPhrase(verdict: CellVerdict): string {
  if (!verdict.cells) return '';
  const out = verdict.evidence.filter((e) => !e.covered && e.cell !== UNKNOWN_CELL);
  const clean = out.filter((e) => e.clean === true);
  const open = out.filter((e) => e.clean !== true);
  const parts = [...(clean.length > 0 ? [`clean in ${listed(clean)}`] : []), ...(open.length > 0 ? [`not shown flaky in ${listed(open)}`] : [])];
  const where = verdict.cells.length > 0 ? `only in ${verdict.cells.join('; ')}` : 'in no cell yet';
  return `${where} (${parts.join('; ')})`;
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
  // Where is decided on trusted records alone: an untrusted run never creates, widens or keeps a quarantine in a cell
  // (docs/adr/0415-untrusted-runs-place-no-quarantine.md).
  const verdict = cellVerdict(trustedOnly(history), policy);
  if (!verdict.cells) return decision;
  // First in the reason, so that the cells are seen where a long reason is cut (the summary, the dashboard).
  return { ...decision, cells: verdict.cells, reason: `${cellsPhrase(verdict)}; ${decision.reason}` };
}

/** Whether a quarantine that covers `cells` (undefined: every cell) covers a failure in a run of `cell`. */
export function coversCell(cells: readonly string[] | undefined, cell: string | undefined): boolean {
  return cells === undefined || (cell !== undefined && cells.includes(cell));
}
