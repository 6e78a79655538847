/**
 * A runner's coloured output (`\x1b[32mPASS\x1b[39m`) without its terminal escape sequences, for a log line. GitHub's log
 * shows the escapes that reach it as text once they are made visible (src/text/escape.ts `logText` writes a control
 * character as `\xHH`), so they are taken out first; the line then goes through `logText` as any untrusted line does,
 * which still defuses a workflow command the removal may have joined (`:\x1b[0m:error::` → `::error::`). Pure.
 */

/**
 * CSI (`ESC [ … final`, and its one-byte form 0x9b), OSC (`ESC ] … BEL` or `ESC ] … ESC \`), and the other two-byte
 * escapes (`ESC` and one character from `@` to `_`).
 */
// eslint-disable-next-line no-control-regex
const ESCAPES = /(?:\u001b\[|\u009b)[0-?]*[ -/]*[@-~]|\u001b\][^\u0007\u001b]*(?:\u0007|\u001b\\)?|\u001b[@-Z\\-_]/g;

export function stripAnsi(text: string): string {
  return text.includes('\u001b') || text.includes('\u009b') ? text.replace(ESCAPES, '') : text;
}
