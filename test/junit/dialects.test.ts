/**
 * One test per dialect: hand-written fixtures (test/fixtures/junit-dialects, modelled on each tool's real
 * output) for tools the corpus lacks, and corpus reports for the others.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { STATUS_CODE, type ParsedTestCase } from '../../src/model.ts';
import { parseReportText } from '../../src/junit/index.ts';
import { CORPUS_DIR } from './corpus.ts';

const DIALECTS = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'junit-dialects');

function parse(path: string, workspace: string): { tests: ParsedTestCase[]; timestamp?: string } {
  const r = parseReportText(readFileSync(path), path, { workspace });
  expect(r.problems).toEqual([]);
  return r;
}
const fixture = (name: string, workspace: string) => parse(join(DIALECTS, name), workspace);
const corpus = (name: string) => parse(join(CORPUS_DIR, 'files', name), CORPUS_DIR);
/** [id, attempt codes] of every test, in order. */
const summary = (tests: ParsedTestCase[]) => tests.map((t) => [t.id, t.attempts.map((a) => STATUS_CODE[a.status]).join('')]);

describe('hand-written dialect fixtures', () => {
  it('Gradle', () => {
    const r = fixture('gradle.xml', '/home/runner/work/calc/calc');
    expect(summary(r.tests)).toEqual([
      ['com.example.calc.CalculatorTest::adds()', 'P'],
      ['com.example.calc.CalculatorTest::divides(int, int)[2]', 'F'],
      ['com.example.calc.CalculatorTest::loadsRates()', 'E'],
      ['com.example.calc.CalculatorTest::legacyMode()', 'S'],
    ]);
    expect(r.tests[1]!.attempts[0]).toMatchObject({
      message: 'org.opentest4j.AssertionFailedError: expected: <2> but was: <0>',
      type: 'org.opentest4j.AssertionFailedError',
      durationSec: 0.02,
    });
    expect(r.tests[3]!.attempts[0]).toEqual({ status: 'skipped', durationSec: 0 });
    // Java frames name bare files (CalculatorTest.java:25): no file is guessed.
    expect(r.tests[1]!.file).toBeUndefined();
    expect(r.timestamp).toBe('2026-11-20T09:15:30.000Z');
  });

  it('vitest', () => {
    const r = fixture('vitest.xml', '/home/runner/work/app/app');
    expect(summary(r.tests)).toEqual([
      ['src/math.test.ts::math > adds', 'P'],
      ['src/math.test.ts::math > divides', 'F'],
      ['src/math.test.ts::math > todo', 'S'],
    ]);
    expect(r.tests[1]).toMatchObject({ file: 'src/math.test.ts', line: 12, suite: 'src/math.test.ts' });
    expect(r.tests[1]!.attempts[0]!.details).toMatch(/^AssertionError: expected 2 to be 3/);
    expect(r.timestamp).toBe('2026-11-20T09:20:00.123Z');
  });

  it('Playwright', () => {
    const r = fixture('playwright.xml', '/home/runner/work/site/site');
    expect(summary(r.tests)).toEqual([
      ['example.spec.ts::has title', 'P'],
      ['example.spec.ts::get started link', 'F'],
    ]);
    expect(r.tests[1]).toMatchObject({ file: 'tests/example.spec.ts', line: 14 });
    expect(r.tests[1]!.attempts[0]).toMatchObject({ message: 'example.spec.ts:10:5 get started link', type: 'FAILURE', durationSec: 1.1 });
  });

  it('Cypress (mocha-junit-reporter): file from the Root Suite, line from the webpack:// frame; the id is the full title: the Root Suite file is not its owner (ADR 0445)', () => {
    const r = fixture('cypress.xml', '/home/runner/work/site/site');
    expect(summary(r.tests)).toEqual([
      ['login logs in', 'P'],
      ['login rejects a bad password', 'F'],
    ]);
    expect(r.tests[0]).toMatchObject({ file: 'cypress/e2e/login.cy.ts', suite: '' });
    expect(r.tests[0]!.line).toBeUndefined();
    expect(r.tests[1]).toMatchObject({ file: 'cypress/e2e/login.cy.ts', line: 15 });
  });

  it('rspec (rspec_junit_formatter)', () => {
    const r = fixture('rspec.xml', '/home/runner/work/app/app');
    expect(summary(r.tests)).toEqual([
      ['spec.models.user_spec::User#name returns the full name', 'P'],
      ['spec.models.user_spec::User#email validates the format', 'F'],
      ['spec.models.user_spec::User#legacy is pending', 'S'],
    ]);
    expect(r.tests[0]).toMatchObject({ file: 'spec/models/user_spec.rb' });
    expect(r.tests[0]!.line).toBeUndefined();
    expect(r.tests[1]).toMatchObject({ file: 'spec/models/user_spec.rb', line: 14 });
    expect(r.tests[1]!.attempts[0]!.message).toBe('expected #<User id: nil> to be valid, but got errors: Email is invalid');
    expect(r.timestamp).toBe('2026-11-20T09:35:00.000Z');
  });

  it('.NET (JunitXml.TestLogger)', () => {
    const r = fixture('dotnet-junit-logger.xml', '/home/runner/work/shop/shop');
    expect(summary(r.tests)).toEqual([
      ['Shop.Tests.PriceTests::Adds(a: 1, b: 2)', 'P'],
      ['Shop.Tests.PriceTests::AppliesDiscount', 'F'],
      ['Shop.Tests.PriceTests::LegacyRounding', 'S'],
    ]);
    expect(r.tests[1]).toMatchObject({ file: 'tests/Shop.Tests/PriceTests.cs', line: 27 });
    expect(r.tests[1]!.attempts[0]!.message).toBe('Assert.Equal() Failure: Values differ\nExpected: 90\nActual:   100');
    expect(r.tests[2]!.attempts[0]!.message).toBe('Not supported on Linux');
  });

  it('CTest (--output-junit): classname = name, so the id is the name (ADR 0445)', () => {
    const r = fixture('ctest.xml', '/home/runner/work/engine/engine');
    expect(summary(r.tests)).toEqual([
      ['unit_math', 'P'],
      ['unit_io', 'F'],
      ['needs_gpu', 'S'],
    ]);
    expect(r.tests[1]).toMatchObject({ file: 'tests/io_test.cpp', line: 42 });
    expect(r.tests[1]!.attempts[0]).toMatchObject({ message: 'Failed', durationSec: 0.104321 });
  });

  it('xcpretty', () => {
    const r = fixture('xcpretty.xml', '/Users/runner/work/app/app');
    expect(summary(r.tests)).toEqual([
      ['AppTests.LoginTests::testLogin', 'P'],
      ['AppTests.LoginTests::testLogout', 'F'],
      ['AppTests.LoginTests::testRemember', 'P'],
    ]);
    expect(r.tests[1]).toMatchObject({ file: 'AppTests/LoginTests.swift', line: 42 });
    expect(r.tests[1]!.attempts[0]!.message).toBe('XCTAssertEqual failed: ("1") is not equal to ("2")');
    expect(r.tests[1]!.attempts[0]!.durationSec).toBeUndefined();
  });

  it('fastlane trainer (retries as repeated testcases)', () => {
    const r = fixture('trainer.xml', '/Users/runner/work/app/app');
    expect(summary(r.tests)).toEqual([
      ['AppTests.LoginTests::testLogin', 'P'],
      ['AppTests.LoginTests::testFlakyNetwork', 'FP'],
      ['AppTests.ProfileTests::testAvatar', 'P'],
    ]);
    expect(r.tests[1]!.attempts[0]!.message).toBe('XCTAssertTrue failed - response arrived too late (LoginTests.swift#L31)');
    expect(r.tests[1]!.attempts[0]!.details).toBeUndefined();
  });

  it('jest-junit with addFileAttribute: the id is the file and the full name once (ADR 0445)', () => {
    const r = fixture('jest-junit-file-attr.xml', '/home/runner/work/ui/ui');
    expect(summary(r.tests)).toEqual([
      ['src/components/Button.test.tsx::Button renders', 'P'],
      ['src/components/Button.test.tsx::Button calls onClick', 'F'],
    ]);
    expect(r.tests[0]).toMatchObject({ file: 'src/components/Button.test.tsx' });
    expect(r.tests[0]!.line).toBeUndefined();
    // The file is known; the line comes from the frame in that file.
    expect(r.tests[1]).toMatchObject({ file: 'src/components/Button.test.tsx', line: 19 });
  });

  it('pytest (xunit2, no file attribute)', () => {
    const r = fixture('pytest.xml', '/home/runner/work/calc/calc');
    expect(summary(r.tests)).toEqual([
      ['tests.test_math::test_add', 'P'],
      ['tests.test_math::test_div[0-1]', 'F'],
      ['tests.test_math::test_db', 'E'],
      ['tests.test_math::test_big', 'S'],
    ]);
    expect(r.tests[1]).toMatchObject({ file: 'tests/test_math.py', line: 8 });
    expect(r.tests[2]).toMatchObject({ file: 'tests/conftest.py', line: 12 });
    expect(r.tests[2]!.attempts[0]!.message).toBe('failed on setup with "ConnectionRefusedError: [Errno 111] Connection refused"');
    expect(r.tests[3]!.attempts[0]).toMatchObject({ status: 'skipped', message: 'needs a GPU', type: 'pytest.skip' });
    // Skipped tests get no location from their body.
    expect(r.tests[3]!.file).toBeUndefined();
    expect(r.timestamp).toBe('2026-11-20T09:55:00.123Z');
  });
});

