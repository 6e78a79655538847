/**
 * The categorising rule of a diagnosis by experiment (docs/diagnose.md, "The rule"; docs/adr/0498-diagnosis-rule.md).
 * Pure: the counts of each variation in, a category with its evidence out.
 *
 * Every variation is compared with `rest` (the test alone, repeated, in the controlled baseline: TZ=UTC,
 * LANG=C.UTF-8, no other load) by Fisher's exact test on its failures and executions, conditioned on the failures of
 * both together, so that a test's own flakiness (the same rate under both) is not mistaken for the variation's effect:
 * - `file`, `full-order`, `contention`: one-sided, the variation fails MORE often than rest;
 * - `tz`, `lang`: two-sided (a test may fail in UTC only, and pass in the far zone);
 * - `seed`: each seed is run `r` times alone with the test's random numbers fixed by it; the chance, given how many of
 *   the seed arm's executions failed, that every seed's executions agreed (all failed or all passed) although the
 *   seed did not decide them (exchangeable executions). Only a perfect agreement with failing and passing seeds
 *   counts; one seed that disagrees with itself makes the chance 1.
 * Each of the COMPARISONS comparisons is held to ALPHA / COMPARISONS (Bonferroni): the chance that a test whose rate
 * no variation changes gets a category is under ALPHA, whatever the variations run. The category is the one of the
 * smallest chance under its threshold; none: `not-reproduced`.
 */
import type { Category, Evidence } from './format.ts';

/** The chance, over all comparisons of one test, of naming a category that no variation caused. */
export const ALPHA = 0.01;
/** rest against: file, full-order, tz, lang, contention; and the seed arm's agreement. */
export const COMPARISONS = 6;
/** What one comparison must stay under. */
export const THRESHOLD = ALPHA / COMPARISONS;

const CATEGORY_OF: Record<string, Category> = {
  file: 'order-dependent',
  'full-order': 'order-dependent',
  tz: 'time-zone-locale',
  lang: 'time-zone-locale',
  contention: 'timing',
  seed: 'seed',
};
const TWO_SIDED = new Set(['tz', 'lang']);
/** When two chances tie, the category of the variation listed first wins. */
const PRIORITY = ['file', 'full-order', 'tz', 'lang', 'seed', 'contention'];

const logFactorials: number[] = [0];
function logFactorial(n: number): number {
  for (let i = logFactorials.length; i <= n; i++) logFactorials.push(logFactorials[i - 1]! + Math.log(i));
  return logFactorials[n]!;
}
function logChoose(n: number, k: number): number {
  return k < 0 || k > n ? -Infinity : logFactorial(n) - logFactorial(k) - logFactorial(n - k);
}

/**
 * Fisher's exact test, one-sided: the chance that `a` executions of `n` (the variation) or more fail, given that
 * `a + b` of the `n + m` executions of the variation and of rest together failed and either is equally likely.
 */
export function fisherGreater(a: number, n: number, b: number, m: number): number {
  const k = a + b;
  const total = n + m;
  if (n === 0 || m === 0 || k === 0) return 1;
  const denominator = logChoose(total, k);
  let p = 0;
  for (let x = a; x <= Math.min(n, k); x++) p += Math.exp(logChoose(n, x) + logChoose(m, k - x) - denominator);
  return Math.min(1, p);
}

/** Two-sided: twice the smaller tail, at most 1. */
export function fisherTwoSided(a: number, n: number, b: number, m: number): number {
  return Math.min(1, 2 * Math.min(fisherGreater(a, n, b, m), fisherGreater(b, m, a, n)));
}

/** One seed's executions in the seed arm. */
export interface SeedCount {
  readonly seed: string;
  readonly executions: number;
  readonly failures: number;
}

/**
 * The chance that the seeds' executions agree (each seed all failed or all passed) by chance alone, given the arm's
 * failures: the assignments of the failures to the executions that fill whole seeds, among all assignments. 1 when
 * a seed disagreed with itself, or when no seed failed or none passed (the seed changed nothing that shows).
 */
