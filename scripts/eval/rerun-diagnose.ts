/**
 * Why the re-run core still blocks flaky-only runs and still masks hard failures, world by world (issue #14).
 * Drives the pure engine with the action's re-run core (drivePure, `failures` of each invocation) and classifies:
 *
 * - each masked invocation: the hard-failed test, its true rate, which run of its regression, the history counts
 *   the stopping rule used, the attempts, the verdict, and what the test did in the previous run;
 * - each flaky-only red run (first attempt, no hard failure, outcome failure): every blocking failed test, by why it
 *   blocked — `consistent` (an implausible streak), `exhausted` (re-runs ran out; not quarantined or a message never
 *   seen), `not-rerun` (rerun-max-tests exceeded, or an outage), `unanswered`.
 *
 *   node scripts/eval/rerun-diagnose.ts <scenario>[,<scenario>…] [--seeds N] [--verbose] [--rerun-settings k=v,…]
 *
 * Counts, not timings: deterministic for a world and seed. Prints one summary per world and, with --verbose, every case.
 */
import { drivePure, type FailureDetail } from './driver.ts';
import { rateAt, generateWorld, type SimWorld } from './world.ts';
import { scenarioByName, ISSUE14_SCENARIOS } from './scenarios.ts';
import { computeMetrics } from './metrics.ts';

const args = process.argv.slice(2);
const names = (args[0] ?? 'issue14') === 'issue14' ? ISSUE14_SCENARIOS.map((s) => s.name) : args[0]!.split(',');
const seeds = Number(args[args.indexOf('--seeds') + 1] ?? 3) || 3;
const verbose = args.includes('--verbose');
const settingsArg = args.includes('--rerun-settings') ? args[args.indexOf('--rerun-settings') + 1]! : '';
const rerun: Record<string, number> = {};
for (const kv of settingsArg.split(',').filter(Boolean)) {
  const [k, v] = kv.split('=');
  rerun[k === 'attempts-max' ? 'attemptsMax' : k === 'max-tests' ? 'maxTests' : k!] = Number(v);
}

function trueRate(world: SimWorld, id: string, run: number): number {
  const t = world.tests.find((x) => x.id === id)!;
  return rateAt(t, run);
}

function fmt(d: FailureDetail): string {
  const c = d.counts;
  return `${d.id.slice(-40)} ${d.attempts} verdict=${d.verdict ?? '-'} counts=${c ? `${c.failures}F/${c.passes}P again ${c.againFailures}F/${c.againPasses}P` : '-'} → ${d.result.slice(0, 60)}`;
}

for (const name of names) {
  const totals = new Map<string, number>();
  const add = (k: string, n = 1): void => void totals.set(k, (totals.get(k) ?? 0) + n);
  let masked = 0;
  let red = 0;
  let redWithout = 0;
  let executions = 0;
  let runs = 0;
  for (let seed = 1; seed <= seeds; seed++) {
    const world = generateWorld(scenarioByName(name), seed);
    const trace = await drivePure(world, { rerun });
    const m = computeMetrics(trace);
    masked += m.masked;
    red += m.flakyRedWith;
    redWithout += m.flakyRedWithout;
    executions += m.rerunExecutionsPerRun * world.runs.length;
    runs += world.runs.length;
    let quarantined = new Set<string>();
    const lastAttempts = new Map<string, string>();
    for (const inv of trace.invocations) {
      const ex = inv.execution;
      const run = ex.run.index;
      if (ex.hardFailed.size > 0 && inv.outcome === 'success') {
        for (const [id, cause] of ex.hardFailed) {
          const d = inv.failures?.find((f) => f.id === id);
          const reg = world.regressions.find((r) => r.test === id && r.from <= run && run < r.to);
          const line = `masked seed ${seed} run ${run}${ex.attempt > 1 ? `/${ex.attempt}` : ''} ${cause}${reg ? ` (run ${run - reg.from + 1} of ${reg.to - reg.from})` : ''} rate ${trueRate(world, id, run)} q-before=${quarantined.has(id)} prev=${lastAttempts.get(id) ?? '-'} :: ${d ? fmt(d) : id}`;
          console.log(line);
          add(`masked:${d?.verdict ?? 'not-rerun'}`);
        }
      }
      if (ex.attempt === 1 && ex.hardFailed.size === 0 && inv.outcome === 'failure') {
        const blockers = (inv.failures ?? []).filter((f) => f.result !== 'forgiven' && f.result !== 'passed');
        const kinds = new Set<string>();
        for (const b of blockers) {
          const prev = lastAttempts.get(b.id);
          const c = b.counts;
          // What the test's own record could say: nothing (no history), never a failure (a first burst), a previous
          // run that failed every attempt (a burst spanning runs: alike an ongoing regression), or a known flakiness.
          const record =
            !c || c.failures + c.passes < 5
              ? 'little history'
              : c.failures === 0
                ? 'no failure in its window'
                : prev !== undefined && !prev.includes('P')
                  ? 'previous run failed every attempt'
                  : 'flaky record';
          add(`record:${record}`);
          const why =
            b.verdict === 'consistent'
              ? 'consistent'
              : b.verdict === 'exhausted'
                ? b.result === 'not-quarantined'
                  ? 'exhausted, not quarantined'
                  : 'exhausted, quarantined but a new message'
                : b.verdict === undefined
                  ? 'not re-run'
                  : b.verdict;
          kinds.add(why);
          add(`blocker:${why}`);
          if (verbose)
            console.log(
              `red seed ${seed} run ${run} rate ${trueRate(world, b.id, run).toFixed(3)} q-before=${quarantined.has(b.id)} failed=${inv.failures?.length} prev=${prev ?? '-'} :: ${fmt(b)} [${why}; ${record}]`,
            );
        }
        add(`run:${[...kinds].sort().join(' + ') || 'no blocking test (step failure?)'}`);
      }
      for (const r of ex.results) lastAttempts.set(r.test.id, r.attempts.map((a) => a.code).join(''));
      for (const f of inv.failures ?? []) lastAttempts.set(f.id, f.attempts);
      quarantined = new Set(inv.quarantined);
    }
  }
  console.log(`== ${name} (${seeds} seeds): flaky-only red ${redWithout} → ${red}, masked ${masked}, re-run executions ${executions} (${(executions / runs).toFixed(2)} per run)`);
  for (const [k, v] of [...totals].sort()) console.log(`   ${k}: ${v}`);
}
