/** The page's clusters (src/dashboard/clusters.ts): clusters.json's groups with their members as the model knows them. */
import { describe, expect, it } from 'vitest';
import { buildModel } from '../../src/dashboard/page-model.ts';
import { clusterGroups, clusterSentence } from '../../src/dashboard/clusters.ts';
import { parseClusters } from '../../src/clusters/format.ts';
import type { HistoryLine, RunRow } from '../../src/dashboard/files.ts';

const row = (seq: number): RunRow => ({ seq, key: `k${seq}`, sha: 'a'.repeat(40), time: seq * 1000, onDefaultBranch: true, jobSucceeded: true });
const line = (id: string, o: string): HistoryLine => ({ id, name: id, classname: 'c', from: 1, o });
const meta = { schema: 4, shards: 1 } as never;

describe('clusterGroups', () => {
  const hostile = '<img src=x onerror=alert(1)>';
  const clusters = parseClusters(
    '{"schema": 4, "next": 4, "clusters": {\n' +
      `"2": {"since": 1, "last": 3, "together": 3, "sig": "${hostile}", "members": ["a", "b", "gone"]},\n` +
      '"3": {"since": 2, "last": 4, "together": 3, "members": ["c", "d"]}\n}}\n',
  ).clusters;
  const model = buildModel({ meta, runs: [1, 2, 3, 4].map(row), history: [line('a', 'FFFP'), line('b', 'FF(FP)F'), line('c', 'PFFF'), line('d', 'PFFP')], stats: new Map(), clusters });

  it("orders the clusters by their newest run together, and each one's members that failed in the newest run first", () => {
    const groups = clusterGroups(model);
    expect(groups.map((g) => [g.cluster.id, g.members.map((m) => [m.id, m.failedNewest, m.entry !== undefined]), g.failedNewest])).toEqual([
      [
        3,
        [
          ['c', true, true],
          ['d', false, true],
        ],
        1,
      ],
      [
        2,
        [
          ['b', true, true],
          ['a', false, true],
          ['gone', false, false],
        ],
        1,
      ],
    ]);
    expect(model.clusterOf.get('gone')?.id).toBe(2);
    expect(model.clusterOf.get('e')).toBeUndefined();
  });

  it('says a cluster as the summary does, the signature apart (the page shows it as text in a code element)', () => {
    const [, two] = clusterGroups(model);
    expect(clusterSentence(two!)).toEqual({ lead: '3 tests failed together with ', signature: hostile, tail: ': cluster 2, since run #1 (together in 3 runs, the newest #3)' });
    expect(clusterSentence(clusterGroups(model)[0]!)).toEqual({ lead: '2 tests failed together', tail: ': cluster 3, since run #2 (together in 3 runs, the newest #4)' });
  });

  it('finds none on a branch without clusters.json', () => {
    expect(clusterGroups(buildModel({ meta, runs: [row(1)], history: [line('a', 'F')], stats: new Map() }))).toEqual([]);
  });
});
