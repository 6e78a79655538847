import { describe, expect, it } from 'vitest';
import { pfsHistory, type PfsRun } from '../../src/dashboard/pfs-history.ts';
import { pfs } from '../../src/scoring/pfs.ts';
import { recentPfs } from '../../src/scoring/regression.ts';
import { historyOf } from '../support/builders.ts';

const runsOf = (attempts: string[]): PfsRun[] => attempts.map((a, i) => ({ seq: i + 1, attempts: a, sha: `s${i + 1}`, outage: false }));

describe("the test view's PFS history (seed 002)", () => {
  it('gives the PFS of the last 10 runs after each run: flat while clean, rising where the test turned flaky', () => {
    const attempts = [...Array<string>(30).fill('P'), ...Array.from({ length: 10 }, (_, i) => (i % 2 === 0 ? 'FP' : 'P'))];
    const points = pfsHistory(runsOf(attempts));
    expect(points.map((p) => p.seq)).toEqual(attempts.map((_, i) => i + 1));
    expect(points[29]!.pf).toBeCloseTo(points[19]!.pf, 12);
    expect(points[39]!.pf).toBeGreaterThan(points[29]!.high);
    // The newest point is the regression check's recent PFS (src/scoring/regression.ts) over the same runs.
    const [pf, low, high] = recentPfs(historyOf('t', attempts.join(' ')).runs);
    expect(points.at(-1)).toMatchObject({ pf, low, high, runs: 10 });
  });

  it('leaves out outage runs and runs with only skipped attempts; a run without a known commit is its own', () => {
    const runs: PfsRun[] = [
      { seq: 1, attempts: 'P', outage: false },
      { seq: 2, attempts: 'F', outage: true },
      { seq: 3, attempts: 'S', outage: false },
      { seq: 4, attempts: 'F', outage: false },
      { seq: 5, attempts: 'P', outage: false },
    ];
    const points = pfsHistory(runs);
    expect(points.map((p) => p.seq)).toEqual([1, 4, 5]);
    const separate = pfs([1, 4, 5].map((s, i) => ({ run: String(s), sha: `#${s}`, time: s, onDefaultBranch: true, attempts: ['P', 'F', 'P'][i]! })));
    expect(points.at(-1)!.pf).toBeCloseTo(separate.pf, 12);
  });
});
