// src/model.ts
var STATUS_CODE = {
  passed: "P",
  failed: "F",
  error: "E",
  skipped: "S"
};
var CODE_STATUS = {
  P: "passed",
  F: "failed",
  E: "error",
  S: "skipped"
};
function isFailure(status) {
  return status === "failed" || status === "error";
}
function runnerTitle(t) {
  return t.twin !== void 0 && t.twin > 1 ? t.name.slice(0, t.name.length - ` [${t.twin}]`.length) : t.name;
}

export {
  STATUS_CODE,
  CODE_STATUS,
  isFailure,
  runnerTitle
};
