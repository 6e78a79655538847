import { describe, expect, it } from 'vitest';
import { onsetMarkdown, onsetPlain } from '../../src/report/onset.ts';
import type { Onset, OnsetChange } from '../../src/onset/index.ts';

const run = (n: number) => ({ run: `${n}/test/h`, sha: String(n % 10).repeat(40), time: n });
const change = (direction: 'up' | 'down', extra: Partial<OnsetChange> = {}): OnsetChange => ({
  direction,
  at: run(41),
  first: run(38),
  last: run(42),
  width: 5,
  before: { runs: 40, failures: direction === 'up' ? 0 : 12 },
  after: { runs: 20, failures: direction === 'up' ? 8 : 0 },
  log10BayesFactor: 3,
  shas: [run(37).sha, run(38).sha, run(42).sha],
  base: run(37).sha,
  head: run(42).sha,
  ...extra,
});
const links = { run: (r: { run: string }) => `[${r.run.split('/')[0]}](https://github.com/o/r/actions/runs/${r.run.split('/')[0]})`, repoUrl: 'https://github.com/o/r' };
const HOSTILE = 'fix <script>alert(1)</script> @mallory #12 [x](http://evil) `code` | pipe';

describe('onsetMarkdown', () => {
  it('says flaky since base…head, the rates and the range, and lists the commits that touched the folder, escaped', () => {
    const onset: Onset = { runs: 60, failures: 8, changes: [change('up')] };
    const md = onsetMarkdown(
      onset,
      {
        commits: [
          { sha: 'a'.repeat(40), subject: HOSTILE },
          { sha: 'b'.repeat(40), subject: 'other' },
        ],
        more: false,
        folder: 'src/cart/',
        touching: [{ sha: 'a'.repeat(40), subject: HOSTILE, files: ['src/cart/<b>.ts'] }],
        via: 'git',
      },
      links,
    ).join('\n');
    expect(md).toContain(
      '**Flaky since [7777777](https://github.com/o/r/commit/7777777777777777777777777777777777777777)…[2222222](https://github.com/o/r/commit/2222222222222222222222222222222222222222)**',
    );
    expect(md).toContain(
      'failure rate rose from 0% (0 of 40 runs) to 40% (8 of 20 runs) between run [38](https://github.com/o/r/actions/runs/38) and run [42](https://github.com/o/r/actions/runs/42) (5 runs; most likely [41]',
    );
    expect(md).toContain('2 commits in that range; 1 touched src/cart/:');
    expect(md).toContain('- [aaaaaaa](https://github.com/o/r/commit/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa) fix ');
    expect(md).not.toMatch(/<script|<b>|@mallory|\]\(http:\/\/evil|\| pipe|(^|[^&])#12/);
  });

  it('says a rate that went down, and an unknown range with its reason', () => {
    const md = onsetMarkdown({ runs: 60, failures: 12, changes: [change('down')] }, { skipped: "the range's first commit 777777777777 is not in the workspace's clone" }, links).join('\n');
    expect(md).toMatch(/^\*\*Failing less since /);
    expect(md).toContain('failure rate fell from 30% (12 of 40 runs) to 0% (0 of 20 runs)');
    expect(md).toContain('Nobody said it was fixed');
    expect(md).toContain("Which commits of that range touched the test's folder is not known: the range");
  });

  it('says "no change in rate found" without a change, and the commits the runs tested off the default branch', () => {
    expect(onsetMarkdown({ runs: 80, failures: 9, changes: [] }, undefined, links)).toEqual([
      'No change in rate found in the 80 runs kept (9 failures): the failures are spread as one steady rate would spread them, or are too few to tell when they began.',
    ]);
    const { base: _b, head: _h, ...noPair } = change('up');
    expect(onsetMarkdown({ runs: 60, failures: 8, changes: [noPair] }, undefined, links).join('\n')).toContain('not on the default branch');
  });

  it('a long range through the API names the folder changed, not the commit', () => {
    const md = onsetMarkdown({ runs: 60, failures: 8, changes: [change('up')] }, { commits: [], more: true, folder: 'src/cart/', changed: ['src/cart/a.ts'], via: 'api' }, links).join('\n');
    expect(md).toContain('0+ commits in that range; src/cart/ changed in it (src/cart/a.ts)');
  });
});

describe('onsetPlain', () => {
  it('one line a fact, no control characters', () => {
    const lines = onsetPlain(
      { runs: 60, failures: 8, changes: [change('up')] },
      { commits: [{ sha: 'a'.repeat(40), subject: 'x\u001b[31mred' }], more: false, folder: 'src/', touching: [{ sha: 'a'.repeat(40), subject: 'x\u001b[31mred', files: [] }], via: 'git' },
      (r) => `#${r.run.split('/')[0]}`,
    );
    expect(lines[0]).toMatch(/^Since when: flaky since 7777777…2222222: failure rate rose from 0% \(0 of 40 runs\) to 40% \(8 of 20 runs\) between run #38 and run #42/);
    expect(lines.join('\n')).not.toContain('\u001b');
    expect(onsetPlain({ runs: 5, failures: 1, changes: [] }, undefined, () => '')).toEqual(['Since when: no change in rate found in the 5 runs kept (1 failure).']);
  });
});
