// src/history/records.ts
var pools = /* @__PURE__ */ new WeakMap();
function build(key, row, attempts, message, durationSec) {
  return {
    run: key,
    sha: row.sha,
    time: row.time,
    onDefaultBranch: row.onDefaultBranch,
    attempts,
    message,
    durationSec,
    jobSucceeded: row.jobSucceeded,
    outage: message !== void 0 && row.outages !== void 0 && row.outages.includes(failureKey(message)) ? true : void 0,
    untrusted: row.untrusted ? true : void 0,
    cell: row.cell
  };
}
function runRecord(key, row, attempts, message, durationSec) {
  if (message !== void 0 || durationSec !== void 0) return build(key, row, attempts, message, durationSec);
  let pool = pools.get(row);
  if (!pool) pools.set(row, pool = /* @__PURE__ */ new Map());
  let record = pool.get(attempts);
  if (!record) pool.set(attempts, record = build(key, row, attempts, void 0, void 0));
  return record;
}
function withDuration(record, durationSec) {
  return { ...build(record.run, record, record.attempts, record.message, durationSec), outage: record.outage, untrusted: record.untrusted };
}
function failureKey(message) {
  return message === void 0 ? void 0 : message.replace(/\d+/g, "#");
}

export {
  runRecord,
  withDuration,
  failureKey
};
