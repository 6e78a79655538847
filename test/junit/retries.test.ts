/** Retries are evidence: every retry dialect becomes ordered attempts of one ParsedTestCase. */
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { STATUS_CODE, runnerTitle, type ParsedTestCase } from '../../src/model.ts';
import { parseReportFiles, parseReportText } from '../../src/junit/index.ts';

const DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'junit-retries');
const WS = '/home/runner/work/shop/shop';

function parse(file: string, workspace = WS): ParsedTestCase[] {
  const r = parseReportText(readFileSync(join(DIR, file)), file, { workspace });
  expect(r.problems).toEqual([]);
  return r.tests;
}
const codes = (t: ParsedTestCase | undefined): string => (t ? t.attempts.map((a) => STATUS_CODE[a.status]).join('') : '<missing>');
const byName = (tests: ParsedTestCase[], name: string): ParsedTestCase | undefined => tests.find((t) => t.name === name);

describe('Surefire flakyFailure / flakyError', () => {
  const tests = parse('surefire-flaky.xml');
  it('gives failed attempts then the passing run', () => {
    expect(tests.map((t) => [t.name, codes(t)])).toEqual([
      ['placesOrder', 'FEP'],
      ['cancelsOrder', 'P'],
      ['refundsOrder', 'FP'],
    ]);
  });
  it("keeps each attempt's message, type and nested <stackTrace> body, not the system-out", () => {
    const [f, e, p] = byName(tests, 'placesOrder')!.attempts;
    expect(f).toMatchObject({ status: 'failed', message: 'expected: <CONFIRMED> but was: <PENDING>', type: 'org.opentest4j.AssertionFailedError' });
    expect(f!.details).toMatch(/^org\.opentest4j\.AssertionFailedError: expected: <CONFIRMED> but was: <PENDING>\n\tat /);
    expect(f!.details).toContain('OrderServiceTest.java:57');
    expect(f!.details).not.toContain('waiting for order');
    expect(e).toMatchObject({ status: 'error', message: 'Connection refused', type: 'java.net.ConnectException' });
    // The testcase time belongs to the final, passing run; flaky elements carry their own time when given.
    expect(p).toEqual({ status: 'passed', durationSec: 0.412 });
    expect(f!.durationSec).toBeUndefined();
    expect(byName(tests, 'refundsOrder')!.attempts[0]!.durationSec).toBe(0.201);
  });
  it('a test whose last attempt passed did not fail', () => {
    for (const t of tests) expect(t.attempts[t.attempts.length - 1]!.status).toBe('passed');
  });
});

describe('Surefire rerunFailure / rerunError', () => {
  const tests = parse('surefire-rerun.xml');
  it('gives the first failure then every rerun, all failing', () => {
    expect(tests.map((t) => [t.name, codes(t)])).toEqual([
      ['computesTax', 'FFF'],
      ['sendsInvoice', 'EE'],
    ]);
    const [first, r1, r2] = byName(tests, 'computesTax')!.attempts;
    expect(first).toMatchObject({ message: 'expected: <19.6> but was: <20.0>', durationSec: 0.02 });
    expect(r1).toMatchObject({ durationSec: 0.011 });
    expect(r2!.message).toBe('expected: <19.6> but was: <20.1>');
    expect(r2!.details).toContain('but was: <20.1>');
  });
});

