/**
 * Context rounds and the polluter's bisection, end to end: dist/index.js under Node 24 against a bare repository,
 * with the real runners of the presets that keep a file's order (test/fixtures/order-projects). In each project
 * `sets the currency` leaves a module-level value behind that makes `totals the cart`, later in the same file, fail:
 * the victim fails in the run and passes alone. Re-runs alone would prove it flaky and forgive it; the context rounds
 * reproduce the failure with its file in the original order, and the bisection names the polluter, so the job fails.
 * `reads the store` needs `opens the store` before it (the reverse case): it fails every re-run alone and passes in
 * its file, and the summary says so.
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

/** The environment of the user's test step: this process's, without the outer vitest's own variables. */
function stepEnv(state: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) if (!/^(VITEST|TINYPOOL|JEST_|MOCHA_)/.test(k) && k !== 'NODE_ENV' && k !== 'TEST') env[k] = v;
  return { ...env, FLAKY_STATE_DIR: state, ...extra };
}

interface Runner {
  preset: string;
  /** The user's test step: argv and extra environment, writing reports/junit.xml. */
  step: { argv: string[]; env?: Record<string, string> };
  /** History ids of the victim, its polluter, and the test that needs earlier state. */
  victim: string;
  polluter: string;
  needy: string;
}

const RUNNERS: Runner[] = [
  {
    preset: 'vitest',
    step: { argv: ['node_modules/.bin/vitest', 'run', '--reporter=junit', '--outputFile=reports/junit.xml'] },
    victim: 'tests/order.test.js::order > totals the cart',
    polluter: 'tests/order.test.js::order > sets the currency',
    needy: 'tests/setup.test.js::setup > reads the store',
  },
  {
    preset: 'jest',
    step: { argv: ['node_modules/.bin/jest', '--ci', '--reporters=default', '--reporters=jest-junit'], env: { JEST_JUNIT_OUTPUT_FILE: 'reports/junit.xml' } },
    victim: 'order totals the cart',
    polluter: 'order sets the currency',
    needy: 'setup reads the store',
  },
  {
    preset: 'mocha',
    step: { argv: ['node_modules/.bin/mocha', '--reporter=mocha-junit-reporter', '--reporter-option=mochaFile=reports/junit.xml'] },
    victim: 'tests/order.test.js::order totals the cart',
    polluter: 'tests/order.test.js::order sets the currency',
    needy: 'tests/setup.test.js::setup reads the store',
  },
  {
    preset: 'node-test',
    step: { argv: ['node', '--test', '--test-reporter=junit', '--test-reporter-destination=reports/junit.xml'] },
    victim: 'test::totals the cart',
    polluter: 'test::sets the currency',
    needy: 'test::reads the store',
  },
  {
    preset: 'pytest',
    step: { argv: ['python3', '-m', 'pytest', '--junitxml=reports/junit.xml'] },
    victim: 'tests.test_order::test_totals_the_cart',
    polluter: 'tests.test_order::test_sets_the_currency',
    needy: 'tests.test_setup::test_reads_the_store',
  },
];

async function project(r: Runner): Promise<string> {
  cpSync(join(PROJECT_ROOT, 'test/fixtures/order-projects', r.preset), world.workspace, { recursive: true });
  writeFileSync(join(world.workspace, '.gitignore'), 'node_modules\nreports\n__pycache__\n');
  if (r.preset !== 'pytest' && r.preset !== 'node-test') symlinkSync(join(PROJECT_ROOT, 'node_modules'), join(world.workspace, 'node_modules'), 'dir');
  await world.commit('a test that pollutes another, and one that needs another');
  const state = join(world.root, 'state');
  mkdirSync(state);
  mkdirSync(join(world.workspace, 'reports'));
  return state;
}

describe('context rounds (dist, real runners)', () => {
  for (const r of RUNNERS) {
    it(`${r.preset}: the victim of a polluter in its file fails the job with the polluter named; the test needing earlier state is explained`, async () => {
      const state = await project(r);
      const first = spawnSync(r.step.argv[0]!, r.step.argv.slice(1), { cwd: world.workspace, env: stepEnv(state, r.step.env), encoding: 'utf8' });
      expect(first.status, `${first.stdout}\n${first.stderr}`).not.toBe(0);

      const run = await world.run({ inputs: { rerun: r.preset, 'test-outcome': 'failure' }, env: { FLAKY_STATE_DIR: state } });
      const why = `stdout:\n${run.stdout}\nstderr:\n${run.stderr}\nsummary:\n${run.summary}`;
      expect(JSON.parse(run.outputs['rerun-tests']!).sort(), why).toEqual([r.victim, r.needy].sort());
      // The victim passed alone, yet it is not forgiven: it fails after its polluter, which the bisection names.
      expect(run.outputs.outcome, why).toBe('failure');
      expect(JSON.parse(run.outputs['proven-flaky']!), why).toEqual([]);
      expect(run.outputs['blocking-failures'], why).toBe('2');
      const consistent = JSON.parse(run.outputs['consistent-failures']!) as string[];
      expect(consistent, why).toContain(r.victim);
      const shown = (text: string): string => text.replace(/:/g, '&#58;').replace(/>/g, '&gt;').replace(/`/g, '&#96;').replace(/_/g, '&#95;').replace(/-/g, '&#45;');
      expect(run.summary, why).toContain(shown(`order-dependent, a real failure: it fails after \`${r.polluter}\` in its file, passes alone: \`${r.polluter}\` leaves state behind`));
      // Each context and bisection round is in the log with its exact command, and in the summary.
      expect(run.stdout, why).toMatch(/^::group::Context round \d+: '.*' after the 3 tests before it in its file \(pair 1 of 5\)$/m);
      expect(run.stdout, why).toMatch(/^::group::Context round \d+: bisection: /m);
      expect(run.summary, why).toMatch(/Context rounds: \d+/);
      // The test that needs earlier state: fails alone every time, passes in its file; the summary says why.
      expect(run.summary, why).toContain(shown('fails alone, passes in its file after the tests before it: it depends on state they leave'));
      const blocked = JSON.parse(run.outputs['consistent-failures-json']!) as Array<{ id: string; why: string }>;
      expect(blocked.find((b) => b.id === r.needy)?.why, why).toMatch(/^fails alone, passes in its file after the tests before it: it depends on state they leave; /);
      expect(blocked.find((b) => b.id === r.victim)?.why, why).toMatch(/^fails after `.*` in its file, passes alone/);
    }, 180_000);
  }
});

