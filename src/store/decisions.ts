/**
 * `decisions.json` on the data branch: each test's quarantine timeline, for people and the dashboard
 * (docs/data-branch.md#decisionsjson). Pure: text ↔ data; no Node import, so that the dashboard's page reads the file
 * with the same code.
 *
 *   {"schema": 3, "from": 41, "tests": {
 *   "<test id>": {"issue": 12, "events": [{"run": 41, "at": "<ISO>", "event": "quarantined", "quarantined": true, "by": "rule", "reason": "…"}]}
 *   }}
 *
 * One line per test, sorted by id, as the other files, so that git stores a change as a small delta. The file is
 * informational: no decision is read from it (they come from the stats files), so a damaged one never blocks a run.
 */
import { SCHEMA_VERSION, parseLineObject, type FileProblem } from './layout.ts';

export const DECISIONS_FILE = 'decisions.json';
/** Events kept per test, newest last; older ones are dropped. */
export const MAX_EVENTS_PER_TEST = 20;
/** Characters of a reason kept in an event (a hand override's reason is a person's free text). */
export const MAX_REASON_CHARS = 500;

/**
 * What changed in one run:
 * - `quarantined` / `released`: the rule (`policy.rule`) changed the test's state;
 * - `override`: a hand override decides from this run on (set, or its action changed);
 * - `override lapsed` / `override cleared`: the override passed its `until`, or was removed: the rule decides again;
 * - `hand edit`: an edit of a computed field was honoured (`"quarantined": true/false`, `successRate`);
 * - `issue closed`: a person closed the test's issue as completed, which lifts its quarantine (close-lifts-quarantine);
 * - `quarantine refused`, `owner required`, `expired`: a rule of `policy.quarantine` (docs/quarantine-rules.md) refused
 *   a new quarantine (its team's cap), released an ownerless one, or found one past its expiry (kept, or released
 *   with `on-expiry: block`).
 */
export const DECISION_KINDS = ['quarantined', 'released', 'override', 'override lapsed', 'override cleared', 'hand edit', 'issue closed', 'quarantine refused', 'owner required', 'expired'] as const;
export type DecisionKind = (typeof DECISION_KINDS)[number];

export interface DecisionEvent {
  /** The run's sequence number (runs.json). */
  run: number;
  /** When flakeguard decided (ISO time). */
  at: string;
  event: DecisionKind;
  /** The state from this run on. */
  quarantined: boolean;
  /** Who decided: flakeguard's rule, or a person (an override, an honoured edit, an issue closed as completed). */
  by: 'rule' | 'hand';
  reason: string;
}

export interface TestDecisions {
  /** The number of the test's flakeguard issue, when the step has seen one (create-issues). */
  issue?: number;
  events: DecisionEvent[];
}

export interface DecisionLog {
  schema: number;
  /** The run from which decisions are recorded: earlier ones were made before the branch had this file. */
  from: number;
  tests: Map<string, TestDecisions>;
  /** Entries not in the form above (a hand edit), kept exactly as written (as JSON values) and not updated. */
  unreadable: Map<string, unknown>;
}

const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);
const KINDS = new Set<string>(DECISION_KINDS);

function readEvent(raw: unknown): DecisionEvent | undefined {
  if (!isObject(raw)) return undefined;
  const { run, at, event, quarantined, by, reason } = raw;
  if (!Number.isInteger(run) || (run as number) < 0 || typeof at !== 'string' || typeof event !== 'string' || !KINDS.has(event)) return undefined;
  if (typeof quarantined !== 'boolean' || (by !== 'rule' && by !== 'hand') || typeof reason !== 'string') return undefined;
  return { run: run as number, at, event: event as DecisionKind, quarantined, by, reason };
}

/** One test's entry, or undefined when it is not in the documented form. */
export function readTestDecisions(raw: unknown): TestDecisions | undefined {
  if (!isObject(raw) || !Array.isArray(raw.events)) return undefined;
  if (raw.issue !== undefined && (!Number.isInteger(raw.issue) || (raw.issue as number) < 1)) return undefined;
  const events: DecisionEvent[] = [];
  for (const e of raw.events) {
    const event = readEvent(e);
    if (!event) return undefined;
    events.push(event);
  }
  return { ...(raw.issue !== undefined ? { issue: raw.issue as number } : {}), events };
}

/**
 * Reads decisions.json. `log` is undefined when the file cannot be read as a whole (not JSON, not this shape, a
 * schema newer than this version): it is then kept byte for byte and nothing is recorded until it is fixed or
 * deleted. An entry not in the expected form is kept as written, with a problem naming its line.
 */
export function parseDecisions(text: string): { log?: DecisionLog; problems: FileProblem[] } {
  const { value, problems } = parseLineObject(DECISIONS_FILE, text, 'tests');
  if (!value) return { problems };
  const head = value.root;
  if (value.schema > SCHEMA_VERSION) {
    return { problems: [{ file: DECISIONS_FILE, line: 1, message: `written in schema ${value.schema} by a newer flakeguard; this version reads schemas up to ${SCHEMA_VERSION}` }] };
  }
  if (!Number.isInteger(head.from) || (head.from as number) < 0) {
    return { problems: [{ file: DECISIONS_FILE, line: 1, message: `"from" must be a run number, got ${JSON.stringify(head.from ?? null).slice(0, 40)}` }] };
  }
  const log: DecisionLog = { schema: value.schema, from: head.from as number, tests: new Map(), unreadable: new Map() };
  const found: FileProblem[] = [];
  for (const [id, raw] of value.entries) {
    const entry = readTestDecisions(raw);
    if (entry) {
      log.tests.set(id, entry);
    } else {
      log.unreadable.set(id, raw);
      found.push({
        file: DECISIONS_FILE,
        line: value.lineOf(id),
        message: `the entry of ${JSON.stringify(id).slice(0, 200)} is not in the documented form; it is kept as written and no decision is recorded for this test until it is fixed or deleted`,
      });
    }
  }
  return { log, problems: found };
}

/** Renders the file: one line per test, sorted by id; keys in a fixed order, so the same log gives the same bytes. */
export function renderDecisions(log: DecisionLog): string {
  const lines: Array<[string, string]> = [];
  for (const [id, entry] of log.tests) {
    const events = entry.events.map((e) => ({ run: e.run, at: e.at, event: e.event, quarantined: e.quarantined, by: e.by, reason: e.reason }));
    lines.push([id, JSON.stringify({ ...(entry.issue !== undefined ? { issue: entry.issue } : {}), events })]);
  }
  for (const [id, raw] of log.unreadable) if (!log.tests.has(id)) lines.push([id, JSON.stringify(raw)]);
  lines.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  const body = lines.map(([id, value]) => `${JSON.stringify(id)}: ${value}`);
  return `{"schema": ${SCHEMA_VERSION}, "from": ${log.from}, "tests": {\n${body.join(',\n')}\n}}\n`;
}
