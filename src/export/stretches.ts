/**
 * The `test_runs` table as stretches, for DuckDB to expand (docs/adr/0522): a test's consecutive runs with the same
 * attempts and nothing of their own (no message, no duration) are one row here, `count` runs from the run at `run`,
 * an index into a run table listed beside them; DuckDB makes a row of each run of a stretch, the run's columns
 * looked up by index, and hashes the row key. What the export's rows say of a test run (src/export/rows.ts,
 * testRunsBatches) is said here the same way: a stretch expands to the same rows, in the same order. Pure.
 *
 * A history kept in its stored form (LazyHistory) whose run times grow with run numbers is read in place: its
 * outcome string is already stretches. Any other (a schema-1 branch, runs ingested out of time order) is read run
 * record by run record, in the order the records come, and a record whose run facts differ from its run's row gets a
 * run of its own in the run table.
 */
import type { TestHistory, TestRunRecord } from '../model.ts';
import { LazyHistory, durationAt, type StoredTest } from '../history/stored.ts';
import { failureKey } from '../history/records.ts';
import type { RunRow } from '../store/runs-format.ts';
import type { Column } from './tables.ts';
import { type ColumnBatch, type Value } from './batch.ts';
import { OUTCOME, ingestionsOf, messageSignature, rerunVerdict, selectionOf, type ExportSource } from './rows.ts';

const c = (name: string, type: Column['type'], nullable: boolean): Column => ({ name, type, nullable, doc: '' });

/** The run table the stretches index (1-based `i`): a run's columns of `test_runs`, and the start of its row keys' JSON. */
export const RUN_INDEX_COLUMNS: readonly Column[] = [
  c('i', 'INT64', false),
  /** `["<repository>","<run key>",` : a row key hashes this, the test id's JSON and `]` (rowKey's bytes). */
  c('key_prefix', 'STRING', false),
  c('repository', 'STRING', false),
  c('run_key', 'STRING', false),
  c('run_seq', 'INT64', false),
  c('time', 'TIMESTAMP', false),
  c('sha', 'STRING', false),
  c('cell', 'STRING', true),
  c('on_default_branch', 'BOOL', false),
  c('trusted', 'BOOL', false),
  c('job_succeeded', 'BOOL', true),
];

/** A stretch: `runs` runs from the run indexed `run`, one test, the same attempts; a run with a message or a duration is a stretch of its own. */
export const STRETCH_COLUMNS: readonly Column[] = [
  c('run', 'INT64', false),
  c('runs', 'INT64', false),
  c('test_id', 'STRING', false),
  /** The test id's JSON and `]`: the end of its row keys' text. */
  c('key_suffix', 'STRING', false),
  c('attempts', 'STRING', false),
  c('attempt_count', 'INT64', false),
  c('final_outcome', 'STRING', false),
  c('rerun_verdict', 'STRING', true),
  c('duration_sec', 'FLOAT64', true),
  c('message', 'STRING', true),
  c('message_signature', 'STRING', true),
  c('outage', 'BOOL', false),
];

/** What one attempts string says (its count, final outcome and verdict), worked out once a string. */
interface AttemptsFacts {
  count: number;
  final: string;
  verdict: string | null;
}

/**
 * The stretches of the export's sources, in order, and the run table they index: `runIndex` gives each source's runs
 * (and any run of its own a record needed) as rows once that source's stretches are made.
 */
export class TestRunStretches {
  /** Rows of the run table made so far: the next index is `indexed + 1`. */
  indexed = 0;
  /** Test runs the stretches stand for. */
  rows = 0;
  private readonly facts = new Map<string, AttemptsFacts>();
  private readonly signatures = new Map<string, string>();

  private readonly stretches: ColumnBatch;
  private readonly runIndex: ColumnBatch;
  constructor(stretches: ColumnBatch, runIndex: ColumnBatch) {
    this.stretches = stretches;
    this.runIndex = runIndex;
  }

  private attemptsFacts(attempts: string): AttemptsFacts {
    let f = this.facts.get(attempts);
    if (!f) this.facts.set(attempts, (f = { count: attempts.length, final: OUTCOME[attempts[attempts.length - 1] ?? ''] ?? 'unknown', verdict: rerunVerdict(attempts) }));
    return f;
  }

  private signature(message: string): string {
    let s = this.signatures.get(message);
    if (s === undefined) {
      if (this.signatures.size >= 4096) this.signatures.clear();
      this.signatures.set(message, (s = messageSignature(message)));
    }
    return s;
  }

