/**
 * One test's quarantine decision under the chosen rule (`policy.rule`, docs/rules.md). Pure.
 *
 * The safety rules hold under every rule, because they are applied here, around the rule:
 * - a hand override wins (decided by src/policy/quarantine.ts before any rule is asked);
 * - outage runs are no evidence: the rule never sees them;
 * - a failure on a pull-request commit counts only when a pass on the same commit proves it flaky: the rule never
 *   sees the others;
 * - a deterministic failure is never quarantined: a seed rule may make a test enter only when its newest counted
 *   run is not a failure without a pass on its commit (and never on a breakage streak);
 * - a released test is judged on the runs after its release only (evidenceAfter), as under the evidence rule.
 * Which failures of a quarantined test are forgiven does not depend on the rule (src/policy/forgive.ts).
 */
import type { Override, QuarantineState, TestHistory, TestRunRecord } from '../model.ts';
import { commitOf } from '../history/cell.ts';
import { breakage, countedEvidence, decideQuarantine, type Decision, type PolicyOptions } from './quarantine.ts';
import { ruleVerdict, type RuleVerdict } from './rules/seed-rules.ts';
import type { PfsMemo } from '../scoring/pfs.ts';

/** The runs a seed rule reads: no outage run, no pull-request failure without a pass on its commit. */
export function trustedRuns(runs: readonly TestRunRecord[]): TestRunRecord[] {
  const passedOn = new Set<string>();
  for (const r of runs) if (!r.outage && r.attempts.includes('P')) passedOn.add(commitOf(r));
  return runs.filter((r) => {
    if (r.outage) return false;
    if (r.onDefaultBranch) return true;
    return !/[FE]/.test(r.attempts) || passedOn.has(commitOf(r));
  });
}

function newestTime(runs: readonly TestRunRecord[]): number {
  let t = 0;
  for (const r of runs) if (r.time > t) t = r.time;
  return t;
}

/** What the chosen seed rule says of a history (for tests and the eval); undefined under the evidence rule. */
export function verdictOf(history: TestHistory, options: PolicyOptions, memo?: PfsMemo): RuleVerdict | undefined {
  if (options.rule === 'evidence') return undefined;
  const runs = trustedRuns(history.runs);
  return ruleVerdict(options.rule, runs, newestTime(history.runs), options.rules, memo);
}

export function decide(history: TestHistory, previous: QuarantineState | undefined, override: Override | null, now: string, options: PolicyOptions, memo?: PfsMemo): Decision {
  if (override || options.rule === 'evidence') return decideQuarantine(history, previous, override, now, options);

  const { wasQuarantined, evidenceAfter, counted, evidence, keepAfter, keepSince } = countedEvidence(history, previous, now, options.window);
  const verdict = verdictOf(counted, options, memo)!;
  const staying = `${options.rule} rule: ${verdict.measured}; stays quarantined ${verdict.leaves}`;

  if (wasQuarantined) {
    if (verdict.release) {
      return { quarantined: false, reason: `released by the ${options.rule} rule: ${verdict.measured}`, since: now, evidence, evidenceAfter: newestTime(history.runs) };
    }
    return { quarantined: true, reason: staying, since: keepSince(true), evidence };
  }
  if (evidence.trailingBreakage >= options.breakageStreak) return breakage(evidence, keepSince(false), keepAfter);
  if (verdict.enter && evidence.trailingBreakage === 0) return { quarantined: true, reason: staying, since: now, evidence };
  const held = verdict.enter ? `; not quarantined while its newest run failed with no pass on that commit (it may be broken)` : '';
  const since = evidenceAfter === undefined ? '' : ' since its release';
  return { quarantined: false, reason: `${options.rule} rule: ${verdict.measured}${since}${held}`, since: keepSince(false), evidence, ...keepAfter };
}
