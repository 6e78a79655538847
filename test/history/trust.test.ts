import { describe, expect, it } from 'vitest';
import {
  boundedUntrustedTests,
  hasTrustedRecord,
  hasUntrustedRecord,
  MAX_UNTRUSTED_ATTEMPTS,
  MAX_UNTRUSTED_MESSAGES,
  trustedEvidence,
  trustedRunsAgree,
  untrustedCell,
  untrustedRunKey,
  untrustedTestsToRecord,
  withoutUntrusted,
} from '../../src/history/trust.ts';
import { applyRetention } from '../../src/history/merge.ts';
import { capName, MAX_NAME_BYTES } from '../../src/junit/cap.ts';
import type { History, TestHistory, TestRunRecord } from '../../src/model.ts';
import { parsedTest } from '../support/builders.ts';

const rec = (run: string, sha: string, attempts: string, untrusted = false): TestRunRecord => ({
  run,
  sha,
  time: Number(run),
  onDefaultBranch: !untrusted,
  attempts,
  ...(untrusted ? { untrusted: true } : {}),
});
const test = (runs: TestRunRecord[]): TestHistory => ({ id: 'pkg.S::a', name: 'a', classname: 'pkg.S', runs });

describe('untrusted evidence', () => {
  it('is dropped from the evidence until trusted runs agree', () => {
    const alone = test([rec('1', 's1', 'P'), rec('2', 'f1', 'FP', true), rec('3', 'f2', 'FP', true)]);
    expect(trustedRunsAgree(alone)).toBe(false);
    expect(
      trustedEvidence(new Map([[alone.id, alone]]))
        .get(alone.id)!
        .runs.map((r) => r.run),
    ).toEqual(['1']);
    const retryFlake = test([rec('1', 's1', 'FP'), rec('2', 'f1', 'FP', true)]);
    const sameCommit = test([rec('1', 's1', 'F'), rec('2', 's1', 'P'), rec('3', 'f1', 'FP', true)]);
    for (const t of [retryFlake, sameCommit]) {
      expect(trustedRunsAgree(t)).toBe(true);
      expect(trustedEvidence(new Map([[t.id, t]])).get(t.id)).toBe(t);
    }
  });

  it('trusted runs agree by cell: a failure in one cell and a pass in another on one commit is no agreement', () => {
    const inCell = (r: TestRunRecord, cell: string): TestRunRecord => ({ ...r, cell });
    // A regression of Linux and macOS, Windows passing, on commit s2; then a fork's "failed, then passed" in Linux.
    const regression = test([
      inCell(rec('1', 's1', 'P'), 'os=linux'),
      inCell(rec('2', 's2', 'F'), 'os=linux'),
      inCell(rec('3', 's2', 'F'), 'os=mac'),
      inCell(rec('4', 's2', 'P'), 'os=windows'),
      inCell(rec('5', 'f1', 'FP', true), 'os=linux'),
    ]);
    expect(trustedRunsAgree(regression)).toBe(false);
    expect(
      trustedEvidence(new Map([[regression.id, regression]]))
        .get(regression.id)!
        .runs.map((r) => r.run),
    ).toEqual(['1', '2', '3', '4']);
    // A pass on the failing commit in the same cell (a re-run) is agreement.
    const rerun = test([...regression.runs, inCell(rec('6', 's2', 'P'), 'os=linux')]);
    expect(trustedRunsAgree(rerun)).toBe(true);
  });

  it("an untrusted run's cell is its claim only when a trusted run has that cell", () => {
    const trusted = new Set(['os=linux', 'os=mac']);
    expect(untrustedCell('os=linux', trusted)).toBe('os=linux');
    expect(untrustedCell('os=solaris', trusted)).toBeUndefined();
    expect(untrustedCell(undefined, trusted)).toBeUndefined();
  });

  it('an untrusted failure and pass on one commit never agree with themselves', () => {
    expect(trustedRunsAgree(test([rec('1', 's1', 'P'), rec('2', 's1', 'F', true), rec('3', 's1', 'P', true)]))).toBe(false);
  });

  it('an untrusted run records only tests a trusted run has recorded', () => {
    const history: History = new Map([
      ['pkg.S::a', test([rec('1', 's1', 'P')])],
      ['pkg.S::u', { ...test([rec('2', 'f', 'P', true)]), id: 'pkg.S::u' }],
    ]);
    const { kept, leftOut } = untrustedTestsToRecord([parsedTest('pkg.S::a', 'P'), parsedTest('pkg.S::u', 'P'), parsedTest('pkg.S::new', 'FP')], history);
    expect(kept.map((t) => t.id)).toEqual(['pkg.S::a']);
    expect(leftOut).toBe(2);
  });
});

