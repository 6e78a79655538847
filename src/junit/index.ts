/**
 * JUnit XML ingestion: report files in, ParsedTestCase/ReportProblem out. See docs/junit.md.
 *
 * Layers: decode.ts (bytes → UTF-8: BOM, UTF-16, declared encodings), xml.ts (strict streaming
 * tokenizer, no DTDs), junit.ts (one RawCase per <testcase> element), stream.ts (a report read and tokenized a
 * window at a time), id.ts (ids), across.ts (one run's reports into one list), this file (merging of repeated
 * testcases of a report into attempts, twins, files, problems). Nothing here
 * throws for a bad report.
 */
import { Buffer } from 'node:buffer';
import { open, type FileHandle } from 'node:fs/promises';
import { constants, readSync } from 'node:fs';
import { resolve } from 'node:path';
import type { ParsedReports, ParsedTestCase, ReportProblem } from '../model.ts';
import { toUtf8 } from './decode.ts';
import { parseRaw, type RawCase } from './junit.ts';
import { isAbsolutePath, Locator } from './location.ts';
import { capName } from './cap.ts';
import { lineColumn } from './xml.ts';
import { problemFrom, streamReport, type ByteSource, type StreamResult } from './stream.ts';
import { cleanIds, testId } from './id.ts';
import { combineReports, mergeAttempts, type ReportTests } from './across.ts';

export { cleanIds, testId, type Cleanable } from './id.ts';
export { keepScopes, scopedBefore, type Collisions } from './across.ts';

export type { RawCase } from './junit.ts';

export interface ParseOptions {
  /** Absolute path of the workspace (GITHUB_WORKSPACE); paths inside it are reported relative to it. */
  workspace: string;
  /**
   * Reports larger than this many bytes are not parsed; each becomes a ReportProblem.
   * Default DEFAULT_MAX_FILE_BYTES (256 MiB). A file is read a window at a time (stream.ts): parsing needs
   * the results plus about 2 MiB, not the file's size (reports to transcode, e.g. UTF-16, are still read whole).
   */
  maxFileBytes?: number;
}

/**
 * Opens a report that must be a regular file. It is opened without blocking and checked on the open handle (no
 * race between a check and the read): a FIFO, device or socket matching `reports` would otherwise hang the step
 * until the job's timeout. Returns the open handle (the caller closes it), or why it cannot be read.
 */
