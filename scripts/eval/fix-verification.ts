/**
 * `node scripts/eval/fix-verification.ts`: fix verification on the simulator (docs/fix-verification.md#measured).
 * Quarantined tests of known flake rates get a fix that is real (the test never fails again), partial (its rate
 * divided by 4) or fake (its rate unchanged). Each fix is verified as the step does (src/rerun/fix-plan.ts: the runs
 * its window's posterior rate needs, capped by fix-verify-max-runs, each failing at the test's true new rate), then lands on
 * main, where the test runs once per CI run (a flaky failure passes its retry: `FP`). Two arms over the same draws:
 * with fix verification (the step's release after landing, src/policy/fix-release.ts) and without it (the rule's 60
 * clean runs, src/policy/quarantine.ts). Both decide with the real policy code, run after run.
 *
 *   node scripts/eval/fix-verification.ts [--tests 3000] [--seed 1] [--horizon 300] [--max-runs 100]
 */
import { DEFAULT_POLICY, decideQuarantine, type Decision } from '../../src/policy/quarantine.ts';
import { applyFixes } from '../../src/policy/fix-release.ts';
import { fixRate, fixVerdict, planFix } from '../../src/rerun/fix-plan.ts';
import type { FixRecord, QuarantineState, TestHistory, TestRunRecord } from '../../src/model.ts';
import { pick, stream } from './rng.ts';

const arg = (name: string, fallback: number): number => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const TESTS = arg('tests', 3000);
const SEED = arg('seed', 1);
const HORIZON = arg('horizon', 300);
const MAX_RUNS = arg('max-runs', 100);
const RATES = [0.01, 0.02, 0.05, 0.1, 0.2, 0.3];
const KINDS = ['real', 'partial', 'fake'] as const;
type Kind = (typeof KINDS)[number];
const HOUR = 3_600_000;
const T0 = Date.UTC(2026, 10, 1);
const HEAD = 'f'.repeat(40);

interface Arm {
  /** Runs after the landing until the release (undefined: not released within the horizon). */
  releasedAt?: number;
  /** Flaky failures that blocked CI (the test not quarantined at the run), over the horizon. */
  blocked: number;
  /** Runs from the release to the quarantine again (a partial or fake fix). */
  backAfter?: number;
}

function record(i: number, failed: boolean): TestRunRecord {
  return { run: `r${i}`, sha: `c${i}`, time: T0 + i * HOUR, onDefaultBranch: true, attempts: failed ? 'FP' : 'P' };
}

/** Runs the arm over the horizon after the landing; `fix` is the verification's record, undefined without the feature. */
function simulate(pre: TestRunRecord[], draws: number[], pNew: number, fix: FixRecord | undefined): Arm {
  const runs = [...pre];
  let state: QuarantineState & { fix?: FixRecord } = { quarantined: true, reason: 'flaky', since: new Date(T0).toISOString(), ...(fix ? { fix } : {}) };
  const arm: Arm = { blocked: 0 };
  for (let t = 1; t <= HORIZON; t++) {
    const failed = draws[t - 1]! < pNew;
    if (failed && !state.quarantined) arm.blocked++;
    const i = pre.length + t;
    runs.push(record(i, failed));
    const history: TestHistory = { id: 't', name: 't', classname: '', runs: runs.slice(-200) };
    const nowIso = new Date(T0 + i * HOUR).toISOString();
    const decisions = new Map<string, Decision>([['t', decideQuarantine(history, state, null, nowIso, DEFAULT_POLICY)]]);
    if (fix) {
      applyFixes({
        decisions,
        recorded: () => state.fix,
        history: new Map([['t', history]]),
        fixes: t === 1 ? { landed: new Map([['t', { pr: 1, commit: 'e'.repeat(40) }]]) } : {},
        runKey: `r${i}`,
        runTime: T0 + i * HOUR,
        nowIso,
        policy: DEFAULT_POLICY,
      });
    }
    const d = decisions.get('t')!;
    if (state.quarantined && !d.quarantined && arm.releasedAt === undefined) arm.releasedAt = t;
    if (!state.quarantined && d.quarantined && arm.releasedAt !== undefined && arm.backAfter === undefined) arm.backAfter = t - arm.releasedAt;
    state = {
      quarantined: d.quarantined,
      reason: d.reason,
      ...(d.since ? { since: d.since } : {}),
      ...(d.evidenceAfter !== undefined ? { evidenceAfter: d.evidenceAfter } : {}),
      ...(d.fix ? { fix: d.fix } : {}),
    };
  }
  return arm;
}

