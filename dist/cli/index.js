#!/usr/bin/env node
const require = process.getBuiltinModule('node:module').createRequire(import.meta.url);
const { parseArgs } = require("node:util");
const { readFile } = require("node:fs/promises");
const { resolve } = require("node:path");
import {
  CliError,
  overrideValue
} from "../chunks/shared-cli-override.js";
import "../chunks/shared-store-history-format.js";
import "../chunks/shared-history-stored.js";
import "../chunks/shared-history-merge.js";
import "../chunks/shared-store-decisions.js";
import "../chunks/shared-store-layout.js";
import "../chunks/shared-history-cell.js";
import "../chunks/shared-model.js";
import "../chunks/shared-runtime.js";

// src/cli/main.ts
var USAGE = `flakeguard: keeps flaky tests from failing CI without hiding real breakage.

Usage:
  flakeguard explain <test>                          a test's history, scores, state and why
  flakeguard quarantine <test> [--until DATE] [--reason TEXT] [--cells CELL]...
                                                     force it into quarantine (a hand override); --cells: only
                                                     in these matrix cells (os=windows-latest; repeat for more)
  flakeguard release <test> [--until DATE] [--reason TEXT]
                                                     keep it out of quarantine ("override": "never")
  flakeguard release <test> --auto                  remove the hand override: the policy decides again
  flakeguard run --reports GLOB [--test-exit-code N | --test-outcome OUTCOME] [options]
                                                     the step's job on GitLab CI, Buildkite, Jenkins, CircleCI
  flakeguard summary [FILE]                          the last run's summary as terminal text
  flakeguard export --format ndjson|parquet --out DIR [--since RUN|TIME] [--repository NAME]
                                                     the data branch as warehouse tables (docs/warehouse.md)
  flakeguard org --repos [NAME=]URL|PATH,... --out DIR [--dashboard-url TEMPLATE] [--no-database] [--require-all]
                                                     several repositories' data branches: one page, tables, database (docs/org.md)

Options for every command on the data branch:
  --remote URL|PATH     the repository holding the data branch (default: this repository's 'origin')
  --data-branch NAME    default flakeguard-data
  FLAKEGUARD_TOKEN      (environment) a token for an https remote; otherwise git's own credentials are used

Options of run (each is the action input of the same name, see the README):
  --reports GLOB (repeatable), --test-outcome success|failure|cancelled|skipped, --test-exit-code N,
  --config FILE, --job-key TEXT, --split-history-by none|job-key, --read-only, --push-attempts N,
  --out-dir DIR (summary.md and outputs.json; default .flakeguard), --quiet (no summary at the end)

Test names: the full id (classname::name), or any part of it that names exactly one test.
Docs: docs/cli.md`;
var OPTIONS = {
  remote: { type: "string" },
  "data-branch": { type: "string" },
  until: { type: "string" },
  reason: { type: "string" },
  cells: { type: "string", multiple: true },
  auto: { type: "boolean" },
  reports: { type: "string", multiple: true },
  "test-outcome": { type: "string" },
  "test-exit-code": { type: "string" },
  config: { type: "string" },
  "job-key": { type: "string" },
  "split-history-by": { type: "string" },
  "read-only": { type: "boolean" },
  "push-attempts": { type: "string" },
  "out-dir": { type: "string" },
  quiet: { type: "boolean" },
  runs: { type: "string" },
  format: { type: "string" },
  out: { type: "string" },
  since: { type: "string" },
  repository: { type: "string" },
  repos: { type: "string", multiple: true },
  "dashboard-url": { type: "string" },
  "no-database": { type: "boolean" },
  "require-all": { type: "boolean" },
  help: { type: "boolean", short: "h" }
};
function oneTest(positionals, command) {
  if (positionals.length !== 1 || positionals[0].trim() === "") throw new CliError(`Usage: flakeguard ${command} <test> (one test id, quoted if it has spaces).`);
  return positionals[0];
}
function dataOptions(values) {
  const branch = values["data-branch"] ?? "flakeguard-data";
  if (!/^[A-Za-z0-9._/-]+$/.test(branch) || branch.startsWith("-") || branch.includes("..")) throw new CliError(`--data-branch is not a valid branch name: '${branch}'.`);
  return { remote: values.remote, branch, token: process.env.FLAKEGUARD_TOKEN ?? "", cwd: process.cwd() };
}
async function override(command, positionals, values) {
  const query = oneTest(positionals, command);
  if (values.auto && (values.until !== void 0 || values.reason !== void 0 || values.cells !== void 0))
    throw new CliError("--auto removes the override: it takes no --until, --reason or --cells.");
  if (values.auto && command !== "release") throw new CliError("--auto goes with release.");
  const request = values.auto ? { action: "auto" } : { action: command === "quarantine" ? "quarantine" : "never", reason: values.reason, until: values.until, ...values.cells !== void 0 ? { cells: values.cells } : {} };
  const value = overrideValue(request, Date.now());
  const { writeOverride } = await import("../chunks/cli-data.js");
  const cells = value !== null && typeof value === "object" && "cells" in value ? value.cells : void 0;
  const what = values.auto ? "hand override removed" : command === "quarantine" ? `quarantined by hand${cells ? ` in ${cells.join("; ")}` : ""}` : "released by hand (never quarantine)";
  const result = await writeOverride(
    { ...dataOptions(values), attempts: 8, log: (m) => console.error(m) },
    query,
    value,
    (id) => `flakeguard CLI: ${id}: ${what}${values.reason ? ` (${values.reason})` : ""}`
  );
  const { edit, status } = result;
  const line = `${edit.path}:${edit.line}`;
  const unseen = (cells ?? []).filter((c) => !edit.cellsRun.includes(c));
  if (unseen.length > 0)
    console.error(
      `note: ${edit.id} has no recorded run in ${unseen.join("; ")} (its runs' cells: ${edit.cellsRun.length > 0 ? edit.cellsRun.join("; ") : "none recorded"}); the quarantine covers only the cells named.`
    );
  if (status.kind === "unchanged") {
    console.log(`${edit.id}: already ${JSON.stringify(edit.after)} in ${line}; nothing to push.`);
  } else if (status.kind === "pushed") {
    console.log(`${edit.id}: ${what}. ${line} now says "override": ${JSON.stringify(edit.after)} (was ${JSON.stringify(edit.before)}).`);
    console.log(
      `Pushed ${status.commit.slice(0, 12)} to ${dataOptions(values).branch}${status.tries > 1 ? ` after ${status.tries} tries (another writer pushed meanwhile; the edit was made again on top)` : ""}. It takes effect on the next run.`
    );
  }
  return 0;
}
async function explain(positionals, values) {
  const query = oneTest(positionals, "explain");
  const options = dataOptions(values);
  const runs = values.runs !== void 0 ? Number(values.runs) : 20;
  if (!Number.isInteger(runs) || runs < 1 || runs > 1e3) throw new CliError(`--runs must be a whole number from 1 to 1000, got '${values.runs}'.`);
  const { readDataBranch, statsLineOf } = await import("../chunks/cli-data.js");
  const { explainTest } = await import("../chunks/cli-explain.js");
  const { snapshot, files, head } = await readDataBranch(options);
  process.stdout.write(explainTest(snapshot, query, { dataBranch: options.branch, now: Date.now(), runs, line: (id) => statsLineOf(files, snapshot, id) }));
  console.log(`
(data branch '${options.branch}' at ${head.slice(0, 12)})`);
  return 0;
}
async function summary(positionals, values) {
  if (positionals.length > 1) throw new CliError("Usage: flakeguard summary [FILE]");
  const file = resolve(positionals[0] ?? resolve(values["out-dir"] ?? ".flakeguard", "summary.md"));
  let text;
  try {
    text = await readFile(file, "utf8");
  } catch {
    throw new CliError(`No summary at ${file}: \`flakeguard run\` writes one there (or give the file, e.g. a job summary saved as markdown).`);
  }
  const { markdownToText } = await import("../chunks/cli-terminal.js");
  process.stdout.write(markdownToText(text));
  return 0;
}
async function run(positionals, values) {
  if (positionals.length > 0) throw new CliError(`flakeguard run takes no positional argument, got '${positionals[0]}'.`);
  if (!values.reports?.length) throw new CliError("flakeguard run needs --reports GLOB (e.g. --reports 'reports/**/*.xml').");
  if (values["test-outcome"] !== void 0 && values["test-exit-code"] !== void 0) throw new CliError("Give --test-outcome or --test-exit-code, not both.");
  const { runCommand } = await import("../chunks/cli-run.js");
  const { outcomeOfExitCode } = await import("../chunks/cli-ci-env.js");
  let testOutcome = values["test-outcome"] ?? "";
  if (values["test-exit-code"] !== void 0) {
    try {
      testOutcome = outcomeOfExitCode(values["test-exit-code"]);
    } catch (error) {
      throw new CliError(error.message);
    }
  }
  const inputs = { reports: values.reports.join("\n"), "test-outcome": testOutcome };
  if (values["data-branch"]) inputs["data-branch"] = values["data-branch"];
  if (values.remote) inputs["data-remote"] = (await import("../chunks/cli-data.js")).isRemoteUrl(values.remote) ? values.remote : resolve(values.remote);
  if (values.config) inputs.config = values.config;
  if (values["job-key"]) inputs["job-key"] = values["job-key"];
  if (values["split-history-by"]) inputs["split-history-by"] = values["split-history-by"];
  if (values["read-only"]) inputs["read-only"] = "true";
  if (values["push-attempts"]) inputs["push-attempts"] = values["push-attempts"];
  return runCommand({ inputs, outDir: values["out-dir"], printSummary: !values.quiet });
}
async function exportData(positionals, values) {
  if (positionals.length > 0) throw new CliError(`flakeguard export takes no positional argument, got '${positionals[0]}'.`);
  const { exportCommand } = await import("../chunks/cli-export.js");
  const options = dataOptions(values);
  const { result, head } = await exportCommand(options, { format: values.format, out: values.out, since: values.since, repository: values.repository, now: Date.now() });
  for (const note of result.notes) console.error(`note: ${note.repository}: ${note.message}`);
  for (const [table, file] of Object.entries(result.tables)) console.log(`${table}: ${file.rows} rows, ${file.bytes} bytes -> ${file.path}`);
  console.log(`(data branch '${options.branch}' at ${head.slice(0, 12)})`);
  return 0;
}
async function org(positionals, values) {
  if (positionals.length > 0) throw new CliError(`flakeguard org takes no positional argument, got '${positionals[0]}'.`);
  const { orgCommand } = await import("../chunks/cli-org.js");
  const options = dataOptions(values);
  const { result, exitCode } = await orgCommand({
    repos: values.repos ?? [],
    out: values.out,
    branch: options.branch,
    token: options.token,
    dashboardUrl: values["dashboard-url"],
    database: !values["no-database"],
    requireAll: values["require-all"] === true,
    cwd: options.cwd,
    now: Date.now(),
    log: (m) => console.error(m)
  });
  const { model } = result;
  for (const note of result.notes) console.error(`note: ${note.repository}: ${note.message}`);
  console.log(`${model.repos.length} of ${model.repos.length + model.missing.length} repositories read; page: ${result.page}`);
  for (const [table, file] of Object.entries(result.tables)) console.log(`${table}: ${file.rows} rows, ${file.bytes} bytes -> ${file.path}`);
  if (result.database) console.log(`database: ${result.database.path} (${[...result.database.rows].map(([t, n]) => `${t} ${n}`).join(", ")})`);
  for (const m of model.missing) console.log(`MISSING ${m.name} (${m.source}): ${m.reason}`);
  for (const w of result.warnings) console.log(`WARNING ${w}`);
  return exitCode;
}
async function main(argv) {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    console.error(`${error.message}

${USAGE}`);
    return 2;
  }
  const [command, ...rest] = parsed.positionals;
  if (parsed.values.help || command === void 0 || command === "help") {
    console.log(USAGE);
    return command === void 0 && !parsed.values.help ? 2 : 0;
  }
  try {
    switch (command) {
      case "explain":
        return await explain(rest, parsed.values);
      case "quarantine":
      case "release":
        return await override(command, rest, parsed.values);
      case "run":
        return await run(rest, parsed.values);
      case "summary":
        return await summary(rest, parsed.values);
      case "export":
        return await exportData(rest, parsed.values);
      case "org":
        return await org(rest, parsed.values);
      default:
        console.error(`Unknown command '${command}'.

${USAGE}`);
        return 2;
    }
  } catch (error) {
    if (error instanceof CliError) {
      console.error(`flakeguard ${command}: ${error.message}`);
      return 2;
    }
    console.error(`flakeguard ${command} stopped on an unexpected error: ${error instanceof Error ? error.stack ?? error.message : String(error)}`);
    return 3;
  }
}
process.exitCode = await main(process.argv.slice(2));
export {
  USAGE,
  main
};
