/**
 * Which issue actions a run takes, decided from the run's result and the issues already on GitHub. Pure.
 *
 * The plan is state-based, so that a missed run (API down, the cap reached, a pull-request run) is made up
 * later, and tidy, so that nothing churns:
 * - one issue per test, found by its hidden marker; extra open ones are closed as duplicates;
 * - open: for a quarantined test without an issue, or a test whose flakiness rose (never for a one-off);
 * - comment: on an open issue when the test is newly quarantined or its flakiness rose again;
 * - close: when the test is released;
 * - reopen: an issue flakeguard closed, or one a person closed as completed, only on failures after the close;
 * - an issue a person closed as not planned (or duplicate) is left alone for good;
 * - at most `maxIssues` issues are opened or reopened per run; the rest wait for later runs.
 */
import type { TestHistory } from '../model.ts';
import type { Decision } from '../policy/quarantine.ts';
import type { RuleOptions } from '../policy/rules/types.ts';
import { DEFAULT_PFS_CONFIG, type PfsConfig } from '../scoring/pfs.ts';
import { pfsRose, pfsTrendOf } from '../scoring/regression.ts';
import type { Interval, IssueMeta, OpenReason } from './issue-body.ts';

export interface TrackedIssue {
  /** REST id (for duplicate_issue_id). */
  id: number;
  number: number;
  state: 'open' | 'closed';
  stateReason: string | null;
  closedAt: string | null;
  createdAt: string;
  hash: string;
  meta: IssueMeta;
  /** Carries the flakeguard label (found by listing); false when found only by search. */
  labelled: boolean;
  title: string;
  body: string;
  url?: string;
}

export type IssueStatus = 'open' | 'closed-by-flakeguard' | 'closed-by-hand' | 'muted';

/** How far GitHub's `closed_at` may be from the time flakeguard stamped its own close. */
export const OWN_CLOSE_TOLERANCE_MS = 10 * 60_000;

export function statusOf(issue: TrackedIssue): IssueStatus {
  if (issue.state === 'open') return 'open';
  const closedAt = issue.closedAt ? Date.parse(issue.closedAt) : Number.NaN;
  const stamped = issue.meta.closed ? Date.parse(issue.meta.closed) : Number.NaN;
  if (Number.isFinite(closedAt) && Number.isFinite(stamped) && Math.abs(closedAt - stamped) <= OWN_CLOSE_TOLERANCE_MS) return 'closed-by-flakeguard';
  if (issue.stateReason === 'not_planned' || issue.stateReason === 'duplicate') return 'muted';
  return 'closed-by-hand';
}

export interface IssueIndex {
  /** The one issue of each test (by test hash). */
  byHash: Map<string, TrackedIssue>;
  /** Further open issues of the same test, to close as duplicates of the canonical one. */
  duplicates: Array<{ issue: TrackedIssue; of: TrackedIssue }>;
}

/** The canonical issue of a test: the oldest open one, else the newest closed one. */
export function indexIssues(issues: readonly TrackedIssue[]): IssueIndex {
  const groups = new Map<string, TrackedIssue[]>();
  for (const issue of issues) {
    const list = groups.get(issue.hash) ?? [];
    if (!list.some((i) => i.number === issue.number)) list.push(issue);
    groups.set(issue.hash, list);
  }
  const byHash = new Map<string, TrackedIssue>();
  const duplicates: IssueIndex['duplicates'] = [];
  for (const [hash, list] of groups) {
    const open = list.filter((i) => i.state === 'open').sort((a, b) => a.number - b.number);
    const canonical = open[0] ?? [...list].sort((a, b) => b.number - a.number)[0]!;
    byHash.set(hash, canonical);
    for (const extra of open.slice(1)) duplicates.push({ issue: extra, of: canonical });
  }
  return { byHash, duplicates };
}

/** A person's close of a test's issue, which lifts its quarantine (close-lifts-quarantine). */
export interface HandLift {
  issue: number;
  /** ms: the test is judged only on runs after this. */
  since: number;
  closedAt: string;
}

export function handLifts(index: IssueIndex): Map<string, HandLift> {
  const out = new Map<string, HandLift>();
  for (const [hash, issue] of index.byHash) {
    if (statusOf(issue) !== 'closed-by-hand' || !issue.closedAt) continue;
    const since = Date.parse(issue.closedAt);
    if (Number.isFinite(since)) out.set(hash, { issue: issue.number, since, closedAt: issue.closedAt });
  }
  return out;
}

/* ---------- flakiness rising ---------- */

/** Runs at the end of the history that "recent" means, and the fewest failing runs among them that count (defaults). */
export const REGRESSION_WINDOW = 10;
export const REGRESSION_MIN_FAILING = 2;

/** The regression check's settings: `policy.pfs.regression-window`, `policy.pfs.regression-min-failing` and the PFS priors. */
export interface RegressionOptions {
  window: number;
  minFailing: number;
  pfs: PfsConfig;
}

export const DEFAULT_REGRESSION: RegressionOptions = { window: REGRESSION_WINDOW, minFailing: REGRESSION_MIN_FAILING, pfs: DEFAULT_PFS_CONFIG };

