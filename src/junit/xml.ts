/**
 * A small, strict, non-recursive XML tokenizer working on UTF-8 bytes (SAX style).
 *
 * Why not a DOM or fast-xml-parser (docs/adr/0007-own-streaming-xml-tokenizer.md): reports can be hundreds of MB, so the tokenizer never builds a tree and
 * never decodes text nobody asked for (system-out, properties...); it uses an explicit stack, so 100k nested
 * elements cannot overflow the call stack; it reports every well-formedness error with its byte offset
 * (turned into line/column by `lineColumn`); and it has no DTD support at all: `<!DOCTYPE`, `<!ENTITY`
 * and any other declaration are refused, only the five predefined entities and character references are
 * understood, so neither entity expansion ("billion laughs") nor external entities (XXE) can happen.
 *
 * Well-formedness checks: element and attribute name syntax, quoted attribute values without `<`,
 * duplicate attributes, whitespace between attributes, valid references (`&amp;`, `&#10;`, `&#x1F;`),
 * matching end tags, exactly one root element, nothing but whitespace/comments/PIs outside it,
 * terminated comments/CDATA/PIs, no NUL byte outside the root element (where a binary file shows itself: it does
 * not start with '<', or its markup breaks at once). Not checked (lenient on purpose, as real reports break
 * these rules): C0 control characters, NUL included, in text and attribute values (jest-junit,
 * mocha-junit-reporter and node's junit reporter write a test's name and message as they are; ANSI colour codes
 * in captured output), `--` inside comments, `]]>` in text, the XML declaration's position.
 *
 * UTF-8 multi-byte sequences never contain bytes below 0x80, so scanning for ASCII markup on raw bytes is
 * exact. Strings are decoded (leniently: invalid UTF-8 becomes U+FFFD) only when the handler asks.
 *
 * Resumable: a `Tokenizer` is fed the document a window at a time (`feed`), so a report is never held whole
 * (src/junit/stream.ts reads it in pieces). At the end of a window that is not the last, a construct that is not
 * complete (a tag, a reference, the start of a comment...) is not an error: `feed` returns where it starts and is
 * given those bytes again followed by the next piece. Text and CDATA are handed over in pieces, cut at safe points
 * (`safeCut`), and a long comment, PI or CDATA section is not scanned again from its start. Only the final window
 * raises the "unexpected end of file" errors. Every decision is taken on the same bytes as with the whole document
 * in one window, so the results, messages and positions are the same whatever the windows (test/junit/stream.test.ts).
 */
import { Buffer } from 'node:buffer';

export class XmlError extends Error {
  /** Byte offset in the UTF-8 document (from its start, not the window's) where the problem was found. */
  readonly offset: number;
  constructor(message: string, offset: number) {
    super(message);
    this.offset = offset;
  }
}

/** A DOCTYPE/ENTITY (or other DTD) declaration was found; the document is refused, not parsed. */
export class DtdRefused extends XmlError {}

const EMPTY = Buffer.alloc(0);

/** Attributes of the element being opened. Only valid during the `open` callback. */
export class Attrs {
  names: string[] = [];
  starts: number[] = [];
  ends: number[] = [];
  amps: boolean[] = [];
  count = 0;
  /** The current window (starts/ends index into it). */
  buf: Buffer = EMPTY;

  /** Decoded, normalised value of attribute `name` (exact match, prefix included), or undefined. */
  get(name: string): string | undefined {
    for (let k = 0; k < this.count; k++) {
      if (this.names[k] === name) return decodeAttr(this.buf, this.starts[k]!, this.ends[k]!, this.amps[k]!);
    }
    return undefined;
  }
}

/** Comments up to this many bytes are reported to XmlHandler.comment. */
export const SHORT_COMMENT_BYTES = 64;

