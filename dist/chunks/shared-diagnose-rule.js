import {
  parseDiagnoses
} from "./shared-diagnose-format.js";
import {
  mdText,
  plainText
} from "./shared-text-escape.js";
import {
  DIAGNOSES_FILE
} from "./shared-store-decisions.js";

// src/diagnose/rule.ts
var ALPHA = 0.01;
var COMPARISONS = 6;
var THRESHOLD = ALPHA / COMPARISONS;
var CATEGORY_OF = {
  file: "order-dependent",
  "full-order": "order-dependent",
  tz: "time-zone-locale",
  lang: "time-zone-locale",
  contention: "timing",
  seed: "seed"
};
var TWO_SIDED = /* @__PURE__ */ new Set(["tz", "lang"]);
var PRIORITY = ["file", "full-order", "tz", "lang", "seed", "contention"];
var logFactorials = [0];
function logFactorial(n) {
  for (let i = logFactorials.length; i <= n; i++) logFactorials.push(logFactorials[i - 1] + Math.log(i));
  return logFactorials[n];
}
function logChoose(n, k) {
  return k < 0 || k > n ? -Infinity : logFactorial(n) - logFactorial(k) - logFactorial(n - k);
}
function fisherGreater(a, n, b, m) {
  const k = a + b;
  const total = n + m;
  if (n === 0 || m === 0 || k === 0) return 1;
  const denominator = logChoose(total, k);
  let p = 0;
  for (let x = a; x <= Math.min(n, k); x++) p += Math.exp(logChoose(n, x) + logChoose(m, k - x) - denominator);
  return Math.min(1, p);
}
function fisherTwoSided(a, n, b, m) {
  return Math.min(1, 2 * Math.min(fisherGreater(a, n, b, m), fisherGreater(b, m, a, n)));
}
function seedChance(seeds) {
  const used = seeds.filter((s) => s.executions > 0);
  if (used.some((s) => s.failures !== 0 && s.failures !== s.executions)) return 1;
  const failed = used.filter((s) => s.failures > 0).length;
  if (failed === 0 || failed === used.length) return 1;
  const n = used.reduce((x, s) => x + s.executions, 0);
  const f = used.reduce((x, s) => x + s.failures, 0);
  const ways = new Array(f + 1).fill(0);
  ways[0] = 1;
  for (const s of used) for (let t = f; t >= s.executions; t--) ways[t] += ways[t - s.executions];
  return Math.min(1, Math.exp(Math.log(ways[f]) - logChoose(n, f)));
}
function compare(row, rest, seeds) {
  if (row.variation === "seed") {
    const chance2 = seedChance(seeds ?? []);
    return { variation: "seed", chance: chance2, significant: chance2 < THRESHOLD };
  }
  if (!(row.variation in CATEGORY_OF) || rest === void 0) return void 0;
  const chance = TWO_SIDED.has(row.variation) ? fisherTwoSided(row.failures, row.executions, rest.failures, rest.executions) : fisherGreater(row.failures, row.executions, rest.failures, rest.executions);
  return { variation: row.variation, chance, significant: chance < THRESHOLD };
}
function categorise(evidence, seeds) {
  const rest = evidence.find((e) => e.variation === "rest");
  const comparisons = evidence.map((e) => compare(e, rest, seeds)).filter((c) => c !== void 0);
  const winners = comparisons.filter((c) => c.significant).sort((x, y) => x.chance - y.chance || PRIORITY.indexOf(x.variation) - PRIORITY.indexOf(y.variation));
  const by = winners[0];
  return by ? { category: CATEGORY_OF[by.variation], by, comparisons } : { category: "not-reproduced", comparisons };
}
function verdictSentence(verdict, evidence, polluter) {
  const rate = (e) => e ? `${e.failures} of ${e.executions}` : "not run";
  const rest = evidence.find((e) => e.variation === "rest");
  if (!verdict.by) {
    const failed = evidence.filter((e) => e.failures > 0 && e.variation !== "rest").map((e) => e.variation);
    return `not reproduced by any variation: rest failed ${rate(rest)}${failed.length > 0 ? `; failures under ${failed.join(", ")} no more often than at rest` : ", no variation made it fail"}`;
  }
  const row = evidence.find((e) => e.variation === verdict.by.variation);
  const p = verdict.by.chance < 1e-4 ? verdict.by.chance.toExponential(1) : verdict.by.chance.toPrecision(2);
  const what = verdict.by.variation === "seed" ? `each seed's executions agreed (${rate(row)} failed)` : `${verdict.by.variation} failed ${rate(row)}, rest ${rate(rest)}`;
  const who = polluter !== void 0 ? `; polluter: ${polluter}` : "";
  return `${verdict.category}: ${what} (p = ${p} < ${THRESHOLD.toPrecision(2)})${who}`;
}

