/**
 * Schema 2 is migrated on read (issue #16): a branch captured from the last schema-2 flakeguard (b0a43bc's applyRun,
 * test/fixtures/data-branch-v2) reads with no problem, its histories decode to the same runs, the next run is decided
 * exactly as that version decided it (test/fixtures/data-branch-v2-expected.json, written by that version for the
 * same run), and the branch is written back in the current schema with nothing lost. The dist-level run is in
 * test/e2e/data-branch.test.ts ("an older layout").
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { applyRun } from '../../src/pipeline/apply.ts';
import { parseSnapshot } from '../../src/store/snapshot.ts';
import { statsScores } from '../../src/pipeline/stats-scores.ts';
import { normalizeErrorMessage } from '../../src/history/error-message.ts';
import { DEFAULT_POLICY } from '../../src/policy/quarantine.ts';
import { DEFAULT_RETENTION } from '../../src/history/merge.ts';
import { NEXT_RUN, NEXT_TESTS } from '../fixtures/data-branch-v2-next.ts';
import { readTree } from '../support/tree.ts';

const DIR = join(import.meta.dirname, '../fixtures/data-branch-v2');
const expected = JSON.parse(readFileSync(join(import.meta.dirname, '../fixtures/data-branch-v2-expected.json'), 'utf8')) as {
  outcome: string;
  forgiven: string[];
  blocking: string[];
  quarantined: string[];
  decisions: Record<string, { quarantined: boolean; reason: string; runs: number; recent: string }>;
  scores: Record<string, { tier: string; pfs: number[]; score: number; successRate: number }>;
};

const branch = (): Map<string, string> => readTree(DIR);

const apply = (files: Map<string, string>) =>
  applyRun(
    { snapshot: parseSnapshot(files), reports: { tests: NEXT_TESTS, problems: [], filesRead: 1 }, filesMatched: 1, testOutcome: 'failure', run: NEXT_RUN, now: NEXT_RUN.time + 60_000 },
    { retention: DEFAULT_RETENTION, policy: DEFAULT_POLICY, normalise: normalizeErrorMessage, scoreTests: statsScores(NEXT_RUN.time) },
  );

describe('a schema-2 branch', () => {
  it('reads with no problem, each history decoded to its runs', () => {
    const snapshot = parseSnapshot(branch());
    expect(snapshot.problems).toEqual([]);
    expect(snapshot.readSchema).toBe(2);
    const api = snapshot.history.get('api.Client::retries on 503')!;
    expect(api.runs.map((r) => r.attempts)).toEqual(['P', 'FP', 'P', 'FP', 'P', 'P', 'P']);
    expect(api.runs[1]!.message).toBe('timeout of 5000ms exceeded');
    expect(api.runs[6]!.durationSec).toBe(0.25);
    const stock = snapshot.history.get('cart.Stock::reserves items')!;
    expect(stock.runs.map((r) => r.run)).toEqual(['5000', '5001', '5003', '5004', '5005', '5006'].map((id) => `${id}/test/3f9a1c2e`));
    expect(snapshot.history.get('ui.Login::shows error')!.runs.map((r) => r.attempts)).toEqual(['P', 'P', 'P', 'SP', 'P']);
    expect(snapshot.overrides.get('db.Pool::reconnects')!.override).toEqual({ action: 'never', reason: 'DB-7: real outage' });
  });

  it('decides the next run exactly as the schema-2 version did', () => {
    const result = apply(branch());
    expect(result.outcome.result).toBe(expected.outcome);
    expect(result.outcome.forgiven.map((t) => t.id)).toEqual(expected.forgiven);
    expect(result.outcome.blocking.map((t) => t.id)).toEqual(expected.blocking);
    expect(result.quarantined).toEqual(expected.quarantined);
    const decisions = Object.fromEntries([...result.decisions].map(([id, d]) => [id, { quarantined: d.quarantined, reason: d.reason, runs: d.evidence.runs, recent: d.evidence.recent }]));
    expect(decisions).toEqual(expected.decisions);
    for (const [id, s] of Object.entries(expected.scores)) expect(result.scores.get(id), id).toMatchObject(s);
  });

  it('is written back in schema 4, with every run, message and hand override kept', () => {
    const result = apply(branch());
    const meta = JSON.parse(result.files.get('flakeguard.json')!) as { schema: number; ingested: object };
    expect(meta.schema).toBe(4);
    expect(Object.keys(meta.ingested)).toHaveLength(8);
    const history = JSON.parse(result.files.get('history/00.json')!) as { schema: number; tests: Record<string, Record<string, unknown>> };
    expect(history.schema).toBe(4);
    expect(history.tests['api.Client::retries on 503']).toEqual({
      fp: ['src/', '.test.ts'],
      line: 10,
      from: 1,
      o: 'P(FP)P(FP)PPPF',
      m: { 2: 'timeout of 5000ms exceeded', 4: 'timeout of 5000ms exceeded', 8: 'timeout of 5000ms exceeded' },
      d: 0.3,
    });
    expect(history.tests['cart.Total::applies discount']).toEqual({ fp: ['src/', '.test.ts'], line: 10, from: 1, o: 'P*8', d: 0.3 });
    // Read back, `fp` is the file again (src/cart/Total.test.ts).
    expect(parseSnapshot(result.files).history.get('cart.Total::applies discount')!.file).toBe('src/cart/Total.test.ts');
    expect(history.tests['cart.Stock::reserves items']!.o).toBe('PP.FP*4');
    // Stats lines: the tests with something to say, and the hand override as it was written.
    const stats = JSON.parse(result.files.get('stats/00.json')!) as { schema: number; tests: Record<string, Record<string, unknown>> };
    expect(stats.schema).toBe(4);
    expect(Object.keys(stats.tests).sort()).toEqual(['api.Client::retries on 503', 'cart.Stock::reserves items', 'db.Pool::reconnects']);
    expect(stats.tests['db.Pool::reconnects']!.override).toEqual({ action: 'never', reason: 'DB-7: real outage' });
    // Read back, the branch written gives the same histories.
    const again = parseSnapshot(result.files);
    expect(again.problems).toEqual([]);
    for (const [id, test] of result.history)
      expect(again.history.get(id), id).toEqual(test.runs.length ? { ...test, runs: test.runs.map((r, i) => (i === test.runs.length - 1 ? r : { ...r, durationSec: undefined })) } : test);
  });
});
