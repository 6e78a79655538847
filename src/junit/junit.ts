/**
 * JUnit semantics on top of the tokenizer: one RawCase per `<testcase>` element, in document order.
 * Merging repeated ids into attempts happens in index.ts.
 */
import type { Buffer } from 'node:buffer';
import type { Attempt, AttemptStatus, TestCaseElement } from '../model.ts';
import { Locator } from './location.ts';
import { type Attrs, decodeText, tokenize, XmlError, type XmlHandler } from './xml.ts';

/** Cap of Attempt.message, in characters. */
export const MESSAGE_CAP = 1024;
/** Cap of Attempt.details, in characters. */
export const DETAILS_CAP = 4096;
/** Raw bytes of a result body kept for decoding (UTF-8 is at most 4 bytes per character, plus slack for trimming). */
const BODY_BYTES_CAP = DETAILS_CAP * 4 + 4096;

/** One `<testcase>` element. */
export interface RawCase extends TestCaseElement {
  /** Direct children seen, as counted by the corpus manifest. */
  hasFailure: boolean;
  hasError: boolean;
  hasSkipped: boolean;
  /** Has Surefire rerunFailure/rerunError children (failed on every run). */
  hasReruns: boolean;
  /**
   * The file the report's attributes give the test, workspace-relative: its own `file`, its innermost suite's
   * `file`/`filepath`, or that suite's name when it is a path (`{filepath}`): what a cleaned id is owned by
   * (src/junit/id.ts cleanIds). Not the one file all suites name (mocha's Root Suite), which depends on which files
   * a run (a re-run round) reports. Never a stack trace's file, which only a failing run has.
   */
  idFile?: string;
  /** The id as the report wrote it, when cleanIds cleaned it. */
  written?: string;
  /** The suite as the report wrote it, when cleanIds emptied `suite`. */
  group?: string;
}

/** A suite name that is a test file's path (jest-junit's `suiteNameTemplate: "{filepath}"`): no space, a test file's extension. */
const PATH_LIKE = /^[^\s]+\.(?:[cm]?[jt]sx?|py|rb|go|php|phpt|feature|coffee)$/;

export interface RawReport {
  cases: RawCase[];
  /** Earliest `timestamp` of a `<testsuite>`/`<testsuites>`, ISO 8601 UTC. */
  timestamp?: string;
  /**
   * The root names a reporter that writes one testcase per test and never one per retry (vitest, jest-junit,
   * mocha-junit-reporter, by their default root name): repeated ids in it are distinct tests (docs/test-ids.md).
   */
  oneCasePerTest?: true;
  /**
   * The reporter that wrote the report, when its own marks say so: the default `<testsuites name>` of vitest,
   * jest-junit, mocha-junit-reporter and pytest (REPORTER_ROOTS), gotestsum's `go.version` property. A hint for
   * `rerun: auto` (src/rerun/detect.ts), never a reason to read the report differently.
   */
  reporter?: string;
}

/**
 * node's junit reporter (node --test --test-reporter=junit) writes an unnamed `<testsuites>` whose last children are
 * the comments `<!-- tests N -->`, `<!-- suites N -->`, `<!-- pass N -->`…: one testcase per test, never one per
 * retry (node's runner has no retries). Any of them directly inside an unnamed root is its mark.
 */
const NODE_SUMMARY_COMMENT = /^ (?:tests|suites|pass|fail|cancelled|skipped|todo|duration_ms) \d+(?:\.\d+)? $/;

/** Default `<testsuites name>` of reporters that write one testcase per test (vitest, jest-junit, mocha-junit-reporter). */
const ONE_CASE_PER_TEST_ROOTS = new Set(['vitest tests', 'jest tests', 'Mocha Tests']);

/** The reporters a report's root name gives away, by that name (RawReport.reporter). */
const REPORTER_ROOTS: ReadonlyMap<string, string> = new Map([
  ['vitest tests', 'vitest'],
  ['jest tests', 'jest'],
  ['Mocha Tests', 'mocha'],
  ['pytest tests', 'pytest'],
]);

export class NotJUnit extends XmlError {}

const ROOTS = new Set(['testsuites', 'testsuite', 'testrun']);

type ResultKind = 'failure' | 'error' | 'skipped' | 'flakyFailure' | 'flakyError' | 'rerunFailure' | 'rerunError';
const RESULT_KINDS = new Set<string>(['failure', 'error', 'skipped', 'flakyFailure', 'flakyError', 'rerunFailure', 'rerunError']);

interface Result {
  kind: ResultKind;
  message?: string;
  type?: string;
  time?: string;
  /** Decoded body pieces (direct text, CDATA, and Surefire's nested <stackTrace>). */
  body: string[];
  bodyBytes: number;
}

