const require = process.getBuiltinModule('node:module').createRequire(import.meta.url);
const { readFileSync } = require("node:fs");
const { join } = require("node:path");
import {
  readFixRecord
} from "./shared-policy-fix-release.js";
import {
  detectRunner,
  readWorkspaceFacts,
  runRound
} from "./shared-rerun-process.js";
import {
  quarantineBefore
} from "./shared-policy-hand-edits.js";
import {
  findPreset
} from "./shared-rerun-presets-args.js";
import "./shared-text-shell.js";
import {
  touchedQuarantines
} from "./shared-github-pr-touched.js";
import "./shared-owners-index.js";
import "./shared-owners-codeowners.js";
import "./shared-scoring-multi-factor.js";
import "./shared-scoring-pfs.js";
import "./shared-scoring-thresholded.js";
import {
  runGit
} from "./shared-store-git-process.js";
import "./shared-owners-classmap.js";
import {
  createClient,
  describeApiError,
  requestOptions
} from "./shared-github-client.js";
import {
  answerKey
} from "./shared-rerun-plan.js";
import {
  NO_HISTORY
} from "./shared-rerun-stopping.js";
import {
  fixRate,
  fixVerdict,
  planFix
} from "./shared-rerun-fix-plan.js";
import {
  commandText,
  logText
} from "./shared-text-escape.js";
import "./shared-store-snapshot.js";
import "./shared-history-stored.js";
import "./shared-history-merge.js";
import "./shared-history-records.js";
import "./shared-store-read-bounds.js";
import "./shared-store-decisions.js";
import "./shared-store-layout.js";
import "./shared-history-cell.js";
import "./shared-cost-index.js";
import {
  isFailure
} from "./shared-model.js";
import {
  group,
  info,
  notice,
  warning
} from "./shared-actions-core.js";
import "./shared-runtime.js";

// src/github/fix-verify.ts

// src/rerun/fix-claims.ts
var MAX_TEXT_CHARS = 65536;
var MAX_CLAIMS = 20;
var MAX_ID_CHARS = 1e3;
var CLAIM = /^[ \t]*(?:[-*>][ \t]*)?flakeguard:[ \t]*fix[ \t]+(.+?)[ \t]*$/i;
function readClaims(texts) {
  const claims = [];
  const refused = [];
  const seen = /* @__PURE__ */ new Set();
  for (const { text, where } of texts) {
    for (const line of text.slice(0, MAX_TEXT_CHARS).split(/\r?\n|\r/)) {
      const m = CLAIM.exec(line);
      if (!m) continue;
      let id = m[1];
      if (id.length >= 2 && id.startsWith("`") && id.endsWith("`")) id = id.slice(1, -1);
      if (id === "") continue;
      if (id.length > MAX_ID_CHARS) {
        refused.push(`a claim in ${where} names an id of ${id.length} characters, over ${MAX_ID_CHARS}: no test has such an id`);
        continue;
      }
      if (seen.has(id)) continue;
      if (claims.length >= MAX_CLAIMS) {
        refused.push(`more than ${MAX_CLAIMS} fix claims: the ones after the first ${MAX_CLAIMS} are not verified`);
        return { claims, refused };
      }
      seen.add(id);
      claims.push({ id, where });
    }
  }
  return { claims, refused };
}

// src/rerun/fix-run.ts
function caseOf(test) {
  return { test, historyId: test.id, kind: "extra", extraRuns: 1, isNew: false, counts: NO_HISTORY, maxReruns: 0, reruns: [], asked: 1, rounds: 0 };
}
async function runFix(request) {
  const round = request.round ?? runRound;
  const key = answerKey(request.test);
  const out = { ran: 0, failures: 0, rounds: 0, seconds: 0 };
  while (out.ran < request.runs && out.failures === 0) {
    const left = request.deadline - Date.now();
    if (left <= 0) {
      out.stopped = "rerun-timeout ran out";
      break;
    }
    out.rounds++;
    const answer = await round({
      round: out.rounds,
      cases: [caseOf(request.test)],
      command: request.command,
      ...request.options ? { options: request.options } : {},
      workspace: request.workspace,
      dir: request.dir,
      timeoutMs: left,
      env: request.env,
      log: request.log,
      ...request.logCommand ? { logCommand: request.logCommand } : {},
      readReport: request.readReport
    });
    out.seconds += answer.seconds;
    if (!answer.ok) {
      out.stopped = /rerun-timeout/.test(answer.why) ? "rerun-timeout ran out" : `round ${out.rounds} could not answer: ${answer.why}`;
      break;
    }
    const got = (answer.attempts.get(key) ?? []).filter((a) => a.status !== "skipped");
    if (got.length === 0) {
      out.stopped = `round ${out.rounds}'s report has no result for the test (absent, or skipped: a skipped test verifies nothing)`;
      break;
    }
    out.ran += got.length;
    out.failures += got.filter((a) => isFailure(a.status)).length;
  }
  out.seconds = Math.round(out.seconds * 10) / 10;
  return out;
}

