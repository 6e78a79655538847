/**
 * The quarantine policy: from one test's history, its previous state and any hand override, decide whether
 * the test is quarantined after this run, and say why in words. Pure.
 *
 * What it encodes (docs/policy.md explains each rule, docs/adr/0003-evidence-rule.md why it is the default):
 * - a hand override always wins until it lapses;
 * - the same commit both failing and passing is the strongest evidence of flakiness;
 * - a failure on a pull-request branch counts only when a pass on the same commit proves it was not the change;
 * - a streak of failures running up to now is breakage, never auto-quarantined;
 * - a failure in an outage (many tests of a report, one message) is no test's evidence;
 * - entering needs repeated evidence, leaving needs a long clean streak, so that a test does not flap.
 */
import type { ForgiveMode } from './forgive.ts';
import type { RuleName, RuleOptions } from './rules/types.ts';
import { DEFAULT_RULE_OPTIONS } from './rules/defaults.ts';
import type { QuarantineRules } from './quarantine-rules-types.ts';
import { commitOf } from '../history/cell.ts';
import { isFailure, CODE_STATUS, type Override, type QuarantineState, type TestHistory, type TestRunRecord } from '../model.ts';

export interface PolicyOptions {
  /** Enter when the test failed and passed on the same commit at least this many times in the window. */
  enterSameCommitFlips: number;
  /** Or when its trusted runs show at least this many separate failure episodes in the window. */
  enterFailureEpisodes: number;
  /** Runs considered, newest last. */
  window: number;
  /** A failure streak of at least this many runs up to now is breakage. */
  breakageStreak: number;
  /** Leave after this many consecutive runs that passed at the first attempt. */
  releaseAfterCleanRuns: number;
  /** Which failures of a quarantined test are forgiven (src/policy/forgive.ts). */
  forgive: ForgiveMode;
  /** An outage: at least this many tests of one report failed with one message… (src/policy/outage.ts) */
  outageMinTests: number;
  /** …making at least this percentage of the report's tests. */
  outagePercent: number;
  /** Which method decides entry and release (docs/rules.md); `evidence` is the rules of this file. */
  rule: RuleName;
  /** The other rules' parameters and every seed method's own (src/policy/rules/). */
  rules: RuleOptions;
  /** Quarantine rules as code (`policy.quarantine`, src/policy/quarantine-rules.ts); absent: none. */
  quarantine?: QuarantineRules;
}

/** Chosen on the accuracy simulator: docs/benchmarks-archive.md#how-the-defaults-were-chosen has the sweep. */
export const DEFAULT_POLICY: PolicyOptions = {
  enterSameCommitFlips: 1,
  enterFailureEpisodes: 3,
  window: 50,
  breakageStreak: 3,
  releaseAfterCleanRuns: 60,
  forgive: 'known-failures',
  outageMinTests: 5,
  outagePercent: 50,
  rule: 'evidence',
  rules: DEFAULT_RULE_OPTIONS,
};

export interface Evidence {
  /** Runs in the window that have an outcome (not only skipped attempts). */
  runs: number;
  /** Failing runs on commits where the test also passed (in a retry, a re-run or another run). */
  sameCommitFlips: number;
  /** Runs whose failure counts: on the default branch, or on a commit where the test also passed. */
  trustedFailures: number;
  /** Maximal streaks of trusted failing runs. */
  failureEpisodes: number;
  /** Runs up to now whose every attempt failed, on commits where the test never passed. */
  trailingBreakage: number;
  /** Runs up to now that passed at their first attempt. */
  cleanStreak: number;
  /** Final outcome of the most recent runs, oldest first: P pass, F fail, R passed on retry. */
  recent: string;
}

function outcomeAttempts(run: TestRunRecord): string {
  return run.attempts.replace(/S/g, '');
}

/** A run in the window, its skipped attempts left out, read once. */
interface Counted {
  /** The commit, in the run's matrix cell when known (commitOf). */
  sha: string;
  /** The run's matrix cell ('' when not known): failure episodes are counted per cell. */
  cell: string;
  onDefaultBranch: boolean;
  attempts: string;
  failed: boolean;
  passed: boolean;
}

