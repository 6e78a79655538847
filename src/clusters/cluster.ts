/**
 * Co-failure clusters (docs/clusters.md): tests whose failures come in the same runs, so that one cause (an
 * infrastructure fault, a shared fixture, a polluter) is named once instead of once per test. Pure.
 *
 * The rule (ADR 0485):
 * - **Who takes part.** A test with at least `minFailures` failing runs in its window (and `minShared`: fewer can link to nothing) (a run with a failed or errored
 *   attempt; outage failures and untrusted runs left out: an outage is reported as an outage). At most
 *   `maxTests` of them, those with the most failing runs first (ties by id): the cost is bounded whatever the suite's
 *   size (ADR 0487).
 * - **Who belongs together.** Two tests are linked when they failed together in more than `minShared` runs, or in
 *   `minShared` runs with the same failure key in each, and those runs are at least `minJaccard` of the runs either
 *   failed in (Jaccard similarity of their sets of failing runs).
 *   A cluster is a connected group of two tests or more. Tests with the same set of failing runs are one profile,
 *   compared once; a run in which more than `maxPerRun` profiles failed adds no links (it is too broad to say who goes
 *   with whom), so the pair counting costs at most `maxPerRun`² per run.
 * - **Its signature.** The failure key (the normalised message, numbers as `#`) most members failed with in the runs
 *   where two members or more failed together; ties by the key's text.
 * - **Its id** (ADR 0486): see `assignIds`.
 */

/** One test's failures, as the cluster rule reads them. */
export interface FailureProfile {
  id: string;
  /** Sequence numbers of the runs it failed in, increasing, without duplicates. */
  runs: readonly number[];
  /** The failure key of each run that has one, by sequence number. */
  keys?: ReadonlyMap<number, string>;
}

export interface ClusterOptions {
  minFailures: number;
  minShared: number;
  minJaccard: number;
  maxTests: number;
  maxPerRun: number;
}

export const DEFAULT_CLUSTER_OPTIONS: ClusterOptions = { minFailures: 2, minShared: 3, minJaccard: 0.4, maxTests: 5000, maxPerRun: 400 };

/** A cluster as found in one run, before it has an id. */
export interface FoundCluster {
  /** Sorted. */
  members: string[];
  /** The most common failure key of its co-failures, when any has one. */
  signature?: string;
  /** The first run (sequence number) in which two members or more failed together. */
  first: number;
  /** The newest such run. */
  last: number;
  /** Runs in which two members or more failed together. */
  together: number;
}

export interface FoundClusters {
  clusters: FoundCluster[];
  /** Tests that took part (at most maxTests). */
  considered: number;
  /** Tests with enough failures left out by the cap. */
  capped: number;
  /** Runs that added no links because too many profiles failed in them. */
  broadRuns: number;
}

class UnionFind {
  private readonly parent: Int32Array;
  constructor(n: number) {
    this.parent = new Int32Array(n);
    for (let i = 0; i < n; i++) this.parent[i] = i;
  }
  find(i: number): number {
    let r = i;
    while (this.parent[r] !== r) r = this.parent[r]!;
    while (this.parent[i] !== r) {
      const next = this.parent[i]!;
      this.parent[i] = r;
      i = next;
    }
    return r;
  }
  union(a: number, b: number): void {
    const ra = this.find(a);
    const rb = this.find(b);
    if (ra !== rb) this.parent[Math.max(ra, rb)] = Math.min(ra, rb);
  }
}

