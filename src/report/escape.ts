/**
 * Test names, messages and stack traces come from pull requests. Everything untrusted goes through one of
 * these before it reaches a log line, a summary, a check run or an issue.
 */

const HTML_ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
  '|': '&#124;',
  '`': '&#96;',
  '[': '&#91;',
  ']': '&#93;',
  '(': '&#40;',
  ')': '&#41;',
  '*': '&#42;',
  _: '&#95;',
  '~': '&#126;',
  '#': '&#35;',
  '!': '&#33;',
  '\\': '&#92;',
  '@': '&#64;',
  ':': '&#58;',
  '=': '&#61;',
  '+': '&#43;',
  '-': '&#45;',
  '{': '&#123;',
  '}': '&#125;',
  '%': '&#37;',
};
const MARKDOWN_SPECIAL = /[&<>"'|`[\]()*_~#!\\@:=+\-{}%]/g;

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/** Truncates to at most `max` characters, marking the cut. */
export function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  return `${text.slice(0, Math.max(0, max - 1))}…`;
}

/**
 * Text for one line of markdown or HTML (a table cell, a heading, a list item): every character markdown or
 * HTML could act on becomes an entity, so it renders as the literal character and nothing else. Mentions are
 * defused by the `@` entity.
 */
export function mdText(untrusted: string, max = 300): string {
  const flat = truncate(untrusted.replace(/\r\n|\r|\n/g, ' ').replace(CONTROL, ''), max);
  return defuseAutolinks(flat.replace(MARKDOWN_SPECIAL, (c) => HTML_ENTITIES[c]!));
}

/** A multi-line block (stack trace) inside `<pre>`: entity-escaped, line breaks kept. */
export function mdPre(untrusted: string, max = 2000): string {
  const clean = truncate(untrusted.replace(/\r\n|\r/g, '\n').replace(CONTROL, ''), max);
  return `<pre>${defuseAutolinks(clean.replace(MARKDOWN_SPECIAL, (c) => HTML_ENTITIES[c]!))}</pre>`;
}

/** GitHub links `www.x` even without a scheme; `:` is already an entity, which defuses `http://`. */
function defuseAutolinks(escaped: string): string {
  return escaped.replace(/www\./gi, (m) => `${m.slice(0, 3)}&#46;`);
}

/**
 * Text for a plain log line: one line, no control characters, and no `::` that the runner could read as a
 * workflow command.
 */
export function logText(untrusted: string, max = 500): string {
  return truncate(untrusted.replace(/\r\n|\r|\n/g, ' ').replace(CONTROL, ''), max).replace(/::/g, ':\u200b:');
}
