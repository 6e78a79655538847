const require = process.getBuiltinModule('node:module').createRequire(import.meta.url);
const { availableParallelism } = require("node:os");
// src/rerun/variations.ts
var ENV_SEED = "FLAKEGUARD_RERUN_SEED";
var BASELINE_ENV = { TZ: "UTC", LANG: "C.UTF-8", LC_ALL: "C.UTF-8" };
var FAR_ZONE = "Pacific/Kiritimati";
var FAR_LOCALE = "tr_TR.UTF-8";
var BUSY_PER_CPU = 8;
var SEEDS = ["1", "2", "3", "4", "5", "6"];
var PER_SEED = 3;
function busyCount(cpus = availableParallelism()) {
  return BUSY_PER_CPU * Math.max(1, cpus);
}
function aloneArms(cpus) {
  const busy = busyCount(cpus);
  return [
    { variation: "rest", env: BASELINE_ENV, busy: 0, detail: "alone, TZ=UTC, LANG=C.UTF-8" },
    { variation: "tz", env: { ...BASELINE_ENV, TZ: FAR_ZONE }, busy: 0, detail: `TZ=${FAR_ZONE}` },
    { variation: "lang", env: { ...BASELINE_ENV, LANG: FAR_LOCALE, LC_ALL: FAR_LOCALE }, busy: 0, detail: `LANG=${FAR_LOCALE}` },
    { variation: "contention", env: BASELINE_ENV, busy, detail: `${busy} busy processes` }
  ];
}
var SEED_PRELOAD = `const seed = Number.parseInt(process.env.${ENV_SEED} ?? '', 10);
if (Number.isSafeInteger(seed)) {
  let a = Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b) >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  // Neighbouring seeds start neighbouring streams: the seed is scrambled and the first draws let go.
  next();
  next();
  Math.random = next;
}
`;
function seedEnv(seed, preloadPath, nodeOptions) {
  const url = new URL(`file://${preloadPath}`).href;
  const options = [nodeOptions ?? "", `--import="${url.replace(/"/g, "%22")}"`].filter((s) => s !== "").join(" ");
  return { ...BASELINE_ENV, [ENV_SEED]: seed, NODE_OPTIONS: options };
}
function presetSeed(options) {
  return options?.seed !== void 0 && /^\d{1,10}$/.test(options.seed) ? options.seed : void 0;
}

// src/rerun/presets/pattern-escape.ts
var JS_REGEX_SPECIAL = /[\\^$.*+?()[\]{}|/]/;
function jsRegexChar(ch) {
  if (JS_REGEX_SPECIAL.test(ch)) return `\\${ch}`;
  const code = ch.charCodeAt(0);
  if (ch.length === 1 && (code < 32 || code === 127 || code === 8232 || code === 8233)) {
    return `\\u${code.toString(16).padStart(4, "0")}`;
  }
  return ch;
}
var XML_WS = "[ \\t\\n\\r]";
function jsRegexLiteral(text) {
  return jsRegexLiteralWithGap(text, "");
}
function jsRegexLiteralWithGap(text, gap, wordBoundaries = false) {
  const word = (ch) => ch !== void 0 && /^[\p{L}\p{N}_]$/u.test(ch);
  let out = "";
  let prev;
  for (const ch of text) {
    if (!wordBoundaries || !word(prev) || !word(ch)) out += gap;
    out += ch === " " ? XML_WS : jsRegexChar(ch);
    prev = ch;
  }
  return out + gap;
}
var CONTROL_GAP = "[\\u0000-\\u001f\\u007f-\\u009f]*";
var ANSI_GAP = "(?:[\\u001b\\u009b][[\\]()#;?]*(?:[-a-zA-Z\\d\\/#&.:=?%@~_;]*\\u0007|(?:\\d{1,4}(?:;\\d{0,4})*)?[\\dA-PR-TZcf-ntqry=><~]))*";
function jsRegexLiteralWithSeparator(text, sep, alt, gap = "") {
  const parts = text.split(sep);
  if (parts.length === 1) return jsRegexLiteralWithGap(text, gap);
  return parts.map((p) => jsRegexLiteralWithGap(p, gap)).join(`(?:${jsRegexLiteral(sep)}|${jsRegexLiteral(alt)})`);
}
function anchoredAlternation(sources) {
  const unique2 = [...new Set(sources)];
  return unique2.length === 1 ? `^${unique2[0]}$` : `^(?:${unique2.join("|")})$`;
}
function goQuoteMeta(s) {
  return s.replace(/[\\.+*?()|[\]{}^$]/g, (c) => `\\${c}`);
}
function pathArg(p) {
  return p.startsWith("-") ? `./${p}` : p;
}
var GLOB_MAGIC = /[*?[\]{}()!+@\\,]/g;
function globForFile(p) {
  return pathArg(p.replace(GLOB_MAGIC, "?"));
}
function pcreLiteral(text) {
  let out = "";
  for (const ch of text) {
    const code = ch.codePointAt(0);
    out += code < 128 && !/[A-Za-z0-9_]/.test(ch) ? `\\x${code.toString(16).padStart(2, "0")}` : ch;
  }
  return out;
}
function unique(xs) {
  return [...new Set(xs)];
}

