/** Attempt fields, durations, timestamps, ids and locations. */
import { describe, expect, it } from 'vitest';
import { parseReportText, testId } from '../../src/junit/index.ts';
import { MESSAGE_CAP, DETAILS_CAP, normaliseTimestamp, parseDuration } from '../../src/junit/junit.ts';
import { Locator } from '../../src/junit/location.ts';

const WS = '/home/runner/work/repo/repo';
const one = (testcase: string, suiteAttrs = '', workspace = WS) => {
  const r = parseReportText(`<testsuites><testsuite name="S"${suiteAttrs}>${testcase}</testsuite></testsuites>`, 'r.xml', { workspace });
  expect(r.problems).toEqual([]);
  expect(r.tests).toHaveLength(1);
  return r.tests[0]!;
};

describe('attempt fields', () => {
  it('message from the attribute, else the first non-empty line of the body, trimmed', () => {
    expect(one('<testcase name="t"><failure message="  boom  " type="E">line1\nline2</failure></testcase>').attempts[0]).toEqual({
      status: 'failed',
      message: 'boom',
      type: 'E',
      details: 'line1\nline2',
    });
    expect(one('<testcase name="t"><failure>\n\n   first line  \n second</failure></testcase>').attempts[0]!.message).toBe('first line');
    expect(one('<testcase name="t"><error message="">  body  </error></testcase>').attempts[0]).toEqual({ status: 'error', message: 'body', details: 'body' });
    expect(one('<testcase name="t"><failure/></testcase>').attempts[0]).toEqual({ status: 'failed' });
  });

  it(`caps message at ${MESSAGE_CAP} and details at ${DETAILS_CAP} characters`, () => {
    const long = 'é'.repeat(10_000);
    const a = one(`<testcase name="t"><failure>${long}</failure></testcase>`).attempts[0]!;
    expect(a.message).toBe('é'.repeat(MESSAGE_CAP));
    expect(a.details).toBe('é'.repeat(DETAILS_CAP));
  });

  it('details join text, CDATA and entity pieces in order', () => {
    expect(one('<testcase name="t"><failure>a &lt; b<![CDATA[ <c> ]]>d<!-- no -->e</failure></testcase>').attempts[0]!.details).toBe('a < b <c> de');
  });

  it('status: first <failure>/<error> child in document order wins; skipped only without them', () => {
    const codes = (body: string) => one(`<testcase name="t">${body}</testcase>`).attempts.map((a) => a.status);
    expect(codes('<skipped/><failure message="f"/><error message="e"/>')).toEqual(['failed']);
    expect(codes('<error message="e"/><failure message="f"/>')).toEqual(['error']);
    expect(codes('<skipped message="why"/>')).toEqual(['skipped']);
    expect(codes('<system-out>failure</system-out>')).toEqual(['passed']);
    // Result elements only count as direct children of <testcase>.
    expect(codes('<properties><failure/></properties>')).toEqual(['passed']);
    // status/result attributes used by googletest, CTest, Bazel.
    expect(one('<testcase name="t" status="notrun"/>').attempts[0]!.status).toBe('skipped');
    expect(one('<testcase name="t" result="suppressed"/>').attempts[0]!.status).toBe('skipped');
    expect(one('<testcase name="t" status="run"/>').attempts[0]!.status).toBe('passed');
  });

  it('rerun elements without a first <failure> are the attempts themselves', () => {
    expect(one('<testcase name="t"><rerunFailure message="a"/><rerunError message="b"/></testcase>').attempts).toEqual([
      { status: 'failed', message: 'a' },
      { status: 'error', message: 'b' },
    ]);
  });
});

