const require = process.getBuiltinModule('node:module').createRequire(import.meta.url);
const { createHash } = require("node:crypto");
import {
  CATEGORY_WORDS,
  evidenceWords
} from "./shared-why-answer.js";
import {
  onsetMarkdown
} from "./shared-report-onset.js";
import {
  ownerText
} from "./shared-owners-codeowners.js";
import {
  signatureMd
} from "./shared-report-clusters.js";
import {
  describeApiError,
  requestOptions
} from "./shared-github-client.js";
import {
  logText,
  mdPre,
  mdText
} from "./shared-text-escape.js";
import {
  minutesText,
  priceText,
  priced
} from "./shared-cost-index.js";
import {
  warning
} from "./shared-actions-core.js";

// src/github/issue-body.ts
var TITLE_MAX = 256;
var BODY_MAX = 65536;
var MAX_ASSIGNEES = 10;
function testHash(id) {
  return createHash("sha256").update(id).digest("hex");
}
function idMarker(hash) {
  return `<!-- flakeguard:test-id=${hash} -->`;
}
function markerSearchPhrase(hash) {
  return `flakeguard:test-id=${hash}`;
}
var ID_MARKER = /<!-- flakeguard:test-id=([0-9a-f]{64}) -->/;
var META_MARKER = /<!-- flakeguard:meta (\{[^<>]*\}) -->/;
var COMMENT_MARKER = "<!-- flakeguard:comment -->";
function parseIdMarker(body) {
  return body ? ID_MARKER.exec(body)?.[1] : void 0;
}
function isInterval(x) {
  return Array.isArray(x) && x.length === 3 && x.every((v) => typeof v === "number" && Number.isFinite(v));
}
function parseMeta(body) {
  const m = body ? META_MARKER.exec(body) : null;
  if (!m) return {};
  try {
    const raw = JSON.parse(m[1]);
    const meta = {};
    if (isInterval(raw.pfs)) meta.pfs = raw.pfs;
    if (typeof raw.closed === "string" && !Number.isNaN(Date.parse(raw.closed))) meta.closed = raw.closed;
    if (raw.reason === "quarantined" || raw.reason === "regressed" || raw.reason === "order-dependent") meta.reason = raw.reason;
    return meta;
  } catch {
    return {};
  }
}
function metaMarker(meta) {
  const out = {};
  if (meta.pfs) out.pfs = meta.pfs.map((x) => Math.round(x * 1e3) / 1e3);
  if (meta.closed) out.closed = meta.closed;
  if (meta.reason) out.reason = meta.reason;
  return `<!-- flakeguard:meta ${JSON.stringify(out)} -->`;
}
function withMeta(body, meta) {
  return META_MARKER.test(body) ? body.replace(META_MARKER, metaMarker(meta)) : `${body}
${metaMarker(meta)}`;
}
function titleText(untrusted, max) {
  const flat = untrusted.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, "0")}`).replace(/[\t\n\r\u2028\u2029\u202a-\u202e\u2066-\u2069]+/g, " ").replace(/\s+/g, " ").trim();
  const safe = flat.replace(/@/g, "\uFF20").replace(/#/g, "\uFF03");
  return safe.length <= max ? safe : `${safe.slice(0, max - 1)}\u2026`;
}
function issueTitle(test) {
  return `Flaky test: ${titleText(test.id, TITLE_MAX - "Flaky test: ".length)}`;
}
function fixed(x) {
  return x.toFixed(3);
}
function intervalText(i) {
  return `${fixed(i[0])} (90% interval ${fixed(i[1])}\u2013${fixed(i[2])})`;
}
function runLink(ctx, runKey) {
  const id = runKey.split("/")[0] ?? "";
  if (!/^\d+$/.test(id)) return mdText(id || runKey, 40);
  return `[${id}](${ctx.serverUrl}/${ctx.repository}/actions/runs/${id})`;
}
function mention(ctx, owner) {
  if (owner.kind === "email") return mdText(owner.address, 120);
  return ctx.mentions ? ownerText(owner) : `\`${ownerText(owner)}\``;
}
function mentionLine(ctx, owners) {
  return owners.filter((o) => o.kind !== "email").map((o) => mention(ctx, o)).join(" ");
}
function assigneesOf(owners) {
  return [...new Set(owners.flatMap((o) => o.kind === "user" ? [o.login] : []))].slice(0, MAX_ASSIGNEES);
}
var ATTEMPT_WORD = { P: "passed", F: "failed", E: "error", S: "skipped" };
function attemptsText(attempts) {
  return [...attempts].map((c) => ATTEMPT_WORD[c] ?? "?").join(" \u2192 ");
}
function symbols(recent) {
  return [...recent].map((c) => c === "F" ? "\u2717" : c === "R" ? "\u21BB" : "\u2713").join("");
}
function utc(ms) {
  return new Date(ms).toISOString().slice(0, 16).replace("T", " ");
}
function factsOf(c) {
  const w = c.why;
  if (!w) return { ...c.onset ? { onset: c.onset } : {}, ...c.cost ? { cost: c.cost } : {} };
  const onset = { onset: w.onset?.detail ?? { runs: w.rate.runs, failures: w.rate.failures, changes: [] }, ...w.onset?.commits ? { commits: w.onset.commits } : {} };
  const k = w.cost;
  const cost = k ? {
    cost: {
      failedRuns: k.failedRuns,
      rerunExecutions: k.rerunExecutions,
      rerunSec: k.rerunSec,
      handReruns: k.handReruns,
      handRerunSec: k.handRerunSec,
      costSec: k.costSec,
      savedRuns: k.savedRuns,
      savedSec: k.savedSec,
      estimatedRuns: k.estimatedRuns
    },
    rank: k.rank,
    of: k.of,
    ...k.perMinute !== null ? { perMinute: k.perMinute } : {}
  } : void 0;
  return { onset, ...cost ? { cost } : {} };
}
var MEMBERS_SHOWN = 10;
function whySections(w) {
  const lines = [];
  if (w.cluster) {
    const c = w.cluster;
    const sig = c.signature !== null ? ` with ${signatureMd(c.signature)}` : "";
    lines.push("### Fails together with", "");
    lines.push(
      `Cluster ${c.id}: ${plural(c.size, "test")} fail in the same runs${sig}, together in ${plural(c.together, "run")} since run ${c.since} (docs/clusters.md): one cause may fix them all.`,
      ""
    );
    for (const m of c.others.slice(0, MEMBERS_SHOWN)) lines.push(`- ${mdText(m, 300)}`);
    if (c.others.length > MEMBERS_SHOWN) lines.push(`- and ${c.others.length - MEMBERS_SHOWN} more`);
    lines.push("");
  }
  if (w.diagnosis) {
    const d = w.diagnosis;
    lines.push("### Diagnosis by experiment", "");
    lines.push(
      `**${CATEGORY_WORDS[d.category] ?? mdText(d.category, 40)}** (re-runs under controlled variations on ${Number.isNaN(Date.parse(d.at)) ? mdText(d.at, 40) : new Date(d.at).toISOString().slice(0, 10)}${d.sha ? `, commit ${mdText(d.sha.slice(0, 7), 10)}` : ""}; docs/diagnose.md).`
    );
    if (d.polluter !== void 0) lines.push("", `The test whose run before it makes it fail: ${mdText(d.polluter, 300)}`);
    if (d.evidence.length > 0) lines.push("", ...d.evidence.map((e) => `- ${evidenceWords({ ...e, ...e.detail !== void 0 ? { detail: mdText(e.detail, 200) } : {} })}`));
    lines.push("");
  }
  const r = w.rerun;
  if (r.kind !== "unknown") {
    lines.push("### Re-run it alone", "");
    lines.push(
      `As flakeguard's re-runs run it (${r.kind === "preset" ? `the ${mdText(r.preset, 40)} preset` : "the `rerun` command"}), from the workspace; \`flakeguard why --json\` gives the same line:`,
      ""
    );
    lines.push(mdPre(r.commandLine, 4e3), "");
  }
  return lines;
}
var MAX_FAILURES_SHOWN = 10;
function ownersSection(ctx, c) {
  const o = c.owners;
  const lines = [];
  const where = o.via === "file" ? `${mdText(o.path ?? "", 200)} (from the report)` : o.via === "classname" ? `${mdText(o.path ?? "", 200)} (mapped from the classname by the \`codeowners-map\` rule ${mdText(o.mapRule?.from ?? "", 100)})` : "";
  lines.push(`| File | ${where || "unknown: the report gives no `file` and no `codeowners-map` rule matches the classname"} |`);
  let owners;
  if (o.owners.length > 0) {
    const rule = o.rule ? ` (${mdText(c.codeownersPath ?? "CODEOWNERS", 40)} line ${o.rule.line}: ${mdText(o.rule.pattern, 100)})` : "";
    owners = `${o.owners.map((x) => mention(ctx, x)).join(", ")}${rule}`;
  } else if (!o.path) {
    owners = "none found (no file to look up)";
  } else if (!c.codeownersPath) {
    owners = "none found: the repository has no CODEOWNERS file (.github/, root or docs/)";
  } else if (o.rule) {
    owners = `none: ${mdText(c.codeownersPath, 40)} line ${o.rule.line} (${mdText(o.rule.pattern, 100)}) gives this path no owner`;
  } else {
    owners = `none: no line of ${mdText(c.codeownersPath, 40)} matches this path`;
  }
  lines.push(`| Owners | ${owners} |`);
  return lines;
}
function failuresSection(ctx, runs) {
  const failing = runs.filter((r) => /[FE]/.test(r.attempts));
  if (failing.length === 0) return ["No failure in the recorded history."];
  const shown = failing.slice(-MAX_FAILURES_SHOWN).reverse();
  const lines = [
    `${failing.length} of the last ${runs.length} recorded runs had a failing attempt; the most recent:`,
    "",
    "| When (UTC) | Run | Commit | Attempts | Message (normalised) |",
    "| --- | --- | --- | --- | --- |"
  ];
  for (const r of shown) {
    lines.push(`| ${utc(r.time)} | ${runLink(ctx, r.run)} | ${mdText(r.sha.slice(0, 7), 10)} | ${attemptsText(r.attempts)} | ${r.message ? mdText(r.message, 200) : "\u2014"} |`);
  }
  return lines;
}
function renderBody(ctx, c) {
  const t = c.test;
  const d = c.decision;
  const lines = [idMarker(c.hash)];
  const headline = c.orderDependent !== void 0 ? `**This test is order-dependent**: it ${mdText(c.orderDependent, 400)}. Its failures fail CI: it is not quarantined as flaky. Find the test that runs before it in the full run and leaves state behind (a singleton, a global mock, a registry, a temp file), or make this test set up its own state.` : c.reason === "order-dependent" ? "**flakeguard found this test order-dependent earlier**: it failed inside the full run and passed alone. It has passed at its first attempt in the full run since." : c.reason === "regressed" ? "**The flakiness of this test rose significantly**: its flakiness score is now clearly above what it was. It needs an owner to make it reliable again." : c.quarantined ? "**flakeguard quarantined this test**: its failures no longer fail CI until it is released. It needs an owner to make it reliable again." : "**flakeguard quarantined this test earlier; it is released now**: its failures fail CI again.";
  lines.push(headline, "", "| | |", "| --- | --- |");
  lines.push(`| Test | ${mdText(t.id, 500)} |`);
  lines.push(...ownersSection(ctx, c));
  const state = c.quarantined ? `quarantined${d?.since ? ` since ${mdText(d.since.slice(0, 10), 20)}` : ""}` : "not quarantined";
  lines.push(`| Quarantine | ${state}${d ? `: ${mdText(d.reason, 400)}` : ""} |`);
  lines.push("");
  lines.push("### Flakiness score (PFS)", "");
  lines.push("The probabilistic flakiness score estimates how often the test fails on a commit where it can pass (see docs/scoring.md).", "");
  if (c.pfsNow) lines.push(`- Now: **${intervalText(c.pfsNow)}**`);
  if (c.pfsBefore) lines.push(`- ${mdText(c.pfsBefore.label, 100)}: ${intervalText(c.pfsBefore.interval)}`);
  if (c.pfsTrend.length > 1) lines.push(`- PFS of the last ${c.trendWindow ?? 10} runs, over time: ${c.pfsTrend.map((p) => `${fixed(p.pf)} (${p.runs} runs)`).join(" \u2192 ")}`);
  if (d?.evidence.recent) lines.push(`- Recent results, oldest first (\u2713 pass, \u21BB passed on retry, \u2717 fail): ${symbols(d.evidence.recent)}`);
  lines.push("");
  const facts = factsOf(c);
  if (facts.onset) {
    const links = { run: (r) => runLink(ctx, r.run), repoUrl: `${ctx.serverUrl}/${ctx.repository}` };
    lines.push("### Since when", "", ...onsetMarkdown(facts.onset.onset, facts.onset.commits, links), "");
  }
  if (c.why) lines.push(...whySections(c.why));
  if (facts.cost) lines.push(...costSection(facts.cost), "");
  lines.push("### Recent failures", "");
  lines.push(...failuresSection(ctx, t.runs), "");
  const file = mdText(c.statsFile, 60);
  const branch = mdText(ctx.dataBranch, 100);
  const key = JSON.stringify(t.id);
  lines.push("### Forcing or lifting the quarantine by hand", "");
  lines.push(
    `The test's line is in ${file} on the ${branch} branch ([edit it](${ctx.serverUrl}/${ctx.repository}/edit/${encodeURI(ctx.dataBranch)}/${c.statsFile})). Set its \`override\` and commit; it takes effect on the next run:`,
    "",
    mdPre(
      `${key}: {"override": "never", ...}        lifts the quarantine and keeps the test out
${key}: {"override": "quarantine", ...}   forces it into quarantine
${key}: {"override": null, ...}         flakeguard decides again`,
      4e3
    ),
    ""
  );
  lines.push(
    ctx.closeLifts ? "- **Close this issue as completed** (by hand or with `Fixes #\u2026` in a pull request) when the test is fixed: the next run lifts its quarantine and judges it only on runs after the close. If it fails flakily again, flakeguard reopens this issue." : "- Closing this issue does not lift the quarantine (`close-lifts-quarantine: false`): use the override above.",
    "- **Close it as not planned** to stop flakeguard from updating or reopening it.",
    "- flakeguard rewrites this description when it updates the issue; write in comments."
  );
  lines.push("", metaMarker({ ...c.meta, reason: c.reason }));
  return fitBody(lines.join("\n"));
}
var plural = (n, one, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
var ordinal = (n) => `${n}${n % 100 >= 11 && n % 100 <= 13 ? "th" : ["th", "st", "nd", "rd"][n % 10] ?? "th"}`;
function costSection(k) {
  const c = k.cost;
  const price = priced(c.costSec, k.perMinute);
  const parts = [`${plural(c.rerunExecutions, "re-run execution")} (${minutesText(c.rerunSec)}${c.estimatedRuns > 0 ? `, ${plural(c.estimatedRuns, "run")} estimated from its duration` : ""})`];
  parts.push(`${plural(c.handReruns, "red run", "red runs")} re-run by hand (${minutesText(c.handRerunSec)})`);
  const lines = [
    "### What it costs in CI",
    "",
    "Over the runs the data branch keeps, from the re-runs\u2019 measured seconds and the reports\u2019 durations (how it is counted: docs/cost.md in flakeguard\u2019s repository).",
    "",
    `- **${minutesText(c.costSec)}** of CI time: ${parts.join(", ")}${k.rank > 0 ? `; the ${k.rank === 1 ? "costliest" : `${ordinal(k.rank)} costliest`} of ${plural(k.of, "test")} that cost CI time` : ""}.`
  ];
  if (price !== void 0) lines.push(`- At ${k.perMinute} per minute: **${priceText(price)}**.`);
  if (c.savedRuns > 0) lines.push(`- flakeguard's re-runs spared ${plural(c.savedRuns, "red run")} a re-run by hand: ${minutesText(c.savedSec)} saved.`);
  return lines;
}
function fitBody(body) {
  if (body.length <= BODY_MAX) return body;
  const meta = META_MARKER.exec(body)?.[0] ?? "";
  return `${body.slice(0, BODY_MAX - meta.length - 200)}

_\u2026cut at GitHub's size limit._
${meta}`;
}
function renderComment(ctx, c) {
  let text;
  switch (c.kind) {
    case "quarantined":
      text = `flakeguard **quarantined** this test in run ${runLink(ctx, c.run)}: ${mdText(c.reason, 500)}. Its failures no longer fail CI.`;
      break;
    case "regressed":
      text = `The flakiness of this test **rose**: PFS is now ${intervalText(c.now)}; ${mdText(c.before.label, 100)} it was ${intervalText(c.before.interval)}.`;
      break;
    case "released":
      text = `flakeguard **released** this test from quarantine in run ${runLink(ctx, c.run)}: ${mdText(c.reason, 500)}. Closing; flakeguard reopens this issue if it fails flakily again.`;
      break;
    case "order-dependent":
      text = `flakeguard found this test **order-dependent** in run ${runLink(ctx, c.run)}: it ${mdText(c.sentence, 500)}. Its failures fail CI: it is not quarantined as flaky.`;
      break;
    case "rule":
      text = `flakeguard's **quarantine rules** (\`policy.quarantine\`) acted on this test in run ${runLink(ctx, c.run)}: ${mdText(c.reason, 500)}.`;
      break;
    case "order-fixed":
      text = `This test passed at its first attempt in the full run in run ${runLink(ctx, c.run)}: it no longer fails there. Closing; flakeguard reopens this issue if it fails again.`;
      break;
    case "reopened": {
      const who = mentionLine(ctx, c.owners);
      text = `Reopening: ${mdText(c.why, 500)}.${who ? ` ${who}` : ""}`;
      break;
    }
    case "lifted":
      text = `This issue was closed as completed on ${mdText(c.issueClosedAt.slice(0, 16).replace("T", " "), 20)} UTC, so run ${runLink(ctx, c.run)} **lifted the quarantine** of this test. From now on it is judged only on runs after the close; if it fails flakily again, flakeguard reopens this issue.`;
      break;
    case "duplicate":
      text = `Duplicate of #${c.of} (the same test). Closing.`;
      break;
  }
  return `${text}

${COMMENT_MARKER}`;
}

// src/github/issue-api.ts
var MAX_LIST_PAGES = 10;
var MAX_WRITES = 60;
var MAX_FAILURES = 3;
var IssueApi = class {
  octokit;
  owner;
  repo;
  writes = 0;
  failures = 0;
  /** Set once the work must stop (permission, rate limit, too many failures or writes). */
  stopped;
  warnings = [];
  constructor(octokit, owner, repo) {
    this.octokit = octokit;
    this.owner = owner;
    this.repo = repo;
  }
  /**
   * Runs one request. Statuses in `expected` (e.g. 404 for a missing label) are answers, not failures; anything
   * else that fails is reported once as a warning.
   */
  async call(what, write, send, expected = []) {
    if (this.stopped) return { ok: false };
    if (write && this.writes >= MAX_WRITES) {
      this.stop(`flakeguard reached its limit of ${MAX_WRITES} issue updates in one run; the rest waits for the next run.`);
      return { ok: false };
    }
    if (write) this.writes++;
    try {
      return { ok: true, data: (await send()).data };
    } catch (error) {
      const failure = describeApiError(error);
      if (failure.status !== void 0 && expected.includes(failure.status)) return { ok: false, status: failure.status };
      const status = failure.status ?? "no response";
      if (failure.denied || failure.status === 401) {
        this.stop(
          `flakeguard could not ${what} (${status}: ${failure.message}). The workflow's token needs \`issues: write\` (permissions: issues: write) for create-issues; the issues are left as they are this run.`
        );
      } else if (/rate limit/i.test(failure.message) || failure.status === 429) {
        this.stop(`flakeguard could not ${what}: GitHub's ${failure.message}. The issue work stops for this run and resumes on the next one.`);
      } else {
        this.warn(`flakeguard could not ${what} (${status}: ${failure.message}); it tries again on the next run.`);
        if (++this.failures >= MAX_FAILURES) this.stop(`flakeguard stopped updating issues after ${this.failures} failed requests; it tries again on the next run.`);
      }
      return { ok: false, status: failure.status };
    }
  }
  warn(message) {
    this.warnings.push(message);
    warning(logText(message, 1e3), { title: "flakeguard issues" });
  }
  stop(message) {
    if (this.stopped) return;
    this.stopped = message;
    this.warn(message);
  }
};
function tracked(issue, label) {
  if (issue.pull_request) return void 0;
  const hash = parseIdMarker(issue.body);
  if (!hash) return void 0;
  const labelled = issue.labels.some((l) => (typeof l === "string" ? l : l.name ?? "").toLowerCase() === label.toLowerCase());
  return {
    id: issue.id,
    number: issue.number,
    state: issue.state === "closed" ? "closed" : "open",
    stateReason: issue.state_reason ?? null,
    closedAt: issue.closed_at,
    createdAt: issue.created_at,
    hash,
    meta: parseMeta(issue.body),
    labelled,
    title: issue.title,
    body: issue.body ?? "",
    url: issue.html_url
  };
}
async function listTrackedIssues(api, label) {
  const out = [];
  for (let page = 1; page <= MAX_LIST_PAGES; page++) {
    const res = await api.call(
      "list the issues labelled for flakeguard",
      false,
      () => api.octokit.rest.issues.listForRepo({ owner: api.owner, repo: api.repo, labels: label, state: "all", per_page: 100, page, ...requestOptions() })
    );
    if (!res.ok) return void 0;
    for (const issue of res.data) {
      const t = tracked(issue, label);
      if (t) out.push(t);
    }
    if (res.data.length < 100) break;
  }
  return out;
}

export {
  TITLE_MAX,
  testHash,
  idMarker,
  markerSearchPhrase,
  withMeta,
  titleText,
  issueTitle,
  mentionLine,
  assigneesOf,
  renderBody,
  renderComment,
  IssueApi,
  tracked,
  listTrackedIssues
};