/** The regression check's settings from the policy's rule options (the config file). */
export function regressionOptionsOf(rules: Pick<RuleOptions, 'pfs' | 'scoring'>): RegressionOptions {
  return { window: rules.pfs.regressionWindow, minFailing: rules.pfs.regressionMinFailing, pfs: rules.scoring.pfs };
}

export interface Regression {
  now: Interval;
  before: { label: string; interval: Interval };
}

/**
 * Whether a test's flakiness rose (docs/issues.md; src/scoring/regression.ts): the PFS (with the configured priors) of
 * its last `window` runs (outage runs left out) lies entirely above the baseline: the interval recorded in its issue
 * when flakeguard last wrote it, or without an issue, the interval of its history before those runs. At least
 * `minFailing` failing recent runs, so that a one-off failure never counts. `_now` (the whole history's interval) is not what is
 * compared: a long clean past would hide a new flakiness for dozens of runs.
 */
export function regression(test: TestHistory, _now: Interval | undefined, recorded: Interval | undefined, options: RegressionOptions = DEFAULT_REGRESSION): Regression | undefined {
  const rose = pfsRose(test.runs, recorded, options.window, options.minFailing, options.pfs);
  if (!rose) return undefined;
  const label = recorded ? 'when flakeguard last wrote this issue' : `before the last ${options.window} runs`;
  return { now: rose.now, before: { label, interval: rose.before } };
}

/** The PFS of the regression check's last `window` runs at several points, for the issue body. */
export function pfsTrend(test: TestHistory, points = 6, options: RegressionOptions = DEFAULT_REGRESSION): Array<{ runs: number; pf: number }> {
  return pfsTrendOf(test.runs, points, Math.max(1, Math.ceil(options.window / 2)), options.window, options.pfs);
}

/* ---------- the plan ---------- */

export interface TestFacts {
  id: string;
  hash: string;
  test: TestHistory;
  decision?: Decision;
  quarantined: boolean;
  newlyQuarantined: boolean;
  released: boolean;
  /** The PFS interval of the new stats line. */
  pfsNow?: Interval;
  /** Order-dependent in this run (src/rerun/order.ts): the sentence that says so. */
  orderDependent?: string;
  /** What `policy.quarantine` did to it this run (src/policy/quarantine-rules.ts): told once, and its issue is not closed for it. */
  rule?: { reason: string; newly: boolean };
}

export type PlannedAction =
  | { kind: 'open'; facts: TestFacts; reason: OpenReason; regression?: Regression }
  | { kind: 'reopen'; facts: TestFacts; issue: TrackedIssue; reason: OpenReason; why: string; regression?: Regression }
  | { kind: 'comment'; facts: TestFacts; issue: TrackedIssue; about: 'quarantined' | 'regressed' | 'order-dependent' | 'rule'; regression?: Regression }
  | { kind: 'close'; facts: TestFacts; issue: TrackedIssue; orderFixed?: boolean }
  | { kind: 'lifted'; facts: TestFacts; issue: TrackedIssue }
  | { kind: 'duplicate'; issue: TrackedIssue; of: TrackedIssue };

export interface PlanOptions {
  maxIssues: number;
  closeLifts: boolean;
  /** Test hashes whose quarantine this run lifted because a person closed their issue. */
  liftedNow: ReadonlySet<string>;
  /** The regression check's settings (default: DEFAULT_REGRESSION). */
  regression?: RegressionOptions;
}

export interface Plan {
  actions: PlannedAction[];
  /** Opens and reopens over the cap, for later runs. */
  deferred: PlannedAction[];
  /** Issues left alone because a person closed them as not planned. */
  muted: number;
}

function failedAfter(test: TestHistory, iso: string | null | undefined): boolean {
  const since = iso ? Date.parse(iso) : Number.NaN;
  if (!Number.isFinite(since)) return false;
  return test.runs.some((r) => r.time > since && /[FE]/.test(r.attempts));
}

const byOverride = (f: TestFacts): boolean => f.decision?.override !== undefined;

