/**
 * The pure core of the context rounds (src/rerun/context-rounds.ts): a test's file context, the number of pairs that make
 * "fails in context, passes alone" implausible for flakiness, the verdicts, and the polluter's bisection.
 */
import { describe, expect, it } from 'vitest';
import { contextDirection, earlierInFile, nextProbe, orderSentence, pairsChance, pairsNeeded, recordContext, recordProbe, type ContextTrack } from '../../src/rerun/context-rounds.ts';
import type { RerunCase } from '../../src/rerun/plan.ts';
import { IMPLAUSIBLE, NO_HISTORY } from '../../src/rerun/stopping.ts';
import { parsedTest } from '../support/builders.ts';

const inFile = (id: string, attempts = 'P', file = 'tests/a.test.js') => parsedTest(id, attempts, { suite: file, report: 'r.xml' });

function track(earlier: string[], direction: 'forward' | 'reverse' = 'forward'): ContextTrack {
  return { test: inFile('V', 'F'), historyId: 'V', direction, earlier: earlier.map((id) => inFile(id)), inContext: [], alone: [], probes: 0 };
}

describe('earlierInFile', () => {
  it('keeps the tests before the target in its suite or file, in the report order, leaving out other files and tests that never ran', () => {
    const tests = [
      inFile('A'),
      inFile('X', 'P', 'tests/b.test.js'),
      inFile('S', 'S'),
      parsedTest('B', 'P', { suite: 'describe B', file: 'tests/a.test.js', report: 'r.xml' }),
      parsedTest('V', 'F', { suite: 'tests/a.test.js', file: 'tests/a.test.js', report: 'r.xml' }),
      inFile('C'),
    ];
    expect(earlierInFile(tests, tests[4]!).map((t) => t.id)).toEqual(['A', 'B']);
    // Another report's tests did not run in the same process.
    expect(earlierInFile([parsedTest('A', 'P', { suite: 'tests/a.test.js', report: 'other.xml' }), tests[4]!], tests[4]!)).toEqual([]);
  });
});

describe('pairsNeeded', () => {
  it('is the fewest pairs whose all-fail-in-context, all-pass-alone chance is below IMPLAUSIBLE shared among the candidates', () => {
    expect(pairsChance(4)).toBeCloseTo(1 / 70);
    expect(pairsChance(5)).toBeCloseTo(1 / 252);
    expect(pairsNeeded(1)).toBe(5);
    expect(pairsChance(pairsNeeded(1) - 1)).toBeGreaterThanOrEqual(IMPLAUSIBLE);
    expect(pairsNeeded(2)).toBe(6);
    expect(pairsNeeded(5)).toBe(7);
  });
});

describe('recordContext', () => {
  it('calls a test order-dependent only after every pair failed in context and passed alone', () => {
    const t = track(['A', 'P']);
    for (let k = 0; k < 4; k++) recordContext(t, 5, { alone: false, context: true });
    expect(t.verdict).toBeUndefined();
    recordContext(t, 5, { alone: false, context: true });
    expect(t.verdict).toBe('order-dependent');
    expect(t.suspects?.map((s) => s.id)).toEqual(['A', 'P']);
  });

  it('ends as flaky in context at a pass in context or a failure alone', () => {
    const a = track(['A']);
    recordContext(a, 5, { alone: false, context: false });
    expect(a.verdict).toBe('flaky-in-context');
    const b = track(['A']);
    recordContext(b, 5, { alone: false, context: true });
    recordContext(b, 5, { alone: true, context: true });
    expect(b.verdict).toBe('flaky-in-context');
  });

  it('says a test that fails alone and passes in its file depends on earlier state (reverse)', () => {
    const t = track(['W'], 'reverse');
    recordContext(t, 5, { context: true });
    expect(t.verdict).toBe('fails-in-context');
    recordContext(t, 5, { context: false });
    expect(t.verdict).toBe('needs-earlier');
    expect(t.sentence).toBe('fails alone, passes in its file after the tests before it: it depends on state they leave');
  });
});

