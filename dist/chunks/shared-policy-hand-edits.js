import {
  damageReason,
  inBrokenShard
} from "./shared-store-snapshot.js";
import {
  failureMessageOf
} from "./shared-history-merge.js";
import {
  failureKey
} from "./shared-history-records.js";
import {
  overrideExpired
} from "./shared-store-layout.js";
import {
  commitOf
} from "./shared-history-cell.js";
import {
  isFailure
} from "./shared-model.js";

// src/policy/outcome.ts
function finalAttemptFailed(test) {
  const last = test.attempts[test.attempts.length - 1];
  return last !== void 0 && isFailure(last.status);
}
function plural(n, word) {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}
function failedInRun(test, consistent) {
  return finalAttemptFailed(test) || consistent?.has(test.id) === true && test.attempts.some((a) => isFailure(a.status));
}
function decideOutcome(input) {
  const failed2 = input.tests.filter((t) => failedInRun(t, input.consistent));
  const unforgiven = /* @__PURE__ */ new Map();
  const forgiven = [];
  const blocking = [];
  for (const t of failed2) {
    const why = input.quarantined.has(t.id) ? input.unforgiven?.get(t.id) : void 0;
    if (why !== void 0) unforgiven.set(t.id, why);
    if (input.quarantined.has(t.id) && why === void 0) forgiven.push(t);
    else blocking.push(t);
  }
  const passedOnRetry = input.tests.filter((t) => !failedInRun(t, input.consistent) && t.attempts.some((a) => isFailure(a.status)));
  const reasons = [];
  if (input.filesMatched === 0) {
    reasons.push(`No test report matched the \`reports\` patterns: the tests may not have run, or wrote their reports elsewhere.${input.unmatched ? ` ${input.unmatched}` : ""}`);
  }
  for (const problem of input.problems) {
    reasons.push(`Report ${problem.path}${problem.line ? `:${problem.line}` : ""} could not be read: ${problem.message}`);
  }
  const ordered = (t) => input.orderDependent?.has(t.id) === true;
  const notQuarantined = blocking.filter((t) => !unforgiven.has(t.id) && !ordered(t)).length;
  const uncovered = blocking.filter((t) => unforgiven.has(t.id) && !ordered(t)).length;
  if (notQuarantined > 0) {
    reasons.push(`${plural(notQuarantined, "failed test")} ${notQuarantined === 1 ? "is" : "are"} not quarantined.`);
  }
  if (uncovered > 0) {
    reasons.push(
      `${plural(uncovered, "quarantined test")} failed in a way ${uncovered === 1 ? "its" : "their"} quarantine does not cover (a failure never seen as flaky, or an outage): not forgiven.`
    );
  }
  const consistent = blocking.filter((t) => input.consistent?.has(t.id));
  for (const t of consistent.slice(0, 10)) reasons.push(`'${t.id}' ${input.consistent.get(t.id)}.`);
  if (consistent.length > 10) reasons.push(`${plural(consistent.length - 10, "more test")} failed every re-run on this commit.`);
  const newFlaky = input.newFlaky?.ids ?? [];
  if (input.newFlaky?.block && newFlaky.length > 0) {
    reasons.push(`${plural(newFlaky.length, "new test")} of this pull request failed and passed on this commit: flaky before it merges (new-tests: block).`);
  }
  for (const outage of input.outages ?? []) {
    reasons.push(`An outage: ${outage}. Those failures are not flakiness: never forgiven, and no test's evidence.`);
  }
  if ((input.testOutcome === "failure" || input.testOutcome === "cancelled") && failed2.length === 0 && !((input.failedBeforeReruns ?? 0) > 0)) {
    reasons.push(`The test step's outcome is '${input.testOutcome}' but the reports show no failed test: something failed outside the reports (a crash, a timeout, a build error).`);
  }
  const orderDependent = /* @__PURE__ */ new Map();
  for (const t of blocking) {
    const sentence = input.orderDependent?.get(t.id);
    if (sentence !== void 0) orderDependent.set(t.id, sentence);
  }
  return {
    result: reasons.length === 0 ? "success" : "failure",
    failed: failed2,
    forgiven,
    blocking,
    passedOnRetry,
    unforgiven,
    ...orderDependent.size > 0 ? { orderDependent } : {},
    reasons
  };
}

