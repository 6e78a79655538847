/**
 * Fix verification in the quarantine decisions (docs/fix-verification.md, docs/adr/0330-fix-verification.md). Pure;
 * applied by applyRun after the rule decided each test:
 * - a verification this run made (a pull request's run that can write) is recorded on the quarantined test (`fix`);
 * - a recorded `verified` fix whose change landed on the default branch (the step checked it: `landed`) releases
 *   the quarantine at this run, unless the test failed in it; the release is judged from then on like any release
 *   (`evidenceAfter`), and its reason carries the evidence (decisions.json records it);
 * - after such a release, any counted failure (on the default branch, or failing and passing on one commit) puts the
 *   test back in quarantine at once, unless its failures are a streak of breakage (never hidden as flakiness);
 * - a hand override always wins: its test keeps its record untouched.
 */
import { isFailure, CODE_STATUS, type FixRecord, type TestHistory } from '../model.ts';
import { describeEvidence, type Decision, type PolicyOptions } from './quarantine.ts';

/** Where a verified fix landed: the merge commit of its pull request on the default branch. */
export interface FixLanded {
  pr: number;
  commit: string;
}

export interface FixInput {
  /** Verifications this run made, by history id. */
  verified?: ReadonlyMap<string, FixRecord>;
  /** Recorded verified fixes the step found landed on the default branch with this run. */
  landed?: ReadonlyMap<string, FixLanded>;
}

/** The stats line's `fix`, when it is in the documented form (a person may have edited the line). */
export function readFixRecord(raw: unknown): FixRecord | undefined {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return undefined;
  const r = raw as Record<string, unknown>;
  const int = (x: unknown): x is number => Number.isInteger(x) && (x as number) >= 0;
  const prob = (x: unknown): x is number => typeof x === 'number' && x >= 0 && x <= 1;
  if (!int(r.pr) || typeof r.head !== 'string' || !/^[0-9a-f]{40}([0-9a-f]{24})?$/.test(r.head) || !int(r.runs) || !int(r.failures)) return undefined;
  if (!prob(r.rate) || !prob(r.reached) || (r.verdict !== 'verified' && r.verdict !== 'failed' && r.verdict !== 'inconclusive') || typeof r.at !== 'string') return undefined;
  if (r.released !== undefined && typeof r.released !== 'string') return undefined;
  return {
    pr: r.pr,
    head: r.head,
    runs: r.runs,
    failures: r.failures,
    rate: r.rate,
    reached: r.reached,
    verdict: r.verdict,
    at: r.at,
    ...(typeof r.released === 'string' ? { released: r.released } : {}),
  };
}

/** "0 failures in 58 runs at 0123456789ab on pull request #12". */
export function fixEvidence(fix: FixRecord): string {
  return `${fix.failures} failure${fix.failures === 1 ? '' : 's'} in ${fix.runs} run${fix.runs === 1 ? '' : 's'} at ${fix.head.slice(0, 12)} on pull request #${fix.pr}`;
}

function failedIn(test: TestHistory | undefined, runKey: string): boolean {
  const r = test?.runs.find((x) => x.run === runKey);
  if (!r) return false;
  const a = r.attempts.replace(/S/g, '');
  return a !== '' && isFailure(CODE_STATUS[a[a.length - 1]!]!);
}

export interface FixApply {
  decisions: Map<string, Decision>;
  /** The stats line as read, by test id (its `fix`). */
  recorded: (id: string) => unknown;
  history: ReadonlyMap<string, TestHistory>;
  fixes: FixInput | undefined;
  /** This run's key and time (ms, as applied), and now (ISO). */
  runKey: string;
  runTime: number;
  nowIso: string;
  policy: PolicyOptions;
}

/** Applies fix verification to the rule's decisions (see the file's comment); replaces entries, never mutates one. */
export function applyFixes(o: FixApply): void {
  const { decisions, fixes } = o;
  for (const [id, d] of decisions) {
    if (d.override) continue;
    const fresh = fixes?.verified?.get(id);
    const prior = readFixRecord(o.recorded(id));
    if (fresh && d.quarantined) {
      decisions.set(id, { ...d, fix: fresh });
      continue;
    }
    if (!prior) continue;
    if (!prior.released) {
      if (!d.quarantined) continue; // released otherwise (the clean streak, a closed issue): the record is done
      const landed = fixes?.landed?.get(id);
      if (landed && prior.verdict === 'verified' && landed.pr === prior.pr && !failedIn(o.history.get(id), o.runKey)) {
        decisions.set(id, {
          quarantined: false,
          reason: `released: its fix was verified (${fixEvidence(prior)}) and landed on the default branch in ${landed.commit.slice(0, 12)}`,
          since: o.nowIso,
          evidence: d.evidence,
          // This run on the landed change counts as the first run after the release.
          evidenceAfter: o.runTime - 1,
          fix: { ...prior, released: o.nowIso },
        });
      } else decisions.set(id, { ...d, fix: prior });
      continue;
    }
    // Released by its fix: back in quarantine at its first counted failure since, unless that is breakage.
    if (d.quarantined) continue; // the rule put it back itself: the record is done
    const e = d.evidence;
    if (e.trustedFailures > 0 && e.trailingBreakage < o.policy.breakageStreak) {
      decisions.set(id, {
        quarantined: true,
        reason: `failed again after its verified fix released it (${fixEvidence(prior)}): quarantined again at once; ${describeEvidence(e)} since the release`,
        since: o.nowIso,
        evidence: e,
      });
    } else if (e.cleanStreak < o.policy.releaseAfterCleanRuns) decisions.set(id, { ...d, fix: prior });
  }
}
