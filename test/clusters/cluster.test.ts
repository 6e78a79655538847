import { describe, expect, it } from 'vitest';
import { assignIds, findClusters, DEFAULT_CLUSTER_OPTIONS, NO_CLUSTERS, type FailureProfile } from '../../src/clusters/cluster.ts';
import { parseClusters, renderClusters } from '../../src/clusters/format.ts';

const p = (id: string, runs: number[], key?: string): FailureProfile => ({ id, runs, ...(key ? { keys: new Map(runs.map((r) => [r, key])) } : {}) });

describe('findClusters', () => {
  it('groups tests that fail in the same runs, with the signature most of them share', () => {
    const found = findClusters([
      p('a', [3, 7, 9], 'econnreset'),
      p('b', [3, 7, 9], 'econnreset'),
      p('c', [3, 7, 9, 12], 'econnreset'),
      p('f', [3, 7, 9, 15, 16], 'timeout'),
      p('d', [4, 20]),
      p('e', [5, 21]),
    ]);
    // f shares three runs with the others but another failure key: not enough without a fourth.
    expect(found.clusters).toEqual([{ members: ['a', 'b', 'c'], signature: 'econnreset', first: 3, last: 9, together: 3 }]);
    const more = findClusters([p('a', [3, 7, 9, 12], 'x'), p('f', [3, 7, 9, 12, 15], 'y')]);
    expect(more.clusters.map((c) => c.members)).toEqual([['a', 'f']]);
  });

  it('never links tests that shared one run only, or whose shared runs are a small part of their failures', () => {
    expect(findClusters([p('a', [1, 2], 'k'), p('b', [1, 3], 'k')]).clusters).toEqual([]);
    expect(findClusters([p('a', [1, 2, 4], 'k'), p('b', [1, 2, 3], 'k')]).clusters).toEqual([]);
    const noisy = Array.from({ length: 20 }, (_, i) => i + 1);
    expect(findClusters([p('a', [1, 2]), p('b', noisy)]).clusters).toEqual([]);
  });

  it('leaves out tests with fewer failures than minFailures, and caps the tests that take part', () => {
    const tests = Array.from({ length: 10 }, (_, i) => p(`t${i}`, [1, 2, 3, 4, ...(i < 3 ? [5] : [])]));
    const capped = findClusters(tests, { ...DEFAULT_CLUSTER_OPTIONS, maxTests: 4 });
    expect(capped.considered).toBe(4);
    expect(capped.capped).toBe(6);
    expect(capped.clusters[0]!.members).toEqual(['t0', 't1', 't2', 't3']);
    expect(findClusters([p('x', [1]), p('y', [1])]).clusters).toEqual([]);
  });

  it('skips a run too broad to say who goes with whom', () => {
    const tests = Array.from({ length: 6 }, (_, i) => p(`t${i}`, [1, 2, 3, 4, 10 + i]));
    const found = findClusters(tests, { ...DEFAULT_CLUSTER_OPTIONS, maxPerRun: 5 });
    expect(found.broadRuns).toBe(4);
    expect(found.clusters).toEqual([]);
  });

  it('stays linear in the tests when thousands fail in groups (a quadratic pass over tests would not finish)', () => {
    const tests: FailureProfile[] = [];
    for (let g = 0; g < 500; g++) for (let k = 0; k < 10; k++) tests.push(p(`g${g}-${k}`, [g * 3 + 1, g * 3 + 2, 2000 + g, 3000 + g]));
    const found = findClusters(tests);
    expect(found.clusters).toHaveLength(500);
    expect(found.clusters.every((c) => c.members.length === 10)).toBe(true);
  }, 20_000);
});

/**
 * The rule of ADR 0485 read literally: every pair of profiles (tests with the same failing runs) compared over every
 * run, as slow as it is plain. findClusters must find what this finds.
 */
