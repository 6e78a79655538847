import { describe, expect, it } from 'vitest';
import { logGamma, rateChanges } from '../../src/onset/changepoint.ts';
import { changeSentence, latestChange, NO_CHANGE, onsetOf } from '../../src/onset/index.ts';
import type { TestRunRecord } from '../../src/model.ts';
import { mulberry32 } from '../../scripts/eval/rng.ts';

const seq = (s: string): boolean[] => [...s].map((c) => c === 'F');

function records(pattern: string, extra: (i: number) => Partial<TestRunRecord> = () => ({})): TestRunRecord[] {
  return [...pattern].map((c, i) => ({
    run: `${1000 + i}/test/h`,
    sha: `sha${String(i).padStart(3, '0')}`,
    time: 1_800_000_000_000 + i * 60_000,
    onDefaultBranch: true,
    attempts: c === 'F' ? 'FP' : c,
    ...extra(i),
  }));
}

describe('rateChanges (Bayesian changepoint of a pass/fail sequence)', () => {
  it('logGamma matches log((n-1)!) and log Γ(1/2) = log √π', () => {
    expect(logGamma(10)).toBeCloseTo(Math.log(362880), 10);
    expect(logGamma(0.5)).toBeCloseTo(0.5 * Math.log(Math.PI), 10);
  });

  it('finds where a test that always passed started failing, with a range that holds it', () => {
    const x = seq('P'.repeat(40) + 'PFPPFPPPFFPPPFPPFPPPFPPPPFFPPPFPPPFPPFPPPFPPPPFPPFPPPFPPFP');
    const [c, ...rest] = rateChanges(x);
    expect(rest).toEqual([]);
    expect(c!.direction).toBe('up');
    expect(c!.first).toBeLessThanOrEqual(41);
    expect(c!.last).toBeGreaterThanOrEqual(41);
    expect(c!.last).toBeLessThan(50);
    expect(c!.before).toEqual({ runs: c!.at, failures: 0 });
  });

  it('says a rate went down: a fix that worked', () => {
    const x = seq('PFFPFPPFPFFPFPPFPFFPPFPFPFFPPFPF' + 'P'.repeat(40));
    const changes = rateChanges(x);
    expect(changes.map((c) => c.direction)).toEqual(['down']);
    expect(changes[0]!.first).toBeLessThanOrEqual(32);
    expect(changes[0]!.last).toBeGreaterThanOrEqual(31);
  });

  it('finds no change in a steady flaky test, nor in a single failure', () => {
    const rng = mulberry32(7);
    let found = 0;
    for (let t = 0; t < 200; t++) if (rateChanges(Array.from({ length: 100 }, () => rng() < 0.15)).length > 0) found++;
    expect(found).toBeLessThanOrEqual(4);
    expect(rateChanges(seq('P'.repeat(60) + 'F' + 'P'.repeat(39)))).toEqual([]);
    expect(rateChanges(seq('P'.repeat(100)))).toEqual([]);
    expect(rateChanges(seq(''))).toEqual([]);
  });

  it('finds both changes of a test that became flaky and was fixed', () => {
    const x = seq('P'.repeat(30) + 'FPFFPFPFFPFPPFFPFPFFPFPF' + 'P'.repeat(40));
    expect(rateChanges(x).map((c) => c.direction)).toEqual(['up', 'down']);
  });

  it('costs O(n): a 100,000-run sequence is decided well within the test timeout', () => {
    const rng = mulberry32(1);
    const x = Array.from({ length: 100_000 }, (_, i) => rng() < (i < 50_000 ? 0.01 : 0.2));
    const [c] = rateChanges(x, { maxChanges: 1 });
    expect(c!.first).toBeLessThanOrEqual(50_000);
    expect(c!.last).toBeGreaterThanOrEqual(50_000);
  }, 20_000);
});

describe('onsetOf (a test history)', () => {
  it('names the runs and commits of the range, base and head from default-branch runs', () => {
    const pattern = 'P'.repeat(40) + 'FPPFPFPPFFPPPFPFPPFPFFPPFPPFPFPPFF';
    const onset = onsetOf(records(pattern));
    const c = latestChange(onset)!;
    expect(c.direction).toBe('up');
    const first = Number(c.first.sha.slice(3));
    const last = Number(c.last.sha.slice(3));
    expect(first).toBeLessThanOrEqual(40);
    expect(last).toBeGreaterThanOrEqual(40);
    expect(c.base).toBe(`sha${String(first - 1).padStart(3, '0')}`);
    expect(c.head).toBe(c.last.sha);
    expect(c.shas[0]).toBe(c.base);
    expect(c.shas.at(-1)).toBe(c.head);
    expect(changeSentence(c, (r) => r.sha)).toMatch(/^failure rate rose from 0% \(0 of \d+ runs\) to \d+% \(\d+ of \d+ runs\) between run sha\d+ and run sha\d+/);
  });

  it('leaves out outages, untrusted and skipped runs: an outage is no onset', () => {
    const pattern = 'P'.repeat(50) + 'FFFFFFFF' + 'P'.repeat(30);
    const onset = onsetOf(records(pattern, (i) => (i >= 50 && i < 58 ? { outage: true } : {})));
    expect(onset).toEqual({ runs: 80, failures: 0, changes: [] });
    expect(onsetOf(records('SSSS' + 'P'.repeat(20))).runs).toBe(20);
    expect(NO_CHANGE).toBe('no change in rate found');
  });

  it('gives no base and head when the runs around the range are not on the default branch', () => {
    const pattern = 'P'.repeat(40) + 'FPPFPFPPFFPPPFPFPPFPFFPPFPPFPFPPFF';
    const c = latestChange(onsetOf(records(pattern, () => ({ onDefaultBranch: false }))))!;
    expect(c.base).toBeUndefined();
    expect(c.head).toBeUndefined();
    expect(c.shas.length).toBeGreaterThan(1);
  });
});
