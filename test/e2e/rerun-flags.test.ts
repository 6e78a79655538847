/**
 * The runner's own flags and `rerun: auto`, end to end: dist/index.js under Node 24 against a bare repository, with
 * real runners on the projects of test/fixtures/rerun-projects/. A suite that passes only under `jest --color=true`
 * (or `mocha --require ./support/env.js`) is re-run with the flag when the `rerun` line carries it, as its `npm test`
 * does; `rerun: auto` picks the preset from the reports' marks and the workspace, or says it cannot tell and re-runs
 * nothing.
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

/** The fixture project `name` in the workspace, the repository's node_modules linked; the flaky tests' state folder. */
async function project(name: string): Promise<string> {
  cpSync(join(PROJECT_ROOT, 'test/fixtures/rerun-projects', name), world.workspace, { recursive: true });
  writeFileSync(join(world.workspace, '.gitignore'), 'node_modules\nreports\n');
  symlinkSync(join(PROJECT_ROOT, 'node_modules'), join(world.workspace, 'node_modules'), 'dir');
  await world.commit(`the ${name} project`);
  const state = join(world.root, 'state');
  mkdirSync(state);
  mkdirSync(join(world.workspace, 'reports'));
  return state;
}

/** The environment of the user's test step: this process's, without the outer vitest's variables or a forced colour. */
function stepEnv(state: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (!/^(VITEST|TINYPOOL|JEST_|MOCHA_)/.test(k) && !['NODE_ENV', 'TEST', 'FORCE_COLOR', 'NO_COLOR'].includes(k)) env[k] = v;
  }
  return { ...env, FLAKY_STATE_DIR: state, ...extra };
}

const why = (run: { stdout: string; stderr: string; summary: string }) => `stdout:\n${run.stdout}\nstderr:\n${run.stderr}\nsummary:\n${run.summary}`;

const JEST_FLAG = 'prints the total in red (flaky)';
const JEST_CONFIG = 'loads the configured setup (flaky)';

/** The user's test step of the flags/jest project: its `npm test` (jest --color=true) with jest-junit. */
async function jestRun(): Promise<string> {
  const state = await project('flags/jest');
  const first = spawnSync('node_modules/.bin/jest', ['--ci', '--color=true', '--reporters=default', '--reporters=jest-junit'], {
    cwd: world.workspace,
    env: stepEnv(state, { JEST_JUNIT_OUTPUT_FILE: 'reports/junit.xml' }),
    encoding: 'utf8',
  });
  expect(first.status, first.stderr).not.toBe(0);
  return state;
}

