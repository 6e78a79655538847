/**
 * Helpers for the dist-level report tests (test/e2e/report-*.test.ts): the bundled action run against the local
 * GitHub fake, and a parser of the workflow commands it wrote to stdout.
 */
import { expect } from 'vitest';
import type { ActionRun, CaseSpec, RunOptions, World } from '../support/action.ts';
import { startGitHubFake, type FakeGitHub } from '../support/github-fake/index.ts';

export const FAKE_TOKEN = 'ghs_e2eFakeT0ken_f1akeguard_0123456789';
export const OWNER = 'octo';
export const REPO = 'project';

export function startFake(): Promise<FakeGitHub> {
  return startGitHubFake({ owner: OWNER, repo: REPO, token: FAKE_TOKEN });
}

/** Runs the action with a token for the fake and check runs on (unless the options say otherwise). */
export function runWithApi(world: World, gh: FakeGitHub, options: RunOptions = {}): Promise<ActionRun> {
  return world.run({
    ...options,
    inputs: { token: FAKE_TOKEN, 'check-run': 'true', ...options.inputs },
    env: { GITHUB_API_URL: gh.url, ...options.env },
  });
}

/**
 * The requests a run made of the fake, but the one that opens the API's connection while git pushes (`GET
 * /rate_limit`, which costs no quota; docs/adr/0390-api-connection-opened-while-git-pushes.md): it may arrive before
 * or after the check run's first request, and says nothing of what the run published.
 */
export function apiCalls(gh: FakeGitHub): FakeGitHub['requests'] {
  return gh.requests.filter((r) => r.operationId !== 'rate-limit/get');
}

export function expectOutcome(run: ActionRun, outcome: 'success' | 'failure'): void {
  expect(run.outputs.outcome, `stdout:\n${run.stdout}\nstderr:\n${run.stderr}`).toBe(outcome);
  expect(run.exitCode).toBe(outcome === 'success' ? 0 : 1);
}

export interface WorkflowCommand {
  name: string;
  props: Record<string, string>;
  /** Unescaped. */
  data: string;
  line: string;
}

const COMMANDS = new Set(['error', 'warning', 'notice', 'debug', 'group', 'endgroup', 'add-mask']);
const PROPS = new Set(['title', 'file', 'line', 'endLine', 'col', 'endColumn']);

function unescape(value: string): string {
  return value.replace(/%0D/g, '\r').replace(/%0A/g, '\n').replace(/%3A/g, ':').replace(/%2C/g, ',').replace(/%25/g, '%');
}

/**
 * Every workflow command in `stdout` (a line starting with `::` after leading blanks, as the runner reads them),
 * and every problem: a malformed or unexpected command, an unknown or repeated property, a `::` in a plain line,
 * the legacy `##[` anywhere, a carriage return (the runner splits lines on it too).
 */
export function workflowCommands(stdout: string): { commands: WorkflowCommand[]; problems: string[] } {
  const commands: WorkflowCommand[] = [];
  const problems: string[] = [];
  if (stdout.includes('\r')) problems.push('carriage return in stdout');
  for (const line of stdout.split('\n')) {
    const shown = JSON.stringify(line.slice(0, 200));
    if (line.includes('##[')) problems.push(`legacy command syntax '##[' in ${shown}`);
    const trimmed = line.trimStart();
    if (!trimmed.startsWith('::')) {
      if (line.includes('::')) problems.push(`'::' in a plain log line: ${shown}`);
      continue;
    }
    const m = /^::([A-Za-z-]+)(?: ([^:]*))?::(.*)$/.exec(trimmed);
    if (!m) {
      problems.push(`malformed workflow command: ${shown}`);
      continue;
    }
    const [, name, rawProps, data] = m;
    if (!COMMANDS.has(name!)) problems.push(`unexpected command '${name}': ${shown}`);
    const props: Record<string, string> = {};
    for (const pair of rawProps ? rawProps.split(',') : []) {
      const eq = pair.indexOf('=');
      const key = eq < 0 ? pair : pair.slice(0, eq);
      if (!PROPS.has(key)) problems.push(`unexpected property '${key}' in ${shown}`);
      if (key in props) problems.push(`repeated property '${key}' in ${shown}`);
      props[key] = unescape(eq < 0 ? '' : pair.slice(eq + 1));
    }
    commands.push({ name: name!, props, data: unescape(data!), line: trimmed });
  }
  return { commands, problems };
}

/** Cases for a report: `count` tests named `${prefix}${i}` with the given attempts; files on all but every tenth. */
export function many(prefix: string, count: number, attempts: string, message = 'expected true to be false'): CaseSpec[] {
  return Array.from({ length: count }, (_, i) => ({
    classname: 'app.Suite',
    name: `${prefix}${i}`,
    attempts,
    message: `${message} (${prefix}${i})`,
    ...(i % 10 === 9 ? {} : { file: `tests/${prefix}.test.ts`, line: i + 1 }),
  }));
}
