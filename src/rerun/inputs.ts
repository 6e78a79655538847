/**
 * The re-run inputs (docs/rerun.md#inputs), validated. The command comes from the workflow file only: the `rerun`
 * input, never a report or the data branch.
 */
import { InputError, type InputGetter } from '../config/inputs.ts';
import type { RerunPreset } from './contract.ts';
import { findPreset } from './presets/index.ts';

export type NewTestsMode = 'warn' | 'block';

export interface RerunInputs {
  /** The `rerun` input as written. */
  command: string;
  /** The preset it names, when it names one; otherwise `command` runs through `bash -c`. */
  preset?: RerunPreset;
  /** Re-runs of a failed test at least (unless it passes first). */
  attempts: number;
  /** …and at most. */
  attemptsMax: number;
  /** More failed tests than this: re-run none. */
  maxTests: number;
  /** Seconds for all rounds together. */
  timeoutSec: number;
  /** Extra executions of passing tests per run (0: only re-run failures). */
  budget: number;
  newTests: NewTestsMode;
}

function integer(name: string, raw: string, fallback: number, min: number, max: number): number {
  if (raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new InputError(`Input '${name}' must be a whole number from ${min} to ${max}, got '${raw.slice(0, 80)}'.`);
  }
  return value;
}

export const RERUN_DEFAULTS = { attempts: 3, attemptsMax: 6, maxTests: 20, timeoutSec: 600, budget: 0, newTests: 'warn' as NewTestsMode };

/** The re-run inputs, or undefined when `rerun` is empty (the step then behaves as without the feature). */
export function readRerunInputs(get: InputGetter): RerunInputs | undefined {
  const command = get('rerun');
  // Validated even without `rerun`, so that a typo is not silently ignored.
  const attempts = integer('rerun-attempts', get('rerun-attempts'), RERUN_DEFAULTS.attempts, 1, 20);
  const attemptsMax = integer('rerun-attempts-max', get('rerun-attempts-max'), Math.max(RERUN_DEFAULTS.attemptsMax, attempts), 1, 50);
  if (attemptsMax < attempts) {
    throw new InputError(`Input 'rerun-attempts-max' (${attemptsMax}) must be at least 'rerun-attempts' (${attempts}).`);
  }
  const maxTests = integer('rerun-max-tests', get('rerun-max-tests'), RERUN_DEFAULTS.maxTests, 1, 10_000);
  const timeoutSec = integer('rerun-timeout', get('rerun-timeout'), RERUN_DEFAULTS.timeoutSec, 1, 6 * 3600);
  const budget = integer('rerun-budget', get('rerun-budget'), RERUN_DEFAULTS.budget, 0, 1_000_000);
  const newTests = (get('new-tests') || RERUN_DEFAULTS.newTests).toLowerCase();
  if (newTests !== 'warn' && newTests !== 'block') {
    throw new InputError(`Input 'new-tests' must be warn or block, got '${newTests.slice(0, 80)}'.`);
  }
  if (command === '') return undefined;
  const preset = findPreset(command);
  return { command, ...(preset ? { preset } : {}), attempts, attemptsMax, maxTests, timeoutSec, budget, newTests };
}
