/**
 * A cap on the bytes of a test's name, classname and suite (they make its id, which is stored twice on the data
 * branch: a 50 MB name made a 100 MB history file, over GitHub's file size limit). A longer text keeps its
 * beginning and ends with a hash of the whole text, so that ids stay unique and stable (docs/test-ids.md). Pure.
 */
import { createHash } from 'node:crypto';

export const MAX_NAME_BYTES = 1024;
/** `…#` then 16 hex digits of the SHA-256 of the whole text. */
const SUFFIX_BYTES = 3 + 2 + 16;

export function capName(text: string, maxBytes = MAX_NAME_BYTES): string {
  if (text.length * 3 <= maxBytes || Buffer.byteLength(text, 'utf8') <= maxBytes) return text;
  const hash = createHash('sha256').update(text, 'utf8').digest('hex').slice(0, 16);
  // Cut at a code point boundary within the budget.
  let kept = '';
  let bytes = 0;
  for (const ch of text) {
    const n = Buffer.byteLength(ch, 'utf8');
    if (bytes + n > maxBytes - SUFFIX_BYTES) break;
    kept += ch;
    bytes += n;
  }
  return `${kept}…#${hash}`;
}
