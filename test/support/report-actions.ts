/**
 * The three report actions' own parsing code, run on a JUnit file as each action runs it, and what each counts
 * (docs/annotated-report.md). Their sources are vendored under report-actions/ with their licences (the commits are
 * in report-actions/README.md); their npm dependencies (xml2js, xml-js) are devDependencies, and the Python one runs
 * on Debian's python3-junitparser (.ci/install-test-deps). Nothing here is skipped when missing: a missing parser
 * fails the test that asks for it.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';

const VENDORED = join(dirname(fileURLToPath(import.meta.url)), 'report-actions');

/** The vendored sources are TypeScript outside the project's type check: loaded by URL, typed here. */
async function load<T>(relative: string): Promise<T> {
  return (await import(pathToFileURL(join(VENDORED, relative)).href)) as T;
}

/** xml2js (dorny/test-reporter's XML parser) in strict mode: throws on XML that is not well-formed. */
export async function strictXml(text: string): Promise<unknown> {
  const xml2js = 'xml2js';
  const { parseStringPromise } = (await import(xml2js)) as { parseStringPromise: (text: string, options: { strict: boolean }) => Promise<unknown> };
  return parseStringPromise(text, { strict: true });
}

export interface DornyCounts {
  tests: number;
  passed: number;
  failed: number;
  skipped: number;
  /** The check's conclusion as the action computes it: 'failed' when any test failed. */
  result: string;
  /** Failed tests by name, with the message the action shows. */
  failures: Array<{ name: string; message?: string }>;
}

/** dorny/test-reporter's `java-junit` parser (src/parsers/java-junit/java-junit-parser.ts). */
export async function dornyTestReporter(path: string): Promise<DornyCounts> {
  type Case = { name: string; result: string; error?: { message?: string } };
  type Run = { tests: number; passed: number; failed: number; skipped: number; result: string; suites: Array<{ groups: Array<{ tests: Case[] }> }> };
  const { JavaJunitParser } = await load<{ JavaJunitParser: new (options: { parseErrors: boolean; trackedFiles: string[] }) => { parse(path: string, content: string): Promise<Run> } }>(
    'dorny-test-reporter/src/parsers/java-junit/java-junit-parser.ts',
  );
  const run = await new JavaJunitParser({ parseErrors: true, trackedFiles: [] }).parse(path, await readFile(path, 'utf8'));
  const failures = run.suites.flatMap((s) =>
    s.groups.flatMap((g) => g.tests.filter((t) => t.result === 'failed').map((t) => ({ name: t.name, ...(t.error?.message ? { message: t.error.message } : {}) }))),
  );
  return { tests: run.tests, passed: run.passed, failed: run.failed, skipped: run.skipped, result: run.result, failures };
}

export interface MikepenzCounts {
  total: number;
  passed: number;
  failed: number;
  skipped: number;
  /** Tests in its flaky table (`flaky_summary: true`): annotations with retries, by title, with their retries. */
  flaky: Array<{ title: string; retries: number }>;
  /** Failure annotations' titles and messages. */
  failures: Array<{ title: string; message: string }>;
}

/** mikepenz/action-junit-report's parseTestReports (src/testParser.ts), with the action's default inputs. */
export async function actionJunitReport(path: string): Promise<MikepenzCounts> {
  type Annotation = { title: string; retries: number; annotation_level: string; message: string };
  type Result = { totalCount: number; passed: number; failed: number; skipped: number; globalAnnotations: Annotation[] };
  type Parse = (...args: unknown[]) => Promise<Result>;
  const { parseTestReports } = await load<{ parseTestReports: Parse }>('action-junit-report/src/testParser.ts');
  // It looks for a failed test's source file under GITHUB_WORKSPACE: an empty directory, not this repository.
  const workspace = await mkdtemp(join(tmpdir(), 'junit-report-ws-'));
  const before = process.env['GITHUB_WORKSPACE'];
  process.env['GITHUB_WORKSPACE'] = workspace;
  try {
    // checkName, summary, report_paths, suite_regex, include_passed, annotate_notice, check_retries, exclude_sources,
    // check_title_template, bread_crumb_delimiter, test_files_prefix, transformers, follow_symlink, annotations_limit,
    // truncate_stack_traces, fail_on_parse_error: action.yml's defaults.
    const r = await parseTestReports('JUnit Test Report', '', path, '', false, false, false, ['/build/', '/__pycache__/'], undefined, '/', '', [], false, -1, true, true);
    return {
      total: r.totalCount,
      passed: r.passed,
      failed: r.failed,
      skipped: r.skipped,
      flaky: r.globalAnnotations.filter((a) => a.retries > 0).map((a) => ({ title: a.title, retries: a.retries })),
      failures: r.globalAnnotations.filter((a) => a.annotation_level === 'failure').map((a) => ({ title: a.title, message: a.message })),
    };
  } finally {
    if (before === undefined) delete process.env['GITHUB_WORKSPACE'];
    else process.env['GITHUB_WORKSPACE'] = before;
    await rm(workspace, { recursive: true, force: true });
  }
}

export interface EnricoMiCounts {
  /** get_stats(): tests (distinct), runs (testcases and suite attributes) by state. */
  stats: Record<string, number>;
  /** Each testcase's result as the action reads it. */
  cases: Array<{ name: string; result: string; message: string | null }>;
}

/** The Debian interpreter, where apt installs python3-junitparser. */
export const PYTHON = '/usr/bin/python3';

const ENRICOMI = String.raw`
import sys, json
sys.path.insert(0, sys.argv[1])
from publish.junit import parse_junit_xml_files, process_junit_xml_elems
from publish.unittestresults import get_test_results, get_stats
parsed = process_junit_xml_elems(parse_junit_xml_files([sys.argv[2]], False, False)).with_commit('commit')
if parsed.errors:
    raise SystemExit('parse errors: ' + repr([e.message for e in parsed.errors]))
stats = get_stats(get_test_results(parsed, False))
print(json.dumps({'stats': {k: v for k, v in stats.to_dict().items() if isinstance(v, int)}, 'cases': [{'name': c.test_name, 'result': c.result, 'message': c.message} for c in parsed.cases]}))
`;

/** EnricoMi/publish-unit-test-result-action's JUnit parsing and statistics (python/publish/junit.py, unittestresults.py). */
export async function publishUnitTestResult(path: string): Promise<EnricoMiCounts> {
  const { stdout } = await promisify(execFile)(PYTHON, ['-c', ENRICOMI, join(VENDORED, 'publish-unit-test-result-action/python'), path], { maxBuffer: 64 * 1024 * 1024 });
  return JSON.parse(stdout) as EnricoMiCounts;
}
