/**
 * The evaluation's scenarios: variations of one CI history that stress one thing each.
 */
import { BASE_SCENARIO, type Scenario } from './world.ts';

export const SCENARIOS: Scenario[] = [
  BASE_SCENARIO,
  {
    ...BASE_SCENARIO,
    name: 'small-suite',
    description: '60 tests in 4 modules over many runs (400): few tests, long histories, fixes and onsets late',
    tests: 60,
    modules: 4,
    runs: 400,
    flakyShare: 0.15,
    becomeFlakyShare: 0.08,
  },
  {
    ...BASE_SCENARIO,
    name: 'no-retries',
    description: 'base without CI retries: a flaky failure is a red test (only re-runs show the same commit passing)',
    retries: 0,
  },
  {
    ...BASE_SCENARIO,
    name: 'pr-heavy',
    description: 'base with 70% pull-request runs, and 30% of pull requests breaking a test deterministically',
    prShare: 0.7,
    prBreakChance: 0.3,
  },
  {
    ...BASE_SCENARIO,
    name: 'outages',
    description: 'base with an infrastructure outage (one module errors, re-run passes) in 6% of runs',
    outageChance: 0.06,
  },
];

export function scenarioByName(name: string): Scenario {
  const s = SCENARIOS.find((x) => x.name === name);
  if (!s) throw new Error(`unknown scenario '${name}' (known: ${SCENARIOS.map((x) => x.name).join(', ')})`);
  return s;
}

/** The same scenario with its run count scaled (quick mode, smaller budgets). */
export function scaled(s: Scenario, factor: number): Scenario {
  return factor === 1 ? s : { ...s, runs: Math.max(60, Math.round(s.runs * factor)) };
}
