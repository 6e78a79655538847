/**
 * Twin tests: two different tests that a one-testcase-per-test reporter (vitest, jest-junit, mocha, node) writes
 * with the same classname and name (`test.each` without `%s`, two `it()` with one title). They are two tests, not
 * one test and its retry. Retry dialects (Gradle test-retry, gotestsum --rerun-fails) keep retry semantics.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PROJECT_ROOT, World } from '../support/action.ts';

const FIXTURES = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures');

let world: World;
beforeEach(async () => {
  world = await World.create();
});
afterEach(async () => {
  await world.dispose();
});

function vitestReport(second: 'pass' | 'fail'): string {
  const failure = second === 'fail' ? '<failure message="expected 2 to be 3" type="AssertionError">AssertionError: expected 2 to be 3\n at src/parse.test.ts:9:5</failure>' : '';
  return `<?xml version="1.0" encoding="UTF-8" ?>
<testsuites name="vitest tests" tests="3" failures="${second === 'fail' ? 1 : 0}" errors="0" time="0.05">
  <testsuite name="src/parse.test.ts" timestamp="2026-11-20T09:20:00.123Z" hostname="h" tests="3" failures="0" errors="0" skipped="0" time="0.01">
    <testcase classname="src/parse.test.ts" name="parse &gt; handles input" time="0.001"></testcase>
    <testcase classname="src/parse.test.ts" name="parse &gt; handles input" time="0.001">${failure}</testcase>
    <testcase classname="src/parse.test.ts" name="parse &gt; rejects garbage" time="0.001"></testcase>
  </testsuite>
</testsuites>
`;
}

describe('twin tests in a vitest report', () => {
  it('all passing: two tests, nothing passed on retry', async () => {
    await world.writeReport('reports/unit.xml', vitestReport('pass'));
    const run = await world.run({ inputs: { 'test-outcome': 'success' } });
    expect(run.outputs.outcome).toBe('success');
    expect(run.summary).not.toMatch(/[1-9]\d* passed on retry/);
    expect(run.summary).not.toContain('↻');
    expect(run.summary).toContain('3 tests in the reports');
    expect(run.summary).toContain('#### Duplicate test titles');
    expect(run.summary).toContain('src/parse.test.ts&#58;&#58;parse &gt; handles input');
    expect(run.stdout).toMatch(/::warning title=Duplicate test titles::1 test title is written more than once .*'src\/parse.test.ts::parse > handles input'/);
    const history = JSON.parse((await world.dataFiles()).get('history/00.json')!) as { tests: Record<string, { o: string }> };
    expect(history.tests['src/parse.test.ts::parse > handles input']!.o).toBe('P');
    expect(history.tests['src/parse.test.ts::parse > handles input [2]']!.o).toBe('P');
  });

  it('one twin failing: the job is red and the twin is not quarantined on its first failure', async () => {
    await world.writeReport('reports/unit.xml', vitestReport('fail'));
    const run = await world.run({ inputs: { 'test-outcome': 'failure' } });
    expect(run.outputs.outcome).toBe('failure');
    expect(run.outputs['failed-tests']).toBe('1');
    expect(run.outputs['quarantined-tests']).toBe('[]');
    expect(run.outputs['blocking-failures']).toBe('1');
    expect(run.summary).not.toMatch(/[1-9]\d* passed on retry/);
    expect(run.summary).toContain('parse &gt; handles input &#91;2&#93;');
  });

  it('a later run where the first twin fails blames the first twin, not the second', async () => {
    await world.writeReport('reports/unit.xml', vitestReport('pass'));
    expect((await world.run({ inputs: { 'test-outcome': 'success' } })).outputs.outcome).toBe('success');
    await world.writeReport('reports/unit.xml', vitestReport('fail'));
    const red = await world.run({ inputs: { 'test-outcome': 'failure' } });
    expect(red.outputs.outcome).toBe('failure');
    const history = JSON.parse((await world.dataFiles()).get('history/00.json')!) as { tests: Record<string, { o: string }> };
    expect(history.tests['src/parse.test.ts::parse > handles input']!.o).toBe('PP');
    expect(history.tests['src/parse.test.ts::parse > handles input [2]']!.o).toBe('PF');
  });
});

describe('retry dialects keep retry semantics', () => {
  it('Gradle test-retry: a failed attempt then a pass is one test passed on retry', async () => {
    await world.writeReport('reports/TEST-app.SyncTest.xml', readFileSync(join(FIXTURES, 'junit-retries', 'gradle-test-retry.xml'), 'utf8'));
    const run = await world.run({ inputs: { 'test-outcome': 'success' } });
    expect(run.outputs.outcome).toBe('success');
    expect(run.summary).toContain('1 passed on retry');
    expect(run.summary).toContain('2 tests in the reports');
    expect(run.summary).not.toContain('Duplicate test titles');
  });

  it('gotestsum --rerun-fails: a failed attempt then a pass is one test passed on retry', async () => {
    await world.writeReport(
      'reports/go.xml',
      `<?xml version="1.0" encoding="UTF-8"?>
<testsuites tests="3" failures="1" errors="0" time="0.300">
  <testsuite tests="3" failures="1" time="0.300" name="example.com/app/store" timestamp="2026-11-20T09:20:00Z">
    <properties><property name="go.version" value="go1.23.0 linux/amd64"></property></properties>
    <testcase classname="example.com/app/store" name="TestSync" time="0.100"><failure message="Failed" type="">store_test.go:12: timeout</failure></testcase>
    <testcase classname="example.com/app/store" name="TestOpen" time="0.100"></testcase>
    <testcase classname="example.com/app/store" name="TestSync" time="0.100"></testcase>
  </testsuite>
</testsuites>
`,
    );
    const run = await world.run({ inputs: { 'test-outcome': 'success' } });
    expect(run.outputs.outcome).toBe('success');
    expect(run.summary).toContain('1 passed on retry');
    expect(run.summary).toContain('2 tests in the reports');
  });
});

describe('re-running twins with the vitest preset (real vitest)', () => {
  it('runs both twins by their title and maps the results back by order', async () => {
    mkdirSync(join(world.workspace, 'tests'));
    mkdirSync(join(world.workspace, 'reports'));
    symlinkSync(join(PROJECT_ROOT, 'node_modules'), join(world.workspace, 'node_modules'), 'dir');
    writeFileSync(join(world.workspace, 'package.json'), '{ "name": "twins", "private": true, "type": "module" }\n');
    writeFileSync(join(world.workspace, 'vitest.config.js'), "import { defineConfig } from 'vitest/config';\nexport default defineConfig({ test: { include: ['tests/**/*.test.js'] } });\n");
    // test.each without %s: three tests, one title. The second fails on its first run only (flaky), the third always.
    writeFileSync(
      join(world.workspace, 'tests/parse.test.js'),
      [
        "import fs from 'node:fs';",
        "import { test } from 'vitest';",
        'const state = process.env.TWIN_STATE;',
        "test.each([1, 2, 3])('handles input', (n) => {",
        "  if (n === 2) { const seen = fs.existsSync(state); fs.writeFileSync(state, 'x'); if (!seen) throw new Error('flaky twin'); }",
        "  if (n === 3) throw new Error('broken twin');",
        '});',
        "test('rejects garbage', () => {});",
        '',
      ].join('\n'),
    );
    await world.commit('twins');
    const state = join(world.root, 'twin-state');
    const env: NodeJS.ProcessEnv = { TWIN_STATE: state };
    for (const [k, v] of Object.entries(process.env)) if (!/^(VITEST|TINYPOOL)/.test(k) && k !== 'NODE_ENV' && k !== 'TEST') env[k] = v;
    env.TWIN_STATE = state;
    const first = spawnSync(join(world.workspace, 'node_modules/.bin/vitest'), ['run', '--reporter=junit', '--outputFile=reports/junit.xml'], { cwd: world.workspace, env, encoding: 'utf8' });
    expect(first.status, first.stdout + first.stderr).not.toBe(0);

    const run = await world.run({ inputs: { rerun: 'vitest', 'test-outcome': 'failure' }, env: { TWIN_STATE: state } });
    const why = `stdout:\n${run.stdout}\nstderr:\n${run.stderr}\nsummary:\n${run.summary}`;
    expect(run.outputs.outcome, why).toBe('failure');
    expect(JSON.parse(run.outputs['rerun-tests']!).sort(), why).toEqual(['tests/parse.test.js::handles input [2]', 'tests/parse.test.js::handles input [3]']);
    // The flaky twin is proven flaky by its own re-run; the broken twin's failures are its own, and it blocks.
    expect(JSON.parse(run.outputs['proven-flaky']!), why).toEqual(['tests/parse.test.js::handles input [2]']);
    expect(run.outputs['blocking-failures'], why).toBe('1');
    expect(run.outputs['quarantined-tests'], why).not.toContain('[3]');
  }, 120_000);
});

