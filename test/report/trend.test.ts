import { describe, expect, it } from 'vitest';
import { renderTrend, suiteTrend } from '../../src/report/trend.ts';
import { syntheticHistory } from './fixtures.ts';

const DAY = 86_400_000;

describe('suiteTrend', () => {
  it('counts per run: flaky (failed, then passed), failed at the last attempt, and skips runs with no outcome', () => {
    // 5 tests, 3 runs. Run 0: all pass. Run 1: test 0 flaky (FP), test 1 skipped. Run 2: test 0 fails (FF), test 2 errors then passes (EP).
    const history = syntheticHistory(5, 3, (t, r) => (r === 1 && t === 0 ? 'FP' : r === 1 && t === 1 ? 'S' : r === 2 && t === 0 ? 'FF' : r === 2 && t === 2 ? 'EP' : 'P'));
    const trend = suiteTrend(history);
    expect(trend.unit).toBe('run');
    expect(trend.sample).toBeUndefined();
    expect(trend.points).toEqual([
      { label: '1', testRuns: 5, flaky: 0, failed: 0 },
      { label: '2', testRuns: 4, flaky: 1, failed: 0 },
      { label: '3', testRuns: 5, flaky: 1, failed: 1 },
    ]);
  });

  it('keeps the last 30 runs', () => {
    const trend = suiteTrend(syntheticHistory(3, 45, (t, r) => (r === 44 && t === 0 ? 'F' : 'P')));
    expect(trend.points).toHaveLength(30);
    expect(trend.points.at(-1)).toEqual({ label: '30', testRuns: 3, flaky: 0, failed: 1 });
  });

  it('counts per day (UTC) once the recent history spans a week, over the last 30 days with runs', () => {
    // Two runs a day for 40 days; test 0 is flaky on every even day.
    const history = syntheticHistory(4, 80, (t, r) => (t === 0 && Math.floor(r / 2) % 2 === 0 ? 'FP' : 'P'), DAY / 2);
    const trend = suiteTrend(history);
    expect(trend.unit).toBe('day');
    expect(trend.points).toHaveLength(30);
    expect(trend.points[0]!.label).toBe('11-11');
    expect(trend.points.at(-1)).toEqual({ label: '12-10', testRuns: 8, flaky: 0, failed: 0 });
    expect(trend.points.at(-2)).toEqual({ label: '12-09', testRuns: 8, flaky: 2, failed: 0 });
  });

  it('reads every n-th test of a large suite and says so; the shares stay right', () => {
    // Every test flakes in the last run.
    const history = syntheticHistory(50_000, 10, (_, r) => (r === 9 ? 'FP' : 'P'));
    const trend = suiteTrend(history);
    expect(trend.sample).toEqual({ tests: 10_000, of: 50_000, stride: 5 });
    expect(trend.points.at(-1)).toMatchObject({ testRuns: 10_000, flaky: 10_000 });
    expect(renderTrend(trend).join('\n')).toContain('Latest run: 100% flaky and 0% failed. Estimated from every 5th test (10,000 of 50,000).');
    const third = suiteTrend(
      syntheticHistory(30_000, 2, () => 'P'),
      30,
      300_000,
    );
    expect(renderTrend(third).join('\n')).toContain('every 3rd test (10,000 of 30,000)');
  });
});
