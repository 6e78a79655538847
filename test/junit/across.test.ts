/**
 * One run's reports into one list of tests (src/junit/across.ts, ADR 0410) and the naming of twins (TwinNamer, ADR 0411).
 */
import { describe, expect, it } from 'vitest';
import type { ParsedTestCase } from '../../src/model.ts';
import { combineReports, keepScopes, reportDirectory, scopedBefore, type ReportTests } from '../../src/junit/across.ts';
import { parseReportText, testId, twinNamer } from '../../src/junit/index.ts';

const test = (classname: string, name: string, report: string, codes = 'P'): ParsedTestCase => ({
  id: testId({ classname, name, suite: '' }),
  classname,
  name,
  suite: '',
  report,
  attempts: [...codes].map((c) => ({ status: c === 'P' ? 'passed' : 'failed' })),
});
const report = (path: string, oneCasePerTest: boolean, ...tests: Array<[string, string, string?]>): ReportTests => ({
  path,
  oneCasePerTest,
  tests: tests.map(([c, n, codes]) => test(c, n, path, codes)),
});
const rows = (tests: ParsedTestCase[]): string[] => tests.map((t) => `${t.id} ${t.attempts.map((a) => (a.status === 'passed' ? 'P' : 'F')).join('')}`);

describe('combineReports', () => {
  it('qualifies an id two reports of one testcase per test have, by their directories; other ids stay plain', () => {
    const out = combineReports([
      report('packages/a/junit.xml', true, ['src/index.test.ts', 'works', 'F'], ['src/index.test.ts', 'only a']),
      report('packages/b/junit.xml', true, ['src/index.test.ts', 'works']),
    ]);
    expect(rows(out.tests)).toEqual(['[packages/a] src/index.test.ts::works F', 'src/index.test.ts::only a P', '[packages/b] src/index.test.ts::works P']);
    expect(out.tests[0]!.classname).toBe('[packages/a] src/index.test.ts');
    expect(out.tests[0]!.name).toBe('works');
    expect(out.tests[0]!.scope).toBe('packages/a');
    expect(out.collisions).toEqual({ count: 1, first: [{ id: 'src/index.test.ts::works', reports: ['packages/a/junit.xml', 'packages/b/junit.xml'] }] });
  });

  it('merges an id only reports that may write a retry have, attempts in file order', () => {
    const out = combineReports([report('1/go.xml', false, ['pkg', 'TestSync', 'F']), report('2/go.xml', false, ['pkg', 'TestSync', 'P'])]);
    expect(rows(out.tests)).toEqual(['pkg::TestSync FP']);
    expect(out.collisions).toEqual({ count: 0, first: [] });
  });

  it('a report of one testcase per test keeps its own test beside a retry dialect, which keeps the plain id', () => {
    const out = combineReports([report('go/1.xml', false, ['pkg', 't', 'F']), report('js/junit.xml', true, ['pkg', 't', 'P']), report('go/2.xml', false, ['pkg', 't', 'P'])]);
    expect(rows(out.tests)).toEqual(['pkg::t FP', '[js] pkg::t P']);
  });

  it('two reports in one directory are qualified by their paths', () => {
    const out = combineReports([report('reports/unit.xml', true, ['f', 't', 'F']), report('reports/more.xml', true, ['f', 't']), report('other/x.xml', true, ['f', 't'])]);
    expect(rows(out.tests)).toEqual(['[reports/unit.xml] f::t F', '[reports/more.xml] f::t P', '[other] f::t P']);
  });

  it('a qualified id never takes an id a report wrote (a classname that looks qualified)', () => {
    const out = combineReports([report('a/r.xml', true, ['f', 't', 'F'], ['[a] f', 't']), report('b/r.xml', true, ['f', 't'])]);
    const ids = out.tests.map((t) => t.id);
    expect(ids).toEqual(['[a/r.xml] f::t', '[a] f::t', '[b] f::t']);
    expect(new Set(ids).size).toBe(3);
  });

  it('an empty classname qualifies the suite, the part of the id before ::', () => {
    const a: ParsedTestCase = { id: 'S::t', classname: '', name: 't', suite: 'S', report: 'a/r.xml', attempts: [{ status: 'failed' }] };
    const b: ParsedTestCase = { ...a, report: 'b/r.xml', attempts: [{ status: 'passed' }] };
    const out = combineReports([
      { path: 'a/r.xml', oneCasePerTest: true, tests: [a] },
      { path: 'b/r.xml', oneCasePerTest: true, tests: [b] },
    ]);
    expect(out.tests.map((t) => t.id)).toEqual(['[a] S::t', '[b] S::t']);
  });

  it("reportDirectory: a report's directory as shown", () => {
    expect(reportDirectory('packages/a/junit.xml')).toBe('packages/a');
    expect(reportDirectory('junit.xml')).toBe('.');
    expect(reportDirectory('/junit.xml')).toBe('/');
    expect(reportDirectory('C:\\ci\\junit.xml')).toBe('C:\\ci');
  });
});

