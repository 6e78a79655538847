/**
 * Control characters in test names, end to end with the real runners: a project whose only test file names tests
 * with a NUL, an ESC (ANSI colour) and other C0 characters. jest-junit, mocha-junit-reporter and node's junit
 * reporter write a NUL from a name as it is: the report must be read, its tests counted. vitest drops control
 * characters from its report and mocha-junit-reporter drops ANSI sequences: the preset's pattern, built from the
 * name in the report, must still select the runner's real test (and not its near-namesake).
 */
import { readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { findPreset } from '../../../src/rerun/presets/index.ts';
import { copyProject, failedOf, parse, type Project, rerunFailed, run } from './support.ts';

let project: Project | undefined;
afterEach(() => project?.cleanup());

const FLAKY = `function flaky(key) {
  const file = path.join(process.env.FLAKY_STATE_DIR, key.replace(/[^A-Za-z0-9]/g, '_'));
  const runs = fs.existsSync(file) ? Number(fs.readFileSync(file, 'utf8')) : 0;
  fs.writeFileSync(file, String(runs + 1));
  if (runs === 0) throw new Error('flaky: ' + key + ' fails on its first run');
}`;

/** The test bodies, shared by every runner (`test` and `describe` from the runner). Titles use JS escapes. */
const BODY = `
describe('ctrl', () => {
  test('\\u0000starts with a NUL (flaky)', () => flaky('nul-start'));
  test('starts with a NUL (flaky) too', () => {});
  test('nul\\u0000in the middle (flaky)', () => flaky('nul-middle'));
  test('\\u001b[31mred\\u001b[0m title (flaky)', () => flaky('ansi'));
  test('red title (flaky) too', () => {});
  test('bell\\u0007 and \\u0001 others (flaky)', () => flaky('c0'));
});
`;

/** A copy of fixture `name` whose only test file is tests/ctrl.test.js, with `head` (imports) before the tests. */
function ctrlProject(name: string, head: string): Project {
  const p = (project = copyProject(name, { nodeModules: true }));
  for (const f of readdirSync(join(p.dir, 'tests'))) rmSync(join(p.dir, 'tests', f));
  writeFileSync(join(p.dir, 'tests', 'ctrl.test.js'), `${head}\n${FLAKY}\n${BODY}`);
  return p;
}

const CJS = "const fs = require('node:fs');\nconst path = require('node:path');";
const ESM = "import fs from 'node:fs';\nimport path from 'node:path';";

/** The four flaky tests failed, read from the report; returns their ids. */
async function failedIds(p: Project, report: string, names: RegExp[]): Promise<string[]> {
  const failed = failedOf(await parse(p, report));
  expect(failed).toHaveLength(4);
  for (const re of names)
    expect(
      failed.some((t) => re.test(t.name)),
      `no failed test named like ${re}`,
    ).toBe(true);
  return failed.map((t) => t.id);
}

describe('control characters in test names (real runners)', () => {
  it('jest + jest-junit: a report with a NUL-named test is read and the test re-run', async () => {
    const p = ctrlProject('jest', CJS);
    const original = join(p.dir, 'junit.xml');
    const first = run(p, ['npx', 'jest', '--ci', '--reporters=default', '--reporters=jest-junit'], { JEST_JUNIT_OUTPUT_FILE: original });
    expect(first.status, first.output).not.toBe(0);
    const ids = await failedIds(p, original, [/\0starts with a NUL/, /nul\0in the middle/, /\x1b\[31mred\x1b\[0m title/, /bell\x07 and \x01 others/]);
    await rerunFailed(p, findPreset('jest')!, original, ids);
  });

  it('node --test (junit reporter): a report with a NUL-named test is read and the test re-run', async () => {
    const p = ctrlProject('node-test', `${CJS}\nconst { describe, test } = require('node:test');`);
    const original = join(p.dir, 'junit.xml');
    const first = run(p, ['node', '--test', '--test-reporter=junit', `--test-reporter-destination=${original}`, 'tests/ctrl.test.js']);
    expect(first.status, first.output).not.toBe(0);
    const ids = await failedIds(p, original, [/^\0starts with a NUL/, /nul\0in the middle/, /bell\x07 and \x01 others/]);
    // node runs a test's whole describe (its documented superset: the parent must match for its subtests to run).
    await rerunFailed(p, findPreset('node-test')!, original, ids, 1, (t) => t.classname === 'ctrl');
  });

  it('mocha + mocha-junit-reporter: a NUL is read, a dropped ANSI sequence still selects the real test', async () => {
    const p = ctrlProject('mocha', `${CJS}\nconst test = it;`);
    const original = join(p.dir, 'junit.xml');
    const first = run(p, ['npx', 'mocha', '--reporter=mocha-junit-reporter', `--reporter-option=mochaFile=${original}`]);
    expect(first.status, first.output).not.toBe(0);
    // The reporter strips the ANSI sequence from the name: "red title (flaky)".
    const ids = await failedIds(p, original, [/\0starts with a NUL/, /nul\0in the middle/, /^ctrl red title \(flaky\)$/]);
    await rerunFailed(p, findPreset('mocha')!, original, ids);
  });

  it('vitest: control characters the reporter dropped (a title starting with a NUL) still select the real test', async () => {
    const p = ctrlProject('vitest', `${ESM}\nimport { describe, test } from 'vitest';`);
    const original = join(p.dir, 'junit.xml');
    const first = run(p, ['npx', 'vitest', 'run', '--reporter=junit', `--outputFile=${original}`]);
    expect(first.status, first.output).not.toBe(0);
    // vitest removes the C0 characters (NUL, ESC, BEL, SOH) from its report.
    const ids = await failedIds(p, original, [/^ctrl > starts with a NUL \(flaky\)$/, /^ctrl > nulin the middle \(flaky\)$/, /^ctrl > \[31mred\[0m title \(flaky\)$/]);
    await rerunFailed(p, findPreset('vitest')!, original, ids);
  });
});
