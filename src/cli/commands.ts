/**
 * The `flakeguard` command line as a person types it (docs/cli.md): the commands, each with its own options, usage,
 * help and example; `--help`/`-h`/`help <command>`, `--version`/`-V`/`version`; and a mistyped command or option
 * answered in one line with the nearest known one (src/cli/suggest.ts) and the help to read, exit code 2. Pure: the
 * argument list in, what to do out; src/cli/main.ts prints and runs it.
 */
import { parseArgs } from 'node:util';
import { nearest } from './suggest.ts';

/** Every option of every command, as node:util parseArgs takes them. */
export const OPTIONS = {
  remote: { type: 'string' },
  'data-branch': { type: 'string' },
  until: { type: 'string' },
  reason: { type: 'string' },
  cells: { type: 'string', multiple: true },
  auto: { type: 'boolean' },
  match: { type: 'string' },
  yes: { type: 'boolean', short: 'y' },
  'dry-run': { type: 'boolean' },
  reports: { type: 'string', multiple: true },
  'test-outcome': { type: 'string' },
  'test-exit-code': { type: 'string' },
  config: { type: 'string' },
  'job-key': { type: 'string' },
  'split-history-by': { type: 'string' },
  'read-only': { type: 'boolean' },
  'push-attempts': { type: 'string' },
  'out-dir': { type: 'string' },
  quiet: { type: 'boolean' },
  runs: { type: 'string' },
  format: { type: 'string' },
  out: { type: 'string' },
  since: { type: 'string' },
  repository: { type: 'string' },
  repos: { type: 'string', multiple: true },
  'dashboard-url': { type: 'string' },
  'no-database': { type: 'boolean' },
  'require-all': { type: 'boolean' },
  'allow-writes': { type: 'boolean' },
  json: { type: 'boolean' },
  rerun: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean', short: 'V' },
} as const;

type OptionName = keyof typeof OPTIONS;
export type Values = ReturnType<typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true }>>['values'];

/** How an option is shown in help: its value's placeholder (none for a switch) and what it does. */
const SHOWN: Record<Exclude<OptionName, 'help' | 'version'>, { value?: string; help: string }> = {
  remote: { value: 'URL|PATH', help: "the repository holding the data branch (default: this folder's git 'origin')" },
  'data-branch': { value: 'NAME', help: 'the data branch (default flakeguard-data)' },
  until: { value: 'DATE', help: 'the override lapses after this day (UTC) or at this ISO time' },
  reason: { value: 'TEXT', help: 'kept with the override (e.g. SHOP-123: flaky on Windows)' },
  cells: { value: 'CELL', help: 'only in this matrix cell (os=windows-latest); repeat for more' },
  auto: { help: 'remove the hand override: the policy decides again' },
  match: { value: 'TEXT', help: 'every test whose id contains TEXT (case-insensitive), instead of one exact id' },
  yes: { help: 'make the change without asking (needed when not on a terminal)' },
  'dry-run': { help: 'show what would change, change nothing' },
  reports: { value: 'GLOB', help: 'the JUnit XML reports (repeatable); required' },
  'test-outcome': { value: 'OUTCOME', help: 'the test step outcome: success|failure|cancelled|skipped' },
  'test-exit-code': { value: 'N', help: "the test command's exit code (instead of --test-outcome)" },
  config: { value: 'FILE', help: 'the config file (docs/rules.md)' },
  'job-key': { value: 'TEXT', help: 'the job key (the action input of the same name)' },
  'split-history-by': { value: 'none|job-key', help: 'keep a history per job key' },
  'read-only': { help: 'decide, write nothing to the data branch' },
  'push-attempts': { value: 'N', help: 'how many times to try the push' },
  'out-dir': { value: 'DIR', help: 'where summary.md and outputs.json are (default .flakeguard)' },
  quiet: { help: 'no summary at the end' },
  runs: { value: 'N', help: 'how many of the last runs to show (default 20)' },
  format: { value: 'ndjson|parquet', help: 'the tables file format; required' },
  out: { value: 'DIR', help: 'the folder written; required' },
  since: { value: 'RUN|TIME', help: 'only runs after this run key or ISO time' },
  repository: { value: 'NAME', help: 'the repository column (default: from the runs)' },
  repos: { value: '[NAME=]URL|PATH,...', help: 'the repositories (repeatable; @FILE reads one a line); required' },
  'dashboard-url': { value: 'TEMPLATE', help: "each repository's dashboard ({owner}, {repo}, {name})" },
  'no-database': { help: 'build the page and the Parquet files without DuckDB' },
  'require-all': { help: 'exit 1 when any repository could not be read' },
  'allow-writes': { help: 'let the tools push a proposal branch or write the data branch (default: local branches only)' },
  json: { help: 'the answer as one JSON document (docs/why.md, docs/why.schema.json)' },
  rerun: { value: 'PRESET|COMMAND', help: "the action's `rerun` input (default: read from .github/workflows/)" },
};

