/**
 * The order-dependence rule (src/rerun/order.ts, docs/rerun.md#order-dependence) on its own, by attempt letters:
 *   node scripts/order-rule.ts [weight…]
 * For each prior weight (default: 2 4 8 16, and the rule's own PRIOR_WEIGHT):
 * - victims: a test that passed N clean runs (N = 10, 20, 30, 50) and then fails its first attempt every run and
 *   passes alone: the failing run at which it is called order-dependent;
 * - real: the flaky tests of ../shared/real-outcomes (each × 20 random starting points, 150 CI runs); each run takes
 *   the next outcome as its first attempt, its re-runs the following ones until one passes (at most 6: bursts reach
 *   the re-runs too). Counted: its runs that failed and passed at their first re-run (judged: a run whose re-run
 *   failed alone is no candidate, src/rerun/plan.ts orderCandidates), those called order-dependent, and the worlds
 *   with at least one such call;
 * - iid: tests failing 10%, 30% and 50% of their runs independently (re-runs too), 1,000 seeds × 150 runs each.
 * A single test per run (the threshold is not divided). Deterministic (seeded).
 */
import { judgeOrder, PRIOR_WEIGHT, type OrderRun } from '../src/rerun/order.ts';
import { isFlaky, loadRealSequences } from './eval/real.ts';

const WINDOW = 50;
const weights = process.argv.length > 2 ? process.argv.slice(2).map(Number) : [...new Set([2, 4, PRIOR_WEIGHT, 16])].sort((a, b) => a - b);

/** Runs a world: `first()` gives a run's first attempt, `rerun()` each re-run's; judged and flagged runs. */
function world(runsCount: number, first: () => string, rerun: () => string, weight: number): { judged: number; flagged: number } {
  const runs: OrderRun[] = [];
  let judged = 0;
  let flagged = 0;
  for (let k = 0; k < runsCount; k++) {
    let a = first();
    if (a === 'F')
      for (let r = 0; r < 6; r++) {
        const x = rerun();
        a += x;
        if (x === 'P') break;
      }
    const current = { attempts: a, sha: String(k) };
    // As the step judges: only a run whose re-runs alone all passed (orderCandidates, docs/adr/0395).
    const j = a === 'FP' ? judgeOrder(runs, current, { window: WINDOW, weight }) : undefined;
    if (j) {
      judged++;
      if (j.orderDependent) flagged++;
    }
    runs.push(current);
  }
  return { judged, flagged };
}

function victimCaughtAt(clean: number, weight: number): number | undefined {
  const runs: OrderRun[] = [];
  for (let k = 0; k < clean; k++) runs.push({ attempts: 'P', sha: `c${k}` });
  for (let n = 1; n <= 30; n++) {
    const current = { attempts: 'FP', sha: `v${n}` };
    if (judgeOrder(runs, current, { window: WINDOW, weight })?.orderDependent) return n;
    runs.push(current);
  }
  return undefined;
}

const seqs = loadRealSequences()
  .filter(isFlaky)
  .map((s) => s.outcomes.replace(/E/g, 'F'));

for (const weight of weights) {
  const caught = [10, 20, 30, 50].map((n) => `${n} clean → ${victimCaughtAt(n, weight) ?? '>30'}`).join(', ');
  let seed = 11;
  const rnd = (): number => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  let judged = 0,
    flagged = 0,
    worldsFlagged = 0,
    worlds = 0;
  for (const o of seqs) {
    for (let rep = 0; rep < 20; rep++) {
      let i = Math.floor(rnd() * o.length);
      const next = (): string => o[i++ % o.length]!;
      const w = world(150, next, next, weight);
      worlds++;
      judged += w.judged;
      flagged += w.flagged;
      if (w.flagged > 0) worldsFlagged++;
    }
  }
  const iid = [0.1, 0.3, 0.5].map((p) => {
    let j = 0,
      f = 0,
      wf = 0;
    for (let s = 0; s < 1000; s++) {
      const draw = (): string => (rnd() < p ? 'F' : 'P');
      const w = world(150, draw, draw, weight);
      j += w.judged;
      f += w.flagged;
      if (w.flagged > 0) wf++;
    }
    return `${p * 100}%: ${f}/${j} failing runs (${((100 * f) / Math.max(1, j)).toFixed(3)}%), ${wf}/1000 tests`;
  });
  console.log(`weight ${weight}${weight === PRIOR_WEIGHT ? ' (the rule)' : ''}`);
  console.log(`  victims caught at failing run: ${caught}`);
  console.log(
    `  real flaky (${seqs.length} tests × 20 worlds × 150 runs, bursty re-runs): ${flagged}/${judged} judged runs (${((100 * flagged) / Math.max(1, judged)).toFixed(3)}%), ${worldsFlagged}/${worlds} worlds`,
  );
  console.log(`  iid: ${iid.join('; ')}`);
}
