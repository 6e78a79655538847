/**
 * End-to-end harness for the runner presets: copies a real project of test/fixtures/rerun-projects/ to a temporary
 * folder, runs its runner as a user would to get the original JUnit report, builds the preset's commands for the
 * failed tests, runs them WITHOUT a shell in the project (as the re-run core does), and parses both reports with
 * flakeguard's own parser.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect } from 'vitest';
import type { ParsedTestCase } from '../../../src/model.ts';
import { parseReportFiles } from '../../../src/junit/index.ts';
import type { RerunCommand, RerunPreset } from '../../../src/rerun/contract.ts';
// What the core hands a preset for a test of the original report.
import { rerunTestOf } from '../../../src/rerun/plan.ts';

export const REPO = resolve(import.meta.dirname, '../../..');
const FIXTURES = join(REPO, 'test/fixtures/rerun-projects');

export interface Project {
  dir: string;
  /** Where the fixture's flaky tests keep their run counts (FLAKY_STATE_DIR). */
  state: string;
  env: NodeJS.ProcessEnv;
  cleanup(): void;
}

/**
 * A fresh copy of a fixture project. `nodeModules` links the repository's node_modules into it (the runner as a
 * devDependency of the project). The environment is this process's, without the outer vitest's own variables.
 */
export function copyProject(name: string, opts: { nodeModules?: boolean; env?: Record<string, string> } = {}): Project {
  const root = mkdtempSync(join(tmpdir(), `flakeguard-rerun-${name.replace(/\//g, '-')}-`));
  const dir = join(root, 'project');
  cpSync(join(FIXTURES, name), dir, { recursive: true });
  if (opts.nodeModules) symlinkSync(join(REPO, 'node_modules'), join(dir, 'node_modules'), 'dir');
  const state = join(root, 'state');
  mkdirSync(state);
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (/^(VITEST|TINYPOOL|JEST_|MOCHA_)/.test(k) || k === 'NODE_ENV' || k === 'TEST') continue;
    env[k] = v;
  }
  env.FLAKY_STATE_DIR = state;
  env.PATH = `${join(REPO, 'node_modules/.bin')}:${process.env.PATH ?? ''}`;
  Object.assign(env, opts.env ?? {});
  return { dir, state, env, cleanup: () => rmSync(root, { recursive: true, force: true }) };
}

export interface Ran {
  status: number | null;
  output: string;
}

/** Runs argv without a shell in the project. */
export function run(p: Project, argv: readonly string[], extraEnv: Record<string, string> = {}): Ran {
  const r = spawnSync(argv[0]!, argv.slice(1), {
    cwd: p.dir,
    env: { ...p.env, ...extraEnv },
    encoding: 'utf8',
    shell: false,
    timeout: 120_000,
    maxBuffer: 64 * 1024 * 1024,
  });
  if (r.error) throw r.error;
  return { status: r.status, output: `${r.stdout}\n${r.stderr}` };
}

export async function parse(p: Project, report: string): Promise<ParsedTestCase[]> {
  const parsed = await parseReportFiles([report], { workspace: p.dir });
  expect(parsed.problems, `problems reading ${report}`).toEqual([]);
  return parsed.tests;
}

const last = (t: ParsedTestCase) => t.attempts[t.attempts.length - 1]!.status;
/** Tests whose last attempt failed or errored. */
export const failedOf = (tests: readonly ParsedTestCase[]) => tests.filter((t) => last(t) === 'failed' || last(t) === 'error');
/** Tests that ran (some attempt neither skipped nor not run). */
export const ranOf = (tests: readonly ParsedTestCase[]) => tests.filter((t) => t.attempts.some((a) => a.status !== 'skipped'));

export interface RerunOutcome {
  original: ParsedTestCase[];
  failed: ParsedTestCase[];
  commands: RerunCommand[];
  rerun: ParsedTestCase[];
  outputs: string[];
}

/**
 * The whole story: the original run (already done by the caller, report at `originalReport`), then the preset's
 * commands for its failed tests, then the re-run report. Checks what every preset must do: the same ids, only the
 * selected tests ran, each passed (the fixtures' flaky tests pass on their second run), and the hostile names ran
 * nothing. A later `round` re-runs them again (they keep passing) into a report of its own.
 */
