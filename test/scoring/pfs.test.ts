import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { TestRunRecord } from '../../src/model.ts';
import { computePfs, createPfsMemo, DEFAULT_PFS_CONFIG, pfs, pfsFromStats, pfsStats, pfsStatsKey, posteriorCount, type PfsStats } from '../../src/scoring/pfs.ts';
import { HOUR, T0 } from './helpers.ts';

/** Runs on explicit shas: [sha, attempts]. */
function onShas(list: Array<[string, string]>): TestRunRecord[] {
  return list.map(([sha, attempts], i) => ({ run: `r${i}`, sha, time: T0 + i * HOUR, onDefaultBranch: true, attempts }));
}

/**
 * Independent brute force: midpoint rule on an N×N grid in u with p = u² on both axes (dense near
 * 0), uniform priors, likelihood straight from the model. Returns means and p_f quantiles.
 */
function bruteForce(s: PfsStats, N = 1200): { pf: number; pb: number; q: (x: number) => number } {
  const lv = new Float64Array(N * N);
  let max = -Infinity;
  for (let i = 0; i < N; i++) {
    const ub = (i + 0.5) / N;
    const pb = ub * ub;
    for (let j = 0; j < N; j++) {
      const uf = (j + 0.5) / N;
      const pf = uf * uf;
      let v = Math.log(2 * ub) + Math.log(2 * uf); // Jacobians
      v += s.good * Math.log(1 - pb) + s.goodFailures * Math.log(pf) + s.passes * Math.log(1 - pf);
      for (const [k, n] of s.allFail) v += n * Math.log(pb + (1 - pb) * pf ** k);
      lv[i * N + j] = v;
      if (v > max) max = v;
    }
  }
  const mf = new Float64Array(N);
  let z = 0;
  let spf = 0;
  let spb = 0;
  for (let i = 0; i < N; i++) {
    const pb = ((i + 0.5) / N) ** 2;
    for (let j = 0; j < N; j++) {
      const pf = ((j + 0.5) / N) ** 2;
      const d = Math.exp(lv[i * N + j]! - max);
      z += d;
      spf += d * pf;
      spb += d * pb;
      mf[j] = mf[j]! + d;
    }
  }
  const q = (x: number): number => {
    // CDF at cell edges u = j/N; interpolate linearly in u.
    let c = 0;
    for (let j = 0; j < N; j++) {
      const next = c + mf[j]! / z;
      if (next >= x) {
        const u = (j + (x - c) / (next - c)) / N;
        return u * u;
      }
      c = next;
    }
    return 1;
  };
  return { pf: spf / z, pb: spb / z, q };
}

function expectClose(actual: number, expected: number, rel = 5e-3, abs = 2e-4): void {
  expect(Math.abs(actual - expected)).toBeLessThanOrEqual(Math.max(abs, rel * Math.abs(expected)));
}

describe('pfsStats (grouping attempts by sha)', () => {
  it('reduces each sha to good (with a pass) or all-fail with its attempt count', () => {
    const s = pfsStats(
      onShas([
        ['a', 'P'],
        ['b', 'FFP'], // good: 2 failures, 1 pass
        ['c', 'FF'], // all-fail, k = 2 ...
        ['c', 'F'], // ... joined by a later run on the same sha: k = 3
        ['d', 'PF'], // good: a pass proves the good state, the failure after it is flaky
        ['e', 'SS'], // nothing observed
        ['f', 'E'], // error = failure: all-fail, k = 1
        ['a', 'SF'], // back on sha a (not adjacent): a stays good, +1 failure
      ]),
    );
    expect(s).toEqual({
      good: 3,
      goodFailures: 4,
      passes: 3,
      allFail: [
        [1, 1],
        [3, 1],
      ],
    });
    expect(pfsStatsKey(s)).toBe('3,4,3|1:1|3:1');
  });

  it('does not depend on the memo (shared sha index) or the order of shas', () => {
    const memo = createPfsMemo();
    const runs = onShas([
      ['x', 'F'],
      ['y', 'P'],
      ['x', 'P'],
      ['z', 'FF'],
    ]);
    const fresh = pfsStats(runs);
    expect(pfsStats(runs, memo)).toEqual(fresh);
    expect(
      pfsStats(
        onShas([
          ['z', 'FF'],
          ['y', 'P'],
          ['x', 'P'],
          ['x', 'F'],
        ]),
        memo,
      ),
    ).toEqual(fresh);
    expect(fresh).toEqual({ good: 2, goodFailures: 1, passes: 2, allFail: [[2, 1]] });
  });
});