// src/rerun/presets/args.ts
function longName(word) {
  let name = word.replace(/^-+/, "").split("=")[0];
  name = name.split(".")[0];
  if (/^no-/i.test(name)) name = name.slice(3);
  return name.toLowerCase().replace(/[-_]/g, "");
}
function screen(args, rules) {
  const kept = [];
  const dropped = [];
  const takesValue = new Set(rules.takesValue ?? []);
  let afterDashes = false;
  for (let i = 0; i < args.length; i++) {
    const word = args[i];
    const positional = afterDashes || !word.startsWith("-") || word === "-";
    if (word === "--" && !afterDashes) {
      afterDashes = true;
      kept.push(word);
      continue;
    }
    if (positional) {
      if (rules.positionals !== void 0) return { refused: word, why: rules.positionals };
      kept.push(word);
      continue;
    }
    const long = rules.goFlags === true || word.startsWith("--");
    const hasValue = word.includes("=");
    let name;
    let refusedWhy;
    let dropWhy;
    if (long) {
      name = longName(word);
      refusedWhy = rules.refuse[name];
      dropWhy = rules.drop?.[name];
    } else {
      name = word[1];
      refusedWhy = rules.refuseShort?.[name];
      dropWhy = rules.dropShort?.[name];
      if (refusedWhy === void 0 && rules.clusters === true && word.length > 2 && !takesValue.has(name)) {
        for (const letter of word.slice(1)) {
          const why = rules.refuseShort?.[letter] ?? (rules.dropShort?.[letter] !== void 0 && letter !== name ? `write -${letter} on its own so that the preset can leave it out (${rules.dropShort[letter]})` : void 0);
          if (why !== void 0) {
            refusedWhy = why;
            break;
          }
          if (takesValue.has(letter)) break;
        }
        if (refusedWhy === void 0 && dropWhy !== void 0) refusedWhy = `write -${name} on its own so that the preset can leave it out (${dropWhy})`;
      }
    }
    if (refusedWhy !== void 0) return { refused: word, why: refusedWhy };
    const valueNext = !hasValue && (long || word.length === 2) && takesValue.has(name) && i + 1 < args.length;
    if (dropWhy !== void 0) {
      const asThePresetWritesIt = !valueNext && (long ? !hasValue || /=(?:true|1)$/i.test(word) : word.length === 2) && !/^--?no-/i.test(word);
      if (dropWhy === WHY.ci && asThePresetWritesIt) continue;
      dropped.push(`'${valueNext ? `${word} ${args[i + 1]}` : word}' (${dropWhy})`);
      if (valueNext) i++;
      continue;
    }
    kept.push(word);
    if (valueNext) kept.push(args[++i]);
  }
  return { args: kept, dropped };
}
var WHY = {
  selection: "the preset selects the tests to re-run itself",
  report: "the preset sets the reporter and where the report goes, so that flakeguard reads what it asked for",
  bail: "a re-run that stops at the first failure leaves the other asked tests unanswered",
  watch: "a re-run must end",
  shard: "a shard would leave out some of the asked tests",
  retries: "retries inside a re-run would hide its failures (the preset turns them off)",
  snapshots: "a re-run must not rewrite snapshots",
  changed: "the preset selects the tests itself; a filter by changed files would leave some out",
  coverage: "the preset turns coverage off: a re-run measures nothing",
  ci: "the preset sets it itself",
  noTests: "it makes the runner run no tests"
};
var JEST_ARGS = {
  refuse: {
    listtests: WHY.noTests,
    showconfig: WHY.noTests,
    clearcache: WHY.noTests,
    init: WHY.noTests,
    version: WHY.noTests,
    help: WHY.noTests,
    findrelatedtests: "it selects tests by the source files named after it; the preset selects the tests itself"
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
    updatesnapshot: WHY.snapshots
  },
  dropShort: { t: WHY.selection, b: WHY.bail, o: WHY.changed, f: WHY.changed, u: WHY.snapshots },
  takesValue: [
    "testnamepattern",
    "t",
    "reporters",
    "outputfile",
    "testresultsprocessor",
    "shard",
    "changedsince",
    "config",
    "c",
    "rootdir",
    "maxworkers",
    "w",
    "selectprojects",
    "testenvironment",
    "testtimeout"
  ]
};
var VITEST_ARGS = {
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
    update: WHY.snapshots
  },
  dropShort: { t: WHY.selection, w: WHY.watch, u: WHY.snapshots },
  takesValue: ["testnamepattern", "t", "reporter", "outputfile", "retry", "shard", "bail", "config", "c", "root", "r", "dir", "project", "mode", "environment", "pool"]
};
var MOCHA_ARGS = {
  refuse: { dryrun: WHY.noTests, listreporters: WHY.noTests, listinterfaces: WHY.noTests, version: WHY.noTests, help: WHY.noTests, watch: WHY.watch, invert: WHY.selection },
  refuseShort: { V: WHY.noTests, h: WHY.noTests, w: WHY.watch, i: WHY.selection },
  drop: { grep: WHY.selection, fgrep: WHY.selection, reporter: WHY.report, reporteroption: WHY.report, reporteroptions: WHY.report, retries: WHY.retries, bail: WHY.bail },
  dropShort: { g: WHY.selection, f: WHY.selection, R: WHY.report, O: WHY.report, b: WHY.bail },
  takesValue: [
    "grep",
    "g",
    "fgrep",
    "f",
    "reporter",
    "R",
    "reporteroption",
    "reporteroptions",
    "O",
    "retries",
    "require",
    "r",
    "config",
    "package",
    "ui",
    "u",
    "timeout",
    "t",
    "slow",
    "s",
    "file",
    "extension",
    "ignore",
    "exclude",
    "spec",
    "nodeoption",
    "n",
    "jobs",
    "j"
  ],
  clusters: true
};
var NODE_TEST_ARGS = {
  refuse: { watch: WHY.watch, watchpath: WHY.watch, testupdatesnapshots: WHY.snapshots, version: WHY.noTests, help: WHY.noTests, eval: WHY.noTests, print: WHY.noTests, check: WHY.noTests },
  refuseShort: { v: WHY.noTests, h: WHY.noTests, e: WHY.noTests, p: WHY.noTests, c: WHY.noTests },
  drop: { test: WHY.ci, testnamepattern: WHY.selection, testreporter: WHY.report, testreporterdestination: WHY.report, testshard: WHY.shard },
  takesValue: [
    "import",
    "require",
    "r",
    "loader",
    "experimentalloader",
    "conditions",
    "C",
    "envfile",
    "envfileifexists",
    "inputtype",
    "testnamepattern",
    "testskippattern",
    "testreporter",
    "testreporterdestination",
    "testshard",
    "testconcurrency",
    "testtimeout",
    "testisolation",
    "testcoverageinclude",
    "testcoverageexclude",
    "testcoveragebranches",
    "testcoveragefunctions",
    "testcoveragelines",
    "title",
    "stacktracelimit",
    "redirectwarnings"
  ],
  positionals: "the node-test preset names the test files itself (node writes each test\u2019s file in its report), and a path among node\u2019s options would end them; write an option\u2019s value with = (--import=./setup.mjs)"
};
var PYTEST_ARGS = {
  refuse: {
    collectonly: WHY.noTests,
    co: WHY.noTests,
    fixtures: WHY.noTests,
    markers: WHY.noTests,
    version: WHY.noTests,
    help: WHY.noTests,
    pdb: "a re-run cannot stop for a debugger",
    trace: "a re-run cannot stop for a debugger",
    numprocesses: "pytest-xdist's workers collect on their own and do not see the preset's selection",
    dist: "pytest-xdist's workers collect on their own and do not see the preset's selection"
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
    onlyrerun: WHY.retries
  },
  dropShort: { k: WHY.selection, x: WHY.bail },
  takesValue: [
    "k",
    "m",
    "p",
    "c",
    "o",
    "W",
    "r",
    "n",
    "maxfail",
    "junitxml",
    "junitprefix",
    "rootdir",
    "confcutdir",
    "basetemp",
    "deselect",
    "ignore",
    "ignoreglob",
    "reruns",
    "rerunsdelay",
    "onlyrerun",
    "overrideini",
    "numprocesses",
    "dist"
  ],
  clusters: true
};
var GOTESTSUM_ARGS = {
  refuse: {
    rawcommand: "the preset runs go test itself",
    junitfiletestcaseclassname: "the preset reads gotestsum's default classname (the package's import path)",
    junitfiletestcasename: "the preset reads gotestsum's default test names",
    version: WHY.noTests,
    help: WHY.noTests
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
    packages: "the preset names the packages itself"
  },
  dropShort: { f: WHY.ci },
  takesValue: [
    "junitfile",
    "format",
    "f",
    "jsonfile",
    "rerunfailsmaxfailures",
    "rerunfailsreport",
    "packages",
    "postruncommand",
    "junitfiletestsuitename",
    "junitfileprojectname",
    "junitfiletestcaseclassname",
    "junitfiletestcasename",
    "formaticons"
  ],
  positionals: "put go test's flags after -- (gotestsum --format testname -- -race); the preset names the packages itself"
};
var GO_TEST_ARGS = {
  refuse: {
    list: WHY.noTests,
    c: WHY.noTests,
    o: WHY.noTests,
    fuzz: "fuzzing does not re-run a fixed set of tests",
    args: "everything after -args goes to the test binary, and the preset's -run and packages must reach go test"
  },
  drop: { run: WHY.selection, count: "the preset sets -count=1 (no cached results)", failfast: WHY.bail, json: WHY.report },
  takesValue: [
    "run",
    "skip",
    "count",
    "timeout",
    "tags",
    "parallel",
    "cpu",
    "p",
    "coverprofile",
    "covermode",
    "coverpkg",
    "shuffle",
    "bench",
    "benchtime",
    "exec",
    "ldflags",
    "gcflags",
    "asmflags",
    "mod",
    "modfile",
    "blockprofile",
    "cpuprofile",
    "memprofile",
    "mutexprofile",
    "trace",
    "outputdir",
    "vet",
    "pkgdir",
    "toolexec",
    "overlay",
    "pgo"
  ],
  positionals: "the preset names the packages itself",
  goFlags: true
};
function screenGotestsum(args) {
  const split = args.indexOf("--");
  const own = screen(split < 0 ? args : args.slice(0, split), GOTESTSUM_ARGS);
  if ("refused" in own) return own;
  const go = screen(split < 0 ? [] : args.slice(split + 1), GO_TEST_ARGS);
  if ("refused" in go) return go;
  return { args: [...own.args, "--", ...go.args], dropped: [...own.dropped, ...go.dropped] };
}

