/**
 * Two first-hour mistakes answered with their fix (issue 41): an empty `test-outcome` (the expression names a step
 * that has no `id`), and reports written where the `reports` glob does not look.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { World, junitXml } from '../support/action.ts';

let world: World;
beforeEach(async () => {
  world = await World.create();
});
afterEach(async () => {
  await world.dispose();
});

describe('an empty test-outcome', () => {
  it('warns with the fix when the input is given but empty', async () => {
    await world.writeReport('reports/unit.xml', junitXml([{ name: 'a' }]));
    const run = await world.run({ inputs: { 'test-outcome': '' } });
    const why = `stdout:\n${run.stdout}`;
    expect(run.exitCode, why).toBe(0);
    expect(run.stdout, why).toMatch(/::warning title=test-outcome is empty::.*steps\.tests\.outcome.*id: tests/);
  });

  it('says nothing when the input is left out (the default) or is an outcome', async () => {
    await world.writeReport('reports/unit.xml', junitXml([{ name: 'a' }]));
    for (const inputs of [{}, { 'test-outcome': 'none' }, { 'test-outcome': 'success' }] as Array<Record<string, string>>) {
      const run = await world.run({ inputs });
      expect(run.exitCode, run.stdout).toBe(0);
      expect(run.stdout, run.stdout).not.toContain('test-outcome is empty');
    }
  });
});

describe('no report matched', () => {
  it('lists the XML files it found in the workspace (not node_modules or .git) and the glob', async () => {
    await world.writeReport('junit.xml', junitXml([{ name: 'a' }]));
    await world.writeReport('build/test-results/TEST-a.xml', junitXml([{ name: 'b' }]));
    await world.writeReport('node_modules/pkg/junit.xml', junitXml([{ name: 'c' }]));
    await world.writeReport('.git/junit.xml', junitXml([{ name: 'd' }]));
    const run = await world.run({ inputs: { reports: 'reports/**/*.xml' } });
    const why = `stdout:\n${run.stdout}\nsummary:\n${run.summary}`;
    expect(run.exitCode, why).toBe(1);
    const line = run.stdout.split('\n').find((l) => l.startsWith('::error::No test report matched'));
    expect(line, why).toBeDefined();
    expect(line, why).toContain('reports/**/*.xml');
    expect(line, why).toContain('build/test-results/TEST-a.xml');
    expect(line, why).toContain('junit.xml');
    expect(line, why).not.toContain('node_modules/pkg');
    expect(line, why).not.toContain('.git/junit.xml');
    // The reason in the summary names them too.
    expect(run.summary, why).toContain('build/test&#45;results/TEST&#45;a.xml');
  });

  it('names at most the first 10 by path, and how many more', async () => {
    for (let i = 0; i < 13; i++) await world.writeReport(`out/r${String(i).padStart(2, '0')}.xml`, junitXml([{ name: `t${i}` }]));
    const run = await world.run({ inputs: { reports: 'reports/**/*.xml' } });
    const line = run.stdout.split('\n').find((l) => l.startsWith('::error::No test report matched')) ?? '';
    expect(line, run.stdout).toContain('out/r09.xml');
    expect(line, run.stdout).not.toContain('out/r10.xml');
    expect(line, run.stdout).toContain('and 3 more');
  });
});
