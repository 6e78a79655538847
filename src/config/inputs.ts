/**
 * The action's inputs, read from a getter so that the same code serves the runner (INPUT_* variables)
 * and tests (a plain object).
 */

import { ClassMapError, parseClassMap } from '../owners/classmap.ts';
import type { TestOutcome } from '../model.ts';
import { MAX_COST_PER_MINUTE, costPerMinuteOf } from '../cost/index.ts';

export interface Inputs {
  reports: string[];
  dataBranch: string;
  token: string;
  testOutcome: TestOutcome;
  createIssues: boolean;
  /** Label of the issues for test owners; created when missing. */
  issueLabel: string;
  /** Issues opened or reopened per run at most. */
  maxIssues: number;
  /** Write the would-be issue actions to the job summary instead of GitHub. */
  issuesDryRun: boolean;
  /** A person closing a test's issue as completed lifts its quarantine on the next run. */
  closeLiftsQuarantine: boolean;
  /** `classname-pattern => path-template` lines, for tests whose report gives no file (validated). */
  codeownersMap: string;
  checkRun: boolean;
  checkName: string;
  configPath: string;
  /** Tells matrix jobs apart, e.g. `${{ toJSON(matrix) }}`; part of the run identity. */
  jobKey: string;
  /** Workspace-relative path of a local data repository (demo/tests) or empty for the `origin` remote. */
  remote: string;
  /** `true` → never push (read-only run); otherwise pushing is decided from the token's rights. */
  readOnly: boolean;
  pushAttempts: number;
  /**
   * A secret that seals parked runs (docs/data-branch.md, "Parcels carry provenance"): set, a writer folds in only
   * parcels sealed with it; empty, parcels are checked against the GitHub API instead.
   */
  inboxKey: string;
  /** The pull-request comment (docs/pr-comment.md): on every pull-request run, only when there is something to say, or never. */
  prComment: PrCommentMode;
  /** Where the data branch's dashboard (index.html) is served, for links to each test's page; empty: no links. */
  dashboardUrl: string;
  /** The price of a CI minute (docs/cost.md): recorded on the branch, the views price each test's minutes with it. */
  costPerMinute?: number;
  /**
   * Where to write this run's JUnit with flakeguard's verdicts (docs/annotated-report.md): a `.xml` path, the CTRF
   * report beside it; empty: none.
   */
  annotatedReport: string;
  /** How the annotated report writes a failure its quarantine forgave: `failure` (as it was) or `skipped` (ADR 0516). */
  annotatedReportQuarantined: 'failure' | 'skipped';
}

export type PrCommentMode = 'auto' | 'always' | 'off';

export class InputError extends Error {}

export type InputGetter = (name: string) => string;

/** Reads INPUT_* the way @actions/core does: name upper-cased, spaces → underscores. */
export function inputsFromEnv(env: NodeJS.ProcessEnv): InputGetter {
  return (name) => (env[`INPUT_${name.replace(/ /g, '_').toUpperCase()}`] ?? '').trim();
}

/** A true/false input (`true`, `yes`, `on`, `1` and their opposites); `fallback` when empty. The message quotes at most 80 characters of the value. */
export function parseBoolean(name: string, raw: string, fallback: boolean): boolean {
  if (raw === '') return fallback;
  if (/^(true|yes|on|1)$/i.test(raw)) return true;
  if (/^(false|no|off|0)$/i.test(raw)) return false;
  throw new InputError(`Input '${name}' must be true or false, got '${raw.slice(0, 80)}'.`);
}

/** A whole-number input from `min` to `max`; `fallback` when empty. The message quotes at most 80 characters of the value. */
export function parseInteger(name: string, raw: string, fallback: number, min: number, max: number): number {
  if (raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new InputError(`Input '${name}' must be a whole number from ${min} to ${max}, got '${raw.slice(0, 80)}'.`);
  }
  return value;
}

function readIssueLabel(raw: string): string {
  const label = raw || 'flaky-test';
  if (label.length > 50 || label.includes(',')) {
    throw new InputError(`Input 'issue-label' must be a label name of at most 50 characters without a comma, got '${label.slice(0, 80)}'.`);
  }
  return label;
}

function readCodeownersMap(raw: string): string {
  if (raw === '') return '';
  try {
    parseClassMap(raw);
  } catch (error) {
    if (error instanceof ClassMapError) throw new InputError(`Input ${error.message.replace(/^codeowners-map/, "'codeowners-map'")}.`);
    throw error;
  }
  return raw;
}

function readPrComment(raw: string): PrCommentMode {
  const mode = raw.toLowerCase() || 'auto';
  if (mode !== 'auto' && mode !== 'always' && mode !== 'off') throw new InputError(`Input 'pr-comment' must be auto, always or off, got '${raw.slice(0, 80)}'.`);
  return mode;
}

function readDashboardUrl(raw: string): string {
  const url = raw.trim();
  if (url === '') return '';
  let protocol = '';
  try {
    protocol = new URL(url).protocol;
  } catch {
    // not an address: refused below
  }
  if (protocol !== 'https:' && protocol !== 'http:')
    throw new InputError(`Input 'dashboard-url' must be an http(s) address (where the data branch's index.html is served), got '${url.slice(0, 80)}'.`);
  return url;
}