/** Fake fixes by old rate: how many were verified (the rate estimate's error shows here). */
const fakeByRate = new Map<number, { n: number; verified: number; needed: number }>(RATES.map((r) => [r, { n: 0, verified: 0, needed: 0 }]));
/** The runs each verification needed and planned (its cost), over all tests. */
const costs: Array<{ needed: number; planned: number }> = [];
const rows = new Map<Kind, { n: number; verified: number; inconclusive: number; failed: number; runs: number; with: Arm[]; without: Arm[] }>();
for (const k of KINDS) rows.set(k, { n: 0, verified: 0, inconclusive: 0, failed: 0, runs: 0, with: [], without: [] });
for (let n = 0; n < TESTS; n++) {
  const rng = stream(SEED, `test ${n}`);
  const pOld = pick(rng, RATES);
  const kind = pick(rng, KINDS);
  const pNew = kind === 'real' ? 0 : kind === 'partial' ? pOld / 4 : pOld;
  // Its window before the fix: 50 runs at its old rate, on main.
  const pre = Array.from({ length: 50 }, (_, i) => record(i, rng() < pOld));
  const plan = planFix(fixRate({ id: 't', name: 't', classname: '', runs: pre }, DEFAULT_POLICY.window), MAX_RUNS);
  costs.push({ needed: plan.needed, planned: plan.planned });
  let ran = 0;
  let failures = 0;
  while (ran < plan.planned && failures === 0) {
    ran++;
    if (rng() < pNew) failures++;
  }
  const v = fixVerdict(plan, ran, failures);
  if (kind === 'fake') {
    const f = fakeByRate.get(pOld)!;
    f.n++;
    f.needed += plan.needed;
    if (v.verdict === 'verified') f.verified++;
  }
  const row = rows.get(kind)!;
  row.n++;
  row[v.verdict]++;
  row.runs += ran;
  const fix: FixRecord = { pr: 1, head: HEAD, runs: ran, failures, rate: plan.rate.p, reached: v.reached, verdict: v.verdict, at: new Date(T0).toISOString() };
  // The same draws for both arms (common random numbers).
  const draws = Array.from({ length: HORIZON }, () => rng());
  row.with.push(simulate(pre, draws, pNew, fix));
  row.without.push(simulate(pre, draws, pNew, undefined));
}

const pct = (a: number, b: number): string => (b === 0 ? '-' : `${((100 * a) / b).toFixed(1)}%`);
const med = (xs: number[]): string => {
  if (xs.length === 0) return '-';
  const s = [...xs].sort((a, b) => a - b);
  return String(s[Math.floor((s.length - 1) / 2)]);
};
const sum = (xs: number[]): number => xs.reduce((a, b) => a + b, 0);
console.log(
  `fix verification on the simulator: ${TESTS} quarantined tests (old rates ${RATES.join(', ')}), seed ${SEED}, ${HORIZON} runs on main after the landing, fix-verify-max-runs ${MAX_RUNS}\n`,
);
console.log(
  '| fix | tests | verified | inconclusive | failed | runs per verification (mean) | released at the landing | released within the horizon (with / without) | median runs to release (with / without) | blocking flaky failures per 100 tests (with / without) | median runs from release to quarantine again (with / without) |',
);
console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
for (const [kind, r] of rows) {
  const rel = (arms: Arm[]) => arms.filter((a) => a.releasedAt !== undefined);
  console.log(
    `| ${kind} | ${r.n} | ${pct(r.verified, r.n)} | ${pct(r.inconclusive, r.n)} | ${pct(r.failed, r.n)} | ${(r.runs / r.n).toFixed(1)} | ${pct(r.with.filter((a) => a.releasedAt === 1).length, r.n)} | ${pct(rel(r.with).length, r.n)} / ${pct(rel(r.without).length, r.n)} | ${med(rel(r.with).map((a) => a.releasedAt!))} / ${med(rel(r.without).map((a) => a.releasedAt!))} | ${((100 * sum(r.with.map((a) => a.blocked))) / r.n).toFixed(1)} / ${((100 * sum(r.without.map((a) => a.blocked))) / r.n).toFixed(1)} | ${med(r.with.flatMap((a) => (a.backAfter === undefined ? [] : [a.backAfter])))} / ${med(r.without.flatMap((a) => (a.backAfter === undefined ? [] : [a.backAfter])))} |`,
  );
}
console.log('\nFake fixes by old rate (N needed by the true rate: ceil(ln 0.05 / ln(1 - p))):\n');
console.log('| old rate | fake fixes | verified | mean N planned from the window (before the cap) | N its true rate needs |');
console.log('| --- | --- | --- | --- | --- |');
for (const [rate, f] of fakeByRate) console.log(`| ${rate} | ${f.n} | ${pct(f.verified, f.n)} | ${f.n ? (f.needed / f.n).toFixed(1) : '-'} | ${Math.ceil(Math.log(0.05) / Math.log(1 - rate))} |`);
const mean = (xs: number[]): string => (xs.length === 0 ? '-' : (sum(xs) / xs.length).toFixed(1));
console.log('\nRuns per verification, all tests (median / mean):\n');
console.log(`- needed (before the cap): ${med(costs.map((c) => c.needed))} / ${mean(costs.map((c) => c.needed))}`);
console.log(`- planned (capped by fix-verify-max-runs ${MAX_RUNS}): ${med(costs.map((c) => c.planned))} / ${mean(costs.map((c) => c.planned))}`);