export interface XmlHandler {
  /** `name` is the qualified name as written; `offset` that of its '<' in the document. Throw to abort. */
  open(name: string, attrs: Attrs, offset: number): void;
  close(name: string): void;
  /**
   * Character data in `buf` (the current window) between `start` and `end` (raw bytes; use decodeText).
   * `amp`: contains references. One run of text may come in several calls (never cut inside a reference, a
   * UTF-8 sequence or a CR LF pair), so decoding each piece and joining them gives the decoded whole.
   */
  text(buf: Buffer, start: number, end: number, amp: boolean): void;
  /** CDATA section content (raw bytes, no references); possibly in several pieces, cut as text is. */
  cdata(buf: Buffer, start: number, end: number): void;
  /**
   * A short comment's content (between `<!--` and `-->`, read as latin1), for a comment of at most
   * SHORT_COMMENT_BYTES bytes, whole wherever windows cut it; longer comments are not reported (bounded memory).
   * `depth`: the elements open around it (0 outside the root).
   */
  comment?(text: string, depth: number): void;
}

const LT = 0x3c,
  GT = 0x3e,
  AMP = 0x26,
  SLASH = 0x2f,
  BANG = 0x21,
  QMARK = 0x3f,
  EQ = 0x3d,
  DQ = 0x22,
  SQ = 0x27;
const SEMI = 0x3b,
  HASH = 0x23;

function isWs(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
}
function isNameStart(c: number): boolean {
  return (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || c === 0x5f || c === 0x3a || c >= 0x80;
}
function isNameChar(c: number): boolean {
  return isNameStart(c) || (c >= 0x30 && c <= 0x39) || c === 0x2d || c === 0x2e;
}

/**
 * Element and attribute names repeat (testcase, classname, time...): short ASCII names are interned in a
 * small bounded cache, compared byte by byte, so most names cost no decoding at all.
 */
class NameCache {
  private readonly buckets = new Map<number, string[]>();
  private size = 0;

  get(buf: Buffer, s: number, e: number): string {
    const len = e - s;
    let ascii = true;
    for (let k = s; k < e; k++) {
      if (buf[k]! >= 0x80) {
        ascii = false;
        break;
      }
    }
    if (!ascii) return buf.toString('utf8', s, e);
    if (len > 32) return buf.toString('latin1', s, e);
    const key = (len << 16) | (buf[s]! << 8) | buf[e - 1]!;
    const bucket = this.buckets.get(key);
    if (bucket !== undefined) {
      outer: for (const name of bucket) {
        for (let k = 0; k < len; k++) if (name.charCodeAt(k) !== buf[s + k]) continue outer;
        return name;
      }
    }
    const name = buf.toString('latin1', s, e);
    if (this.size < 1024) {
      if (bucket === undefined) this.buckets.set(key, [name]);
      else if (bucket.length < 8) bucket.push(name);
      else return name;
      this.size++;
    }
    return name;
  }
}

function sliceName(buf: Buffer, s: number, e: number): string {
  for (let k = s; k < e; k++) if (buf[k]! >= 0x80) return buf.toString('utf8', s, e);
  return buf.toString('latin1', s, e);
}

function startsWithAscii(buf: Buffer, at: number, lit: string): boolean {
  if (at + lit.length > buf.length) return false;
  for (let k = 0; k < lit.length; k++) if (buf[at + k] !== lit.charCodeAt(k)) return false;
  return true;
}

/**
 * Validates the reference starting at `i` (which holds `&`) and returns the index after its `;`, or -1 when it
 * reaches `end` and the window is not the last (the reference may go on in the next piece). Errors are thrown
 * at `base + i`.
 */
function checkRef(buf: Buffer, i: number, end: number, final: boolean, base: number): number {
  let j = i + 1;
  if (j >= end && !final) return -1;
  if (buf[j] === HASH) {
    j++;
    if (j >= end && !final) return -1;
    let hex = false;
    if (buf[j] === 0x78) {
      hex = true;
      j++;
    }
    const ds = j;
    let cp = 0;
    for (; j < end; j++) {
      const c = buf[j]!;
      let d: number;
      if (c >= 0x30 && c <= 0x39) d = c - 0x30;
      else if (hex && c >= 0x61 && c <= 0x66) d = c - 0x57;
      else if (hex && c >= 0x41 && c <= 0x46) d = c - 0x37;
      else break;
      cp = cp * (hex ? 16 : 10) + d;
      if (cp > 0x10ffff) cp = 0x110000;
    }
    if (j >= end && !final) return -1;
    if (j === ds || buf[j] !== SEMI) throw new XmlError('malformed character reference (expected &#NN; or &#xHH;)', base + i);
    if (cp === 0 || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff) || cp === 0xfffe || cp === 0xffff) {
      throw new XmlError(`character reference to an invalid character (${buf.toString('latin1', i, j + 1)})`, base + i);
    }
    return j + 1;
  }
  if (j < end && isNameStart(buf[j]!)) {
    const ns = j;
    while (j < end && isNameChar(buf[j]!)) j++;
    if (j >= end && !final) return -1;
    if (buf[j] === SEMI) {
      const name = sliceName(buf, ns, j);
      if (name === 'lt' || name === 'gt' || name === 'amp' || name === 'quot' || name === 'apos') return j + 1;
      throw new XmlError(`undefined entity &${name}; (only &lt; &gt; &amp; &quot; &apos; and character references are allowed)`, base + i);
    }
  }
  throw new XmlError("unescaped '&' (write it as &amp;)", base + i);
}

