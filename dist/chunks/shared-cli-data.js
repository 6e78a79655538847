const require = process.getBuiltinModule('node:module').createRequire(import.meta.url);
const { isAbsolute, resolve } = require("node:path");
import {
  latestChange,
  onsetOf
} from "./shared-onset-changepoint.js";
import {
  syncRun
} from "./shared-store-sync.js";
import {
  DataRepo,
  originUrl
} from "./shared-store-git.js";
import {
  runGit
} from "./shared-store-git-process.js";
import {
  CliError,
  planOverrides
} from "./shared-cli-override.js";
import {
  parseSnapshot,
  statsFileOf
} from "./shared-store-snapshot.js";
import {
  parseLineObject
} from "./shared-store-layout.js";

// src/cli/data.ts
function isRemoteUrl(remote) {
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(remote) || /^[^/\s@]+@[^/\s:]+:/.test(remote);
}
async function remoteOf(options) {
  if (options.remote) return isAbsolute(options.remote) || isRemoteUrl(options.remote) ? options.remote : resolve(options.cwd, options.remote);
  try {
    return await originUrl(options.cwd);
  } catch {
    throw new CliError(`No --remote given and ${options.cwd} is not a git repository with an 'origin' remote: say where the data branch is with --remote <url or path>.`);
  }
}
function statsLineOf(files, snapshot, id) {
  const path = statsFileOf(snapshot, id);
  const text = files.get(path);
  return text === void 0 ? void 0 : parseLineObject(path, text, "tests").value?.lineOf(id);
}
async function authorFromGitConfig(cwd) {
  const get = async (key) => (await runGit(cwd, ["config", "--get", key]).catch(() => "")).trim();
  const [name, email] = [await get("user.name"), await get("user.email")];
  if (name && !process.env.GIT_AUTHOR_NAME) process.env.GIT_AUTHOR_NAME = name;
  if (email && !process.env.GIT_AUTHOR_EMAIL) process.env.GIT_AUTHOR_EMAIL = email;
}
async function readDataBranch(options) {
  const remote = await remoteOf(options);
  const repo = await DataRepo.open(remote, options.branch, options.token ?? "");
  try {
    let head;
    try {
      head = await repo.fetchAndReset();
    } catch (error) {
      throw new CliError(`Could not fetch '${options.branch}' from ${remote}: ${error instanceof Error ? error.message : String(error)}`);
    }
    if (head === null) throw new CliError(`${remote} has no branch '${options.branch}' yet: flakeguard creates it on its first run.`);
    const files = await repo.readFiles();
    return { snapshot: parseSnapshot(files, await repo.blockedPaths()), files, head, remote };
  } finally {
    await repo.dispose();
  }
}
async function onsetCommitsOf(test, cwd) {
  const change = latestChange(onsetOf(test.runs));
  if (change?.base === void 0 || change.head === void 0) return void 0;
  const { folderOf, rangeCommits, workspaceCommits } = await import("./github-onset-commits.js");
  return rangeCommits([workspaceCommits(cwd)], change.base, change.head, test.file ? folderOf(test.file) : "");
}
async function writeOverrides(options, ids, value, commitMessage) {
  const remote = await remoteOf(options);
  await authorFromGitConfig(options.cwd);
  const repo = await DataRepo.open(remote, options.branch, options.token ?? "");
  const tries = [];
  try {
    let edits = [];
    const sync = await syncRun(
      repo,
      (snapshot, files) => {
        if (files === null) throw new CliError(`Could not read '${options.branch}' from ${remote}: ${tries.at(-1) ?? "unknown error"}`);
        if (files.size === 0) throw new CliError(`${remote} has no branch '${options.branch}' yet: flakeguard creates it on its first run.`);
        edits = planOverrides(files, snapshot, ids, value);
        return { files: edits.at(-1)?.files ?? new Map(files) };
      },
      {
        attempts: options.attempts,
        readOnly: false,
        commitMessage,
        log: (message) => {
          tries.push(message);
          options.log(message);
        }
      }
    );
    if (sync.status.kind === "not-saved") throw new CliError(`The edit was NOT saved: ${sync.status.reason}`);
    return { edits, status: sync.status, remote };
  } finally {
    await repo.dispose();
  }
}

export {
  isRemoteUrl,
  remoteOf,
  statsLineOf,
  readDataBranch,
  onsetCommitsOf,
  writeOverrides
};