describe('keepScopes', () => {
  const history = (...ids: string[]) => ({ has: (id: string) => ids.includes(id), scoped: scopedBefore(ids) });

  it('a test alone with its id keeps the qualified id the history has', () => {
    const tests = [test('src/index.test.ts', 'works', 'packages/a/junit.xml'), test('src/index.test.ts', 'other', 'packages/a/junit.xml')];
    expect(keepScopes(tests, new Set(['packages/a/junit.xml']), history('[packages/a] src/index.test.ts::works', 'src/index.test.ts::other'), (id) => id)).toBe(1);
    expect(tests.map((t) => t.id)).toEqual(['[packages/a] src/index.test.ts::works', 'src/index.test.ts::other']);
  });

  it("another package's test is qualified too once the id was qualified, never taking up the plain id's history", () => {
    const tests = [test('src/index.test.ts', 'works', 'packages/c/junit.xml')];
    keepScopes(tests, new Set(['packages/c/junit.xml']), history('src/index.test.ts::works', '[packages/a] src/index.test.ts::works'), (id) => id);
    expect(tests[0]!.id).toBe('[packages/c] src/index.test.ts::works');
  });

  it("takes the report's path when the history has that form and not the directory's", () => {
    const tests = [test('f', 't', 'reports/unit.xml')];
    keepScopes(tests, new Set(['reports/unit.xml']), history('[reports/unit.xml] f::t', '[reports/more.xml] f::t'), (id) => id);
    expect(tests[0]!.id).toBe('[reports/unit.xml] f::t');
  });

  it('leaves retry dialects, and ids never qualified, alone; reads history ids split by job key', () => {
    const tests = [test('f', 't', 'go.xml'), test('g', 'u', 'js/junit.xml'), test('f', 'v', 'js/junit.xml')];
    const split = (id: string) => `${id} [os=linux]`;
    keepScopes(tests, new Set(['js/junit.xml']), history('[x] f::t [os=linux]', '[js] f::v [os=linux]'), split);
    expect(tests.map((t) => t.id)).toEqual(['f::t', 'g::u', '[js] f::v']);
  });
});

describe('twins never take a real title (ADR 0411)', () => {
  it('skips the numbers a testcase of the report was written with', () => {
    const cases = [
      { classname: 'f', name: 'works', suite: '' },
      { classname: 'f', name: 'works', suite: '' },
      { classname: 'f', name: 'works [2]', suite: '' },
      { classname: 'f', name: 'works', suite: '' },
      { classname: 'f', name: 'works [4]', suite: '' },
      { classname: 'f', name: 'works', suite: '' },
    ];
    const namer = twinNamer(cases);
    expect(cases.map((c) => namer.name(c.name, testId(c)).name)).toEqual(['works', 'works [3]', 'works [2]', 'works [5]', 'works [4]', 'works [6]']);
  });

  it('in a vitest report, the twin of `works` beside a real `works [2]` is `works [3]` and keeps its own failure', () => {
    const xml = `<testsuites name="vitest tests"><testsuite name="f"><testcase classname="f" name="works"/><testcase classname="f" name="works"><failure message="x"/></testcase><testcase classname="f" name="works [2]"/></testsuite></testsuites>`;
    const out = parseReportText(xml, 'r.xml');
    expect(rows(out.tests)).toEqual(['f::works P', 'f::works [3] F', 'f::works [2] P']);
    expect(out.tests[1]!.twin).toBe(3);
  });
});
