/**
 * Honest re-run verdicts, end to end (dist/index.js under Node 24 against a bare repository): `rerun: auto` carries
 * the flags of the package.json script it read (real jest on test/fixtures/rerun-projects/flags/jest, whose `npm test`
 * is `jest --color=true`), and a re-run that fails another way than the run it re-runs is "could not reproduce the
 * run's conditions", never "failed consistently", with the two messages side by side, and the job stays red
 * (test/support/rerun-fake.ts).
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PROJECT_ROOT, World, junitXml, type ActionRun, type CaseSpec } from '../support/action.ts';
import { createFake, type Fake } from '../support/rerun-fake.ts';

let world: World;
beforeEach(async () => {
  world = await World.create();
});
afterEach(async () => {
  await world.dispose();
});

const why = (run: { stdout: string; stderr: string; summary: string }) => `stdout:\n${run.stdout}\nstderr:\n${run.stderr}\nsummary:\n${run.summary}`;

/** The summary as a person reads it: markdown's character references decoded. */
function plain(summary: string): string {
  return summary.replace(/&#(\d+);/g, (_, n: string) => String.fromCharCode(Number(n)));
}

/** The environment of the user's test step: this process's, without the outer vitest's variables or a forced colour. */
function stepEnv(state: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (!/^(VITEST|TINYPOOL|JEST_|MOCHA_)/.test(k) && !['NODE_ENV', 'TEST', 'FORCE_COLOR', 'NO_COLOR'].includes(k)) env[k] = v;
  }
  return { ...env, FLAKY_STATE_DIR: state, ...extra };
}

const JEST_FLAG = 'prints the total in red (flaky)';
const JEST_CONFIG = 'loads the configured setup (flaky)';