/** The attempts of a run that count as evidence: none for an outage, skipped attempts left out. */
function countedAttempts(run: TestRunRecord): string {
  if (run.outage) return '';
  return run.attempts.indexOf('S') < 0 ? run.attempts : outcomeAttempts(run);
}

/** Clean runs (first attempt passed) before the newest `window` counted runs, up to the first that was not clean. */
function cleanRunsBefore(history: TestHistory, window: number): number {
  let seen = 0;
  let clean = 0;
  for (let i = history.runs.length - 1; i >= 0; i--) {
    const attempts = countedAttempts(history.runs[i]!);
    if (attempts === '') continue;
    if (++seen <= window) continue;
    if (attempts.charCodeAt(0) !== 80) break;
    clean++;
  }
  return clean;
}

export function gatherEvidence(history: TestHistory, window = DEFAULT_POLICY.window): Evidence {
  // The newest `window` runs that have an outcome, read from the end; older runs are read only to extend a clean
  // streak that fills the whole window.
  const runs: Counted[] = [];
  for (let i = history.runs.length - 1; i >= 0 && runs.length < window; i--) {
    const run = history.runs[i]!;
    const attempts = countedAttempts(run);
    if (attempts === '') continue;
    const failed = attempts.indexOf('F') >= 0 || attempts.indexOf('E') >= 0;
    runs.push({ sha: commitOf(run), cell: run.cell ?? '', onDefaultBranch: run.onDefaultBranch, attempts, failed, passed: attempts.indexOf('P') >= 0 });
  }
  runs.reverse();

  const passedOn = new Set<string>();
  for (const run of runs) if (run.passed) passedOn.add(run.sha);
  // Each failing run on a commit where the test also passed is one proven flake.
  let sameCommitFlips = 0;
  let trustedFailures = 0;
  let failureEpisodes = 0;
  // The matrix cells in a failure episode: a pass in another cell does not end this cell's (docs/matrix.md).
  const inEpisode = new Set<string>();
  for (const run of runs) {
    const provenFlaky = run.failed && passedOn.has(run.sha);
    if (provenFlaky) sameCommitFlips++;
    if (run.failed && (run.onDefaultBranch || provenFlaky)) {
      trustedFailures++;
      if (!inEpisode.has(run.cell)) failureEpisodes++;
      inEpisode.add(run.cell);
    } else if (run.attempts.charCodeAt(0) === 80 /* P */) {
      inEpisode.delete(run.cell);
    }
  }

  let trailingBreakage = 0;
  for (let i = runs.length - 1; i >= 0; i--) {
    const run = runs[i]!;
    if (run.passed || passedOn.has(run.sha)) break;
    trailingBreakage++;
  }
  let cleanStreak = 0;
  for (let i = runs.length - 1; i >= 0 && runs[i]!.attempts.charCodeAt(0) === 80; i--) cleanStreak++;
  // A clean streak longer than the window goes on counting: release-after-clean-runs may exceed the window.
  if (cleanStreak === runs.length) cleanStreak += cleanRunsBefore(history, window);
  let recent = '';
  for (let i = Math.max(0, runs.length - 20); i < runs.length; i++) {
    const a = runs[i]!.attempts;
    recent += isFailure(CODE_STATUS[a[a.length - 1]!]!) ? 'F' : a.length > 1 ? 'R' : 'P';
  }
  return { runs: runs.length, sameCommitFlips, trustedFailures, failureEpisodes, trailingBreakage, cleanStreak, recent };
}

export interface Decision extends QuarantineState {
  evidence: Evidence;
  /** Set when a hand override decided. */
  override?: Override;
  /** With an override: what the rule alone decides, kept so that the test is decided as if the override had never been there once it lapses or is cleared. */
  auto?: QuarantineState;
}

function times(n: number): string {
  return n === 1 ? 'once' : `${n} times`;
}

export function describeEvidence(e: Evidence): string {
  const parts: string[] = [];
  if (e.sameCommitFlips > 0) parts.push(`failed and passed on the same commit ${times(e.sameCommitFlips)} in ${e.runs} runs`);
  if (e.failureEpisodes > 0)
    parts.push(`${e.failureEpisodes} separate failure episode${e.failureEpisodes === 1 ? '' : 's'} (${e.trustedFailures} counted failure${e.trustedFailures === 1 ? '' : 's'})`);
  if (parts.length === 0) parts.push(`no counted failure in ${e.runs} runs`);
  return parts.join('; ');
}

