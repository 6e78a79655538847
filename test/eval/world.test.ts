/**
 * The simulator's world generator: its ground truth is what it says it is.
 */
import { describe, expect, it } from 'vitest';
import { parseReportText } from '../../src/junit/index.ts';
import { BASE_SCENARIO, execute, flakySince, generateWorld, hardCause, lastFlakyAt, rateAt, renderReports, type Scenario, type SimTest } from '../../scripts/eval/world.ts';
import { mulberry32, sample, stream } from '../../scripts/eval/rng.ts';

const END = Date.UTC(2026, 10, 21, 12);
const small: Scenario = { ...BASE_SCENARIO, name: 'small', tests: 120, modules: 4, runs: 200, regressionChance: 0.1, outageChance: 0.05, prBreakChance: 0.4 };

function testWith(segments: SimTest['segments']): SimTest {
  return { id: 'a::b', classname: 'a', name: 'b', module: 0, segments, flakyMessages: ['x'] };
}

describe('rng', () => {
  it('is deterministic per seed and per label', () => {
    const a = mulberry32(7);
    const b = mulberry32(7);
    expect([a(), a(), a()]).toEqual([b(), b(), b()]);
    expect(stream(1, 'x')()).toBe(stream(1, 'x')());
    expect(stream(1, 'x')()).not.toBe(stream(1, 'y')());
  });

  it('samples distinct items', () => {
    const items = Array.from({ length: 50 }, (_, i) => i);
    const s = sample(mulberry32(3), items, 20);
    expect(new Set(s).size).toBe(20);
  });
});

describe('segments', () => {
  it('rateAt, flakySince and lastFlakyAt follow the segments', () => {
    const fixed = testWith([
      { from: 0, rate: 0.2 },
      { from: 50, rate: 0 },
    ]);
    expect(rateAt(fixed, 49)).toBe(0.2);
    expect(rateAt(fixed, 50)).toBe(0);
    expect(flakySince(fixed, 10)).toBe(0);
    expect(flakySince(fixed, 60)).toBeUndefined();
    expect(lastFlakyAt(fixed, 60)).toBe(49);
    expect(lastFlakyAt(fixed, 30)).toBe(30);

    const turning = testWith([
      { from: 0, rate: 0 },
      { from: 40, rate: 0.05 },
    ]);
    expect(flakySince(turning, 39)).toBeUndefined();
    expect(flakySince(turning, 70)).toBe(40);
    expect(lastFlakyAt(turning, 39)).toBeUndefined();
    expect(lastFlakyAt(turning, 41)).toBe(41);
  });
});

describe('generateWorld', () => {
  const world = generateWorld(small, 11, END);

  it('is deterministic', () => {
    const again = generateWorld(small, 11, END);
    expect(again.tests).toEqual(world.tests);
    expect(again.runs).toEqual(world.runs);
    expect(again.regressions).toEqual(world.regressions);
    expect([...again.outages]).toEqual([...world.outages]);
    expect(execute(again, again.runs[17]!, 1).results.map((r) => r.attempts)).toEqual(execute(world, world.runs[17]!, 1).results.map((r) => r.attempts));
  });

  it('has the shares of flaky, turning and fixed tests it was asked for', () => {
    const flakyAtStart = world.tests.filter((t) => t.segments[0]!.rate > 0);
    const turning = world.tests.filter((t) => t.segments[0]!.rate === 0 && t.segments.length > 1);
    const fixed = flakyAtStart.filter((t) => t.segments.length > 1);
    expect(flakyAtStart).toHaveLength(Math.round(small.tests * small.flakyShare));
    expect(turning).toHaveLength(Math.round(small.tests * small.becomeFlakyShare));
    expect(fixed).toHaveLength(Math.round(flakyAtStart.length * small.fixShare));
    for (const t of [...flakyAtStart, ...turning]) expect(small.rates).toContain(t.segments.find((s) => s.rate > 0)!.rate);
  });

  it('mixes pushes and pull requests, runs in time order, one commit per run', () => {
    const prs = world.runs.filter((r) => r.kind === 'pr');
    expect(prs.length / world.runs.length).toBeGreaterThan(0.15);
    expect(prs.length / world.runs.length).toBeLessThan(0.45);
    for (let i = 1; i < world.runs.length; i++) expect(world.runs[i]!.time).toBeGreaterThan(world.runs[i - 1]!.time);
    expect(new Set(world.runs.map((r) => r.sha)).size).toBe(world.runs.length);
    expect(world.runs.at(-1)!.time).toBeLessThanOrEqual(END);
    // Pushes of one pull request are numbered 0, 1, 2, … in order.
    const pushes = new Map<number, number[]>();
    for (const r of prs) pushes.set(r.pr!, [...(pushes.get(r.pr!) ?? []), r.push!]);
    for (const list of pushes.values()) expect(list).toEqual(list.map((_, i) => i));
  });
});