const ENTITY_RE = /&(?:#x([0-9a-fA-F]+)|#([0-9]+)|(lt|gt|amp|quot|apos));/g;
const NAMED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };
function replaceRefs(s: string): string {
  return s.replace(ENTITY_RE, (_m, hex: string | undefined, dec: string | undefined, named: string | undefined) => {
    if (named !== undefined) return NAMED[named]!;
    return String.fromCodePoint(hex !== undefined ? parseInt(hex, 16) : parseInt(dec!, 10));
  });
}

/** Decodes character data: line ends normalised to \n, references replaced. */
export function decodeText(buf: Buffer, start: number, end: number, amp: boolean): string {
  let s = buf.toString('utf8', start, end);
  if (s.indexOf('\r') !== -1) s = s.replace(/\r\n?/g, '\n');
  return amp ? replaceRefs(s) : s;
}

/** Decodes an attribute value with XML attribute-value normalisation (literal tab/CR/LF become spaces). */
export function decodeAttr(buf: Buffer, start: number, end: number, amp: boolean): string {
  let s = buf.toString('utf8', start, end);
  if (/[\t\n\r]/.test(s)) s = s.replace(/\r\n|[\t\n\r]/g, ' ');
  return amp ? replaceRefs(s) : s;
}

/** 1-based line and column (in characters) of a byte offset. */
export function lineColumn(buf: Buffer, offset: number): { line: number; column: number } {
  const at = Math.max(0, Math.min(offset, buf.length));
  let line = 1;
  let lineStart = 0;
  let p = buf.indexOf(0x0a, 0);
  while (p !== -1 && p < at) {
    line++;
    lineStart = p + 1;
    p = buf.indexOf(0x0a, lineStart);
  }
  const column = buf.toString('utf8', lineStart, at).length + 1;
  return { line, column };
}

function describeByte(buf: Buffer, i: number): string {
  const c = buf[i];
  if (c === undefined) return 'end of file';
  if (c >= 0x21 && c < 0x7f) return `'${String.fromCharCode(c)}'`;
  return `byte 0x${c.toString(16).padStart(2, '0')}`;
}

/** 1-based line of a byte offset (lineColumn without the column). */
export function lineAt(buf: Buffer, offset: number): number {
  const at = Math.max(0, Math.min(offset, buf.length));
  let line = 1;
  let p = buf.indexOf(0x0a, 0);
  while (p !== -1 && p < at) {
    line++;
    p = buf.indexOf(0x0a, p + 1);
  }
  return line;
}

