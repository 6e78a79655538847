/**
 * Every report of the real-world corpus (test/fixtures/junit-corpus, see its README.md) against MANIFEST.tsv.
 * The manifest counts raw <testcase> elements, so the element-level function parseReportRaw is compared
 * to it, and the merged result (parseReportText / parseReportFiles) must account for every attempt.
 */
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isFailure } from '../../src/model.ts';
import { cleanIds, parseReportFiles, parseReportRaw, parseReportText, testId, twinNamer, type RawCase } from '../../src/junit/index.ts';
import { CORPUS_DIR, loadManifest } from './corpus.ts';

const rows = loadManifest();
const wellFormed = rows.filter((r) => !r.malformed);
const malformed = rows.filter((r) => r.malformed);
const read = (file: string): Buffer => readFileSync(join(CORPUS_DIR, file));

describe('junit corpus manifest', () => {
  it('has the 309 files the README describes, each present with its recorded size', () => {
    expect(rows).toHaveLength(309);
    expect(malformed).toHaveLength(12);
    for (const r of rows) expect(statSync(join(CORPUS_DIR, r.file)).size, r.file).toBe(r.size);
  });
});

describe.each(wellFormed.map((r) => [r.file, r] as const))('well-formed %s', (_file, row) => {
  it('parses with the manifest counts, and merging keeps every attempt', () => {
    const bytes = read(row.file);
    const raw = parseReportRaw(bytes, row.file, { workspace: CORPUS_DIR });
    expect(raw.problems).toEqual([]);
    expect(raw.cases.length).toBe(row.tests);
    expect(raw.cases.filter((c) => c.hasFailure).length).toBe(row.failures);
    expect(raw.cases.filter((c) => c.hasError).length).toBe(row.errors);
    expect(raw.cases.filter((c) => c.hasSkipped).length).toBe(row.skipped);

    for (const c of raw.cases) {
      expect(c.attempts.length).toBeGreaterThan(0);
      const statuses = c.attempts.map((a) => a.status);
      const main = c.attempts.find((a) => isFailure(a.status));
      if (c.hasFailure || c.hasError || c.hasReruns) {
        // A <failure>/<error>/<rerunFailure> child means a failing attempt, and no passing one.
        expect(main, `${c.name}: ${statuses.join()}`).toBeDefined();
        expect(statuses).not.toContain('passed');
      } else {
        // No <failure>/<error>: the test did not fail in the end (flaky runs may come before).
        expect(isFailure(c.attempts[c.attempts.length - 1]!.status), `${c.name}: ${statuses.join()}`).toBe(false);
      }
      if (c.hasSkipped && !c.hasFailure && !c.hasError) expect(statuses[statuses.length - 1]).toBe('skipped');
      if (c.file !== undefined) {
        expect(c.file).not.toContain('\\');
        expect(c.file.startsWith(CORPUS_DIR)).toBe(false);
      }
    }

    const merged = parseReportText(bytes, row.file, { workspace: CORPUS_DIR });
    expect(merged.problems).toEqual([]);
    const rawAttempts = raw.cases.reduce((n, c) => n + c.attempts.length, 0);
    expect(merged.tests.reduce((n, t) => n + t.attempts.length, 0)).toBe(rawAttempts);
    // Ids whose classname repeats the title are cleaned (ADR 0445); in a report that writes one testcase per test, a
    // repeated title is another test (docs/test-ids.md).
    cleanIds(raw.cases, raw.reporter === 'mocha');
    const namer = twinNamer(raw.cases);
    const idOf = (c: RawCase): string => (raw.oneCasePerTest ? testId({ ...c, name: namer.name(c.name, testId(c)).name }) : testId(c));
    const ids = new Set(raw.cases.map(idOf));
    expect(merged.tests.map((t) => t.id)).toEqual([...ids]);
    if (raw.oneCasePerTest) expect(merged.tests.length).toBe(raw.cases.length);
    for (const t of merged.tests) {
      expect(t.report).toBe(row.file);
      expect(t.id).toContain(t.name);
    }
    if (/flaky\*\/rerun\* elements/.test(row.notes)) {
      expect(raw.cases.some((c) => c.attempts.length > 1)).toBe(true);
    }
    if (/retries encoded as repeated <testcase> elements/.test(row.notes)) {
      expect(merged.tests.length).toBeLessThan(raw.cases.length);
      expect(merged.tests.some((t) => t.attempts.length > 1)).toBe(true);
    }
  });
});

