import { describe, expect, it } from 'vitest';
import { trustedEvidence, trustedRunsAgree, untrustedTestsToRecord } from '../../src/history/trust.ts';
import { capName, MAX_NAME_BYTES } from '../../src/junit/cap.ts';
import type { History, TestHistory, TestRunRecord } from '../../src/model.ts';
import { parsedTest } from '../support/builders.ts';

const rec = (run: string, sha: string, attempts: string, untrusted = false): TestRunRecord => ({ run, sha, time: Number(run), onDefaultBranch: !untrusted, attempts, ...(untrusted ? { untrusted: true } : {}) });
const test = (runs: TestRunRecord[]): TestHistory => ({ id: 'pkg.S::a', name: 'a', classname: 'pkg.S', runs });

describe('untrusted evidence', () => {
  it('is dropped from the evidence until trusted runs agree', () => {
    const alone = test([rec('1', 's1', 'P'), rec('2', 'f1', 'FP', true), rec('3', 'f2', 'FP', true)]);
    expect(trustedRunsAgree(alone)).toBe(false);
    expect(trustedEvidence(new Map([[alone.id, alone]])).get(alone.id)!.runs.map((r) => r.run)).toEqual(['1']);
    const retryFlake = test([rec('1', 's1', 'FP'), rec('2', 'f1', 'FP', true)]);
    const sameCommit = test([rec('1', 's1', 'F'), rec('2', 's1', 'P'), rec('3', 'f1', 'FP', true)]);
    for (const t of [retryFlake, sameCommit]) {
      expect(trustedRunsAgree(t)).toBe(true);
      expect(trustedEvidence(new Map([[t.id, t]])).get(t.id)).toBe(t);
    }
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
