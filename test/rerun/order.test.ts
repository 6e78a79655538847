/**
 * The order-dependence rule (src/rerun/order.ts, docs/rerun.md#order-dependence): a streak of first-attempt failures
 * across runs, each passing alone, implausible for the test's history before the streak.
 */
import { describe, expect, it } from 'vitest';
import { IMPLAUSIBLE } from '../../src/rerun/stopping.ts';
import { beforeStreak, judgeOrder, orderCounts, orderDependence, orderRuns, orderSentence, streakChanceAcrossRuns, type OrderRun } from '../../src/rerun/order.ts';
import { historyOf, parsedTest } from '../support/builders.ts';

const WINDOW = 50;
const runsOf = (letters: string[]): OrderRun[] => letters.map((attempts, i) => ({ attempts, sha: `s${i}` }));

/** The failing run (1, 2, …) at which a test with these earlier runs, turned victim, is called order-dependent. */
function caughtAt(before: OrderRun[], limit = 30): number | undefined {
  const runs = [...before];
  for (let n = 1; n <= limit; n++) {
    const current = { attempts: 'FP', sha: `v${n}` };
    if (judgeOrder(runs, current, { window: WINDOW })?.orderDependent) return n;
    runs.push(current);
  }
  return undefined;
}

/** A seeded generator (LCG), for worlds that replay the same way every time. */
function rng(seed: number): () => number {
  let s = seed;
  return () => (s = (s * 1103515245 + 12345) % 2147483648) / 2147483648;
}

/**
 * A test failing `p` of its runs independently (its re-runs too, until one passes, at most 6): the share of its
 * failing runs that passed later (the ones judged) called order-dependent, and of its worlds with any such call.
 */
function falseRate(p: number, worlds: number, runsPerWorld: number): { runs: number; judged: number; worldsFlagged: number } {
  const rnd = rng(17);
  let judged = 0;
  let flagged = 0;
  let worldsFlagged = 0;
  for (let w = 0; w < worlds; w++) {
    const runs: OrderRun[] = [];
    let any = false;
    for (let k = 0; k < runsPerWorld; k++) {
      let attempts = rnd() < p ? 'F' : 'P';
      if (attempts === 'F') {
        for (let r = 0; r < 6; r++) {
          const x = rnd() < p ? 'F' : 'P';
          attempts += x;
          if (x === 'P') break;
        }
      }
      const current = { attempts, sha: `${w}-${k}` };
      const j = judgeOrder(runs, current, { window: WINDOW });
      if (j) {
        judged++;
        if (j.orderDependent) {
          flagged++;
          any = true;
        }
      }
      runs.push(current);
    }
    if (any) worldsFlagged++;
  }
  return { runs: flagged, judged, worldsFlagged };
}

