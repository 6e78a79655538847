/** The dashboard's test view says since when: the onset of a test from the branch files (src/dashboard/test-detail.ts). */
import { describe, expect, it } from 'vitest';
import { parseHistoryText, parseMetaText, parseRunsText } from '../../src/dashboard/files.ts';
import { buildModel } from '../../src/dashboard/page-model.ts';
import { testDetail } from '../../src/dashboard/test-detail.ts';
import { latestChange } from '../../src/onset/index.ts';

function modelOf(o: Record<string, string>) {
  const now = 1_800_000_000_000;
  const rows = Array.from(
    { length: 60 },
    (_, i) => `${JSON.stringify(String(i + 1).padStart(8, '0'))}: ${JSON.stringify([`${2001 + i}/test/h`, String(i + 1).padStart(40, 'a'), now + i * 60_000, 1, 1, null])}`,
  );
  const runs = parseRunsText(`{"schema": 4, "runs": {\n${rows.join(',\n')}\n}}\n`).value;
  const lines = Object.entries(o).map(([id, outcome]) => `${JSON.stringify(id)}: {"from":1,"o":${JSON.stringify(outcome)}}`);
  const history = parseHistoryText(`{"schema": 4, "tests": {\n${lines.join(',\n')}\n}}\n`, 60).value;
  return buildModel({ meta: parseMetaText('{"schema": 4, "shards": 1, "writes": 1, "ingested": {}}').value, runs, history, stats: new Map() });
}

describe("the test view's onset", () => {
  const model = modelOf({
    'a.B::became': 'P*40(FP)PP(FP)P(FP)(FP)PPP(FP)P(FP)PP(FP)PP(FP)P',
    'a.B::steady': 'PPPP(FP)PPPP(FP)PPPP(FP)PPPP(FP)PPPP(FP)PPPP(FP)PPPP(FP)PPPP(FP)PPPP(FP)PPPP(FP)PPPP(FP)PPPP(FP)',
    'a.B::quiet': 'P*60',
  });

  it('names the range of runs, by sequence number, where a test became flaky', () => {
    const d = testDetail(model, model.byId.get('a.B::became')!);
    const c = latestChange(d.onset!)!;
    expect(c.direction).toBe('up');
    expect(Number(c.first.run)).toBeLessThanOrEqual(41);
    expect(Number(c.last.run)).toBeGreaterThanOrEqual(41);
    expect(c.base).toBe(String(Number(c.first.run) - 1).padStart(40, 'a'));
  });

  it('finds no change in a test flaky at a steady rate, and does not look at a test that never failed', () => {
    expect(testDetail(model, model.byId.get('a.B::steady')!).onset!.changes).toEqual([]);
    expect(testDetail(model, model.byId.get('a.B::quiet')!).onset).toBeUndefined();
  });
});
