// src/diagnose/format.ts
var CATEGORIES = ["order-dependent", "timing", "time-zone-locale", "seed", "not-reproduced"];
var SEED_ROWS = 64;
var NO_DIAGNOSES = { tests: /* @__PURE__ */ new Map() };
var TEXT_CHARS = 2e3;
var EVIDENCE_ROWS = 32;
var VARIATION = /^[a-z][a-z0-9-]{0,31}$/;
var isCount = (x) => typeof x === "number" && Number.isSafeInteger(x) && x >= 0;
var isCategory = (x) => typeof x === "string" && CATEGORIES.includes(x);
function renderDiagnoses(diagnoses) {
  const lines = [...diagnoses.tests.entries()].sort(([a], [b]) => a < b ? -1 : a > b ? 1 : 0).map(([id, d]) => {
    const value = {
      category: d.category,
      at: d.at,
      ...d.sha !== void 0 ? { sha: d.sha } : {},
      ...d.polluter !== void 0 ? { polluter: d.polluter.slice(0, TEXT_CHARS) } : {},
      evidence: d.evidence.slice(0, EVIDENCE_ROWS).map((e) => ({
        variation: e.variation,
        executions: e.executions,
        failures: e.failures,
        ...e.detail !== void 0 ? { detail: e.detail.slice(0, TEXT_CHARS) } : {},
        ...e.seeds !== void 0 ? { seeds: e.seeds.slice(0, SEED_ROWS).map((s) => ({ seed: s.seed.slice(0, 64), executions: s.executions, failures: s.failures })) } : {}
      }))
    };
    return `${JSON.stringify(id)}: ${JSON.stringify(value)}`;
  });
  return `{"schema": 1, "tests": {${lines.length ? `
${lines.join(",\n")}
` : ""}}}
`;
}
function evidenceOf(x) {
  if (typeof x !== "object" || x === null || Array.isArray(x)) return void 0;
  const e = x;
  if (typeof e.variation !== "string" || !VARIATION.test(e.variation) || !isCount(e.executions) || !isCount(e.failures) || e.failures > e.executions) return void 0;
  if (e.detail !== void 0 && typeof e.detail !== "string") return void 0;
  const seeds = Array.isArray(e.seeds) ? e.seeds.slice(0, SEED_ROWS).map(seedOf) : void 0;
  if (e.seeds !== void 0 && (seeds === void 0 || seeds.some((s) => s === void 0))) return void 0;
  return {
    variation: e.variation,
    executions: e.executions,
    failures: e.failures,
    ...typeof e.detail === "string" ? { detail: e.detail.slice(0, TEXT_CHARS) } : {},
    ...seeds !== void 0 ? { seeds } : {}
  };
}
function seedOf(x) {
  if (typeof x !== "object" || x === null || Array.isArray(x)) return void 0;
  const s = x;
  if (typeof s.seed !== "string" || !isCount(s.executions) || !isCount(s.failures) || s.failures > s.executions) return void 0;
  return { seed: s.seed.slice(0, 64), executions: s.executions, failures: s.failures };
}
function diagnosisOf(x) {
  if (typeof x !== "object" || x === null || Array.isArray(x)) return void 0;
  const d = x;
  if (!isCategory(d.category) || typeof d.at !== "string" || Number.isNaN(Date.parse(d.at)) || !Array.isArray(d.evidence)) return void 0;
  if (d.sha !== void 0 && (typeof d.sha !== "string" || !/^[0-9a-f]{4,64}$/.test(d.sha))) return void 0;
  if (d.polluter !== void 0 && typeof d.polluter !== "string") return void 0;
  const evidence = d.evidence.slice(0, EVIDENCE_ROWS).map(evidenceOf);
  if (evidence.some((e) => e === void 0)) return void 0;
  return {
    category: d.category,
    at: d.at,
    ...typeof d.sha === "string" ? { sha: d.sha } : {},
    evidence,
    ...typeof d.polluter === "string" ? { polluter: d.polluter.slice(0, TEXT_CHARS) } : {}
  };
}
function parseDiagnoses(text) {
  if (text === void 0) return { diagnoses: NO_DIAGNOSES };
  let parsed;
  try {
    parsed = JSON.parse(text.replace(/^\uFEFF/, ""));
  } catch (error) {
    return { diagnoses: NO_DIAGNOSES, problem: `not valid JSON: ${error instanceof Error ? error.message : String(error)}` };
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) return { diagnoses: NO_DIAGNOSES, problem: "expected a JSON object" };
  const body = parsed.tests;
  if (typeof body !== "object" || body === null || Array.isArray(body)) return { diagnoses: NO_DIAGNOSES, problem: 'expected a "tests" object' };
  const tests = /* @__PURE__ */ new Map();
  let bad = 0;
  for (const [id, value] of Object.entries(body)) {
    const d = diagnosisOf(value);
    if (d === void 0 || id === "") bad++;
    else tests.set(id, d);
  }
  return { diagnoses: { tests }, ...bad > 0 ? { problem: `${bad} diagnos${bad === 1 ? "is" : "es"} could not be read` } : {} };
}
function mergeDiagnoses(before, found) {
  const tests = new Map(before.tests);
  for (const [id, d] of found) tests.set(id, d);
  return { tests };
}

export {
  renderDiagnoses,
  parseDiagnoses,
  mergeDiagnoses
};