  /**
   * The stretches of one source, `stretches` filled and yielded each time it is full (take its rows before asking
   * for the next); then its run table's rows, `runIndex` filled and yielded likewise.
   */
  *of(source: ExportSource): Generator<ColumnBatch> {
    const { snapshot, repository } = source;
    const ingestions = ingestionsOf(snapshot);
    const selected = selectionOf(source);
    // The run table of this source: its runs by run number, indexed from `base` (a run's index: base + its rank).
    const base = this.indexed + 1;
    const sorted = [...snapshot.runs].sort((a, b) => a[1].seq - b[1].seq);
    const prefix = `[${JSON.stringify(repository)},`;
    const index: Array<{ key: string; row: RunRow; own?: Partial<RunFacts> }> = [];
    /** Run number → its index, or 0 when --since leaves it out. */
    const rank = new Map<number, number>();
    for (const [key, row] of sorted) {
      index.push({ key, row });
      rank.set(row.seq, selected.run(row.seq, row.time, ingestions.get(key)?.at) ? base + index.length - 1 : 0);
    }
    const stretch = new StretchMaker(this.stretches, this);
    const history = snapshot.history;
    // Read in place when a history's runs in run-number order are in time order (its records' order): the rows' times grow with their numbers.
    let inTimeOrder = true;
    for (let k = 1; k < sorted.length && inTimeOrder; k++) if (sorted[k]![1].time < sorted[k - 1]![1].time) inTimeOrder = false;
    if (history instanceof LazyHistory && history.rows === snapshot.runs && inTimeOrder) {
      for (const [id, s] of history.stored) yield* stretch.stored(id, s, rank, index, base);
    } else {
      // Records whose run facts differ from their run's row each get an index of their own, after this source's runs.
      const byKey = new Map(index.map((e, i) => [e.key, i]));
      const own = new Map<string, number>();
      for (const [id, test] of history) yield* stretch.records(id, test, (r) => this.recordIndex(r, byKey, rank, index, base, own));
    }
    yield* stretch.flush();
    this.indexed = base - 1 + index.length;
    yield* this.runRows(index, base, prefix, repository);
  }

  /** The index of a record's run (0 when it is not exported), its own when its facts are not its run's row's. */
  private recordIndex(
    r: TestRunRecord,
    byKey: Map<string, number>,
    rank: Map<number, number>,
    index: Array<{ key: string; row: RunRow; own?: Partial<RunFacts> }>,
    base: number,
    own: Map<string, number>,
  ): number {
    const at = byKey.get(r.run);
    if (at === undefined) return 0;
    const row = index[at]!.row;
    const i = rank.get(row.seq)!;
    if (i === 0) return 0;
    const cell = r.cell ?? row.cell;
    const jobSucceeded = r.jobSucceeded ?? row.jobSucceeded;
    if (
      r.time === row.time &&
      r.sha === row.sha &&
      cell === row.cell &&
      r.onDefaultBranch === row.onDefaultBranch &&
      (r.untrusted === true) === (row.untrusted === true) &&
      jobSucceeded === row.jobSucceeded
    )
      return i;
    const facts: RunFacts = { time: r.time, sha: r.sha, cell, onDefaultBranch: r.onDefaultBranch, untrusted: r.untrusted === true, jobSucceeded };
    const key = `${r.run}\0${JSON.stringify(facts)}`;
    let j = own.get(key);
    if (j === undefined) {
      index.push({ key: r.run, row, own: facts });
      own.set(key, (j = base + index.length - 1));
    }
    return j;
  }

  private *runRows(index: ReadonlyArray<{ key: string; row: RunRow; own?: Partial<RunFacts> }>, base: number, prefix: string, repository: string): Generator<ColumnBatch> {
    const batch = this.runIndex;
    const cols = batch.columns;
    batch.length = 0;
    for (let k = 0; k < index.length; k++) {
      const { key, row, own } = index[k]!;
      const n = batch.length;
      const values: Value[] = [
        base + k,
        `${prefix}${JSON.stringify(key)},`,
        repository,
        key,
        row.seq,
        own?.time ?? row.time,
        own?.sha ?? row.sha,
        (own ? own.cell : row.cell) ?? null,
        own?.onDefaultBranch ?? row.onDefaultBranch,
        own ? own.untrusted !== true : row.untrusted !== true,
        (own ? own.jobSucceeded : row.jobSucceeded) ?? null,
      ];
      for (let i = 0; i < values.length; i++) cols[i]![n] = values[i]!;
      if (++batch.length === batch.capacity) {
        yield batch;
        batch.length = 0;
      }
    }
    if (batch.length > 0) yield batch;
  }

  /** @internal for StretchMaker */
  factsOf(attempts: string): AttemptsFacts {
    return this.attemptsFacts(attempts);
  }
  /** @internal for StretchMaker */
  signatureOf(message: string): string {
    return this.signature(message);
  }
}

/** A run's facts as a record may carry them (src/history/records.ts). */
interface RunFacts {
  time: number;
  sha: string;
  cell: string | undefined;
  onDefaultBranch: boolean;
  untrusted: boolean;
  jobSucceeded: boolean | undefined;
}

