import { describe, expect, it } from 'vitest';
import { describeOutage, findOutages, outageFailures } from '../../src/policy/outage.ts';
import { normalizeErrorMessage } from '../../src/history/error-message.ts';
import type { ParsedTestCase } from '../../src/model.ts';
import { failureKey, failureMessageOf } from '../../src/history/merge.ts';

const OPTIONS = { outageMinTests: 5, outagePercent: 50 };

function test(id: string, report: string, attempts: Array<'P' | string>): ParsedTestCase {
  return {
    id,
    name: id,
    classname: 'c',
    suite: 's',
    report,
    attempts: attempts.map((a) => (a === 'P' ? { status: 'passed' as const } : { status: 'error' as const, message: a })),
  };
}

function suite(report: string, n: number, failing: number, message: (i: number) => string): ParsedTestCase[] {
  return Array.from({ length: n }, (_, i) => test(`${report}::t${i}`, report, i < failing ? [message(i)] : ['P']));
}

describe('findOutages', () => {
  it('finds many tests of one report failing with one message, numbers aside', () => {
    const tests = suite('db.xml', 8, 5, (i) => `connect ECONNREFUSED 10.0.0.${i}:5432`);
    const outages = findOutages(tests, normalizeErrorMessage, OPTIONS);
    expect(outages).toHaveLength(1);
    expect(outages[0]!.report).toBe('db.xml');
    expect(outages[0]!.tests).toEqual(['db.xml::t0', 'db.xml::t1', 'db.xml::t2', 'db.xml::t3', 'db.xml::t4']);
    expect(outages[0]!.of).toBe(8);
  });

  it('needs both the number of tests and the share of the report', () => {
    expect(
      findOutages(
        suite('a.xml', 8, 4, () => 'down'),
        normalizeErrorMessage,
        OPTIONS,
      ),
    ).toEqual([]);
    expect(
      findOutages(
        suite('a.xml', 20, 9, () => 'down'),
        normalizeErrorMessage,
        OPTIONS,
      ),
    ).toEqual([]);
    expect(
      findOutages(
        suite('a.xml', 20, 10, () => 'down'),
        normalizeErrorMessage,
        OPTIONS,
      ),
    ).toHaveLength(1);
    expect(
      findOutages(
        suite('a.xml', 20, 10, () => 'down'),
        normalizeErrorMessage,
        { ...OPTIONS, outagePercent: 60 },
      ),
    ).toEqual([]);
  });

  it('does not add up reports or messages', () => {
    const tests = [...suite('a.xml', 6, 3, () => 'down'), ...suite('b.xml', 6, 3, () => 'down')];
    expect(findOutages(tests, normalizeErrorMessage, OPTIONS)).toEqual([]);
    const mixed = suite('a.xml', 6, 6, (i) => (i % 2 ? 'timeout' : 'assertion failed: expected true'));
    expect(findOutages(mixed, normalizeErrorMessage, OPTIONS)).toEqual([]);
  });

  it('counts a test that failed in the outage and passed on a retry, but only final failures are outage failures', () => {
    const tests = suite('a.xml', 6, 5, () => 'down');
    tests[0] = test('a.xml::t0', 'a.xml', ['down', 'P']);
    const outages = findOutages(tests, normalizeErrorMessage, OPTIONS);
    expect(outages[0]!.tests).toContain('a.xml::t0');
    expect([...outageFailures(tests, outages)].sort()).toEqual(['a.xml::t1', 'a.xml::t2', 'a.xml::t3', 'a.xml::t4']);
  });
});

