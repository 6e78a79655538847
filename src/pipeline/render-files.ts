/**
 * The branch's new files after a run (path → text), from the merged history, the decisions and the scores: runs.json
 * with the runs some line refers to, each shard's history, quiet and stats files, flakeguard.json and the README. A
 * quiet file none of whose lines changed is kept as read. Pure.
 */
import type { History } from '../model.ts';
import type { RetentionOptions } from '../history/merge.ts';
import type { Decision } from '../policy/quarantine.ts';
import {
  META_FILE,
  QUIET_FROM_SHARDS,
  RUNS_FILE,
  SCHEMA_VERSION,
  historyPath,
  quietPath,
  renderMeta,
  renderStatsShard,
  shardOf,
  statsPath,
  type RetentionWindow,
  type StatsLine,
} from '../store/layout.ts';
import { LineTexts, RunMarks, quietCatchUp, quietLineOf, renderHistoryShard, renderQuietShard, renderRuns, storedTests, type QuietLine, type RunTable } from '../store/history-format.ts';
import { LazyHistory, type StoredTest } from '../history/stored.ts';
import { neverFailed } from '../history/outcome-string.ts';
import { statsShardOf, type Snapshot } from '../store/snapshot.ts';
import { renderBranchReadme } from '../store/readme.ts';
import { checkOf } from '../policy/hand-edits.ts';

