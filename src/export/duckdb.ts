/**
 * Parquet written by DuckDB's own writer when the optional peer `@duckdb/node-api` is installed (docs/adr/0477): the
 * rows go to a CSV file beside the table's file a batch at a time (every string quoted, its quotes doubled; an empty
 * unquoted field is null), then one `COPY (SELECT … FROM read_csv(…)) TO … (FORMAT parquet)` streams it into the
 * Parquet file, row group by row group, within DuckDB's memory limit. DuckDB is never bundled (scripts/build.ts marks it
 * external) and is loaded only here, only when a Parquet export asks for it.
 */
import { createRequire } from 'node:module';
import { mkdtemp, open, rename, rm, stat, type FileHandle } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Column } from './tables.ts';
import type { ColumnBatch } from './batch.ts';
import type { TableFile, TableWriter } from './writers.ts';

type DuckDb = typeof import('@duckdb/node-api');
type Connection = Awaited<ReturnType<Awaited<ReturnType<DuckDb['DuckDBInstance']['create']>>['connect']>>;

/** Which Parquet writer: DuckDB's when installed (`auto`), DuckDB's or an error (`duckdb`), the bundled one (`builtin`). */
export type ParquetWriterChoice = 'auto' | 'duckdb' | 'builtin';
export const PARQUET_WRITERS: readonly ParquetWriterChoice[] = ['auto', 'duckdb', 'builtin'];

export const DUCKDB_INSTALL_HINT =
  'Parquet through DuckDB needs `@duckdb/node-api`, which flakeguard does not bundle: run `npm install @duckdb/node-api` in this folder (or where flakeguard is installed).';

/** `@duckdb/node-api` from flakeguard's own node_modules, else from the folder `cwd` (where `npm install` puts it); undefined when neither has it. */
export async function loadDuckDb(cwd: string): Promise<DuckDb | undefined> {
  try {
    return await import('@duckdb/node-api');
  } catch {
    try {
      return createRequire(join(cwd, 'package.json'))('@duckdb/node-api') as DuckDb;
    } catch {
      return undefined;
    }
  }
}

/** One in-memory DuckDB for an export's tables, its memory bounded (it spills to a temporary folder beyond that). */
export interface DuckSession {
  connection: Connection;
  version: string;
  close(): Promise<void>;
}

/**
 * DuckDB's memory for a table's COPY: a row group of every column for each of its threads, and its CSV buffers (below
 * 128 MB a 1M-row table failed to allocate a row group). One thread: a second holds a second row group, and the
 * export's own work is done by then.
 */
const MEMORY_LIMIT = '256MB';

export async function openDuckSession(duckdb: DuckDb): Promise<DuckSession> {
  const spill = await mkdtemp(join(tmpdir(), 'flakeguard-duckdb-'));
  const instance = await duckdb.DuckDBInstance.create(':memory:', { memory_limit: MEMORY_LIMIT, temp_directory: spill, threads: '1' });
  const connection = await instance.connect();
  return {
    connection,
    version: duckdb.version(),
    async close() {
      connection.closeSync();
      instance.closeSync();
      await rm(spill, { recursive: true, force: true });
    },
  };
}

const sqlString = (text: string): string => `'${text.replace(/'/g, "''")}'`;
const ident = (name: string): string => `"${name.replace(/"/g, '""')}"`;

/** The CSV column's type (a time travels as its milliseconds) and the expression that makes the table's column of it. */
function csvColumn(col: Column): { type: string; select: string } {
  switch (col.type) {
    case 'STRING':
      return { type: 'VARCHAR', select: ident(col.name) };
    case 'INT64':
      return { type: 'BIGINT', select: ident(col.name) };
    case 'FLOAT64':
      return { type: 'DOUBLE', select: ident(col.name) };
    case 'BOOL':
      return { type: 'BOOLEAN', select: ident(col.name) };
    case 'TIMESTAMP':
      return { type: 'BIGINT', select: `epoch_ms(${ident(col.name)})::TIMESTAMP_MS AS ${ident(col.name)}` };
  }
}

/** The COPY that turns a table's CSV file into its Parquet file. */
export function copyStatement(columns: readonly Column[], csv: string, parquet: string, rowGroupRows: number): string {
  const cols = columns.map(csvColumn);
  const declared = columns.map((c, i) => `${sqlString(c.name)}: ${sqlString(cols[i]!.type)}`).join(', ');
  const read =
    `read_csv(${sqlString(csv)}, columns = {${declared}}, header = false, auto_detect = false, delim = ',', quote = '"', escape = '"', ` +
    `new_line = '\\n', allow_quoted_nulls = false, strict_mode = true)`;
  return `COPY (SELECT ${cols.map((c) => c.select).join(', ')} FROM ${read}) TO ${sqlString(parquet)} (FORMAT parquet, COMPRESSION snappy, ROW_GROUP_SIZE ${rowGroupRows})`;
}

/** A value as a CSV field: a string always quoted (so that "" is the empty string and nothing is null). */
function csvField(value: string | number | boolean | null): string {
  if (value === null) return '';
  if (typeof value === 'string') return value.includes('"') ? `"${value.replaceAll('"', '""')}"` : `"${value}"`;
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  return String(value);
}

const CHUNK_CHARS = 1 << 20;

export async function duckParquetWriter(session: DuckSession, path: string, columns: readonly Column[], rowGroupRows: number): Promise<TableWriter> {
  const partial = `${path}.partial`;
  const csv = `${path}.csv.partial`;
  const file: FileHandle = await open(csv, 'w');
  let rows = 0;
  let open_ = true;
  const abort = async (): Promise<void> => {
    if (open_) await file.close().catch(() => undefined);
    open_ = false;
    await rm(csv, { force: true });
    await rm(partial, { force: true });
  };
  return {
    async addBatch(batch: ColumnBatch) {
      const cols = batch.columns;
      const width = cols.length;
      let text = '';
      for (let r = 0; r < batch.length; r++) {
        let line = csvField(cols[0]![r]!);
        for (let i = 1; i < width; i++) line += ',' + csvField(cols[i]![r]!);
        text += line + '\n';
        if (text.length >= CHUNK_CHARS) {
          await file.write(text);
          text = '';
        }
      }
      if (text) await file.write(text);
      rows += batch.length;
    },
    async close(): Promise<TableFile> {
      try {
        await file.close();
        open_ = false;
        await session.connection.run(copyStatement(columns, csv, partial, rowGroupRows));
        await rm(csv, { force: true });
        await rename(partial, path);
      } catch (error) {
        await abort();
        throw error;
      }
      return { path, rows, bytes: (await stat(path)).size };
    },
    abort,
  };
}