describe('bisection', () => {
  function bisect(earlier: string[], polluter: string | undefined): { t: ContextTrack; probes: string[][] } {
    const t = track(earlier);
    for (let k = 0; k < 5; k++) recordContext(t, 5, { alone: false, context: true });
    const probes: string[][] = [];
    for (let p = nextProbe(t); p !== undefined; p = nextProbe(t)) {
      probes.push(p.map((x) => x.id));
      recordProbe(t, p, polluter !== undefined && p.some((x) => x.id === polluter));
    }
    return { t, probes };
  }

  it('halves the earlier tests and names the polluter after a probe of it alone', () => {
    const { t, probes } = bisect(['A', 'P', 'C'], 'P');
    expect(probes).toEqual([['A', 'P'], ['A'], ['P']]);
    expect(t.polluter?.id).toBe('P');
    expect(orderSentence(t)).toBe('fails after `P` in its file, passes alone: `P` leaves state behind (failed 5 of 5 rounds with its file, passed 5 of 5 alone)');
  });

  it('bounds the probes by the halving (8 earlier tests: 3 halvings and the confirmation)', () => {
    const { t, probes } = bisect(['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H'], 'F');
    expect(probes.length).toBe(4);
    expect(t.polluter?.id).toBe('F');
  });

  it('names nobody when no single earlier test reproduces the failure (the pollution needs several, or is itself flaky)', () => {
    const { t } = bisect(['A', 'B'], undefined);
    expect(t.polluter).toBeUndefined();
    expect(orderSentence(t)).toBe('fails inside its file, passes alone: a test before it leaves state behind (failed 5 of 5 rounds with its file, passed 5 of 5 alone)');
  });
});

describe('contextDirection', () => {
  const rerunCase = (kind: 'failed' | 'extra', verdict: RerunCase['verdict'], reruns: string): RerunCase => ({
    test: inFile('V', kind === 'failed' ? 'F' : 'P'),
    historyId: 'V',
    kind,
    extraRuns: kind === 'extra' ? reruns.length : 0,
    isNew: false,
    counts: NO_HISTORY,
    maxReruns: 6,
    reruns: parsedTest('x', reruns).attempts,
    asked: reruns.length,
    rounds: reruns.length,
    verdict,
  });

  it('takes failed tests proven flaky alone (forward), failed ones that failed every re-run (reverse), passing ones that failed every extra execution (extra)', () => {
    expect(contextDirection(rerunCase('failed', 'proven-flaky', 'FP'))).toBe('forward');
    expect(contextDirection(rerunCase('failed', 'consistent', 'FFF'))).toBe('reverse');
    expect(contextDirection(rerunCase('failed', 'unreproduced', 'FFF'))).toBe('reverse');
    expect(contextDirection(rerunCase('failed', 'exhausted', 'FFFFFF'))).toBe('reverse');
    expect(contextDirection(rerunCase('extra', 'flaky-extra', 'FF'))).toBe('extra');
  });

  it('leaves the others alone: a flaky extra that also passed alone, a clean extra, an unanswered failure, a test never re-run', () => {
    expect(contextDirection(rerunCase('extra', 'flaky-extra', 'FP'))).toBeUndefined();
    expect(contextDirection(rerunCase('extra', 'clean', 'PP'))).toBeUndefined();
    expect(contextDirection(rerunCase('failed', 'unanswered', 'F'))).toBeUndefined();
    expect(contextDirection(rerunCase('failed', 'unanswered', ''))).toBeUndefined();
  });
});

describe('earlierInRun: an order suspect’s context (docs/adr/0430)', () => {
  it('is every test of its report before it that ran, across files and suites, in the report’s order', async () => {
    const { earlierInRun, orderSentence } = await import('../../src/rerun/context-rounds.ts');
    const t = (id: string, report: string, suite: string, file: string, status: 'passed' | 'failed' | 'skipped' = 'passed') =>
      ({ id, name: id, classname: suite, suite, file, report, attempts: [{ status }] }) as unknown as import('../../src/model.ts').ParsedTestCase;
    const tests = [
      t('a', 'r1', 's1', 'a.js'),
      t('s', 'r1', 's1', 'a.js', 'skipped'),
      t('other', 'r2', 's2', 'b.js'),
      t('b', 'r1', 's2', 'b.js'),
      t('v', 'r1', 's3', 'c.js', 'failed'),
      t('after', 'r1', 's3', 'c.js'),
    ];
    expect(earlierInRun(tests, tests[4]!).map((x) => x.id)).toEqual(['a', 'b']);
    expect(earlierInRun(tests, tests[0]!)).toEqual([]);
    const track = {
      test: tests[4]!,
      historyId: 'v',
      direction: 'forward' as const,
      earlier: [tests[0]!, tests[3]!],
      scope: 'run' as const,
      inContext: [true, true],
      alone: [false, false],
      probes: 2,
      polluter: tests[0]!,
    };
    expect(orderSentence(track)).toBe('fails after `a` in the run, passes alone: `a` leaves state behind (failed 2 of 2 rounds after the tests before it in the run, passed 2 of 2 alone)');
    expect(orderSentence({ ...track, polluter: undefined, scope: 'file' })).toBe(
      'fails inside its file, passes alone: a test before it leaves state behind (failed 2 of 2 rounds with its file, passed 2 of 2 alone)',
    );
  });
});
