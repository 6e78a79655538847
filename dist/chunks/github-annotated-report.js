const require = process.getBuiltinModule('node:module').createRequire(import.meta.url);
const { mkdir, writeFile } = require("node:fs/promises");
const { dirname, resolve } = require("node:path");
import {
  redact,
  truncate
} from "./shared-text-escape.js";
import {
  STATUS_CODE,
  isFailure
} from "./shared-model.js";
import "./shared-runtime.js";

// src/github/annotated-report.ts

// src/report/annotated.ts
var ANNOTATED_LIMITS = {
  /** Characters of a name, classname, suite or file. */
  name: 2e3,
  /** Characters of one message or type. */
  message: 4e3,
  /** Characters of one stack trace or failure body. */
  details: 16e3,
  /** Characters of all stack traces of the report together; past it, only messages. */
  allDetails: 8e6,
  /** Failed attempts written per test; the `flakeguard.attempts` property still counts them all. */
  attempts: 50
};
var NOT_XML_CHAR = /[^\t\n\r\x20-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;
function cleanText(untrusted, max) {
  return truncate(redact(untrusted), max).replace(NOT_XML_CHAR, "");
}
function xmlAttr(text) {
  return text.replace(/[&<>"\t\n\r]/g, (c) => ATTR_ENTITIES[c]);
}
var ATTR_ENTITIES = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "	": "&#9;", "\n": "&#10;", "\r": "&#13;" };
function cdata(text) {
  return `<![CDATA[${text.split("]]>").join("]]]]><![CDATA[>")}]]>`;
}
function annotatedTests(input) {
  const ids = (list) => new Set(list.map((t) => t.id));
  const blocking = ids(input.outcome.blocking);
  const forgiven = ids(input.outcome.forgiven);
  const flaky = ids(input.outcome.passedOnRetry);
  return input.tests.map((test) => {
    const last = test.attempts[test.attempts.length - 1];
    const verdict = blocking.has(test.id) ? "failed" : forgiven.has(test.id) ? "forgiven" : flaky.has(test.id) ? "flaky" : last && isFailure(last.status) ? "failed" : last?.status === "skipped" ? "skipped" : "passed";
    const why = input.outcome.orderDependent?.get(test.id) ?? input.consistent?.get(test.id) ?? input.outcome.unforgiven?.get(test.id);
    const quarantined = forgiven.has(test.id) || input.outcome.unforgiven?.has(test.id) === true || input.quarantined?.has(test.id) === true;
    const reran = input.reran?.get(test.id);
    const reruns = /* @__PURE__ */ new Set();
    if (reran) {
      const n = Math.min(reran.count, test.attempts.length);
      const from = reran.kind === "failed" ? test.attempts.length - n : 0;
      for (let i = from; i < from + n; i++) reruns.add(i);
    }
    return { test, verdict, quarantined, ...why !== void 0 && verdict === "failed" ? { why } : {}, reruns };
  });
}
var seconds = (a) => a?.durationSec !== void 0 && Number.isFinite(a.durationSec) && a.durationSec >= 0 ? String(Math.round(a.durationSec * 1e3) / 1e3) : "0";
function property(name, value) {
  return `<property name="${xmlAttr(name)}" value="${xmlAttr(cleanText(value, ANNOTATED_LIMITS.message))}"/>`;
}
function detailsOf(a, budget) {
  if (!a.details || budget.details <= 0) return "";
  const text = cleanText(a.details, Math.min(ANNOTATED_LIMITS.details, budget.details));
  budget.details -= text.length;
  return text;
}
function resultAttrs(a) {
  const message = a.message !== void 0 ? ` message="${xmlAttr(cleanText(a.message, ANNOTATED_LIMITS.message))}"` : "";
  const type = a.type !== void 0 ? ` type="${xmlAttr(cleanText(a.type, ANNOTATED_LIMITS.message))}"` : "";
  return `${message}${type}`;
}
function failureElement(a, budget) {
  const tag = a.status === "error" ? "error" : "failure";
  const body = detailsOf(a, budget);
  return body ? `<${tag}${resultAttrs(a)}>${cdata(body)}</${tag}>` : `<${tag}${resultAttrs(a)}/>`;
}
function surefireElement(kind, a, budget) {
  const tag = `${kind}${a.status === "error" ? "Error" : "Failure"}`;
  const body = detailsOf(a, budget);
  return body ? `<${tag}${resultAttrs(a)}><stackTrace>${cdata(body)}</stackTrace></${tag}>` : `<${tag}${resultAttrs(a)}/>`;
}
function failedAttempts(t) {
  return t.attempts.filter((a) => isFailure(a.status)).slice(0, ANNOTATED_LIMITS.attempts);
}
function forgivenMessage(t) {
  const first = t.attempts.find((a) => isFailure(a.status));
  const said = first?.message ?? first?.type;
  return `Failed, forgiven: quarantined by flakeguard as flaky${said !== void 0 ? `. ${said}` : ""}`;
}
function testcaseXml(a, quarantinedAs, budget) {
  const t = a.test;
  const last = t.attempts[t.attempts.length - 1];
  const attrs = [`name="${xmlAttr(cleanText(t.name, ANNOTATED_LIMITS.name))}"`, `classname="${xmlAttr(cleanText(t.classname, ANNOTATED_LIMITS.name))}"`, `time="${seconds(last)}"`];
  if (t.file) attrs.push(`file="${xmlAttr(cleanText(t.file, ANNOTATED_LIMITS.name))}"`);
  if (t.line !== void 0 && Number.isInteger(t.line) && t.line > 0) attrs.push(`line="${t.line}"`);
  const codes = t.attempts.map((x) => STATUS_CODE[x.status]).join("");
  const props = [
    property("flakeguard.verdict", a.verdict),
    property("flakeguard.id", cleanText(t.id, ANNOTATED_LIMITS.name)),
    property("flakeguard.attempts", codes.length > 200 ? `${codes.slice(0, 199)}\u2026` : codes)
  ];
  if (a.reruns.size > 0) props.push(property("flakeguard.reruns", String(a.reruns.size)));
  if (a.quarantined) props.push(property("flakeguard.quarantined", "true"));
  if (a.why !== void 0) props.push(property("flakeguard.why", a.why));
  const body = [`<properties>${props.join("")}</properties>`];
  const failed = failedAttempts(t);
  if (a.verdict === "flaky") {
    for (const f of failed) body.push(surefireElement("flaky", f, budget));
  } else if (a.verdict === "failed" || a.verdict === "forgiven" && quarantinedAs === "failure") {
    const [first, ...later] = failed;
    if (first) body.push(failureElement(first, budget));
    else body.push(`<failure message="${xmlAttr(a.why !== void 0 ? cleanText(a.why, ANNOTATED_LIMITS.message) : "failed")}"/>`);
    for (const f of later) body.push(surefireElement("rerun", f, budget));
  } else if (a.verdict === "forgiven") {
    body.push(`<skipped message="${xmlAttr(cleanText(forgivenMessage(t), ANNOTATED_LIMITS.message))}"/>`);
    for (const f of failed) body.push(surefireElement("rerun", f, budget));
  } else if (a.verdict === "skipped") {
    body.push(last?.message !== void 0 ? `<skipped message="${xmlAttr(cleanText(last.message, ANNOTATED_LIMITS.message))}"/>` : "<skipped/>");
  }
  return `    <testcase ${attrs.join(" ")}>${body.join("")}</testcase>`;
}
function counted(a, quarantinedAs) {
  const failedAs = () => failedAttempts(a.test)[0]?.status === "error" ? "error" : "failure";
  if (a.verdict === "failed") return failedAs();
  if (a.verdict === "forgiven") return quarantinedAs === "failure" ? failedAs() : "skipped";
  if (a.verdict === "skipped") return "skipped";
  return "passed";
}
function countsAttrs(c) {
  return `tests="${c.tests}" failures="${c.failures}" errors="${c.errors}" skipped="${c.skipped}" time="${Math.round(c.time * 1e3) / 1e3}"`;
}
function annotatedJUnit(input) {
  const budget = { details: ANNOTATED_LIMITS.allDetails };
  const suites = /* @__PURE__ */ new Map();
  const total = { tests: 0, failures: 0, errors: 0, skipped: 0, time: 0 };
  for (const a of annotatedTests(input)) {
    const t = a.test;
    const name = t.suite || t.group || t.report || "tests";
    const key = `${t.report}\0${name}`;
    let suite = suites.get(key);
    if (!suite) suites.set(key, suite = { name, report: t.report, cases: [], counts: { tests: 0, failures: 0, errors: 0, skipped: 0, time: 0 } });
    suite.cases.push(testcaseXml(a, input.quarantinedAs, budget));
    const as = counted(a, input.quarantinedAs);
    const time = Number(seconds(t.attempts[t.attempts.length - 1]));
    for (const c of [suite.counts, total]) {
      c.tests++;
      c.time += time;
      if (as === "failure") c.failures++;
      else if (as === "error") c.errors++;
      else if (as === "skipped") c.skipped++;
    }
  }
  const out = ['<?xml version="1.0" encoding="UTF-8"?>', `<testsuites name="flakeguard" ${countsAttrs(total)}>`];
  for (const s of suites.values()) {
    const report = s.report ? `    <properties>${property("flakeguard.report", cleanText(s.report, ANNOTATED_LIMITS.name))}</properties>` : void 0;
    out.push(`  <testsuite name="${xmlAttr(cleanText(s.name, ANNOTATED_LIMITS.name))}" ${countsAttrs(s.counts)}>`, ...report ? [report] : [], ...s.cases, "  </testsuite>");
  }
  out.push("</testsuites>", "");
  return out.join("\n");
}
var CTRF_SPEC_VERSION = "0.0.0";
var ctrfStatus = (s) => isFailure(s) ? "failed" : s === "skipped" ? "skipped" : "passed";
var millis = (a) => a?.durationSec !== void 0 && Number.isFinite(a.durationSec) && a.durationSec >= 0 ? Math.round(a.durationSec * 1e3) : 0;
function annotatedCtrf(input) {
  const budget = { details: ANNOTATED_LIMITS.allDetails };
  const tests = [];
  const summary = { tests: 0, passed: 0, failed: 0, skipped: 0, pending: 0, other: 0, flaky: 0 };
  const suites = /* @__PURE__ */ new Set();
  for (const a of annotatedTests(input)) {
    const t = a.test;
    const last = t.attempts[t.attempts.length - 1];
    const status = a.verdict === "failed" || a.verdict === "forgiven" && input.quarantinedAs === "failure" ? "failed" : a.verdict === "forgiven" || a.verdict === "skipped" ? "skipped" : "passed";
    summary.tests++;
    summary[status]++;
    if (a.verdict === "flaky") summary.flaky++;
    suites.add(`${t.report}\0${t.suite || t.group || t.report}`);
    const lastFailed = [...t.attempts].reverse().find((x) => isFailure(x.status));
    const shown = status === "failed" ? lastFailed : void 0;
    const test = {
      name: cleanText(t.name, ANNOTATED_LIMITS.name) || "(unnamed)",
      status,
      duration: millis(last)
    };
    if (a.verdict === "forgiven") test.rawStatus = "failed";
    const suitePath = [t.suite, t.classname].filter((s, i, all) => s !== "" && all.indexOf(s) === i).map((s) => cleanText(s, ANNOTATED_LIMITS.name));
    if (suitePath.length > 0) test.suite = suitePath;
    if (shown?.message !== void 0) test.message = cleanText(shown.message, ANNOTATED_LIMITS.message);
    else if (a.verdict === "forgiven" && input.quarantinedAs === "skipped") test.message = cleanText(forgivenMessage(t), ANNOTATED_LIMITS.message);
    const trace = shown ? detailsOf(shown, budget) : "";
    if (trace) test.trace = trace;
    if (t.file) test.filePath = cleanText(t.file, ANNOTATED_LIMITS.name);
    if (t.line !== void 0 && Number.isInteger(t.line) && t.line > 0) test.line = t.line;
    test.flaky = a.verdict === "flaky";
    test.retries = Math.max(0, t.attempts.length - 1);
    const before = t.attempts.length - 1;
    const kept = before > ANNOTATED_LIMITS.attempts ? [...Array.from({ length: ANNOTATED_LIMITS.attempts - 1 }, (_, i) => i), before - 1] : Array.from({ length: Math.max(0, before) }, (_, i) => i);
    if (kept.length > 0) {
      test.retryAttempts = kept.map((i) => {
        const x = t.attempts[i];
        const attempt = { attempt: i + 1, status: ctrfStatus(x.status), duration: millis(x) };
        if (x.message !== void 0 && isFailure(x.status)) attempt.message = cleanText(x.message, ANNOTATED_LIMITS.message);
        const body = isFailure(x.status) ? detailsOf(x, budget) : "";
        if (body) attempt.trace = body;
        if (a.reruns.has(i)) attempt.extra = { rerun: true };
        return attempt;
      });
    }
    if (a.quarantined) test.tags = ["quarantined"];
    const flakeguard = { verdict: a.verdict, id: cleanText(t.id, ANNOTATED_LIMITS.name), attempts: t.attempts.length };
    if (a.reruns.size > 0) flakeguard.reruns = a.reruns.size;
    if (a.quarantined) flakeguard.quarantined = true;
    if (a.why !== void 0) flakeguard.why = cleanText(a.why, ANNOTATED_LIMITS.message);
    test.extra = { flakeguard };
    tests.push(test);
  }
  const stop = Math.max(input.now, input.start);
  return {
    reportFormat: "CTRF",
    specVersion: CTRF_SPEC_VERSION,
    timestamp: new Date(input.now).toISOString(),
    generatedBy: "flakeguard",
    results: {
      tool: { name: cleanText(input.tool || "junit", ANNOTATED_LIMITS.name) || "junit" },
      summary: { ...summary, suites: suites.size, start: Math.floor(input.start), stop: Math.floor(stop), duration: Math.floor(stop - input.start) },
      tests,
      extra: { flakeguard: { quarantinedAs: input.quarantinedAs } }
    }
  };
}
function ctrfPathFor(xmlPath) {
  return `${xmlPath.replace(/\.xml$/i, "")}.ctrf.json`;
}

// src/github/annotated-report.ts
function annotatedInput(facts, now) {
  const { result, rerun } = facts;
  const reran = /* @__PURE__ */ new Map();
  for (const c of rerun?.cases ?? []) if (c.reruns.length > 0) reran.set(c.historyId, { kind: c.kind, count: c.reruns.length });
  const named = Object.entries(facts.reporters ?? {}).filter(([name]) => name !== "");
  return {
    tests: facts.tests,
    outcome: result.outcome,
    reran,
    ...rerun ? { consistent: rerun.consistent } : {},
    quarantined: new Set(result.quarantined),
    quarantinedAs: facts.quarantinedAs,
    start: facts.start,
    now,
    ...named.length === 1 ? { tool: named[0][0] } : {}
  };
}
async function writeAnnotatedReport(facts, now = Date.now()) {
  const input = annotatedInput(facts, now);
  const xmlPath = resolve(facts.workspace, facts.path);
  await mkdir(dirname(xmlPath), { recursive: true });
  await writeFile(xmlPath, annotatedJUnit(input));
  await writeFile(ctrfPathFor(xmlPath), `${JSON.stringify(annotatedCtrf(input), null, 1)}
`);
  return facts.path;
}
export {
  annotatedInput,
  writeAnnotatedReport
};
