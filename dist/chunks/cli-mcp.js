const require = process.getBuiltinModule('node:module').createRequire(import.meta.url);
const { readFile } = require("node:fs/promises");
const { join } = require("node:path");
import {
  explainTest
} from "./shared-cli-explain.js";
import {
  readDataBranch,
  statsLineOf,
  writeOverrides
} from "./shared-cli-data.js";
import "./shared-report-onset.js";
import "./shared-onset-changepoint.js";
import "./shared-store-sync.js";
import "./shared-report-scores.js";
import {
  authEnv
} from "./shared-store-git.js";
import "./shared-store-git-process.js";
import "./shared-store-inbox-refs.js";
import "./shared-diagnose-rule.js";
import "./shared-diagnose-format.js";
import {
  registerSecret
} from "./shared-text-escape.js";
import {
  overrideValue,
  planOverrides,
  resolveTest,
  selectTests
} from "./shared-cli-override.js";
import "./shared-text-edit-distance.js";
import "./shared-store-snapshot.js";
import "./shared-history-stored.js";
import "./shared-history-merge.js";
import "./shared-history-records.js";
import "./shared-store-read-bounds.js";
import "./shared-store-decisions.js";
import "./shared-store-layout.js";
import "./shared-history-cell.js";
import "./shared-cost-index.js";
import "./shared-model.js";
import "./shared-store-cleanup.js";
import "./shared-runtime.js";

// src/cli/mcp.ts
async function workspaceCodeowners(cwd) {
  const { CODEOWNERS_LOCATIONS, CODEOWNERS_MAX_BYTES } = await import("./owners-index.js");
  for (const location of CODEOWNERS_LOCATIONS) {
    const text = await readFile(join(cwd, location), "utf8").catch(() => void 0);
    if (text !== void 0) return text.length < CODEOWNERS_MAX_BYTES ? text : void 0;
  }
  return void 0;
}
async function mcpCommand(options) {
  if (options.token) registerSecret(options.token);
  const { serveStdio } = await import("./mcp-server.js");
  const { branchOwnerTexts, ownerLookup } = await import("./mcp-core.js");
  const { commitProposal } = await import("./mcp-propose-git.js");
  const log = (message) => void process.stderr.write(`flakeguard mcp: ${message}
`);
  const deps = {
    version: options.version,
    dataBranch: options.branch,
    allowWrites: options.allowWrites,
    now: () => Date.now(),
    read: () => readDataBranch(options),
    owners: async (read) => {
      const onBranch = branchOwnerTexts(read.files);
      return ownerLookup(onBranch.codeowners ?? await workspaceCodeowners(options.cwd), onBranch.classMap);
    },
    commits: async (snapshot, id) => {
      const { latestChange, onsetOf } = await import("./onset-index.js");
      const history = snapshot.history.get(id);
      const change = history ? latestChange(onsetOf(history.runs)) : void 0;
      if (!history || change?.base === void 0 || change.head === void 0) return void 0;
      const { folderOf, rangeCommits, workspaceCommits } = await import("./github-onset-commits.js");
      return rangeCommits([workspaceCommits(options.cwd)], change.base, change.head, history.file ? folderOf(history.file) : "");
    },
    explainText: (read, id, runs, commits) => explainTest(read.snapshot, id, { dataBranch: options.branch, now: Date.now(), runs, line: (t) => statsLineOf(read.files, read.snapshot, t), ...commits ? { commits } : {} }),
    statsLine: (read, id) => read.snapshot.overrides.get(id)?.line ?? statsLineOf(read.files, read.snapshot, id),
    resolve: resolveTest,
    select: (snapshot, id) => selectTests(snapshot, { id })[0],
    overrideValue,
    planEdit: (read, id, value) => planOverrides(read.files, read.snapshot, [id], value)[0],
    commitProposal: (read, branch, changed, message, push) => commitProposal({ cwd: options.cwd, remote: read.remote, dataBranch: options.branch, env: authEnv(read.remote, options.token ?? "") }, read.head, branch, changed, message, push),
    writeDataBranch: async (id, value, message) => {
      const { status } = await writeOverrides({ ...options, attempts: 8, log }, [id], value, message);
      return { status: status.kind, ...status.kind === "pushed" ? { commit: status.commit } : {} };
    }
  };
  log(
    `serving the data branch '${options.branch}' over stdio${options.allowWrites ? " (--allow-writes: proposals may be pushed, the data branch written)" : " (read-only: proposals stay local branches)"}.`
  );
  await serveStdio(deps);
  return 0;
}
export {
  mcpCommand
};
