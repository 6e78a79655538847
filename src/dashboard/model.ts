/**
 * The dashboard's data model and view models, computed from the branch's files (files.ts). Pure: no DOM, no I/O.
 * The page (page/) only draws what these functions return; the browser tests recompute the same numbers from the
 * same files with them and compare them with what the page shows.
 *
 * Definitions (docs/dashboard.md says them for people):
 * - a test *failed* in a run when its last attempt failed or errored; it was *retried* when it had several attempts;
 *   it *flaked* when one attempt failed and a later one passed in the same run;
 * - a test is *flaky* (in hindsight) when it flaked at least once in its window, or is quarantined;
 * - a run is *red without flakeguard* when a test failed in it, and *red because of flaky tests* when every test that
 *   failed in it is flaky; *red with flakeguard* is what flakeguard decided for the job (runs.json);
 * - an *outage failure* is a failure whose message is one of its run's outage keys.
 */
import { failureKey } from '../history/records.ts';
import { forEachRun, parseOutcomeString } from '../history/outcome-string.ts';
import type { DecisionKind, TestDecisions } from '../store/decisions.ts';
import type { BranchMeta, HistoryLine, RunRow, StatsLine } from './files.ts';

export type TestState = 'quarantined' | 'by-hand' | 'never' | 'flaky' | 'failing' | 'stable';

export const STATE_LABEL: Record<TestState, string> = {
  quarantined: 'quarantined',
  'by-hand': 'quarantined by hand',
  never: 'never quarantine (by hand)',
  flaky: 'flaky, not quarantined',
  failing: 'failing',
  stable: 'stable',
};

export interface TestEntry {
  id: string;
  /** Lower-case id, for search. */
  key: string;
  history: HistoryLine;
  stats?: StatsLine;
  state: TestState;
  /** PFS estimate, or -1 when not scored. */
  pfs: number;
  /** Runs the test was in (with at least one attempt). */
  runs: number;
  failedRuns: number;
  retriedRuns: number;
  flakedRuns: number;
  /** Failed attempts in runs where the test flaked. */
  flakyFailedAttempts: number;
  /** flakyFailedAttempts × the newest duration, when the duration is known. */
  lostSec?: number;
  owners: string[];
}

export interface RunPoint {
  seq: number;
  key: string;
  sha: string;
  time: number;
  url?: string;
  onDefaultBranch: boolean;
  /** Tests with an attempt in the run. */
  tests: number;
  failed: number;
  failedFlaky: number;
  outageFailed: number;
  retried: number;
  flaked: number;
  redWithout: boolean;
  redFlakyWithout: boolean;
  /** null when the run's job result was not recorded. */
  redWith: boolean | null;
  redFlakyWith: boolean;
}

export interface DayPoint {
  /** Start of the UTC day, ms. */
  day: number;
  runs: number;
  redWithout: number;
  redFlakyWithout: number;
  redWith: number;
  redFlakyWith: number;
  failed: number;
  retried: number;
  flaked: number;
  outageFailed: number;
  outageRuns: number;
}

export interface Model {
  meta: BranchMeta;
  runs: RunRow[];
  runBySeq: Map<number, RunRow>;
  tests: TestEntry[];
  byId: Map<string, TestEntry>;
  points: RunPoint[];
  days: DayPoint[];
  /** https://github.com/owner/repo, from the runs' links, when they give it. */
  repoUrl?: string;
  /** Newest run time (ms), "now" for ages; Date.now() when there is no run. */
  now: number;
  /** The runs only, while the tests' files are still being read: numbers that need them are not known yet. */
  partial?: boolean;
}

/** `url` when it is an http(s) URL, else undefined: nothing from the branch becomes a javascript: link. */
export function safeUrl(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const u = new URL(url);
    return u.protocol === 'https:' || u.protocol === 'http:' ? u.href : undefined;
  } catch {
    return undefined;
  }
}

/** The repository's web address from a run link `https://host/owner/repo/actions/runs/…`. */
export function repoUrlOf(runUrl: string | undefined): string | undefined {
  const safe = safeUrl(runUrl);
  if (!safe) return undefined;
  const u = new URL(safe);
  const parts = u.pathname.split('/').filter(Boolean);
  if (parts.length < 4 || parts[2] !== 'actions' || parts[3] !== 'runs') return undefined;
  return `${u.origin}/${encodeURIComponent(decodeURIComponent(parts[0]!))}/${encodeURIComponent(decodeURIComponent(parts[1]!))}`;
}

export function commitUrl(repoUrl: string | undefined, sha: string): string | undefined {
  return repoUrl && /^[0-9a-f]{7,64}$/i.test(sha) ? `${repoUrl}/commit/${sha}` : undefined;
}

