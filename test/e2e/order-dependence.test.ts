/**
 * Order dependence (issue 28, issue 40; docs/rerun.md#order-dependence), end to end: dist/index.js under Node 24
 * against a bare repository, `rerun: node-test --test-isolation=none` (the run's own flag) on a real project run by
 * node's real test runner. One test leaves a plugin in a module-level registry; a test of another file, run in the same
 * process, expects the registry empty. In the full run it fails every time; re-run alone (the preset selects it by
 * name) it passes every time, and it is first in its file (its own describe), so its file's context rounds have
 * nothing to run before it. Its streak inside the full run makes it a suspect at its third failing run; re-run after
 * the tests that preceded it in the run it fails, alone it passes: order-dependent, and the job fails. A flaky test
 * whose failures come in a burst inside the full run is a suspect too, and passes after the tests before it: forgiven.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { World, junitXml, type ActionRun, type CaseSpec } from '../support/action.ts';
import { createFake } from '../support/rerun-fake.ts';
import { startGitHubFake } from '../support/github-fake/index.ts';

let world: World;
beforeEach(async () => {
  world = await World.create();
});
afterEach(async () => {
  await world.dispose();
});

const REGISTRY = `const plugins = [];
module.exports = { add: (p) => plugins.push(p), clear: () => plugins.splice(0), size: () => plugins.length };
`;

/**
 * The test files; `cleansUp`: the first test removes what it registered (the polluter is fixed). The polluter is in
 * another file than its victim, which is first in its own (each file one describe, so node's report gives each its
 * suite): the run shares one process between files (`--test-isolation=none`), so the registry leaks across them.
 */
function registryTests(cleansUp: boolean): Record<string, string> {
  const head = "const { describe, test } = require('node:test');\nconst assert = require('node:assert');\nconst registry = require('../src/registry.js');\n";
  return {
    'tests/a-plugins.test.js': `${head}describe('plugins', () => {
  test('registers a plugin', () => {
    registry.add('audit');
    assert.strictEqual(registry.size(), 1);${cleansUp ? '\n    registry.clear();' : ''}
  });
});
`,
    'tests/b-registry.test.js': `${head}describe('registry', () => {
  test('starts with an empty registry', () => {
    assert.strictEqual(registry.size(), 0, 'the registry should start empty');
  });
});
`,
  };
}

const VICTIM = 'registry::starts with an empty registry';
const POLLUTER = 'plugins::registers a plugin';

