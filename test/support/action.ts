/**
 * Runs the bundled action the way a GitHub runner does: `node dist/index.js` under Node 24, with INPUT_*,
 * GITHUB_* variables, GITHUB_OUTPUT / GITHUB_STEP_SUMMARY files and an event payload, in a workspace cloned from
 * a local bare repository that plays the user's GitHub repository.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const PROJECT_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
/** The bundle under test; FLAKEGUARD_DIST points elsewhere, e.g. at a build of another work tree. */
export const DIST_ENTRY = process.env.FLAKEGUARD_DIST ?? join(PROJECT_ROOT, 'dist/index.js');
/** The Node 24 of the `node` devDependency: GitHub runs actions on Node 24. */
export const NODE24 = join(PROJECT_ROOT, 'node_modules/node/bin/node');

export function git(cwd: string, args: string[], env: Record<string, string> = {}): Promise<string> {
  return new Promise((res, rej) => {
    execFile('git', args, { cwd, env: { ...process.env, GIT_TERMINAL_PROMPT: '0', ...env }, maxBuffer: 64 << 20 }, (error, stdout, stderr) => {
      if (error) rej(new Error(`git ${args.join(' ')}: ${stderr || error.message}`));
      else res(stdout);
    });
  });
}

const IDENTITY = { GIT_AUTHOR_NAME: 'Dev', GIT_AUTHOR_EMAIL: 'dev@example.com', GIT_COMMITTER_NAME: 'Dev', GIT_COMMITTER_EMAIL: 'dev@example.com' };

/** git's author and committer dates at `ms`, or nothing (git's own clock). */
function gitDates(ms: number | undefined): Record<string, string> {
  if (ms === undefined) return {};
  const at = `@${Math.floor(ms / 1000)} +0000`;
  return { GIT_AUTHOR_DATE: at, GIT_COMMITTER_DATE: at };
}

export interface ActionRun {
  exitCode: number | null;
  stdout: string;
  stderr: string;
  outputs: Record<string, string>;
  summary: string;
  /** Milliseconds from spawn to exit: for information only. Never assert on it (a loaded machine is slow). */
  ms: number;
}

/** Parses the GITHUB_OUTPUT file format (`name<<delimiter` blocks, or `name=value`). */
export function parseOutputFile(text: string): Record<string, string> {
  const outputs: Record<string, string> = {};
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const heredoc = /^([^=<]+)<<(.+)$/.exec(line);
    if (heredoc) {
      const [, name, delimiter] = heredoc;
      const value: string[] = [];
      for (i++; i < lines.length && lines[i] !== delimiter; i++) value.push(lines[i]!);
      outputs[name!] = value.join('\n');
    } else if (line.includes('=')) {
      outputs[line.slice(0, line.indexOf('='))] = line.slice(line.indexOf('=') + 1);
    }
  }
  return outputs;
}

export interface RunOptions {
  inputs?: Record<string, string>;
  env?: Record<string, string>;
  event?: Record<string, unknown>;
  runId?: number;
  runAttempt?: number;
  sha?: string;
  ref?: string;
  eventName?: string;
  job?: string;
  /** Called with the action's process once it is spawned (to signal it, as a runner cancelling the step does). */
  onSpawn?: (child: ChildProcess) => void;
  /** Another bundle than DIST_ENTRY (a benchmark comparing two builds). */
  entry?: string;
}

export class World {
  private runCounter = 0;
  readonly root: string;
  readonly remote: string;
  readonly workspace: string;

  private constructor(root: string, remote: string, workspace: string) {
    this.root = root;
    this.remote = remote;
    this.workspace = workspace;
  }

  /** A bare "GitHub" repository with a main branch, and a workspace cloned from it; `date` (ms) dates its first commit. */
  static async create(options: { date?: number } = {}): Promise<World> {
    const root = await mkdtemp(join(tmpdir(), 'flakeguard-world-'));
    const remote = join(root, 'remote.git');
    const workspace = join(root, 'workspace');
    await git(root, ['init', '-q', '--bare', '-b', 'main', remote]);
    await git(root, ['init', '-q', '-b', 'main', workspace]);
    await writeFile(join(workspace, 'README.md'), '# user project\n');
    await git(workspace, ['add', '-A']);
    await git(workspace, ['commit', '-q', '-m', 'initial'], { ...IDENTITY, ...gitDates(options.date) });
    await git(workspace, ['remote', 'add', 'origin', remote]);
    await git(workspace, ['push', '-q', 'origin', 'main']);
    await git(workspace, ['branch', '-q', '--set-upstream-to=origin/main', 'main']);
    await mkdir(join(root, 'runner'), { recursive: true });
    return new World(root, remote, workspace);
  }

