/**
 * applyRun's order-dependence verdict (docs/rerun.md#order-dependence): computed from the history as read and this
 * run's attempts with the re-runs merged in; the failure blocks, the test is not quarantined as flaky, a hand
 * override still wins.
 */
import { describe, expect, it } from 'vitest';
import { applyRun, type ApplyInput, type ApplyResult, type RerunVerdicts } from '../../src/pipeline/apply.ts';
import type { ParsedTestCase } from '../../src/model.ts';
import { emptySnapshot, parseSnapshot, type Snapshot } from '../../src/store/snapshot.ts';
import { parsedTest, runContext } from '../support/builders.ts';
import { blockingAfterReruns } from '../../src/rerun/plan.ts';

const verdicts = (extra: Partial<RerunVerdicts> = {}): RerunVerdicts => ({ consistent: new Map(), newFlaky: [], newTestsBlock: false, failedBeforeReruns: 0, ...extra });

function step(snapshot: Snapshot, tests: ParsedTestCase[], n: number, extra: Partial<ApplyInput> = {}): ApplyResult {
  const run = runContext(n);
  return applyRun({ snapshot, reports: { tests, problems: [], filesRead: 1 }, filesMatched: 1, testOutcome: '', run, now: run.time, rerun: verdicts(), ...extra });
}

/** `clean` runs where a and b pass, then runs where b fails its first attempt and passes its re-run. */
function world(clean: number, victimRuns: number, edit?: (files: Map<string, string>) => void): ApplyResult[] {
  let snapshot = emptySnapshot();
  const out: ApplyResult[] = [];
  for (let n = 1; n <= clean + victimRuns; n++) {
    const tests = [parsedTest('a', 'P'), parsedTest('b', n > clean ? 'FP' : 'P')];
    // As the step gives it: b failed its one attempt in the run and passed its re-run alone.
    const r = step(snapshot, tests, n, { rerun: verdicts({ failedInRun: new Set(n > clean ? ['b'] : []) }) });
    out.push(r);
    const files = new Map(r.files);
    if (n === clean && edit) edit(files);
    snapshot = parseSnapshot(files);
  }
  return out;
}

describe('applyRun: order dependence across runs', () => {
  const results = world(40, 4);
  const at = (k: number): ApplyResult => results[40 + k - 1]!;

  it('forgives the victim its first two failing runs (the re-run passed) without quarantining it, and blocks from the third', () => {
    expect(at(1).outcome.result).toBe('success');
    expect(at(1).quarantined).toEqual([]);
    expect(at(1).decisions.get('b')).toMatchObject({
      quarantined: false,
      reason: expect.stringContaining('not quarantined while it fails every attempt inside the full run and passes only alone (1 run in a row)'),
    });
    expect(at(2).orderDependent.size).toBe(0);
    expect(at(2).outcome.result).toBe('success');
    expect(at(2).quarantined).toEqual([]);
    expect(at(2).decisions.get('b')!.reason).toContain('(2 runs in a row)');
    expect(at(3).orderDependent.get('b')).toBe('fails inside the full run since `sha41` (3 runs in a row), passes alone: another test leaves state behind');
    expect(at(3).outcome.result).toBe('failure');
    expect(at(3).outcome.blocking.map((t) => t.id)).toEqual(['b']);
    expect(at(3).outcome.passedOnRetry.map((t) => t.id)).toEqual([]);
    expect(at(3).outcome.reasons.join(' ')).toContain("'b' fails inside the full run since `sha41` (3 runs in a row), passes alone: another test leaves state behind.");
  });

  it('was never quarantined as flaky: the sentence is its reason, and it stays out while the streak lasts', () => {
    expect(results.every((r) => !r.quarantined.includes('b'))).toBe(true);
    expect(at(3).released).toEqual([]);
    expect(at(3).decisions.get('b')).toMatchObject({ quarantined: false, reason: expect.stringContaining('order-dependent, not flaky: fails inside the full run since `sha41` (3 runs in a row)') });
    expect(at(4).outcome.result).toBe('failure');
    expect(at(4).quarantined).toEqual([]);
    expect(at(4).decisions.get('b')!.reason).toContain('(4 runs in a row)');
    expect(at(4).decisions.get('b')!.since).toBe(at(3).decisions.get('b')!.since);
  });

  it('lists it in consistent-failures with the verdict order-dependent', () => {
    const cases = [{ kind: 'failed', historyId: 'b', verdict: 'proven-flaky' }] as Parameters<typeof blockingAfterReruns>[0]['cases'];
    const blocking = new Set(at(3).outcome.blocking.map((t) => t.id));
    expect(blockingAfterReruns({ cases }, blocking, at(3).orderDependent)).toEqual([{ id: 'b', verdict: 'order-dependent', why: at(3).orderDependent.get('b') }]);
    expect(blockingAfterReruns({ cases }, new Set(), at(3).orderDependent)).toEqual([]);
  });

  it('is judged the same when the same run is applied twice (its own record is not counted)', () => {
    const results2 = world(40, 2);
    const snapshot = parseSnapshot(results2[41]!.files);
    const again = step(snapshot, [parsedTest('a', 'P'), parsedTest('b', 'FP')], 42);
    expect(again.ingested).toBe(false);
    expect(again.orderDependent.size).toBe(0);
  });

  it('a hand override still wins: quarantined by hand, the failure is forgiven and the test stays quarantined', () => {
    const byHand = world(40, 3, (files) => {
      expect(files.has('stats/00.json')).toBe(false); // no test had anything to say after the clean runs
      files.set('stats/00.json', '{"schema": 3, "tests": {\n"b": {"override":"quarantine"}\n}}\n');
    });
    const third = byHand[42]!;
    expect(third.orderDependent.has('b')).toBe(true);
    expect(third.outcome.result).toBe('success');
    expect(third.outcome.forgiven.map((t) => t.id)).toEqual(['b']);
    expect(third.decisions.get('b')).toMatchObject({ quarantined: true, reason: expect.stringContaining('quarantined by hand') });
  });

  it('is not judged without re-runs, nor in an untrusted run', () => {
    const results2 = world(40, 2);
    const snapshot = parseSnapshot(results2[41]!.files);
    const tests = [parsedTest('a', 'P'), parsedTest('b', 'FP')];
    expect(step(snapshot, tests, 43, { rerun: undefined }).orderDependent.size).toBe(0);
    expect(step(snapshot, tests, 43, { untrusted: true }).orderDependent.size).toBe(0);
    expect(step(snapshot, tests, 43).orderDependent.has('b')).toBe(true);
  });

  it("honours the re-runs' own order-dependent verdicts (context rounds) the same way", () => {
    const snapshot = parseSnapshot(world(40, 0)[39]!.files);
    const sentence = 'fails after `a` in its file, passes alone: `a` leaves state behind';
    const r = step(snapshot, [parsedTest('a', 'P'), parsedTest('b', 'FP')], 41, { rerun: verdicts({ orderDependent: new Map([['b', sentence]]) }) });
    expect(r.orderDependent.get('b')).toBe(sentence);
    expect(r.outcome.result).toBe('failure');
    expect(r.quarantined).toEqual([]);
    expect(r.decisions.get('b')!.reason).toBe(`order-dependent, not flaky: ${sentence}`);
  });
});