/**
 * The largest index in [s, e] at which the bytes [s, e) can be cut so that decoding the two sides apart gives the
 * same characters as decoding them together: not inside a UTF-8 sequence (a lead byte always starts a new
 * sequence, and a sequence never spans more bytes than its lead byte says, valid or not), and not between CR and
 * LF (decodeText turns CR LF into one LF). `s` must itself be such a point.
 */
export function safeCut(buf: Buffer, s: number, e: number): number {
  if (e <= s) return s;
  if (buf[e - 1] === 0x0d) return e - 1;
  const lim = Math.max(s, e - 4);
  let p = e - 1;
  while (p >= lim && (buf[p]! & 0xc0) === 0x80) p--;
  if (p < lim) return e;
  const b = buf[p]!;
  const len = b >= 0xf0 && b <= 0xf7 ? 4 : b >= 0xe0 && b <= 0xef ? 3 : b >= 0xc0 && b <= 0xdf ? 2 : 1;
  return p + len > e ? p : e;
}

/** A construct's method returns STOP(k) when the window ends inside it: feed returns k (stopAt). */
const STOP = (k: number): number => -k - 1;
const stopAt = (stopped: number): number => -stopped - 1;

const NONE = 0,
  COMMENT = 1,
  PI = 2,
  CDATA = 3;

/**
 * The tokenizer's state across windows: open elements (names, document offsets), whether the root was seen, the
 * name cache, and the comment/PI/CDATA section a window ended inside.
 */
export class Tokenizer {
  private readonly stack: string[] = [];
  private readonly opened: number[] = [];
  private readonly attrs = new Attrs();
  private readonly names = new NameCache();
  private seenRoot = false;
  private mode = NONE;
  /** Document offset of the '<' of the unfinished comment/PI/CDATA section. */
  private modeStart = 0;
  /** The start of an unfinished comment while it is short enough to report (XmlHandler.comment), else undefined. */
  private commentHead: string | undefined;

  /** Adds `buf[0, end)` to an unfinished short comment; one grown past SHORT_COMMENT_BYTES is dropped. */
  private extendComment(buf: Buffer, end: number): void {
    if (this.commentHead === undefined) return;
    this.commentHead = this.commentHead.length + end <= SHORT_COMMENT_BYTES ? this.commentHead + buf.toString('latin1', 0, end) : undefined;
  }

  private readonly h: XmlHandler;
  private readonly lineOf: (offset: number) => number;

  /** `lineOf`: the 1-based line of a document offset (for "opened at line N" messages). */
  constructor(h: XmlHandler, lineOf: (offset: number) => number) {
    this.h = h;
    this.lineOf = lineOf;
  }

  /** Whether a root element was opened (after a final feed: the document had one). */
  get rootSeen(): boolean {
    return this.seenRoot;
  }

  /**
   * Tokenizes `buf`, the bytes of the document from offset `base`, calling the handler. Returns how many bytes were
   * consumed; when `final` is false, the rest (at most an unfinished construct) must come first in the next call,
   * whose `base` is `base` + the returned count. With `final` (`buf` reaches the end of the document) everything is
   * consumed or an XmlError thrown (or whatever the handler throws). Error offsets are document offsets.
   */
  feed(buf: Buffer, base: number, final: boolean): number {
    const n = buf.length;
    const stack = this.stack;
    this.attrs.buf = buf;
    let i = 0;
    // Each construct is read by a method of its own, which returns where the next one starts, or STOP(k) when the
    // window ends inside it (feed returns k): a small loop here, small functions for the optimising compiler.
    if (this.mode !== NONE) {
      i = this.resume(buf, final);
      if (i < 0) return stopAt(i);
    }

    while (i < n) {
      if (stack.length === 0) {
        const c = buf[i]!;
        if (isWs(c)) {
          i++;
          continue;
        }
        if (c !== LT) throw this.outsideRoot(buf, i, base);
      } else {
        i = this.text(buf, i, base, final);
        if (i < 0) return stopAt(i);
        if (i >= n) break;
      }

      // buf[i] === '<'
      if (i + 1 >= n && !final) return i;
      const c1 = buf[i + 1];
      i = c1 === SLASH ? this.endTag(buf, i, base, final) : c1 === BANG ? this.bang(buf, i, base, final) : c1 === QMARK ? this.pi(buf, i, base, final) : this.startTag(buf, i, base, final);
      if (i < 0) return stopAt(i);
    }

    if (!final) return n;
    if (stack.length > 0) {
      const top = stack[stack.length - 1]!;
      throw new XmlError(`unexpected end of file: <${top}> (opened at line ${this.lineOf(this.opened[this.opened.length - 1]!)}) is not closed; the report looks truncated`, base + n);
    }
    if (!this.seenRoot) throw new XmlError('no root element: the file contains no XML element', base + n);
    return n;
  }