  async writeReport(path: string, xml: string): Promise<void> {
    await mkdir(dirname(join(this.workspace, path)), { recursive: true });
    await writeFile(join(this.workspace, path), xml);
  }

  async removeReports(dir = 'reports'): Promise<void> {
    await rm(join(this.workspace, dir), { recursive: true, force: true });
  }

  /** A new commit on the workspace's main branch, pushed: the next run tests another SHA. `date` (ms) dates it. */
  async commit(message: string, options: { date?: number } = {}): Promise<string> {
    await git(this.workspace, ['commit', '-q', '--allow-empty', '-m', message], { ...IDENTITY, ...gitDates(options.date) });
    await git(this.workspace, ['push', '-q', 'origin', 'main']);
    return this.headSha();
  }

  async headSha(): Promise<string> {
    return (await git(this.workspace, ['rev-parse', 'HEAD'])).trim();
  }

  /** Runs dist/index.js as the runner would for one step. */
  async run(options: RunOptions = {}): Promise<ActionRun> {
    const n = ++this.runCounter;
    const runner = join(this.root, 'runner', `step-${n}`);
    await mkdir(join(runner, 'temp'), { recursive: true });
    const outputFile = join(runner, 'output');
    const summaryFile = join(runner, 'summary');
    const eventFile = join(runner, 'event.json');
    await writeFile(outputFile, '');
    await writeFile(summaryFile, '');
    const event = options.event ?? { repository: { default_branch: 'main', full_name: 'octo/project' } };
    await writeFile(eventFile, JSON.stringify(event));
    const inputs = { reports: 'reports/**/*.xml', token: '', 'check-run': 'false', ...options.inputs };
    const env: Record<string, string> = {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? this.root,
      CI: 'true',
      GITHUB_ACTIONS: 'true',
      GITHUB_WORKSPACE: this.workspace,
      GITHUB_REPOSITORY: 'octo/project',
      GITHUB_REPOSITORY_OWNER: 'octo',
      GITHUB_SERVER_URL: 'https://github.com',
      GITHUB_API_URL: 'http://127.0.0.1:9',
      GITHUB_RUN_ID: String(options.runId ?? 1000 + n),
      GITHUB_RUN_ATTEMPT: String(options.runAttempt ?? 1),
      GITHUB_RUN_NUMBER: String(n),
      GITHUB_JOB: options.job ?? 'test',
      GITHUB_WORKFLOW: 'CI',
      GITHUB_ACTION: 'flakeguard',
      GITHUB_EVENT_NAME: options.eventName ?? 'push',
      GITHUB_EVENT_PATH: eventFile,
      GITHUB_SHA: options.sha ?? (await this.headSha()),
      GITHUB_REF: options.ref ?? 'refs/heads/main',
      GITHUB_REF_NAME: (options.ref ?? 'refs/heads/main').replace(/^refs\/heads\//, ''),
      GITHUB_OUTPUT: outputFile,
      GITHUB_STEP_SUMMARY: summaryFile,
      RUNNER_TEMP: join(runner, 'temp'),
      RUNNER_OS: 'Linux',
      ...options.env,
    };
    for (const [name, value] of Object.entries(inputs)) env[`INPUT_${name.replace(/ /g, '_').toUpperCase()}`] = value;
    const started = Date.now();
    const child = spawn(NODE24, [options.entry ?? DIST_ENTRY], { cwd: this.workspace, env, stdio: ['ignore', 'pipe', 'pipe'] });
    options.onSpawn?.(child);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const exitCode = await new Promise<number | null>((res) => child.on('close', (code) => res(code)));
    return {
      exitCode,
      stdout,
      stderr,
      outputs: parseOutputFile(await readFile(outputFile, 'utf8')),
      summary: await readFile(summaryFile, 'utf8'),
      ms: Date.now() - started,
    };
  }

  /** Files of the data branch on the remote, path → text. */
  async dataFiles(branch = 'flakeguard-data'): Promise<Map<string, string>> {
    const files = new Map<string, string>();
    const list = (await git(this.remote, ['ls-tree', '-r', '--name-only', branch])).split('\n').filter(Boolean);
    for (const path of list) files.set(path, await git(this.remote, ['show', `${branch}:${path}`]));
    return files;
  }

  async dataCommits(branch = 'flakeguard-data'): Promise<string[]> {
    return (await git(this.remote, ['log', '--format=%H', branch])).split('\n').filter(Boolean);
  }

  async branchExists(branch: string): Promise<boolean> {
    return (await git(this.remote, ['branch', '--list', branch])).trim() !== '';
  }

  /**
   * A person's edit of one data-branch file, pushed as a normal commit (as GitHub's web editor does). When the
   * branch moved meanwhile, the person reloads and makes the same edit again.
   */
  async editDataFile(path: string, edit: (text: string) => string, branch = 'flakeguard-data', tries = 20): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      const clone = join(this.root, `edit-${Date.now()}-${Math.random().toString(36).slice(2)}`);
      try {
        await git(this.root, ['clone', '-q', '--depth=1', '-b', branch, this.remote, clone]);
        const file = join(clone, path);
        const before = existsSync(file) ? await readFile(file, 'utf8') : '';
        await mkdir(dirname(file), { recursive: true });
        await writeFile(file, edit(before));
        await git(clone, ['add', '-A'], IDENTITY);
        await git(clone, ['commit', '-q', '-m', `edit ${path}`], IDENTITY);
        await git(clone, ['push', '-q', 'origin', branch]);
        return;
      } catch (error) {
        if (attempt >= tries) throw error;
        await new Promise((r) => setTimeout(r, 50 + Math.random() * 200));
      } finally {
        await rm(clone, { recursive: true, force: true });
      }
    }
  }

  async dispose(): Promise<void> {
    await rm(this.root, { recursive: true, force: true });
  }
}

