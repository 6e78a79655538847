/**
 * Presets for runners that cannot run on this project's machine (no JVM, Ruby, browsers for Playwright, .NET,
 * PHP or Rust toolchain here): Maven Surefire, Gradle, RSpec, Playwright, `dotnet test`, PHPUnit, cargo nextest.
 * Their command construction is unit-tested; their behaviour against the real runner is documented from the
 * runners' documentation, NOT tested end to end (docs/rerun-presets.md says so for each). Pure.
 *
 * Test names come from pull requests: every filter value is validated or escaped for the runner's filter syntax,
 * and it is always one argv element of its own, where no runner reads it as an option: `--opt=value` where the
 * runner accepts it, a value validated not to start with `-` where it must be a separate argument (Gradle's
 * `--tests`, nextest's `-E`), positional arguments after `--` (Playwright) or with `./` in front (RSpec).
 */
import type { RerunPreset, RerunTest } from '../contract.ts';
import { markCommand, mergeCommand } from './collect.ts';
import { anchoredAlternation, jsRegexLiteral, pathArg, pcreLiteral, unique } from './pattern-escape.ts';
import { localBin } from './js.ts';
import { repeatCount } from './repeat.ts';

/** A Java class name as reports give it (nested classes with `$`). */
const JAVA_CLASS = /^[A-Za-z_$][A-Za-z0-9_$]*(\.[A-Za-z_$][A-Za-z0-9_$]*)*$/;
const JAVA_METHOD = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** `(String, int[])` and `[1]`: the parameter types and invocation index JUnit appends to a method name. */
const JAVA_METHOD_SUFFIX = /^([A-Za-z_$][A-Za-z0-9_$]*)(?:\([A-Za-z0-9_$.,<>?\[\] ]*\))?(?:\[[0-9]+\])?$/;

/**
 * The method of a JUnit test name: `placesOrder(String)[1]` → `placesOrder`; undefined when the name is not a
 * method name with those suffixes (a display name, a hostile name such as `$(touch /tmp/pwned)`).
 */
export function javaMethod(name: string): string | undefined {
  const m = JAVA_METHOD_SUFFIX.exec(name);
  return m !== null && JAVA_METHOD.test(m[1]!) ? m[1] : undefined;
}

/**
 * Surefire's `-Dtest` value: `Class#m1+m2,Other` (a class whose method is not a plain identifier, e.g. a JUnit 5
 * display name, is selected whole: a superset). undefined when a class name is not a Java class name: then the
 * whole suite runs (a superset, never fewer).
 */
export function surefireTestFilter(tests: readonly RerunTest[]): string | undefined {
  const byClass = new Map<string, Set<string> | 'all'>();
  for (const t of tests) {
    if (!JAVA_CLASS.test(t.classname)) return undefined;
    const m = javaMethod(t.name);
    const cur = byClass.get(t.classname);
    if (m === undefined || cur === 'all') byClass.set(t.classname, 'all');
    else byClass.set(t.classname, (cur ?? new Set<string>()).add(m));
  }
  return [...byClass].map(([c, ms]) => (ms === 'all' ? c : `${c}#${[...ms].join('+')}`)).join(',');
}

/**
 * Maven Surefire (`mvn test`): reports `TEST-<class>.xml` in each module's `target/surefire-reports`, with
 * `<flakyFailure>`/`<rerunFailure>` for `-Dsurefire.rerunFailingTestsCount` retries. The round runs exactly one
 * execution per test (`rerunFailingTestsCount=0`); the fresh files are merged into the report.
 */
export const maven: RerunPreset = {
  name: 'maven',
  recordsRetries: true,
  commands(tests, reportPath) {
    const filter = surefireTestFilter(tests);
    return [
      markCommand(reportPath),
      {
        argv: [
          'mvn',
          '--batch-mode',
          ...(filter !== undefined ? [`-Dtest=${filter}`] : []),
          '-Dsurefire.failIfNoSpecifiedTests=false',
          '-DfailIfNoTests=false',
          '-Dsurefire.rerunFailingTestsCount=0',
          'test',
        ],
      },
      mergeCommand(reportPath, ['**/target/surefire-reports']),
    ];
  },
};

/**
 * Gradle (`./gradlew test`): reports `TEST-<class>.xml` in `build/test-results/test` of each project; the
 * test-retry plugin (or `retry` in Develocity) writes each execution as its own `<testcase>`. `--tests` takes
 * `Class.method` with `*` wildcards; a method that is not a plain identifier selects its class (a superset).
 * `--rerun` (Gradle 7.6+) makes the test task run although its inputs did not change.
 */
export const gradle: RerunPreset = {
  name: 'gradle',
  recordsRetries: true,
  commands(tests, reportPath) {
    const filters: string[] = [];
    let all = false;
    for (const t of tests) {
      if (!JAVA_CLASS.test(t.classname)) all = true;
      const m = javaMethod(t.name);
      filters.push(m !== undefined ? `${t.classname}.${m}` : t.classname);
    }
    const selection = all ? [] : unique(filters).flatMap((f) => ['--tests', f]);
    return [markCommand(reportPath), { argv: ['./gradlew', 'test', '--rerun', ...selection, '--continue'] }, mergeCommand(reportPath, ['**/build/test-results/test'])];
  },
};

/**
 * RSpec with rspec_junit_formatter: `<testcase classname="spec.models.user_spec" name="<full description>"
 * file="./spec/models/user_spec.rb">`. `--example` selects examples whose full description CONTAINS the string
 * (a superset when one description contains another); the files narrow it when every test has one.
 */
