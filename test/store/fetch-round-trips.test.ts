/**
 * Reading the data branch over git's smart HTTP protocol (v2): one connection and three turns, the capability
 * advertisement, `ls-refs` (only the refs asked for) and the fetch, whatever else the remote holds. A GitHub
 * repository holds two refs under refs/pull/ for each pull request: neither the fetch nor the listing of a first run
 * (no data branch yet) may receive them. Real git, `git http-backend` on loopback, turns and bytes counted by the
 * latency bench's proxy (docs/benchmarks.md, "The step over a network"; scripts/bench/fetch-turns.ts measures the
 * other ways git could be asked).
 */
import { expect, it } from 'vitest';
import { join } from 'node:path';
import { DataRepo } from '../../src/store/git.ts';
import { runGit } from '../../src/store/git-process.ts';
import { useHttpRemote } from '../support/http-remote.ts';

/** Pull requests on the remote: 4,000 refs under refs/pull/, about 260 kB of listing. */
const PULLS = 2000;
const served = useHttpRemote('flakeguard-fetch-turns-', async (remote, root) => {
  const work = join(root, 'work');
  await runGit(root, ['init', '-q', work]);
  await runGit(work, ['-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-q', '--allow-empty', '-m', 'main']);
  await runGit(work, ['push', '-q', remote, 'HEAD:refs/heads/main']);
  const head = (await runGit(work, ['rev-parse', 'HEAD'])).trim();
  const refs = Array.from({ length: PULLS }, (_, n) => `create refs/pull/${n + 1}/head ${head}\ncreate refs/pull/${n + 1}/merge ${head}\n`).join('');
  await runGit(remote, ['update-ref', '--stdin'], { input: refs });
});

async function withRepo(use: (repo: DataRepo) => Promise<void>): Promise<void> {
  const { url, root } = served();
  const repo = await DataRepo.open(url, 'data', '', root);
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
  expect(served().proxy.stats().bytesDown).toBeLessThan(20_000);
});

it("fetches the data branch in one connection and three turns, without the remote's other refs", async () => {
  await withRepo(async (repo) => {
    expect(await repo.commitFiles(new Map([['flakeguard.json', '{}\n']]), 'first')).toBe(true);
    expect((await repo.push()).pushed).toBe(true);
  });
  const { proxy } = served();
  const before = proxy.stats();
  await withRepo(async (repo) => {
    expect(await repo.fetchAndReset()).toMatch(/^[0-9a-f]{40}$/);
  });
  const after = proxy.stats();
  expect(after.connections - before.connections).toBe(1);
  expect(after.turns - before.turns).toBe(3);
  expect(after.bytesDown - before.bytesDown).toBeLessThan(20_000);
});
