/**
 * A proposal as git holds it (ADR 0511): the data branch's head fetched into the repository `flakeguard mcp` runs in,
 * the edited files written on top of it as one commit (with git's plumbing and a private index: the work tree,
 * the index and HEAD of the person's checkout are not touched), and a NEW branch made for it; the branch is never
 * moved if it exists (the next free name is taken). Pushed only when asked, and only as that new branch: the push
 * names the proposal's ref on both sides, never the data branch, and is never forced.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runGit } from '../store/git-process.ts';

export interface ProposalGit {
  /** The repository the command runs in (a work tree or a bare repository). */
  cwd: string;
  /** Where the data branch is read from (a URL or a path), as the read used it. */
  remote: string;
  dataBranch: string;
  /** Extra environment for git (the token's auth header for an https remote). */
  env?: Record<string, string>;
}

async function identity(cwd: string): Promise<Record<string, string>> {
  const get = async (key: string): Promise<string> => (await runGit(cwd, ['config', '--get', key]).catch(() => '')).trim();
  const name = process.env.GIT_AUTHOR_NAME || (await get('user.name')) || 'flakeguard mcp';
  const email = process.env.GIT_AUTHOR_EMAIL || (await get('user.email')) || 'flakeguard-mcp@users.noreply.github.com';
  return {
    GIT_AUTHOR_NAME: name,
    GIT_AUTHOR_EMAIL: email,
    GIT_COMMITTER_NAME: process.env.GIT_COMMITTER_NAME || name,
    GIT_COMMITTER_EMAIL: process.env.GIT_COMMITTER_EMAIL || email,
  };
}

export async function commitProposal(
  where: ProposalGit,
  head: string,
  branch: string,
  changed: ReadonlyMap<string, string>,
  message: string,
  push: boolean,
): Promise<{ branch: string; commit: string; pushed: boolean; repository: string }> {
  if (branch === where.dataBranch || !branch.startsWith('flakeguard/propose-')) throw new Error(`refusing to write '${branch}': a proposal goes on a new flakeguard/propose-… branch.`);
  let repository: string;
  try {
    repository = (await runGit(where.cwd, ['rev-parse', '--absolute-git-dir'])).trim();
  } catch {
    throw new Error(`${where.cwd} is not a git repository: run flakeguard mcp in a clone of the repository (the proposal is a branch of it).`);
  }
  const env = where.env ?? {};
  const has = (sha: string): Promise<boolean> =>
    runGit(where.cwd, ['cat-file', '-e', `${sha}^{commit}`]).then(
      () => true,
      () => false,
    );
  // The objects of the head that was read; only FETCH_HEAD is written by this fetch.
  if (!(await has(head))) await runGit(where.cwd, ['fetch', '--quiet', '--no-tags', '--no-write-fetch-head', where.remote, `refs/heads/${where.dataBranch}`], { env });
  if (!(await has(head))) throw new Error(`the data branch moved while the proposal was made (${head.slice(0, 12)} is no longer its head): ask again.`);
  const temp = await mkdtemp(join(tmpdir(), 'flakeguard-mcp-index-'));
  try {
    const indexEnv = { ...env, GIT_INDEX_FILE: join(temp, 'index') };
    await runGit(where.cwd, ['read-tree', head], { env: indexEnv });
    for (const [path, text] of changed) {
      const blob = (await runGit(where.cwd, ['hash-object', '-w', '--stdin'], { input: text })).trim();
      await runGit(where.cwd, ['update-index', '--add', '--cacheinfo', `100644,${blob},${path}`], { env: indexEnv });
    }
    const tree = (await runGit(where.cwd, ['write-tree'], { env: indexEnv })).trim();
    const commit = (await runGit(where.cwd, ['commit-tree', tree, '-p', head, '-F', '-'], { env: { ...env, ...(await identity(where.cwd)) }, input: message })).trim();
    // A new branch: update-ref with an empty old value fails if the ref exists; the next name is tried.
    let name = branch;
    for (let n = 2; ; n++) {
      try {
        await runGit(where.cwd, ['update-ref', '-m', 'flakeguard mcp: proposal', `refs/heads/${name}`, commit, '']);
        break;
      } catch (error) {
        if (n > 50) throw error;
        name = `${branch}-${n}`;
      }
    }
    if (push) await runGit(where.cwd, ['push', '--quiet', '--porcelain', where.remote, `refs/heads/${name}:refs/heads/${name}`], { env });
    return { branch: name, commit, pushed: push, repository };
  } finally {
    await rm(temp, { recursive: true, force: true });
  }
}