export const rspec: RerunPreset = {
  name: 'rspec',
  recordsRetries: false,
  commands(tests, reportPath) {
    const files = tests.every((t) => t.file !== undefined && t.file !== '') ? unique(tests.map((t) => pathArg(t.file!.replace(/[[:].*$/s, '')))) : [];
    return [
      {
        argv: ['bundle', 'exec', 'rspec', '--format=progress', '--format=RspecJunitFormatter', `--out=${reportPath}`, ...unique(tests.map((t) => t.name)).map((n) => `--example=${n}`), ...files],
      },
    ];
  },
};

/**
 * Playwright's junit reporter: `<testcase name="describe › title" classname="<file>">`. `--grep` is tested against
 * `project file describe title @tags` joined by spaces; the pattern anchors the file, the titles (each ` › ` of the
 * JUnit name may be a space) and the end (or tags). Positional file arguments are regular expressions too, so
 * they are escaped, and they come after `--`: Playwright's CLI (commander) reads an argument starting with `-` as an
 * option anywhere before it, so a classname `--evil` would otherwise be one.
 */
export const playwright: RerunPreset = {
  name: 'playwright',
  // Not verified here (no browser run of Playwright on this machine): see docs/rerun-presets.md.
  recordsRetries: false,
  // `--repeat-each=N` makes N copies of each selected test, each its own testcase in the report; one worker runs
  // them in order.
  repeats: true,
  commands(tests, reportPath, _round, options) {
    const sources = tests.map((t) => {
      const titles = t.name.split(' › ').map(jsRegexLiteral).join('(?: › | )');
      return `(?:^| )${jsRegexLiteral(t.classname)} ${titles}(?: @.*)?$`;
    });
    const unique_ = unique(sources);
    const grep = unique_.length === 1 ? unique_[0]! : `(?:${unique_.join('|')})`;
    const files = unique(tests.map((t) => t.classname).filter((c) => c !== '')).map((c) => `${jsRegexLiteral(c)}$`);
    const n = repeatCount(options?.repeat);
    return [
      {
        argv: [...localBin('playwright'), 'test', '--reporter=line,junit', '--retries=0', ...(n > 1 ? [`--repeat-each=${n}`, '--workers=1'] : []), `--grep=${grep}`, '--', ...files],
        env: { PLAYWRIGHT_JUNIT_OUTPUT_FILE: reportPath },
      },
    ];
  },
};

/** A value in a `dotnet test --filter` expression: `\` before each of the filter syntax's special characters. */
export function dotnetFilterValue(s: string): string {
  return s.replace(/[\\()&|=!~,]/g, (c) => `\\${c}`);
}

/**
 * `dotnet test` with JunitXml.TestLogger: `<testcase classname="Ns.Class" name="Method(args)">`. The filter is
 * `FullyQualifiedName=Ns.Class.Method|…` (a theory's cases all run: a superset). The logger writes one file per
 * test assembly, merged into the report.
 */
export const dotnet: RerunPreset = {
  name: 'dotnet',
  recordsRetries: false,
  commands(tests, reportPath) {
    const fqns = unique(tests.map((t) => `${t.classname}.${t.name.replace(/\(.*$/s, '')}`));
    const filter = fqns.map((f) => `FullyQualifiedName=${dotnetFilterValue(f)}`).join('|');
    const dir = `${reportPath}.d`;
    return [markCommand(reportPath), { argv: ['dotnet', 'test', `--filter=${filter}`, `--logger=junit;LogFilePath=${dir}/{assembly}-{framework}.xml`] }, mergeCommand(reportPath, [dir])];
  },
};

/**
 * PHPUnit (`--log-junit`): `<testcase name="testFoo with data set #0" classname="Ns.FooTest" class="Ns\FooTest">`.
 * `--filter` is tested against `Ns\FooTest::testFoo with data set #0`; every ASCII character but letters, digits
 * and `_` is written `\xHH`, so PHPUnit's own filter syntax (delimiters, `#n` and `@name` data-set shorthands)
 * never applies. PHPUnit adds the `i` flag: a case-insensitive superset.
 */
export const phpunit: RerunPreset = {
  name: 'phpunit',
  recordsRetries: false,
  commands(tests, reportPath) {
    const sources = tests.map((t) => `${pcreLiteral(t.classname.replace(/\./g, '\\'))}${pcreLiteral('::')}${pcreLiteral(t.name)}`);
    return [{ argv: ['vendor/bin/phpunit', `--log-junit=${reportPath}`, `--filter=${anchoredAlternation(sources)}`] }];
  },
};

/** A string inside a nextest filterset matcher: `\` before `\`, `(`, `)` and `,`. */
export function nextestString(s: string): string {
  return s.replace(/[\\(),]/g, (c) => `\\${c}`);
}

/**
 * cargo nextest with a JUnit profile (the preset uses profile `ci`: `[profile.ci.junit] path = "junit.xml"` in
 * .config/nextest.toml): `<testcase classname="<binary id>" name="<test name>">`, with `<flakyFailure>` and
 * `<rerunFailure>` for retries. The filterset `(binary_id(=b) & test(=t)) | …` selects exactly the tests.
 */
export const nextest: RerunPreset = {
  name: 'nextest',
  recordsRetries: true,
  commands(tests, reportPath) {
    const expr = unique(tests.map((t) => (t.classname !== '' ? `(binary_id(=${nextestString(t.classname)}) & test(=${nextestString(t.name)}))` : `test(=${nextestString(t.name)})`))).join(' | ');
    return [markCommand(reportPath), { argv: ['cargo', 'nextest', 'run', '--profile=ci', '--no-fail-fast', '--retries=0', '-E', expr] }, mergeCommand(reportPath, ['target/nextest/ci'])];
  },
};