// src/diagnose/show.ts
function diagnosisOfTest(files, id) {
  return parseDiagnoses(files.get(DIAGNOSES_FILE)).diagnoses.tests.get(id);
}
function countsText(evidence) {
  return evidence.map((e) => `${e.variation} ${e.failures}/${e.executions}`).join(" \xB7 ");
}
function diagnosisSentence(d) {
  const seeds = d.evidence.find((e) => e.variation === "seed")?.seeds;
  const verdict = categorise(d.evidence, seeds);
  if (verdict.category !== d.category) return `${d.category} (${countsText(d.evidence)})`;
  return verdictSentence(verdict, d.evidence, d.polluter);
}
function diagnosisPlain(d) {
  const t = (s, max = 300) => plainText(s, max, true);
  return [
    `Diagnosis by experiment (${t(d.at, 40)}${d.sha ? `, ${t(d.sha.slice(0, 10), 10)}` : ""}): ${t(diagnosisSentence(d), 600)}.`,
    `  Counts (failed/executions): ${t(countsText(d.evidence), 600)}.`,
    ...d.polluter !== void 0 ? [`  Polluter: ${t(d.polluter, 500)} (run before it, the test fails).`] : []
  ];
}
function diagnosesMarkdown(found, facts) {
  const out = ["## flakeguard: diagnosis by experiment", ""];
  if (found.size === 0) out.push("No quarantined or newly flaky test was diagnosed in this run.", "");
  else {
    out.push("| test | category | failed / executions per variation | polluter |", "| --- | --- | --- | --- |");
    for (const [id, d] of [...found].sort(([a], [b]) => a < b ? -1 : a > b ? 1 : 0)) {
      out.push(`| ${mdText(id, 300)} | **${d.category}** | ${mdText(countsText(d.evidence), 600)} | ${d.polluter !== void 0 ? mdText(d.polluter, 300) : ""} |`);
    }
    out.push("");
    for (const [id, d] of found) out.push(`- ${mdText(id, 300)}: ${mdText(diagnosisSentence(d), 800)}`);
    out.push("");
  }
  const c = facts.cost;
  out.push(
    `Cost: ${c.executions} test executions in ${c.starts} starts of the re-run command, ${c.wallSeconds} s, ${c.cpuSeconds} CPU s. A variation changes the category when Fisher's exact test against rest gives p < ${(facts.threshold ?? THRESHOLD).toPrecision(2)} (docs/diagnose.md, "The rule").`
  );
  if (facts.skipped.length > 0)
    out.push(
      "",
      `Left for another run by the budget (${facts.skipped.length}): ${facts.skipped.slice(0, 20).map((id) => mdText(id, 200)).join(", ")}${facts.skipped.length > 20 ? ", \u2026" : ""}.`
    );
  if (facts.saved !== void 0) out.push("", `> [!WARNING]
> The diagnoses were not saved to the data branch: ${mdText(facts.saved, 500)}`);
  return `${out.join("\n")}
`;
}

export {
  THRESHOLD,
  categorise,
  diagnosisOfTest,
  countsText,
  diagnosisSentence,
  diagnosisPlain,
  diagnosesMarkdown
};
