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
import { TABLES, type Column } from './tables.ts';
import { RUN_INDEX_COLUMNS, STRETCH_COLUMNS } from './stretches.ts';
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

/** DuckDB's `read_csv` of a CSV file of `columns` as writeCsv writes it (a time as its milliseconds). */
function readCsv(columns: readonly Column[], csv: string): string {
  const declared = columns.map((c) => `${sqlString(c.name)}: ${sqlString(csvColumn(c).type)}`).join(', ');
  return (
    `read_csv(${sqlString(csv)}, columns = {${declared}}, header = false, auto_detect = false, delim = ',', quote = '"', escape = '"', ` +
    `new_line = '\\n', allow_quoted_nulls = false, strict_mode = true)`
  );
}

const PARQUET_OPTIONS = (rowGroupRows: number): string => `(FORMAT parquet, COMPRESSION snappy, ROW_GROUP_SIZE ${rowGroupRows})`;

/** The COPY that turns a table's CSV file into its Parquet file. */
export function copyStatement(columns: readonly Column[], csv: string, parquet: string, rowGroupRows: number): string {
  return `COPY (SELECT ${columns.map((c) => csvColumn(c).select).join(', ')} FROM ${readCsv(columns, csv)}) TO ${sqlString(parquet)} ${PARQUET_OPTIONS(rowGroupRows)}`;
}

/** The variable holding the run table of the test runs' stretches: a struct of lists, one a column, by index. */
const RUNS_VARIABLE = 'flakeguard_test_runs';

/**
 * The statements that write `test_runs` from its stretches (src/export/stretches.ts): the run table read into a
 * variable (a list a column, indexed from 1), then every stretch expanded into a row a run, in the stretches' order,
 * the run's columns looked up by index and the row key hashed (SHA-256 of the same text rowKey hashes).
 */
export function stretchStatements(runsCsv: string, stretchesCsv: string, parquet: string, rowGroupRows: number): string[] {
  const lists = RUN_INDEX_COLUMNS.filter((c) => c.name !== 'i')
    .map((c) => `${ident(c.name)}: list(${csvColumn(c).select.replace(/ AS .*$/, '')} ORDER BY i)`)
    .join(', ');
  const run = (name: string): string => `getvariable(${sqlString(RUNS_VARIABLE)}).${ident(name)}[fg_i]`;
  const select = TABLES.test_runs.map((c) => {
    const name = ident(c.name);
    if (c.name === 'row_key') return `left(sha256(${run('key_prefix')} || key_suffix), 32) AS ${name}`;
    if (RUN_INDEX_COLUMNS.some((r) => r.name === c.name)) return `${run(c.name)} AS ${name}`;
    return name;
  });
  return [
    `SET VARIABLE ${RUNS_VARIABLE} = (SELECT {${lists}} FROM ${readCsv(RUN_INDEX_COLUMNS, runsCsv)})`,
    `COPY (SELECT ${select.join(', ')} FROM (SELECT *, unnest(range(run, run + runs)) AS fg_i FROM ${readCsv(STRETCH_COLUMNS, stretchesCsv)})) TO ${sqlString(parquet)} ${PARQUET_OPTIONS(rowGroupRows)}`,
    `RESET VARIABLE ${RUNS_VARIABLE}`,
  ];
}

/** A value as a CSV field: a string always quoted (so that "" is the empty string and nothing is null). */
function csvField(value: string | number | boolean | null): string {
  if (value === null) return '';
  if (typeof value === 'string') return value.includes('"') ? `"${value.replaceAll('"', '""')}"` : `"${value}"`;
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  return String(value);
}

const CHUNK_CHARS = 1 << 20;

/** A CSV file written a batch at a time: every line of a batch joined, written in chunks of about a MiB. */
class CsvFile {
  rows = 0;
  private closed = false;
  readonly path: string;
  private readonly file: FileHandle;
  private constructor(path: string, file: FileHandle) {
    this.path = path;
    this.file = file;
  }
  static async open(path: string): Promise<CsvFile> {
    return new CsvFile(path, await open(path, 'w'));
  }
  async add(batch: ColumnBatch): Promise<void> {
    const cols = batch.columns;
    const width = cols.length;
    let lines: string[] = [];
    let chars = 0;
    for (let r = 0; r < batch.length; r++) {
      let line = csvField(cols[0]![r]!);
      for (let i = 1; i < width; i++) line += ',' + csvField(cols[i]![r]!);
      lines.push(line);
      chars += line.length + 1;
      if (chars >= CHUNK_CHARS) {
        await this.file.write(lines.join('\n') + '\n');
        lines = [];
        chars = 0;
      }
    }
    if (lines.length > 0) await this.file.write(lines.join('\n') + '\n');
    this.rows += batch.length;
  }
  async close(): Promise<void> {
    if (!this.closed) await this.file.close();
    this.closed = true;
  }
  async remove(): Promise<void> {
    await this.close().catch(() => undefined);
    await rm(this.path, { force: true });
  }
}

/** Runs DuckDB's statements into `<path>.partial`, renamed over `path` when complete; the CSV files are removed either way. */
async function writeThrough(session: DuckSession, path: string, csvs: readonly CsvFile[], statements: (partial: string) => string[]): Promise<number> {
  const partial = `${path}.partial`;
  try {
    for (const csv of csvs) await csv.close();
    for (const sql of statements(partial)) await session.connection.run(sql);
    await rename(partial, path);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  } finally {
    for (const csv of csvs) await csv.remove();
  }
  return (await stat(path)).size;
}

export async function duckParquetWriter(session: DuckSession, path: string, columns: readonly Column[], rowGroupRows: number): Promise<TableWriter> {
  const csv = await CsvFile.open(`${path}.csv.partial`);
  return {
    addBatch: (batch: ColumnBatch) => csv.add(batch),
    async close(): Promise<TableFile> {
      const bytes = await writeThrough(session, path, [csv], (partial) => [copyStatement(columns, csv.path, partial, rowGroupRows)]);
      return { path, rows: csv.rows, bytes };
    },
    async abort() {
      await csv.remove();
      await rm(`${path}.partial`, { force: true });
    },
  };
}

/**
 * `test_runs` from its stretches (src/export/stretches.ts): the stretches and their run table each to a CSV file beside
 * the table's file, a batch at a time (told apart by their columns), then DuckDB expands them into the Parquet file.
 */
export async function duckTestRunsWriter(session: DuckSession, path: string, rowGroupRows: number): Promise<TableWriter> {
  const stretches = await CsvFile.open(`${path}.stretches.csv.partial`);
  const runs = await CsvFile.open(`${path}.runs.csv.partial`);
  let rows = 0;
  return {
    addBatch(batch: ColumnBatch) {
      if (batch.table === RUN_INDEX_COLUMNS) return runs.add(batch);
      const counts = batch.columns[1]!;
      for (let r = 0; r < batch.length; r++) rows += counts[r] as number;
      return stretches.add(batch);
    },
    async close(): Promise<TableFile> {
      const bytes = await writeThrough(session, path, [runs, stretches], (partial) => stretchStatements(runs.path, stretches.path, partial, rowGroupRows));
      return { path, rows, bytes };
    },
    async abort() {
      await runs.remove();
      await stretches.remove();
      await rm(`${path}.partial`, { force: true });
    },
  };
}
