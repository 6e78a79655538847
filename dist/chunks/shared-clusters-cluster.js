// src/clusters/cluster.ts
var DEFAULT_CLUSTER_OPTIONS = { minFailures: 2, minShared: 3, minJaccard: 0.4, maxTests: 5e3, maxPerRun: 400 };
var UnionFind = class {
  parent;
  constructor(n) {
    this.parent = new Int32Array(n);
    for (let i = 0; i < n; i++) this.parent[i] = i;
  }
  find(i) {
    let r = i;
    while (this.parent[r] !== r) r = this.parent[r];
    while (this.parent[i] !== r) {
      const next = this.parent[i];
      this.parent[i] = r;
      i = next;
    }
    return r;
  }
  union(a, b) {
    const ra = this.find(a);
    const rb = this.find(b);
    if (ra !== rb) this.parent[Math.max(ra, rb)] = Math.min(ra, rb);
  }
};
function findClusters(tests, options = DEFAULT_CLUSTER_OPTIONS) {
  const least = Math.max(options.minFailures, options.minShared);
  const eligible = [];
  for (const t of tests) if (t.runs.length >= least) eligible.push(t);
  eligible.sort((a, b) => b.runs.length - a.runs.length || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const taking = eligible.slice(0, Math.max(0, options.maxTests));
  const profileOf = /* @__PURE__ */ new Map();
  const profiles = [];
  for (const t of taking) {
    const key = t.runs.join(",");
    let p = profileOf.get(key);
    if (p === void 0) {
      p = profiles.length;
      profileOf.set(key, p);
      profiles.push({ runs: t.runs, tests: [] });
    }
    profiles[p].tests.push(t);
  }
  const n = profiles.length;
  const inRun = /* @__PURE__ */ new Map();
  for (let p = 0; p < n; p++) for (const seq of profiles[p].runs) inRun.set(seq, (inRun.get(seq) ?? 0) + 1);
  let broadRuns = 0;
  for (const c of inRun.values()) if (c >= 2 && c > options.maxPerRun) broadRuns++;
  const keyNumber = /* @__PURE__ */ new Map();
  const byRun = /* @__PURE__ */ new Map();
  const places = [];
  for (let p = 0; p < n; p++) {
    const first = profiles[p].tests[0];
    const mine = [];
    for (const seq of profiles[p].runs) {
      const c = inRun.get(seq);
      if (c < 2 || c > options.maxPerRun) continue;
      const key = first.keys?.get(seq);
      let k = -1;
      if (key !== void 0) {
        k = keyNumber.get(key) ?? keyNumber.size;
        if (k === keyNumber.size) keyNumber.set(key, k);
      }
      let list = byRun.get(seq);
      if (!list) byRun.set(seq, list = { profiles: [], keys: [] });
      mine.push({ list, at: list.profiles.length });
      list.profiles.push(p);
      list.keys.push(k);
    }
    places.push(mine);
  }
  const uf = new UnionFind(n);
  const lengths = profiles.map((p) => p.runs.length);
  const shared = new Int32Array(n);
  const agree = new Int32Array(n);
  const touched = [];
  for (let a = 0; a < n; a++) {
    const la = lengths[a];
    const least2 = options.minJaccard * la;
    for (const { list, at } of places[a]) {
      const others = list.profiles;
      const ka = list.keys[at];
      for (let i = at + 1; i < others.length; i++) {
        const b = others[i];
        if (lengths[b] < least2) break;
        if (shared[b] === 0) touched.push(b);
        shared[b]++;
        if (ka >= 0 && ka === list.keys[i]) agree[b]++;
      }
    }
    for (const b of touched) {
      const count = shared[b];
      const agreeing = agree[b];
      shared[b] = 0;
      agree[b] = 0;
      const lb = lengths[b];
      if ((la < lb ? la : lb) < options.minJaccard * (la < lb ? lb : la)) continue;
      if (count < options.minShared || count === options.minShared && agreeing < options.minShared) continue;
      if (count >= options.minJaccard * (la + lb - count)) uf.union(a, b);
    }
    touched.length = 0;
  }
  const groups = /* @__PURE__ */ new Map();
  for (let p = 0; p < n; p++) {
    const root = uf.find(p);
    const list = groups.get(root);
    if (list) list.push(...profiles[p].tests);
    else groups.set(root, [...profiles[p].tests]);
  }
  const clusters = [];
  for (const members of groups.values()) {
    if (members.length < 2) continue;
    const cluster = describe(members);
    if (cluster.together >= options.minShared) clusters.push(cluster);
  }
  clusters.sort((a, b) => a.first - b.first || (a.members[0] < b.members[0] ? -1 : 1));
  return { clusters, considered: taking.length, capped: eligible.length - taking.length, broadRuns };
}
function describe(members) {
  const count = /* @__PURE__ */ new Map();
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
  const keys = /* @__PURE__ */ new Map();
  for (const m of members) {
    if (!m.keys) continue;
    for (const [seq, key] of m.keys) if ((count.get(seq) ?? 0) >= 2) keys.set(key, (keys.get(key) ?? 0) + 1);
  }
  let signature;
  let best = 0;
  for (const [key, c] of keys) if (c > best || c === best && signature !== void 0 && key < signature) [signature, best] = [key, c];
  return {
    members: members.map((m) => m.id).sort(),
    ...signature !== void 0 ? { signature } : {},
    first: Number.isFinite(first) ? first : 0,
    last: Number.isFinite(last) ? last : 0,
    together
  };
}
var NO_CLUSTERS = { next: 1, clusters: [] };
function assignIds(found, before) {
  const clusterOf = /* @__PURE__ */ new Map();
  for (let i = 0; i < before.clusters.length; i++) for (const m of before.clusters[i].members) clusterOf.set(m, i);
  const pairs = [];
  for (let f = 0; f < found.length; f++) {
    const overlap = /* @__PURE__ */ new Map();
    for (const m of found[f].members) {
      const b = clusterOf.get(m);
      if (b !== void 0) overlap.set(b, (overlap.get(b) ?? 0) + 1);
    }
    for (const [b, o] of overlap) pairs.push({ f, b, overlap: o });
  }
  pairs.sort((x, y) => y.overlap - x.overlap || before.clusters[x.b].id - before.clusters[y.b].id || (found[x.f].members[0] < found[y.f].members[0] ? -1 : 1));
  const idOf = /* @__PURE__ */ new Map();
  const taken = /* @__PURE__ */ new Set();
  for (const p of pairs) {
    if (idOf.has(p.f) || taken.has(p.b)) continue;
    idOf.set(p.f, before.clusters[p.b]);
    taken.add(p.b);
  }
  let next = Math.max(1, before.next, ...before.clusters.map((c) => c.id + 1));
  const clusters = [];
  for (let f = 0; f < found.length; f++) {
    const c = found[f];
    const old = idOf.get(f);
    const id = old ? old.id : next++;
    clusters.push({
      id,
      members: c.members,
      ...c.signature !== void 0 ? { signature: c.signature } : {},
      since: old ? Math.min(old.since, c.first) : c.first,
      last: c.last,
      together: c.together
    });
  }
  clusters.sort((a, b) => a.id - b.id);
  return { next, clusters };
}

// src/clusters/format.ts
var SIGNATURE_CHARS = 200;
function renderClusters(clusters) {
  const lines = clusters.clusters.map((c) => {
    const line = { since: c.since, last: c.last, together: c.together, ...c.signature !== void 0 ? { sig: c.signature.slice(0, SIGNATURE_CHARS) } : {}, members: c.members };
    return `${JSON.stringify(String(c.id))}: ${JSON.stringify(line)}`;
  });
  return `{"schema": 4, "next": ${clusters.next}, "clusters": {${lines.length ? `
${lines.join(",\n")}
` : ""}}}
`;
}
var isCount = (x) => typeof x === "number" && Number.isSafeInteger(x) && x >= 0;
function parseClusters(text) {
  if (text === void 0) return { clusters: NO_CLUSTERS };
  let parsed;
  try {
    parsed = JSON.parse(text.replace(/^\uFEFF/, ""));
  } catch (error) {
    return { clusters: NO_CLUSTERS, problem: `not valid JSON: ${error instanceof Error ? error.message : String(error)}` };
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) return { clusters: NO_CLUSTERS, problem: "expected a JSON object" };
  const record = parsed;
  const body = record.clusters;
  if (typeof body !== "object" || body === null || Array.isArray(body)) return { clusters: NO_CLUSTERS, problem: 'expected a "clusters" object' };
  const clusters = [];
  let bad = 0;
  const seen = /* @__PURE__ */ new Set();
  for (const [key, value] of Object.entries(body)) {
    const id = Number(key);
    const v = value;
    if (!/^[1-9]\d{0,8}$/.test(key) || typeof v !== "object" || v === null || !isCount(v.since) || !isCount(v.last) || !isCount(v.together) || !Array.isArray(v.members) || !v.members.every((m) => typeof m === "string") || v.sig !== void 0 && typeof v.sig !== "string") {
      bad++;
      continue;
    }
    const members = [...new Set(v.members)].filter((m) => !seen.has(m)).sort();
    for (const m of members) seen.add(m);
    if (members.length === 0) continue;
    clusters.push({ id, members, ...typeof v.sig === "string" ? { signature: v.sig.slice(0, SIGNATURE_CHARS) } : {}, since: v.since, last: v.last, together: v.together });
  }
  clusters.sort((a, b) => a.id - b.id);
  const highest = clusters.reduce((m, c) => Math.max(m, c.id + 1), 1);
  const next = isCount(record.next) ? Math.max(record.next, highest) : highest;
  return { clusters: { next, clusters }, ...bad > 0 ? { problem: `${bad} cluster${bad === 1 ? "" : "s"} could not be read` } : {} };
}
function clusterIndex(clusters) {
  const out = /* @__PURE__ */ new Map();
  for (const c of clusters.clusters) for (const m of c.members) out.set(m, c);
  return out;
}

export {
  DEFAULT_CLUSTER_OPTIONS,
  findClusters,
  NO_CLUSTERS,
  assignIds,
  renderClusters,
  parseClusters,
  clusterIndex
};
