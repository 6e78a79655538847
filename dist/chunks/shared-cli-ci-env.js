// src/cli/ci-env.ts
var int = (x) => {
  const n = Number(x);
  return x !== void 0 && x !== "" && Number.isInteger(n) && n > 0 ? n : void 0;
};
function repoFromUrl(url) {
  const m = /^(?:(?:https?|ssh|git):\/\/(?:[^@/]+@)?([^/:]+)(?::\d+)?\/|[^@\s]+@([^:\s]+):)([^\s]+?)(?:\.git)?\/?$/.exec(url?.trim() ?? "");
  const host = m?.[1] ?? m?.[2];
  const path = m?.[3];
  if (!host || !path || !/^[\w.-]+(\/[\w.-]+)+$/.test(path)) return void 0;
  return { serverUrl: `https://${host}`, repository: path };
}
function detectCi(env) {
  if (env.GITHUB_ACTIONS === "true") return "github";
  if (env.GITLAB_CI === "true") return "gitlab";
  if (env.BUILDKITE === "true") return "buildkite";
  if (env.CIRCLECI === "true") return "circleci";
  if (env.JENKINS_URL || env.JENKINS_HOME) return "jenkins";
  return "local";
}
function ciFacts(env, ci, local) {
  const base = {
    ci,
    repository: "local/local",
    serverUrl: "",
    runId: `local-${local.now}`,
    runAttempt: 1,
    job: "test",
    workflow: "local",
    sha: local.sha,
    branch: local.branch,
    defaultBranch: "main",
    fromFork: false,
    workspace: local.cwd
  };
  switch (ci) {
    case "gitlab": {
      const mr = int(env.CI_MERGE_REQUEST_IID);
      return {
        ...base,
        repository: env.CI_PROJECT_PATH || base.repository,
        serverUrl: env.CI_SERVER_URL ?? "",
        runId: env.CI_PIPELINE_ID || base.runId,
        runAttempt: int(env.CI_JOB_ID) ?? 1,
        job: env.CI_JOB_NAME || base.job,
        workflow: env.CI_PIPELINE_NAME || env.CI_PROJECT_NAME || "pipeline",
        sha: env.CI_COMMIT_SHA || base.sha,
        branch: env.CI_COMMIT_BRANCH || env.CI_MERGE_REQUEST_SOURCE_BRANCH_NAME || env.CI_COMMIT_REF_NAME || base.branch,
        defaultBranch: env.CI_DEFAULT_BRANCH || base.defaultBranch,
        ...mr ? { pullRequest: mr } : {},
        fromFork: !!env.CI_MERGE_REQUEST_SOURCE_PROJECT_PATH && env.CI_MERGE_REQUEST_SOURCE_PROJECT_PATH !== env.CI_PROJECT_PATH,
        workspace: env.CI_PROJECT_DIR || base.workspace,
        ...env.CI_JOB_URL ? { runUrl: env.CI_JOB_URL } : {}
      };
    }
    case "buildkite": {
      const pr = int(env.BUILDKITE_PULL_REQUEST);
      const repo = repoFromUrl(env.BUILDKITE_REPO);
      return {
        ...base,
        repository: repo?.repository || [env.BUILDKITE_ORGANIZATION_SLUG, env.BUILDKITE_PIPELINE_SLUG].filter(Boolean).join("/") || base.repository,
        serverUrl: repo?.serverUrl ?? "",
        runId: env.BUILDKITE_BUILD_ID || base.runId,
        runAttempt: (int(env.BUILDKITE_RETRY_COUNT) ?? 0) + 1,
        job: env.BUILDKITE_STEP_KEY || env.BUILDKITE_LABEL || base.job,
        workflow: env.BUILDKITE_PIPELINE_SLUG || "pipeline",
        sha: env.BUILDKITE_COMMIT && env.BUILDKITE_COMMIT !== "HEAD" ? env.BUILDKITE_COMMIT : base.sha,
        branch: env.BUILDKITE_BRANCH || base.branch,
        defaultBranch: env.BUILDKITE_PIPELINE_DEFAULT_BRANCH || base.defaultBranch,
        ...pr ? { pullRequest: pr } : {},
        // Buildkite names the head repository of a pull request; a fork's differs from the pipeline's.
        fromFork: !!pr && !!env.BUILDKITE_PULL_REQUEST_REPO && !!env.BUILDKITE_REPO && env.BUILDKITE_PULL_REQUEST_REPO !== env.BUILDKITE_REPO,
        workspace: env.BUILDKITE_BUILD_CHECKOUT_PATH || base.workspace,
        ...env.BUILDKITE_BUILD_URL ? { runUrl: env.BUILDKITE_BUILD_URL } : {}
      };
    }
    case "circleci": {
      const pr = int(/\/pull\/(\d+)/.exec(env.CIRCLE_PULL_REQUEST ?? "")?.[1]);
      const repo = repoFromUrl(env.CIRCLE_REPOSITORY_URL);
      return {
        ...base,
        repository: [env.CIRCLE_PROJECT_USERNAME, env.CIRCLE_PROJECT_REPONAME].filter(Boolean).join("/") || repo?.repository || base.repository,
        serverUrl: repo?.serverUrl ?? "",
        runId: env.CIRCLE_WORKFLOW_ID || env.CIRCLE_BUILD_NUM || base.runId,
        // A re-run of a workflow gets a new workflow id; a job's build number tells its re-runs apart.
        runAttempt: int(env.CIRCLE_BUILD_NUM) ?? 1,
        job: env.CIRCLE_JOB || base.job,
        workflow: "workflow",
        sha: env.CIRCLE_SHA1 || base.sha,
        branch: env.CIRCLE_BRANCH || base.branch,
        ...pr ? { pullRequest: pr } : {},
        // CircleCI sets CIRCLE_PR_USERNAME only for pull requests from forks.
        fromFork: !!env.CIRCLE_PR_USERNAME,
        workspace: env.CIRCLE_WORKING_DIRECTORY?.replace(/^~(?=\/|$)/, env.HOME ?? "~") || base.workspace,
        ...env.CIRCLE_BUILD_URL ? { runUrl: env.CIRCLE_BUILD_URL } : {}
      };
    }
    case "jenkins": {
      const pr = int(env.CHANGE_ID);
      const repo = repoFromUrl(env.GIT_URL);
      return {
        ...base,
        repository: repo?.repository || env.JOB_NAME?.split("/")[0] || base.repository,
        serverUrl: repo?.serverUrl ?? "",
        runId: env.BUILD_TAG || env.BUILD_NUMBER || base.runId,
        job: env.STAGE_NAME || env.JOB_BASE_NAME || base.job,
        workflow: env.JOB_NAME || "job",
        sha: env.GIT_COMMIT || base.sha,
        branch: (env.BRANCH_NAME || env.GIT_BRANCH || base.branch).replace(/^origin\//, ""),
        ...pr ? { pullRequest: pr } : {},
        fromFork: !!pr && !!env.CHANGE_FORK,
        workspace: env.WORKSPACE || base.workspace,
        ...env.BUILD_URL ? { runUrl: env.BUILD_URL } : {}
      };
    }
    default:
      return base;
  }
}
function eventPayload(facts) {
  return {
    repository: { default_branch: facts.defaultBranch, full_name: facts.repository },
    ...facts.pullRequest !== void 0 ? { pull_request: { number: facts.pullRequest, head: { repo: { full_name: facts.fromFork ? `fork-of/${facts.repository}` : facts.repository } } } } : {}
  };
}
function actionEnv(base, facts, inputs, files) {
  const env = {};
  for (const [k, v] of Object.entries(base)) if (v !== void 0 && !k.startsWith("INPUT_")) env[k] = v;
  if (facts.ci !== "github") {
    Object.assign(env, {
      GITHUB_REPOSITORY: facts.repository,
      GITHUB_SERVER_URL: facts.serverUrl || "https://ci.invalid",
      GITHUB_RUN_ID: facts.runId,
      GITHUB_RUN_ATTEMPT: String(facts.runAttempt),
      GITHUB_JOB: facts.job,
      GITHUB_WORKFLOW: facts.workflow,
      GITHUB_SHA: facts.sha,
      GITHUB_REF: `refs/heads/${facts.branch}`,
      GITHUB_REF_NAME: facts.branch,
      GITHUB_EVENT_NAME: facts.pullRequest !== void 0 ? "pull_request" : "push",
      GITHUB_EVENT_PATH: files.eventPath,
      GITHUB_WORKSPACE: facts.workspace,
      RUNNER_TEMP: files.runnerTemp
    });
    if (facts.runUrl) env.FLAKEGUARD_RUN_URL = facts.runUrl;
  }
  env.GITHUB_OUTPUT = files.outputPath;
  env.GITHUB_STEP_SUMMARY = files.summaryPath;
  const all = { ...inputs };
  if (facts.ci !== "github") {
    all["check-run"] = "false";
    all["create-issues"] = "false";
  }
  for (const [name, value] of Object.entries(all)) env[`INPUT_${name.replace(/ /g, "_").toUpperCase()}`] = value;
  return env;
}
function outcomeOfExitCode(code) {
  if (!/^\d+$/.test(code)) throw new Error(`--test-exit-code must be a number, got '${code}'.`);
  return Number(code) === 0 ? "success" : "failure";
}

export {
  repoFromUrl,
  detectCi,
  ciFacts,
  eventPayload,
  actionEnv,
  outcomeOfExitCode
};
