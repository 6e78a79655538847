/**
 * `clusters.json` on the data branch (docs/data-branch.md, "clusters.json"; ADR 0488): the co-failure clusters after
 * the newest write, with their ids, for the summary, the issues, the dashboard and `flakeguard why`. Pure.
 *
 * ```json
 * {"schema": 4, "next": 8, "clusters": {
 * "7": {"since": 1482, "last": 1500, "together": 5, "sig": "connect ECONNRESET #.#.#.#:#", "members": ["a::x", "b::y"]}
 * }}
 * ```
 *
 * The file decides nothing: a damaged or missing one starts the clusters afresh (ids from the highest id it still
 * shows, plus one, when any can be read), with a warning from the caller.
 */
import { CLUSTERS_FILE } from '../store/owned.ts';
import { NO_CLUSTERS, type StoredCluster, type StoredClusters } from './cluster.ts';

export { CLUSTERS_FILE };
/** Characters of a signature kept: enough to recognise a message; the history keeps the whole one. */
export const SIGNATURE_CHARS = 200;

export function renderClusters(clusters: StoredClusters): string {
  const lines = clusters.clusters.map((c) => {
    const line = { since: c.since, last: c.last, together: c.together, ...(c.signature !== undefined ? { sig: c.signature.slice(0, SIGNATURE_CHARS) } : {}), members: c.members };
    return `${JSON.stringify(String(c.id))}: ${JSON.stringify(line)}`;
  });
  return `{"schema": 4, "next": ${clusters.next}, "clusters": {${lines.length ? `\n${lines.join(',\n')}\n` : ''}}}\n`;
}

const isCount = (x: unknown): x is number => typeof x === 'number' && Number.isSafeInteger(x) && x >= 0;

/** The clusters of a `clusters.json` text; `problem` says why the text could not be read (then the clusters are those that could). */
export function parseClusters(text: string | undefined): { clusters: StoredClusters; problem?: string } {
  if (text === undefined) return { clusters: NO_CLUSTERS };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    return { clusters: NO_CLUSTERS, problem: `not valid JSON: ${error instanceof Error ? error.message : String(error)}` };
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return { clusters: NO_CLUSTERS, problem: 'expected a JSON object' };
  const record = parsed as Record<string, unknown>;
  const body = record.clusters;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return { clusters: NO_CLUSTERS, problem: 'expected a "clusters" object' };
  const clusters: StoredCluster[] = [];
  let bad = 0;
  const seen = new Set<string>();
  for (const [key, value] of Object.entries(body as Record<string, unknown>)) {
    const id = Number(key);
    const v = value as Record<string, unknown> | null;
    if (
      !/^[1-9]\d{0,8}$/.test(key) ||
      typeof v !== 'object' ||
      v === null ||
      !isCount(v.since) ||
      !isCount(v.last) ||
      !isCount(v.together) ||
      !Array.isArray(v.members) ||
      !v.members.every((m) => typeof m === 'string') ||
      (v.sig !== undefined && typeof v.sig !== 'string')
    ) {
      bad++;
      continue;
    }
    const members = [...new Set(v.members as string[])].filter((m) => !seen.has(m)).sort();
    for (const m of members) seen.add(m);
    if (members.length === 0) continue;
    clusters.push({ id, members, ...(typeof v.sig === 'string' ? { signature: v.sig.slice(0, SIGNATURE_CHARS) } : {}), since: v.since, last: v.last, together: v.together });
  }
  clusters.sort((a, b) => a.id - b.id);
  const highest = clusters.reduce((m, c) => Math.max(m, c.id + 1), 1);
  const next = isCount(record.next) ? Math.max(record.next, highest) : highest;
  return { clusters: { next, clusters }, ...(bad > 0 ? { problem: `${bad} cluster${bad === 1 ? '' : 's'} could not be read` } : {}) };
}

/** The cluster of each member. */
export function clusterIndex(clusters: StoredClusters): Map<string, StoredCluster> {
  const out = new Map<string, StoredCluster>();
  for (const c of clusters.clusters) for (const m of c.members) out.set(m, c);
  return out;
}
