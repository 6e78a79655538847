/**
 * Parses a report a window at a time, so that its bytes are never all in memory (a 47 MB report held whole was
 * most of the parse's peak RSS). The source is read in pieces of at most `window` bytes; each piece is appended to
 * what the tokenizer left unconsumed (an unfinished tag, reference, UTF-8 sequence: a few bytes) and fed to it.
 * A construct longer than a window (a huge start tag) makes the next feed wait for as many bytes again as are
 * pending, so it is rescanned O(log n) times, not once per piece.
 *
 * UTF-8 and ASCII reports (a BOM is skipped) stream; reports to transcode (UTF-16, ISO-8859-1, windows-1252... see
 * decode.ts streamPlan) are read whole and parsed as before. Errors get their line and column by reading the source
 * again up to the offset (`readAt`): only a failing report pays for it. Same results, problems, messages and
 * positions as parsing the whole buffer (test/junit/stream.test.ts).
 */
import { Buffer } from 'node:buffer';
import type { ReportProblem } from '../model.ts';
import { DecodeError, streamPlan, HEAD_MAX_BYTES } from './decode.ts';
import { NotJUnit, rawParser, type RawCase, type RawOptions } from './junit.ts';
import { DtdRefused, safeCut, Tokenizer, XmlError } from './xml.ts';

/** Bytes read at a time from a report. */
export const READ_WINDOW_BYTES = 1 << 20;

/** Where a report's bytes come from. */
export interface ByteSource {
  /** Reads up to `length` bytes (sequentially) into `into` at `offset`; 0 at the end. */
  read(into: Buffer, offset: number, length: number): Promise<number>;
  /** Reads up to `length` bytes at `position` from the start, synchronously (only to place an error). */
  readAt(into: Buffer, offset: number, length: number, position: number): number;
}

/** A source over bytes in memory (tests, and what other code holds already). */
export function memorySource(bytes: Uint8Array): ByteSource {
  const all = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let pos = 0;
  const readAt = (into: Buffer, offset: number, length: number, position: number): number => {
    const end = Math.min(all.length, position + length);
    if (end <= position) return 0;
    return all.copy(into, offset, position, end);
  };
  return {
    read(into, offset, length) {
      const got = readAt(into, offset, length, pos);
      pos += got;
      return Promise.resolve(got);
    },
    readAt,
  };
}

export interface StreamResult {
  cases: RawCase[];
  problems: ReportProblem[];
  timestamp?: string;
  /** See RawReport.oneCasePerTest. */
  oneCasePerTest?: true;
  /** See RawReport.reporter. */
  reporter?: string;
  /** The source had to be read whole (an encoding to transcode); else it streamed. */
  whole: boolean;
  /** Largest single read asked of the source, and the most report bytes held at once (for tests). */
  largestRead: number;
  largestHeld: number;
  /** Calls of the tokenizer (a construct longer than a window must not make one per piece). */
  feeds: number;
}

export interface StreamOptions extends RawOptions {
  /** Reports above this many bytes are refused with `tooBig(size, limit)`. */
  limit: number;
  window?: number;
  tooBig(size: number, limit: number): string;
  /** Parses a report held whole (the transcoding path): parseReportRaw. */
  parseWhole(bytes: Buffer): { cases: RawCase[]; problems: ReportProblem[]; timestamp?: string; oneCasePerTest?: true; reporter?: string };
}

/** The problem of a parse error; `place` gives the line and column of a document offset. */
export function problemFrom(err: unknown, path: string, place: ((offset: number) => { line: number; column: number }) | undefined): ReportProblem {
  if (err instanceof XmlError) {
    const p: ReportProblem = {
      path,
      message: err instanceof DtdRefused || err instanceof NotJUnit ? err.message : `not well-formed XML: ${err.message}`,
    };
    if (place) {
      const { line, column } = place(err.offset);
      p.line = line;
      p.column = column;
    }
    return p;
  }
  if (err instanceof DecodeError) return { path, message: err.message };
  const detail = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
  return { path, message: `could not parse report (internal error, please report it): ${detail}` };
}

/**
 * Line (1-based, counting LF) and column (1-based, in UTF-16 characters as String.length counts them) of a
 * document offset, reading the document again from the source (`skip`: bytes before the document, a BOM):
 * what lineColumn gives on the whole buffer, in bounded memory.
 */
export function placeInSource(src: ByteSource, skip: number, offset: number, lineOnly = false, chunkBytes = 1 << 16): { line: number; column: number } {
  const chunk = Buffer.allocUnsafe(Math.max(chunkBytes, 4));
  let line = 1;
  let lineStart = 0;
  let pos = 0;
  while (pos < offset) {
    const got = src.readAt(chunk, 0, Math.min(chunk.length, offset - pos), skip + pos);
    if (got === 0) break;
    let p = chunk.indexOf(0x0a, 0);
    while (p !== -1 && p < got) {
      line++;
      lineStart = pos + p + 1;
      p = chunk.indexOf(0x0a, p + 1);
    }
    pos += got;
  }
  if (lineOnly) return { line, column: 0 };
  // `pos` is where the document (or the offset) ends. Decode the line's bytes in pieces cut at safe points.
  let column = 1;
  let at = lineStart;
  let carry = 0;
  while (at + carry < pos) {
    const got = src.readAt(chunk, carry, Math.min(chunk.length - carry, pos - at - carry), skip + at + carry);
    if (got === 0) break;
    const have = carry + got;
    const last = at + have >= pos;
    const cut = last ? have : safeCut(chunk, 0, have);
    column += chunk.toString('utf8', 0, cut).length;
    chunk.copy(chunk, 0, cut, have);
    carry = have - cut;
    at += cut;
  }
  return { line, column };
}

