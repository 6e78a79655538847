const require = process.getBuiltinModule('node:module').createRequire(import.meta.url);
const { mkdtemp, rm } = require("node:fs/promises");
const { tmpdir } = require("node:os");
const { join } = require("node:path");
import {
  runGit
} from "./shared-store-git-process.js";
import "./shared-runtime.js";

// src/mcp/propose-git.ts
async function identity(cwd) {
  const get = async (key) => (await runGit(cwd, ["config", "--get", key]).catch(() => "")).trim();
  const name = process.env.GIT_AUTHOR_NAME || await get("user.name") || "flakeguard mcp";
  const email = process.env.GIT_AUTHOR_EMAIL || await get("user.email") || "flakeguard-mcp@users.noreply.github.com";
  return {
    GIT_AUTHOR_NAME: name,
    GIT_AUTHOR_EMAIL: email,
    GIT_COMMITTER_NAME: process.env.GIT_COMMITTER_NAME || name,
    GIT_COMMITTER_EMAIL: process.env.GIT_COMMITTER_EMAIL || email
  };
}
async function commitProposal(where, head, branch, changed, message, push) {
  if (branch === where.dataBranch || !branch.startsWith("flakeguard/propose-")) throw new Error(`refusing to write '${branch}': a proposal goes on a new flakeguard/propose-\u2026 branch.`);
  let repository;
  try {
    repository = (await runGit(where.cwd, ["rev-parse", "--absolute-git-dir"])).trim();
  } catch {
    throw new Error(`${where.cwd} is not a git repository: run flakeguard mcp in a clone of the repository (the proposal is a branch of it).`);
  }
  const env = where.env ?? {};
  const has = (sha) => runGit(where.cwd, ["cat-file", "-e", `${sha}^{commit}`]).then(
    () => true,
    () => false
  );
  if (!await has(head)) await runGit(where.cwd, ["fetch", "--quiet", "--no-tags", "--no-write-fetch-head", where.remote, `refs/heads/${where.dataBranch}`], { env });
  if (!await has(head)) throw new Error(`the data branch moved while the proposal was made (${head.slice(0, 12)} is no longer its head): ask again.`);
  const temp = await mkdtemp(join(tmpdir(), "flakeguard-mcp-index-"));
  try {
    const indexEnv = { ...env, GIT_INDEX_FILE: join(temp, "index") };
    await runGit(where.cwd, ["read-tree", head], { env: indexEnv });
    for (const [path, text] of changed) {
      const blob = (await runGit(where.cwd, ["hash-object", "-w", "--stdin"], { input: text })).trim();
      await runGit(where.cwd, ["update-index", "--add", "--cacheinfo", `100644,${blob},${path}`], { env: indexEnv });
    }
    const tree = (await runGit(where.cwd, ["write-tree"], { env: indexEnv })).trim();
    const commit = (await runGit(where.cwd, ["commit-tree", tree, "-p", head, "-F", "-"], { env: { ...env, ...await identity(where.cwd) }, input: message })).trim();
    let name = branch;
    for (let n = 2; ; n++) {
      try {
        await runGit(where.cwd, ["update-ref", "-m", "flakeguard mcp: proposal", `refs/heads/${name}`, commit, ""]);
        break;
      } catch (error) {
        if (n > 50) throw error;
        name = `${branch}-${n}`;
      }
    }
    if (push) await runGit(where.cwd, ["push", "--quiet", "--porcelain", where.remote, `refs/heads/${name}:refs/heads/${name}`], { env });
    return { branch: name, commit, pushed: push, repository };
  } finally {
    await rm(temp, { recursive: true, force: true });
  }
}
export {
  commitProposal
};
