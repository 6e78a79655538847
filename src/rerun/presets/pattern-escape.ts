/**
 * Escaping of hostile test names and paths for the runners' own filter syntaxes. Pure.
 *
 * Nothing here is ever parsed by a shell: presets put each result into an argv element of its own
 * (src/rerun/contract.ts). The escaping is for the runner's filter language only (regular expressions,
 * globs, option parsers), so that a test name selects exactly that test and never anything else.
 */

/** Characters that are special in a JavaScript RegExp outside a class. `-` is left alone: `\-` is a SyntaxError with the u flag. */
const JS_REGEX_SPECIAL = /[\\^$.*+?()[\]{}|/]/;

/**
 * One character of a JavaScript regular expression that matches `ch` literally. Control characters and
 * line terminators become `\uXXXX` so the pattern stays on one line and means the same with or without
 * the u flag.
 */
function jsRegexChar(ch: string): string {
  if (JS_REGEX_SPECIAL.test(ch)) return `\\${ch}`;
  const code = ch.charCodeAt(0);
  if (ch.length === 1 && (code < 0x20 || code === 0x7f || code === 0x2028 || code === 0x2029)) {
    return `\\u${code.toString(16).padStart(4, '0')}`;
  }
  return ch;
}

/** Whitespace an XML attribute value normalises to a space (a literal tab, newline or carriage return). */
const XML_WS = '[ \\t\\n\\r]';

/**
 * A JavaScript regular-expression source (no anchors) that matches `text` literally. A space also matches a
 * tab, newline or carriage return: the id came from an XML attribute, where a literal one of those was
 * normalised to a space (docs/test-ids.md), so the runner may still see the original character.
 */
export function jsRegexLiteral(text: string): string {
  return jsRegexLiteralWithGap(text, '');
}

/**
 * jsRegexLiteral, allowing `gap` (a regular-expression source, CONTROL_GAP or ANSI_GAP) before, between and after
 * the characters; with `wordBoundaries`, only where a word starts or ends (at the start, at the end, and beside
 * every character that is not a letter, digit or `_`), so that a long name keeps a short pattern.
 */
export function jsRegexLiteralWithGap(text: string, gap: string, wordBoundaries = false): string {
  const word = (ch: string | undefined): boolean => ch !== undefined && /^[\p{L}\p{N}_]$/u.test(ch);
  let out = '';
  let prev: string | undefined;
  for (const ch of text) {
    if (!wordBoundaries || !word(prev) || !word(ch)) out += gap;
    out += ch === ' ' ? XML_WS : jsRegexChar(ch);
    prev = ch;
  }
  return out + gap;
}

/**
 * Gaps for jsRegexLiteralWithGap: what a reporter may have dropped from a test's name between any two characters of the
 * name it wrote, so the pattern built from the report still selects the runner's real name (a superset at worst).
 *
 * - CONTROL_GAP: vitest's junit reporter removes the characters XML 1.0 forbids or discourages (C0 controls but tab,
 *   newline and carriage return; DEL and C1 controls but NEL) from names and messages. The class takes all of
 *   U+0000–U+001F and U+007F–U+009F: tab, newline, CR and NEL in the gap only widen the match.
 * - ANSI_GAP: mocha-junit-reporter passes names through strip-ansi (ansi-regex 5), which removes whole escape
 *   sequences (ESC or CSI, then parameters and a final byte, or an OSC string ended by BEL). The gap matches any
 *   number of such sequences (a superset of what ansi-regex 5 matches). It is long, so it is used at word
 *   boundaries only (colours wrap words): a sequence between two letters of one word is not tolerated.
 */
export const CONTROL_GAP = '[\\u0000-\\u001f\\u007f-\\u009f]*';
export const ANSI_GAP = '(?:[\\u001b\\u009b][[\\]()#;?]*(?:[-a-zA-Z\\d\\/#&.:=?%@~_;]*\\u0007|(?:\\d{1,4}(?:;\\d{0,4})*)?[\\dA-PR-TZcf-ntqry=><~]))*';

/**
 * Like jsRegexLiteral, but each occurrence of `sep` in `text` may have been `alt` in the runner's own name
 * (vitest writes `describe > test` in JUnit where `-t` sees `describe test`).
 */
export function jsRegexLiteralWithSeparator(text: string, sep: string, alt: string, gap = ''): string {
  const parts = text.split(sep);
  if (parts.length === 1) return jsRegexLiteralWithGap(text, gap);
  return parts.map((p) => jsRegexLiteralWithGap(p, gap)).join(`(?:${jsRegexLiteral(sep)}|${jsRegexLiteral(alt)})`);
}

/** `^(?:a|b|…)$` over already-escaped alternatives, deduplicated, in order. */
export function anchoredAlternation(sources: readonly string[]): string {
  const unique = [...new Set(sources)];
  return unique.length === 1 ? `^${unique[0]}$` : `^(?:${unique.join('|')})$`;
}

/** Go's regexp.QuoteMeta: a backslash before each of `\.+*?()|[]{}^$`. */
export function goQuoteMeta(s: string): string {
  return s.replace(/[\\.+*?()|[\]{}^$]/g, (c) => `\\${c}`);
}

/**
 * A relative path made safe as a positional argument: a leading `-` would be read as an option, so such a
 * path gets `./` in front. Absolute paths and other relative paths are returned as they are.
 */
export function pathArg(p: string): string {
  return p.startsWith('-') ? `./${p}` : p;
}

/** Glob syntax of node's --test file patterns (and minimatch): each of these is replaced by `?`. */
const GLOB_MAGIC = /[*?[\]{}()!+@\\,]/g;

/**
 * A glob that matches the file `p` (and possibly a few others that differ only where `p` has glob syntax):
 * node's test runner treats its file arguments as globs and has no escape, so each special character becomes
 * `?`, which matches it. Running a superset of files is allowed; the name pattern still selects the tests.
 */
export function globForFile(p: string): string {
  return pathArg(p.replace(GLOB_MAGIC, '?'));
}

/**
 * A PCRE fragment that matches `text` literally, whatever the delimiter and flags: every ASCII character other
 * than a letter, digit or `_` becomes `\xHH` (so no delimiter, `#`, `@`, quote or space survives); other
 * characters (UTF-8 bytes) are kept.
 */
export function pcreLiteral(text: string): string {
  let out = '';
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    out += code < 0x80 && !/[A-Za-z0-9_]/.test(ch) ? `\\x${code.toString(16).padStart(2, '0')}` : ch;
  }
  return out;
}

/** Unique values in first-seen order. */
export function unique<T>(xs: Iterable<T>): T[] {
  return [...new Set(xs)];
}