interface CaseState {
  name: string;
  classname: string;
  suite: string;
  file?: string;
  line?: string;
  time?: string;
  status?: string;
  results: Result[];
}

const Kind = { Other: 0, Suites: 1, Suite: 2, Case: 3, Result: 4, StackTrace: 5 } as const;
type Kind = (typeof Kind)[keyof typeof Kind];

/** Non-negative seconds from a `time` attribute: "1.5", "1,234.5" (thousands), "0,5" (decimal comma); else undefined. */
export function parseDuration(raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  let s = raw.trim();
  if (s === '') return undefined;
  if (s.includes(',')) {
    if (s.includes('.') || (/^\d{1,3}(,\d{3})+$/.test(s) && !s.startsWith('0,'))) s = s.replace(/,/g, '');
    else if (/^\d+,\d+$/.test(s)) s = s.replace(',', '.');
    else return undefined;
  }
  if (!/^[+]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(s)) return undefined;
  const v = Number(s);
  return Number.isFinite(v) ? v : undefined;
}

const TS_RE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?$/i;

/** ISO 8601 UTC (toISOString) of a report timestamp; no zone means UTC. Undefined when unparseable. */
export function normaliseTimestamp(raw: string | undefined): string | undefined {
  if (raw === undefined) return undefined;
  const m = TS_RE.exec(raw.trim());
  if (!m) return undefined;
  const [, y, mo, d, h = '0', mi = '0', s = '0', frac = '', zone] = m;
  const ms = Number((frac + '000').slice(0, 3));
  let t = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s), ms);
  const date = new Date(t);
  // Reject overflowed fields (month 13, 25:00...).
  if (date.getUTCFullYear() !== Number(y) || date.getUTCMonth() !== Number(mo) - 1 || date.getUTCDate() !== Number(d) || Number(h) > 23 || Number(mi) > 59 || Number(s) > 60) {
    return undefined;
  }
  if (zone && zone.toUpperCase() !== 'Z') {
    const sign = zone[0] === '-' ? -1 : 1;
    const digits = zone.slice(1).replace(':', '');
    const offMin = Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2, 4) || '0');
    t -= sign * offMin * 60_000;
  }
  const out = new Date(t);
  return Number.isNaN(out.getTime()) ? undefined : out.toISOString();
}

function localName(qname: string): string {
  const c = qname.lastIndexOf(':');
  return c === -1 ? qname : qname.slice(c + 1);
}

const SKIP_STATUS = new Set(['notrun', 'disabled', 'skipped', 'skip', 'ignored', 'pending', 'suppressed']);

function statusOf(kind: ResultKind): AttemptStatus {
  switch (kind) {
    case 'failure':
    case 'flakyFailure':
    case 'rerunFailure':
      return 'failed';
    case 'error':
    case 'flakyError':
    case 'rerunError':
      return 'error';
    case 'skipped':
      return 'skipped';
  }
}

function attemptOf(status: AttemptStatus, r: Result | undefined, time: string | undefined): Attempt {
  if (!r) {
    // Made whole in one literal: a field added later lives in a second allocation (100k attempts: ~4 MB).
    const d = parseDuration(time);
    return d === undefined ? { status } : { status, durationSec: d };
  }
  const a: Attempt = { status };
  if (r) {
    const body = r.body.length === 0 ? '' : r.body.join('').trim();
    let message = r.message?.trim();
    if (!message) {
      const nl = body.indexOf('\n');
      message = (nl === -1 ? body : body.slice(0, nl)).trim();
    }
    if (message) a.message = message.length > MESSAGE_CAP ? message.slice(0, MESSAGE_CAP) : message;
    const type = r.type?.trim();
    if (type) a.type = type.length > MESSAGE_CAP ? type.slice(0, MESSAGE_CAP) : type;
    if (body) a.details = body.length > DETAILS_CAP ? body.slice(0, DETAILS_CAP) : body;
  }
  const d = parseDuration(time);
  if (d !== undefined) a.durationSec = d;
  return a;
}

