/**
 * The annotated report (docs/annotated-report.md): this run's tests as JUnit XML in Surefire's vocabulary, with what
 * flakeguard learnt, for the report actions a workflow keeps (dorny/test-reporter, mikepenz/action-junit-report,
 * EnricoMi/publish-unit-test-result-action), and the same as a CTRF report (https://ctrf.io). Pure.
 *
 * - A test that failed and then passed in this run (a retry in the report, or a re-run by flakeguard) is flaky:
 *   one `<flakyFailure>` (`<flakyError>`) per failed attempt, no `<failure>`, as Surefire writes a test that passed on
 *   a re-run (ADR 0515).
 * - A failure that blocks: `<failure>` (`<error>`) for its first failed attempt, one `<rerunFailure>` (`<rerunError>`)
 *   for each later one, as Surefire writes a test that failed on every re-run.
 * - A failure its quarantine forgave: `quarantinedAs: failure` writes it as a failure (nothing looks better than it
 *   was), `skipped` as a `<skipped>` whose message says that it failed and was forgiven, its failed attempts kept as
 *   `<rerunFailure>`s, so that a report action's count and check stay green (ADR 0516).
 * Every test also carries `flakeguard.*` properties (its verdict, whether quarantined, why). Every text is untrusted:
 * secrets hidden, characters XML 1.0 forbids dropped, escaped, each text and the stack traces in all bounded (ADR 0517).
 */
import { isFailure, STATUS_CODE, type Attempt, type AttemptStatus, type ParsedTestCase } from '../model.ts';
import { redact, truncate } from '../text/escape.ts';

/** How a failure forgiven by its quarantine is written: as the failure it was, or as a skip that says so. */
export type QuarantinedAs = 'failure' | 'skipped';

/** What flakeguard concluded of one test in this run. */
export type AnnotatedVerdict = 'passed' | 'skipped' | 'flaky' | 'failed' | 'forgiven';

export interface AnnotatedInput {
  /** Every test of the run, the re-runs merged in as attempts (RerunResult.tests), under their history ids. */
  tests: readonly ParsedTestCase[];
  /** The run's outcome (src/policy/outcome.ts): which failures block, which were forgiven, which passed on a retry. */
  outcome: {
    blocking: readonly { id: string }[];
    forgiven: readonly { id: string }[];
    passedOnRetry: readonly { id: string }[];
    /** Quarantined tests whose failure blocks, with why. */
    unforgiven?: ReadonlyMap<string, string>;
    orderDependent?: ReadonlyMap<string, string>;
  };
  /** Tests ids flakeguard re-ran, with how many of their attempts are re-runs and where they are (RerunCase). */
  reran?: ReadonlyMap<string, { kind: 'failed' | 'extra'; count: number }>;
  /** The sentence of each failure the re-runs call consistent. */
  consistent?: ReadonlyMap<string, string>;
  /** Tests quarantined before this run (their failures are judged by the quarantine). */
  quarantined?: ReadonlySet<string>;
  quarantinedAs: QuarantinedAs;
  /** When the run's tests ran (ms since the epoch): the CTRF report's start. */
  start: number;
  /** When the report is written (ms since the epoch). */
  now: number;
  /** The test tool, when the reports name one (ParsedReports.reporters). */
  tool?: string;
}

/** Bounds on what one report holds: hostile reports must not make a huge file (ADR 0517). */
export const ANNOTATED_LIMITS = {
  /** Characters of a name, classname, suite or file. */
  name: 2000,
  /** Characters of one message or type. */
  message: 4000,
  /** Characters of one stack trace or failure body. */
  details: 16_000,
  /** Characters of all stack traces of the report together; past it, only messages. */
  allDetails: 8_000_000,
  /** Failed attempts written per test; the `flakeguard.attempts` property still counts them all. */
  attempts: 50,
};

interface Budget {
  details: number;
}

/* ---------- text ---------- */