describe('execute', () => {
  const world = generateWorld(small, 5, END);

  it('fails a flaky test at its rate, never a stable one without a deterministic cause', () => {
    const flaky = world.tests.find((t) => t.segments.length === 1 && t.segments[0]!.rate >= 0.1)!;
    let firstAttemptFailures = 0;
    let runsCounted = 0;
    for (const run of world.runs) {
      for (const r of execute(world, run, 1).results) {
        if (r.hard) continue;
        if (rateAt(r.test, run.index) === 0) expect(r.attempts.map((a) => a.code).join('')).toBe('P');
        if (r.test === flaky) {
          runsCounted++;
          if (r.attempts[0]!.code !== 'P') firstAttemptFailures++;
        }
      }
    }
    const rate = flaky.segments[0]!.rate;
    const observed = firstAttemptFailures / runsCounted;
    // Binomial: within 4 standard deviations.
    expect(Math.abs(observed - rate)).toBeLessThan(4 * Math.sqrt((rate * (1 - rate)) / runsCounted));
  });

  it('retries a failing test up to `retries` times and stops at the first pass', () => {
    for (const run of world.runs.slice(0, 80)) {
      for (const r of execute(world, run, 1).results) {
        const codes = r.attempts.map((a) => a.code).join('');
        expect(codes.length).toBeLessThanOrEqual(small.retries + 1);
        expect(codes.slice(0, -1)).not.toContain('P');
        if (r.hard) expect(codes).toMatch(new RegExp(`^[FE]{${small.retries + 1}}$`));
        expect(r.failed).toBe(codes.at(-1) !== 'P');
      }
    }
  });

  it('fails regressions in exactly their runs, every attempt', () => {
    expect(world.regressions.length).toBeGreaterThan(0);
    for (const g of world.regressions) {
      const test = world.tests.find((t) => t.id === g.test)!;
      for (const run of world.runs.slice(Math.max(0, g.from - 2), g.to + 2)) {
        const r = execute(world, run, 1).results.find((x) => x.test === test)!;
        const inside = run.index >= g.from && run.index < g.to;
        if (inside) {
          expect(r.hard).toBeDefined();
          expect(r.attempts.every((a) => a.code !== 'P')).toBe(true);
        } else if (!hardCause(world, test, run, 1)) {
          expect(r.hard).toBeUndefined();
        }
      }
    }
  });

  it('fails every test of a module in an outage, and the re-run does not see the outage', () => {
    expect(world.outages.size).toBeGreaterThan(0);
    for (const [index, module] of world.outages) {
      const run = world.runs[index]!;
      const first = execute(world, run, 1);
      const second = execute(world, run, 2);
      for (const r of first.results.filter((x) => x.test.module === module)) {
        expect(r.hard).toBe('outage');
        expect(r.attempts.every((a) => a.code === 'E')).toBe(true);
      }
      for (const r of second.results) expect(r.hard).not.toBe('outage');
    }
  });

  it('breaks a test only in the pushes of its pull request that carry the break', () => {
    expect(world.prBreaks.size).toBeGreaterThan(0);
    for (const b of world.prBreaks.values()) {
      for (const run of world.runs) {
        const r = execute(world, run, 1).results.find((x) => x.test.id === b.test)!;
        const inside = run.kind === 'pr' && run.pr === b.pr && run.push! >= b.fromPush && run.push! < b.toPush;
        if (inside) expect(r.hard).toBeDefined();
        if (r.hard === 'pr-break' && run.pr === b.pr) expect(inside).toBe(true);
      }
    }
  });

  it('keeps hardFailed and flakyFailed consistent with the results', () => {
    for (const run of world.runs.slice(0, 60)) {
      const ex = execute(world, run, 1);
      for (const r of ex.results) {
        expect(ex.hardFailed.has(r.test.id)).toBe(r.hard !== undefined);
        expect(ex.flakyFailed.includes(r.test.id)).toBe(r.failed && r.hard === undefined);
      }
    }
  });
});

describe('renderReports', () => {
  it('writes JUnit that the project parser reads back as the same attempts', () => {
    const world = generateWorld(small, 3, END);
    const run = [...world.outages.keys()].map((i) => world.runs[i]!)[0] ?? world.runs[0]!;
    const ex = execute(world, run, 1);
    const parsed = new Map<string, string>();
    let timestamp: string | undefined;
    for (const [path, xml] of renderReports(world, ex)) {
      const out = parseReportText(xml, path, { workspace: '/w' });
      expect(out.problems).toEqual([]);
      timestamp = out.timestamp;
      for (const t of out.tests) parsed.set(t.id, t.attempts.map((a) => (a.status === 'passed' ? 'P' : a.status === 'error' ? 'E' : 'F')).join(''));
    }
    expect(parsed.size).toBe(world.tests.length);
    for (const r of ex.results) expect(parsed.get(r.test.id)).toBe(r.attempts.map((a) => a.code).join(''));
    expect(Date.parse(timestamp!)).toBe(Math.floor(ex.time / 1000) * 1000);
  });
});
