/**
 * A small, strict, non-recursive XML tokenizer working on UTF-8 bytes (SAX style).
 *
 * Why not a DOM or fast-xml-parser: reports can be hundreds of MB, so the tokenizer never builds a tree and
 * never decodes text nobody asked for (system-out, properties...); it uses an explicit stack, so 100k nested
 * elements cannot overflow the call stack; it reports every well-formedness error with its byte offset
 * (turned into line/column by `lineColumn`); and it has no DTD support at all: `<!DOCTYPE`, `<!ENTITY`
 * and any other declaration are refused, only the five predefined entities and character references are
 * understood, so neither entity expansion ("billion laughs") nor external entities (XXE) can happen.
 *
 * Well-formedness checks: element and attribute name syntax, quoted attribute values without `<`,
 * duplicate attributes, whitespace between attributes, valid references (`&amp;`, `&#10;`, `&#x1F;`),
 * matching end tags, exactly one root element, nothing but whitespace/comments/PIs outside it,
 * terminated comments/CDATA/PIs, no NUL bytes. Not checked (lenient on purpose, as real reports break
 * these rules): other C0 control characters in text (ANSI colour codes in captured output), `--`
 * inside comments, `]]>` in text, the XML declaration's position.
 *
 * UTF-8 multi-byte sequences never contain bytes below 0x80, so scanning for ASCII markup on raw bytes is
 * exact. Strings are decoded (leniently: invalid UTF-8 becomes U+FFFD) only when the handler asks.
 */
import type { Buffer } from 'node:buffer';

export class XmlError extends Error {
  /** Byte offset in the UTF-8 document where the problem was found. */
  readonly offset: number;
  constructor(message: string, offset: number) {
    super(message);
    this.offset = offset;
  }
}

/** A DOCTYPE/ENTITY (or other DTD) declaration was found; the document is refused, not parsed. */
export class DtdRefused extends XmlError {}

/** Attributes of the element being opened. Only valid during the `open` callback. */
export class Attrs {
  names: string[] = [];
  starts: number[] = [];
  ends: number[] = [];
  amps: boolean[] = [];
  count = 0;
  private readonly buf: Buffer;
  constructor(buf: Buffer) {
    this.buf = buf;
  }

  /** Decoded, normalised value of attribute `name` (exact match, prefix included), or undefined. */
  get(name: string): string | undefined {
    for (let k = 0; k < this.count; k++) {
      if (this.names[k] === name) return decodeAttr(this.buf, this.starts[k]!, this.ends[k]!, this.amps[k]!);
    }
    return undefined;
  }
}

export interface XmlHandler {
  /** `name` is the qualified name as written. Return nothing; throw to abort. */
  open(name: string, attrs: Attrs, offset: number): void;
  close(name: string): void;
  /** Character data between `start` and `end` (raw bytes; use decodeText). `amp`: contains references. */
  text(start: number, end: number, amp: boolean): void;
  /** CDATA section content (raw bytes, no references). */
  cdata(start: number, end: number): void;
}

const LT = 0x3c, GT = 0x3e, AMP = 0x26, SLASH = 0x2f, BANG = 0x21, QMARK = 0x3f, EQ = 0x3d, DQ = 0x22, SQ = 0x27;
const SEMI = 0x3b, HASH = 0x23;

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
 * Validates the reference starting at `i` (which holds `&`) and returns the index after its `;`.
 */
function checkRef(buf: Buffer, i: number, end: number): number {
  let j = i + 1;
  if (buf[j] === HASH) {
    j++;
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
    if (j === ds || buf[j] !== SEMI) throw new XmlError('malformed character reference (expected &#NN; or &#xHH;)', i);
    if (cp === 0 || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff) || cp === 0xfffe || cp === 0xffff) {
      throw new XmlError(`character reference to an invalid character (${buf.toString('latin1', i, j + 1)})`, i);
    }
    return j + 1;
  }
  if (j < end && isNameStart(buf[j]!)) {
    const ns = j;
    while (j < end && isNameChar(buf[j]!)) j++;
    if (buf[j] === SEMI) {
      const name = sliceName(buf, ns, j);
      if (name === 'lt' || name === 'gt' || name === 'amp' || name === 'quot' || name === 'apos') return j + 1;
      throw new XmlError(`undefined entity &${name}; (only &lt; &gt; &amp; &quot; &apos; and character references are allowed)`, i);
    }
  }
  throw new XmlError("unescaped '&' (write it as &amp;)", i);
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

