import {
  CH_P,
  DEFAULT_PFS_CONFIG,
  createPfsMemo,
  isFailCode,
  pfs,
  runOutcome
} from "./shared-scoring-pfs.js";
import {
  DEFAULT_THRESHOLDED_CONFIG,
  thresholdedFlakiness
} from "./shared-scoring-thresholded.js";
import {
  commitOf
} from "./shared-history-cell.js";
import {
  CODE_STATUS,
  isFailure
} from "./shared-model.js";

// src/scoring/flip-rate.ts
var DEFAULT_FLIP_RATE_CONFIG = Object.freeze({ window: 10, ewmaAlpha: 0.3, ewmaWindow: 20 });
function flipRates(runs, config = DEFAULT_FLIP_RATE_CONFIG, scratch) {
  const need = Math.max(config.window, config.ewmaWindow, 0);
  const recent = scratch !== void 0 && scratch.length >= need ? scratch : new Uint8Array(need);
  let got = 0;
  let outcomes = 0;
  for (let r = runs.length - 1; r >= 0; r--) {
    const o = runOutcome(runs[r].attempts);
    if (o === null) continue;
    if (got < need) recent[got++] = o ? 1 : 0;
    outcomes++;
  }
  let fr = null;
  const n = Math.min(config.window, got);
  if (n >= 2) {
    let flips = 0;
    for (let i = 1; i < n; i++) if (recent[i] !== recent[i - 1]) flips++;
    fr = flips / (n - 1);
  }
  let ewma = null;
  const m = Math.min(config.ewmaWindow, got);
  if (m >= 2) {
    let e = recent[m - 1] !== recent[m - 2] ? 1 : 0;
    for (let i = m - 3; i >= 0; i--) {
      const flip = recent[i] !== recent[i + 1] ? 1 : 0;
      e = config.ewmaAlpha * flip + (1 - config.ewmaAlpha) * e;
    }
    ewma = e;
  }
  return { flipRate: fr, ewmaFlipRate: ewma, outcomes };
}
function tierOf(rate) {
  if (rate === null || rate === 0) return "Stable";
  if (rate <= 0.2) return "Intermittent";
  if (rate <= 0.5) return "Flaky";
  return "Chronic";
}