export function renderFiles(
  snapshot: Snapshot,
  shards: number,
  writes: number,
  history: History,
  runs: RunTable,
  decisions: Map<string, Decision>,
  scores: Map<string, Record<string, unknown>>,
  newIngestion: string | undefined,
  readWindow: RetentionWindow | undefined,
  now: number,
  /** The time runs age out from (src/pipeline/clock.ts); ingestion keys age out with them. */
  retentionNow: number,
  retention: RetentionOptions,
  expired: ReadonlySet<string> = new Set(),
  kept: Map<string, Record<string, unknown>> = new Map(),
  /** `decisions` in the order of `history`'s stored tests, with the ids set since (decideTests): read by position. */
  inOrder?: { decisions: readonly Decision[]; changed: ReadonlySet<string> },
  /** The price of a CI minute recorded in flakeguard.json (docs/cost.md): the input's, else the branch's. */
  costPerMinute?: number,
): Map<string, string> {
  const oldestKept = retentionNow - retention.maxAgeDays * 86_400_000;

  const ingested: Record<string, number> = {};
  for (const [key, time] of Object.entries(snapshot.meta.ingested)) if (time >= oldestKept) ingested[key] = time;
  if (newIngestion) ingested[newIngestion] = now;

  // Quiet lines (schema 4, src/store/history-format.ts): from two shards up (a one-shard history is one small file,
  // which a quiet file would only split), and not on a branch with untrusted runs, whose histories keep two budgets
  // (src/history/trust.ts).
  const window: RetentionWindow = readWindow ?? { maxRuns: retention.maxRuns, oldestKept };
  let newest = 0;
  let untrusted = false;
  for (const row of runs.values()) {
    if (row.seq > newest) newest = row.seq;
    if (row.untrusted) untrusted = true;
  }
  let times: Map<number, number> | undefined;
  const timeOf = (seq: number): number => {
    if (!times) times = new Map([...runs.values()].map((row) => [row.seq, row.time]));
    return times.get(seq) ?? -Infinity;
  };
  const readBack = new Map<number, number | null>();
  const catchUp = Array.from({ length: shards }, (_, shard) => quietCatchUp(newest, shard));
  // The quiet lines read come in the history's order (the parse read them so, the merge kept it): read at a cursor.
  const reads = new InOrder(snapshot.quiet.lines);

  // One pass over the tests: the runs some test still refers to (a flag per sequence number, set a segment at a time),
  // each test's shard, and its stats line. The iteration's own [id, test] entries are kept, not copied.
  const referenced = new RunMarks(runs);
  const historyShards: Array<Array<[string, StoredTest]>> = Array.from({ length: shards }, () => []);
  const quietShards: Array<Array<[string, StoredTest]>> = Array.from({ length: shards }, () => []);
  const statsShards: Array<Array<[string, StatsLine]>> = Array.from({ length: shards }, () => []);
  // Each quiet test's line, beside its entry in quietShards (a map by id is made only for a quiet file rendered anew).
  const quietLines: QuietLine[][] = Array.from({ length: shards }, () => []);
  // Per shard: every quiet line is the one read from that shard's quiet file, unchanged (the file is then kept as is).
  const quietKept: boolean[] = new Array<boolean>(shards).fill(true);
  const quietPaths = Array.from({ length: shards }, (_, shard) => quietPath(shard, shards));
  // Decisions by position when the tests are iterated in the order they were decided in (the stored form's).
  const order = history instanceof LazyHistory ? inOrder : undefined;
  // The `from` marked last: the quiet tests of a stretch share theirs, marked once.
  let marked = -1;
  let k = -1;
  for (const entry of storedTests(history, runs)) {
    k++;
    const [id, test] = entry;
    const shard = shardOf(id, shards);
    const read = reads.get(id);
    const quiet = untrusted || shards < QUIET_FROM_SHARDS ? undefined : quietLineOf(test, newest, window, timeOf, read, readBack, catchUp[shard]);
    if (quiet) {
      if (quiet.from !== marked) referenced.mark((marked = quiet.from), newest - quiet.from + 1);
      quietShards[shard]!.push(entry);
      quietLines[shard]!.push(quiet);
      // (Checked until one line of the file differs: the file is then rendered anew.)
      if (
        quietKept[shard] &&
        (quiet !== read || read.path !== quietPaths[shard] || read.test.name !== test.name || read.test.classname !== test.classname || read.test.file !== test.file || read.test.line !== test.line)
      ) {
        quietKept[shard] = false;
      }
    } else {
      let seq = test.from;
      for (const { a, n } of test.segments) {
        if (a !== '') referenced.mark(seq, n);
        seq += n;
      }
      historyShards[shard]!.push(entry);
    }
    const statsShard = statsShardOf(snapshot, id, shards, shard);
    const decision = order && !(order.changed.size > 0 && order.changed.has(id)) ? order.decisions[k]! : decisions.get(id)!;
    const stored = snapshot.overrides.size > 0 ? snapshot.overrides.get(id) : undefined;
    const keep = kept.size > 0 ? kept.get(id) : undefined;
    // Schema 3 writes no stats line for a test with nothing to say (never failed in its window, not quarantined, no
    // hand edit, nothing to remember): the readers derive it (docs/data-branch.md, "stats/NN.json").
    if (!stored && !keep && !decision.quarantined && !decision.auto && decision.evidenceAfter === undefined && neverFailed(test.segments)) continue;
    const line: StatsLine = {
      override: stored?.raw ?? null,
      // An override past its date: noticed once, remembered here so that later runs do not repeat the notice.
      ...(stored && expired.has(id) ? { lapsed: stored.override.until } : {}),
      quarantined: decision.quarantined,
      reason: decision.reason,
      since: decision.since,
      ...(decision.cells ? { cells: decision.cells } : {}),
      ...(decision.evidenceAfter !== undefined ? { evidenceAfter: decision.evidenceAfter } : {}),
      ...(decision.fix ? { fix: decision.fix } : {}),
      ...(decision.auto
        ? {
            auto: {
              quarantined: decision.auto.quarantined,
              ...(decision.auto.since ? { since: decision.auto.since } : {}),
              ...(decision.auto.evidenceAfter !== undefined ? { evidenceAfter: decision.auto.evidenceAfter } : {}),
              ...(decision.auto.cells ? { cells: decision.auto.cells } : {}),
            },
          }
        : {}),
      runs: decision.evidence.runs,
      recent: decision.evidence.recent,
      ...scores.get(id),
    };
    // The fingerprint of what flakeguard computed, then the fields a person edited, left as they wrote them.
    line.check = checkOf(line);
    if (keep) Object.assign(line, keep);
    statsShards[statsShard]!.push([id, line]);
  }
  // Overrides written for tests that have no history yet are kept where the test will land.
  for (const [id, stored] of snapshot.overrides) {
    if (history.has(id)) continue;
    const line: StatsLine = { override: stored.raw, quarantined: false, reason: 'no runs recorded yet' };
    line.check = checkOf(line);
    statsShards[statsShardOf(snapshot, id, shards)]!.push([id, line]);
  }

  const files = new Map<string, string>();
  files.set(META_FILE, renderMeta({ schema: SCHEMA_VERSION, shards, writes, window, ingested, ...(costPerMinute !== undefined ? { costPerMinute } : {}) }));
  files.set(RUNS_FILE, renderRuns(new Map([...runs].filter(([, row]) => referenced.has(row.seq)))));
  files.set('README.md', renderBranchReadme(shards));
  const texts = new LineTexts();
  for (let i = 0; i < shards; i++) {
    if (historyShards[i]!.length > 0) files.set(historyPath(i, shards), renderHistoryShard(historyShards[i]!, texts));
    if (quietShards[i]!.length > 0) {
      const path = quietPath(i, shards);
      const read = snapshot.quiet.shards.get(path);
      // A quiet file none of whose lines changed is kept as read: not rendered, and its blob is the same.
      files.set(
        path,
        read && quietKept[i] && read.tests === quietShards[i]!.length ? read.text : renderQuietShard(quietShards[i]!, new Map(quietShards[i]!.map(([id], k) => [id, quietLines[i]![k]!])), texts),
      );
    }
    const path = statsPath(i, shards);
    if (snapshot.brokenStats.has(path)) continue;
    if (statsShards[i]!.length > 0) files.set(path, renderStatsShard(statsShards[i]!));
  }
  for (const [path, text] of snapshot.brokenStats) files.set(path, text);
  return files;
}

/**
 * A map's values asked by key, mostly in the map's own order: the value at a cursor when the key is the cursor's,
 * else looked up (and the cursor moved past the value found). The same answers as `map.get`, without a look-up by
 * key for keys asked in order.
 */
export class InOrder<V> {
  private readonly map: ReadonlyMap<string, V>;
  private readonly keys: MapIterator<string>;
  private readonly values: MapIterator<V>;
  private key: string | undefined;
  private value: V | undefined;

  constructor(map: ReadonlyMap<string, V>) {
    this.map = map;
    this.keys = map.keys();
    this.values = map.values();
    this.next();
  }

  get(key: string): V | undefined {
    if (key === this.key) {
      const value = this.value;
      this.next();
      return value;
    }
    const value = this.map.get(key);
    if (value !== undefined && this.key !== undefined) {
      while (this.key !== undefined && this.value !== value) this.next();
      if (this.key !== undefined) this.next();
    }
    return value;
  }

  private next(): void {
    const k = this.keys.next();
    this.key = k.done ? undefined : k.value;
    this.value = k.done ? undefined : this.values.next().value;
  }
}