/* ---------- report builders ---------- */

export interface CaseSpec {
  classname?: string;
  name: string;
  /** Attempts in order: 'P' pass, 'F' failure, 'E' error, 'S' skipped. Repeated testcases model retries. */
  attempts?: string;
  message?: string;
  file?: string;
  line?: number;
}

function xmlAttr(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;').replace(/>/g, '&gt;');
}

/** A JUnit report in the common Surefire/pytest shape; retries become repeated testcase elements. */
export function junitXml(cases: CaseSpec[], options: { suite?: string; timestamp?: string } = {}): string {
  const body: string[] = [];
  for (const c of cases) {
    for (const a of c.attempts ?? 'P') {
      const attrs = [`classname="${xmlAttr(c.classname ?? 'pkg.Suite')}"`, `name="${xmlAttr(c.name)}"`, 'time="0.01"'];
      if (c.file) attrs.push(`file="${xmlAttr(c.file)}"`);
      if (c.line) attrs.push(`line="${c.line}"`);
      const message = xmlAttr(c.message ?? 'assertion failed');
      const inner =
        a === 'F'
          ? `<failure message="${message}" type="AssertionError">${message}</failure>`
          : a === 'E'
            ? `<error message="${message}" type="Error">${message}</error>`
            : a === 'S'
              ? '<skipped/>'
              : '';
      body.push(`    <testcase ${attrs.join(' ')}>${inner}</testcase>`);
    }
  }
  const ts = options.timestamp ? ` timestamp="${options.timestamp}"` : '';
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites>\n  <testsuite name="${xmlAttr(options.suite ?? 'suite')}" tests="${body.length}"${ts}>\n${body.join('\n')}\n  </testsuite>\n</testsuites>\n`;
}

/**
 * A stats file with the test's `override` set as a person sets it: on its line when it has one, else on a line they
 * add (schema 3 writes no line for a test with nothing to say, docs/data-branch.md). `value` is JSON text.
 */
export function setOverride(text: string, id: string, value: string): string {
  const key = JSON.stringify(id);
  const escaped = key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const onLine = new RegExp(`^(${escaped}: \\{"override":)null`, 'm');
  if (onLine.test(text)) return text.replace(onLine, `$1${value}`);
  if (text.trim() === '') return `{"schema": 3, "tests": {\n${key}: {"override":${value}}\n}}\n`;
  return text.replace(/\n\}\}\n?$/, `,\n${key}: {"override":${value}}\n}}\n`);
}
