/**
 * A private git repository in a temp folder that tracks the data branch of the user's remote. It never touches
 * the workspace's repository, branch or working tree.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export class GitError extends Error {
  readonly stderr: string;
  readonly exitCode: number | null;
  constructor(message: string, stderr: string, exitCode: number | null) {
    super(message);
    this.stderr = stderr;
    this.exitCode = exitCode;
  }
}

export interface GitOptions {
  /** Extra environment, e.g. GIT_CONFIG_* entries carrying the auth header. */
  env?: Record<string, string>;
  timeoutMs?: number;
}

export function runGit(cwd: string, args: string[], options: GitOptions = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
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
          reject(new GitError(`git ${args[0]} failed: ${stderr.trim() || error.message}`, stderr, code));
        } else {
          resolve(stdout);
        }
      },
    );
  });
}

/**
 * Git config entries passed through the environment (not argv, which other processes can read) so that
 * fetch and push authenticate like actions/checkout does.
 */
export function authEnv(remoteUrl: string, token: string): Record<string, string> {
  if (!token || !/^https?:\/\//.test(remoteUrl)) return {};
  const basic = Buffer.from(`x-access-token:${token}`).toString('base64');
  return {
    GIT_CONFIG_COUNT: '1',
    GIT_CONFIG_KEY_0: `http.${new URL(remoteUrl).origin}/.extraheader`,
    GIT_CONFIG_VALUE_0: `AUTHORIZATION: basic ${basic}`,
  };
}

export type PushResult = { pushed: true; commit: string } | { pushed: false; rejected: boolean; message: string };

const IDENTITY = ['-c', 'user.name=github-actions[bot]', '-c', 'user.email=41898282+github-actions[bot]@users.noreply.github.com'];

export class DataRepo {
  readonly dir: string;
  readonly branch: string;
  private readonly env: Record<string, string>;

  private constructor(dir: string, branch: string, env: Record<string, string>) {
    this.dir = dir;
    this.branch = branch;
    this.env = env;
  }

  static async open(remoteUrl: string, branch: string, token: string, tempRoot?: string): Promise<DataRepo> {
    const dir = await mkdtemp(join(tempRoot || tmpdir(), 'flakeguard-data-'));
    const repo = new DataRepo(dir, branch, authEnv(remoteUrl, token));
    await repo.git(['init', '-q']);
    // No delta search when pushing: each write changes every shard a little, and searching deltas for them cost
    // more (on both sides) than sending them whole (docs/benchmarks.md, "The whole step").
    await repo.git(['config', 'pack.window', '0']);
    await repo.git(['remote', 'add', 'origin', remoteUrl]);
    return repo;
  }

  git(args: string[]): Promise<string> {
    return runGit(this.dir, args, { env: this.env });
  }

  private get remoteRef(): string {
    return `refs/remotes/origin/${this.branch}`;
  }

  /**
   * Fetches the branch tip and checks it out into the private work tree. Returns the commit, or null when the
   * branch does not exist yet (the work tree is then empty, ready for an orphan commit).
   */
  async fetchAndReset(): Promise<string | null> {
    const listing = await this.git(['ls-remote', '--heads', 'origin', `refs/heads/${this.branch}`]);
    if (listing.trim() === '') {
      await this.git(['checkout', '-q', '--orphan', `flakeguard-${Date.now()}`]).catch(() => undefined);
      await this.git(['rm', '-rfq', '--cached', '--ignore-unmatch', '.']);
      await this.git(['clean', '-fdqx']);
      return null;
    }
    await this.git(['fetch', '-q', '--no-tags', '--depth=1', 'origin', `+refs/heads/${this.branch}:${this.remoteRef}`]);
    await this.git(['checkout', '-q', '-B', 'data', this.remoteRef]);
    await this.git(['reset', '-q', '--hard', this.remoteRef]);
    await this.git(['clean', '-fdqx']);
    return (await this.git(['rev-parse', 'HEAD'])).trim();
  }

  /**
   * Stages the whole work tree and commits it; returns false when nothing changed. With `root`, the commit has
   * no parent: the branch's past is squashed away (compaction).
   */
  async commitAll(message: string, options: { root?: boolean } = {}): Promise<boolean> {
    await this.git(['add', '-A']);
    if (options.root) {
      const tree = (await this.git(['write-tree'])).trim();
      const commit = (await this.git([...IDENTITY, 'commit-tree', tree, '-m', message])).trim();
      await this.git(['update-ref', 'HEAD', commit]);
      return true;
    }
    const status = await this.git(['status', '--porcelain']);
    if (status.trim() === '') return false;
    await this.git([...IDENTITY, 'commit', '-q', '--no-verify', '-m', message]);
    return true;
  }

  /**
   * Pushes HEAD as the branch; a non-fast-forward is reported as rejected so the caller can retry. With
   * `replacing`, HEAD is a fresh root that replaces exactly that head: `--force-with-lease` makes the push fail,
   * rather than overwrite, when another writer moved the branch meanwhile.
   */
  async push(options: { replacing?: string | null } = {}): Promise<PushResult> {
    const args = ['push', '-q', '--porcelain', 'origin', `HEAD:refs/heads/${this.branch}`];
    if (options.replacing) args.splice(2, 0, `--force-with-lease=refs/heads/${this.branch}:${options.replacing}`);
    try {
      await this.git(args);
      return { pushed: true, commit: (await this.git(['rev-parse', 'HEAD'])).trim() };
    } catch (error) {
      const stderr = error instanceof GitError ? `${error.stderr}\n${error.message}` : String(error);
      const rejected = /rejected|non-fast-forward|fetch first|stale info|cannot lock ref|failed to update ref|shallow update not allowed/i.test(stderr);
      return { pushed: false, rejected, message: stderr.trim().split('\n').slice(-3).join(' ') };
    }
  }

  async dispose(): Promise<void> {
    await rm(this.dir, { recursive: true, force: true });
  }
}

/** The URL of the workspace's `origin` remote. */
export async function originUrl(workspace: string): Promise<string> {
  return (await runGit(workspace, ['remote', 'get-url', 'origin'])).trim();
}
