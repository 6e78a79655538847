const require = process.getBuiltinModule('node:module').createRequire(import.meta.url);
const { createHash } = require("node:crypto");
import {
  IssueApi
} from "./shared-github-issue-body.js";
import "./shared-why-answer.js";
import "./shared-report-onset.js";
import "./shared-text-shell.js";
import "./shared-onset-changepoint.js";
import "./shared-owners-index.js";
import "./shared-owners-codeowners.js";
import {
  setOutput
} from "./shared-github-step-files.js";
import "./shared-report-clusters.js";
import "./shared-owners-classmap.js";
import {
  createClient,
  requestOptions
} from "./shared-github-client.js";
import {
  fixIssueComment
} from "./shared-report-fix-summary.js";
import "./shared-rerun-fix-plan.js";
import {
  logText
} from "./shared-text-escape.js";
import "./shared-store-layout.js";
import "./shared-history-cell.js";
import "./shared-cost-index.js";
import {
  info,
  warning
} from "./shared-actions-core.js";
import "./shared-runtime.js";

// src/github/fix-publish.ts
function fixOutputs(report) {
  const outcomes = report?.outcomes ?? [];
  return {
    "fixes-verified": JSON.stringify(outcomes.filter((o) => o.verdict === "verified").map((o) => o.id)),
    "fixes-failed": JSON.stringify(outcomes.filter((o) => o.verdict === "failed").map((o) => o.id)),
    "fixes-json": JSON.stringify(
      outcomes.map((o) => ({
        id: o.id,
        verdict: o.verdict,
        runs: o.ran,
        failures: o.failures,
        needed: o.plan.needed,
        planned: o.plan.planned,
        rate: Math.round(o.plan.rate.p * 1e6) / 1e6,
        reached: Math.round(o.reached * 1e6) / 1e6,
        ...o.plan.capped ? { capped: o.plan.capped.by } : {},
        ...o.stopped ? { stopped: o.stopped } : {},
        why: o.why
      }))
    )
  };
}
function setFixOutputs(report) {
  for (const [name, value] of Object.entries(fixOutputs(report))) setOutput(name, value);
}
function fixMarker(id, head) {
  return `<!-- flakeguard:fix=${createHash("sha256").update(`${id}
${head ?? ""}`).digest("hex").slice(0, 16)} -->`;
}
async function commentOnOwnerIssues(report, o) {
  if (report.readOnly || report.outcomes.length === 0) return;
  try {
    const api = new IssueApi(await createClient(o.token, o.ctx.apiUrl), o.ctx.owner, o.ctx.repo);
    for (const outcome of report.outcomes) {
      const issue = o.issueOf(outcome.id);
      if (issue === void 0) continue;
      const marker = fixMarker(outcome.id, report.head);
      const listed = await api.call(
        `list the comments of issue #${issue}`,
        false,
        () => api.octokit.rest.issues.listComments({ owner: api.owner, repo: api.repo, issue_number: issue, per_page: 100, ...requestOptions() })
      );
      if (!listed.ok) continue;
      if (listed.data.some((c) => c.body?.includes(marker))) continue;
      const body = `${fixIssueComment(outcome, report.pr, report.head)}

${marker}`;
      const made = await api.call(
        `comment on issue #${issue}`,
        true,
        () => api.octokit.rest.issues.createComment({ owner: api.owner, repo: api.repo, issue_number: issue, body, ...requestOptions() })
      );
      if (made.ok) info(logText(`Fix verification: commented on issue #${issue} of '${outcome.id}'.`, 1e3));
    }
  } catch (error) {
    warning(logText(`Fix verification: the owner issues could not be commented on (${error instanceof Error ? error.message : String(error)}).`, 1e3), { title: "flakeguard fix verification" });
  }
}
export {
  commentOnOwnerIssues,
  fixMarker,
  fixOutputs,
  setFixOutputs
};
