/**
 * Reading the data branch over git's smart HTTP protocol (v2): one connection and three turns, the capability
 * advertisement, `ls-refs` (only the refs asked for) and the fetch, whatever else the remote holds. A GitHub
 * repository holds two refs under refs/pull/ for each pull request: neither the fetch nor the listing of a first run
 * (no data branch yet) may receive them. Real git, `git http-backend` on loopback, turns and bytes counted by the
 * latency bench's proxy (docs/benchmarks.md, "The step over a network"; scripts/bench/fetch-turns.ts measures the
 * other ways git could be asked).
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataRepo } from '../../src/store/git.ts';
import { runGit } from '../../src/store/git-process.ts';
import { startGitHttp, type GitHttp } from '../../scripts/bench/git-http.ts';
import { startLatencyProxy, type LatencyProxy } from '../../scripts/bench/latency-proxy.ts';

/** Pull requests on the remote: 4,000 refs under refs/pull/, about 260 kB of listing. */
const PULLS = 2000;
let root: string;
let remote: string;
let http: GitHttp;
let proxy: LatencyProxy;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'flakeguard-fetch-turns-'));
  remote = join(root, 'remote.git');
  const work = join(root, 'work');
  await runGit(root, ['init', '-q', '--bare', remote]);
  await runGit(root, ['init', '-q', work]);
  await runGit(work, ['-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-q', '--allow-empty', '-m', 'main']);
  await runGit(work, ['push', '-q', remote, 'HEAD:refs/heads/main']);
  const head = (await runGit(work, ['rev-parse', 'HEAD'])).trim();
  const refs = Array.from({ length: PULLS }, (_, n) => `create refs/pull/${n + 1}/head ${head}\ncreate refs/pull/${n + 1}/merge ${head}\n`).join('');
  await runGit(remote, ['update-ref', '--stdin'], { input: refs });
  http = await startGitHttp(root);
  proxy = await startLatencyProxy({ targetPort: http.port, rttMs: 0 });
});
afterEach(async () => {
  await proxy.close();
  await http.close();
  await rm(root, { recursive: true, force: true });
});

async function withRepo(use: (repo: DataRepo) => Promise<void>): Promise<void> {
  const repo = await DataRepo.open(`http://127.0.0.1:${proxy.port}/remote.git`, 'data', '', root);
  try {
    await use(repo);
  } finally {
    await repo.dispose();
  }
}

it("a first run (no data branch yet) lists only the remote's branches, not its pull requests' refs", async () => {
  await withRepo(async (repo) => {
    expect(await repo.fetchWithInbox(true)).toEqual({ head: null, parked: [] });
  });
  // The failed fetch by name, then the listing: each a connection and its turns, neither with the 4,000 refs.
  expect(proxy.stats().bytesDown).toBeLessThan(20_000);
});

it("fetches the data branch in one connection and three turns, without the remote's other refs", async () => {
  await withRepo(async (repo) => {
    expect(await repo.commitFiles(new Map([['flakeguard.json', '{}\n']]), 'first')).toBe(true);
    expect((await repo.push()).pushed).toBe(true);
  });
  const before = proxy.stats();
  await withRepo(async (repo) => {
    expect(await repo.fetchAndReset()).toMatch(/^[0-9a-f]{40}$/);
  });
  const after = proxy.stats();
  expect(after.connections - before.connections).toBe(1);
  expect(after.turns - before.turns).toBe(3);
  expect(after.bytesDown - before.bytesDown).toBeLessThan(20_000);
});
