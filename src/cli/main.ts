#!/usr/bin/env node
/**
 * The `flakeguard` command (bundled to dist/cli/index.js; `bin` in package.json). Only wires: each command's work
 * is in its own module, loaded when chosen. docs/cli.md is its manual.
 */
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { CliError, overrideValue, planOverrides, selectTests, shownId, unchanged, type OverrideEdit, type OverrideRequest } from './override.ts';
import { parseCommandLine, usageError, type Values } from './commands.ts';

/** The package's version, written into the bundle by scripts/build.ts from package.json. */
declare const FLAKEGUARD_VERSION: string | undefined;
const VERSION = typeof FLAKEGUARD_VERSION === 'string' ? FLAKEGUARD_VERSION : 'unbundled';

/** A usage error: printed with the command's help to read, exit code 2. */
class UsageError extends CliError {}

function oneTest(positionals: string[], command: string, what = '<test>'): string {
  if (positionals.length !== 1 || positionals[0]!.trim() === '')
    throw new UsageError(`${positionals.length > 1 ? `one test only, got ${positionals.length} words` : 'which test?'} (flakeguard ${command} ${what}, quoted if it has spaces).`);
  return positionals[0]!;
}

function dataOptions(values: Values) {
  const branch = values['data-branch'] ?? 'flakeguard-data';
  if (!/^[A-Za-z0-9._/-]+$/.test(branch) || branch.startsWith('-') || branch.includes('..')) throw new CliError(`--data-branch is not a valid branch name: '${branch}'.`);
  return { remote: values.remote, branch, token: process.env.FLAKEGUARD_TOKEN ?? '', cwd: process.cwd() };
}

const json = (value: unknown): string => JSON.stringify(value);

/** The plan shown before a hand edit: each test, its stats file and line, the override before and after. */
function planLines(edits: readonly OverrideEdit[]): string[] {
  return edits.flatMap((e) => [
    `  ${shownId(e.id)}`,
    `      ${e.path}:${e.line}  "override": ${unchanged(e) ? `already ${json(e.after)}, nothing to change` : `${json(e.before)} -> ${json(e.after)}`}`,
  ]);
}

/**
 * `quarantine` and `release` (docs/cli.md, ADR 0465): exact ids, or `--match TEXT`; the plan is shown before any
 * change, and the change is made only when confirmed on a terminal or given `--yes`; `--dry-run` shows it only.
 */
