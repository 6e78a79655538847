/**
 * `exportTables` and the rows of src/export/: on branches the step's core wrote (test/support/warehouse.ts), read
 * back by DuckDB. Stable row keys (a re-export is the same bytes; an incremental export plus the earlier full one is
 * the full export), `--since`, typed Parquet in row groups, hostile text as data, the gaps left null, and a damaged
 * branch refused with the step's own sentence.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HOSTILE_MESSAGE, HOSTILE_NAME, sourceOf, warehouseBranch, warehousePlans, type RepoPlan } from '../support/warehouse.ts';
import { ExportError, TABLES, TABLE_NAMES, exportTables, parseSince, tableRows, type ExportSource, type Row } from '../../src/export/index.ts';
import { damageReason, parseSnapshot } from '../../src/store/snapshot.ts';
import { normalizeErrorMessage } from '../../src/history/error-message.ts';
import { nameOfSource as repositoryNameOf } from '../../src/dashboard/org-model.ts';
import { duckOver } from './duckdb.ts';

const temp = mkdtempSync(join(tmpdir(), 'flakeguard-export-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

const [shopPlan] = warehousePlans() as [RepoPlan, RepoPlan];
const shopBranch = warehouseBranch(shopPlan);
const shop = (): ExportSource => sourceOf('octo/shop', shopBranch);
const rowsOf = (table: (typeof TABLE_NAMES)[number], source: ExportSource): Row[] => [...tableRows(table, source)];
let dirs = 0;
const dir = (): string => join(temp, String(++dirs));

describe('the rows', () => {
  it('have every column of their table, of its type, and null only where the column allows it', () => {
    for (const table of TABLE_NAMES) {
      const rows = rowsOf(table, shop());
      expect(rows.length, table).toBeGreaterThan(0);
      for (const row of rows) {
        expect(Object.keys(row), table).toEqual(TABLES[table].map((c) => c.name));
        for (const col of TABLES[table]) {
          const v = row[col.name];
          if (v === null) {
            expect(col.nullable, `${table}.${col.name}`).toBe(true);
            continue;
          }
          const expected = { STRING: 'string', INT64: 'number', FLOAT64: 'number', BOOL: 'boolean', TIMESTAMP: 'number' }[col.type];
          expect(typeof v, `${table}.${col.name}`).toBe(expected);
          if (col.type === 'INT64' || col.type === 'TIMESTAMP') expect(Number.isSafeInteger(v), `${table}.${col.name}`).toBe(true);
        }
      }
    }
  });

  it('have a row key unique in their table', () => {
    for (const table of TABLE_NAMES) {
      const keys = rowsOf(table, shop()).map((r) => r.row_key);
      expect(new Set(keys).size, table).toBe(keys.length);
    }
  });

  it('export what the branch keeps and leave null what it does not: one duration per test, no ref, no event', () => {
    const testRuns = rowsOf('test_runs', shop());
    const tests = rowsOf('tests', shop());
    for (const t of tests) {
      const withDuration = testRuns.filter((r) => r.test_id === t.test_id && r.duration_sec !== null);
      expect(
        withDuration.map((r) => r.time),
        String(t.test_id),
      ).toEqual([t.last_seen]);
    }
    for (const r of rowsOf('runs', shop())) {
      expect([r.ref, r.event]).toEqual([null, null]);
      expect(r.attempt).toBe(1);
      expect(r.cell).toMatch(/^os=(linux|windows)$/);
      expect(r.job).toBe(r.cell === 'os=linux' ? 'test-linux' : 'test-windows');
    }
  });

  it('say per test run what each attempt did and the re-run verdict', () => {
    const rows = rowsOf('test_runs', shop());
    const of = (id: string, seq: number) => rows.find((r) => r.test_id === id && r.run_seq === seq)!;
    // api.Client: FF in run 1 (run numbers 3 and 4), FP in run 3 (7 and 8).
    expect(of('api.Client::retries on 503', 3)).toMatchObject({
      attempts: 'FF',
      attempt_count: 2,
      final_outcome: 'failed',
      rerun_verdict: 'consistent',
      message: normalizeErrorMessage('Timeout of 5000ms exceeded'),
    });
    expect(of('api.Client::retries on 503', 7)).toMatchObject({ attempts: 'FP', final_outcome: 'passed', rerun_verdict: 'flaky' });
    expect(of('api.Client::retries on 503', 1)).toMatchObject({ attempts: 'P', rerun_verdict: null, message: null, message_signature: null });
    // The same failure (numbers aside) has the same signature.
    expect(of('api.Client::retries on 503', 3).message_signature).toBe(of('api.Client::retries on 503', 7).message_signature);
    expect(of('api.Client::retries on 503', 3).message_signature).toMatch(/^[0-9a-f]{16}$/);
  });

  it('are made without keeping the decoded histories: memory holds the branch as read, not every run record', () => {
    const source = shop();
    const decoded = (): number => (source.snapshot.history as unknown as { decoded: Map<string, unknown> }).decoded.size;
    expect(decoded()).toBe(0);
    for (const table of TABLE_NAMES) for (const row of tableRows(table, source)) void row;
    expect(decoded()).toBe(0);
  });

  it('say per test its owners, quarantine state, scores and issue', () => {
    const tests = new Map(rowsOf('tests', shop()).map((t) => [t.test_id, t]));
    expect(tests.get('ui.Upload::drops a file')).toMatchObject({ owners: '@bob @octo/ui', owner: '@bob', quarantined: true, decided_by: 'rule', file: 'tests/ui/upload.test.ts' });
    expect(tests.get('api.Auth::refreshes token')).toMatchObject({ quarantined: false, issue: 42, owner: '@octo/api-team' });
    expect(tests.get('cart.Total::applies discount')).toMatchObject({ quarantined: false, runs: 48, failed_runs: 0, tier: null });
    expect(typeof tests.get('api.Client::retries on 503')!.pfs).toBe('number');
    // The latest fix verification, from the stats line's `fix` (docs/fix-verification.md).
    expect(tests.get('api.Client::retries on 503')).toMatchObject({
      fix_verdict: 'verified',
      fix_pr: 78,
      fix_runs: 58,
      fix_failures: 0,
      fix_reached: 0.95,
      fix_at: Date.UTC(2026, 10, 19, 10),
      fix_released: null,
    });
    expect(tests.get('cart.Total::applies discount')).toMatchObject({ fix_verdict: null, fix_pr: null, fix_at: null });
  });

  it('a fix record not in its documented form gives nulls, never a coerced value', () => {
    const files = new Map(shopBranch.files);
    const path = [...files.keys()].find((p) => p.startsWith('stats/') && files.get(p)!.includes('"api.Client::retries on 503": {'))!;
    const edited = files
      .get(path)!
      .replace('"pr":78,', '"pr":"78; DROP TABLE tests",')
      .replace('"runs":58,', '"runs":1.5,')
      .replace('"verdict":"verified","at":"2026-11-19T10:00:00.000Z"', '"verdict":7,"at":"soon"');
    expect(edited).not.toBe(files.get(path));
    files.set(path, edited);
    const row = rowsOf('tests', sourceOf('octo/shop', { files, cells: shopBranch.cells })).find((t) => t.test_id === 'api.Client::retries on 503')!;
    expect(row).toMatchObject({ fix_pr: null, fix_runs: null, fix_verdict: null, fix_at: null });
  });
});

describe('--since', () => {
  it('reads a run number, a run key, a date, a time and a span back', () => {
    const now = Date.UTC(2026, 10, 27);
    expect(parseSince('41', now)).toEqual({ kind: 'run', seq: 41 });
    expect(parseSince('5000003/test-linux/c0ffee', now)).toEqual({ kind: 'run-key', key: '5000003/test-linux/c0ffee' });
    expect(parseSince('2026-11-20', now)).toEqual({ kind: 'time', ms: Date.UTC(2026, 10, 20) });
    expect(parseSince('2026-11-20T09:30:00Z', now)).toEqual({ kind: 'time', ms: Date.UTC(2026, 10, 20, 9, 30) });
    expect(parseSince('36h', now)).toEqual({ kind: 'time', ms: now - 36 * 3_600_000 });
    expect(parseSince('7d', now)).toEqual({ kind: 'time', ms: now - 7 * 86_400_000 });
    expect(() => parseSince('yesterday', now)).toThrow(ExportError);
    expect(() => parseSince('--remote=x', now)).toThrow(/--since takes a run number/);
  });

  it('selects the runs after a run, their test runs and decisions; the tests table is whole', () => {
    const since = { ...shop(), since: { kind: 'run' as const, seq: 40 } };
    expect(rowsOf('runs', since).map((r) => r.run_seq)).toEqual([41, 42, 43, 44, 45, 46, 47, 48]);
    expect(new Set(rowsOf('test_runs', since).map((r) => r.run_seq))).toEqual(new Set([41, 42, 43, 44, 45, 46, 47, 48]));
    expect(rowsOf('tests', since).length).toBe(rowsOf('tests', shop()).length);
    for (const d of rowsOf('decisions', since)) expect(d.run_seq as number).toBeGreaterThan(40);
    // A run key selects the runs after that run; a time those that ran (or were ingested) then or later.
    const key = rowsOf('runs', shop()).find((r) => r.run_seq === 40)!.run_key as string;
    expect(rowsOf('runs', { ...shop(), since: { kind: 'run-key', key } }).map((r) => r.run_seq)).toEqual([41, 42, 43, 44, 45, 46, 47, 48]);
    const time = rowsOf('runs', shop()).find((r) => r.run_seq === 41)!.time as number;
    expect(rowsOf('runs', { ...shop(), since: { kind: 'time', ms: time } }).map((r) => r.run_seq)).toEqual([41, 42, 43, 44, 45, 46, 47, 48]);
    expect(() => rowsOf('runs', { ...shop(), since: { kind: 'run-key', key: 'nope/x' } })).toThrow(/does not have/);
  });

  it('an incremental export merged on row_key with the earlier full one is the full export (idempotent)', () => {
    // The branch after 20 of the 24 runs, exported whole; then the branch after 24, exported since its run 40.
    const early = sourceOf('octo/shop', warehouseBranch({ ...shopPlan, runs: 20 }));
    const late = { ...shop(), since: { kind: 'run' as const, seq: 40 } };
    for (const table of ['runs', 'test_runs', 'decisions'] as const) {
      const merged = new Map(rowsOf(table, early).map((r) => [r.row_key, r]));
      for (const r of rowsOf(table, late)) merged.set(r.row_key, r);
      const full = rowsOf(table, shop());
      // The same keys; and a row of a run both exports have is the same row, but for one thing: the branch keeps a
      // test's newest duration only, so the earlier export kept durations the branch has since let go.
      expect([...merged.keys()].sort(), table).toEqual(full.map((r) => r.row_key).sort());
      let kept = 0;
      for (const r of full) {
        const m = merged.get(r.row_key)!;
        if (table === 'test_runs' && r.duration_sec === null && m.duration_sec !== null) {
          kept++;
          expect({ ...m, duration_sec: null }, table).toEqual(r);
        } else expect(m, table).toEqual(r);
      }
      if (table === 'test_runs') expect(kept).toBe(7);
    }
  }, 30_000);
});

describe('the files', () => {
  it('are the same bytes when exported again', async () => {
    for (const format of ['parquet', 'ndjson'] as const) {
      const [a, b] = [dir(), dir()];
      await exportTables([shop()], { format, out: a });
      await exportTables([shop()], { format, out: b });
      for (const table of TABLE_NAMES) expect(readFileSync(join(b, `${table}.${format}`)).equals(readFileSync(join(a, `${table}.${format}`))), `${table}.${format}`).toBe(true);
      expect(readdirSync(a).sort()).toEqual(TABLE_NAMES.map((t) => `${t}.${format}`).sort());
    }
  });

  // DuckDB's writer cuts row groups in whole vectors of 2,048 rows: at least rowGroupRows, rounded up to a vector.
  for (const [parquetWriter, groupRows] of [
    ['builtin', 50],
    ['duckdb', 2048],
  ] as const) {
    it(`Parquet (${parquetWriter} writer): typed columns, Snappy pages, a row group every rowGroupRows rows`, async () => {
      const out = dir();
      const result = await exportTables([shop()], { format: 'parquet', out, rowGroupRows: 50, parquetWriter });
      expect(result.writer).toMatch(parquetWriter === 'builtin' ? /^built-in$/ : /^DuckDB v\d/);
      const duck = await duckOver(out, 'parquet');
      try {
        const types = new Map((await duck.all('DESCRIBE test_runs')).map((r) => [r.column_name, r.column_type]));
        expect(Object.fromEntries(types)).toMatchObject({ run_seq: 'BIGINT', time: 'TIMESTAMP', trusted: 'BOOLEAN', duration_sec: 'DOUBLE', test_id: 'VARCHAR' });
        const meta = await duck.all(`SELECT COUNT(DISTINCT row_group_id) AS groups, MIN(compression) AS codec FROM parquet_metadata('${join(out, 'test_runs.parquet')}')`);
        expect(meta[0]).toEqual({ groups: String(Math.ceil(result.tables.test_runs!.rows / groupRows)), codec: 'SNAPPY' });
        expect((await duck.all('SELECT COUNT(*) AS n FROM test_runs'))[0]!.n).toBe(String(result.tables.test_runs!.rows));
      } finally {
        duck.close();
      }
    });
  }

  it('DuckDB’s writer and the built-in writer write the same rows, column for column, hostile text included', async () => {
    const [a, b] = [dir(), dir()];
    await exportTables([shop()], { format: 'parquet', out: a, parquetWriter: 'duckdb' });
    await exportTables([shop()], { format: 'parquet', out: b, parquetWriter: 'builtin' });
    const [da, db] = [await duckOver(a, 'parquet'), await duckOver(b, 'parquet')];
    try {
      for (const table of TABLE_NAMES) {
        const sql = `SELECT * FROM ${table} ORDER BY row_key`;
        const rows = await da.all(sql);
        expect(rows.length, table).toBeGreaterThan(0);
        expect(rows, table).toEqual(await db.all(sql));
        // The same physical types and annotations; DuckDB also says INT_64 (a signed 64-bit integer) of an INT64.
        const schema = `SELECT name, type, NULLIF(converted_type, 'INT_64') AS converted_type FROM parquet_schema('${join(a, `${table}.parquet`)}') WHERE name <> 'duckdb_schema' AND name <> 'root'`;
        expect(await da.all(schema), table).toEqual(await db.all(schema.replace(a, b)));
      }
    } finally {
      da.close();
      db.close();
    }
  });

  it('DuckDB’s writer (test runs expanded from their stretches) writes the rows of the built-in writer in its order: a history in time order, out of order, --since, several branches', async () => {
    // Out of time order: a LazyHistory whose runs' times do not grow with their numbers is read record by record;
    // so is a decoded history (a Map), and a record whose run facts are not its run's row's gets a run of its own.
    const shuffled = shop();
    const rows = [...shuffled.snapshot.runs.values()].sort((a, b) => a.seq - b.seq);
    [rows[3]!.time, rows[9]!.time] = [rows[9]!.time, rows[3]!.time];
    const outOfOrder: ExportSource = { ...shuffled, snapshot: parseSnapshot(shopBranch.files) };
    for (const [key, row] of outOfOrder.snapshot.runs) Object.assign(row, { cell: shopBranch.cells.get(key), time: shuffled.snapshot.runs.get(key)!.time });
    const decoded = shop();
    const history = new Map([...decoded.snapshot.history].map(([id, t]) => [id, { ...t, runs: t.runs.map((r, i) => (i === 2 ? { ...r, sha: 'f'.repeat(40), jobSucceeded: !r.jobSucceeded } : r)) }]));
    const ownFacts: ExportSource = { ...decoded, snapshot: { ...decoded.snapshot, history } };
    const [shopPlan2, apiPlan] = warehousePlans() as [RepoPlan, RepoPlan];
    const cases: Array<[string, ExportSource[]]> = [
      ['in time order', [shop()]],
      ['out of time order', [outOfOrder]],
      ['decoded, a record with facts of its own', [ownFacts]],
      ['--since', [{ ...shop(), since: { kind: 'run', seq: 40 } }]],
      ['several branches', [sourceOf(shopPlan2.repository, warehouseBranch(shopPlan2)), sourceOf(apiPlan.repository, warehouseBranch(apiPlan))]],
    ];
    for (const [name, sources] of cases) {
      const [a, b] = [dir(), dir()];
      const duckResult = await exportTables(sources, { format: 'parquet', out: a, parquetWriter: 'duckdb' });
      await exportTables(sources, { format: 'parquet', out: b, parquetWriter: 'builtin' });
      expect(duckResult.tables.test_runs!.rows, name).toBe(sources.reduce((n, s) => n + rowsOf('test_runs', s).length, 0));
      const duck = await duckOver(a, 'parquet');
      try {
        const inOrder = (d: string): string => `SELECT * EXCLUDE (file_row_number) FROM read_parquet('${join(d, 'test_runs.parquet')}', file_row_number = true) ORDER BY file_row_number`;
        const written = await duck.all(inOrder(a));
        expect(written.length, name).toBeGreaterThan(0);
        expect(written, name).toEqual(await duck.all(inOrder(b)));
      } finally {
        duck.close();
      }
    }
    // The cases differ where they should: the record with facts of its own says them.
    const own = rowsOf('test_runs', ownFacts).filter((r) => r.sha === 'f'.repeat(40));
    expect(own.length).toBe(history.size);
  }, 60_000);

  it('carry hostile names and messages as data, exactly, in both formats', async () => {
    const id = `evil"Suite::${HOSTILE_NAME}`;
    for (const format of ['parquet', 'ndjson'] as const) {
      const out = dir();
      await exportTables([shop()], { format, out });
      const duck = await duckOver(out, format);
      try {
        const tests = await duck.all(`SELECT test_id, name, classname FROM tests WHERE classname = 'evil"Suite'`);
        expect(tests, format).toEqual([{ test_id: id, name: HOSTILE_NAME, classname: 'evil"Suite' }]);
        const messages = await duck.all(`SELECT DISTINCT message FROM test_runs WHERE test_id = (SELECT test_id FROM tests WHERE classname = 'evil"Suite') AND message IS NOT NULL`);
        // As stored: the step's normalised form of the message (src/history/error-message.ts), every character kept as data.
        expect(
          messages.map((m) => m.message),
          format,
        ).toEqual([normalizeErrorMessage(HOSTILE_MESSAGE)]);
        expect((await duck.all('SELECT COUNT(*) AS n FROM tests'))[0]!.n, 'no statement ran from a name').toBe('7');
      } finally {
        duck.close();
      }
    }
    // NDJSON: one line a row, whatever the name holds (U+2028, tabs, quotes).
    const out = dir();
    const { tables } = await exportTables([shop()], { format: 'ndjson', out });
    const lines = readFileSync(join(out, 'tests.ndjson'), 'utf8').split('\n').filter(Boolean);
    expect(lines.length).toBe(tables.tests!.rows);
    expect(lines.map((l) => (JSON.parse(l) as Row).test_id)).toContain(id);
  });
});

describe('a branch the step would refuse', () => {
  it('stops the export with the step’s own sentence, naming the file and line, and replaces no table file', async () => {
    const files = new Map(shopBranch.files);
    files.set('runs.json', files.get('runs.json')!.replace(/"00000002": \[/, '"00000002": ["junk", '));
    const snapshot = parseSnapshot(files);
    const reason = damageReason(snapshot)!;
    expect(reason).toMatch(/^The data branch is damaged \(runs\.json:\d+: /);
    const out = dir();
    await exportTables([shop()], { format: 'ndjson', out });
    const before = readFileSync(join(out, 'runs.ndjson'));
    const attempt = exportTables([{ repository: 'octo/shop', snapshot, files }], { format: 'ndjson', out });
    await expect(attempt).rejects.toThrow(ExportError);
    await expect(attempt).rejects.toThrow(reason.slice(0, reason.indexOf(')') + 1));
    expect(readFileSync(join(out, 'runs.ndjson')).equals(before)).toBe(true);
    expect(readdirSync(out).filter((f) => f.endsWith('.partial'))).toEqual([]);
  });

  it('a broken stats file is no damage: its tests are exported with quarantined = null, and a note names the file', async () => {
    const files = new Map(shopBranch.files);
    files.set('stats/00.json', '{"schema": 3, "tests": {\n"x": \n}}\n');
    const source = { ...sourceOf('octo/shop', { files, cells: shopBranch.cells }) };
    const notes: Array<{ repository: string; message: string }> = [];
    const tests = [...tableRows('tests', source, notes)];
    expect(tests.every((t) => t.quarantined === null && t.decided_by === null)).toBe(true);
    expect(notes.map((n) => n.message)).toEqual([expect.stringMatching(/^stats\/00\.json cannot be read/)]);
    const out = dir();
    const result = await exportTables([source], { format: 'parquet', out });
    expect(result.notes.length).toBeGreaterThan(0);
    expect(existsSync(join(out, 'tests.parquet'))).toBe(true);
  });
  it('among several branches, skips the damaged one, naming its repository, each bad file and line and why, and exports every other', async () => {
    const [shopPlan, apiPlan] = warehousePlans() as [RepoPlan, RepoPlan];
    const files = new Map(warehouseBranch(shopPlan).files);
    files.set('runs.json', files.get('runs.json')!.replace(/"00000002": \[/, '"00000002": ["junk", '));
    const damaged: ExportSource = { repository: 'octo/shop', snapshot: parseSnapshot(files), files };
    const api = sourceOf(apiPlan.repository, warehouseBranch(apiPlan));
    const out = dir();
    const result = await exportTables([damaged, api], { format: 'ndjson', out });
    expect(result.repositories).toEqual([apiPlan.repository]);
    expect(result.skipped).toEqual([
      {
        repository: 'octo/shop',
        problems: [{ file: 'runs.json', line: expect.any(Number), message: expect.any(String) }],
        reason: expect.stringMatching(/^octo\/shop: The data branch is damaged \(runs\.json:\d+: /),
      },
    ]);
    const [problem] = result.skipped[0]!.problems;
    expect(damageReason(damaged.snapshot)).toContain(`runs.json:${problem!.line}: ${problem!.message}`);
    const runs = readFileSync(join(out, 'runs.ndjson'), 'utf8').split('\n').filter(Boolean);
    expect(runs.length).toBe(api.snapshot.runs.size);
    expect(runs.every((l) => (JSON.parse(l) as Row).repository === apiPlan.repository)).toBe(true);
  });
});

describe('several repositories in one export', () => {
  it('writes them into the same table files, each row naming its repository', async () => {
    const plans = warehousePlans();
    const out = dir();
    const result = await exportTables(
      plans.map((p) => sourceOf(p.repository, warehouseBranch(p))),
      { format: 'parquet', out },
    );
    expect(result.repositories).toEqual(['octo/shop', 'octo/api']);
    const duck = await duckOver(out, 'parquet');
    try {
      expect(await duck.all('SELECT repository, COUNT(*) AS n FROM runs GROUP BY repository ORDER BY repository')).toEqual([
        { repository: 'octo/api', n: '24' },
        { repository: 'octo/shop', n: '48' },
      ]);
    } finally {
      duck.close();
    }
  });
});

it("names a repository after its remote: owner/name from a URL, the folder's name for a path", () => {
  expect(repositoryNameOf('https://github.com/octo/shop.git')).toBe('octo/shop');
  expect(repositoryNameOf('git@github.com:octo/shop.git')).toBe('octo/shop');
  expect(repositoryNameOf('ssh://git@example.com:22/group/sub/shop')).toBe('sub/shop');
  expect(repositoryNameOf('/srv/git/shop.git')).toBe('shop');
  expect(repositoryNameOf('/srv/git/shop/')).toBe('shop');
});
