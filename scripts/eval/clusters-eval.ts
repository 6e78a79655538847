/**
 * Co-failure clusters, measured (docs/clusters.md): a world whose tests fail in groups (an infrastructure fault, a
 * shared fixture: every member of a group fails, each with its own chance, in the runs the group's cause strikes),
 * beside tests flaky on their own, driven through the pipeline's pure core run after run (applyRun on the snapshot
 * parsed from the files the previous run wrote, as cells-eval.ts does) with clusters.json written after each run as
 * the step writes it (src/pipeline/clusters-file.ts).
 *
 *   node scripts/eval/clusters-eval.ts                    3 seeds, 120 runs, 400 tests, 8 groups
 *   node scripts/eval/clusters-eval.ts --seeds 1 --runs 60 --tests 2000 --groups 20
 *
 * Truth: the world's groups. Measured at the last run, over the group members that failed at least twice (the
 * tests the rule can see; recall over every member is printed too):
 * - **pairwise precision**: pairs of tests put in one cluster that are in one group; **pairwise recall**: pairs of
 *   one group put in one cluster;
 * - **groups whole**: groups whose members are one cluster and nothing else;
 * - **id changes**: times a group's cluster (the one holding most of its members) changed id from one run to the next;
 * - **decisions**: the quarantine after every run, with clusters.json written and without: must be identical;
 * - **CPU**: the clusters' share of each run's CPU time (process.cpuUsage), in total and per run.
 */
import { applyRun, DEFAULT_APPLY_OPTIONS } from '../../src/pipeline/apply.ts';
import { clusterFiles } from '../../src/pipeline/clusters-file.ts';
import { parseClusters, CLUSTERS_FILE } from '../../src/clusters/format.ts';
import { parseSnapshot } from '../../src/store/snapshot.ts';
import { normalizeErrorMessage } from '../../src/history/error-message.ts';
import type { Attempt, ParsedTestCase, RunContext } from '../../src/model.ts';
import { hex, intBetween, stream, type Rng } from './rng.ts';

export interface ClustersWorldOptions {
  seed: number;
  runs: number;
  tests: number;
  groups: number;
  /** Members of a group, at least and at most. */
  groupSize: [number, number];
  /** Per run: the chance that a group's cause strikes, drawn between these. */
  strike: [number, number];
  /** When it strikes: each member fails with this chance. */
  memberFails: number;
  /** Tests flaky on their own (not in a group), each with a rate from `rates`. */
  alone: number;
  rates: number[];
  /** A group member's own flakiness besides its group's (per run). */
  memberNoise: number;
}

export const DEFAULT_CLUSTERS_WORLD: Omit<ClustersWorldOptions, 'seed'> = {
  runs: 120,
  tests: 400,
  groups: 8,
  groupSize: [3, 15],
  strike: [0.04, 0.15],
  memberFails: 0.85,
  alone: 30,
  rates: [0.03, 0.06, 0.1, 0.2],
  memberNoise: 0.02,
};

interface World {
  options: ClustersWorldOptions;
  ids: string[];
  /** Group of each member. */
  groupOf: Map<string, number>;
  groups: string[][];
  strike: number[];
  /** Each group's message: shared (an infrastructure fault) or each member's own (a shared fixture). */
  shared: boolean[];
  rate: Map<string, number>;
  shas: string[];
}

function world(options: ClustersWorldOptions): World {
  const rng = stream(options.seed, 'clusters-world');
  const ids = Array.from({ length: options.tests }, (_, i) => `pkg${i % 40}.Suite${i % 7}::test${i}`);
  const order = [...ids].sort(() => rng() - 0.5);
  const groups: string[][] = [];
  const groupOf = new Map<string, number>();
  let at = 0;
  for (let g = 0; g < options.groups; g++) {
    const size = intBetween(rng, options.groupSize[0], options.groupSize[1]);
    const members = order.slice(at, at + size);
    at += size;
    groups.push(members);
    for (const m of members) groupOf.set(m, g);
  }
  const rate = new Map<string, number>();
  for (const id of order.slice(at, at + options.alone)) rate.set(id, options.rates[intBetween(rng, 0, options.rates.length - 1)]!);
  return {
    options,
    ids,
    groupOf,
    groups,
    strike: groups.map(() => options.strike[0] + rng() * (options.strike[1] - options.strike[0])),
    shared: groups.map((_, g) => g % 2 === 0),
    rate,
    shas: Array.from({ length: options.runs }, () => hex(rng, 40)),
  };
}

