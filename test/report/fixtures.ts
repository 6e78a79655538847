/** Plain data for the report's unit tests: outcomes, decisions, scores and histories without the pipeline. */
import type { History, ParsedTestCase, TestHistory, TestRunRecord } from '../../src/model.ts';
import { decideOutcome } from '../../src/policy/outcome.ts';
import type { Decision } from '../../src/policy/quarantine.ts';
import type { ScoreView } from '../../src/report/scores.ts';
import type { SummaryInput } from '../../src/report/summary.ts';
import { parsedTest } from '../support/builders.ts';

export function decision(recent: string, quarantined: boolean, reason = quarantined ? 'failed and passed on the same commit 2 times in 9 runs' : 'no counted failure'): Decision {
  return {
    quarantined,
    reason,
    since: '2026-11-01T00:00:00.000Z',
    evidence: { runs: recent.length, sameCommitFlips: 0, trustedFailures: 0, failureEpisodes: 0, trailingBreakage: 0, cleanStreak: 0, recent },
  };
}

export interface Scenario {
  tests: ParsedTestCase[];
  /** Quarantined before this run (their failures are forgiven). */
  quarantinedBefore?: string[];
  decisions?: Map<string, Decision>;
  scores?: Map<string, ScoreView>;
  history?: History;
  quarantinedAfter?: string[];
  newlyQuarantined?: string[];
  released?: string[];
}

export function summaryInput(s: Scenario): SummaryInput {
  const before = new Set(s.quarantinedBefore ?? []);
  return {
    outcome: decideOutcome({ tests: s.tests, problems: [], filesMatched: 1, testOutcome: '', quarantined: before }),
    decisions: s.decisions ?? new Map(),
    scores: s.scores ?? new Map(),
    history: s.history ?? new Map(),
    quarantined: s.quarantinedAfter ?? [...before],
    newlyQuarantined: s.newlyQuarantined ?? [],
    released: s.released ?? [],
    testsInRun: s.tests.length,
    storeLine: 'History saved to flakeguard-data at 0123456789ab.',
    dataBranch: 'flakeguard-data',
    dataBranchUrl: 'https://github.com/o/r/tree/flakeguard-data',
    fileProblems: [],
    lapsed: [],
    statsFileOf: (id) => (id.length % 2 === 0 ? 'stats/00.json' : 'stats/01.json'),
  };
}

export const T0 = Date.UTC(2026, 10, 1);
const HOUR = 3_600_000;

/** A history of `runs` runs per test: `pattern(testIndex, runIndex)` gives each record's attempts. */
export function syntheticHistory(tests: number, runs: number, pattern: (t: number, r: number) => string, stepMs = HOUR): History {
  // Records are shared between tests (one object per run and pattern) to keep 100k tests light.
  const pool = new Map<string, TestRunRecord>();
  const record = (r: number, attempts: string): TestRunRecord => {
    const key = `${r}:${attempts}`;
    let rec = pool.get(key);
    if (!rec) {
      rec = { run: `run${r}/test/x`, sha: `sha${r}`, time: T0 + r * stepMs, onDefaultBranch: true, attempts };
      pool.set(key, rec);
    }
    return rec;
  };
  const history: History = new Map();
  for (let t = 0; t < tests; t++) {
    const id = `pkg.Suite${t % 100}::test ${t}`;
    const h: TestHistory = { id, name: `test ${t}`, classname: `pkg.Suite${t % 100}`, runs: [] };
    for (let r = 0; r < runs; r++) h.runs.push(record(r, pattern(t, r)));
    history.set(id, h);
  }
  return history;
}

export { parsedTest };
