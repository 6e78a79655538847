/**
 * The data branch as table rows (src/export/tables.ts): a snapshot in, rows out, one table at a time and one row at a
 * time (generators), so that a writer holds a row group, never a table. Pure: no I/O; what the branch does not keep
 * is null, never a guess (docs/warehouse.md, "What the data branch does not keep").
 */
import { hash } from 'node:crypto';
import { CODE_STATUS, isFailure, type TestHistory } from '../model.ts';
import { failureKey } from '../history/records.ts';
import { ownerText, ownersOf, parseCodeowners, type Codeowners } from '../owners/codeowners.ts';
import { mapClassname, parseClassMap, type ClassMapRule } from '../owners/classmap.ts';
import { repositoryPath } from '../owners/index.ts';
import { parseDecisions, type DecisionLog } from '../store/decisions.ts';
import { CLASS_MAP_FILE, OWNERS_FILE } from '../store/owned.ts';
import { damageReason, inBrokenShard, type Snapshot } from '../store/snapshot.ts';
import { TABLES, type Row, type TableName } from './tables.ts';
import { ColumnBatch, batchesOfRows, rowOf } from './batch.ts';
import { historyCosts } from '../store/branch-costs.ts';
import { priced } from '../cost/index.ts';

/** Why an export refuses a branch: the same sentence the step fails with (damageReason), or a wrong --since. */
export class ExportError extends Error {}

/** What `--since` selects: runs after a run number, or runs that ran or were ingested at or after a time. */
export type Since = { kind: 'run'; seq: number } | { kind: 'run-key'; key: string } | { kind: 'time'; ms: number };

/** One repository's data branch, as read. */
export interface ExportSource {
  /** The name its rows carry (owner/name, or what --repository says). */
  repository: string;
  snapshot: Snapshot;
  /** The branch's files (path → text), for the copies of CODEOWNERS and codeowners-map the step keeps there. */
  files?: ReadonlyMap<string, string>;
  since?: Since;
}

/** Something the export could not read and left out (a broken stats file, an unreadable decisions.json), for the log. */
export interface ExportNote {
  repository: string;
  message: string;
}

/** A stable key: a hash of the parts (JSON, so that no separator inside a name can make two keys equal). */
export function rowKey(...parts: Array<string | number>): string {
  return keyOf(JSON.stringify(parts));
}

/** The key of a row whose parts are already JSON (`["repo","run","id"]`): the hash, as rowKey makes it. */
const keyOf = (json: string): string => hash('sha256', json, 'hex').slice(0, 32);

/** A hash of a failure's message with every number blanked (failureKey): the same failure, the same signature. */
export function messageSignature(message: string): string {
  return hash('sha256', failureKey(message)!, 'hex').slice(0, 16);
}

/**
 * `--since`: a run number (`41`: the runs after run 41), a run key as in runs.json, or a time (ISO 8601, or a span back
 * from `now`: `36h`, `7d`).
 */
export function parseSince(text: string, now: number): Since {
  const t = text.trim();
  if (/^\d{1,10}$/.test(t)) return { kind: 'run', seq: Number(t) };
  const span = /^(\d{1,6})([hd])$/.exec(t);
  if (span) return { kind: 'time', ms: now - Number(span[1]) * (span[2] === 'h' ? 3_600_000 : 86_400_000) };
  if (/^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(t)) {
    const ms = Date.parse(t.length === 10 ? `${t}T00:00:00Z` : t);
    if (Number.isFinite(ms)) return { kind: 'time', ms };
  }
  if (t.includes('/')) return { kind: 'run-key', key: t };
  throw new ExportError(`--since takes a run number (41), a run key (1234567/test/9f2c1a0b), a time (2026-11-20 or 2026-11-20T09:00:00Z) or a span back (36h, 7d); got '${text.slice(0, 80)}'.`);
}