describe('durations', () => {
  it.each([
    ['1.5', 1.5],
    ['0', 0],
    ['0.', 0],
    ['.25', 0.25],
    [' 2.5 ', 2.5],
    ['1e3', 1000],
    ['+3', 3],
    ['1,234.5', 1234.5],
    ['12,345,678.9', 12345678.9],
    ['1,234', 1234],
    ['0,5', 0.5],
    ['12,75', 12.75],
    ['', undefined],
    ['abc', undefined],
    ['-1', undefined],
    ['NaN', undefined],
    ['Infinity', undefined],
    ['1.2.3', undefined],
    ['1,2,3', undefined],
    ['<<computed>>', undefined],
    ['5s', undefined],
    ['.', undefined],
    ['..5', undefined],
    ['00012.500', 12.5],
    ['9'.repeat(400), undefined],
    [undefined, undefined],
  ] as Array<[string | undefined, number | undefined]>)('%j → %j', (raw, expected) => {
    expect(parseDuration(raw)).toBe(expected);
  });

  it('a missing time gives no durationSec', () => {
    expect(one('<testcase name="t"/>').attempts[0]).toEqual({ status: 'passed' });
    expect(one('<testcase name="t" time="1,234.5"/>').attempts[0]).toEqual({ status: 'passed', durationSec: 1234.5 });
  });
});

describe('timestamps', () => {
  it.each([
    ['2024-01-02T03:04:05', '2024-01-02T03:04:05.000Z'],
    ['2024-01-02T03:04:05Z', '2024-01-02T03:04:05.000Z'],
    ['2024-01-02T03:04:05.123456', '2024-01-02T03:04:05.123Z'],
    ['2024-01-02T03:04:05.1+02:00', '2024-01-02T01:04:05.100Z'],
    ['2024-01-02T03:04:05-0530', '2024-01-02T08:34:05.000Z'],
    ['2024-01-02 03:04:05', '2024-01-02T03:04:05.000Z'],
    ['2024-01-02T03:04', '2024-01-02T03:04:00.000Z'],
    ['2024-01-02', '2024-01-02T00:00:00.000Z'],
    ['2024-13-02T03:04:05', undefined],
    ['2024-02-30T03:04:05', undefined],
    ['2024-01-02T25:04:05', undefined],
    ['yesterday', undefined],
    ['', undefined],
  ])('%s → %s', (raw, iso) => {
    expect(normaliseTimestamp(raw)).toBe(iso);
  });

  it('the report timestamp is the earliest of all suites, any zone', () => {
    const r = parseReportText(
      '<testsuites timestamp="garbage"><testsuite timestamp="2024-05-01T10:00:00"/><testsuite timestamp="2024-05-01T11:30:00+02:00"/><testsuite timestamp="2024-05-01T09:45:00Z"><testsuite timestamp="2024-05-01T10:00:00-01:00"/></testsuite></testsuites>',
      'r.xml',
    );
    expect(r.timestamp).toBe('2024-05-01T09:30:00.000Z');
    expect(parseReportText('<testsuite/>', 'r.xml').timestamp).toBeUndefined();
  });
});

describe('test ids', () => {
  it('classname::name, else suite::name, else name; the name verbatim', () => {
    expect(testId({ classname: 'a.B', name: 'c', suite: 'S' })).toBe('a.B::c');
    expect(testId({ classname: '', name: 'c', suite: 'S' })).toBe('S::c');
    expect(testId({ classname: '', name: 'c', suite: '' })).toBe('c');
    expect(testId({ classname: 'K', name: ' spaced :: name [1] ', suite: '', file: 'f.ts' })).toBe('K:: spaced :: name [1] ');
    // The file is never part of the id (it appears and disappears between reporter versions).
    expect(testId({ classname: '', name: 'c', suite: '', file: 'a.ts' })).toBe(testId({ classname: '', name: 'c', suite: '' }));
  });

  it('the same name under two classnames is two tests; in two suites with one classname it is one', () => {
    const r = parseReportText(
      '<testsuites><testsuite name="S1"><testcase classname="A" name="t"/><testcase classname="B" name="t"/></testsuite><testsuite name="S2"><testcase classname="A" name="t"/><testcase name="t"/></testsuite></testsuites>',
      'r.xml',
    );
    expect(r.tests.map((t) => [t.id, t.attempts.length, t.suite])).toEqual([
      ['A::t', 2, 'S1'],
      ['B::t', 1, 'S1'],
      ['S2::t', 1, 'S2'],
    ]);
  });
});

