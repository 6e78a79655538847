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

/**
 * Worlds of the kinds issue #14 names (the hidden evaluator's table): no retries and no workflow re-runs; replayed
 * real outcome sequences of single tests and of whole suites; failed runs re-run once by a workflow re-run; two
 * retries in the reports; failure messages that vary; other retry counts. Each is measured with and without the
 * step's own re-runs (`npm run eval -- --rerun both`).
 */
const PLAIN: Scenario = { ...BASE_SCENARIO, retries: 0, rerunChance: 0 };
const REAL: Scenario = { ...PLAIN, tests: 200, modules: 4, runs: 150, flakyShare: 0, becomeFlakyShare: 0, fixShare: 0 };

export const ISSUE14_SCENARIOS: Scenario[] = [
  { ...PLAIN, name: 'plain', description: 'base without CI retries and without workflow re-runs: a flaky failure is a red run' },
  {
    ...REAL,
    name: 'real-single',
    description: '200 stable tests and 12 real flaky Java tests, each replaying its own outcome sequence from a random offset (150 runs, no retries)',
    real: { mode: 'single', flakyTests: 12 },
  },
  {
    ...REAL,
    name: 'real-suite',
    description:
      '200 stable tests and the whole test sets of 8 real projects (of the 17 with a flaky test), each project replaying its sequences from one offset (tests fail together as in the data; 150 runs, no retries)',
    real: { mode: 'suite', projects: 8 },
  },
  {
    ...REAL,
    name: 'real-suite-indep',
    description: 'real-suite, but a re-run inside the step reads its outcome at a random place of the sequence (no same-machine bursts)',
    real: { mode: 'suite', projects: 8, rerunAnswers: 'independent' },
  },
  { ...PLAIN, name: 'workflow-rerun', description: 'no CI retries; every red run is re-run once by a workflow re-run (same commit)', rerunChance: 1 },
  { ...BASE_SCENARIO, name: 'two-retries', description: 'two CI retries in the reports, no workflow re-runs', retries: 2, rerunChance: 0 },
  { ...PLAIN, name: 'messages-vary', description: 'no retries, no workflow re-runs; every flaky failure message differs (numbers and ids the normaliser keeps)', messages: 'varying' },
  {
    ...PLAIN,
    name: 'regress-flaky',
    description: 'no retries, no workflow re-runs; 8% of pushes break a test, half of them a flaky test failing every time with its own flaky message',
    regressionChance: 0.08,
    regressionsOnFlaky: 0.5,
  },
  { ...BASE_SCENARIO, name: 'one-retry', description: 'one CI retry in the reports, no workflow re-runs', retries: 1, rerunChance: 0 },
  { ...BASE_SCENARIO, name: 'three-retries', description: 'three CI retries in the reports, no workflow re-runs', retries: 3, rerunChance: 0 },
];

/**
 * Issue 28's worlds: order-dependent victims (6 stable tests that another test starts to pollute at a random run:
 * they fail every attempt inside the run and pass alone) in the replayed real worlds and in `plain`; and the real
 * worlds whose re-runs read the next outcomes of the sequences (bursts carry over into the re-runs), beside their
 * counterpart whose re-runs read random places.
 */