function literalClusters(tests: FailureProfile[], o = DEFAULT_CLUSTER_OPTIONS): string[][] {
  const taking = tests
    .filter((t) => t.runs.length >= Math.max(o.minFailures, o.minShared))
    .sort((a, b) => b.runs.length - a.runs.length || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .slice(0, o.maxTests);
  const profiles: FailureProfile[][] = [];
  for (const t of taking) {
    const same = profiles.find((p) => p[0]!.runs.join() === t.runs.join());
    if (same) same.push(t);
    else profiles.push([t]);
  }
  const inRun = new Map<number, number>();
  for (const p of profiles) for (const seq of p[0]!.runs) inRun.set(seq, (inRun.get(seq) ?? 0) + 1);
  const group = profiles.map((_, i) => i);
  const root = (i: number): number => (group[i] === i ? i : root(group[i]!));
  for (let a = 0; a < profiles.length; a++) {
    for (let b = a + 1; b < profiles.length; b++) {
      const [ra, rb] = [profiles[a]![0]!, profiles[b]![0]!];
      const both = ra.runs.filter((seq) => rb.runs.includes(seq) && inRun.get(seq)! <= o.maxPerRun);
      const agreeing = both.filter((seq) => ra.keys?.get(seq) !== undefined && ra.keys.get(seq) === rb.keys?.get(seq)).length;
      const [la, lb] = [ra.runs.length, rb.runs.length];
      if (Math.min(la, lb) < o.minJaccard * Math.max(la, lb)) continue;
      if (both.length < o.minShared || (both.length === o.minShared && agreeing < o.minShared)) continue;
      if (both.length >= o.minJaccard * (la + lb - both.length)) group[Math.max(root(a), root(b))] = Math.min(root(a), root(b));
    }
  }
  const out = new Map<number, string[]>();
  profiles.forEach((p, i) => out.set(root(i), [...(out.get(root(i)) ?? []), ...p.map((t) => t.id)]));
  return [...out.values()]
    .filter((m) => m.length >= 2)
    .map((m) => m.sort())
    .filter((m) => {
      const count = new Map<number, number>();
      for (const t of taking.filter((x) => m.includes(x.id))) for (const seq of t.runs) count.set(seq, (count.get(seq) ?? 0) + 1);
      return [...count.values()].filter((c) => c >= 2).length >= o.minShared;
    })
    .sort((a, b) => (a[0]! < b[0]! ? -1 : 1));
}

/** Runs in which more than maxPerRun profiles (and two or more) of the tests taking part failed, read literally. */
function literalBroadRuns(tests: FailureProfile[], o = DEFAULT_CLUSTER_OPTIONS): number {
  const taking = tests
    .filter((t) => t.runs.length >= Math.max(o.minFailures, o.minShared))
    .sort((a, b) => b.runs.length - a.runs.length || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .slice(0, o.maxTests);
  const profiles = new Set(taking.map((t) => t.runs.join()));
  const inRun = new Map<number, number>();
  for (const p of profiles) for (const seq of p.split(',').map(Number)) inRun.set(seq, (inRun.get(seq) ?? 0) + 1);
  return [...inRun.values()].filter((c) => c >= 2 && c > o.maxPerRun).length;
}

describe('findClusters against the rule read literally', () => {
  it('finds the same clusters on thousands of random worlds (groups, loners, shared and differing keys, caps)', () => {
    let seed = 7;
    const rnd = (): number => (seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32;
    let found = 0;
    let broad = 0;
    for (let world = 0; world < 1500; world++) {
      const groups = 1 + Math.floor(rnd() * 5);
      const runs = 3 + Math.floor(rnd() * 30);
      const tests: FailureProfile[] = [];
      for (let t = 0, n = 2 + Math.floor(rnd() * 40); t < n; t++) {
        const g = Math.floor(rnd() * groups);
        const seqs: number[] = [];
        const keys = new Map<number, string>();
        for (let r = 0; r < runs; r++) {
          if (rnd() >= (r % groups === g ? 0.7 : 0.1)) continue;
          seqs.push(r);
          if (rnd() < 0.8) keys.set(r, ['x', 'y', 'z'][Math.floor(rnd() * (1 + (t % 3)))]!);
        }
        if (seqs.length) tests.push({ id: `t${t}`, runs: seqs, ...(keys.size ? { keys } : {}) });
      }
      const options = { ...DEFAULT_CLUSTER_OPTIONS, ...(world % 3 === 0 ? { maxPerRun: 4 + Math.floor(rnd() * 10) } : {}), ...(world % 5 === 0 ? { maxTests: 10 } : {}) };
      const result = findClusters(tests, options);
      const clusters = result.clusters.map((c) => c.members);
      expect([...clusters].sort((a, b) => (a[0]! < b[0]! ? -1 : 1))).toEqual(literalClusters(tests, options));
      expect(result.broadRuns).toBe(literalBroadRuns(tests, options));
      broad += result.broadRuns;
      found += clusters.length;
    }
    expect(found).toBeGreaterThan(1000);
    expect(broad).toBeGreaterThan(30);
  }, 60_000);
});

describe('assignIds: ids do not churn', () => {
  const c = (members: string[], first = 1) => ({ members, first, last: first + 5, together: 3 });

  it('keeps an id when a member joins or leaves, and gives new clusters new ids', () => {
    const one = assignIds([c(['a', 'b', 'c'])], NO_CLUSTERS);
    expect(one.clusters.map((x) => [x.id, x.members])).toEqual([[1, ['a', 'b', 'c']]]);
    const two = assignIds([c(['a', 'b', 'c', 'd'], 4), c(['x', 'y'])], one);
    expect(two.clusters.map((x) => [x.id, x.members, x.since])).toEqual([
      [1, ['a', 'b', 'c', 'd'], 1],
      [2, ['x', 'y'], 1],
    ]);
    const three = assignIds([c(['b', 'd'], 9), c(['x', 'y'])], two);
    expect(three.clusters.map((x) => x.id)).toEqual([1, 2]);
  });

  it('gives a split the id for its larger part, a merge the older id, and never gives an id twice', () => {
    const before = assignIds([c(['a', 'b', 'c']), c(['x', 'y'])], NO_CLUSTERS);
    const split = assignIds(
      [c(['a']), c(['b', 'c'])].filter((x) => x.members.length > 1),
      before,
    );
    expect(split.clusters.map((x) => x.id)).toEqual([1]);
    const merged = assignIds([c(['a', 'b', 'x', 'y'])], before);
    expect(merged.clusters.map((x) => x.id)).toEqual([1]);
    const gone = assignIds([], merged);
    const back = assignIds([c(['q', 'r'])], gone);
    expect(back.clusters.map((x) => x.id)).toEqual([3]);
  });
});

describe('clusters.json', () => {
  it('reads back what it writes, and a broken file starts afresh above every id it still shows', () => {
    const stored = assignIds([{ members: ['a', 'b"\n<x>'], signature: 'boom', first: 2, last: 5, together: 2 }], { next: 7, clusters: [] });
    const text = renderClusters(stored);
    expect(parseClusters(text)).toEqual({ clusters: stored });
    expect(parseClusters('{"schema": 4, "next": 3, "clusters": {"5": {"since": 1, "last": 2, "together": 2, "members": ["a", "b"]}, "x": 1}}')).toEqual({
      clusters: { next: 6, clusters: [{ id: 5, members: ['a', 'b'], since: 1, last: 2, together: 2 }] },
      problem: '1 cluster could not be read',
    });
    expect(parseClusters('not json').problem).toMatch(/^not valid JSON/);
    expect(parseClusters(undefined)).toEqual({ clusters: NO_CLUSTERS });
  });
});