// XML 1.0's Char production: tab, line feed, carriage return and the code points from U+0020, surrogates, U+FFFE
// and U+FFFF excluded. With the `u` flag a lone surrogate is one code point outside the set, so it is dropped too.
const NOT_XML_CHAR = /[^\t\n\r\x20-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/** Untrusted text made safe to write: secrets hidden, cut to `max`, characters XML cannot hold dropped. */
export function cleanText(untrusted: string, max: number): string {
  return truncate(redact(untrusted), max).replace(NOT_XML_CHAR, '');
}

/** An attribute value (quoted with `"`): whitespace kept as character references, so that a parser keeps it. */
export function xmlAttr(text: string): string {
  return text.replace(/[&<>"\t\n\r]/g, (c) => ATTR_ENTITIES[c]!);
}
const ATTR_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', '\t': '&#9;', '\n': '&#10;', '\r': '&#13;' };

/** Character data in CDATA; a `]]>` in it is split across two sections, which parsers join back. */
export function cdata(text: string): string {
  return `<![CDATA[${text.split(']]>').join(']]]]><![CDATA[>')}]]>`;
}

/* ---------- verdicts ---------- */

export interface AnnotatedTest {
  test: ParsedTestCase;
  verdict: AnnotatedVerdict;
  quarantined: boolean;
  /** Why it blocks (consistent, order-dependent, not covered by its quarantine), when known. */
  why?: string;
  /** Its attempts that are flakeguard's re-runs, by index. */
  reruns: ReadonlySet<number>;
}

/** Each test of the run with its verdict, in the reports' order. */
export function annotatedTests(input: AnnotatedInput): AnnotatedTest[] {
  const ids = (list: readonly { id: string }[]): Set<string> => new Set(list.map((t) => t.id));
  const blocking = ids(input.outcome.blocking);
  const forgiven = ids(input.outcome.forgiven);
  const flaky = ids(input.outcome.passedOnRetry);
  return input.tests.map((test) => {
    const last = test.attempts[test.attempts.length - 1];
    const verdict: AnnotatedVerdict = blocking.has(test.id)
      ? 'failed'
      : forgiven.has(test.id)
        ? 'forgiven'
        : flaky.has(test.id)
          ? 'flaky'
          : last && isFailure(last.status)
            ? 'failed'
            : last?.status === 'skipped'
              ? 'skipped'
              : 'passed';
    const why = input.outcome.orderDependent?.get(test.id) ?? input.consistent?.get(test.id) ?? input.outcome.unforgiven?.get(test.id);
    const quarantined = forgiven.has(test.id) || input.outcome.unforgiven?.has(test.id) === true || input.quarantined?.has(test.id) === true;
    const reran = input.reran?.get(test.id);
    const reruns = new Set<number>();
    if (reran) {
      const n = Math.min(reran.count, test.attempts.length);
      const from = reran.kind === 'failed' ? test.attempts.length - n : 0;
      for (let i = from; i < from + n; i++) reruns.add(i);
    }
    return { test, verdict, quarantined, ...(why !== undefined && verdict === 'failed' ? { why } : {}), reruns };
  });
}

/* ---------- JUnit XML ---------- */

const seconds = (a: Attempt | undefined): string => (a?.durationSec !== undefined && Number.isFinite(a.durationSec) && a.durationSec >= 0 ? String(Math.round(a.durationSec * 1000) / 1000) : '0');

function property(name: string, value: string): string {
  return `<property name="${xmlAttr(name)}" value="${xmlAttr(cleanText(value, ANNOTATED_LIMITS.message))}"/>`;
}

/** The stack trace of an attempt within the report's budget; '' when it has none or the budget is spent. */
function detailsOf(a: Attempt, budget: Budget): string {
  if (!a.details || budget.details <= 0) return '';
  const text = cleanText(a.details, Math.min(ANNOTATED_LIMITS.details, budget.details));
  budget.details -= text.length;
  return text;
}

function resultAttrs(a: Attempt): string {
  const message = a.message !== undefined ? ` message="${xmlAttr(cleanText(a.message, ANNOTATED_LIMITS.message))}"` : '';
  const type = a.type !== undefined ? ` type="${xmlAttr(cleanText(a.type, ANNOTATED_LIMITS.message))}"` : '';
  return `${message}${type}`;
}

/** `<failure>` / `<error>`: the body is the stack trace (JUnit's shape). */
function failureElement(a: Attempt, budget: Budget): string {
  const tag = a.status === 'error' ? 'error' : 'failure';
  const body = detailsOf(a, budget);
  return body ? `<${tag}${resultAttrs(a)}>${cdata(body)}</${tag}>` : `<${tag}${resultAttrs(a)}/>`;
}

/** Surefire's `<flakyFailure>` / `<rerunFailure>` (and `…Error`): the stack trace in a `<stackTrace>` child. */
function surefireElement(kind: 'flaky' | 'rerun', a: Attempt, budget: Budget): string {
  const tag = `${kind}${a.status === 'error' ? 'Error' : 'Failure'}`;
  const body = detailsOf(a, budget);
  return body ? `<${tag}${resultAttrs(a)}><stackTrace>${cdata(body)}</stackTrace></${tag}>` : `<${tag}${resultAttrs(a)}/>`;
}

function failedAttempts(t: ParsedTestCase): Attempt[] {
  return t.attempts.filter((a) => isFailure(a.status)).slice(0, ANNOTATED_LIMITS.attempts);
}

/** The message a forgiven failure written as a skip carries. */
export function forgivenMessage(t: ParsedTestCase): string {
  const first = t.attempts.find((a) => isFailure(a.status));
  const said = first?.message ?? first?.type;
  return `Failed, forgiven: quarantined by flakeguard as flaky${said !== undefined ? `. ${said}` : ''}`;
}

function testcaseXml(a: AnnotatedTest, quarantinedAs: QuarantinedAs, budget: Budget): string {
  const t = a.test;
  const last = t.attempts[t.attempts.length - 1];
  const attrs = [`name="${xmlAttr(cleanText(t.name, ANNOTATED_LIMITS.name))}"`, `classname="${xmlAttr(cleanText(t.classname, ANNOTATED_LIMITS.name))}"`, `time="${seconds(last)}"`];
  if (t.file) attrs.push(`file="${xmlAttr(cleanText(t.file, ANNOTATED_LIMITS.name))}"`);
  if (t.line !== undefined && Number.isInteger(t.line) && t.line > 0) attrs.push(`line="${t.line}"`);
  const codes = t.attempts.map((x) => STATUS_CODE[x.status]).join('');
  const props = [
    property('flakeguard.verdict', a.verdict),
    property('flakeguard.id', cleanText(t.id, ANNOTATED_LIMITS.name)),
    property('flakeguard.attempts', codes.length > 200 ? `${codes.slice(0, 199)}…` : codes),
  ];
  if (a.reruns.size > 0) props.push(property('flakeguard.reruns', String(a.reruns.size)));
  if (a.quarantined) props.push(property('flakeguard.quarantined', 'true'));
  if (a.why !== undefined) props.push(property('flakeguard.why', a.why));
  const body: string[] = [`<properties>${props.join('')}</properties>`];
  const failed = failedAttempts(t);
  if (a.verdict === 'flaky') {
    for (const f of failed) body.push(surefireElement('flaky', f, budget));
  } else if (a.verdict === 'failed' || (a.verdict === 'forgiven' && quarantinedAs === 'failure')) {
    const [first, ...later] = failed;
    if (first) body.push(failureElement(first, budget));
    else body.push(`<failure message="${xmlAttr(a.why !== undefined ? cleanText(a.why, ANNOTATED_LIMITS.message) : 'failed')}"/>`);
    for (const f of later) body.push(surefireElement('rerun', f, budget));
  } else if (a.verdict === 'forgiven') {
    body.push(`<skipped message="${xmlAttr(cleanText(forgivenMessage(t), ANNOTATED_LIMITS.message))}"/>`);
    for (const f of failed) body.push(surefireElement('rerun', f, budget));
  } else if (a.verdict === 'skipped') {
    body.push(last?.message !== undefined ? `<skipped message="${xmlAttr(cleanText(last.message, ANNOTATED_LIMITS.message))}"/>` : '<skipped/>');
  }
  return `    <testcase ${attrs.join(' ')}>${body.join('')}</testcase>`;
}

/** How a test counts in a suite's `tests`, `failures`, `errors` and `skipped`: as its element says. */
function counted(a: AnnotatedTest, quarantinedAs: QuarantinedAs): 'failure' | 'error' | 'skipped' | 'passed' {
  const failedAs = (): 'failure' | 'error' => (failedAttempts(a.test)[0]?.status === 'error' ? 'error' : 'failure');
  if (a.verdict === 'failed') return failedAs();
  if (a.verdict === 'forgiven') return quarantinedAs === 'failure' ? failedAs() : 'skipped';
  if (a.verdict === 'skipped') return 'skipped';
  return 'passed';
}

interface Counts {
  tests: number;
  failures: number;
  errors: number;
  skipped: number;
  time: number;
}

function countsAttrs(c: Counts): string {
  return `tests="${c.tests}" failures="${c.failures}" errors="${c.errors}" skipped="${c.skipped}" time="${Math.round(c.time * 1000) / 1000}"`;
}

/** The annotated JUnit XML: one `<testsuite>` per report and suite, in the order the reports gave them. */
export function annotatedJUnit(input: AnnotatedInput): string {
  const budget: Budget = { details: ANNOTATED_LIMITS.allDetails };
  const suites = new Map<string, { name: string; report: string; cases: string[]; counts: Counts }>();
  const total: Counts = { tests: 0, failures: 0, errors: 0, skipped: 0, time: 0 };
  for (const a of annotatedTests(input)) {
    const t = a.test;
    const name = t.suite || t.group || t.report || 'tests';
    const key = `${t.report}\u0000${name}`;
    let suite = suites.get(key);
    if (!suite) suites.set(key, (suite = { name, report: t.report, cases: [], counts: { tests: 0, failures: 0, errors: 0, skipped: 0, time: 0 } }));
    suite.cases.push(testcaseXml(a, input.quarantinedAs, budget));
    const as = counted(a, input.quarantinedAs);
    const time = Number(seconds(t.attempts[t.attempts.length - 1]));
    for (const c of [suite.counts, total]) {
      c.tests++;
      c.time += time;
      if (as === 'failure') c.failures++;
      else if (as === 'error') c.errors++;
      else if (as === 'skipped') c.skipped++;
    }
  }
  const out = ['<?xml version="1.0" encoding="UTF-8"?>', `<testsuites name="flakeguard" ${countsAttrs(total)}>`];
  for (const s of suites.values()) {
    // The report's path is a property: a report action takes a `file` attribute for the tests' source file.
    const report = s.report ? `    <properties>${property('flakeguard.report', cleanText(s.report, ANNOTATED_LIMITS.name))}</properties>` : undefined;
    out.push(`  <testsuite name="${xmlAttr(cleanText(s.name, ANNOTATED_LIMITS.name))}" ${countsAttrs(s.counts)}>`, ...(report ? [report] : []), ...s.cases, '  </testsuite>');
  }
  out.push('</testsuites>', '');
  return out.join('\n');
}

/* ---------- CTRF ---------- */

/** The CTRF specification version written (ctrf's CURRENT_SPEC_VERSION). */
export const CTRF_SPEC_VERSION = '0.0.0';

type CtrfStatus = 'passed' | 'failed' | 'skipped' | 'pending' | 'other';

const ctrfStatus = (s: AttemptStatus): CtrfStatus => (isFailure(s) ? 'failed' : s === 'skipped' ? 'skipped' : 'passed');
const millis = (a: Attempt | undefined): number => (a?.durationSec !== undefined && Number.isFinite(a.durationSec) && a.durationSec >= 0 ? Math.round(a.durationSec * 1000) : 0);

/** The CTRF report of the same verdicts: `flaky`, `retries` and `retryAttempts` (every attempt before the last). */
export function annotatedCtrf(input: AnnotatedInput): Record<string, unknown> {
  const budget: Budget = { details: ANNOTATED_LIMITS.allDetails };
  const tests: Record<string, unknown>[] = [];
  const summary = { tests: 0, passed: 0, failed: 0, skipped: 0, pending: 0, other: 0, flaky: 0 };
  const suites = new Set<string>();
  for (const a of annotatedTests(input)) {
    const t = a.test;
    const last = t.attempts[t.attempts.length - 1];
    const status: CtrfStatus =
      a.verdict === 'failed' || (a.verdict === 'forgiven' && input.quarantinedAs === 'failure') ? 'failed' : a.verdict === 'forgiven' || a.verdict === 'skipped' ? 'skipped' : 'passed';
    summary.tests++;
    summary[status]++;
    if (a.verdict === 'flaky') summary.flaky++;
    suites.add(`${t.report}\u0000${t.suite || t.group || t.report}`);
    const lastFailed = [...t.attempts].reverse().find((x) => isFailure(x.status));
    const shown = status === 'failed' ? lastFailed : undefined;
    const test: Record<string, unknown> = {
      name: cleanText(t.name, ANNOTATED_LIMITS.name) || '(unnamed)',
      status,
      duration: millis(last),
    };
    if (a.verdict === 'forgiven') test.rawStatus = 'failed';
    const suitePath = [t.suite, t.classname].filter((s, i, all) => s !== '' && all.indexOf(s) === i).map((s) => cleanText(s, ANNOTATED_LIMITS.name));
    if (suitePath.length > 0) test.suite = suitePath;
    if (shown?.message !== undefined) test.message = cleanText(shown.message, ANNOTATED_LIMITS.message);
    else if (a.verdict === 'forgiven' && input.quarantinedAs === 'skipped') test.message = cleanText(forgivenMessage(t), ANNOTATED_LIMITS.message);
    const trace = shown ? detailsOf(shown, budget) : '';
    if (trace) test.trace = trace;
    if (t.file) test.filePath = cleanText(t.file, ANNOTATED_LIMITS.name);
    if (t.line !== undefined && Number.isInteger(t.line) && t.line > 0) test.line = t.line;
    test.flaky = a.verdict === 'flaky';
    test.retries = Math.max(0, t.attempts.length - 1);
    // The attempts before the last: the first ones and the one just before the last, within the bound.
    const before = t.attempts.length - 1;
    const kept = before > ANNOTATED_LIMITS.attempts ? [...Array.from({ length: ANNOTATED_LIMITS.attempts - 1 }, (_, i) => i), before - 1] : Array.from({ length: Math.max(0, before) }, (_, i) => i);
    if (kept.length > 0) {
      test.retryAttempts = kept.map((i) => {
        const x = t.attempts[i]!;
        const attempt: Record<string, unknown> = { attempt: i + 1, status: ctrfStatus(x.status), duration: millis(x) };
        if (x.message !== undefined && isFailure(x.status)) attempt.message = cleanText(x.message, ANNOTATED_LIMITS.message);
        const body = isFailure(x.status) ? detailsOf(x, budget) : '';
        if (body) attempt.trace = body;
        if (a.reruns.has(i)) attempt.extra = { rerun: true };
        return attempt;
      });
    }
    if (a.quarantined) test.tags = ['quarantined'];
    const flakeguard: Record<string, unknown> = { verdict: a.verdict, id: cleanText(t.id, ANNOTATED_LIMITS.name), attempts: t.attempts.length };
    if (a.reruns.size > 0) flakeguard.reruns = a.reruns.size;
    if (a.quarantined) flakeguard.quarantined = true;
    if (a.why !== undefined) flakeguard.why = cleanText(a.why, ANNOTATED_LIMITS.message);
    test.extra = { flakeguard };
    tests.push(test);
  }
  const stop = Math.max(input.now, input.start);
  return {
    reportFormat: 'CTRF',
    specVersion: CTRF_SPEC_VERSION,
    timestamp: new Date(input.now).toISOString(),
    generatedBy: 'flakeguard',
    results: {
      tool: { name: cleanText(input.tool || 'junit', ANNOTATED_LIMITS.name) || 'junit' },
      summary: { ...summary, suites: suites.size, start: Math.floor(input.start), stop: Math.floor(stop), duration: Math.floor(stop - input.start) },
      tests,
      extra: { flakeguard: { quarantinedAs: input.quarantinedAs } },
    },
  };
}

/** The CTRF file beside `<path>.xml`: `<path>.ctrf.json`. */
export function ctrfPathFor(xmlPath: string): string {
  return `${xmlPath.replace(/\.xml$/i, '')}.ctrf.json`;
}
