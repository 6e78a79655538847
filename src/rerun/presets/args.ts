/**
 * Screening the original run's extra runner arguments (`rerun: <preset> <arguments…>`, docs/rerun-presets.md) for a
 * preset. Pure. A preset passes on what only changes how the tests run (a setup file, a config, a colour, an
 * environment, a timeout). What decides which tests run or what the report says is the preset's: a flag it owns
 * (a name filter, the reporter and its output, retries, bail, watch, shard, coverage) is left out with a notice, so
 * the line of the project's `npm test` can be pasted as it is; leaving it out never runs fewer of the asked tests.
 * An argument it can neither pass on nor leave out safely (one that runs no tests, or that it cannot place) is
 * refused: an input error that names it.
 */
import type { ScreenedArgs } from '../contract.ts';

export interface ArgRules {
  /** Long options refused, by normalised name (see `longName`), with why. */
  refuse: Readonly<Record<string, string>>;
  /** Short options (one letter) refused, with why. */
  refuseShort?: Readonly<Record<string, string>>;
  /** Long options (normalised) the preset owns: left out (with their value), with why. */
  drop?: Readonly<Record<string, string>>;
  /** Short options the preset owns: left out (with their value) when written alone, refused inside a group. */
  dropShort?: Readonly<Record<string, string>>;
  /** Options (normalised long names or short letters) whose value may be the next word (`--require setup.js`). */
  takesValue?: readonly string[];
  /** Short options may be grouped (`-xvs`): each letter is checked, up to the first that takes a value. */
  clusters?: boolean;
  /** Why a positional word (not an option, not an option's value) is refused; undefined: positionals are kept. */
  positionals?: string;
  /** go's flags: one or two dashes, no short options, no groups. */
  goFlags?: boolean;
}

/**
 * An option's name as the runners' parsers compare it: without dashes, a `no-` prefix, a `=value` or a `.sub` key
 * (vitest's `--coverage.enabled`), in lower case with `-` and `_` removed (yargs takes `--test-name-pattern` for
 * `--testNamePattern`).
 */
export function longName(word: string): string {
  let name = word.replace(/^-+/, '').split('=')[0]!;
  name = name.split('.')[0]!;
  if (/^no-/i.test(name)) name = name.slice(3);
  return name.toLowerCase().replace(/[-_]/g, '');
}

export function screen(args: readonly string[], rules: ArgRules): ScreenedArgs {
  const kept: string[] = [];
  const dropped: string[] = [];
  const takesValue = new Set(rules.takesValue ?? []);
  let afterDashes = false;
  for (let i = 0; i < args.length; i++) {
    const word = args[i]!;
    const positional = afterDashes || !word.startsWith('-') || word === '-';
    if (word === '--' && !afterDashes) {
      afterDashes = true;
      kept.push(word);
      continue;
    }
    if (positional) {
      if (rules.positionals !== undefined) return { refused: word, why: rules.positionals };
      kept.push(word);
      continue;
    }
    const long = rules.goFlags === true || word.startsWith('--');
    const hasValue = word.includes('=');
    let name: string;
    let refusedWhy: string | undefined;
    let dropWhy: string | undefined;
    if (long) {
      name = longName(word);
      refusedWhy = rules.refuse[name];
      dropWhy = rules.drop?.[name];
    } else {
      // `-t`, `-tvalue`, or a group `-xvs`.
      name = word[1]!;
      refusedWhy = rules.refuseShort?.[name];
      dropWhy = rules.dropShort?.[name];
      if (refusedWhy === undefined && rules.clusters === true && word.length > 2 && !takesValue.has(name)) {
        for (const letter of word.slice(1)) {
          const why =
            rules.refuseShort?.[letter] ??
            (rules.dropShort?.[letter] !== undefined && letter !== name ? `write -${letter} on its own so that the preset can leave it out (${rules.dropShort[letter]})` : undefined);
          if (why !== undefined) {
            refusedWhy = why;
            break;
          }
          if (takesValue.has(letter)) break;
        }
        if (refusedWhy === undefined && dropWhy !== undefined) refusedWhy = `write -${name} on its own so that the preset can leave it out (${dropWhy})`;
      }
    }
    if (refusedWhy !== undefined) return { refused: word, why: refusedWhy };
    // The next word is this option's value when the option takes one and it was not given attached.
    const valueNext = !hasValue && (long || word.length === 2) && takesValue.has(name) && i + 1 < args.length;
    if (dropWhy !== undefined) {
      // A flag the preset sets itself, written as the preset writes it (`--ci`, not `--no-ci`), is in effect: kept by
      // the preset's own, never reported as left out (docs/adr/0441-own-flags-never-reported-dropped.md).
      const asThePresetWritesIt = !valueNext && (long ? !hasValue || /=(?:true|1)$/i.test(word) : word.length === 2) && !/^--?no-/i.test(word);
      if (dropWhy === WHY.ci && asThePresetWritesIt) continue;
      dropped.push(`'${valueNext ? `${word} ${args[i + 1]!}` : word}' (${dropWhy})`);
      if (valueNext) i++;
      continue;
    }
    kept.push(word);
    if (valueNext) kept.push(args[++i]!);
  }
  return { args: kept, dropped };
}

