/**
 * Running git: one process per command, its failure as a GitError with what git printed, and what a failed push's
 * output says (a lost race, a refusal for good, the lines a person needs).
 */
import { execFile } from 'node:child_process';

/** A git command that failed, with what it printed. */
export class GitError extends Error {
  readonly stderr: string;
  readonly exitCode: number | null;
  /** What git printed on stdout: `push --porcelain` reports each ref's fate there (`[remote rejected] … (hook declined)`). */
  readonly stdout: string;
  constructor(message: string, stderr: string, exitCode: number | null, stdout = '') {
    super(message);
    this.stderr = stderr;
    this.exitCode = exitCode;
    this.stdout = stdout;
  }
}

export interface GitOptions {
  /** Extra environment, e.g. GIT_CONFIG_* entries carrying the auth header. */
  env?: Record<string, string>;
  timeoutMs?: number;
  /** Written to git's standard input (pieces in order: a large input is never copied into one buffer). */
  input?: string | Buffer | ReadonlyArray<string | Buffer>;
}

export function runGit(cwd: string, args: string[], options: GitOptions = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      'git',
      args,
      {
        cwd,
        env: { ...process.env, GIT_TERMINAL_PROMPT: '0', LC_ALL: 'C', ...options.env },
        maxBuffer: 256 * 1024 * 1024,
        timeout: options.timeoutMs ?? 120_000,
      },
      (error, stdout, stderr) => {
        if (error) {
          const code = typeof error.code === 'number' ? error.code : null;
          reject(new GitError(`git ${args[0]} failed: ${stderr.trim() || error.message}`, stderr, code, String(stdout)));
        } else {
          resolve(stdout);
        }
      },
    );
    writeInput(child.stdin, options.input);
  });
}

function writeInput(stdin: NodeJS.WritableStream | null, input: GitOptions['input']): void {
  if (input === undefined || !stdin) return;
  stdin.on('error', () => undefined); // git exited early: its exit code and stderr say why
  if (typeof input === 'string' || Buffer.isBuffer(input)) {
    stdin.end(input);
    return;
  }
  for (const piece of input as ReadonlyArray<string | Buffer>) stdin.write(piece);
  stdin.end();
}

/** `env` with one more git config entry (GIT_CONFIG_COUNT / KEY / VALUE, as authEnv sets them). */
export function withConfig(env: Record<string, string>, key: string, value: string): Record<string, string> {
  const n = Number(env.GIT_CONFIG_COUNT ?? 0);
  return { ...env, GIT_CONFIG_COUNT: String(n + 1), [`GIT_CONFIG_KEY_${n}`]: key, [`GIT_CONFIG_VALUE_${n}`]: value };
}

/**
 * A push the server refuses for good, not because another writer got there first: a hook or a rule declined it,
 * the branch is protected, the token may not push. Retrying cannot help, so it is not retried.
 */
export function isPermanentRefusal(stderr: string): boolean {
  return (
    refusalOf(stderr) !== undefined ||
    /hook declined|GH0\d\d|protected branch|repository rule violations|permission to \S+ denied|returned error: 40[13]|authentication failed|deny(?:ing)? (?:updating|deleting|non-fast-forward|current branch)|not allowed to (?:push|create|update|delete)|write access to repository not granted/i.test(
      stderr,
    )
  );
}

/**
 * Why the remote refused a push for good, when git's output says it: the token may not write to the repository
 * (`permission`: HTTP 403, "Permission to … denied", "write access … not granted"), the branch is protected or ruled
 * (`protected`: GH006, GH013, "protected branch hook declined", "repository rule violations"), or the token may not
 * change workflow files (`workflow`). Each has its own fix (docs/adr/0442-refused-push-named-with-its-fix.md).
 */
export type RefusalKind = 'permission' | 'protected' | 'workflow';

const REFUSALS: ReadonlyArray<[RefusalKind, RegExp]> = [
  ['workflow', /refusing to allow an? (?:GitHub App|OAuth App|Personal Access Token|integration)[^\n]* to create or update workflow/i],
  ['permission', /permission to \S+ denied|returned error: 403|\b403 Forbidden|write access to repository not granted|resource not accessible by integration/i],
  ['protected', /\bGH0(?:06|13)\b|protected branch|repository rule violations/i],
];

/** The kind of a permanent refusal, and the one line of git's output that says it (prefixes and controls cut, at most 240 characters). */
export function refusalOf(output: string): { kind: RefusalKind; detail: string } | undefined {
  const lines = output.split('\n');
  for (const [kind, pattern] of REFUSALS) {
    const line = lines.find((l) => pattern.test(l));
    if (line === undefined) continue;
    const detail = line
      .replace(/[\u0000-\u001f\u007f]+/g, ' ')
      .replace(/^\s*(?:remote:\s*)?(?:(?:error|fatal):\s*)*/i, '')
      .replace(/\s+/g, ' ')
      .trim();
    return { kind, detail: detail.length > 240 ? `${detail.slice(0, 239)}…` : detail };
  }
  return undefined;
}

/** A push rejected because the branch moved (a lost race): worth fetching and trying again. */
export function isLostRace(stderr: string): boolean {
  return /rejected|non-fast-forward|fetch first|stale info|cannot lock ref|failed to update ref|shallow update not allowed|incorrect old value/i.test(stderr);
}

/** What a failed push says, in one line: the ref's fate (`[remote rejected] … (pre-receive hook declined)`) and what the remote said. */
export function pushMessage(output: string): string {
  const lines = output
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  const fate = lines.filter((l) => /\[(?:remote )?rejected\]|\[rejected\]/.test(l));
  const remote = lines.filter((l) => l.startsWith('remote:')).slice(0, 3);
  const chosen = [...fate, ...remote];
  return (chosen.length > 0 ? chosen : lines.slice(-3)).join(' ').replace(/\s+/g, ' ').slice(0, 600);
}
