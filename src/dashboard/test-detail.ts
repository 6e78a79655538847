/** The view of one test: its runs as a strip, its failure modes, and its quarantine timeline (decisions.json). */
import { failureKey } from '../history/records.ts';
import { onsetOf, type Onset } from '../onset/index.ts';
import type { TestRunRecord } from '../model.ts';
import type { DecisionKind, TestDecisions } from '../store/decisions.ts';
import { commitUrl, safeUrl } from './links.ts';
import type { Model, TestEntry } from './page-model.ts';
import { runKind, slotsOf } from './test-runs.ts';

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
  /** Where the failure rate changed (src/onset/), run keys as sequence numbers; none without a failure in the window. */
  onset?: Onset;
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
  const sorted = [...modes.values()].sort((a, b) => b.count - a.count || b.lastSeq - a.lastSeq);
  const onset = modes.size > 0 || unexplained > 0 ? onsetOf(strip.map((c) => stripRecord(model, c))) : undefined;
  return { entry, strip, modes: sorted, unexplained, ...(onset ? { onset } : {}) };
}

/** A strip cell as the onset reads a run: its key is its sequence number. */
function stripRecord(model: Model, c: StripCell): TestRunRecord {
  const row = model.runBySeq.get(c.seq);
  return {
    run: String(c.seq),
    sha: c.sha ?? '',
    time: c.time ?? 0,
    onDefaultBranch: row?.onDefaultBranch ?? false,
    attempts: c.attempts,
    ...(c.outage ? { outage: true } : {}),
    ...(row?.untrusted ? { untrusted: true } : {}),
  };
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
  'quarantine refused': 'quarantine refused (cap)',
  'owner required': 'released: no owner',
  expired: 'quarantine expired',
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
