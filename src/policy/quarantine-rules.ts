/**
 * Quarantine rules as code (`policy.quarantine` in the config file, docs/quarantine-rules.md): limits a team sets on
 * its quarantines, applied after the rule (`policy.rule`) decided every test. Pure: over the decisions, the rule's
 * state each test had, its owners (CODEOWNERS), the time and the config.
 *
 * - **cap**: a team (any CODEOWNERS owner) has at most `caps[owner]` (else `max-per-owner`) quarantined tests; a
 *   new quarantine beyond it is refused, and the test's failures block (docs/adr/0518-quarantine-cap-per-owner.md);
 * - **owner required**: a quarantine of a test without an owner stands `owner-required-after-days` at most, then it
 *   is released and held out until the test has an owner (docs/adr/0519-owner-required.md);
 * - **expiry**: a quarantine older than `expire-after-days` is surfaced to its owners; with `on-expiry: block` it is
 *   released and held out until the test passes at its first attempt `release-after-clean-runs` runs in a row
 *   (docs/adr/0520-quarantine-expiry.md).
 *
 * A hand override is a person's decision: never refused, released or held, but it counts toward its team's cap.
 * Without `policy.quarantine` nothing here runs (`rulesActive`), so decisions are exactly the rule's.
 */
import { isFailure, type QuarantineState } from '../model.ts';
import type { Outcome } from './outcome.ts';
import type { Decision } from './quarantine.ts';
import type { QuarantineRules } from './quarantine-rules-types.ts';

export type { QuarantineRules } from './quarantine-rules-types.ts';

export type RuleKind = 'cap' | 'owner-required' | 'expired';

/** What a rule did to one test in this run. */
export interface RuleEffect {
  kind: RuleKind;
  /** The sentence, also the start of the decision's reason (so the stats line and decisions.json say it). */
  reason: string;
  /** The test's failures in this run block (the rule refused, released or holds out its quarantine). */
  blocks: boolean;
  /** First run with this effect: decisions.json records it, the owners' issue is told. */
  newly: boolean;
  /** The owners the rule looked at. */
  owners: string[];
}

export interface RulesInput {
  rules: QuarantineRules;
  decisions: ReadonlyMap<string, Decision>;
  /** The rule's own state each test had before this run (src/policy/hand-edits.ts ruleState). */
  previous: (id: string) => QuarantineState | undefined;
  /** Tests quarantined before this run (src/policy/judge.ts): the cap admits them first. */
  before: ReadonlySet<string>;
  /** A test's owners from CODEOWNERS; empty: none. */
  ownersOf: (id: string) => readonly string[];
  /** The step's clock, ms. */
  now: number;
  /** `policy.release-after-clean-runs`: what ends a hold after an expiry. */
  releaseAfterCleanRuns: number;
}

export interface RulesResult {
  /** The decisions that changed, by id (the others stand). */
  changed: Map<string, Decision>;
  /** Every effect, by id. */
  effects: Map<string, RuleEffect>;
}

const DAY_MS = 86_400_000;

/** The starts of the reasons these rules write: a stats line carrying one was decided by them (and is told once). */
export const RULE_REASON = {
  cap: 'new quarantine refused: ',
  ownerless: 'released: no CODEOWNERS owner after ',
  ownerlessHeld: 'not quarantined: no CODEOWNERS owner (',
  expired: 'quarantine expired: ',
  expiredHeld: 'not quarantined: its quarantine expired (',
} as const;

/** Whether the config sets any rule: without one, decisions are exactly the rule's. */
export function rulesActive(rules: QuarantineRules | undefined): rules is QuarantineRules {
  return (
    rules !== undefined &&
    (rules.maxPerOwner !== undefined || (rules.caps !== undefined && Object.keys(rules.caps).length > 0) || rules.ownerRequiredAfterDays !== undefined || rules.expireAfterDays !== undefined)
  );
}

/** The cap of an owner: its own entry of `caps` (case-insensitive), else `max-per-owner`; undefined: none. */
export function capOf(rules: QuarantineRules, owner: string): number | undefined {
  const key = owner.toLowerCase();
  if (rules.caps) for (const [name, cap] of Object.entries(rules.caps)) if (name.toLowerCase() === key) return cap;
  return rules.maxPerOwner;
}