describe('corpus dialects', () => {
  it('Maven Surefire', () => {
    const r = corpus('surefire/surefire-report-parser__src__test__resources__fixture__testsuitexmlparser__TEST-org.apache.maven.surefire.test.FailingTest.xml');
    expect(r.tests.length).toBeGreaterThan(0);
    expect(r.tests.every((t) => t.id === `${t.classname}::${t.name}` && t.classname !== '')).toBe(true);
    const failed = r.tests.filter((t) => t.attempts.some((a) => a.status === 'failed' || a.status === 'error'));
    expect(failed.length).toBeGreaterThan(0);
    for (const t of failed) expect(t.attempts[0]!.type).toMatch(/^[\w.$]+$/);
  });

  it('go-junit-report: package suites, skipped with message, failure body', () => {
    const r = corpus('go-junit-report/testdata__001-report.xml');
    expect(summary(r.tests)).toEqual([
      ['package/pass::TestPass', 'P'],
      ['package/pass::TestPassLog', 'P'],
      ['package/fail::TestOne', 'F'],
      ['package/skip::TestSkip', 'S'],
      ['package/skip::TestSkipNow', 'S'],
    ]);
    expect(r.tests[2]!.attempts[0]).toEqual({
      status: 'failed',
      message: 'Failed',
      details: 'fail_test.go:6: Error message\n    fail_test.go:7: Longer\n        error\n        message.',
      durationSec: 0.151,
    });
    expect(r.tests[3]!.attempts[0]!.message).toBe('Skipped');
    expect(r.timestamp).toBe('2022-01-01T00:00:00.000Z');
  });

  it('gotestsum', () => {
    const r = corpus('gotestsum/internal__junitxml__testdata__junitxml-report-skip-empty.golden');
    expect(r.tests.length).toBeGreaterThan(50);
    expect(r.tests.some((t) => t.attempts.some((a) => a.status === 'failed'))).toBe(true);
    expect(r.tests.some((t) => t.attempts.some((a) => a.status === 'skipped'))).toBe(true);
  });

  it('PHPUnit: nested suites, file/line attributes', () => {
    const file = join(CORPUS_DIR, 'files', 'dorny/__tests____fixtures__external__phpunit__phpcheckstyle-phpunit.xml');
    // The report was written in /workspace/phpcheckstyle: with that workspace, files become relative.
    const inside = parse(file, '/workspace/phpcheckstyle');
    expect(inside.tests).toHaveLength(30);
    expect(inside.tests[0]).toMatchObject({ id: 'CommentsTest::testGoodDoc', suite: 'CommentsTest', file: 'test/CommentsTest.php', line: 12 });
    expect(inside.tests.every((t) => t.file !== undefined && t.file.startsWith('test/') && t.line !== undefined)).toBe(true);
    // Elsewhere, absolute paths outside the workspace are dropped (they cannot be annotated).
    const outside = parse(file, '/home/runner/work/x/x');
    expect(outside.tests.filter((t) => t.file !== undefined || t.line !== undefined)).toEqual([]);
    // Without a workspace, paths are only normalised.
    const none = parseReportText(readFileSync(file), 'r.xml');
    expect(none.tests[0]).toMatchObject({ file: '/workspace/phpcheckstyle/test/CommentsTest.php', line: 12 });
  });

  it('PHPUnit-style testsuite nested in testsuite: the innermost suite names the test', () => {
    const r = corpus('dorny/__tests____fixtures__external__phpunit__junit-basic.xml');
    const t4 = r.tests.find((t) => t.name === 'testCase4')!;
    expect(t4.suite).toBe('Tests.Authentication.Login');
    const t9 = r.tests.find((t) => t.name === 'testCase9')!;
    expect(t9.suite).toBe('Tests.Authentication');
    // The failure body is only a comment: message from the attribute, no details.
    expect(t9.attempts[0]).toEqual({ status: 'failed', message: 'Assertion error message', type: 'AssertionError', durationSec: 0.982 });
  });

  it('mocha-junit-reporter', () => {
    const r = corpus('test-summary/test__resources__junit__02-example.xml');
    expect(r.tests.length).toBeGreaterThan(0);
    expect(r.tests.filter((t) => t.attempts.some((a) => a.status === 'failed')).length).toBeGreaterThan(0);
  });

  it('Bazel: testcase status="run", error child', () => {
    const r = corpus('test-summary/test__resources__junit__04-bazel-junit.xml');
    expect(summary(r.tests)).toEqual([
      ['dummy/path/to/project/and/failing_test_target::dummy/path/to/project/and/failing_test_target', 'E'],
      ['dummy/path/to/project/and/passing_test_target::dummy/path/to/project/and/passing_test_target', 'P'],
    ]);
    expect(r.tests[0]!.attempts[0]).toEqual({ status: 'error', message: 'exited with error code 1', durationSec: 54 });
  });

  it('xUnit.net via a JUnit logger (BOM, no classname: the suite name owns the test)', () => {
    const r = corpus('enricomi/python__test__files__junit-xml__xunit__xunit.xml');
    expect(summary(r.tests)).toEqual([
      ['Rhino Collection::mytestapp.Tests.AttriubteTests.SetTestNoFeature', 'P'],
      ['Rhino Collection::mytestapp.Tests.AttriubteTests.GetTestNoFeature', 'P'],
    ]);
  });

  it('googletest: status="notrun" without a <skipped> child is skipped', () => {
    const path = join(CORPUS_DIR, 'files');
    const rows = readFileSync(join(CORPUS_DIR, 'MANIFEST.tsv'), 'utf8')
      .split('\n')
      .map((l) => l.split('\t')[0]!);
    const notrun = rows.filter((f) => f.startsWith('files/') && /<testcase[^>]*status="notrun"/.test(readFileSync(join(CORPUS_DIR, f), 'utf8')));
    expect(notrun.length).toBeGreaterThan(0);
    for (const f of notrun) {
      const text = readFileSync(join(path, '..', f), 'utf8');
      const r = parse(join(CORPUS_DIR, f), CORPUS_DIR);
      const names = [...text.matchAll(/<testcase[^>]*status="notrun"[^>]*>/g)].map((m) => /\bname="([^"]*)"/.exec(m[0])![1]!);
      for (const n of names) expect(r.tests.find((t) => t.name === n)!.attempts.at(-1)!.status, `${f} ${n}`).toBe('skipped');
    }
  });
});
