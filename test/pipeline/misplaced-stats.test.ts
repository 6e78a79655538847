/**
 * A stats line a person added to another shard's file (src/store/snapshot.ts, docs/data-branch.md#hand-edits): the
 * write moves it to its own file, unless that file is broken (kept byte for byte): then it stays where it was
 * written, so that it is never lost.
 */
import { describe, expect, it } from 'vitest';
import { applyRun, DEFAULT_APPLY_OPTIONS } from '../../src/pipeline/apply.ts';
import { shardOf } from '../../src/store/layout.ts';
import { emptySnapshot, parseSnapshot, type Snapshot } from '../../src/store/snapshot.ts';
import { parsedTest, runContext } from '../support/builders.ts';

const ids = Array.from({ length: 1001 }, (_, i) => `pkg.S::t${String(i).padStart(4, '0')}`);
const flaky = ids.find((id) => shardOf(id, 2) === 0)!;
const target = ids.find((id) => shardOf(id, 2) === 1)!;

function run(snapshot: Snapshot, n: number) {
  const ctx = runContext(n);
  const tests = ids.map((id) => parsedTest(id, id === flaky ? 'FP' : 'P'));
  return applyRun({ snapshot, reports: { tests, problems: [], filesRead: 1 }, filesMatched: 1, testOutcome: '', run: ctx, now: ctx.time }, DEFAULT_APPLY_OPTIONS);
}

const addLine = (text: string, line: string): string => text.replace(/\n\}\}\n$/, `,\n${line}\n}}\n`);

describe("a stats line in another shard's file", () => {
  const first = run(emptySnapshot(), 1).files;
  const line = `${JSON.stringify(target)}: {"override": "quarantine"}`;

  it('is moved to its own file by the next write, its override kept as written', () => {
    const files = new Map(first).set('stats/00.json', addLine(first.get('stats/00.json')!, line));
    const result = run(parseSnapshot(files), 2);
    expect(result.quarantined).toContain(target);
    expect(result.files.get('stats/00.json')).not.toContain(JSON.stringify(target));
    expect(result.files.get('stats/01.json')).toContain(`${JSON.stringify(target)}: {"override":"quarantine",`);
    expect(result.problems.filter((p) => p.notice).map((p) => p.file)).toEqual(['stats/00.json']);
  });

  it('stays where it was written while its own file is broken, and that file is kept byte for byte', () => {
    const broken = '{"schema": 3, "tests": {\n"x": {"override": "never"},\n';
    const files = new Map(first).set('stats/00.json', addLine(first.get('stats/00.json')!, line)).set('stats/01.json', broken);
    const result = run(parseSnapshot(files), 2);
    expect(result.files.get('stats/01.json')).toBe(broken);
    expect(result.files.get('stats/00.json')).toContain(`${JSON.stringify(target)}: {"override":"quarantine",`);
    // Its own file is broken: the test forgives nothing meanwhile.
    expect(result.quarantined).not.toContain(target);
    // And the write after that, still broken, keeps it there too.
    const again = run(parseSnapshot(result.files), 3);
    expect(again.files.get('stats/00.json')).toContain(`${JSON.stringify(target)}: {"override":"quarantine",`);
  });
});
