const require = process.getBuiltinModule('node:module').createRequire(import.meta.url);
const { createHash } = require("node:crypto");
import {
  pfsRose,
  pfsTrendOf
} from "./shared-scoring-regression.js";
import {
  ownersOfTest
} from "./shared-owners-index.js";
import {
  findCodeowners,
  ownerText
} from "./shared-owners-codeowners.js";
import {
  appendSummary
} from "./shared-github-step-files.js";
import "./shared-scoring-pfs.js";
import {
  info,
  warning
} from "./shared-actions-http-client.js";
import {
  parseClassMap
} from "./shared-owners-classmap.js";
import {
  parseLineObject,
  shardOf,
  statsPath
} from "./shared-store-layout.js";
import "./shared-undici.js";
import {
  createClient,
  describeApiError,
  requestOptions
} from "./shared-github-client.js";
import {
  logText,
  mdPre,
  mdText
} from "./shared-text-escape.js";
import "./shared-runtime.js";

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
  if (c.pfsTrend.length > 1) lines.push(`- PFS of the last 10 runs, over time: ${c.pfsTrend.map((p) => `${fixed(p.pf)} (${p.runs} runs)`).join(" \u2192 ")}`);
  if (d?.evidence.recent) lines.push(`- Recent results, oldest first (\u2713 pass, \u21BB passed on retry, \u2717 fail): ${symbols(d.evidence.recent)}`);
  lines.push("");
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