describe('judgeOrder', () => {
  it('calls a stable test turned victim order-dependent at its third failing run (50 or 30 clean runs before)', () => {
    expect(caughtAt(runsOf(Array<string>(50).fill('P')))).toBe(3);
    expect(caughtAt(runsOf(Array<string>(30).fill('P')))).toBe(3);
  });

  it('needs a longer streak with less history, and never judges a single failing run', () => {
    expect(caughtAt(runsOf(Array<string>(10).fill('P')))).toBe(4);
    expect(caughtAt([])).toBeGreaterThan(4);
    expect(judgeOrder(runsOf(Array<string>(50).fill('P')), { attempts: 'FP', sha: 'x' }, { window: WINDOW })).toMatchObject({ streak: 1, orderDependent: false });
  });

  it('judges only a test whose first attempt failed and which passed later in the run', () => {
    const clean = runsOf([...Array<string>(50).fill('P'), 'FP', 'FP']);
    expect(judgeOrder(clean, { attempts: 'P', sha: 'x' }, { window: WINDOW })).toBeUndefined();
    expect(judgeOrder(clean, { attempts: 'FFFFFFF', sha: 'x' }, { window: WINDOW })).toBeUndefined();
    expect(judgeOrder(clean, { attempts: 'PF', sha: 'x' }, { window: WINDOW })).toBeUndefined();
    expect(judgeOrder(clean, { attempts: 'SFP', sha: 'x' }, { window: WINDOW })?.orderDependent).toBe(true);
    expect(judgeOrder(clean, { attempts: 'FFFP', sha: 'x' }, { window: WINDOW })).toMatchObject({ streak: 3, since: 's50', orderDependent: true });
  });

  it('counts as evidence only the streak runs in which it passed after failing: a run with no pass neither lengthens nor breaks it', () => {
    // Re-run, a run with no pass failed alone too (no polluter explains it); not re-run, it says nothing.
    const noPass = runsOf([...Array<string>(50).fill('P'), 'FP', 'FFFFFFF', 'F']);
    expect(judgeOrder(noPass, { attempts: 'FP', sha: 'x' }, { window: WINDOW })).toMatchObject({ streak: 4, passedAlone: 2, since: 's50', orderDependent: false });
    const passed = runsOf([...Array<string>(50).fill('P'), 'FP', 'FFFFFFF', 'FP']);
    expect(judgeOrder(passed, { attempts: 'FP', sha: 'x' }, { window: WINDOW })).toMatchObject({ streak: 4, passedAlone: 3, since: 's50', orderDependent: true });
    // The streak still runs through them: the runs before it are the clean ones, never the streak's own.
    expect(judgeOrder(passed, { attempts: 'FP', sha: 'x' }, { window: WINDOW })!.counts).toEqual({ failed: 0, runs: 50, againFailed: 0, againPassed: 0 });
  });

  it('raises the bar for a test whose history has bursts: failing runs right after failing runs', () => {
    const bursty = runsOf(['FP', 'FP', 'FP', 'FP', ...Array<string>(20).fill('P'), 'FP', 'FP', 'FP', 'FP', 'FP', ...Array<string>(21).fill('P')]);
    const isolated = runsOf(['FP', 'P', 'P', 'FP', 'P', 'P', 'FP', 'P', 'P', ...Array<string>(41).fill('P')]);
    const needBursty = caughtAt(bursty)!;
    const needIsolated = caughtAt(isolated)!;
    expect(needIsolated).toBeLessThanOrEqual(4);
    expect(needBursty).toBeGreaterThanOrEqual(needIsolated + 3);
    expect(orderCounts(bursty, WINDOW)).toEqual({ failed: 9, runs: 50, againFailed: 7, againPassed: 2 });
  });

  it('judges by the runs before the streak only: the streak never vouches for itself', () => {
    const runs = runsOf([...Array<string>(50).fill('P'), ...Array<string>(40).fill('FP')]);
    const j = judgeOrder(runs, { attempts: 'FP', sha: 'x' }, { window: WINDOW })!;
    expect(j.streak).toBe(41);
    expect(j.counts).toEqual({ failed: 0, runs: 50, againFailed: 0, againPassed: 0 });
    expect(j.orderDependent).toBe(true);
  });

  it('is the posterior predictive of again^(streak-1), not a power of its mean', () => {
    const c = { failed: 0, runs: 30, againFailed: 0, againPassed: 0 };
    const rate = 1 / 32;
    const a = 8 * rate;
    const b = 8 * (1 - rate);
    expect(streakChanceAcrossRuns(c, 2)).toBeCloseTo((a / (a + b)) * ((a + 1) / (a + b + 1)), 12);
    expect(streakChanceAcrossRuns(c, 2)).toBeGreaterThan(rate * rate);
    expect(streakChanceAcrossRuns(c, 0)).toBe(1);
  });

  it('almost never calls a test failing 30% of its runs independently order-dependent (measured over 1,000 seeds)', () => {
    const r = falseRate(0.3, 1000, 150);
    // Measured with this seed: 7 of 46,779 judged runs (0.015%), 6 of the 1,000 tests at least once in 150 runs
    // (the threshold shared among a test's failing runs; docs/rerun.md#order-dependence).
    expect(r.judged).toBeGreaterThan(40_000);
    expect(r.runs / r.judged).toBeLessThan(IMPLAUSIBLE / 10);
    expect(r.worldsFlagged).toBeLessThan(20);
    expect(r.worldsFlagged).toBeGreaterThan(0); // the rule is not merely silent
  });

  it('never calls a test failing 10% of its runs independently order-dependent in 1,000 seeds × 150 runs', () => {
    expect(falseRate(0.1, 1000, 150).runs).toBe(0);
  });
});

