import {
  failureKey,
  runRecord,
  withDuration
} from "./shared-history-records.js";
import {
  STATUS_CODE,
  isFailure
} from "./shared-model.js";

// src/history/merge.ts
var DEFAULT_RETENTION = { maxRuns: 100, maxAgeDays: 90 };
var DAY_MS = 864e5;
var MAX_STORED_MESSAGE = 200;
function ingestionKey(run) {
  return `${run.key}#${run.runAttempt}`;
}
function failureMessageOf(test, normalise) {
  const firstFailure = test.attempts.find((a) => isFailure(a.status));
  const message = firstFailure?.message ?? firstFailure?.type;
  return message ? normalise(message).slice(0, MAX_STORED_MESSAGE) : void 0;
}
function recordFor(test, run, facts, normalise) {
  return runRecord(run.key, facts, test.attempts.map((a) => STATUS_CODE[a.status]).join(""), failureMessageOf(test, normalise), test.attempts[test.attempts.length - 1]?.durationSec);
}
function applyRetention(runs, newest, retention) {
  const oldestKept = newest - retention.maxAgeDays * DAY_MS;
  if (runs.length <= retention.maxRuns && (runs.length === 0 || runs[0].time >= oldestKept)) return runs;
  const recent = runs[0].time >= oldestKept ? runs : runs.filter((r) => r.time >= oldestKept);
  if (recent.length <= retention.maxRuns) return recent;
  let untrusted = 0;
  for (const r of recent) if (r.untrusted) untrusted++;
  if (untrusted === 0) return recent.slice(recent.length - retention.maxRuns);
  let trustedLeft = retention.maxRuns;
  let untrustedLeft = retention.maxRuns;
  const kept = [];
  for (let i = recent.length - 1; i >= 0; i--) {
    const r = recent[i];
    if (r.untrusted ? untrustedLeft-- > 0 : trustedLeft-- > 0) kept.push(r);
  }
  return kept.length === recent.length ? recent : kept.reverse();
}
function mergeRun(history, tests, run, alreadyIngested, options = {}) {
  if (alreadyIngested.has(ingestionKey(run))) return { history, ingested: false };
  const retention = options.retention ?? DEFAULT_RETENTION;
  const normalise = options.normalise ?? ((m) => m.trim());
  const facts = {
    sha: run.sha,
    time: run.time,
    onDefaultBranch: run.onDefaultBranch,
    jobSucceeded: options.jobSucceeded,
    outages: options.outages,
    ...options.untrusted ? { untrusted: true } : {},
    ...run.cell !== void 0 ? { cell: run.cell } : {}
  };
  const merged = new Map(history);
  const touched = /* @__PURE__ */ new Set();
  for (const test of tests) {
    if (test.attempts.length === 0) continue;
    const stored = merged.get(test.id);
    const previous = options.replaces !== void 0 && stored?.runs.some((r) => r.run === options.replaces) ? { ...stored, runs: stored.runs.filter((r) => r.run !== options.replaces) } : stored;
    let record = recordFor(test, run, facts, normalise);
    const carried = options.untrusted ? previous?.runs[previous.runs.length - 1]?.durationSec : void 0;
    if (carried !== void 0 && record.durationSec === void 0) record = withDuration(record, carried);
    let runs;
    let rerunOf = -1;
    if (previous) {
      for (let i = previous.runs.length - 1; i >= 0; i--)
        if (previous.runs[i].run === run.key) {
          rerunOf = i;
          break;
        }
    }
    if (!previous) {
      runs = [record];
    } else if (rerunOf >= 0) {
      const earlier = previous.runs[rerunOf];
      const combined = {
        ...earlier,
        attempts: earlier.attempts + record.attempts,
        message: earlier.message ?? record.message,
        durationSec: record.durationSec ?? earlier.durationSec,
        jobSucceeded: record.jobSucceeded ?? earlier.jobSucceeded,
        outage: (earlier.message !== void 0 ? earlier.outage || options.outages?.includes(failureKey(earlier.message)) : record.outage) || void 0
      };
      runs = previous.runs.map((r, i) => i === rerunOf ? combined : r);
    } else {
      runs = [...previous.runs, record];
      if (runs.length > 1 && runs[runs.length - 2].time > record.time) runs.sort((a, b) => a.time - b.time);
    }
    const updated = {
      id: test.id,
      name: test.name,
      classname: test.classname,
      runs: applyRetention(runs, options.retentionNow ?? Math.max(record.time, runs[runs.length - 1].time), retention)
    };
    const file = options.untrusted ? previous?.file : test.file ?? previous?.file;
    const line = options.untrusted ? previous?.line : test.line ?? previous?.line;
    if (file !== void 0) updated.file = file;
    if (line !== void 0) updated.line = line;
    merged.set(test.id, updated);
    touched.add(test.id);
  }
  for (const [id, h] of merged) {
    if (touched.has(id)) continue;
    const kept = applyRetention(h.runs, options.retentionNow ?? run.time, retention);
    if (kept.length === 0) merged.delete(id);
    else if (kept !== h.runs) merged.set(id, { ...h, runs: kept });
  }
  return { history: merged, ingested: true };
}

export {
  DEFAULT_RETENTION,
  ingestionKey,
  failureMessageOf,
  mergeRun
};