describe('locations', () => {
  it('file/line attributes of the testcase, or file inherited from the innermost suite', () => {
    expect(one('<testcase name="t" file="src/a.test.ts" line="12"/>')).toMatchObject({ file: 'src/a.test.ts', line: 12 });
    expect(one('<testcase name="t" line="7"/>', ` file="${WS}/pkg/b_test.py"`)).toMatchObject({ file: 'pkg/b_test.py', line: 7 });
    expect(one('<testcase name="t" file="./x/../y/c.rb"/>')).toMatchObject({ file: 'y/c.rb' });
    const noLine = one('<testcase name="t" file="a.ts" line="twelve"/>');
    expect(noLine.file).toBe('a.ts');
    expect(noLine.line).toBeUndefined();
  });

  it('Windows paths and file:// URLs', () => {
    expect(one('<testcase name="t" file="D:\\a\\repo\\repo\\src\\A.cs" line="3"/>', '', 'D:\\a\\repo\\repo')).toMatchObject({ file: 'src/A.cs', line: 3 });
    expect(one('<testcase name="t" file="d:/A/Repo/Repo/src/B.cs"/>', '', 'D:\\a\\repo\\repo')).toMatchObject({ file: 'src/B.cs' });
    expect(one(`<testcase name="t" file="file://${WS}/src/my%20file.ts"/>`)).toMatchObject({ file: 'src/my file.ts' });
  });

  it('a file attribute outside the workspace is dropped, with its line; the stack trace may still tell', () => {
    const t = one(`<testcase name="t" file="/elsewhere/a.ts" line="3"><failure>Error\n    at x (${WS}/src/a.ts:9:1)</failure></testcase>`);
    expect(t).toMatchObject({ file: 'src/a.ts', line: 9 });
    const u = one('<testcase name="t" file="/elsewhere/a.ts" line="3"/>');
    expect([u.file, u.line]).toEqual([undefined, undefined]);
  });

  it('from stack traces: JS, Python, .NET, pytest short form, Ruby', () => {
    const loc = (body: string) => {
      const t = one(`<testcase name="t"><failure><![CDATA[${body}]]></failure></testcase>`);
      return [t.file, t.line];
    };
    expect(loc(`Error: x\n    at foo (${WS}/src/a.test.ts:12:5)`)).toEqual(['src/a.test.ts', 12]);
    expect(loc(`Traceback (most recent call last):\n  File "${WS}/tests/test_x.py", line 42, in test_x\n    assert False`)).toEqual(['tests/test_x.py', 42]);
    expect(loc(`   at Ns.C.M() in ${WS}/Tests/CTests.cs:line 27`)).toEqual(['Tests/CTests.cs', 27]);
    expect(loc('def test():\n>       assert 1 == 2\nE       assert 1 == 2\n\ntests/test_x.py:42: AssertionError')).toEqual(['tests/test_x.py', 42]);
    expect(loc("./spec/models/user_spec.rb:14:in `block (2 levels)'")).toEqual(['spec/models/user_spec.rb', 14]);
  });

  it('skips dependencies, files outside the workspace, bare file names, URLs and node internals; prefers test files', () => {
    const loc = (body: string) => {
      const t = one(`<testcase name="t"><failure><![CDATA[${body}]]></failure></testcase>`);
      return [t.file, t.line];
    };
    expect(loc(`at x (${WS}/node_modules/lib/index.js:1:1)\nat y (/usr/lib/node.js:2:2)\nat z (node:internal/timers:483:21)\nat Foo.bar(Foo.java:12)\nat http://localhost:3000/app.js:5:1`)).toEqual([
      undefined,
      undefined,
    ]);
    expect(loc(`at add (${WS}/src/math.ts:3:9)\nat Object.<anonymous> (${WS}/test/math.test.ts:12:5)`)).toEqual(['test/math.test.ts', 12]);
    expect(loc(`at add (${WS}/src/math.ts:3:9)\nat run (${WS}/src/runner.ts:8:1)`)).toEqual(['src/math.ts', 3]);
    expect(loc('at ../outside/a.ts:3:1')).toEqual([undefined, undefined]);
  });

  it('with a known file, the line comes from a frame in that file only', () => {
    const t = one(`<testcase name="t" file="test/b.test.ts"><failure>at a (${WS}/test/a.test.ts:1:1)\nat b (${WS}/test/b.test.ts:22:3)</failure></testcase>`);
    expect(t).toMatchObject({ file: 'test/b.test.ts', line: 22 });
  });

  it('passed and skipped attempts give no location from their body', () => {
    const t = one(`<testcase name="t"><skipped>${WS}/test/a.test.ts:5</skipped></testcase>`);
    expect(t.file).toBeUndefined();
  });

  it('one Locator resolves a path once and gives every frame its own line, past the paths it keeps too', () => {
    const l = new Locator(WS);
    for (let round = 0; round < 2; round++) {
      for (let k = 0; k < 5000; k++) {
        expect(l.pickFrame(`at t (${WS}/test/f${k % 5003}.test.ts:${k + round + 1}:1)`)).toEqual({ file: `test/f${k % 5003}.test.ts`, line: k + round + 1 });
        expect(l.pickFrame(`at d (${WS}/node_modules/d${k}/i.js:${k + 1}:1)`)).toBeUndefined();
      }
    }
    expect(l.pickFrame(`at x (${WS}/src/x.ts:7:1)\nat y (${WS}/test/y.test.ts:8:1)`)).toEqual({ file: 'test/y.test.ts', line: 8 });
    expect(l.pickFrame(`at x (${WS}/src/x.ts:9:1)`)).toEqual({ file: 'src/x.ts', line: 9 });
  });

  it('frames found line by line, and lines seen before looked up, are those of the whole text matched at once', () => {
    // The whole-text search pickFrame is equivalent to (its frames in order, at most 200 looked at).
    const FRAME = new RegExp(
      [
        /File "([^"\n]+)", line (\d+)/.source,
        /\bin ((?:[A-Za-z]:)?[^\s:*?"<>|]*[\\/][^\s:*?"<>|]*\.\w+):line (\d+)/.source,
        /(?:^|[\s(\['"@])((?:file:\/\/|webpack:\/\/[^/\s]*\/)?(?:[A-Za-z]:)?[^\s()[\]'"<>|:]*\.[A-Za-z0-9]+):(\d+)(?=[:)\s,\]]|$)/.source,
      ].join('|'),
      'gm',
    );
    const TESTY = /(^|[/._-])(tests?|specs?|__tests__|e2e|it)([/._-]|$)/i;
    const whole = (l: Locator, text: string, knownFile?: string): unknown => {
      let first: { file: string; line: number } | undefined;
      let seen = 0;
      FRAME.lastIndex = 0;
      let m: RegExpExecArray | null;
      while ((m = FRAME.exec(text)) !== null && seen < 200) {
        seen++;
        // One frame: the Locator's own resolution of a path and a line (a private method, called as pickFrame did).
        const f = (l as unknown as { frame(raw: string, line: string): { file: string; line: number } | undefined }).frame(m[1] ?? m[3] ?? m[5]!, m[2] ?? m[4] ?? m[6]!);
        if (!f) continue;
        if (knownFile !== undefined) {
          if (f.file === knownFile) return f;
          continue;
        }
        if (TESTY.test(f.file)) return f;
        first ??= f;
      }
      return first;
    };
    const pieces = [
      `at a (${WS}/src/a.ts:3:9)`,
      `at t (${WS}/test/b.test.ts:12:5)`,
      `  File "${WS}/tests/test_x.py", line 42, in t`,
      `   at N.C.M() in ${WS}/Tests/C.cs:line 27`,
      'tests/test_y.py:7: AssertionError',
      'tests\\test_z.py:9: E',
      `(${WS}/node_modules/x/i.js:1:1)`,
      'at Foo.bar(Foo.java:12)',
      `${WS}/src/c.ts:4`,
      'src/d.ts:5',
      'message: expected 1 ',
      ' ',
      '\n',
      '\n',
      '\r\n',
      '\u2028',
      '(',
      ':',
      '12',
      'x.ts',
      "'",
    ];
    let seed = 7;
    const rand = (n: number): number => {
      seed = (seed * 1103515245 + 12345) >>> 0;
      return (seed >>> 8) % n;
    };
    const l = new Locator(WS);
    for (let k = 0; k < 3000; k++) {
      const n = rand(k % 50 === 0 ? 600 : 30);
      let text = '';
      for (let j = 0; j < n; j++) text += pieces[rand(pieces.length)]!;
      const known = rand(4) === 0 ? 'src/a.ts' : undefined;
      expect(l.pickFrame(text, known), JSON.stringify(text)).toEqual(whole(new Locator(WS), text, known));
    }
    // The first 200 frames are looked at, however many share a line.
    const src = (n: number, sep: string): string => Array.from({ length: n }, (_, j) => `at a (${WS}/src/a${j % 7}.ts:${j + 1}:9)`).join(sep);
    for (const sep of ['\n', ' ']) {
      expect(l.pickFrame(src(199, sep) + `${sep}at t (${WS}/test/b.test.ts:12:5)`)).toEqual({ file: 'test/b.test.ts', line: 12 });
      expect(l.pickFrame(src(200, sep) + `${sep}at t (${WS}/test/b.test.ts:12:5)`)).toEqual({ file: 'src/a0.ts', line: 1 });
    }
    // Bare frames (no '/' in their line) count as well.
    const bare = (n: number): string => Array.from({ length: n }, (_, j) => `\tat a.B.c${j}(B.java:${j + 1})`).join('\n');
    expect(l.pickFrame(bare(199) + `\nat t (${WS}/test/b.test.ts:12:5)`)).toEqual({ file: 'test/b.test.ts', line: 12 });
    expect(l.pickFrame(bare(200) + `\nat t (${WS}/test/b.test.ts:12:5)`)).toBeUndefined();
    const bareFile = (n: number): string => Array.from({ length: n }, (_, j) => `  File "t${j}.py", line ${j + 1}, in t`).join('\n');
    expect(l.pickFrame(bareFile(199) + `\nat t (${WS}/test/b.test.ts:12:5)`)).toEqual({ file: 'test/b.test.ts', line: 12 });
    expect(l.pickFrame(bareFile(200) + `\nat t (${WS}/test/b.test.ts:12:5)`)).toBeUndefined();
    expect(l.pickFrame(bare(150) + `\n  File "${WS}/tests/t.py", line 3\n` + bare(60) + `\nat t (${WS}/test/b.test.ts:12:5)`)).toEqual({ file: 'tests/t.py', line: 3 });
    expect(l.pickFrame(bare(150) + `\n  File "${WS}/src/t.py", line 3\n` + bare(60) + `\nat t (${WS}/test/b.test.ts:12:5)`)).toEqual({ file: 'src/t.py', line: 3 });
  });

  it('Locator.relative', () => {
    const l = new Locator(WS + '/');
    expect(l.relative(WS)).toBe('.');
    expect(l.relative(WS + '/a//b/./c.ts')).toBe('a/b/c.ts');
    expect(l.relative('/home/runner/work/repo/repo2/x.ts')).toBe('/home/runner/work/repo/repo2/x.ts');
    expect(new Locator(undefined).relative('a\\b.ts')).toBe('a/b.ts');
  });
});
