import {
  runGit
} from "./shared-store-git-process.js";
import {
  requestOptions
} from "./shared-github-client.js";

// src/github/onset-commits.ts
var MAX_COMMITS = 100;
var MAX_API_COMMITS = 10;
var MAX_FILES = 20;
var SHA = /^[0-9a-f]{7,64}$/i;
var firstLine = (message) => message.split("\n", 1)[0] ?? "";
var under = (folder) => (path) => folder === "" || path.startsWith(folder);
function folderOf(path) {
  const i = path.lastIndexOf("/");
  return i < 0 ? "" : path.slice(0, i + 1);
}
function workspaceCommits(workspace) {
  return {
    async range(base, head, folder) {
      if (!SHA.test(base) || !SHA.test(head)) return { skipped: "the runs of the range have no commit ids" };
      for (const [what, sha] of [
        ["first", base],
        ["last", head]
      ]) {
        try {
          await runGit(workspace, ["cat-file", "-e", `${sha}^{commit}`], { timeoutMs: 3e4 });
        } catch {
          return { skipped: `the range's ${what} commit ${sha.slice(0, 12)} is not in the workspace's clone (a shallow checkout: \`fetch-depth: 0\` on actions/checkout brings it)` };
        }
      }
      try {
        const log = await runGit(workspace, ["log", "-z", "--no-merges", `--max-count=${MAX_COMMITS + 1}`, "--format=%H%x1f%s", `${base}..${head}`], { timeoutMs: 6e4 });
        const all = log.split("\0").filter(Boolean).map((line) => {
          const [sha = "", subject = ""] = line.split("");
          return { sha: sha.trim(), subject };
        });
        const commits = all.slice(0, MAX_COMMITS);
        const touching = [];
        const pathArgs = folder === "" ? [] : ["--", folder];
        const touched = await runGit(workspace, ["log", "-z", "--no-merges", `--max-count=${MAX_COMMITS}`, "--format=%x1e%H", "--name-only", `${base}..${head}`, ...pathArgs], { timeoutMs: 6e4 });
        const subjects = new Map(commits.map((c) => [c.sha, c.subject]));
        for (const block of touched.split("").filter(Boolean)) {
          const [sha = "", ...rest] = block.split(/[\n\0]/).filter(Boolean);
          if (!subjects.has(sha.trim())) continue;
          touching.push({ sha: sha.trim(), subject: subjects.get(sha.trim()), files: rest.filter(under(folder)).slice(0, MAX_FILES) });
        }
        return { commits, more: all.length > MAX_COMMITS, folder, touching, via: "git" };
      } catch (error) {
        return { skipped: `git could not list the range's commits (${error instanceof Error ? error.message.split("\n", 1)[0] : String(error)})` };
      }
    }
  };
}
function apiCommits(octokit, owner, repo) {
  return {
    async range(base, head, folder) {
      if (!SHA.test(base) || !SHA.test(head)) return { skipped: "the runs of the range have no commit ids" };
      try {
        const { data } = await octokit.request("GET /repos/{owner}/{repo}/compare/{basehead}", { owner, repo, basehead: `${base}...${head}`, per_page: MAX_COMMITS, ...requestOptions() });
        const listed = data.commits.filter((c) => (c.parents?.length ?? 1) <= 1);
        const commits = listed.slice(-MAX_COMMITS).reverse().map((c) => ({ sha: c.sha, subject: firstLine(c.commit.message) }));
        const more = (data.total_commits ?? listed.length) > MAX_COMMITS;
        const changed = (data.files ?? []).map((f) => f.filename).filter(under(folder)).slice(0, MAX_FILES);
        if (changed.length === 0) return { commits, more, folder, touching: [], via: "api" };
        if (more || commits.length > MAX_API_COMMITS) return { commits, more, folder, changed, via: "api" };
        const touching = [];
        for (const c of commits) {
          const one = await octokit.request("GET /repos/{owner}/{repo}/commits/{ref}", { owner, repo, ref: c.sha, ...requestOptions() });
          const files = (one.data.files ?? []).map((f) => f.filename).filter(under(folder));
          if (files.length > 0) touching.push({ ...c, files: files.slice(0, MAX_FILES) });
        }
        return { commits, more, folder, touching, via: "api" };
      } catch (error) {
        const status = error.status;
        return { skipped: `the API's compare endpoint did not answer${typeof status === "number" ? ` (${status})` : ""}` };
      }
    }
  };
}
async function rangeCommits(sources, base, head, folder) {
  const reasons = [];
  for (const source of sources) {
    const answer = await source.range(base, head, folder);
    if (!("skipped" in answer)) return answer;
    reasons.push(answer.skipped);
  }
  return { skipped: reasons.join("; ") || "no source of commits" };
}

export {
  MAX_COMMITS,
  MAX_API_COMMITS,
  folderOf,
  workspaceCommits,
  apiCommits,
  rangeCommits
};
