/**
 * What the report shows of a test's scores, read from the score record the pipeline writes into the stats file
 * (`tier`, `pfs: [pf, pfLow, pfHigh]`, `score`; see statsScores in src/pipeline/stats-scores.ts). Pure.
 */

export interface ScoreView {
  tier?: string;
  /** Probabilistic flakiness score (posterior mean) and its 90% credible interval. */
  pf?: number;
  pfLow?: number;
  pfHigh?: number;
  /** Multi-factor score, 0..1. */
  score?: number;
  flipRate?: number;
  successRate?: number;
  thresholded?: number;
  recommendation?: string;
  /** Seed 000's priority and reason of a recommendation other than stable. */
  priority?: string;
  recommendationReason?: string;
}

/** Read access to scores by test id: a Map, or a lazy view over the stats records. */
export interface ScoreLookup {
  get(id: string): ScoreView | undefined;
  /** Just the PFS, without building a view (ranking reads it for every test). */
  pf?(id: string): number | undefined;
}

const num = (x: unknown): number | undefined => (typeof x === 'number' && Number.isFinite(x) ? x : undefined);

export function scoreViewOf(record: Record<string, unknown> | undefined): ScoreView | undefined {
  if (!record) return undefined;
  const pfs = Array.isArray(record['pfs']) ? (record['pfs'] as unknown[]) : [];
  const view: ScoreView = {
    tier: typeof record['tier'] === 'string' ? record['tier'] : undefined,
    pf: num(pfs[0]),
    pfLow: num(pfs[1]),
    pfHigh: num(pfs[2]),
    score: num(record['score']),
    flipRate: num(record['flipRate']),
    successRate: num(record['successRate']),
    thresholded: num(record['thresholded']),
    recommendation: typeof record['recommendation'] === 'string' ? record['recommendation'] : undefined,
  };
  if (typeof record['priority'] === 'string') view.priority = record['priority'];
  if (typeof record['recommendationReason'] === 'string') view.recommendationReason = record['recommendationReason'];
  return view;
}

/** `0.53 [0.21, 0.81]`, or '' when unknown. */
export function formatPfs(s: ScoreView | undefined): string {
  if (!s || s.pf === undefined) return '';
  const f = (x: number): string => x.toFixed(2);
  return s.pfLow !== undefined && s.pfHigh !== undefined ? `${f(s.pf)} [${f(s.pfLow)}, ${f(s.pfHigh)}]` : f(s.pf);
}

/** The policy's recent outcomes (P passed, R passed on retry, F failed) as symbols, oldest first. */
export function symbols(recent: string): string {
  let out = '';
  for (const c of recent) out += c === 'F' ? '✗' : c === 'R' ? '↻' : '✓';
  return out;
}

export const SYMBOLS_LEGEND = '✓ passed · ↻ passed on retry · ✗ failed';

/** A lazy view over the pipeline's score records: only the tests shown are converted. */
export function scoreLookup(records: ReadonlyMap<string, Record<string, unknown>> | undefined): ScoreLookup {
  return {
    get: (id) => scoreViewOf(records?.get(id)),
    pf: (id) => {
      const pfs = records?.get(id)?.['pfs'];
      return Array.isArray(pfs) ? num(pfs[0]) : undefined;
    },
  };
}

/**
 * The active rule's own measure of a test (docs/rules.md), for a column headed by `ruleColumn`: the number that
 * rule decides on, so that the summary never shows a label of another method beside the decision. Undefined for
 * the evidence and pfs rules (the PFS column is shown anyway; the evidence is in the reason).
 */
export function ruleColumn(rule: string | undefined): string | undefined {
  switch (rule) {
    case 'flip-rate':
      return 'Flip-rate (tier), the rule';
    case 'success-rate':
      return 'Success rate, the rule';
    case 'multi-factor':
      return 'Multi-factor score, the rule';
    case 'thresholded':
      return 'Thresholded flakiness, the rule';
    default:
      return undefined;
  }
}

export function ruleMeasure(rule: string | undefined, s: ScoreView | undefined): string {
  const f = (x: number | undefined): string => (x === undefined ? '—' : x.toFixed(2));
  switch (rule) {
    case 'flip-rate':
      return s?.tier ? `${f(s.flipRate)} (${s.tier})` : '—';
    case 'success-rate':
      return f(s?.successRate);
    case 'multi-factor':
      return s?.score === undefined ? '—' : `${f(s.score)} (${s.recommendation ?? '—'}${s.priority ? `, ${s.priority}` : ''})`;
    case 'thresholded':
      return f(s?.thresholded);
    default:
      return '';
  }
}
