import { describe, expect, it } from 'vitest';
import { runFix, type FixRunRequest } from '../../src/rerun/fix-run.ts';
import { answerKey, type RoundAnswer } from '../../src/rerun/plan.ts';
import type { RoundRequest } from '../../src/rerun/process.ts';
import { parsedTest } from '../support/builders.ts';

const test = parsedTest('app.Cart::total', 'P');
const key = answerKey(test);

/** A round adapter answering from a script of outcomes ('P', 'F', 'S', '-' no result, 'X' no report), one per round. */
function scripted(script: string, asked: RoundRequest[] = []): NonNullable<FixRunRequest['round']> {
  return async (request) => {
    asked.push(request);
    const c = script[request.round - 1] ?? 'P';
    if (c === 'X') return { ok: false, why: 'the command (exit code 3) wrote no report at FLAKEGUARD_RERUN_REPORT', seconds: 0.1 } satisfies RoundAnswer;
    const attempts =
      c === '-' ? new Map() : new Map([[key, [c === 'F' ? { status: 'failed' as const, message: 'boom' } : c === 'S' ? { status: 'skipped' as const } : { status: 'passed' as const }]]]);
    return { ok: true, attempts, seconds: 0.1 };
  };
}

const base = (runs: number, round: FixRunRequest['round']): FixRunRequest => ({
  test,
  runs,
  command: 'true',
  workspace: '/tmp',
  dir: '/tmp/x',
  deadline: Date.now() + 60_000,
  env: {},
  log: () => undefined,
  readReport: async () => ({ attempts: new Map(), problems: [] }),
  round,
});

describe('runFix', () => {
  it('runs the test alone, once per round, the planned number of times', async () => {
    const asked: RoundRequest[] = [];
    const r = await runFix(base(4, scripted('PPPP', asked)));
    expect(r).toMatchObject({ ran: 4, failures: 0, rounds: 4 });
    expect(r.stopped).toBeUndefined();
    expect(asked.map((a) => [a.round, a.cases.map((c) => c.test.id)])).toEqual([
      [1, ['app.Cart::total']],
      [2, ['app.Cart::total']],
      [3, ['app.Cart::total']],
      [4, ['app.Cart::total']],
    ]);
  });

  it('stops at the first failure', async () => {
    expect(await runFix(base(10, scripted('PPFPP')))).toMatchObject({ ran: 3, failures: 1, rounds: 3 });
  });

  it('stops when a round cannot answer, or gives no result for the test (absent, or skipped: a skipped test verifies nothing)', async () => {
    expect(await runFix(base(5, scripted('PPX')))).toMatchObject({
      ran: 2,
      failures: 0,
      rounds: 3,
      stopped: 'round 3 could not answer: the command (exit code 3) wrote no report at FLAKEGUARD_RERUN_REPORT',
    });
    const absent = "round 2's report has no result for the test (absent, or skipped: a skipped test verifies nothing)";
    expect(await runFix(base(5, scripted('P-')))).toMatchObject({ ran: 1, rounds: 2, stopped: absent });
    expect(await runFix(base(5, scripted('PS')))).toMatchObject({ ran: 1, rounds: 2, stopped: absent });
  });

  it('stops when the time is out', async () => {
    const r = await runFix({ ...base(5, scripted('PPPPP')), deadline: Date.now() - 1 });
    expect(r).toMatchObject({ ran: 0, rounds: 0, stopped: 'rerun-timeout ran out' });
  });
});
