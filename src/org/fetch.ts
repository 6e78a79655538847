/**
 * Reading one repository's data branch for the org build: a private bare repository, the branch's tip fetched alone
 * (`--depth=1`, as the step fetches: src/store/git.ts), and only the files the org build reads (the metadata, the runs,
 * the history and stats shards, decisions.json and the dashboard's copy of CODEOWNERS: never the page or the README).
 * A repository that cannot be read is a RepoUnavailable naming why; a branch the step would refuse (damaged) is one
 * too, with the step's own sentence (src/store/snapshot.ts damageReason).
 */
import { DataRepo } from '../store/git.ts';
import { damageReason, parseSnapshot, type Snapshot } from '../store/snapshot.ts';
import { isHistoryShardPath, isStatsShardPath, CLASS_MAP_FILE, OWNERS_FILE } from '../store/owned.ts';
import { META_FILE, RUNS_FILE } from '../store/layout.ts';
import { DECISIONS_FILE } from '../store/decisions.ts';

/** A repository left out of the org's tables and totals, and why. */
export class RepoUnavailable extends Error {}

export interface ReadRepo {
  files: Map<string, string>;
  snapshot: Snapshot;
  head: string;
}

const NEEDED = new Set([META_FILE, RUNS_FILE, DECISIONS_FILE, OWNERS_FILE, CLASS_MAP_FILE]);

/** The paths of the data branch the org build reads. */
export function neededPath(path: string): boolean {
  return NEEDED.has(path) || isHistoryShardPath(path) || isStatsShardPath(path);
}

/** A source as it may be printed: the user and password of a URL (`https://x:token@host/…`) hidden. */
export function printableSource(source: string): string {
  return source.replace(/^([a-z][a-z0-9+.-]*:\/\/)[^/@\s]*@/i, '$1***@');
}

export async function readRepo(source: string, branch: string, token: string, tempRoot?: string): Promise<ReadRepo> {
  let repo: DataRepo;
  try {
    repo = await DataRepo.open(source, branch, token, tempRoot);
  } catch (error) {
    throw new RepoUnavailable(`could not open a private repository to fetch into: ${error instanceof Error ? error.message : String(error)}`);
  }
  try {
    let head: string | null;
    try {
      head = await repo.fetchAndReset();
    } catch (error) {
      throw new RepoUnavailable(`could not be fetched: ${hideSource(error instanceof Error ? error.message : String(error), source)}`);
    }
    if (head === null) throw new RepoUnavailable(`has no branch '${branch}': flakeguard creates it on its first run there.`);
    const files = await repo.readFiles(neededPath);
    const snapshot = parseSnapshot(files, await repo.blockedPaths());
    const damaged = damageReason(snapshot);
    if (damaged) throw new RepoUnavailable(damaged.replace(/ Nothing was written to it.*$/, ' It is left out until the file is fixed (docs/data-branch.md, "A broken file").'));
    return { files, snapshot, head };
  } finally {
    await repo.dispose();
  }
}

function hideSource(message: string, source: string): string {
  const shown = printableSource(source);
  return shown === source ? message : message.split(source).join(shown);
}
