/**
 * The real-suites harness's pure parts (scripts/suites/core.ts): the manifest check, the `<testcase>` scanner and
 * flipper (read back by flakeguard's own parser), the sample and the verdicts. No network, no runner.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseReportText } from '../../src/junit/index.ts';
import {
  PROBE_PRESETS,
  PROBE_TITLES,
  controlCharsInXml,
  flipToFailed,
  hasControlChar,
  mark,
  probeSource,
  readStepOutputs,
  sample,
  skipFailures,
  scanTestcases,
  validateManifest,
  verdictFor,
} from '../../scripts/suites/core.ts';
import { PROJECT_ROOT } from '../support/action.ts';

const GOOD = {
  name: 'ufo',
  repo: 'unjs/ufo',
  commit: '11308c0bb5cb4a4bc3bfcbdc5c03177b097423e6',
  preset: 'vitest',
  install: [['npm', 'ci']],
  run: ['node_modules/.bin/vitest', 'run'],
  report: 'r/junit.xml',
};

describe('validateManifest', () => {
  it('accepts the committed manifest', () => {
    const m = validateManifest(JSON.parse(readFileSync(join(PROJECT_ROOT, 'scripts/suites/manifest.json'), 'utf8')));
    expect(m.suites.length).toBeGreaterThanOrEqual(6);
    expect(new Set(m.suites.map((s) => s.preset))).toEqual(new Set(['vitest', 'jest', 'mocha', 'node-test', 'pytest', 'gotestsum']));
  });

  it('names every problem with its suite and field', () => {
    const bad = [
      { ...GOOD, commit: 'main' },
      { ...GOOD, name: 'ufo', preset: 'karma', report: '../outside.xml', run: [] },
      { ...GOOD, name: 'x', extra: 1, env: { A: 1 } },
    ];
    let message = '';
    try {
      validateManifest({ suites: bad });
    } catch (e) {
      message = (e as Error).message;
    }
    expect(message).toContain('suites[0].commit: 40 lowercase hex digits expected');
    expect(message).toContain('suites[1].name: "ufo" appears twice');
    expect(message).toContain('suites[1].preset: one of vitest, jest, mocha, node-test, pytest, gotestsum expected');
    expect(message).toContain('suites[1].report: a relative path inside the checkout expected');
    expect(message).toContain('suites[1].run: a non-empty argv list expected');
    expect(message).toContain('suites[2]: unknown field "extra"');
    expect(message).toContain('suites[2].env: an object of strings expected');
    expect(() => validateManifest({ suites: [GOOD] })).not.toThrow();
    expect(() => validateManifest({ suites: [{ ...GOOD, probe: 'test/p.test.ts', probeArg: true }] })).not.toThrow();
    expect(() => validateManifest({ suites: [{ ...GOOD, preset: 'pytest', probe: 'test_p.py' }] })).toThrow(/suites\[0\]\.probe: .*for vitest, jest, mocha, node-test only/);
    expect(() => validateManifest({ suites: [{ ...GOOD, probe: '../p.test.ts' }] })).toThrow(/suites\[0\]\.probe/);
    expect(() => validateManifest([])).toThrow(/"suites" array/);
  });
});

const REPORT = `<?xml version="1.0" encoding="UTF-8"?>
<testsuites name="vitest tests">
  <testsuite name="a.test.ts" tests="6">
    <testcase classname="a.test.ts" name="self &gt; closing" time="0.1"/>
    <testcase classname="a.test.ts" name="has a &quot;/&gt;&quot; inside" time="0.1"></testcase>
    <testcase classname="a.test.ts" name="failed"><failure message="boom">trace</failure></testcase>
    <testcase classname="a.test.ts" name="skipped"><skipped/></testcase>
    <testcase classname="a.test.ts" name="twin"><system-out>out</system-out></testcase>
    <testcase classname="a.test.ts" name="twin" time='0.2' />
    <testcase classname="a.test.ts" name="nul \u0000 ctl \u001b[31m &#x1b;"/>
    <testcasex name="not a testcase"/>
  </testsuite>
</testsuites>
`;

describe('scanTestcases and flipToFailed', () => {
  it('finds each testcase, self-closing or not, with quoted > and /', () => {
    const spans = scanTestcases(REPORT);
    expect(spans.map((s) => [s.selfClosing, s.passed])).toEqual([
      [true, true],
      [false, true],
      [false, false],
      [false, false],
      [false, true],
      [true, true],
      [true, true],
    ]);
    expect(REPORT.slice(spans[1]!.start, spans[1]!.end)).toBe('<testcase classname="a.test.ts" name="has a &quot;/&gt;&quot; inside" time="0.1"></testcase>');
  });

  it('marks exactly the chosen passing testcases failed, each with its own message, and flakeguard reads them so', () => {
    const flipped = flipToFailed(REPORT, [0, 1, 5, 6]);
    const before = parseReportText(REPORT, 'r.xml');
    const after = parseReportText(flipped, 'r.xml');
    expect(after.problems).toEqual([]);
    expect(after.tests.map((t) => t.id)).toEqual(before.tests.map((t) => t.id));
    const marked = after.tests.filter((t) => t.attempts.some((a) => a.type === 'SuitesHarness')).map((t) => t.id);
    expect(marked).toEqual(['a.test.ts::self > closing', 'a.test.ts::has a "/>" inside', 'a.test.ts::twin [2]', 'a.test.ts::nul \u0000 ctl \u001b[31m \u001b']);
    // The first twin, the failure and the skip are untouched.
    expect(after.tests.find((t) => t.id === 'a.test.ts::twin')!.attempts.map((a) => a.status)).toEqual(['passed']);
    expect(after.tests.find((t) => t.id === 'a.test.ts::failed')!.attempts[0]!.message).toBe('boom');
    expect(after.tests.find((t) => t.id === 'a.test.ts::skipped')!.attempts.map((a) => a.status)).toEqual(['skipped']);
    const messages = after.tests.flatMap((t) => t.attempts.filter((a) => a.type === 'SuitesHarness').map((a) => a.message));
    expect(new Set(messages).size).toBe(4);
    expect(flipToFailed(REPORT, [])).toBe(REPORT);
  });

  it('refuses to mark a test that did not pass, or one that is not there', () => {
    expect(() => flipToFailed(REPORT, [2])).toThrow(/did not pass/);
    expect(() => flipToFailed(REPORT, [3])).toThrow(/did not pass/);
    expect(() => flipToFailed(REPORT, [7])).toThrow(/no testcase #7 \(the report has 7\)/);
    expect(() => scanTestcases('<testcase name="x">')).toThrow(/never closed/);
    expect(() => scanTestcases('<testcase name="x>')).toThrow(/never ends/);
  });

  it('skips the failed testcases, keeping their ids, and leaves the others as they were', () => {
    const skipped = skipFailures(REPORT);
    const after = parseReportText(skipped, 'r.xml');
    expect(after.problems).toEqual([]);
    expect(after.tests.map((t) => t.id)).toEqual(parseReportText(REPORT, 'r.xml').tests.map((t) => t.id));
    expect(after.tests.find((t) => t.id === 'a.test.ts::failed')!.attempts.map((a) => a.status)).toEqual(['skipped']);
    expect(after.tests.filter((t) => t.attempts.some((a) => a.status === 'failed'))).toEqual([]);
    expect(skipped.replace(/<testcase classname="a.test.ts" name="failed">.*?<\/testcase>/, '')).toBe(REPORT.replace(/<testcase classname="a.test.ts" name="failed">.*?<\/testcase>/, ''));
  });

  it('gives each mark a message of its own, in letters (digits would fold together)', () => {
    const tags = Array.from({ length: 500 }, (_, k) => /case ([g-z]+)"/.exec(mark(k))![1]);
    expect(new Set(tags).size).toBe(500);
  });
});

describe('sample, control characters and verdicts', () => {
  it('samples evenly, always keeps the forced indices, and takes all when k ≥ n', () => {
    expect(sample(10, 5)).toEqual([0, 2, 4, 6, 8]);
    expect(sample(10, 2, [9, 3, 42])).toEqual([0, 3, 5, 9]);
    expect(sample(3, 10)).toEqual([0, 1, 2]);
  });

  it('counts control characters raw and as references, not tabs or line breaks', () => {
    expect(controlCharsInXml(REPORT)).toBe(3);
    expect(controlCharsInXml('a\u0001b&#9;&#10;&#x7f;')).toBe(2);
    expect(hasControlChar('a\tb\n')).toBe(false);
    expect(hasControlChar('a\u0000')).toBe(true);
  });

  it('calls a test round-tripped only when the step proved it flaky, and says why not otherwise', () => {
    const out = readStepOutputs({
      'proven-flaky': '["a"]',
      'rerun-tests': '["a","b","c","d"]',
      'consistent-failures-json': '[{"id":"b","verdict":"exhausted","why":"failed all 6 re-runs"},{"id":"c","verdict":"unanswered","why":"no report"}]',
    });
    expect(verdictFor('a', out)).toEqual({ verdict: 'round-trip' });
    expect(verdictFor('b', out)).toEqual({ verdict: 'exhausted', why: 'failed all 6 re-runs' });
    expect(verdictFor('c', out)).toEqual({ verdict: 'unanswered', why: 'no report' });
    expect(verdictFor('d', out).verdict).toBe('unanswered');
    expect(verdictFor('e', out)).toEqual({ verdict: 'not re-run' });
  });
});

describe('probeSource', () => {
  it('writes every probe title (control characters, twins) and a table test, in code that compiles', () => {
    for (const preset of PROBE_PRESETS) {
      const src = probeSource(preset);
      for (const title of PROBE_TITLES) expect(src, preset).toContain(`'${title}'`);
      expect(src.match(/'twin title'/g)).toHaveLength(2);
      expect(src).toContain("'table row'");
      // The CommonJS ones compile as a function body; vitest's is a module (its import line aside, the same code).
      // eslint-disable-next-line @typescript-eslint/no-implied-eval
      expect(() => new Function(src.replace(/^import .*$/m, ''))).not.toThrow();
    }
    expect(() => probeSource('pytest')).toThrow(/no probe for pytest/);
  });
});
