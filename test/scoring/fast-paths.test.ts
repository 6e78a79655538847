/**
 * The scoring's short cuts give what the plain rules give: a posterior looked up by the number of small statistics
 * (smallStatsKey) is the posterior computed from them, whatever config and in whatever order they are asked; that
 * number is equal exactly when the statistics' key string is; the trend read on the runs themselves when every run is
 * evidence is the trend of the evidence runs copied out; a test scored by `scorerOf` is scored as `scoreAll` scores it.
 * Random inputs: retries, skips, outages, shas shared by runs, counts beyond the small range.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { TestRunRecord } from '../../src/model.ts';
import { computePfs, createPfsMemo, DEFAULT_PFS_CONFIG, pfs, pfsFromStats, pfsStatsKey, posteriorCount, smallStatsKey, type PfsConfig, type PfsStats } from '../../src/scoring/pfs.ts';
import { evidenceRuns, pfsTrendOf } from '../../src/scoring/regression.ts';
import { scoreAll, scorerOf } from '../../src/scoring/index.ts';
import { historyOf, HOUR, T0 } from './helpers.ts';

const count = fc.oneof(fc.integer({ min: 0, max: 6 }), fc.constantFrom(255, 256, 1023, 1024, 5000));
const statsArb: fc.Arbitrary<PfsStats> = fc.record({
  good: count,
  goodFailures: count,
  passes: count,
  allFail: fc
    .uniqueArray(fc.tuple(fc.oneof(fc.integer({ min: 1, max: 4 }), fc.constantFrom(255, 256)), fc.oneof(fc.integer({ min: 1, max: 3 }), fc.constantFrom(255, 256))), {
      maxLength: 2,
      selector: ([k]) => k,
    })
    .map((a) => a.sort((x, y) => x[0] - y[0])),
});

const OTHER: PfsConfig = { ...DEFAULT_PFS_CONFIG, credibleMass: 0.5 };

describe('the posterior memo by number', () => {
  it('gives one number to equal statistics and different numbers to different ones', () => {
    fc.assert(
      fc.property(statsArb, statsArb, (x, y) => {
        const kx = smallStatsKey(x);
        const ky = smallStatsKey(y);
        if (kx >= 0 && ky >= 0) expect(kx === ky).toBe(pfsStatsKey(x) === pfsStatsKey(y));
      }),
      { numRuns: 3000 },
    );
  });

  it('hands back the posterior computed from the statistics, under two configs asked in turn of one memo', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(statsArb, fc.boolean()), { minLength: 1, maxLength: 12 }), (asks) => {
        const memo = createPfsMemo();
        const distinct = new Set<string>();
        for (const [stats, other] of asks) {
          const config = other ? OTHER : DEFAULT_PFS_CONFIG;
          distinct.add(`${other}#${pfsStatsKey(stats)}`);
          expect(pfsFromStats(stats, config, memo)).toEqual(computePfs(stats, config));
        }
        expect(posteriorCount(memo)).toBe(distinct.size);
      }),
      { numRuns: 150 },
    );
  });
});

const runArb = fc.record({
  attempts: fc.constantFrom('P', 'P', 'P', 'F', 'FP', 'E', 'S', 'SS', 'SP', 'FF'),
  outage: fc.constantFrom(undefined, undefined, undefined, true),
  sha: fc.integer({ min: 0, max: 30 }),
});

function runsOf(runs: Array<{ attempts: string; outage: true | undefined; sha: number }>): TestRunRecord[] {
  return runs.map((r, i) => ({ run: `r${i}`, sha: `s${r.sha}`, time: T0 + i * HOUR, onDefaultBranch: i % 3 !== 0, attempts: r.attempts, ...(r.outage ? { outage: true } : {}) }));
}

/** pfsTrendOf as the rule says it: the evidence runs copied out, a failure told by /[FE]/. */
function plainTrend(runs: readonly TestRunRecord[], points: number, every: number, window: number, onlyIfFailing: boolean): Array<{ runs: number; pf: number }> {
  const evidence = evidenceRuns(runs);
  const out: Array<{ runs: number; pf: number }> = [];
  if (onlyIfFailing) {
    const span = Math.max(0, evidence.length - (points - 1) * every - window);
    if (!evidence.slice(span).some((r) => /[FE]/.test(r.attempts))) return out;
  }
  for (let k = points - 1; k >= 0; k--) {
    const end = evidence.length - k * every;
    if (end < 1) continue;
    out.push({ runs: end, pf: pfs(evidence.slice(Math.max(0, end - window), end)).pf });
  }
  return out;
}

describe('the trend of a test', () => {
  it('is the trend of its evidence runs, with or without runs that are not evidence', () => {
    fc.assert(
      fc.property(fc.array(runArb, { maxLength: 60 }), fc.boolean(), fc.boolean(), (runs, clean, onlyIfFailing) => {
        // Half the histories have every run as evidence (the trend reads them in place).
        const records = runsOf(clean ? runs.map((r) => ({ ...r, outage: undefined, attempts: r.attempts.replace(/^S+$/, 'P') })) : runs);
        const memo = createPfsMemo();
        expect(pfsTrendOf(records, 5, 5, 10, DEFAULT_PFS_CONFIG, memo, onlyIfFailing)).toEqual(plainTrend(records, 5, 5, 10, onlyIfFailing));
      }),
      { numRuns: 300 },
    );
  });
});

describe('scorerOf', () => {
  it('scores each test as scoreAll does with the same now', () => {
    fc.assert(
      fc.property(fc.array(fc.array(runArb, { minLength: 0, maxLength: 40 }), { minLength: 1, maxLength: 5 }), (tests) => {
        const histories = tests.map((runs, i) => historyOf(runsOf(runs), `suite.C#t${i}`));
        const now = T0 + 50 * HOUR;
        const all = scoreAll(histories, { now });
        const one = scorerOf({ now });
        for (const h of histories) expect(one(h)).toEqual(all.get(h.id));
      }),
      { numRuns: 100 },
    );
  });
});