// src/policy/outage.ts
function findOutages(tests, normalise, options) {
  const perReport = /* @__PURE__ */ new Map();
  const groups = /* @__PURE__ */ new Map();
  let report;
  let count = 0;
  for (const test of tests) {
    if (test.report !== report) {
      if (report !== void 0) perReport.set(report, (perReport.get(report) ?? 0) + count);
      report = test.report;
      count = 0;
    }
    count++;
    if (!anyFailure(test)) continue;
    const message = failureKey(failureMessageOf(test, normalise));
    if (message === void 0) continue;
    let byMessage = groups.get(test.report);
    if (!byMessage) groups.set(test.report, byMessage = /* @__PURE__ */ new Map());
    const ids = byMessage.get(message);
    if (ids) ids.push(test.id);
    else byMessage.set(message, [test.id]);
  }
  if (report !== void 0) perReport.set(report, (perReport.get(report) ?? 0) + count);
  const outages = [];
  for (const [report2, byMessage] of groups) {
    const of = perReport.get(report2);
    for (const [message, ids] of byMessage) {
      if (ids.length >= options.outageMinTests && ids.length * 100 >= of * options.outagePercent) outages.push({ report: report2, message, tests: ids, of });
    }
  }
  return outages;
}
function anyFailure(test) {
  const attempts = test.attempts;
  for (let i = 0; i < attempts.length; i++) if (isFailure(attempts[i].status)) return true;
  return false;
}
function outageFailures(tests, outages) {
  const inOutage = new Set(outages.flatMap((o) => o.tests));
  return new Set(tests.filter((t) => inOutage.has(t.id) && finalAttemptFailed(t)).map((t) => t.id));
}
function describeOutage(o) {
  return `${o.tests.length} of the ${o.of} tests of ${o.report} failed with the same message`;
}