/** Reasons shared by the presets' rules. */
export const WHY = {
  selection: 'the preset selects the tests to re-run itself',
  report: 'the preset sets the reporter and where the report goes, so that flakeguard reads what it asked for',
  bail: 'a re-run that stops at the first failure leaves the other asked tests unanswered',
  watch: 'a re-run must end',
  shard: 'a shard would leave out some of the asked tests',
  retries: 'retries inside a re-run would hide its failures (the preset turns them off)',
  snapshots: 'a re-run must not rewrite snapshots',
  changed: 'the preset selects the tests itself; a filter by changed files would leave some out',
  coverage: 'the preset turns coverage off: a re-run measures nothing',
  ci: 'the preset sets it itself',
  noTests: 'it makes the runner run no tests',
} as const;

/** The rules of each JavaScript runner (docs/rerun-presets.md, "The runner's own flags"). */
export const JEST_ARGS: ArgRules = {
  refuse: {
    listtests: WHY.noTests,
    showconfig: WHY.noTests,
    clearcache: WHY.noTests,
    init: WHY.noTests,
    version: WHY.noTests,
    help: WHY.noTests,
    findrelatedtests: 'it selects tests by the source files named after it; the preset selects the tests itself',
  },
  refuseShort: { h: WHY.noTests },
  drop: {
    testnamepattern: WHY.selection,
    reporters: WHY.report,
    json: WHY.report,
    outputfile: WHY.report,
    testresultsprocessor: WHY.report,
    ci: WHY.ci,
    passwithnotests: WHY.ci,
    coverage: WHY.coverage,
    collectcoverage: WHY.coverage,
    bail: WHY.bail,
    watch: WHY.watch,
    watchall: WHY.watch,
    shard: WHY.shard,
    onlychanged: WHY.changed,
    changedsince: WHY.changed,
    lastcommit: WHY.changed,
    onlyfailures: WHY.changed,
    updatesnapshot: WHY.snapshots,
  },
  dropShort: { t: WHY.selection, b: WHY.bail, o: WHY.changed, f: WHY.changed, u: WHY.snapshots },
  takesValue: [
    'testnamepattern',
    't',
    'reporters',
    'outputfile',
    'testresultsprocessor',
    'shard',
    'changedsince',
    'config',
    'c',
    'rootdir',
    'maxworkers',
    'w',
    'selectprojects',
    'testenvironment',
    'testtimeout',
  ],
};

