/**
 * Test names, messages and stack traces come from pull requests. Everything untrusted goes through one of
 * these before it reaches a log line, a summary, a check run or an issue.
 *
 * - `mdText` / `mdPre`: markdown and HTML (job summary, check-run summary): every character markdown or HTML
 *   could act on becomes an entity, so the text renders as itself and nothing else (no table break, no tag,
 *   no link, no image, no mention).
 * - `logText`: a plain log line: one line, control characters shown as `\xHH`, nothing the runner reads as a command.
 * - `plainText`: annotation titles and messages (plain text on GitHub): control characters shown as `\xHH`, no
 *   bidi or other invisible characters.
 * Every one of them also hides the registered secrets.
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
  $: '&#36;',
  '^': '&#94;',
};
const MARKDOWN_SPECIAL = /[&<>"'|`[\]()*_~#!\\@:=+\-{}%$^]/;

/**
 * Control characters (C0 but tab, newline and CR; DEL; C1) are shown as `\xHH`: a test named with a NUL or an ANSI
 * colour stays visible and tells apart from its namesake without them. Invisible format characters (soft hyphen,
 * zero-width and direction marks, bidi overrides, BOM, interlinear annotations) are dropped.
 */
// eslint-disable-next-line no-control-regex
const SHOWN = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g;
const HIDDEN = /[\u00ad\u061c\u180e\u200b-\u200f\u2028\u2029\u202a-\u202e\u2060-\u2064\u2066-\u206f\ufeff\ufff9-\ufffb]/g;

/** Control characters shown as `\xHH`, invisible format characters dropped. */
function visible(text: string): string {
  return text.replace(SHOWN, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`).replace(HIDDEN, '');
}
const NEWLINES = /\r\n|\r|\n/g;

/* ---------- secrets ---------- */

// Process-wide on purpose: the token is registered once where it is read, and every print helper of every layer
// must hide it without being handed it (passing it down would leave a path that forgets it).
const secrets = new Set<string>();

/**
 * Registers a secret (the token) that must never appear in anything the action prints or publishes. The runner
 * masks what `core.setSecret` registered in its own log, but not in summaries, check runs, or logs read elsewhere;
 * every helper below replaces it with `***`.
 */
export function registerSecret(secret: string): void {
  if (secret.length >= 4) {
    secrets.add(secret);
    // Git's extra header carries it base64-encoded.
    secrets.add(Buffer.from(`x-access-token:${secret}`).toString('base64'));
  }
}

/** Replaces every registered secret with `***`. */
export function redact(text: string): string {
  let out = text;
  for (const s of secrets) if (out.includes(s)) out = out.split(s).join('***');
  return out;
}

/* ---------- length ---------- */

/** Truncates to at most `max` UTF-16 code units, marking the cut, never splitting a surrogate pair. */
export function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = Math.max(0, max - 1);
  const code = text.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end--;
  return `${text.slice(0, end)}…`;
}

/** Cuts text so that its UTF-8 encoding takes at most `maxBytes`, at a line break when one is near. */
export function truncateBytes(text: string, maxBytes: number): string {
  if (Buffer.byteLength(text) <= maxBytes) return text;
  // Every UTF-16 code unit takes at most 3 bytes in UTF-8.
  let end = Math.min(text.length, maxBytes);
  while (end > 0 && Buffer.byteLength(text.slice(0, end)) > maxBytes) end = Math.floor(end * 0.9);
  const cut = text.lastIndexOf('\n', end);
  return text.slice(0, cut > end - 2000 ? cut : end);
}

/* ---------- markdown ---------- */

function escapeMarkdown(clean: string, max: number): string {
  // "www." is linked by GitHub even without a scheme; ':' is an entity, which defuses "http://".
  const marked = clean.replace(/(www)\./gi, '$1\ue000');
  const escape = (limit: number): string | undefined => {
    let out = '';
    for (const c of marked) {
      const escaped = c === '\ue000' ? '&#46;' : (HTML_ENTITIES[c] ?? c);
      if (out.length + escaped.length > limit) return undefined;
      out += escaped;
    }
    return out;
  };
  const whole = escape(max);
  if (whole !== undefined) return whole;
  let out = '';
  for (const c of marked) {
    const escaped = c === '\ue000' ? '&#46;' : (HTML_ENTITIES[c] ?? c);
    if (out.length + escaped.length > max - 1) break;
    out += escaped;
  }
  return `${out}…`;
}

function clean(untrusted: string): string {
  return visible(redact(untrusted).replace(/\ue000/g, ''));
}

/**
 * Text for one line of markdown or HTML (a table cell, a heading, a list item): every character markdown or
 * HTML could act on becomes an entity, so it renders as the literal character and nothing else. Mentions are
 * defused by the `@` entity. The result is at most `max` characters long (entities included).
 */
export function mdText(untrusted: string, max = 300): string {
  const flat = clean(untrusted.replace(NEWLINES, ' '));
  if (!MARKDOWN_SPECIAL.test(flat) && !/www\./i.test(flat)) return truncate(flat, max);
  return escapeMarkdown(flat, max);
}

/**
 * `mdText` for a comment on a pull request or an issue, where GitHub notifies whoever a text mentions: `@` and `#` are
 * followed by a zero-width space (as an entity), so that neither `@user`, `@org/team` nor `#123` is read as a
 * mention or a reference even where the renderer decodes entities first. At most `max` characters before the
 * zero-width spaces (eight characters each) are added.
 */
export function mdInert(untrusted: string, max = 300): string {
  return mdText(untrusted, max).replace(/&#64;|&#35;/g, (e) => `${e}&#8203;`);
}

/** A multi-line block (stack trace) inside `<pre>`: entity-escaped, line breaks kept; at most `max` characters inside. */
export function mdPre(untrusted: string, max = 2000): string {
  const lines = clean(untrusted.replace(NEWLINES, '\n'));
  return `<pre>${escapeMarkdown(lines, max)}</pre>`;
}

/* ---------- logs and annotations ---------- */

/**
 * Text for a plain log line: one line, control characters shown as `\xHH`, and nothing the runner could read as a workflow
 * command (`::cmd::` anywhere after trimming, or the legacy `##[cmd]` anywhere in the line).
 */
export function logText(untrusted: string, max = 500): string {
  return truncate(visible(redact(untrusted).replace(NEWLINES, ' ')), max)
    .replace(/::/g, ':\u200b:')
    .replace(/##\[/g, '#\u200b#[');
}

/**
 * Plain text for an annotation title or message: line breaks kept (as `\n`) unless `oneLine`, control characters
 * shown as `\xHH`, invisible direction characters dropped, secrets hidden, at most `max` characters. The runner escapes what
 * goes into a workflow command; the API takes the text as it is.
 */
export function plainText(untrusted: string, max: number, oneLine = false): string {
  const text = visible(redact(untrusted).replace(NEWLINES, oneLine ? ' ' : '\n'));
  return truncate(text, max);
}

/** The legacy `##[command]` syntax, which the runner finds anywhere in a line (`::` only at its start). */
export function defuseLegacy(text: string): string {
  return text.replace(/##\[/g, '#\u200b#[');
}

/**
 * Data or a property of a workflow command (`::error::…`, setFailed) built from untrusted values: one line,
 * secrets hidden, `##[` defused. The toolkit escapes `%`, `\r`, `\n`, and `::` inside data is inert, so test ids
 * stay readable. Plain log lines use `logText`.
 */
export function commandText(untrusted: string, max = 2000): string {
  return defuseLegacy(plainText(untrusted, max, true));
}