/** Attempts of one testcase element: flaky runs, then the main result, then reruns. */
function attemptsOf(c: CaseState): Pick<RawCase, 'attempts' | 'hasFailure' | 'hasError' | 'hasSkipped' | 'hasReruns'> {
  let main: Result | undefined;
  let skipped: Result | undefined;
  let hasFailure = false,
    hasError = false,
    hasSkipped = false;
  const before: Attempt[] = [];
  const after: Attempt[] = [];
  for (const r of c.results) {
    switch (r.kind) {
      case 'failure':
        hasFailure = true;
        main ??= r;
        break;
      case 'error':
        hasError = true;
        main ??= r;
        break;
      case 'skipped':
        hasSkipped = true;
        skipped ??= r;
        break;
      case 'flakyFailure':
      case 'flakyError':
        before.push(attemptOf(statusOf(r.kind), r, r.time));
        break;
      case 'rerunFailure':
      case 'rerunError':
        after.push(attemptOf(statusOf(r.kind), r, r.time));
        break;
    }
  }
  let primary: Attempt;
  // rerunFailure/rerunError mean "failed on every run": without a <failure>/<error> for the first run,
  // the reruns alone are the attempts (no passing run is invented).
  if (!main && after.length > 0) return { attempts: [...before, ...after], hasFailure, hasError, hasSkipped, hasReruns: true };
  if (main) primary = attemptOf(statusOf(main.kind), main, c.time);
  else if (skipped) primary = attemptOf('skipped', skipped, c.time);
  else if (c.status !== undefined && SKIP_STATUS.has(c.status.trim().toLowerCase())) primary = attemptOf('skipped', undefined, c.time);
  else primary = attemptOf('passed', undefined, c.time);
  // `[primary]` is made to size; a spread grows a backing store of 17 slots for one attempt (100k tests: ~13 MB).
  const attempts = before.length === 0 && after.length === 0 ? [primary] : [...before, primary, ...after];
  return { attempts, hasFailure, hasError, hasSkipped, hasReruns: after.length > 0 };
}

export interface RawOptions {
  workspace?: string;
}

/** Parses one document (UTF-8 bytes). Throws XmlError/NotJUnit/DtdRefused with a byte offset. */
export function parseRaw(buf: Buffer, opts: RawOptions = {}): RawReport {
  const p = rawParser(opts);
  tokenize(buf, p.handler);
  return p.finish();
}

/**
 * The JUnit semantics as a tokenizer handler, for a document fed whole (parseRaw) or a window at a time
 * (stream.ts): `finish` gives the report once the tokenizer has seen the end of the document.
 */