export const VITEST_ARGS: ArgRules = {
  refuse: { version: WHY.noTests, help: WHY.noTests, standalone: WHY.noTests, ui: WHY.watch, open: WHY.watch },
  refuseShort: { h: WHY.noTests, v: WHY.noTests },
  drop: {
    run: WHY.ci,
    testnamepattern: WHY.selection,
    reporter: WHY.report,
    outputfile: WHY.report,
    retry: WHY.retries,
    coverage: WHY.coverage,
    passwithnotests: WHY.ci,
    bail: WHY.bail,
    watch: WHY.watch,
    shard: WHY.shard,
    changed: WHY.changed,
    update: WHY.snapshots,
  },
  dropShort: { t: WHY.selection, w: WHY.watch, u: WHY.snapshots },
  takesValue: ['testnamepattern', 't', 'reporter', 'outputfile', 'retry', 'shard', 'bail', 'config', 'c', 'root', 'r', 'dir', 'project', 'mode', 'environment', 'pool'],
};

export const MOCHA_ARGS: ArgRules = {
  refuse: { dryrun: WHY.noTests, listreporters: WHY.noTests, listinterfaces: WHY.noTests, version: WHY.noTests, help: WHY.noTests, watch: WHY.watch, invert: WHY.selection },
  refuseShort: { V: WHY.noTests, h: WHY.noTests, w: WHY.watch, i: WHY.selection },
  drop: { grep: WHY.selection, fgrep: WHY.selection, reporter: WHY.report, reporteroption: WHY.report, reporteroptions: WHY.report, retries: WHY.retries, bail: WHY.bail },
  dropShort: { g: WHY.selection, f: WHY.selection, R: WHY.report, O: WHY.report, b: WHY.bail },
  takesValue: [
    'grep',
    'g',
    'fgrep',
    'f',
    'reporter',
    'R',
    'reporteroption',
    'reporteroptions',
    'O',
    'retries',
    'require',
    'r',
    'config',
    'package',
    'ui',
    'u',
    'timeout',
    't',
    'slow',
    's',
    'file',
    'extension',
    'ignore',
    'exclude',
    'spec',
    'nodeoption',
    'n',
    'jobs',
    'j',
  ],
  clusters: true,
};

export const NODE_TEST_ARGS: ArgRules = {
  refuse: { watch: WHY.watch, watchpath: WHY.watch, testupdatesnapshots: WHY.snapshots, version: WHY.noTests, help: WHY.noTests, eval: WHY.noTests, print: WHY.noTests, check: WHY.noTests },
  refuseShort: { v: WHY.noTests, h: WHY.noTests, e: WHY.noTests, p: WHY.noTests, c: WHY.noTests },
  drop: { test: WHY.ci, testnamepattern: WHY.selection, testreporter: WHY.report, testreporterdestination: WHY.report, testshard: WHY.shard },
  takesValue: [
    'import',
    'require',
    'r',
    'loader',
    'experimentalloader',
    'conditions',
    'C',
    'envfile',
    'envfileifexists',
    'inputtype',
    'testnamepattern',
    'testskippattern',
    'testreporter',
    'testreporterdestination',
    'testshard',
    'testconcurrency',
    'testtimeout',
    'testisolation',
    'testcoverageinclude',
    'testcoverageexclude',
    'testcoveragebranches',
    'testcoveragefunctions',
    'testcoveragelines',
    'title',
    'stacktracelimit',
    'redirectwarnings',
  ],
  positionals:
    'the node-test preset names the test files itself (node writes each test’s file in its report), and a path among node’s options would end them; write an option’s value with = (--import=./setup.mjs)',
};