/**
 * What a decision starts from: a test released by the rule is judged on the runs after its release only
 * (`evidenceAfter`, kept until it is quarantined again); a decision that keeps the state keeps its start (`since`).
 */
export interface CountedEvidence {
  wasQuarantined: boolean;
  evidenceAfter: number | undefined;
  /** The history the decision counts. */
  counted: TestHistory;
  evidence: Evidence;
  /** Spread into a decision that leaves the test out: keeps `evidenceAfter`. */
  keepAfter: { evidenceAfter?: number };
  /** The decision's `since`: the stored one when the state stays, else now. */
  keepSince: (quarantined: boolean) => string;
}

export function countedEvidence(history: TestHistory, previous: QuarantineState | undefined, now: string, window: number): CountedEvidence {
  const wasQuarantined = previous?.quarantined === true;
  const evidenceAfter = !wasQuarantined && typeof previous?.evidenceAfter === 'number' ? previous.evidenceAfter : undefined;
  const counted = evidenceAfter === undefined ? history : { ...history, runs: history.runs.filter((r) => r.time > evidenceAfter) };
  const evidence = gatherEvidence(counted, window);
  const keepAfter = evidenceAfter === undefined ? {} : { evidenceAfter };
  const keepSince = (quarantined: boolean): string => (wasQuarantined === quarantined && previous?.since ? previous.since : now);
  return { wasQuarantined, evidenceAfter, counted, evidence, keepAfter, keepSince };
}

/**
 * Not quarantined: the newest runs failed with no pass on their commits, which is breakage, not flakiness. The same
 * safety rule under every `policy.rule` (src/policy/decide.ts); the summary recognises its reason.
 */
export function breakage(evidence: Evidence, since: string, keepAfter: { evidenceAfter?: number }): Decision {
  return {
    quarantined: false,
    reason: `failed in the last ${evidence.trailingBreakage} runs with no pass on those commits: breakage, not flakiness`,
    since,
    evidence,
    ...keepAfter,
  };
}

/**
 * Decides one test's quarantine state. `previous` is the state stored before this run; `override` is the
 * user's hand edit, already checked for expiry.
 */
export function decideQuarantine(history: TestHistory, previous: QuarantineState | undefined, override: Override | null, now: string, options: PolicyOptions = DEFAULT_POLICY): Decision {
  const { wasQuarantined, evidenceAfter, evidence, keepAfter, keepSince } = countedEvidence(history, previous, now, options.window);

  if (override) {
    const quarantined = override.action === 'quarantine';
    const by = override.reason ? `: ${override.reason}` : '';
    const until = override.until ? ` (until ${override.until})` : '';
    return {
      quarantined,
      reason: quarantined ? `quarantined by hand${by}${until}` : `never quarantined, by hand${by}${until}`,
      since: keepSince(quarantined),
      evidence,
      override,
    };
  }

  const because = describeEvidence(evidence);
  // Entering and staying give the same reason, so that applying the same run twice writes the same stats.
  const staying = `${because}; stays quarantined until it passes at the first attempt ${options.releaseAfterCleanRuns} runs in a row (now ${evidence.cleanStreak})`;
  if (wasQuarantined) {
    if (evidence.cleanStreak >= options.releaseAfterCleanRuns) {
      const newest = history.runs.reduce((t, r) => Math.max(t, r.time), 0);
      return { quarantined: false, reason: `released: passed at the first attempt in the last ${evidence.cleanStreak} runs`, since: now, evidence, evidenceAfter: newest };
    }
    return { quarantined: true, reason: staying, since: keepSince(true), evidence };
  }

  if (evidence.trailingBreakage >= options.breakageStreak) return breakage(evidence, keepSince(false), keepAfter);
  if (evidence.sameCommitFlips >= options.enterSameCommitFlips || evidence.failureEpisodes >= options.enterFailureEpisodes) {
    return { quarantined: true, reason: staying, since: now, evidence };
  }
  return { quarantined: false, reason: evidenceAfter === undefined ? because : `${because} since its release`, since: keepSince(false), evidence, ...keepAfter };
}