export async function openRegularFile(path: string, limit: number): Promise<FileHandle | string> {
  let handle;
  try {
    handle = await open(path, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (error) {
    // Linux refuses to open a Unix socket (ENXIO).
    if ((error as NodeJS.ErrnoException).code === 'ENXIO') return 'cannot read report: it is a socket, not a regular file';
    throw error;
  }
  let refused: string | undefined;
  try {
    const st = await handle.stat();
    if (st.isDirectory()) refused = 'cannot read report: it is a directory';
    else if (!st.isFile()) {
      const kind = st.isFIFO() ? 'a named pipe (FIFO)' : st.isSocket() ? 'a socket' : st.isCharacterDevice() || st.isBlockDevice() ? 'a device' : 'not a regular file';
      refused = `cannot read report: it is ${kind}, not a regular file`;
    } else if (st.size > limit) refused = tooBig(st.size, limit);
  } catch (error) {
    await handle.close();
    throw error;
  }
  if (refused === undefined) return handle;
  await handle.close();
  return refused;
}

/** Reads a report that must be a regular file (see openRegularFile) whole. Returns the bytes, or why it cannot be read. */
export async function readRegularFile(path: string, limit: number): Promise<Buffer | string> {
  const handle = await openRegularFile(path, limit);
  if (typeof handle === 'string') return handle;
  try {
    return await handle.readFile();
  } finally {
    await handle.close();
  }
}

/** The bytes of an open report, read in order (and again, synchronously, to place an error). */
function fileSource(handle: FileHandle): ByteSource {
  return {
    async read(into, offset, length) {
      return (await handle.read(into, offset, length, null)).bytesRead;
    },
    readAt(into, offset, length, position) {
      return readSync(handle.fd, into, offset, length, position);
    },
  };
}

/**
 * Reads and parses one report file a window at a time (stream.ts), so that it is never held whole. Returns why
 * it cannot be read as a string; read errors are thrown.
 */
export async function parseReportFile(abs: string, shown: string, opts: ParseOptions & { window?: number }): Promise<StreamResult | string> {
  const handle = await openRegularFile(abs, opts.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES);
  if (typeof handle === 'string') return handle;
  try {
    return await parseReportStream(fileSource(handle), shown, opts);
  } finally {
    await handle.close();
  }
}

/** parseReportRaw for a report read from `src` a window at a time (`window` bytes, default READ_WINDOW_BYTES). */
export function parseReportStream(src: ByteSource, shown: string, opts: ParseOptions & { window?: number }): Promise<StreamResult> {
  const limit = opts.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES;
  return streamReport(src, shown, {
    workspace: opts.workspace,
    limit,
    ...(opts.window !== undefined ? { window: opts.window } : {}),
    tooBig,
    parseWhole: (bytes) => parseReportRaw(bytes, shown, { workspace: opts.workspace, maxFileBytes: limit }),
  });
}

/** 256 MiB. */
export const DEFAULT_MAX_FILE_BYTES = 256 * 1024 * 1024;

/** "300.0 MiB (314572800 bytes)", or "23 bytes" below 1 KiB. */
function formatBytes(n: number): string {
  if (n >= 1024 * 1024) return `${(n / (1024 * 1024)).toFixed(1)} MiB (${n} bytes)`;
  if (n >= 1024) return `${(n / 1024).toFixed(1)} KiB (${n} bytes)`;
  return `${n} bytes`;
}

function tooBig(size: number, limit: number): string {
  return (
    `report is too large to parse: ${formatBytes(size)}, above the limit of ${formatBytes(limit)}. ` +
    'The file was skipped. If it is legitimate, raise the report size limit (ParseOptions.maxFileBytes); ' +
    'otherwise split the report (one file per suite) or drop captured output (system-out) from it.'
  );
}

/**
 * Lower level than parseReportText: one RawCase per `<testcase>` element, no merging. Never throws.
 * Used by the corpus tests to compare element counts.
 */
export function parseReportRaw(
  xml: string | Uint8Array,
  path: string,
  opts: Partial<ParseOptions> = {},
): { cases: RawCase[]; problems: ReportProblem[]; timestamp?: string; oneCasePerTest?: true; reporter?: string } {
  const limit = opts.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES;
  const size = typeof xml === 'string' ? Buffer.byteLength(xml, 'utf8') : xml.byteLength;
  if (size > limit) return { cases: [], problems: [{ path, message: tooBig(size, limit) }] };
  if (size === 0) return { cases: [], problems: [{ path, message: 'empty report file (0 bytes): the test run probably did not finish writing it' }] };
  let buf: Buffer | undefined;
  try {
    buf = toUtf8(xml);
    let k = 0;
    while (k < buf.length && (buf[k] === 0x20 || buf[k] === 0x0a || buf[k] === 0x0d || buf[k] === 0x09)) k++;
    if (k === buf.length) return { cases: [], problems: [{ path, message: 'empty report file (only whitespace)' }] };
    const raw = parseRaw(buf, opts.workspace !== undefined ? { workspace: opts.workspace } : {});
    const out: { cases: RawCase[]; problems: ReportProblem[]; timestamp?: string; oneCasePerTest?: true; reporter?: string } = { cases: raw.cases, problems: [] };
    if (raw.timestamp !== undefined) out.timestamp = raw.timestamp;
    if (raw.oneCasePerTest) out.oneCasePerTest = true;
    if (raw.reporter !== undefined) out.reporter = raw.reporter;
    return out;
  } catch (err) {
    const whole = buf;
    return { cases: [], problems: [problemFrom(err, path, whole === undefined ? undefined : (offset) => lineColumn(whole, offset))] };
  }
}

/** Duplicated titles found in reports that write one testcase per test: the first few ids, and how many in all. */
export interface Twins {
  first: string[];
  count: number;
}

/**
 * Names the twins of one report that writes one testcase per test (docs/test-ids.md, ADR 0289): the first testcase
 * with an id keeps its name; each later one is named `<name> [k]`, k the smallest number above the previous twin's
 * whose id no testcase of the report was written with, so a made-up name never takes a real title (ADR 0411).
 */
export class TwinNamer {
  private readonly last = new Map<string, number>();
  private readonly cases: ReadonlyArray<{ name: string; classname: string; suite: string }>;
  /** The ids the report's testcases were written with, listed at the first twin (most reports have none). */
  private real: Set<string> | undefined;
  /**
   * `cases`: the report's testcases, names capped (src/junit/cap.ts). They are read at the first twin, when the twins
   * named before it may have been renamed in place: such a made-up `<id> [k]` is then taken for real, which changes
   * nothing, as the numbers of that id only go up from k.
   */
  constructor(cases: ReadonlyArray<{ name: string; classname: string; suite: string }>) {
    this.cases = cases;
  }

  /** The name of the next testcase with this `id` and `name`; `n` is the suffix's number (1: no suffix). */
  name(name: string, id: string): { name: string; n: number } {
    const before = this.last.get(id);
    if (before === undefined) {
      this.last.set(id, 1);
      return { name, n: 1 };
    }
    if (this.real === undefined) {
      this.real = new Set();
      for (const c of this.cases) this.real.add(testId(c));
    }
    let k = before + 1;
    while (this.real.has(`${id} [${k}]`)) k++;
    this.last.set(id, k);
    return { name: `${name} [${k}]`, n: k };
  }
}

/** A TwinNamer for the testcases of one report, their names already capped (src/junit/cap.ts). */
export function twinNamer(cases: ReadonlyArray<{ name: string; classname: string; suite: string }>): TwinNamer {
  return new TwinNamer(cases);
}

/** How many duplicated titles Twins keeps by name. */
export const TWINS_NAMED = 5;

/**
 * Adds `raw` cases of one report into `byId`/`out`, merging repeated ids into attempts (in order).
 * Takes ownership of the raw cases' attempts arrays.
 *
 * In a report that writes one testcase per test (`twins` given: RawReport.oneCasePerTest), a repeated id in that
 * report is another test with the same title, not a retry: it is named by TwinNamer (`<name> [k]`), the first keeps
 * its name and id (docs/test-ids.md).
 */
function mergeInto(
  raw: RawCase[],
  report: string,
  byId: Map<string, ParsedTestCase>,
  out: ParsedTestCase[],
  shared: Map<string, string> = new Map(),
  twins?: Twins & { ids: Set<string> },
  reporter?: string,
): void {
  // The tests of a class share one copy of its name, its suite's and its file's (100k tests: ~10 MB less held).
  // Each compared with the last one of its kind first: the tests of a class come one after the other.
  const sharer = (): ((s: string) => string) => {
    let lastRaw = '';
    let lastShared = '';
    return (s) => {
      if (s === lastRaw) return lastShared;
      let known = shared.get(s);
      if (known === undefined) shared.set(s, (known = s));
      lastRaw = s;
      lastShared = known;
      return known;
    };
  };
  const classname = sharer();
  const suite = sharer();
  const file = sharer();
  for (const c of raw) {
    c.name = capName(c.name);
    c.classname = classname(capName(c.classname));
    c.suite = suite(capName(c.suite));
    if (c.file !== undefined) c.file = file(c.file);
  }
  // Ids whose classname repeats the title, written as people wrote them (ADR 0445), before twins are numbered.
  cleanIds(raw, reporter === 'mocha');
  const namer = twins ? twinNamer(raw) : undefined;
  for (const c of raw) {
    let twin = 0;
    if (namer) {
      const first = testId(c);
      const named = namer.name(c.name, first);
      if (named.n > 1) {
        if (!twins!.ids.has(first)) {
          twins!.ids.add(first);
          twins!.count++;
          if (twins!.first.length < TWINS_NAMED) twins!.first.push(first);
        }
        c.name = named.name;
        twin = named.n;
      }
    }
    const id = testId(c);
    const existing = byId.get(id);
    if (existing) {
      mergeAttempts(existing, c);
      continue;
    }
    // The raw case is discarded after merging, so its attempts array is taken over, not copied.
    // Made whole in one literal (a field added later lives in a second allocation).
    const t: ParsedTestCase =
      c.file === undefined
        ? { id, name: c.name, classname: c.classname, suite: c.suite, attempts: c.attempts, report }
        : c.line === undefined
          ? { id, name: c.name, classname: c.classname, suite: c.suite, attempts: c.attempts, report, file: c.file }
          : { id, name: c.name, classname: c.classname, suite: c.suite, attempts: c.attempts, report, file: c.file, line: c.line };
    if (c.file === undefined && c.line !== undefined) t.line = c.line;
    if (twin > 1) t.twin = twin;
    if (c.written !== undefined) t.written = twin > 1 ? `${c.written} [${twin}]` : c.written;
    if (c.group !== undefined) t.group = c.group;
    byId.set(id, t);
    out.push(t);
  }
}

/**
 * Parses one report held in memory. Repeated testcases with the same id become attempts of one test.
 * Never throws: a bad report gives no tests and one problem.
 */
export function parseReportText(xml: string | Uint8Array, path: string, opts?: Partial<ParseOptions>): { tests: ParsedTestCase[]; problems: ReportProblem[]; timestamp?: string; twins?: Twins } {
  const raw = parseReportRaw(xml, path, opts);
  const tests: ParsedTestCase[] = [];
  const twins = { first: [] as string[], count: 0, ids: new Set<string>() };
  mergeInto(raw.cases, path, new Map(), tests, new Map(), raw.oneCasePerTest ? twins : undefined, raw.reporter);
  const out: { tests: ParsedTestCase[]; problems: ReportProblem[]; timestamp?: string; twins?: Twins } = { tests, problems: raw.problems };
  if (raw.timestamp !== undefined) out.timestamp = raw.timestamp;
  if (twins.count > 0) out.twins = { first: twins.first, count: twins.count };
  return out;
}

/** The path as the user knows it: workspace-relative (forward slashes) when inside the workspace. */
export function displayPath(abs: string, workspace: string): string {
  const rel = new Locator(workspace).relative(abs);
  return rel === '.' || isAbsolutePath(rel) || rel.startsWith('../') ? abs : rel;
}

function ioMessage(err: unknown): string {
  const e = err as NodeJS.ErrnoException;
  if (e?.code === 'ENOENT') return 'cannot read report: file not found';
  if (e?.code === 'EACCES' || e?.code === 'EPERM') return 'cannot read report: permission denied';
  if (e?.code === 'EISDIR') return 'cannot read report: it is a directory';
  return `cannot read report: ${e?.message ?? String(err)}`;
}

/**
 * Reads and parses report files one after the other, each a window at a time (so no report is ever held whole).
 * Tests with the same id across files are combined by combineReports (across.ts): merged, attempts concatenated in
 * file order, unless a report of one testcase per test has the id, which is then qualified by each such report's
 * directory (ADR 0410). Duplicate paths are read once. `filesRead` counts the files that were read and parsed without
 * a problem (a report with zero tests counts); every other file has exactly one ReportProblem, so filesRead +
 * problems = distinct paths.
 */
export async function parseReportFiles(paths: string[], opts: ParseOptions): Promise<ParsedReports> {
  const limit = opts.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES;
  const reports: ReportTests[] = [];
  const problems: ReportProblem[] = [];
  const shared = new Map<string, string>();
  let timestamp: string | undefined;
  let filesRead = 0;
  const twins = { first: [] as string[], count: 0, ids: new Set<string>() };
  const reporters = new Map<string, number>();
  const seen = new Set<string>();
  for (const abs of paths) {
    const key = resolve(abs);
    if (seen.has(key)) continue;
    seen.add(key);
    const shown = displayPath(abs, opts.workspace);
    let raw: StreamResult;
    try {
      const read = await parseReportFile(abs, shown, { workspace: opts.workspace, maxFileBytes: limit });
      if (typeof read === 'string') {
        problems.push({ path: shown, message: read });
        continue;
      }
      raw = read;
    } catch (err) {
      problems.push({ path: shown, message: ioMessage(err) });
      continue;
    }
    if (raw.problems.length === 0) filesRead++;
    for (const p of raw.problems) problems.push(p);
    if (raw.timestamp !== undefined && (timestamp === undefined || raw.timestamp < timestamp)) timestamp = raw.timestamp;
    const tests: ParsedTestCase[] = [];
    mergeInto(raw.cases, shown, new Map(), tests, shared, raw.oneCasePerTest ? twins : undefined, raw.reporter);
    reports.push({ path: shown, oneCasePerTest: raw.oneCasePerTest === true, tests });
    const reporter = raw.reporter ?? '';
    reporters.set(reporter, (reporters.get(reporter) ?? 0) + 1);
  }
  const combined = combineReports(reports);
  const out: ParsedReports = { tests: combined.tests, problems, filesRead };
  if (reporters.size > 0) out.reporters = Object.fromEntries(reporters);
  if (timestamp !== undefined) out.timestamp = timestamp;
  if (twins.count > 0) out.twins = { first: twins.first, count: twins.count };
  if (combined.collisions && combined.collisions.count > 0) out.collisions = combined.collisions;
  const perTest = reports.filter((r) => r.oneCasePerTest).map((r) => r.path);
  if (perTest.length > 0) out.perTestReports = perTest;
  return out;
}