// src/rerun/presets/go.ts
var IMPORT_PATH = /^[A-Za-z0-9_~+][A-Za-z0-9_.~+/-]*$/;
function goRunPattern(names) {
  const all = unique(names);
  const leaves = all.filter((n) => !all.some((m) => m !== n && m.startsWith(`${n}/`)));
  return leaves.map(
    (n) => n.split("/").map((level) => `^${goQuoteMeta(level)}$`).join("/")
  ).join("|");
}
var gotestsum = {
  name: "gotestsum",
  // gotestsum's --rerun-fails writes every run of a test as its own <testcase>; flakeguard reads those as attempts.
  recordsRetries: true,
  // `-count=N` runs each selected test N times in the one `go test` process; gotestsum writes each run as its own
  // <testcase>, a test's failed runs before its passed ones (gotestsum 1.8), not in the order they ran.
  repeats: true,
  repeatsInOrder: false,
  // gotestsum's own flags before `--`, go test's after it, as on the original command line.
  screenArgs: screenGotestsum,
  commands(tests, reportPath, _round, options) {
    const pkgs = unique(tests.map((t) => t.classname));
    const packages = pkgs.every((p) => IMPORT_PATH.test(p) && !p.includes("//") && !p.split("/").includes("..")) ? pkgs : ["./..."];
    const args = options?.args ?? [];
    const split = args.indexOf("--");
    return [
      {
        argv: [
          "gotestsum",
          ...split < 0 ? args : args.slice(0, split),
          `--junitfile=${reportPath}`,
          "--format=standard-verbose",
          "--",
          ...split < 0 ? [] : args.slice(split + 1),
          `-count=${Math.max(1, Math.floor(options?.repeat ?? 1))}`,
          ...presetSeed(options) !== void 0 ? [`-shuffle=${presetSeed(options)}`] : [],
          `-run=${goRunPattern(tests.map((t) => t.name))}`,
          ...packages
        ]
      }
    ];
  }
};

