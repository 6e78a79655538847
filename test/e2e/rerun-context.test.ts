/**
 * Context rounds and the polluter's bisection, end to end: dist/index.js under Node 24 against a bare repository,
 * with the real runners of the presets that keep a file's order (test/fixtures/order-projects). In each project
 * `sets the currency` leaves a module-level value behind that makes `totals the cart`, later in the same file, fail:
 * the victim fails in the run and passes alone. Re-runs alone would prove it flaky and forgive it; the context rounds
 * reproduce the failure with its file in the original order, and the bisection names the polluter, so the job fails.
 * `reads the store` needs `opens the store` before it (the reverse case): it fails every re-run alone and passes in
 * its file, and the summary says so.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PROJECT_ROOT, World } from '../support/action.ts';

let world: World;
beforeEach(async () => {
  world = await World.create();
});
afterEach(async () => {
  await world.dispose();
});

/** The environment of the user's test step: this process's, without the outer vitest's own variables. */
function stepEnv(state: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) if (!/^(VITEST|TINYPOOL|JEST_|MOCHA_)/.test(k) && k !== 'NODE_ENV' && k !== 'TEST') env[k] = v;
  return { ...env, FLAKY_STATE_DIR: state, ...extra };
}

interface Runner {
  preset: string;
  /** The user's test step: argv and extra environment, writing reports/junit.xml. */
  step: { argv: string[]; env?: Record<string, string> };
  /** History ids of the victim, its polluter, and the test that needs earlier state. */
  victim: string;
  polluter: string;
  needy: string;
}

const RUNNERS: Runner[] = [
  {
    preset: 'vitest',
    step: { argv: ['node_modules/.bin/vitest', 'run', '--reporter=junit', '--outputFile=reports/junit.xml'] },
    victim: 'tests/order.test.js::order > totals the cart',
    polluter: 'tests/order.test.js::order > sets the currency',
    needy: 'tests/setup.test.js::setup > reads the store',
  },
  {
    preset: 'jest',
    step: { argv: ['node_modules/.bin/jest', '--ci', '--reporters=default', '--reporters=jest-junit'], env: { JEST_JUNIT_OUTPUT_FILE: 'reports/junit.xml' } },
    victim: 'order totals the cart::order totals the cart',
    polluter: 'order sets the currency::order sets the currency',
    needy: 'setup reads the store::setup reads the store',
  },
  {
    preset: 'mocha',
    step: { argv: ['node_modules/.bin/mocha', '--reporter=mocha-junit-reporter', '--reporter-option=mochaFile=reports/junit.xml'] },
    victim: 'totals the cart::order totals the cart',
    polluter: 'sets the currency::order sets the currency',
    needy: 'reads the store::setup reads the store',
  },
  {
    preset: 'node-test',
    step: { argv: ['node', '--test', '--test-reporter=junit', '--test-reporter-destination=reports/junit.xml'] },
    victim: 'test::totals the cart',
    polluter: 'test::sets the currency',
    needy: 'test::reads the store',
  },
  {
    preset: 'pytest',
    step: { argv: ['python3', '-m', 'pytest', '--junitxml=reports/junit.xml'] },
    victim: 'tests.test_order::test_totals_the_cart',
    polluter: 'tests.test_order::test_sets_the_currency',
    needy: 'tests.test_setup::test_reads_the_store',
  },
];

async function project(r: Runner): Promise<string> {
  cpSync(join(PROJECT_ROOT, 'test/fixtures/order-projects', r.preset), world.workspace, { recursive: true });
  writeFileSync(join(world.workspace, '.gitignore'), 'node_modules\nreports\n__pycache__\n');
  if (r.preset !== 'pytest' && r.preset !== 'node-test') symlinkSync(join(PROJECT_ROOT, 'node_modules'), join(world.workspace, 'node_modules'), 'dir');
  await world.commit('a test that pollutes another, and one that needs another');
  const state = join(world.root, 'state');
  mkdirSync(state);
  mkdirSync(join(world.workspace, 'reports'));
  return state;
}

describe('context rounds (dist, real runners)', () => {
  for (const r of RUNNERS) {
    it(`${r.preset}: the victim of a polluter in its file fails the job with the polluter named; the test needing earlier state is explained`, async () => {
      const state = await project(r);
      const first = spawnSync(r.step.argv[0]!, r.step.argv.slice(1), { cwd: world.workspace, env: stepEnv(state, r.step.env), encoding: 'utf8' });
      expect(first.status, `${first.stdout}\n${first.stderr}`).not.toBe(0);

      const run = await world.run({ inputs: { rerun: r.preset, 'test-outcome': 'failure' }, env: { FLAKY_STATE_DIR: state } });
      const why = `stdout:\n${run.stdout}\nstderr:\n${run.stderr}\nsummary:\n${run.summary}`;
      expect(JSON.parse(run.outputs['rerun-tests']!).sort(), why).toEqual([r.victim, r.needy].sort());
      // The victim passed alone, yet it is not forgiven: it fails after its polluter, which the bisection names.
      expect(run.outputs.outcome, why).toBe('failure');
      expect(JSON.parse(run.outputs['proven-flaky']!), why).toEqual([]);
      expect(run.outputs['blocking-failures'], why).toBe('2');
      const consistent = JSON.parse(run.outputs['consistent-failures']!) as string[];
      expect(consistent, why).toContain(r.victim);
      const shown = (text: string): string => text.replace(/:/g, '&#58;').replace(/>/g, '&gt;').replace(/`/g, '&#96;').replace(/_/g, '&#95;').replace(/-/g, '&#45;');
      expect(run.summary, why).toContain(shown(`order-dependent: fails after \`${r.polluter}\` in its file, passes alone: \`${r.polluter}\` leaves state behind`));
      // Each context and bisection round is in the log with its exact command, and in the summary.
      expect(run.stdout, why).toMatch(/^::group::Context round \d+: '.*' after the 3 tests before it in its file \(pair 1 of 5\)$/m);
      expect(run.stdout, why).toMatch(/^::group::Context round \d+: bisection: /m);
      expect(run.summary, why).toMatch(/Context rounds: \d+/);
      // The test that needs earlier state: fails alone every time, passes in its file; the summary says why.
      expect(run.summary, why).toContain(shown('fails alone, passes in its file after the tests before it: it depends on state they leave'));
      const blocked = JSON.parse(run.outputs['consistent-failures-json']!) as Array<{ id: string; why: string }>;
      expect(blocked.find((b) => b.id === r.needy)?.why, why).toMatch(/^fails alone, passes in its file after the tests before it: it depends on state they leave; /);
      expect(blocked.find((b) => b.id === r.victim)?.why, why).toMatch(/^fails after `.*` in its file, passes alone/);
    }, 180_000);
  }
});