describe('outages, at their boundaries', () => {
  it('counts exactly outage-min-tests tests, and exactly outage-percent of the report', () => {
    expect(
      findOutages(
        suite('a.xml', 10, 5, () => 'down'),
        normalizeErrorMessage,
        OPTIONS,
      ),
    ).toHaveLength(1);
    expect(
      findOutages(
        suite('a.xml', 10, 5, () => 'down'),
        normalizeErrorMessage,
        { ...OPTIONS, outageMinTests: 6 },
      ),
    ).toEqual([]);
    expect(
      findOutages(
        suite('a.xml', 10, 5, () => 'down'),
        normalizeErrorMessage,
        { ...OPTIONS, outagePercent: 51 },
      ),
    ).toEqual([]);
    expect(
      findOutages(
        suite('a.xml', 5, 5, () => 'down'),
        normalizeErrorMessage,
        { outageMinTests: 5, outagePercent: 100 },
      ),
    ).toHaveLength(1);
  });

  it('groups by report and by message, and says each outage', () => {
    const tests = [...suite('a.xml', 6, 5, () => 'down'), ...suite('b.xml', 7, 6, () => 'disk full'), ...suite('c.xml', 3, 0, () => '')];
    const outages = findOutages(tests, normalizeErrorMessage, OPTIONS);
    expect(outages.map((o) => [o.report, o.message, o.tests.length, o.of])).toEqual([
      ['a.xml', 'down', 5, 6],
      ['b.xml', 'disk full', 6, 7],
    ]);
    expect(describeOutage(outages[1]!)).toBe('6 of the 7 tests of b.xml failed with the same message');
  });

  it('an outage failure is a test of an outage whose final attempt failed', () => {
    const tests = suite('a.xml', 6, 5, () => 'down');
    const outages = findOutages(tests, normalizeErrorMessage, OPTIONS);
    const other = test('b.xml::x', 'b.xml', ['down']);
    expect([...outageFailures([...tests, other], outages)]).toEqual(['a.xml::t0', 'a.xml::t1', 'a.xml::t2', 'a.xml::t3', 'a.xml::t4']);
    expect(outageFailures(tests, [])).toEqual(new Set());
  });
});

/** The rule as written: every test counted in its report, every failed test grouped by report and failure key. */
function naiveOutages(tests: readonly ParsedTestCase[], options: typeof OPTIONS) {
  const perReport = new Map<string, number>();
  const groups = new Map<string, Map<string, string[]>>();
  for (const t of tests) {
    perReport.set(t.report, (perReport.get(t.report) ?? 0) + 1);
    const message = failureKey(failureMessageOf(t, normalizeErrorMessage));
    if (message === undefined) continue;
    if (!groups.has(t.report)) groups.set(t.report, new Map());
    const byMessage = groups.get(t.report)!;
    byMessage.set(message, [...(byMessage.get(message) ?? []), t.id]);
  }
  return [...groups].flatMap(([report, byMessage]) =>
    [...byMessage]
      .filter(([, ids]) => ids.length >= options.outageMinTests && ids.length * 100 >= perReport.get(report)! * options.outagePercent)
      .map(([message, ids]) => ({ report, message, tests: ids, of: perReport.get(report)! })),
  );
}

describe('findOutages looks at failed tests only', () => {
  it('finds what the rule as written finds, on reports whose tests come interleaved, failed on a retry, passed, or failed without a message', () => {
    let seed = 7;
    const random = (n: number): number => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    let found = 0;
    for (let round = 0; round < 60; round++) {
      const tests: ParsedTestCase[] = [];
      const length = 5 + random(60);
      for (let i = 0; i < length; i++) {
        // Runs of one report, then another, and back: a report's tests are not always together.
        const report = `r${random(round % 3 === 0 ? 1 : 4)}.xml`;
        const kind = random(6);
        const attempts = kind < 2 ? ['P'] : kind === 2 ? ['db down', 'P'] : kind === 3 ? ['db down'] : kind === 4 ? [`other ${random(2)}`] : ['P', 'db down'];
        const t = test(`t${i}`, report, attempts);
        tests.push(kind === 5 && random(2) === 0 ? { ...t, attempts: [{ status: 'failed' as const }] } : t);
      }
      const options = { outageMinTests: 1 + random(4), outagePercent: 10 + random(60) };
      const got = findOutages(tests, normalizeErrorMessage, options);
      expect(got).toEqual(naiveOutages(tests, options));
      found += got.length;
    }
    // The comparison covers reports with outages and reports without.
    expect(found).toBeGreaterThan(10);
  });
});
