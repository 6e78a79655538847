/**
 * `clusters.json` for a write (docs/clusters.md): the co-failure clusters of the history `applyRun` wrote, with the
 * ids of the file as read. Pure; added to the branch's files beside the dashboard's (src/store/sync.ts, `extraFiles`).
 * A branch that never had a cluster gets no file: it appears with the first cluster and then stays (its `next` keeps
 * ids from being used twice).
 */
import { clustersFileAfter } from '../clusters/from-history.ts';
import { CLUSTERS_FILE } from '../clusters/format.ts';
import type { ApplyResult } from './apply.ts';

export function clusterFiles(current: ReadonlyMap<string, string>, applied: Pick<ApplyResult, 'history' | 'runs'>, warn: (message: string) => void): Map<string, string> {
  const after = clustersFileAfter(current.get(CLUSTERS_FILE), applied.history, applied.runs);
  const before = current.get(CLUSTERS_FILE);
  if (before === undefined && after.update.clusters.clusters.length === 0) return new Map();
  if (after.problem !== undefined) warn(`${CLUSTERS_FILE} on the data branch: ${after.problem}; its clusters are found again (it decides nothing).`);
  return new Map([[CLUSTERS_FILE, after.text]]);
}
