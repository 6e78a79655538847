/**
 * The simulator's two engines make the same decisions: the real action in-process (run(env), git, a bare
 * repository) and the pure core (applyRun on the files the previous run wrote). The sweep relies on it.
 */
import { describe, expect, it } from 'vitest';
import { parseFileConfig } from '../../src/config/file-parse.ts';
import { DEFAULT_POLICY } from '../../src/policy/quarantine.ts';
import { configYaml, drive, drivePure } from '../../scripts/eval/driver.ts';
import { compareTraces } from '../../scripts/eval/metrics.ts';
import { BASE_SCENARIO, generateWorld } from '../../scripts/eval/world.ts';

describe('configYaml', () => {
  it('writes a config file that the action reads back as the same policy', () => {
    const policy = { enterSameCommitFlips: 3, window: 80, releaseAfterCleanRuns: 12 };
    const config = parseFileConfig(configYaml(policy, { maxRuns: 60 }), 'eval.yml');
    expect(config.policy).toEqual({ ...DEFAULT_POLICY, ...policy });
    expect(config.retention.maxRuns).toBe(60);
    expect(parseFileConfig(configYaml(), 'eval.yml').policy).toEqual(DEFAULT_POLICY);
  });
});

describe('engines', () => {
  it('the real action and the pure engine decide the same, run by run', { timeout: 180_000 }, async () => {
    const world = generateWorld(
      { ...BASE_SCENARIO, name: 'engines', tests: 40, modules: 4, runs: 36, flakyShare: 0.25, outageChance: 0.06, regressionChance: 0.1, prShare: 0.4, prBreakChance: 0.5, rerunChance: 1 },
      2,
      // The world ends now (not a seed: the seed is the number above): the real action checks run times against its
      // own clock (docs/adr/0101-trusted-time.md), so a world in the past would be aged out. Outcomes depend on the seed only.
      Date.now(),
    );
    const policy = { enterSameCommitFlips: 1, releaseAfterCleanRuns: 5 };
    const real = await drive(world, { policy });
    const pure = await drivePure(world, { policy });
    expect(compareTraces(real, pure)).toBeUndefined();
    // The world exercised what matters: re-runs, pull requests, forgiven failures, quarantine.
    expect(real.invocations.some((i) => i.execution.attempt === 2)).toBe(true);
    expect(real.invocations.some((i) => i.execution.run.kind === 'pr')).toBe(true);
    expect(real.invocations.some((i) => i.forgiven > 0)).toBe(true);
    expect(real.invocations.at(-1)!.quarantined.length).toBeGreaterThan(0);
  });
});

describe('engines with re-runs (issue #14)', () => {
  it('the real action running the world’s re-run command and the pure engine with the re-run core decide the same', { timeout: 300_000 }, async () => {
    const world = generateWorld(
      {
        ...BASE_SCENARIO,
        name: 'engines-rerun',
        tests: 30,
        modules: 3,
        runs: 24,
        retries: 0,
        rerunChance: 0,
        flakyShare: 0.3,
        outageChance: 0,
        regressionChance: 0.2,
        prShare: 0.3,
        prBreakChance: 0.5,
      },
      3,
      Date.now(),
    );
    const policy = { enterSameCommitFlips: 1, releaseAfterCleanRuns: 5 };
    const real = await drive(world, { policy, rerun: {} });
    // The action engine's custom command keeps no order: no order suspect's context rounds in either (docs/adr/0430).
    const pure = await drivePure(world, { policy, rerun: {}, noContext: true });
    expect(compareTraces(real, pure)).toBeUndefined();
    // Re-runs happened, proved flakes, and cost the same in both engines.
    const executions = (t: typeof real): number[] => t.invocations.map((i) => i.rerun?.executions ?? 0);
    expect(executions(real)).toEqual(executions(pure));
    expect(real.invocations.some((i) => (i.rerun?.proven ?? 0) > 0)).toBe(true);
    expect(real.invocations.some((i) => i.execution.hardFailed.size > 0 && i.outcome === 'failure')).toBe(true);
  });
});

describe('engines with a re-run budget (rerun-budget)', () => {
  it('the real action and the pure engine spend the budget on the same tests and decide the same', { timeout: 300_000 }, async () => {
    const world = generateWorld(
      {
        ...BASE_SCENARIO,
        name: 'engines-budget',
        tests: 24,
        modules: 3,
        runs: 16,
        retries: 0,
        rerunChance: 0,
        flakyShare: 0.3,
        outageChance: 0,
        regressionChance: 0.1,
        prShare: 0.4,
        prBreakChance: 0.3,
      },
      4,
      Date.now(),
    );
    const policy = { enterSameCommitFlips: 1, releaseAfterCleanRuns: 5 };
    const real = await drive(world, { policy, rerun: { budget: 6 } });
    const pure = await drivePure(world, { policy, rerun: { budget: 6 }, noContext: true });
    expect(compareTraces(real, pure)).toBeUndefined();
    const executions = (t: typeof real): number[] => t.invocations.map((i) => i.rerun?.executions ?? 0);
    expect(executions(real)).toEqual(executions(pure));
    // The budget was spent on tests that passed: executions in runs in which no test failed.
    expect(real.invocations.some((i) => i.execution.flakyFailed.length === 0 && i.execution.hardFailed.size === 0 && (i.rerun?.executions ?? 0) > 0)).toBe(true);
  });
});
