/**
 * Presets for the JavaScript runners: vitest, jest (+ jest-junit), mocha (+ mocha-junit-reporter) and node's
 * test runner. Pure: each turns the tests of a round into one process, started without a shell.
 * See docs/rerun-presets.md for what each assumes about the original run.
 */
import type { RerunCommand, RerunPreset, RerunTest } from '../contract.ts';
import { JEST_ARGS, MOCHA_ARGS, NODE_TEST_ARGS, screen, VITEST_ARGS } from './args.ts';
import { presetSeed } from '../variations.ts';
import { JEST_RUNNER, MOCHA_HOOKS, REPEAT_ENV, repeatCount, VITEST_REPORTER, VITEST_RUNNER, writeFilesCommand } from './repeat.ts';
import { ANSI_GAP, anchoredAlternation, CONTROL_GAP, globForFile, jsRegexLiteral, jsRegexLiteralWithGap, jsRegexLiteralWithSeparator, pathArg, unique } from './pattern-escape.ts';

/**
 * The project's own runner binary, `node_modules/.bin/<bin>` of the workspace (relative: the core spawns in the
 * workspace). Not `npx`: for a runner that is not installed, npx asks the registry (over a minute offline) before it
 * gives up, where a missing file fails at once and says so.
 */
export function localBin(bin: string): string[] {
  return [`node_modules/.bin/${bin}`];
}

/**
 * vitest (4.x) with its built-in junit reporter: `<testcase classname="<file relative to the root>"
 * name="describe > test">`. `-t` sees `describe test` (names joined by a space), so each ` > ` of the JUnit name
 * may be either. The reporter drops control characters from names, so the pattern allows them anywhere
 * (CONTROL_GAP). Files are vitest's positional filters (substring matches of the path: a superset at worst).
 */
export const vitest: RerunPreset = {
  name: 'vitest',
  recordsRetries: false,
  keepsOrder: true,
  repeats: true,
  // The line of `npm test` may start with vitest's `run` subcommand: the preset says it itself.
  screenArgs: (args) => screen(args[0] === 'run' ? args.slice(1) : args, VITEST_ARGS),
  commands(tests, reportPath, _round, options) {
    const files = unique(tests.map((t) => t.classname || t.file || '').filter((f) => f !== '')).map(vitestFilter);
    const pattern = anchoredAlternation(tests.map((t) => jsRegexLiteralWithSeparator(t.name, ' > ', ' ', CONTROL_GAP)));
    const n = repeatCount(options?.repeat);
    const seed = presetSeed(options);
    const reporter = `${reportPath}.flakeguard-vitest-reporter.mjs`;
    const runner = `${reportPath}.flakeguard-vitest-runner.mjs`;
    const run: RerunCommand = {
      argv: [
        ...localBin('vitest'),
        'run',
        ...(options?.args ?? []),
        ...files,
        `--testNamePattern=${pattern}`,
        '--reporter=default',
        '--reporter=junit',
        `--outputFile.junit=${reportPath}`,
        '--retry=0',
        '--coverage.enabled=false',
        '--passWithNoTests',
        ...(n > 1 ? [`--reporter=${reporter}`] : []),
        ...(seed !== undefined ? ['--sequence.shuffle', `--sequence.seed=${seed}`] : []),
      ],
    };
    if (n === 1) return [run];
    run.env = { [REPEAT_ENV]: String(n), FLAKEGUARD_PRESET_VITEST_RUNNER: runner };
    return [
      writeFilesCommand([
        [reporter, VITEST_REPORTER],
        [runner, VITEST_RUNNER],
      ]),
      run,
    ];
  },
};

/**
 * A vitest file filter for a path. A trailing `:12` or `:1-2` would be read as a line filter, so it is cut (the
 * rest is still a substring of the path); a leading `-` gets `./` so it is not an option.
 */
