/**
 * Which quarantined tests a pull request touches (docs/pr-comment.md): the files it changes, from the workspace's git
 * (`git diff --name-only <base>...<head>`, both commits from the event payload; no API call), against each quarantined
 * test's file as its history knows it (or the `codeowners-map` rule for its classname, as owners are found). A base
 * commit the clone lacks (a shallow checkout) is said, never an error.
 */
import { runGit } from '../store/git-process.ts';
import { ownersOfTest, parseClassMap } from '../owners/index.ts';
import type { History } from '../model.ts';

export type TouchedQuarantines = { tests: Array<{ id: string; path: string }> } | { skipped: string };

/** The repository paths a pull request changes, or why they could not be read. */
export async function changedFiles(workspace: string, shas: { base: string; head: string }): Promise<Set<string> | { skipped: string }> {
  for (const [what, sha] of [
    ['base', shas.base],
    ['head', shas.head],
  ] as const) {
    try {
      await runGit(workspace, ['cat-file', '-e', `${sha}^{commit}`], { timeoutMs: 30_000 });
    } catch {
      return { skipped: `the pull request's ${what} commit ${sha.slice(0, 12)} is not in the clone (a shallow checkout: \`fetch-depth: 0\` on actions/checkout brings it)` };
    }
  }
  try {
    const out = await runGit(workspace, ['diff', '--name-only', '-z', `${shas.base}...${shas.head}`], { timeoutMs: 60_000 });
    return new Set(out.split('\0').filter(Boolean));
  } catch (error) {
    return { skipped: `git could not compare the pull request's base and head (${error instanceof Error ? error.message.split('\n', 1)[0] : String(error)})` };
  }
}

/** The quarantined tests whose file is among `files`, in the order of `quarantined`. */
export function touchedBy(files: ReadonlySet<string>, quarantined: readonly string[], history: History, lookup: { workspace: string; codeownersMap: string }): Array<{ id: string; path: string }> {
  const classMap = lookup.codeownersMap ? parseClassMap(lookup.codeownersMap) : [];
  const out: Array<{ id: string; path: string }> = [];
  for (const id of quarantined) {
    const h = history.get(id);
    if (!h) continue;
    const path = ownersOfTest({ classname: h.classname, ...(h.file ? { file: h.file } : {}) }, { classMap, workspace: lookup.workspace }).path;
    if (path && files.has(path)) out.push({ id, path });
  }
  return out;
}

/** Both steps for a pull request's run. */
export async function touchedQuarantines(
  workspace: string,
  shas: { base: string; head: string },
  quarantined: readonly string[],
  history: History,
  codeownersMap: string,
): Promise<TouchedQuarantines> {
  const files = await changedFiles(workspace, shas);
  if (!(files instanceof Set)) return files;
  return { tests: touchedBy(files, quarantined, history, { workspace, codeownersMap }) };
}