describe('pfsStats with a shared memo (sha index and reuse of the previous grouping)', () => {
  it('gives the same statistics as a fresh computation for any sequence of tests', () => {
    const sha = fc.constantFrom('a', 'b', 'c', 'd', 'e');
    const attempts = fc.constantFrom('P', 'F', 'FP', 'PF', 'FF', 'S', 'E', '');
    const test = fc.array(fc.tuple(sha, attempts), { maxLength: 12 });
    fc.assert(
      fc.property(fc.array(test, { minLength: 1, maxLength: 8 }), fc.boolean(), (tests, repeatShas) => {
        const memo = createPfsMemo();
        let previous: Array<[string, string]> | undefined;
        for (const t of tests) {
          // Half the time, reuse the previous test's shas with new attempts (the fast path).
          const list: Array<[string, string]> = repeatShas && previous ? previous.map(([s0], i) => [s0, t[i % Math.max(1, t.length)]?.[1] ?? 'P']) : t;
          expect(pfsStats(onShas(list), memo)).toEqual(pfsStats(onShas(list)));
          previous = list;
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('computePfs without all-fail shas: the posterior is two Betas (closed form)', () => {
  it('p_f ~ Beta(1 + A, 1 + B), p_b ~ Beta(1, 1 + G)', () => {
    // 100 shas that passed first time: p_f ~ Beta(1, 101), p_b ~ Beta(1, 101).
    const r = computePfs({ good: 100, goodFailures: 0, passes: 100, allFail: [] });
    expectClose(r.pf, 1 / 102, 1e-4);
    expectClose(r.pb, 1 / 102, 1e-4);
    // Beta(1, b) quantile: 1 - (1 - q)^(1/b).
    expectClose(r.pfLow, 1 - 0.95 ** (1 / 101), 2e-3, 0);
    expectClose(r.pfHigh, 1 - 0.05 ** (1 / 101), 2e-3, 0);
    expect(r.observations).toBe(100);
  });

  it('flaky: 30 shas, 12 failures before their passes → mean (1 + 12) / (2 + 42)', () => {
    const s = { good: 30, goodFailures: 12, passes: 30, allFail: [] };
    const r = computePfs(s);
    expectClose(r.pf, 13 / 44, 1e-4);
    expectClose(r.pb, 1 / 32, 1e-4);
    const b = bruteForce(s);
    expectClose(r.pfLow, b.q(0.05));
    expectClose(r.pfHigh, b.q(0.95));
  });

  it('no data: the uniform prior (mean 1/2, interval 0.05–0.95)', () => {
    const r = computePfs({ good: 0, goodFailures: 0, passes: 0, allFail: [] });
    expectClose(r.pf, 0.5, 1e-6);
    expectClose(r.pb, 0.5, 1e-6);
    expectClose(r.pfLow, 0.05, 2e-3);
    expectClose(r.pfHigh, 0.95, 2e-3);
    expect(r.observations).toBe(0);
  });
});

describe('computePfs with all-fail shas', () => {
  it('one all-fail sha with one attempt: E[p_f] = E[p_b] = 5/9 and p_f density (2/3)(1 + p_f)', () => {
    // L = p_b + (1 - p_b) p_f; Z = 1/2 + 1/4 = 3/4.
    // E[p_f] = (1/2·1/2 + 1/2·1/3) / (3/4) = 5/9; E[p_b] = (1/3 + 1/6·1/2) / (3/4) = 5/9.
    // CDF(x) = (2/3)(x + x²/2): 5% at x = √1.15 - 1, 95% at x = √3.85 - 1.
    const r = computePfs({ good: 0, goodFailures: 0, passes: 0, allFail: [[1, 1]] });
    expectClose(r.pf, 5 / 9, 1e-4);
    expectClose(r.pb, 5 / 9, 1e-4);
    expectClose(r.pfLow, Math.sqrt(1.15) - 1, 2e-3);
    expectClose(r.pfHigh, Math.sqrt(3.85) - 1, 2e-3);
  });

  it('"FP" on one sha and "FF" on another: E[p_f] = 45/80, E[p_b] = 13/32', () => {
    // L = (1 - p_b) p_f (1 - p_f) · (p_b + (1 - p_b) p_f²)
    //   = (1 - p_b) p_b · p_f (1 - p_f) + (1 - p_b)² · p_f³ (1 - p_f)
    // Z = 1/6 · 1/6 + 1/3 · 1/20 = 2/45
    // E[p_f]: (1/6 · 1/12 + 1/3 · 1/30) / Z = (1/40) / (2/45) = 45/80
    // E[p_b]: (1/12 · 1/6 + 1/12 · 1/20) / Z = (13/720) / (2/45) = 13/32
    const s = pfsStats(
      onShas([
        ['a', 'FP'],
        ['b', 'FF'],
      ]),
    );
    expect(s).toEqual({ good: 1, goodFailures: 1, passes: 1, allFail: [[2, 1]] });
    const r = computePfs(s);
    expectClose(r.pf, 45 / 80, 1e-4);
    expectClose(r.pb, 13 / 32, 1e-4);
    const b = bruteForce(s);
    expectClose(r.pfLow, b.q(0.05));
    expectClose(r.pfHigh, b.q(0.95));
  });

  it('matches a brute-force integral on mixed small cases', () => {
    const cases: PfsStats[] = [
      { good: 5, goodFailures: 1, passes: 5, allFail: [[1, 2]] },
      { good: 20, goodFailures: 0, passes: 20, allFail: [[3, 10]] },
      {
        good: 12,
        goodFailures: 9,
        passes: 14,
        allFail: [
          [2, 3],
          [3, 1],
        ],
      },
      { good: 0, goodFailures: 0, passes: 0, allFail: [[1, 5]] },
    ];
    for (const s of cases) {
      const r = computePfs(s);
      const b = bruteForce(s, 700);
      expectClose(r.pf, b.pf);
      expectClose(r.pb, b.pb);
      expectClose(r.pfLow, b.q(0.05), 1e-2);
      expectClose(r.pfHigh, b.q(0.95));
    }
  });

  it('handles likelihoods too small for the no-log shortcut (factorised closed form as reference)', () => {
    // 1000 clean passes and 300 shas failing 5 attempts each: p_f^5 is negligible where the mass
    // is, so p_b ≈ Beta(301, 1001) and p_f ≈ Beta(1, 1001).
    const r = computePfs({ good: 1000, goodFailures: 0, passes: 1000, allFail: [[5, 300]] });
    expectClose(r.pb, 301 / 1302, 1e-3);
    expectClose(r.pf, 1 / 1002, 1e-3);
  });
});

describe('PFS tells a broken test from a flaky one (seed 002)', () => {
  it('20 passing shas then 10 shas failing all 3 attempts: p_f near 0, p_b high', () => {
    const runs = onShas([...Array.from({ length: 20 }, (_, i): [string, string] => [`ok${i}`, 'P']), ...Array.from({ length: 10 }, (_, i): [string, string] => [`bad${i}`, 'FFF'])]);
    const r = pfs(runs);
    expect(r.pf).toBeLessThan(0.06); // the prior's pull alone gives 1/22 ≈ 0.045
    expect(r.pb).toBeGreaterThan(0.25);
    expect(r.observations).toBe(30);
    // The same 30 failures spread over the shas, each followed by a pass: flaky.
    const flaky = pfs(onShas([...Array.from({ length: 20 }, (_, i): [string, string] => [`ok${i}`, 'P']), ...Array.from({ length: 10 }, (_, i): [string, string] => [`re${i}`, 'FFFP'])]));
    expect(flaky.pf).toBeGreaterThan(0.4);
    expect(flaky.pb).toBeLessThan(0.1);
  });
});

describe('memo', () => {
  it('computes each distinct statistic once and returns the same (frozen) result', () => {
    const memo = createPfsMemo();
    const a = pfs(
      onShas([
        ['a', 'FP'],
        ['b', 'P'],
      ]),
      DEFAULT_PFS_CONFIG,
      memo,
    );
    const b = pfs(
      onShas([
        ['x', 'P'],
        ['y', 'FP'],
      ]),
      DEFAULT_PFS_CONFIG,
      memo,
    );
    expect(b).toBe(a);
    expect(Object.isFrozen(a)).toBe(true);
    expect(posteriorCount(memo)).toBe(1);
    expect(a).toEqual(computePfs({ good: 2, goodFailures: 1, passes: 2, allFail: [] }));
    // A different config is a different entry.
    const c = pfsFromStats(
      pfsStats(
        onShas([
          ['a', 'FP'],
          ['b', 'P'],
        ]),
      ),
      { ...DEFAULT_PFS_CONFIG, credibleMass: 0.5 },
      memo,
    );
    expect(posteriorCount(memo)).toBe(2);
    expect(c.pfHigh).toBeLessThan(a.pfHigh);
  });
});

describe('config', () => {
  it('a Beta prior shifts the posterior as conjugacy says', () => {
    // Prior Beta(1, 99) on p_f plus 10 clean shas: Beta(1, 109) → mean 1/110.
    const r = computePfs({ good: 10, goodFailures: 0, passes: 10, allFail: [] }, { ...DEFAULT_PFS_CONFIG, priorPf: [1, 99] });
    expectClose(r.pf, 1 / 110, 1e-4);
  });

  it('a finer grid changes the numbers only slightly', () => {
    const s = {
      good: 12,
      goodFailures: 9,
      passes: 14,
      allFail: [
        [2, 3],
        [3, 1],
      ] as Array<[number, number]>,
    };
    const coarse = computePfs(s);
    const fine = computePfs(s, { ...DEFAULT_PFS_CONFIG, gridSize: 256 });
    expectClose(coarse.pf, fine.pf, 1e-4);
    expectClose(coarse.pfHigh, fine.pfHigh, 2e-3);
  });
});
