/**
 * The five queries of docs/warehouse/queries/, run for real in DuckDB (@duckdb/node-api) over the Parquet and the
 * NDJSON files `exportTables` writes for two repositories whose data branches the step's core wrote
 * (test/support/warehouse.ts). Each query gives the answer the story of those branches implies, and the same
 * answer from either format.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../support/action.ts';
import { HOSTILE_NAME, sourceOf, warehouseBranch, warehousePlans } from '../support/warehouse.ts';
import { exportTables } from '../../src/export/index.ts';
import { duckOver, type Duck } from './duckdb.ts';

const QUERIES = join(PROJECT_ROOT, 'docs/warehouse/queries');
const query = (name: string): string => readFileSync(join(QUERIES, `${name}.sql`), 'utf8');

const temp = mkdtempSync(join(tmpdir(), 'flakeguard-queries-'));
const ducks: Partial<Record<'parquet' | 'ndjson', Duck>> = {};

beforeAll(async () => {
  const sources = warehousePlans().map((plan) => sourceOf(plan.repository, warehouseBranch(plan)));
  for (const format of ['parquet', 'ndjson'] as const) {
    const out = join(temp, format);
    await exportTables(sources, { format, out, rowGroupRows: 100 });
    ducks[format] = await duckOver(out, format);
  }
}, 60_000);
afterAll(() => {
  for (const duck of Object.values(ducks)) duck.close();
  rmSync(temp, { recursive: true, force: true });
});

describe.each(['parquet', 'ndjson'] as const)('the warehouse queries over %s', (format) => {
  const run = (name: string) => ducks[format]!.all(query(name));

  it('flakiest tests by wasted minutes: re-run attempts at each test’s newest duration', async () => {
    const rows = await run('flakiest-tests-by-wasted-minutes');
    // db.Pool::times out: FP in every odd run of 12, on two cells = 12 extra attempts of 60 s.
    expect(rows[0]).toEqual({ repository: 'octo/api', test_id: 'db.Pool::times out', owner: '@carol', flaky_runs: '12', extra_attempts: '12', wasted_minutes: 12 });
    // api.Client: every 4th run of 24 on two cells (the FF of run 1 is no flake) = 12 extra attempts of 30 s.
    expect(rows[1]).toMatchObject({ repository: 'octo/shop', test_id: 'api.Client::retries on 503', flaky_runs: '12', wasted_minutes: 6 });
    // The test that never flaked is not there; the broken one (FF) neither.
    expect(rows.map((r) => r.test_id)).not.toContain('cart.Total::applies discount');
    expect(rows.map((r) => r.test_id)).not.toContain('cart.Tax::rounds cents');
    // A hostile name comes back exactly as the report wrote it.
    expect(rows.map((r) => r.test_id)).toContain(`evil"Suite::${HOSTILE_NAME}`);
  });

  it('red builds caused by flaky tests per repository and week: the flaky FF counts, the broken test does not', async () => {
    const rows = await run('red-builds-caused-by-flaky-tests');
    const shop = rows.filter((r) => r.repository === 'octo/shop');
    const total = (key: string, list = shop) => list.reduce((n, r) => n + Number(r[key]), 0);
    // api.Client failed its retry in run 1 on both cells, before it was quarantined: two red builds caused by a flaky test.
    expect(total('caused_by_flaky_tests')).toBe(2);
    // cart.Tax::rounds cents was broken for runs 5 to 7 on both cells: six red builds, none caused by a flaky test.
    expect(total('with_other_failures')).toBe(6);
    expect(total('red_builds')).toBe(8);
    const api = rows.filter((r) => r.repository === 'octo/api');
    expect(total('caused_by_flaky_tests', api)).toBe(2);
    for (const r of rows) expect(String(r.week)).toMatch(/^\d{4}-\d{2}-\d{2}/);
  });

  it('quarantine age by owner: the quarantined tests, by their first CODEOWNERS owner', async () => {
    const rows = await run('quarantine-age-by-owner');
    const byOwner = new Map(rows.map((r) => [r.owner, r]));
    expect([...byOwner.keys()].sort()).toEqual(['@bob', '@carol', '@octo/api-team']);
    // @bob: ui.Upload (Windows), ui.Login (quarantined again after its close), the hostile test.
    expect(byOwner.get('@bob')!.quarantined_tests).toBe('3');
    // @octo/api-team: api.Client; api.Auth left quarantine when its issue was closed and stayed out.
    expect(byOwner.get('@octo/api-team')!.quarantined_tests).toBe('1');
    for (const r of rows) expect(Number(r.oldest_days)).toBeGreaterThan(0);
  });

  it('tests flaky in one cell only: the Windows-only flake, and no test flaky everywhere', async () => {
    const rows = await run('flaky-in-one-cell-only');
    expect(rows).toEqual([{ repository: 'octo/shop', test_id: 'ui.Upload::drops a file', flaky_cell: 'os=windows', cells: '2', flaky_runs: '8' }]);
  });

  it('fix verification outcomes: a close that held, one that regressed, a failed verification, one not landed, one landed and holding', async () => {
    const rows = await run('fix-verification-outcomes');
    expect(rows.map((r) => [r.repository, r.test_id, r.claim, r.issue ?? r.pr, r.outcome])).toEqual([
      ['octo/api', 'db.Pool::times out', 'fix verification', '9', 'holding'],
      ['octo/shop', 'api.Auth::refreshes token', 'issue closed', '42', 'holding'],
      ['octo/shop', 'api.Client::retries on 503', 'fix verification', '78', 'not landed'],
      ['octo/shop', 'ui.Login::remembers me', 'issue closed', '41', 'regressed'],
      ['octo/shop', 'ui.Upload::drops a file', 'fix verification', '77', 'failed'],
    ]);
    const login = rows.find((r) => r.test_id === 'ui.Login::remembers me')!;
    // Closed before run 12, flaky again from run 18 (quarantined on its first flake there): six days later.
    expect(login.days_held).toBe('6');
    expect(Number(login.failed_runs_since)).toBeGreaterThan(0);
    expect(rows.find((r) => r.test_id === 'api.Auth::refreshes token')!.failed_runs_since).toBe('0');
  });
});

it('every query gives the same rows from Parquet and from NDJSON', async () => {
  for (const name of ['flakiest-tests-by-wasted-minutes', 'red-builds-caused-by-flaky-tests', 'quarantine-age-by-owner', 'flaky-in-one-cell-only', 'fix-verification-outcomes']) {
    expect(await ducks.ndjson!.all(query(name)), name).toEqual(await ducks.parquet!.all(query(name)));
  }
});