// src/scoring/multi-factor.ts
var DAY_MS = 864e5;
var DEFAULT_WEIGHTS = Object.freeze({
  intermittency: 0.3,
  rerunPassRate: 0.25,
  failureClustering: 0.15,
  messageVariance: 0.1,
  failSuccessRatio: 0.1,
  consecutiveFailurePenalty: 0.1
});
var DEFAULT_SCORING_CONFIG = Object.freeze({
  rollingWindowSize: 50,
  minRunsForScoring: 5,
  lookbackDays: 30,
  recentFailureWindow: 7,
  quarantineThreshold: 0.6,
  investigationThreshold: 0.4,
  monitoringThreshold: 0.2,
  minConfidenceForQuarantine: 0.7,
  minConfidenceForAction: 0.5,
  weights: DEFAULT_WEIGHTS
});
function combineComponents(c, w = DEFAULT_WEIGHTS) {
  let score2 = c.intermittency * w.intermittency + c.rerunPassRate * w.rerunPassRate + c.failureClustering * w.failureClustering + c.messageVariance * w.messageVariance + c.failSuccessRatio * w.failSuccessRatio;
  score2 = score2 * (1 - c.consecutiveFailurePenalty * w.consecutiveFailurePenalty);
  return Math.max(0, Math.min(1, score2));
}
function combineConfidence(f) {
  return Math.pow(f.dataQuantity * f.timeSpan * f.dataQuality, 1 / 3);
}
function generateRecommendation(score2, confidence, config = DEFAULT_SCORING_CONFIG, sufficientData = true, recentFailures = Number.POSITIVE_INFINITY) {
  if (score2 < config.monitoringThreshold) {
    return { action: "stable", reason: "Test appears stable based on available data", confidence, priority: "low" };
  }
  if (!sufficientData) {
    return {
      action: "monitor",
      reason: `Fewer than ${config.minRunsForScoring} runs: not enough data to act`,
      confidence,
      priority: "low"
    };
  }
  if (confidence >= config.minConfidenceForQuarantine && score2 >= config.quarantineThreshold) {
    if (recentFailures > 0) return { action: "quarantine", reason: "High flakiness score with strong evidence", confidence, priority: "critical" };
    return {
      action: "investigate",
      reason: `High flakiness score, but no failure in the last ${config.recentFailureWindow} days`,
      confidence,
      priority: "high"
    };
  }
  if (confidence >= config.minConfidenceForAction && score2 >= config.investigationThreshold) {
    const high = confidence >= config.minConfidenceForQuarantine;
    return {
      action: "investigate",
      reason: high ? "Moderate flakiness with high confidence" : "Potential flakiness detected, needs investigation",
      confidence,
      priority: high ? "high" : "medium"
    };
  }
  return {
    action: "monitor",
    reason: confidence < config.minConfidenceForAction ? "Insufficient data for confident assessment" : "Some instability detected, continue monitoring",
    confidence,
    priority: "low"
  };
}
function hasObservation(attempts) {
  for (let i = 0; i < attempts.length; i++) {
    const c = attempts.charCodeAt(i);
    if (c === CH_P || isFailCode(c)) return true;
  }
  return false;
}
function failureClustering(times2, sorted) {
  if (times2.length < 2) return 0;
  const t = sorted ? times2 : Float64Array.from(times2).sort();
  const m = t.length - 1;
  let sum = 0;
  for (let i = 1; i < t.length; i++) sum += t[i] - t[i - 1];
  const mean = sum / m;
  let sq = 0;
  for (let i = 1; i < t.length; i++) {
    const d = t[i] - t[i - 1] - mean;
    sq += d * d;
  }
  const stdDev = Math.sqrt(sq / m);
  return Math.max(0, 1 - stdDev / (mean || 1));
}
function multiFactorScore(runs, now, config = DEFAULT_SCORING_CONFIG) {
  const since = now - config.lookbackDays * DAY_MS;
  const recentSince = now - config.recentFailureWindow * DAY_MS;
  const cap = Math.max(0, config.rollingWindowSize);
  let picked = 0;
  let first = runs.length;
  for (let r = runs.length - 1; r >= 0 && picked < cap; r--) {
    const run = runs[r];
    if (run.time < since || !hasObservation(run.attempts)) continue;
    picked++;
    first = r;
  }
  let n = 0;
  let transitions = 0;
  let prevFail = false;
  let rerunPasses = 0;
  let totalReruns = 0;
  let failures = 0;
  let streak = 0;
  let maxStreak = 0;
  const failTimes = [];
  let timesSorted = true;
  let msgFailures = 0;
  let messages;
  let hasTiming = false;
  let recentFailures = 0;
  let minTime = Number.POSITIVE_INFINITY;
  let maxTime = Number.NEGATIVE_INFINITY;
  for (let r = first; r < runs.length; r++) {
    const run = runs[r];
    const time = run.time;
    if (time < since) continue;
    const a = run.attempts;
    let attempt = 0;
    let messageGiven = false;
    let runFailed = false;
    for (let i = 0; i < a.length; i++) {
      const c = a.charCodeAt(i);
      const fail = isFailCode(c);
      if (!fail && c !== CH_P) continue;
      attempt++;
      if (time < minTime) minTime = time;
      if (time > maxTime) maxTime = time;
      if (n > 0 && fail !== prevFail) transitions++;
      prevFail = fail;
      n++;
      if (attempt > 1) {
        totalReruns++;
        if (!fail) rerunPasses++;
      }
      if (fail) {
        runFailed = true;
        failures++;
        streak++;
        if (streak > maxStreak) maxStreak = streak;
        if (failTimes.length > 0 && time < failTimes[failTimes.length - 1]) timesSorted = false;
        failTimes.push(time);
        if (!messageGiven) {
          messageGiven = true;
          const m = run.message;
          if (m !== void 0 && m !== "") {
            msgFailures++;
            (messages ??= /* @__PURE__ */ new Set()).add(m);
          }
        }
      } else streak = 0;
    }
    if (attempt > 0 && run.durationSec !== void 0 && run.durationSec > 0) hasTiming = true;
    if (runFailed && time >= recentSince) recentFailures++;
  }
  const components = {
    intermittency: transitions / Math.max(1, n - 1),
    rerunPassRate: totalReruns > 0 ? rerunPasses / totalReruns : 0,
    failureClustering: failureClustering(failTimes, timesSorted),
    messageVariance: messages === void 0 ? 0 : messages.size / msgFailures,
    failSuccessRatio: n === 0 ? 0 : 1 - Math.exp(-(failures / n) * 3),
    consecutiveFailurePenalty: n === 0 ? 0 : Math.min(1, maxStreak / n * 2)
  };
  let q = 0.5;
  if (msgFailures > 0) q += 0.2;
  if (totalReruns > 0) q += 0.2;
  if (hasTiming) q += 0.1;
  const factors = {
    dataQuantity: Math.min(1, n / 50),
    timeSpan: n < 2 ? 0 : Math.min(1, (maxTime - minTime) / DAY_MS / 14),
    dataQuality: q
  };
  const score2 = combineComponents(components, config.weights);
  const confidence = combineConfidence(factors);
  const sufficientData = picked >= config.minRunsForScoring;
  return {
    score: score2,
    confidence,
    components,
    factors,
    recommendation: generateRecommendation(score2, confidence, config, sufficientData, recentFailures),
    runs: picked,
    results: n,
    recentFailures,
    sufficientData
  };
}

