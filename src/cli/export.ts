/**
 * `flakeguard export --format ndjson|parquet --out DIR [--since RUN|TIME]`: the data branch read once (as `explain`
 * reads it, src/cli/data.ts) and written as the warehouse tables (src/export/, docs/warehouse.md).
 */
import { nameOfSource } from '../dashboard/org-model.ts';
import { EXPORT_FORMATS, ExportError, PARQUET_WRITERS, exportTables, parseSince, type ExportFormat, type ExportResult, type ParquetWriterChoice } from '../export/index.ts';
import { readDataBranch, type DataOptions } from './data.ts';
import { CliError } from './override.ts';

export interface ExportCommand {
  format: string | undefined;
  out: string | undefined;
  since?: string;
  repository?: string;
  now: number;
  /** FLAKEGUARD_PARQUET_WRITER: auto (DuckDB's writer when installed, the default), duckdb or builtin. */
  parquetWriter?: string;
}

export async function exportCommand(data: DataOptions, command: ExportCommand): Promise<{ result: ExportResult; head: string; remote: string }> {
  if (!command.format || !EXPORT_FORMATS.includes(command.format as ExportFormat))
    throw new CliError(`--format must be ${EXPORT_FORMATS.join(' or ')}${command.format ? `, got '${command.format}'` : ''}.`);
  if (!command.out) throw new CliError('flakeguard export needs --out DIR (the folder the table files are written into).');
  const parquetWriter = (command.parquetWriter || 'auto') as ParquetWriterChoice;
  if (!PARQUET_WRITERS.includes(parquetWriter)) throw new CliError(`FLAKEGUARD_PARQUET_WRITER must be ${PARQUET_WRITERS.join(', ')} or unset, got '${command.parquetWriter}'.`);
  try {
    const since = command.since !== undefined ? parseSince(command.since, command.now) : undefined;
    const { snapshot, files, head, remote } = await readDataBranch(data);
    const repository = command.repository ?? nameOfSource(remote);
    const result = await exportTables([{ repository, snapshot, files, ...(since ? { since } : {}) }], { format: command.format as ExportFormat, out: command.out, parquetWriter, cwd: data.cwd });
    return { result, head, remote };
  } catch (error) {
    if (error instanceof ExportError) throw new CliError(error.message);
    throw error;
  }
}