async function override(command: 'quarantine' | 'release', positionals: string[], values: Values): Promise<number> {
  if (values.match !== undefined && positionals.length > 0) throw new UsageError(`give one test id or --match TEXT, not both.`);
  if (values.match !== undefined && values.match.trim() === '') throw new UsageError('--match needs some text of the ids.');
  const pick = values.match !== undefined ? { match: values.match } : { id: oneTest(positionals, command, '<test-id>') };
  if (values.yes && values['dry-run']) throw new UsageError('give --yes or --dry-run, not both.');
  if (values.auto && (values.until !== undefined || values.reason !== undefined || values.cells !== undefined))
    throw new CliError('--auto removes the override: it takes no --until, --reason or --cells.');
  if (values.auto && command !== 'release') throw new CliError('--auto goes with release.');
  const request: OverrideRequest = values.auto
    ? { action: 'auto' }
    : { action: command === 'quarantine' ? 'quarantine' : 'never', reason: values.reason, until: values.until, ...(values.cells !== undefined ? { cells: values.cells } : {}) };
  const value = overrideValue(request, Date.now());
  const cells = value !== null && typeof value === 'object' && 'cells' in value ? (value.cells as string[]) : undefined;
  const what = values.auto ? 'hand override removed' : command === 'quarantine' ? `quarantined by hand${cells ? ` in ${cells.join('; ')}` : ''}` : 'released by hand (never quarantine)';

  const options = dataOptions(values);
  const { readDataBranch, writeOverrides } = await import('./data.ts');
  const read = await readDataBranch(options);
  const plan = planOverrides(read.files, read.snapshot, selectTests(read.snapshot, pick), value);
  const changing = plan.filter((e) => !unchanged(e));
  const tests = (n: number): string => `${n} test${n === 1 ? '' : 's'}`;
  console.log(
    `flakeguard ${command}${values.auto ? ' --auto' : ''}: ${tests(plan.length)} on '${options.branch}' (${read.remote.replace(/^([a-z][a-z0-9+.-]*:\/\/)[^/@\s]*@/i, '$1***@')} at ${read.head.slice(0, 12)}):`,
  );
  console.log(planLines(plan).join('\n'));
  // A cell no run of the test ran in (a typo, or a cell yet to run): said, not refused.
  for (const edit of changing) {
    const unseen = (cells ?? []).filter((c) => !edit.cellsRun.includes(c));
    if (unseen.length > 0)
      console.error(
        `note: ${shownId(edit.id)} has no recorded run in ${unseen.join('; ')} (its runs' cells: ${edit.cellsRun.length > 0 ? edit.cellsRun.join('; ') : 'none recorded'}); the quarantine covers only the cells named.`,
      );
  }
  if (changing.length === 0) {
    console.log('Nothing to push: each test already says so.');
    return 0;
  }
  if (values['dry-run']) {
    console.log(`Dry run: nothing changed (--yes makes the change).`);
    return 0;
  }
  if (!values.yes) {
    if (!process.stdin.isTTY) {
      console.error(`Nothing changed: no terminal to confirm on. Add --yes to make this change (--dry-run only shows it).`);
      return 2;
    }
    const { askYesNo } = await import('./ask.ts');
    const verb = values.auto ? 'Remove the hand override of' : command === 'quarantine' ? 'Quarantine' : 'Release';
    if (!(await askYesNo(`${verb} ${tests(changing.length)} and push to '${options.branch}'? [y/N] `))) {
      console.error('Nothing changed.');
      return 1;
    }
  }
  const ids = changing.map((e) => e.id);
  const reason = values.reason ? ` (${values.reason})` : '';
  const message = ids.length === 1 ? `flakeguard CLI: ${ids[0]}: ${what}${reason}` : `flakeguard CLI: ${tests(ids.length)} ${what}${reason}\n\n${ids.join('\n')}`;
  const { edits, status } = await writeOverrides({ ...options, attempts: 8, log: (m) => console.error(m) }, ids, value, message);
  if (status.kind === 'unchanged') {
    console.log(`Nothing to push: the data branch already says so.`);
  } else if (status.kind === 'pushed') {
    for (const edit of edits) console.log(`${shownId(edit.id)}: ${what}. ${edit.path}:${edit.line} now says "override": ${json(edit.after)} (was ${json(edit.before)}).`);
    console.log(
      `Pushed ${status.commit.slice(0, 12)} to ${options.branch}${status.tries > 1 ? ` after ${status.tries} tries (another writer pushed meanwhile; the edit was made again on top)` : ''}. It takes effect on the next run.`,
    );
  }
  return 0;
}

async function explain(positionals: string[], values: Values): Promise<number> {
  const query = oneTest(positionals, 'explain');
  const options = dataOptions(values);
  const runs = values.runs !== undefined ? Number(values.runs) : 20;
  if (!Number.isInteger(runs) || runs < 1 || runs > 1000) throw new CliError(`--runs must be a whole number from 1 to 1000, got '${values.runs}'.`);
  const { readDataBranch, statsLineOf } = await import('./data.ts');
  const { explainTest } = await import('./explain.ts');
  const { diagnosisOfTest } = await import('../diagnose/show.ts');
  const { snapshot, files, head } = await readDataBranch(options);
  const commits = await onsetCommits(snapshot, query);
  process.stdout.write(
    explainTest(snapshot, query, {
      dataBranch: options.branch,
      now: Date.now(),
      runs,
      line: (id) => statsLineOf(files, snapshot, id),
      diagnosis: (id) => diagnosisOfTest(files, id),
      ...(commits ? { commits } : {}),
    }),
  );
  console.log(`\n(data branch '${options.branch}' at ${head.slice(0, 12)})`);
  return 0;
}

