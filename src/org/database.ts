/**
 * The org build's embedded database (docs/org.md): one DuckDB file holding the exported tables and the repositories'
 * list, missing ones included. DuckDB is not bundled (docs/adr/0356): its native build is ~70 MB per platform, so
 * `@duckdb/node-api` is an optional peer, loaded only here, only when the database is asked for: from flakeguard's own
 * node_modules, else from the folder the command runs in (where `npm install @duckdb/node-api` puts it).
 */
import { createRequire } from 'node:module';
import { rename, rm } from 'node:fs/promises';
import { join } from 'node:path';

type DuckDb = typeof import('@duckdb/node-api');

/** Said when DuckDB is not installed. */
export class DatabaseUnavailable extends Error {}

export const INSTALL_HINT =
  'The org database needs DuckDB, which flakeguard does not bundle: run `npm install @duckdb/node-api` in this folder (or where flakeguard is installed), or pass --no-database to build the page and the Parquet files without it.';

export async function loadDuckDb(cwd: string): Promise<DuckDb> {
  try {
    return await import('@duckdb/node-api');
  } catch (first) {
    try {
      return createRequire(join(cwd, 'package.json'))('@duckdb/node-api') as DuckDb;
    } catch {
      throw new DatabaseUnavailable(`${INSTALL_HINT} (${first instanceof Error ? first.message.split('\n')[0] : String(first)})`);
    }
  }
}

/** A SQL string literal: quotes doubled, so that no path or name can end it. */
export const sqlString = (text: string): string => `'${text.replace(/'/g, "''")}'`;

export interface RepositoryRow {
  repository: string;
  source: string;
  /** 'read'; 'missing' when it is not in the tables; 'duplicate' for an entry listing a repository again. */
  status: 'read' | 'missing' | 'duplicate';
  reason: string | null;
  head: string | null;
  dashboard: string | null;
}

/**
 * Writes `path` (replaced whole: built as `<path>.partial`, renamed when complete) with one table per table file
 * (`tables`: table name → Parquet file) and a `repositories` table. Returns the row count of each table.
 */
export async function buildDatabase(duckdb: DuckDb, path: string, tables: ReadonlyMap<string, string>, repositories: readonly RepositoryRow[]): Promise<Map<string, number>> {
  const partial = `${path}.partial`;
  await rm(partial, { force: true });
  await rm(`${partial}.wal`, { force: true });
  const instance = await duckdb.DuckDBInstance.create(partial);
  const counts = new Map<string, number>();
  try {
    const connection = await instance.connect();
    try {
      // Rows in any order (every documented query orders its own): DuckDB then loads a large table without holding
      // the insertion order in memory.
      await connection.run('SET preserve_insertion_order = false');
      for (const [table, file] of tables) {
        if (!/^[a-z_]+$/.test(table)) throw new Error(`not a table name: ${table}`);
        await connection.run(`CREATE TABLE ${table} AS SELECT * FROM read_parquet(${sqlString(file)})`);
      }
      await connection.run('CREATE TABLE repositories (repository VARCHAR NOT NULL, source VARCHAR NOT NULL, status VARCHAR NOT NULL, reason VARCHAR, head VARCHAR, dashboard VARCHAR)');
      const appender = await connection.createAppender('repositories');
      for (const r of repositories) {
        appender.appendVarchar(r.repository);
        appender.appendVarchar(r.source);
        appender.appendVarchar(r.status);
        for (const v of [r.reason, r.head, r.dashboard]) {
          if (v === null) appender.appendNull();
          else appender.appendVarchar(v);
        }
        appender.endRow();
      }
      appender.closeSync();
      for (const table of [...tables.keys(), 'repositories']) {
        const reader = await connection.runAndReadAll(`SELECT count(*) AS n FROM ${table}`);
        counts.set(table, Number(reader.getRowObjects()[0]!.n));
      }
      await connection.run('CHECKPOINT');
    } finally {
      connection.closeSync();
    }
  } finally {
    instance.closeSync();
  }
  await rename(partial, path);
  await rm(`${partial}.wal`, { force: true });
  return counts;
}