export function rawParser(opts: RawOptions = {}): { handler: XmlHandler; finish(): RawReport } {
  const cases: RawCase[] = [];
  let timestamp: string | undefined;
  let oneCasePerTest = false;
  let reporter: string | undefined;
  let unnamedRoot = false;
  const kinds: Kind[] = [];
  const suites: Array<{ name: string; file?: string }> = [];
  const caseStack: CaseState[] = [];
  const suiteFiles = new Set<string>();
  let result: Result | undefined;
  const locator = new Locator(opts.workspace);
  // The testcases of a class come one after the other: they share one copy of its name (the copies would live
  // until index.ts merges them; 100k cases: ~5 MB).
  let lastClassname = '';

  const noteTimestamp = (a: Attrs): void => {
    const ts = normaliseTimestamp(a.get('timestamp'));
    if (ts !== undefined && (timestamp === undefined || ts < timestamp)) timestamp = ts;
  };

  const addBody = (s: string, bytes: number): void => {
    if (!result || result.bodyBytes >= BODY_BYTES_CAP) return;
    result.body.push(s);
    result.bodyBytes += bytes;
  };

  const finishCase = (c: CaseState): void => {
    const { attempts, hasFailure, hasError, hasSkipped, hasReruns } = attemptsOf(c);
    const rc: RawCase = { name: c.name, classname: c.classname, suite: c.suite, attempts, hasFailure, hasError, hasSkipped, hasReruns };
    let file = c.file !== undefined && c.file.trim() !== '' ? c.file : undefined;
    for (let k = suites.length - 1; k >= 0 && file === undefined; k--) file = suites[k]!.file;
    const rel = file === undefined ? undefined : locator.repositoryPath(file);
    if (rel !== undefined) rc.file = rel;
    const idFile = rel ?? (PATH_LIKE.test(c.suite) ? locator.repositoryPath(c.suite) : undefined);
    if (idFile !== undefined && idFile !== '') rc.idFile = idFile;
    const line = c.line !== undefined && /^\s*\d+\s*$/.test(c.line) ? Number(c.line) : undefined;
    if (line !== undefined && line > 0 && Number.isSafeInteger(line)) rc.line = line;
    cases.push(rc);
  };

  const handler: XmlHandler = {
    open(qname, a, offset) {
      const name = localName(qname);
      const parent = kinds.length === 0 ? undefined : kinds[kinds.length - 1];
      if (parent === undefined && !ROOTS.has(name)) {
        throw new NotJUnit(`not a JUnit report: root element <${qname}> (expected <testsuites> or <testsuite>)`, offset);
      }
      if (parent === Kind.Case && RESULT_KINDS.has(name)) {
        const r: Result = { kind: name as ResultKind, body: [], bodyBytes: 0 };
        const message = a.get('message');
        if (message !== undefined) r.message = message;
        const type = a.get('type');
        if (type !== undefined) r.type = type;
        const time = a.get('time');
        if (time !== undefined) r.time = time;
        caseStack[caseStack.length - 1]!.results.push(r);
        result = r;
        kinds.push(Kind.Result);
      } else if (parent === Kind.Result && name === 'stackTrace') {
        kinds.push(Kind.StackTrace);
      } else if (name === 'testcase') {
        let classname = a.get('classname') ?? '';
        if (classname === lastClassname) classname = lastClassname;
        else lastClassname = classname;
        const c: CaseState = {
          name: a.get('name') ?? '',
          classname,
          suite: suites.length > 0 ? suites[suites.length - 1]!.name : '',
          results: [],
        };
        const file = a.get('file');
        if (file !== undefined) c.file = file;
        const line = a.get('line');
        if (line !== undefined) c.line = line;
        const time = a.get('time');
        if (time !== undefined) c.time = time;
        const status = a.get('status') ?? a.get('result');
        if (status !== undefined) c.status = status;
        caseStack.push(c);
        kinds.push(Kind.Case);
      } else if (name === 'testsuite' && parent !== Kind.Case && parent !== Kind.Result) {
        const s: { name: string; file?: string } = { name: a.get('name') ?? '' };
        const file = a.get('file') ?? a.get('filepath');
        if (file !== undefined && file.trim() !== '') {
          s.file = file;
          suiteFiles.add(file);
        }
        suites.push(s);
        noteTimestamp(a);
        kinds.push(Kind.Suite);
      } else if (name === 'testsuites' && parent === undefined) {
        noteTimestamp(a);
        if (ONE_CASE_PER_TEST_ROOTS.has(a.get('name') ?? '')) oneCasePerTest = true;
        unnamedRoot = a.get('name') === undefined;
        reporter = REPORTER_ROOTS.get(a.get('name') ?? '');
        kinds.push(Kind.Suites);
      } else {
        // gotestsum writes the go version as a property of each package's testsuite.
        if (name === 'property' && reporter === undefined && a.get('name') === 'go.version') reporter = 'gotestsum';
        kinds.push(Kind.Other);
      }
    },
    close() {
      const k = kinds.pop();
      if (k === Kind.Case) finishCase(caseStack.pop()!);
      else if (k === Kind.Suite) suites.pop();
      else if (k === Kind.Result) result = undefined;
    },
    text(buf, start, end, amp) {
      const top = kinds[kinds.length - 1];
      if ((top !== Kind.Result && top !== Kind.StackTrace) || !result || result.bodyBytes >= BODY_BYTES_CAP) return;
      const e = Math.min(end, start + BODY_BYTES_CAP - result.bodyBytes);
      addBody(decodeText(buf, start, e, amp), e - start);
    },
    comment(text, depth) {
      if (depth === 1 && unnamedRoot && kinds[0] === Kind.Suites && NODE_SUMMARY_COMMENT.test(text)) oneCasePerTest = true;
    },
    cdata(buf, start, end) {
      const top = kinds[kinds.length - 1];
      if ((top !== Kind.Result && top !== Kind.StackTrace) || !result || result.bodyBytes >= BODY_BYTES_CAP) return;
      const e = Math.min(end, start + BODY_BYTES_CAP - result.bodyBytes);
      addBody(decodeText(buf, start, e, false), e - start);
    },
  };

  const finish = (): RawReport => {
    // mocha-junit-reporter (Cypress) puts `file` on a "Root Suite" that is a sibling of the suites holding the
    // tests: when all suite `file` attributes of a report agree, tests without a file take that one.
    const docFile = suiteFiles.size === 1 ? locator.repositoryPath(suiteFiles.values().next().value!) : undefined;
    for (const rc of cases) {
      if (rc.file === undefined && docFile !== undefined) rc.file = docFile;
      if (rc.file !== undefined && rc.line !== undefined) continue;
      // A line without a file means nothing.
      if (rc.file === undefined && rc.line !== undefined) delete rc.line;
      // Else the first failing attempt's stack trace, when it names a workspace file (the known file if any).
      for (const a of rc.attempts) {
        if (a.details === undefined || (a.status !== 'failed' && a.status !== 'error')) continue;
        const f = locator.pickFrame(a.details, rc.file);
        if (f) {
          rc.file = f.file;
          rc.line = f.line;
          break;
        }
      }
    }
    const out: RawReport = timestamp !== undefined ? { cases, timestamp } : { cases };
    if (oneCasePerTest) out.oneCasePerTest = true;
    if (reporter !== undefined) out.reporter = reporter;
    return out;
  };
  return { handler, finish };
}
