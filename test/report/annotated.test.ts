/**
 * The annotated report's pure writer (src/report/annotated.ts): hostile text, the bounds, both ways of writing a
 * forgiven failure, read back by flakeguard's own parser and by the three report actions' parsers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { validate } from 'ctrf';
import { ANNOTATED_LIMITS, annotatedCtrf, annotatedJUnit, cdata, cleanText, ctrfPathFor, type AnnotatedInput } from '../../src/report/annotated.ts';
import { parseReportFiles } from '../../src/junit/index.ts';
import type { ParsedTestCase } from '../../src/model.ts';
import { parsedTest } from '../support/builders.ts';
import { actionJunitReport, dornyTestReporter, publishUnitTestResult, strictXml } from '../support/report-actions.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'annotated-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const HOSTILE = 'a ]]> b <c> & "d" \'e\'\u0000\u0007\u001b[1m\ud800\udfff\uffff\ttab\r\nnew line 🎉 ${{ secrets.X }}';

function input(tests: ParsedTestCase[], ids: { blocking?: string[]; forgiven?: string[]; flaky?: string[] }, extra: Partial<AnnotatedInput> = {}): AnnotatedInput {
  const pick = (list: string[] = []): ParsedTestCase[] => tests.filter((t) => list.includes(t.id));
  return {
    tests,
    outcome: { blocking: pick(ids.blocking), forgiven: pick(ids.forgiven), passedOnRetry: pick(ids.flaky) },
    quarantinedAs: 'failure',
    start: Date.UTC(2026, 10, 29, 12),
    now: Date.UTC(2026, 10, 29, 12, 5),
    ...extra,
  };
}

/** A run of five tests: passed, proven flaky by a re-run, a real failure failing its re-runs, a forgiven failure, a skip. */
function run(extra: Partial<AnnotatedInput> = {}): AnnotatedInput {
  const tests = [
    parsedTest('app.M::adds', 'P'),
    parsedTest('app.M::divides', 'FP'),
    parsedTest('app.M::breaks', 'FFF', {
      attempts: [0, 1, 2].map((i) => ({ status: 'failed' as const, message: `${HOSTILE} ${i}`, type: 'AssertionError', details: `at app.M.breaks(M.java:${i})\n${HOSTILE}` })),
    }),
    parsedTest('app.N::fetches', 'FF'),
    parsedTest('app.M::later', 'S'),
  ];
  return input(tests, { blocking: ['app.M::breaks'], forgiven: ['app.N::fetches'], flaky: ['app.M::divides'] }, { reran: new Map([['app.M::divides', { kind: 'failed', count: 1 }]]), ...extra });
}

async function written(name: string, text: string): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, text);
  return path;
}

