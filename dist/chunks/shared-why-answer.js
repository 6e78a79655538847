import {
  shellLine,
  shellQuote
} from "./shared-text-shell.js";
import {
  latestChange,
  onsetOf
} from "./shared-onset-changepoint.js";
import {
  ownerText
} from "./shared-owners-codeowners.js";
import {
  overrideExpired
} from "./shared-store-layout.js";
import {
  priced
} from "./shared-cost-index.js";

// src/why/answer.ts
var WHY_SCHEMA = 1;
var DEFAULT_HISTORY_RUNS = 20;
var MAX_SIGNATURES = 20;
var MAX_MEMBERS = 200;
var RERUN_REPORT = "flakeguard-rerun/report.xml";
var RERUN_TESTS_FILE = "flakeguard-rerun/tests.jsonl";
var num = (x) => typeof x === "number" && Number.isFinite(x) ? x : null;
var str = (x) => typeof x === "string" ? x : null;
function outcomeOf(attempts) {
  if (attempts === "" || /^S+$/.test(attempts)) return "skipped";
  if (!/[FE]/.test(attempts)) return "passed";
  return /[FE]$/.test(attempts) ? "failed" : "flaky";
}
var iso = (ms) => Number.isFinite(ms) ? new Date(ms).toISOString() : (/* @__PURE__ */ new Date(0)).toISOString();
function runOf(r, runs) {
  const row = runs.get(r.run);
  return {
    run: r.run,
    seq: row?.seq ?? null,
    time: iso(r.time),
    sha: r.sha,
    onDefaultBranch: r.onDefaultBranch,
    attempts: r.attempts,
    outcome: outcomeOf(r.attempts),
    durationSec: num(r.durationSec),
    message: r.message ?? null,
    outage: r.outage === true,
    url: row?.url ?? null
  };
}
function signaturesOf(runs, table) {
  const by = /* @__PURE__ */ new Map();
  for (const r of runs) {
    if (!/[FE]/.test(r.attempts)) continue;
    const sig = r.message ?? "";
    const seen = by.get(sig);
    if (seen) {
      seen.count++;
      seen.last = r;
    } else by.set(sig, { count: 1, last: r });
  }
  return [...by.entries()].sort(([, a], [, b]) => b.count - a.count || b.last.time - a.last.time).slice(0, MAX_SIGNATURES).map(([signature, { count, last }]) => ({ signature, count, lastRun: last.run, lastSeq: table.get(last.run)?.seq ?? null, lastTime: iso(last.time) }));
}
function rerunOf(test, id, rerun) {
  if (rerun === void 0) return { kind: "unknown", input: null, why: "no re-run command known" };
  if ("missing" in rerun) return { kind: "unknown", input: null, why: rerun.missing };
  const one = { id, classname: test?.classname ?? "", name: test?.name ?? id, ...test?.file ? { file: test.file } : {} };
  if (rerun.auto) return { kind: "unknown", input: rerun.command, why: "`rerun: auto` chooses its preset from the workspace when the step runs: give the preset (e.g. --rerun vitest)" };
  const prep = `mkdir -p ${shellQuote(RERUN_REPORT.slice(0, RERUN_REPORT.lastIndexOf("/")))}`;
  if (rerun.preset) {
    const commands = rerun.preset.commands([one], RERUN_REPORT, 1, rerun.args ? { args: rerun.args } : void 0);
    const env2 = { ...rerun.env ?? {} };
    for (const c of commands) Object.assign(env2, c.env ?? {});
    const lines = commands.map((c) => {
      const vars2 = { ...rerun.env ?? {}, ...c.env ?? {} };
      const prefix = Object.entries(vars2).map(([k, v]) => `${k}=${shellQuote(v)} `);
      return `${prefix.join("")}${shellLine(c.argv)}`;
    });
    return { kind: "preset", input: rerun.command, preset: rerun.preset.name, argv: commands.map((c) => c.argv), env: env2, commandLine: [prep, ...lines].join(" && ") };
  }
  const testsLine = JSON.stringify(one);
  const env = {
    ...rerun.env ?? {},
    FLAKEGUARD_RERUN_TESTS: RERUN_TESTS_FILE,
    FLAKEGUARD_RERUN_REPORT: RERUN_REPORT,
    FLAKEGUARD_RERUN_ROUND: "1",
    FLAKEGUARD_RERUN_REPEAT: "1"
  };
  const vars = Object.entries(env).map(([k, v]) => `${k}=${shellQuote(v)}`).join(" ");
  const commandLine = `${prep} && printf '%s\\n' ${shellQuote(testsLine)} > ${RERUN_TESTS_FILE} && ${vars} bash -c ${shellQuote(rerun.command)}`;
  return { kind: "command", input: rerun.command, testsLine, env, commandLine };
}
function verdictOf(f) {
  const s = f.stats;
  const pfs = Array.isArray(s?.pfs) ? s.pfs : [];
  const o = f.override?.override;
  return {
    // A test with nothing to say has no stats line (docs/data-branch.md): it is not quarantined.
    state: f.statsBroken ? "unknown" : s?.quarantined === true ? "quarantined" : "not-quarantined",
    since: str(s?.since),
    reason: str(s?.reason) || null,
    override: o ? { action: o.action, reason: o.reason ?? null, until: o.until ?? null, cells: o.cells ? [...o.cells] : null, lapsed: overrideExpired(o, f.now) } : null,
    scores: {
      pfs: num(pfs[0]) === null ? null : { value: num(pfs[0]), low: num(pfs[1]), high: num(pfs[2]) },
      tier: str(s?.tier),
      score: num(s?.score),
      flipRate: num(s?.flipRate),
      successRate: num(s?.successRate),
      recommendation: str(s?.recommendation),
      priority: str(s?.priority),
      recommendationReason: str(s?.recommendationReason)
    },
    decisions: (f.decisions?.events ?? []).map((e) => ({ run: e.run, at: e.at, event: e.event, quarantined: e.quarantined, by: e.by, reason: e.reason })),
    issue: f.decisions?.issue ?? null
  };
}
function onsetAnswer(f, detail) {
  const c = latestChange(detail);
  if (!c) return null;
  const seq = (run) => f.runs.get(run)?.seq ?? null;
  return {
    direction: c.direction,
    runs: { first: c.first.run, last: c.last.run, at: c.at.run, firstSeq: seq(c.first.run), lastSeq: seq(c.last.run), atSeq: seq(c.at.run), width: c.width },
    before: c.before,
    after: c.after,
    shas: c.shas,
    base: c.base ?? null,
    head: c.head ?? null,
    commits: c.base !== void 0 && c.head !== void 0 ? f.commits ?? null : null,
    detail
  };
}
function whyAnswer(f) {
  const runs = f.test?.runs ?? [];
  const detail = onsetOf(runs);
  const cluster = f.cluster;
  const o = f.owners;
  const shown = runs.slice(-(f.historyRuns ?? DEFAULT_HISTORY_RUNS));
  return {
    schema: WHY_SCHEMA,
    test: { id: f.id, classname: f.test?.classname ?? null, name: f.test?.name ?? null, file: f.test?.file ?? null, line: f.test?.line ?? null },
    dataBranch: { name: f.dataBranch, head: f.head ?? null, statsFile: f.statsFile, statsLine: f.statsLine ?? null },
    verdict: verdictOf(f),
    cluster: cluster ? {
      id: cluster.id,
      signature: cluster.signature ?? null,
      size: cluster.members.length,
      members: cluster.members.slice(0, MAX_MEMBERS),
      others: cluster.members.filter((m) => m !== f.id).slice(0, MAX_MEMBERS),
      since: cluster.since,
      last: cluster.last,
      together: cluster.together
    } : null,
    onset: onsetAnswer(f, detail),
    rate: { runs: detail.runs, failures: detail.failures },
    diagnosis: f.diagnosis ?? null,
    cost: f.cost ? { ...f.cost.cost, rank: f.cost.rank, of: f.cost.of, perMinute: f.cost.perMinute ?? null, price: priced(f.cost.cost.costSec, f.cost.perMinute) ?? null } : null,
    history: { kept: runs.length, runs: shown.map((r) => runOf(r, f.runs)) },
    signatures: signaturesOf(runs, f.runs),
    owners: o ? {
      path: o.path ?? null,
      via: o.via,
      owners: o.owners.map(ownerText),
      codeowners: f.codeownersPath ?? null,
      rule: o.rule ? { line: o.rule.line, pattern: o.rule.pattern } : null
    } : null,
    rerun: rerunOf(f.test, f.id, f.rerun),
    notes: f.notes ?? []
  };
}
var CATEGORY_WORDS = {
  "order-dependent": "order-dependent: it fails after another test runs before it",
  timing: "timing or load-sensitive: it fails more often under CPU contention",
  "time-zone-locale": "time-zone or locale-dependent: it fails under another TZ or LANG",
  seed: "seed or random-dependent: it fails under some shuffle seeds or random values",
  "not-reproduced": "not reproduced by any variation"
};
function evidenceWords(e) {
  return `${e.variation}${e.detail !== void 0 ? ` (${e.detail})` : ""}: ${e.failures} of ${e.executions} failed`;
}

export {
  whyAnswer,
  CATEGORY_WORDS,
  evidenceWords
};
