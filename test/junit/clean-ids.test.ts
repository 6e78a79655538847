/** Ids whose classname repeats the title are cleaned, and nothing else is (src/junit/id.ts cleanIds, ADR 0445). */
import { describe, expect, it } from 'vitest';
import { cleanIds, parseReportText, testId, type Cleanable } from '../../src/junit/index.ts';
import { earlierInFile } from '../../src/rerun/context-rounds.ts';

const ids = (cases: Cleanable[], mocha = false): string[] => {
  cleanIds(cases, mocha);
  return cases.map((c) => testId(c));
};
const tc = (classname: string, name: string, idFile?: string, suite = 'undefined'): Cleanable => (idFile === undefined ? { classname, name, suite } : { classname, name, suite, idFile });

describe('cleanIds', () => {
  it("jest-junit's default templates: trimmed, the title once, owned by the file when the report gives it", () => {
    expect(ids([tc(' total updates', ' total updates'), tc('list sorting sorts', 'list sorting sorts')])).toEqual(['total updates', 'list sorting sorts']);
    expect(ids([tc(' total updates', ' total updates', 'src/cart.test.js')])).toEqual(['src/cart.test.js::total updates']);
    const c = tc(' a', ' a');
    cleanIds([c], false);
    // The suite leaves the id but is kept aside: the tests it ran beside (context rounds).
    expect(c).toEqual({ classname: '', name: 'a', suite: '', group: 'undefined', written: ' a:: a' });
  });

  it('classname = full title with titleTemplate {title}; name = full title with classNameTemplate {classname}', () => {
    expect(ids([tc('list sorting sorts', 'sorts'), tc(' adds', 'adds')])).toEqual(['list sorting sorts', 'adds']);
    expect(ids([tc('list sorting', 'list sorting sorts'), tc('list', 'list adds')])).toEqual(['list sorting sorts', 'list adds']);
  });

  it('a coincidence in a report whose other tests do not follow it is left alone', () => {
    // jest-junit with `{classname}` / `{title}`: a title that ends with its describe, or starts with it.
    expect(ids([tc('babel-jest', 'correctly identifies babel-jest'), tc('resolver', 'throws')], true)).toEqual(['babel-jest::correctly identifies babel-jest', 'resolver::throws']);
    expect(ids([tc('testRegex', 'testRegex empty string'), tc('resolver', 'throws')])).toEqual(['testRegex::testRegex empty string', 'resolver::throws']);
    expect(ids([tc('list sorting sorts', 'sorts'), tc('resolver', 'throws')])).toEqual(['list sorting sorts::sorts', 'resolver::throws']);
  });

  it("mocha-junit-reporter's name = full title, classname = title: only in a mocha report", () => {
    expect(ids([tc('adds', 'Math adds', 'test/math.spec.js'), tc('top', 'top', 'test/math.spec.js')], true)).toEqual(['test/math.spec.js::Math adds', 'test/math.spec.js::top']);
    expect(ids([tc('adds', 'Math adds')], false)).toEqual(['adds::Math adds']);
  });

  it('never touches ids of other shapes: no space before the repeated part, an empty classname, distinct parts', () => {
    expect(ids([tc('tests.test_fromfile', 'test_fromfile')])).toEqual(['tests.test_fromfile::test_fromfile']);
    expect(ids([tc('test', 'test.jsx')])).toEqual(['test::test.jsx']);
    expect(ids([tc('', 'works', undefined, 'src/a.test.ts')])).toEqual(['src/a.test.ts::works']);
    expect(ids([tc('com.example.OrderTest', 'placesOrder')])).toEqual(['com.example.OrderTest::placesOrder']);
    expect(ids([tc('x', ' x ')])).toEqual(['x']);
  });

  it('never gives two tests one id: a clean id another testcase was written with, or two written ids cleaning alike, stay as written', () => {
    expect(ids([tc('a', 'a', undefined, ''), tc('', 'a', undefined, '')])).toEqual(['a::a', 'a']);
    expect(ids([tc('a', 'a'), tc(' a', ' a')])).toEqual(['a::a', ' a:: a']);
    // Twins (one id written twice) clean alike.
    expect(ids([tc(' t', ' t'), tc(' t', ' t')])).toEqual(['t', 't']);
  });
});

describe('a real jest-junit report (jest 29.7, jest-junit 17.0, default settings)', () => {
  // Written by `jest --ci --reporters=default --reporters=jest-junit` on the project of test/e2e/ids-as-written.test.ts.
  const xml = `<?xml version="1.0" encoding="UTF-8"?>
<testsuites name="jest tests" tests="4" failures="0" errors="0" time="0.883">
  <testsuite name="list" errors="0" failures="0" skipped="0" timestamp="2026-11-29T09:27:29" time="0.613" tests="3">
    <testcase classname="list sorting sorts by name" name="list sorting sorts by name" time="0.001">
    </testcase>
    <testcase classname=" top level in list" name=" top level in list" time="0">
    </testcase>
  </testsuite>
  <testsuite name="undefined" errors="0" failures="0" skipped="0" timestamp="2026-11-29T09:27:30" time="0.2" tests="2">
    <testcase classname=" total updates when an item is removed" name=" total updates when an item is removed" time="0.002">
    </testcase>
    <testcase classname=" total updates when an item is removed" name=" total updates when an item is removed" time="0.002">
    </testcase>
  </testsuite>
</testsuites>`;

  it('gives the titles once, twins numbered, and keeps the ids as written for the history to carry over', () => {
    const r = parseReportText(xml, 'junit.xml');
    expect(r.tests.map((t) => [t.id, t.written])).toEqual([
      ['list sorting sorts by name', 'list sorting sorts by name::list sorting sorts by name'],
      ['top level in list', ' top level in list:: top level in list'],
      ['total updates when an item is removed', ' total updates when an item is removed:: total updates when an item is removed'],
      ['total updates when an item is removed [2]', ' total updates when an item is removed:: total updates when an item is removed [2]'],
    ]);
    expect(r.tests.every((t) => t.suite === '' && t.classname === '')).toBe(true);
    // Each keeps the suite it ran in, so its file's earlier tests are those of its suite, not of the whole report.
    expect(r.tests.map((t) => t.group)).toEqual(['list', 'list', 'undefined', 'undefined']);
    expect(earlierInFile(r.tests, r.tests[2]!).map((t) => t.id)).toEqual([]);
    expect(earlierInFile(r.tests, r.tests[1]!).map((t) => t.id)).toEqual(['list sorting sorts by name']);
  });

  it('with suiteNameTemplate {filepath}, the suite names the file', () => {
    const r = parseReportText(xml.replace('<testsuite name="list"', '<testsuite name="src/list.test.js"'), 'junit.xml');
    expect(r.tests[0]!.id).toBe('src/list.test.js::list sorting sorts by name');
    expect(r.tests[2]!.id).toBe('total updates when an item is removed');
  });
});
