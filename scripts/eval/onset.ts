/**
 * `node scripts/eval/onset.ts`: how well the onset (src/onset/, docs/onset.md) finds when a test's failure rate
 * changed, on worlds with the truth known. Each world is one test's history of `--runs` runs (default 100, the
 * default window) as the step keeps it, made of TestRunRecords and read by the real `onsetOf`:
 *
 *   became flaky  passes (rate `--base`, default 0) until a known run τ (uniform over 10%..90% of the history), then
 *                 fails at rate p at its first attempt (retried and passed);
 *   fixed         the reverse: flaky at p until τ, then at the base rate;
 *   steady        flaky at p all along: any change found is a false onset.
 *
 * Runs in an outage (a run with a 2% chance, the test failing in it) are in every world: they are no evidence. For
 * each p it prints how often a change in the right direction is found, how often its range holds τ (of all worlds,
 * and of those where one was found), the range's width in runs (median, 90th percentile), and the share of steady
 * worlds with a change. Then the CPU cost: onsetOf over `--tests` histories of failing tests, per test and in all.
 *
 *   node scripts/eval/onset.ts [--worlds 1000] [--runs 100] [--base 0] [--seed 1] [--tests 5000]
 */
import { parseArgs } from 'node:util';
import { cpus } from 'node:os';
import type { TestRunRecord } from '../../src/model.ts';
import { latestChange, onsetOf } from '../../src/onset/index.ts';
import { mix, mulberry32, type Rng } from './rng.ts';

const { values } = parseArgs({
  options: {
    worlds: { type: 'string', default: '1000' },
    runs: { type: 'string', default: '100' },
    base: { type: 'string', default: '0' },
    seed: { type: 'string', default: '1' },
    tests: { type: 'string', default: '5000' },
  },
});
const WORLDS = Number(values.worlds);
const RUNS = Number(values.runs);
const BASE = Number(values.base);
const SEED = Number(values.seed);
const TESTS = Number(values.tests);

function history(rng: Rng, rate: (i: number) => number): TestRunRecord[] {
  const out: TestRunRecord[] = [];
  for (let i = 0; i < RUNS; i++) {
    const outage = rng() < 0.02;
    const failed = outage || rng() < rate(i);
    out.push({ run: String(i), sha: i.toString(16).padStart(40, '0'), time: i, onDefaultBranch: true, attempts: failed ? 'FP' : 'P', ...(outage ? { outage: true } : {}) });
  }
  return out;
}

const quantile = (xs: number[], q: number): number => {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))]!;
};
const pct = (n: number, d: number): string => (d === 0 ? '—' : `${((100 * n) / d).toFixed(1)}%`);

console.log(`onset accuracy: ${WORLDS} worlds per row, ${RUNS} runs each, base rate ${BASE}, seed ${SEED}, 2% outage runs`);
console.log('| kind | p | change found | range holds τ (all) | holds τ (found) | width median | width p90 | false onset (steady) |');
console.log('| --- | --- | --- | --- | --- | --- | --- | --- |');
for (const kind of ['became flaky', 'fixed'] as const) {
  for (const p of [0.05, 0.1, 0.2, 0.3, 0.5]) {
    let found = 0;
    let holds = 0;
    let falseOnsets = 0;
    const widths: number[] = [];
    for (let w = 0; w < WORLDS; w++) {
      const rng = mulberry32(mix(SEED, `${kind}/${p}/${w}`));
      const tau = Math.floor(RUNS * (0.1 + 0.8 * rng()));
      const h = history(rng, (i) => (i >= tau === (kind === 'became flaky') ? p : BASE));
      const c = latestChange(onsetOf(h));
      if (c && c.direction === (kind === 'became flaky' ? 'up' : 'down')) {
        found++;
        widths.push(c.width);
        if (Number(c.first.run) <= tau && tau <= Number(c.last.run)) holds++;
      }
      const steady = onsetOf(history(mulberry32(mix(SEED, `steady/${p}/${w}`)), () => p));
      if (steady.changes.length > 0) falseOnsets++;
    }
    console.log(`| ${kind} | ${p} | ${pct(found, WORLDS)} | ${pct(holds, WORLDS)} | ${pct(holds, found)} | ${quantile(widths, 0.5)} | ${quantile(widths, 0.9)} | ${pct(falseOnsets, WORLDS)} |`);
  }
}

// CPU: onsetOf over TESTS failing tests' histories (half steady, half became flaky), as the step, explain or why would.
const tests: TestRunRecord[][] = [];
for (let t = 0; t < TESTS; t++) {
  const rng = mulberry32(mix(SEED, `cpu/${t}`));
  const tau = Math.floor(RUNS * (0.1 + 0.8 * rng()));
  tests.push(history(rng, t % 2 === 0 ? () => 0.1 : (i) => (i >= tau ? 0.2 : 0)));
}
for (const h of tests.slice(0, 200)) onsetOf(h);
const start = process.cpuUsage();
const t0 = performance.now();
let changes = 0;
for (const h of tests) changes += onsetOf(h).changes.length;
const cpu = process.cpuUsage(start);
const cpuMs = (cpu.user + cpu.system) / 1000;
console.log(
  `\nCPU: onsetOf over ${TESTS} failing tests of ${RUNS} runs: ${cpuMs.toFixed(0)} ms CPU (${(performance.now() - t0).toFixed(0)} ms wall), ${((1000 * cpuMs) / TESTS).toFixed(1)} µs a test; ${changes} changes found. ${cpus()[0]?.model ?? ''}`,
);
