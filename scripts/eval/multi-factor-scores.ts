/**
 * Why the `multi-factor` rule (seed 000) quarantines so little with the seed's thresholds: its score for a test that
 * fails a share p of its runs, with and without a retry that passes (the evidence re-runs or CI retries supply).
 * 60 runs 12 hours apart, one message, 50 random histories per row; "now" is the newest run.
 *
 *   node scripts/eval/multi-factor-scores.ts
 *
 * docs/rules.md ("The multi-factor rule needs retries") quotes the table.
 */
import { DEFAULT_SCORING_CONFIG, multiFactorScore } from '../../src/scoring/multi-factor.ts';
import type { TestRunRecord } from '../../src/model.ts';
import { mulberry32 } from './rng.ts';

const T0 = Date.UTC(2026, 9, 1);
const HISTORIES = 50;
const rows: string[] = ['| failing runs (p) | with a passing retry: median (max) | without: median (max) | quarantined with a retry |', '| --- | --- | --- | --- |'];
for (const p of [0.02, 0.05, 0.1, 0.2, 0.3, 0.4, 0.5]) {
  const cells: string[] = [];
  let quarantined = 0;
  for (const retry of [true, false]) {
    const scores: number[] = [];
    for (let s = 1; s <= HISTORIES; s++) {
      const rand = mulberry32(s);
      const runs: TestRunRecord[] = Array.from({ length: 60 }, (_, i) => {
        const failed = rand() < p;
        const run = { run: `r${i}`, sha: `c${i}`, time: T0 + i * 12 * 3_600_000, onDefaultBranch: true, attempts: failed ? (retry ? 'FP' : 'F') : 'P', durationSec: 1 };
        return failed ? { ...run, message: 'timeout' } : run;
      });
      const m = multiFactorScore(runs, runs.at(-1)!.time, DEFAULT_SCORING_CONFIG);
      scores.push(m.score);
      if (retry && m.recommendation.action === 'quarantine') quarantined++;
    }
    scores.sort((a, b) => a - b);
    cells.push(`${scores[Math.floor(HISTORIES / 2)]!.toFixed(2)} (${scores.at(-1)!.toFixed(2)})`);
  }
  rows.push(`| ${p} | ${cells[0]} | ${cells[1]} | ${quarantined} of ${HISTORIES} |`);
}
console.log(rows.join('\n'));