describe('the annotated JUnit', () => {
  it('is well-formed whatever the names and messages hold, and gives the text back without the characters XML forbids', async () => {
    const tests = [
      parsedTest(`x::${HOSTILE}`, 'FP', {
        classname: HOSTILE,
        suite: HOSTILE,
        file: HOSTILE,
        attempts: [{ status: 'failed', message: HOSTILE, type: HOSTILE, details: HOSTILE }, { status: 'passed' }],
      }),
    ];
    const xml = annotatedJUnit(input(tests, { flaky: [tests[0]!.id] }));
    const doc = (await strictXml(xml)) as {
      testsuites: { testsuite: Array<{ testcase: Array<{ $: Record<string, string>; flakyFailure: Array<{ $: Record<string, string>; stackTrace: string[] }> }> }> };
    };
    const tc = doc.testsuites.testsuite[0]!.testcase[0]!;
    const clean = cleanText(HOSTILE, 10_000);
    expect(clean).not.toMatch(/[\u0000\u0007\u001b\uffff]/);
    expect(clean).toContain('\ud800\udfff'); // a pair is a character; only a lone surrogate is dropped
    expect(tc.$['classname']).toBe(clean);
    expect(tc.flakyFailure[0]!.$['message']).toBe(clean);
    expect(tc.flakyFailure[0]!.stackTrace[0]).toBe(clean);
    expect(cleanText('x\ud800y\udc00z', 100)).toBe('xyz');
    expect(cdata('a]]>b')).toBe('<![CDATA[a]]]]><![CDATA[>b]]>');
    // flakeguard's parser reads the same test back.
    const back = await parseReportFiles([await written('hostile.xml', xml)], { workspace: dir });
    expect(back.problems).toEqual([]);
    expect(back.tests[0]!.attempts.map((a) => a.status)).toEqual(['failed', 'passed']);
    expect(back.tests[0]!.attempts[0]!.message).toBe(clean);
  });

  it('writes what Surefire writes: flakyFailure for a test that passed on a retry, failure then rerunFailure for one that never did', async () => {
    const xml = annotatedJUnit(run());
    expect(xml).toMatch(
      /<testcase name="divides"[^>]*><properties>.*<property name="flakeguard.verdict" value="flaky"\/>.*<property name="flakeguard.reruns" value="1"\/>.*<\/properties><flakyFailure message="boom F"\/><\/testcase>/,
    );
    expect(xml).toMatch(/<testcase name="breaks"[^>]*>.*<failure message="a \]\]&gt; b &lt;c&gt; &amp; &quot;d&quot;[^"]*0" type="AssertionError"><!\[CDATA\[at app\.M\.breaks\(M\.java:0\)/);
    expect(xml.match(/<rerunFailure /g)).toHaveLength(2 + 1); // breaks' two re-runs, fetches' second attempt
    expect(xml).toContain('<testsuite name="suite" tests="5" failures="2" errors="0" skipped="1"');
    const back = await parseReportFiles([await written('run.xml', xml)], { workspace: dir });
    expect(Object.fromEntries(back.tests.map((t) => [t.name, t.attempts.map((a) => a.status[0]).join('')]))).toEqual({ adds: 'p', divides: 'fp', breaks: 'fff', fetches: 'ff', later: 's' });
  });

  it('writes a forgiven failure as a failure by default, and as a skip that says so with quarantinedAs: skipped; the report actions count it so', async () => {
    const asFailure = await written('failure.xml', annotatedJUnit(run()));
    const asSkip = await written('skipped.xml', annotatedJUnit(run({ quarantinedAs: 'skipped' })));
    expect(await dornyTestReporter(asFailure)).toMatchObject({ passed: 2, failed: 2, skipped: 1, result: 'failed' });
    expect(await dornyTestReporter(asSkip)).toMatchObject({ passed: 2, failed: 1, skipped: 2, result: 'failed' });
    expect(await actionJunitReport(asFailure)).toMatchObject({ passed: 2, failed: 2, skipped: 1 });
    expect(await actionJunitReport(asSkip)).toMatchObject({ passed: 2, failed: 1, skipped: 2 });
    expect((await publishUnitTestResult(asFailure)).stats).toMatchObject({ tests_fail: 2, runs_fail: 2, tests_skip: 1, runs_skip: 1 });
    const skip = await publishUnitTestResult(asSkip);
    expect(skip.stats).toMatchObject({ tests_fail: 1, runs_fail: 1, tests_skip: 2, runs_skip: 2 });
    expect(skip.cases.find((c) => c.name === 'fetches')).toEqual({ name: 'fetches', result: 'skipped', message: 'Failed, forgiven: quarantined by flakeguard as flaky. boom F' });
    // Only the forgiven failure: every report action's count is green.
    const onlyForgiven = run({ quarantinedAs: 'skipped' });
    onlyForgiven.tests = onlyForgiven.tests.filter((t) => t.name !== 'breaks');
    onlyForgiven.outcome = { ...onlyForgiven.outcome, blocking: [] };
    const green = await written('green.xml', annotatedJUnit(onlyForgiven));
    expect(await dornyTestReporter(green)).toMatchObject({ failed: 0, result: 'success' });
    expect(await actionJunitReport(green)).toMatchObject({ failed: 0, skipped: 2 });
    expect((await publishUnitTestResult(green)).stats).toMatchObject({ tests_fail: 0, runs_fail: 0, tests_error: 0, runs_error: 0 });
  });

  it('is bounded: each text, the failed attempts written per test, and the stack traces of the whole report', () => {
    const huge = 'x'.repeat(100_000);
    const attempts = Array.from({ length: 500 }, () => ({ status: 'failed' as const, message: huge, type: huge, details: huge }));
    const tests = Array.from({ length: 10 }, (_, i) => parsedTest(`app.Big::t${i}`, 'F', { name: `t${i}${huge}`, attempts }));
    const big = input(tests, { blocking: tests.map((t) => t.id) }, { reran: new Map(tests.map((t) => [t.id, { kind: 'failed' as const, count: 499 }])) });
    const xml = annotatedJUnit(big);
    expect(xml.match(/<rerunFailure /g)).toHaveLength(10 * (ANNOTATED_LIMITS.attempts - 1));
    // 10 tests × 50 attempts × (4,000 + 4,000) characters of message and type, plus 8,000,000 of stack traces.
    expect(xml.length).toBeLessThan(10 * 50 * 2 * ANNOTATED_LIMITS.message * 1.01 + ANNOTATED_LIMITS.allDetails * 1.01 + 1_000_000);
    const report = annotatedCtrf(big);
    const attemptsOf = (report.results as { tests: Array<{ retryAttempts: Array<{ attempt: number }> }> }).tests[0]!.retryAttempts.map((a) => a.attempt);
    expect(attemptsOf).toEqual([...Array.from({ length: ANNOTATED_LIMITS.attempts - 1 }, (_, i) => i + 1), 499]);
    const ctrf = JSON.stringify(report);
    expect(ctrf.length).toBeLessThan(10 * 50 * ANNOTATED_LIMITS.message * 1.01 + ANNOTATED_LIMITS.allDetails * 1.01 + 1_000_000);
  });
});