export function seedChance(seeds: readonly SeedCount[]): number {
  const used = seeds.filter((s) => s.executions > 0);
  if (used.some((s) => s.failures !== 0 && s.failures !== s.executions)) return 1;
  const failed = used.filter((s) => s.failures > 0).length;
  if (failed === 0 || failed === used.length) return 1;
  const n = used.reduce((x, s) => x + s.executions, 0);
  const f = used.reduce((x, s) => x + s.failures, 0);
  // Subsets of seeds whose executions add up to f: a subset-sum count (sizes are small).
  const ways = new Array<number>(f + 1).fill(0);
  ways[0] = 1;
  for (const s of used) for (let t = f; t >= s.executions; t--) ways[t]! += ways[t - s.executions]!;
  return Math.min(1, Math.exp(Math.log(ways[f]!) - logChoose(n, f)));
}

/** One comparison's result: the variation, its chance and whether it is under the threshold. */
export interface Comparison {
  readonly variation: string;
  readonly chance: number;
  readonly significant: boolean;
}

export interface Verdict {
  readonly category: Category;
  /** The comparison that decided it (absent: not reproduced). */
  readonly by?: Comparison;
  readonly comparisons: readonly Comparison[];
}

/** The comparison of one evidence row with rest, or undefined when the variation is not one the rule compares. */
export function compare(row: Evidence, rest: Evidence | undefined, seeds?: readonly SeedCount[]): Comparison | undefined {
  if (row.variation === 'seed') {
    const chance = seedChance(seeds ?? []);
    return { variation: 'seed', chance, significant: chance < THRESHOLD };
  }
  if (!(row.variation in CATEGORY_OF) || rest === undefined) return undefined;
  const chance = TWO_SIDED.has(row.variation)
    ? fisherTwoSided(row.failures, row.executions, rest.failures, rest.executions)
    : fisherGreater(row.failures, row.executions, rest.failures, rest.executions);
  return { variation: row.variation, chance, significant: chance < THRESHOLD };
}

/** The category of a test's evidence rows (`seeds`: the seed arm's counts per seed). Pure. */
export function categorise(evidence: readonly Evidence[], seeds?: readonly SeedCount[]): Verdict {
  const rest = evidence.find((e) => e.variation === 'rest');
  const comparisons = evidence.map((e) => compare(e, rest, seeds)).filter((c): c is Comparison => c !== undefined);
  const winners = comparisons.filter((c) => c.significant).sort((x, y) => x.chance - y.chance || PRIORITY.indexOf(x.variation) - PRIORITY.indexOf(y.variation));
  const by = winners[0];
  return by ? { category: CATEGORY_OF[by.variation]!, by, comparisons } : { category: 'not-reproduced', comparisons };
}

/** The verdict in one sentence, for the summary, `explain` and the issue: "timing: contention failed 7 of 8, rest 0 of 8 (p = 0.0002)". */
export function verdictSentence(verdict: Verdict, evidence: readonly Evidence[], polluter?: string): string {
  const rate = (e: Evidence | undefined): string => (e ? `${e.failures} of ${e.executions}` : 'not run');
  const rest = evidence.find((e) => e.variation === 'rest');
  if (!verdict.by) {
    const failed = evidence.filter((e) => e.failures > 0 && e.variation !== 'rest').map((e) => e.variation);
    return `not reproduced by any variation: rest failed ${rate(rest)}${failed.length > 0 ? `; failures under ${failed.join(', ')} no more often than at rest` : ', no variation made it fail'}`;
  }
  const row = evidence.find((e) => e.variation === verdict.by!.variation);
  const p = verdict.by.chance < 0.0001 ? verdict.by.chance.toExponential(1) : verdict.by.chance.toPrecision(2);
  const what = verdict.by.variation === 'seed' ? `each seed's executions agreed (${rate(row)} failed)` : `${verdict.by.variation} failed ${rate(row)}, rest ${rate(rest)}`;
  const who = polluter !== undefined ? `; polluter: ${polluter}` : '';
  return `${verdict.category}: ${what} (p = ${p} < ${THRESHOLD.toPrecision(2)})${who}`;
}