// src/rerun/presets/repeat.ts
var REPEAT_ENV = "FLAKEGUARD_PRESET_REPEAT";
function repeatCount(repeat) {
  return repeat !== void 0 && Number.isFinite(repeat) && repeat >= 1 ? Math.floor(repeat) : 1;
}
var WRITE_PROGRAM = `
const fs = require('node:fs');
const a = process.argv.slice(1);
for (let i = 0; i + 1 < a.length; i += 2) fs.writeFileSync(a[i], a[i + 1]);
`;
function writeFilesCommand(files) {
  return { argv: [process.execPath, "-e", WRITE_PROGRAM, ...files.flatMap(([p, t]) => [p, t])] };
}
var VITEST_REPORTER = `// flakeguard: makes vitest run each selected test FLAKEGUARD_PRESET_REPEAT times (docs/rerun-presets.md).
export default class FlakeguardRepeat {
  onInit(vitest) {
    const runner = process.env.FLAKEGUARD_PRESET_VITEST_RUNNER;
    for (const project of vitest.projects) {
      if (project.config.runner) {
        process.stderr.write('flakeguard: vitest project "' + (project.name || '') + '" sets its own runner: its tests run once each\\n');
        continue;
      }
      project.config.runner = runner;
    }
  }
}
`;
var VITEST_RUNNER = `// flakeguard: vitest's test runner, each selected test run FLAKEGUARD_PRESET_REPEAT times (docs/rerun-presets.md).
import { VitestTestRunner } from 'vitest/runners';

const N = Math.max(1, Math.floor(Number(process.env.FLAKEGUARD_PRESET_REPEAT) || 1));
const origin = new WeakMap();
const previous = new WeakMap();
const repeated = new WeakSet();

function repeat(suite) {
  if (repeated.has(suite)) return;
  repeated.add(suite);
  const tasks = [];
  for (const task of suite.tasks) {
    tasks.push(task);
    if (task.type === 'suite') repeat(task);
    if (task.type !== 'test' || task.mode !== 'run') continue;
    let before = task;
    for (let k = 2; k <= N; k++) {
      const copy = { ...task, id: task.id + '_flakeguard_' + k, result: undefined };
      Object.defineProperty(copy, 'context', { value: task.context, writable: true, configurable: true });
      origin.set(copy, task);
      previous.set(copy, before);
      before = copy;
      tasks.push(copy);
    }
  }
  suite.tasks = tasks;
}

export default class FlakeguardRepeatRunner extends VitestTestRunner {
  constructor(...args) {
    super(...args);
    // vitest wraps onCollected to send the collected tree to the reporters: the copies must be in it. (A runner
    // class of its own with an onCollected is called after the copies too.)
    const own = super.onCollected;
    let send;
    Object.defineProperty(this, 'onCollected', {
      configurable: true,
      get: () => {
        const next = send ?? (own === undefined ? undefined : own.bind(this));
        if (next === undefined) return undefined;
        return (files) => {
          if (N > 1) for (const file of files) repeat(file);
          return next(files);
        };
      },
      set: (fn) => {
        send = fn;
      },
    });
  }
  onBeforeTryTask(test, options) {
    const before = previous.get(test);
    if (before !== undefined) this.snapshotClient.clearTest(test.file.filepath, before.id);
    return super.onBeforeTryTask(test, options);
  }
  runTask(test) {
    const fn = VitestTestRunner.getTestFn(origin.get(test) ?? test);
    if (!fn) throw new Error('Test function is not found.');
    return fn();
  }
}
`;
var JEST_RUNNER = `// flakeguard: jest-circus, each selected test run FLAKEGUARD_PRESET_REPEAT times (docs/rerun-presets.md).
'use strict';
const path = require('node:path');

const N = Math.max(1, Math.floor(Number(process.env.FLAKEGUARD_PRESET_REPEAT) || 1));

function circus(config) {
  const from = [config.rootDir, process.cwd()];
  try {
    from.push(path.dirname(require.resolve('jest-runner', { paths: [config.rootDir, process.cwd()] })));
  } catch {}
  for (const dir of from) {
    let runner;
    try {
      runner = require(require.resolve('jest-circus/runner', { paths: [dir] }));
    } catch {
      continue;
    }
    // jest 29 exports the function, jest 30 an ES module's default.
    return typeof runner === 'function' ? runner : runner.default;
  }
  throw new Error('flakeguard: jest-circus (jest\\'s default test runner) was not found from ' + config.rootDir);
}

function testId(test) {
  const titles = [];
  for (let t = test; t.parent; t = t.parent) titles.unshift(t.name);
  return titles.join(' ');
}

function runs(test, state, parentSkipped) {
  return !(
    parentSkipped ||
    test.mode === 'skip' ||
    test.mode === 'todo' ||
    (state.hasFocusedTests && test.mode !== 'only') ||
    (state.testNamePattern && !state.testNamePattern.test(testId(test)))
  );
}

function repeat(block, state, parentSkipped, copies) {
  const skipped = parentSkipped || block.mode === 'skip';
  const children = [];
  for (const child of block.children) {
    children.push(child);
    if (child.type === 'describeBlock') repeat(child, state, skipped, copies);
    if (child.type !== 'test' || !runs(child, state, skipped)) continue;
    for (let k = 2; k <= N; k++) {
      const copy = { ...child, errors: [], retryReasons: [], unhandledErrors: [], invocations: 0, status: null, startedAt: null, duration: null, numPassingAsserts: 0 };
      copies.add(copy);
      children.push(copy);
    }
  }
  block.children = children;
}

module.exports = async function flakeguardRepeat(globalConfig, config, environment, runtime, testPath, sendMessageToJest) {
  const own = environment.handleTestEvent;
  const copies = new WeakSet();
  environment.handleTestEvent = function (event, state) {
    if (event.name === 'run_start' && N > 1) repeat(state.rootDescribeBlock, state, false, copies);
    // Each execution matches its snapshots afresh, as jest does for a retry.
    if (event.name === 'test_start' && copies.has(event.test)) {
      const expect = environment.global.expect;
      const snapshots = expect && expect.getState ? expect.getState().snapshotState : undefined;
      if (snapshots) snapshots.clear();
    }
    return own === undefined ? undefined : own.call(this, event, state);
  };
  return circus(config)(globalConfig, config, environment, runtime, testPath, sendMessageToJest);
};
`;
var MOCHA_HOOKS = `// flakeguard: mocha runs each selected test FLAKEGUARD_PRESET_REPEAT times (docs/rerun-presets.md).
'use strict';
const N = Math.max(1, Math.floor(Number(process.env.FLAKEGUARD_PRESET_REPEAT) || 1));

function repeat(suite) {
  const tests = [];
  for (const test of suite.tests) {
    tests.push(test);
    if (test.isPending()) continue;
    for (let k = 2; k <= N; k++) tests.push(test.clone());
  }
  suite.tests = tests;
  for (const child of suite.suites) repeat(child);
}

exports.mochaHooks = {
  beforeAll() {
    let root = this.test.parent;
    while (root.parent) root = root.parent;
    if (N > 1 && !root.flakeguardRepeated) {
      root.flakeguardRepeated = true;
      repeat(root);
    }
  },
};
`;