function vitestFilter(p: string): string {
  const cut = p.replace(/:\d+(-\d+)?$/, '');
  return cut.startsWith('/') ? cut : `./${cut.replace(/^\.\//, '')}`;
}

/**
 * The full names a JUnit testcase may stand for, for runners whose name filter sees `ancestors… title` joined by
 * spaces: the longer of classname and name when one ends with the other (jest-junit's default writes the full
 * name in both, mocha-junit-reporter's the full title in `name` and the title in `classname`), else both joined
 * (templates that split them) and the name alone.
 */
function fullNames(t: RerunTest): string[] {
  const { classname: c, name: n } = t;
  if (c === '' || n.endsWith(c)) return [n];
  if (c.endsWith(n)) return [c];
  return [`${c} ${n}`, n];
}

/**
 * jest with jest-junit (default templates: classname and name both `{classname} {title}`, i.e. the describe
 * blocks and the title joined by spaces, with a leading space for a test outside any describe). `-t` sees the
 * same string without that leading space. jest matches `-t` case-insensitively: a test differing only in case
 * also runs (a superset, which the core ignores). The file is not used: jest-junit does not write it by default,
 * and a file flakeguard found in a stack trace may be a source file, not the test file.
 */
export const jest: RerunPreset = {
  name: 'jest',
  recordsRetries: false,
  keepsOrder: true,
  repeats: true,
  screenArgs: (args) => screen(args, JEST_ARGS),
  commands(tests, reportPath, _round, options) {
    const names = tests.flatMap((t) => fullNames(t).map((n) => (n.startsWith(' ') ? n.slice(1) : n)));
    const pattern = anchoredAlternation(names.map(jsRegexLiteral));
    const n = repeatCount(options?.repeat);
    const seed = presetSeed(options);
    const runner = `${reportPath}.flakeguard-jest-runner.cjs`;
    const run: RerunCommand = {
      argv: [
        ...localBin('jest'),
        ...(options?.args ?? []),
        '--ci',
        `--testNamePattern=${pattern}`,
        '--reporters=default',
        '--reporters=jest-junit',
        '--coverage=false',
        '--passWithNoTests',
        ...(seed !== undefined ? ['--randomize', `--seed=${seed}`] : []),
      ],
      env: { JEST_JUNIT_OUTPUT_FILE: reportPath },
    };
    // A runner of the project's own on the command line would clash with the preset's: one execution a start then.
    if (n === 1 || (options?.args ?? []).some((a) => /^--test-?runner(=|$)/i.test(a))) return [run];
    run.argv.push(`--testRunner=${runner}`);
    run.env![REPEAT_ENV] = String(n);
    return [writeFilesCommand([[runner, JEST_RUNNER]]), run];
  },
};

/**
 * mocha with mocha-junit-reporter: `<testcase name="<full title>" classname="<title>">`, the test files on the
 * suites' `file` attribute. `--grep` sees the full title. The reporter strips ANSI escape sequences from names
 * (other control characters are written as they are), so the pattern allows them where a word starts or ends
 * (ANSI_GAP). The files are passed when every test got its file from its suite (mocha loads those, and adds
 * a configured `spec` to them: mocha 11 measured, a superset). A test outside
 * any describe sits in the "Root Suite", which has no file: flakeguard may have taken its file from a stack frame,
 * which can be a helper or source file rather than the test file, so then mocha loads its configured spec; so it does
 * for a twin (docs/test-ids.md), whose number counts the testcases of its title in every file. The report path goes through MOCHA_FILE, which mocha-junit-reporter prefers to its options
 * (a path with `,` or `=` cannot go through `--reporter-option`).
 */
/** mocha-junit-reporter's default `rootSuiteTitle`. */
const ROOT_SUITE = 'Root Suite';