describe('repeated <testcase> elements in one report', () => {
  it('jest-junit writes one testcase per test (jest.retryTimes keeps one result): a repeated title is another test', () => {
    const r = parseReportText(readFileSync(join(DIR, 'jest-junit-retries.xml')), 'jest-junit-retries.xml', { workspace: WS });
    expect(r.problems).toEqual([]);
    expect(r.tests.map((t) => [t.id, codes(t), t.twin])).toEqual([
      ['cart adds an item', 'P', undefined],
      ['cart applies a coupon', 'F', undefined],
      ['cart applies a coupon [2]', 'F', 2],
      ['cart applies a coupon [3]', 'P', 3],
      ['cart removes an item', 'P', undefined],
    ]);
    expect(r.twins).toEqual({ first: ['cart applies a coupon'], count: 1 });
    const coupon = byName(r.tests, 'cart applies a coupon')!;
    expect(coupon.attempts.map((a) => a.durationSec)).toEqual([1.2]);
    // No message attribute: the first line of the body.
    expect(coupon.attempts[0]!.message).toBe('Error: expect(received).toBe(expected) // Object.is equality');
    // File and line from the first workspace frame, not the node_modules one.
    expect(coupon).toMatchObject({ file: 'src/cart/cart.test.ts', line: 27 });
    // The runner knows the title without the suffix (a re-run selects it by that title).
    expect(r.tests.map(runnerTitle)).toEqual(['cart adds an item', 'cart applies a coupon', 'cart applies a coupon', 'cart applies a coupon', 'cart removes an item']);
  });

  it('Playwright (one testcase per retry): F, P', () => {
    const tests = parse('playwright-repeated.xml');
    expect(tests.map((t) => [t.name, codes(t)])).toEqual([
      ['login › rejects a bad password', 'FP'],
      ['login › logs in', 'P'],
    ]);
    expect(tests[0]).toMatchObject({ classname: 'login.spec.ts', file: 'e2e/login.spec.ts', line: 12 });
  });

  it('Playwright includeRetries (Surefire schema): F, P and F, F, F', () => {
    const tests = parse('playwright-include-retries.xml');
    expect(tests.map((t) => [t.name, codes(t)])).toEqual([
      ['checkout › pays with card', 'FP'],
      ['checkout › shows the total', 'P'],
      ['checkout › sends the receipt', 'FFF'],
    ]);
    expect(byName(tests, 'checkout › pays with card')).toMatchObject({ file: 'e2e/checkout.spec.ts', line: 21 });
    expect(byName(tests, 'checkout › sends the receipt')!.attempts[2]!.details).toContain('Test timeout of 30000ms exceeded.');
  });

  it('pytest-rerunfailures: records in order; rerun records without a failure count as passed', () => {
    const tests = parse('pytest-rerunfailures.xml');
    expect(tests.map((t) => [t.name, codes(t)])).toEqual([
      ['test_health', 'P'],
      ['test_upload', 'FP'],
      ['test_always_fails', 'PPF'],
    ]);
    const upload = byName(tests, 'test_upload')!;
    // &#10; in the attribute is a real newline (only literal newlines are normalised to spaces).
    expect(upload.attempts[0]!.message).toBe('AssertionError: assert 503 == 200\n +  where 503 = <Response [503]>.status_code');
    expect(upload).toMatchObject({ file: 'tests/test_api.py', line: 21 });
  });

  it('Gradle test-retry plugin: F, P', () => {
    const tests = parse('gradle-test-retry.xml');
    expect(tests.map((t) => [t.name, codes(t)])).toEqual([
      ['syncsTwoDevices()', 'FP'],
      ['resolvesConflicts()', 'P'],
    ]);
  });

  it('identical names that are not retries (parametrised mocha tests) are distinct tests, by order', () => {
    const tests = parse('mocha-identical-names.xml', '/home/runner/work/lib/lib');
    expect(tests.map((t) => [t.id, codes(t)])).toEqual([
      ['test/parse.spec.js::parse() handles input', 'P'],
      ['test/parse.spec.js::parse() handles input [2]', 'P'],
      ['test/parse.spec.js::parse() handles input [3]', 'F'],
      ['test/parse.spec.js::parse() rejects garbage', 'P'],
    ]);
    expect(tests[2]).toMatchObject({ file: 'test/parse.spec.js', line: 14 });
  });

  it('the same twins in two reports of one-testcase-per-test dialect are different tests, qualified by the reports (ADR 0410)', async () => {
    const f = join(DIR, 'mocha-identical-names.xml');
    const ws = mkdtempSync(join(tmpdir(), 'fg-junit-twins-'));
    try {
      copyFileSync(f, join(ws, 'a.xml'));
      copyFileSync(f, join(ws, 'b.xml'));
      const out = await parseReportFiles([join(ws, 'a.xml'), join(ws, 'b.xml')], { workspace: ws });
      // Both reports are in one directory: each is qualified by its path.
      expect(out.tests.map((t) => [t.id, codes(t)])).toEqual([
        ['[a.xml]::parse() handles input', 'P'],
        ['[a.xml]::parse() handles input [2]', 'P'],
        ['[a.xml]::parse() handles input [3]', 'F'],
        ['[a.xml]::parse() rejects garbage', 'P'],
        ['[b.xml]::parse() handles input', 'P'],
        ['[b.xml]::parse() handles input [2]', 'P'],
        ['[b.xml]::parse() handles input [3]', 'F'],
        ['[b.xml]::parse() rejects garbage', 'P'],
      ]);
      expect(out.tests.map((t) => t.scope)).toEqual(['a.xml', 'a.xml', 'a.xml', 'a.xml', 'b.xml', 'b.xml', 'b.xml', 'b.xml']);
      // The runner's names are kept; only the classname carries the report.
      expect(out.tests[2]!.name).toBe('parse() handles input [3]');
      expect(out.tests[2]!.classname).toBe('[a.xml]');
      // Counted once per title, however many reports repeat it.
      expect(out.twins!.first).toEqual(['parse() handles input']);
      expect(out.collisions!.count).toBe(4);
      expect(out.collisions!.first[0]).toEqual({ id: 'parse() handles input', reports: ['a.xml', 'b.xml'] });
    } finally {
      rmSync(ws, { recursive: true, force: true });
    }
  });
});