/** The commits of a test's onset range from the git repository the command runs in (docs/onset.md). */
async function onsetCommits(snapshot: import('../store/snapshot.ts').Snapshot, query: string): Promise<import('../onset/index.ts').RangeAnswer | undefined> {
  const { resolveTest } = await import('./override.ts');
  const history = snapshot.history.get(resolveTest(snapshot, query));
  return history ? (await import('./data.ts')).onsetCommitsOf(history, process.cwd()) : undefined;
}

/** `flakeguard why <test> [--json]` (docs/why.md). */
async function why(positionals: string[], values: Values): Promise<number> {
  const query = oneTest(positionals, 'why');
  const runs = values.runs !== undefined ? Number(values.runs) : undefined;
  if (runs !== undefined && (!Number.isInteger(runs) || runs < 1 || runs > 1000)) throw new CliError(`--runs must be a whole number from 1 to 1000, got '${values.runs}'.`);
  const { whyCommand, whyText } = await import('./why.ts');
  const answer = await whyCommand(query, { ...dataOptions(values), now: Date.now(), ...(runs !== undefined ? { runs } : {}), ...(values.rerun !== undefined ? { rerun: values.rerun } : {}) });
  process.stdout.write(values.json ? `${JSON.stringify(answer, null, 2)}\n` : whyText(answer));
  return 0;
}

async function summary(positionals: string[], values: Values): Promise<number> {
  if (positionals.length > 1) throw new CliError('Usage: flakeguard summary [FILE]');
  const file = resolve(positionals[0] ?? resolve(values['out-dir'] ?? '.flakeguard', 'summary.md'));
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    throw new CliError(`No summary at ${file}: \`flakeguard run\` writes one there (or give the file, e.g. a job summary saved as markdown).`);
  }
  const { markdownToText } = await import('./terminal.ts');
  process.stdout.write(markdownToText(text));
  return 0;
}

async function run(positionals: string[], values: Values): Promise<number> {
  if (positionals.length > 0) throw new CliError(`flakeguard run takes no positional argument, got '${positionals[0]}'.`);
  if (!values.reports?.length) throw new CliError("flakeguard run needs --reports GLOB (e.g. --reports 'reports/**/*.xml').");
  if (values['test-outcome'] !== undefined && values['test-exit-code'] !== undefined) throw new CliError('Give --test-outcome or --test-exit-code, not both.');
  const { runCommand } = await import('./run.ts');
  const { outcomeOfExitCode } = await import('./ci-env.ts');
  let testOutcome = values['test-outcome'] ?? '';
  if (values['test-exit-code'] !== undefined) {
    try {
      testOutcome = outcomeOfExitCode(values['test-exit-code']);
    } catch (error) {
      throw new CliError((error as Error).message);
    }
  }
  const inputs: Record<string, string> = { reports: values.reports.join('\n'), 'test-outcome': testOutcome };
  if (values['data-branch']) inputs['data-branch'] = values['data-branch'];
  // A path is the caller's (relative to this folder); the action would read it relative to the workspace.
  if (values.remote) inputs['data-remote'] = (await import('./data.ts')).isRemoteUrl(values.remote) ? values.remote : resolve(values.remote);
  if (values.config) inputs.config = values.config;
  if (values['job-key']) inputs['job-key'] = values['job-key'];
  if (values['split-history-by']) inputs['split-history-by'] = values['split-history-by'];
  if (values['read-only']) inputs['read-only'] = 'true';
  if (values['push-attempts']) inputs['push-attempts'] = values['push-attempts'];
  return runCommand({ inputs, outDir: values['out-dir'], printSummary: !values.quiet });
}

