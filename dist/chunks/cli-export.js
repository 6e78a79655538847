import {
  EXPORT_FORMATS,
  PARQUET_WRITERS,
  exportTables,
  nameOfSource
} from "./shared-export-stretches.js";
import {
  ExportError,
  parseSince
} from "./shared-export-rows.js";
import {
  readDataBranch
} from "./shared-cli-data.js";
import "./shared-store-branch-costs.js";
import "./shared-onset-changepoint.js";
import "./shared-owners-index.js";
import "./shared-owners-codeowners.js";
import "./shared-dashboard-links.js";
import "./shared-store-sync.js";
import "./shared-clusters-cluster.js";
import "./shared-store-git.js";
import "./shared-store-git-process.js";
import "./shared-store-inbox-refs.js";
import "./shared-owners-classmap.js";
import {
  CliError
} from "./shared-cli-override.js";
import "./shared-text-edit-distance.js";
import "./shared-store-snapshot.js";
import "./shared-history-stored.js";
import "./shared-history-merge.js";
import "./shared-history-records.js";
import "./shared-store-read-bounds.js";
import "./shared-store-decisions.js";
import "./shared-store-layout.js";
import "./shared-history-cell.js";
import "./shared-cost-index.js";
import "./shared-model.js";
import "./shared-store-cleanup.js";
import "./shared-runtime.js";

// src/cli/export.ts
async function exportCommand(data, command) {
  if (!command.format || !EXPORT_FORMATS.includes(command.format))
    throw new CliError(`--format must be ${EXPORT_FORMATS.join(" or ")}${command.format ? `, got '${command.format}'` : ""}.`);
  if (!command.out) throw new CliError("flakeguard export needs --out DIR (the folder the table files are written into).");
  const parquetWriter = command.parquetWriter || "auto";
  if (!PARQUET_WRITERS.includes(parquetWriter)) throw new CliError(`FLAKEGUARD_PARQUET_WRITER must be ${PARQUET_WRITERS.join(", ")} or unset, got '${command.parquetWriter}'.`);
  try {
    const since = command.since !== void 0 ? parseSince(command.since, command.now) : void 0;
    const { snapshot, files, head, remote } = await readDataBranch(data);
    const repository = command.repository ?? nameOfSource(remote);
    const result = await exportTables([{ repository, snapshot, files, ...since ? { since } : {} }], { format: command.format, out: command.out, parquetWriter, cwd: data.cwd });
    return { result, head, remote };
  } catch (error) {
    if (error instanceof ExportError) throw new CliError(error.message);
    throw error;
  }
}
export {
  exportCommand
};
