/**
 * The action's inputs, read from a getter so that the same code serves the runner (INPUT_* variables)
 * and tests (a plain object).
 */

export type TestOutcome = 'success' | 'failure' | 'cancelled' | 'skipped' | '';

export interface Inputs {
  reports: string[];
  dataBranch: string;
  token: string;
  testOutcome: TestOutcome;
  createIssues: boolean;
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
}

export class InputError extends Error {}

export type InputGetter = (name: string) => string;

/** Reads INPUT_* the way @actions/core does: name upper-cased, spaces → underscores. */
export function inputsFromEnv(env: NodeJS.ProcessEnv): InputGetter {
  return (name) => (env[`INPUT_${name.replace(/ /g, '_').toUpperCase()}`] ?? '').trim();
}

function parseBoolean(name: string, raw: string, fallback: boolean): boolean {
  if (raw === '') return fallback;
  if (/^(true|yes|on|1)$/i.test(raw)) return true;
  if (/^(false|no|off|0)$/i.test(raw)) return false;
  throw new InputError(`Input '${name}' must be true or false, got '${raw}'.`);
}

function parseInteger(name: string, raw: string, fallback: number, min: number, max: number): number {
  if (raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new InputError(`Input '${name}' must be a whole number from ${min} to ${max}, got '${raw}'.`);
  }
  return value;
}

const TEST_OUTCOMES = new Set(['success', 'failure', 'cancelled', 'skipped', '']);

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
  const testOutcome = get('test-outcome').toLowerCase();
  if (!TEST_OUTCOMES.has(testOutcome)) {
    throw new InputError(
      `Input 'test-outcome' must be one of success, failure, cancelled, skipped (from steps.<id>.outcome), got '${testOutcome}'.`,
    );
  }
  return {
    reports,
    dataBranch,
    token: get('token'),
    testOutcome: testOutcome as TestOutcome,
    createIssues: parseBoolean('create-issues', get('create-issues'), false),
    checkRun: parseBoolean('check-run', get('check-run'), true),
    checkName: get('check-name') || 'flakeguard',
    configPath: get('config'),
    jobKey: get('job-key'),
    remote: get('data-remote'),
    readOnly: parseBoolean('read-only', get('read-only'), false),
    pushAttempts: parseInteger('push-attempts', get('push-attempts'), 8, 1, 50),
  };
}