// src/scoring/success-rate.ts
var DAY_MS2 = 864e5;
var DEFAULT_SUCCESS_RATE_CONFIG = Object.freeze({
  lookbackDays: 30,
  filter: "default-branch-or-successful-job",
  passWhen: "all-attempts"
});
function successRate(runs, now, config = DEFAULT_SUCCESS_RATE_CONFIG) {
  const since = now - config.lookbackDays * DAY_MS2;
  const all = config.filter === "all";
  const finalOnly = config.passWhen === "final-attempt";
  let counted = 0;
  let passed = 0;
  for (let r = runs.length - 1; r >= 0; r--) {
    const run = runs[r];
    if (run.time < since) continue;
    if (!all && !run.onDefaultBranch && run.jobSucceeded !== true) continue;
    const a = run.attempts;
    let seen = false;
    let failed = false;
    let last = false;
    for (let i = 0; i < a.length; i++) {
      const c = a.charCodeAt(i);
      if (c === CH_P) {
        seen = true;
        last = true;
      } else if (isFailCode(c)) {
        seen = true;
        failed = true;
        last = false;
      }
    }
    if (!seen) continue;
    counted++;
    if (finalOnly ? last : !failed) passed++;
  }
  return { rate: counted === 0 ? null : passed / counted, counted, passed };
}

