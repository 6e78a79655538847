/**
 * action.yml and every workflow users copy (the repository's own workflows, the README's and docs' workflow blocks
 * and step lists) are valid for GitHub itself: each is read by GitHub's own parser (@actions/workflow-parser, the
 * one behind the Actions language service), which checks them against the schemas the runner uses. A YAML slip
 * or an expression GitHub refuses (`${{ secrets.X }}` in an action's description) fails here instead of on a
 * user's runner.
 */
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { NoOperationTraceWriter, parseWorkflow } from '@actions/workflow-parser';
import { parseAction } from '@actions/workflow-parser/actions/action-parser';
import { parse } from 'yaml';
import { PROJECT_ROOT } from '../support/action.ts';

const trace = new NoOperationTraceWriter();

function workflowErrors(name: string, content: string): string[] {
  return parseWorkflow({ name, content }, trace)
    .context.errors.getErrors()
    .map((e) => e.message);
}

function actionErrors(name: string, content: string): string[] {
  return parseAction({ name, content }, trace)
    .context.errors.getErrors()
    .map((e) => e.message);
}

/** The ```yaml blocks of a Markdown file that are whole workflows (a `jobs:` key) or lists of steps. */
function yamlBlocks(file: string): Array<{ where: string; kind: 'workflow' | 'steps'; text: string }> {
  const text = readFileSync(join(PROJECT_ROOT, file), 'utf8');
  const out: Array<{ where: string; kind: 'workflow' | 'steps'; text: string }> = [];
  for (const m of text.matchAll(/```ya?ml\n([\s\S]*?)```/g)) {
    const body = m[1]!;
    const where = `${file}:${text.slice(0, m.index).split('\n').length}`;
    if (/^jobs:/m.test(body)) out.push({ where, kind: 'workflow', text: body });
    else if (body.trimStart().startsWith('- ')) out.push({ where, kind: 'steps', text: body });
  }
  return out;
}

/** A list of steps as the steps of a job of a minimal workflow. */
function asWorkflow(steps: string): string {
  const indented = steps
    .split('\n')
    .map((l) => (l === '' ? l : `      ${l}`))
    .join('\n');
  return `on: push\njobs:\n  test:\n    runs-on: ubuntu-latest\n    steps:\n${indented}\n`;
}

const markdown = [
  'README.md',
  'examples/README.md',
  ...readdirSync(join(PROJECT_ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];

describe("GitHub's own parser accepts", () => {
  it('action.yml', () => {
    expect(actionErrors('action.yml', readFileSync(join(PROJECT_ROOT, 'action.yml'), 'utf8'))).toEqual([]);
  });

  const workflows = readdirSync(join(PROJECT_ROOT, '.github/workflows')).filter((f) => /\.ya?ml$/.test(f));
  it.each(workflows)('.github/workflows/%s', (file) => {
    expect(workflowErrors(file, readFileSync(join(PROJECT_ROOT, '.github/workflows', file), 'utf8'))).toEqual([]);
  });

  const blocks = markdown.flatMap(yamlBlocks);
  it('finds the documented workflows', () => {
    // The README's Quick start, matrix, fork and pull-request workflows at least.
    expect(blocks.filter((b) => b.where.startsWith('README.md') && b.kind === 'workflow').length).toBeGreaterThanOrEqual(4);
  });
  it('finds the notification recipes (docs/notifications.md: Slack and Teams steps, the digest workflow)', () => {
    expect(blocks.filter((b) => b.where.startsWith('docs/notifications.md')).map((b) => b.kind)).toEqual(['steps', 'steps', 'workflow']);
  });
  it.each(blocks.map((b) => [b.where, b] as const))('the workflow in %s', (_where, block) => {
    expect(workflowErrors(block.where, block.kind === 'workflow' ? block.text : asWorkflow(block.text))).toEqual([]);
  });
});

interface CiStep {
  id?: string;
  uses?: string;
  run?: string;
  with?: Record<string, string>;
  'continue-on-error'?: boolean;
}

describe('our own CI (.github/workflows/ci.yml)', () => {
  const ci = parse(readFileSync(join(PROJECT_ROOT, '.github/workflows/ci.yml'), 'utf8')) as { jobs: Record<string, { permissions?: Record<string, string>; steps: CiStep[] }> };

  it('keeps the plain .ci/run job', () => {
    expect(Object.values(ci.jobs).some((job) => job.steps.some((s) => s.run === 'bash .ci/run'))).toBe(true);
  });

  it("runs the suite under this repository's own action, as the README's Quick start runs a suite", () => {
    const jobs = Object.values(ci.jobs).filter((job) => job.steps.some((s) => s.uses === './'));
    expect(jobs).toHaveLength(1);
    const job = jobs[0]!;
    const action = job.steps.find((s) => s.uses === './')!;
    expect(['vitest', 'auto']).toContain(action.with?.rerun);
    expect(action.with?.['data-branch']).toBe('flakeguard-data');
    // test-outcome is the outcome of the step that ran the tests: an earlier step, with continue-on-error, writing JUnit.
    const id = /^\$\{\{ steps\.([\w-]+)\.outcome \}\}$/.exec(action.with?.['test-outcome'] ?? '')?.[1];
    const tests = job.steps.find((s) => s.id === id);
    expect(tests, `the step ${id}`).toBeDefined();
    expect(job.steps.indexOf(tests!)).toBeLessThan(job.steps.indexOf(action));
    expect(tests!['continue-on-error']).toBe(true);
    expect(tests!.run).toMatch(/--reporter=junit .*--outputFile=reports\/junit\.xml/);
    expect(action.with?.reports).toBe('reports/**/*.xml');
    expect(job.permissions).toMatchObject({ contents: 'write', checks: 'write', 'pull-requests': 'write' });
  });
});

describe('and refuses what GitHub refuses', () => {
  it('a misspelt key, a missing runs-on, a compact mapping in a name', () => {
    expect(workflowErrors('bad.yml', 'on: push\njobs:\n  a:\n    runs-onn: ubuntu-latest\n    steps:\n      - run: x\n')).toEqual(
      expect.arrayContaining([expect.stringContaining("Unexpected value 'runs-onn'"), expect.stringContaining('Required property is missing: runs-on')]),
    );
    expect(workflowErrors('bad.yml', 'on: push\njobs:\n  a:\n    runs-on: ubuntu-latest\n    steps:\n      - name: Tests (here: a colon)\n        run: x\n')).toEqual([
      expect.stringContaining('Nested mappings are not allowed in compact mappings'),
    ]);
  });

  it('an action whose description names a context actions cannot read, or an unknown runtime', () => {
    const action = (description: string, using: string) => `name: x\ndescription: x\ninputs:\n  a:\n    description: "${description}"\nruns:\n  using: ${using}\n  main: a.js\n`;
    expect(actionErrors('a.yml', action('e.g. ${{ secrets.KEY }}', 'node24'))).toEqual([expect.stringContaining("Unrecognized named-value: 'secrets'")]);
    expect(actionErrors('a.yml', action('plain', 'node99'))).toEqual([expect.stringContaining("Unexpected value 'node99'")]);
    expect(actionErrors('a.yml', action('plain', 'node24'))).toEqual([]);
  });
});
