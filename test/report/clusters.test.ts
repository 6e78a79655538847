import { describe, expect, it } from 'vitest';
import { mdText } from '../../src/text/escape.ts';
import { failedTogether, failedTogetherLine, failedTogetherSection, signatureMd } from '../../src/report/clusters.ts';
import { mdInert } from '../../src/text/escape.ts';
import type { StoredClusters } from '../../src/clusters/cluster.ts';

const clusters: StoredClusters = {
  next: 9,
  clusters: [
    { id: 7, members: ['a', 'b', 'c <img src=x> @mallory'], signature: 'connect econnreset #.#.#.#:line', since: 1482, last: 1500, together: 5 },
    { id: 8, members: ['x', 'y'], signature: 'boom `rm -rf` @team <b>', since: 3, last: 9, together: 3 },
  ],
};

describe('failed together', () => {
  it('groups the run failures by cluster, two or more a cluster, most first', () => {
    const groups = failedTogether(['a', 'c <img src=x> @mallory', 'b', 'x', 'z'], clusters);
    expect(groups.map((g) => [g.cluster.id, g.ids.length])).toEqual([[7, 3]]);
    expect(failedTogetherLine(groups[0]!)).toBe('3 tests failed together with `connect econnreset #.#.#.#:line`: cluster 7, since run 1,482 (a, b, c &lt;img src&#61;x&gt; &#64;mallory).');
    expect(failedTogetherSection(groups)[0]).toBe('#### Failed together');
    expect(failedTogetherSection([])).toEqual([]);
  });

  it('shows a signature in a code span only when nothing in it can act, and escapes names for a comment', () => {
    expect(signatureMd('boom `rm -rf` @team <b>')).toBe('"boom &#96;rm &#45;rf&#96; &#64;team &lt;b&gt;"');
    // Link and table syntax never stands raw, even inside a code span.
    expect(signatureMd('![pixel](https://x) | a')).toBe(`"${mdText('![pixel](https://x) | a')}"`);
    const [g] = failedTogether(['x', 'y'], clusters);
    const line = failedTogetherLine(g!, 5, mdInert);
    expect(line).not.toMatch(/@team|`rm/);
    expect(line).toContain('&#64;&#8203;team');
  });
});