// src/scoring/index.ts
var DEFAULT_SCORING_OPTIONS = Object.freeze({
  now: Number.NaN,
  multiFactor: DEFAULT_SCORING_CONFIG,
  flipRate: DEFAULT_FLIP_RATE_CONFIG,
  pfs: DEFAULT_PFS_CONFIG,
  successRate: DEFAULT_SUCCESS_RATE_CONFIG,
  thresholded: DEFAULT_THRESHOLDED_CONFIG
});
function resolveScoringOptions(opts = {}) {
  const d = DEFAULT_SCORING_OPTIONS;
  const mf = opts.multiFactor;
  return {
    now: opts.now ?? d.now,
    multiFactor: mf ? { ...d.multiFactor, ...mf, weights: { ...d.multiFactor.weights, ...mf.weights } } : d.multiFactor,
    flipRate: opts.flipRate ? { ...d.flipRate, ...opts.flipRate } : d.flipRate,
    pfs: opts.pfs ? { ...d.pfs, ...opts.pfs } : d.pfs,
    successRate: opts.successRate ? { ...d.successRate, ...opts.successRate } : d.successRate,
    thresholded: opts.thresholded ? { ...d.thresholded, ...opts.thresholded } : d.thresholded
  };
}
function newestTime(h) {
  let t = Number.NEGATIVE_INFINITY;
  for (const r of h.runs) if (r.time > t) t = r.time;
  return t;
}
function scratchFor(o) {
  return { flipRate: new Uint8Array(Math.max(o.flipRate.window, o.flipRate.ewmaWindow, 0)) };
}
function score(h, o, now, memo, scratch) {
  const fr = flipRates(h.runs, o.flipRate, scratch.flipRate);
  const sr = successRate(h.runs, now, o.successRate);
  return {
    id: h.id,
    multiFactor: multiFactorScore(h.runs, now, o.multiFactor),
    flipRate: fr.flipRate,
    ewmaFlipRate: fr.ewmaFlipRate,
    tier: tierOf(fr.flipRate),
    outcomes: fr.outcomes,
    pfs: pfs(h.runs, o.pfs, memo),
    successRate: sr,
    thresholded: sr.rate === null ? 0 : thresholdedFlakiness(1 - sr.rate, o.thresholded.alpha)
  };
}
function scoreAll(histories, opts, memo = createPfsMemo()) {
  const o = resolveScoringOptions(opts);
  let now = o.now;
  let source = histories;
  if (!Number.isFinite(now)) {
    const list = Array.isArray(histories) ? histories : [...histories];
    now = Number.NEGATIVE_INFINITY;
    for (const h of list) {
      const t = newestTime(h);
      if (t > now) now = t;
    }
    source = list;
  }
  const out = /* @__PURE__ */ new Map();
  const scratch = scratchFor(o);
  for (const h of source) out.set(h.id, score(h, o, now, memo, scratch));
  return out;
}
function scorerOf(opts, memo = createPfsMemo()) {
  const o = resolveScoringOptions(opts);
  if (!Number.isFinite(o.now)) throw new Error("scorerOf needs a finite now");
  const scratch = scratchFor(o);
  return (h) => score(h, o, o.now, memo, scratch);
}

// src/policy/rules/defaults.ts
var DEFAULT_RULE_OPTIONS = {
  pfs: { window: 50, enterLow: 0.01, releaseBelow: 0.02, minRuns: 10, regressionWindow: 10, regressionMinFailing: 2 },
  flipRate: { score: "flip-rate", quarantineTiers: ["Flaky", "Chronic"], autoRelease: true },
  successRate: { enterBelow: 0.95, releaseAt: 1, minRuns: 10 },
  thresholded: { enterAbove: 0, minRuns: 10 },
  scoring: { ...DEFAULT_SCORING_OPTIONS }
};

