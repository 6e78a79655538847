/**
 * "Did you mean": the nearest of a few known words (commands, options, test ids) to a mistyped one, by edit distance
 * with adjacent transpositions (optimal string alignment: `--dryrun` is one edit from `--dry-run`, `qurantine` one
 * from `quarantine`). Pure.
 */

/** The optimal-string-alignment distance of `a` and `b`, or `limit + 1` as soon as it is known to exceed `limit`. */
export function editDistance(a: string, b: string, limit = Infinity): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, before[j - 2]! + 1);
      current.push(d);
      best = Math.min(best, d);
    }
    if (best > limit) return limit + 1;
    before = previous;
    previous = current;
  }
  return Math.min(previous[b.length]!, limit + 1);
}

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
