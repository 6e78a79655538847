/**
 * `node scripts/eval/rerun-defaults.ts [--answers sequence|independent]`: what the re-run settings do to single
 * failures, measured on the real outcome sequences (real.ts) and on Bernoulli sequences at the simulator's rates.
 *
 * For every flaky failure of every test (a position i where the sequence failed), the history the rule sees is the
 * 100 outcomes before i (one per run, no retries), and the re-runs are the outcomes after i (`sequence`: the same
 * machine moments later, bursts included) or independent draws at the test's rate. For every setting it reports:
 * - false consistent: the share of flaky failures the rule would call a consistent failure (they block, quarantined
 *   or not), pooled over failures and the worst test;
 * - re-runs per flaky failure;
 * - for a deterministic regression (every re-run fails): re-runs spent on a stable test (100 passes) and, on the
 *   flaky tests, the share of regressions that end 'exhausted' (the streak stayed plausible: quarantine decides).
 * Pure computation, seconds.
 */
import { mulberry32 } from './rng.ts';
import { isFlaky, loadRealSequences } from './real.ts';
import { failureProbability, ISSUE_SETTINGS, rerunsToImplausible, type RerunSettings } from './rerun-model.ts';
import { DEFAULT_RATES } from './world.ts';
import type { TestHistory } from '../../src/model.ts';

const HISTORY = 100;

interface Row {
  label: string;
  settings: RerunSettings;
}

function historyOf(outcomes: string, end: number): TestHistory {
  const runs = [];
  for (let i = Math.max(0, end - HISTORY); i < end; i++) runs.push({ run: `r${i}`, sha: `s${i}`, time: i, onDefaultBranch: true, attempts: outcomes[i] === 'P' ? 'P' : 'F' });
  return { id: 'x', name: 'x', classname: 'x', runs };
}

export interface Study {
  label: string;
  failures: number;
  falseConsistent: number;
  worstTest: { test: string; share: number };
  rerunsPerFailure: number;
  regressionStable: number;
  regressionExhausted: number;
}

export function study(sequences: Array<{ test: string; outcomes: string; rate: number }>, row: Row, answers: 'sequence' | 'independent', stride = 1): Study {
  let failures = 0;
  let consistent = 0;
  let reruns = 0;
  let exhausted = 0;
  let regressions = 0;
  let worst = { test: '', share: 0 };
  const rng = mulberry32(7);
  for (const seq of sequences) {
    const o = seq.outcomes;
    let mine = 0;
    let mineConsistent = 0;
    for (let i = HISTORY; i < o.length - 12; i += stride) {
      if (o[i] === 'P') continue;
      const need = rerunsToImplausible(failureProbability(historyOf(o, i), row.settings), row.settings);
      regressions++;
      if (!Number.isFinite(need)) exhausted++;
      mine++;
      failures++;
      let k: number;
      let streak = true;
      for (k = 1; k <= row.settings.attemptsMax; k++) {
        const failed = answers === 'sequence' ? o[i + k] !== 'P' : rng() < seq.rate;
        if (!failed) {
          streak = false;
          break;
        }
        if (k >= need) break;
      }
      reruns += Math.min(k, row.settings.attemptsMax);
      if (streak && Number.isFinite(need)) {
        consistent++;
        mineConsistent++;
      }
    }
    if (mine >= 20 && mineConsistent / mine > worst.share) worst = { test: seq.test, share: mineConsistent / mine };
  }
  const stable = rerunsToImplausible(failureProbability(historyOf('P'.repeat(HISTORY), HISTORY), row.settings), row.settings);
  return {
    label: row.label,
    failures,
    falseConsistent: consistent / failures,
    worstTest: worst,
    rerunsPerFailure: reruns / failures,
    regressionStable: Number.isFinite(stable) ? stable : row.settings.attemptsMax,
    regressionExhausted: exhausted / regressions,
  };
}

export const ROWS: Row[] = [];
for (const p of ['run', 'upper', 'upper-retry'] as const) {
  for (const [attempts, attemptsMax] of [
    [2, 6],
    [1, 6],
    [3, 6],
    [2, 4],
    [2, 8],
    [2, 10],
  ] as const) {
    for (const threshold of [0.005, 0.001]) {
      if (threshold !== 0.005 && !(attempts === 2 && attemptsMax === 6)) continue;
      const settings = { ...ISSUE_SETTINGS, p, attempts, attemptsMax, threshold };
      ROWS.push({ label: `p=${p} attempts=${attempts} max=${attemptsMax} threshold=${threshold}`, settings });
    }
  }
}

function main(): void {
  const answers = (process.argv.includes('--answers') ? process.argv[process.argv.indexOf('--answers') + 1] : 'sequence') as 'sequence' | 'independent';
  const real = loadRealSequences()
    .filter(isFlaky)
    .map((r) => ({ test: `${r.project} ${r.test}`, outcomes: r.outcomes, rate: r.rate }));
  const rng = mulberry32(11);
  const synthetic = DEFAULT_RATES.map((rate) => ({ test: `bernoulli ${rate}`, outcomes: Array.from({ length: 4000 }, () => (rng() < rate ? 'F' : 'P')).join(''), rate }));
  const pct = (x: number): string => `${(x * 100).toFixed(2)}%`;
  for (const [name, seqs] of [
    ['real sequences (50 flaky tests)', real],
    ['Bernoulli at 1-40%', synthetic],
  ] as const) {
    console.log(`\n${name}, re-run answers: ${answers}\n`);
    console.log(
      '| setting | flaky failures | false consistent (pooled) | worst test | re-runs per flaky failure | re-runs for a stable test’s regression | regressions of flaky tests left to quarantine |',
    );
    console.log('| --- | --- | --- | --- | --- | --- | --- |');
    for (const row of ROWS) {
      const s = study(seqs, row, answers, name.startsWith('real') ? 1 : 2);
      console.log(
        `| ${s.label} | ${s.failures} | ${pct(s.falseConsistent)} | ${pct(s.worstTest.share)} ${s.worstTest.test.split(' ').at(-1)!.split('.').slice(-2).join('.')} | ${s.rerunsPerFailure.toFixed(2)} | ${s.regressionStable} | ${pct(s.regressionExhausted)} |`,
      );
    }
  }
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop()!)) main();