/** Tokenizes the whole document, calling `h`. Throws XmlError (or whatever the handler throws). */
export function tokenize(buf: Buffer, h: XmlHandler): void {
  const n = buf.length;
  const stack: string[] = [];
  const opened: number[] = [];
  const attrs = new Attrs(buf);
  const names = new NameCache();
  let seenRoot = false;
  let i = 0;

  while (i < n) {
    if (stack.length === 0) {
      const c = buf[i]!;
      if (isWs(c)) {
        i++;
        continue;
      }
      if (c !== LT) {
        if (c === 0) throw new XmlError('NUL byte: this is a binary file, not XML', i);
        throw new XmlError(
          seenRoot ? 'text after the end of the root element' : `the document does not start with '<' (found ${describeByte(buf, i)}): this is not an XML file`,
          i,
        );
      }
    } else {
      const start = i;
      let amp = false;
      while (i < n) {
        const c = buf[i]!;
        if (c === LT) break;
        if (c === AMP) {
          i = checkRef(buf, i, n);
          amp = true;
          continue;
        }
        if (c === 0) throw new XmlError('NUL byte in text: this is a binary file, not XML', i);
        i++;
      }
      if (i > start) h.text(start, i, amp);
      if (i >= n) break;
    }

    // buf[i] === '<'
    const c1 = buf[i + 1];
    if (c1 === SLASH) {
      const ns = i + 2;
      let j = ns;
      if (j >= n || !isNameStart(buf[j]!)) throw new XmlError(`invalid end tag: expected a name after '</' but found ${describeByte(buf, j)}`, i);
      while (j < n && isNameChar(buf[j]!)) j++;
      const name = names.get(buf, ns, j);
      while (j < n && isWs(buf[j]!)) j++;
      if (buf[j] !== GT) throw new XmlError(j >= n ? `unexpected end of file inside end tag </${name}>` : `invalid end tag </${name}: expected '>' but found ${describeByte(buf, j)}`, j);
      const top = stack.pop();
      if (top === undefined) throw new XmlError(`end tag </${name}> without a matching start tag`, i);
      if (top !== name) {
        throw new XmlError(`mismatched end tag: expected </${top}> (opened at line ${lineColumn(buf, opened[opened.length - 1]!).line}) but found </${name}>`, i);
      }
      opened.pop();
      h.close(name);
      i = j + 1;
      continue;
    }
    if (c1 === BANG) {
      if (startsWithAscii(buf, i, '<!--')) {
        const j = buf.indexOf('-->', i + 4, 'latin1');
        if (j === -1) throw new XmlError('unterminated comment (missing -->)', i);
        i = j + 3;
        continue;
      }
      if (startsWithAscii(buf, i, '<![CDATA[')) {
        if (stack.length === 0) throw new XmlError('CDATA section outside the root element', i);
        const j = buf.indexOf(']]>', i + 9, 'latin1');
        if (j === -1) throw new XmlError('unterminated CDATA section (missing ]]>)', i);
        h.cdata(i + 9, j);
        i = j + 3;
        continue;
      }
      const decl = buf.toString('latin1', i + 2, Math.min(n, i + 10)).toUpperCase();
      if (decl.startsWith('DOCTYPE') || decl.startsWith('ENTITY') || decl.startsWith('ELEMENT') || decl.startsWith('ATTLIST') || decl.startsWith('NOTATION')) {
        const what = decl.replace(/[^A-Z].*$/s, '');
        throw new DtdRefused(
          `refused: the report contains a <!${what}> declaration. DTDs and entity declarations are not accepted (they allow XXE and entity-expansion attacks); remove the declaration from the report`,
          i,
        );
      }
      throw new XmlError(`invalid markup '<!' (expected <!-- comment --> or <![CDATA[...]]>)`, i);
    }
    if (c1 === QMARK) {
      const j = buf.indexOf('?>', i + 2, 'latin1');
      if (j === -1) throw new XmlError('unterminated processing instruction (missing ?>)', i);
      i = j + 2;
      continue;
    }

    // Start tag.
    const ns = i + 1;
    if (ns >= n || !isNameStart(buf[ns]!)) throw new XmlError(`invalid start tag: expected a name after '<' but found ${describeByte(buf, ns)}`, i);
    let j = ns + 1;
    while (j < n && isNameChar(buf[j]!)) j++;
    const name = names.get(buf, ns, j);
    if (stack.length === 0 && seenRoot) throw new XmlError(`a second root element <${name}> after the end of the first one`, i);
    attrs.count = 0;
    let selfClosing = false;
    for (;;) {
      const ws = j;
      while (j < n && isWs(buf[j]!)) j++;
      if (j >= n) throw new XmlError(`unexpected end of file inside start tag <${name}>`, i);
      const c = buf[j]!;
      if (c === GT) {
        j++;
        break;
      }
      if (c === SLASH) {
        if (buf[j + 1] !== GT) throw new XmlError(`invalid start tag <${name}>: expected '>' after '/'`, j);
        selfClosing = true;
        j += 2;
        break;
      }
      if (j === ws) throw new XmlError(`invalid start tag <${name}>: expected whitespace, '>' or '/>' but found ${describeByte(buf, j)}`, j);
      if (!isNameStart(c)) throw new XmlError(`invalid attribute name in <${name}>: unexpected ${describeByte(buf, j)}`, j);
      const as = j;
      while (j < n && isNameChar(buf[j]!)) j++;
      const aname = names.get(buf, as, j);
      while (j < n && isWs(buf[j]!)) j++;
      if (buf[j] !== EQ) throw new XmlError(`attribute ${aname} of <${name}> has no value (expected '=')`, j);
      j++;
      while (j < n && isWs(buf[j]!)) j++;
      const q = buf[j];
      if (q !== DQ && q !== SQ) throw new XmlError(`value of attribute ${aname} of <${name}> is not quoted`, j);
      const vs = ++j;
      let amp = false;
      for (;;) {
        if (j >= n) throw new XmlError(`unexpected end of file inside the value of attribute ${aname} of <${name}>`, vs - 1);
        const v = buf[j]!;
        if (v === q) break;
        if (v === LT) throw new XmlError(`'<' is not allowed in the value of attribute ${aname} of <${name}> (write it as &lt;)`, j);
        if (v === AMP) {
          j = checkRef(buf, j, n);
          amp = true;
          continue;
        }
        if (v === 0) throw new XmlError('NUL byte in an attribute value: this is a binary file, not XML', j);
        j++;
      }
      for (let k = 0; k < attrs.count; k++) {
        if (attrs.names[k] === aname) throw new XmlError(`duplicate attribute ${aname} in <${name}>`, as);
      }
      const k = attrs.count++;
      attrs.names[k] = aname;
      attrs.starts[k] = vs;
      attrs.ends[k] = j;
      attrs.amps[k] = amp;
      j++;
    }
    seenRoot = true;
    stack.push(name);
    opened.push(i);
    h.open(name, attrs, i);
    if (selfClosing) {
      stack.pop();
      opened.pop();
      h.close(name);
    }
    i = j;
  }

  if (stack.length > 0) {
    const top = stack[stack.length - 1]!;
    throw new XmlError(`unexpected end of file: <${top}> (opened at line ${lineColumn(buf, opened[opened.length - 1]!).line}) is not closed; the report looks truncated`, n);
  }
  if (!seenRoot) throw new XmlError('no root element: the file contains no XML element', n);
}
