const require = process.getBuiltinModule('node:module').createRequire(import.meta.url);
const { createHash } = require("node:crypto");
import {
  dashboardTestUrl
} from "./shared-dashboard-links.js";
import {
  FIX_IT,
  blobUrlFor,
  failureOf,
  leadItems,
  leadMarkdown,
  leadTitle,
  reasonWithoutPfs
} from "./shared-report-summary.js";
import {
  formatPfs,
  scoreLookup,
  symbols
} from "./shared-report-scores.js";
import {
  parseClusters
} from "./shared-clusters-cluster.js";
import {
  failedTogether,
  failedTogetherLine
} from "./shared-report-clusters.js";
import {
  createClient,
  describeApiError,
  requestOptions
} from "./shared-github-client.js";
import {
  attemptSymbols
} from "./shared-report-rerun-summary.js";
import {
  blockingAfterReruns
} from "./shared-rerun-plan.js";
import "./shared-rerun-stopping.js";
import {
  logText,
  mdInert
} from "./shared-text-escape.js";
import "./shared-history-stored.js";
import "./shared-history-records.js";
import {
  CLUSTERS_FILE
} from "./shared-store-decisions.js";
import "./shared-store-layout.js";
import "./shared-history-cell.js";
import "./shared-cost-index.js";
import "./shared-model.js";
import {
  info,
  notice
} from "./shared-actions-core.js";
import "./shared-runtime.js";