describe('the runner’s flags reach the re-runs (dist, real runners)', () => {
  it('rerun: jest drops `--color=true`: the colour test fails every re-run and the job stays red', async () => {
    const state = await jestRun();
    const run = await world.run({ inputs: { rerun: 'jest', 'test-outcome': 'failure' }, env: { FLAKY_STATE_DIR: state } });
    expect(run.outputs.outcome, why(run)).toBe('failure');
    expect(JSON.parse(run.outputs['proven-flaky']!), why(run)).toEqual([JEST_CONFIG]);
    expect(JSON.parse(run.outputs['consistent-failures']!), why(run)).toEqual([JEST_FLAG]);
    // It failed in the run with its own error and in every re-run with the colour assertion: not "consistent".
    const blocked = JSON.parse(run.outputs['consistent-failures-json']!) as Array<{ verdict: string; why: string }>;
    expect(blocked.map((b) => b.verdict)).toEqual(['unreproduced']);
    expect(blocked[0]!.why).toMatch(
      /^the re-runs could not reproduce the run's conditions: it failed in the run with 'Error: flaky: flag fails on its first run' and in its 6 re-runs with 'Error: expect\(received\)\.toBe\(expected\)/,
    );
  }, 180_000);

  it("rerun: the line of the suite's npm test (jest --ci --color=true --reporters…): the flag comes along, the test is proven flaky, the job is green", async () => {
    const state = await jestRun();
    const line = 'jest --ci --color=true --reporters=default --reporters=jest-junit';
    const run = await world.run({ inputs: { rerun: line, 'test-outcome': 'failure' }, env: { FLAKY_STATE_DIR: state } });
    expect(JSON.parse(run.outputs['proven-flaky']!).sort(), why(run)).toEqual([JEST_CONFIG, JEST_FLAG].sort());
    expect(run.outputs.outcome, why(run)).toBe('success');
    expect(run.exitCode).toBe(0);
    // The round's command line carries the flag, spawned without a shell; the reporters the preset sets are left out
    // of the user's part, with a notice.
    const command = run.stdout.split('\n').find((l) => l.startsWith('$ ') && l.includes(' node_modules/.bin/jest '));
    expect(command, run.stdout).toMatch(/^\$ JEST_JUNIT_OUTPUT_FILE=\S+ FLAKEGUARD_PRESET_REPEAT=6 node_modules\/\.bin\/jest --color=true --ci '--testNamePattern=/);
    expect(command).toContain(' --reporters=default --reporters=jest-junit --coverage=false --passWithNoTests');
    expect(run.stdout).toMatch(/^::notice title=flakeguard re-runs::Re-runs: the jest preset leaves out '--reporters=default' \(the preset sets the reporter/m);
    // --ci is the preset's own flag: in effect, not reported as left out (ADR 0441).
    expect(run.stdout).not.toMatch(/leaves out '--ci'/);
  }, 180_000);

  it('rerun: mocha --require ./support/env.js --check-leaks: the required file is loaded in every re-run', async () => {
    const state = await project('flags/mocha');
    const first = spawnSync('node_modules/.bin/mocha', ['--require', './support/env.js', '--check-leaks', '--reporter=mocha-junit-reporter'], {
      cwd: world.workspace,
      env: stepEnv(state, { MOCHA_FILE: 'reports/junit.xml' }),
      encoding: 'utf8',
    });
    expect(first.status, first.stderr).not.toBe(0);
    const run = await world.run({ inputs: { rerun: 'mocha --require ./support/env.js --check-leaks', 'test-outcome': 'failure' }, env: { FLAKY_STATE_DIR: state } });
    expect(JSON.parse(run.outputs['proven-flaky']!).sort(), why(run)).toEqual(['finds its environment (flaky)', 'loads the configured setup (flaky)'].sort());
    expect(run.outputs.outcome, why(run)).toBe('success');
  }, 180_000);

  it('a flag the preset cannot pass on is an input error naming it, before anything runs', async () => {
    const state = await jestRun();
    const run = await world.run({ inputs: { rerun: 'jest --listTests', 'test-outcome': 'failure' }, env: { FLAKY_STATE_DIR: state } });
    expect(run.exitCode).toBe(1);
    expect(run.stdout + run.stderr, why(run)).toMatch(/Input 'rerun': the jest preset cannot pass on '--listTests': it makes the runner run no tests/);
    expect(run.stdout).not.toMatch(/Re-run round/);
  }, 120_000);
});

describe('rerun: auto (dist, real runners)', () => {
  it('picks vitest from the report and the workspace, says why in a log group, and re-runs', async () => {
    const state = await project('vitest');
    const first = spawnSync('node_modules/.bin/vitest', ['run', '--reporter=junit', '--outputFile=reports/junit.xml'], { cwd: world.workspace, env: stepEnv(state), encoding: 'utf8' });
    expect(first.status, first.stderr).not.toBe(0);
    const run = await world.run({ inputs: { rerun: 'auto', 'test-outcome': 'failure' }, env: { FLAKY_STATE_DIR: state } });
    expect(run.stdout, why(run)).toMatch(/^::group::Choosing the re-run preset \(rerun: auto\)\nrerun: auto chose the vitest preset:\n {2}1 of 1 report carries vitest's mark\n/m);
    expect(run.stdout).toMatch(/^ {2}vitest\.config\.js is there$/m);
    expect(run.stdout).toMatch(/^::group::Re-run round 1: 6 failed tests$/m);
    expect(JSON.parse(run.outputs['proven-flaky']!), why(run)).toHaveLength(6);
    expect(run.outputs.outcome, why(run)).toBe('success');
  }, 180_000);

  it('cannot tell on a report with no mark in a workspace that names no runner: a notice, no re-runs, the outcome as without them', async () => {
    writeFileSync(join(world.workspace, 'README.md'), 'no test runner here\n');
    await world.commit('a workspace without a runner');
    mkdirSync(join(world.workspace, 'reports'));
    writeFileSync(
      join(world.workspace, 'reports/junit.xml'),
      '<testsuites><testsuite name="s"><testcase classname="a" name="passes"/><testcase classname="a" name="fails"><failure message="boom">boom</failure></testcase></testsuite></testsuites>',
    );
    const run = await world.run({ inputs: { rerun: 'auto', 'test-outcome': 'failure' } });
    expect(run.stdout, why(run)).toMatch(
      /^::notice title=flakeguard re-runs::Re-runs: no test was re-run: rerun: auto cannot tell which runner wrote the reports: no report carries a reporter's mark \(node's junit reporter writes none\), and nothing in the workspace names a runner with a preset \(name the preset instead/m,
    );
    expect(run.summary).toContain('No test was re-run: rerun&#58; auto cannot tell which runner wrote the reports&#58; no report carries');
    expect(run.stdout).not.toMatch(/Re-run round/);
    expect(JSON.parse(run.outputs['rerun-tests']!)).toEqual([]);
    expect(run.outputs.outcome, why(run)).toBe('failure');
    expect(run.exitCode).toBe(1);
  }, 120_000);
});
