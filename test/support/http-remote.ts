/**
 * A bare remote served over git's smart HTTP protocol (`git http-backend` on loopback) behind the latency bench's
 * proxy, which counts connections, turns and bytes: made before each test of the file that calls `useHttpRemote`,
 * removed after it. `prepare` fills the bare remote before the server starts.
 */
import { afterEach, beforeEach } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runGit } from '../../src/store/git-process.ts';
import { startGitHttp, type GitHttp } from '../../scripts/bench/git-http.ts';
import { startLatencyProxy, type LatencyProxy } from '../../scripts/bench/latency-proxy.ts';

export interface HttpRemote {
  /** A scratch folder: the bare remote is `remote.git` in it, and clones may go beside it. */
  root: string;
  /** The bare remote's path. */
  remote: string;
  /** The remote's URL through the proxy. */
  url: string;
  proxy: LatencyProxy;
}

export function useHttpRemote(prefix: string, prepare?: (remote: string, root: string) => Promise<void>): () => HttpRemote {
  let current: HttpRemote | undefined;
  let http: GitHttp | undefined;
  beforeEach(async () => {
    const root = await mkdtemp(join(tmpdir(), prefix));
    const remote = join(root, 'remote.git');
    await runGit(root, ['init', '-q', '--bare', remote]);
    await prepare?.(remote, root);
    http = await startGitHttp(root);
    const proxy = await startLatencyProxy({ targetPort: http.port, rttMs: 0 });
    current = { root, remote, url: `http://127.0.0.1:${proxy.port}/remote.git`, proxy };
  });
  afterEach(async () => {
    await current?.proxy.close();
    await http?.close();
    if (current) await rm(current.root, { recursive: true, force: true });
    current = undefined;
  });
  return () => {
    if (!current) throw new Error('useHttpRemote: only inside a test');
    return current;
  };
}
