/**
 * `rerun: auto` (docs/rerun-presets.md#rerun-auto): which preset re-runs this run's tests, from the reports' own
 * marks and the workspace. Pure: the facts are gathered by src/rerun/workspace.ts.
 *
 * The rule: the reports decide when their marks name one reporter (the default root name of vitest, jest-junit,
 * mocha-junit-reporter and pytest, gotestsum's `go.version` property), provided its runner can be started from the
 * workspace; reports of two named reporters decide nothing. Reports without a mark (node's junit reporter writes
 * none) leave it to the workspace: exactly one runner named there (package.json dependencies, scripts and keys, the
 * runner's config files, pytest's config files and conftest.py, go.mod) and startable. Anything else is "cannot
 * tell": no re-runs, said in a notice. A wrong guess would cost re-run time and prove nothing; no guess is made.
 */

import { runsRunner } from './script-args.ts';

/** What the workspace shows, gathered by src/rerun/workspace.ts. */
export interface WorkspaceFacts {
  /** Names of the entries at the workspace's root. */
  files: readonly string[];
  /** package.json at the root, when it is there and reads as JSON. */
  packageJson?: {
    /** dependencies, devDependencies, peer and optional dependencies: the package names. */
    dependencies: readonly string[];
    /** The scripts' command lines. */
    scripts: readonly string[];
    /** The scripts by name (src/rerun/script-args.ts reads the chosen runner's flags from them). */
    scriptsByName?: Readonly<Record<string, string>>;
    /** Top-level keys (`jest`, `mocha`). */
    keys: readonly string[];
  };
  /** `node_modules/.bin/<name>` at the root, for the JavaScript runners. */
  localBins: readonly string[];
  /** Commands found on PATH (python3, gotestsum). */
  onPath: readonly string[];
  /** pyproject.toml has [tool.pytest.ini_options], setup.cfg [tool:pytest], or tox.ini [pytest]. */
  pytestSection: boolean;
}

export interface Detection {
  /** The preset chosen; undefined: cannot tell, no re-runs. */
  preset?: string;
  /** Why, one sentence a line, for the log; when no preset, the first line says why not. */
  why: string[];
}

type Runner = 'vitest' | 'jest' | 'mocha' | 'node-test' | 'pytest' | 'gotestsum';
const RUNNERS: readonly Runner[] = ['vitest', 'jest', 'mocha', 'node-test', 'pytest', 'gotestsum'];

/** The reporter marks (src/junit/junit.ts RawReport.reporter) and the preset each stands for. */
const BY_REPORTER: Readonly<Record<string, Runner>> = { vitest: 'vitest', jest: 'jest', mocha: 'mocha', pytest: 'pytest', gotestsum: 'gotestsum' };

const JS_CONFIG: Readonly<Record<string, RegExp>> = {
  vitest: /^vitest\.(config|workspace)\.[cm]?[jt]s$/,
  jest: /^jest\.config\.([cm]?[jt]s|json)$/,
  mocha: /^\.mocharc(\.(js|cjs|mjs|json|jsonc|yml|yaml))?$/,
};