  /** The start of a window that begins inside a comment, PI or CDATA section (this.mode): where to go on, or STOP. */
  private resume(buf: Buffer, final: boolean): number {
    const n = buf.length;
    const h = this.h;
    const mode = this.mode;
    const term = mode === COMMENT ? '-->' : mode === PI ? '?>' : ']]>';
    const j = buf.indexOf(term, 0, 'latin1');
    if (j === -1) {
      if (final) {
        const what = mode === COMMENT ? 'unterminated comment (missing -->)' : mode === PI ? 'unterminated processing instruction (missing ?>)' : 'unterminated CDATA section (missing ]]>)';
        throw new XmlError(what, this.modeStart);
      }
      // Keep what could be the start of the terminator.
      if (mode === COMMENT) this.extendComment(buf, Math.max(0, n - (term.length - 1)));
      if (mode !== CDATA) return STOP(Math.max(0, n - (term.length - 1)));
      const cut = safeCut(buf, 0, Math.max(0, n - 2));
      if (cut > 0) h.cdata(buf, 0, cut);
      return STOP(cut);
    }
    if (mode === CDATA) h.cdata(buf, 0, j);
    if (mode === COMMENT) {
      this.extendComment(buf, j);
      if (h.comment && this.commentHead !== undefined) h.comment(this.commentHead, this.stack.length);
      this.commentHead = undefined;
    }
    this.mode = NONE;
    return j + term.length;
  }

  /** The error of a byte other than whitespace or '<' outside the root element, at `i`. */
  private outsideRoot(buf: Buffer, i: number, base: number): XmlError {
    if (buf[i] === 0) return new XmlError('NUL byte: this is a binary file, not XML', base + i);
    return new XmlError(this.seenRoot ? 'text after the end of the root element' : `the document does not start with '<' (found ${describeByte(buf, i)}): this is not an XML file`, base + i);
  }

  /** Character data from `i` inside the root, handed to the handler: the index of the next '<' (or n), or STOP. */
  private text(buf: Buffer, i: number, base: number, final: boolean): number {
    const n = buf.length;
    const start = i;
    let amp = false;
    while (i < n) {
      const c = buf[i]!;
      if (c === LT) break;
      if (c === AMP) {
        const r = checkRef(buf, i, n, final, base);
        if (r < 0) {
          // The reference goes on in the next piece: hand over the text before it.
          if (i > start) this.h.text(buf, start, i, amp);
          return STOP(i);
        }
        i = r;
        amp = true;
        continue;
      }
      i++;
    }
    if (i >= n && !final) {
      const cut = safeCut(buf, start, n);
      if (cut > start) this.h.text(buf, start, cut, amp);
      return STOP(cut);
    }
    if (i > start) this.h.text(buf, start, i, amp);
    return i;
  }

