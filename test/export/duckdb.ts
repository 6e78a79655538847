/** DuckDB over exported table files, for the export's tests: a view per table, over its Parquet or NDJSON file. */
import { join } from 'node:path';
import { TABLES, TABLE_NAMES, type ColumnType } from '../../src/export/index.ts';

const DUCK_TYPE: Record<ColumnType, string> = { STRING: 'VARCHAR', INT64: 'BIGINT', FLOAT64: 'DOUBLE', BOOL: 'BOOLEAN', TIMESTAMP: 'TIMESTAMP' };

const literal = (text: string): string => `'${text.replace(/'/g, "''")}'`;

/** `CREATE VIEW` statements naming each table after its file in `dir`. NDJSON is read with the columns' declared types. */
export function viewStatements(dir: string, format: 'parquet' | 'ndjson'): string[] {
  return TABLE_NAMES.map((table) => {
    const path = literal(join(dir, `${table}.${format}`));
    if (format === 'parquet') return `CREATE OR REPLACE VIEW ${table} AS SELECT * FROM read_parquet(${path})`;
    const columns = TABLES[table].map((c) => `${literal(c.name)}: ${literal(DUCK_TYPE[c.type])}`).join(', ');
    return `CREATE OR REPLACE VIEW ${table} AS SELECT * FROM read_json(${path}, format = 'newline_delimited', columns = {${columns}})`;
  });
}

export interface Duck {
  all(sql: string): Promise<Array<Record<string, unknown>>>;
  close(): void;
}

/** An in-memory DuckDB (the maintained @duckdb/node-api), its views over `dir`. Values as JSON (BIGINT as strings). */
export async function duckOver(dir: string, format: 'parquet' | 'ndjson'): Promise<Duck> {
  const { DuckDBInstance } = await import('@duckdb/node-api');
  const instance = await DuckDBInstance.create(':memory:');
  const connection = await instance.connect();
  for (const sql of viewStatements(dir, format)) await connection.run(sql);
  return {
    async all(sql) {
      const reader = await connection.runAndReadAll(sql);
      return reader.getRowObjectsJson() as Array<Record<string, unknown>>;
    },
    close() {
      connection.closeSync();
      instance.closeSync();
    },
  };
}