/** `1 test`, `2 tests`: a count with its noun. */
export function count(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** Runs in the rolling window of the suite's charts (by run). */
export const ROLLING_RUNS = 20;

/** What a point of a rolling chart covers, given the runs on the branch: never "the last 20" of fewer runs. */
export function rollingWindow(runs: number): string {
  return runs >= ROLLING_RUNS ? `over the last ${ROLLING_RUNS} runs` : `over the runs so far: ${count(runs, 'run')} on the branch`;
}

/** The page of issue `n` of the repository; undefined for anything but an issue number. */
export function issueUrl(repoUrl: string | undefined, n: number | undefined): string | undefined {
  return repoUrl && n !== undefined && Number.isInteger(n) && n > 0 ? `${repoUrl}/issues/${n}` : undefined;
}

/** One run of a test's outcome string. */
export interface Slot {
  seq: number;
  attempts: string;
}

/**
 * Calls `visit` for each run of an outcome string, oldest first: the step's own reader
 * (src/history/outcome-string.ts), so the page reads every schema the step writes. A malformed string visits nothing
 * (files.ts drops such a line before it gets here).
 */
export function forEachSlot(from: number, o: string, visit: (seq: number, attempts: string) => void): void {
  const segments = parseOutcomeString(o);
  if (segments) forEachRun(from, segments, visit);
}

/** Decodes an outcome string into its runs. */
export function slotsOf(from: number, o: string): Slot[] {
  const out: Slot[] = [];
  forEachSlot(from, o, (seq, attempts) => out.push({ seq, attempts }));
  return out;
}

const isFail = (c: string | undefined): boolean => c === 'F' || c === 'E';

/** What one run of a test was: the letters of its attempts without skips. */
export function runKind(attempts: string): 'passed' | 'failed' | 'flaked' | 'skipped' {
  if (attempts.length === 1) return attempts === 'P' ? 'passed' : attempts === 'S' ? 'skipped' : 'failed';
  const a = attempts.replace(/S/g, '');
  if (a === '') return 'skipped';
  if (isFail(a[a.length - 1])) return 'failed';
  return /[FE]/.test(a) ? 'flaked' : 'passed';
}

export interface ModelInput {
  meta: BranchMeta;
  runs: RunRow[];
  history: Iterable<HistoryLine>;
  stats: Map<string, StatsLine>;
}

function stateOf(stats: StatsLine | undefined, flaked: number, failed: number): TestState {
  if (stats?.overrideAction === 'never') return 'never';
  if (stats?.quarantined) return stats.overrideAction === 'quarantine' ? 'by-hand' : 'quarantined';
  if (flaked > 0) return 'flaky';
  if (failed > 0) return 'failing';
  return 'stable';
}

export function buildModel(input: ModelInput): Model {
  const runs = input.runs;
  const runBySeq = new Map(runs.map((r) => [r.seq, r]));
  const minSeq = runs.length > 0 ? runs[0]!.seq : 0;
  const size = runs.length > 0 ? runs[runs.length - 1]!.seq - minSeq + 1 : 0;
  const testsIn = new Int32Array(size);
  const failed = new Int32Array(size);
  const failedFlaky = new Int32Array(size);
  const outageFailed = new Int32Array(size);
  const retried = new Int32Array(size);
  const flakedIn = new Int32Array(size);
  const outageKeys: Array<Set<string> | undefined> = new Array(size);
  const known = new Uint8Array(size);
  for (const r of runs) {
    known[r.seq - minSeq] = 1;
    if (r.outages?.length) outageKeys[r.seq - minSeq] = new Set(r.outages);
  }

  const tests: TestEntry[] = [];
  const byId = new Map<string, TestEntry>();
  const failedSeqs: number[] = [];
  for (const h of input.history) {
    const stats = input.stats.get(h.id);
    let nRuns = 0;
    let nFailed = 0;
    let nRetried = 0;
    let nFlaked = 0;
    let flakyFailedAttempts = 0;
    let nOutage = 0;
    failedSeqs.length = 0;
    forEachSlot(h.from, h.o, (seq, attempts) => {
      const k = seq - minSeq;
      const inRange = k >= 0 && k < size && known[k] === 1;
      const kind = runKind(attempts);
      if (kind === 'skipped') return;
      nRuns++;
      if (inRange) testsIn[k]!++;
      if (attempts.length > 1) {
        nRetried++;
        if (inRange) retried[k]!++;
      }
      if (kind === 'failed') {
        nFailed++;
        if (inRange) {
          failed[k]!++;
          failedSeqs.push(k);
          const keys = outageKeys[k];
          const message = keys ? h.m?.[String(seq)] : undefined;
          if (keys && message !== undefined && keys.has(failureKey(message)!)) {
            outageFailed[k]!++;
            nOutage++;
          }
        }
      } else if (kind === 'flaked') {
        nFlaked++;
        for (const c of attempts) if (isFail(c)) flakyFailedAttempts++;
        if (inRange) flakedIn[k]!++;
      }
    });
    // A failure in an outage is no evidence about the test (docs/policy.md): it does not make the test "failing".
    const state = stateOf(stats, nFlaked, nFailed - nOutage);
    const flaky = nFlaked > 0 || state === 'quarantined' || state === 'by-hand';
    if (flaky) for (const k of failedSeqs) failedFlaky[k]!++;
    const entry: TestEntry = {
      id: h.id,
      key: h.id.toLowerCase(),
      history: h,
      state,
      pfs: stats?.pfs?.[0] ?? -1,
      runs: nRuns,
      failedRuns: nFailed,
      retriedRuns: nRetried,
      flakedRuns: nFlaked,
      flakyFailedAttempts,
      owners: [],
    };
    if (stats) entry.stats = stats;
    if (h.d !== undefined) entry.lostSec = flakyFailedAttempts * h.d;
    tests.push(entry);
    byId.set(h.id, entry);
  }

  const points: RunPoint[] = runs.map((r) => {
    const k = r.seq - minSeq;
    const f = failed[k]!;
    const redFlaky = f > 0 && failedFlaky[k] === f;
    const redWith = r.jobSucceeded === undefined ? null : !r.jobSucceeded;
    const point: RunPoint = {
      seq: r.seq,
      key: r.key,
      sha: r.sha,
      time: r.time,
      onDefaultBranch: r.onDefaultBranch,
      tests: testsIn[k]!,
      failed: f,
      failedFlaky: failedFlaky[k]!,
      outageFailed: outageFailed[k]!,
      retried: retried[k]!,
      flaked: flakedIn[k]!,
      redWithout: f > 0,
      redFlakyWithout: redFlaky,
      redWith,
      redFlakyWith: redWith === true && redFlaky,
    };
    const url = safeUrl(r.url);
    if (url) point.url = url;
    return point;
  });

  let repoUrl: string | undefined;
  for (let i = runs.length - 1; i >= 0 && !repoUrl; i--) repoUrl = repoUrlOf(runs[i]!.url);
  return {
    meta: input.meta,
    runs,
    runBySeq,
    tests,
    byId,
    points,
    days: byDay(points),
    ...(repoUrl ? { repoUrl } : {}),
    now: runs.length > 0 ? Math.max(...runs.map((r) => r.time)) : Date.now(),
  };
}

const DAY = 86_400_000;

export function byDay(points: RunPoint[]): DayPoint[] {
  const days = new Map<number, DayPoint>();
  for (const p of points) {
    const day = Math.floor(p.time / DAY) * DAY;
    let d = days.get(day);
    if (!d) days.set(day, (d = { day, runs: 0, redWithout: 0, redFlakyWithout: 0, redWith: 0, redFlakyWith: 0, failed: 0, retried: 0, flaked: 0, outageFailed: 0, outageRuns: 0 }));
    d.runs++;
    if (p.redWithout) d.redWithout++;
    if (p.redFlakyWithout) d.redFlakyWithout++;
    if (p.redWith) d.redWith++;
    if (p.redFlakyWith) d.redFlakyWith++;
    d.failed += p.failed;
    d.retried += p.retried;
    d.flaked += p.flaked;
    d.outageFailed += p.outageFailed;
    if (p.outageFailed > 0) d.outageRuns++;
  }
  return [...days.values()].sort((a, b) => a.day - b.day);
}

/* ---------- the overview's headline ---------- */

export interface Summary {
  runs: number;
  tests: number;
  quarantined: number;
  flaky: number;
  redWithout: number;
  redFlakyWithout: number;
  redWith: number;
  redFlakyWith: number;
  /** Share of runs red because of flaky tests, without and with flakeguard (0..1), over runs with a result. */
  shareFlakyWithout: number;
  shareFlakyWith: number;
  outageRuns: number;
}

export function summarize(model: Model): Summary {
  const s: Summary = {
    runs: model.points.length,
    tests: model.tests.length,
    quarantined: 0,
    flaky: 0,
    redWithout: 0,
    redFlakyWithout: 0,
    redWith: 0,
    redFlakyWith: 0,
    shareFlakyWithout: 0,
    shareFlakyWith: 0,
    outageRuns: 0,
  };
  for (const t of model.tests) {
    if (t.state === 'quarantined' || t.state === 'by-hand') s.quarantined++;
    if (t.flakedRuns > 0 || t.state === 'quarantined' || t.state === 'by-hand') s.flaky++;
  }
  for (const p of model.points) {
    if (p.redWithout) s.redWithout++;
    if (p.redFlakyWithout) s.redFlakyWithout++;
    if (p.redWith) s.redWith++;
    if (p.redFlakyWith) s.redFlakyWith++;
    if (p.outageFailed > 0) s.outageRuns++;
  }
  s.shareFlakyWithout = s.runs > 0 ? s.redFlakyWithout / s.runs : 0;
  s.shareFlakyWith = s.runs > 0 ? s.redFlakyWith / s.runs : 0;
  return s;
}

/* ---------- the flakiest tests ---------- */

export type SortKey = 'pfs' | 'name' | 'state' | 'flaked' | 'owner';

export interface TestQuery {
  text?: string;
  state?: TestState | 'any' | 'flaky-or-quarantined';
  owner?: string;
  sort?: SortKey;
  descending?: boolean;
}

const STATE_ORDER: Record<TestState, number> = { quarantined: 0, 'by-hand': 1, flaky: 2, failing: 3, never: 4, stable: 5 };

/** The tests that match `query`, sorted. Linear in the number of tests: a keystroke over 100k tests is a few ms. */
export function queryTests(tests: readonly TestEntry[], query: TestQuery): TestEntry[] {
  const text = (query.text ?? '').trim().toLowerCase();
  const owner = (query.owner ?? '').trim().toLowerCase();
  const state = query.state ?? 'any';
  const out: TestEntry[] = [];
  for (const t of tests) {
    if (text && !t.key.includes(text)) continue;
    if (state === 'flaky-or-quarantined') {
      if (t.state === 'stable' || t.state === 'failing' || t.state === 'never') continue;
    } else if (state !== 'any' && t.state !== state) continue;
    if (owner && !t.owners.some((o) => o.toLowerCase().includes(owner))) continue;
    out.push(t);
  }
  const sort = query.sort ?? 'pfs';
  const sign = (query.descending ?? sort === 'pfs') ? -1 : 1;
  const byId = (a: TestEntry, b: TestEntry): number => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  const cmp: Record<SortKey, (a: TestEntry, b: TestEntry) => number> = {
    pfs: (a, b) => a.pfs - b.pfs || a.flakedRuns - b.flakedRuns,
    flaked: (a, b) => a.flakedRuns - b.flakedRuns || a.pfs - b.pfs,
    name: byId,
    state: (a, b) => STATE_ORDER[b.state] - STATE_ORDER[a.state],
    owner: (a, b) => ((a.owners[0] ?? '\uffff') < (b.owners[0] ?? '\uffff') ? -1 : (a.owners[0] ?? '\uffff') > (b.owners[0] ?? '\uffff') ? 1 : 0),
  };
  const c = cmp[sort];
  out.sort((a, b) => sign * c(a, b) || byId(a, b));
  return out;
}

/* ---------- one test ---------- */

export interface StripCell {
  seq: number;
  attempts: string;
  kind: ReturnType<typeof runKind>;
  time?: number;
  sha?: string;
  commitUrl?: string;
  runUrl?: string;
  message?: string;
  outage: boolean;
}

export interface FailureMode {
  /** The message with numbers as # (how flakeguard tells failures apart). */
  key: string;
  /** The newest message with that key, as stored. */
  example: string;
  count: number;
  lastSeq: number;
}

export interface TestDetail {
  entry: TestEntry;
  strip: StripCell[];
  modes: FailureMode[];
  /** Runs with a failure but no stored message. */
  unexplained: number;
}

export function testDetail(model: Model, entry: TestEntry): TestDetail {
  const strip: StripCell[] = [];
  const modes = new Map<string, FailureMode>();
  let unexplained = 0;
  for (const { seq, attempts } of slotsOf(entry.history.from, entry.history.o)) {
    const run = model.runBySeq.get(seq);
    const message = entry.history.m?.[String(seq)];
    const kind = runKind(attempts);
    const cell: StripCell = { seq, attempts, kind, outage: false };
    if (run) {
      cell.time = run.time;
      cell.sha = run.sha;
      const c = commitUrl(model.repoUrl, run.sha);
      if (c) cell.commitUrl = c;
      const u = safeUrl(run.url);
      if (u) cell.runUrl = u;
      cell.outage = message !== undefined && (run.outages ?? []).includes(failureKey(message)!);
    }
    if (message !== undefined) cell.message = message;
    strip.push(cell);
    if (/[FE]/.test(attempts)) {
      if (message === undefined) unexplained++;
      else {
        const key = failureKey(message)!;
        const mode = modes.get(key);
        if (mode) {
          mode.count++;
          if (seq >= mode.lastSeq) {
            mode.lastSeq = seq;
            mode.example = message;
          }
        } else modes.set(key, { key, example: message, count: 1, lastSeq: seq });
      }
    }
  }
  return { entry, strip, modes: [...modes.values()].sort((a, b) => b.count - a.count || b.lastSeq - a.lastSeq), unexplained };
}

/* ---------- one test's quarantine timeline (decisions.json) ---------- */

export const DECISION_LABEL: Record<DecisionKind, string> = {
  quarantined: 'quarantined',
  released: 'released',
  override: 'hand override',
  'override lapsed': 'override lapsed',
  'override cleared': 'override cleared',
  'hand edit': 'hand edit honoured',
  'issue closed': 'issue closed as completed',
};

export interface TimelineRow {
  seq: number;
  /** ms; undefined when the time written is not a date. */
  time?: number;
  runUrl?: string;
  event: string;
  quarantined: boolean;
  by: 'rule' | 'hand';
  reason: string;
}

/** A test's decisions, newest first, with links to their runs when runs.json still has them. */
export function timelineRows(model: Model, decisions: TestDecisions | undefined): TimelineRow[] {
  const rows: TimelineRow[] = [];
  for (const e of decisions?.events ?? []) {
    const time = Date.parse(e.at);
    const row: TimelineRow = { seq: e.run, event: DECISION_LABEL[e.event], quarantined: e.quarantined, by: e.by, reason: e.reason };
    if (Number.isFinite(time)) row.time = time;
    const url = safeUrl(model.runBySeq.get(e.run)?.url);
    if (url) row.runUrl = url;
    rows.push(row);
  }
  return rows.reverse();
}

/* ---------- the quarantine backlog ---------- */

export interface AgeBucket {
  label: string;
  /** Upper bound in days (exclusive); Infinity for the last. */
  maxDays: number;
  count: number;
}

export interface Backlog {
  quarantined: TestEntry[];
  byHand: number;
  /** Oldest first. */
  ages: AgeBucket[];
  /** Median age in days of the quarantined tests with a known start. */
  medianAgeDays?: number;
  owners: Array<{ owner: string; count: number }>;
  /** Seconds lost to failed attempts of flaky runs, over tests whose duration is known. */
  lostSec: number;
  lostTests: number;
  flakyTests: number;
}

export function ageDays(entry: TestEntry, now: number): number | undefined {
  const since = entry.stats?.since ? Date.parse(entry.stats.since) : NaN;
  return Number.isNaN(since) ? undefined : Math.max(0, (now - since) / DAY);
}

export function backlog(model: Model): Backlog {
  const quarantined = model.tests.filter((t) => t.state === 'quarantined' || t.state === 'by-hand');
  const ages: AgeBucket[] = [
    { label: 'under a week', maxDays: 7, count: 0 },
    { label: '1–4 weeks', maxDays: 28, count: 0 },
    { label: '1–3 months', maxDays: 90, count: 0 },
    { label: 'over 3 months', maxDays: Infinity, count: 0 },
  ];
  const known: number[] = [];
  const owners = new Map<string, number>();
  for (const t of quarantined) {
    const age = ageDays(t, model.now);
    if (age !== undefined) {
      known.push(age);
      ages.find((b) => age < b.maxDays)!.count++;
    }
    for (const o of t.owners.length > 0 ? t.owners : ['(no owner known)']) owners.set(o, (owners.get(o) ?? 0) + 1);
  }
  known.sort((a, b) => a - b);
  quarantined.sort((a, b) => (ageDays(b, model.now) ?? -1) - (ageDays(a, model.now) ?? -1) || (a.id < b.id ? -1 : 1));
  let lostSec = 0;
  let lostTests = 0;
  let flakyTests = 0;
  for (const t of model.tests) {
    if (t.flakedRuns === 0) continue;
    flakyTests++;
    if (t.lostSec !== undefined) {
      lostSec += t.lostSec;
      lostTests++;
    }
  }
  const out: Backlog = {
    quarantined,
    byHand: quarantined.filter((t) => t.state === 'by-hand').length,
    ages,
    owners: [...owners].map(([owner, count]) => ({ owner, count })).sort((a, b) => b.count - a.count || (a.owner < b.owner ? -1 : 1)),
    lostSec,
    lostTests,
    flakyTests,
  };
  if (known.length > 0) out.medianAgeDays = known[Math.floor(known.length / 2)]!;
  return out;
}