// src/rerun/presets/js.ts
function localBin(bin) {
  return [`node_modules/.bin/${bin}`];
}
var vitest = {
  name: "vitest",
  recordsRetries: false,
  keepsOrder: true,
  repeats: true,
  // The line of `npm test` may start with vitest's `run` subcommand: the preset says it itself.
  screenArgs: (args) => screen(args[0] === "run" ? args.slice(1) : args, VITEST_ARGS),
  commands(tests, reportPath, _round, options) {
    const files = unique(tests.map((t) => t.classname || t.file || "").filter((f) => f !== "")).map(vitestFilter);
    const pattern = anchoredAlternation(tests.map((t) => jsRegexLiteralWithSeparator(t.name, " > ", " ", CONTROL_GAP)));
    const n = repeatCount(options?.repeat);
    const seed = presetSeed(options);
    const reporter = `${reportPath}.flakeguard-vitest-reporter.mjs`;
    const runner = `${reportPath}.flakeguard-vitest-runner.mjs`;
    const run = {
      argv: [
        ...localBin("vitest"),
        "run",
        ...options?.args ?? [],
        ...files,
        `--testNamePattern=${pattern}`,
        "--reporter=default",
        "--reporter=junit",
        `--outputFile.junit=${reportPath}`,
        "--retry=0",
        "--coverage.enabled=false",
        "--passWithNoTests",
        ...n > 1 ? [`--reporter=${reporter}`] : [],
        ...seed !== void 0 ? ["--sequence.shuffle", `--sequence.seed=${seed}`] : []
      ]
    };
    if (n === 1) return [run];
    run.env = { [REPEAT_ENV]: String(n), FLAKEGUARD_PRESET_VITEST_RUNNER: runner };
    return [
      writeFilesCommand([
        [reporter, VITEST_REPORTER],
        [runner, VITEST_RUNNER]
      ]),
      run
    ];
  }
};
function vitestFilter(p) {
  const cut = p.replace(/:\d+(-\d+)?$/, "");
  return cut.startsWith("/") ? cut : `./${cut.replace(/^\.\//, "")}`;
}
function fullNames(t) {
  const { classname: c, name: n } = t;
  if (c === "" || n.endsWith(c)) return [n];
  if (c.endsWith(n)) return [c];
  return [`${c} ${n}`, n];
}
var jest = {
  name: "jest",
  recordsRetries: false,
  keepsOrder: true,
  repeats: true,
  screenArgs: (args) => screen(args, JEST_ARGS),
  commands(tests, reportPath, _round, options) {
    const names = tests.flatMap((t) => fullNames(t).map((n2) => n2.startsWith(" ") ? n2.slice(1) : n2));
    const pattern = anchoredAlternation(names.map(jsRegexLiteral));
    const n = repeatCount(options?.repeat);
    const seed = presetSeed(options);
    const runner = `${reportPath}.flakeguard-jest-runner.cjs`;
    const run = {
      argv: [
        ...localBin("jest"),
        ...options?.args ?? [],
        "--ci",
        `--testNamePattern=${pattern}`,
        "--reporters=default",
        "--reporters=jest-junit",
        "--coverage=false",
        "--passWithNoTests",
        ...seed !== void 0 ? ["--randomize", `--seed=${seed}`] : []
      ],
      env: { JEST_JUNIT_OUTPUT_FILE: reportPath }
    };
    if (n === 1 || (options?.args ?? []).some((a) => /^--test-?runner(=|$)/i.test(a))) return [run];
    run.argv.push(`--testRunner=${runner}`);
    run.env[REPEAT_ENV] = String(n);
    return [writeFilesCommand([[runner, JEST_RUNNER]]), run];
  }
};
var ROOT_SUITE = "Root Suite";
var mocha = {
  name: "mocha",
  recordsRetries: false,
  keepsOrder: true,
  repeats: true,
  screenArgs: (args) => screen(args, MOCHA_ARGS),
  commands(tests, reportPath, _round, options) {
    const pattern = anchoredAlternation(tests.flatMap(fullNames).map((n2) => jsRegexLiteralWithGap(n2, ANSI_GAP, true)));
    const twin = (t) => / \[\d+\]$/.test(t.id) && !/ \[\d+\]$/.test(t.name);
    const fromSuites = tests.every((t) => t.file !== void 0 && t.file !== "" && t.suite !== void 0 && t.suite !== "" && t.suite !== ROOT_SUITE && !twin(t));
    const files = fromSuites ? unique(tests.map((t) => pathArg(t.file))) : [];
    const n = repeatCount(options?.repeat);
    const hooks = `${reportPath}.flakeguard-mocha-hooks.cjs`;
    const run = {
      argv: [...localBin("mocha"), ...options?.args ?? [], "--reporter=mocha-junit-reporter", `--grep=${pattern}`, "--retries=0", ...n > 1 ? [`--require=${hooks}`] : [], ...files],
      env: { MOCHA_FILE: reportPath }
    };
    if (n === 1) return [run];
    run.env[REPEAT_ENV] = String(n);
    return [writeFilesCommand([[hooks, MOCHA_HOOKS]]), run];
  }
};
function nodeJunitLiteral(text) {
  return text.split("&quot;").map(jsRegexLiteral).join('(?:"|&quot;)');
}
var nodeTest = {
  name: "node-test",
  recordsRetries: false,
  keepsOrder: true,
  screenArgs: (args) => screen(args, NODE_TEST_ARGS),
  commands(tests, reportPath, _round, options) {
    const sources = tests.flatMap((t) => {
      const name = nodeJunitLiteral(t.name);
      if (t.classname === "") return [name];
      const owner = t.classname.split(".").map(nodeJunitLiteral).join("(?:\\.| )");
      if (t.classname === "test") return [`(?:${owner} )?${name}`];
      return [`${owner} ${name}`, owner];
    });
    const files = tests.every((t) => t.file !== void 0 && t.file !== "") ? unique(tests.map((t) => globForFile(t.file))) : [];
    return [
      {
        argv: [
          "node",
          "--test",
          ...options?.args ?? [],
          "--test-reporter=spec",
          "--test-reporter-destination=stdout",
          "--test-reporter=junit",
          `--test-reporter-destination=${reportPath}`,
          `--test-name-pattern=${anchoredAlternation(sources)}`,
          ...files
        ]
      }
    ];
  }
};

