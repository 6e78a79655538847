/**
 * The warehouse schema files of docs/warehouse/ say what the export writes: each is what scripts/warehouse-schemas.ts
 * makes from src/export/tables.ts, and the Parquet files the export writes have exactly the BigQuery schema's columns,
 * types and modes (read back by DuckDB).
 */
import { afterAll, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../support/action.ts';
import { sourceOf, warehouseBranch, warehousePlans } from '../support/warehouse.ts';
import { TABLE_NAMES, exportTables } from '../../src/export/index.ts';
import { markdownTables, warehouseFiles } from '../../scripts/warehouse-schemas.ts';
import { duckOver } from './duckdb.ts';

const temp = mkdtempSync(join(tmpdir(), 'flakeguard-schemas-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

it('docs/warehouse/ holds the schema files scripts/warehouse-schemas.ts writes (run it after changing a table)', () => {
  for (const [path, text] of warehouseFiles()) expect(readFileSync(join(PROJECT_ROOT, 'docs/warehouse', path), 'utf8'), path).toBe(text);
  expect(readFileSync(join(PROJECT_ROOT, 'docs/warehouse.md'), 'utf8')).toContain(markdownTables());
});

// DuckDB's writer writes every column OPTIONAL (duckdb/duckdb#23051), the REQUIRED ones with no null (docs/adr/0478).
it.each(['builtin', 'duckdb'] as const)('the exported Parquet files (%s writer) have the BigQuery schema files’ columns, in order, with their types', async (parquetWriter) => {
  const [plan] = warehousePlans();
  await exportTables([sourceOf(plan!.repository, warehouseBranch(plan!))], { format: 'parquet', out: temp, parquetWriter });
  const duck = await duckOver(temp, 'parquet');
  const DUCK: Record<string, string> = { STRING: 'VARCHAR', INTEGER: 'BIGINT', FLOAT: 'DOUBLE', BOOLEAN: 'BOOLEAN', TIMESTAMP: 'TIMESTAMP' };
  try {
    for (const table of TABLE_NAMES) {
      const schema = JSON.parse(readFileSync(join(PROJECT_ROOT, 'docs/warehouse/bigquery', `${table}.json`), 'utf8')) as Array<{ name: string; type: string; mode: string }>;
      const described = await duck.all(`DESCRIBE ${table}`);
      expect(
        described.map((d) => [d.column_name, d.column_type]),
        table,
      ).toEqual(schema.map((f) => [f.name, DUCK[f.type]]));
      // REQUIRED columns are written REQUIRED in the Parquet schema (BigQuery loads them into REQUIRED fields).
      const required = await duck.all(`SELECT name FROM parquet_schema('${join(temp, `${table}.parquet`)}') WHERE repetition_type = 'REQUIRED' AND name <> 'duckdb_schema'`);
      const requiredBySchema = schema.filter((f) => f.mode === 'REQUIRED').map((f) => f.name);
      expect(required.map((r) => r.name).sort(), table).toEqual(parquetWriter === 'builtin' ? [...requiredBySchema].sort() : []);
      for (const name of requiredBySchema) expect(await duck.all(`SELECT COUNT(*) AS n FROM ${table} WHERE "${name}" IS NULL`), `${table}.${name}`).toEqual([{ n: '0' }]);
    }
  } finally {
    duck.close();
  }
});
