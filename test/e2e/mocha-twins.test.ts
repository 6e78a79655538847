/**
 * Twins in two files, re-run by the mocha preset, end to end: dist/index.js under Node 24 against a bare repository,
 * real mocha + mocha-junit-reporter. mocha-junit-reporter's ids do not hold the file, so two files with one full
 * title give twins (docs/test-ids.md), numbered by their order in the report. Seen in expressjs/express
 * (`res when the request method is HEAD should ignore the body` in res.redirect.js and res.send.js).
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
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

const FLAKY = `const fs = require('node:fs');
const path = require('node:path');
function flaky(key) {
  const file = path.join(process.env.FLAKY_STATE_DIR, key);
  const runs = fs.existsSync(file) ? Number(fs.readFileSync(file, 'utf8')) : 0;
  fs.writeFileSync(file, String(runs + 1));
  if (runs === 0) throw new Error(key + ' fails on its first run');
}`;
const twin = (body: string): string =>
  `${FLAKY}\ndescribe('res', () => {\n  describe('when the request method is HEAD', () => {\n    it('should ignore the body', () => { ${body} });\n  });\n  it('sends ${body.length}', () => {});\n});\n`;

describe('twins in two files (mocha preset, dist, real mocha)', () => {
  it('the second twin, failing alone in its own file, is re-run with the first and proven flaky', async () => {
    cpSync(join(PROJECT_ROOT, 'test/fixtures/rerun-projects/mocha'), world.workspace, { recursive: true });
    // As express does: the tests in test/, mocha's default spec, no .mocharc (mocha adds a configured spec to the files
    // it is given), the folder on the command line.
    rmSync(join(world.workspace, 'tests'), { recursive: true });
    rmSync(join(world.workspace, '.mocharc.json'));
    mkdirSync(join(world.workspace, 'test'));
    writeFileSync(join(world.workspace, 'test/redirect.test.js'), twin(''));
    writeFileSync(join(world.workspace, 'test/send.test.js'), twin("flaky('send');"));
    writeFileSync(join(world.workspace, '.gitignore'), 'node_modules\nreports\n');
    symlinkSync(join(PROJECT_ROOT, 'node_modules'), join(world.workspace, 'node_modules'), 'dir');
    await world.commit('twins in two files');
    const state = join(world.root, 'state');
    mkdirSync(state);
    mkdirSync(join(world.workspace, 'reports'));
    const env: NodeJS.ProcessEnv = {};
    for (const [k, v] of Object.entries(process.env)) if (!/^(VITEST|TINYPOOL|JEST_|MOCHA_)/.test(k) && k !== 'NODE_ENV' && k !== 'TEST') env[k] = v;
    const first = spawnSync('node_modules/.bin/mocha', ['--reporter=mocha-junit-reporter', '--reporter-option=mochaFile=reports/junit.xml', 'test/'], {
      cwd: world.workspace,
      env: { ...env, FLAKY_STATE_DIR: state },
      encoding: 'utf8',
    });
    expect(first.status, first.stderr + first.stdout).toBe(1);

    const run = await world.run({ inputs: { rerun: 'mocha', 'test-outcome': 'failure' }, env: { FLAKY_STATE_DIR: state } });
    const why = `stdout:\n${run.stdout}\nstderr:\n${run.stderr}\nsummary:\n${run.summary}`;
    // The file from the suite is the owner of the cleaned id (ADR 0445): the two files' titles are two ids, no twins.
    const id = 'test/send.test.js::res when the request method is HEAD should ignore the body';
    expect(JSON.parse(run.outputs['rerun-tests']!), why).toEqual([id]);
    expect(JSON.parse(run.outputs['proven-flaky']!), why).toEqual([id]);
    expect(JSON.parse(run.outputs['consistent-failures']!), why).toEqual([]);
    expect(run.outputs.outcome, why).toBe('success');
  }, 120_000);
});
