#!/usr/bin/env node
const require = process.getBuiltinModule('node:module').createRequire(import.meta.url);
const { readFile } = require("node:fs/promises");
const { resolve } = require("node:path");
const { parseArgs } = require("node:util");
import {
  CliError,
  nearest,
  overrideValue,
  planOverrides,
  selectTests,
  shownId,
  unchanged
} from "../chunks/shared-cli-override.js";
import "../chunks/shared-text-edit-distance.js";
import "../chunks/shared-store-snapshot.js";
import "../chunks/shared-history-stored.js";
import "../chunks/shared-history-merge.js";
import "../chunks/shared-history-records.js";
import "../chunks/shared-store-read-bounds.js";
import "../chunks/shared-store-decisions.js";
import "../chunks/shared-store-layout.js";
import "../chunks/shared-history-cell.js";
import "../chunks/shared-cost-index.js";
import "../chunks/shared-model.js";
import "../chunks/shared-runtime.js";

// src/cli/main.ts

// src/cli/commands.ts
var OPTIONS = {
  remote: { type: "string" },
  "data-branch": { type: "string" },
  until: { type: "string" },
  reason: { type: "string" },
  cells: { type: "string", multiple: true },
  auto: { type: "boolean" },
  match: { type: "string" },
  yes: { type: "boolean", short: "y" },
  "dry-run": { type: "boolean" },
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
  "allow-writes": { type: "boolean" },
  json: { type: "boolean" },
  rerun: { type: "string" },
  help: { type: "boolean", short: "h" },
  version: { type: "boolean", short: "V" }
};
var SHOWN = {
  remote: { value: "URL|PATH", help: "the repository holding the data branch (default: this folder's git 'origin')" },
  "data-branch": { value: "NAME", help: "the data branch (default flakeguard-data)" },
  until: { value: "DATE", help: "the override lapses after this day (UTC) or at this ISO time" },
  reason: { value: "TEXT", help: "kept with the override (e.g. SHOP-123: flaky on Windows)" },
  cells: { value: "CELL", help: "only in this matrix cell (os=windows-latest); repeat for more" },
  auto: { help: "remove the hand override: the policy decides again" },
  match: { value: "TEXT", help: "every test whose id contains TEXT (case-insensitive), instead of one exact id" },
  yes: { help: "make the change without asking (needed when not on a terminal)" },
  "dry-run": { help: "show what would change, change nothing" },
  reports: { value: "GLOB", help: "the JUnit XML reports (repeatable); required" },
  "test-outcome": { value: "OUTCOME", help: "the test step outcome: success|failure|cancelled|skipped" },
  "test-exit-code": { value: "N", help: "the test command's exit code (instead of --test-outcome)" },
  config: { value: "FILE", help: "the config file (docs/rules.md)" },
  "job-key": { value: "TEXT", help: "the job key (the action input of the same name)" },
  "split-history-by": { value: "none|job-key", help: "keep a history per job key" },
  "read-only": { help: "decide, write nothing to the data branch" },
  "push-attempts": { value: "N", help: "how many times to try the push" },
  "out-dir": { value: "DIR", help: "where summary.md and outputs.json are (default .flakeguard)" },
  quiet: { help: "no summary at the end" },
  runs: { value: "N", help: "how many of the last runs to show (default 20)" },
  format: { value: "ndjson|parquet", help: "the tables file format; required" },
  out: { value: "DIR", help: "the folder written; required" },
  since: { value: "RUN|TIME", help: "only runs after this run key or ISO time" },
  repository: { value: "NAME", help: "the repository column (default: from the runs)" },
  repos: { value: "[NAME=]URL|PATH,...", help: "the repositories (repeatable; @FILE reads one a line); required" },
  "dashboard-url": { value: "TEMPLATE", help: "each repository's dashboard ({owner}, {repo}, {name})" },
  "no-database": { help: "build the page and the Parquet files without DuckDB" },
  "require-all": { help: "exit 1 when any repository could not be read" },
  "allow-writes": { help: "let the tools push a proposal branch or write the data branch (default: local branches only)" },
  json: { help: "the answer as one JSON document (docs/why.md, docs/why.schema.json)" },
  rerun: { value: "PRESET|COMMAND", help: "the action's `rerun` input (default: read from .github/workflows/)" }
};
var DATA = ["remote", "data-branch"];
var COMMANDS = {
  explain: {
    args: "<test>",
    summary: "a test's state, why, its scores and its recent runs",
    usage: ["explain <test> [options]"],
    about: "<test> is the test's full id (classname::name) or any part of it that names exactly one test.\nRead-only.",
    options: ["runs", ...DATA],
    example: ["flakeguard explain 'api.Client::retries on 503'"]
  },
  why: {
    args: "<test>",
    summary: "why a test is flaky: verdict, cluster, onset, diagnosis, cost, and how to re-run it",
    usage: ["why <test> [options]"],
    about: "<test> is the test's full id (classname::name) or any part of it that names exactly one test.\nWith --json, one JSON document (docs/why.md; schema docs/why.schema.json). Read-only.",
    options: ["json", "rerun", "runs", ...DATA],
    example: ["flakeguard why 'api.Client::retries on 503' --json"]
  },
  quarantine: {
    args: "<test-id>",
    summary: "force a test into quarantine (a hand override on the data branch)",
    usage: ["quarantine <test-id> [options]", "quarantine --match TEXT [options]"],
    about: "<test-id> is the test's exact id (`flakeguard explain` shows it). The command shows each test it will change,\nwith its stats file and line, then asks before pushing; without a terminal it needs --yes.",
    options: ["until", "reason", "cells", "match", "yes", "dry-run", ...DATA],
    example: ["flakeguard quarantine 'api.Client::retries on 503' --until 2026-12-31 --reason 'SHOP-123: flaky on CI'"]
  },
  release: {
    args: "<test-id>",
    summary: "keep a test out of quarantine, or give it back to the policy (--auto)",
    usage: ["release <test-id> [options]", "release --match TEXT [options]"],
    about: `Writes "override": "never" (the test is never quarantined), or with --auto removes the hand override.
<test-id> is the test's exact id. Shows what it will change, then asks; without a terminal it needs --yes.`,
    options: ["until", "reason", "auto", "match", "yes", "dry-run", ...DATA],
    example: ["flakeguard release 'api.Client::retries on 503' --auto --yes"]
  },
  run: {
    summary: "the step's job on GitLab CI, Buildkite, Jenkins or CircleCI",
    usage: ["run --reports GLOB [--test-exit-code N | --test-outcome OUTCOME] [options]"],
    about: "Reads the CI's variables, runs the bundled action, prints its summary and exits with its outcome\n(0 passes, 1 fails). Each option is the action input of the same name.",
    options: ["reports", "test-outcome", "test-exit-code", "config", "job-key", "split-history-by", "read-only", "push-attempts", "out-dir", "quiet", ...DATA],
    example: [`flakeguard run --reports 'reports/**/*.xml' --test-exit-code "$?"`]
  },
  summary: {
    args: "[FILE]",
    summary: "the last run's summary as terminal text",
    usage: ["summary [FILE] [options]"],
    about: "FILE defaults to the summary.md that `flakeguard run` wrote (or a job summary saved as markdown).",
    options: ["out-dir"],
    example: ["flakeguard summary .flakeguard/summary.md"]
  },
  export: {
    summary: "the data branch as warehouse tables (docs/warehouse.md)",
    usage: ["export --format ndjson|parquet --out DIR [options]"],
    about: "Writes the runs, test_runs, tests and decisions tables.",
    options: ["format", "out", "since", "repository", ...DATA],
    example: ["flakeguard export --format parquet --out warehouse --since 2026-11-01T00:00:00Z"]
  },
  org: {
    summary: "several repositories' data branches: one page, tables, database (docs/org.md)",
    usage: ["org --repos [NAME=]URL|PATH,... --out DIR [options]"],
    about: "A repository listed twice is read once; one that cannot be read is left out and named.",
    options: ["repos", "out", "dashboard-url", "no-database", "require-all", "data-branch"],
    example: ["flakeguard org --repos octo/shop=https://github.com/octo/shop.git,octo/api=../api --out site"]
  },
  mcp: {
    summary: "an MCP server over stdio for coding agents: list, explain, fix bundle, proposals (docs/mcp.md)",
    usage: ["mcp [options]"],
    about: "Speaks the Model Context Protocol on stdin and stdout; an MCP client (Claude Code, Cursor, VS Code) starts it.\nA proposal is a commit on a new local branch; --allow-writes lets it be pushed, or the data branch be written.",
    options: ["allow-writes", ...DATA],
    example: ["flakeguard mcp --remote ../shop", "claude mcp add flakeguard -- npx flakeguard mcp   # in Claude Code (docs/mcp.md)"]
  }
};
var NAMES = Object.keys(COMMANDS);
var isCommand = (word) => Object.hasOwn(COMMANDS, word);
var optionLabel = (name) => {
  const { value } = SHOWN[name];
  const short = "short" in OPTIONS[name] ? `-${OPTIONS[name].short}, ` : "";
  return `${short}--${name}${value ? ` ${value}` : ""}`;
};
function table(rows) {
  const width = Math.max(...rows.map(([left]) => left.length)) + 2;
  return rows.map(([left, right]) => `  ${left.padEnd(width)}${right}`.trimEnd());
}
function globalHelp(version) {
  return [
    `flakeguard ${version}: keeps flaky tests from failing CI without hiding real breakage.`,
    "",
    "Usage: flakeguard <command> [options]",
    "",
    "Commands:",
    ...table([
      ...NAMES.map((name) => [`${name}${COMMANDS[name].args ? ` ${COMMANDS[name].args}` : ""}`, COMMANDS[name].summary]),
      ["help [command]", "this help, or a command help"],
      ["version", "the version (also --version, -V)"]
    ]),
    "",
    "Run `flakeguard <command> --help` for a command's options and an example. Docs: docs/cli.md",
    ""
  ].join("\n");
}
function commandHelp(name) {
  const spec = COMMANDS[name];
  const rows = spec.options.map((o) => [optionLabel(o), SHOWN[o].help]);
  rows.push(["-h, --help", "this help"]);
  return [
    `flakeguard ${name}: ${spec.summary}`,
    "",
    ...spec.usage.map((u, i) => `${i === 0 ? "Usage: " : "       "}flakeguard ${u}`),
    "",
    spec.about,
    "",
    "Options:",
    ...table(rows),
    ...spec.options.includes("remote") ? ["  FLAKEGUARD_TOKEN (environment): a token for an https remote; else git credentials are used"] : [],
    "",
    "Example:",
    ...spec.example.map((e) => `  ${e}`),
    ""
  ].join("\n");
}
function usageError(command, message) {
  return `flakeguard${command ? ` ${command}` : ""}: ${message}
${command ? `Run \`flakeguard ${command} --help\` for its options.` : "Run `flakeguard --help` for the commands."}
`;
}
function said(word) {
  const shown = [...word.slice(0, 80)].map((c) => /[\p{Cc}\p{Cf}]/u.test(c) ? `\\u{${c.codePointAt(0).toString(16)}}` : c).join("");
  return `${shown}${word.length > 80 ? "\u2026" : ""}`;
}
function unknownCommand(word) {
  const guess = nearest(word, [...NAMES, "help", "version"]);
  return { kind: "usage-error", text: usageError(void 0, `unknown command '${said(word)}'.${guess ? ` Did you mean '${guess}'?` : ""}`) };
}
function owners(option) {
  return NAMES.filter((n) => COMMANDS[n].options.includes(option));
}
var listed = (names) => names.length <= 1 ? names.join("") : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
function parseCommandLine(argv, version) {
  const { tokens } = parseArgs({ args: [...argv], options: OPTIONS, allowPositionals: true, strict: false, tokens: true });
  const positionals = tokens.flatMap((t) => t.kind === "positional" ? [t.value] : []);
  const options = tokens.flatMap((t) => t.kind === "option" ? [t] : []);
  const [word, ...rest] = positionals;
  const wantsHelp = options.some((t) => t.name === "help");
  if (word === "help" || wantsHelp && (word === void 0 || word === "version")) {
    const about = word === "help" ? rest[0] : void 0;
    if (about === void 0) return { kind: "help", text: globalHelp(version), code: 0 };
    return isCommand(about) ? { kind: "help", text: commandHelp(about), code: 0 } : unknownCommand(about);
  }
  if (wantsHelp) return isCommand(word) ? { kind: "help", text: commandHelp(word), code: 0 } : unknownCommand(word);
  if (word === "version" || options.some((t) => t.name === "version")) return { kind: "version" };
  if (word === void 0) {
    if (options.length === 0) return { kind: "help", text: globalHelp(version), code: 2 };
    return { kind: "usage-error", text: usageError(void 0, `no command given (${said(options[0].rawName)} alone).`) };
  }
  if (!isCommand(word)) return unknownCommand(word);
  const spec = COMMANDS[word];
  const own = spec.options;
  for (const token of options) {
    const name = token.name;
    if (!own.includes(name)) {
      const others = Object.hasOwn(OPTIONS, name) && token.rawName.startsWith("--") ? owners(name) : [];
      if (others.length > 0) return { kind: "usage-error", text: usageError(word, `${token.rawName} is an option of ${listed(others)}, not of ${word}.`) };
      const guess = token.rawName.startsWith("--") ? nearest(name, own) : void 0;
      return { kind: "usage-error", text: usageError(word, `unknown option ${said(token.rawName)}.${guess ? ` Did you mean --${guess}?` : ""}`) };
    }
    const option = OPTIONS[name];
    const shown = SHOWN[name];
    if (option.type === "boolean" && token.value !== void 0) return { kind: "usage-error", text: usageError(word, `${token.rawName} takes no value.`) };
    if (option.type === "string") {
      if (token.value === void 0) return { kind: "usage-error", text: usageError(word, `${token.rawName} needs a value (${token.rawName} ${shown.value}).`) };
      if (!token.inlineValue && token.value.startsWith("-") && token.value.length > 1)
        return {
          kind: "usage-error",
          text: usageError(word, `${token.rawName} needs a value (${token.rawName} ${shown.value}); a value starting with '-' is written ${token.rawName}=-\u2026`)
        };
    }
  }
  const subset = Object.fromEntries(own.map((o) => [o, OPTIONS[o]]));
  const parsed = parseArgs({ args: [...argv], options: subset, allowPositionals: true, strict: true });
  return { kind: "command", command: word, positionals: parsed.positionals.slice(1), values: parsed.values };
}

// src/cli/main.ts
var VERSION = true ? "0.8.1" : "unbundled";
var UsageError = class extends CliError {
};
function oneTest(positionals, command, what = "<test>") {
  if (positionals.length !== 1 || positionals[0].trim() === "")
    throw new UsageError(`${positionals.length > 1 ? `one test only, got ${positionals.length} words` : "which test?"} (flakeguard ${command} ${what}, quoted if it has spaces).`);
  return positionals[0];
}
function dataOptions(values) {
  const branch = values["data-branch"] ?? "flakeguard-data";
  if (!/^[A-Za-z0-9._/-]+$/.test(branch) || branch.startsWith("-") || branch.includes("..")) throw new CliError(`--data-branch is not a valid branch name: '${branch}'.`);
  return { remote: values.remote, branch, token: process.env.FLAKEGUARD_TOKEN ?? "", cwd: process.cwd() };
}
var json = (value) => JSON.stringify(value);
function planLines(edits) {
  return edits.flatMap((e) => [
    `  ${shownId(e.id)}`,
    `      ${e.path}:${e.line}  "override": ${unchanged(e) ? `already ${json(e.after)}, nothing to change` : `${json(e.before)} -> ${json(e.after)}`}`
  ]);
}
async function override(command, positionals, values) {
  if (values.match !== void 0 && positionals.length > 0) throw new UsageError(`give one test id or --match TEXT, not both.`);
  if (values.match !== void 0 && values.match.trim() === "") throw new UsageError("--match needs some text of the ids.");
  const pick = values.match !== void 0 ? { match: values.match } : { id: oneTest(positionals, command, "<test-id>") };
  if (values.yes && values["dry-run"]) throw new UsageError("give --yes or --dry-run, not both.");
  if (values.auto && (values.until !== void 0 || values.reason !== void 0 || values.cells !== void 0))
    throw new CliError("--auto removes the override: it takes no --until, --reason or --cells.");
  if (values.auto && command !== "release") throw new CliError("--auto goes with release.");
  const request = values.auto ? { action: "auto" } : { action: command === "quarantine" ? "quarantine" : "never", reason: values.reason, until: values.until, ...values.cells !== void 0 ? { cells: values.cells } : {} };
  const value = overrideValue(request, Date.now());
  const cells = value !== null && typeof value === "object" && "cells" in value ? value.cells : void 0;
  const what = values.auto ? "hand override removed" : command === "quarantine" ? `quarantined by hand${cells ? ` in ${cells.join("; ")}` : ""}` : "released by hand (never quarantine)";
  const options = dataOptions(values);
  const { readDataBranch, writeOverrides } = await import("../chunks/cli-data.js");
  const read = await readDataBranch(options);
  const plan = planOverrides(read.files, read.snapshot, selectTests(read.snapshot, pick), value);
  const changing = plan.filter((e) => !unchanged(e));
  const tests = (n) => `${n} test${n === 1 ? "" : "s"}`;
  console.log(
    `flakeguard ${command}${values.auto ? " --auto" : ""}: ${tests(plan.length)} on '${options.branch}' (${read.remote.replace(/^([a-z][a-z0-9+.-]*:\/\/)[^/@\s]*@/i, "$1***@")} at ${read.head.slice(0, 12)}):`
  );
  console.log(planLines(plan).join("\n"));
  for (const edit of changing) {
    const unseen = (cells ?? []).filter((c) => !edit.cellsRun.includes(c));
    if (unseen.length > 0)
      console.error(
        `note: ${shownId(edit.id)} has no recorded run in ${unseen.join("; ")} (its runs' cells: ${edit.cellsRun.length > 0 ? edit.cellsRun.join("; ") : "none recorded"}); the quarantine covers only the cells named.`
      );
  }
  if (changing.length === 0) {
    console.log("Nothing to push: each test already says so.");
    return 0;
  }
  if (values["dry-run"]) {
    console.log(`Dry run: nothing changed (--yes makes the change).`);
    return 0;
  }
  if (!values.yes) {
    if (!process.stdin.isTTY) {
      console.error(`Nothing changed: no terminal to confirm on. Add --yes to make this change (--dry-run only shows it).`);
      return 2;
    }
    const { askYesNo } = await import("../chunks/cli-ask.js");
    const verb = values.auto ? "Remove the hand override of" : command === "quarantine" ? "Quarantine" : "Release";
    if (!await askYesNo(`${verb} ${tests(changing.length)} and push to '${options.branch}'? [y/N] `)) {
      console.error("Nothing changed.");
      return 1;
    }
  }
  const ids = changing.map((e) => e.id);
  const reason = values.reason ? ` (${values.reason})` : "";
  const message = ids.length === 1 ? `flakeguard CLI: ${ids[0]}: ${what}${reason}` : `flakeguard CLI: ${tests(ids.length)} ${what}${reason}

${ids.join("\n")}`;
  const { edits, status } = await writeOverrides({ ...options, attempts: 8, log: (m) => console.error(m) }, ids, value, message);
  if (status.kind === "unchanged") {
    console.log(`Nothing to push: the data branch already says so.`);
  } else if (status.kind === "pushed") {
    for (const edit of edits) console.log(`${shownId(edit.id)}: ${what}. ${edit.path}:${edit.line} now says "override": ${json(edit.after)} (was ${json(edit.before)}).`);
    console.log(
      `Pushed ${status.commit.slice(0, 12)} to ${options.branch}${status.tries > 1 ? ` after ${status.tries} tries (another writer pushed meanwhile; the edit was made again on top)` : ""}. It takes effect on the next run.`
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
  const { diagnosisOfTest } = await import("../chunks/diagnose-show.js");
  const { snapshot, files, head } = await readDataBranch(options);
  const commits = await onsetCommits(snapshot, query);
  process.stdout.write(
    explainTest(snapshot, query, {
      dataBranch: options.branch,
      now: Date.now(),
      runs,
      line: (id) => statsLineOf(files, snapshot, id),
      diagnosis: (id) => diagnosisOfTest(files, id),
      ...commits ? { commits } : {}
    })
  );
  console.log(`
(data branch '${options.branch}' at ${head.slice(0, 12)})`);
  return 0;
}
async function onsetCommits(snapshot, query) {
  const { resolveTest } = await import("../chunks/cli-override.js");
  const history = snapshot.history.get(resolveTest(snapshot, query));
  return history ? (await import("../chunks/cli-data.js")).onsetCommitsOf(history, process.cwd()) : void 0;
}
async function why(positionals, values) {
  const query = oneTest(positionals, "why");
  const runs = values.runs !== void 0 ? Number(values.runs) : void 0;
  if (runs !== void 0 && (!Number.isInteger(runs) || runs < 1 || runs > 1e3)) throw new CliError(`--runs must be a whole number from 1 to 1000, got '${values.runs}'.`);
  const { whyCommand, whyText } = await import("../chunks/cli-why.js");
  const answer = await whyCommand(query, { ...dataOptions(values), now: Date.now(), ...runs !== void 0 ? { runs } : {}, ...values.rerun !== void 0 ? { rerun: values.rerun } : {} });
  process.stdout.write(values.json ? `${JSON.stringify(answer, null, 2)}
` : whyText(answer));
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
  const { result, head } = await exportCommand(options, {
    format: values.format,
    out: values.out,
    since: values.since,
    repository: values.repository,
    now: Date.now(),
    parquetWriter: process.env.FLAKEGUARD_PARQUET_WRITER
  });
  for (const note of result.notes) console.error(`note: ${note.repository}: ${note.message}`);
  for (const [table2, file] of Object.entries(result.tables)) console.log(`${table2}: ${file.rows} rows, ${file.bytes} bytes -> ${file.path}`);
  if (result.writer) console.log(`(Parquet written by ${result.writer === "built-in" ? "flakeguard's built-in writer" : result.writer})`);
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
  const entries = result.listed + result.duplicates.length;
  const repositories = `${result.listed} ${result.listed === 1 ? "repository" : "repositories"} listed`;
  const again = result.duplicates.length > 0 ? ` (${entries} entries, ${result.duplicates.length} listed again)` : "";
  console.log(`${repositories}${again}, ${model.repos.length} read, ${model.missing.length} missing; page: ${result.page}`);
  for (const [table2, file] of Object.entries(result.tables)) console.log(`${table2}: ${file.rows} rows, ${file.bytes} bytes -> ${file.path}`);
  if (result.database) console.log(`database: ${result.database.path} (${[...result.database.rows].map(([t, n]) => `${t} ${n}`).join(", ")})`);
  for (const d of result.duplicates) console.log(`DUPLICATE ${d.name} (${d.source}): ${d.reason}`);
  for (const m of model.missing) console.log(`MISSING ${m.name} (${m.source}): ${m.reason}`);
  for (const w of result.warnings) console.log(`WARNING ${w}`);
  return exitCode;
}
async function mcp(positionals, values) {
  if (positionals.length > 0) throw new UsageError(`flakeguard mcp takes no positional argument, got '${positionals[0]}'.`);
  const { mcpCommand } = await import("../chunks/cli-mcp.js");
  return mcpCommand({ ...dataOptions(values), version: VERSION, allowWrites: values["allow-writes"] === true });
}
async function main(argv) {
  const line = parseCommandLine(argv, VERSION);
  if (line.kind === "version") {
    console.log(`flakeguard ${VERSION}`);
    return 0;
  }
  if (line.kind === "help") {
    (line.code === 0 ? process.stdout : process.stderr).write(line.text);
    return line.code;
  }
  if (line.kind === "usage-error") {
    process.stderr.write(line.text);
    return 2;
  }
  const { command, positionals: rest, values } = line;
  try {
    switch (command) {
      case "explain":
        return await explain(rest, values);
      case "why":
        return await why(rest, values);
      case "quarantine":
      case "release":
        return await override(command, rest, values);
      case "run":
        return await run(rest, values);
      case "summary":
        return await summary(rest, values);
      case "export":
        return await exportData(rest, values);
      case "org":
        return await org(rest, values);
      case "mcp":
        return await mcp(rest, values);
    }
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(usageError(command, error.message));
      return 2;
    }
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
  main
};