async function exportData(positionals: string[], values: Values): Promise<number> {
  if (positionals.length > 0) throw new CliError(`flakeguard export takes no positional argument, got '${positionals[0]}'.`);
  const { exportCommand } = await import('./export.ts');
  const options = dataOptions(values);
  const { result, head } = await exportCommand(options, {
    format: values.format,
    out: values.out,
    since: values.since,
    repository: values.repository,
    now: Date.now(),
    parquetWriter: process.env.FLAKEGUARD_PARQUET_WRITER,
  });
  for (const note of result.notes) console.error(`note: ${note.repository}: ${note.message}`);
  for (const [table, file] of Object.entries(result.tables)) console.log(`${table}: ${file.rows} rows, ${file.bytes} bytes -> ${file.path}`);
  if (result.writer) console.log(`(Parquet written by ${result.writer === 'built-in' ? "flakeguard's built-in writer" : result.writer})`);
  console.log(`(data branch '${options.branch}' at ${head.slice(0, 12)})`);
  return 0;
}

async function org(positionals: string[], values: Values): Promise<number> {
  if (positionals.length > 0) throw new CliError(`flakeguard org takes no positional argument, got '${positionals[0]}'.`);
  const { orgCommand } = await import('./org.ts');
  const options = dataOptions(values);
  const { result, exitCode } = await orgCommand({
    repos: values.repos ?? [],
    out: values.out,
    branch: options.branch,
    token: options.token,
    dashboardUrl: values['dashboard-url'],
    database: !values['no-database'],
    requireAll: values['require-all'] === true,
    cwd: options.cwd,
    now: Date.now(),
    log: (m) => console.error(m),
  });
  const { model } = result;
  for (const note of result.notes) console.error(`note: ${note.repository}: ${note.message}`);
  const entries = result.listed + result.duplicates.length;
  const repositories = `${result.listed} ${result.listed === 1 ? 'repository' : 'repositories'} listed`;
  const again = result.duplicates.length > 0 ? ` (${entries} entries, ${result.duplicates.length} listed again)` : '';
  console.log(`${repositories}${again}, ${model.repos.length} read, ${model.missing.length} missing; page: ${result.page}`);
  for (const [table, file] of Object.entries(result.tables)) console.log(`${table}: ${file.rows} rows, ${file.bytes} bytes -> ${file.path}`);
  if (result.database) console.log(`database: ${result.database.path} (${[...result.database.rows].map(([t, n]) => `${t} ${n}`).join(', ')})`);
  for (const d of result.duplicates) console.log(`DUPLICATE ${d.name} (${d.source}): ${d.reason}`);
  for (const m of model.missing) console.log(`MISSING ${m.name} (${m.source}): ${m.reason}`);
  for (const w of result.warnings) console.log(`WARNING ${w}`);
  return exitCode;
}

async function mcp(positionals: string[], values: Values): Promise<number> {
  if (positionals.length > 0) throw new UsageError(`flakeguard mcp takes no positional argument, got '${positionals[0]}'.`);
  const { mcpCommand } = await import('./mcp.ts');
  return mcpCommand({ ...dataOptions(values), version: VERSION, allowWrites: values['allow-writes'] === true });
}

export async function main(argv: string[]): Promise<number> {
  const line = parseCommandLine(argv, VERSION);
  if (line.kind === 'version') {
    console.log(`flakeguard ${VERSION}`);
    return 0;
  }
  if (line.kind === 'help') {
    (line.code === 0 ? process.stdout : process.stderr).write(line.text);
    return line.code;
  }
  if (line.kind === 'usage-error') {
    process.stderr.write(line.text);
    return 2;
  }
  const { command, positionals: rest, values } = line;
  try {
    switch (command) {
      case 'explain':
        return await explain(rest, values);
      case 'why':
        return await why(rest, values);
      case 'quarantine':
      case 'release':
        return await override(command, rest, values);
      case 'run':
        return await run(rest, values);
      case 'summary':
        return await summary(rest, values);
      case 'export':
        return await exportData(rest, values);
      case 'org':
        return await org(rest, values);
      case 'mcp':
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
    console.error(`flakeguard ${command} stopped on an unexpected error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    return 3;
  }
}

process.exitCode = await main(process.argv.slice(2));
