/**
 * Issue 28: who the order-dependence verdict (src/rerun/order.ts, applyRun) calls order-dependent in the simulator's
 * worlds, and what it costs. Drives the pure engine with the action's re-run core (drivePure) and prints, per world:
 * the victims' figures (runs green after their third failing run, runs spent in quarantine) and every verdict given
 * to a test that was no victim at that run, with the test's true failure rate, its rate of failing again right after
 * a failure in its sequence (real worlds: bursts), its first attempts in the runs before, and whether the run was a
 * flaky-only run made red.
 *
 *   node scripts/eval/order-diagnose.ts <scenario>[,<scenario>…] [--seeds N] [--verbose]
 *
 * Counts, deterministic for a world and seed.
 */
import { drivePure } from './driver.ts';
import { computeMetrics } from './metrics.ts';
import { ISSUE28_SCENARIOS, scenarioByName } from './scenarios.ts';
import { generateWorld, isVictimAt, rateAt, type SimTest } from './world.ts';

const args = process.argv.slice(2);
const names = (args[0] ?? 'issue28') === 'issue28' ? ISSUE28_SCENARIOS.map((s) => s.name) : args[0]!.split(',');
const seeds = Number(args[args.indexOf('--seeds') + 1] ?? 3) || 3;
const verbose = args.includes('--verbose');

/** The share of failures in a test's sequence followed by another failure (1 = always in bursts). */
function againRate(t: SimTest): number | undefined {
  const s = t.sequence;
  if (!s) return undefined;
  let f = 0;
  let ff = 0;
  for (let i = 0; i + 1 < s.length; i++) {
    if (s[i] === 'P') continue;
    f++;
    if (s[i + 1] !== 'P') ff++;
  }
  return f === 0 ? undefined : ff / f;
}

for (const name of names) {
  let victims = 0;
  let runs = 0;
  let green = 0;
  let quarantinedRuns = 0;
  let wrong = 0;
  let wrongRed = 0;
  let passedInRun = 0;
  let redWith = 0;
  let redWithout = 0;
  const byTest = new Map<string, number>();
  for (let seed = 1; seed <= seeds; seed++) {
    const world = generateWorld(scenarioByName(name), seed);
    const trace = await drivePure(world, { rerun: {} });
    const m = computeMetrics(trace);
    victims += m.victims.count;
    runs += m.victims.runsAfterThird;
    green += m.victims.greenAfterThird;
    quarantinedRuns += m.victims.quarantinedPoints;
    redWith += m.flakyRedWith;
    redWithout += m.flakyRedWithout;
    const byId = new Map(world.tests.map((t) => [t.id, t]));
    const firsts = new Map<string, string>();
    for (const inv of trace.invocations) {
      const ex = inv.execution;
      for (const id of inv.orderDependent ?? []) {
        const t = byId.get(id)!;
        if (isVictimAt(t, ex.run.index)) continue;
        wrong++;
        const red = ex.attempt === 1 && ex.hardFailed.size === 0 && ex.victimFailed.length === 0 && inv.outcome === 'failure';
        if (red) wrongRed++;
        // No re-run case: the test's final attempt in the report passed (a CI retry in the same process), so it passed
        // inside the full run, not alone.
        const detail = inv.failures?.find((f) => f.id === id);
        if (!detail) passedInRun++;
        const key = `${name} seed ${seed} ${id.slice(-60)} (rate ${rateAt(t, ex.run.index).toFixed(3)}, again ${againRate(t)?.toFixed(2) ?? '-'}${ex.hardFailed.has(id) ? `, ${ex.hardFailed.get(id)}` : ''})`;
        byTest.set(key, (byTest.get(key) ?? 0) + 1);
        if (verbose)
          console.log(
            `  run ${ex.run.index}/${ex.attempt} ${key}: first attempts before ${(firsts.get(id) ?? '').slice(-12)}, this run ${
              detail?.attempts ??
              `${ex.results
                .find((r) => r.test.id === id)!
                .attempts.map((a) => a.code)
                .join('')} (passed on a retry in the run, not re-run)`
            }${red ? ', flaky-only run red' : ''}`,
          );
      }
      if (ex.attempt === 1) for (const r of ex.results) firsts.set(r.test.id, (firsts.get(r.test.id) ?? '') + (r.attempts[0]!.code === 'P' ? 'P' : 'F'));
    }
  }
  console.log(
    `== ${name} (${seeds} seeds): victims ${victims}, green after the third failing run ${green} / ${runs}, runs in quarantine ${quarantinedRuns}; flaky-only red ${redWithout} → ${redWith}; verdicts on non-victims ${wrong} (in ${wrongRed} flaky-only red runs; ${passedInRun} on a test that passed on a retry inside the run)`,
  );
  for (const [k, n] of [...byTest].sort((a, b) => b[1] - a[1])) console.log(`   ${n}× ${k}`);
}