export type CommandName = 'explain' | 'why' | 'quarantine' | 'release' | 'run' | 'summary' | 'export' | 'org' | 'mcp';

interface CommandSpec {
  /** The command's one line in the global help: its arguments and what it does. */
  args?: string;
  summary: string;
  /** Its usage lines, without `flakeguard `. */
  usage: string[];
  /** What it does, a few lines. */
  about: string;
  options: readonly Exclude<OptionName, 'help' | 'version'>[];
  example: string[];
}

const DATA = ['remote', 'data-branch'] as const;

export const COMMANDS: Record<CommandName, CommandSpec> = {
  explain: {
    args: '<test>',
    summary: "a test's state, why, its scores and its recent runs",
    usage: ['explain <test> [options]'],
    about: "<test> is the test's full id (classname::name) or any part of it that names exactly one test.\nRead-only.",
    options: ['runs', ...DATA],
    example: ["flakeguard explain 'api.Client::retries on 503'"],
  },
  why: {
    args: '<test>',
    summary: 'why a test is flaky: verdict, cluster, onset, diagnosis, cost, and how to re-run it',
    usage: ['why <test> [options]'],
    about: "<test> is the test's full id (classname::name) or any part of it that names exactly one test.\n" + 'With --json, one JSON document (docs/why.md; schema docs/why.schema.json). Read-only.',
    options: ['json', 'rerun', 'runs', ...DATA],
    example: ["flakeguard why 'api.Client::retries on 503' --json"],
  },
  quarantine: {
    args: '<test-id>',
    summary: 'force a test into quarantine (a hand override on the data branch)',
    usage: ['quarantine <test-id> [options]', 'quarantine --match TEXT [options]'],
    about:
      "<test-id> is the test's exact id (`flakeguard explain` shows it). The command shows each test it will change,\n" +
      'with its stats file and line, then asks before pushing; without a terminal it needs --yes.',
    options: ['until', 'reason', 'cells', 'match', 'yes', 'dry-run', ...DATA],
    example: ["flakeguard quarantine 'api.Client::retries on 503' --until 2026-12-31 --reason 'SHOP-123: flaky on CI'"],
  },
  release: {
    args: '<test-id>',
    summary: 'keep a test out of quarantine, or give it back to the policy (--auto)',
    usage: ['release <test-id> [options]', 'release --match TEXT [options]'],
    about:
      'Writes "override": "never" (the test is never quarantined), or with --auto removes the hand override.\n' +
      "<test-id> is the test's exact id. Shows what it will change, then asks; without a terminal it needs --yes.",
    options: ['until', 'reason', 'auto', 'match', 'yes', 'dry-run', ...DATA],
    example: ["flakeguard release 'api.Client::retries on 503' --auto --yes"],
  },
  run: {
    summary: "the step's job on GitLab CI, Buildkite, Jenkins or CircleCI",
    usage: ['run --reports GLOB [--test-exit-code N | --test-outcome OUTCOME] [options]'],
    about: "Reads the CI's variables, runs the bundled action, prints its summary and exits with its outcome\n(0 passes, 1 fails). Each option is the action input of the same name.",
    options: ['reports', 'test-outcome', 'test-exit-code', 'config', 'job-key', 'split-history-by', 'read-only', 'push-attempts', 'out-dir', 'quiet', ...DATA],
    example: ['flakeguard run --reports \'reports/**/*.xml\' --test-exit-code "$?"'],
  },
  summary: {
    args: '[FILE]',
    summary: "the last run's summary as terminal text",
    usage: ['summary [FILE] [options]'],
    about: 'FILE defaults to the summary.md that `flakeguard run` wrote (or a job summary saved as markdown).',
    options: ['out-dir'],
    example: ['flakeguard summary .flakeguard/summary.md'],
  },
  export: {
    summary: 'the data branch as warehouse tables (docs/warehouse.md)',
    usage: ['export --format ndjson|parquet --out DIR [options]'],
    about: 'Writes the runs, test_runs, tests and decisions tables.',
    options: ['format', 'out', 'since', 'repository', ...DATA],
    example: ['flakeguard export --format parquet --out warehouse --since 2026-11-01T00:00:00Z'],
  },
  org: {
    summary: "several repositories' data branches: one page, tables, database (docs/org.md)",
    usage: ['org --repos [NAME=]URL|PATH,... --out DIR [options]'],
    about: 'A repository listed twice is read once; one that cannot be read is left out and named.',
    options: ['repos', 'out', 'dashboard-url', 'no-database', 'require-all', 'data-branch'],
    example: ['flakeguard org --repos octo/shop=https://github.com/octo/shop.git,octo/api=../api --out site'],
  },
  mcp: {
    summary: 'an MCP server over stdio for coding agents: list, explain, fix bundle, proposals (docs/mcp.md)',
    usage: ['mcp [options]'],
    about:
      'Speaks the Model Context Protocol on stdin and stdout; an MCP client (Claude Code, Cursor, VS Code) starts it.\n' +
      'A proposal is a commit on a new local branch; --allow-writes lets it be pushed, or the data branch be written.',
    options: ['allow-writes', ...DATA],
    example: ['flakeguard mcp --remote ../shop', 'claude mcp add flakeguard -- npx flakeguard mcp   # in Claude Code (docs/mcp.md)'],
  },
};

