/**
 * How well the cost of each test (src/cost/, docs/cost.md) ranks the tests by the CI time they truly cost, on the
 * simulator's worlds: the pure engine with the core's re-runs writes the branch run after run (the runs' figures
 * with the world's durations for the measured seconds); then every test's cost is read from the last branch
 * (historyCosts) and compared with the world's truth over the same runs.
 *
 * Truth, per test, from what the simulator did: every extra execution of the test in a run where it failed (the
 * runner's retries and flakeguard's re-runs) times its duration; and for each red attempt re-run by hand, the re-run
 * attempt's test seconds shared by the tests that blocked the red attempt (its failures neither forgiven nor passed
 * on a re-run). Saved, per test: the test seconds of each run a re-run turned green, shared by the tests whose re-run
 * passed in it.
 *
 *   node_modules/.bin/node scripts/eval/cost.ts [--scenario base] [--seeds 3]
 */
import { performance } from 'node:perf_hooks';
import { generateWorld } from './world.ts';
import { drivePure, type Invocation } from './driver.ts';
import { scenarioByName } from './scenarios.ts';
import { parseSnapshot } from '../../src/store/snapshot.ts';
import { historyCosts } from '../../src/store/branch-costs.ts';

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? (process.argv[i + 1] ?? fallback) : fallback;
}

/** Spearman's rank correlation (average ranks for ties). */
export function spearman(a: readonly number[], b: readonly number[]): number {
  const rank = (xs: readonly number[]): number[] => {
    const order = xs.map((x, i) => [x, i] as const).sort((p, q) => p[0] - q[0]);
    const r = new Array<number>(xs.length);
    for (let i = 0; i < order.length;) {
      let j = i;
      while (j + 1 < order.length && order[j + 1]![0] === order[i]![0]) j++;
      for (let k = i; k <= j; k++) r[order[k]![1]] = (i + j) / 2 + 1;
      i = j + 1;
    }
    return r;
  };
  const ra = rank(a);
  const rb = rank(b);
  const mean = (xs: number[]): number => xs.reduce((n, x) => n + x, 0) / xs.length;
  const ma = mean(ra);
  const mb = mean(rb);
  let num = 0;
  let da = 0;
  let db = 0;
  for (let i = 0; i < ra.length; i++) {
    num += (ra[i]! - ma) * (rb[i]! - mb);
    da += (ra[i]! - ma) ** 2;
    db += (rb[i]! - mb) ** 2;
  }
  return da === 0 || db === 0 ? 0 : num / Math.sqrt(da * db);
}

const add = (m: Map<string, number>, id: string, v: number): void => void m.set(id, (m.get(id) ?? 0) + v);

/** The world's true cost and saving per test, over the invocations whose run the last branch still holds. */
function truth(invocations: readonly Invocation[], kept: (runId: number) => boolean): { cost: Map<string, number>; saved: Map<string, number> } {
  const cost = new Map<string, number>();
  const saved = new Map<string, number>();
  for (let k = 0; k < invocations.length; k++) {
    const inv = invocations[k]!;
    if (!kept(inv.execution.run.runId)) continue;
    const details = new Map((inv.failures ?? []).map((f) => [f.id, f]));
    for (const r of inv.execution.results) {
      const attempts = details.get(r.test.id)?.attempts ?? r.attempts.map((a) => a.code).join('');
      if (!/[FE]/.test(attempts)) continue;
      add(cost, r.test.id, (attempts.length - 1) * (r.test.duration ?? 0));
    }
    const suiteSec = inv.execution.results.reduce((n, r) => n + r.attempts.length * (r.test.duration ?? 0), 0);
    const next = invocations[k + 1];
    if (inv.outcome === 'failure' && next && next.execution.run.runId === inv.execution.run.runId) {
      const nextSec = next.execution.results.reduce((n, r) => n + r.attempts.length * (r.test.duration ?? 0), 0);
      const blockers = (inv.failures ?? []).filter((f) => f.result !== 'forgiven' && f.result !== 'passed');
      for (const b of blockers) add(cost, b.id, nextSec / blockers.length);
    }
    const passed = (inv.failures ?? []).filter((f) => f.result === 'passed');
    if (inv.outcome === 'success' && passed.length > 0) for (const p of passed) add(saved, p.id, suiteSec / passed.length);
  }
  return { cost, saved };
}

async function main(): Promise<void> {
  const scenario = scenarioByName(arg('scenario', 'base'));
  const seeds = Number(arg('seeds', '3'));
  for (let seed = 1; seed <= seeds; seed++) {
    const world = generateWorld(scenario, seed);
    let files: ReadonlyMap<string, string> = new Map();
    const trace = await drivePure(world, { rerun: {}, onFiles: (f) => (files = f) });
    const snapshot = parseSnapshot(new Map(files));
    const t0 = performance.now();
    const cpu0 = process.cpuUsage();
    const estimated = new Map(historyCosts(snapshot.history, snapshot.runs).map((e) => [e.id, e.cost]));
    const cpu = process.cpuUsage(cpu0);
    const ms = performance.now() - t0;
    const runIds = new Set([...snapshot.runs.keys()].map((k) => Number(k.split('/')[0])));
    const truthOf = truth(trace.invocations, (id) => runIds.has(id));
    const ids = [...new Set([...truthOf.cost.keys(), ...estimated.keys()])].filter((id) => (truthOf.cost.get(id) ?? 0) > 0 || (estimated.get(id)?.costSec ?? 0) > 0);
    const est = ids.map((id) => estimated.get(id)?.costSec ?? 0);
    const tru = ids.map((id) => truthOf.cost.get(id) ?? 0);
    const savedIds = [...new Set([...truthOf.saved.keys(), ...[...estimated].filter(([, c]) => c.savedSec > 0).map(([id]) => id)])];
    const top = (xs: number[], n: number): Set<string> =>
      new Set(
        ids
          .map((id, i) => [id, xs[i]!] as const)
          .sort((a, b) => b[1] - a[1])
          .slice(0, n)
          .map(([id]) => id),
      );
    const topEst = top(est, 10);
    const topTrue = top(tru, 10);
    const sum = (xs: number[]): number => xs.reduce((n, x) => n + x, 0);
    console.log(
      JSON.stringify({
        scenario: scenario.name,
        seed,
        runsKept: snapshot.runs.size,
        testsWithCost: ids.length,
        spearmanCost: Number(spearman(est, tru).toFixed(3)),
        top10Overlap: [...topEst].filter((id) => topTrue.has(id)).length,
        estimatedOverTrueSec: Number((sum(est) / Math.max(1e-9, sum(tru))).toFixed(3)),
        spearmanSaved: Number(
          spearman(
            savedIds.map((id) => estimated.get(id)?.savedSec ?? 0),
            savedIds.map((id) => truthOf.saved.get(id) ?? 0),
          ).toFixed(3),
        ),
        costMs: Number(ms.toFixed(1)),
        costCpuMs: Number(((cpu.user + cpu.system) / 1000).toFixed(1)),
        tests: snapshot.history.size,
      }),
    );
  }
}

await main();
