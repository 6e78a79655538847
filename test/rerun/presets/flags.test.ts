/**
 * The runner's own flags and config, with real runners (test/fixtures/rerun-projects/flags/): each project has a
 * flaky test that passes only under a flag of the original run (jest --color=true, vitest --mode=staging, mocha
 * --require, node --import, pytest's own option, go test -tags) and, where the runner has a config file, one that
 * passes only when the config the original run read is read again. The `rerun` line goes through choosePreset (the
 * input's parsing and the preset's screening) and the preset's commands run without a shell, as in the re-run core.
 */
import { join } from 'node:path';
import { mkdirSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { choosePreset } from '../../../src/rerun/rerun-inputs.ts';
import { rerunTestOf } from '../../../src/rerun/plan.ts';
import { copyProject, failedOf, parse, type Project, run } from './support.ts';

const projects: Project[] = [];
afterEach(() => {
  for (const p of projects.splice(0)) p.cleanup();
});

function project(name: string, env: Record<string, string> = {}): Project {
  const p = copyProject(`flags/${name}`, { nodeModules: name !== 'pytest' && name !== 'go', env });
  projects.push(p);
  return p;
}

let rounds = 0;
/** Re-runs the original report's failed tests through the preset `line` names; each asked test's last status. */
async function rerun(p: Project, line: string, original: string): Promise<Record<string, string>> {
  const chosen = choosePreset(line);
  expect(chosen.preset, line).toBeDefined();
  const failed = failedOf(await parse(p, original));
  expect(failed.length).toBeGreaterThan(0);
  const dir = join(p.dir, '..', 'rerun');
  mkdirSync(dir, { recursive: true });
  const report = join(dir, `round-${++rounds}.xml`);
  const outputs: string[] = [];
  for (const c of chosen.preset!.commands(failed.map(rerunTestOf), report, 1, chosen.args ? { args: chosen.args } : {})) {
    outputs.push(run(p, c.argv, c.env ?? {}).output);
  }
  const again = await parse(p, report);
  const out: Record<string, string> = {};
  for (const t of failed) {
    const r = again.find((x) => x.id === t.id);
    out[t.id] = r ? r.attempts[r.attempts.length - 1]!.status : 'missing';
  }
  if (Object.values(out).includes('missing')) throw new Error(`a test is missing from the re-run report:\n${outputs.join('\n')}`);
  return out;
}

describe('the runner’s flags and config reach the re-runs (real runners)', () => {
  it('jest: --color=true is passed on; the package.json config is read; --config <path> is passed on', async () => {
    const p = project('jest');
    const original = join(p.dir, 'junit.xml');
    const first = run(p, ['node_modules/.bin/jest', '--ci', '--color=true', '--reporters=default', '--reporters=jest-junit'], { JEST_JUNIT_OUTPUT_FILE: original });
    expect(first.status, first.output).not.toBe(0);
    const flag = 'prints the total in red (flaky)';
    const config = 'loads the configured setup (flaky)';
    // Without the flag the colour test fails every time; the config (package.json "jest") is read as in the run.
    expect(await rerun(p, 'jest', original)).toEqual({ [flag]: 'failed', [config]: 'passed' });
    // The line of its `npm test`, reporters included (left out: the preset sets them).
    expect(await rerun(p, 'jest --ci --color=true --reporters=default --reporters=jest-junit', original)).toEqual({ [flag]: 'passed', [config]: 'passed' });

    const alt = project('jest', { WANT_CONFIG: 'alt' });
    const altReport = join(alt.dir, 'junit.xml');
    expect(run(alt, ['node_modules/.bin/jest', '--ci', '--config', 'jest.alt.config.js', '--reporters=default', '--reporters=jest-junit'], { JEST_JUNIT_OUTPUT_FILE: altReport }).status).not.toBe(0);
    expect((await rerun(alt, 'jest', altReport))[config]).toBe('failed');
    expect((await rerun(alt, 'jest --config jest.alt.config.js', altReport))[config]).toBe('passed');
  }, 180_000);

  it('vitest: --mode=staging is passed on (a leading `run` too); vitest.config.js is read; --config <path> is passed on', async () => {
    const p = project('vitest');
    const original = join(p.dir, 'junit.xml');
    const first = run(p, ['node_modules/.bin/vitest', 'run', '--mode=staging', '--reporter=junit', `--outputFile=${original}`]);
    expect(first.status, first.output).not.toBe(0);
    const flag = 'tests/flag.test.js::runs in staging mode (flaky)';
    const config = 'tests/config.test.js::loads the configured setup (flaky)';
    expect(await rerun(p, 'vitest', original)).toEqual({ [flag]: 'failed', [config]: 'passed' });
    expect(await rerun(p, 'vitest run --mode=staging', original)).toEqual({ [flag]: 'passed', [config]: 'passed' });

    const alt = project('vitest', { WANT_CONFIG: 'alt' });
    const altReport = join(alt.dir, 'junit.xml');
    expect(run(alt, ['node_modules/.bin/vitest', 'run', '--config', 'vitest.alt.config.js', '--mode=staging', '--reporter=junit', `--outputFile=${altReport}`]).status).not.toBe(0);
    expect((await rerun(alt, 'vitest --mode=staging', altReport))[config]).toBe('failed');
    expect(await rerun(alt, 'vitest run --config vitest.alt.config.js --mode=staging', altReport)).toEqual({ [flag]: 'passed', [config]: 'passed' });
  }, 180_000);

  it('mocha: --require and --check-leaks are passed on; .mocharc.json is read; --config <path> is passed on', async () => {
    const p = project('mocha');
    const original = join(p.dir, 'junit.xml');
    const first = run(p, ['node_modules/.bin/mocha', '--require', './support/env.js', '--check-leaks', '--reporter=mocha-junit-reporter'], { MOCHA_FILE: original });
    expect(first.status, first.output).not.toBe(0);
    const flag = 'finds its environment (flaky)';
    const config = 'loads the configured setup (flaky)';
    expect(await rerun(p, 'mocha', original)).toEqual({ [flag]: 'failed', [config]: 'passed' });
    expect(await rerun(p, 'mocha --require ./support/env.js --check-leaks --reporter mocha-junit-reporter', original)).toEqual({ [flag]: 'passed', [config]: 'passed' });

    const alt = project('mocha', { WANT_CONFIG: 'alt' });
    const altReport = join(alt.dir, 'junit.xml');
    expect(run(alt, ['node_modules/.bin/mocha', '--config', 'alt.mocharc.json', '--require', './support/env.js', '--reporter=mocha-junit-reporter'], { MOCHA_FILE: altReport }).status).not.toBe(0);
    expect((await rerun(alt, 'mocha --require ./support/env.js', altReport))[config]).toBe('failed');
    expect(await rerun(alt, 'mocha --config alt.mocharc.json --require ./support/env.js', altReport)).toEqual({ [flag]: 'passed', [config]: 'passed' });
  }, 180_000);

  it('node-test: --import is passed on, with = or as two words', async () => {
    const p = project('node-test');
    const original = join(p.dir, 'junit.xml');
    const first = run(p, ['node', '--test', '--import=./support/env.mjs', '--test-reporter=junit', `--test-reporter-destination=${original}`]);
    expect(first.status, first.output).not.toBe(0);
    const flag = 'test::finds its environment (flaky)';
    expect(await rerun(p, 'node-test', original)).toEqual({ [flag]: 'failed' });
    expect(await rerun(p, 'node-test --import=./support/env.mjs', original)).toEqual({ [flag]: 'passed' });
    expect(await rerun(p, 'node-test --import ./support/env.mjs', original)).toEqual({ [flag]: 'passed' });
  }, 120_000);

  it('pytest: its own option is passed on; pytest.ini is read; -c <path> is passed on', async () => {
    const p = project('pytest');
    const original = join(p.dir, 'junit.xml');
    const first = run(p, ['python3', '-m', 'pytest', '--flavour=spicy', `--junitxml=${original}`]);
    expect(first.status, first.output).not.toBe(0);
    const flag = 'tests.test_flags::test_flag_flaky';
    const config = 'tests.test_flags::test_config_flaky';
    expect(await rerun(p, 'pytest', original)).toEqual({ [flag]: 'failed', [config]: 'passed' });
    expect(await rerun(p, 'pytest --flavour=spicy -q', original)).toEqual({ [flag]: 'passed', [config]: 'passed' });

    const alt = project('pytest', { WANT_CONFIG: 'alt' });
    const altReport = join(alt.dir, 'junit.xml');
    expect(run(alt, ['python3', '-m', 'pytest', '-c', 'alt.ini', '--flavour=spicy', `--junitxml=${altReport}`]).status).not.toBe(0);
    expect((await rerun(alt, 'pytest --flavour=spicy', altReport))[config]).toBe('failed');
    expect(await rerun(alt, 'pytest -c alt.ini --flavour spicy', altReport)).toEqual({ [flag]: 'passed', [config]: 'passed' });
  }, 180_000);

  it('gotestsum: go test flags after -- are passed on (-tags)', async () => {
    const p = project('go');
    const original = join(p.dir, 'junit.xml');
    const first = run(p, ['gotestsum', `--junitfile=${original}`, '--', '-tags=integration', './...']);
    expect(first.status, first.output).not.toBe(0);
    const flag = 'example.com/flags/cart::TestTaggedFlaky';
    expect(await rerun(p, 'gotestsum', original)).toEqual({ [flag]: 'failed' });
    expect(await rerun(p, 'gotestsum --format testname -- -tags=integration -count=1', original)).toEqual({ [flag]: 'passed' });
  }, 240_000);
});
