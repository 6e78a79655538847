/** Assertions shared by the dist-level tests. */
import { expect } from 'vitest';
import type { ActionRun } from './action.ts';

/** The step's `outcome` output and its exit code agree with `outcome`; on a mismatch, the step's output is shown. */
export function expectOutcome(run: ActionRun, outcome: 'success' | 'failure'): void {
  expect(run.outputs.outcome, `stdout:\n${run.stdout}\nstderr:\n${run.stderr}`).toBe(outcome);
  expect(run.exitCode).toBe(outcome === 'success' ? 0 : 1);
}
