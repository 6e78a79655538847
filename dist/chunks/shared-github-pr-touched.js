import {
  ownersOfTest
} from "./shared-owners-index.js";
import {
  runGit
} from "./shared-store-git-process.js";
import {
  parseClassMap
} from "./shared-owners-classmap.js";

// src/github/pr-touched.ts
async function changedFiles(workspace, shas) {
  for (const [what, sha] of [
    ["base", shas.base],
    ["head", shas.head]
  ]) {
    try {
      await runGit(workspace, ["cat-file", "-e", `${sha}^{commit}`], { timeoutMs: 3e4 });
    } catch {
      return { skipped: `the pull request's ${what} commit ${sha.slice(0, 12)} is not in the clone (a shallow checkout: \`fetch-depth: 0\` on actions/checkout brings it)` };
    }
  }
  try {
    const out = await runGit(workspace, ["diff", "--name-only", "-z", `${shas.base}...${shas.head}`], { timeoutMs: 6e4 });
    return new Set(out.split("\0").filter(Boolean));
  } catch (error) {
    return { skipped: `git could not compare the pull request's base and head (${error instanceof Error ? error.message.split("\n", 1)[0] : String(error)})` };
  }
}
function touchedBy(files, quarantined, history, lookup) {
  const classMap = lookup.codeownersMap ? parseClassMap(lookup.codeownersMap) : [];
  const out = [];
  for (const id of quarantined) {
    const h = history.get(id);
    if (!h) continue;
    const path = ownersOfTest({ classname: h.classname, ...h.file ? { file: h.file } : {} }, { classMap, workspace: lookup.workspace }).path;
    if (path && files.has(path)) out.push({ id, path });
  }
  return out;
}
async function touchedQuarantines(workspace, shas, quarantined, history, codeownersMap) {
  const files = await changedFiles(workspace, shas);
  if (!(files instanceof Set)) return files;
  return { tests: touchedBy(files, quarantined, history, { workspace, codeownersMap }) };
}

export {
  changedFiles,
  touchedBy,
  touchedQuarantines
};