export function planIssues(tests: readonly TestFacts[], index: IssueIndex, options: PlanOptions): Plan {
  const opens: Array<{ action: PlannedAction; rank: number }> = [];
  const actions: PlannedAction[] = [];
  let muted = 0;

  for (const f of tests) {
    const issue = index.byHash.get(f.hash);
    const status = issue ? statusOf(issue) : undefined;
    const wantsQuarantineIssue = f.quarantined && !byOverride(f);
    const rank = (f.newlyQuarantined ? 2 : f.quarantined ? 1 : 0) * 10 + (f.pfsNow?.[0] ?? 0);

    // An order-dependent test blocks CI: its issue is opened (or reopened, or told) and stays open while it is.
    if (f.orderDependent !== undefined) {
      if (!issue) opens.push({ action: { kind: 'open', facts: f, reason: 'order-dependent' }, rank: 30 });
      else if (status === 'open' && issue.meta.reason !== 'order-dependent') actions.push({ kind: 'comment', facts: f, issue, about: 'order-dependent' });
      else if (status === 'muted') muted++;
      else if (status !== 'open' && !options.liftedNow.has(f.hash)) {
        opens.push({ action: { kind: 'reopen', facts: f, issue, reason: 'order-dependent', why: `the test ${f.orderDependent}` }, rank: 30 });
      }
      continue;
    }
    // A quarantine rule (docs/quarantine-rules.md) refused, ended or flagged the quarantine: the owners are told once, on
    // the issue (reopened when closed); it is not closed for a release the rule made, which is for them to act on.
    if (f.rule) {
      if (issue && f.rule.newly) {
        if (status === 'open') actions.push({ kind: 'comment', facts: f, issue, about: 'rule' });
        else if (status === 'muted') muted++;
        else opens.push({ action: { kind: 'reopen', facts: f, issue, reason: f.quarantined ? 'quarantined' : 'regressed', why: f.rule.reason }, rank: 25 });
      } else if (!issue && f.quarantined && !byOverride(f)) {
        opens.push({ action: { kind: 'open', facts: f, reason: 'quarantined' }, rank });
      }
      continue;
    }
    if (issue && status === 'open' && issue.meta.reason === 'order-dependent') {
      // Out of its order dependence once it passes at its first attempt in the full run again.
      const last = f.test.runs.findLast((r) => !r.outage && r.attempts.replace(/S/g, '') !== '');
      if (last && last.attempts.replace(/S/g, '')[0] === 'P') actions.push({ kind: 'close', facts: f, issue, orderFixed: true });
      continue;
    }

    if (!issue) {
      if (f.released) continue;
      if (wantsQuarantineIssue) {
        opens.push({ action: { kind: 'open', facts: f, reason: 'quarantined' }, rank });
        continue;
      }
      const rose = regression(f.test, f.pfsNow, undefined, options.regression);
      if (rose) opens.push({ action: { kind: 'open', facts: f, reason: 'regressed', regression: rose }, rank });
      continue;
    }

    switch (status) {
      case 'muted':
        muted++;
        break;
      case 'open': {
        // Released by this run, or (state-based, so a missed run is made up) out of the quarantine it was opened for.
        const outOfQuarantine = !f.quarantined && f.decision?.quarantined !== true; // not merely hidden by a broken stats file
        if (f.released || (outOfQuarantine && issue.meta.reason === 'quarantined')) {
          actions.push({ kind: 'close', facts: f, issue });
          break;
        }
        if (f.newlyQuarantined) {
          actions.push({ kind: 'comment', facts: f, issue, about: 'quarantined' });
          break;
        }
        const rose = regression(f.test, f.pfsNow, issue.meta.pfs, options.regression);
        if (rose) actions.push({ kind: 'comment', facts: f, issue, about: 'regressed', regression: rose });
        break;
      }
      case 'closed-by-flakeguard': {
        const fresh = failedAfter(f.test, issue.meta.closed ?? issue.closedAt);
        if (!fresh) break;
        if (wantsQuarantineIssue) {
          opens.push({ action: { kind: 'reopen', facts: f, issue, reason: 'quarantined', why: 'the test is quarantined again after failing flakily since flakeguard closed this issue' }, rank });
          break;
        }
        const rose = regression(f.test, f.pfsNow, issue.meta.pfs, options.regression);
        if (rose)
          opens.push({ action: { kind: 'reopen', facts: f, issue, reason: 'regressed', why: 'the flakiness of the test rose again since flakeguard closed this issue', regression: rose }, rank });
        break;
      }
      case 'closed-by-hand': {
        if (options.liftedNow.has(f.hash)) {
          actions.push({ kind: 'lifted', facts: f, issue });
          break;
        }
        const fresh = failedAfter(f.test, issue.closedAt);
        if (!fresh) break;
        // With close-lifts-quarantine, a quarantine after a person's close rests on runs after it alone.
        if (wantsQuarantineIssue && options.closeLifts) {
          opens.push({ action: { kind: 'reopen', facts: f, issue, reason: 'quarantined', why: 'the test failed flakily again after this issue was closed and is quarantined again' }, rank });
          break;
        }
        const rose = regression(f.test, f.pfsNow, issue.meta.pfs, options.regression);
        if (rose) opens.push({ action: { kind: 'reopen', facts: f, issue, reason: 'regressed', why: 'the flakiness of the test rose again after this issue was closed', regression: rose }, rank });
        break;
      }
    }
  }

  for (const d of index.duplicates) actions.push({ kind: 'duplicate', issue: d.issue, of: d.of });

  opens.sort((a, b) => b.rank - a.rank || idOf(a.action).localeCompare(idOf(b.action)));
  const allowed = opens.slice(0, Math.max(0, options.maxIssues)).map((o) => o.action);
  const deferred = opens.slice(Math.max(0, options.maxIssues)).map((o) => o.action);
  return { actions: [...allowed, ...actions], deferred, muted };
}

function idOf(a: PlannedAction): string {
  return a.kind === 'duplicate' ? '' : a.facts.id;
}