  /** The end tag whose '<' is at `i`: the index after it, or STOP. */
  private endTag(buf: Buffer, i: number, base: number, final: boolean): number {
    const n = buf.length;
    const ns = i + 2;
    let j = ns;
    if (j >= n && !final) return STOP(i);
    if (j >= n || !isNameStart(buf[j]!)) throw new XmlError(`invalid end tag: expected a name after '</' but found ${describeByte(buf, j)}`, base + i);
    while (j < n && isNameChar(buf[j]!)) j++;
    if (j >= n && !final) return STOP(i);
    const name = this.names.get(buf, ns, j);
    while (j < n && isWs(buf[j]!)) j++;
    if (j >= n && !final) return STOP(i);
    if (buf[j] !== GT) throw new XmlError(j >= n ? `unexpected end of file inside end tag </${name}>` : `invalid end tag </${name}: expected '>' but found ${describeByte(buf, j)}`, base + j);
    const top = this.stack.pop();
    if (top === undefined) throw new XmlError(`end tag </${name}> without a matching start tag`, base + i);
    if (top !== name) {
      throw new XmlError(`mismatched end tag: expected </${top}> (opened at line ${this.lineOf(this.opened[this.opened.length - 1]!)}) but found </${name}>`, base + i);
    }
    this.opened.pop();
    this.h.close(name);
    return j + 1;
  }

  /** A comment or CDATA section whose '<!' is at `i` (any other declaration is refused): the index after it, or STOP. */
  private bang(buf: Buffer, i: number, base: number, final: boolean): number {
    const n = buf.length;
    const h = this.h;
    // Every decision below looks at most at the 10 bytes from i.
    if (n < i + 10 && !final) return STOP(i);
    if (startsWithAscii(buf, i, '<!--')) {
      const j = buf.indexOf('-->', i + 4, 'latin1');
      if (j === -1) {
        if (final) throw new XmlError('unterminated comment (missing -->)', base + i);
        this.mode = COMMENT;
        this.modeStart = base + i;
        const consumed = Math.max(i + 4, n - 2);
        this.commentHead = h.comment && consumed - (i + 4) <= SHORT_COMMENT_BYTES ? buf.toString('latin1', i + 4, consumed) : undefined;
        return STOP(consumed);
      }
      if (h.comment && j - (i + 4) <= SHORT_COMMENT_BYTES) h.comment(buf.toString('latin1', i + 4, j), this.stack.length);
      return j + 3;
    }
    if (startsWithAscii(buf, i, '<![CDATA[')) {
      if (this.stack.length === 0) throw new XmlError('CDATA section outside the root element', base + i);
      const j = buf.indexOf(']]>', i + 9, 'latin1');
      if (j === -1) {
        if (final) throw new XmlError('unterminated CDATA section (missing ]]>)', base + i);
        this.mode = CDATA;
        this.modeStart = base + i;
        const cut = safeCut(buf, i + 9, Math.max(i + 9, n - 2));
        if (cut > i + 9) h.cdata(buf, i + 9, cut);
        return STOP(cut);
      }
      h.cdata(buf, i + 9, j);
      return j + 3;
    }
    const decl = buf.toString('latin1', i + 2, Math.min(n, i + 10)).toUpperCase();
    if (decl.startsWith('DOCTYPE') || decl.startsWith('ENTITY') || decl.startsWith('ELEMENT') || decl.startsWith('ATTLIST') || decl.startsWith('NOTATION')) {
      const what = decl.replace(/[^A-Z].*$/s, '');
      throw new DtdRefused(
        `refused: the report contains a <!${what}> declaration. DTDs and entity declarations are not accepted (they allow XXE and entity-expansion attacks); remove the declaration from the report`,
        base + i,
      );
    }
    throw new XmlError(`invalid markup '<!' (expected <!-- comment --> or <![CDATA[...]]>)`, base + i);
  }

  /** A processing instruction whose '<?' is at `i`: the index after it, or STOP. */
  private pi(buf: Buffer, i: number, base: number, final: boolean): number {
    const n = buf.length;
    const j = buf.indexOf('?>', i + 2, 'latin1');
    if (j === -1) {
      if (final) throw new XmlError('unterminated processing instruction (missing ?>)', base + i);
      this.mode = PI;
      this.modeStart = base + i;
      return STOP(Math.max(i + 2, n - 1));
    }
    return j + 2;
  }

