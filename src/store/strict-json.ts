/**
 * Strict JSON for the files of the data branch, which people edit by hand (docs/data-branch.md, "A broken file").
 * Pure; no Node import (the dashboard's page reads the same files).
 *
 * JSON.parse accepts two things a person's edit must never do silently:
 * - **a key written twice** in one object: it keeps the last and drops the other without a word (a `"never"` added
 *   above a test's own stats line was ignored, then deleted; a second history line wiped a test's earlier runs). Here
 *   it is a fault naming both lines.
 * - **nesting without limit**: JSON.parse itself copes, but JSON.stringify, structuredClone and every recursive reader
 *   overflow the stack on a value 20,000 levels deep. Here a value deeper than MAX_JSON_DEPTH is a fault naming its
 *   line; nothing deeper is ever handed on.
 *
 * Fast path (every run reads every file; ADR 0141): JSON.parse, then the number of key tokens in the text (a jump
 * from quote to quote) against the number of keys in the parsed value (a walk with an explicit stack that stops
 * below MAX_JSON_DEPTH). Equal counts mean no object lost a key. Only when they differ, or the walk goes too deep,
 * does a character-by-character scan find where: linear time, memory bounded by the keys of the open objects.
 */

/** The deepest a value of a data-branch file may nest (the root object is level 1). flakeguard writes 5 at most. */
export const MAX_JSON_DEPTH = 64;

export interface JsonFault {
  /** 1-based line of the fault (the second occurrence of a key written twice). */
  line: number;
  message: string;
}

/**
 * The fault of a text JSON.parse accepted (`value` is what it returned), or undefined when the text has no key
 * written twice and nests at most MAX_JSON_DEPTH levels. A leading BOM must already be stripped.
 */
export function strictJsonFault(text: string, value: unknown): JsonFault | undefined {
  const parsed = countKeys(value);
  if (parsed !== undefined && parsed === countKeyTokens(text)) return undefined;
  return locateFault(text);
}

/** JSON.parse with strictJsonFault's rules: throws a SyntaxError for a text that is not JSON, as JSON.parse does. */
export function parseStrictJson(text: string): { value: unknown; fault?: JsonFault } {
  const value: unknown = JSON.parse(text);
  const fault = strictJsonFault(text, value);
  return fault ? { value: undefined, fault } : { value };
}

/** The keys of every object in `value`, or undefined when it nests deeper than MAX_JSON_DEPTH. */
function countKeys(value: unknown): number | undefined {
  if (typeof value !== 'object' || value === null) return 0;
  let keys = 0;
  const values: object[] = [value];
  const depths: number[] = [1];
  while (values.length > 0) {
    const v = values.pop()!;
    const depth = depths.pop()!;
    if (depth > MAX_JSON_DEPTH) return undefined;
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) {
        const x: unknown = v[i];
        if (typeof x === 'object' && x !== null) {
          values.push(x);
          depths.push(depth + 1);
        }
      }
    } else {
      for (const k in v) {
        keys++;
        const x: unknown = (v as Record<string, unknown>)[k];
        if (typeof x === 'object' && x !== null) {
          values.push(x);
          depths.push(depth + 1);
        }
      }
    }
  }
  return keys;
}

/** True when the quote at `at` is escaped (an odd number of backslashes before it). */
function escaped(text: string, at: number): boolean {
  let slashes = 0;
  while (text.charCodeAt(at - 1 - slashes) === 92) slashes++;
  return (slashes & 1) === 1;
}

/** The closing quote of the string opened at `open`, or -1. */
function closingQuote(text: string, open: number): number {
  let close = text.indexOf('"', open + 1);
  while (close !== -1 && escaped(text, close)) close = text.indexOf('"', close + 1);
  return close;
}

/** The first character after `at` that is not JSON whitespace. */
function nextToken(text: string, at: number): number {
  let c = text.charCodeAt(at);
  while (c === 32 || c === 10 || c === 13 || c === 9) c = text.charCodeAt(++at);
  return c;
}

/** Strings followed by `:` in valid JSON text: its object keys. Outside strings, valid JSON has no quote. */
function countKeyTokens(text: string): number {
  let keys = 0;
  let open = text.indexOf('"');
  while (open !== -1) {
    const close = closingQuote(text, open);
    if (close === -1) break;
    if (nextToken(text, close + 1) === 58) keys++;
    open = text.indexOf('"', close + 1);
  }
  return keys;
}

function lineAt(text: string, offset: number): number {
  let line = 1;
  for (let at = text.indexOf('\n'); at !== -1 && at < offset; at = text.indexOf('\n', at + 1)) line++;
  return line;
}

/** The first key written twice or level too deep, scanning valid JSON text once (iteratively). */
function locateFault(text: string): JsonFault | undefined {
  // One frame per open object (its keys → offset of their first occurrence) or array (null).
  const frames: Array<Map<string, number> | null> = [];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 34) {
      const close = closingQuote(text, i);
      if (close === -1) return undefined;
      const keys = frames[frames.length - 1];
      if (keys && nextToken(text, close + 1) === 58) {
        const raw = text.slice(i + 1, close);
        const key = raw.includes('\\') ? (JSON.parse(text.slice(i, close + 1)) as string) : raw;
        const first = keys.get(key);
        if (first !== undefined) {
          const [a, b] = [lineAt(text, first), lineAt(text, i)];
          const where = a === b ? `twice on line ${b}` : `twice, on lines ${a} and ${b}`;
          return {
            line: b,
            message: `${JSON.stringify(key).slice(0, 200)} is written ${where}: JSON would silently keep only the last one, so neither is read; delete the one you do not mean`,
          };
        }
        keys.set(key, i);
      }
      i = close;
    } else if (c === 123 || c === 91) {
      frames.push(c === 123 ? new Map() : null);
      if (frames.length > MAX_JSON_DEPTH) {
        return { line: lineAt(text, i), message: `a value is nested deeper than ${MAX_JSON_DEPTH} levels, which flakeguard never writes nor reads` };
      }
    } else if (c === 125 || c === 93) {
      frames.pop();
    }
  }
  return undefined;
}
