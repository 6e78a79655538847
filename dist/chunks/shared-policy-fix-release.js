import {
  describeEvidence
} from "./shared-scoring-multi-factor.js";
import {
  CODE_STATUS,
  isFailure
} from "./shared-model.js";

// src/policy/fix-release.ts
function readFixRecord(raw) {
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return void 0;
  const r = raw;
  const int = (x) => Number.isInteger(x) && x >= 0;
  const prob = (x) => typeof x === "number" && x >= 0 && x <= 1;
  if (!int(r.pr) || typeof r.head !== "string" || !/^[0-9a-f]{40}([0-9a-f]{24})?$/.test(r.head) || !int(r.runs) || !int(r.failures)) return void 0;
  if (!prob(r.rate) || !prob(r.reached) || r.verdict !== "verified" && r.verdict !== "failed" && r.verdict !== "inconclusive" || typeof r.at !== "string") return void 0;
  if (r.released !== void 0 && typeof r.released !== "string") return void 0;
  return {
    pr: r.pr,
    head: r.head,
    runs: r.runs,
    failures: r.failures,
    rate: r.rate,
    reached: r.reached,
    verdict: r.verdict,
    at: r.at,
    ...typeof r.released === "string" ? { released: r.released } : {}
  };
}
function fixEvidence(fix) {
  return `${fix.failures} failure${fix.failures === 1 ? "" : "s"} in ${fix.runs} run${fix.runs === 1 ? "" : "s"} at ${fix.head.slice(0, 12)} on pull request #${fix.pr}`;
}
function failedIn(test, runKey) {
  const r = test?.runs.find((x) => x.run === runKey);
  if (!r) return false;
  const a = r.attempts.replace(/S/g, "");
  return a !== "" && isFailure(CODE_STATUS[a[a.length - 1]]);
}
function applyFixes(o) {
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
      if (!d.quarantined) continue;
      const landed = fixes?.landed?.get(id);
      if (landed && prior.verdict === "verified" && landed.pr === prior.pr && !failedIn(o.history.get(id), o.runKey)) {
        decisions.set(id, {
          quarantined: false,
          reason: `released: its fix was verified (${fixEvidence(prior)}) and landed on the default branch in ${landed.commit.slice(0, 12)}`,
          since: o.nowIso,
          evidence: d.evidence,
          // This run on the landed change counts as the first run after the release.
          evidenceAfter: o.runTime - 1,
          fix: { ...prior, released: o.nowIso }
        });
      } else decisions.set(id, { ...d, fix: prior });
      continue;
    }
    if (d.quarantined) continue;
    const e = d.evidence;
    if (e.trustedFailures > 0 && e.trailingBreakage < o.policy.breakageStreak) {
      decisions.set(id, {
        quarantined: true,
        reason: `failed again after its verified fix released it (${fixEvidence(prior)}): quarantined again at once; ${describeEvidence(e)} since the release`,
        since: o.nowIso,
        evidence: e
      });
    } else if (e.cleanStreak < o.policy.releaseAfterCleanRuns) decisions.set(id, { ...d, fix: prior });
  }
}

export {
  readFixRecord,
  applyFixes
};
