import {
  ClassMapError,
  parseClassMap
} from "./shared-owners-classmap.js";
import {
  MAX_COST_PER_MINUTE,
  costPerMinuteOf
} from "./shared-cost-index.js";

// src/config/inputs.ts
var InputError = class extends Error {
};
function inputsFromEnv(env) {
  return (name) => (env[`INPUT_${name.replace(/ /g, "_").toUpperCase()}`] ?? "").trim();
}
function parseBoolean(name, raw, fallback) {
  if (raw === "") return fallback;
  if (/^(true|yes|on|1)$/i.test(raw)) return true;
  if (/^(false|no|off|0)$/i.test(raw)) return false;
  throw new InputError(`Input '${name}' must be true or false, got '${raw.slice(0, 80)}'.`);
}
function parseInteger(name, raw, fallback, min, max) {
  if (raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new InputError(`Input '${name}' must be a whole number from ${min} to ${max}, got '${raw.slice(0, 80)}'.`);
  }
  return value;
}
function readIssueLabel(raw) {
  const label = raw || "flaky-test";
  if (label.length > 50 || label.includes(",")) {
    throw new InputError(`Input 'issue-label' must be a label name of at most 50 characters without a comma, got '${label.slice(0, 80)}'.`);
  }
  return label;
}
function readCodeownersMap(raw) {
  if (raw === "") return "";
  try {
    parseClassMap(raw);
  } catch (error) {
    if (error instanceof ClassMapError) throw new InputError(`Input ${error.message.replace(/^codeowners-map/, "'codeowners-map'")}.`);
    throw error;
  }
  return raw;
}
function readPrComment(raw) {
  const mode = raw.toLowerCase() || "auto";
  if (mode !== "auto" && mode !== "always" && mode !== "off") throw new InputError(`Input 'pr-comment' must be auto, always or off, got '${raw.slice(0, 80)}'.`);
  return mode;
}
function readDashboardUrl(raw) {
  const url = raw.trim();
  if (url === "") return "";
  let protocol = "";
  try {
    protocol = new URL(url).protocol;
  } catch {
  }
  if (protocol !== "https:" && protocol !== "http:")
    throw new InputError(`Input 'dashboard-url' must be an http(s) address (where the data branch's index.html is served), got '${url.slice(0, 80)}'.`);
  return url;
}
var TEST_OUTCOMES = /* @__PURE__ */ new Set(["success", "failure", "cancelled", "skipped", ""]);
var NOT_GIVEN = "none";
function emptyTestOutcome(raw) {
  if (raw === void 0 || raw.trim() !== "") return void 0;
  return "Input 'test-outcome' is empty: the expression gave nothing, usually because it names a step that has no id (`test-outcome: ${{ steps.tests.outcome }}` needs `id: tests` on the step that runs the tests). Without it, a test step that crashed or timed out outside the reports cannot fail the job. Give the test step `id: tests`, or leave test-outcome out.";
}
function readInputs(get) {
  const reports = get("reports").split(/\r?\n/).map((line) => line.trim()).filter((line) => line !== "" && !line.startsWith("#"));
  if (reports.length === 0) {
    throw new InputError(`Input 'reports' is required: one glob pattern per line, e.g. 'reports/**/*.xml'.`);
  }
  const dataBranch = get("data-branch") || "flakeguard-data";
  if (!/^[A-Za-z0-9._/-]+$/.test(dataBranch) || dataBranch.startsWith("-") || dataBranch.includes("..")) {
    throw new InputError(`Input 'data-branch' is not a valid branch name: '${dataBranch}'.`);
  }
  const given = get("test-outcome").toLowerCase();
  const testOutcome = given === NOT_GIVEN ? "" : given;
  if (!TEST_OUTCOMES.has(testOutcome)) {
    throw new InputError(`Input 'test-outcome' must be one of success, failure, cancelled, skipped (from steps.<id>.outcome), got '${testOutcome}'.`);
  }
  return {
    reports,
    dataBranch,
    token: get("token"),
    testOutcome,
    createIssues: parseBoolean("create-issues", get("create-issues"), false),
    issueLabel: readIssueLabel(get("issue-label")),
    maxIssues: parseInteger("max-issues", get("max-issues"), 5, 0, 100),
    issuesDryRun: parseBoolean("issues-dry-run", get("issues-dry-run"), false),
    closeLiftsQuarantine: parseBoolean("close-lifts-quarantine", get("close-lifts-quarantine"), true),
    codeownersMap: readCodeownersMap(get("codeowners-map")),
    checkRun: parseBoolean("check-run", get("check-run"), true),
    checkName: get("check-name") || "flakeguard",
    configPath: get("config"),
    jobKey: get("job-key"),
    remote: get("data-remote"),
    readOnly: parseBoolean("read-only", get("read-only"), false),
    pushAttempts: parseInteger("push-attempts", get("push-attempts"), 8, 1, 50),
    inboxKey: get("inbox-key"),
    prComment: readPrComment(get("pr-comment")),
    dashboardUrl: readDashboardUrl(get("dashboard-url")),
    ...readCostPerMinute(get("cost-per-minute")),
    annotatedReport: readAnnotatedReport(get("annotated-report")),
    annotatedReportQuarantined: readAnnotatedReportQuarantined(get("annotated-report-quarantined"))
  };
}
function readAnnotatedReport(raw) {
  if (raw === "") return "";
  if (!/\.xml$/i.test(raw) || /[\u0000-\u001f]/.test(raw) || raw.length > 1e3) {
    throw new InputError(`Input 'annotated-report' must be the path of an .xml file to write (e.g. reports/flakeguard.xml; the CTRF report is written beside it), got '${raw.slice(0, 80)}'.`);
  }
  return raw;
}
function readAnnotatedReportQuarantined(raw) {
  const as = raw.toLowerCase() || "failure";
  if (as !== "failure" && as !== "skipped") throw new InputError(`Input 'annotated-report-quarantined' must be failure or skipped, got '${raw.slice(0, 80)}'.`);
  return as;
}
function readCostPerMinute(raw) {
  if (raw === "") return {};
  const price = costPerMinuteOf(raw);
  if (price === void 0) throw new InputError(`Input 'cost-per-minute' must be a number from 0 to ${MAX_COST_PER_MINUTE} (the price of one CI minute, e.g. 0.008), got '${raw.slice(0, 80)}'.`);
  return { costPerMinute: price };
}

export {
  InputError,
  inputsFromEnv,
  parseBoolean,
  parseInteger,
  emptyTestOutcome,
  readInputs
};