/** A script running node's test runner: `node … --test`. */
const NODE_TEST_SCRIPT = /(^|[\s;&|(])node(\s+[^\s;&|]+)*?\s+--test(\s|=|$)/;

/** Where the workspace names a runner, one phrase each (empty: it does not). */
function namedBy(runner: Runner, ws: WorkspaceFacts): string[] {
  const pkg = ws.packageJson;
  const out: string[] = [];
  if (runner === 'vitest' || runner === 'jest' || runner === 'mocha') {
    if (pkg?.dependencies.includes(runner)) out.push(`package.json depends on ${runner}`);
    const config = ws.files.filter((f) => JS_CONFIG[runner]!.test(f));
    if (config.length > 0) out.push(`${config.join(', ')} ${config.length === 1 ? 'is' : 'are'} there`);
    if ((runner === 'jest' || runner === 'mocha') && pkg?.keys.includes(runner)) out.push(`package.json has a "${runner}" key`);
    if (pkg?.scripts.some((s) => runsRunner(s, runner))) out.push(`a package.json script runs ${runner}`);
  } else if (runner === 'node-test') {
    if (pkg?.scripts.some((s) => NODE_TEST_SCRIPT.test(s))) out.push('a package.json script runs node --test');
  } else if (runner === 'pytest') {
    const files = ['pytest.ini', 'conftest.py'].filter((f) => ws.files.includes(f));
    if (files.length > 0) out.push(`${files.join(', ')} ${files.length === 1 ? 'is' : 'are'} there`);
    if (ws.pytestSection) out.push("pytest's section is in pyproject.toml, setup.cfg or tox.ini");
  } else if (ws.files.includes('go.mod')) {
    out.push('go.mod is there');
  }
  return out;
}

/** Why the runner cannot be started from the workspace, or undefined when it can. */
function notStartable(runner: Runner, ws: WorkspaceFacts): string | undefined {
  if (runner === 'vitest' || runner === 'jest' || runner === 'mocha') {
    return ws.localBins.includes(runner) ? undefined : `node_modules/.bin/${runner} is not in the workspace (the preset runs the project's own ${runner})`;
  }
  if (runner === 'pytest') return ws.onPath.includes('python3') ? undefined : 'python3 is not on PATH';
  if (runner === 'gotestsum') return ws.onPath.includes('gotestsum') ? undefined : 'gotestsum is not on PATH';
  return undefined;
}

function list(names: readonly string[]): string {
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]!}`;
}

export function detectRunner(reporters: Readonly<Record<string, number>> | undefined, ws: WorkspaceFacts): Detection {
  const counts = reporters ?? {};
  const total = Object.values(counts).reduce((a, b) => a + b, 0);
  const marked = Object.keys(counts).filter((r) => r !== '' && BY_REPORTER[r] !== undefined);
  const unmarked = counts[''] ?? 0;
  const cannot = (why: string, more: string[] = []): Detection => ({ why: [`cannot tell which runner wrote the reports: ${why}`, ...more] });

  if (marked.length > 1) {
    return cannot(`they come from ${list(marked.map((r) => `${r} (${counts[r]})`))}, and one preset cannot re-run them all; name the preset (rerun: <preset>) in each job`);
  }
  if (marked.length === 1) {
    const runner = BY_REPORTER[marked[0]!]!;
    const why = [`${counts[marked[0]!]} of ${total} report${total === 1 ? '' : 's'} carr${counts[marked[0]!] === 1 ? 'ies' : 'y'} ${marked[0]!}'s mark`];
    if (unmarked > 0) why.push(`${unmarked} report${unmarked === 1 ? '' : 's'} carr${unmarked === 1 ? 'ies' : 'y'} none: ${unmarked === 1 ? 'its' : 'their'} tests are asked of ${runner} too`);
    const blocked = notStartable(runner, ws);
    if (blocked !== undefined) return cannot(`the reports come from ${runner}, but ${blocked}`, why);
    const named = namedBy(runner, ws);
    if (named.length > 0) why.push(...named);
    return { preset: runner, why };
  }

  // No report names its reporter: the workspace must name exactly one runner that can start.
  const named = RUNNERS.map((r) => ({ runner: r, named: namedBy(r, ws), blocked: notStartable(r, ws) })).filter((c) => c.named.length > 0);
  const startable = named.filter((c) => c.blocked === undefined);
  const lines = named.map((c) => `${c.runner}: ${c.named.join('; ')}${c.blocked !== undefined ? ` (but ${c.blocked})` : ''}`);
  const head = total === 0 ? 'no report was read' : `no report carries a reporter's mark (node's junit reporter writes none)`;
  if (startable.length === 1) {
    return { preset: startable[0]!.runner, why: [`${head}; the workspace names one runner that can start`, ...lines] };
  }
  if (startable.length === 0) {
    return cannot(named.length === 0 ? `${head}, and nothing in the workspace names a runner with a preset` : `${head}, and no runner the workspace names can start`, lines);
  }
  return cannot(`${head}, and the workspace names ${list(startable.map((c) => c.runner))}`, lines);
}