const NAMES = Object.keys(COMMANDS) as CommandName[];
const isCommand = (word: string): word is CommandName => Object.hasOwn(COMMANDS, word);

const optionLabel = (name: Exclude<OptionName, 'help' | 'version'>): string => {
  const { value } = SHOWN[name];
  const short = 'short' in OPTIONS[name] ? `-${(OPTIONS[name] as { short: string }).short}, ` : '';
  return `${short}--${name}${value ? ` ${value}` : ''}`;
};

function table(rows: Array<[string, string]>): string[] {
  const width = Math.max(...rows.map(([left]) => left.length)) + 2;
  return rows.map(([left, right]) => `  ${left.padEnd(width)}${right}`.trimEnd());
}

export function globalHelp(version: string): string {
  return [
    `flakeguard ${version}: keeps flaky tests from failing CI without hiding real breakage.`,
    '',
    'Usage: flakeguard <command> [options]',
    '',
    'Commands:',
    ...table([
      ...NAMES.map((name): [string, string] => [`${name}${COMMANDS[name].args ? ` ${COMMANDS[name].args}` : ''}`, COMMANDS[name].summary]),
      ['help [command]', 'this help, or a command help'],
      ['version', 'the version (also --version, -V)'],
    ]),
    '',
    "Run `flakeguard <command> --help` for a command's options and an example. Docs: docs/cli.md",
    '',
  ].join('\n');
}

export function commandHelp(name: CommandName): string {
  const spec = COMMANDS[name];
  const rows: Array<[string, string]> = spec.options.map((o) => [optionLabel(o), SHOWN[o].help]);
  rows.push(['-h, --help', 'this help']);
  return [
    `flakeguard ${name}: ${spec.summary}`,
    '',
    ...spec.usage.map((u, i) => `${i === 0 ? 'Usage: ' : '       '}flakeguard ${u}`),
    '',
    spec.about,
    '',
    'Options:',
    ...table(rows),
    ...(spec.options.includes('remote') ? ['  FLAKEGUARD_TOKEN (environment): a token for an https remote; else git credentials are used'] : []),
    '',
    'Example:',
    ...spec.example.map((e) => `  ${e}`),
    '',
  ].join('\n');
}

/** What the command line asks for. */
export type CommandLine =
  { kind: 'help'; text: string; code: 0 | 2 } | { kind: 'version' } | { kind: 'usage-error'; text: string } | { kind: 'command'; command: CommandName; positionals: string[]; values: Values };