// src/policy/hand-edits.ts
var CHECKED_FIELDS = [
  "quarantined",
  "successRate",
  "reason",
  "since",
  "runs",
  "recent",
  "tier",
  "flipRate",
  "ewmaFlipRate",
  "pfs",
  "score",
  "confidence",
  "recommendation",
  "thresholded"
];
var CHECK_VERSION = "1";
var CHUNK = 4;
function fnv16(text) {
  let hash = 2166136261;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 16777619);
  }
  return (hash >>> 0 & 65535).toString(16).padStart(CHUNK, "0");
}
function checkOf(line) {
  let out = `${CHECK_VERSION}:`;
  for (const field of CHECKED_FIELDS) out += fnv16(JSON.stringify(line[field] ?? null));
  return out;
}
function editedFields(line) {
  const check = line.check;
  if (typeof check !== "string" || !check.startsWith(`${CHECK_VERSION}:`) || check.length !== 2 + CHUNK * CHECKED_FIELDS.length) return void 0;
  const out = [];
  CHECKED_FIELDS.forEach((field, i) => {
    if (!(field in line)) return;
    const at = 2 + i * CHUNK;
    if (check.slice(at, at + CHUNK) !== fnv16(JSON.stringify(line[field] ?? null))) out.push(field);
  });
  return out;
}
var BY_HAND = /^(quarantined by hand|never quarantined, by hand)/;
function ruleState(line) {
  if (!line) return void 0;
  const auto = line.auto;
  if (auto && typeof auto === "object" && typeof auto.quarantined === "boolean") {
    return {
      quarantined: auto.quarantined,
      reason: "",
      ...typeof auto.since === "string" ? { since: auto.since } : {},
      ...typeof auto.evidenceAfter === "number" ? { evidenceAfter: auto.evidenceAfter } : {},
      ...auto.quarantined && isCellList(auto.cells) ? { cells: auto.cells } : {}
    };
  }
  if (BY_HAND.test(line.reason)) return { quarantined: false, reason: "", ...line.since ? { since: line.since } : {} };
  const state = { quarantined: line.quarantined, reason: line.reason };
  if (line.since) state.since = line.since;
  if (typeof line.evidenceAfter === "number") state.evidenceAfter = line.evidenceAfter;
  if (line.quarantined && isCellList(line.cells)) state.cells = line.cells;
  return state;
}
var isCellList = (cells) => Array.isArray(cells) && cells.every((c) => typeof c === "string");
var OVERRIDE_Q = '"override": "quarantine"';
var OVERRIDE_N = '"override": "never"';
function interpretEdits(id, line, fields, ctx) {
  const edits = [];
  let acted = false;
  const where = `'${id}' in ${ctx.file}`;
  for (const field of fields) {
    const written = line[field];
    const shown = JSON.stringify(written ?? null).slice(0, 60);
    const keep = (meant) => ({
      id,
      field,
      written,
      effect: "kept",
      message: `"${field}": ${shown} of ${where} is computed by flakeguard and changes nothing; it is left as you wrote it until you delete it. ${meant}`
    });
    const act = (effect, message) => {
      acted = true;
      edits.push({ id, field, written, effect, message });
    };
    if (ctx.override) {
      edits.push(keep(`The override ${JSON.stringify(ctx.override.action)} decides this test; to change that, edit "override" (null lets flakeguard decide).`));
      continue;
    }
    if (field === "quarantined" && written === ctx.quarantined) continue;
    if (!acted && field === "quarantined" && written === true && !ctx.quarantined) {
      act("quarantine", `"quarantined": true of ${where} was set by hand: recorded as ${OVERRIDE_Q} with its reason (set "override" to null to undo).`);
      continue;
    }
    if (!acted && field === "quarantined" && written === false && ctx.quarantined) {
      act("release", `"quarantined": false of ${where} was set by hand: released now, and judged on later runs only (to keep it out for good, write ${OVERRIDE_N}).`);
      continue;
    }
    if (!acted && field === "successRate" && typeof written === "number" && Number.isFinite(written)) {
      if (written < ctx.successRateEnterBelow && !ctx.quarantined) {
        act(
          "quarantine",
          `"successRate": ${shown} of ${where} was lowered by hand below ${ctx.successRateEnterBelow}: quarantined (policy.success-rate.enter-below, docs/rules.md), recorded as ${OVERRIDE_Q} with its reason (set "override" to null to undo).`
        );
        continue;
      }
      if (written >= ctx.successRateEnterBelow && ctx.quarantined) {
        act("release", `"successRate": ${shown} of ${where} was raised by hand: released now, and judged on later runs only (to keep it out for good, write ${OVERRIDE_N}).`);
        continue;
      }
    }
    edits.push(keep(`To quarantine the test, write ${OVERRIDE_Q}; to keep it out of quarantine, ${OVERRIDE_N}; to let flakeguard decide, delete "${field}".`));
  }
  return edits;
}
function overrideForEdit(edit, today) {
  return { action: "quarantine", reason: `"${edit.field}": ${JSON.stringify(edit.written)} set by hand (${today})` };
}

