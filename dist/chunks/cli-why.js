const require = process.getBuiltinModule('node:module').createRequire(import.meta.url);
const { readdir, readFile } = require("node:fs/promises");
const { join } = require("node:path");
import {
  historyCosts
} from "./shared-store-branch-costs.js";
import {
  CATEGORY_WORDS,
  evidenceWords,
  whyAnswer
} from "./shared-why-answer.js";
import {
  onsetPlain
} from "./shared-report-onset.js";
import "./shared-text-shell.js";
import "./shared-onset-changepoint.js";
import "./shared-owners-index.js";
import "./shared-owners-codeowners.js";
import {
  clusterIndex,
  parseClusters
} from "./shared-clusters-cluster.js";
import "./shared-owners-classmap.js";
import {
  parseDiagnoses
} from "./shared-diagnose-format.js";
import {
  plainText
} from "./shared-text-escape.js";
import {
  CliError,
  findTests,
  shownId
} from "./shared-cli-override.js";
import "./shared-text-edit-distance.js";
import {
  statsFileOf
} from "./shared-store-snapshot.js";
import "./shared-history-stored.js";
import "./shared-history-merge.js";
import "./shared-history-records.js";
import "./shared-store-read-bounds.js";
import {
  CLUSTERS_FILE,
  DIAGNOSES_FILE,
  parseDecisions
} from "./shared-store-decisions.js";
import "./shared-store-layout.js";
import "./shared-history-cell.js";
import {
  minutesText,
  priceText
} from "./shared-cost-index.js";
import "./shared-model.js";
import "./shared-runtime.js";

// src/cli/why.ts

// src/why/branch.ts
function rankedCosts(snapshot, perMinute) {
  let rank;
  let of = 0;
  const price = perMinute ?? snapshot.meta?.costPerMinute;
  return (id) => {
    if (!rank) {
      const ranked = historyCosts(snapshot.history, snapshot.runs).filter((e) => e.cost.costSec > 0);
      rank = new Map(ranked.map((e, i) => [e.id, { cost: e.cost, rank: i + 1 }]));
      of = ranked.length;
    }
    const mine = rank.get(id);
    return mine ? { cost: mine.cost, rank: mine.rank, of, ...price !== void 0 ? { perMinute: price } : {} } : void 0;
  };
}
function whyFactsOf(snapshot, files, id, extras) {
  const notes = [];
  const clusters = parseClusters(files.get(CLUSTERS_FILE));
  if (clusters.problem) notes.push(`${CLUSTERS_FILE}: ${clusters.problem}`);
  const diagnoses = parseDiagnoses(files.get(DIAGNOSES_FILE));
  if (diagnoses.problem) notes.push(`${DIAGNOSES_FILE}: ${diagnoses.problem}`);
  let decisions;
  if (snapshot.decisions !== void 0) {
    const parsed = parseDecisions(snapshot.decisions);
    decisions = parsed.log?.tests.get(id);
    if (!parsed.log) notes.push("decisions.json could not be read: the quarantine timeline is left out");
  }
  const statsFile = statsFileOf(snapshot, id);
  const statsBroken = snapshot.brokenStats.has(statsFile);
  if (statsBroken) notes.push(`${statsFile} is broken: the test forgives nothing until it is fixed`);
  const stats = snapshot.stats.get(id);
  const override = snapshot.overrides.get(id);
  const test = snapshot.history.get(id);
  const cluster = clusterIndex(clusters.clusters).get(id);
  const diagnosis = diagnoses.diagnoses.tests.get(id);
  const cost = rankedCosts(snapshot)(id);
  return {
    id,
    ...extras,
    runs: snapshot.runs,
    statsFile,
    ...statsBroken ? { statsBroken } : {},
    ...extras.statsLine === void 0 && override?.line !== void 0 ? { statsLine: override.line } : {},
    ...test ? { test } : {},
    ...stats ? { stats } : {},
    ...override ? { override } : {},
    ...decisions ? { decisions } : {},
    ...cluster ? { cluster } : {},
    ...diagnosis ? { diagnosis } : {},
    ...cost ? { cost } : {},
    notes
  };
}

