/**
 * One writer per format, a row at a time: NDJSON (a JSON object a line) and Parquet (typed columns, Snappy pages,
 * a row group every `rowGroupRows` rows, through hyparquet-writer, loaded when first needed: docs/adr/0350). Each
 * holds at most one chunk or row group, never the table, and writes to `<file>.partial`, renamed over `<file>` when
 * complete, so that a file of the export is always whole.
 */
import { open, rename, rm, stat, type FileHandle } from 'node:fs/promises';
import type { Column, ColumnType } from './tables.ts';
import type { ColumnBatch, Value } from './batch.ts';

export type ExportFormat = 'ndjson' | 'parquet';
export const EXPORT_FORMATS: readonly ExportFormat[] = ['ndjson', 'parquet'];

export interface TableFile {
  path: string;
  rows: number;
  bytes: number;
}

export interface TableWriter {
  /** Takes the batch's rows (the batch is reused once this returns or its promise settles). */
  addBatch(batch: ColumnBatch): void | Promise<void>;
  close(): Promise<TableFile>;
  /** Stops and removes the partial file. */
  abort(): Promise<void>;
}

export interface WriterOptions {
  /** Rows per Parquet row group (default 50,000). */
  rowGroupRows?: number;
}

export const DEFAULT_ROW_GROUP_ROWS = 50_000;

export function fileNameOf(table: string, format: ExportFormat): string {
  return `${table}.${format}`;
}

export async function openTableWriter(format: ExportFormat, path: string, columns: readonly Column[], options: WriterOptions = {}): Promise<TableWriter> {
  return format === 'ndjson' ? ndjsonWriter(path, columns) : parquetWriter(path, columns, options.rowGroupRows ?? DEFAULT_ROW_GROUP_ROWS);
}

/* ---------- NDJSON ---------- */

/** A value as JSON: a time as ISO 8601 in UTC (what BigQuery, ClickHouse, Snowflake and DuckDB read as a timestamp). */
function jsonValue(type: ColumnType, value: Value): string {
  if (value === null || value === undefined) return 'null';
  if (type === 'TIMESTAMP') return `"${new Date(value as number).toISOString()}"`;
  if (type === 'BOOL') return value ? 'true' : 'false';
  return JSON.stringify(value);
}

const CHUNK_CHARS = 1 << 20;

async function ndjsonWriter(path: string, columns: readonly Column[]): Promise<TableWriter> {
  const partial = `${path}.partial`;
  const file: FileHandle = await open(partial, 'w');
  // Keys are column names (plain identifiers): written once; values go through JSON.stringify, so any text is data.
  const keys = columns.map((col, i) => `${i === 0 ? '{' : ','}${JSON.stringify(col.name)}:`);
  let chunk: string[] = [];
  let chars = 0;
  let rows = 0;
  const flush = async (): Promise<void> => {
    const text = chunk.join('');
    chunk = [];
    chars = 0;
    await file.write(text);
  };
  const types = columns.map((col) => col.type);
  return {
    async addBatch(batch) {
      const cols = batch.columns;
      for (let r = 0; r < batch.length; r++) {
        let line = '';
        for (let i = 0; i < types.length; i++) line += keys[i]! + jsonValue(types[i]!, cols[i]![r]!);
        line += '}\n';
        chunk.push(line);
        chars += line.length;
        if (chars >= CHUNK_CHARS) await flush();
      }
      rows += batch.length;
    },
    async close() {
      await flush();
      await file.close();
      await rename(partial, path);
      return { path, rows, bytes: (await stat(path)).size };
    },
    async abort() {
      await file.close().catch(() => undefined);
      await rm(partial, { force: true });
    },
  };
}

/* ---------- Parquet ---------- */

type SchemaElement = import('hyparquet-writer').SchemaElement;

function schemaElement(col: Column): SchemaElement {
  const repetition_type = col.nullable ? 'OPTIONAL' : 'REQUIRED';
  switch (col.type) {
    case 'STRING':
      return { name: col.name, type: 'BYTE_ARRAY', converted_type: 'UTF8', repetition_type };
    case 'INT64':
      return { name: col.name, type: 'INT64', repetition_type };
    case 'FLOAT64':
      return { name: col.name, type: 'DOUBLE', repetition_type };
    case 'BOOL':
      return { name: col.name, type: 'BOOLEAN', repetition_type };
    case 'TIMESTAMP':
      return { name: col.name, type: 'INT64', converted_type: 'TIMESTAMP_MILLIS', repetition_type };
  }
}

/** The Parquet schema of a table (a flat group of the columns). */
export function parquetSchema(columns: readonly Column[]): SchemaElement[] {
  return [{ name: 'root', num_children: columns.length }, ...columns.map(schemaElement)];
}

async function parquetWriter(path: string, columns: readonly Column[], rowGroupRows: number): Promise<TableWriter> {
  const { ParquetWriter, fileWriter } = await import('hyparquet-writer');
  const partial = `${path}.partial`;
  const sink = fileWriter(partial);
  const writer = new ParquetWriter({ writer: sink, schema: parquetSchema(columns), codec: 'SNAPPY', createdBy: 'flakeguard export' });
  let buffers: unknown[][] = columns.map(() => []);
  let rows = 0;
  const flush = (): void | Promise<void> => {
    const n = buffers[0]!.length;
    if (n === 0) return undefined;
    const columnData = columns.map((col, i) => {
      const values = buffers[i]!;
      // INT64 values as bigint (a TIMESTAMP's millisecond numbers are converted by the writer).
      const data = col.type === 'INT64' ? values.map((v) => (v === null ? null : BigInt(v as number))) : values;
      return { name: col.name, data, nullable: col.nullable };
    });
    buffers = columns.map(() => []);
    return writer.write({ columnData, rowGroupSize: n });
  };
  return {
    async addBatch(batch) {
      for (let r = 0; r < batch.length; r++) {
        for (let i = 0; i < columns.length; i++) buffers[i]!.push(batch.columns[i]![r]!);
        if (buffers[0]!.length >= rowGroupRows) await flush();
      }
      rows += batch.length;
    },
    async close() {
      await flush();
      await writer.finish();
      await rename(partial, path);
      return { path, rows, bytes: (await stat(path)).size };
    },
    async abort() {
      await rm(partial, { force: true });
    },
  };
}
