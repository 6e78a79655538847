/**
 * The commits of an onset's range (`base..head`, src/onset/) and which of them touched the test's folder
 * (docs/onset.md, "Which commits"; docs/adr/0492-onset-commits-from-git-then-the-api.md). Two sources behind one
 * interface: the workspace's git history (as actions/checkout leaves it: a shallow clone lacks the base, and says so)
 * and, when it cannot tell, the API's compare endpoint (GET /repos/{owner}/{repo}/compare/{base}...{head}) with the
 * commit endpoint for each commit of a short range. Every answer is bounded; a failure is a reason, never an error.
 */
import { runGit } from '../store/git-process.ts';
import { requestOptions, type Octokit } from './client.ts';
import type { RangeAnswer, RangeCommit } from '../onset/index.ts';

export type { RangeAnswer, RangeCommit, RangeCommits } from '../onset/index.ts';

export interface CommitSource {
  range(base: string, head: string, folder: string): Promise<RangeAnswer>;
}

export const MAX_COMMITS = 100;
/** Commits looked up one by one through the API for a range (a longer range gives only the folder's changed files). */
export const MAX_API_COMMITS = 10;
const MAX_FILES = 20;
const SHA = /^[0-9a-f]{7,64}$/i;

const firstLine = (message: string): string => message.split('\n', 1)[0] ?? '';
const under = (folder: string) => (path: string) => folder === '' || path.startsWith(folder);

/** The folder of a test's file: `tests/cart/cart.test.ts` → `tests/cart/`; a file at the root → '' (the whole tree). */
export function folderOf(path: string): string {
  const i = path.lastIndexOf('/');
  return i < 0 ? '' : path.slice(0, i + 1);
}

/** The workspace's git history (a checkout). */
export function workspaceCommits(workspace: string): CommitSource {
  return {
    async range(base, head, folder) {
      if (!SHA.test(base) || !SHA.test(head)) return { skipped: 'the runs of the range have no commit ids' };
      for (const [what, sha] of [
        ['first', base],
        ['last', head],
      ] as const) {
        try {
          await runGit(workspace, ['cat-file', '-e', `${sha}^{commit}`], { timeoutMs: 30_000 });
        } catch {
          return { skipped: `the range's ${what} commit ${sha.slice(0, 12)} is not in the workspace's clone (a shallow checkout: \`fetch-depth: 0\` on actions/checkout brings it)` };
        }
      }
      try {
        const log = await runGit(workspace, ['log', '-z', '--no-merges', `--max-count=${MAX_COMMITS + 1}`, '--format=%H%x1f%s', `${base}..${head}`], { timeoutMs: 60_000 });
        const all = log
          .split('\0')
          .filter(Boolean)
          .map((line) => {
            const [sha = '', subject = ''] = line.split('\x1f');
            return { sha: sha.trim(), subject };
          });
        const commits = all.slice(0, MAX_COMMITS);
        const touching: Array<RangeCommit & { files: string[] }> = [];
        const pathArgs = folder === '' ? [] : ['--', folder];
        const touched = await runGit(workspace, ['log', '-z', '--no-merges', `--max-count=${MAX_COMMITS}`, '--format=%x1e%H', '--name-only', `${base}..${head}`, ...pathArgs], { timeoutMs: 60_000 });
        const subjects = new Map(commits.map((c) => [c.sha, c.subject]));
        for (const block of touched.split('\x1e').filter(Boolean)) {
          const [sha = '', ...rest] = block.split(/[\n\0]/).filter(Boolean);
          if (!subjects.has(sha.trim())) continue;
          touching.push({ sha: sha.trim(), subject: subjects.get(sha.trim())!, files: rest.filter(under(folder)).slice(0, MAX_FILES) });
        }
        return { commits, more: all.length > MAX_COMMITS, folder, touching, via: 'git' };
      } catch (error) {
        return { skipped: `git could not list the range's commits (${error instanceof Error ? error.message.split('\n', 1)[0] : String(error)})` };
      }
    },
  };
}

interface CompareCommit {
  sha: string;
  commit: { message: string };
  parents?: unknown[];
}

/** The API: the compare endpoint, then each commit of a short range. */
export function apiCommits(octokit: Octokit, owner: string, repo: string): CommitSource {
  return {
    async range(base, head, folder) {
      if (!SHA.test(base) || !SHA.test(head)) return { skipped: 'the runs of the range have no commit ids' };
      try {
        const { data } = await octokit.request('GET /repos/{owner}/{repo}/compare/{basehead}', { owner, repo, basehead: `${base}...${head}`, per_page: MAX_COMMITS, ...requestOptions() });
        const listed = (data.commits as CompareCommit[]).filter((c) => (c.parents?.length ?? 1) <= 1);
        const commits = listed
          .slice(-MAX_COMMITS)
          .reverse()
          .map((c) => ({ sha: c.sha, subject: firstLine(c.commit.message) }));
        const more = (data.total_commits ?? listed.length) > MAX_COMMITS;
        const changed = (data.files ?? [])
          .map((f) => f.filename)
          .filter(under(folder))
          .slice(0, MAX_FILES);
        if (changed.length === 0) return { commits, more, folder, touching: [], via: 'api' };
        if (more || commits.length > MAX_API_COMMITS) return { commits, more, folder, changed, via: 'api' };
        const touching: Array<RangeCommit & { files: string[] }> = [];
        for (const c of commits) {
          const one = await octokit.request('GET /repos/{owner}/{repo}/commits/{ref}', { owner, repo, ref: c.sha, ...requestOptions() });
          const files = (one.data.files ?? []).map((f) => f.filename).filter(under(folder));
          if (files.length > 0) touching.push({ ...c, files: files.slice(0, MAX_FILES) });
        }
        return { commits, more, folder, touching, via: 'api' };
      } catch (error) {
        const status = (error as { status?: unknown }).status;
        return { skipped: `the API's compare endpoint did not answer${typeof status === 'number' ? ` (${status})` : ''}` };
      }
    },
  };
}

/** The first source that can tell; the reasons of those that could not, when none can. */
export async function rangeCommits(sources: readonly CommitSource[], base: string, head: string, folder: string): Promise<RangeAnswer> {
  const reasons: string[] = [];
  for (const source of sources) {
    const answer = await source.range(base, head, folder);
    if (!('skipped' in answer)) return answer;
    reasons.push(answer.skipped);
  }
  return { skipped: reasons.join('; ') || 'no source of commits' };
}