// src/github/fix-verify.ts
var MAX_COMMITS = 250;
var TITLE = "flakeguard fix verification";
async function fixStage(input) {
  if (!input.fix.on) return void 0;
  try {
    if (input.ctx.eventName === "pull_request_target") {
      info("Fix verification runs on pull_request events only, not pull_request_target (docs/fix-verification.md).");
      return void 0;
    }
    const pr = input.ctx.eventName === "pull_request";
    const report = pr ? await verifyPullRequest(input) : input.run.onDefaultBranch && !input.readOnly ? await findLanded(input) : void 0;
    for (const n of report?.notices ?? []) notice(commandText(`Fix verification: ${n}.`, 1e3), { title: TITLE });
    return report;
  } catch (error) {
    warning(commandText(`Fix verification stopped on an unexpected error (${error instanceof Error ? error.message : String(error)}); it decides nothing this run.`, 1e3), { title: TITLE });
    return void 0;
  }
}
function pullRequestBody(env) {
  try {
    const event = JSON.parse(readFileSync(env.GITHUB_EVENT_PATH ?? "", "utf8"));
    return typeof event.pull_request?.body === "string" ? event.pull_request.body : "";
  } catch {
    return "";
  }
}
async function commitMessages(workspace, shas) {
  try {
    const out = await runGit(workspace, ["log", `--max-count=${MAX_COMMITS}`, "--format=%H%x1f%B%x1e", `${shas.base}..${shas.head}`], { timeoutMs: 6e4 });
    return out.split("").map((c) => c.replace(/^\n/, "")).filter((c) => c.includes("")).map((c) => {
      const [sha, text = ""] = c.split("");
      return { text, where: `commit ${sha.slice(0, 12)}` };
    });
  } catch (error) {
    return `the commit messages of the pull request could not be read (${error instanceof Error ? error.message.split("\n", 1)[0] : String(error)}; \`fetch-depth: 0\` on actions/checkout brings the commits)`;
  }
}
async function presetFor(input, rerun) {
  if (!rerun.auto) return rerun.preset;
  const detection = detectRunner(input.reporters, await readWorkspaceFacts(input.ctx.workspace));
  const preset = detection.preset === void 0 ? void 0 : findPreset(detection.preset);
  return preset ?? `rerun: auto ${detection.why[0] ?? "could not tell the runner"}`;
}
async function verifyPullRequest(input) {
  const { ctx, snapshot } = input;
  const shas = ctx.pullRequestShas;
  const report = { ...ctx.pullRequest ? { pr: ctx.pullRequest } : {}, ...shas ? { head: shas.head } : {}, outcomes: [], notices: [], landed: [], readOnly: input.readOnly };
  const before = quarantineBefore(snapshot, input.now);
  const why = /* @__PURE__ */ new Map();
  const add = (id, reason) => {
    const list = why.get(id);
    if (list) {
      if (!list.includes(reason)) list.push(reason);
    } else why.set(id, [reason]);
  };
  if (shas && before.quarantined.size > 0) {
    const touched = await touchedQuarantines(ctx.workspace, shas, [...before.quarantined].sort(), snapshot.history, input.inputs.codeownersMap);
    if ("skipped" in touched) info(logText(`Fix verification: the files this pull request changes were not compared: ${touched.skipped}.`, 1e3));
    else for (const t of touched.tests) add(t.id, `it changes ${t.path}`);
  }
  const texts = [{ text: pullRequestBody(input.env), where: "the pull request's body" }];
  if (shas) {
    const messages = await commitMessages(ctx.workspace, shas);
    if (typeof messages === "string") info(logText(`Fix verification: ${messages}.`, 1e3));
    else texts.push(...messages);
  }
  const { claims, refused } = readClaims(texts);
  report.notices.push(...refused);
  const claimed = [];
  for (const c of claims) {
    if (!snapshot.history.has(c.id)) {
      report.notices.push(`'${c.id}' (claimed fixed in ${c.where}) is no test flakeguard knows: no history has this id (docs/test-ids.md says how ids are made); nothing was verified`);
    } else if (!before.quarantined.has(c.id)) {
      report.notices.push(`'${c.id}' (claimed fixed in ${c.where}) is not quarantined: there is nothing to release, so it was not verified`);
    } else claimed.push(c);
  }
  for (const c of claimed) add(c.id, c.where);
  if (why.size === 0) return report.notices.length > 0 ? report : void 0;
  const rerun = input.rerun;
  if (!rerun && claimed.length === 0) {
    info(
      logText(
        `Fix verification: this pull request changes the file of ${why.size} quarantined test${why.size === 1 ? "" : "s"}; without the rerun input they are not verified (docs/fix-verification.md).`,
        1e3
      )
    );
    return report.notices.length > 0 ? report : void 0;
  }
  if (!rerun) {
    report.notices.push(
      `fix verification runs the tests with the \`rerun\` command, and this step has none: ${why.size} claimed fix${why.size === 1 ? " was" : "es were"} not verified (docs/fix-verification.md)`
    );
    return report;
  }
  const preset = await presetFor(input, rerun);
  if (typeof preset === "string") {
    report.notices.push(`${preset}: the claimed fixes were not verified (name the preset: docs/rerun-presets.md)`);
    return report;
  }
  const command = preset ?? rerun.command;
  const { readRoundReport } = await import("./pipeline-rerun.js");
  const deadline = Date.now() + rerun.timeoutSec * 1e3;
  const byHistoryId = /* @__PURE__ */ new Map();
  for (const t of input.tests) {
    const h = input.historyId(t.id);
    if (why.has(h) && !byHistoryId.has(h)) byHistoryId.set(h, t);
  }
  for (const [id, reasons] of why) {
    const test = byHistoryId.get(id);
    if (!test) {
      report.notices.push(`'${id}' did not run in this job's reports, so it could not be verified here (a job that runs it verifies it)`);
      continue;
    }
    if (before.byHand.has(id)) report.notices.push(`'${id}' is quarantined by hand: its verification is shown, and its override still decides`);
    const plan = planFix(fixRate(snapshot.history.get(id), input.policy.window), input.fix.maxRuns);
    const failedHere = test.attempts.some((a) => a.status === "failed" || a.status === "error");
    const result = failedHere ? { ran: 0, failures: 1, rounds: 0, seconds: 0 } : await group(
      logText(`Fix verification: '${id}', ${plan.planned} runs`, 1e3),
      () => runFix({
        test,
        runs: plan.planned,
        command,
        ...rerun.args ? { options: { args: rerun.args } } : {},
        workspace: ctx.workspace,
        dir: join(ctx.runnerTemp || input.env.RUNNER_TEMP || "/tmp", "flakeguard-fix", String(report.outcomes.length + 1)),
        deadline,
        env: process.env,
        log: (line) => info(logText(line, 2e3)),
        logCommand: (line) => info(logText(line, 6e5)),
        readReport: (path) => readRoundReport(path, ctx.workspace)
      })
    );
    const ran = result.ran + (failedHere ? 1 : 0);
    const { verdict, reached } = fixVerdict(plan, ran, result.failures);
    const outcome = { id, why: reasons, plan, ran, failures: result.failures, verdict, reached, seconds: result.seconds };
    if ("stopped" in result && result.stopped) outcome.stopped = result.stopped;
    if (failedHere) outcome.stopped = "it failed in this job's own run";
    report.outcomes.push(outcome);
  }
  return report;
}
async function findLanded(input) {
  const { snapshot, ctx } = input;
  const before = quarantineBefore(snapshot, input.now);
  const pending = [];
  for (const id of before.quarantined) {
    if (before.byHand.has(id)) continue;
    const fix = readFixRecord(snapshot.stats.get(id)?.fix);
    if (fix && fix.verdict === "verified" && !fix.released) pending.push({ id, pr: fix.pr, head: fix.head });
  }
  if (pending.length === 0) return void 0;
  const report = { outcomes: [], notices: [], landed: [], readOnly: input.readOnly };
  if (!input.inputs.token) {
    report.notices.push(`${pending.length} verified fix${pending.length === 1 ? " waits" : "es wait"} for their pull request to land, and this step has no token to ask GitHub whether it did`);
    return report;
  }
  const octokit = await createClient(input.inputs.token, ctx.apiUrl);
  const byPr = /* @__PURE__ */ new Map();
  for (const p of pending) {
    if (!byPr.has(p.pr)) {
      try {
        const { data } = await octokit.rest.pulls.get({ owner: ctx.owner, repo: ctx.repo, pull_number: p.pr, ...requestOptions() });
        byPr.set(p.pr, { merged: data.merged_at !== null && data.base.ref === ctx.defaultBranch, head: data.head.sha, commit: data.merge_commit_sha });
      } catch (error) {
        const f = describeApiError(error);
        report.notices.push(`whether pull request #${p.pr} landed could not be read (${f.status ?? "no response"}: ${f.message}); its verified fixes wait for the next run`);
        byPr.set(p.pr, void 0);
      }
    }
    const pull = byPr.get(p.pr);
    if (!pull?.merged || !pull.commit) continue;
    if (pull.head !== p.head) {
      report.notices.push(
        `pull request #${p.pr} was merged at ${pull.head.slice(0, 12)}, not at the verified ${p.head.slice(0, 12)}: '${p.id}' stays quarantined until it is verified again or passes ${input.policy.releaseAfterCleanRuns} runs in a row`
      );
      continue;
    }
    if (await contains(ctx.workspace, input.run.sha, pull.commit)) report.landed.push({ id: p.id, pr: p.pr, commit: pull.commit });
    else
      report.notices.push(
        `pull request #${p.pr} was merged in ${pull.commit.slice(0, 12)}, which this run's commit does not contain as far as the workspace's git shows (a shallow checkout: \`fetch-depth: 0\`); '${p.id}' is released at the first run that shows it`
      );
  }
  return report;
}
async function contains(workspace, sha, commit) {
  if (sha === commit) return true;
  try {
    await runGit(workspace, ["merge-base", "--is-ancestor", commit, sha], { timeoutMs: 3e4 });
    return true;
  } catch {
    return false;
  }
}
export {
  MAX_COMMITS,
  fixStage
};
