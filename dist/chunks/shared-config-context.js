const require = process.getBuiltinModule('node:module').createRequire(import.meta.url);
const { readFileSync } = require("node:fs");
const { createHash } = require("node:crypto");
const { isAbsolute, resolve } = require("node:path");
import {
  originUrl
} from "./shared-store-git.js";

// src/config/context.ts
function readEvent(path) {
  if (!path) return {};
  try {
    return JSON.parse(readFileSync(path, "utf8"));
  } catch {
    return {};
  }
}
function contextFromEnv(env) {
  const repository = env.GITHUB_REPOSITORY ?? "local/local";
  const [owner = "local", repo = "local"] = repository.split("/");
  const event = readEvent(env.GITHUB_EVENT_PATH);
  const head = event.pull_request?.head;
  const headRepo = head === void 0 ? void 0 : typeof head?.repo?.full_name === "string" ? head.repo.full_name : null;
  const ref = env.GITHUB_REF ?? "";
  const sha = (v) => typeof v === "string" && /^[0-9a-f]{40}([0-9a-f]{24})?$/.test(v) ? v : void 0;
  const base = sha(event.pull_request?.base?.sha);
  const headSha = sha(event.pull_request?.head?.sha);
  return {
    repository,
    owner,
    repo,
    serverUrl: env.GITHUB_SERVER_URL ?? "https://github.com",
    apiUrl: env.GITHUB_API_URL ?? "https://api.github.com",
    runId: env.GITHUB_RUN_ID ?? "local",
    runAttempt: Math.max(1, Number(env.GITHUB_RUN_ATTEMPT ?? "1") || 1),
    job: env.GITHUB_JOB ?? "job",
    workflow: env.GITHUB_WORKFLOW ?? "workflow",
    sha: env.GITHUB_SHA ?? "",
    ref,
    refName: env.GITHUB_REF_NAME ?? ref.replace(/^refs\/(heads|tags)\//, ""),
    eventName: env.GITHUB_EVENT_NAME ?? "push",
    defaultBranch: event.repository?.default_branch ?? "main",
    fromFork: headRepo !== void 0 && (headRepo === null || headRepo.toLowerCase() !== repository.toLowerCase()),
    pullRequest: event.pull_request?.number,
    ...base && headSha ? { pullRequestShas: { base, head: headSha } } : {},
    workspace: env.GITHUB_WORKSPACE ?? process.cwd(),
    runnerTemp: env.RUNNER_TEMP ?? "",
    ...env.FLAKEGUARD_RUN_URL ? { runUrl: env.FLAKEGUARD_RUN_URL } : {},
    ...env.RUNNER_OS ? { runnerOs: env.RUNNER_OS } : {}
  };
}
function isOnDefaultBranch(ctx) {
  return ctx.eventName !== "pull_request" && ctx.eventName !== "pull_request_target" && ctx.ref === `refs/heads/${ctx.defaultBranch}`;
}
function runIdentity(ctx, jobKey, reportPatterns) {
  const extra = createHash("sha256").update(`${jobKey}
${reportPatterns.join("\n")}`).digest("hex").slice(0, 8);
  return `${ctx.runId}/${ctx.job}/${extra}`;
}
function runUrl(ctx) {
  if (ctx.runUrl) return ctx.runUrl;
  return `${ctx.serverUrl}/${ctx.repository}/actions/runs/${ctx.runId}/attempts/${ctx.runAttempt}`;
}

// src/config/remote.ts
async function dataRemote(inputs, ctx) {
  if (inputs.remote) return isAbsolute(inputs.remote) || /^[a-z]+:\/\//.test(inputs.remote) ? inputs.remote : resolve(ctx.workspace, inputs.remote);
  try {
    return await originUrl(ctx.workspace);
  } catch {
    return `${ctx.serverUrl}/${ctx.repository}.git`;
  }
}

export {
  contextFromEnv,
  isOnDefaultBranch,
  runIdentity,
  runUrl,
  dataRemote
};