/** What the branch says of each run key's ingestions (flakeguard.json's keys are `<run key>#<attempt>`). */
export function ingestionsOf(snapshot: Snapshot): Map<string, { attempt: number; at: number }> {
  const out = new Map<string, { attempt: number; at: number }>();
  for (const [key, at] of Object.entries(snapshot.meta.ingested)) {
    const cut = key.lastIndexOf('#');
    const attempt = Number(key.slice(cut + 1));
    if (cut < 0 || !Number.isSafeInteger(attempt)) continue;
    const run = key.slice(0, cut);
    const known = out.get(run);
    out.set(run, { attempt: Math.max(attempt, known?.attempt ?? 0), at: Math.max(at, known?.at ?? 0) });
  }
  return out;
}

/** The selection `--since` makes, on one snapshot. */
export interface Selection {
  run(seq: number, time: number, ingestedAt: number | undefined): boolean;
}

export function selectionOf(source: ExportSource): Selection {
  const since = source.since;
  if (!since) return { run: () => true };
  if (since.kind === 'time') return { run: (_seq, time, at) => time >= since.ms || (at !== undefined && at >= since.ms) };
  let after: number;
  if (since.kind === 'run') after = since.seq;
  else {
    const row = source.snapshot.runs.get(since.key);
    if (!row) throw new ExportError(`--since names the run key '${since.key.slice(0, 120)}', which ${source.repository}'s data branch does not have (runs.json).`);
    after = row.seq;
  }
  return { run: (seq) => seq > after };
}

export const OUTCOME: Record<string, string> = { P: 'passed', F: 'failed', E: 'error', S: 'skipped' };

export function rerunVerdict(attempts: string): string | null {
  if (attempts.length < 2) return null;
  if (attempts === 'FP') return 'flaky';
  const failed = /[FE]/.test(attempts);
  if (failed && attempts.includes('P')) return 'flaky';
  if (failed && /^[FE]+$/.test(attempts)) return 'consistent';
  return 'other';
}

const splitRunKey = (key: string): { runId: string | null; job: string | null } => {
  const parts = key.split('/');
  if (parts.length >= 2 && parts[1] === 'untrusted') return { runId: parts[0] || null, job: null };
  return { runId: parts.length >= 2 ? parts[0]! : null, job: parts.length >= 3 ? parts[1]! : null };
};