export async function rerunFailed(
  p: Project,
  preset: RerunPreset,
  originalReport: string,
  expectedFailed: readonly string[],
  round = 1,
  /** Tests the preset may run besides the failed ones (a superset it documents); all must pass. */
  mayAlsoRun: (t: ParsedTestCase) => boolean = () => false,
): Promise<RerunOutcome> {
  const pwnedBefore = existsSync('/tmp/pwned');
  const original = await parse(p, originalReport);
  const failed = failedOf(original);
  expect(failed.map((t) => t.id).sort()).toEqual([...expectedFailed].sort());

  const reportPath = join(p.dir, '..', 'rerun', `round-${round}.xml`);
  mkdirSync(join(p.dir, '..', 'rerun'), { recursive: true });
  const commands = preset.commands(failed.map(rerunTestOf), reportPath, round);
  const outputs: string[] = [];
  for (const c of commands) outputs.push(run(p, c.argv, c.env ?? {}).output);
  expect(existsSync(reportPath), `no re-run report; output:\n${outputs.join('\n')}`).toBe(true);
  const rerun = await parse(p, reportPath);

  const failedIds = new Set(failed.map((t) => t.id));
  const ran = ranOf(rerun);
  // Every failed test ran again, and only those (besides a documented superset), with the ids of the original
  // report …
  const extra = ran.filter((t) => !failedIds.has(t.id));
  expect(
    ran
      .filter((t) => failedIds.has(t.id))
      .map((t) => t.id)
      .sort(),
    outputs.join('\n'),
  ).toEqual([...failedIds].sort());
  expect(
    extra.filter((t) => !mayAlsoRun(t)).map((t) => t.id),
    outputs.join('\n'),
  ).toEqual([]);
  // … every id of the re-run report is one of the original report …
  const originalIds = new Set(original.map((t) => t.id));
  for (const t of rerun) expect(originalIds.has(t.id), `unknown id in re-run report: ${t.id}`).toBe(true);
  // … and each flaky test passed this time.
  for (const t of ran)
    expect(
      t.attempts.map((a) => a.status),
      t.id,
    ).toEqual(['passed']);

  // The hostile names ran nothing: no file from `$(touch /tmp/pwned)`, `; touch pwned-…`, backticks.
  if (!pwnedBefore) expect(existsSync('/tmp/pwned'), '/tmp/pwned was created').toBe(false);
  const strays = readdirSync(p.dir).filter((f) => f.startsWith('pwned'));
  expect(strays).toEqual([]);
  return { original, failed, commands, rerun, outputs };
}

/**
 * The executions of each test in a report, in the report's order: a report that lists one test several times is
 * read by the parser either as attempts of one test or as twins (`<id> [k]`, docs/test-ids.md); both come back here
 * under the test's own id.
 */
export function executionsOf(tests: readonly ParsedTestCase[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const t of tests) {
    const id = t.twin !== undefined ? t.id.replace(/ \[\d+\]$/, '') : t.id;
    const list = out.get(id) ?? [];
    list.push(...t.attempts.map((a) => a.status));
    out.set(id, list);
  }
  return out;
}

/**
 * A round with `repeat` executions per test in one process: the original run's failed tests (`expected`, by id) are
 * given to the preset with PresetOptions.repeat, and the report must list exactly the executions `expected` gives
 * for each, in order, with the original ids; nothing else ran (besides `mayAlsoRun`), and the hostile names ran
 * nothing.
 */
export async function rerunRepeated(
  p: Project,
  preset: RerunPreset,
  originalReport: string,
  expected: Readonly<Record<string, readonly string[]>>,
  repeat: number,
  mayAlsoRun: (t: ParsedTestCase) => boolean = () => false,
): Promise<{ commands: RerunCommand[]; rerun: ParsedTestCase[]; outputs: string[] }> {
  const pwnedBefore = existsSync('/tmp/pwned');
  const original = await parse(p, originalReport);
  const failed = failedOf(original);
  expect(failed.map((t) => t.id).sort()).toEqual(Object.keys(expected).sort());

  const reportPath = join(p.dir, '..', 'rerun', 'repeat.xml');
  mkdirSync(join(p.dir, '..', 'rerun'), { recursive: true });
  const commands = preset.commands(failed.map(rerunTestOf), reportPath, 1, { repeat });
  const outputs: string[] = [];
  for (const c of commands) outputs.push(run(p, c.argv, c.env ?? {}).output);
  expect(existsSync(reportPath), `no re-run report; output:\n${outputs.join('\n')}`).toBe(true);
  const rerun = await parse(p, reportPath);

  const executions = executionsOf(ranOf(rerun));
  const asked = new Map([...executions].filter(([id]) => id in expected));
  expect(Object.fromEntries(asked), outputs.join('\n')).toEqual(expected);
  const extra = ranOf(rerun).filter((t) => !(t.id.replace(/ \[\d+\]$/, '') in expected) && !mayAlsoRun(t));
  expect(
    extra.map((t) => t.id),
    outputs.join('\n'),
  ).toEqual([]);
  const originalIds = new Set(original.map((t) => t.id));
  for (const id of executionsOf(rerun).keys()) expect(originalIds.has(id), `unknown id in re-run report: ${id}`).toBe(true);

  if (!pwnedBefore) expect(existsSync('/tmp/pwned'), '/tmp/pwned was created').toBe(false);
  expect(readdirSync(p.dir).filter((f) => f.startsWith('pwned'))).toEqual([]);
  return { commands, rerun, outputs };
}
