/** The reporter a report's own marks name (RawReport.reporter, ParsedReports.reporters): a hint for `rerun: auto`. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseReportFiles, parseReportRaw } from '../../src/junit/index.ts';

const doc = (root: string, inner = '<testcase classname="a" name="b"/>') => `<?xml version="1.0"?>${root}<testsuite name="s">${inner}</testsuite></testsuites>`;

describe('reporter marks', () => {
  it('the default root names of vitest, jest-junit, mocha-junit-reporter and pytest; gotestsum’s go.version property', () => {
    expect(parseReportRaw(doc('<testsuites name="vitest tests">'), 'r.xml').reporter).toBe('vitest');
    expect(parseReportRaw(doc('<testsuites name="jest tests">'), 'r.xml').reporter).toBe('jest');
    expect(parseReportRaw(doc('<testsuites name="Mocha Tests">'), 'r.xml').reporter).toBe('mocha');
    expect(parseReportRaw(doc('<testsuites name="pytest tests">'), 'r.xml').reporter).toBe('pytest');
    expect(parseReportRaw(doc('<testsuites>', '<properties><property name="go.version" value="go1.22"/></properties><testcase classname="p" name="TestA"/>'), 'r.xml').reporter).toBe('gotestsum');
  });

  it('none for other roots, a property of another name, or a bare testsuite', () => {
    expect(parseReportRaw(doc('<testsuites name="my tests">'), 'r.xml').reporter).toBeUndefined();
    expect(parseReportRaw(doc('<testsuites>', '<properties><property name="java.version" value="21"/></properties>'), 'r.xml').reporter).toBeUndefined();
    expect(parseReportRaw('<testsuite name="s"><testcase classname="a" name="b"/></testsuite>', 'r.xml').reporter).toBeUndefined();
  });

  it('parseReportFiles counts the reports by their mark', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'flakeguard-reporter-'));
    try {
      const files = ['a', 'b', 'c'].map((n) => join(dir, `${n}.xml`));
      writeFileSync(files[0]!, doc('<testsuites name="vitest tests">'));
      writeFileSync(files[1]!, doc('<testsuites name="vitest tests">', '<testcase classname="a" name="c"/>'));
      writeFileSync(files[2]!, doc('<testsuites>', '<testcase classname="x" name="y"/>'));
      expect((await parseReportFiles(files, { workspace: dir })).reporters).toEqual({ vitest: 2, '': 1 });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
