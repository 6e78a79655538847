/**
 * The suite's flakiness over time, from the history's runs: per day (when the recent history spans a week or
 * more) or per run, the share of test runs that failed and then passed on a retry (flaky) and the share that
 * failed at their last attempt. Pure, one pass over the recent records only.
 */
import type { History, TestRunRecord } from '../model.ts';
import { forEachNewestStretchOf, LazyHistory, newestWindowOf, sameOutcomes, type StoredTest } from '../history/stored.ts';

export interface TrendPoint {
  /** `MM-DD` per day, or the run's position (1 = oldest shown). Never untrusted text. */
  label: string;
  /** Test runs with an outcome (not only skipped). */
  testRuns: number;
  /** Of those, failed at least once and passed at the last attempt. */
  flaky: number;
  /** Of those, failed at the last attempt. */
  failed: number;
}

export interface Trend {
  unit: 'day' | 'run';
  points: TrendPoint[];
  /** Set when only every `stride`-th test was read (a large suite): the shares are estimates. */
  sample?: { tests: number; of: number; stride: number };
}

/** Records read at most; above it, every n-th test is read (shares stay accurate, the cost stays bounded). */
export const TREND_MAX_RECORDS = 300_000;

const DAY = 86_400_000;
const P = 80; // 'P'
const F = 70; // 'F'
const E = 69; // 'E'
const S = 83; // 'S'

/** 0: no outcome (skipped), 1: passed, 2: flaky (failed, then passed), 3: failed at the last attempt. */
function classify(attempts: string): number {
  if (attempts.length === 1) {
    const c = attempts.charCodeAt(0);
    return c === P ? 1 : c === F || c === E ? 3 : 0;
  }
  let last = 0;
  let failedOnce = false;
  for (let i = 0; i < attempts.length; i++) {
    const c = attempts.charCodeAt(i);
    if (c === S) continue;
    last = c;
    if (c === F || c === E) failedOnce = true;
  }
  if (last === 0) return 0;
  if (last === F || last === E) return 3;
  return failedOnce && last === P ? 2 : 1;
}

function pad(n: number): string {
  return n < 10 ? `0${n}` : String(n);
}

export function suiteTrend(history: History, maxPoints = 30, maxRecords = TREND_MAX_RECORDS): Trend {
  const stride = Math.max(1, Math.ceil((history.size * maxPoints) / maxRecords));
  const sample = stride > 1 ? { tests: Math.ceil(history.size / stride), of: history.size, stride } : undefined;
  if (history instanceof LazyHistory && history.inTimeOrder) {
    const byRun = storedRunTrend(history, maxPoints, stride);
    if (byRun) return { ...byRun, ...(sample ? { sample } : {}) };
  }
  // A history in its stored form decodes only the runs read here (src/history/stored.ts).
  const tail =
    history instanceof LazyHistory
      ? (id: string, max: number) => history.tail(id, max)
      : (id: string, max: number): readonly TestRunRecord[] => {
          const runs = history.get(id)!.runs;
          return runs.length <= max ? runs : runs.slice(runs.length - max);
        };
  let newest = Number.NEGATIVE_INFINITY;
  let windowStart = Number.POSITIVE_INFINITY;
  for (const id of history.keys()) {
    const runs = tail(id, maxPoints);
    const n = runs.length;
    if (n === 0) continue;
    const last = runs[n - 1]!.time;
    if (last > newest) newest = last;
    const first = runs[0]!.time;
    if (first < windowStart) windowStart = first;
  }
  if (!Number.isFinite(newest)) return { unit: 'run', points: [] };

  if (newest - windowStart >= 7 * DAY) {
    const lastDay = Math.floor(newest / DAY);
    const firstDay = lastDay - (maxPoints - 1);
    const cutoff = firstDay * DAY;
    const runs = new Int32Array(maxPoints);
    const flaky = new Int32Array(maxPoints);
    const failed = new Int32Array(maxPoints);
    let index = -1;
    for (const id of history.keys()) {
      if (++index % stride !== 0) continue;
      const all = tail(id, Number.POSITIVE_INFINITY);
      for (let i = all.length - 1; i >= 0; i--) {
        const r = all[i]!;
        if (r.time < cutoff) break;
        const k = classify(r.attempts);
        if (k === 0) continue;
        const d = Math.min(maxPoints - 1, Math.floor(r.time / DAY) - firstDay);
        runs[d]!++;
        if (k === 2) flaky[d]!++;
        else if (k === 3) failed[d]!++;
      }
    }
    const points: TrendPoint[] = [];
    for (let d = 0; d < maxPoints; d++) {
      if (runs[d] === 0) continue;
      const date = new Date((firstDay + d) * DAY);
      points.push({ label: `${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`, testRuns: runs[d]!, flaky: flaky[d]!, failed: failed[d]! });
    }
    return { unit: 'day', points, ...(sample ? { sample } : {}) };
  }

  // Per run: a test's record of one of the last `maxPoints` runs is among its own last `maxPoints` records.
  // Most tests ran in the same runs as the test before them: the bucket found at the same distance from the end
  // is tried first, which saves most Map lookups.
  type Bucket = { time: number; testRuns: number; flaky: number; failed: number };
  const buckets = new Map<string, Bucket>();
  const lastKey: string[] = new Array<string>(maxPoints).fill('');
  const lastBucket: Array<Bucket | undefined> = new Array<Bucket | undefined>(maxPoints).fill(undefined);
  let index = -1;
  for (const id of history.keys()) {
    if (++index % stride !== 0) continue;
    const runs = tail(id, maxPoints);
    const stop = 0;
    for (let i = runs.length - 1, j = 0; i >= stop; i--, j++) {
      const r = runs[i]!;
      let b: Bucket | undefined;
      if (lastKey[j] === r.run) {
        b = lastBucket[j]!;
      } else {
        b = buckets.get(r.run);
        if (b === undefined) {
          b = { time: r.time, testRuns: 0, flaky: 0, failed: 0 };
          buckets.set(r.run, b);
        }
        lastKey[j] = r.run;
        lastBucket[j] = b;
      }
      if (r.time < b.time) b.time = r.time;
      const k = classify(r.attempts);
      if (k === 0) continue;
      b.testRuns++;
      if (k === 2) b.flaky++;
      else if (k === 3) b.failed++;
    }
  }
  const recent = [...buckets.values()]
    .filter((b) => b.testRuns > 0)
    .sort((a, b) => a.time - b.time)
    .slice(-maxPoints);
  return {
    unit: 'run',
    points: recent.map((b, i) => ({ label: String(i + 1), testRuns: b.testRuns, flaky: b.flaky, failed: b.failed })),
    ...(sample ? { sample } : {}),
  };
}