  /** The start tag whose '<' is at `i`, handed to the handler with its attributes: the index after it, or STOP. */
  private startTag(buf: Buffer, i: number, base: number, final: boolean): number {
    const n = buf.length;
    const names = this.names;
    const attrs = this.attrs;
    const ns = i + 1;
    if (ns >= n || !isNameStart(buf[ns]!)) throw new XmlError(`invalid start tag: expected a name after '<' but found ${describeByte(buf, ns)}`, base + i);
    let j = ns + 1;
    while (j < n && isNameChar(buf[j]!)) j++;
    if (j >= n && !final) return STOP(i);
    const name = names.get(buf, ns, j);
    if (this.stack.length === 0 && this.seenRoot) throw new XmlError(`a second root element <${name}> after the end of the first one`, base + i);
    attrs.count = 0;
    let selfClosing = false;
    for (;;) {
      const ws = j;
      while (j < n && isWs(buf[j]!)) j++;
      if (j >= n) {
        if (!final) return STOP(i);
        throw new XmlError(`unexpected end of file inside start tag <${name}>`, base + i);
      }
      const c = buf[j]!;
      if (c === GT) {
        j++;
        break;
      }
      if (c === SLASH) {
        if (j + 1 >= n && !final) return STOP(i);
        if (buf[j + 1] !== GT) throw new XmlError(`invalid start tag <${name}>: expected '>' after '/'`, base + j);
        selfClosing = true;
        j += 2;
        break;
      }
      if (j === ws) throw new XmlError(`invalid start tag <${name}>: expected whitespace, '>' or '/>' but found ${describeByte(buf, j)}`, base + j);
      if (!isNameStart(c)) throw new XmlError(`invalid attribute name in <${name}>: unexpected ${describeByte(buf, j)}`, base + j);
      const as = j;
      while (j < n && isNameChar(buf[j]!)) j++;
      if (j >= n && !final) return STOP(i);
      const aname = names.get(buf, as, j);
      while (j < n && isWs(buf[j]!)) j++;
      if (j >= n && !final) return STOP(i);
      if (buf[j] !== EQ) throw new XmlError(`attribute ${aname} of <${name}> has no value (expected '=')`, base + j);
      j++;
      while (j < n && isWs(buf[j]!)) j++;
      if (j >= n && !final) return STOP(i);
      const q = buf[j];
      if (q !== DQ && q !== SQ) throw new XmlError(`value of attribute ${aname} of <${name}> is not quoted`, base + j);
      const vs = ++j;
      let amp = false;
      for (;;) {
        if (j >= n) {
          if (!final) return STOP(i);
          throw new XmlError(`unexpected end of file inside the value of attribute ${aname} of <${name}>`, base + vs - 1);
        }
        const v = buf[j]!;
        if (v === q) break;
        if (v === LT) throw new XmlError(`'<' is not allowed in the value of attribute ${aname} of <${name}> (write it as &lt;)`, base + j);
        if (v === AMP) {
          const r = checkRef(buf, j, n, final, base);
          if (r < 0) return STOP(i);
          j = r;
          amp = true;
          continue;
        }
        j++;
      }
      for (let k = 0; k < attrs.count; k++) {
        if (attrs.names[k] === aname) throw new XmlError(`duplicate attribute ${aname} in <${name}>`, base + as);
      }
      const k = attrs.count++;
      attrs.names[k] = aname;
      attrs.starts[k] = vs;
      attrs.ends[k] = j;
      attrs.amps[k] = amp;
      j++;
    }
    this.seenRoot = true;
    this.stack.push(name);
    this.opened.push(base + i);
    this.h.open(name, attrs, base + i);
    if (selfClosing) {
      this.stack.pop();
      this.opened.pop();
      this.h.close(name);
    }
    return j;
  }
}

/** Tokenizes a whole document held in memory (one final window), calling `h`. Throws XmlError (or whatever the handler throws). */
export function tokenize(buf: Buffer, h: XmlHandler): void {
  new Tokenizer(h, (offset) => lineAt(buf, offset)).feed(buf, 0, true);
}
