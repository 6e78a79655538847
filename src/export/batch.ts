/**
 * A table's rows as columns: one array per column, filled in place up to `capacity` rows and reused for the next
 * rows once a writer has taken them, so that a table's rows never exist as one object each and memory holds one
 * batch a table. Pure.
 */
import type { Column, Row } from './tables.ts';

export type Value = string | number | boolean | null;

export class ColumnBatch {
  readonly columns: Value[][];
  /** The rows filled, from index 0. */
  length = 0;
  readonly table: readonly Column[];
  readonly capacity: number;
  constructor(table: readonly Column[], capacity: number) {
    this.table = table;
    this.capacity = capacity;
    this.columns = table.map(() => new Array<Value>(capacity).fill(null));
  }
}

/** Fills `batch` from row objects (the small tables: a row a run, a test or a decision), yielding it each time it is full. */
export function* batchesOfRows(rows: Iterable<Row>, batch: ColumnBatch): Generator<ColumnBatch> {
  const names = batch.table.map((c) => c.name);
  batch.length = 0;
  for (const row of rows) {
    const n = batch.length;
    for (let i = 0; i < names.length; i++) {
      const v = row[names[i]!];
      batch.columns[i]![n] = v === undefined ? null : v;
    }
    if (++batch.length === batch.capacity) {
      yield batch;
      batch.length = 0;
    }
  }
  if (batch.length > 0) yield batch;
}

/** Row `i` of a batch as an object (for tests and callers that want rows). */
export function rowOf(batch: ColumnBatch, i: number): Row {
  const row: Row = {};
  for (let c = 0; c < batch.table.length; c++) row[batch.table[c]!.name] = batch.columns[c]![i]!;
  return row;
}
