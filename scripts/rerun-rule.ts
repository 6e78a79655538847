/**
 * The stopping rule of the re-runs (src/rerun/stopping.ts, docs/rerun.md#why-3-and-6) on its own, by counts:
 *   node scripts/rerun-rule.ts real <rerun-attempts> <rerun-attempts-max> next|iid [window]
 *   node scripts/rerun-rule.ts synthetic <rerun-attempts> <rerun-attempts-max> [window]
 * real: the real outcome sequences of ../shared/real-outcomes (each flaky test × 20 random starting points, 150 CI
 * runs); each run takes the next outcome, re-runs the following ones (next) or fresh draws at the test's overall
 * rate (iid). synthetic: 300 worlds per rate, a test clean for 50 runs that turns flaky for 100. A quarantine starts
 * at the first proven flip. Red: a failure of the flaky test that still blocks (consistent, or exhausted before its
 * quarantine). Deterministic (seeded); the whole project's accuracy simulator is scripts/eval.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- a measuring script: its run records are loose on purpose */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { nextStep, failureCounts } from '../src/rerun/stopping.ts';

const world = process.argv[2] ?? 'real';
if (world === 'real') {
  const rows = readFileSync(join(import.meta.dirname, '../../shared/real-outcomes/isolation.tsv'), 'utf8')
    .trim()
    .split('\n')
    .slice(1)
    .map((l) => l.split('\t'));
  const minR = Number(process.argv[3] ?? 3),
    maxR = Number(process.argv[4] ?? 6),
    mode = process.argv[5] ?? 'next',
    window = Number(process.argv[6] ?? 50);
  let seed = 7;
  const rnd = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  let red0 = 0,
    red1 = 0,
    execs = 0,
    worlds = 0;
  for (const r of rows) {
    const o = r[5]!.replace(/E/g, 'F');
    const f = (o.match(/F/g) ?? []).length;
    if (f === 0 || f === o.length) continue;
    const rate = f / o.length;
    for (let rep = 0; rep < 20; rep++) {
      worlds++;
      let i = Math.floor(rnd() * o.length);
      const next = () => {
        const c = o[i % o.length]!;
        i++;
        return c;
      };
      const draw = () => (mode === 'next' ? next() : rnd() < rate ? 'F' : 'P');
      const runs: any[] = [];
      let quarantined = false;
      for (let run = 0; run < 150; run++) {
        let a = next();
        if (a === 'F') {
          red0++;
          const counts = failureCounts({ id: 'x', name: 'x', classname: 'x', runs }, window);
          let reruns = 0,
            streak = 1,
            verdict = 'continue';
          while (verdict === 'continue') {
            const x = draw();
            execs++;
            reruns++;
            a += x;
            if (x === 'P') {
              verdict = 'proven';
              break;
            }
            streak++;
            verdict = nextStep(counts, streak, reruns, { minReruns: minR, maxReruns: maxR });
          }
          if (verdict === 'consistent' || (verdict === 'exhausted' && !quarantined)) red1++;
          if (verdict === 'proven') quarantined = true;
        }
        runs.push({ run: String(run), sha: String(run), time: run, onDefaultBranch: true, attempts: a });
      }
    }
  }
  console.log(`mode=${mode} min=${minR} max=${maxR} window=${window}: worlds ${worlds}, flaky red runs ${red0} -> ${red1} (${(red0 / Math.max(1, red1)).toFixed(1)}x), re-run executions ${execs}`);
} else if (world === 'suite') {
  // The real flaky tests as one suite (each at its own random starting point), 20 worlds x 150 CI runs. A run is
  // flaky-red without flakeguard when any test's first attempt failed; with re-runs, when some failure still blocks
  // (consistent, or exhausted before the test's quarantine). The threshold is divided by the run's failed tests, as
  // plan.ts does; `per-test` as 6th argument keeps it whole.
  const rows = readFileSync(join(import.meta.dirname, '../../shared/real-outcomes/isolation.tsv'), 'utf8')
    .trim()
    .split('\n')
    .slice(1)
    .map((l) => l.split('\t'));
  const minR = Number(process.argv[3] ?? 3),
    maxR = Number(process.argv[4] ?? 6),
    mode = process.argv[5] ?? 'next',
    bonf = process.argv[6] !== 'per-test';
  let seed = 5;
  const rnd = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  const seqs = rows.map((r) => r[5]!.replace(/E/g, 'F')).filter((o) => o.includes('F') && o.includes('P'));
  let red0 = 0,
    red1 = 0,
    execs = 0;
  const why: Record<string, number> = {};
  for (let w = 0; w < 20; w++) {
    const state = seqs.map((o) => ({ o, i: Math.floor(rnd() * o.length), runs: [] as any[], quarantined: false, rate: (o.match(/F/g) ?? []).length / o.length }));
    for (let run = 0; run < 150; run++) {
      const first = state.map((t) => t.o[t.i++ % t.o.length]!);
      const k = first.filter((a) => a === 'F').length;
      let blocked = false;
      state.forEach((t, idx) => {
        let a = first[idx]!;
        if (a === 'F') {
          const counts = failureCounts({ id: 'x', name: 'x', classname: 'x', runs: t.runs }, 50);
          let reruns = 0,
            streak = 1,
            verdict = 'continue';
          while (verdict === 'continue') {
            const x = mode === 'next' ? t.o[t.i++ % t.o.length]! : rnd() < t.rate ? 'F' : 'P';
            execs++;
            reruns++;
            a += x;
            if (x === 'P') {
              verdict = 'proven';
              break;
            }
            streak++;
            verdict = nextStep(counts, streak, reruns, { minReruns: minR, maxReruns: maxR, threshold: 0.005 / (bonf ? k : 1) });
          }
          if (verdict === 'consistent' || (verdict === 'exhausted' && !t.quarantined)) {
            blocked = true;
            const key = `${verdict}${t.quarantined ? '-q' : ''}`;
            why[key] = (why[key] ?? 0) + 1;
          }
          if (verdict === 'proven') t.quarantined = true;
        }
        t.runs.push({ run: String(run), sha: String(run), time: run, onDefaultBranch: true, attempts: a });
      });
      if (k > 0) red0++;
      if (blocked) red1++;
    }
  }
  console.log(
    `suite ${mode} min=${minR} max=${maxR} ${bonf ? 'threshold/k' : 'threshold'}: red ${red0} -> ${red1} (${(red0 / Math.max(1, red1)).toFixed(1)}x), execs/run ${(execs / 3000).toFixed(1)}`,
    JSON.stringify(why),
  );
} else {
  const minR = Number(process.argv[3] ?? 3),
    maxR = Number(process.argv[4] ?? 6),
    window = Number(process.argv[5] ?? 50);
  let seed = 11;
  const rnd = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  for (const q of [0.02, 0.05, 0.1, 0.2, 0.3, 0.5, 0.7]) {
    let red0 = 0,
      red1 = 0,
      execs = 0,
      regr = 0,
      regrCaught = 0;
    for (let w = 0; w < 300; w++) {
      const runs: any[] = [];
      let quarantined = false;
      for (let run = 0; run < 150; run++) {
        const flaky = run >= 50;
        let a = flaky && rnd() < q ? 'F' : 'P';
        if (a === 'F') {
          red0++;
          const counts = failureCounts({ id: 'x', name: 'x', classname: 'x', runs }, window);
          let reruns = 0,
            streak = 1,
            verdict = 'continue';
          while (verdict === 'continue') {
            const x = rnd() < q ? 'F' : 'P';
            execs++;
            reruns++;
            a += x;
            if (x === 'P') {
              verdict = 'proven';
              break;
            }
            streak++;
            verdict = nextStep(counts, streak, reruns, { minReruns: minR, maxReruns: maxR });
          }
          if (verdict === 'consistent' || (verdict === 'exhausted' && !quarantined)) red1++;
          if (verdict === 'proven') quarantined = true;
        }
        runs.push({ run: String(run), sha: String(run), time: run, onDefaultBranch: true, attempts: a });
      }
      // A deterministic regression at the end, lasting 3 runs: each run's re-runs all fail (its failures are recorded).
      for (let k = 0; k < 3; k++) {
        const counts = failureCounts({ id: 'x', name: 'x', classname: 'x', runs }, window);
        let reruns = 0,
          streak = 1,
          v = 'continue';
        while (v === 'continue') {
          reruns++;
          streak++;
          v = nextStep(counts, streak, reruns, { minReruns: minR, maxReruns: maxR });
        }
        regr++;
        if (v === 'consistent') regrCaught++;
        runs.push({ run: `g${k}`, sha: `g${k}`, time: 150 + k, onDefaultBranch: true, attempts: 'F'.repeat(reruns + 1) });
      }
    }
    console.log(
      `q=${q} min=${minR} max=${maxR} w=${window}: red ${red0} -> ${red1} (${(red0 / Math.max(1, red1)).toFixed(1)}x), execs ${execs}; 3-run regressions afterwards: runs judged consistent ${regrCaught}/${regr}`,
    );
  }
}