// src/rerun/presets/pytest.ts
var PYTEST_PROGRAM = `
import json, os, sys
import pytest
try:
    from _pytest.junitxml import mangle_test_address, bin_xml_escape
except Exception:
    import re
    def mangle_test_address(address):
        path, bracket, params = address.partition("[")
        names = path.split("::")
        names[0] = re.sub(r"\\.py$", "", names[0].replace("/", "."))
        names[-1] += bracket + params
        return names
    def bin_xml_escape(arg):
        return re.sub("[^\\t\\n\\r\\x20-\\x7e\\x80-\\ud7ff\\ue000-\\ufffd\\U00010000-\\U0010ffff]", lambda m: "#x%02X" % ord(m.group()) if ord(m.group()) <= 0xFF else "#x%04X" % ord(m.group()), str(arg))

def norm(s):
    return s.replace("\\t", " ").replace("\\n", " ").replace("\\r", " ")

wanted_list = json.loads(sys.argv[1])
report = sys.argv[2]
extra = json.loads(sys.argv[3]) if len(sys.argv) > 3 else []
repeat = max(1, int(sys.argv[4])) if len(sys.argv) > 4 else 1
wanted = set((norm(c), norm(n)) for c, n, f in wanted_list)

def find_file(classname, file):
    if file and os.path.isfile(file):
        return file
    parts = classname.split(".")
    for k in range(len(parts), 0, -1):
        candidate = os.path.join(*parts[:k]) + ".py"
        if os.path.isfile(candidate):
            return candidate
    return None

files = []
for c, n, f in wanted_list:
    found = find_file(c, f)
    if found is None:
        files = []
        break
    found = found if not found.startswith("-") else os.path.join(".", found)
    if found not in files:
        files.append(found)

class FlakeguardSelect:
    @pytest.hookimpl(trylast=True)
    def pytest_collection_modifyitems(self, session, config, items):
        prefix = getattr(config.option, "junitprefix", None)
        keep, drop = [], []
        for item in items:
            names = mangle_test_address(item.nodeid)
            classnames = names[:-1]
            if prefix:
                classnames.insert(0, prefix)
            key = (norm(".".join(classnames)), norm(bin_xml_escape(names[-1])))
            (keep if key in wanted else drop).append(item)
        if drop:
            config.hook.pytest_deselected(items=drop)
        items[:] = [item for item in keep for _ in range(repeat)]

sys.exit(pytest.main(extra + files + ["--junitxml=" + report], plugins=[FlakeguardSelect()]))
`;
var pytest = {
  name: "pytest",
  // Plain pytest has no retries; see docs/rerun-presets.md for pytest-rerunfailures.
  recordsRetries: false,
  // pytest keeps the collection order when it deselects the rest.
  keepsOrder: true,
  // The program's plugin runs each selected item options.repeat times in a row.
  repeats: true,
  screenArgs: (args) => screen(args, PYTEST_ARGS),
  commands(tests, reportPath, _round, options) {
    const json = JSON.stringify(tests.map((t) => [t.classname, t.name, t.file ?? ""]));
    const args = options?.args ?? [];
    const repeat = Math.max(1, Math.floor(options?.repeat ?? 1));
    const tail = repeat > 1 ? [JSON.stringify(args), String(repeat)] : args.length > 0 ? [JSON.stringify(args)] : [];
    return [{ argv: ["python3", "-c", PYTEST_PROGRAM, json, reportPath, ...tail] }];
  }
};