describe.each(malformed.map((r) => [r.file, r] as const))('malformed %s', (_file, row) => {
  it('gives exactly one clear problem naming the file, and no tests', () => {
    const r = parseReportText(read(row.file), row.file, { workspace: CORPUS_DIR });
    expect(r.tests).toEqual([]);
    expect(r.problems).toHaveLength(1);
    const p = r.problems[0]!;
    expect(p.path).toBe(row.file);
    expect(p.message.length).toBeGreaterThan(10);
    // Where Python's expat reported a line, ours agrees (its columns are 0-based and differ by design).
    const expat = /ParseError: [^;]*?: line (\d+), column \d+/.exec(row.notes);
    if (expat && !/empty file/.test(row.notes)) expect(p.line).toBe(Number(expat[1]));
    if (/not JUnit|root element|Allure 1 format/.test(row.notes)) expect(p.message).toMatch(/^not a JUnit report: root element </);
    if (/XXE/.test(row.notes)) expect(p.message).toMatch(/^refused: .*<!(DOCTYPE|ENTITY)>/);
    if (/empty file/.test(row.notes)) expect(p.message).toMatch(/empty/);
    if (/not well-formed|truncated|not XML/.test(row.notes)) expect(p.message).toMatch(/^not well-formed XML: /);
  });
});

describe('the whole corpus as one batch', () => {
  it('ingests every well-formed report, with one problem per malformed report', async () => {
    const paths = rows.map((r) => join(CORPUS_DIR, r.file));
    const out = await parseReportFiles(paths, { workspace: CORPUS_DIR });
    expect(out.filesRead).toBe(309 - 12);
    expect(out.problems.map((p) => p.path).sort()).toEqual(malformed.map((r) => r.file).sort());

    // Every attempt of every raw testcase is in the merged result. Across files an id is one test when only reports
    // that may write a retry as a testcase have it; each report of one testcase per test that has it keeps its own.
    let attempts = 0;
    const perTest = new Map<string, number>();
    const merged = new Set<string>();
    for (const r of wellFormed) {
      const raw = parseReportRaw(read(r.file), r.file, { workspace: CORPUS_DIR });
      cleanIds(raw.cases, raw.reporter === 'mocha');
      const namer = twinNamer(raw.cases);
      const ids = new Set<string>();
      for (const c of raw.cases) {
        attempts += c.attempts.length;
        ids.add(raw.oneCasePerTest ? testId({ ...c, name: namer.name(c.name, testId(c)).name }) : testId(c));
      }
      for (const id of ids) {
        if (raw.oneCasePerTest) perTest.set(id, (perTest.get(id) ?? 0) + 1);
        else merged.add(id);
      }
    }
    let expected = merged.size;
    for (const k of perTest.values()) expected += k;
    expect(out.tests.reduce((n, t) => n + t.attempts.length, 0)).toBe(attempts);
    expect(out.tests.length).toBe(expected);
    expect(new Set(out.tests.map((t) => t.id)).size).toBe(out.tests.length);
    const qualified = out.tests.filter((t) => t.scope !== undefined);
    expect(qualified.length).toBe([...perTest].reduce((n, [id, k]) => n + (k > 1 || merged.has(id) ? k : 0), 0));
    expect(out.collisions?.count ?? 0).toBe([...perTest].filter(([id, k]) => k > 1 || merged.has(id)).length);
    expect(out.timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it.each(malformed.map((r) => [r.file]))('a batch with %s still ingests its neighbours', async (file) => {
    const before = wellFormed[0]!;
    const after = wellFormed[wellFormed.length - 1]!;
    const out = await parseReportFiles(
      [before.file, file, after.file].map((f) => join(CORPUS_DIR, f)),
      { workspace: CORPUS_DIR },
    );
    expect(out.problems).toHaveLength(1);
    expect(out.problems[0]!.path).toBe(file);
    expect(new Set(out.tests.map((t) => t.report))).toEqual(new Set([before.file, after.file]));
    const expected = before.tests! + after.tests!;
    // Attempts cover at least one per raw element.
    expect(out.tests.reduce((n, t) => n + t.attempts.length, 0)).toBeGreaterThanOrEqual(expected);
  });
});
