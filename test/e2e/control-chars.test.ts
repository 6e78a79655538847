/**
 * Control characters in test names, end to end: dist/index.js under Node 24 against a bare repository, with real
 * runners and their real reports. jest-junit writes a NUL from a name as it is: the report is read, the test counted
 * and re-run by the jest preset, and its name shown escaped (`\x00`). vitest drops control characters from its
 * report and mocha-junit-reporter strips ANSI sequences: their presets must still select the real test (a title
 * beginning with a NUL, a word in bold).
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
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

const FLAKY = `function flaky(key) {
  const file = path.join(process.env.FLAKY_STATE_DIR, key);
  const runs = fs.existsSync(file) ? Number(fs.readFileSync(file, 'utf8')) : 0;
  fs.writeFileSync(file, String(runs + 1));
  if (runs === 0) throw new Error('flaky \\u0000 \\u001b[31mred\\u001b[0m: ' + key + ' fails on its first run');
}`;
const BODY = `
describe('ctrl', () => {
  test('\\u0000starts with a NUL (flaky)', () => flaky('nul'));
  test('starts with a NUL (flaky) too', () => {});
  test('an \\u001b[1mESC\\u001b[0m inside (flaky)', () => flaky('esc'));
});
`;

/** The fixture project `name` with tests/ctrl.test.js as its only test file, the repository's node_modules linked. */
async function project(name: string, head: string): Promise<string> {
  cpSync(join(PROJECT_ROOT, 'test/fixtures/rerun-projects', name), world.workspace, { recursive: true });
  for (const f of readdirSync(join(world.workspace, 'tests'))) rmSync(join(world.workspace, 'tests', f));
  writeFileSync(join(world.workspace, 'tests/ctrl.test.js'), `${head}\n${FLAKY}\n${BODY}`);
  writeFileSync(join(world.workspace, '.gitignore'), 'node_modules\nreports\n');
  symlinkSync(join(PROJECT_ROOT, 'node_modules'), join(world.workspace, 'node_modules'), 'dir');
  await world.commit('tests named with control characters');
  const state = join(world.root, 'state');
  mkdirSync(state);
  mkdirSync(join(world.workspace, 'reports'));
  return state;
}

/** The environment of the user's test step: this process's, without the outer vitest's own variables. */
function stepEnv(state: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) if (!/^(VITEST|TINYPOOL|JEST_|MOCHA_)/.test(k) && k !== 'NODE_ENV' && k !== 'TEST') env[k] = v;
  return { ...env, FLAKY_STATE_DIR: state, ...extra };
}

describe('control characters in test names (dist, real runners)', () => {
  it('jest + jest-junit: a NUL-named test is read, re-run by the jest preset, proven flaky, and shown as \\x00', async () => {
    const state = await project('jest', "const fs = require('node:fs');\nconst path = require('node:path');");
    const first = spawnSync('node_modules/.bin/jest', ['--ci', '--reporters=default', '--reporters=jest-junit'], {
      cwd: world.workspace,
      env: stepEnv(state, { JEST_JUNIT_OUTPUT_FILE: 'reports/junit.xml' }),
      encoding: 'utf8',
    });
    expect(first.status, first.stderr).not.toBe(0);

    const run = await world.run({ inputs: { rerun: 'jest', 'test-outcome': 'failure' }, env: { FLAKY_STATE_DIR: state } });
    const why = `stdout:\n${run.stdout}\nstderr:\n${run.stderr}\nsummary:\n${run.summary}`;
    expect(run.stdout, why).not.toMatch(/binary file/);
    expect(JSON.parse(run.outputs['proven-flaky']!).sort(), why).toEqual(['ctrl \0starts with a NUL (flaky)', 'ctrl an \x1b[1mESC\x1b[0m inside (flaky)'].sort());
    expect(run.outputs.outcome, why).toBe('success');
    // Shown escaped in the summary (markdown: the backslash as an entity) and in the log.
    expect(run.summary, why).toContain('&#92;x00starts with a NUL');
    expect(run.stdout, why).toContain('\\x00starts with a NUL');
    expect(run.stdout + run.summary).not.toContain('\0');
  }, 120_000);

  it('mocha + mocha-junit-reporter: a NUL-named test is read and an ANSI sequence the reporter stripped still selects the real test', async () => {
    const state = await project('mocha', "const fs = require('node:fs');\nconst path = require('node:path');\nconst test = it;");
    const first = spawnSync('node_modules/.bin/mocha', ['--reporter=mocha-junit-reporter', '--reporter-option=mochaFile=reports/junit.xml'], {
      cwd: world.workspace,
      env: stepEnv(state),
      encoding: 'utf8',
    });
    expect(first.status, first.stderr).not.toBe(0);

    const run = await world.run({ inputs: { rerun: 'mocha', 'test-outcome': 'failure' }, env: { FLAKY_STATE_DIR: state } });
    const why = `stdout:\n${run.stdout}\nstderr:\n${run.stderr}\nsummary:\n${run.summary}`;
    expect(JSON.parse(run.outputs['proven-flaky']!).sort(), why).toEqual(['tests/ctrl.test.js::ctrl \0starts with a NUL (flaky)', 'tests/ctrl.test.js::ctrl an ESC inside (flaky)'].sort());
    expect(run.outputs.outcome, why).toBe('success');
  }, 120_000);

  it('vitest: a title beginning with a NUL (dropped from the report) is re-run by the vitest preset and proven flaky', async () => {
    const state = await project('vitest', "import fs from 'node:fs';\nimport path from 'node:path';\nimport { describe, test } from 'vitest';");
    const first = spawnSync('node_modules/.bin/vitest', ['run', '--reporter=junit', '--outputFile=reports/junit.xml'], { cwd: world.workspace, env: stepEnv(state), encoding: 'utf8' });
    expect(first.status, first.stderr).not.toBe(0);

    const run = await world.run({ inputs: { rerun: 'vitest', 'test-outcome': 'failure' }, env: { FLAKY_STATE_DIR: state } });
    const why = `stdout:\n${run.stdout}\nstderr:\n${run.stderr}\nsummary:\n${run.summary}`;
    expect(JSON.parse(run.outputs['proven-flaky']!).sort(), why).toEqual(['tests/ctrl.test.js::ctrl > starts with a NUL (flaky)', 'tests/ctrl.test.js::ctrl > an [1mESC[0m inside (flaky)'].sort());
    expect(run.outputs.outcome, why).toBe('success');
  }, 120_000);
});