// src/rerun/presets/collect.ts
var COLLECT_PROGRAM = `
const fs = require('node:fs');
const path = require('node:path');
const [mode, report, ...dirs] = process.argv.slice(1);
const mark = report + '.since';
if (mode === 'mark') {
  fs.mkdirSync(path.dirname(report), { recursive: true });
  fs.writeFileSync(mark, '');
  process.exit(0);
}
const since = fs.statSync(mark).mtimeMs;
function below(root, rel, depth, out) {
  const candidate = path.join(root, rel);
  try { if (fs.statSync(candidate).isDirectory()) out.push(candidate); } catch {}
  if (depth >= 8) return;
  let entries = [];
  try { entries = fs.readdirSync(root, { withFileTypes: true }); } catch { return; }
  for (const e of entries) {
    if (!e.isDirectory() || e.name.startsWith('.') || e.name === 'node_modules') continue;
    below(path.join(root, e.name), rel, depth + 1, out);
  }
}
const folders = [];
for (const d of dirs) {
  if (d.startsWith('**/')) below('.', d.slice(3), 0, folders);
  else folders.push(d);
}
const files = [];
for (const folder of [...new Set(folders.map((f) => path.resolve(f)))]) {
  let names = [];
  try { names = fs.readdirSync(folder); } catch { continue; }
  for (const name of names.sort()) {
    if (!name.endsWith('.xml')) continue;
    const file = path.join(folder, name);
    const st = fs.statSync(file);
    if (st.isFile() && st.mtimeMs >= since && path.resolve(file) !== path.resolve(report)) files.push(file);
  }
}
if (files.length === 0) {
  console.error('flakeguard: no JUnit report written by this round in ' + dirs.join(', '));
  process.exit(1);
}
const parts = [];
for (const file of files) {
  let xml = fs.readFileSync(file, 'utf8').replace(/^\\uFEFF/, '');
  xml = xml.replace(/^\\s*<\\?xml[^?]*\\?>/, '').trim();
  const open = /^(?:<!--[\\s\\S]*?-->\\s*)*<testsuites\\b[^>]*?(\\/?)>/.exec(xml);
  if (open) {
    if (open[1] === '/') continue;
    const end = xml.lastIndexOf('</testsuites>');
    xml = xml.slice(open[0].length, end < 0 ? xml.length : end);
  }
  parts.push(xml);
}
fs.writeFileSync(report, '<?xml version="1.0" encoding="UTF-8"?>\\n<testsuites>\\n' + parts.join('\\n') + '\\n</testsuites>\\n');
console.log('flakeguard: merged ' + files.length + ' JUnit file(s) into ' + report);
`;
function markCommand(reportPath) {
  return { argv: [process.execPath, "-e", COLLECT_PROGRAM, "mark", reportPath] };
}
function mergeCommand(reportPath, dirs) {
  return { argv: [process.execPath, "-e", COLLECT_PROGRAM, "merge", reportPath, ...dirs] };
}

