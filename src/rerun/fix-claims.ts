/**
 * Fix claims written by people: a line `flakeguard: fix <test id>` in a pull request's body or in a commit message
 * of the pull request (docs/fix-verification.md). Pure. The texts are hostile input: each is read up to
 * MAX_TEXT_CHARS, at most MAX_CLAIMS claims are taken, an id longer than MAX_ID_CHARS is refused (said, never cut to
 * another test's id), and nothing here is shown unescaped: the callers escape ids when they show them.
 */

/** Characters of one body or commit message read. */
export const MAX_TEXT_CHARS = 65_536;
/** Claims taken from one pull request, in the order found. */
export const MAX_CLAIMS = 20;
/** A claimed id longer than this is refused. */
export const MAX_ID_CHARS = 1000;

export interface FixClaim {
  id: string;
  /** Where it was written: `the pull request's body` or `commit 0123456789ab`. */
  where: string;
}

export interface ReadClaims {
  claims: FixClaim[];
  /** Claims refused, in words (the id in them is raw: escape it to show it). */
  refused: string[];
}

// `flakeguard: fix <id>` alone on its line (leading blanks, a list bullet or a quote marker allowed); case-insensitive
// keyword; the id is the rest of the line, optionally in one pair of backticks.
const CLAIM = /^[ \t]*(?:[-*>][ \t]*)?flakeguard:[ \t]*fix[ \t]+(.+?)[ \t]*$/i;

/** The claims of some texts, each with where it came from; the first claim of an id wins. */
export function readClaims(texts: ReadonlyArray<{ text: string; where: string }>): ReadClaims {
  const claims: FixClaim[] = [];
  const refused: string[] = [];
  const seen = new Set<string>();
  for (const { text, where } of texts) {
    for (const line of text.slice(0, MAX_TEXT_CHARS).split(/\r?\n|\r/)) {
      const m = CLAIM.exec(line);
      if (!m) continue;
      let id = m[1]!;
      if (id.length >= 2 && id.startsWith('`') && id.endsWith('`')) id = id.slice(1, -1);
      if (id === '') continue;
      if (id.length > MAX_ID_CHARS) {
        refused.push(`a claim in ${where} names an id of ${id.length} characters, over ${MAX_ID_CHARS}: no test has such an id`);
        continue;
      }
      if (seen.has(id)) continue;
      if (claims.length >= MAX_CLAIMS) {
        refused.push(`more than ${MAX_CLAIMS} fix claims: the ones after the first ${MAX_CLAIMS} are not verified`);
        return { claims, refused };
      }
      seen.add(id);
      claims.push({ id, where });
    }
  }
  return { claims, refused };
}
