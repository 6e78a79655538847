/**
 * Seed 002's "tests not fixed on time are marked flaky", measured against the default rule: on random histories
 * (a clean baseline, then a tail in which the test turns flaky, breaks, or both), whenever the issues' regression
 * check fires (src/github/issue-plan.ts), is the test already quarantined by the evidence rule, and if not, why?
 *
 *   node scripts/eval/regression-deadline.ts [samples] [seed]
 *
 * Prints the counts; docs/issues.md quotes them.
 */
import type { TestHistory, TestRunRecord } from '../../src/model.ts';
import { regression } from '../../src/github/issue-plan.ts';
import { decideQuarantine, DEFAULT_POLICY, type Decision } from '../../src/policy/quarantine.ts';
import { mulberry32 } from './rng.ts';

const samples = Number(process.argv[2] ?? 2000);
const rand = mulberry32(Number(process.argv[3] ?? 1));
const T0 = Date.UTC(2026, 10, 1);

/** One run's attempts: a flaky test fails with probability p and passes on its CI retry; a broken one fails both. */
function attempts(p: number, broken: boolean): string {
  if (broken) return 'FF';
  return rand() < p ? 'FP' : 'P';
}

let fired = 0;
let quarantined = 0;
let streak = 0;
let other = 0;
const examples: string[] = [];
for (let s = 0; s < samples; s++) {
  const baseline = 20 + Math.floor(rand() * 40);
  const tail = 10 + Math.floor(rand() * 30);
  const p = 0.05 + rand() * 0.5;
  // Half the tests break for a while at a random point of the tail (a real failure), some of them flaky too.
  const breakAt = rand() < 0.5 ? baseline + Math.floor(rand() * tail) : Number.POSITIVE_INFINITY;
  const breakFor = 1 + Math.floor(rand() * 12);
  const runs: TestRunRecord[] = [];
  let state: Decision | undefined;
  let firedHere = false;
  for (let i = 0; i < baseline + tail; i++) {
    const flaky = i >= baseline && rand() < 0.7;
    const broken = i >= breakAt && i < breakAt + breakFor;
    runs.push({ run: `r${i}`, sha: `c${i}`, time: T0 + i * 3_600_000, onDefaultBranch: true, attempts: attempts(flaky ? p : 0.002, broken) });
    const history: TestHistory = { id: 't', name: 't', classname: '', runs: [...runs] };
    const d = decideQuarantine(history, state, null, new Date(T0 + i * 3_600_000).toISOString(), DEFAULT_POLICY);
    state = d;
    if (firedHere || !regression(history, undefined, undefined)) continue;
    firedHere = true;
    fired++;
    if (d.quarantined) quarantined++;
    else if (/^(FF|F|E)+$/.test(runs.at(-1)!.attempts) && runs.slice(-DEFAULT_POLICY.breakageStreak).every((r) => !r.attempts.includes('P'))) streak++;
    else {
      other++;
      if (examples.length < 5)
        examples.push(
          runs
            .slice(-12)
            .map((r) => r.attempts)
            .join(' '),
        );
    }
  }
}
console.log(`${samples} histories; the regression check fired on ${fired}:`);
console.log(`  already quarantined by the evidence rule when it fired: ${quarantined}`);
console.log(`  not quarantined, failing every attempt of its last ${DEFAULT_POLICY.breakageStreak}+ runs (breakage, never quarantined): ${streak}`);
console.log(`  not quarantined otherwise: ${other}`);
for (const e of examples) console.log(`    e.g. last 12 runs: ${e}`);