function* runsRows(source: ExportSource): Generator<Row> {
  const { snapshot, repository } = source;
  const ingestions = ingestionsOf(snapshot);
  const selected = selectionOf(source);
  const rows = [...snapshot.runs].sort((a, b) => a[1].seq - b[1].seq);
  for (const [key, row] of rows) {
    const ingested = ingestions.get(key);
    if (!selected.run(row.seq, row.time, ingested?.at)) continue;
    const { runId, job } = splitRunKey(key);
    const fromUrl = row.url ? /\/attempts\/(\d+)(?:$|[/?#])/.exec(row.url) : null;
    yield {
      row_key: rowKey(repository, key),
      repository,
      run_key: key,
      run_seq: row.seq,
      run_id: runId,
      job,
      attempt: ingested?.attempt ?? (fromUrl ? Number(fromUrl[1]) : null),
      cell: row.cell ?? null,
      sha: row.sha,
      ref: null,
      event: null,
      time: row.time,
      ingested_at: ingested?.at ?? null,
      on_default_branch: row.onDefaultBranch,
      job_succeeded: row.jobSucceeded ?? null,
      trusted: row.untrusted !== true,
      outages: row.outages?.length ?? 0,
      url: row.url ?? null,
    };
  }
}

/**
 * The test runs of a branch straight into columns: a history's runs are read in place and each value written into
 * its column, with no object a row. What repeats is worked out once: each run's number, selection and cell, the JSON
 * of each run key and test id for the row key, a message's signature, an attempts string's verdict.
 */
function* testRunsBatches(source: ExportSource, batch: ColumnBatch): Generator<ColumnBatch> {
  const { snapshot, repository } = source;
  const ingestions = ingestionsOf(snapshot);
  const selected = selectionOf(source);
  const at = (name: string): Array<string | number | boolean | null> => batch.columns[TABLES.test_runs.findIndex((c) => c.name === name)]!;
  const [rowKeys, repositories, runKeys, seqs, ids, times, shas, cells, onDefault, trusted, attemptsCol, counts, finals, verdicts, durations, messages, signatures, outages, succeeded] = [
    'row_key',
    'repository',
    'run_key',
    'run_seq',
    'test_id',
    'time',
    'sha',
    'cell',
    'on_default_branch',
    'trusted',
    'attempts',
    'attempt_count',
    'final_outcome',
    'rerun_verdict',
    'duration_sec',
    'message',
    'message_signature',
    'outage',
    'job_succeeded',
  ].map(at) as Array<Array<string | number | boolean | null>>;
  // A run of runs.json: undefined when the branch does not have it or --since leaves it out.
  const runs = new Map<string, { seq: number; cell: string | null; jobSucceeded: boolean | undefined; json: string } | null>();
  const runOf = (key: string): { seq: number; cell: string | null; jobSucceeded: boolean | undefined; json: string } | null => {
    let run = runs.get(key);
    if (run === undefined) {
      const row = snapshot.runs.get(key);
      run = row && selected.run(row.seq, row.time, ingestions.get(key)?.at) ? { seq: row.seq, cell: row.cell ?? null, jobSucceeded: row.jobSucceeded, json: JSON.stringify(key) } : null;
      runs.set(key, run);
    }
    return run;
  };
  const prefix = `[${JSON.stringify(repository)},`;
  const signature = new Map<string, string>();
  batch.length = 0;
  for (const [id, history] of snapshot.history) {
    const idJson = JSON.stringify(id);
    for (const r of history.runs) {
      const run = runOf(r.run);
      if (!run) continue;
      const n = batch.length;
      const attempts = r.attempts;
      rowKeys![n] = keyOf(`${prefix}${run.json},${idJson}]`);
      repositories![n] = repository;
      runKeys![n] = r.run;
      seqs![n] = run.seq;
      ids![n] = id;
      times![n] = r.time;
      shas![n] = r.sha;
      cells![n] = r.cell ?? run.cell;
      onDefault![n] = r.onDefaultBranch;
      trusted![n] = r.untrusted !== true;
      attemptsCol![n] = attempts;
      counts![n] = attempts.length;
      finals![n] = OUTCOME[attempts[attempts.length - 1] ?? ''] ?? 'unknown';
      verdicts![n] = rerunVerdict(attempts);
      durations![n] = r.durationSec ?? null;
      const message = r.message;
      messages![n] = message ?? null;
      if (message === undefined) signatures![n] = null;
      else {
        let s = signature.get(message);
        if (s === undefined) {
          if (signature.size >= 4096) signature.clear();
          signature.set(message, (s = messageSignature(message)));
        }
        signatures![n] = s;
      }
      outages![n] = r.outage === true;
      succeeded![n] = r.jobSucceeded ?? run.jobSucceeded ?? null;
      if (++batch.length === batch.capacity) {
        yield batch;
        batch.length = 0;
      }
    }
  }
  if (batch.length > 0) yield batch;
}

/** The owners of each test from the copies on the branch, with the rules of src/owners/ (as the dashboard finds them). */
function ownerLookup(files: ReadonlyMap<string, string> | undefined, notes: ExportNote[], repository: string): (file: string | undefined, classname: string) => string[] {
  const text = files?.get(OWNERS_FILE);
  if (text === undefined) return () => [];
  const codeowners: Codeowners = parseCodeowners(text, OWNERS_FILE);
  let classMap: ClassMapRule[] = [];
  const mapText = files?.get(CLASS_MAP_FILE);
  if (mapText?.trim()) {
    try {
      classMap = parseClassMap(mapText);
    } catch (error) {
      notes.push({ repository, message: `${CLASS_MAP_FILE}: ${error instanceof Error ? error.message : String(error)}; owners found by file only` });
    }
  }
  const byPath = new Map<string, string[]>();
  return (file, classname) => {
    let path = file ? repositoryPath(file, '') : undefined;
    if (!path && classname && classMap.length > 0) path = mapClassname(classMap, classname)?.path;
    if (!path) return [];
    let owners = byPath.get(path);
    if (!owners) byPath.set(path, (owners = ownersOf(codeowners, path).owners.map(ownerText)));
    return owners;
  };
}

function decisionLogOf(source: ExportSource, notes: ExportNote[]): DecisionLog | undefined {
  const text = source.snapshot.decisions;
  if (text === undefined) return undefined;
  const { log, problems } = parseDecisions(text);
  for (const p of problems) notes.push({ repository: source.repository, message: `${p.file}${p.line ? `:${p.line}` : ''}: ${p.message} (its events are not exported)` });
  return log;
}

const num = (x: unknown): number | null => (typeof x === 'number' && Number.isFinite(x) ? x : null);
const str = (x: unknown): string | null => (typeof x === 'string' ? x : null);
const timeOf = (x: unknown): number | null => {
  if (typeof x !== 'string') return null;
  const ms = Date.parse(x);
  return Number.isFinite(ms) ? ms : null;
};

const int = (x: unknown): number | null => (Number.isSafeInteger(x) ? (x as number) : null);

/**
 * The stats line's `fix` (the latest fix verification, docs/fix-verification.md) as columns; all null when the line
 * has none or it is not an object. A field not of its type is null, never coerced.
 */
function fixColumns(raw: unknown): Row {
  const fix = typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? (raw as Record<string, unknown>) : undefined;
  const verdict = str(fix?.verdict);
  return {
    fix_verdict: verdict,
    fix_pr: int(fix?.pr),
    fix_head: str(fix?.head),
    fix_runs: int(fix?.runs),
    fix_failures: int(fix?.failures),
    fix_rate: num(fix?.rate),
    fix_reached: num(fix?.reached),
    fix_at: timeOf(fix?.at),
    fix_released: timeOf(fix?.released),
  };
}

function* testsRows(source: ExportSource, notes: ExportNote[]): Generator<Row> {
  const { snapshot, repository } = source;
  const owners = ownerLookup(source.files, notes, repository);
  const log = decisionLogOf(source, [] /* reported once, by the decisions table */);
  for (const path of snapshot.brokenStats.keys()) notes.push({ repository, message: `${path} cannot be read (it is kept as it is): its tests are exported with quarantined = null` });
  // The histories in the branch's order, each decoded while its row is made and let go (LazyHistory's iteration
  // keeps none: `get` would keep every one); then the tests with a stats line and no history (an override set by hand
  // before the test's first run).
  const entries = function* (): Generator<[string, TestHistory | undefined]> {
    yield* snapshot.history;
    for (const id of [...snapshot.stats.keys()].filter((id) => !snapshot.history.has(id)).sort()) yield [id, undefined];
  };
  // What each test cost in CI time (docs/cost.md): one pass over the failing tests' stored runs before the rows.
  const costs = new Map(historyCosts(snapshot.history, snapshot.runs).map((e) => [e.id, e.cost]));
  const perMinute = snapshot.meta.costPerMinute;
  for (const [id, history] of entries()) {
    const stats = snapshot.stats.get(id);
    const cost = costs.get(id);
    const broken = inBrokenShard(snapshot, id);
    const cut = id.lastIndexOf('::');
    const name = history?.name ?? (cut >= 0 ? id.slice(cut + 2) : id);
    const classname = history?.classname ?? (cut >= 0 ? id.slice(0, cut) : '');
    const found = owners(history?.file, classname);
    const runs = history?.runs ?? [];
    const override = snapshot.overrides.get(id)?.override;
    const pfs = Array.isArray(stats?.pfs) ? (stats.pfs as unknown[]) : [];
    const hand = override !== undefined || (typeof stats?.auto === 'object' && stats.auto !== null);
    yield {
      row_key: rowKey(repository, id),
      repository,
      test_id: id,
      name,
      classname,
      file: history?.file ?? null,
      line: history?.line ?? null,
      owners: found.length > 0 ? found.join(' ') : null,
      owner: found[0] ?? null,
      quarantined: broken ? null : (stats?.quarantined ?? false),
      state_since: timeOf(stats?.since),
      reason: broken ? null : stats ? stats.reason : null,
      decided_by: broken ? null : hand ? 'hand' : 'rule',
      override: override?.action ?? null,
      override_until: override?.until ?? null,
      rule: str(stats?.rule),
      tier: str(stats?.tier),
      score: num(stats?.score),
      confidence: num(stats?.confidence),
      pfs: num(pfs[0]),
      pfs_low: num(pfs[1]),
      pfs_high: num(pfs[2]),
      flip_rate: num(stats?.flipRate),
      success_rate: num(stats?.successRate),
      recommendation: str(stats?.recommendation),
      runs: runs.length,
      failed_runs: runs.reduce((n, r) => n + ([...r.attempts].some((a) => isFailure(CODE_STATUS[a] ?? 'passed')) ? 1 : 0), 0),
      duration_sec: runs.at(-1)?.durationSec ?? null,
      first_seen: runs[0]?.time ?? null,
      last_seen: runs.at(-1)?.time ?? null,
      issue: log?.tests.get(id)?.issue ?? null,
      ...fixColumns(stats?.fix),
      ci_cost_sec: cost ? Math.round(cost.costSec * 100) / 100 : null,
      ci_cost: cost ? (priced(cost.costSec, perMinute) ?? null) : null,
      ci_saved_sec: cost ? Math.round(cost.savedSec * 100) / 100 : null,
    };
  }
}

function* decisionsRows(source: ExportSource, notes: ExportNote[]): Generator<Row> {
  const { snapshot, repository } = source;
  const log = decisionLogOf(source, notes);
  if (!log) return;
  const bySeq = new Map<number, { key: string; time: number }>();
  for (const [key, row] of snapshot.runs) bySeq.set(row.seq, { key, time: row.time });
  const ingestions = ingestionsOf(snapshot);
  const selected = selectionOf(source);
  for (const id of [...log.tests.keys()].sort()) {
    const entry = log.tests.get(id)!;
    for (const e of entry.events) {
      const run = bySeq.get(e.run);
      const at = timeOf(e.at);
      // A decision is new when its run is (or, its run gone from the branch, when it was made after the time).
      const isNew = run ? selected.run(e.run, run.time, ingestions.get(run.key)?.at) : selected.run(e.run, at ?? 0, at ?? undefined);
      if (!isNew) continue;
      yield {
        row_key: rowKey(repository, id, e.run, e.event),
        repository,
        test_id: id,
        run_seq: e.run,
        run_key: run?.key ?? null,
        decided_at: at,
        event: e.event,
        quarantined: e.quarantined,
        decided_by: e.by,
        reason: e.reason,
        issue: entry.issue ?? null,
      };
    }
  }
}

/** A source left out of an export: its branch is one the step refuses to write (src/store/snapshot.ts). */
export interface SkippedSource {
  repository: string;
  /** Each damaged file, with its line when known, and why. */
  problems: Array<{ file: string; line?: number; message: string }>;
  /** The step's own sentence, prefixed by the repository. */
  reason: string;
}

/** Why the export leaves `source` out (the step would refuse its branch), or undefined when it is sound. */
export function damageOf(source: ExportSource): SkippedSource | undefined {
  const reason = damageReason(source.snapshot);
  if (reason === undefined) return undefined;
  return {
    repository: source.repository,
    problems: source.snapshot.damaged.map((p) => ({ file: p.file, ...(p.line !== undefined ? { line: p.line } : {}), message: p.message })),
    reason: `${source.repository}: ${reason.replace(/ Nothing was written to it.*$/, '')}`,
  };
}

/**
 * The rows of one table of one branch as columns, in a stable order, `batch` (of that table) filled and yielded
 * each time it is full: take its rows before asking for the next. `notes` collects what could not be read.
 */
export function tableBatches(table: TableName, source: ExportSource, batch: ColumnBatch, notes: ExportNote[] = []): Iterable<ColumnBatch> {
  switch (table) {
    case 'runs':
      return batchesOfRows(runsRows(source), batch);
    case 'test_runs':
      return testRunsBatches(source, batch);
    case 'tests':
      return batchesOfRows(testsRows(source, notes), batch);
    case 'decisions':
      return batchesOfRows(decisionsRows(source, notes), batch);
  }
}

/** The rows of one table of one branch as objects, in a stable order (tableBatches, a row at a time). */
export function* tableRows(table: TableName, source: ExportSource, notes: ExportNote[] = []): Generator<Row> {
  for (const batch of tableBatches(table, source, new ColumnBatch(TABLES[table], 1024), notes)) for (let i = 0; i < batch.length; i++) yield rowOf(batch, i);
}
