/**
 * Every key of the config file (input `config`): where it goes, what it accepts, its default and the seed (docs/sources.md) it
 * comes from. One list drives the parser (src/config/file.ts) and the table in docs/rules.md
 * (`node scripts/config-table.ts` prints it; test/config/settings.test.ts checks the document).
 */

export type SettingKind =
  | { type: 'int'; min: number; max: number }
  | { type: 'number'; min: number; max: number; above?: boolean }
  | { type: 'choice'; words: readonly string[] }
  | { type: 'bool' }
  | { type: 'list'; words: readonly string[] }
  | { type: 'pair'; min: number; max: number; above?: boolean }
  /** A mapping of owner (as CODEOWNERS writes it) to a whole number from 0 to `max`. */
  | { type: 'owner-caps'; max: number };

export interface Setting {
  /** As written in the file, e.g. `policy.pfs.enter-low`. */
  key: string;
  /** Where the value goes in FileConfig, e.g. ['policy', 'rules', 'pfs', 'enterLow']. */
  target: string[];
  kind: SettingKind;
  /** Where the key comes from: a seed (000–004) or flakeguard's own policy. */
  origin: string;
  description: string;
  /** The default as the table shows it, when the defaults object has none (an optional rule that is off). */
  shown?: string;
}

const int = (min: number, max: number): SettingKind => ({ type: 'int', min, max });
const num = (min: number, max: number, above = false): SettingKind => ({ type: 'number', min, max, above });
const prob = num(0, 1);
const FG = 'flakeguard';
const S = (key: string, target: string[], kind: SettingKind, origin: string, description: string, shown?: string): Setting => ({
  key,
  target,
  kind,
  origin,
  description,
  ...(shown !== undefined ? { shown } : {}),
});
const Q = (key: string, target: string[], kind: SettingKind, description: string): Setting => S(`policy.quarantine.${key}`, ['policy', 'quarantine', ...target], kind, FG, description, 'off');
const R = ['policy', 'rules'];
const SC = [...R, 'scoring'];