// src/github/issue-plan.ts
var OWN_CLOSE_TOLERANCE_MS = 10 * 6e4;
function statusOf(issue) {
  if (issue.state === "open") return "open";
  const closedAt = issue.closedAt ? Date.parse(issue.closedAt) : Number.NaN;
  const stamped = issue.meta.closed ? Date.parse(issue.meta.closed) : Number.NaN;
  if (Number.isFinite(closedAt) && Number.isFinite(stamped) && Math.abs(closedAt - stamped) <= OWN_CLOSE_TOLERANCE_MS) return "closed-by-flakeguard";
  if (issue.stateReason === "not_planned" || issue.stateReason === "duplicate") return "muted";
  return "closed-by-hand";
}
function indexIssues(issues) {
  const groups = /* @__PURE__ */ new Map();
  for (const issue of issues) {
    const list = groups.get(issue.hash) ?? [];
    if (!list.some((i) => i.number === issue.number)) list.push(issue);
    groups.set(issue.hash, list);
  }
  const byHash = /* @__PURE__ */ new Map();
  const duplicates = [];
  for (const [hash, list] of groups) {
    const open = list.filter((i) => i.state === "open").sort((a, b) => a.number - b.number);
    const canonical = open[0] ?? [...list].sort((a, b) => b.number - a.number)[0];
    byHash.set(hash, canonical);
    for (const extra of open.slice(1)) duplicates.push({ issue: extra, of: canonical });
  }
  return { byHash, duplicates };
}
function handLifts(index) {
  const out = /* @__PURE__ */ new Map();
  for (const [hash, issue] of index.byHash) {
    if (statusOf(issue) !== "closed-by-hand" || !issue.closedAt) continue;
    const since = Date.parse(issue.closedAt);
    if (Number.isFinite(since)) out.set(hash, { issue: issue.number, since, closedAt: issue.closedAt });
  }
  return out;
}
var REGRESSION_WINDOW = 10;
var REGRESSION_MIN_FAILING = 2;
function regression(test, _now, recorded, window = REGRESSION_WINDOW) {
  const rose = pfsRose(test.runs, recorded, window, REGRESSION_MIN_FAILING);
  if (!rose) return void 0;
  const label = recorded ? "when flakeguard last wrote this issue" : `before the last ${window} runs`;
  return { now: rose.now, before: { label, interval: rose.before } };
}
function pfsTrend(test, points = 6) {
  return pfsTrendOf(test.runs, points, Math.max(1, Math.ceil(REGRESSION_WINDOW / 2)), REGRESSION_WINDOW);
}
function failedAfter(test, iso) {
  const since = iso ? Date.parse(iso) : Number.NaN;
  if (!Number.isFinite(since)) return false;
  return test.runs.some((r) => r.time > since && /[FE]/.test(r.attempts));
}
var byOverride = (f) => f.decision?.override !== void 0;
function planIssues(tests, index, options) {
  const opens = [];
  const actions = [];
  let muted = 0;
  for (const f of tests) {
    const issue = index.byHash.get(f.hash);
    const status = issue ? statusOf(issue) : void 0;
    const wantsQuarantineIssue = f.quarantined && !byOverride(f);
    const rank = (f.newlyQuarantined ? 2 : f.quarantined ? 1 : 0) * 10 + (f.pfsNow?.[0] ?? 0);
    if (f.orderDependent !== void 0) {
      if (!issue) opens.push({ action: { kind: "open", facts: f, reason: "order-dependent" }, rank: 30 });
      else if (status === "open" && issue.meta.reason !== "order-dependent") actions.push({ kind: "comment", facts: f, issue, about: "order-dependent" });
      else if (status === "muted") muted++;
      else if (status !== "open" && !options.liftedNow.has(f.hash)) {
        opens.push({ action: { kind: "reopen", facts: f, issue, reason: "order-dependent", why: `the test ${f.orderDependent}` }, rank: 30 });
      }
      continue;
    }
    if (issue && status === "open" && issue.meta.reason === "order-dependent") {
      const last = f.test.runs.findLast((r) => !r.outage && r.attempts.replace(/S/g, "") !== "");
      if (last && last.attempts.replace(/S/g, "")[0] === "P") actions.push({ kind: "close", facts: f, issue, orderFixed: true });
      continue;
    }
    if (!issue) {
      if (f.released) continue;
      if (wantsQuarantineIssue) {
        opens.push({ action: { kind: "open", facts: f, reason: "quarantined" }, rank });
        continue;
      }
      const rose = regression(f.test, f.pfsNow, void 0);
      if (rose) opens.push({ action: { kind: "open", facts: f, reason: "regressed", regression: rose }, rank });
      continue;
    }
    switch (status) {
      case "muted":
        muted++;
        break;
      case "open": {
        const outOfQuarantine = !f.quarantined && f.decision?.quarantined !== true;
        if (f.released || outOfQuarantine && issue.meta.reason === "quarantined") {
          actions.push({ kind: "close", facts: f, issue });
          break;
        }
        if (f.newlyQuarantined) {
          actions.push({ kind: "comment", facts: f, issue, about: "quarantined" });
          break;
        }
        const rose = regression(f.test, f.pfsNow, issue.meta.pfs);
        if (rose) actions.push({ kind: "comment", facts: f, issue, about: "regressed", regression: rose });
        break;
      }
      case "closed-by-flakeguard": {
        const fresh = failedAfter(f.test, issue.meta.closed ?? issue.closedAt);
        if (!fresh) break;
        if (wantsQuarantineIssue) {
          opens.push({ action: { kind: "reopen", facts: f, issue, reason: "quarantined", why: "the test is quarantined again after failing flakily since flakeguard closed this issue" }, rank });
          break;
        }
        const rose = regression(f.test, f.pfsNow, issue.meta.pfs);
        if (rose)
          opens.push({ action: { kind: "reopen", facts: f, issue, reason: "regressed", why: "the flakiness of the test rose again since flakeguard closed this issue", regression: rose }, rank });
        break;
      }
      case "closed-by-hand": {
        if (options.liftedNow.has(f.hash)) {
          actions.push({ kind: "lifted", facts: f, issue });
          break;
        }
        const fresh = failedAfter(f.test, issue.closedAt);
        if (!fresh) break;
        if (wantsQuarantineIssue && options.closeLifts) {
          opens.push({ action: { kind: "reopen", facts: f, issue, reason: "quarantined", why: "the test failed flakily again after this issue was closed and is quarantined again" }, rank });
          break;
        }
        const rose = regression(f.test, f.pfsNow, issue.meta.pfs);
        if (rose) opens.push({ action: { kind: "reopen", facts: f, issue, reason: "regressed", why: "the flakiness of the test rose again after this issue was closed", regression: rose }, rank });
        break;
      }
    }
  }
  for (const d of index.duplicates) actions.push({ kind: "duplicate", issue: d.issue, of: d.of });
  opens.sort((a, b) => b.rank - a.rank || idOf(a.action).localeCompare(idOf(b.action)));
  const allowed = opens.slice(0, Math.max(0, options.maxIssues)).map((o) => o.action);
  const deferred = opens.slice(Math.max(0, options.maxIssues)).map((o) => o.action);
  return { actions: [...allowed, ...actions], deferred, muted };
}
function idOf(a) {
  return a.kind === "duplicate" ? "" : a.facts.id;
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

// src/github/issue-dry-run.ts
var DRY_RUN_SUMMARY_BYTES = 200 * 1024;
function dryRunSummary(writer, plan, s) {
  const lines = ["#### Issues for test owners (dry run)", ""];
  lines.push(
    s.listed ? `\`issues-dry-run\` is on: nothing was written to GitHub. This run would take ${plan.actions.length} issue action${plan.actions.length === 1 ? "" : "s"}:` : `\`issues-dry-run\` is on: nothing was written to GitHub. The existing issues could not be read${s.inputs.token ? "" : " (no token)"}, so every issue below would be new:`,
    ""
  );
  let used = 0;
  let cut = 0;
  for (const a of plan.actions) {
    const p = writer.preview(a);
    const block = [`- **Would ${mdText(p.verb, 100)}**: ${mdText(p.title, 300)}`];
    if (a.kind === "open" || a.kind === "reopen") {
      const assignees = assigneesOf(writer.owners(a.facts).owners);
      block.push(`  - label ${mdText(s.inputs.issueLabel, 50)}${assignees.length > 0 ? `, assignees ${assignees.map((x) => `\`${x}\``).join(", ")}` : ", no assignee"}`);
    }
    if (p.body) block.push("", "<details><summary>Issue body</summary>", "", p.body, "", "</details>", "");
    if (p.comment) block.push("", "<details><summary>Comment</summary>", "", p.comment, "", "</details>", "");
    const text = block.join("\n");
    if (used + text.length > DRY_RUN_SUMMARY_BYTES) {
      cut++;
      continue;
    }
    used += text.length;
    lines.push(text);
  }
  if (cut > 0) lines.push("", `_\u2026${cut} more not shown (summary size)._`);
  if (plan.deferred.length > 0) {
    lines.push("", `${plan.deferred.length} more would wait for later runs (max-issues: ${s.inputs.maxIssues}):`, "");
    for (const a of plan.deferred.slice(0, 50)) if (a.kind !== "duplicate") lines.push(`- ${mdText(a.facts.id, 200)}`);
  }
  const wouldLift = [...s.index.byHash.values()].filter((i) => statusOf(i) === "closed-by-hand").length;
  if (s.inputs.closeLiftsQuarantine && wouldLift > 0) {
    lines.push(
      "",
      `${wouldLift} issue${wouldLift === 1 ? " was" : "s were"} closed as completed by a person; outside a dry run, their tests are judged only on runs after the close (close-lifts-quarantine).`
    );
  }
  if (plan.actions.length === 0) lines.push("_No issue action: no test newly quarantined, released or with rising flakiness._");
  return `${lines.join("\n")}
`;
}

// src/github/issue-writer.ts
var LABEL_COLOR = "fbca04";
var LABEL_DESCRIPTION = "A flaky test tracked by flakeguard";
var ActionWriter = class {
  labelReady = false;
  s;
  render;
  lookup;
  result;
  run;
  constructor(s, render, lookup, result, run) {
    this.s = s;
    this.render = render;
    this.lookup = lookup;
    this.result = result;
    this.run = run;
  }
  get api() {
    return this.s.api;
  }
  statsFile(id) {
    return statsPath(shardOf(id, this.result.shards), this.result.shards);
  }
  owners(f) {
    return ownersOfTest(f.test, this.lookup);
  }
  body(f, reason, meta, regression2) {
    return renderBody(this.render, {
      test: f.test,
      hash: f.hash,
      ...f.decision ? { decision: f.decision } : {},
      quarantined: f.quarantined,
      reason,
      ...f.orderDependent !== void 0 ? { orderDependent: f.orderDependent } : {},
      ...f.pfsNow ?? regression2?.now ? { pfsNow: f.pfsNow ?? regression2?.now } : {},
      ...regression2 ? { pfsBefore: regression2.before } : {},
      pfsTrend: pfsTrend(f.test),
      owners: this.owners(f),
      ...this.lookup.codeownersPath ? { codeownersPath: this.lookup.codeownersPath } : {},
      statsFile: this.statsFile(f.id),
      meta
    });
  }
  comment(kind) {
    return renderComment(this.render, kind);
  }
  /** What an action would post, for the dry run. */
  preview(a) {
    switch (a.kind) {
      case "open":
        return { title: issueTitle(a.facts), verb: "open a new issue", body: this.body(a.facts, a.reason, { ...a.facts.pfsNow ? { pfs: a.facts.pfsNow } : {} }, a.regression) };
      case "reopen":
        return {
          title: a.issue.title,
          verb: `reopen #${a.issue.number}`,
          body: this.body(a.facts, a.reason, { ...a.facts.pfsNow ? { pfs: a.facts.pfsNow } : {} }, a.regression),
          comment: this.comment({ kind: "reopened", why: a.why, owners: this.owners(a.facts).owners })
        };
      case "comment":
        return { title: a.issue.title, verb: `comment on #${a.issue.number}`, comment: this.commentFor(a) };
      case "close":
        if (a.orderFixed) return { title: a.issue.title, verb: `close #${a.issue.number} (no longer order-dependent)`, comment: this.comment({ kind: "order-fixed", run: this.run.key }) };
        return { title: a.issue.title, verb: `close #${a.issue.number} (released)`, comment: this.comment({ kind: "released", reason: a.facts.decision?.reason ?? "released", run: this.run.key }) };
      case "lifted":
        return { title: a.issue.title, verb: `comment on #${a.issue.number} (quarantine lifted)`, comment: this.comment({ kind: "lifted", issueClosedAt: a.issue.closedAt ?? "", run: this.run.key }) };
      case "duplicate":
        return { title: a.issue.title, verb: `close #${a.issue.number} as a duplicate of #${a.of.number}`, comment: this.comment({ kind: "duplicate", of: a.of.number }) };
    }
  }
  commentFor(a) {
    if (a.about === "quarantined") return this.comment({ kind: "quarantined", reason: a.facts.decision?.reason ?? "quarantined", run: this.run.key });
    if (a.about === "order-dependent") return this.comment({ kind: "order-dependent", sentence: a.facts.orderDependent ?? "", run: this.run.key });
    return this.comment({ kind: "regressed", now: a.regression.now, before: a.regression.before });
  }
  async ensureLabel() {
    if (this.labelReady) return true;
    const { owner, repo } = this.api;
    const name = this.s.inputs.issueLabel;
    const got = await this.api.call(`read the label '${name}'`, false, () => this.api.octokit.rest.issues.getLabel({ owner, repo, name, ...requestOptions() }), [404]);
    if (!got.ok && got.status === 404) {
      const made = await this.api.call(
        `create the label '${name}'`,
        true,
        () => this.api.octokit.rest.issues.createLabel({ owner, repo, name, color: LABEL_COLOR, description: LABEL_DESCRIPTION, ...requestOptions() }),
        [422]
      );
      if (!made.ok && made.status !== 422) return false;
    } else if (!got.ok) {
      return false;
    }
    this.labelReady = true;
    return true;
  }
  /** An issue of this test that lost its label (found by its marker through search), if any. */
  async findUnlabelled(f) {
    const q = `repo:${this.s.ctx.repository} is:issue in:body "${markerSearchPhrase(f.hash)}"`;
    const res = await this.api.call("search for an issue of the test", false, () => this.api.octokit.rest.search.issuesAndPullRequests({ q, per_page: 10, ...requestOptions() }), [403, 422, 429, 503]);
    if (!res.ok) return void 0;
    for (const item of res.data.items) {
      const t = tracked(item, this.s.inputs.issueLabel);
      if (t && t.hash === f.hash) return t;
    }
    return void 0;
  }
  /** What was done, as a summary line (markdown, a link to the issue) and a log line. */
  done(verb, n, title, tail) {
    const sep = tail.startsWith(":") ? "" : " ";
    return {
      md: `${verb} [#${n}](${this.s.ctx.serverUrl}/${this.s.ctx.repository}/issues/${n}) ${mdText(title, 200)}${sep}${mdText(tail, 300)}`,
      log: `${verb} #${n} ${title}${sep}${tail}`
    };
  }
  /** Carries out one action; says what was done, or undefined when it was not. */
  async carryOut(a) {
    const { owner, repo } = this.api;
    const api = this.api;
    const issues = api.octokit.rest.issues;
    const now = (/* @__PURE__ */ new Date()).toISOString();
    switch (a.kind) {
      case "open": {
        const lost = await this.findUnlabelled(a.facts);
        if (!await this.ensureLabel()) return void 0;
        if (lost) {
          const added = await api.call(
            `label issue #${lost.number}`,
            true,
            () => issues.addLabels({ owner, repo, issue_number: lost.number, labels: [this.s.inputs.issueLabel], ...requestOptions() })
          );
          return added.ok ? this.done("Found", lost.number, lost.title, "without its label and labelled it again (no new issue).") : void 0;
        }
        const title = issueTitle(a.facts);
        const body = this.body(a.facts, a.reason, { ...a.facts.pfsNow ? { pfs: a.facts.pfsNow } : {} }, a.regression);
        const assignees = assigneesOf(this.owners(a.facts).owners);
        const create = (withAssignees) => api.call(
          `open an issue for '${a.facts.id}'`,
          true,
          () => issues.create({ owner, repo, title, body, labels: [this.s.inputs.issueLabel], ...withAssignees && assignees.length > 0 ? { assignees } : {}, ...requestOptions() }),
          withAssignees && assignees.length > 0 ? [422] : []
        );
        let made = await create(true);
        if (!made.ok && made.status === 422) {
          info(logText(`GitHub refused the assignees ${assignees.join(", ")} (not collaborators?); opening the issue without assignees, owners mentioned in its body.`));
          made = await create(false);
        }
        return made.ok ? this.done("Opened", made.data.number, title, a.reason === "quarantined" ? "(quarantined)." : a.reason === "order-dependent" ? "(order-dependent)." : "(flakiness rose).") : void 0;
      }
      case "reopen": {
        if (!await this.ensureLabel()) return void 0;
        const body = this.body(a.facts, a.reason, { ...a.facts.pfsNow ? { pfs: a.facts.pfsNow } : {} }, a.regression);
        const opened = await api.call(`reopen issue #${a.issue.number}`, true, () => issues.update({ owner, repo, issue_number: a.issue.number, state: "open", body, ...requestOptions() }));
        if (!opened.ok) return void 0;
        await api.call(
          `comment on issue #${a.issue.number}`,
          true,
          () => issues.createComment({ owner, repo, issue_number: a.issue.number, body: this.comment({ kind: "reopened", why: a.why, owners: this.owners(a.facts).owners }), ...requestOptions() })
        );
        return this.done("Reopened", a.issue.number, a.issue.title, `: ${a.why}.`);
      }
      case "comment": {
        const posted = await api.call(
          `comment on issue #${a.issue.number}`,
          true,
          () => issues.createComment({ owner, repo, issue_number: a.issue.number, body: this.commentFor(a), ...requestOptions() })
        );
        if (!posted.ok) return void 0;
        const reason = a.about === "order-dependent" ? "order-dependent" : a.facts.quarantined ? "quarantined" : "regressed";
        const body = this.body(a.facts, reason, { ...a.facts.pfsNow ? { pfs: a.facts.pfsNow } : {} }, a.regression);
        await api.call(`update issue #${a.issue.number}`, true, () => issues.update({ owner, repo, issue_number: a.issue.number, body, ...requestOptions() }));
        return this.done(
          "Commented on",
          a.issue.number,
          a.issue.title,
          a.about === "quarantined" ? "(quarantined)." : a.about === "order-dependent" ? "(order-dependent)." : "(flakiness rose again)."
        );
      }
      case "close": {
        const posted = await api.call(
          `comment on issue #${a.issue.number}`,
          true,
          () => issues.createComment({ owner, repo, issue_number: a.issue.number, body: this.preview(a).comment, ...requestOptions() })
        );
        if (!posted.ok) return void 0;
        const meta = { ...a.facts.pfsNow ? { pfs: a.facts.pfsNow } : a.issue.meta.pfs ? { pfs: a.issue.meta.pfs } : {}, closed: now };
        const body = this.body(a.facts, a.orderFixed ? "order-dependent" : "quarantined", meta);
        const closed = await api.call(
          `close issue #${a.issue.number}`,
          true,
          () => issues.update({ owner, repo, issue_number: a.issue.number, state: "closed", state_reason: "completed", body, ...requestOptions() })
        );
        return closed.ok ? this.done("Closed", a.issue.number, a.issue.title, a.orderFixed ? ": no longer order-dependent." : ": released from quarantine.") : void 0;
      }
      case "lifted": {
        const posted = await api.call(
          `comment on issue #${a.issue.number}`,
          true,
          () => issues.createComment({ owner, repo, issue_number: a.issue.number, body: this.preview(a).comment, ...requestOptions() })
        );
        return posted.ok ? this.done("Lifted the quarantine:", a.issue.number, a.issue.title, "was closed as completed.") : void 0;
      }
      case "duplicate": {
        const posted = await api.call(
          `comment on issue #${a.issue.number}`,
          true,
          () => issues.createComment({ owner, repo, issue_number: a.issue.number, body: this.preview(a).comment, ...requestOptions() })
        );
        if (!posted.ok) return void 0;
        const closed = await api.call(
          `close issue #${a.issue.number} as a duplicate`,
          true,
          () => issues.update({
            owner,
            repo,
            issue_number: a.issue.number,
            state: "closed",
            state_reason: "duplicate",
            duplicate_issue_id: a.of.id,
            body: withMeta(a.issue.body, { ...a.issue.meta, closed: now }),
            ...requestOptions()
          })
        );
        return closed.ok ? this.done("Closed", a.issue.number, a.issue.title, `as a duplicate of #${a.of.number}.`) : void 0;
      }
    }
  }
};

// src/github/issue-publish.ts
function isInterval2(x) {
  return Array.isArray(x) && x.length === 3 && x.every((v) => typeof v === "number" && Number.isFinite(v));
}
function statsIntervals(files, ids) {
  const out = /* @__PURE__ */ new Map();
  for (const [path, text] of files) {
    if (!path.startsWith("stats/") || !path.endsWith(".json")) continue;
    const tests = parseLineObject(path, text, "tests").value?.entries;
    if (!tests) continue;
    for (const id of ids) {
      const line = tests.get(id);
      if (typeof line === "object" && line !== null && isInterval2(line.pfs)) out.set(id, line.pfs);
    }
  }
  return out;
}
function recentlyFailing(runs) {
  let failing = 0;
  for (let i = runs.length - 1, seen = 0; i >= 0 && seen < REGRESSION_WINDOW; i--) {
    const a = runs[i].attempts;
    if (a.replace(/S/g, "") === "") continue;
    seen++;
    if (/[FE]/.test(a)) failing++;
  }
  return failing >= REGRESSION_MIN_FAILING;
}
function testFacts(result, index, hashOf) {
  const quarantined = new Set(result.quarantined);
  const newly = new Set(result.newlyQuarantined);
  const released = new Set(result.released);
  const relevant = /* @__PURE__ */ new Set([...result.quarantined, ...result.released, ...result.orderDependent.keys()]);
  for (const [id, test] of result.history) {
    if (relevant.has(id)) continue;
    if (index.byHash.size > 0 && index.byHash.has(hashOf(id)) || recentlyFailing(test.runs)) relevant.add(id);
  }
  const intervals = statsIntervals(result.files, relevant);
  const facts = [];
  for (const id of [...relevant].sort()) {
    const test = result.history.get(id);
    if (!test) continue;
    const decision = result.decisions.get(id);
    facts.push({
      id,
      hash: hashOf(id),
      test,
      ...decision ? { decision } : {},
      quarantined: quarantined.has(id),
      newlyQuarantined: newly.has(id),
      released: released.has(id),
      ...intervals.has(id) ? { pfsNow: intervals.get(id) } : {},
      ...result.orderDependent.has(id) ? { orderDependent: result.orderDependent.get(id) } : {}
    });
  }
  return facts;
}
async function publishIssues(s, sync, run) {
  const { inputs, ctx, dryRun } = s;
  const result = sync.applied;
  if (!dryRun && (!sync.historyRead || sync.status.kind === "not-saved")) {
    info("The history was not saved, so the issues for test owners are left as they are this run.");
    return;
  }
  const facts = testFacts(result, s.index, s.hashOf);
  const liftedNow = new Set([...result.released].map(s.hashOf).filter((h) => s.lifts.has(h)));
  const plan = planIssues(facts, s.index, { maxIssues: inputs.maxIssues, closeLifts: inputs.closeLiftsQuarantine, liftedNow });
  const lookup = await ownerLookup(inputs, ctx.workspace, plan);
  const render = {
    serverUrl: ctx.serverUrl,
    repository: ctx.repository,
    dataBranch: inputs.dataBranch,
    closeLifts: inputs.closeLiftsQuarantine,
    mentions: !dryRun
  };
  const writer = new ActionWriter(s, render, lookup, result, run);
  if (dryRun) {
    await appendSummary(dryRunSummary(writer, plan, s));
    info(`Issues dry run: ${plan.actions.length} action${plan.actions.length === 1 ? "" : "s"} written to the job summary, none carried out.`);
    return;
  }
  const done = [];
  for (const action of plan.actions) {
    if (s.api?.stopped) break;
    const result2 = await writer.carryOut(action);
    if (result2) {
      done.push(result2);
      info(logText(result2.log, 500));
    }
  }
  if (plan.deferred.length > 0) {
    info(`${plan.deferred.length} more issue${plan.deferred.length === 1 ? "" : "s"} to open or reopen wait for later runs (max-issues: ${inputs.maxIssues}).`);
  }
  if (done.length > 0 || plan.deferred.length > 0) {
    const lines = ["#### Issues for test owners", "", ...done.map((d) => `- ${d.md}`)];
    if (plan.deferred.length > 0) lines.push(`- ${plan.deferred.length} more to open or reopen on later runs (max-issues: ${inputs.maxIssues}).`);
    await appendSummary(`${lines.join("\n")}
`);
  }
}
async function ownerLookup(inputs, workspace, plan) {
  const classMap = inputs.codeownersMap ? parseClassMap(inputs.codeownersMap) : [];
  const needs = [...plan.actions, ...plan.deferred].some((a) => a.kind === "open" || a.kind === "reopen" || a.kind === "comment" || a.kind === "close");
  if (!needs) return { classMap, workspace };
  const found = await findCodeowners(workspace);
  if (found && "tooLarge" in found) {
    warning(`${found.path} is 3 MB or more, so GitHub does not use it and flakeguard does not either: issues have no owners.`, { title: "flakeguard issues" });
    return { classMap, workspace };
  }
  if (found) {
    for (const p of found.problems.slice(0, 10)) warning(logText(`${found.path} line ${p.line}: ${p.message}`), { title: "CODEOWNERS", file: found.path, startLine: p.line });
    return { classMap, workspace, codeowners: found, codeownersPath: found.path };
  }
  return { classMap, workspace };
}

// src/github/issues.ts
async function prepareIssues(setup) {
  try {
    return await prepare(setup);
  } catch (error) {
    warning(logText(`flakeguard could not prepare the issues for test owners: ${error instanceof Error ? error.message : String(error)}`, 1e3), { title: "flakeguard issues" });
    return void 0;
  }
}
async function prepare({ inputs, ctx, readOnly }) {
  if (!inputs.createIssues) return void 0;
  const dryRun = inputs.issuesDryRun;
  if (readOnly && !dryRun) {
    info("Read-only run (or a pull request from a fork): the issues for test owners are not updated.");
    return void 0;
  }
  let api;
  let index = { byHash: /* @__PURE__ */ new Map(), duplicates: [] };
  let listed = false;
  if (inputs.token) {
    api = new IssueApi(await createClient(inputs.token, ctx.apiUrl), ctx.owner, ctx.repo);
    const issues = await listTrackedIssues(api, inputs.issueLabel);
    if (issues) {
      index = indexIssues(issues);
      listed = true;
    }
  } else if (!dryRun) {
    warning("create-issues needs a token (the `token` input) to read and write issues; no issue was updated.", { title: "flakeguard issues" });
    return void 0;
  }
  if (!listed && !dryRun) return void 0;
  const lifts = inputs.closeLiftsQuarantine && !dryRun ? handLifts(index) : /* @__PURE__ */ new Map();
  const hashes = /* @__PURE__ */ new Map();
  const hashOf = (id) => {
    let h = hashes.get(id);
    if (h === void 0) hashes.set(id, h = testHash(id));
    return h;
  };
  const closedByHand = lifts.size === 0 ? void 0 : (id) => {
    const lift = lifts.get(hashOf(id));
    return lift ? { issue: lift.issue, since: lift.since } : void 0;
  };
  const issueOf = index.byHash.size === 0 ? void 0 : (id) => index.byHash.get(hashOf(id))?.number;
  return {
    ...closedByHand ? { closedByHand } : {},
    ...issueOf ? { issueOf } : {},
    publish: async (sync, run) => {
      try {
        await publishIssues({ inputs, ctx, api, index, listed, dryRun, lifts, hashOf }, sync, run);
      } catch (error) {
        warning(logText(`flakeguard could not update the issues for test owners: ${error instanceof Error ? error.stack ?? error.message : String(error)}`, 2e3), {
          title: "flakeguard issues"
        });
      }
    }
  };
}
export {
  prepareIssues
};