const days = (n: number): string => `${n} day${n === 1 ? '' : 's'}`;
const day = (iso: string): string => iso.slice(0, 10);

function ageDays(since: string | undefined, now: number): number | undefined {
  const t = since ? Date.parse(since) : Number.NaN;
  return Number.isFinite(t) ? (now - t) / DAY_MS : undefined;
}

/** Not quarantined, keeping the start and the release point a held test had (a refused entry clears neither). */
function outOf(decision: Decision, previous: QuarantineState | undefined, reason: string, since: string): Decision {
  const after = decision.evidenceAfter ?? previous?.evidenceAfter;
  const { cells: _cells, ...rest } = decision;
  return { ...rest, quarantined: false, reason, since, ...(after !== undefined ? { evidenceAfter: after } : {}) };
}

/** The newest run time the decision knows, for a release's evidenceAfter: the rule counts only later runs. */
function releasedAt(decision: Decision, now: number): number {
  return decision.evidenceAfter ?? now;
}

export function applyQuarantineRules(input: RulesInput): RulesResult {
  const { rules, decisions, now } = input;
  const nowIso = new Date(now).toISOString();
  const changed = new Map<string, Decision>();
  const effects = new Map<string, RuleEffect>();
  const ownerRequired = rules.ownerRequiredAfterDays;
  const expireAfter = rules.expireAfterDays;
  const block = rules.onExpiry === 'block';

  // 1. Releases and holds: owner required, expiry. A hand override is never touched.
  for (const [id, decision] of decisions) {
    if (decision.override) continue;
    const previous = input.previous(id);
    const prevReason = previous?.reason ?? '';
    // Held out after a release for want of an owner, whatever the rule wants now, until CODEOWNERS names one.
    if (ownerRequired !== undefined && previous && !previous.quarantined && (prevReason.startsWith(RULE_REASON.ownerless) || prevReason.startsWith(RULE_REASON.ownerlessHeld))) {
      const owners = [...input.ownersOf(id)];
      if (owners.length === 0) {
        const reason = `${RULE_REASON.ownerlessHeld}policy.quarantine.owner-required-after-days): its failures block until CODEOWNERS names an owner`;
        changed.set(id, outOf(decision, previous, reason, previous.since ?? nowIso));
        effects.set(id, { kind: 'owner-required', reason, blocks: true, newly: false, owners });
        continue;
      }
    }
    if (decision.quarantined) {
      const owners = [...input.ownersOf(id)];
      const age = ageDays(decision.since, now);
      if (ownerRequired !== undefined && owners.length === 0 && age !== undefined && age >= ownerRequired) {
        const reason = `${RULE_REASON.ownerless}${days(ownerRequired)} (quarantined since ${day(decision.since!)}; policy.quarantine.owner-required-after-days): its failures block again until CODEOWNERS names an owner`;
        changed.set(id, { ...outOf(decision, undefined, reason, nowIso), evidenceAfter: releasedAt(decision, now) });
        effects.set(id, { kind: 'owner-required', reason, blocks: true, newly: true, owners });
        continue;
      }
      if (expireAfter !== undefined && age !== undefined && age >= expireAfter) {
        const core = `quarantined since ${day(decision.since!)}, past ${days(expireAfter)} (policy.quarantine.expire-after-days)`;
        if (block) {
          const reason = `${RULE_REASON.expired}${core}; released (on-expiry: block): its failures block again until it passes at its first attempt ${input.releaseAfterCleanRuns} runs in a row`;
          changed.set(id, { ...outOf(decision, undefined, reason, nowIso), evidenceAfter: releasedAt(decision, now) });
          effects.set(id, { kind: 'expired', reason, blocks: true, newly: true, owners });
        } else {
          const reason = `${RULE_REASON.expired}${core}; it stays quarantined (on-expiry: warn): fix it or release it`;
          changed.set(id, { ...decision, reason: `${reason}; ${decision.reason}` });
          effects.set(id, { kind: 'expired', reason, blocks: false, newly: !prevReason.startsWith(RULE_REASON.expired), owners });
        }
      }
    }
  }
  // A test the rule would quarantine while held by an expiry stays out until its clean streak (below the loop: needs `changed`).
  for (const [id, decision] of decisions) {
    if (decision.override || changed.has(id)) continue;
    const previous = input.previous(id);
    if (!previous || previous.quarantined || !block) continue;
    const prevReason = previous.reason;
    if (!(prevReason.startsWith(RULE_REASON.expired) || prevReason.startsWith(RULE_REASON.expiredHeld))) continue;
    if (decision.evidence.cleanStreak >= input.releaseAfterCleanRuns) continue;
    const reason = `${RULE_REASON.expiredHeld}policy.quarantine.expire-after-days, on-expiry: block): its failures block until it passes at its first attempt ${input.releaseAfterCleanRuns} runs in a row (now ${decision.evidence.cleanStreak})`;
    changed.set(id, outOf(decision, previous, reason, previous.since ?? nowIso));
    effects.set(id, { kind: 'expired', reason, blocks: true, newly: false, owners: [...input.ownersOf(id)] });
  }

  // 2. The cap: every quarantine that stands after step 1 and was there before the run counts; new ones are admitted
  // in id order while every owner of the test is under its cap.
  if (rules.maxPerOwner !== undefined || (rules.caps && Object.keys(rules.caps).length > 0)) {
    const count = new Map<string, number>();
    const entering: string[] = [];
    for (const [id, d] of decisions) {
      const decision = changed.get(id) ?? d;
      if (!decision.quarantined) continue;
      if (input.before.has(id) || decision.override) {
        for (const o of input.ownersOf(id)) count.set(o.toLowerCase(), (count.get(o.toLowerCase()) ?? 0) + 1);
      } else entering.push(id);
    }
    entering.sort();
    for (const id of entering) {
      const owners = [...input.ownersOf(id)];
      const full = owners.find((o) => {
        const cap = capOf(rules, o);
        return cap !== undefined && (count.get(o.toLowerCase()) ?? 0) >= cap;
      });
      if (full === undefined) {
        for (const o of owners) count.set(o.toLowerCase(), (count.get(o.toLowerCase()) ?? 0) + 1);
        continue;
      }
      const decision = changed.get(id) ?? decisions.get(id)!;
      const previous = input.previous(id);
      const n = count.get(full.toLowerCase()) ?? 0;
      const reason = `${RULE_REASON.cap}${full} has ${n} quarantined test${n === 1 ? '' : 's'}, its cap is ${capOf(rules, full)!} (policy.quarantine): its failures block until one of its quarantines ends`;
      changed.set(id, outOf(decision, previous, reason, previous && !previous.quarantined && previous.since ? previous.since : nowIso));
      effects.set(id, { kind: 'cap', reason, blocks: true, newly: !(previous?.reason ?? '').startsWith(RULE_REASON.cap), owners });
    }
  }
  return { changed, effects };
}