describe('extra executions (rerun-budget) of a test that needs an earlier test in its file (dist, real vitest)', () => {
  it('a passing test that fails alone but passes after the tests before it is not called flaky', async () => {
    cpSync(join(PROJECT_ROOT, 'test/fixtures/order-projects/vitest'), world.workspace, { recursive: true });
    rmSync(join(world.workspace, 'tests'), { recursive: true });
    mkdirSync(join(world.workspace, 'tests'));
    writeFileSync(
      join(world.workspace, 'tests/needs.test.js'),
      `import { describe, test } from 'vitest';
const key = { value: undefined };
describe('needs', () => {
  test('makes the key', () => {
    key.value = 'k';
  });
  test('uses the key', () => {
    if (key.value === undefined) throw new Error('no key');
  });
});
`,
    );
    writeFileSync(join(world.workspace, '.gitignore'), 'node_modules\nreports\n');
    symlinkSync(join(PROJECT_ROOT, 'node_modules'), join(world.workspace, 'node_modules'), 'dir');
    await world.commit('a test that needs the test before it');
    mkdirSync(join(world.workspace, 'reports'));
    const first = spawnSync('node_modules/.bin/vitest', ['run', '--reporter=junit', '--outputFile=reports/junit.xml'], { cwd: world.workspace, env: stepEnv(world.root), encoding: 'utf8' });
    expect(first.status, `${first.stdout}\n${first.stderr}`).toBe(0);
    // A first run writes the tests' stats; 'makes the key' is then quarantined by hand, so that the budget's extra
    // executions go to 'uses the key' alone (quarantined tests get none: docs/rerun.md, the budget).
    const setup = await world.run({ inputs: { 'test-outcome': 'success' } });
    expect(setup.outputs.outcome, setup.stdout).toBe('success');
    const maker = JSON.stringify('tests/needs.test.js::needs > makes the key');
    const file = [...(await world.dataFiles()).entries()].find(([path, text]) => path.startsWith('stats/') && text.includes(maker))?.[0] ?? 'stats/00.json';
    await world.editDataFile(file, (text) => {
      const lines = text.split('\n');
      const i = lines.findIndex((l) => l.startsWith(`${maker}: `));
      if (i >= 0) {
        const comma = lines[i]!.endsWith(',') ? ',' : '';
        const line = JSON.parse(lines[i]!.slice(maker.length + 2, lines[i]!.length - comma.length)) as Record<string, unknown>;
        line.override = 'quarantine';
        lines[i] = `${maker}: ${JSON.stringify(line)}${comma}`;
        return lines.join('\n');
      }
      if (text.trim() === '') return `{"schema": 3, "tests": {\n${maker}: {"override": "quarantine"}\n}}\n`;
      const end = lines.findIndex((l) => l.startsWith('}}'));
      lines[end - 1] = `${lines[end - 1]},`;
      lines.splice(end, 0, `${maker}: {"override": "quarantine"}`);
      return lines.join('\n');
    });

    const run = await world.run({ inputs: { rerun: 'vitest', 'rerun-budget': '20', 'test-outcome': 'success' } });
    const why = `stdout:\n${run.stdout}\nstderr:\n${run.stderr}\nsummary:\n${run.summary}`;
    expect(run.outputs.outcome, why).toBe('success');
    const row = run.summary.split('\n').find((l) => l.startsWith('| tests/needs.test.js&#58;&#58;needs &gt; uses the key <sub>extra'));
    expect(row, why).toBeDefined();
    // Its extra executions alone failed; after 'makes the key' it passes: no evidence of flakiness.
    expect(row, why).not.toContain('flaky, proven on this commit');
    expect(row, why).toContain('fails alone, passes in its file after the tests before it');
    // Its failing extra executions are not attempts of the run: it is not quarantined as flaky for them.
    expect(JSON.parse(run.outputs['quarantined-tests']!), why).toEqual(['tests/needs.test.js::needs > makes the key']);
    expect(run.stdout, why).toMatch(/^::group::Context round \d+: 'tests\/needs\.test\.js::needs > uses the key' after the 1 test before it in its file$/m);
  }, 120_000);
});