export const mocha: RerunPreset = {
  name: 'mocha',
  recordsRetries: false,
  keepsOrder: true,
  repeats: true,
  screenArgs: (args) => screen(args, MOCHA_ARGS),
  commands(tests, reportPath, _round, options) {
    const pattern = anchoredAlternation(tests.flatMap(fullNames).map((n) => jsRegexLiteralWithGap(n, ANSI_GAP, true)));
    // A twin (its id ends in ` [n]` that its name lacks: docs/test-ids.md) is numbered by its order among the
    // testcases of its title, which may be in other files: its own file alone would make it the first.
    const twin = (t: RerunTest): boolean => / \[\d+\]$/.test(t.id) && !/ \[\d+\]$/.test(t.name);
    // A suite of '' is a cleaned id's whose report named no file for it (docs/test-ids.md): no suite file either.
    const fromSuites = tests.every((t) => t.file !== undefined && t.file !== '' && t.suite !== undefined && t.suite !== '' && t.suite !== ROOT_SUITE && !twin(t));
    const files = fromSuites ? unique(tests.map((t) => pathArg(t.file!))) : [];
    const n = repeatCount(options?.repeat);
    const hooks = `${reportPath}.flakeguard-mocha-hooks.cjs`;
    const run: RerunCommand = {
      argv: [...localBin('mocha'), ...(options?.args ?? []), '--reporter=mocha-junit-reporter', `--grep=${pattern}`, '--retries=0', ...(n > 1 ? [`--require=${hooks}`] : []), ...files],
      env: { MOCHA_FILE: reportPath },
    };
    if (n === 1) return [run];
    run.env![REPEAT_ENV] = String(n);
    return [writeFilesCommand([[hooks, MOCHA_HOOKS]]), run];
  },
};

/**
 * node's junit reporter escapes `"` twice (`&amp;quot;`), so the name read back from its report holds `&quot;` where
 * the test's name has `"`: each `&quot;` matches either.
 */
function nodeJunitLiteral(text: string): string {
  return text.split('&quot;').map(jsRegexLiteral).join('(?:"|&quot;)');
}

/**
 * node's test runner (`node --test --test-reporter=junit`): `<testcase name="<title>" classname="<describe
 * names joined by '.'>" file="<absolute path>">`, classname `test` outside any describe.
 * `--test-name-pattern` matches a test whose own name, an ancestor's name, or its ancestors' and own names
 * joined by spaces match; the pattern anchors the joined form (a `.` of the classname may be a separator or part
 * of a describe's name), and the joined form of the test's parent, because node runs a subtest only when its
 * parent test matches and a report does not tell a parent test from a describe: the other tests of the innermost
 * describe (or parent test) run too. Files are globs to node with no escape: see globForFile.
 */
export const nodeTest: RerunPreset = {
  name: 'node-test',
  recordsRetries: false,
  keepsOrder: true,
  screenArgs: (args) => screen(args, NODE_TEST_ARGS),
  commands(tests, reportPath, _round, options) {
    const sources = tests.flatMap((t) => {
      const name = nodeJunitLiteral(t.name);
      if (t.classname === '') return [name];
      const owner = t.classname.split('.').map(nodeJunitLiteral).join('(?:\\.| )');
      // `test` is what node writes outside any describe (or a describe named "test").
      if (t.classname === 'test') return [`(?:${owner} )?${name}`];
      // The parent too: a subtest (`t.test`) runs only when its parent test runs, and a parent test runs only when
      // the pattern matches it. The report cannot tell a parent test from a describe, so the parent is matched
      // either way: in a describe, its other tests run too (a superset).
      return [`${owner} ${name}`, owner];
    });
    const files = tests.every((t) => t.file !== undefined && t.file !== '') ? unique(tests.map((t) => globForFile(t.file!))) : [];
    return [
      {
        argv: [
          'node',
          '--test',
          ...(options?.args ?? []),
          '--test-reporter=spec',
          '--test-reporter-destination=stdout',
          '--test-reporter=junit',
          `--test-reporter-destination=${reportPath}`,
          `--test-name-pattern=${anchoredAlternation(sources)}`,
          ...files,
        ],
      },
    ];
  },
};
