/**
 * The seed 000 validation-table patterns as concrete histories, and the table docs/scoring.md
 * publishes. `validation.test.ts` regenerates the table and compares it with the doc.
 * Print it with: node_modules/.bin/node test/scoring/validation-patterns.ts
 */
import { fileURLToPath } from 'node:url';
import type { TestHistory, RecordDraft, TestRunRecord } from '../../src/model.ts';
import { normalizeErrorMessage } from '../../src/history/error-message.ts';
import { scoreTest, type TestScores } from '../../src/scoring/index.ts';

const HOUR = 3_600_000;
const START = Date.UTC(2026, 9, 1);
const RUNS = 50;
const STEP = 12 * HOUR;

export interface Pattern {
  name: string;
  built: string;
  /** The seed's "Actual Score Range". */
  seedRange: [number, number];
  /** Attempts and raw failure message of run i (0 = oldest). */
  run: (i: number) => { attempts: string; message?: string };
}

export const PATTERNS: Pattern[] = [
  {
    name: 'Stable passing test',
    built: '`P` every run',
    seedRange: [0, 0.1],
    run: () => ({ attempts: 'P' }),
  },
  {
    name: 'Stable failing test',
    built: '`F` every run, no retry, one message',
    seedRange: [0.05, 0.15],
    run: () => ({ attempts: 'F', message: 'AssertionError: expected: 200' }),
  },
  {
    name: '50% alternating flaky',
    built: '`P`, `F`, `P`, `F`, … no retry, one message',
    seedRange: [0.65, 0.75],
    run: (i) => (i % 2 === 0 ? { attempts: 'P' } : { attempts: 'F', message: 'AssertionError: expected: 200' }),
  },
  {
    name: 'Retry-passing flaky',
    built: "`FP`, `FP`, `P` repeated (the seed's own example), one message",
    seedRange: [0.75, 0.85],
    run: (i) => (i % 3 === 2 ? { attempts: 'P' } : { attempts: 'FP', message: 'Error: socket hang up' }),
  },
  {
    name: 'Timeout-based flaky',
    built: 'every 5th run times out once and is retried: `FP` and `FF` in turn; the message carries the elapsed time (`Timeout of 5000ms exceeded after 5xxxms`)',
    seedRange: [0.55, 0.65],
    run: (i) => (i % 5 === 2 ? { attempts: i % 10 === 2 ? 'FP' : 'FF', message: `Timeout of 5000ms exceeded after ${5000 + ((i * 37) % 400)}ms` } : { attempts: 'P' }),
  },
  {
    name: 'Environment-dependent',
    built: 'runs 5–9 of every 10 land on a broken runner: `FF` (the retry fails too), one message',
    seedRange: [0.45, 0.55],
    run: (i) => (i % 10 >= 5 ? { attempts: 'FF', message: 'connect ECONNREFUSED 10.0.0.7:5432' } : { attempts: 'P' }),
  },
];

/** 50 runs, 12 hours apart, distinct shas, on the default branch, 2 s each; messages normalised as the pipeline stores them. */
export function patternHistory(p: Pattern): TestHistory {
  const runs: TestRunRecord[] = [];
  for (let i = 0; i < RUNS; i++) {
    const r = p.run(i);
    const rec: RecordDraft = {
      run: `run${i}`,
      sha: `sha${i}`,
      time: START + i * STEP,
      onDefaultBranch: true,
      attempts: r.attempts,
      durationSec: 2,
    };
    if (r.message !== undefined) rec.message = normalizeErrorMessage(r.message);
    runs.push(rec);
  }
  return { id: `validation#${p.name}`, name: p.name, classname: 'validation', runs };
}

export function scorePattern(p: Pattern): TestScores {
  // "now" = the newest run (scoreTest's default).
  return scoreTest(patternHistory(p));
}

const f3 = (x: number | null): string => (x === null ? '–' : x.toFixed(3));

export function renderValidationTable(): string {
  const lines = [
    "| Pattern | How we built it | Seed's range | Our score | In range? | Confidence | Recommendation | Flip-rate (tier) | PFS p_f [90%] | Success rate |",
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
  ];
  for (const p of PATTERNS) {
    const s = scorePattern(p);
    const m = s.multiFactor;
    const inRange = m.score >= p.seedRange[0] && m.score <= p.seedRange[1] ? 'yes' : 'no';
    lines.push(
      `| ${p.name} | ${p.built} | ${p.seedRange[0].toFixed(2)}–${p.seedRange[1].toFixed(2)} | ${f3(m.score)} | ${inRange} | ${f3(m.confidence)} | ${m.recommendation.action} (${m.recommendation.priority}) | ${f3(s.flipRate)} (${s.tier}) | ${f3(s.pfs.pf)} [${f3(s.pfs.pfLow)}, ${f3(s.pfs.pfHigh)}] | ${f3(s.successRate.rate)} |`,
    );
  }
  return lines.join('\n');
}

/** Components of each pattern, for the doc's explanation of the mismatches. */
export function renderComponentTable(): string {
  const lines = ['| Pattern | intermittency | rerunPassRate | failureClustering | messageVariance | failSuccessRatio | consecutiveFailurePenalty |', '| --- | --- | --- | --- | --- | --- | --- |'];
  for (const p of PATTERNS) {
    const c = scorePattern(p).multiFactor.components;
    lines.push(
      `| ${p.name} | ${f3(c.intermittency)} | ${f3(c.rerunPassRate)} | ${f3(c.failureClustering)} | ${f3(c.messageVariance)} | ${f3(c.failSuccessRatio)} | ${f3(c.consecutiveFailurePenalty)} |`,
    );
  }
  return lines.join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log(renderValidationTable());
  console.log();
  console.log(renderComponentTable());
}
