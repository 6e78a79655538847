/**
 * The copy-paste workflows of the README, read from the README itself, so that the dist-level tests play the
 * workflows users copy (and fail when the README changes in a way the action does not follow).
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parse } from 'yaml';
import { PROJECT_ROOT } from '../action.ts';

export interface Step {
  name?: string;
  id?: string;
  uses?: string;
  run?: string;
  with?: Record<string, string | number | boolean>;
  'continue-on-error'?: boolean;
}

export interface Job {
  'runs-on'?: string;
  needs?: string | string[];
  if?: string;
  permissions?: Record<string, string>;
  strategy?: { matrix?: Record<string, unknown[]>; 'fail-fast'?: boolean };
  steps: Step[];
}

export interface Workflow {
  name: string;
  on: unknown;
  permissions?: Record<string, string>;
  jobs: Record<string, Job>;
}

export interface ReadmeWorkflow {
  /** The heading the block is under: `Quick start`, `A matrix: each job saves its own results`, ... */
  heading: string;
  /** The file named in the block's first line: `.github/workflows/test.yml`. */
  file: string;
  workflow: Workflow;
}

/** Every ```yaml block of the README that starts with `# .github/workflows/<file>`. */
export async function readmeWorkflows(): Promise<ReadmeWorkflow[]> {
  const text = await readFile(join(PROJECT_ROOT, 'README.md'), 'utf8');
  const found: ReadmeWorkflow[] = [];
  let heading = '';
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const h = /^#{2,4} (.+)$/.exec(lines[i]!);
    if (h) heading = h[1]!.trim();
    if (lines[i] !== '```yaml') continue;
    const body: string[] = [];
    for (i++; i < lines.length && lines[i] !== '```'; i++) body.push(lines[i]!);
    const file = /^# (\.github\/workflows\/\S+)/.exec(body[0] ?? '');
    if (file) found.push({ heading, file: file[1]!, workflow: parse(body.join('\n')) as Workflow });
  }
  return found;
}

/** The README workflow under the heading that starts with `heading`. */
export async function readmeWorkflow(heading: string, file?: string): Promise<Workflow> {
  const all = await readmeWorkflows();
  const match = all.filter((w) => w.heading.startsWith(heading) && (file === undefined || w.file === file));
  if (match.length !== 1) throw new Error(`expected one README workflow under '${heading}'${file ? ` in ${file}` : ''}, found ${match.length}`);
  return match[0]!.workflow;
}

/** The flakeguard step of a job (the only step that uses the action). */
export function flakeguardStep(job: Job): Step {
  const steps = job.steps.filter((s) => s.uses?.startsWith('flakeguard/flakeguard@'));
  if (steps.length !== 1) throw new Error(`expected one flakeguard step, found ${steps.length}`);
  return steps[0]!;
}

/** Every combination of a matrix (no include/exclude), in GitHub's order. */
export function matrixCombinations(matrix: Record<string, unknown[]>): Array<Record<string, unknown>> {
  let combos: Array<Record<string, unknown>> = [{}];
  for (const [key, values] of Object.entries(matrix)) {
    combos = combos.flatMap((c) => values.map((v) => ({ ...c, [key]: v })));
  }
  return combos;
}

/** `toJSON(matrix)` as GitHub renders it: pretty-printed with two spaces. */
export function toJSON(value: unknown): string {
  return JSON.stringify(value, null, 2);
}

/**
 * The step's `with:` with every `${{ expression }}` replaced from `context` (expression text → value). An
 * expression the test did not provide is an error: the README uses something the test does not play.
 */
export function stepInputs(step: Step, context: Record<string, string>): Record<string, string> {
  const inputs: Record<string, string> = {};
  for (const [name, raw] of Object.entries(step.with ?? {})) {
    // The workspaces of these tests hold reports, not a project: there is nothing to re-run (the `rerun` presets are
    // tested for real in test/rerun/presets, a custom command end to end in test/e2e/rerun.test.ts).
    if (name === 'rerun') continue;
    inputs[name] = String(raw).replace(/\$\{\{\s*(.+?)\s*\}\}/g, (_, expr: string) => {
      if (!(expr in context)) throw new Error(`the README's ${name}: uses \${{ ${expr} }}, which this test does not provide`);
      return context[expr]!;
    });
  }
  return inputs;
}
