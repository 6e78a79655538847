/**
 * The failures and the trend read off a history in its stored form (src/clusters/from-history.ts,
 * src/report/trend.ts) against the same history decoded (a plain Map of TestHistory: the records read one by one),
 * on random worlds: gaps, retries, messages, outages, untrusted runs, runs out of time order, and long stretches of
 * quiet tests, alike in content or sharing one segments array.
 */
import { describe, expect, it } from 'vitest';
import type { History } from '../../src/model.ts';
import { LazyHistory, type StoredTest } from '../../src/history/stored.ts';
import type { Segment } from '../../src/history/outcome-string.ts';
import type { RunRow, RunTable } from '../../src/store/history-format.ts';
import { clustersFileAfter, failureProfiles } from '../../src/clusters/from-history.ts';
import type { FailureProfile } from '../../src/clusters/cluster.ts';
import { suiteTrend } from '../../src/report/trend.ts';

const HOUR = 3_600_000;
const MESSAGES = ['boom 1', 'boom 22', 'timeout after 5 s', 'connect ECONNRESET 127.0.0.1:38211'];

function world(rnd: () => number): { lazy: LazyHistory; rows: Map<string, RunRow> } {
  const runs = 2 + Math.floor(rnd() * 40);
  const shuffled = rnd() < 0.15; // run times not growing with sequence numbers
  const gap = rnd() < 0.25 ? 24 * HOUR : HOUR; // a day between runs: the trend per day, read from records
  const rows = new Map<string, RunRow>();
  for (let i = 0; i < runs; i++) {
    const seq = 1 + i;
    const time = Date.UTC(2026, 0, 1) + (shuffled ? Math.floor(rnd() * runs) : i) * gap;
    const outages = rnd() < 0.15 ? [MESSAGES[Math.floor(rnd() * MESSAGES.length)]!.replace(/\d+/g, '#')] : undefined;
    rows.set(`${1000 + i}/test/abc`, { seq, sha: `s${i % 3}`, time, onDefaultBranch: i % 4 !== 3, jobSucceeded: true, ...(outages ? { outages } : {}), ...(rnd() < 0.1 ? { untrusted: true } : {}) });
  }
  const stored = new Map<string, StoredTest>();
  const quietShared: readonly Segment[] = [{ a: 'P', n: runs }];
  const tests = 1 + Math.floor(rnd() * 60);
  for (let t = 0; t < tests; t++) {
    const id = `pkg.T${t % 7}::case${t}`;
    const kind = rnd();
    let from = 1;
    let segments: Segment[] | readonly Segment[];
    const m: Record<string, string> = {};
    if (kind < 0.35) {
      segments = quietShared; // shares the array
    } else if (kind < 0.5) {
      // Alike in content: to the newest run, or as many runs from a different first run.
      from = 1 + Math.floor(rnd() * 3);
      segments = [{ a: rnd() < 0.8 ? 'P' : 'S', n: rnd() < 0.5 || runs < 5 ? runs - from + 1 : runs - 3 }];
    } else {
      from = 1 + Math.floor(rnd() * Math.min(3, runs));
      const list: Segment[] = [];
      let seq = from;
      while (seq <= runs) {
        const n = 1 + Math.floor(rnd() * Math.min(4, runs - seq + 1));
        const a = list.length > 0 && rnd() < 0.15 ? '' : ['P', 'P', 'P', 'F', 'E', 'FP', 'FF', 'EP', 'S', 'SP'][Math.floor(rnd() * 10)]!;
        if (a !== '' || seq + n <= runs) {
          list.push({ a, n });
          if (/[FE]/.test(a)) for (let k = 0; k < n; k++) if (rnd() < 0.7) m[String(seq + k)] = MESSAGES[Math.floor(rnd() * MESSAGES.length)]!;
        } else list.push({ a: 'P', n });
        seq += n;
      }
      segments = list;
    }
    const test: StoredTest = { name: `case${t}`, classname: `pkg.T${t % 7}`, from, segments };
    if (Object.keys(m).length > 0) test.m = m;
    if (rnd() < 0.5) test.d = 0.5;
    stored.set(id, test);
  }
  return { lazy: new LazyHistory(stored, rows), rows };
}

/** A profile as plain data (its keys sorted by run). */
function plainProfile(p: FailureProfile): unknown {
  return { id: p.id, runs: [...p.runs], keys: p.keys ? [...p.keys].sort((a, b) => a[0] - b[0]) : undefined };
}

function lcg(seed: number): () => number {
  return () => (seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32;
}

describe('the failures and the trend of a history in its stored form', () => {
  it('gives the profiles, clusters.json and the trend the decoded history gives, on hundreds of random worlds', () => {
    const rnd = lcg(42);
    let profiles = 0;
    let clustered = 0;
    let outOfOrder = 0;
    let perRun = 0;
    for (let w = 0; w < 800; w++) {
      const { lazy, rows } = world(rnd);
      const decoded: History = new Map([...lazy]);
      // The runs table the step hands over holds the history's rows; sometimes numbered otherwise (seqOf then differs).
      let runs: RunTable = rows;
      if (w % 7 === 0) {
        const renumbered = new Map<string, RunRow>();
        const n = rows.size;
        for (const [key, row] of rows) renumbered.set(key, { ...row, seq: n + 1 - row.seq });
        runs = renumbered;
        outOfOrder++;
      }
      const fromStored = [...failureProfiles(lazy, runs)].map(plainProfile);
      expect(fromStored).toEqual([...failureProfiles(decoded, runs)].map(plainProfile));
      profiles += fromStored.length;
      const file = clustersFileAfter(undefined, lazy, runs);
      expect(file.text).toBe(clustersFileAfter(undefined, decoded, runs).text);
      clustered += file.update.clusters.clusters.length;
      for (const [points, records] of [
        [30, 300_000],
        [5, 300_000],
        [5, 20],
        [3, 7],
      ] as const) {
        const trend = suiteTrend(lazy, points, records);
        expect(trend, `world ${w}, ${points} points`).toEqual(suiteTrend(decoded, points, records));
        if (trend.unit === 'run' && trend.points.length > 1) perRun++;
      }
    }
    // The worlds are not trivial.
    expect(profiles).toBeGreaterThan(4_000);
    expect(clustered).toBeGreaterThan(20);
    expect(outOfOrder).toBeGreaterThan(50);
    expect(perRun).toBeGreaterThan(1000); // the trend read off the outcome strings (storedRunTrend)
  }, 120_000);
});