describe('untrusted bounds', () => {
  it('forgiveness learns from trusted records only, even when trusted runs agree', () => {
    const agreeing = test([rec('1', 's1', 'FP'), rec('2', 'f1', 'FP', true)]);
    expect(trustedRunsAgree(agreeing)).toBe(true);
    expect(
      withoutUntrusted(new Map([[agreeing.id, agreeing]]))
        .get(agreeing.id)!
        .runs.map((r) => r.run),
    ).toEqual(['1']);
    const plain = test([rec('1', 's1', 'P')]);
    const history: History = new Map([[plain.id, plain]]);
    expect(withoutUntrusted(history)).toBe(history);
  });

  it('a test a trusted run of the same workflow run recorded gets no untrusted record', () => {
    const history: History = new Map([['pkg.S::a', test([rec('1', 's1', 'P'), { ...rec('2', 's2', 'P'), run: '77/test/abcdef01' }])]]);
    expect(untrustedTestsToRecord([parsedTest('pkg.S::a', 'P')], history, '77').kept).toEqual([]);
    expect(untrustedTestsToRecord([parsedTest('pkg.S::a', 'P')], history, '78').kept.map((t) => t.id)).toEqual(['pkg.S::a']);
  });

  it('records each test once, its attempts capped, messages for the first tests only, no file, line or duration', () => {
    const many = Array.from({ length: MAX_UNTRUSTED_MESSAGES + 5 }, (_, i) => parsedTest(`pkg.S::t${i}`, 'F', { file: 'x.ts', line: 3 }));
    const repeated = [parsedTest('pkg.S::t0', 'FFFFF'), parsedTest('pkg.S::t0', 'PPPPP')];
    const out = boundedUntrustedTests([...many, ...repeated].map((t) => ({ ...t, attempts: t.attempts.map((a) => ({ ...a, durationSec: 5, details: 'stack' })) })));
    expect(out).toHaveLength(MAX_UNTRUSTED_MESSAGES + 5);
    expect(out[0]!.attempts.map((a) => a.status[0]).join('')).toBe('ffffffpp'.slice(0, MAX_UNTRUSTED_ATTEMPTS));
    expect(out.filter((t) => t.attempts.some((a) => a.message !== undefined))).toHaveLength(MAX_UNTRUSTED_MESSAGES);
    for (const t of out) {
      expect(t.file).toBeUndefined();
      expect(t.line).toBeUndefined();
      for (const a of t.attempts) expect([a.durationSec, a.details]).toEqual([undefined, undefined]);
    }
  });

  it('retention keeps the newest max-runs of each kind: untrusted records never evict trusted ones', () => {
    const runs = [rec('1', 's1', 'P'), rec('2', 's2', 'P'), rec('3', 'f', 'P', true), rec('4', 's3', 'P'), rec('5', 'f', 'P', true), rec('6', 'f', 'P', true)];
    const kept = applyRetention(runs, 6, { maxRuns: 2, maxAgeDays: 90 });
    expect(kept.map((r) => r.run)).toEqual(['2', '4', '5', '6']);
    const trustedOnly = runs.filter((r) => !r.untrusted);
    expect(applyRetention(trustedOnly, 6, { maxRuns: 2, maxAgeDays: 90 }).map((r) => r.run)).toEqual(['2', '4']);
  });
});

describe('capName', () => {
  it('keeps short names, cuts long ones with a hash of the whole name: stable, unique, within the cap', () => {
    expect(capName('short')).toBe('short');
    const a = `${'é'.repeat(5000)}1`;
    const b = `${'é'.repeat(5000)}2`;
    expect(capName(a)).toBe(capName(a));
    expect(capName(a)).not.toBe(capName(b));
    expect(Buffer.byteLength(capName(a))).toBeLessThanOrEqual(MAX_NAME_BYTES);
    expect(capName(a)).toMatch(/^é+…#[0-9a-f]{16}$/);
    const exact = 'x'.repeat(MAX_NAME_BYTES);
    expect(capName(exact)).toBe(exact);
  });
});

describe('which records a test has', () => {
  const record = (attempts: string, sha: string, untrusted = false, outage = false): TestRunRecord => ({
    run: `r-${sha}-${attempts}`,
    sha,
    time: 1,
    onDefaultBranch: true,
    attempts,
    ...(untrusted ? { untrusted: true } : {}),
    ...(outage ? { outage: true } : {}),
  });
  const historyWith = (...runs: TestRunRecord[]): TestHistory => ({ id: 't', name: 't', classname: '', runs });

  it('tells trusted and untrusted records apart', () => {
    expect(hasTrustedRecord(undefined)).toBe(false);
    expect(hasUntrustedRecord(undefined)).toBe(false);
    expect(hasTrustedRecord(historyWith(record('P', 'a', true)))).toBe(false);
    expect(hasTrustedRecord(historyWith(record('P', 'a', true), record('P', 'b')))).toBe(true);
    expect(hasUntrustedRecord(historyWith(record('P', 'a')))).toBe(false);
    expect(hasUntrustedRecord(historyWith(record('P', 'a'), record('P', 'b', true)))).toBe(true);
    expect(untrustedRunKey('123')).toBe('123/untrusted');
  });

  it('trusted runs agree on a retry that passed, or a failure and a pass on one commit, outages and untrusted runs aside', () => {
    expect(trustedRunsAgree(historyWith(record('FP', 'a')))).toBe(true);
    expect(trustedRunsAgree(historyWith(record('EP', 'a')))).toBe(true);
    expect(trustedRunsAgree(historyWith(record('F', 'a'), record('P', 'a')))).toBe(true);
    expect(trustedRunsAgree(historyWith(record('P', 'a'), record('F', 'a')))).toBe(true);
    expect(trustedRunsAgree(historyWith(record('F', 'a'), record('S', 'a')))).toBe(false);
    expect(trustedRunsAgree(historyWith(record('F', 'a'), record('P', 'b')))).toBe(false);
    expect(trustedRunsAgree(historyWith(record('FP', 'a', false, true)))).toBe(false);
    expect(trustedRunsAgree(historyWith(record('F', 'a'), record('P', 'a', true)))).toBe(false);
  });
});