export function findClusters(tests: Iterable<FailureProfile>, options: ClusterOptions = DEFAULT_CLUSTER_OPTIONS): FoundClusters {
  // A test links only through minShared shared runs, so fewer failures than that can never take part.
  const least = Math.max(options.minFailures, options.minShared);
  const eligible: FailureProfile[] = [];
  for (const t of tests) if (t.runs.length >= least) eligible.push(t);
  eligible.sort((a, b) => b.runs.length - a.runs.length || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const taking = eligible.slice(0, Math.max(0, options.maxTests));

  // Tests with the same failing runs: one profile.
  const profileOf = new Map<string, number>();
  const profiles: Array<{ runs: readonly number[]; tests: FailureProfile[] }> = [];
  for (const t of taking) {
    const key = t.runs.join(',');
    let p = profileOf.get(key);
    if (p === undefined) {
      p = profiles.length;
      profileOf.set(key, p);
      profiles.push({ runs: t.runs, tests: [] });
    }
    profiles[p]!.tests.push(t);
  }

  // How many profiles failed in each run: a run with fewer than two, or more than maxPerRun, adds no links and is
  // left out of the lists below (at 100k tests most failing runs are broad: their entries are never made).
  const n = profiles.length;
  const inRun = new Map<number, number>();
  for (let p = 0; p < n; p++) for (const seq of profiles[p]!.runs) inRun.set(seq, (inRun.get(seq) ?? 0) + 1);
  let broadRuns = 0;
  for (const c of inRun.values()) if (c >= 2 && c > options.maxPerRun) broadRuns++;

  // Runs that can link → the profiles that failed in them (in increasing profile order), with each one's failure key
  // as a number.
  const keyNumber = new Map<string, number>();
  const byRun = new Map<number, { profiles: number[]; keys: number[] }>();
  /** Per profile, where it stands in each of its linking runs' lists. */
  const places: Array<Array<{ list: { profiles: number[]; keys: number[] }; at: number }>> = [];
  for (let p = 0; p < n; p++) {
    const first = profiles[p]!.tests[0]!;
    const mine: Array<{ list: { profiles: number[]; keys: number[] }; at: number }> = [];
    for (const seq of profiles[p]!.runs) {
      const c = inRun.get(seq)!;
      if (c < 2 || c > options.maxPerRun) continue;
      const key = first.keys?.get(seq);
      let k = -1;
      if (key !== undefined) {
        k = keyNumber.get(key) ?? keyNumber.size;
        if (k === keyNumber.size) keyNumber.set(key, k);
      }
      let list = byRun.get(seq);
      if (!list) byRun.set(seq, (list = { profiles: [], keys: [] }));
      mine.push({ list, at: list.profiles.length });
      list.profiles.push(p);
      list.keys.push(k);
    }
    places.push(mine);
  }

  // Shared runs counted per pair of profiles, one profile at a time against the later ones (counters of n entries,
  // reset after each): the pair counting costs the pairs that failed together, at most maxPerRun² per run.
  const uf = new UnionFind(n);
  const lengths = profiles.map((p) => p.runs.length);
  const shared = new Int32Array(n);
  const agree = new Int32Array(n);
  const touched: number[] = [];
  for (let a = 0; a < n; a++) {
    const la = lengths[a]!;
    // Profiles come most failing runs first, so the later ones of a run fail in no more runs than this one: from the
    // first that fails in fewer than minJaccard of its runs on, none can reach minJaccard with it.
    const least = options.minJaccard * la;
    for (const { list, at } of places[a]!) {
      const others = list.profiles;
      const ka = list.keys[at]!;
      for (let i = at + 1; i < others.length; i++) {
        const b = others[i]!;
        if (lengths[b]! < least) break;
        if (shared[b] === 0) touched.push(b);
        shared[b]!++;
        if (ka >= 0 && ka === list.keys[i]) agree[b]!++;
      }
    }
    for (const b of touched) {
      const count = shared[b]!;
      const agreeing = agree[b]!;
      shared[b] = 0;
      agree[b] = 0;
      // Jaccard is at most the shorter set over the longer: a pair that cannot reach minJaccard is not linked.
      const lb = lengths[b]!;
      if ((la < lb ? la : lb) < options.minJaccard * (la < lb ? lb : la)) continue;
      // Without the same failure key in minShared of them, one shared run more is needed.
      if (count < options.minShared || (count === options.minShared && agreeing < options.minShared)) continue;
      if (count >= options.minJaccard * (la + lb - count)) uf.union(a, b);
    }
    touched.length = 0;
  }
  // A profile of several tests is a cluster of its own when its tests failed together often enough.
  const groups = new Map<number, FailureProfile[]>();
  for (let p = 0; p < n; p++) {
    const root = uf.find(p);
    const list = groups.get(root);
    if (list) list.push(...profiles[p]!.tests);
    else groups.set(root, [...profiles[p]!.tests]);
  }

  const clusters: FoundCluster[] = [];
  for (const members of groups.values()) {
    if (members.length < 2) continue;
    const cluster = describe(members);
    if (cluster.together >= options.minShared) clusters.push(cluster);
  }
  clusters.sort((a, b) => a.first - b.first || (a.members[0]! < b.members[0]! ? -1 : 1));
  return { clusters, considered: taking.length, capped: eligible.length - taking.length, broadRuns };
}

function describe(members: readonly FailureProfile[]): FoundCluster {
  const count = new Map<number, number>();
  for (const m of members) for (const seq of m.runs) count.set(seq, (count.get(seq) ?? 0) + 1);
  let first = Infinity;
  let last = -Infinity;
  let together = 0;
  for (const [seq, c] of count) {
    if (c < 2) continue;
    together++;
    if (seq < first) first = seq;
    if (seq > last) last = seq;
  }
  const keys = new Map<string, number>();
  for (const m of members) {
    if (!m.keys) continue;
    for (const [seq, key] of m.keys) if ((count.get(seq) ?? 0) >= 2) keys.set(key, (keys.get(key) ?? 0) + 1);
  }
  let signature: string | undefined;
  let best = 0;
  for (const [key, c] of keys) if (c > best || (c === best && signature !== undefined && key < signature)) [signature, best] = [key, c];
  return {
    members: members.map((m) => m.id).sort(),
    ...(signature !== undefined ? { signature } : {}),
    first: Number.isFinite(first) ? first : 0,
    last: Number.isFinite(last) ? last : 0,
    together,
  };
}

/* ---------- ids that do not churn ---------- */

/** A cluster as stored on the data branch (clusters.json). */
export interface StoredCluster {
  id: number;
  /** Sorted. */
  members: string[];
  signature?: string;
  /** The first run (sequence number) in which its members failed together, kept while the cluster keeps its id. */
  since: number;
  /** The newest run in which two members or more failed together. */
  last: number;
  /** Runs in the window in which two members or more failed together. */
  together: number;
}

export interface StoredClusters {
  /** The next id to give: ids are never given twice. */
  next: number;
  clusters: StoredCluster[];
}

export const NO_CLUSTERS: StoredClusters = { next: 1, clusters: [] };

/**
 * Ids of this run's clusters (ADR 0486): a cluster takes the id of the stored cluster it shares the most members with
 * (each stored id given once: the pairs of most shared members first, then the older id, then the new cluster's
 * first member); a cluster sharing no member with a stored one that is still free takes a new id. So a member joining
 * or leaving keeps the id; a split keeps it for the part with the most of the old members; a merge keeps the older
 * (lower) id among those with the most members in it. A stored cluster no longer found is dropped, and its id is not
 * given again (`next` only grows). `since` is kept from the stored cluster, else it is the cluster's first co-failure.
 */
export function assignIds(found: readonly FoundCluster[], before: StoredClusters): StoredClusters {
  const clusterOf = new Map<string, number>();
  for (let i = 0; i < before.clusters.length; i++) for (const m of before.clusters[i]!.members) clusterOf.set(m, i);
  const pairs: Array<{ f: number; b: number; overlap: number }> = [];
  for (let f = 0; f < found.length; f++) {
    const overlap = new Map<number, number>();
    for (const m of found[f]!.members) {
      const b = clusterOf.get(m);
      if (b !== undefined) overlap.set(b, (overlap.get(b) ?? 0) + 1);
    }
    for (const [b, o] of overlap) pairs.push({ f, b, overlap: o });
  }
  pairs.sort((x, y) => y.overlap - x.overlap || before.clusters[x.b]!.id - before.clusters[y.b]!.id || (found[x.f]!.members[0]! < found[y.f]!.members[0]! ? -1 : 1));
  const idOf = new Map<number, StoredCluster>();
  const taken = new Set<number>();
  for (const p of pairs) {
    if (idOf.has(p.f) || taken.has(p.b)) continue;
    idOf.set(p.f, before.clusters[p.b]!);
    taken.add(p.b);
  }
  let next = Math.max(1, before.next, ...before.clusters.map((c) => c.id + 1));
  const clusters: StoredCluster[] = [];
  for (let f = 0; f < found.length; f++) {
    const c = found[f]!;
    const old = idOf.get(f);
    const id = old ? old.id : next++;
    clusters.push({
      id,
      members: c.members,
      ...(c.signature !== undefined ? { signature: c.signature } : {}),
      since: old ? Math.min(old.since, c.first) : c.first,
      last: c.last,
      together: c.together,
    });
  }
  clusters.sort((a, b) => a.id - b.id);
  return { next, clusters };
}