// src/report/pr-comment.ts
var MAX_ITEMS = 50;
var n = (x) => String(x).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
var plural = (count, word, many = `${word}s`) => `${n(count)} ${count === 1 ? word : many}`;
function passedAgain(input) {
  const ids = /* @__PURE__ */ new Set();
  for (const t of input.outcome.passedOnRetry) ids.add(t.id);
  for (const id of input.rerun?.provenFlaky ?? []) ids.add(id);
  for (const id of input.orderDependent.keys()) ids.delete(id);
  return [...ids];
}
function somethingToSay(input) {
  const o = input.outcome;
  return o.result === "failure" || o.forgiven.length > 0 || passedAgain(input).length > 0 || (input.rerun?.newFlaky.length ?? 0) > 0 || input.orderDependent.size > 0 || input.newlyQuarantined.length > 0 || (input.touched?.length ?? 0) > 0 || (input.fixes?.length ?? 0) > 0;
}
var Lines = class {
  out = [];
  used = 0;
  budget;
  constructor(budget) {
    this.budget = budget;
  }
  fits(line, reserve = 0) {
    return this.used + line.length + 1 + reserve <= this.budget;
  }
  add(line) {
    this.out.push(line);
    this.used += line.length + 1;
  }
};
var LIST_RESERVE = 200;
var NOT_QUARANTINED = /^[\d,]+ failed tests? (is|are) not quarantined\.$/;
function renderSection(input, budget) {
  const o = input.outcome;
  const label = mdInert(input.label || "job", 120);
  const short = /^[0-9a-f]{40}$/.test(input.sha) ? ` at \`${input.sha.slice(0, 7)}\`` : "";
  const say = somethingToSay(input);
  const head = [];
  const from = input.untrusted;
  const items = leadItems(o, { orderDependent: input.orderDependent, ...input.lead });
  const title = mdInert(leadTitle(o, items, input.newlyQuarantined.length), 1e3);
  if (from) {
    head.push(
      `### ${o.result === "success" ? "\u2705" : "\u274C"} ${label}, as the fork's run reported it: ${title}`,
      "",
      `> These results come from [the run](${input.runUrl}) of the fork ${mdInert(from.headRepository, 140)}, read by this repository's trusted workflow. They are the fork's, untrusted: recorded as evidence that decides nothing alone (docs/forks.md). What fails or is forgiven below is what the fork's reported results meet in this repository's quarantine; the pull request's check is the fork's run's own.`,
      ""
    );
  } else {
    head.push(`### ${o.result === "success" ? "\u2705" : "\u274C"} ${label}: ${title}`, "");
  }
  if (!say) {
    head.push(`The latest run${short} is clean: nothing blocks, nothing was forgiven, no test was flaky.`, "");
  } else {
    head.push(
      [
        `**${n(o.failed.length)}** failed`,
        `**${n(o.blocking.length)}** ${o.blocking.length === 1 ? "blocks" : "block"}`,
        `**${n(o.forgiven.length)}** forgiven`,
        `${n(passedAgain(input).length)} passed on a retry or re-run`
      ].join(" \xB7 ") + (short ? ` (run${short})` : ""),
      ""
    );
    if (o.reasons.length > 0) {
      head.push(from ? "**Why the fork's run fails:**" : "**Why the job fails:**", "");
      for (const r of o.reasons.slice(0, 5)) head.push(`- ${mdInert(r, 400)}${NOT_QUARANTINED.test(r) && !from ? ` ${FIX_IT(Number(r.replace(/,/g, "").split(" ")[0]))}` : ""}`);
      if (o.reasons.length > 5) head.push(`- \u2026and ${n(o.reasons.length - 5)} more (see the job summary).`);
      head.push("");
    }
  }
  const foot = [
    `[This run](${input.runUrl}) has the full tables in its job summary \xB7 every test's history, PFS and stats line are on the data branch [${mdInert(input.dataBranch, 100)}](${input.dataBranchUrl}).`
  ];
  const name = (id) => {
    const bold = `**${mdInert(id, 250)}**`;
    const url = input.testUrl?.(id);
    return url ? `[${bold}](${url})` : bold;
  };
  const recentOf = (id) => {
    const r = input.decisions.get(id)?.evidence.recent;
    return r ? symbols(r) : "";
  };
  const rerunOf = (id) => {
    const a = input.rerun?.attempts.get(id);
    return a && a.length > 0 ? attemptSymbols(a) : "";
  };
  const message = (t) => {
    const m = failureOf(t).message.trim();
    return m ? `: ${mdInert(m, 200)}.` : ".";
  };
  const episodes = (ids) => ids.slice(0, MAX_ITEMS).some((id) => input.decisions.get(id)?.reason.includes("failure episode")) ? " A failure episode: one failing run or several in a row, ended by a pass (docs/policy.md)." : "";
  const lists = [
    {
      title: `\u274C Blocking (${n(o.blocking.length)})`,
      count: o.blocking.length,
      item: (i) => {
        const t = o.blocking[i];
        const why = input.orderDependent.get(t.id) ?? input.rerun?.blockedWhy.get(t.id) ?? o.unforgiven.get(t.id) ?? "not quarantined";
        const reran = rerunOf(t.id);
        return `- ${name(t.id)}${message(t)} Blocks because ${mdInert(why, 300)}${reran ? ` (attempts ${reran})` : ""}.`;
      }
    },
    {
      title: `\u26A0\uFE0F Forgiven: quarantined as flaky (${n(o.forgiven.length)})`,
      intro: `_PFS: the probability that a run fails for no reason, with its 90% interval (docs/scoring.md).${episodes(o.forgiven.map((t) => t.id))}_`,
      count: o.forgiven.length,
      item: (i) => {
        const t = o.forgiven[i];
        const d = input.decisions.get(t.id);
        const pfs = formatPfs(input.scores.get(t.id));
        const evidence = [
          pfs ? `PFS ${pfs}` : "",
          recentOf(t.id) ? `recent runs ${recentOf(t.id)}` : "",
          rerunOf(t.id) ? `this run ${rerunOf(t.id)}` : "",
          d ? mdInert(reasonWithoutPfs(d.reason), 300) : ""
        ].filter(Boolean).join(" \xB7 ");
        return `- ${name(t.id)}${message(t)}${evidence ? ` ${evidence}.` : ""} Stats line in \`${input.statsFileOf(t.id)}\`.`;
      }
    }
  ];
  const again = passedAgain(input);
  const byId = new Map(o.passedOnRetry.map((t) => [t.id, t]));
  lists.push({
    title: `\u{1F501} Failed, then passed on this commit (${n(again.length)})`,
    count: again.length,
    item: (i) => {
      const id = again[i];
      const attempts = input.rerun?.attempts.get(id) ?? byId.get(id)?.attempts;
      return `- ${name(id)}${attempts && attempts.length > 0 ? `: attempts ${attemptSymbols(attempts)}` : ""}${recentOf(id) ? ` \xB7 recent runs ${recentOf(id)}` : ""}`;
    }
  });
  const newFlaky = input.rerun?.newFlaky ?? [];
  lists.push({
    title: `\u{1F195} New tests already flaky (${n(newFlaky.length)})`,
    count: newFlaky.length,
    item: (i) => `- ${name(newFlaky[i])}: failed and passed on this commit before it merges.`
  });
  const order = [...input.orderDependent];
  lists.push({
    title: `\u{1F500} Order-dependent (${n(order.length)})`,
    count: order.length,
    item: (i) => `- ${name(order[i][0])}: ${mdInert(order[i][1], 300)}`
  });
  lists.push({
    title: `\u{1F512} Newly quarantined (${n(input.newlyQuarantined.length)})`,
    ...episodes(input.newlyQuarantined) ? { intro: `_${episodes(input.newlyQuarantined).trim()}_` } : {},
    count: input.newlyQuarantined.length,
    item: (i) => {
      const id = input.newlyQuarantined[i];
      const d = input.decisions.get(id);
      return `- ${name(id)}${d ? `: ${mdInert(reasonWithoutPfs(d.reason), 300)}` : ""}. Lift it in \`${input.statsFileOf(id)}\`.`;
    }
  });
  const touched = input.touched ?? [];
  lists.push({
    title: `\u{1FA79} This pull request changes the file of ${plural(touched.length, "quarantined test")}`,
    count: touched.length,
    item: (i) => {
      const t = touched[i];
      const d = input.decisions.get(t.id);
      return `- ${name(t.id)} in ${mdInert(t.path, 200)}${d ? `: ${mdInert(reasonWithoutPfs(d.reason), 300)}` : ""}. Its quarantine is in \`${input.statsFileOf(t.id)}\`.`;
    }
  });
  const together2 = input.failedTogether ?? [];
  lists.push({ title: "\u{1F517} Failed together", count: together2.length, item: (i) => `- ${together2[i]}` });
  const fixes = input.fixes ?? [];
  lists.push({ title: "\u{1F9EA} Fix verification", count: fixes.length, item: (i) => fixes[i] });
  const w = new Lines(budget);
  const footFirst = foot.reduce((s, l) => s + l.length + 1, 0);
  w.add(head[0]);
  w.add("");
  if (say && items.length > 0) {
    const lead = leadMarkdown(items, { escape: mdInert, blobUrl: input.blobUrl });
    let shown2 = 0;
    for (const line of lead) {
      if (!w.fits(line, footFirst + LIST_RESERVE * 2)) break;
      w.add(line);
      shown2++;
    }
    if (shown2 < lead.length) w.add(`- _\u2026and more: see the job summary._`);
    w.add("");
  }
  for (const l of head.slice(2)) w.add(l);
  const shown = lists.filter((l) => l.count > 0);
  const footSize = foot.reduce((s, l) => s + l.length + 1, 0);
  shown.forEach((list, k) => {
    const reserve = footSize + (shown.length - k - 1) * LIST_RESERVE;
    const title2 = `#### ${list.title}`;
    if (!w.fits(title2, reserve + LIST_RESERVE)) {
      w.add(`_\u2026and ${plural(list.count, "more test")} (${mdInert(list.title, 100)}): see the job summary._`);
      return;
    }
    w.add(title2);
    w.add("");
    if (list.intro && w.fits(list.intro, reserve + LIST_RESERVE)) {
      w.add(list.intro);
      w.add("");
    }
    let i = 0;
    for (; i < Math.min(list.count, MAX_ITEMS); i++) {
      const line = list.item(i);
      if (!w.fits(line, reserve + LIST_RESERVE)) break;
      w.add(line);
    }
    if (i < list.count) w.add(`- _\u2026and ${plural(list.count - i, "more test")}: see the job summary._`);
    w.add("");
  });
  for (const l of foot) w.add(l);
  return w.out.join("\n");
}

