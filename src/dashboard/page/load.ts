/**
 * Fetches the data branch's files next to the page (same origin) and reads them with files.ts, in two steps:
 * flakeguard.json and runs.json first (small: one line per run), given to `early` so that the page can draw the
 * runs' outcomes at once; then every stats and history shard (tens of MB at 100k tests), for the whole model.
 */
import { QUIET_FROM_SHARDS, shardName } from '../../store/layout.ts';
import { META_FILE, RUNS_FILE, parseHistoryText, parseMetaText, parseRunsText, parseStatsText, type HistoryLine, type StatsLine } from '../files.ts';
import { buildModel, type Model } from '../page-model.ts';
import { count } from '../wording.ts';
import { assignOwners } from '../owners.ts';
import { DECISIONS_FILE, parseDecisions, type DecisionLog } from '../../store/decisions.ts';
import { CLUSTERS_FILE, parseClusters } from '../../clusters/format.ts';
import type { StoredClusters } from '../../clusters/cluster.ts';
import { DIAGNOSES_FILE, parseDiagnoses, type Diagnosis } from '../../diagnose/format.ts';

export interface Loaded {
  model: Model;
  /** Files that could not be read, and entries dropped, for the page's notice. */
  problems: string[];
  files: number;
  bytes: number;
}

async function text(path: string): Promise<string | undefined> {
  const response = await fetch(path, { cache: 'no-cache' });
  if (response.status === 404) return undefined;
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
  return response.text();
}

/** Runs `jobs` with at most `limit` under way. */
async function pool<T>(jobs: Array<() => Promise<T>>, limit: number): Promise<T[]> {
  const out: T[] = new Array(jobs.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < jobs.length) {
      const i = next++;
      out[i] = await jobs[i]!();
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, jobs.length) }, worker));
  return out;
}

export interface LoadCallbacks {
  progress: (done: number, total: number) => void;
  /** The model of the runs alone (no test yet), before the shards are read. */
  early: (model: Model) => void;
}

export async function loadBranch(callbacks: LoadCallbacks): Promise<Loaded> {
  const problems: string[] = [];
  let bytes = 0;
  const [metaText, runsText] = await Promise.all([text(META_FILE), text(RUNS_FILE)]);
  if (metaText === undefined) throw new Error(`${META_FILE} was not found next to this page: is this the data branch of flakeguard?`);
  if (runsText === undefined) throw new Error(`${RUNS_FILE} was not found next to this page.`);
  bytes += metaText.length + runsText.length;
  const meta = parseMetaText(metaText);
  if (meta.error) throw new Error(meta.error);
  const runs = parseRunsText(runsText);
  if (runs.error) problems.push(runs.error);
  if (runs.dropped) problems.push(`${RUNS_FILE}: ${count(runs.dropped, 'run')} not in the expected form`);
  callbacks.early({ ...buildModel({ meta: meta.value, runs: runs.value, history: [], stats: new Map() }), partial: true });
  performance.mark('fg:runs-drawn');

  const shards = meta.value.shards;
  const history: HistoryLine[] = [];
  const stats = new Map<string, StatsLine>();
  let done = 2;
  const quietFiles = meta.value.schema >= 4 && shards >= QUIET_FROM_SHARDS;
  const total = 2 + (quietFiles ? 3 : 2) * shards;
  const newest = runs.value.reduce((max, row) => Math.max(max, row.seq), 0);
  const tick = (): void => callbacks.progress(++done, total);
  const jobs: Array<() => Promise<void>> = [];
  for (let i = 0; i < shards; i++) {
    const name = shardName(i, shards);
    jobs.push(async () => {
      const t = await text(`stats/${name}.json`);
      if (t !== undefined) {
        bytes += t.length;
        const parsed = parseStatsText(t);
        if (parsed.error) problems.push(`stats/${name}.json: ${parsed.error}`);
        if (parsed.dropped) problems.push(`stats/${name}.json: ${count(parsed.dropped, 'entry', 'entries')} not in the expected form`);
        for (const [id, line] of parsed.value) stats.set(id, line);
      }
      tick();
    });
    // Each shard's busy file and, from schema 4 and QUIET_FROM_SHARDS shards, its quiet file (history/quiet-NN.json): either may be missing.
    for (const path of quietFiles ? [`history/${name}.json`, `history/quiet-${name}.json`] : [`history/${name}.json`]) {
      jobs.push(async () => {
        const t = await text(path);
        if (t !== undefined) {
          bytes += t.length;
          const parsed = parseHistoryText(t, newest);
          if (parsed.error) problems.push(`${path}: ${parsed.error}`);
          if (parsed.dropped) problems.push(`${path}: ${count(parsed.dropped, 'test')} not in the expected form`);
          for (const line of parsed.value) history.push(line);
        }
        tick();
      });
    }
  }
  let codeowners: string | undefined;
  let classMap: string | undefined;
  jobs.push(async () => void (codeowners = await text('dashboard/CODEOWNERS')));
  jobs.push(async () => void (classMap = await text('dashboard/codeowners-map')));
  // The co-failure clusters (docs/clusters.md): a branch that never had one has no file.
  let clusters: StoredClusters | undefined;
  jobs.push(async () => {
    const t = await text(CLUSTERS_FILE);
    if (t === undefined) return;
    bytes += t.length;
    const read = parseClusters(t);
    if (read.problem !== undefined) problems.push(`${CLUSTERS_FILE}: ${read.problem}`);
    clusters = read.clusters;
  });
  // The diagnoses by experiment (docs/diagnose.md): a branch that `mode: diagnose` never wrote has no file.
  let diagnoses: ReadonlyMap<string, Diagnosis> | undefined;
  jobs.push(async () => {
    const t = await text(DIAGNOSES_FILE);
    if (t === undefined) return;
    bytes += t.length;
    const read = parseDiagnoses(t);
    if (read.problem !== undefined) problems.push(`${DIAGNOSES_FILE}: ${read.problem}`);
    diagnoses = read.diagnoses.tests;
  });
  await pool(jobs, 6);
  performance.mark('fg:files-read');
  const model = buildModel({ meta: meta.value, runs: runs.value, history, stats, ...(clusters ? { clusters } : {}), ...(diagnoses ? { diagnoses } : {}) });
  problems.push(...assignOwners(model.tests, codeowners, classMap).problems);
  performance.mark('fg:model-built');
  return { model, problems, files: total, bytes };
}

/** decisions.json as the page found it (src/store/decisions.ts): read once, when a test's page first needs it. */
export type DecisionsFile = { kind: 'missing' } | { kind: 'unreadable'; problem: string } | { kind: 'read'; log: DecisionLog; problems: string[] };

/** The page's one read of decisions.json (page state: one page load reads it at most once). */
let decisions: Promise<DecisionsFile> | undefined;

/** Reads decisions.json once per page load. Not part of loadBranch: the first paint does not wait for it. */
export function loadDecisions(): Promise<DecisionsFile> {
  decisions ??= (async (): Promise<DecisionsFile> => {
    let body: string | undefined;
    try {
      body = await text(DECISIONS_FILE);
    } catch (error) {
      return { kind: 'unreadable', problem: error instanceof Error ? error.message : String(error) };
    }
    if (body === undefined) return { kind: 'missing' };
    const { log, problems } = parseDecisions(body);
    const said = problems.map((p) => `${p.file}${p.line ? `:${p.line}` : ''}: ${p.message}`);
    return log ? { kind: 'read', log, problems: said } : { kind: 'unreadable', problem: said.join('; ') };
  })();
  return decisions;
}