/**
 * Fills the stretches batch: the open stretch grows while runs come with consecutive indexes and the same attempts.
 * A run is added only with two rows free in the batch (closing the open stretch and adding a run of its own fill
 * two): `room` yields the batch when it has fewer.
 */
class StretchMaker {
  private run = 0;
  private runs = 0;
  private testId = '';
  private suffix = '';
  private attempts = '';
  private readonly batch: ColumnBatch;
  private readonly owner: TestRunStretches;
  constructor(batch: ColumnBatch, owner: TestRunStretches) {
    this.batch = batch;
    this.owner = owner;
    batch.length = 0;
  }

  private *room(): Generator<ColumnBatch> {
    if (this.batch.length + 2 <= this.batch.capacity) return;
    yield this.batch;
    this.batch.length = 0;
  }

  /** Adds one run (with two rows free in the batch). */
  private add(run: number, testId: string, suffix: string, attempts: string, duration: number | undefined, message: string | undefined, outage: boolean): void {
    if (duration === undefined && message === undefined) {
      if (this.runs > 0 && this.run + this.runs === run && this.attempts === attempts && this.testId === testId) {
        this.runs++;
        return;
      }
      this.close();
      this.run = run;
      this.runs = 1;
      this.testId = testId;
      this.suffix = suffix;
      this.attempts = attempts;
      return;
    }
    this.close();
    this.emit(run, 1, testId, suffix, attempts, duration, message, outage);
  }

  /** Ends the open stretch (a row of the batch). */
  private close(): void {
    if (this.runs > 0) this.emit(this.run, this.runs, this.testId, this.suffix, this.attempts, undefined, undefined, false);
    this.runs = 0;
  }

  *flush(): Generator<ColumnBatch> {
    yield* this.room();
    this.close();
    if (this.batch.length > 0) {
      yield this.batch;
      this.batch.length = 0;
    }
  }

  private emit(run: number, runs: number, testId: string, suffix: string, attempts: string, duration: number | undefined, message: string | undefined, outage: boolean): void {
    const b = this.batch;
    const cols = b.columns;
    const n = b.length++;
    const f = this.owner.factsOf(attempts);
    cols[0]![n] = run;
    cols[1]![n] = runs;
    cols[2]![n] = testId;
    cols[3]![n] = suffix;
    cols[4]![n] = attempts;
    cols[5]![n] = f.count;
    cols[6]![n] = f.final;
    cols[7]![n] = f.verdict;
    cols[8]![n] = duration ?? null;
    cols[9]![n] = message ?? null;
    cols[10]![n] = message === undefined ? null : this.owner.signatureOf(message);
    cols[11]![n] = outage;
    this.owner.rows += runs;
  }

  /**
   * A test in its stored form, its runs in run-number order (which is time order: the caller checked). Its newest run
   * carries its duration (`d`), or each run its own (`dur`, a history merged in this process); a run's message and
   * whether it was part of an outage as the decoded record would say (src/history/records.ts).
   */
  *stored(id: string, s: StoredTest, rank: ReadonlyMap<number, number>, index: ReadonlyArray<{ row: RunRow }>, base: number): Generator<ColumnBatch> {
    const suffix = `${JSON.stringify(id)}]`;
    const { m, dur } = s;
    let newest = -1;
    if (!dur && s.d !== undefined) {
      let seq = s.from;
      for (const { a, n } of s.segments) {
        if (a !== '') newest = seq + n - 1;
        seq += n;
      }
    }
    let seq = s.from;
    for (const { a, n } of s.segments) {
      if (a === '') {
        seq += n;
        continue;
      }
      for (let k = 0; k < n; k++, seq++) {
        const i = rank.get(seq);
        if (!i) continue;
        const message = m?.[seq];
        const duration = dur ? durationAt(dur, seq) : seq === newest ? s.d : undefined;
        // The common run: the open stretch of this test goes on.
        if (message === undefined && duration === undefined && this.runs > 0 && this.run + this.runs === i && this.attempts === a && this.testId === id) {
          this.runs++;
          continue;
        }
        let outage = false;
        if (message !== undefined) {
          const outages = index[i - base]!.row.outages;
          outage = outages !== undefined && outages.includes(failureKey(message)!);
        }
        yield* this.room();
        this.add(i, id, suffix, a, duration, message, outage);
      }
    }
  }

  /** A decoded history, record by record, each at the index `indexOf` gives it (0: not exported). */
  *records(id: string, test: TestHistory, indexOf: (r: TestRunRecord) => number): Generator<ColumnBatch> {
    const suffix = `${JSON.stringify(id)}]`;
    for (const r of test.runs) {
      const i = indexOf(r);
      if (i === 0) continue;
      yield* this.room();
      this.add(i, id, suffix, r.attempts, r.durationSec, r.message, r.outage === true);
    }
  }
}
