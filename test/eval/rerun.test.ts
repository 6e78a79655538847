/**
 * The simulator's answers to re-runs (issue #14): the world's rerunRound, the command that serves it by the public
 * contract (bash -c, FLAKEGUARD_RERUN_TESTS / _REPORT / _ROUND), the re-run model, and the real-sequence worlds.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseReportText } from '../../src/junit/index.ts';
import { BASE_SCENARIO, execute, generateWorld, hardCause, rerunRound, sequencePosition, type Scenario } from '../../scripts/eval/world.ts';
import { RERUN_COMMAND_SCRIPT, type RerunState } from '../../scripts/eval/rerun-command.ts';
import { failureProbability, ISSUE_SETTINGS, rerunLoop, rerunsToImplausible } from '../../scripts/eval/rerun-model.ts';
import { parseRealSequences } from '../../scripts/eval/real.ts';
import { ISSUE14_SCENARIOS } from '../../scripts/eval/scenarios.ts';

const END = Date.UTC(2026, 10, 21, 12);
const small: Scenario = { ...BASE_SCENARIO, name: 'small', tests: 60, modules: 3, runs: 80, retries: 0, regressionChance: 0.2, outageChance: 0.1, flakyShare: 0.3 };
const dir = mkdtempSync(join(tmpdir(), 'flakeguard-eval-rerun-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('rerunRound', () => {
  const world = generateWorld(small, 4, END);

  it('is deterministic per (run, attempt, round, test), whatever else is asked', () => {
    const run = world.runs[10]!;
    const ids = world.tests.map((t) => t.id);
    const all = rerunRound(world, run, 1, 2, ids);
    const one = rerunRound(world, run, 1, 2, [ids[7]!]);
    expect(one.get(ids[7]!)).toEqual(all.get(ids[7]!));
    expect(rerunRound(world, run, 1, 2, ids)).toEqual(all);
    expect(rerunRound(world, run, 1, 5, ['nope::x']).size).toBe(0);
  });

  it('fails deterministic failures again, stable tests never, flaky tests at their rate', () => {
    let flakyAsked = 0;
    let flakyFailed = 0;
    let expected = 0;
    for (const run of world.runs) {
      for (let round = 1; round <= 3; round++) {
        const got = rerunRound(
          world,
          run,
          1,
          round,
          world.tests.map((t) => t.id),
        );
        for (const t of world.tests) {
          const a = got.get(t.id)!;
          const hard = hardCause(world, t, run, 1);
          const rate = t.segments.at(-1)!.rate > 0 || t.segments[0]!.rate > 0 ? t.segments.reduce((r, s) => (s.from <= run.index ? s.rate : r), 0) : 0;
          if (hard) expect(a.code).toBe(hard.code);
          else if (rate === 0) expect(a.code).toBe('P');
          else {
            flakyAsked++;
            expected += rate;
            if (a.code !== 'P') flakyFailed++;
          }
        }
      }
    }
    expect(flakyAsked).toBeGreaterThan(500);
    expect(Math.abs(flakyFailed - expected)).toBeLessThan(4 * Math.sqrt(expected));
  });
});

describe('regressions on flaky tests', () => {
  it('hit flaky tests with their own first message when asked, and fail every re-run', () => {
    const world = generateWorld({ ...small, regressionChance: 0.5, regressionsOnFlaky: 1 }, 9, END);
    expect(world.regressions.length).toBeGreaterThan(5);
    for (const g of world.regressions) {
      const t = world.tests.find((x) => x.id === g.test)!;
      const rate = t.segments.reduce((r, s) => (s.from <= g.from ? s.rate : r), 0);
      expect(rate).toBeGreaterThan(0);
      expect(g.message).toBe(t.flakyMessages[0]);
      const run = world.runs[g.from]!;
      for (let round = 1; round <= 6; round++) expect(rerunRound(world, run, 1, round, [t.id]).get(t.id)!.code).toBe('F');
    }
    // The default keeps the worlds as they were: no regression carries a flaky message on purpose.
    expect(generateWorld(small, 9, END).regressions.every((g) => g.message.startsWith('expected '))).toBe(true);
  });
});

describe('the re-run command (the public contract)', () => {
  it('reads the tests file, writes one JUnit report of the world’s answers, logs the round', () => {
    const world = generateWorld(small, 4, END);
    const run = world.runs.find((r) => world.regressions.some((g) => g.from <= r.index && r.index < g.to))!;
    const broken = world.regressions.find((g) => g.from <= run.index && run.index < g.to)!.test;
    const flaky = world.tests.filter((t) => t.segments[0]!.rate > 0).slice(0, 5);
    const asked = [world.tests.find((t) => t.id === broken)!, ...flaky];
    const state: RerunState = { scenario: small, seed: 4, endTime: END, run: run.index, attempt: 1, log: join(dir, 'log.jsonl') };
    writeFileSync(join(dir, 'state.json'), JSON.stringify(state));
    writeFileSync(join(dir, 'log.jsonl'), '');
    // Hostile text in the file must stay data.
    const lines = asked.map((t) => JSON.stringify({ id: t.id, classname: t.classname, name: t.name, suite: '$(touch /tmp/pwned)' }));
    writeFileSync(join(dir, 'tests.jsonl'), lines.join('\n') + '\n');
    const q = (s: string): string => `'${s}'`;
    execFileSync('bash', ['-c', `${q(process.execPath)} ${q(RERUN_COMMAND_SCRIPT)} ${q(join(dir, 'state.json'))}`], {
      cwd: dir,
      env: { ...process.env, FLAKEGUARD_RERUN_TESTS: join(dir, 'tests.jsonl'), FLAKEGUARD_RERUN_REPORT: join(dir, 'report.xml'), FLAKEGUARD_RERUN_ROUND: '3' },
    });
    const parsed = parseReportText(readFileSync(join(dir, 'report.xml'), 'utf8'), 'report.xml', { workspace: dir });
    expect(parsed.problems).toEqual([]);
    const want = rerunRound(
      world,
      run,
      1,
      3,
      asked.map((t) => t.id),
    );
    expect(parsed.tests.map((t) => t.id).sort()).toEqual(asked.map((t) => t.id).sort());
    for (const t of parsed.tests) {
      expect(t.attempts).toHaveLength(1);
      const code = t.attempts[0]!.status === 'passed' ? 'P' : t.attempts[0]!.status === 'error' ? 'E' : 'F';
      expect(code).toBe(want.get(t.id)!.code);
    }
    expect(parsed.tests.find((t) => t.id === broken)!.attempts[0]!.status).not.toBe('passed');
    const log = readFileSync(join(dir, 'log.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { round: number; ran: number });
    expect(log).toMatchObject([{ round: 3, ran: asked.length }]);
  });
});

describe('the re-run model', () => {
  it('needs more re-runs the flakier the test: 2 at least, 5 for 40% (0.4^6 < 0.5%), none reachable at 60% within 6', () => {
    expect(rerunsToImplausible(0.01, ISSUE_SETTINGS)).toBe(2);
    expect(rerunsToImplausible(0.4, ISSUE_SETTINGS)).toBe(5);
    expect(rerunsToImplausible(0.6, ISSUE_SETTINGS)).toBe(Number.POSITIVE_INFINITY);
  });

  it('stops a test at its first pass, calls a long streak consistent, re-runs nothing past max-tests', () => {
    const answers: Record<string, string> = { a: 'FP', b: 'FFFFFF', c: 'FFFFFF' };
    const out = rerunLoop(
      ['a', 'b', 'c'],
      (id) => (id === 'c' ? 0.7 : 0.05),
      ISSUE_SETTINGS,
      (round, ids) => new Map(ids.map((id) => [id, answers[id]![round - 1] as 'P' | 'F'])),
    );
    expect(out.verdicts).toEqual(
      new Map([
        ['a', 'passed'],
        ['b', 'consistent'],
        ['c', 'exhausted'],
      ]),
    );
    expect(out.attempts.get('a')).toBe('FP');
    expect(out.attempts.get('b')).toBe('FF');
    expect(out.attempts.get('c')).toBe('FFFFFF');
    expect(out.executions).toBe(2 + 2 + 6);
    const many = Array.from({ length: 21 }, (_, i) => `t${i}`);
    expect(
      rerunLoop(
        many,
        () => 0.1,
        ISSUE_SETTINGS,
        () => new Map(),
      ).executions,
    ).toBe(0);
  });

  it('estimates p from first attempts, or from failures followed by failures in the same run', () => {
    const history = { id: 'x', name: 'x', classname: 'x', runs: ['P', 'FF', 'FFP', 'P', 'FP'].map((attempts, i) => ({ run: `r${i}`, sha: `s${i}`, time: i, onDefaultBranch: true, attempts })) };
    expect(failureProbability(history, ISSUE_SETTINGS)).toBeCloseTo((3 + 1) / (5 + 2));
    // pairs: F→F, F→F, F→P, F→P: 2 of 4.
    expect(failureProbability(history, { ...ISSUE_SETTINGS, p: 'retry' })).toBeCloseTo((2 + 1) / (4 + 2));
    expect(failureProbability(undefined, ISSUE_SETTINGS)).toBe(0.5);
  });
});

describe('real-sequence worlds', () => {
  it('parses the data set and rejects a line whose count disagrees', () => {
    const head = 'project\tcommit\ttest\truns\tnot_passed\toutcomes';
    expect(parseRealSequences(`${head}\na/b\tabc\tx.Y.t\t4\t1\tPPFP\n`)).toEqual([{ project: 'a/b', commit: 'abc', test: 'x.Y.t', outcomes: 'PPFP', rate: 0.25 }]);
    expect(() => parseRealSequences(`${head}\na/b\tabc\tx.Y.t\t4\t2\tPPFP\n`)).toThrow(/not_passed/);
  });

  it('replays each real test from its sequence; in suite mode a project shares one offset; re-runs read the next outcomes', () => {
    const suite = generateWorld(
      ISSUE14_SCENARIOS.find((s) => s.name === 'real-suite')!,
      2,
      END,
    );
    const real = suite.tests.filter((t) => t.sequence);
    expect(real.length).toBeGreaterThan(10);
    const byProject = new Map<number, Set<number>>();
    for (const t of real) byProject.set(t.module, (byProject.get(t.module) ?? new Set()).add(t.offset!));
    for (const offsets of byProject.values()) expect(offsets.size).toBe(1);
    const run = suite.runs[7]!;
    const ex = execute(suite, run, 1);
    for (const r of ex.results.filter((x) => x.test.sequence && !x.hard)) {
      expect(r.attempts[0]!.code).toBe(r.test.sequence![sequencePosition(suite, r.test, 7, 1, 0)]);
      const round1 = rerunRound(suite, run, 1, 1, [r.test.id]).get(r.test.id)!;
      expect(round1.code).toBe(r.test.sequence![(sequencePosition(suite, r.test, 7, 1, 0) + 1) % r.test.sequence!.length]);
    }
  });
});