describe('applyRun: order dependence, what it does not claim', () => {
  /** Runs from `pattern`: one letter string per run for test b (a always passes); `failedInRun` as the step gives it. */
  function play(patterns: string[], failedInRun?: (n: number) => Set<string>): ApplyResult[] {
    let snapshot = emptySnapshot();
    const out: ApplyResult[] = [];
    patterns.forEach((p, i) => {
      const n = i + 1;
      const r = step(snapshot, [parsedTest('a', 'P'), parsedTest('b', p)], n, { rerun: verdicts(failedInRun ? { failedInRun: failedInRun(n) } : {}) });
      out.push(r);
      snapshot = parseSnapshot(new Map(r.files));
    });
    return out;
  }
  const clean = (k: number): string[] => Array.from({ length: k }, () => 'P');

  it('a test that passed an in-process retry of the full run is not called order-dependent: it passed inside the run', () => {
    // The same attempts 'FP'; the step says whether the P was the report's own retry (not in failedInRun) or a re-run.
    const retried = play([...clean(40), 'FP', 'FP', 'FP', 'FP'], () => new Set());
    expect(retried.map((r) => r.orderDependent.size)).toEqual(retried.map(() => 0));
    const rerun = play([...clean(40), 'FP', 'FP', 'FP', 'FP'], () => new Set(['b']));
    expect(rerun[42]!.orderDependent.has('b')).toBe(true);
  });

  it('a quarantine that began before the streak stays: the streak did not earn it (its failure still blocks)', () => {
    // A proven flip at run 41, quarantined at run 42 (it passed inside the run again), 8 clean runs, then a streak of
    // failing first attempts.
    const results = play([...clean(40), 'FP', ...clean(9), 'FP', 'FP', 'FP', 'FP', 'FP', 'FP'], () => new Set(['b']));
    expect(results[40]!.quarantined).toEqual([]);
    expect(results[41]!.quarantined).toEqual(['b']);
    const verdict = results.findIndex((r) => r.orderDependent.has('b'));
    expect(verdict).toBeGreaterThan(50);
    const r = results[verdict]!;
    expect(r.outcome.result).toBe('failure');
    expect(r.outcome.blocking.map((t) => t.id)).toEqual(['b']);
    expect(r.quarantined).toEqual(['b']);
    expect(r.released).toEqual([]);
  });
});

