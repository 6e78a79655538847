/**
 * The CLI's adapter to the data branch: read it once (explain, and the plan of a hand edit), or change overrides and push it with the
 * step's own optimistic concurrency (src/store/sync.ts): a push refused because another writer moved the branch
 * fetches the new head and makes the same edit again on top of it, so no concurrent write is ever lost.
 */
import { isAbsolute, resolve } from 'node:path';
import { DataRepo, originUrl } from '../store/git.ts';
import { runGit } from '../store/git-process.ts';
import { parseLineObject } from '../store/layout.ts';
import { parseSnapshot, statsFileOf, type Snapshot } from '../store/snapshot.ts';
import { syncRun, type SyncStatus } from '../store/sync.ts';
import { CliError, planOverrides, type OverrideEdit } from './override.ts';
import { latestChange, onsetOf, type RangeAnswer } from '../onset/index.ts';
import type { TestHistory } from '../model.ts';

export interface DataOptions {
  /** The repository holding the data branch: a URL or a path; default: the current repository's `origin`. */
  remote?: string;
  branch: string;
  token?: string;
  cwd: string;
}

/** A URL git understands (`https://…`, `ssh://…`, `file://…`, or scp-like `git@host:path`), as opposed to a path. */
export function isRemoteUrl(remote: string): boolean {
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(remote) || /^[^/\s@]+@[^/\s:]+:/.test(remote);
}

export async function remoteOf(options: DataOptions): Promise<string> {
  if (options.remote) return isAbsolute(options.remote) || isRemoteUrl(options.remote) ? options.remote : resolve(options.cwd, options.remote);
  try {
    return await originUrl(options.cwd);
  } catch {
    throw new CliError(`No --remote given and ${options.cwd} is not a git repository with an 'origin' remote: say where the data branch is with --remote <url or path>.`);
  }
}

/** The 1-based line of a test in its stats file, when it has one. */
export function statsLineOf(files: ReadonlyMap<string, string>, snapshot: Snapshot, id: string): number | undefined {
  const path = statsFileOf(snapshot, id);
  const text = files.get(path);
  return text === undefined ? undefined : parseLineObject(path, text, 'tests').value?.lineOf(id);
}

/**
 * A hand edit is the person's: their git identity (user.name and user.email, as git would find them here) is the
 * commit's author; the committer stays the action's bot, as for every write to the data branch.
 */
async function authorFromGitConfig(cwd: string): Promise<void> {
  const get = async (key: string): Promise<string> => (await runGit(cwd, ['config', '--get', key]).catch(() => '')).trim();
  const [name, email] = [await get('user.name'), await get('user.email')];
  if (name && !process.env.GIT_AUTHOR_NAME) process.env.GIT_AUTHOR_NAME = name;
  if (email && !process.env.GIT_AUTHOR_EMAIL) process.env.GIT_AUTHOR_EMAIL = email;
}

export async function readDataBranch(options: DataOptions): Promise<{ snapshot: Snapshot; files: Map<string, string>; head: string; remote: string }> {
  const remote = await remoteOf(options);
  const repo = await DataRepo.open(remote, options.branch, options.token ?? '');
  try {
    let head: string | null;
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

/** The commits of a test's onset range from the git repository the command runs in (docs/onset.md), when it has a range. */
export async function onsetCommitsOf(test: TestHistory, cwd: string): Promise<RangeAnswer | undefined> {
  const change = latestChange(onsetOf(test.runs));
  if (change?.base === undefined || change.head === undefined) return undefined;
  const { folderOf, rangeCommits, workspaceCommits } = await import('../github/onset-commits.ts');
  return rangeCommits([workspaceCommits(cwd)], change.base, change.head, test.file ? folderOf(test.file) : '');
}

export interface OverrideResult {
  edits: OverrideEdit[];
  status: SyncStatus;
  remote: string;
}

/**
 * Sets the override of each test of `ids` (exact ids, as planned and confirmed) and pushes the change; on a newer
 * head the same edits are made again on top of it.
 */
export async function writeOverrides(
  options: DataOptions & { attempts: number; log: (message: string) => void },
  ids: readonly string[],
  value: unknown,
  commitMessage: string,
): Promise<OverrideResult> {
  const remote = await remoteOf(options);
  await authorFromGitConfig(options.cwd);
  const repo = await DataRepo.open(remote, options.branch, options.token ?? '');
  const tries: string[] = [];
  try {
    let edits: OverrideEdit[] = [];
    const sync = await syncRun(
      repo,
      (snapshot, files) => {
        if (files === null) throw new CliError(`Could not read '${options.branch}' from ${remote}: ${tries.at(-1) ?? 'unknown error'}`);
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
        },
      },
    );
    if (sync.status.kind === 'not-saved') throw new CliError(`The edit was NOT saved: ${sync.status.reason}`);
    return { edits, status: sync.status, remote };
  } finally {
    await repo.dispose();
  }
}