/** 12,345 as en-US writes it, without loading Intl's locale data (about 20 ms at start-up) for whole numbers. */
const n = (x: number): string => (Number.isSafeInteger(x) ? String(x).replace(/\B(?=(\d{3})+(?!\d))/g, ',') : x.toLocaleString('en-US'));
function ordinal(k: number): string {
  const tens = k % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][k % 10] ?? 'th');
  return `${n(k)}${suffix}`;
}
const percent = (part: number, whole: number): number => (whole === 0 ? 0 : Math.round((10_000 * part) / whole) / 100);

function niceMax(x: number): number {
  if (x <= 0) return 1;
  const steps = [1, 2, 5, 10, 20, 25, 50, 100];
  return steps.find((s) => s >= x * 1.1) ?? 100;
}

/** A mermaid `xychart-beta` block and a caption; empty when there are fewer than two points. */
export function renderTrend(trend: Trend): string[] {
  const pts = trend.points;
  if (pts.length < 2) return [];
  const flaky = pts.map((p) => percent(p.flaky, p.testRuns));
  const failed = pts.map((p) => percent(p.failed, p.testRuns));
  const top = niceMax(Math.max(...flaky, ...failed));
  const axis = trend.unit === 'day' ? 'day (UTC)' : 'run, oldest to newest';
  const last = pts[pts.length - 1]!;
  const span = trend.unit === 'day' ? `last ${pts.length} days with runs` : `last ${pts.length} runs`;
  return [
    `#### 📈 Suite flakiness over time (${span})`,
    '',
    '```mermaid',
    'xychart-beta',
    '  title "Flaky and failed test runs (%)"',
    `  x-axis "${axis}" [${pts.map((p) => `"${p.label}"`).join(', ')}]`,
    `  y-axis "% of test runs" 0 --> ${top}`,
    `  bar [${flaky.join(', ')}]`,
    `  line [${failed.join(', ')}]`,
    '```',
    '',
    `Bars: test runs that failed, then passed on a retry (flaky). Line: test runs that failed at their last attempt. ` +
      (trend.sample
        ? `Latest ${trend.unit}: ${percent(last.flaky, last.testRuns)}% flaky and ${percent(last.failed, last.testRuns)}% failed. ` +
          `Estimated from every ${ordinal(trend.sample.stride)} test (${n(trend.sample.tests)} of ${n(trend.sample.of)}).`
        : `Latest ${trend.unit}: ${n(last.flaky)} flaky (${percent(last.flaky, last.testRuns)}%) and ` +
          `${n(last.failed)} failed (${percent(last.failed, last.testRuns)}%) of ${n(last.testRuns)} test runs.`),
    '',
  ];
}