/** Parses the report read from `src`. Never throws for a bad report; read errors are thrown. */
export async function streamReport(src: ByteSource, path: string, opts: StreamOptions): Promise<StreamResult> {
  const window = Math.max(1, Math.floor(opts.window ?? READ_WINDOW_BYTES));
  let largestRead = 0;
  let largestHeld = 0;
  let feeds = 0;
  let total = 0;
  let eof = false;
  const result = (r: { cases: RawCase[]; problems: ReportProblem[]; timestamp?: string; oneCasePerTest?: true; reporter?: string }, whole: boolean): StreamResult => {
    const out: StreamResult = { cases: r.cases, problems: r.problems, whole, largestRead, largestHeld, feeds };
    if (r.timestamp !== undefined) out.timestamp = r.timestamp;
    if (r.oneCasePerTest) out.oneCasePerTest = true;
    if (r.reporter !== undefined) out.reporter = r.reporter;
    return out;
  };
  const refused = (message: string): StreamResult => result({ cases: [], problems: [{ path, message }] }, false);

  // Two buffers used in turn: `keep` (the end of the last one filled) is copied to the start of the other, then
  // the rest is read. Nothing refers to a window after its feed (the handler decodes what it keeps into strings).
  const bufs = [Buffer.alloc(0), Buffer.alloc(0)];
  let turn = 0;
  /** A buffer holding `keep` (the end of the last buffer filled) followed by up to `more` bytes read from the source. */
  const fill = async (keep: Buffer, more: number): Promise<Buffer> => {
    const size = keep.length + more;
    turn ^= 1;
    // An eighth more, so that a few bytes more kept next time need no new buffer.
    if (bufs[turn]!.length < size) bufs[turn] = Buffer.allocUnsafe(size + (size >> 3));
    const buf = bufs[turn]!.subarray(0, size);
    keep.copy(buf, 0);
    let have = keep.length;
    while (have < buf.length) {
      const want = Math.min(window, buf.length - have);
      largestRead = Math.max(largestRead, want);
      const got = await src.read(buf, have, want);
      if (got === 0) {
        eof = true;
        break;
      }
      have += got;
      total += got;
      if (total > opts.limit) break;
    }
    largestHeld = Math.max(largestHeld, have);
    return have === buf.length ? buf : buf.subarray(0, have);
  };

  // The head: enough to tell the encoding.
  let head = await fill(Buffer.alloc(0), window);
  let plan: ReturnType<typeof streamPlan>;
  for (;;) {
    if (total > opts.limit) return refused(opts.tooBig(total, opts.limit));
    if (total === 0) return refused('empty report file (0 bytes): the test run probably did not finish writing it');
    try {
      plan = streamPlan(head, eof);
    } catch (err) {
      return refused(problemFrom(err, path, undefined).message);
    }
    if (plan !== 'more') break;
    head = await fill(head, Math.min(Math.max(window, head.length), HEAD_MAX_BYTES));
  }

  if (plan === 'whole') {
    // Rare encodings are transcoded whole, as before.
    let all = head;
    while (!eof && total <= opts.limit) all = await fill(all, Math.max(window, all.length));
    if (total > opts.limit) return refused(opts.tooBig(total, opts.limit));
    return result(opts.parseWhole(all), true);
  }

  const skip = plan.skip;
  const place = (offset: number, lineOnly = false): { line: number; column: number } => placeInSource(src, skip, offset, lineOnly);
  const parser = rawParser(opts.workspace !== undefined ? { workspace: opts.workspace } : {});
  const tokenizer = new Tokenizer(parser.handler, (offset) => place(offset, true).line);
  let pending = head.subarray(skip);
  let base = 0;
  let onlyWs = true;
  let checked = 0;
  try {
    for (;;) {
      for (; onlyWs && checked < pending.length; checked++) {
        const c = pending[checked]!;
        if (c !== 0x20 && c !== 0x0a && c !== 0x0d && c !== 0x09) onlyWs = false;
      }
      if (eof) {
        if (onlyWs) return refused('empty report file (only whitespace)');
        feeds++;
        tokenizer.feed(pending, base, true);
        break;
      }
      feeds++;
      const used = tokenizer.feed(pending, base, false);
      base += used;
      const rest = pending.subarray(used);
      pending = await fill(rest, Math.max(window, rest.length));
      checked = Math.max(0, checked - used);
      if (total > opts.limit) return refused(opts.tooBig(total, opts.limit));
    }
    return result({ ...parser.finish(), problems: [] }, false);
  } catch (err) {
    return result({ cases: [], problems: [problemFrom(err, path, (offset) => place(offset))] }, false);
  }
}
