import { describe, expect, it } from 'vitest';
import { ALPHA, categorise, COMPARISONS, fisherGreater, fisherTwoSided, seedChance, THRESHOLD, verdictSentence } from '../../src/diagnose/rule.ts';
import type { Evidence } from '../../src/diagnose/format.ts';

const row = (variation: string, failures: number, executions = 8): Evidence => ({ variation, executions, failures });

describe("Fisher's exact test", () => {
  it('gives the hypergeometric tail', () => {
    // 8 of 8 against 0 of 8: one table of C(16, 8) has all 8 failures in the variation.
    expect(fisherGreater(8, 8, 0, 8)).toBeCloseTo(1 / 12870, 12);
    // 1 of 1 against 0 of 1: half the tables.
    expect(fisherGreater(1, 1, 0, 1)).toBeCloseTo(0.5, 12);
    expect(fisherGreater(0, 8, 8, 8)).toBe(1);
    expect(fisherGreater(0, 8, 0, 8)).toBe(1);
    // Summed over the tail: 3 of 4 or more against 0 of 4 (3 failures in all): C(4,3)/C(8,3) = 4/56.
    expect(fisherGreater(3, 4, 0, 4)).toBeCloseTo(4 / 56, 12);
    expect(fisherTwoSided(0, 8, 8, 8)).toBeCloseTo(2 / 12870, 12);
  });

  it('holds each comparison to ALPHA shared among them', () => {
    expect(THRESHOLD).toBeCloseTo(ALPHA / COMPARISONS, 12);
    // The fewest executions at which a perfect split is significant: 7 two-sided (6 is not).
    expect(fisherTwoSided(7, 7, 0, 7)).toBeLessThan(THRESHOLD);
    expect(fisherTwoSided(6, 6, 0, 6)).toBeGreaterThan(THRESHOLD);
  });
});

describe('seedChance', () => {
  it('is the share of assignments that fill whole seeds', () => {
    const seeds = [1, 1, 0, 1, 0, 1].map((f, i) => ({ seed: String(i + 1), executions: 3, failures: 3 * f }));
    // 12 failures of 18 on 4 whole seeds of 6: C(6, 4) / C(18, 12).
    expect(seedChance(seeds)).toBeCloseTo(15 / 18564, 12);
  });
  it('is 1 when a seed disagrees with itself, or every seed agrees with every other', () => {
    expect(
      seedChance([
        { seed: '1', executions: 3, failures: 2 },
        { seed: '2', executions: 3, failures: 0 },
      ]),
    ).toBe(1);
    expect(
      seedChance([
        { seed: '1', executions: 3, failures: 3 },
        { seed: '2', executions: 3, failures: 3 },
      ]),
    ).toBe(1);
    expect(seedChance([{ seed: '1', executions: 3, failures: 0 }])).toBe(1);
  });
});

describe('categorise', () => {
  it('names each cause by the variation that changed the rate', () => {
    expect(categorise([row('rest', 0), row('tz', 8), row('lang', 0), row('contention', 0)]).category).toBe('time-zone-locale');
    expect(categorise([row('rest', 8), row('tz', 0)]).category).toBe('time-zone-locale');
    expect(categorise([row('rest', 0), row('lang', 8)]).category).toBe('time-zone-locale');
    expect(categorise([row('rest', 1), row('contention', 8)]).category).toBe('timing');
    expect(categorise([row('rest', 0), row('file', 8)]).category).toBe('order-dependent');
    expect(categorise([row('rest', 0), row('full-order', 8)]).category).toBe('order-dependent');
    const seeds = [1, 1, 0, 1, 0, 1].map((f, i) => ({ seed: String(i + 1), executions: 3, failures: 3 * f }));
    expect(categorise([row('rest', 4), row('seed', 12, 18)], seeds).category).toBe('seed');
  });

  it('calls a test failing at the same rate everywhere not reproduced, and a test that never fails too', () => {
    expect(categorise([row('rest', 3), row('tz', 4), row('lang', 2), row('contention', 5), row('file', 3)]).category).toBe('not-reproduced');
    expect(categorise([row('rest', 0), row('tz', 0), row('lang', 0), row('contention', 0), row('file', 0)]).category).toBe('not-reproduced');
    // A variation that fails less (one-sided ones) changes nothing.
    expect(categorise([row('rest', 8), row('contention', 0), row('file', 0)]).category).toBe('not-reproduced');
    // Without rest, no comparison.
    expect(categorise([row('tz', 8)]).category).toBe('not-reproduced');
  });

  it('takes the smallest chance when two variations change the rate', () => {
    const v = categorise([row('rest', 0), row('contention', 6), row('tz', 8)]);
    expect(v.category).toBe('time-zone-locale');
    expect(v.by?.variation).toBe('tz');
  });

  it('says why in one sentence', () => {
    const evidence = [row('rest', 0), row('file', 8)];
    expect(verdictSentence(categorise(evidence), evidence, 'a::polluter')).toMatch(/^order-dependent: file failed 8 of 8, rest 0 of 8 \(p = .+\); polluter: a::polluter$/);
    const none = [row('rest', 2), row('tz', 3)];
    expect(verdictSentence(categorise(none), none)).toBe('not reproduced by any variation: rest failed 2 of 8; failures under tz no more often than at rest');
  });
});