function failed(id: string, message: string): ParsedTestCase {
  const [classname, name] = id.split('::') as [string, string];
  const attempts: Attempt[] = [{ status: 'failed', message }, { status: 'passed' }];
  return { id, name, classname, report: 'r.xml', attempts } as ParsedTestCase;
}

function passed(id: string): ParsedTestCase {
  const [classname, name] = id.split('::') as [string, string];
  return { id, name, classname, report: 'r.xml', attempts: [{ status: 'passed' }] } as ParsedTestCase;
}

/** A name for group g without digits (the failure key masks numbers): a, b, …, z, ba, bb, … */
function letters(g: number): string {
  let out = '';
  do {
    out = String.fromCharCode(97 + (g % 26)) + out;
    g = Math.floor(g / 26);
  } while (g > 0);
  return `db-${out}`;
}

function reports(w: World, r: number, rng: Rng): ParsedTestCase[] {
  const struck = w.strike.map((p) => rng() < p);
  return w.ids.map((id) => {
    const g = w.groupOf.get(id);
    if (g !== undefined && struck[g] && rng() < w.options.memberFails) {
      return failed(id, w.shared[g] ? `connect ECONNRESET ${letters(g)}.internal:${intBetween(rng, 1000, 9999)}` : `expected fixture ${id} to be ready (attempt ${r})`);
    }
    if (g !== undefined && rng() < w.options.memberNoise) return failed(id, `expected ${intBetween(rng, 1, 9)} to be ${intBetween(rng, 1, 9)}`);
    const own = w.rate.get(id);
    if (own !== undefined && rng() < own) return failed(id, `timeout of ${intBetween(rng, 100, 900)} ms in ${id}`);
    return passed(id);
  });
}

export interface ClustersMetrics {
  precision: number;
  recall: number;
  recallAll: number;
  groupsWhole: number;
  groups: number;
  clusters: number;
  idChanges: number;
  decisionsDiffer: number;
  cpuClustersMs: number;
  cpuTotalMs: number;
  maxRunClustersMs: number;
}

const pairKey = (a: string, b: string): string => (a < b ? `${a}\u0000${b}` : `${b}\u0000${a}`);

function pairs(groups: ReadonlyArray<readonly string[]>, keep: (id: string) => boolean): Set<string> {
  const out = new Set<string>();
  for (const g of groups) {
    const m = g.filter(keep);
    for (let i = 0; i < m.length; i++) for (let j = i + 1; j < m.length; j++) out.add(pairKey(m[i]!, m[j]!));
  }
  return out;
}