// src/history/trust.ts
var MAX_UNTRUSTED_TESTS = 5e4;
var MAX_UNTRUSTED_ARTIFACTS = 64;
var MAX_UNTRUSTED_ATTEMPTS = 8;
var MAX_UNTRUSTED_MESSAGES = 100;
function untrustedRunKey(runId) {
  return `${runId}/untrusted`;
}
var failed = (attempts) => attempts.includes("F") || attempts.includes("E");
function hasTrustedRecord(test) {
  return test !== void 0 && test.runs.some((r) => !r.untrusted);
}
function hasUntrustedRecord(test) {
  return test !== void 0 && test.runs.some((r) => r.untrusted);
}
function trustedRunsAgree(test) {
  const passedOn = /* @__PURE__ */ new Set();
  const failedOn = /* @__PURE__ */ new Set();
  for (const r of test.runs) {
    if (r.untrusted || r.outage) continue;
    if (failed(r.attempts) && r.attempts.includes("P")) return true;
    if (failed(r.attempts)) failedOn.add(commitOf(r));
    else if (r.attempts.includes("P")) passedOn.add(commitOf(r));
  }
  for (const sha of failedOn) if (passedOn.has(sha)) return true;
  return false;
}
function trustedOnly(test) {
  return hasUntrustedRecord(test) ? { ...test, runs: test.runs.filter((r) => !r.untrusted) } : test;
}
function trustedEvidence(history) {
  let out;
  for (const [id, test] of history) {
    if (!hasUntrustedRecord(test) || trustedRunsAgree(test)) continue;
    out ??= new Map(history);
    out.set(id, trustedOnly(test));
  }
  return out ?? history;
}
function withoutUntrusted(history) {
  let out;
  for (const [id, test] of history) {
    if (!hasUntrustedRecord(test)) continue;
    out ??= new Map(history);
    out.set(id, trustedOnly(test));
  }
  return out ?? history;
}
function untrustedTestsToRecord(tests, history, runId) {
  const prefix = runId === void 0 ? void 0 : `${runId}/`;
  const kept = tests.filter((t) => {
    const h = history.get(t.id);
    if (!hasTrustedRecord(h)) return false;
    return prefix === void 0 || !h.runs.some((r) => !r.untrusted && r.run.startsWith(prefix));
  });
  return { kept, leftOut: tests.length - kept.length };
}
function boundedUntrustedTests(tests) {
  const byId = /* @__PURE__ */ new Map();
  for (const t of tests) {
    const seen = byId.get(t.id);
    if (seen) {
      if (seen.attempts.length < MAX_UNTRUSTED_ATTEMPTS) seen.attempts.push(...t.attempts.slice(0, MAX_UNTRUSTED_ATTEMPTS - seen.attempts.length));
      continue;
    }
    byId.set(t.id, { id: t.id, name: t.name, classname: t.classname, suite: t.suite, report: t.report, attempts: t.attempts.slice(0, MAX_UNTRUSTED_ATTEMPTS) });
  }
  let messages = 0;
  const out = [];
  for (const t of byId.values()) {
    const keep = messages < MAX_UNTRUSTED_MESSAGES && t.attempts.some((a) => a.message !== void 0 || a.type !== void 0);
    if (keep) messages++;
    const attempts = t.attempts.map((a) => {
      const bare = { status: a.status };
      if (keep && a.message !== void 0) bare.message = a.message;
      if (keep && a.type !== void 0) bare.type = a.type;
      return bare;
    });
    out.push({ ...t, attempts });
  }
  return out;
}
function untrustedCell(claimed, trustedCells) {
  return claimed !== void 0 && trustedCells.has(claimed) ? claimed : void 0;
}

// src/policy/forgive.ts
function knownFailureModes(history) {
  const known = /* @__PURE__ */ new Set();
  if (!history) return known;
  const passedOn = /* @__PURE__ */ new Set();
  for (const r of history.runs) if (!r.outage && r.attempts.indexOf("P") >= 0) passedOn.add(commitOf(r));
  const episodes = /* @__PURE__ */ new Map();
  const inProgress = /* @__PURE__ */ new Map();
  for (const r of history.runs) {
    if (r.outage) continue;
    const failed2 = r.attempts.indexOf("F") >= 0 || r.attempts.indexOf("E") >= 0;
    const cell = r.cell ?? "";
    const previous = inProgress.has(cell) ? inProgress.get(cell) : null;
    if (!failed2) {
      if (r.attempts.indexOf("P") >= 0) inProgress.delete(cell);
      continue;
    }
    const key = failureKey(r.message);
    if (passedOn.has(commitOf(r))) known.add(key);
    if (r.onDefaultBranch && previous !== key) {
      const n = (episodes.get(key) ?? 0) + 1;
      episodes.set(key, n);
      if (n >= 2) known.add(key);
    }
    if (r.onDefaultBranch) inProgress.set(cell, key);
  }
  return known;
}
function unforgivenFailures(input) {
  const out = /* @__PURE__ */ new Map();
  if (input.quarantined.size === 0) return out;
  for (const test of input.tests) {
    if (!failedInRun(test, input.consistent) || !input.quarantined.has(test.id)) continue;
    const outage = input.outages.get(test.id);
    if (outage !== void 0) {
      out.set(test.id, `quarantined, but failed in an outage (${outage}): not forgiven`);
      continue;
    }
    const cells = input.cells?.get(test.id);
    if (cells !== void 0 && (input.cell === void 0 || !cells.includes(input.cell))) {
      const where = input.cell === void 0 ? "in a run whose matrix cell is not known" : `in ${input.cell}`;
      out.set(test.id, `quarantined ${cells.length > 0 ? `only in ${cells.join("; ")}` : "in no cell yet"}, but failed ${where}: not forgiven`);
      continue;
    }
    if (input.byHand.has(test.id)) continue;
    const consistent = input.consistent?.get(test.id);
    if (consistent !== void 0) {
      out.set(test.id, `quarantined, but ${consistent}: not forgiven`);
      continue;
    }
    if (input.forgive === "any-failure") continue;
    if (test.attempts.some((a) => a.status === "passed")) continue;
    const history = input.history.get(test.id);
    const commit = commitOf({ sha: input.sha, ...input.cell !== void 0 ? { cell: input.cell } : {} });
    if (history?.runs.some((r) => commitOf(r) === commit && !r.outage && r.attempts.indexOf("P") >= 0)) continue;
    if (knownFailureModes(history).has(failureKey(failureMessageOf(test, input.normalise)))) continue;
    out.set(test.id, "quarantined, but failed with a message never seen in its flaky failures (it may really be broken): not forgiven");
  }
  return out;
}