/**
 * The per-run trend of a history kept in its stored form, read off the outcome strings without making records
 * (src/history/stored.ts): the same points as the record walk above. Undefined when the recent runs span a week or
 * more (the per-day trend, read from records).
 */
function storedRunTrend(history: LazyHistory, maxPoints: number, stride: number): Omit<Trend, 'sample'> | undefined {
  let newest = Number.NEGATIVE_INFINITY;
  let windowStart = Number.POSITIVE_INFINITY;
  let any = false;
  // A test with the same runs and outcomes as the one before it (sameOutcomes: a suite's quiet tests, one after
  // another) has the same window: it is not read again.
  let before: StoredTest | undefined;
  for (const s of history.stored.values()) {
    if (before !== undefined && sameOutcomes(before, s)) continue;
    before = s;
    const window = newestWindowOf(s, maxPoints);
    if (!window) continue;
    any = true;
    const lastTime = history.timeOf(window[1])!;
    const firstTime = history.timeOf(window[0])!;
    if (lastTime > newest) newest = lastTime;
    if (firstTime < windowStart) windowStart = firstTime;
  }
  if (!any) return { unit: 'run', points: [] };
  if (newest - windowStart >= 7 * DAY) return undefined;
  // Counted a stretch of equal runs at a time, as differences over sequence numbers (a suite's tests mostly share
  // one long stretch of passes): the same counts as visiting run by run.
  // Indexed by run number when the numbers are nearly one after another (as flakeguard writes them), else by rank
  // among the table's numbers: time and memory in proportion to the rows, never to the numbers (1 and 2,000,000,000).
  let maxSeq = 0;
  for (const row of history.rows.values()) if (row.seq > maxSeq) maxSeq = row.seq;
  const sparse = maxSeq > 4 * history.rows.size + 65_536;
  const sorted = sparse ? Float64Array.from(history.rows.values(), (row) => row.seq).sort() : undefined;
  const at = (seq: number): number => {
    if (!sorted) return seq;
    let lo = 0;
    let hi = sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (sorted[mid]! < seq) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  const size = (sorted ? sorted.length : maxSeq + 1) + 1;
  const runs = new Int32Array(size);
  const flakyRuns = new Int32Array(size);
  const failedRuns = new Int32Array(size);
  // Tests read one after another with the same runs and outcomes (sameOutcomes) add the same stretches: they are
  // added once, `times` over.
  let times = 0;
  const add = (first: number, count: number, attempts: string): void => {
    const k = classify(attempts);
    if (k === 0) return;
    const from = at(first);
    const to = at(first + count);
    runs[from]! += times;
    runs[to]! -= times;
    const counts = k === 2 ? flakyRuns : k === 3 ? failedRuns : undefined;
    if (counts) {
      counts[from]! += times;
      counts[to]! -= times;
    }
  };
  let pending: StoredTest | undefined;
  let index = -1;
  for (const s of history.stored.values()) {
    if (++index % stride !== 0) continue;
    if (pending !== undefined && sameOutcomes(pending, s)) {
      times++;
      continue;
    }
    if (pending !== undefined) forEachNewestStretchOf(pending, maxPoints, add);
    pending = s;
    times = 1;
  }
  if (pending !== undefined) forEachNewestStretchOf(pending, maxPoints, add);
  type Bucket = { seq: number; time: number; testRuns: number; flaky: number; failed: number };
  const buckets: Bucket[] = [];
  let testRuns = 0;
  let flaky = 0;
  let failed = 0;
  for (let i = 0; i < size - 1; i++) {
    testRuns += runs[i]!;
    flaky += flakyRuns[i]!;
    failed += failedRuns[i]!;
    const seq = sorted ? sorted[i]! : i;
    if (testRuns > 0) buckets.push({ seq, time: history.timeOf(seq)!, testRuns, flaky, failed });
  }
  const recent = buckets.sort((a, b) => a.time - b.time || a.seq - b.seq).slice(-maxPoints);
  return { unit: 'run', points: recent.map((b, i) => ({ label: String(i + 1), testRuns: b.testRuns, flaky: b.flaky, failed: b.failed })) };
}
