/**
 * A test's onset (docs/onset.md): the runs of its history in which its failure rate changed, each with a range of
 * runs and the commits that range spans, from the history alone. Pure. `flakeguard why`, the owners' issue,
 * `explain` and the dashboard read the same `Onset`; which commits of a range touched the test's file or folder is
 * asked of git or the API by an adapter (src/github/onset-commits.ts), with the `base` and `head` given here.
 *
 * The evidence: a run's first attempt failed (F or E) or passed; a run in an outage, from an untrusted artifact, or
 * skipped at its first attempt is no evidence and is left out (src/policy/outage.ts, src/history/trust.ts).
 */
import type { TestRunRecord } from '../model.ts';
import { rateChanges } from './changepoint.ts';

export { rateChanges, MIN_BAYES_FACTOR, CREDIBLE, type RateChange } from './changepoint.ts';

/** One run as an onset names it. */
export interface OnsetRun {
  /** The run key (runs.json). */
  run: string;
  sha: string;
  time: number;
}

export interface OnsetChange {
  /** 'up': the test fails more often from this change on (it became flaky, or flakier); 'down': less often. */
  direction: 'up' | 'down';
  /** The most probable first run at the new rate. */
  at: OnsetRun;
  /** The first and last run of the range holding 90% of the probability of where the new rate began. */
  first: OnsetRun;
  last: OnsetRun;
  /** Runs in the range (counted runs: outages, untrusted and skipped runs left out). */
  width: number;
  /** Failures and runs before and after the change (up to the neighbouring change). */
  before: { runs: number; failures: number };
  after: { runs: number; failures: number };
  /** log10 of the Bayes factor for a change over one steady rate. */
  log10BayesFactor: number;
  /** The distinct commits of the runs from the run before the range up to its last run, oldest first. */
  shas: string[];
  /**
   * The commits to ask git or the API about (`base..head`, base excluded): the newest default-branch run before the
   * range and the oldest default-branch run from the range's last run on. Absent when the history has no such pair.
   */
  base?: string;
  head?: string;
}

export interface Onset {
  /** Runs counted and failures among them. */
  runs: number;
  failures: number;
  /** The changes found, oldest first; empty: no change in rate found (steady, or too little evidence). */
  changes: OnsetChange[];
}

const counted = (r: TestRunRecord): boolean => !r.outage && !r.untrusted && r.attempts !== '' && r.attempts[0] !== 'S';
const failedAtFirst = (r: TestRunRecord): boolean => r.attempts[0] === 'F' || r.attempts[0] === 'E';

const runOf = (r: TestRunRecord): OnsetRun => ({ run: r.run, sha: r.sha, time: r.time });

/** The onset of a test from its runs, oldest first. Costs O(runs) for a test that never failed. */
export function onsetOf(runs: readonly TestRunRecord[]): Onset {
  const kept: TestRunRecord[] = [];
  const failed: boolean[] = [];
  let failures = 0;
  for (const r of runs) {
    if (!counted(r)) continue;
    kept.push(r);
    const f = failedAtFirst(r);
    failed.push(f);
    if (f) failures++;
  }
  if (failures === 0) return { runs: kept.length, failures, changes: [] };
  const changes = rateChanges(failed).map((c): OnsetChange => {
    const firstIndex = c.first;
    const lastIndex = c.last;
    const shas: string[] = [];
    for (let i = Math.max(0, firstIndex - 1); i <= lastIndex; i++) {
      const sha = kept[i]!.sha;
      if (sha && shas[shas.length - 1] !== sha && !shas.includes(sha)) shas.push(sha);
    }
    let base: string | undefined;
    for (let i = firstIndex - 1; i >= 0 && base === undefined; i--) if (kept[i]!.onDefaultBranch && kept[i]!.sha) base = kept[i]!.sha;
    let head: string | undefined;
    for (let i = lastIndex; i < kept.length && head === undefined; i++) if (kept[i]!.onDefaultBranch && kept[i]!.sha) head = kept[i]!.sha;
    return {
      direction: c.direction,
      at: runOf(kept[c.at]!),
      first: runOf(kept[firstIndex]!),
      last: runOf(kept[lastIndex]!),
      width: lastIndex - firstIndex + 1,
      before: c.before,
      after: c.after,
      log10BayesFactor: Math.round(c.log10BayesFactor * 100) / 100,
      shas,
      ...(base !== undefined && head !== undefined && base !== head ? { base, head } : {}),
    };
  });
  return { runs: kept.length, failures, changes };
}

/** The change a person is shown: the newest. */
export function latestChange(onset: Onset): OnsetChange | undefined {
  return onset.changes[onset.changes.length - 1];
}

/** A rate as a percentage of runs, e.g. "0% (0 of 40 runs)". */
export function rateText(s: { runs: number; failures: number }): string {
  const pct = s.runs === 0 ? 0 : (100 * s.failures) / s.runs;
  return `${pct < 10 && pct > 0 ? pct.toFixed(1) : Math.round(pct)}% (${s.failures} of ${s.runs} run${s.runs === 1 ? '' : 's'})`;
}

/**
 * The sentence for a person: its own words and digits, and the run names as `runName` gives them (escaped by the caller for where it goes): "failure rate rose from 0% (0 of
 * 40 runs) to 31% (12 of 39 runs) between run <first> and run <last>", or "no change in rate found".
 */
export function changeSentence(c: OnsetChange, runName: (r: OnsetRun) => string): string {
  const verb = c.direction === 'up' ? 'rose' : 'fell';
  const where = c.width === 1 ? `at run ${runName(c.first)}` : `between run ${runName(c.first)} and run ${runName(c.last)} (${c.width} runs; most likely ${runName(c.at)})`;
  return `failure rate ${verb} from ${rateText(c.before)} to ${rateText(c.after)} ${where}`;
}

export const NO_CHANGE = 'no change in rate found';

/* ---------- the commits of a range, as an adapter found them (src/github/onset-commits.ts) ---------- */

export interface RangeCommit {
  sha: string;
  /** The first line of its message, as written (untrusted: escape where shown). */
  subject: string;
}

export interface RangeCommits {
  /** Commits in base..head (base excluded), newest first, at most MAX_COMMITS. */
  commits: RangeCommit[];
  /** More than MAX_COMMITS in the range. */
  more: boolean;
  /** The folder asked about, with a trailing '/' (e.g. `tests/cart/`). */
  folder: string;
  /**
   * The commits of `commits` that changed a file under `folder`, newest first, each with the files it changed there
   * (at most 20 a commit); absent when the source could not tell commit by commit.
   */
  touching?: Array<RangeCommit & { files: string[] }>;
  /** The files under `folder` the range changed as a whole, when only that is known (the compare endpoint, a long range). */
  changed?: string[];
  via: 'git' | 'api';
}

export type RangeAnswer = RangeCommits | { skipped: string };
