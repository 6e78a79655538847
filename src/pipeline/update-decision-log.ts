/**
 * The run's update of decisions.json, each test's quarantine timeline (docs/data-branch.md#decisionsjson). Pure:
 * from the file as read, the stats lines the previous run wrote and this run's decisions, the file's new text.
 *
 * - Written only on change: when no decision changed, no test left the history and no issue number is new, the
 *   text read is returned as it was (the file is not rendered, and the commit does not touch it).
 * - Bounded: MAX_EVENTS_PER_TEST events per test, reasons cut at MAX_REASON_CHARS, tests that left the history dropped.
 * - Informational, so never in the way: a file that cannot be read is kept byte for byte (nothing is recorded until
 *   it is fixed or deleted), an entry that cannot be read is kept as written; both are reported as problems.
 */
import type { Decision } from '../policy/quarantine.ts';
import type { ClosedByHandLookup } from '../policy/hand-close.ts';
import type { HandEdit } from '../policy/hand-edits.ts';
import { decisionChange, writtenState, type ChangeCauses, type DecisionState } from '../policy/decision-log.ts';
import { MAX_EVENTS_PER_TEST, MAX_REASON_CHARS, parseDecisions, renderDecisions, type DecisionLog } from '../store/decisions.ts';
import { SCHEMA_VERSION, type FileProblem, type StatsLine } from '../store/layout.ts';

/** The number of a test's flakeguard issue, when the step knows it (src/github/issues.ts). */
export type IssueNumberLookup = (id: string) => number | undefined;

export interface DecisionLogInput {
  /** decisions.json as read; undefined when the branch has none yet. */
  previous: string | undefined;
  /** The stats lines as the previous run wrote them (the snapshot after hand edits were read, src/pipeline/apply-hand-edits.ts). */
  stats: ReadonlyMap<string, StatsLine>;
  decisions: ReadonlyMap<string, Decision>;
  /** Tests in the history after this run: the others are dropped from the file. */
  tests: { has: (id: string) => boolean };
  /** Tests whose stats file is broken: their decisions are not written, so not recorded either. */
  skip: (id: string) => boolean;
  /** Tests whose override lapsed. */
  lapsed: ReadonlySet<string>;
  /** Hand edits of computed fields read this run. */
  edits: readonly HandEdit[];
  closedByHand?: ClosedByHandLookup;
  issueOf?: IssueNumberLookup;
  /** What `policy.quarantine` did this run, by test (src/policy/quarantine-rules.ts). */
  rules?: ReadonlyMap<string, { kind: 'cap' | 'owner-required' | 'expired'; newly: boolean }>;
  /** This run's sequence number; undefined when the run is not in the history (nothing is recorded). */
  run: number | undefined;
  /** ISO time of the decision. */
  at: string;
}

export interface DecisionLogUpdate {
  /** The file's text to keep on the branch; undefined when there is none and nothing to record. */
  text: string | undefined;
  problems: FileProblem[];
  /** Events recorded this run. */
  recorded: number;
}

const cut = (text: string): string => (text.length > MAX_REASON_CHARS ? `${text.slice(0, MAX_REASON_CHARS - 1)}…` : text);

export function updateDecisionLog(input: DecisionLogInput): DecisionLogUpdate {
  if (input.run === undefined) return { text: input.previous, problems: [], recorded: 0 };
  let log: DecisionLog;
  let problems: FileProblem[] = [];
  let changed = false;
  if (input.previous === undefined) {
    log = { schema: SCHEMA_VERSION, from: input.run, tests: new Map(), unreadable: new Map() };
    changed = true;
  } else {
    const parsed = parseDecisions(input.previous);
    problems = parsed.problems;
    if (!parsed.log) return { text: input.previous, problems, recorded: 0 };
    log = parsed.log;
  }

  const edits = new Map<string, ChangeCauses['edit']>();
  for (const e of input.edits) if (e.effect !== 'kept') edits.set(e.id, { effect: e.effect, message: e.message });
  let recorded = 0;
  // Most runs have no edit, no rule effect and no issue numbers: the loop over every test looks up the stats line only.
  const anyEdit = edits.size > 0;
  const rules = input.rules !== undefined && input.rules.size > 0 ? input.rules : undefined;
  for (const [id, decision] of input.decisions) {
    const edit = anyEdit ? edits.get(id) : undefined;
    // The common case first, without allocating: the state written last run is this run's, and no issue to record.
    const line = input.stats.get(id);
    const hand = decision.override !== undefined || decision.auto !== undefined;
    const same = !edit && (line?.quarantined === true) === decision.quarantined && (typeof line?.auto === 'object' && line.auto !== null) === hand;
    const rule = rules?.get(id);
    if (same && !input.issueOf && !rule?.newly) continue;
    if (input.skip(id) || log.unreadable.has(id)) continue;
    // A release by hand edit has already been applied to the line read (its `quarantined` is false): it was quarantined.
    const before: DecisionState = edit?.effect === 'release' ? { quarantined: true, hand: false } : writtenState(line);
    const closed = input.closedByHand;
    const change =
      same && !rule?.newly
        ? undefined
        : decisionChange(before, decision, {
            ...(input.lapsed.has(id) ? { lapsed: true } : {}),
            ...(edit ? { edit } : {}),
            ...(closed ? { issueClosed: () => closed(id)?.issue } : {}),
            ...(rule ? { rule: { kind: rule.kind, newly: rule.newly } } : {}),
          });
    const issue = input.issueOf?.(id);
    const entry = log.tests.get(id);
    if (!change && (issue === undefined || issue === entry?.issue)) continue;
    const next = { ...(entry ?? { events: [] }) };
    if (issue !== undefined) next.issue = issue;
    if (change) {
      next.events = [...next.events, { run: input.run, at: input.at, ...change, reason: cut(change.reason) }].slice(-MAX_EVENTS_PER_TEST);
      recorded++;
    }
    log.tests.set(id, next);
    changed = true;
  }
  for (const id of log.tests.keys()) {
    if (input.tests.has(id)) continue;
    log.tests.delete(id);
    changed = true;
  }
  return { text: changed ? renderDecisions(log) : input.previous, problems, recorded };
}
