import {
  storeLine
} from "./shared-report-store-line.js";
import {
  lostReason
} from "./shared-store-sync.js";
import {
  appendSummary,
  setOutput
} from "./shared-github-step-files.js";
import {
  CHECK_SUMMARY_BUDGET_BYTES,
  blobUrlFor,
  buildAnnotations,
  renderSummary,
  summaryFacts,
  summaryTitle
} from "./shared-report-summary.js";
import {
  scoreLookup
} from "./shared-report-scores.js";
import {
  parseClusters
} from "./shared-clusters-cluster.js";
import {
  failedTogether,
  failedTogetherSection
} from "./shared-report-clusters.js";
import {
  InputError
} from "./shared-config-inputs.js";
import {
  countsText
} from "./shared-diagnose-rule.js";
import {
  parseDiagnoses
} from "./shared-diagnose-format.js";
import {
  commandText,
  defuseLegacy,
  logText,
  mdText,
  plainText,
  truncate
} from "./shared-text-escape.js";
import {
  CLUSTERS_FILE,
  DIAGNOSES_FILE
} from "./shared-store-decisions.js";
import {
  shardOf,
  statsPath
} from "./shared-store-layout.js";
import {
  error,
  info,
  notice,
  setFailed,
  warning
} from "./shared-actions-core.js";

// src/report/diagnoses.ts
function diagnosedSection(failed, diagnoses, max = 10) {
  const found = [...new Set(failed)].filter((id) => diagnoses.tests.has(id)).sort();
  if (found.length === 0) return [];
  const lines = ["#### Diagnosed by experiment", ""];
  for (const id of found.slice(0, max)) {
    const d = diagnoses.tests.get(id);
    const polluter = d.polluter !== void 0 ? `; fails after ${mdText(d.polluter, 200)}` : "";
    lines.push(`- ${mdText(id, 200)}: **${d.category}** (${mdText(countsText(d.evidence), 300)}${polluter}), diagnosed ${new Date(Date.parse(d.at)).toISOString().slice(0, 10)}`);
  }
  if (found.length > max) lines.push(`- \u2026and ${found.length - max} more (\`flakeguard why <test>\`).`);
  lines.push("", "What changed the failure rate when the test was re-run under controlled variations (`mode: diagnose`, docs/diagnose.md).", "");
  return lines;
}