// src/policy/quarantine.ts
var DEFAULT_POLICY = {
  enterSameCommitFlips: 1,
  enterFailureEpisodes: 3,
  window: 50,
  breakageStreak: 3,
  releaseAfterCleanRuns: 60,
  forgive: "known-failures",
  outageMinTests: 5,
  outagePercent: 50,
  rule: "evidence",
  rules: DEFAULT_RULE_OPTIONS
};
function outcomeAttempts(run) {
  return run.attempts.replace(/S/g, "");
}
function countedAttempts(run) {
  if (run.outage) return "";
  return run.attempts.indexOf("S") < 0 ? run.attempts : outcomeAttempts(run);
}
function cleanRunsBefore(history, window) {
  let seen = 0;
  let clean = 0;
  for (let i = history.runs.length - 1; i >= 0; i--) {
    const attempts = countedAttempts(history.runs[i]);
    if (attempts === "") continue;
    if (++seen <= window) continue;
    if (attempts.charCodeAt(0) !== 80) break;
    clean++;
  }
  return clean;
}
function gatherEvidence(history, window = DEFAULT_POLICY.window) {
  const runs = [];
  for (let i = history.runs.length - 1; i >= 0 && runs.length < window; i--) {
    const run = history.runs[i];
    const attempts = countedAttempts(run);
    if (attempts === "") continue;
    const failed = attempts.indexOf("F") >= 0 || attempts.indexOf("E") >= 0;
    runs.push({ sha: commitOf(run), cell: run.cell ?? "", onDefaultBranch: run.onDefaultBranch, attempts, failed, passed: attempts.indexOf("P") >= 0 });
  }
  runs.reverse();
  const passedOn = /* @__PURE__ */ new Set();
  for (const run of runs) if (run.passed) passedOn.add(run.sha);
  let sameCommitFlips = 0;
  let trustedFailures = 0;
  let failureEpisodes = 0;
  const inEpisode = /* @__PURE__ */ new Set();
  for (const run of runs) {
    const provenFlaky = run.failed && passedOn.has(run.sha);
    if (provenFlaky) sameCommitFlips++;
    if (run.failed && (run.onDefaultBranch || provenFlaky)) {
      trustedFailures++;
      if (!inEpisode.has(run.cell)) failureEpisodes++;
      inEpisode.add(run.cell);
    } else if (run.attempts.charCodeAt(0) === 80) {
      inEpisode.delete(run.cell);
    }
  }
  let trailingBreakage = 0;
  for (let i = runs.length - 1; i >= 0; i--) {
    const run = runs[i];
    if (run.passed || passedOn.has(run.sha)) break;
    trailingBreakage++;
  }
  let cleanStreak = 0;
  for (let i = runs.length - 1; i >= 0 && runs[i].attempts.charCodeAt(0) === 80; i--) cleanStreak++;
  if (cleanStreak === runs.length) cleanStreak += cleanRunsBefore(history, window);
  let recent = "";
  for (let i = Math.max(0, runs.length - 20); i < runs.length; i++) {
    const a = runs[i].attempts;
    recent += isFailure(CODE_STATUS[a[a.length - 1]]) ? "F" : a.length > 1 ? "R" : "P";
  }
  return { runs: runs.length, sameCommitFlips, trustedFailures, failureEpisodes, trailingBreakage, cleanStreak, recent };
}
function times(n) {
  return n === 1 ? "once" : `${n} times`;
}
function describeEvidence(e) {
  const parts = [];
  if (e.sameCommitFlips > 0) parts.push(`failed and passed on the same commit ${times(e.sameCommitFlips)} in ${e.runs} runs`);
  if (e.failureEpisodes > 0)
    parts.push(`${e.failureEpisodes} separate failure episode${e.failureEpisodes === 1 ? "" : "s"} (${e.trustedFailures} counted failure${e.trustedFailures === 1 ? "" : "s"})`);
  if (parts.length === 0) parts.push(`no counted failure in ${e.runs} runs`);
  return parts.join("; ");
}
function countedEvidence(history, previous, now, window) {
  const wasQuarantined = previous?.quarantined === true;
  const evidenceAfter = !wasQuarantined && typeof previous?.evidenceAfter === "number" ? previous.evidenceAfter : void 0;
  const counted = evidenceAfter === void 0 ? history : { ...history, runs: history.runs.filter((r) => r.time > evidenceAfter) };
  const evidence = gatherEvidence(counted, window);
  const keepAfter = evidenceAfter === void 0 ? {} : { evidenceAfter };
  const keepSince = (quarantined) => wasQuarantined === quarantined && previous?.since ? previous.since : now;
  return { wasQuarantined, evidenceAfter, counted, evidence, keepAfter, keepSince };
}
function breakage(evidence, since, keepAfter) {
  return {
    quarantined: false,
    reason: `failed in the last ${evidence.trailingBreakage} runs with no pass on those commits: breakage, not flakiness`,
    since,
    evidence,
    ...keepAfter
  };
}
function decideQuarantine(history, previous, override, now, options = DEFAULT_POLICY) {
  const { wasQuarantined, evidenceAfter, evidence, keepAfter, keepSince } = countedEvidence(history, previous, now, options.window);
  if (override) {
    const quarantined = override.action === "quarantine";
    const by = override.reason ? `: ${override.reason}` : "";
    const until = override.until ? ` (until ${override.until})` : "";
    return {
      quarantined,
      reason: quarantined ? `quarantined by hand${by}${until}` : `never quarantined, by hand${by}${until}`,
      since: keepSince(quarantined),
      evidence,
      override
    };
  }
  const because = describeEvidence(evidence);
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
  return { quarantined: false, reason: evidenceAfter === void 0 ? because : `${because} since its release`, since: keepSince(false), evidence, ...keepAfter };
}

export {
  flipRates,
  tierOf,
  multiFactorScore,
  successRate,
  resolveScoringOptions,
  scoreAll,
  scorerOf,
  DEFAULT_POLICY,
  gatherEvidence,
  describeEvidence,
  countedEvidence,
  breakage,
  decideQuarantine
};