describe('rerun: auto carries the flags of the script it read (dist, real jest)', () => {
  it("package.json's test script is `jest --color=true`: the re-runs get the flag, the colour test is proven flaky, the job is green", async () => {
    cpSync(join(PROJECT_ROOT, 'test/fixtures/rerun-projects/flags/jest'), world.workspace, { recursive: true });
    writeFileSync(join(world.workspace, '.gitignore'), 'node_modules\nreports\n');
    symlinkSync(join(PROJECT_ROOT, 'node_modules'), join(world.workspace, 'node_modules'), 'dir');
    await world.commit('the flags/jest project');
    const state = join(world.root, 'state');
    mkdirSync(state);
    mkdirSync(join(world.workspace, 'reports'));
    const first = spawnSync('node_modules/.bin/jest', ['--ci', '--color=true', '--reporters=default', '--reporters=jest-junit'], {
      cwd: world.workspace,
      env: stepEnv(state, { JEST_JUNIT_OUTPUT_FILE: 'reports/junit.xml' }),
      encoding: 'utf8',
    });
    expect(first.status, first.stderr).not.toBe(0);

    const run = await world.run({ inputs: { rerun: 'auto', 'test-outcome': 'failure' }, env: { FLAKY_STATE_DIR: state } });
    expect(JSON.parse(run.outputs['proven-flaky']!).sort(), why(run)).toEqual([JEST_CONFIG, JEST_FLAG].sort());
    expect(run.outputs.outcome, why(run)).toBe('success');
    expect(run.exitCode).toBe(0);
    // The log says which script it read and what it carries; the round's command line has the flag.
    expect(run.stdout).toMatch(/^ {2}package\.json's "test" script \(jest --color=true\): the re-runs pass on --color=true$/m);
    const command = run.stdout.split('\n').find((l) => l.startsWith('$ ') && l.includes(' node_modules/.bin/jest '));
    expect(command, run.stdout).toMatch(/^\$ JEST_JUNIT_OUTPUT_FILE=\S+ FLAKEGUARD_PRESET_REPEAT=6 node_modules\/\.bin\/jest --color=true --ci '--testNamePattern=/);
  }, 180_000);
});

describe('a re-run that fails another way than the run (dist, fake runner)', () => {
  let fake: Fake;
  beforeEach(async () => {
    fake = await createFake(join(world.root, 'fake'));
  });

  async function ciRun(cases: CaseSpec[], inputs: Record<string, string> = {}): Promise<ActionRun> {
    await world.commit(`run ${Math.random()}`);
    await world.removeReports();
    await world.writeReport('reports/unit.xml', junitXml(cases));
    const failed = cases.some((c) => /[FE]$/.test(c.attempts ?? 'P'));
    return world.run({ inputs: { 'test-outcome': failed ? 'failure' : 'success', rerun: fake.command, ...inputs } });
  }

  it("is 'could not reproduce the run's conditions', not consistent: the two messages side by side, escaped, and the job stays red", async () => {
    // 8 passes: 8 failing re-runs are implausible for its flakiness, which used to read "failed 9 of 9 times".
    for (let i = 0; i < 8; i++) expect((await ciRun([{ classname: 'app.Clock', name: 'formats' }], { rerun: '' })).outputs.outcome).toBe('success');
    const hostile = 'Expected: "10:00 EDT" <img src=x onerror=alert(1)> @octocat ::error::forged';
    await fake.setBehaviour({ tests: { formats: 'F' }, messages: { formats: hostile } });
    const run = await ciRun([{ classname: 'app.Clock', name: 'formats', attempts: 'F', message: 'timeout after 5000 ms' }], { 'rerun-attempts-max': '8' });
    expect(run.outputs.outcome, why(run)).toBe('failure');
    expect(run.exitCode).toBe(1);
    const blocked = JSON.parse(run.outputs['consistent-failures-json']!) as Array<{ id: string; verdict: string; why: string }>;
    expect(
      blocked.map((b) => [b.id, b.verdict]),
      why(run),
    ).toEqual([['app.Clock::formats', 'unreproduced']]);
    expect(blocked[0]!.why).toMatch(/^the re-runs could not reproduce the run's conditions: it failed in the run with 'timeout after 5000 ms' and in its 8 re-runs with 'Expected: /);
    expect(blocked[0]!.why).toMatch(/runner flags the re-runs lack/);
    expect(blocked[0]!.why).toMatch(/environment set only on the test step \(such as TZ\)/);
    const summary = plain(run.summary);
    expect(summary).not.toMatch(/failed 9 of 9 times/);
    expect(summary).toMatch(
      /failed every re-run: 1 \(another way than in the run, so the run's conditions were not reproduced: 1\); still blocking after the re-runs \(output `consistent-failures`\): 1\./,
    );
    expect(summary).toMatch(/— unreproduced: failed 8 of 8 re-runs another way than in the run/);
    expect(summary).toContain("the re-runs could not reproduce the run's conditions");
    // The summary's row shows both messages and the likely causes whole.
    expect(summary).toContain("and in its 8 re-runs with 'Expected: &quot;10:00 EDT&quot; &lt;img src=x onerror=alert(1)&gt; @octocat ::error::forged'; likely causes: runner flags");
    expect(summary).toContain("environment set only on the test step (such as TZ), which the re-runs do not see (set it in the job's env, docs/rerun.md); its failure stands as the run gave it |");
    // Hostile text is escaped: no tag, no mention, no workflow command.
    expect(run.summary).not.toContain('<img');
    expect(run.summary).not.toContain('@octocat');
    expect(run.stdout).not.toMatch(/^::error::forged/m);
    expect(run.stdout).toMatch(/::error::.*'app\.Clock::formats' the re-runs could not reproduce the run's conditions/);
  }, 120_000);

  it('a re-run failing the same way as the run stays consistent', async () => {
    for (let i = 0; i < 8; i++) expect((await ciRun([{ classname: 'app.Clock', name: 'formats' }], { rerun: '' })).outputs.outcome).toBe('success');
    await fake.setBehaviour({ tests: { formats: 'F' }, messages: { formats: 'Expected: "10:00 EDT" at line 12' } });
    const run = await ciRun([{ classname: 'app.Clock', name: 'formats', attempts: 'F', message: 'Expected: "10:00 EDT" at line 9' }], { 'rerun-attempts-max': '8' });
    expect(run.outputs.outcome, why(run)).toBe('failure');
    const blocked = JSON.parse(run.outputs['consistent-failures-json']!) as Array<{ id: string; verdict: string }>;
    expect(
      blocked.map((b) => b.verdict),
      why(run),
    ).toEqual(['consistent']);
  }, 120_000);
});
