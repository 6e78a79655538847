/**
 * Turns the raw bytes of a report into UTF-8 bytes for the tokenizer.
 *
 * Detection order (as in XML 1.0 appendix F):
 * 1. a byte order mark (UTF-8, UTF-16 LE/BE; UTF-32 is refused),
 * 2. UTF-16 without a BOM, recognised by `<?` encoded in UTF-16,
 * 3. the `encoding` of the XML declaration (ISO-8859-1, windows-1252, any label Node's TextDecoder knows),
 * 4. UTF-8.
 *
 * Invalid UTF-8 is not an error: bad sequences become U+FFFD when strings are decoded later, so one stray
 * byte in a captured log does not cost the whole report.
 */
import { Buffer, isAscii } from 'node:buffer';

export class DecodeError extends Error {}

/** A Buffer view over the same memory (no copy). */
export function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

const UTF8_LABELS = new Set(['utf-8', 'utf8', 'unicode-1-1-utf-8']);
/** Single-byte encodings whose bytes map 1:1 onto U+0000..U+00FF (Buffer's 'latin1'). */
const LATIN1_LABELS = new Set(['iso-8859-1', 'iso8859-1', 'iso_8859-1', 'latin1', 'latin-1', 'l1', 'iso-ir-100', 'cp819', 'ibm819']);
/** ASCII is a subset of UTF-8; bytes above 0x7F are invalid either way and become U+FFFD. */
const ASCII_LABELS = new Set(['us-ascii', 'ascii', 'iso646-us']);

/** Reads `encoding="..."` from an XML declaration at the very start of an ASCII-compatible document. */
export function declaredEncoding(buf: Buffer): string | undefined {
  if (buf.length < 5 || buf[0] !== 0x3c || buf[1] !== 0x3f || buf[2] !== 0x78 || buf[3] !== 0x6d || buf[4] !== 0x6c) return undefined; // "<?xml"
  const end = buf.indexOf('?>', 5);
  const head = buf.toString('latin1', 5, end === -1 ? Math.min(buf.length, 200) : Math.min(end, 400));
  const m = /\sencoding\s*=\s*(?:"([^"]*)"|'([^']*)')/.exec(head);
  const label = m?.[1] ?? m?.[2];
  return label === undefined ? undefined : label.trim().toLowerCase();
}

function transcode(text: string): Buffer {
  return Buffer.from(text, 'utf8');
}

function decodeWith(label: string, bytes: Uint8Array): string {
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(label, { fatal: false, ignoreBOM: true });
  } catch {
    throw new DecodeError(`unsupported encoding "${label}" declared in the XML declaration`);
  }
  return decoder.decode(bytes);
}

/** Returns the document as UTF-8 bytes, without a BOM. Throws DecodeError for unsupported encodings. */
export function toUtf8(input: string | Uint8Array): Buffer {
  if (typeof input === 'string') {
    return transcode(input.charCodeAt(0) === 0xfeff ? input.slice(1) : input);
  }
  const buf = asBuffer(input);
  const b0 = buf[0],
    b1 = buf[1],
    b2 = buf[2],
    b3 = buf[3];
  if ((b0 === 0x00 && b1 === 0x00 && b2 === 0xfe && b3 === 0xff) || (b0 === 0xff && b1 === 0xfe && b2 === 0x00 && b3 === 0x00)) {
    throw new DecodeError('unsupported encoding: UTF-32 (byte order mark found); save the report as UTF-8');
  }
  if (b0 === 0xef && b1 === 0xbb && b2 === 0xbf) return buf.subarray(3);
  if (b0 === 0xff && b1 === 0xfe) return transcode(decodeWith('utf-16le', buf.subarray(2)));
  if (b0 === 0xfe && b1 === 0xff) return transcode(decodeWith('utf-16be', buf.subarray(2)));
  // UTF-16 without BOM: "<?" is 3C 00 3F 00 (LE) or 00 3C 00 3F (BE).
  if (b0 === 0x3c && b1 === 0x00 && b2 === 0x3f && b3 === 0x00) return transcode(decodeWith('utf-16le', buf));
  if (b0 === 0x00 && b1 === 0x3c && b2 === 0x00 && b3 === 0x3f) return transcode(decodeWith('utf-16be', buf));

  const label = declaredEncoding(buf);
  if (label === undefined || UTF8_LABELS.has(label) || ASCII_LABELS.has(label)) return buf;
  // The declaration was readable as ASCII, so a "UTF-16" label is wrong: such files are really UTF-8.
  if (label === 'utf-16' || label === 'utf-16le' || label === 'utf-16be' || label === 'ucs-2') return buf;
  if (LATIN1_LABELS.has(label)) return isAscii(buf) ? buf : transcode(buf.toString('latin1'));
  return transcode(decodeWith(label, buf));
}

/** Longest head read to find the end of the XML declaration before giving up streaming. */
export const HEAD_MAX_BYTES = 1 << 20;

/**
 * How a report whose first bytes are `head` can be read, deciding exactly as toUtf8 would on the whole file:
 * `{ skip }` when it is UTF-8 (or ASCII) as it is, to be tokenized a piece at a time after `skip` bytes (a UTF-8
 * BOM); 'whole' when it must be transcoded (UTF-16, ISO-8859-1, windows-1252...: rare, they are read whole and
 * given to toUtf8), or when the XML declaration does not end within HEAD_MAX_BYTES; 'more' when `head` is too short
 * to tell and the file goes on (`complete` is false). Throws DecodeError as toUtf8 does.
 */
export function streamPlan(head: Buffer, complete: boolean): { skip: number } | 'whole' | 'more' {
  if (head.length < 5 && !complete) return 'more';
  const b0 = head[0],
    b1 = head[1],
    b2 = head[2],
    b3 = head[3];
  if ((b0 === 0x00 && b1 === 0x00 && b2 === 0xfe && b3 === 0xff) || (b0 === 0xff && b1 === 0xfe && b2 === 0x00 && b3 === 0x00)) {
    throw new DecodeError('unsupported encoding: UTF-32 (byte order mark found); save the report as UTF-8');
  }
  if (b0 === 0xef && b1 === 0xbb && b2 === 0xbf) return { skip: 3 };
  if ((b0 === 0xff && b1 === 0xfe) || (b0 === 0xfe && b1 === 0xff)) return 'whole';
  if ((b0 === 0x3c && b1 === 0x00 && b2 === 0x3f && b3 === 0x00) || (b0 === 0x00 && b1 === 0x3c && b2 === 0x00 && b3 === 0x3f)) return 'whole';
  // declaredEncoding looks up to the declaration's "?>" (or 200 bytes when there is none in the whole file).
  if (head.length >= 5 && head[0] === 0x3c && head[1] === 0x3f && head[2] === 0x78 && head[3] === 0x6d && head[4] === 0x6c && !complete && head.indexOf('?>', 5) === -1) {
    return head.length < HEAD_MAX_BYTES ? 'more' : 'whole';
  }
  const label = declaredEncoding(head);
  if (label === undefined || UTF8_LABELS.has(label) || ASCII_LABELS.has(label)) return { skip: 0 };
  if (label === 'utf-16' || label === 'utf-16le' || label === 'utf-16be' || label === 'ucs-2') return { skip: 0 };
  return 'whole';
}