// src/report/pr-comment-body.ts
var PR_COMMENT_MARKER = "<!-- flakeguard:pr-comment -->";
var COMMENT_MAX = 65536;
var OVERHEAD = 1e3;
var MIN_SECTION = 4e3;
var HEADING = ["## flakeguard", "", "<sub>One section per job, edited in place on every run.</sub>", ""];
function sectionKey(identity) {
  return createHash("sha256").update(identity).digest("hex").slice(0, 16);
}
var open = (key) => `<!-- flakeguard:section=${key} -->`;
var close = (key) => `<!-- flakeguard:end=${key} -->`;
var SECTION = /<!-- flakeguard:section=([0-9a-f]{16}) -->\n([\s\S]*?)\n<!-- flakeguard:end=\1 -->/g;
function parseSections(body) {
  if (!body || !isPrComment(body)) return [];
  return [...body.matchAll(SECTION)].map((m) => ({ key: m[1], text: m[2] }));
}
function isPrComment(body) {
  return typeof body === "string" && body.startsWith(PR_COMMENT_MARKER);
}
function hasSection(body, key, text, links = []) {
  const held = inertSection(text, links);
  return parseSections(body).some((s) => s.key === key && s.text === held);
}
function sectionBudget(body, key) {
  const others = parseSections(body).filter((s) => s.key !== key).length;
  return Math.max(MIN_SECTION, Math.min(COMMENT_MAX - OVERHEAD, Math.floor((COMMENT_MAX - OVERHEAD) / (others + 1)) - 100));
}
var SECTION_MAX = COMMENT_MAX - OVERHEAD;
var LINK = /\]\(([^()\s]*)\)/g;
function defuse(text) {
  return text.replace(/\]\(/g, "]&#40;").replace(/\]:/g, "]&#58;").replace(/!\[/g, "!&#91;").replace(/:\/\//g, "&#58;//").replace(/(www)\./gi, "$1&#46;").replace(/@/g, "&#64;&#8203;");
}
function inertSection(text, links = []) {
  const source = text.replace(/</g, "&lt;");
  let out = "";
  let last = 0;
  for (const m of source.matchAll(LINK)) {
    if (!links.some((prefix) => prefix !== "" && m[1].startsWith(prefix))) continue;
    out += defuse(source.slice(last, m.index)) + m[0];
    last = m.index + m[0].length;
  }
  out += defuse(source.slice(last));
  return out.length <= SECTION_MAX ? out : out.slice(0, SECTION_MAX).replace(/&[#a-z0-9]*$/i, "");
}
var wrap = (s) => `${open(s.key)}
${s.text}
${close(s.key)}`;
function stub(s) {
  const heading = s.text.split("\n", 1)[0].slice(0, 400);
  return {
    key: s.key,
    text: `${heading}

_This job's section was shortened to keep the comment under GitHub's limit of ${COMMENT_MAX.toLocaleString("en-US")} characters: its run's job summary has it all._`
  };
}
function composeBody(sections, keep) {
  const list = [...sections];
  const size = () => HEADING.join("\n").length + list.reduce((s, x) => s + wrap(x).length + 2, 0) + PR_COMMENT_MARKER.length + 200;
  const byLength = list.map((s, i) => ({ i, len: s.text.length })).sort((a, b) => b.len - a.len);
  for (const { i } of byLength) {
    if (size() <= COMMENT_MAX) break;
    if (list[i].key !== keep) list[i] = stub(list[i]);
  }
  let left = 0;
  while (size() > COMMENT_MAX) {
    const at = list.findLastIndex((s) => s.key !== keep);
    if (at < 0) break;
    list.splice(at, 1);
    left++;
  }
  const note = left > 0 ? [`_\u2026and ${left} more job${left === 1 ? "" : "s"}' sections not shown, to stay under GitHub's limit._`, ""] : [];
  const body = [PR_COMMENT_MARKER, ...HEADING, ...list.map((s) => `${wrap(s)}
`), ...note].join("\n").trimEnd() + "\n";
  return body.length <= COMMENT_MAX ? body : `${body.slice(0, COMMENT_MAX - 2)}\u2026
`;
}
function withSection(body, section, extra = [], links = []) {
  const sections = parseSections(body);
  for (const other of extra) for (const s of parseSections(other)) if (!sections.some((x) => x.key === s.key)) sections.push(s);
  const at = sections.findIndex((s) => s.key === section.key);
  if (at >= 0) sections[at] = section;
  else sections.push(section);
  return composeBody(
    sections.map((s) => ({ key: s.key, text: inertSection(s.text, links) })),
    section.key
  );
}

// src/github/pr-comment.ts
var MAX_TRIES = 6;
var SETTLE_MS = 1e3;
function rerunAttempts(rerun) {
  const reran = new Set(rerun.cases.filter((c) => c.reruns.length > 0).map((c) => c.test.id));
  return new Map(rerun.tests.filter((t) => reran.has(t.id)).map((t) => [t.id, t.attempts]));
}
function sectionInput(f) {
  const o = f.result.outcome;
  const rerun = f.rerun;
  return {
    label: f.jobKey || f.ctx.job,
    sha: f.ctx.sha,
    outcome: o,
    decisions: f.result.decisions,
    scores: scoreLookup(f.result.scores),
    newlyQuarantined: f.result.newlyQuarantined,
    orderDependent: f.result.orderDependent,
    ...rerun ? {
      rerun: {
        provenFlaky: rerun.provenFlaky,
        newFlaky: rerun.newFlaky,
        attempts: rerunAttempts(rerun),
        blockedWhy: new Map(blockingAfterReruns(rerun, new Set(o.blocking.map((t) => t.id)), f.result.orderDependent).map((b) => [b.id, b.why]))
      }
    } : {},
    runUrl: f.runUrl,
    dataBranch: f.dataBranch,
    dataBranchUrl: f.dataBranchUrl,
    statsFileOf: f.statsFileOf,
    ...f.dashboardUrl ? { testUrl: testUrlIn(f.dashboardUrl) } : {},
    ...f.fixes && f.fixes.length > 0 ? { fixes: f.fixes } : {},
    ...rerun ? { lead: { cases: rerun.cases } } : {},
    ...blobUrlFor(f.ctx) ? { blobUrl: blobUrlFor(f.ctx) } : {},
    ...together(f.result)
  };
}
function together(result) {
  const o = result.outcome;
  const groups = failedTogether([...o.failed.map((t) => t.id), ...o.passedOnRetry.map((t) => t.id)], parseClusters(result.files.get(CLUSTERS_FILE)).clusters);
  return groups.length > 0 ? { failedTogether: groups.slice(0, 10).map((g) => failedTogetherLine(g, 5, mdInert)) } : {};
}
var testUrlIn = (base) => (id) => dashboardTestUrl(base, id);
var DEFAULT_AUTHOR = "github-actions[bot]";
function octokitApi(octokit, owner, repo, issue) {
  let lastWriteMs = 0;
  const timed = async (write) => {
    const start = Date.now();
    try {
      return await write();
    } finally {
      lastWriteMs = Date.now() - start;
    }
  };
  return {
    async list() {
      const out = [];
      for (let page = 1; page <= 30; page++) {
        const res = await octokit.rest.issues.listComments({ owner, repo, issue_number: issue, per_page: 100, page, ...requestOptions() });
        for (const c of res.data) if (isPrComment(c.body)) out.push({ id: c.id, body: c.body, author: c.user?.login ?? "" });
        if (res.data.length < 100) break;
      }
      return out.sort((a, b) => a.id - b.id);
    },
    async whoAmI() {
      try {
        const res = await octokit.graphql("query { viewer { login } }", requestOptions());
        const login = res.viewer?.login;
        if (typeof login === "string" && login !== "") return login;
      } catch (error) {
        info(logText(`Could not ask who the token is (${describeApiError(error).message}): its comments are taken to be ${DEFAULT_AUTHOR}'s.`, 1e3));
      }
      return DEFAULT_AUTHOR;
    },
    async create(body) {
      const res = await timed(() => octokit.rest.issues.createComment({ owner, repo, issue_number: issue, body, ...requestOptions() }));
      return { id: res.data.id, body: res.data.body ?? body, author: res.data.user?.login ?? "" };
    },
    async update(id, body) {
      await timed(() => octokit.rest.issues.updateComment({ owner, repo, comment_id: id, body, ...requestOptions() }));
    },
    async remove(id) {
      try {
        await octokit.rest.issues.deleteComment({ owner, repo, comment_id: id, ...requestOptions() });
      } catch (error) {
        if (describeApiError(error).status !== 404) throw error;
      }
    },
    settle: () => new Promise((r) => setTimeout(r, SETTLE_MS + Math.random() * SETTLE_MS + 2 * lastWriteMs))
  };
}
function writeSection(api, key, render, create, tries = MAX_TRIES, links = []) {
  return writeSections(api, [{ key, render }], create, tries, links);
}
var sameLogin = (a, b) => a.toLowerCase() === b.toLowerCase();
async function writeSections(api, sections, create, tries = MAX_TRIES, links = []) {
  let action;
  const asked = api.whoAmI();
  let author = "";
  const others = /* @__PURE__ */ new Map();
  const budgetOf = (body, key) => sectionBudget(withPlaceholders(body, sections, key), key);
  const done = (a, attempt) => ({
    action: a,
    tries: attempt,
    author,
    others: [...others].map(([id, by]) => ({ id, author: by })).sort((x, y) => x.id - y.id)
  });
  for (let attempt = 1; attempt <= tries; attempt++) {
    if (action) await api.settle();
    const [listed, me] = await Promise.all([api.list(), asked]);
    author ||= me;
    const own = [];
    others.clear();
    for (const c of listed) {
      if (sameLogin(c.author, author)) own.push(c);
      else others.set(c.id, c.author);
    }
    const [first, ...extra] = own;
    if (!first) {
      if (!create) return done(action ?? "nothing-to-say", attempt);
      let body2;
      for (const s of sections) body2 = withSection(body2, { key: s.key, text: s.render(budgetOf(void 0, s.key)) }, [], links);
      const made = await api.create(body2);
      if (made.author) author = made.author;
      action ??= "created";
      continue;
    }
    const texts = sections.map((s) => ({ key: s.key, text: s.render(budgetOf(first.body, s.key)) }));
    if (extra.length === 0 && texts.every((t) => hasSection(first.body, t.key, t.text, links))) return done(action ?? "unchanged", attempt);
    let body = first.body;
    texts.forEach((t, i) => body = withSection(body, t, i === 0 ? extra.map((e) => e.body) : [], links));
    if (body !== first.body) await api.update(first.id, body);
    for (const e of extra) await api.remove(e.id);
    action ??= "updated";
  }
  return done("unverified", tries);
}
function withPlaceholders(body, sections, key) {
  let out = body;
  for (const s of sections) if (s.key !== key && !parseSections(out).some((x) => x.key === s.key)) out = withSection(out, { key: s.key, text: "" });
  return out;
}
async function publishPrComment(f) {
  const { ctx, mode } = f;
  if (mode === "off") return "off";
  if (ctx.eventName !== "pull_request" && ctx.eventName !== "pull_request_target" || !ctx.pullRequest) return "not-a-pull-request";
  const input = sectionInput(f);
  if (ctx.pullRequestShas && f.result.quarantined.length > 0) {
    const { touchedQuarantines } = await import("./github-pr-touched.js");
    const touched = await touchedQuarantines(ctx.workspace, ctx.pullRequestShas, f.result.quarantined, f.result.history, f.codeownersMap ?? "").catch((error) => ({
      skipped: error instanceof Error ? error.message : String(error)
    }));
    if ("skipped" in touched) info(logText(`The pull-request comment does not say which quarantined tests this pull request touches: ${touched.skipped}.`, 1e3));
    else if (touched.tests.length > 0) input.touched = touched.tests;
  }
  const say = somethingToSay(input);
  const key = sectionKey(`${ctx.workflow}
${ctx.job}
${f.jobKey}`);
  const quiet = mode === "auto" && !say;
  if (ctx.fromFork && ctx.eventName === "pull_request") {
    if (!quiet) {
      notice(
        `No comment on pull request #${ctx.pullRequest}: a pull request from a fork gets a read-only token, which cannot comment. The workflow_run workflow that saves its results comments instead (docs/forks.md).`,
        { title: "flakeguard: pull-request comment" }
      );
    }
    return "fork";
  }
  if (!f.token) {
    info(`No comment on pull request #${ctx.pullRequest}: no token (input 'token').`);
    return "no-token";
  }
  return commentOn(f.token, ctx, ctx.pullRequest, [{ key, render: (budget) => renderSection(input, budget) }], mode === "always" || say, linkPrefixes(ctx, f.runUrl, f.dashboardUrl));
}
function linkPrefixes(ctx, runUrl, dashboardUrl) {
  return [`${ctx.serverUrl}/${ctx.repository}/`, runUrl, ...dashboardUrl ? [dashboardUrl] : []].filter((l) => /^https?:\/\/[^/]+\//i.test(l));
}
async function commentOn(token, ctx, pr, sections, create, links, octokit) {
  try {
    const client = octokit ?? await createClient(token, ctx.apiUrl);
    const done = await writeSections(octokitApi(client, ctx.owner, ctx.repo, pr), sections, create, MAX_TRIES, links);
    if (done.others.length > 0) {
      const by = [...new Set(done.others.map((o) => o.author || "an unknown author"))].slice(0, 5).join(", ");
      info(
        logText(
          `${done.others.length} comment${done.others.length === 1 ? "" : "s"} on pull request #${pr} start with flakeguard's marker but ${done.others.length === 1 ? "is" : "are"} not by ${done.author} (by ${by}): left as they are, never read.`,
          1e3
        )
      );
    }
    if (done.action === "unverified") {
      notice(`The comment on pull request #${pr} changed under every one of ${done.tries} writes of this job's section: it may lack it until the next run.`, {
        title: "flakeguard: pull-request comment"
      });
    } else {
      info(`Pull-request comment on #${pr}: ${done.action} (${done.tries} read${done.tries === 1 ? "" : "s"}).`);
    }
    return done.action;
  } catch (error) {
    const e = describeApiError(error);
    const hint = e.denied ? " The token may not comment: give the workflow `permissions: pull-requests: write`." : "";
    notice(logText(`Could not comment on pull request #${pr} (${e.status ?? "no status"}: ${e.message}).${hint}`, 1e3), { title: "flakeguard: pull-request comment" });
    return "failed";
  }
}
async function findForkPullRequest(octokit, ctx, run) {
  if (run.pullRequest !== void 0) return run.pullRequest;
  if (!run.headBranch || !run.headOwner) return void 0;
  const res = await octokit.rest.pulls.list({ owner: ctx.owner, repo: ctx.repo, head: `${run.headOwner}:${run.headBranch}`, state: "open", per_page: 100, ...requestOptions() });
  const pr = res.data.find((p) => p.head.sha === run.sha && (p.head.repo?.full_name ?? "").toLowerCase() === run.headRepository.toLowerCase());
  return pr?.number;
}
async function publishIngestedPrComment(f) {
  if (f.mode === "off") return "off";
  if (!f.token) return "no-token";
  const say = f.sections.some((s) => somethingToSay(s.input));
  let octokit;
  let pr;
  try {
    octokit = await createClient(f.token, f.ctx.apiUrl);
    pr = await findForkPullRequest(octokit, f.ctx, f.run);
  } catch (error) {
    const e = describeApiError(error);
    const hint = e.denied ? " Give the workflow `permissions: pull-requests: write`." : "";
    notice(logText(`Could not find the pull request of ${f.run.headRepository}:${f.run.headBranch} (${e.status ?? "no status"}: ${e.message}); no comment.${hint}`, 1e3), {
      title: "flakeguard: pull-request comment"
    });
    return "failed";
  }
  if (pr === void 0) {
    info(logText(`No open pull request from ${f.run.headRepository}:${f.run.headBranch} at ${f.run.sha.slice(0, 12)}: no comment.`, 1e3));
    return "not-a-pull-request";
  }
  const sections = f.sections.map((s) => ({ key: sectionKey(`ingested
${f.run.workflow}
${s.identity}`), render: (budget) => renderSection(s.input, budget) }));
  return commentOn(f.token, f.ctx, pr, sections, f.mode === "always" || say, linkPrefixes(f.ctx, f.run.url, f.dashboardUrl), octokit);
}
export {
  DEFAULT_AUTHOR,
  MAX_TRIES,
  SETTLE_MS,
  findForkPullRequest,
  linkPrefixes,
  publishIngestedPrComment,
  publishPrComment,
  sectionInput,
  testUrlIn,
  writeSection,
  writeSections
};
