// src/rerun/stopping.ts
var IMPLAUSIBLE = 5e-3;
var NO_HISTORY = Object.freeze({ failures: 0, passes: 0, againFailures: 0, againPasses: 0 });
function failureCounts(history, window) {
  if (!history) return NO_HISTORY;
  const c = { failures: 0, passes: 0, againFailures: 0, againPasses: 0 };
  let seen = 0;
  let passedLater = false;
  for (let i = history.runs.length - 1; i >= 0 && seen < window; i--) {
    const run = history.runs[i];
    if (run.outage) continue;
    const passed = run.attempts.indexOf("P") >= 0;
    if (!passed && !passedLater && (run.attempts.indexOf("F") >= 0 || run.attempts.indexOf("E") >= 0)) continue;
    if (passed) passedLater = true;
    let counted = false;
    let afterFailure = false;
    for (const code of run.attempts) {
      if (code === "S") continue;
      counted = true;
      const failed = code === "F" || code === "E";
      if (failed) c.failures++;
      else c.passes++;
      if (afterFailure) {
        if (failed) c.againFailures++;
        else c.againPasses++;
      }
      afterFailure = failed;
    }
    if (counted) seen++;
  }
  return c;
}
function failureRate(c) {
  return (1 + c.failures) / (2 + c.failures + c.passes);
}
function rerunChance(c, reruns) {
  const rate = failureRate(c);
  const a = 2 * rate + c.againFailures;
  const b = 2 * (1 - rate) + c.againPasses;
  let chance = 1;
  for (let i = 0; i < reruns; i++) chance *= (a + i) / (a + b + i);
  return chance;
}
function rerunsNeeded(c, threshold, limit) {
  for (let m = 0; m <= limit; m++) if (rerunChance(c, m) < threshold) return m;
  return void 0;
}
function nextStep(c, streak, reruns, rule) {
  const implausible = rerunChance(c, Math.min(streak, reruns)) < (rule.threshold ?? IMPLAUSIBLE);
  if (reruns < rule.minReruns) return "continue";
  if (implausible) return "consistent";
  return reruns >= rule.maxReruns ? "exhausted" : "continue";
}
function consistentSentence(failures, attempts) {
  return `failed ${failures} of ${attempts} times on this commit; its flaky failures would do that less than ${IMPLAUSIBLE * 100}% of the time`;
}

// src/history/error-message.ts
function normalizeErrorMessage(message) {
  return message.replace(/\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2}[.\d]*[Z]?/g, "TIMESTAMP").replace(/:\d+/g, ":LINE").replace(/0x[a-fA-F0-9]+/g, "0xADDRESS").replace(/:\d{4,5}\b/g, ":PORT").replace(/[a-f0-9]{8}-[a-f0-9]{4}-[a-f0-9]{4}-[a-f0-9]{4}-[a-f0-9]{12}/gi, "UUID").replace(/\/[\w\-_\/\.]+/g, "PATH").replace(/expected:?\s*\S+/gi, "expected: VALUE").replace(/actual:?\s*\S+/gi, "actual: VALUE").replace(/\s+/g, " ").trim().toLowerCase();
}

export {
  normalizeErrorMessage,
  IMPLAUSIBLE,
  NO_HISTORY,
  failureCounts,
  rerunChance,
  rerunsNeeded,
  nextStep,
  consistentSentence
};
