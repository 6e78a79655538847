/**
 * The README's Quick start, followed as a newcomer follows it, for each runner it names: the runner's test step is
 * taken from the README itself (the ```yaml block under the runner's heading of "Quick start", or the Quick start
 * workflow's own test step when the README has no section for that runner: what a newcomer would copy), its `run:`
 * is run with its `env:` by bash in a tiny real project of that runner (one passing test, one flaky test that fails
 * its first run only, one real failure), then the bundled action (dist/index.js, Node 24) runs as the workflow's
 * flakeguard step with the README's `with:` against a real bare remote. The first try must work: the report found,
 * the flaky test proven flaky by `rerun: auto`, the real failure red.
 *
 * Playwright is not run here: neither its package nor a browser of its own is installed on this machine. Its
 * section is checked for what can be checked without it (it writes JUnit where `reports` looks, and names its preset).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { NODE24, PROJECT_ROOT, World } from '../support/action.ts';
import { flakeguardStep, readmeWorkflow, type Step } from '../support/artifact-fake/workflows.ts';

type Runner = 'Vitest' | 'Jest' | 'Mocha' | 'node --test' | 'pytest' | 'Go' | 'Playwright';

interface TestStep extends Step {
  env?: Record<string, string>;
}

/** The sections `### <Runner>` of the README's "## Quick start", each with its ```yaml blocks parsed. */
function quickStartSections(): Map<string, { yaml: unknown[]; text: string }> {
  const readme = readFileSync(join(PROJECT_ROOT, 'README.md'), 'utf8');
  const quick = readme.split(/^## /m).find((s) => s.startsWith('Quick start\n')) ?? '';
  const sections = new Map<string, { yaml: unknown[]; text: string }>();
  for (const part of quick.split(/^### /m).slice(1)) {
    const heading = part.slice(0, part.indexOf('\n')).trim();
    const yaml = [...part.matchAll(/^```yaml\n([\s\S]*?)^```$/gm)].map((m) => parse(m[1]!) as unknown);
    sections.set(heading, { yaml, text: part });
  }
  return sections;
}

/** The runner's test step (the step with `id: tests`) from its README section, or the Quick start workflow's. */
async function testStepFor(runner: Runner): Promise<{ step: TestStep; from: string }> {
  const section = quickStartSections().get(runner);
  if (section) {
    const steps = section.yaml.flatMap((b) => (Array.isArray(b) ? (b as TestStep[]) : []));
    const step = steps.find((s) => s.id === 'tests');
    if (!step) throw new Error(`the README's Quick start section '${runner}' has no step with id: tests`);
    return { step, from: `the README's Quick start, section '${runner}'` };
  }
  const wf = await readmeWorkflow('Quick start');
  return { step: wf.jobs.test!.steps.find((s) => s.id === 'tests') as TestStep, from: "the README's Quick start workflow (no section for this runner)" };
}

/** The flakeguard step's `with:` from the Quick start workflow, its expressions evaluated. */
async function flakeguardInputs(testOutcome: string): Promise<Record<string, string>> {
  const fg = flakeguardStep((await readmeWorkflow('Quick start')).jobs.test!);
  const inputs: Record<string, string> = {};
  for (const [name, raw] of Object.entries(fg.with ?? {})) {
    inputs[name] = String(raw).replace(/\$\{\{\s*(.+?)\s*\}\}/g, (_, expr: string) => {
      if (expr !== 'steps.tests.outcome') throw new Error(`the README's ${name}: uses \${{ ${expr} }}, which this test does not provide`);
      return testOutcome;
    });
  }
  return inputs;
}

const FLAKY_JS = `function flaky() {
  const fs = require('node:fs');
  const mark = require('node:path').join(process.env.FLAKY_STATE_DIR, 'flaky');
  if (!fs.existsSync(mark)) {
    fs.writeFileSync(mark, 'failed once');
    throw new Error('Timeout of 5000ms exceeded');
  }
}`;

/** A tiny real project of each runner: one passing test, one flaky test (fails its first run only), one real failure. */
const PROJECTS: Record<Exclude<Runner, 'Playwright'>, { files: Record<string, string>; nodeModules?: boolean }> = {
  Vitest: {
    nodeModules: true,
    files: {
      'package.json': JSON.stringify({ name: 'shop', private: true, type: 'module', scripts: { test: 'vitest' }, devDependencies: { vitest: '^4.1.12' } }, null, 2),
      'tests/cart.test.js': `import { createRequire } from 'node:module';
import { describe, expect, test } from 'vitest';
const require = createRequire(import.meta.url);
${FLAKY_JS}
describe('cart', () => {
  test('adds an item', () => expect(1 + 1).toBe(2));
  test('retries on 503', () => flaky());
  test('applies discount', () => expect(90).toBe(81));
});
`,
    },
  },
  Jest: {
    nodeModules: true,
    files: {
      'package.json': JSON.stringify({ name: 'shop', private: true, scripts: { test: 'jest' }, devDependencies: { jest: '^29.7.0', 'jest-junit': '^17.0.0' } }, null, 2),
      'tests/cart.test.js': `${FLAKY_JS}
describe('cart', () => {
  test('adds an item', () => expect(1 + 1).toBe(2));
  test('retries on 503', () => flaky());
  test('applies discount', () => expect(90).toBe(81));
});
`,
    },
  },
  Mocha: {
    nodeModules: true,
    files: {
      'package.json': JSON.stringify({ name: 'shop', private: true, scripts: { test: 'mocha' }, devDependencies: { mocha: '^11.8.0', 'mocha-junit-reporter': '^2.2.1' } }, null, 2),
      'test/cart.test.js': `const assert = require('node:assert');
${FLAKY_JS}
describe('cart', () => {
  it('adds an item', () => assert.strictEqual(1 + 1, 2));
  it('retries on 503', () => flaky());
  it('applies discount', () => assert.strictEqual(90, 81));
});
`,
    },
  },
  'node --test': {
    files: {
      'package.json': JSON.stringify({ name: 'shop', private: true, scripts: { test: 'node --test' } }, null, 2),
      'test/cart.test.js': `const { describe, test } = require('node:test');
const assert = require('node:assert');
${FLAKY_JS}
describe('cart', () => {
  test('adds an item', () => assert.strictEqual(1 + 1, 2));
  test('retries on 503', () => flaky());
  test('applies discount', () => assert.strictEqual(90, 81));
});
`,
    },
  },
  pytest: {
    files: {
      'tests/test_cart.py': `import os


def flaky():
    mark = os.path.join(os.environ["FLAKY_STATE_DIR"], "flaky")
    if not os.path.exists(mark):
        open(mark, "w").write("failed once")
        raise TimeoutError("Timeout of 5000ms exceeded")


def test_adds_an_item():
    assert 1 + 1 == 2


def test_retries_on_503():
    flaky()


def test_applies_discount():
    assert 90 == 81
`,
    },
  },
  Go: {
    files: {
      'go.mod': 'module example.com/shop\n\ngo 1.19\n',
      'cart/cart_test.go': `package cart

import (
	"os"
	"path/filepath"
	"testing"
)

func TestAddsAnItem(t *testing.T) {
	if 1+1 != 2 {
		t.Fatal("1 + 1 is not 2")
	}
}

func TestRetriesOn503(t *testing.T) {
	mark := filepath.Join(os.Getenv("FLAKY_STATE_DIR"), "flaky")
	if _, err := os.Stat(mark); err != nil {
		os.WriteFile(mark, []byte("failed once"), 0o644)
		t.Fatal("Timeout of 5000ms exceeded")
	}
}

func TestAppliesDiscount(t *testing.T) {
	if got := 90; got != 81 {
		t.Fatalf("expected %d to equal 81", got)
	}
}
`,
    },
  },
};

/** The environment of a runner's job: this machine's, without the outer vitest's variables, Node 24 first on PATH. */
function jobEnv(state: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (v === undefined || /^(VITEST|TINYPOOL|JEST_|MOCHA_|NODE_TEST)/.test(k) || k === 'NODE_ENV' || k === 'NODE_OPTIONS' || k === 'TEST') continue;
    env[k] = v;
  }
  env.PATH = `${dirname(NODE24)}:${process.env.PATH ?? ''}`;
  env.CI = 'true';
  env.FLAKY_STATE_DIR = state;
  return env;
}

let world: World;
beforeEach(async () => {
  world = await World.create();
});
afterEach(async () => {
  await world.dispose();
});

const RUNNERS = Object.keys(PROJECTS) as Array<keyof typeof PROJECTS>;

describe("the README's Quick start, first try, per runner", () => {
  it.each(RUNNERS)(
    '%s: the snippet writes a report, rerun: auto proves the flaky test flaky, the real failure stays red',
    async (runner) => {
      const project = PROJECTS[runner];
      for (const [path, text] of Object.entries(project.files)) {
        mkdirSync(dirname(join(world.workspace, path)), { recursive: true });
        writeFileSync(join(world.workspace, path), text);
      }
      if (project.nodeModules) symlinkSync(join(PROJECT_ROOT, 'node_modules'), join(world.workspace, 'node_modules'), 'dir');
      await world.commit('a flaky test and a regression');
      const state = join(world.root, 'state');
      mkdirSync(state);

      // The workflow's test step, as the runner runs a `run:` (bash -e), with the step's `env:`.
      const { step, from } = await testStepFor(runner);
      const env = { ...jobEnv(state), ...Object.fromEntries(Object.entries(step.env ?? {}).map(([k, v]) => [k, String(v)])) };
      const tests = spawnSync('bash', ['-e', '-c', step.run!], { cwd: world.workspace, env, encoding: 'utf8', timeout: 240_000 });
      const testOutcome = step['continue-on-error'] === true ? (tests.status === 0 ? 'success' : 'failure') : 'not continued';
      const ranTests = `${from}: ${step.run}\nexit ${tests.status}\n${tests.stdout}\n${tests.stderr}`;
      expect(testOutcome, ranTests).toBe('failure');

      // The flakeguard step, as the workflow runs it after the test step.
      const run = await world.run({ inputs: await flakeguardInputs(testOutcome), env: { PATH: env.PATH ?? '', FLAKY_STATE_DIR: state } });
      const why = `${ranTests}\n--- flakeguard stdout:\n${run.stdout}\nstderr:\n${run.stderr}\nsummary:\n${run.summary}`;
      expect(run.stdout, why).not.toMatch(/No test report matched/);
      expect(run.outputs.outcome, why).toBe('failure');
      expect(run.exitCode).toBe(1);
      const proven = JSON.parse(run.outputs['proven-flaky'] ?? '[]') as string[];
      const consistent = JSON.parse(run.outputs['consistent-failures'] ?? '[]') as string[];
      expect(proven, why).toEqual([expect.stringMatching(/retries.?on.?503/i)]);
      expect(consistent, why).toEqual([expect.stringMatching(/applies.?discount/i)]);
      expect(run.outputs['blocking-failures'], why).toBe('1');
    },
    300_000,
  );

  it('Playwright: the section writes JUnit where the workflow reads it and names its preset (not run: no Playwright here)', async () => {
    const section = quickStartSections().get('Playwright');
    expect(section, "the README's Quick start has a section 'Playwright'").toBeDefined();
    const { step } = await testStepFor('Playwright');
    expect(step.run).toMatch(/playwright test .*junit/);
    expect(step.env?.PLAYWRIGHT_JUNIT_OUTPUT_FILE).toMatch(/^reports\/.+\.xml$/);
    expect(section!.text).toMatch(/rerun: playwright/);
    expect(existsSync(join(PROJECT_ROOT, 'node_modules/@playwright/test')), 'Playwright is installed: run its snippet for real here').toBe(false);
  });
});