export const PYTEST_ARGS: ArgRules = {
  refuse: {
    collectonly: WHY.noTests,
    co: WHY.noTests,
    fixtures: WHY.noTests,
    markers: WHY.noTests,
    version: WHY.noTests,
    help: WHY.noTests,
    pdb: 'a re-run cannot stop for a debugger',
    trace: 'a re-run cannot stop for a debugger',
    numprocesses: "pytest-xdist's workers collect on their own and do not see the preset's selection",
    dist: "pytest-xdist's workers collect on their own and do not see the preset's selection",
  },
  refuseShort: { h: WHY.noTests, V: WHY.noTests, n: "pytest-xdist's workers collect on their own and do not see the preset's selection" },
  drop: {
    junitxml: WHY.report,
    exitfirst: WHY.bail,
    maxfail: WHY.bail,
    lf: WHY.changed,
    lastfailed: WHY.changed,
    sw: WHY.changed,
    stepwise: WHY.changed,
    stepwiseskip: WHY.changed,
    reruns: WHY.retries,
    rerunsdelay: WHY.retries,
    onlyrerun: WHY.retries,
  },
  dropShort: { k: WHY.selection, x: WHY.bail },
  takesValue: [
    'k',
    'm',
    'p',
    'c',
    'o',
    'W',
    'r',
    'n',
    'maxfail',
    'junitxml',
    'junitprefix',
    'rootdir',
    'confcutdir',
    'basetemp',
    'deselect',
    'ignore',
    'ignoreglob',
    'reruns',
    'rerunsdelay',
    'onlyrerun',
    'overrideini',
    'numprocesses',
    'dist',
  ],
  clusters: true,
};

/** gotestsum's own flags: before `--`. */
export const GOTESTSUM_ARGS: ArgRules = {
  refuse: {
    rawcommand: 'the preset runs go test itself',
    junitfiletestcaseclassname: "the preset reads gotestsum's default classname (the package's import path)",
    junitfiletestcasename: "the preset reads gotestsum's default test names",
    version: WHY.noTests,
    help: WHY.noTests,
  },
  refuseShort: { h: WHY.noTests },
  drop: {
    junitfile: WHY.report,
    format: WHY.ci,
    rerunfails: WHY.retries,
    rerunfailsmaxfailures: WHY.retries,
    rerunfailsreport: WHY.retries,
    rerunfailsrunrootcases: WHY.retries,
    rerunfailsabortonpanic: WHY.retries,
    watch: WHY.watch,
    watchchdir: WHY.watch,
    packages: 'the preset names the packages itself',
  },
  dropShort: { f: WHY.ci },
  takesValue: [
    'junitfile',
    'format',
    'f',
    'jsonfile',
    'rerunfailsmaxfailures',
    'rerunfailsreport',
    'packages',
    'postruncommand',
    'junitfiletestsuitename',
    'junitfileprojectname',
    'junitfiletestcaseclassname',
    'junitfiletestcasename',
    'formaticons',
  ],
  positionals: "put go test's flags after -- (gotestsum --format testname -- -race); the preset names the packages itself",
};

/** go test's flags: after `--`. */
export const GO_TEST_ARGS: ArgRules = {
  refuse: {
    list: WHY.noTests,
    c: WHY.noTests,
    o: WHY.noTests,
    fuzz: 'fuzzing does not re-run a fixed set of tests',
    args: "everything after -args goes to the test binary, and the preset's -run and packages must reach go test",
  },
  drop: { run: WHY.selection, count: 'the preset sets -count=1 (no cached results)', failfast: WHY.bail, json: WHY.report },
  takesValue: [
    'run',
    'skip',
    'count',
    'timeout',
    'tags',
    'parallel',
    'cpu',
    'p',
    'coverprofile',
    'covermode',
    'coverpkg',
    'shuffle',
    'bench',
    'benchtime',
    'exec',
    'ldflags',
    'gcflags',
    'asmflags',
    'mod',
    'modfile',
    'blockprofile',
    'cpuprofile',
    'memprofile',
    'mutexprofile',
    'trace',
    'outputdir',
    'vet',
    'pkgdir',
    'toolexec',
    'overlay',
    'pgo',
  ],
  positionals: 'the preset names the packages itself',
  goFlags: true,
};

/** gotestsum's screening: its own flags before the first `--`, go test's after it. */
export function screenGotestsum(args: readonly string[]): ScreenedArgs {
  const split = args.indexOf('--');
  const own = screen(split < 0 ? args : args.slice(0, split), GOTESTSUM_ARGS);
  if ('refused' in own) return own;
  const go = screen(split < 0 ? [] : args.slice(split + 1), GO_TEST_ARGS);
  if ('refused' in go) return go;
  return { args: [...own.args, '--', ...go.args], dropped: [...own.dropped, ...go.dropped] };
}
