/**
 * The mistakes of a first hour with flakeguard, each answered with its fix, end to end: dist/index.js under Node 24
 * against a real bare repository (docs/rerun.md, docs/data-branch.md "Pushes the remote refuses").
 * - a `rerun` line whose first word is a mistyped preset is an input error naming the preset meant;
 * - a runner that is not installed, and a voided round, are warnings, also at the top of the job summary;
 * - a push the remote refuses for lack of permission is tried once, named with its fix, and a green run whose results
 *   are kept as an artifact stays green;
 * - the README's own `rerun: jest --ci --color=true` draws no notice;
 * - the re-run log shortens a long filter and shows the runner's coloured output without escape sequences.
 */
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { junitXml, World } from '../support/action.ts';
import { expectOutcome } from '../support/expect.ts';
import { startArtifactFake, type FakeArtifactService } from '../support/artifact-fake/index.ts';

let world: World;
beforeEach(async () => {
  world = await World.create();
});
afterEach(async () => {
  await world.dispose();
});

const why = (run: { stdout: string; stderr: string; summary: string }): string => `stdout:\n${run.stdout}\nstderr:\n${run.stderr}\nsummary:\n${run.summary}`;

describe('a mistyped preset in rerun', () => {
  for (const [typo, meant] of [
    ['vitset', 'vitest'],
    ['jets --ci', 'jest'],
    ['pytets', 'pytest'],
    ['gotest', 'gotestsum'],
  ] as const) {
    it(`rerun: ${typo} is an input error naming ${meant}, before any re-run`, async () => {
      await world.writeReport('reports/unit.xml', junitXml([{ name: 'a', attempts: 'F' }, { name: 'b' }]));
      const run = await world.run({ inputs: { rerun: typo } });
      expectOutcome(run, 'failure');
      const word = typo.split(' ')[0]!;
      expect(run.stdout, why(run)).toMatch(new RegExp(`^::error::Input 'rerun': \`${word}\` is not a preset or a command found here; did you mean \`${meant}\`\\?`, 'm'));
      expect(run.stdout).not.toMatch(/Re-run round/);
      expect(run.stdout).not.toMatch(/command not found/);
    }, 60_000);
  }

  it('a shell command whose first word is found here, or is far from every preset, runs as before', async () => {
    await mkdir(join(world.workspace, 'scripts'), { recursive: true });
    // `jets` is a script of the workspace (a path), `true` a command on PATH: neither is a typo.
    await writeFile(join(world.workspace, 'jets'), '#!/bin/sh\nexit 0\n');
    await chmod(join(world.workspace, 'jets'), 0o755);
    await world.writeReport('reports/unit.xml', junitXml([{ name: 'a' }]));
    for (const rerun of ['./jets', 'true && echo', 'npm test', 'bash -c "exit 0"', 'make test', 'FOO=1 vitset']) {
      const run = await world.run({ inputs: { rerun } });
      expectOutcome(run, 'success');
      expect(run.stdout, rerun).not.toMatch(/did you mean/);
    }
  }, 120_000);
});

