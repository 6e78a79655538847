import { describe, expect, it } from 'vitest';
import { buildAnnotations, liftInstruction, TITLE_MAX } from '../../src/report/annotations.ts';
import { decideOutcome } from '../../src/policy/outcome.ts';
import type { ScoreView } from '../../src/report/scores.ts';
import { decision, parsedTest } from './fixtures.ts';

function annotate(tests: ReturnType<typeof parsedTest>[], quarantined: string[]) {
  const outcome = decideOutcome({ tests, problems: [], filesMatched: 1, testOutcome: '', quarantined: new Set(quarantined) });
  const decisions = new Map(quarantined.map((id) => [id, decision('PRRFPF', true, 'failed and passed on the same commit 2 times in 6 runs')]));
  const scores = new Map<string, ScoreView>(quarantined.map((id) => [id, { tier: 'Flaky', pf: 0.4321, pfLow: 0.1234, pfHigh: 0.7777 }]));
  return buildAnnotations(outcome, { decisions, scores, dataBranch: 'flakeguard-data', statsFileOf: () => 'stats/0a.json' });
}

describe('annotations', () => {
  it('puts blocking failures first, as failures, then forgiven ones as warnings', () => {
    const tests = [parsedTest('a::flaky1', 'F'), parsedTest('a::real', 'F'), parsedTest('a::flaky2', 'E'), parsedTest('a::ok', 'P')];
    const list = annotate(tests, ['a::flaky1', 'a::flaky2']);
    expect(list.map((a) => [a.testId, a.level])).toEqual([
      ['a::real', 'failure'],
      ['a::flaky1', 'warning'],
      ['a::flaky2', 'warning'],
    ]);
  });

  it("places an annotation at the test's file and line", () => {
    const [a] = annotate([parsedTest('a::x', 'F', { file: 'src/x.test.ts', line: 42 })], []);
    expect(a).toMatchObject({ path: 'src/x.test.ts', line: 42, title: 'a::x failed', message: 'boom F' });
    expect(a!.reportPath).toBeUndefined();
  });

  it('places a test without a file on its report for the check run, and says so', () => {
    const [a] = annotate([parsedTest('a::x', 'F', { report: 'reports/unit.xml' })], []);
    expect(a!.path).toBeUndefined();
    expect(a!.reportPath).toBe('reports/unit.xml');
    expect(a!.message).toContain('The report gives no source file for this test');
  });

  it('has no place for a test without a file whose report is outside the workspace', () => {
    const [a] = annotate([parsedTest('a::x', 'F', { report: '/tmp/elsewhere/unit.xml' })], []);
    expect(a!.path).toBeUndefined();
    expect(a!.reportPath).toBeUndefined();
  });

  it('gives a forgiven failure its PFS and interval, recent runs, why, and the exact edit that lifts the quarantine', () => {
    const [a] = annotate([parsedTest('a::flaky', 'F', { file: 'src/f.test.ts', line: 7 })], ['a::flaky']);
    expect(a!.title).toBe('a::flaky failed (forgiven: quarantined as flaky)');
    expect(a!.message.split('\n')).toEqual([
      'Forgiven: this test was quarantined as flaky before this run, so its failure does not fail the job.',
      'Flakiness: PFS 0.43 [0.12, 0.78] (probability that a run fails for no reason, 90% interval).',
      'Recent runs, oldest to newest: ✓↻↻✗✓✗  (✓ passed · ↻ passed on retry · ✗ failed)',
      'Why it is quarantined: failed and passed on the same commit 2 times in 6 runs.',
      `To lift the quarantine: on the data branch 'flakeguard-data', edit stats/0a.json, set "override": "never" on the line of "a::flaky", and commit (it takes effect on the next run).`,
      '',
      'This failure: boom F',
    ]);
    expect(liftInstruction('x', 'b', 'stats/01.json')).toContain('edit stats/01.json, set "override": "never"');
  });

  it('keeps the stack trace apart as raw details, drops bidi characters and shows control characters as \\xHH', () => {
    const t = parsedTest('a::\u202eevil\u0007', 'F');
    t.attempts[0] = { status: 'failed', message: 'bad\r\nthing', details: 'at x.ts:1\n\u0000at y.ts:2' };
    const [a] = annotate([t], []);
    expect(a!.title).toBe('a::evil\\x07 failed');
    expect(a!.message).toBe('bad\nthing\n\nThe report gives no source file for this test: this annotation is placed on the report itself.');
    expect(a!.details).toBe('at x.ts:1\n\\x00at y.ts:2');
  });

  it('caps titles at 255 characters', () => {
    const [a] = annotate([parsedTest(`a::${'n'.repeat(400)}`, 'F')], []);
    expect(a!.title.length).toBe(TITLE_MAX);
  });
});