// src/rerun/presets/recipes.ts
var JAVA_CLASS = /^[A-Za-z_$][A-Za-z0-9_$]*(\.[A-Za-z_$][A-Za-z0-9_$]*)*$/;
var JAVA_METHOD = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
var JAVA_METHOD_SUFFIX = /^([A-Za-z_$][A-Za-z0-9_$]*)(?:\([A-Za-z0-9_$.,<>?\[\] ]*\))?(?:\[[0-9]+\])?$/;
function javaMethod(name) {
  const m = JAVA_METHOD_SUFFIX.exec(name);
  return m !== null && JAVA_METHOD.test(m[1]) ? m[1] : void 0;
}
function surefireTestFilter(tests) {
  const byClass = /* @__PURE__ */ new Map();
  for (const t of tests) {
    if (!JAVA_CLASS.test(t.classname)) return void 0;
    const m = javaMethod(t.name);
    const cur = byClass.get(t.classname);
    if (m === void 0 || cur === "all") byClass.set(t.classname, "all");
    else byClass.set(t.classname, (cur ?? /* @__PURE__ */ new Set()).add(m));
  }
  return [...byClass].map(([c, ms]) => ms === "all" ? c : `${c}#${[...ms].join("+")}`).join(",");
}
var maven = {
  name: "maven",
  recordsRetries: true,
  commands(tests, reportPath) {
    const filter = surefireTestFilter(tests);
    return [
      markCommand(reportPath),
      {
        argv: [
          "mvn",
          "--batch-mode",
          ...filter !== void 0 ? [`-Dtest=${filter}`] : [],
          "-Dsurefire.failIfNoSpecifiedTests=false",
          "-DfailIfNoTests=false",
          "-Dsurefire.rerunFailingTestsCount=0",
          "test"
        ]
      },
      mergeCommand(reportPath, ["**/target/surefire-reports"])
    ];
  }
};
var gradle = {
  name: "gradle",
  recordsRetries: true,
  commands(tests, reportPath) {
    const filters = [];
    let all = false;
    for (const t of tests) {
      if (!JAVA_CLASS.test(t.classname)) all = true;
      const m = javaMethod(t.name);
      filters.push(m !== void 0 ? `${t.classname}.${m}` : t.classname);
    }
    const selection = all ? [] : unique(filters).flatMap((f) => ["--tests", f]);
    return [markCommand(reportPath), { argv: ["./gradlew", "test", "--rerun", ...selection, "--continue"] }, mergeCommand(reportPath, ["**/build/test-results/test"])];
  }
};
var rspec = {
  name: "rspec",
  recordsRetries: false,
  commands(tests, reportPath) {
    const files = tests.every((t) => t.file !== void 0 && t.file !== "") ? unique(tests.map((t) => pathArg(t.file.replace(/[[:].*$/s, "")))) : [];
    return [
      {
        argv: ["bundle", "exec", "rspec", "--format=progress", "--format=RspecJunitFormatter", `--out=${reportPath}`, ...unique(tests.map((t) => t.name)).map((n) => `--example=${n}`), ...files]
      }
    ];
  }
};
var playwright = {
  name: "playwright",
  // Not verified here (no browser run of Playwright on this machine): see docs/rerun-presets.md.
  recordsRetries: false,
  // `--repeat-each=N` makes N copies of each selected test, each its own testcase in the report; one worker runs
  // them in order.
  repeats: true,
  commands(tests, reportPath, _round, options) {
    const sources = tests.map((t) => {
      const titles = t.name.split(" \u203A ").map(jsRegexLiteral).join("(?: \u203A | )");
      return `(?:^| )${jsRegexLiteral(t.classname)} ${titles}(?: @.*)?$`;
    });
    const unique_ = unique(sources);
    const grep = unique_.length === 1 ? unique_[0] : `(?:${unique_.join("|")})`;
    const files = unique(tests.map((t) => t.classname).filter((c) => c !== "")).map((c) => `${jsRegexLiteral(c)}$`);
    const n = repeatCount(options?.repeat);
    return [
      {
        argv: [...localBin("playwright"), "test", "--reporter=line,junit", "--retries=0", ...n > 1 ? [`--repeat-each=${n}`, "--workers=1"] : [], `--grep=${grep}`, "--", ...files],
        env: { PLAYWRIGHT_JUNIT_OUTPUT_FILE: reportPath }
      }
    ];
  }
};
function dotnetFilterValue(s) {
  return s.replace(/[\\()&|=!~,]/g, (c) => `\\${c}`);
}
var dotnet = {
  name: "dotnet",
  recordsRetries: false,
  commands(tests, reportPath) {
    const fqns = unique(tests.map((t) => `${t.classname}.${t.name.replace(/\(.*$/s, "")}`));
    const filter = fqns.map((f) => `FullyQualifiedName=${dotnetFilterValue(f)}`).join("|");
    const dir = `${reportPath}.d`;
    return [markCommand(reportPath), { argv: ["dotnet", "test", `--filter=${filter}`, `--logger=junit;LogFilePath=${dir}/{assembly}-{framework}.xml`] }, mergeCommand(reportPath, [dir])];
  }
};
var phpunit = {
  name: "phpunit",
  recordsRetries: false,
  commands(tests, reportPath) {
    const sources = tests.map((t) => `${pcreLiteral(t.classname.replace(/\./g, "\\"))}${pcreLiteral("::")}${pcreLiteral(t.name)}`);
    return [{ argv: ["vendor/bin/phpunit", `--log-junit=${reportPath}`, `--filter=${anchoredAlternation(sources)}`] }];
  }
};
function nextestString(s) {
  return s.replace(/[\\(),]/g, (c) => `\\${c}`);
}
var nextest = {
  name: "nextest",
  recordsRetries: true,
  commands(tests, reportPath) {
    const expr = unique(tests.map((t) => t.classname !== "" ? `(binary_id(=${nextestString(t.classname)}) & test(=${nextestString(t.name)}))` : `test(=${nextestString(t.name)})`)).join(" | ");
    return [markCommand(reportPath), { argv: ["cargo", "nextest", "run", "--profile=ci", "--no-fail-fast", "--retries=0", "-E", expr] }, mergeCommand(reportPath, ["target/nextest/ci"])];
  }
};

// src/rerun/presets/index.ts
var ALL = [vitest, jest, mocha, nodeTest, pytest, gotestsum, maven, gradle, rspec, playwright, dotnet, phpunit, nextest];
var PRESETS = new Map(ALL.map((p) => [p.name, p]));
function findPreset(name) {
  return PRESETS.get(name.trim());
}

export {
  SEEDS,
  PER_SEED,
  aloneArms,
  SEED_PRELOAD,
  seedEnv,
  PRESETS,
  findPreset
};