/** The summary as a person reads it: markdown's character references decoded. */
function plain(summary: string): string {
  return summary.replace(/&#(\d+);/g, (_, n: string) => String.fromCharCode(Number(n)));
}

/** One CI run: commit the project, run its tests with node's junit reporter, then the action (`rerun: node-test`). */
async function ciRun(cleansUp: boolean, rerun = 'node-test --test-isolation=none'): Promise<{ run: ActionRun; sha: string }> {
  for (const [file, text] of Object.entries(registryTests(cleansUp))) writeFileSync(join(world.workspace, file), text);
  spawnSync('git', ['add', '-A'], { cwd: world.workspace });
  const sha = await world.commit(cleansUp ? 'a clean commit' : 'the registry test no longer cleans up');
  rmSync(join(world.workspace, 'reports'), { recursive: true, force: true });
  mkdirSync(join(world.workspace, 'reports'));
  const tests = spawnSync('node', ['--test', '--test-isolation=none', '--test-reporter=junit', '--test-reporter-destination=reports/junit.xml'], { cwd: world.workspace, encoding: 'utf8' });
  const run = await world.run({ inputs: { rerun, 'test-outcome': tests.status === 0 ? 'success' : 'failure' } });
  return { run, sha };
}

function why(run: ActionRun): string {
  return `stdout:\n${run.stdout}\nstderr:\n${run.stderr}\nsummary:\n${plain(run.summary)}`;
}

describe('order dependence (rerun: node-test --test-isolation=none, a real runner)', () => {
  it('a stable test turned victim of a polluter is a suspect at its third failing run, fails after the tests before it in the run, and blocks, not quarantined', async () => {
    mkdirSync(join(world.workspace, 'src'));
    mkdirSync(join(world.workspace, 'tests'));
    writeFileSync(join(world.workspace, 'package.json'), '{ "name": "order-fixture", "private": true }\n');
    writeFileSync(join(world.workspace, 'src/registry.js'), REGISTRY);
    // A stable history first: 30 clean runs.
    for (let i = 0; i < 30; i++) {
      const { run } = await ciRun(true, '');
      expect(run.outputs.outcome, why(run)).toBe('success');
    }

    // The polluter: from this commit on, the victim fails in the full run and passes alone. Its first two failing runs
    // are forgiven (proven flaky; no suspect yet, and nothing before it in its file).
    const first = await ciRun(false);
    expect(first.run.outputs.outcome, why(first.run)).toBe('success');
    expect(JSON.parse(first.run.outputs['proven-flaky']!)).toEqual([VICTIM]);
    expect(first.run.stdout).not.toContain('Context round');
    const second = await ciRun(false);
    expect(second.run.outputs.outcome, why(second.run)).toBe('success');

    // The third: a suspect. Re-run after the test before it in the run it fails, 5 of 5; alone it passes, 5 of 5.
    const third = await ciRun(false);
    const sentence = `fails after \`${POLLUTER}\` in the run, passes alone: \`${POLLUTER}\` leaves state behind (failed 5 of 5 rounds after the tests before it in the run, passed 5 of 5 alone)`;
    expect(third.run.outputs.outcome, why(third.run)).toBe('failure');
    expect(third.run.exitCode).toBe(1);
    expect(third.run.stdout).toContain(`Context round 3: '${VICTIM}' after the 1 test before it in the run (pair 1 of 5)`);
    expect(JSON.parse(third.run.outputs['quarantined-tests']!)).not.toContain(VICTIM);
    expect(JSON.parse(third.run.outputs['consistent-failures']!)).toEqual([VICTIM]);
    expect(JSON.parse(third.run.outputs['consistent-failures-json']!)).toEqual([{ id: VICTIM, verdict: 'order-dependent', why: sentence }]);
    expect(third.run.outputs['blocking-failures']).toBe('1');
    expect(plain(third.run.summary)).toContain(`order-dependent: it ${sentence}`);
    expect(plain(third.run.summary)).toContain('Proven flaky: 0; failed every re-run: 0; order-dependent: 1; still blocking after the re-runs (output `consistent-failures`): 1.');
    expect(plain(third.run.summary)).toContain(`— order-dependent: fails after \`${POLLUTER}\` in the run, passes alone`);
    expect(JSON.parse(third.run.outputs['proven-flaky']!)).toEqual([]);
    // The job's error and the test's annotation say it.
    expect(third.run.stdout).toContain('leaves state behind (failed 5 of 5 rounds after the tests before it in the run, passed 5 of 5 alone).');
    expect(third.run.stdout).toMatch(/^::error [^\n]*title=registry%3A%3Astarts with an empty registry failed \(order-dependent\)[^\n]*::[^\n]*This test fails after/m);
    expect(third.run.stdout).not.toMatch(/quarantine does not cover|not quarantined\./);

    const fourth = await ciRun(false);
    expect(fourth.run.outputs.outcome, why(fourth.run)).toBe('failure');
    expect(plain(fourth.run.summary)).toContain(`order-dependent: it ${sentence}`);
    expect(JSON.parse(fourth.run.outputs['quarantined-tests']!)).not.toContain(VICTIM);

    // The polluter fixed: the victim passes in the full run, the job is green, and it is not quarantined.
    const fixed = await ciRun(true);
    expect(fixed.run.outputs.outcome, why(fixed.run)).toBe('success');
    expect(JSON.parse(fixed.run.outputs['quarantined-tests']!)).not.toContain(VICTIM);
  }, 600_000);

  it('a flaky test whose failures come in a burst inside the full run, passing alone and after the tests before it, is forgiven at every run of the burst', async () => {
    // Issue 40: a test failing about a third of its runs, then 8 runs in a row inside the full run (the service it
    // calls is slow while the whole suite runs: SERVICE_SLOW is set for the full run only), passing alone each time.
    // Its streak makes it a suspect from the 7th run on; re-run after the test before it in the run it passes, so the
    // experiment clears it and the re-run's proof stands. On the build before, the streak alone convicted it: exit 1.
    mkdirSync(join(world.workspace, 'tests'));
    writeFileSync(join(world.workspace, 'package.json'), '{ "name": "burst-fixture", "private": true }\n');
    const head = "const { describe, test } = require('node:test');\nconst assert = require('node:assert');\n";
    writeFileSync(join(world.workspace, 'tests/a-fixtures.test.js'), `${head}describe('fixtures', () => {\n  test('prepares the fixtures', () => assert.ok(true));\n});\n`);
    writeFileSync(
      join(world.workspace, 'tests/b-service.test.js'),
      `${head}describe('service', () => {\n  test('answers within its deadline', () => {\n    assert.notStrictEqual(process.env.SERVICE_SLOW, '1', 'timed out after 5000 ms waiting for the service');\n  });\n});\n`,
    );
    spawnSync('git', ['add', '-A'], { cwd: world.workspace });
    const BURSTY = 'service::answers within its deadline';
    const fullRun = async (slow: boolean, rerun: string): Promise<ActionRun> => {
      await world.commit(`run ${Math.random()}`);
      rmSync(join(world.workspace, 'reports'), { recursive: true, force: true });
      mkdirSync(join(world.workspace, 'reports'));
      const env = { ...process.env, SERVICE_SLOW: slow ? '1' : '0' };
      const tests = spawnSync('node', ['--test', '--test-isolation=none', '--test-reporter=junit', '--test-reporter-destination=reports/junit.xml'], { cwd: world.workspace, encoding: 'utf8', env });
      return world.run({ inputs: { rerun, 'test-outcome': tests.status === 0 ? 'success' : 'failure' } });
    };
    // Its history: 21 runs, every third failing (7 failures, never two in a row), without re-runs.
    for (let i = 0; i < 21; i++) await fullRun(i % 3 === 0, '');

    const rerun = 'node-test --test-isolation=none';
    for (let k = 1; k <= 8; k++) {
      const run = await fullRun(true, rerun);
      expect(run.outputs.outcome, `burst run ${k}\n${why(run)}`).toBe('success');
      expect(run.exitCode).toBe(0);
      expect(JSON.parse(run.outputs['proven-flaky']!)).toEqual([BURSTY]);
      expect(JSON.parse(run.outputs['consistent-failures']!)).toEqual([]);
      expect(run.outputs['blocking-failures']).toBe('0');
      if (k >= 7) {
        // A suspect: re-run after the test before it in the run (node's reporter writes one report for the run).
        expect(run.stdout).toContain(`Context round 3: '${BURSTY}' after the 1 test before it in the run (pair 1 of 5)`);
        // (The log escapes a name's `::`, so the sentence is matched after it.)
        expect(run.stdout).toContain(
          "' failed run after run inside the full run and passed alone, but it passed after the tests before it in the run: its failures are flakiness, not another test's state; it stays proven flaky.",
        );
        expect(plain(run.summary)).not.toContain('order-dependent');
      } else expect(run.stdout).not.toContain('Context round');
    }
  }, 600_000);

  it('tells the owner: an issue opened at its verdict says it is order-dependent, stays open while it is, closes once it passes', async () => {
    const TOKEN = 'ghs_order_test';
    const gh = await startGitHubFake({ owner: 'octo', repo: 'project', token: TOKEN });
    try {
      const fake = await createFake(join(world.root, 'fake'));
      await fake.setBehaviour({ tests: { 'starts empty': 'P' } });
      const ID = 'app.Registry::starts empty';
      const cases = (victim: string): CaseSpec[] => [
        { classname: 'app.Registry', name: 'registers', file: 'src/registry.test.ts' },
        { classname: 'app.Registry', name: 'starts empty', attempts: victim, message: 'expected 0 plugins, got 1 <img src=x> @team', file: 'src/registry.test.ts' },
      ];
      const ciRunWith = async (victim: string): Promise<ActionRun> => {
        await world.commit(`run ${Math.random()}`);
        await world.writeReport('reports/unit.xml', junitXml(cases(victim)));
        return world.run({
          inputs: { token: TOKEN, 'create-issues': 'true', rerun: fake.command, 'test-outcome': victim === 'P' ? 'success' : 'failure' },
          env: { GITHUB_API_URL: gh.url },
        });
      };
      for (let i = 0; i < 30; i++) expect((await ciRunWith('P')).outputs.outcome).toBe('success');
      expect(gh.state.issues).toEqual([]);

      // Its first two failing runs are forgiven (the re-run passed) without quarantining it: it failed only inside the
      // run, as a polluted test does (ADR 0396). No issue yet.
      const first = await ciRunWith('F');
      expect(first.outputs.outcome).toBe('success');
      expect(JSON.parse(first.outputs['quarantined-tests']!)).toEqual([]);
      expect((await ciRunWith('F')).outputs.outcome).toBe('success');
      expect(gh.state.issues).toEqual([]);

      // The third: order-dependent. The issue is opened for it, and its body says so.
      const third = await ciRunWith('F');
      expect(third.outputs.outcome, why(third)).toBe('failure');
      expect(gh.violations()).toEqual([]);
      expect(gh.state.issues).toHaveLength(1);
      const issue = gh.state.issues[0]!;
      expect(issue.state).toBe('open');
      expect(issue.title).toBe(`Flaky test: ${ID}`);
      const decoded = (t: string): string => plain(t);
      expect(decoded(issue.body ?? '')).toContain('**This test is order-dependent**: it fails inside the full run since');
      expect(decoded(issue.body ?? '')).toMatch(/fails inside the full run since `[0-9a-f]{7}` \(3 runs in a row\), passes alone: another test leaves state behind/);
      expect(issue.body).not.toContain('<img');

      // Still order-dependent: nothing more is posted; fixed: closed.
      const comments = gh.state.comments.length;
      expect((await ciRunWith('F')).outputs.outcome).toBe('failure');
      expect(gh.state.comments.length).toBe(comments);
      expect(issue.state).toBe('open');
      expect((await ciRunWith('P')).outputs.outcome).toBe('success');
      expect(issue.state).toBe('closed');
      expect(decoded(gh.state.comments.at(-1)!.body)).toContain('passed at its first attempt in the full run');
      expect(gh.violations()).toEqual([]);
    } finally {
      await gh.close();
    }
  }, 300_000);
});