const issue14 = (name: string): Scenario => ISSUE14_SCENARIOS.find((s) => s.name === name)!;
export const ISSUE28_SCENARIOS: Scenario[] = [
  { ...issue14('real-single'), name: 'victims-real-single', description: 'real-single with 6 of its stable tests turned order-dependent victims at a random run', victims: 6 },
  { ...issue14('real-suite'), name: 'victims-real-suite', description: 'real-suite with 6 of its stable tests turned order-dependent victims at a random run', victims: 6 },
  { ...PLAIN, name: 'victims-plain', description: 'plain with 6 of its stable tests turned order-dependent victims at a random run', victims: 6 },
  {
    ...issue14('real-single'),
    name: 'victims-sometimes',
    description: 'victims-real-single, but the polluter runs before its victim in only half the runs (a random or sharded order): the limit of a rule across runs',
    victims: 6,
    victimChance: 0.5,
  },
  {
    ...PLAIN,
    name: 'bursty-short',
    description:
      'plain whose tests flaky at one constant rate fail in bursts (a failure followed by another 80% of the time): bursts shorter than the spacing of CI runs, re-runs read the next outcomes',
    bursts: { again: 0.8 },
  },
  {
    ...PLAIN,
    name: 'bursty-long',
    description: 'plain whose tests flaky at one constant rate fail in long bursts (97%: 33 outcomes on average, more than a CI run’s block of 26): bursts span CI runs',
    bursts: { again: 0.97 },
  },
  issue14('real-single'),
  {
    ...REAL,
    name: 'real-single-indep',
    description: 'real-single, but a re-run inside the step reads its outcome at a random place of the sequence (no same-machine bursts)',
    real: { mode: 'single', flakyTests: 12, rerunAnswers: 'independent' },
  },
  issue14('real-suite'),
  issue14('real-suite-indep'),
];

/**
 * Issue 40's worlds: flaky tests whose failures come in bursts inside the full run (a loaded runner, a slow service
 * for an hour: every attempt inside the run fails 90% of the time for 4 to 12 runs, 20 to 80 runs apart), while the
 * step's re-runs, alone or after the tests before the test in the run, fail at the test's own rate
 * (world.ts, `runBursts`, says what that assumes); alone, and with issue 28's victims beside them. Then issue 28's
 * worlds, to hold the victims and the real sequences.
 */
const RUN_BURSTS: Scenario['runBursts'] = { rate: 0.9, length: [4, 12], gap: [20, 80] };
export const ISSUE40_SCENARIOS: Scenario[] = [
  {
    ...PLAIN,
    name: 'bursty-run',
    description:
      'plain whose tests flaky at one constant rate fail 90% of their runs in bursts of 4 to 12 runs inside the full run (20 to 80 runs apart); re-runs and context rounds see the test’s own rate',
    runBursts: RUN_BURSTS,
  },
  {
    ...PLAIN,
    name: 'victims-bursty-run',
    description: 'bursty-run with 6 of its stable tests turned order-dependent victims at a random run',
    runBursts: RUN_BURSTS,
    victims: 6,
  },
  ...ISSUE28_SCENARIOS,
];

/**
 * A suite of two history shards, so that its quiet tests get quiet files (schema 4, docs/data-branch.md): named
 * (`--scenarios large-suite`), not in the default sets, to check that those files decide as schema 3's did
 * (`scripts/eval/versions.ts`, `--check`).
 */
export const LARGE_SCENARIOS: Scenario[] = [
  {
    ...BASE_SCENARIO,
    name: 'large-suite',
    description: '1,200 tests in 12 modules, 150 runs: two history shards, so quiet files are written',
    tests: 1_200,
    modules: 12,
    runs: 150,
  },
];

export const ALL_SCENARIOS: Scenario[] = [
  ...SCENARIOS,
  ...ISSUE14_SCENARIOS,
  ...ISSUE28_SCENARIOS.filter((s) => !ISSUE14_SCENARIOS.includes(s)),
  ...ISSUE40_SCENARIOS.filter((s) => !ISSUE28_SCENARIOS.includes(s)),
  ...LARGE_SCENARIOS,
];

export function scenarioByName(name: string): Scenario {
  const s = ALL_SCENARIOS.find((x) => x.name === name);
  if (!s) throw new Error(`unknown scenario '${name}' (known: ${ALL_SCENARIOS.map((x) => x.name).join(', ')})`);
  return s;
}

/** The same scenario with its run count scaled (quick mode, smaller budgets). */
export function scaled(s: Scenario, factor: number): Scenario {
  return factor === 1 ? s : { ...s, runs: Math.max(60, Math.round(s.runs * factor)) };
}
