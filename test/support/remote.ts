/** A bare git remote for the store's tests, and commits written to it with git's plumbing. */
import { DataRepo } from '../../src/store/git.ts';
import { runGit } from '../../src/store/git-process.ts';

/**
 * Writes `files` as one commit on `ref` of `remote` (a branch, or a parked run under the inbox), from a scratch
 * repository under `root`. Plumbing, not DataRepo.commitFiles: a parcel's file is not a path flakeguard writes on
 * the data branch.
 */
export async function commitToRemote(remote: string, root: string, ref: string, files: Record<string, string>): Promise<string> {
  const repo = await DataRepo.open(remote, 'scratch', '', root);
  try {
    const lines: string[] = [];
    for (const [path, text] of Object.entries(files)) lines.push(`100644 blob ${(await runGit(repo.dir, ['hash-object', '-w', '--stdin'], { input: text })).trim()}\t${path}\n`);
    const tree = (await runGit(repo.dir, ['mktree'], { input: lines.join('') })).trim();
    const sha = (await repo.git(['-c', 'user.name=t', '-c', 'user.email=t@t', 'commit-tree', tree, '-m', 'test'])).trim();
    await repo.git(['push', '-q', '--force', remote, `${sha}:${ref}`]);
    return sha;
  } finally {
    await repo.dispose();
  }
}