// src/github/publish.ts
function factsFor(result) {
  return summaryFacts({ history: result.history, decisions: result.decisions, scores: scoreLookup(result.scores) });
}
function warmApiClient(inputs, ctx) {
  const checkRun = inputs.checkRun && !ctx.fromFork;
  const comment = inputs.prComment !== "off" && Boolean(ctx.pullRequest);
  if (!inputs.token || !(checkRun || inputs.createIssues || comment)) return void 0;
  const client = (async () => {
    const [{ createClient }] = await Promise.all([import("./github-client.js"), ...checkRun ? [import("./github-checks.js")] : []]);
    return createClient(inputs.token, ctx.apiUrl);
  })().catch(() => void 0);
  const stop = new AbortController();
  const connect = () => client.then(async (octokit) => octokit ? (await import("./github-client.js")).openConnection(octokit, stop.signal) : false).catch(() => false);
  return { client, connect, release: () => stop.abort() };
}
var WORKFLOW_ANNOTATIONS_PER_KIND = 10;
function emitWorkflowAnnotations(annotations, reserved = { failure: 0, warning: 0 }) {
  const room = {
    failure: Math.max(1, WORKFLOW_ANNOTATIONS_PER_KIND - reserved.failure),
    warning: Math.max(1, WORKFLOW_ANNOTATIONS_PER_KIND - reserved.warning)
  };
  const result = { shown: { failure: 0, warning: 0 }, hidden: { failure: 0, warning: 0 } };
  for (const a of annotations) {
    const kind = a.level === "failure" ? "failure" : "warning";
    if (result.shown[kind] >= room[kind]) {
      result.hidden[kind]++;
      continue;
    }
    result.shown[kind]++;
    const props = { title: defuseLegacy(a.title), ...a.path ? { file: defuseLegacy(a.path), startLine: a.line ?? 1 } : {} };
    const message = defuseLegacy(a.details ? truncate(`${a.message}

${a.details}`, 4e3) : a.message);
    if (a.level === "failure") error(message, props);
    else warning(message, props);
  }
  const { failure, warning: warning2 } = result.hidden;
  if (failure + warning2 > 0) {
    const parts = [failure > 0 ? `${failure} blocking` : "", warning2 > 0 ? `${warning2} forgiven` : ""].filter(Boolean).join(" and ");
    notice(
      `${parts} failure${failure + warning2 === 1 ? " is" : "s are"} not annotated here: GitHub shows at most ${WORKFLOW_ANNOTATIONS_PER_KIND} annotations of each kind per step. The job summary lists the failures.`,
      { title: "flakeguard: more failures" }
    );
  }
  return result;
}
var s = (n) => n === 1 ? "" : "s";
async function publishResults({ inputs, ctx, readOnly, runUrl, sync, reports, extraSummary, facts: early, rerunSection, rerun, api, setupWarnings }) {
  const result = sync.applied;
  const o = result.outcome;
  const statsFileOf = (id) => statsPath(shardOf(id, result.shards), result.shards);
  const branchUrl = `${ctx.serverUrl}/${ctx.repository}/tree/${inputs.dataBranch}`;
  const line = storeLine(sync, inputs.dataBranch);
  const lost = !readOnly && lostReason(sync.status, inputs.dataBranch) !== void 0;
  const reserved = {
    failure: (o.result === "failure" ? 1 : 0) + result.problems.filter((p) => !p.notice && !p.warning).length + (sync.historyRead ? 0 : 1) + (reports?.problems ?? 0) + (lost ? 1 : 0),
    warning: (o.result === "success" && o.forgiven.length > 0 ? 1 : 0) + (sync.status.kind === "not-saved" && !lost ? 1 : 0) + (result.handEdits ?? []).filter((e) => e.effect === "kept").length + result.problems.filter((p) => p.warning).length
  };
  guard("log the data branch state", () => {
    if (lost) error(commandText(line, 1e3), { title: "flakeguard history not saved" });
    else if (sync.status.kind === "not-saved") warning(commandText(line, 1e3), { title: "flakeguard history not saved" });
    else info(logText(line));
    if (!sync.historyRead) error("The data branch could not be read, so no failure could be forgiven.", { title: "flakeguard" });
    for (const p of result.problems) {
      (p.notice ? notice : p.warning ? warning : error)(commandText(p.message, 1e3), { title: commandText(`flakeguard data branch: ${p.file}`, 200), file: p.file, startLine: p.line });
    }
    for (const l of result.lapsed) {
      notice(commandText(`The override of '${l.id}' in ${l.file} lapsed on ${l.until}; flakeguard decides again.`, 1e3));
    }
    for (const e of result.handEdits ?? []) {
      const message = commandText(e.message, 1e3);
      if (e.effect === "kept") warning(message, { title: "flakeguard: hand edit left as written", file: e.file, startLine: e.line });
      else notice(message, { title: "flakeguard: hand edit honoured", file: e.file, startLine: e.line });
    }
  });
  const scores = scoreLookup(result.scores);
  const annotations = guard("prepare the annotations", () => buildAnnotations(o, { decisions: result.decisions, scores, dataBranch: inputs.dataBranch, statsFileOf })) ?? [];
  const base = {
    outcome: o,
    decisions: result.decisions,
    scores,
    history: result.history,
    quarantined: result.quarantined,
    newlyQuarantined: result.newlyQuarantined,
    released: result.released,
    testsInRun: reports?.tests,
    ...reports?.twins ? { twins: reports.twins } : {},
    ...reports?.collisions ? { collisions: reports.collisions } : {},
    storeLine: line,
    dataBranch: inputs.dataBranch,
    dataBranchUrl: branchUrl,
    fileProblems: result.problems.filter((p) => !p.notice),
    lapsed: result.lapsed,
    statsFileOf,
    brokenStats: result.brokenStats,
    blobUrl: blobUrlFor(ctx),
    ...result.rule ? { rule: result.rule } : {},
    lead: { ...rerun ? { cases: rerun.result.cases } : {}, orderDependent: result.orderDependent },
    ...rerunSection ? { rerunSection } : {},
    ...result.ruleEffects && result.ruleEffects.size > 0 ? { ruleEffects: result.ruleEffects } : {}
  };
  const together = guard("group the failures by cluster", () => failedTogetherSection(failedTogether(failedIds(o), parseClusters(result.files.get(CLUSTERS_FILE)).clusters)));
  if (together && together.length > 0) base.failedTogether = together;
  const diagnosed = guard("name the diagnoses of the failures", () => diagnosedSection(failedIds(o), parseDiagnoses(result.files.get(DIAGNOSES_FILE)).diagnoses));
  if (diagnosed && diagnosed.length > 0) base.diagnosed = diagnosed;
  const warnings = [...setupWarnings ?? [], ...sync.status.kind === "not-saved" && sync.status.refused && !lost ? [line] : []];
  if (warnings.length > 0) base.setupWarnings = warnings;
  const facts = (early?.of === result ? early.facts : guard("analyse the history for the summary", () => factsFor(result))) ?? { trend: { unit: "run", points: [] }, top: [] };
  let toCommands = annotations;
  let annotationsLine;
  const total = annotations.length;
  if (total === 0) {
    annotationsLine = void 0;
  } else if (!inputs.checkRun) {
    annotationsLine = void 0;
  } else if (ctx.fromFork) {
    annotationsLine = `in this step's log as workflow commands: a pull request from a fork gets a read-only token, which cannot create a check run.`;
  } else if (!inputs.token) {
    annotationsLine = `in this step's log as workflow commands: no token to create a check run.`;
  }
  if (inputs.checkRun && inputs.token && !ctx.fromFork) {
    try {
      const { createClient } = await import("./github-client.js");
      const { publishCheckRun, MAX_CHECK_ANNOTATIONS } = await import("./github-checks.js");
      const octokit = await api?.client ?? await createClient(inputs.token, ctx.apiUrl);
      const check = await publishCheckRun(octokit, {
        owner: ctx.owner,
        repo: ctx.repo,
        headSha: ctx.sha,
        name: inputs.checkName,
        conclusion: o.result,
        title: plainText(summaryTitle(base), 1e3, true),
        summary: renderSummary({ ...base, annotationsLine: total > 0 ? `on this check run's lines of code.` : void 0 }, { budgetBytes: CHECK_SUMMARY_BUDGET_BYTES, facts }),
        annotations,
        detailsUrl: runUrl
      });
      const name = `'${inputs.checkName}'`;
      const why = check.error ? `${check.error.status ?? "no status"}: ${check.error.message}` : "";
      const notes = [];
      if (check.overLimit > 0) notes.push(`${check.overLimit} more failure${s(check.overLimit)} not annotated (a check run gets at most ${MAX_CHECK_ANNOTATIONS} from flakeguard)`);
      if (check.unplaceable > 0) notes.push(`${check.unplaceable} failure${s(check.unplaceable)} with no file in the workspace to annotate, listed here only`);
      if (!check.created) {
        toCommands = annotations;
        const hint = check.error?.denied ? ` (the token may not create check runs: give the workflow \`permissions: checks: write\`)` : "";
        annotationsLine = `in this step's log as workflow commands: the check run could not be created (${why})${hint}.`;
        info(logText(`Could not create the check run ${name} (${why}); annotating with workflow commands instead.`));
      } else if (check.error) {
        toCommands = check.unsent;
        annotationsLine = `${check.sent} of ${total} on the check run ${name}; the request for the others failed (${why}), so ${check.unsent.length} ${check.unsent.length === 1 ? "is" : "are"} in this step's log as workflow commands${notes.length ? `; ${notes.join("; ")}` : ""}.`;
        info(logText(`Check run ${name} created, but only ${check.sent} of ${total} annotations were sent (${why}); the others go to workflow commands.`));
      } else {
        toCommands = [];
        annotationsLine = `${check.sent} on the check run ${name}${notes.length ? `; ${notes.join("; ")}` : ""}.`;
        info(logText(`Check run ${name} published with ${check.sent} annotation${s(check.sent)} in ${check.requests} request${s(check.requests)}.`));
      }
    } catch (error2) {
      toCommands = annotations;
      annotationsLine = `in this step's log as workflow commands: the check run could not be created.`;
      info(logText(`Could not create the check run (${error2 instanceof Error ? error2.message : String(error2)}); annotating with workflow commands instead.`));
    }
  }
  if (toCommands.length > 0) guard("write the annotations", () => emitWorkflowAnnotations(toCommands, reserved));
  guard("set the outputs", () => {
    setOutput("failed-tests", o.failed.length);
    setOutput("quarantined-failures", o.forgiven.length);
    setOutput("blocking-failures", o.blocking.length);
    setOutput("quarantined-tests", JSON.stringify(result.quarantined));
    setOutput("newly-quarantined", JSON.stringify(result.newlyQuarantined));
    setOutput("released", JSON.stringify(result.released));
    setOutput("data-commit", sync.status.kind === "pushed" ? sync.status.commit : "");
  });
  const summary = guard("render the job summary", () => renderSummary({ ...base, annotationsLine }, { facts }));
  if (summary !== void 0) {
    try {
      await appendSummary(extraSummary ? `${summary}
${extraSummary}` : summary);
    } catch (error2) {
      info(logText(`Could not write the job summary: ${error2 instanceof Error ? error2.message : String(error2)}`));
    }
  }
}
async function publishRun(facts) {
  const { inputs, sync, rerun, resultsFile, issues, run, fixes } = facts;
  const result = sync.applied;
  const o = result.outcome;
  if (resultsFile) {
    setOutput("results-file", resultsFile.path);
    notice(`This run's results were not saved to ${inputs.dataBranch}; they are in ${resultsFile.path} for a trusted workflow to ingest.`);
    await resultsFile.upload?.();
  }
  const rerunSection = rerun ? (await import("./report-rerun-summary.js")).renderRerunSection(rerun.result, result.orderDependent, new Set(o.blocking.map((t) => t.id))) : void 0;
  const fixReport = fixes ? await import("./report-fix-summary.js") : void 0;
  const extraSummary = fixes ? fixReport.renderFixSection(fixes) : void 0;
  const results = (async () => {
    const setupWarnings = rerun?.result.warnings;
    await publishResults({ ...facts, ...extraSummary ? { extraSummary } : {}, ...rerunSection ? { rerunSection } : {}, ...setupWarnings?.length ? { setupWarnings } : {} });
    if (rerun) {
      const { blockingAfterReruns } = await import("./rerun-plan.js");
      guard("set the outputs of the re-runs", () => rerunOutputs(rerun, result, blockingAfterReruns));
    }
  })();
  const issuesAlongside = issues?.publish(sync, run, results);
  const annotated = (async () => {
    if (!inputs.annotatedReport || !facts.tests) {
      guard("set the output annotated-report", () => setOutput("annotated-report", ""));
      return;
    }
    const { writeAnnotatedReport } = await import("./github-annotated-report.js");
    const written = await guardAsync(
      "write the annotated report",
      () => writeAnnotatedReport({
        path: inputs.annotatedReport,
        quarantinedAs: inputs.annotatedReportQuarantined,
        workspace: facts.ctx.workspace,
        tests: facts.tests,
        result,
        ...rerun ? { rerun: rerun.result } : {},
        ...facts.reporters ? { reporters: facts.reporters } : {},
        start: run.time
      })
    );
    guard("set the output annotated-report", () => setOutput("annotated-report", written ?? ""));
  })();
  const fixesAlongside = (async () => {
    if (!fixes) {
      guard("set the outputs of fix verification", () => ["fixes-verified", "fixes-failed", "fixes-json"].forEach((name) => setOutput(name, "[]")));
      return;
    }
    const fixPublish = await import("./github-fix-publish.js");
    guard("set the outputs of fix verification", () => fixPublish.setFixOutputs(fixes));
    await Promise.allSettled([issuesAlongside]);
    const issueOf = issues?.issueOf;
    if (issueOf && inputs.token) await guardAsync("comment on the owner issues of the verified fixes", () => fixPublish.commentOnOwnerIssues(fixes, { token: inputs.token, ctx: facts.ctx, issueOf }));
  })();
  const comment = inputs.prComment !== "off" && facts.ctx.pullRequest ? (async () => {
    const { publishPrComment } = await import("./github-pr-comment.js");
    await guardAsync(
      "comment on the pull request",
      () => publishPrComment({
        mode: inputs.prComment,
        token: inputs.token,
        ctx: facts.ctx,
        jobKey: inputs.jobKey,
        result,
        ...rerun ? { rerun: rerun.result } : {},
        runUrl: facts.runUrl,
        dataBranch: inputs.dataBranch,
        dataBranchUrl: `${facts.ctx.serverUrl}/${facts.ctx.repository}/tree/${inputs.dataBranch}`,
        statsFileOf: (id) => statsPath(shardOf(id, result.shards), result.shards),
        codeownersMap: inputs.codeownersMap,
        dashboardUrl: inputs.dashboardUrl,
        ...fixes && fixes.outcomes.length + fixes.notices.length > 0 ? { fixes: fixReport.fixCommentItems(fixes) } : {}
      })
    );
  })() : void 0;
  const settled = await Promise.allSettled([results, issuesAlongside, fixesAlongside, comment, annotated]);
  facts.api?.release();
  for (const part of settled) if (part.status === "rejected") throw part.reason;
  if (o.result === "failure") {
    setFailed(commandText(o.reasons.join(" "), 4e3));
  } else if (o.forgiven.length > 0) {
    warning(`${o.forgiven.length} failed test${o.forgiven.length === 1 ? " was" : "s were"} forgiven because ${o.forgiven.length === 1 ? "it is" : "they are"} quarantined; the job passes.`);
  }
  return o.result;
}
function rerunOutputs({ result: reran, newTestsBlock }, result, blockingAfterReruns) {
  const o = result.outcome;
  setOutput("rerun-tests", JSON.stringify(reran.cases.filter((c) => c.asked > 0).map((c) => c.historyId)));
  setOutput("proven-flaky", JSON.stringify(reran.provenFlaky.filter((id) => !result.orderDependent.has(id))));
  const blocked = blockingAfterReruns(reran, new Set(o.blocking.map((t) => t.id)), result.orderDependent);
  setOutput("consistent-failures", JSON.stringify(blocked.map((b) => b.id)));
  setOutput("consistent-failures-json", JSON.stringify(blocked));
  setOutput("new-flaky-tests", JSON.stringify(reran.newFlaky));
  if (reran.newFlaky.length > 0 && !newTestsBlock) {
    for (const id of reran.newFlaky.slice(0, 10)) {
      warning(commandText(`New test '${id}' failed and passed on this commit: it is flaky before it merges.`, 1e3), { title: "flakeguard: new flaky test" });
    }
  }
}
function publishStopped(error2) {
  const message = error2 instanceof InputError ? error2.message : `flakeguard stopped on an unexpected error: ${error2 instanceof Error ? error2.stack ?? error2.message : String(error2)}`;
  setFailed(commandText(message, 4e3));
}
function publishOutcome(outcome) {
  setOutput("outcome", outcome);
}
async function guardAsync(what, part) {
  try {
    return await part();
  } catch (error2) {
    return couldNot(what, error2);
  }
}
function guard(what, part) {
  try {
    return part();
  } catch (error2) {
    return couldNot(what, error2);
  }
}
function couldNot(what, error2) {
  warning(logText(`flakeguard could not ${what}: ${error2 instanceof Error ? error2.stack ?? error2.message : String(error2)}`, 2e3));
  return void 0;
}
function failedIds(o) {
  return [...o.failed.map((t) => t.id), ...o.passedOnRetry.map((t) => t.id)];
}

export {
  factsFor,
  warmApiClient,
  WORKFLOW_ANNOTATIONS_PER_KIND,
  emitWorkflowAnnotations,
  publishResults,
  publishRun,
  publishStopped,
  publishOutcome
};