/** A usage error as printed: one line saying what is wrong, one saying which help to read. */
export function usageError(command: CommandName | undefined, message: string): string {
  return `flakeguard${command ? ` ${command}` : ''}: ${message}\n${command ? `Run \`flakeguard ${command} --help\` for its options.` : 'Run `flakeguard --help` for the commands.'}\n`;
}

/** A word from the command line, quoted for a message: control characters shown, long words cut. */
function said(word: string): string {
  const shown = [...word.slice(0, 80)].map((c) => (/[\p{Cc}\p{Cf}]/u.test(c) ? `\\u{${c.codePointAt(0)!.toString(16)}}` : c)).join('');
  return `${shown}${word.length > 80 ? '…' : ''}`;
}

function unknownCommand(word: string): CommandLine {
  const guess = nearest(word, [...NAMES, 'help', 'version']);
  return { kind: 'usage-error', text: usageError(undefined, `unknown command '${said(word)}'.${guess ? ` Did you mean '${guess}'?` : ''}`) };
}

function owners(option: OptionName): CommandName[] {
  return NAMES.filter((n) => (COMMANDS[n].options as readonly string[]).includes(option));
}

const listed = (names: string[]): string => (names.length <= 1 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`);

export function parseCommandLine(argv: readonly string[], version: string): CommandLine {
  const { tokens } = parseArgs({ args: [...argv], options: OPTIONS, allowPositionals: true, strict: false, tokens: true });
  const positionals = tokens.flatMap((t) => (t.kind === 'positional' ? [t.value] : []));
  const options = tokens.flatMap((t) => (t.kind === 'option' ? [t] : []));
  const [word, ...rest] = positionals;
  const wantsHelp = options.some((t) => t.name === 'help');

  if (word === 'help' || (wantsHelp && (word === undefined || word === 'version'))) {
    const about = word === 'help' ? rest[0] : undefined;
    if (about === undefined) return { kind: 'help', text: globalHelp(version), code: 0 };
    return isCommand(about) ? { kind: 'help', text: commandHelp(about), code: 0 } : unknownCommand(about);
  }
  if (wantsHelp) return isCommand(word!) ? { kind: 'help', text: commandHelp(word), code: 0 } : unknownCommand(word!);
  if (word === 'version' || options.some((t) => t.name === 'version')) return { kind: 'version' };
  if (word === undefined) {
    if (options.length === 0) return { kind: 'help', text: globalHelp(version), code: 2 };
    return { kind: 'usage-error', text: usageError(undefined, `no command given (${said(options[0]!.rawName)} alone).`) };
  }
  if (!isCommand(word)) return unknownCommand(word);

  const spec = COMMANDS[word];
  const own = spec.options as readonly string[];
  for (const token of options) {
    const name = token.name;
    if (!own.includes(name)) {
      const others = Object.hasOwn(OPTIONS, name) && token.rawName.startsWith('--') ? owners(name as OptionName) : [];
      if (others.length > 0) return { kind: 'usage-error', text: usageError(word, `${token.rawName} is an option of ${listed(others)}, not of ${word}.`) };
      const guess = token.rawName.startsWith('--') ? nearest(name, own) : undefined;
      return { kind: 'usage-error', text: usageError(word, `unknown option ${said(token.rawName)}.${guess ? ` Did you mean --${guess}?` : ''}`) };
    }
    const option = OPTIONS[name as OptionName];
    const shown = SHOWN[name as Exclude<OptionName, 'help' | 'version'>];
    if (option.type === 'boolean' && token.value !== undefined) return { kind: 'usage-error', text: usageError(word, `${token.rawName} takes no value.`) };
    if (option.type === 'string') {
      if (token.value === undefined) return { kind: 'usage-error', text: usageError(word, `${token.rawName} needs a value (${token.rawName} ${shown.value}).`) };
      if (!token.inlineValue && token.value.startsWith('-') && token.value.length > 1)
        return {
          kind: 'usage-error',
          text: usageError(word, `${token.rawName} needs a value (${token.rawName} ${shown.value}); a value starting with '-' is written ${token.rawName}=-…`),
        };
    }
  }
  // Every option is now one of the command's, each with a value where it takes one: the strict parse cannot fail.
  const subset = Object.fromEntries(own.map((o) => [o, OPTIONS[o as OptionName]]));
  const parsed = parseArgs({ args: [...argv], options: subset, allowPositionals: true, strict: true });
  return { kind: 'command', command: word, positionals: parsed.positionals.slice(1), values: parsed.values as Values };
}