// src/cli/why.ts
var t = (untrusted, max = 300) => plainText(String(untrusted), max, true);
var plural = (n, one, many = `${one}s`) => `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;
var f2 = (x) => x === null ? "\u2014" : x.toFixed(2);
function whyText(a) {
  const out = [t(a.test.id, 1e3), ""];
  const seqOf = new Map(a.history.runs.map((r2) => [r2.run, r2.seq]));
  const runName = (r2) => {
    const seq = seqOf.get(r2.run) ?? (a.onset && r2.run === a.onset.runs.first ? a.onset.runs.firstSeq : a.onset && r2.run === a.onset.runs.last ? a.onset.runs.lastSeq : null);
    return seq !== null && seq !== void 0 ? `#${seq}` : t(r2.run, 60);
  };
  const v = a.verdict;
  out.push("Verdict");
  const since = v.since ? ` since ${t(v.since, 40)}` : "";
  out.push(`  State: ${v.state === "quarantined" ? `QUARANTINED${since}` : v.state === "not-quarantined" ? `not quarantined${since}` : "unknown: its stats file is broken"}.`);
  if (v.reason) out.push(`  Why: ${t(v.reason, 600)}.`);
  if (v.override) {
    const o2 = v.override;
    const details = [o2.reason ? `reason: ${t(o2.reason)}` : "", o2.until ? `until ${t(o2.until, 40)}` : "", o2.cells ? `cells ${t(o2.cells.join("; "), 200)}` : ""].filter(Boolean).join(", ");
    out.push(`  Hand override: "${o2.action}"${details ? ` (${details})` : ""}${o2.lapsed ? " \u2014 LAPSED: the policy decides again" : ""}.`);
  }
  const s = v.scores;
  const scores = [
    s.pfs ? `PFS ${f2(s.pfs.value)}${s.pfs.low !== null && s.pfs.high !== null ? ` [${f2(s.pfs.low)}, ${f2(s.pfs.high)}]` : ""}` : "",
    s.tier ? `tier ${t(s.tier, 20)}` : "",
    s.score !== null ? `score ${f2(s.score)}` : "",
    s.flipRate !== null ? `flip rate ${f2(s.flipRate)}` : "",
    s.successRate !== null ? `success rate ${f2(s.successRate)}` : ""
  ].filter(Boolean);
  if (scores.length > 0) out.push(`  Scores: ${scores.join(" \xB7 ")}.`);
  for (const d of v.decisions.slice(-5)) out.push(`  Run #${d.run} (${t(d.at.slice(0, 16).replace("T", " "), 20)}): ${t(d.event, 30)} by ${d.by}: ${t(d.reason, 300)}`);
  if (v.issue !== null) out.push(`  Owners' issue: #${v.issue}.`);
  out.push("", "Cluster");
  if (a.cluster) {
    const c = a.cluster;
    out.push(
      `  Cluster ${c.id}: ${plural(c.size, "test")} that fail in the same runs${c.signature ? `, with \`${t(c.signature, 200)}\`` : ""}; together in ${plural(c.together, "run")}, since run #${c.since} (last #${c.last}).`
    );
    for (const m of c.others.slice(0, 20)) out.push(`    ${t(m, 300)}`);
    if (c.others.length > 20) out.push(`    \u2026and ${c.others.length - 20} more`);
  } else out.push("  None: it does not fail in the same runs as other tests.");
  out.push("", "Onset");
  if (a.onset) out.push(...onsetPlain(a.onset.detail, a.onset.commits ?? void 0, runName).map((l) => `  ${l.replace(/^Since when: /, "")}`));
  else out.push(`  No change in rate found in the ${plural(a.rate.runs, "run")} kept (${plural(a.rate.failures, "failure")}).`);
  out.push("", "Diagnosis");
  if (a.diagnosis) {
    const d = a.diagnosis;
    out.push(`  ${CATEGORY_WORDS[d.category] ?? t(d.category, 40)} (experiment of ${t(d.at.slice(0, 16).replace("T", " "), 20)}${d.sha ? ` on ${t(d.sha.slice(0, 10), 10)}` : ""}).`);
    if (d.polluter !== void 0) out.push(`  Polluter: ${t(d.polluter, 300)}`);
    for (const e of d.evidence) out.push(`    ${t(evidenceWords(e), 300)}`);
  } else out.push("  None yet: `mode: diagnose` has not run this test (docs/diagnose.md).");
  out.push("", "Cost");
  if (a.cost) {
    const c = a.cost;
    out.push(
      `  ${minutesText(c.costSec)} of CI time: ${plural(c.rerunExecutions, "re-run execution")} (${minutesText(c.rerunSec)}), ${plural(c.handReruns, "red run")} re-run by hand (${minutesText(c.handRerunSec)}); the costliest but ${c.rank - 1} of ${plural(c.of, "test")} that cost CI time.`.replace(
        "the costliest but 0 of",
        "the costliest of"
      )
    );
    if (c.price !== null) out.push(`  At ${c.perMinute} per minute: ${priceText(c.price)}.`);
    if (c.savedRuns > 0) out.push(`  Re-runs spared ${plural(c.savedRuns, "red run")} a re-run by hand: ${minutesText(c.savedSec)} saved.`);
  } else out.push("  None: it cost no CI time in the runs kept.");
  out.push("", "To fix it");
  const o = a.owners;
  out.push(`  File: ${a.test.file ? t(a.test.file, 300) : o?.path ? t(o.path, 300) : "unknown (the report gives none)"}${a.test.line !== null ? `:${a.test.line}` : ""}`);
  if (o) out.push(`  Owners: ${o.owners.length > 0 ? o.owners.map((x) => t(x, 120)).join(", ") : "none found"}${o.rule && o.codeowners ? ` (${t(o.codeowners, 60)} line ${o.rule.line})` : ""}`);
  const r = a.rerun;
  if (r.kind === "unknown") out.push(`  Re-run: not known (${t(r.why, 300)}).`);
  else
    out.push(
      `  Re-run it alone (${r.kind === "preset" ? `preset ${t(r.preset, 40)}` : "the custom command"}; control characters shown escaped, --json has the exact line):`,
      `    ${t(r.commandLine, 4e3)}`
    );
  if (a.signatures.length > 0) {
    out.push("  Failure signatures (normalised messages), most frequent first:");
    for (const g of a.signatures) out.push(`    ${g.count}\xD7  ${g.signature ? t(g.signature, 200) : "(no message)"}  (last: run ${g.lastSeq !== null ? `#${g.lastSeq}` : t(g.lastRun, 60)})`);
  }
  out.push(`  History (${plural(a.history.kept, "run")} kept; the last ${a.history.runs.length}, newest last):`);
  for (const h of a.history.runs) {
    out.push(
      `    run ${h.seq !== null ? `#${h.seq}` : t(h.run, 60)}  ${h.time.slice(0, 16).replace("T", " ")}  ${t(h.sha.slice(0, 10), 10)}  ${h.outcome} (${t(h.attempts, 20)})${h.durationSec !== null ? `  ${h.durationSec.toFixed(1)} s` : ""}${h.outage ? "  (outage)" : ""}${h.message ? `: ${t(h.message, 160)}` : ""}`
    );
  }
  for (const n of a.notes) out.push(`note: ${t(n, 400)}`);
  return `${out.join("\n")}
`;
}
function rerunInputsOfWorkflow(text) {
  if (!/uses:\s*\S*flakeguard/i.test(text)) return [];
  const lines = text.split(/\r?\n/);
  const found = [];
  for (let i = 0; i < lines.length; i++) {
    const m = /^(\s*)rerun:\s*(.*?)\s*$/.exec(lines[i]);
    if (!m) continue;
    let value = m[2].replace(/\s+#.*$/, "");
    if (/^[|>][-+]?$/.test(value)) {
      const body = [];
      for (let j = i + 1; j < lines.length && (lines[j].trim() === "" || lines[j].search(/\S/) > m[1].length); j++) body.push(lines[j].trim());
      value = body.join(value.startsWith(">") ? " " : "\n").trim();
    } else if (/^'.*'$/.test(value)) value = value.slice(1, -1).replace(/''/g, "'");
    else if (/^".*"$/.test(value)) value = JSON.parse(value);
    if (value !== "") found.push(value);
  }
  return found;
}
async function workflowRerun(cwd) {
  const dir = join(cwd, ".github/workflows");
  const names = await readdir(dir).catch(() => []);
  const values = /* @__PURE__ */ new Set();
  for (const name of names.filter((n) => /\.ya?ml$/.test(n)).sort()) for (const v of rerunInputsOfWorkflow(await readFile(join(dir, name), "utf8").catch(() => ""))) values.add(v);
  if (values.size === 1) return { command: [...values][0] };
  if (values.size === 0) return { missing: "no `rerun:` input in .github/workflows/ here: give --rerun PRESET|COMMAND" };
  return { missing: `the workflows here set ${values.size} different \`rerun:\` inputs: give the one to use with --rerun` };
}
function pickTest(snapshot, query) {
  const found = findTests(snapshot, query);
  if (found.length === 1) return found[0];
  const total = (/* @__PURE__ */ new Set([...snapshot.stats.keys(), ...snapshot.history.keys(), ...snapshot.overrides.keys()])).size;
  if (found.length === 0) throw new CliError(`No test on the data branch matches '${shownId(query)}' (exactly, or as a part of its id; ${plural(total, "test")} there).`);
  const listed = found.slice(0, 10).map((id) => `  ${shownId(id)}`).join("\n");
  throw new CliError(`'${shownId(query)}' is part of ${found.length} test ids; give one in full:
${listed}${found.length > 10 ? `
  \u2026and ${found.length - 10} more` : ""}`);
}
async function whyCommand(query, options) {
  const { readDataBranch, statsLineOf, onsetCommitsOf } = await import("./cli-data.js");
  const { snapshot, files, head } = await readDataBranch(options);
  const id = pickTest(snapshot, query);
  const test = snapshot.history.get(id);
  const { findCodeowners, ownersOfTest } = await import("./owners-index.js");
  const found = await findCodeowners(options.cwd).catch(() => void 0);
  const codeowners = found && !("tooLarge" in found) ? found : void 0;
  const owners = ownersOfTest({ classname: test?.classname ?? "", ...test?.file ? { file: test.file } : {} }, { classMap: [], workspace: options.cwd, ...codeowners ? { codeowners } : {} });
  const commits = test ? await onsetCommitsOf(test, options.cwd) : void 0;
  const raw = options.rerun !== void 0 ? { command: options.rerun } : await workflowRerun(options.cwd);
  let rerun = raw;
  if ("command" in raw) {
    const { choosePreset } = await import("./rerun-rerun-inputs.js");
    try {
      rerun = { command: raw.command, ...choosePreset(raw.command) };
    } catch (error) {
      rerun = { missing: error instanceof Error ? error.message : String(error) };
    }
  }
  const facts = whyFactsOf(snapshot, files, id, {
    dataBranch: options.branch,
    head,
    now: options.now,
    owners,
    ...codeowners ? { codeownersPath: codeowners.path } : {},
    ...commits ? { commits } : {},
    rerun,
    ...statsLineOf(files, snapshot, id) !== void 0 ? { statsLine: statsLineOf(files, snapshot, id) } : {},
    ...options.runs !== void 0 ? { historyRuns: options.runs } : {}
  });
  return whyAnswer(facts);
}
export {
  pickTest,
  rerunInputsOfWorkflow,
  whyCommand,
  whyText
};
