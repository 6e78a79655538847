/**
 * The fix-verification inputs (docs/fix-verification.md#inputs), validated: `fix-verify` (`auto`: on a pull request
 * when `rerun` is set; `off`) and `fix-verify-max-runs`, the most runs one test's verification makes.
 */
import { InputError, parseInteger, type InputGetter } from '../config/inputs.ts';
import { DEFAULT_MAX_RUNS } from './fix-plan.ts';

export interface FixInputs {
  on: boolean;
  maxRuns: number;
}

export function readFixInputs(get: InputGetter): FixInputs {
  const mode = (get('fix-verify') || 'auto').toLowerCase();
  if (mode !== 'auto' && mode !== 'off') throw new InputError(`Input 'fix-verify' must be auto or off, got '${mode.slice(0, 80)}'.`);
  return { on: mode === 'auto', maxRuns: parseInteger('fix-verify-max-runs', get('fix-verify-max-runs'), DEFAULT_MAX_RUNS, 1, 10_000) };
}