describe('the CTRF report', () => {
  it('is valid by the CTRF schema, with flaky, retries and the re-runs among the retry attempts', () => {
    const report = annotatedCtrf(run());
    expect(validate(report)).toEqual({ valid: true, errors: [] });
    const r = report.results as { summary: Record<string, number>; tests: Array<Record<string, unknown>> };
    expect(r.summary).toMatchObject({ tests: 5, passed: 2, failed: 2, skipped: 1, pending: 0, other: 0, flaky: 1, suites: 1, duration: 300_000 });
    const byName = Object.fromEntries(r.tests.map((t) => [t.name as string, t]));
    expect(byName['divides']).toMatchObject({ status: 'passed', flaky: true, retries: 1, retryAttempts: [{ attempt: 1, status: 'failed', message: 'boom F' }] });
    expect(byName['breaks']).toMatchObject({ status: 'failed', flaky: false, retries: 2, message: cleanText(`${HOSTILE} 2`, 4000) });
    expect(byName['breaks']!.retryAttempts).toHaveLength(2);
    expect(byName['fetches']).toMatchObject({ status: 'failed', rawStatus: 'failed', tags: ['quarantined'] });
    const skipped = annotatedCtrf(run({ quarantinedAs: 'skipped' }));
    expect(validate(skipped).valid).toBe(true);
    const fetches = (skipped.results as { tests: Array<Record<string, unknown>> }).tests.find((t) => t.name === 'fetches');
    expect(fetches).toMatchObject({ status: 'skipped', rawStatus: 'failed', message: 'Failed, forgiven: quarantined by flakeguard as flaky. boom F' });
  });

  it('marks the re-runs among the attempts of a passing test given extra executions, which come first', () => {
    const t = parsedTest('app.M::extra', 'FPP');
    const report = annotatedCtrf(input([t], { flaky: [t.id] }, { reran: new Map([[t.id, { kind: 'extra', count: 2 }]]) }));
    const test = (report.results as { tests: Array<{ retryAttempts: Array<Record<string, unknown>> }> }).tests[0]!;
    expect(test.retryAttempts).toEqual([
      { attempt: 1, status: 'failed', duration: 0, message: 'boom F', extra: { rerun: true } },
      { attempt: 2, status: 'passed', duration: 0, extra: { rerun: true } },
    ]);
    expect(validate(report).valid).toBe(true);
  });

  it('is written beside the XML', () => {
    expect(ctrfPathFor('/w/flakeguard/annotated.xml')).toBe('/w/flakeguard/annotated.ctrf.json');
    expect(ctrfPathFor('out.XML')).toBe('out.ctrf.json');
  });
});