export const SETTINGS: Setting[] = [
  S('history.max-runs', ['retention', 'maxRuns'], int(2, 10_000), '003', 'runs kept per test'),
  S('history.max-age-days', ['retention', 'maxAgeDays'], int(1, 3650), '003', 'runs older than this are dropped'),
  S('history.compact-every', ['compactEvery'], int(2, 100_000), FG, 'squash the data branch every this many writes (default: by suite size)'),
  S(
    'policy.rule',
    ['policy', 'rule'],
    { type: 'choice', words: ['evidence', 'pfs', 'flip-rate', 'success-rate', 'multi-factor', 'thresholded'] },
    FG,
    'which method decides entry and release (docs/rules.md)',
  ),
  S('policy.enter-same-commit-flips', ['policy', 'enterSameCommitFlips'], int(1, 1000), FG, 'evidence rule: enter after this many failing runs on commits where the test also passed'),
  S('policy.enter-failure-episodes', ['policy', 'enterFailureEpisodes'], int(1, 1000), FG, 'evidence rule: or after this many separate failure episodes'),
  S('policy.window', ['policy', 'window'], int(2, 10_000), FG, 'evidence rule: runs considered'),
  S('policy.breakage-streak', ['policy', 'breakageStreak'], int(1, 1000), FG, 'every rule: a failure streak this long up to now is breakage, never quarantined'),
  S('policy.release-after-clean-runs', ['policy', 'releaseAfterCleanRuns'], int(1, 10_000), FG, 'evidence rule: leave after this many runs passing at the first attempt'),
  S('policy.forgive', ['policy', 'forgive'], { type: 'choice', words: ['known-failures', 'any-failure'] }, FG, 'every rule: which failures of a quarantined test are forgiven'),
  S('policy.outage-min-tests', ['policy', 'outageMinTests'], int(2, 1_000_000), FG, 'every rule: an outage is at least this many tests of a report failing with one message…'),
  S('policy.outage-percent', ['policy', 'outagePercent'], int(1, 100), FG, '…making at least this percentage of the report'),
  // Seed 002: PFS.
  S('policy.pfs.window', [...R, 'pfs', 'window'], int(2, 10_000), '002', 'pfs rule: runs the posterior is computed over'),
  S('policy.pfs.enter-low', [...R, 'pfs', 'enterLow'], num(0, 1, true), '002', 'pfs rule: enter when the lower end of the PFS interval reaches this'),
  S('policy.pfs.release-below', [...R, 'pfs', 'releaseBelow'], num(0, 1, true), '002', 'pfs rule: leave when the PFS falls below this'),
  S('policy.pfs.min-runs', [...R, 'pfs', 'minRuns'], int(1, 10_000), '002', 'pfs rule: counted runs needed before it enters'),
  S(
    'policy.pfs.regression-window',
    [...R, 'pfs', 'regressionWindow'],
    int(2, 10_000),
    '002',
    "every rule: runs of the issues' regression check (the PFS of these newest runs, with the priors below, against the baseline)",
  ),
  S('policy.pfs.regression-min-failing', [...R, 'pfs', 'regressionMinFailing'], int(1, 10_000), '002', 'every rule: failing runs among them needed before a regression counts'),
  S('policy.pfs.prior-pb', [...SC, 'pfs', 'priorPb'], { type: 'pair', min: 0, max: 1000, above: true }, '002', 'Beta prior [a, b] of p_b (bad state)'),
  S('policy.pfs.prior-pf', [...SC, 'pfs', 'priorPf'], { type: 'pair', min: 0, max: 1000, above: true }, '002', 'Beta prior [a, b] of p_f (the PFS)'),
  S('policy.pfs.credible-mass', [...SC, 'pfs', 'credibleMass'], num(0, 1, true), '002', 'mass of the PFS interval'),
  S('policy.pfs.grid-size', [...SC, 'pfs', 'gridSize'], int(8, 512), '002', 'fine-grid intervals per axis of the integration'),
  // Seed 001: flip-rate.
  S('policy.flip-rate.window', [...SC, 'flipRate', 'window'], int(2, 10_000), '001', 'outcomes in the flip-rate'),
  S('policy.flip-rate.ewma-alpha', [...SC, 'flipRate', 'ewmaAlpha'], num(0, 1, true), '001', 'EWMA weight of the newest flip'),
  S('policy.flip-rate.ewma-window', [...SC, 'flipRate', 'ewmaWindow'], int(2, 10_000), '001', 'outcomes in the EWMA flip-rate'),
  S('policy.flip-rate.score', [...R, 'flipRate', 'score'], { type: 'choice', words: ['flip-rate', 'ewma'] }, '001', 'flip-rate rule: the rate the tier is taken from'),
  S(
    'policy.flip-rate.quarantine-tiers',
    [...R, 'flipRate', 'quarantineTiers'],
    { type: 'list', words: ['Stable', 'Intermittent', 'Flaky', 'Chronic'] },
    '001',
    'flip-rate rule: tiers that enter quarantine (auto_update)',
  ),
  S('policy.flip-rate.auto-release', [...R, 'flipRate', 'autoRelease'], { type: 'bool' }, '001', 'flip-rate rule: release when the tier leaves those (auto-release)'),
  // Seed 003: success rate.
  S('policy.success-rate.lookback-days', [...SC, 'successRate', 'lookbackDays'], int(1, 3650), '003', 'days of runs in the success rate'),
  S('policy.success-rate.filter', [...SC, 'successRate', 'filter'], { type: 'choice', words: ['default-branch-or-successful-job', 'all'] }, '003', 'runs counted'),
  S('policy.success-rate.pass-when', [...SC, 'successRate', 'passWhen'], { type: 'choice', words: ['all-attempts', 'final-attempt'] }, '003', 'what counts as a success'),
  S(
    'policy.success-rate.enter-below',
    [...R, 'successRate', 'enterBelow'],
    num(0, 1, true),
    '003',
    'success-rate rule: enter below this rate (and a hand-edited `successRate` below it forces a quarantine)',
  ),
  S('policy.success-rate.release-at', [...R, 'successRate', 'releaseAt'], prob, '003', 'success-rate rule: leave at this rate'),
  S('policy.success-rate.min-runs', [...R, 'successRate', 'minRuns'], int(1, 10_000), '003', 'success-rate rule: counted runs needed'),
  // Seed 004: thresholded flakiness.
  S(
    'policy.thresholded.alpha',
    [...SC, 'thresholded', 'alpha'],
    num(0, 1, true),
    '004',
    'α: failure chances at or above it score 0 (reproducible); the stats line, the thresholded rule and `rerun-budget` read it',
  ),
  S(
    'policy.thresholded.enter-above',
    [...R, 'thresholded', 'enterAbove'],
    { type: 'number', min: 0, max: 1 },
    '004',
    'thresholded rule: enter above this flakiness (its p from the success rate above)',
  ),
  S('policy.thresholded.min-runs', [...R, 'thresholded', 'minRuns'], int(1, 10_000), '004', 'thresholded rule: counted runs needed'),
  S(
    'policy.thresholded.proportion-targeted',
    [...SC, 'thresholded', 'proportionTargeted'],
    prob,
    '004',
    '`rerun-budget`: share of the budget for the tests of highest thresholded flakiness (α above; the rest is exploratory)',
  ),
  // Seed 000: multi-factor.
  S('policy.multi-factor.rolling-window-size', [...SC, 'multiFactor', 'rollingWindowSize'], int(1, 10_000), '000', 'recent runs analysed'),
  S('policy.multi-factor.min-runs-for-scoring', [...SC, 'multiFactor', 'minRunsForScoring'], int(1, 10_000), '000', 'below this, at most "monitor"'),
  S('policy.multi-factor.lookback-days', [...SC, 'multiFactor', 'lookbackDays'], int(1, 3650), '000', 'days of runs analysed'),
  S(
    'policy.multi-factor.recent-failure-window',
    [...SC, 'multiFactor', 'recentFailureWindow'],
    int(1, 3650),
    '000',
    'days of "recent" failures: without a failing run within them, at most "investigate", never "quarantine"',
  ),
  S('policy.multi-factor.quarantine-threshold', [...SC, 'multiFactor', 'quarantineThreshold'], prob, '000', 'score for "quarantine" (the multi-factor rule enters on it)'),
  S('policy.multi-factor.investigation-threshold', [...SC, 'multiFactor', 'investigationThreshold'], prob, '000', 'score for "investigate"'),
  S('policy.multi-factor.monitoring-threshold', [...SC, 'multiFactor', 'monitoringThreshold'], prob, '000', 'below it "stable" (the multi-factor rule releases on it)'),
  S('policy.multi-factor.min-confidence-for-quarantine', [...SC, 'multiFactor', 'minConfidenceForQuarantine'], prob, '000', 'confidence for "quarantine"'),
  S('policy.multi-factor.min-confidence-for-action', [...SC, 'multiFactor', 'minConfidenceForAction'], prob, '000', 'confidence for "investigate"'),
  // Quarantine rules as code (docs/quarantine-rules.md): all off unless set.
  Q('max-per-owner', ['maxPerOwner'], int(0, 1_000_000), 'quarantined tests per CODEOWNERS owner at most; beyond it new quarantines are refused and their failures block'),
  Q('caps', ['caps'], { type: 'owner-caps', max: 1_000_000 }, 'per-owner caps, e.g. `{"@org/payments": 3}` (owners quoted); they win over max-per-owner'),
  Q('owner-required-after-days', ['ownerRequiredAfterDays'], int(1, 3650), 'a quarantine of a test without a CODEOWNERS owner is released after this many days'),
  Q('expire-after-days', ['expireAfterDays'], int(1, 3650), "a quarantine older than this is surfaced to its owners (issue comment, the summary's warning)"),
  S(
    'policy.quarantine.on-expiry',
    ['policy', 'quarantine', 'onExpiry'],
    { type: 'choice', words: ['warn', 'block'] },
    FG,
    'warn: an expired quarantine stays; block: it is released and its failures block',
    'warn',
  ),
  ...(['intermittency', 'rerun-pass-rate', 'failure-clustering', 'message-variance', 'fail-success-ratio', 'consecutive-failure-penalty'] as const).map((w) =>
    S(`policy.multi-factor.weights.${w}`, [...SC, 'multiFactor', 'weights', w.replace(/-(\w)/g, (_m, c: string) => c.toUpperCase())], prob, '000', `weight of ${w}`),
  ),
];

/** The default of a setting, read from a config object. */
export function valueAt(config: unknown, target: string[]): unknown {
  let at = config as Record<string, unknown> | undefined;
  for (const part of target) at = at?.[part] as Record<string, unknown> | undefined;
  return at;
}

function show(value: unknown): string {
  if (value === undefined) return 'by suite size';
  if (Array.isArray(value)) return `[${value.join(', ')}]`;
  return String(value);
}

/** The markdown table of every setting with its default (from `defaults`) and origin. */
export function settingsTable(defaults: unknown): string {
  const rows = SETTINGS.map((s) => `| \`${s.key}\` | ${s.shown ?? show(valueAt(defaults, s.target))} | ${s.origin === FG ? 'flakeguard' : `seed ${s.origin}`} | ${s.description} |`);
  return ['| key | default | origin | what it does |', '| --- | --- | --- | --- |', ...rows].join('\n');
}