describe('attempts across files', () => {
  it('concatenates attempts of the same id in file order', async () => {
    const a = join(DIR, 'playwright-repeated.xml');
    const b = join(DIR, 'jest-junit-retries.xml');
    const out = await parseReportFiles([a, b, join(DIR, 'playwright-include-retries.xml')], { workspace: DIR });
    expect(out.problems).toEqual([]);
    expect(out.filesRead).toBe(3);
    // Reports are shown relative to the workspace.
    expect(out.tests[0]!.report).toBe('playwright-repeated.xml');
    expect(new Set(out.tests.map((t) => t.report))).toEqual(new Set(['playwright-repeated.xml', 'jest-junit-retries.xml', 'playwright-include-retries.xml']));

    const again = await parseReportFiles([a, b, a.replace('playwright-repeated', 'surefire-rerun')], { workspace: DIR });
    // playwright-repeated: 2 tests (retries); jest-junit-retries: 5 (one testcase per test); surefire-rerun: 2.
    expect(again.tests.length).toBe(2 + 5 + 2);
    // The same file twice is read once (a glob matched it twice), so its attempts are not doubled.
    const twice = await parseReportFiles([a, a], { workspace: DIR });
    expect(twice.filesRead).toBe(1);
    expect(codes(twice.tests[0])).toBe('FP');
  });

  it('merges the same test from two reports (e.g. a rerun step writing a second file)', async () => {
    const ws = mkdtempSync(join(tmpdir(), 'fg-junit-retries-'));
    try {
      mkdirSync(join(ws, 'first'));
      mkdirSync(join(ws, 'second'));
      copyFileSync(join(DIR, 'surefire-rerun.xml'), join(ws, 'first', 'TEST-a.xml'));
      copyFileSync(join(DIR, 'surefire-flaky.xml'), join(ws, 'second', 'TEST-b.xml'));
      copyFileSync(join(DIR, 'surefire-rerun.xml'), join(ws, 'second', 'TEST-c.xml'));
      const out = await parseReportFiles(
        ['first/TEST-a.xml', 'second/TEST-b.xml', 'second/TEST-c.xml', 'second/./TEST-c.xml'].map((f) => join(ws, f)),
        { workspace: ws },
      );
      expect(out.filesRead).toBe(3);
      const tax = out.tests.find((t) => t.name === 'computesTax')!;
      expect(codes(tax)).toBe('FFFFFF');
      expect(tax.report).toBe('first/TEST-a.xml');
      expect(out.tests.map((t) => t.name)).toEqual(['computesTax', 'sendsInvoice', 'placesOrder', 'cancelsOrder', 'refundsOrder']);
      expect(out.timestamp).toBe('2026-11-20T14:03:11.000Z');
    } finally {
      rmSync(ws, { recursive: true, force: true });
    }
  });
});
