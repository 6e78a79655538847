/**
 * `flakeguard export`'s core: one or more data branches (ExportSource) written as the four tables of
 * src/export/tables.ts, one file per table (`DIR/runs.parquet`, `DIR/test_runs.ndjson`, …). The sources are taken
 * one at a time (an async iterable: the org build reads each repository when its turn comes) and each table's rows
 * are streamed into its writer, so memory holds one branch and one row group per table, never a whole table.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { TABLES, TABLE_NAMES, type TableName } from './tables.ts';
import { ExportError, damageOf, tableBatches, type ExportNote, type ExportSource, type SkippedSource } from './rows.ts';
import { DEFAULT_ROW_GROUP_ROWS, fileNameOf, openTableWriter, type ExportFormat, type TableFile, type TableWriter, type WriterOptions } from './writers.ts';
import { ColumnBatch } from './batch.ts';
import { RUN_INDEX_COLUMNS, STRETCH_COLUMNS, TestRunStretches } from './stretches.ts';
import { DUCKDB_INSTALL_HINT, duckParquetWriter, duckTestRunsWriter, loadDuckDb, openDuckSession, type DuckSession, type ParquetWriterChoice } from './duckdb.ts';

export { TABLES, TABLE_NAMES, type Column, type ColumnType, type Row, type TableName } from './tables.ts';
export { ExportError, damageOf, messageSignature, parseSince, rowKey, tableRows, type ExportNote, type ExportSource, type Since, type SkippedSource } from './rows.ts';
export { EXPORT_FORMATS, fileNameOf, openTableWriter, parquetSchema, type ExportFormat, type TableFile, type TableWriter } from './writers.ts';
export { ColumnBatch, rowOf } from './batch.ts';
export { PARQUET_WRITERS, copyStatement, loadDuckDb, type ParquetWriterChoice } from './duckdb.ts';

export interface ExportOptions extends WriterOptions {
  format: ExportFormat;
  /** The folder the table files are written into (made when missing). */
  out: string;
  /** The tables to write (default: all four). */
  tables?: readonly TableName[];
  /** Parquet's writer: DuckDB's when `@duckdb/node-api` is installed (auto, the default), DuckDB's or an error, or the bundled one. */
  parquetWriter?: ParquetWriterChoice;
  /** Where `@duckdb/node-api` is looked for when flakeguard's own node_modules has none (default: the process's folder). */
  cwd?: string;
}

/** Rows a batch: what each table's maker fills before its writer takes them (small: its values die young, in V8's young generation). */
const BATCH_ROWS = 1024;

export interface ExportResult {
  tables: Record<string, TableFile>;
  /** The repositories exported, in order. */
  repositories: string[];
  /** What could not be read and was left out, named. */
  notes: ExportNote[];
  /** The sources left out because the step would refuse their branch (damaged), each bad file with its line and why. */
  skipped: SkippedSource[];
  /** Who wrote Parquet: `DuckDB v1.5.6` or `built-in`; undefined for NDJSON. */
  writer?: string;
}

/** DuckDB for a Parquet export, or undefined for the bundled writer (the choice, and whether DuckDB is installed). */
async function duckFor(options: ExportOptions): Promise<DuckSession | undefined> {
  if (options.format !== 'parquet' || options.parquetWriter === 'builtin') return undefined;
  const duckdb = await loadDuckDb(options.cwd ?? process.cwd());
  if (!duckdb) {
    if (options.parquetWriter === 'duckdb') throw new ExportError(DUCKDB_INSTALL_HINT);
    return undefined;
  }
  return openDuckSession(duckdb);
}

/**
 * Writes the tables of every source. A source whose branch the step would refuse (damaged: src/store/snapshot.ts) is
 * left out and named in `skipped` (each damaged file, its line, why), and every other source is exported. When no
 * source could be exported and one was left out, the export stops with the step's own sentence for each (ExportError)
 * and no table file is replaced: an export of damaged branches alone never replaces good tables with empty ones.
 */
export async function exportTables(sources: Iterable<ExportSource> | AsyncIterable<ExportSource>, options: ExportOptions): Promise<ExportResult> {
  const tables = options.tables ?? TABLE_NAMES;
  await mkdir(options.out, { recursive: true });
  const writers = new Map<TableName, TableWriter>();
  const notes: ExportNote[] = [];
  const repositories: string[] = [];
  const skipped: SkippedSource[] = [];
  const batches = new Map(tables.map((table) => [table, new ColumnBatch(TABLES[table], BATCH_ROWS)]));
  const duck = await duckFor(options);
  const rowGroupRows = options.rowGroupRows ?? DEFAULT_ROW_GROUP_ROWS;
  try {
    for (const table of tables) {
      const path = join(options.out, fileNameOf(table, options.format));
      writers.set(
        table,
        !duck
          ? await openTableWriter(options.format, path, TABLES[table], options)
          : table === 'test_runs'
            ? await duckTestRunsWriter(duck, path, rowGroupRows)
            : await duckParquetWriter(duck, path, TABLES[table], rowGroupRows),
      );
    }
    // DuckDB makes the test runs from their stretches (a test's runs alike in a row: docs/adr/0522).
    const stretches = duck ? new TestRunStretches(new ColumnBatch(STRETCH_COLUMNS, BATCH_ROWS), new ColumnBatch(RUN_INDEX_COLUMNS, BATCH_ROWS)) : undefined;
    for await (const source of sources) {
      const damaged = damageOf(source);
      if (damaged) {
        skipped.push(damaged);
        continue;
      }
      repositories.push(source.repository);
      for (const table of tables) {
        const writer = writers.get(table)!;
        const made = stretches && table === 'test_runs' ? stretches.of(source) : tableBatches(table, source, batches.get(table)!, notes);
        for (const batch of made) {
          const pending = writer.addBatch(batch);
          if (pending) await pending;
        }
      }
    }
    if (repositories.length === 0 && skipped.length > 0) throw new ExportError(skipped.map((s) => s.reason).join(' '));
    const files: Record<string, TableFile> = {};
    for (const [table, writer] of writers) files[table] = await writer.close();
    const writer = options.format === 'parquet' ? (duck ? `DuckDB ${duck.version}` : 'built-in') : undefined;
    return { tables: files, repositories, notes, skipped, ...(writer ? { writer } : {}) };
  } catch (error) {
    for (const writer of writers.values()) await writer.abort();
    throw error;
  } finally {
    await duck?.close();
  }
}
