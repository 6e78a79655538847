import {
  historyCosts
} from "./shared-store-branch-costs.js";
import {
  pfsRose,
  pfsTrendOf
} from "./shared-scoring-regression.js";
import {
  apiCommits,
  folderOf,
  rangeCommits,
  workspaceCommits
} from "./shared-github-onset-commits.js";
import {
  IssueApi,
  TITLE_MAX,
  assigneesOf,
  idMarker,
  issueTitle,
  listTrackedIssues,
  markerSearchPhrase,
  mentionLine,
  renderBody,
  renderComment,
  testHash,
  titleText,
  tracked,
  withMeta
} from "./shared-github-issue-body.js";
import {
  whyAnswer
} from "./shared-why-answer.js";
import "./shared-report-onset.js";
import "./shared-text-shell.js";
import {
  latestChange,
  onsetOf
} from "./shared-onset-changepoint.js";
import {
  ownersOfTest
} from "./shared-owners-index.js";
import {
  findCodeowners
} from "./shared-owners-codeowners.js";
import {
  appendSummary
} from "./shared-github-step-files.js";
import {
  clusterIndex,
  parseClusters
} from "./shared-clusters-cluster.js";
import {
  signatureMd
} from "./shared-report-clusters.js";
import {
  DEFAULT_PFS_CONFIG
} from "./shared-scoring-pfs.js";
import "./shared-store-git-process.js";
import {
  parseClassMap
} from "./shared-owners-classmap.js";
import {
  parseDiagnoses
} from "./shared-diagnose-format.js";
import {
  createClient,
  requestOptions
} from "./shared-github-client.js";
import {
  logText,
  mdPre,
  mdText
} from "./shared-text-escape.js";
import "./shared-history-stored.js";
import "./shared-history-records.js";
import {
  CLUSTERS_FILE,
  DECISIONS_FILE,
  DIAGNOSES_FILE,
  parseDecisions
} from "./shared-store-decisions.js";
import {
  META_FILE,
  parseLineObject,
  parseMeta,
  shardOf,
  statsPath
} from "./shared-store-layout.js";
import "./shared-history-cell.js";
import "./shared-cost-index.js";
import {
  info,
  warning
} from "./shared-actions-core.js";
import "./shared-runtime.js";

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
var DEFAULT_REGRESSION = { window: REGRESSION_WINDOW, minFailing: REGRESSION_MIN_FAILING, pfs: DEFAULT_PFS_CONFIG };
function regressionOptionsOf(rules) {
  return { window: rules.pfs.regressionWindow, minFailing: rules.pfs.regressionMinFailing, pfs: rules.scoring.pfs };
}
function regression(test, _now, recorded, options = DEFAULT_REGRESSION) {
  const rose = pfsRose(test.runs, recorded, options.window, options.minFailing, options.pfs);
  if (!rose) return void 0;
  const label = recorded ? "when flakeguard last wrote this issue" : `before the last ${options.window} runs`;
  return { now: rose.now, before: { label, interval: rose.before } };
}
function pfsTrend(test, points = 6, options = DEFAULT_REGRESSION) {
  return pfsTrendOf(test.runs, points, Math.max(1, Math.ceil(options.window / 2)), options.window, options.pfs);
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
    if (f.rule) {
      if (issue && f.rule.newly) {
        if (status === "open") actions.push({ kind: "comment", facts: f, issue, about: "rule" });
        else if (status === "muted") muted++;
        else opens.push({ action: { kind: "reopen", facts: f, issue, reason: f.quarantined ? "quarantined" : "regressed", why: f.rule.reason }, rank: 25 });
      } else if (!issue && f.quarantined && !byOverride(f)) {
        opens.push({ action: { kind: "open", facts: f, reason: "quarantined" }, rank });
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
      const rose = regression(f.test, f.pfsNow, void 0, options.regression);
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
        const rose = regression(f.test, f.pfsNow, issue.meta.pfs, options.regression);
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
        const rose = regression(f.test, f.pfsNow, issue.meta.pfs, options.regression);
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
        const rose = regression(f.test, f.pfsNow, issue.meta.pfs, options.regression);
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

// src/github/issue-clusters.ts
function clusterHash(id) {
  return testHash(`\0cluster:${id}`);
}
var CLUSTER_MARKER = /<!-- flakeguard:cluster=(\d{1,9}) -->/;
function clusterOfIssue(issue) {
  const m = CLUSTER_MARKER.exec(issue.body);
  return m && clusterHash(Number(m[1])) === issue.hash ? Number(m[1]) : void 0;
}
var opening = (a) => a.kind === "open" || a.kind === "reopen" || a.kind === "cluster-open" || a.kind === "cluster-reopen";
function withClusters(ranked, rest, clusters, index, facts, maxIssues) {
  const clusterOf = /* @__PURE__ */ new Map();
  for (const c of clusters.clusters) if (c.members.length >= 2) for (const m of c.members) clusterOf.set(m, c);
  const quarantined = new Set(facts.filter((f) => f.quarantined).map((f) => f.id));
  const ordered = [];
  const handled = /* @__PURE__ */ new Set();
  for (const a of ranked) {
    const cluster = a.kind === "open" ? clusterOf.get(a.facts.id) : void 0;
    if (!cluster) {
      ordered.push(a);
      continue;
    }
    if (handled.has(cluster.id)) continue;
    handled.add(cluster.id);
    const issue = index.byHash.get(clusterHash(cluster.id));
    const status = issue ? statusOf(issue) : void 0;
    if (!issue) ordered.push({ kind: "cluster-open", cluster });
    else if (status === "open") ordered.push({ kind: "cluster-update", cluster, issue });
    else if (status !== "muted") ordered.push({ kind: "cluster-reopen", cluster, issue });
  }
  const byId = new Map(clusters.clusters.map((c) => [c.id, c]));
  const after = [...rest];
  for (const issue of index.byHash.values()) {
    if (issue.state !== "open") continue;
    const id = clusterOfIssue(issue);
    if (id === void 0 || handled.has(id)) continue;
    const cluster = byId.get(id);
    if (!cluster) after.push({ kind: "cluster-close", issue, id, gone: true });
    else if (!cluster.members.some((m) => quarantined.has(m))) after.push({ kind: "cluster-close", issue, id, gone: false });
    else after.push({ kind: "cluster-update", cluster, issue });
  }
  const actions = [];
  const deferred = [];
  let opened = 0;
  for (const a of ordered) {
    if (!opening(a)) actions.push(a);
    else if (opened < maxIssues) {
      actions.push(a);
      opened++;
    } else deferred.push(a);
  }
  return { actions: [...actions, ...after], deferred };
}
function clusterTitle(c) {
  const head = `${c.members.length} flaky tests failing together (cluster ${c.id})`;
  if (c.signature === void 0) return head;
  return `${head}: ${titleText(c.signature, Math.max(20, TITLE_MAX - head.length - 2))}`;
}
var MEMBERS_LISTED = 100;
function clusterBody(ctx, c, members2, owners) {
  const lines = [];
  const sig = c.signature !== void 0 ? ` with ${signatureMd(c.signature, 200)}` : "";
  lines.push(`**${c.members.length} tests fail together${sig}**: flakeguard's co-failure cluster ${c.id}, since run ${c.since.toLocaleString("en-US")} (the data branch's run number).`);
  lines.push("");
  lines.push(
    "Their failures come in the same runs, so they most likely share one cause (an infrastructure fault, a shared fixture, a test that leaves state behind): fixing it fixes them all. One issue for the cluster, not one per test."
  );
  lines.push("");
  const mentions = mentionLine(ctx, owners);
  lines.push(`**Owners** (of every member, from CODEOWNERS): ${mentions || "none found"}`);
  lines.push("");
  lines.push(`Failed together in ${c.together} run${c.together === 1 ? "" : "s"} of the window, the newest run ${c.last.toLocaleString("en-US")}.`);
  lines.push("");
  lines.push("| test | quarantined | own issue |");
  lines.push("| --- | --- | --- |");
  for (const m of members2.slice(0, MEMBERS_LISTED)) lines.push(`| ${mdText(m.id, 300)} | ${m.quarantined ? "yes" : "no"} | ${m.issue !== void 0 ? `#${m.issue}` : ""} |`);
  if (members2.length > MEMBERS_LISTED) lines.push(`| \u2026 and ${members2.length - MEMBERS_LISTED} more (clusters.json on the data branch) | | |`);
  lines.push("");
  lines.push(
    `The clusters are in [\`clusters.json\`](${ctx.serverUrl}/${ctx.repository}/blob/${encodeURIComponent(ctx.dataBranch)}/clusters.json) on the data branch (docs/clusters.md). flakeguard rewrites this description when the cluster changes and closes the issue when the tests no longer fail together or none is quarantined; closing it by hand lifts no quarantine.`
  );
  lines.push("");
  lines.push(idMarker(clusterHash(c.id)));
  lines.push(`<!-- flakeguard:cluster=${c.id} -->`);
  return `${lines.join("\n")}
`;
}
function clusterOwners(members2) {
  const seen = /* @__PURE__ */ new Set();
  const out = [];
  for (const m of members2)
    for (const o of m.owners) {
      const key = JSON.stringify(o);
      if (seen.has(key)) continue;
      seen.add(key);
      out.push(o);
    }
  return out;
}

// src/github/issue-cluster-writer.ts
function members(ctx, c) {
  return c.members.map((id) => {
    const test = ctx.facts.get(id)?.test ?? ctx.history.get(id);
    const own = ctx.index.byHash.get(ctx.hashOf(id));
    return { id, quarantined: ctx.quarantined.has(id), owners: test ? ownersOfTest(test, ctx.lookup).owners : [], ...own ? { issue: own.number } : {} };
  });
}
function clusterIssueText(ctx, c) {
  const list = members(ctx, c);
  const owners = clusterOwners(list);
  return { title: clusterTitle(c), body: clusterBody(ctx.render, c, list, owners), assignees: assigneesOf(owners) };
}
function previewCluster(ctx, a) {
  switch (a.kind) {
    case "cluster-open": {
      const t = clusterIssueText(ctx, a.cluster);
      return { title: t.title, verb: "open a new issue for a cluster", body: t.body };
    }
    case "cluster-reopen":
      return { title: a.issue.title, verb: `reopen #${a.issue.number}`, body: clusterIssueText(ctx, a.cluster).body };
    case "cluster-update":
      return { title: a.issue.title, verb: `update #${a.issue.number}`, body: clusterIssueText(ctx, a.cluster).body };
    case "cluster-close":
      return { title: a.issue.title, verb: `close #${a.issue.number}`, comment: closeComment(a) };
  }
}
function closeComment(a) {
  return a.gone ? `<!-- flakeguard:comment -->
The tests of cluster ${a.id} no longer fail together in the history's window: flakeguard closes this issue. A member still flaky on its own gets an issue of its own.` : `<!-- flakeguard:comment -->
No test of cluster ${a.id} is quarantined any more: flakeguard closes this issue.`;
}
async function carryOutCluster(ctx, a) {
  const api = ctx.api;
  const { owner, repo } = api;
  const issues = api.octokit.rest.issues;
  switch (a.kind) {
    case "cluster-open": {
      if (!await ctx.writer.ensureLabel()) return void 0;
      const t = clusterIssueText(ctx, a.cluster);
      const create = (withAssignees) => api.call(
        `open an issue for cluster ${a.cluster.id}`,
        true,
        () => issues.create({ owner, repo, title: t.title, body: t.body, labels: [ctx.label], ...withAssignees && t.assignees.length > 0 ? { assignees: t.assignees } : {}, ...requestOptions() }),
        withAssignees && t.assignees.length > 0 ? [422] : []
      );
      let made = await create(true);
      if (!made.ok && made.status === 422) {
        info(logText(`GitHub refused the assignees ${t.assignees.join(", ")} (not collaborators?); opening the issue without assignees, owners mentioned in its body.`));
        made = await create(false);
      }
      return made.ok ? ctx.writer.done("Opened", made.data.number, t.title, `(${a.cluster.members.length} tests failing together).`) : void 0;
    }
    case "cluster-reopen": {
      if (!await ctx.writer.ensureLabel()) return void 0;
      const { body } = clusterIssueText(ctx, a.cluster);
      const opened = await api.call(`reopen issue #${a.issue.number}`, true, () => issues.update({ owner, repo, issue_number: a.issue.number, state: "open", body, ...requestOptions() }));
      return opened.ok ? ctx.writer.done("Reopened", a.issue.number, a.issue.title, `: its tests fail together again.`) : void 0;
    }
    case "cluster-update": {
      const { body } = clusterIssueText(ctx, a.cluster);
      if (body === a.issue.body) return void 0;
      const updated = await api.call(`update issue #${a.issue.number}`, true, () => issues.update({ owner, repo, issue_number: a.issue.number, body, ...requestOptions() }));
      return updated.ok ? ctx.writer.done("Updated", a.issue.number, a.issue.title, "(the cluster changed).") : void 0;
    }
    case "cluster-close": {
      const posted = await api.call(`comment on issue #${a.issue.number}`, true, () => issues.createComment({ owner, repo, issue_number: a.issue.number, body: closeComment(a), ...requestOptions() }));
      if (!posted.ok) return void 0;
      const body = withMeta(a.issue.body, { ...a.issue.meta, closed: (/* @__PURE__ */ new Date()).toISOString() });
      const closed = await api.call(
        `close issue #${a.issue.number}`,
        true,
        () => issues.update({ owner, repo, issue_number: a.issue.number, state: "closed", state_reason: "completed", body, ...requestOptions() })
      );
      return closed.ok ? ctx.writer.done("Closed", a.issue.number, a.issue.title, a.gone ? ": its tests no longer fail together." : ": none of its tests is quarantined.") : void 0;
    }
  }
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

// src/github/issue-onset.ts
async function onsetsOfPlan(actions, sources, pathOf) {
  const out = /* @__PURE__ */ new Map();
  for (const a of actions) {
    if (a.kind !== "open" && a.kind !== "reopen") continue;
    if (out.has(a.facts.id)) continue;
    const onset = onsetOf(a.facts.test.runs);
    const change = latestChange(onset);
    const path = pathOf(a.facts);
    if (change?.base !== void 0 && change.head !== void 0) {
      const commits = await rangeCommits(sources, change.base, change.head, path === void 0 ? "" : folderOf(path));
      out.set(a.facts.id, { onset, commits });
    } else out.set(a.facts.id, { onset });
  }
  return out;
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
  /** Each test's onset, for the bodies (src/github/issue-onset.ts). */
  onsets;
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
    const owners = this.owners(f);
    return renderBody(this.render, {
      test: f.test,
      hash: f.hash,
      ...f.decision ? { decision: f.decision } : {},
      quarantined: f.quarantined,
      reason,
      ...f.orderDependent !== void 0 ? { orderDependent: f.orderDependent } : {},
      ...f.pfsNow ?? regression2?.now ? { pfsNow: f.pfsNow ?? regression2?.now } : {},
      ...regression2 ? { pfsBefore: regression2.before } : {},
      pfsTrend: pfsTrend(f.test, 6, this.s.regression),
      ...this.s.regression ? { trendWindow: this.s.regression.window } : {},
      owners,
      ...this.lookup.codeownersPath ? { codeownersPath: this.lookup.codeownersPath } : {},
      statsFile: this.statsFile(f.id),
      meta,
      why: this.why(f, owners)
    });
  }
  branchFacts;
  /**
   * The test's answer (src/why/, as `flakeguard why` gives it) from the branch as this run wrote it: the body's onset,
   * cost, cluster, diagnosis and re-run command come from it. The branch's files are parsed once, for the first body.
   */
  why(f, owners) {
    if (!this.branchFacts) {
      const files = this.result.files;
      const decisions2 = files.has(DECISIONS_FILE) ? parseDecisions(files.get(DECISIONS_FILE)).log?.tests : void 0;
      this.branchFacts = {
        decisions: decisions2 ?? /* @__PURE__ */ new Map(),
        clusters: clusterIndex(parseClusters(files.get(CLUSTERS_FILE)).clusters),
        diagnoses: parseDiagnoses(files.get(DIAGNOSES_FILE)).diagnoses.tests
      };
    }
    const b = this.branchFacts;
    const d = f.decision;
    const onset = this.onsets?.get(f.id);
    const decisions = b.decisions.get(f.id);
    const cluster = b.clusters.get(f.id);
    const diagnosis = b.diagnoses.get(f.id);
    const cost = this.costOf(f.id).cost;
    return whyAnswer({
      id: f.id,
      dataBranch: this.render.dataBranch,
      now: this.run.time,
      test: f.test,
      stats: { ...this.result.scores.get(f.id) ?? {}, quarantined: f.quarantined, reason: d?.reason ?? "", ...d?.since ? { since: d.since } : {} },
      ...d?.override ? { override: { override: d.override } } : {},
      statsFile: this.statsFile(f.id),
      runs: this.result.runs,
      ...decisions ? { decisions } : {},
      ...cluster ? { cluster } : {},
      ...diagnosis ? { diagnosis } : {},
      ...cost ? { cost } : {},
      owners,
      ...this.lookup.codeownersPath ? { codeownersPath: this.lookup.codeownersPath } : {},
      ...onset?.commits ? { commits: onset.commits } : {},
      ...this.s.rerun ? { rerun: this.s.rerun } : {}
    });
  }
  costs;
  /** The test's cost and rank over the branch as written (src/cost/), computed once, when the first body is written. */
  costOf(id) {
    if (!this.costs) {
      const ranked = historyCosts(this.result.history, this.result.runs).filter((e) => e.cost.costSec > 0);
      const meta = parseMeta(this.result.files.get(META_FILE) ?? "").meta;
      const perMinute = this.s.inputs.costPerMinute ?? meta?.costPerMinute;
      this.costs = { rank: new Map(ranked.map((e, i) => [e.id, { cost: e.cost, rank: i + 1 }])), of: ranked.length, ...perMinute !== void 0 ? { perMinute } : {} };
    }
    const mine = this.costs.rank.get(id);
    if (!mine) return {};
    return { cost: { cost: mine.cost, rank: mine.rank, of: this.costs.of, ...this.costs.perMinute !== void 0 ? { perMinute: this.costs.perMinute } : {} } };
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
    if (a.about === "rule") return this.comment({ kind: "rule", reason: a.facts.rule?.reason ?? "", run: this.run.key });
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
          a.about === "quarantined" ? "(quarantined)." : a.about === "order-dependent" ? "(order-dependent)." : a.about === "rule" ? "(policy.quarantine)." : "(flakiness rose again)."
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
function isInterval(x) {
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
      if (typeof line === "object" && line !== null && isInterval(line.pfs)) out.set(id, line.pfs);
    }
  }
  return out;
}
function recentlyFailing(runs, r) {
  let failing = 0;
  for (let i = runs.length - 1, seen = 0; i >= 0 && seen < r.window; i--) {
    const a = runs[i].attempts;
    if (a.replace(/S/g, "") === "") continue;
    seen++;
    if (/[FE]/.test(a)) failing++;
  }
  return failing >= r.minFailing;
}
function testFacts(result, index, hashOf, r) {
  const quarantined = new Set(result.quarantined);
  const newly = new Set(result.newlyQuarantined);
  const released = new Set(result.released);
  const relevant = /* @__PURE__ */ new Set([...result.quarantined, ...result.released, ...result.orderDependent.keys(), ...result.ruleEffects?.keys() ?? []]);
  for (const [id, test] of result.history) {
    if (relevant.has(id)) continue;
    if (index.byHash.size > 0 && index.byHash.has(hashOf(id)) || recentlyFailing(test.runs, r)) relevant.add(id);
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
      ...result.orderDependent.has(id) ? { orderDependent: result.orderDependent.get(id) } : {},
      ...result.ruleEffects?.has(id) ? { rule: result.ruleEffects.get(id) } : {}
    });
  }
  return facts;
}
async function publishIssues(s, sync, run, summaryAfter) {
  const appendSummary2 = async (text) => {
    await summaryAfter?.catch(() => void 0);
    await appendSummary(text);
  };
  const { inputs, ctx, dryRun } = s;
  const result = sync.applied;
  if (!dryRun && (!sync.historyRead || sync.status.kind === "not-saved")) {
    info("The history was not saved, so the issues for test owners are left as they are this run.");
    return;
  }
  const regression2 = s.regression ?? DEFAULT_REGRESSION;
  const facts = testFacts(result, s.index, s.hashOf, regression2);
  const liftedNow = new Set([...result.released].map(s.hashOf).filter((h) => s.lifts.has(h)));
  const uncapped = planIssues(facts, s.index, { maxIssues: Number.MAX_SAFE_INTEGER, closeLifts: inputs.closeLiftsQuarantine, liftedNow, regression: regression2 });
  const clusters = parseClusters(result.files.get(CLUSTERS_FILE)).clusters;
  const opens = uncapped.actions.filter((a) => a.kind === "open" || a.kind === "reopen");
  const clustered = withClusters(
    opens,
    uncapped.actions.filter((a) => a.kind !== "open" && a.kind !== "reopen"),
    clusters,
    s.index,
    facts,
    inputs.maxIssues
  );
  const plan = {
    actions: clustered.actions.filter((a) => !a.kind.startsWith("cluster-")),
    deferred: clustered.deferred.filter((a) => !a.kind.startsWith("cluster-")),
    muted: uncapped.muted
  };
  const lookup = await ownerLookup(
    inputs,
    ctx.workspace,
    plan,
    clustered.actions.some((a) => a.kind.startsWith("cluster-"))
  );
  const render = {
    serverUrl: ctx.serverUrl,
    repository: ctx.repository,
    dataBranch: inputs.dataBranch,
    closeLifts: inputs.closeLiftsQuarantine,
    mentions: !dryRun
  };
  const writer = new ActionWriter(s, render, lookup, result, run);
  const sources = [workspaceCommits(ctx.workspace), ...s.api ? [apiCommits(s.api.octokit, ctx.owner, ctx.repo)] : []];
  writer.onsets = await onsetsOfPlan(plan.actions, sources, (f) => writer.owners(f).path);
  const clusterCtx = {
    api: s.api,
    label: inputs.issueLabel,
    render,
    lookup,
    history: result.history,
    facts: new Map(facts.map((f) => [f.id, f])),
    quarantined: new Set(result.quarantined),
    index: s.index,
    hashOf: s.hashOf,
    writer
  };
  const deferredCount = clustered.deferred.length;
  if (dryRun) {
    const clusterLines = clustered.actions.filter((a) => a.kind.startsWith("cluster-")).map((a) => clusterPreviewLine(previewCluster(clusterCtx, a)));
    await appendSummary2(dryRunSummary(writer, plan, s) + clusterLines.join(""));
    info(`Issues dry run: ${plan.actions.length} action${plan.actions.length === 1 ? "" : "s"} written to the job summary, none carried out.`);
    return;
  }
  const done = [];
  for (const action of clustered.actions) {
    if (s.api?.stopped) break;
    const result2 = action.kind.startsWith("cluster-") ? await carryOutCluster(clusterCtx, action) : await writer.carryOut(action);
    if (result2) {
      done.push(result2);
      info(logText(result2.log, 500));
    }
  }
  if (deferredCount > 0) {
    info(`${deferredCount} more issue${plan.deferred.length === 1 ? "" : "s"} to open or reopen wait for later runs (max-issues: ${inputs.maxIssues}).`);
  }
  if (done.length > 0 || deferredCount > 0) {
    const lines = ["#### Issues for test owners", "", ...done.map((d) => `- ${d.md}`)];
    if (deferredCount > 0) lines.push(`- ${deferredCount} more to open or reopen on later runs (max-issues: ${inputs.maxIssues}).`);
    await appendSummary2(`${lines.join("\n")}
`);
  }
}
async function ownerLookup(inputs, workspace, plan, clusters) {
  const classMap = inputs.codeownersMap ? parseClassMap(inputs.codeownersMap) : [];
  const needs = clusters || [...plan.actions, ...plan.deferred].some((a) => a.kind === "open" || a.kind === "reopen" || a.kind === "comment" || a.kind === "close");
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
function clusterPreviewLine(p) {
  const text = p.body ?? p.comment ?? "";
  return `
- ${mdText(p.verb, 100)}: ${mdText(p.title, 200)}

<details><summary>text</summary>

${mdPre(text, 2e4)}

</details>
`;
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
async function prepare({ inputs, ctx, readOnly, rules, rerun }) {
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
    publish: async (sync, run, summaryAfter) => {
      try {
        await publishIssues(
          { inputs, ctx, api, index, listed, dryRun, lifts, hashOf, ...rules ? { regression: regressionOptionsOf(rules) } : {}, ...rerun ? { rerun } : {} },
          sync,
          run,
          summaryAfter
        );
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
