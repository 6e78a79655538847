/**
 * The scores written into each test's stats line: every method of docs/scoring.md, rounded so that a line only
 * changes when a score really moves.
 */
import type { History, TestHistory } from '../model.ts';
import { createPfsMemo, resolveScoringOptions, scoreAll, scorerOf, type ScoringOptionsInput, type TestScores } from '../scoring/index.ts';
import { pfsTrendOf } from '../scoring/regression.ts';

/** Scores of every test, shown in the stats file; computed by the scoring module. */
export type ScoreTests = (histories: History) => Map<string, Record<string, unknown>>;

const round = (x: number | null): number | null => (x === null ? null : Math.round(x * 1000) / 1000);

/** `scoring`: the seed methods' parameters from the config file (policy.pfs, policy.flip-rate, …; docs/rules.md). */
export function statsScores(now: number, scoring: ScoringOptionsInput = {}): ScoreTests {
  // One memo for every call: the step scores one test per distinct history (src/pipeline/apply.ts).
  const memo = createPfsMemo();
  const pfsConfig = resolveScoringOptions(scoring).pfs;
  // A finite `now` scores test by test (the step asks for one test at a time); scoreAll finds it from the data otherwise.
  const one = Number.isFinite(now) ? scorerOf({ ...scoring, now }, memo) : undefined;
  return (history: History) => {
    const out = new Map<string, Record<string, unknown>>();
    const scored: Iterable<[string, TestScores]> = one ? scoredOneByOne(history, one) : scoreAll(history.values(), { ...scoring, now }, memo);
    for (const [id, s] of scored) {
      const test = history.get(id)!;
      out.set(id, {
        tier: s.tier,
        flipRate: round(s.flipRate),
        ewmaFlipRate: round(s.ewmaFlipRate),
        pfs: [round(s.pfs.pf), round(s.pfs.pfLow), round(s.pfs.pfHigh)],
        score: round(s.multiFactor.score),
        confidence: round(s.multiFactor.confidence),
        recommendation: s.multiFactor.recommendation.action,
        successRate: round(s.successRate.rate),
        thresholded: round(s.thresholded),
      });
      // Seed 000's priority and reason, for a recommendation other than stable (stable is always low priority).
      const advice = s.multiFactor.recommendation;
      if (advice.action !== 'stable') Object.assign(out.get(id)!, { priority: advice.priority, recommendationReason: advice.reason });
      // Seed 002's short trend, for tests that failed lately: the PFS of the last 10 runs, every 5 runs, oldest first
      // (src/scoring/regression.ts).
      const trend = pfsTrendOf(test.runs, 5, 5, 10, pfsConfig, memo, true);
      if (trend.length > 0) out.get(id)!.pfsTrend = trend.map((p) => round(p.pf));
    }
    return out;
  };
}

/** Each test of `history` with its scores, in the history's order (scoreAll's entries, keyed by the test's id). */
function* scoredOneByOne(history: History, score: (h: TestHistory) => TestScores): Generator<[string, TestScores]> {
  for (const h of history.values()) yield [h.id, score(h)];
}

/** "PFS 0.18 [0.09, 0.31]" from a stats line's scores, when it has them. */
export function pfsPhrase(scores: Record<string, unknown> | undefined): string | undefined {
  const pfs = scores?.pfs;
  if (!Array.isArray(pfs)) return undefined;
  const [pf, low, high] = pfs as unknown[];
  if (typeof pf !== 'number' || typeof low !== 'number' || typeof high !== 'number') return undefined;
  return `PFS ${pf.toFixed(2)} [${low.toFixed(2)}, ${high.toFixed(2)}]`;
}