describe('a runner that is not installed, a voided round', () => {
  it('rerun: jest without node_modules/.bin/jest warns with the fix, at the top of the summary', async () => {
    await world.writeReport(
      'reports/unit.xml',
      junitXml([
        { classname: 'cart', name: 'adds', attempts: 'F' },
        { classname: 'cart', name: 'removes' },
      ]),
    );
    const run = await world.run({ inputs: { rerun: 'jest' } });
    expectOutcome(run, 'failure');
    expect(run.stdout, why(run)).toMatch(
      /^::warning title=flakeguard re-runs::Re-runs: round 1 was voided: node_modules\/\.bin\/jest was not found \(spawn node_modules\/\.bin\/jest ENOENT\)\. Install jest \(npm ci before this step\) or set rerun: to the command that runs your tests/m,
    );
    // At the top: right after the headline, before the verdicts and why the job fails.
    const lines = run.summary.split('\n');
    const headline = lines.findIndex((l) => l.startsWith('### '));
    expect(headline, run.summary).toBeGreaterThanOrEqual(0);
    expect(lines.slice(headline + 1, headline + 4).join('\n')).toMatch(/^\n?> \[!WARNING\]\n> .*round 1 was voided&#58; node&#95;modules\/\.bin\/jest was not found/);
    expect(run.summary.indexOf('[!WARNING]')).toBeLessThan(run.summary.indexOf('** failed'));
    expect(run.summary.indexOf('[!WARNING]')).toBeLessThan(run.summary.indexOf('Why the job fails'));
  }, 60_000);

  it('a custom command not found (exit 127) warns that the command is missing', async () => {
    await world.writeReport('reports/unit.xml', junitXml([{ classname: 'cart', name: 'adds', attempts: 'F' }]));
    const run = await world.run({ inputs: { rerun: 'no-such-runner-here --run' } });
    expectOutcome(run, 'failure');
    expect(run.stdout, why(run)).toMatch(
      /^::warning title=flakeguard re-runs::Re-runs: round 1 was voided: `no-such-runner-here` was not found \(exit code 127, command not found\)\. Install it before this step or set rerun: to the command that runs your tests/m,
    );
    expect(run.summary).toMatch(/> \[!WARNING\]\n> .*no&#45;such&#45;runner&#45;here/);
  }, 60_000);

  it('a round voided for another reason is a warning too', async () => {
    await world.writeReport('reports/unit.xml', junitXml([{ classname: 'cart', name: 'adds', attempts: 'F' }]));
    const run = await world.run({ inputs: { rerun: 'echo no report' } });
    expectOutcome(run, 'failure');
    expect(run.stdout, why(run)).toMatch(/^::warning title=flakeguard re-runs::Re-runs: round 1 was voided: the command \(exit code 0\) wrote no report at FLAKEGUARD_RERUN_REPORT/m);
    expect(run.summary).toMatch(/> \[!WARNING\]\n> .*round 1 was voided/);
  }, 60_000);
});

describe('the README: rerun: jest --ci --color=true', () => {
  it('draws no notice that a flag was left out (the preset runs jest --ci itself)', async () => {
    await world.writeReport('reports/unit.xml', junitXml([{ name: 'a' }]));
    const run = await world.run({ inputs: { rerun: 'jest --ci --color=true' } });
    expectOutcome(run, 'success');
    expect(run.stdout, why(run)).not.toMatch(/leaves out/);
    expect(run.stdout).not.toMatch(/^::notice/m);
  }, 60_000);
});

describe('the re-run log', () => {
  it('shortens a long filter and strips the runner output’s colour escapes, still defusing workflow commands', async () => {
    const names = Array.from({ length: 60 }, (_, i) => `cart updates the total when item number ${i} is removed`);
    // Beside 100 passing tests: 60 failures of one report are not an outage (rerun-max-tests is raised for them).
    const passing = Array.from({ length: 100 }, (_, i) => ({ classname: 'other', name: `passes ${i}` }));
    await world.writeReport('reports/unit.xml', junitXml([...names.map((name) => ({ classname: name, name, attempts: 'F' })), ...passing]));
    // A stand-in for jest: prints coloured lines (as jest does on a terminal) and reports every asked test passed, its
    // classname written as jest-junit's default template writes it (the title again; the id is cleaned, ADR 0445).
    const bin = join(world.workspace, 'node_modules/.bin');
    await mkdir(bin, { recursive: true });
    await writeFile(
      join(bin, 'jest'),
      [
        '#!/usr/bin/env node',
        "const { readFileSync, writeFileSync } = require('node:fs');",
        "const tests = readFileSync(process.env.FLAKEGUARD_RERUN_TESTS, 'utf8').split('\\n').filter(Boolean).map((l) => JSON.parse(l));",
        "console.log('\\x1b[32mPASS\\x1b[39m cart.test.js \\x1b[1m' + tests.length + ' tests\\x1b[22m');",
        "console.log('\\x1b[31m::error::\\x1b[0mforged');",
        "const x = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/\"/g, '&quot;');",
        "writeFileSync(process.env.JEST_JUNIT_OUTPUT_FILE, '<testsuites><testsuite name=\"cart\">' + tests.map((t) => '<testcase classname=\"' + x(t.classname || t.name) + '\" name=\"' + x(t.name) + '\"/>').join('') + '</testsuite></testsuites>');",
      ].join('\n'),
    );
    await chmod(join(bin, 'jest'), 0o755);
    const run = await world.run({ inputs: { rerun: 'jest', 'rerun-max-tests': '100' } });
    expectOutcome(run, 'success');
    const line = run.stdout.split('\n').find((l) => l.startsWith('$ ') && l.includes('node_modules/.bin/jest'));
    expect(line, why(run)).toBeDefined();
    expect(line!.length).toBeLessThan(900);
    // The first names in full (jest's pattern allows any blank between words), then how many more.
    expect(line).toMatch(/ '--testNamePattern=\^\(\?:cart\[ .*\]0\[ .*\]removed\|.*\|…' \(\+\d+ more tests\) --reporters=default /);
    const more = Number(/\(\+(\d+) more tests\)/.exec(line!)![1]);
    const shown = (line!.match(/removed/g) ?? []).length;
    expect(shown + more).toBe(60);
    expect(run.stdout).toMatch(/^PASS cart\.test\.js 60 tests$/m);
    expect(run.stdout).not.toMatch(/\\x1b/);
    expect(run.stdout).not.toMatch(/^::error::forged/m);
    expect(run.stdout).toMatch(/forged/);
  }, 60_000);
});

/** A pre-receive hook that refuses every push with `message`, counting the pushes it saw. */
async function refuseEveryPush(message: string): Promise<() => Promise<number>> {
  const counter = join(world.root, 'pushes');
  const hook = join(world.remote, 'hooks', 'pre-receive');
  await writeFile(hook, `#!/bin/sh\necho push >> '${counter}'\necho '${message}' >&2\nexit 1\n`);
  await chmod(hook, 0o755);
  return async () => (existsSync(counter) ? (await readFile(counter, 'utf8')).split('\n').filter(Boolean).length : 0);
}

describe('a push refused for lack of permission', () => {
  let artifacts: FakeArtifactService;
  beforeEach(async () => {
    artifacts = await startArtifactFake();
  });
  afterEach(async () => {
    await artifacts.close();
  });

  const PERMISSION = 'Permission to octo/project.git denied to github-actions[bot].';

  it('a green run: one push, the fix named, its results kept as an artifact, the job stays green', async () => {
    await world.writeReport('reports/unit.xml', junitXml([{ name: 'a' }, { name: 'b' }]));
    const pushes = await refuseEveryPush(PERMISSION);
    const run = await world.run({ runId: 700, inputs: { 'push-attempts': '4' }, env: artifacts.env({ runId: 700, job: 'test' }) });
    expectOutcome(run, 'success');
    expect(await pushes(), why(run)).toBe(1);
    expect(run.stdout).toMatch(
      /^::warning title=flakeguard history not saved::The history was NOT saved to flakeguard-data: the remote refused the push: the token may not write to this repository \(Permission to octo\/project\.git denied to github-actions\[bot\]\.\)\. Fix: add `permissions: contents: write` to the job, or `read-only: true` to keep the step from writing\./m,
    );
    expect(run.stdout).not.toMatch(/^Try \d/m);
    expect(run.outputs['results-artifact'], why(run)).toMatch(/^flakeguard-test-/);
    expect(artifacts.artifacts.filter((a) => a.finalized)).toHaveLength(1);
    expect(artifacts.violations()).toEqual([]);
    expect(run.summary).toMatch(/> \[!WARNING\]\n> The history was NOT saved to flakeguard&#45;data&#58; the remote refused the push&#58; the token may not write/);
  }, 60_000);

  it('a green run whose results cannot be kept (no artifact service) fails, saying why and the fix', async () => {
    await world.writeReport('reports/unit.xml', junitXml([{ name: 'a' }]));
    const pushes = await refuseEveryPush(PERMISSION);
    const run = await world.run({ inputs: { 'push-attempts': '4' } });
    expectOutcome(run, 'failure');
    expect(await pushes(), why(run)).toBe(1);
    expect(run.stdout).toMatch(
      /^::error title=flakeguard history not saved::The history was NOT saved to flakeguard-data: the remote refused the push: the token may not write .*Fix: add `permissions: contents: write`/m,
    );
  }, 60_000);

  it('a red run stays red, with one push', async () => {
    await world.writeReport('reports/unit.xml', junitXml([{ name: 'a', attempts: 'F' }, { name: 'b' }]));
    const pushes = await refuseEveryPush(PERMISSION);
    const run = await world.run({ runId: 701, inputs: { 'push-attempts': '4' }, env: artifacts.env({ runId: 701, job: 'test' }) });
    expectOutcome(run, 'failure');
    expect(await pushes(), why(run)).toBe(1);
    expect(run.stdout).toMatch(/permissions: contents: write/);
    expect(run.outputs['blocking-failures']).toBe('1');
  }, 60_000);

  it('a protected branch (GH006): parked on the inbox is tried once, never retried', async () => {
    await world.writeReport('reports/unit.xml', junitXml([{ name: 'a' }]));
    const pushes = await refuseEveryPush('error: GH006: Protected branch update failed for refs/heads/flakeguard-data.');
    const run = await world.run({ inputs: { 'push-attempts': '4' } });
    // The branch and the inbox are refused alike: two pushes, none retried.
    expect(await pushes(), why(run)).toBe(2);
    expect(run.stdout).toMatch(/the branch is protected .*GH006.*Fix: let the step push flakeguard-data and flakeguard-data-inbox\//);
    expect(run.stdout).not.toMatch(/Parking on .* failed .* trying again/);
  }, 60_000);
});