// src/policy/judge.ts
function quarantineBefore(snapshot, now) {
  const quarantined = /* @__PURE__ */ new Set();
  const byHand = /* @__PURE__ */ new Set();
  const lapsed = [];
  const expired = /* @__PURE__ */ new Set();
  const cells = /* @__PURE__ */ new Map();
  if (snapshot.damaged.length > 0) return { quarantined, byHand, lapsed, expired };
  for (const [id, stats] of snapshot.stats) {
    const state = ruleState(stats);
    if (!state?.quarantined) continue;
    quarantined.add(id);
    if (state.cells) cells.set(id, state.cells);
  }
  for (const [id, stored] of snapshot.overrides) {
    if (overrideExpired(stored.override, now)) {
      expired.add(id);
      if (snapshot.stats.get(id)?.lapsed !== stored.override.until) lapsed.push({ id, file: stored.file, line: stored.line, until: stored.override.until });
      continue;
    }
    cells.delete(id);
    if (stored.override.action === "quarantine") {
      quarantined.add(id);
      byHand.add(id);
      if (stored.override.cells) cells.set(id, stored.override.cells);
    } else {
      quarantined.delete(id);
    }
  }
  for (const id of quarantined) if (inBrokenShard(snapshot, id)) quarantined.delete(id);
  for (const id of byHand) if (!quarantined.has(id)) byHand.delete(id);
  for (const id of cells.keys()) if (!quarantined.has(id)) cells.delete(id);
  return { quarantined, byHand, lapsed, expired, ...cells.size > 0 ? { cells } : {} };
}
function judgeFailures(snapshot, before, tests, sha, options, consistent) {
  const normalise = options.normalise ?? ((m) => m.trim());
  const outages = findOutages(tests, normalise, options.policy);
  const inOutage = /* @__PURE__ */ new Map();
  for (const o of outages) for (const id of o.tests) inOutage.set(id, describeOutage(o));
  const unforgiven = unforgivenFailures({
    tests,
    // The failures a quarantine covers are learnt from trusted records only, always (src/history/trust.ts).
    history: anyUntrusted(snapshot.runs) ? withoutUntrusted(snapshot.history) : snapshot.history,
    quarantined: before.quarantined,
    byHand: before.byHand,
    outages: inOutage,
    sha,
    normalise,
    forgive: options.policy.forgive,
    ...consistent ? { consistent } : {},
    ...before.cells && before.cells.size > 0 ? { cells: before.cells } : {},
    ...options.cell !== void 0 ? { cell: options.cell } : {}
  });
  const failingOutages = outages.filter((o) => outageFailures(tests, [o]).size > 0).map(describeOutage);
  return { outages, failingOutages, unforgiven };
}
function anyUntrusted(runs) {
  for (const row of runs.values()) if (row.untrusted) return true;
  return false;
}
function withDamage(snapshot, outcome) {
  const reason = damageReason(snapshot);
  return reason ? { ...outcome, result: "failure", reasons: [...outcome.reasons, reason] } : outcome;
}

export {
  finalAttemptFailed,
  decideOutcome,
  findOutages,
  MAX_UNTRUSTED_TESTS,
  MAX_UNTRUSTED_ARTIFACTS,
  untrustedRunKey,
  hasUntrustedRecord,
  trustedOnly,
  trustedEvidence,
  untrustedTestsToRecord,
  boundedUntrustedTests,
  untrustedCell,
  checkOf,
  editedFields,
  ruleState,
  interpretEdits,
  overrideForEdit,
  quarantineBefore,
  judgeFailures,
  anyUntrusted,
  withDamage
};
