/**
 * DuckDB's own time to write the warehouse tables, the yardstick of `flakeguard export --format parquet`
 * (docs/warehouse.md, "Scale"): one process that loads DuckDB, reads the four tables of an export (DIR/<table>.parquet)
 * into in-memory tables, and writes each to OUT/<table>.parquet with the export's options (Snappy, row groups of
 * 50,000). Timed as a whole process, side by side with the export of the same branch; it prints the time of the
 * writes alone (the COPY statements) and of the reads before them.
 *
 *   node_modules/.bin/node scripts/bench/duckdb-writes.ts DIR OUT
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';

const [dir, out] = process.argv.slice(2);
if (!dir || !out) throw new Error('usage: duckdb-writes.ts DIR OUT');
mkdirSync(out, { recursive: true });
const literal = (text: string): string => `'${text.replace(/'/g, "''")}'`;
const instance = await DuckDBInstance.create(':memory:');
const connection = await instance.connect();
const tables = ['runs', 'test_runs', 'tests', 'decisions'];
const t0 = performance.now();
for (const t of tables) await connection.run(`CREATE TABLE ${t} AS FROM read_parquet(${literal(join(dir, `${t}.parquet`))})`);
const t1 = performance.now();
for (const t of tables) await connection.run(`COPY ${t} TO ${literal(join(out, `${t}.parquet`))} (FORMAT parquet, COMPRESSION snappy, ROW_GROUP_SIZE 50000)`);
const t2 = performance.now();
console.log(`read ${Math.round(t1 - t0)} ms, write ${Math.round(t2 - t1)} ms`);
connection.closeSync();
instance.closeSync();