export function drive(options: ClustersWorldOptions): ClustersMetrics {
  const w = world(options);
  const rng = stream(options.seed, 'clusters-runs');
  let files = new Map<string, string>();
  let plain = new Map<string, string>();
  const start = Date.UTC(2026, 0, 1);
  let cpuClusters = 0;
  let cpuTotal = 0;
  let maxRun = 0;
  let decisionsDiffer = 0;
  let idChanges = 0;
  const lastId = new Map<number, number>();
  const failures = new Map<string, number>();
  for (let r = 0; r < options.runs; r++) {
    const time = start + r * 3_600_000;
    const run: RunContext = {
      key: `${1000 + r}/test/x`,
      runId: String(1000 + r),
      runAttempt: 1,
      job: 'test',
      workflow: 'CI',
      sha: w.shas[r]!,
      ref: 'refs/heads/main',
      onDefaultBranch: true,
      event: 'push',
      time,
    };
    const tests = reports(w, r, rng);
    for (const t of tests) if (t.attempts[0]!.status === 'failed') failures.set(t.id, (failures.get(t.id) ?? 0) + 1);
    const input = { reports: { tests, problems: [], filesRead: 1 }, filesMatched: 1, testOutcome: 'failure' as const, run, now: time + 30_000 };
    const options_ = { ...DEFAULT_APPLY_OPTIONS, normalise: normalizeErrorMessage };
    const before = process.cpuUsage();
    const result = applyRun({ snapshot: parseSnapshot(files), ...input }, options_);
    const mid = process.cpuUsage();
    const extra = clusterFiles(files, result, (m) => console.warn(m));
    const after = process.cpuUsage();
    const ms = (a: NodeJS.CpuUsage, b: NodeJS.CpuUsage): number => (b.user - a.user + b.system - a.system) / 1000;
    cpuClusters += ms(mid, after);
    cpuTotal += ms(before, after);
    maxRun = Math.max(maxRun, ms(mid, after));
    files = result.files;
    for (const [p, t] of extra) files.set(p, t);
    // The same run without clusters.json on the branch: the decisions must be the same.
    const bare = applyRun({ snapshot: parseSnapshot(plain), ...input }, options_);
    plain = bare.files;
    if (JSON.stringify(bare.quarantined) !== JSON.stringify(result.quarantined) || bare.outcome.result !== result.outcome.result) decisionsDiffer++;
    // Id churn: each group's cluster is the one holding most of its members.
    const stored = parseClusters(files.get(CLUSTERS_FILE)).clusters;
    const of = new Map<string, number>();
    for (const c of stored.clusters) for (const m of c.members) of.set(m, c.id);
    w.groups.forEach((g, i) => {
      const count = new Map<number, number>();
      for (const m of g) {
        const id = of.get(m);
        if (id !== undefined) count.set(id, (count.get(id) ?? 0) + 1);
      }
      const best = [...count].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0]?.[0];
      if (best === undefined) return;
      const prev = lastId.get(i);
      if (prev !== undefined && prev !== best) {
        idChanges++;
        if (process.env.CLUSTERS_EVAL_DEBUG)
          console.log(
            `run ${r}: group ${i} cluster ${prev} -> ${best}`,
            [...count],
            JSON.stringify(stored.clusters.filter((c) => c.id === prev || c.id === best).map((c) => [c.id, c.members.length, c.since])),
          );
      }
      lastId.set(i, best);
    });
  }
  const stored = parseClusters(files.get(CLUSTERS_FILE)).clusters;
  const seen = (id: string): boolean => (failures.get(id) ?? 0) >= 2;
  const truth = pairs(w.groups, seen);
  const truthAll = pairs(w.groups, () => true);
  const found = pairs(
    stored.clusters.map((c) => c.members),
    () => true,
  );
  let hit = 0;
  for (const p of found) if (truth.has(p)) hit++;
  let hitAll = 0;
  for (const p of found) if (truthAll.has(p)) hitAll++;
  let whole = 0;
  for (const g of w.groups) {
    const members = g.filter(seen);
    const c = stored.clusters.find((c) => c.members.includes(members[0] ?? ''));
    if (c && c.members.length === members.length && members.every((m) => c.members.includes(m))) whole++;
  }
  return {
    precision: found.size === 0 ? 1 : hitAll / found.size,
    recall: truth.size === 0 ? 1 : hit / truth.size,
    recallAll: truthAll.size === 0 ? 1 : hitAll / truthAll.size,
    groupsWhole: whole,
    groups: w.groups.length,
    clusters: stored.clusters.length,
    idChanges,
    decisionsDiffer,
    cpuClustersMs: cpuClusters,
    cpuTotalMs: cpuTotal,
    maxRunClustersMs: maxRun,
  };
}

function option(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

function main(): void {
  const seeds = Number(option('seeds') ?? 3);
  const base = {
    ...DEFAULT_CLUSTERS_WORLD,
    ...(option('runs') ? { runs: Number(option('runs')) } : {}),
    ...(option('tests') ? { tests: Number(option('tests')) } : {}),
    ...(option('groups') ? { groups: Number(option('groups')) } : {}),
  };
  console.log(`clusters-eval: ${base.runs} runs, ${base.tests} tests, ${base.groups} groups of ${base.groupSize.join('–')}, ${base.alone} flaky alone; ${seeds} seeds`);
  console.log('seed | precision | recall (seen) | recall (all) | groups whole | clusters | id changes | decisions differ | clusters CPU ms (max a run) | total CPU ms');
  for (let seed = 1; seed <= seeds; seed++) {
    const m = drive({ ...base, seed });
    console.log(
      `${seed} | ${m.precision.toFixed(3)} | ${m.recall.toFixed(3)} | ${m.recallAll.toFixed(3)} | ${m.groupsWhole}/${m.groups} | ${m.clusters} | ${m.idChanges} | ${m.decisionsDiffer} | ${m.cpuClustersMs.toFixed(0)} (${m.maxRunClustersMs.toFixed(1)}) | ${m.cpuTotalMs.toFixed(0)}`,
    );
  }
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop()!)) main();