describe('applyRun: entry held while a test fails only inside the run', () => {
  function play(patterns: string[], failedInRun: (p: string) => boolean = (p) => /^F+P$/.test(p)): ApplyResult[] {
    let snapshot = emptySnapshot();
    const out: ApplyResult[] = [];
    patterns.forEach((p, i) => {
      const r = step(snapshot, [parsedTest('a', 'P'), parsedTest('b', p)], i + 1, { rerun: verdicts({ failedInRun: new Set(failedInRun(p) ? ['b'] : []) }) });
      out.push(r);
      snapshot = parseSnapshot(new Map(r.files));
    });
    return out;
  }
  const clean = (k: number): string[] => Array.from({ length: k }, () => 'P');

  it('a flaky test enters at the run after, once it passed inside the run again; its failure was forgiven meanwhile', () => {
    const r = play([...clean(30), 'FP', 'P', 'P']);
    expect(r[30]!.outcome.result).toBe('success');
    expect(r[30]!.quarantined).toEqual([]);
    expect(r[31]!.quarantined).toEqual(['b']);
    expect(r[31]!.decisions.get('b')!.reason).toContain('failed and passed on the same commit once');
    expect(r[32]!.quarantined).toEqual(['b']);
  });

  it('keeps holding through a run of the streak with no pass (not re-run, or failing alone too): the test has not passed inside the run', () => {
    const r = play([...clean(30), 'FP', 'F', 'FP', 'P']);
    expect(r[31]!.outcome.result).toBe('failure');
    expect(r[31]!.quarantined).toEqual([]);
    expect(r[31]!.decisions.get('b')!.reason).toContain('(2 runs in a row)');
    expect(r[32]!.quarantined).toEqual([]);
    expect(r[33]!.quarantined).toEqual(['b']);
  });

  it('holds nothing when the test passed inside the run (an in-process retry): it enters at once', () => {
    const retried = play([...clean(30), 'FP'], () => false);
    expect(retried[30]!.quarantined).toEqual(['b']);
  });

  it('a failure every re-run repeated is no flip: nothing to hold, and the run blocks as before', () => {
    const r = play([...clean(30), 'FFFFFFF'], () => false);
    expect(r[30]!.outcome.result).toBe('failure');
    expect(r[30]!.quarantined).toEqual([]);
    expect(r[30]!.decisions.get('b')!.reason).not.toContain('not quarantined while');
  });
});

describe('applyRun: a streak makes a suspect, the experiment decides (docs/adr/0430)', () => {
  /** 40 clean runs of a and b, then 2 where b fails inside the run and passes alone; the snapshot before the third. */
  const before = (): Snapshot => {
    const results = world(40, 2);
    return parseSnapshot(results.at(-1)!.files);
  };
  const third = (extra: Partial<RerunVerdicts>): ApplyResult => step(before(), [parsedTest('a', 'P'), parsedTest('b', 'FP')], 43, { rerun: verdicts({ failedInRun: new Set(['b']), ...extra }) });
  const suspicion = 'fails inside the full run since `sha41` (3 runs in a row), passes alone: another test leaves state behind';

  it('a suspect the experiment cleared (it passed after the tests before it in the run) is forgiven as flaky', () => {
    const r = third({ orderSuspects: new Map([['b', suspicion]]), orderCleared: new Set(['b']) });
    expect(r.orderDependent.size).toBe(0);
    expect(r.outcome.result).toBe('success');
    expect(r.outcome.passedOnRetry.map((t) => t.id)).toEqual(['b']);
    // Computed by applyRun itself (no suspects given), a cleared test is forgiven too.
    expect(third({ orderCleared: new Set(['b']) }).outcome.result).toBe('success');
  });

  it('a suspect no experiment judged is convicted by its streak; one the experiment convicted blocks with its sentence', () => {
    const unjudged = third({ orderSuspects: new Map([['b', suspicion]]) });
    expect(unjudged.orderDependent.get('b')).toBe(suspicion);
    expect(unjudged.outcome.result).toBe('failure');
    const proof = 'fails after `a` in the run, passes alone: `a` leaves state behind (failed 5 of 5 rounds after the tests before it in the run, passed 5 of 5 alone)';
    const convicted = third({ orderSuspects: new Map([['b', suspicion]]), orderDependent: new Map([['b', proof]]), consistent: new Map([['b', proof]]) });
    expect(convicted.orderDependent.get('b')).toBe(proof);
    expect(convicted.outcome.result).toBe('failure');
    expect(convicted.outcome.blocking.map((t) => t.id)).toEqual(['b']);
  });

  it('the suspects given replace its own judgement: a test the step did not suspect is not convicted', () => {
    const r = third({ orderSuspects: new Map() });
    expect(r.orderDependent.size).toBe(0);
    expect(r.outcome.result).toBe('success');
  });
});