const TEST_OUTCOMES = new Set(['success', 'failure', 'cancelled', 'skipped', '']);

/** action.yml's default of `test-outcome`: the input left out, told apart from a value that is empty. */
const NOT_GIVEN = 'none';

/**
 * The step's warning when `test-outcome` was given but is empty, else undefined. A runner passes a left-out input as
 * its default (`none`) and an expression that gave nothing as `''`: `${{ steps.tests.outcome }}` is empty when no
 * step has `id: tests`, and the failure of a crash outside the reports would then go unseen. `raw` is the
 * INPUT_TEST-OUTCOME variable; undefined (not set at all, as outside a runner) is not a mistake.
 */
export function emptyTestOutcome(raw: string | undefined): string | undefined {
  if (raw === undefined || raw.trim() !== '') return undefined;
  return (
    "Input 'test-outcome' is empty: the expression gave nothing, usually because it names a step that has no id " +
    '(`test-outcome: ${{ steps.tests.outcome }}` needs `id: tests` on the step that runs the tests). ' +
    'Without it, a test step that crashed or timed out outside the reports cannot fail the job. ' +
    'Give the test step `id: tests`, or leave test-outcome out.'
  );
}

export function readInputs(get: InputGetter): Inputs {
  const reports = get('reports')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
  if (reports.length === 0) {
    throw new InputError(`Input 'reports' is required: one glob pattern per line, e.g. 'reports/**/*.xml'.`);
  }
  const dataBranch = get('data-branch') || 'flakeguard-data';
  if (!/^[A-Za-z0-9._/-]+$/.test(dataBranch) || dataBranch.startsWith('-') || dataBranch.includes('..')) {
    throw new InputError(`Input 'data-branch' is not a valid branch name: '${dataBranch}'.`);
  }
  const given = get('test-outcome').toLowerCase();
  // `none` is action.yml's default: the input left out. An empty value is an expression that gave nothing (emptyTestOutcome).
  const testOutcome = given === NOT_GIVEN ? '' : given;
  if (!TEST_OUTCOMES.has(testOutcome)) {
    throw new InputError(`Input 'test-outcome' must be one of success, failure, cancelled, skipped (from steps.<id>.outcome), got '${testOutcome}'.`);
  }
  return {
    reports,
    dataBranch,
    token: get('token'),
    testOutcome: testOutcome as TestOutcome,
    createIssues: parseBoolean('create-issues', get('create-issues'), false),
    issueLabel: readIssueLabel(get('issue-label')),
    maxIssues: parseInteger('max-issues', get('max-issues'), 5, 0, 100),
    issuesDryRun: parseBoolean('issues-dry-run', get('issues-dry-run'), false),
    closeLiftsQuarantine: parseBoolean('close-lifts-quarantine', get('close-lifts-quarantine'), true),
    codeownersMap: readCodeownersMap(get('codeowners-map')),
    checkRun: parseBoolean('check-run', get('check-run'), true),
    checkName: get('check-name') || 'flakeguard',
    configPath: get('config'),
    jobKey: get('job-key'),
    remote: get('data-remote'),
    readOnly: parseBoolean('read-only', get('read-only'), false),
    pushAttempts: parseInteger('push-attempts', get('push-attempts'), 8, 1, 50),
    inboxKey: get('inbox-key'),
    prComment: readPrComment(get('pr-comment')),
    dashboardUrl: readDashboardUrl(get('dashboard-url')),
    ...readCostPerMinute(get('cost-per-minute')),
    annotatedReport: readAnnotatedReport(get('annotated-report')),
    annotatedReportQuarantined: readAnnotatedReportQuarantined(get('annotated-report-quarantined')),
  };
}

/** `annotated-report`: a path ending in `.xml` (the CTRF report goes beside it), or nothing. */
function readAnnotatedReport(raw: string): string {
  if (raw === '') return '';
  if (!/\.xml$/i.test(raw) || /[\u0000-\u001f]/.test(raw) || raw.length > 1000) {
    throw new InputError(`Input 'annotated-report' must be the path of an .xml file to write (e.g. reports/flakeguard.xml; the CTRF report is written beside it), got '${raw.slice(0, 80)}'.`);
  }
  return raw;
}

function readAnnotatedReportQuarantined(raw: string): 'failure' | 'skipped' {
  const as = raw.toLowerCase() || 'failure';
  if (as !== 'failure' && as !== 'skipped') throw new InputError(`Input 'annotated-report-quarantined' must be failure or skipped, got '${raw.slice(0, 80)}'.`);
  return as;
}

/** `cost-per-minute`: a number from 0 to MAX_COST_PER_MINUTE (a price, in the currency the team reads it in), or nothing. */
function readCostPerMinute(raw: string): { costPerMinute?: number } {
  if (raw === '') return {};
  const price = costPerMinuteOf(raw);
  if (price === undefined) throw new InputError(`Input 'cost-per-minute' must be a number from 0 to ${MAX_COST_PER_MINUTE} (the price of one CI minute, e.g. 0.008), got '${raw.slice(0, 80)}'.`);
  return { costPerMinute: price };
}
