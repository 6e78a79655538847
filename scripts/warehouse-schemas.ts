/**
 * Writes the warehouse schema files of docs/warehouse/ from the export's one table definition (src/export/tables.ts):
 * a BigQuery schema file per table, the ClickHouse and Snowflake CREATE TABLE statements. test/export/schemas.test.ts
 * checks that the files in the repository are what this writes.
 *
 *   node scripts/warehouse-schemas.ts
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { TABLES, TABLE_NAMES, type ColumnType } from '../src/export/tables.ts';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const DIR = join(ROOT, 'docs/warehouse');

const BIGQUERY: Record<ColumnType, string> = { STRING: 'STRING', INT64: 'INTEGER', FLOAT64: 'FLOAT', BOOL: 'BOOLEAN', TIMESTAMP: 'TIMESTAMP' };
const CLICKHOUSE: Record<ColumnType, string> = { STRING: 'String', INT64: 'Int64', FLOAT64: 'Float64', BOOL: 'Bool', TIMESTAMP: "DateTime64(3, 'UTC')" };
const SNOWFLAKE: Record<ColumnType, string> = { STRING: 'VARCHAR', INT64: 'NUMBER(19, 0)', FLOAT64: 'FLOAT', BOOL: 'BOOLEAN', TIMESTAMP: 'TIMESTAMP_NTZ(3)' };

/** A BigQuery schema file (the JSON `bq mk --table` and `bq load` take): name, type, mode and description per column. */
export function bigQuerySchema(table: (typeof TABLE_NAMES)[number]): string {
  const fields = TABLES[table].map((c) => ({ name: c.name, type: BIGQUERY[c.type], mode: c.nullable ? 'NULLABLE' : 'REQUIRED', description: c.doc }));
  return `${JSON.stringify(fields, null, 2)}\n`;
}

const sqlString = (text: string): string => `'${text.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;

/** ClickHouse: a ReplacingMergeTree keyed by row_key, so that a file loaded twice merges to one row a key. */
export function clickHouseTables(): string {
  const out = ['-- The flakeguard export tables in ClickHouse (written by scripts/warehouse-schemas.ts; docs/warehouse.md).', 'CREATE DATABASE IF NOT EXISTS flakeguard;', ''];
  for (const table of TABLE_NAMES) {
    const cols = TABLES[table].map((c) => `  ${c.name} ${c.nullable ? `Nullable(${CLICKHOUSE[c.type]})` : CLICKHOUSE[c.type]} COMMENT ${sqlString(c.doc)}`);
    out.push(`CREATE TABLE IF NOT EXISTS flakeguard.${table}\n(\n${cols.join(',\n')}\n)\nENGINE = ReplacingMergeTree\nORDER BY (repository, row_key);`, '');
  }
  return out.join('\n');
}

/** Snowflake: one table each, row_key the primary key (informational in Snowflake: loads MERGE on it). */
export function snowflakeTables(): string {
  const out = ['-- The flakeguard export tables in Snowflake (written by scripts/warehouse-schemas.ts; docs/warehouse.md).', ''];
  for (const table of TABLE_NAMES) {
    const cols = TABLES[table].map((c) => `  ${c.name} ${SNOWFLAKE[c.type]}${c.nullable ? '' : ' NOT NULL'} COMMENT ${sqlString(c.doc)}`);
    out.push(`CREATE TABLE IF NOT EXISTS ${table} (\n${cols.join(',\n')},\n  PRIMARY KEY (row_key)\n);`, '');
  }
  return out.join('\n');
}

export const TABLES_START = '<!-- tables: written by scripts/warehouse-schemas.ts -->';
export const TABLES_END = '<!-- end of tables -->';

/** The column tables of docs/warehouse.md, between TABLES_START and TABLES_END. */
export function markdownTables(): string {
  const out = [TABLES_START, ''];
  for (const table of TABLE_NAMES) {
    out.push(`### \`${table}\``, '', '| column | type | null | |', '| --- | --- | --- | --- |');
    for (const c of TABLES[table]) out.push(`| \`${c.name}\` | ${c.type} | ${c.nullable ? 'yes' : 'no'} | ${c.doc.replace(/\|/g, '\\|')} |`);
    out.push('');
  }
  out.push(TABLES_END);
  return out.join('\n');
}

/** Every generated file, by path relative to docs/warehouse/. */
export function warehouseFiles(): Map<string, string> {
  const files = new Map<string, string>();
  for (const table of TABLE_NAMES) files.set(`bigquery/${table}.json`, bigQuerySchema(table));
  files.set('clickhouse/tables.sql', clickHouseTables());
  files.set('snowflake/tables.sql', snowflakeTables());
  return files;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const [path, text] of warehouseFiles()) {
    mkdirSync(dirname(join(DIR, path)), { recursive: true });
    writeFileSync(join(DIR, path), text);
    console.log(`wrote docs/warehouse/${path}`);
  }
  const doc = join(ROOT, 'docs/warehouse.md');
  const text = readFileSync(doc, 'utf8');
  const start = text.indexOf(TABLES_START);
  const end = text.indexOf(TABLES_END);
  if (start < 0 || end < start) throw new Error(`docs/warehouse.md has no ${TABLES_START} … ${TABLES_END} block`);
  writeFileSync(doc, text.slice(0, start) + markdownTables() + text.slice(end + TABLES_END.length));
  console.log('wrote the tables of docs/warehouse.md');
}
