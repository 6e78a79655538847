import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { decodeOutcomes, encodeOutcomes, readHistoryShard, parseRuns, renderDecodedShard, renderRuns, type RunTable } from '../../src/store/history-format.ts';
import type { TestHistory } from '../../src/model.ts';

describe('outcome strings', () => {
  it('encode runs, retries and gaps', () => {
    expect(
      encodeOutcomes([
        { seq: 5, attempts: 'P' },
        { seq: 6, attempts: 'FP' },
        { seq: 8, attempts: 'F' },
        { seq: 20, attempts: 'S' },
      ]),
    ).toEqual({ from: 5, o: 'P(FP).F.11S' });
  });

  it('round-trip any sequence', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 1, max: 5000 }), { minLength: 1, maxLength: 60 }),
        fc.array(fc.stringMatching(/^[PFES]{1,4}$/), { minLength: 60, maxLength: 60 }),
        (seqs, attempts) => {
          const slots = seqs.sort((a, b) => a - b).map((seq, i) => ({ seq, attempts: attempts[i]! }));
          const { from, o } = encodeOutcomes(slots);
          expect(decodeOutcomes(from, o)).toEqual(slots);
        },
      ),
    );
  });

  it.each(['P(FP', 'PXP', '(FQ)', '()'])('rejects the malformed %j', (o) => {
    expect(decodeOutcomes(1, o)).toBeNull();
  });
});

describe('history shards', () => {
  const runs: RunTable = new Map([
    ['r1', { seq: 1, sha: 'a', time: 1000, onDefaultBranch: true, jobSucceeded: true, url: 'https://x/1' }],
    ['r2', { seq: 2, sha: 'b', time: 2000, onDefaultBranch: false }],
    ['r3', { seq: 3, sha: 'b', time: 3000, onDefaultBranch: false, jobSucceeded: false }],
  ]);

  it('round-trip runs', () => {
    const { runs: back, problems } = parseRuns('runs.json', renderRuns(runs));
    expect(problems).toEqual([]);
    expect(back).toEqual(runs);
  });

  it('round-trip a test, with its messages and last duration', () => {
    const test: TestHistory = {
      id: 'pkg.A::t',
      name: 't',
      classname: 'pkg.A',
      file: 'a.ts',
      line: 3,
      runs: [
        { run: 'r1', sha: 'a', time: 1000, onDefaultBranch: true, jobSucceeded: true, attempts: 'P' },
        { run: 'r3', sha: 'b', time: 3000, onDefaultBranch: false, jobSucceeded: false, attempts: 'FF', message: 'boom', durationSec: 1.5 },
      ],
    };
    const text = renderDecodedShard([test], runs);
    expect(text).toContain('"pkg.A::t": {"file":"a.ts","line":3,"from":1,"o":"P.(FF)","m":{"3":"boom"},"d":1.5}');
    const read = readHistoryShard('history/00.json', text, runs);
    expect(read.problems).toEqual([]);
    expect(read.history.get('pkg.A::t')).toEqual(test);
  });

  it('names a line it cannot read (the snapshot then treats the branch as damaged: test/store/damage.test.ts)', () => {
    const text = '{"schema": 2, "tests": {\n"a": {"name":"a","classname":"","from":1,"o":"P"},\n"b": {"name":"b","classname":"","from":1,"o":"P(X"}\n}}\n';
    const read = readHistoryShard('history/00.json', text, runs);
    expect(read.problems).toEqual([{ file: 'history/00.json', line: 3, message: `the history of 'b' is not in the expected form {"name", "classname", "from", "o"}` }]);
    expect([...read.history.keys()]).toEqual(['a']);
  });
});