describe("twin tests in node's junit report (real node --test)", () => {
  it('are two tests: a real failure of one twin blocks, the flaky one is proven by its own re-run', async () => {
    mkdirSync(join(world.workspace, 'tests'));
    mkdirSync(join(world.workspace, 'reports'));
    // One title written by three tests: the second fails on its first run only (flaky), the third always. A fourth
    // test runs after them, so that a last passing twin could never pass for the others' retry.
    writeFileSync(
      join(world.workspace, 'tests/parse.test.mjs'),
      [
        "import fs from 'node:fs';",
        "import { test } from 'node:test';",
        'const state = process.env.TWIN_STATE;',
        'for (const n of [1, 2, 3]) {',
        "  test('handles input', () => {",
        "    if (n === 2) { const seen = fs.existsSync(state); fs.writeFileSync(state, 'x'); if (!seen) throw new Error('flaky twin'); }",
        "    if (n === 3) throw new Error('broken twin');",
        '  });',
        '}',
        "test('handles input', () => {});",
        "test('rejects garbage', () => {});",
        '',
      ].join('\n'),
    );
    await world.commit('node twins');
    const state = join(world.root, 'twin-state');
    const env: NodeJS.ProcessEnv = { ...process.env, TWIN_STATE: state };
    for (const k of Object.keys(env)) if (/^(VITEST|TINYPOOL|NODE_TEST)/.test(k) || k === 'NODE_OPTIONS') delete env[k];
    const node = join(PROJECT_ROOT, 'node_modules/.bin/node');
    const first = spawnSync(node, ['--test', '--test-reporter=junit', '--test-reporter-destination=reports/junit.xml', 'tests/parse.test.mjs'], { cwd: world.workspace, env, encoding: 'utf8' });
    expect(first.status, first.stdout + first.stderr).not.toBe(0);
    const report = readFileSync(join(world.workspace, 'reports/junit.xml'), 'utf8');
    expect(report).toContain('<!-- tests 5 -->');

    const run = await world.run({ inputs: { rerun: 'node-test', 'test-outcome': 'failure' }, env: { TWIN_STATE: state } });
    const why = `stdout:\n${run.stdout}\nstderr:\n${run.stderr}\nsummary:\n${run.summary}`;
    expect(run.summary, why).toContain('5 tests in the reports');
    expect(run.outputs.outcome, why).toBe('failure');
    expect(JSON.parse(run.outputs['rerun-tests']!).sort(), why).toEqual(['test::handles input [2]', 'test::handles input [3]']);
    expect(JSON.parse(run.outputs['proven-flaky']!), why).toEqual(['test::handles input [2]']);
    expect(run.outputs['blocking-failures'], why).toBe('1');
    expect(run.outputs['quarantined-tests'], why).not.toContain('[3]');
  }, 120_000);
});