/**
 * The outcome with the failures the rules make block: a test of this run with a failed attempt whose quarantine the
 * rules refused, ended or hold out blocks, whatever a later attempt did (it would have been forgiven, or was proven
 * flaky by a retry or a re-run), with the rule's sentence as a reason. The same outcome object when nothing changes.
 */
export function withRuleBlocks(outcome: Outcome, effects: ReadonlyMap<string, RuleEffect>): Outcome {
  const blocks = (id: string): boolean => effects.get(id)?.blocks === true;
  const moved = [...outcome.forgiven, ...outcome.passedOnRetry].filter((t) => blocks(t.id) && t.attempts.some((a) => isFailure(a.status)));
  const already = outcome.blocking.filter((t) => blocks(t.id));
  if (moved.length === 0 && already.length === 0) return outcome;
  const out = new Set(moved.map((t) => t.id));
  const named = [...already, ...moved];
  const reasons = named.slice(0, 10).map((t) => `'${t.id}' ${effects.get(t.id)!.reason}.`);
  if (named.length > 10) reasons.push(`${named.length - 10} more tests blocked by policy.quarantine (docs/quarantine-rules.md).`);
  const ruleBlocked = new Map(named.map((t) => [t.id, effects.get(t.id)!.reason]));
  return {
    ...outcome,
    result: 'failure',
    failed: [...outcome.failed, ...moved.filter((t) => !outcome.failed.includes(t))],
    forgiven: outcome.forgiven.filter((t) => !out.has(t.id)),
    passedOnRetry: outcome.passedOnRetry.filter((t) => !out.has(t.id)),
    blocking: [...outcome.blocking, ...moved],
    reasons: [...outcome.reasons, ...reasons],
    ruleBlocked,
  };
}
