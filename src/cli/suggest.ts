/**
 * "Did you mean": the nearest of a few known words (commands, options, test ids) to a mistyped one, by edit distance
 * with adjacent transpositions (optimal string alignment: `--dryrun` is one edit from `--dry-run`, `qurantine` one
 * from `quarantine`). Pure.
 */
import { editDistance } from '../text/edit-distance.ts';

export { editDistance };

/**
 * The known word nearest to `word` (case-insensitive), when it is near enough to be a typo: at most 2 edits, and
 * fewer than half of the word's length (so that `x` suggests nothing). Ties go to the first in `known`.
 */
export function nearest(word: string, known: Iterable<string>): string | undefined {
  const w = word.toLowerCase();
  const limit = Math.min(2, Math.ceil(w.length / 2) - 1);
  if (limit < 1) return undefined;
  let best: string | undefined;
  let bestDistance = limit + 1;
  for (const candidate of known) {
    const d = editDistance(w, candidate.toLowerCase(), Math.min(limit, bestDistance - 1));
    if (d < bestDistance) {
      best = candidate;
      bestDistance = d;
    }
  }
  return best;
}
