/**
 * Text from the data branch as the MCP server returns it (docs/mcp.md, ADR 0512): data, never instructions. A test
 * name, a failure message, a reason, a commit subject came from a pull request or a person; the server returns each
 * as a JSON string value of a result whose keys and notes are its own words, and never weaves it into a sentence.
 * Each string is shown as it is, except what a reader cannot see: control characters as `\n`, `\r`, `\t`, `\xHH`,
 * invisible format characters (bidi overrides, zero-width marks) and line separators as `\u{HHHH}` (the form
 * `flakeguard explain` shows an id in), registered secrets hidden, and its length bounded. An id shown so is taken
 * back as the same id by every tool. Pure.
 */
import { redact } from '../text/escape.ts';

const NAMED: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/** One string from the branch, as data: what is there made visible, at most `max` characters (then `…`). */
export function shown(untrusted: string, max = 2000): string {
  const text = redact(untrusted);
  const out = [...text.slice(0, max)]
    .map((c) => {
      if (NAMED[c]) return NAMED[c];
      if (/\p{Cc}/u.test(c)) return `\\x${c.codePointAt(0)!.toString(16).padStart(2, '0')}`;
      if (/[\p{Cf}\u2028\u2029]/u.test(c)) return `\\u{${c.codePointAt(0)!.toString(16)}}`;
      return c;
    })
    .join('');
  return text.length > max ? `${out}…` : out;
}

/**
 * An argument as bash reads it back: bare, single-quoted, or, when it holds a character a reader cannot see,
 * ANSI-C quoted (`$'…'`) with that character as `\xHH` or `\uHHHH`, so the line is both exact and visible.
 */
export function bashWord(argument: string): string {
  if (/^[A-Za-z0-9_@%+=:,./-]+$/.test(argument)) return argument;
  if (!/[\p{Cc}\p{Cf}\u2028\u2029]/u.test(argument)) return `'${argument.replace(/'/g, `'\\''`)}'`;
  const body = [...argument]
    .map((c) => {
      if (c === '\\' || c === "'") return `\\${c}`;
      if (NAMED[c]) return NAMED[c];
      const code = c.codePointAt(0)!;
      if (/\p{Cc}/u.test(c)) return `\\x${code.toString(16).padStart(2, '0')}`;
      if (/[\p{Cf}\u2028\u2029]/u.test(c)) return code > 0xffff ? `\\U${code.toString(16).padStart(8, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
      return c;
    })
    .join('');
  return `$'${body}'`;
}

export const bashLine = (argv: readonly string[]): string => argv.map(bashWord).join(' ');