describe('orderRuns and orderDependence', () => {
  it("leaves out outage runs, untrusted runs and this run's own record; they neither lengthen nor break the streak", () => {
    const h = historyOf('t', `${'P '.repeat(40)}FP F FP`);
    const runs = h.runs.map((r, i) => (i === 41 ? { ...r, outage: true } : i === 40 ? { ...r, untrusted: true } : r));
    const counted = orderRuns({ ...h, runs }, runs[42]!.run);
    expect(counted.map((r) => r.attempts).join(' ')).toBe(`${'P '.repeat(40)}`.trim());
  });

  it("divides the threshold by the tests judged in the run, and says the sentence with the streak's first commit", () => {
    const victim = historyOf('v', `${'P '.repeat(50)}FP@abcdef123 FP@bcd`);
    const history = new Map([['v', victim]]);
    const tests = [parsedTest('v', 'FP')];
    const alone = orderDependence({ history, tests, runKey: 'now', sha: 'cde', skip: () => false, window: WINDOW });
    expect(alone.get('v')).toBe(orderSentence('abcdef123', 3));
    expect(alone.get('v')).toBe('fails inside the full run since `abcdef1` (3 runs in a row), passes alone: another test leaves state behind');
    // With 20 tests judged in one run, each is held to 0.5%/20: a streak of 3 after 50 clean runs is not enough.
    const many = [...tests, ...Array.from({ length: 19 }, (_, i) => parsedTest(`f${i}`, 'FP'))];
    expect(orderDependence({ history, tests: many, runKey: 'now', sha: 'cde', skip: () => false, window: WINDOW }).size).toBe(0);
    expect(orderDependence({ history, tests, runKey: 'now', sha: 'cde', skip: (id) => id === 'v', window: WINDOW }).size).toBe(0);
  });
});

describe('beforeStreak', () => {
  it('cuts the streak its newest run continues (and the runs that do not count inside it), and counts its runs', () => {
    const h = historyOf('t', `${'P '.repeat(10)}FP P FP F FP FP`);
    const runs = h.runs.map((r, i) => (i === 15 ? { ...r, outage: true } : r));
    const cut = beforeStreak({ ...h, runs });
    expect(cut.streak).toBe(3);
    expect(cut.history.runs.map((r) => r.attempts).join(' ')).toBe(`${'P '.repeat(10)}FP P`);
    expect(beforeStreak(historyOf('t', 'P P FP FP FP'))).toMatchObject({ streak: 3, history: { runs: [{ attempts: 'P' }, { attempts: 'P' }] } });
    const clean = historyOf('t', 'P P FP P');
    expect(beforeStreak(clean)).toEqual({ history: clean, streak: 0 });
  });
});

describe('a test that fails often faces the rule often', () => {
  it('its threshold is shared among the failing runs of its window: a streak plausible for 29 judgements is not a verdict', () => {
    // 49 runs failing 3 in 5 (the last of them failing), then 10 more failing runs: a streak of 12 with this run.
    const pattern = ['FP', 'FP', 'P', 'FP', 'P'];
    const runs: OrderRun[] = Array.from({ length: 49 }, (_, i) => ({ attempts: pattern[i % 5]!, sha: `s${i}` }));
    for (let i = 0; i < 10; i++) runs.push({ attempts: 'FP', sha: `t${i}` });
    const j = judgeOrder(runs, { attempts: 'FP', sha: 'now' }, { window: 50 })!;
    expect(j.streak).toBe(12);
    expect(j.counts.failed).toBe(29);
    // Implausible for one judgement, not for the 29 this test faced in its window.
    expect(j.chance).toBeLessThan(IMPLAUSIBLE);
    expect(j.chance).toBeGreaterThan(IMPLAUSIBLE / 29);
    expect(j.orderDependent).toBe(false);
    // One more failing run in a row, and it is.
    expect(judgeOrder([...runs, { attempts: 'FP', sha: 't10' }], { attempts: 'FP', sha: 'now' }, { window: 50 })!.orderDependent).toBe(true);
  });
});
