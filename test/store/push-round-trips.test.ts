/**
 * A push over git's smart HTTP protocol takes two request/response turns however large its pack: the ref
 * advertisement and the pack. Above `http.postBuffer` (1 MiB by default) git first sends a probe request, one more
 * round trip on the critical path (at 100k tests a run's pack is about 3 MB). Real git, `git http-backend` on
 * loopback, turns counted by the latency bench's proxy (docs/benchmarks.md, "The step over a network").
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataRepo } from '../../src/store/git.ts';
import { runGit } from '../../src/store/git-process.ts';
import { startGitHttp, type GitHttp } from '../../scripts/bench/git-http.ts';
import { startLatencyProxy, type LatencyProxy } from '../../scripts/bench/latency-proxy.ts';

let root: string;
let http: GitHttp;
let proxy: LatencyProxy;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'flakeguard-push-turns-'));
  await runGit(root, ['init', '-q', '--bare', join(root, 'remote.git')]);
  http = await startGitHttp(root);
  proxy = await startLatencyProxy({ targetPort: http.port, rttMs: 0 });
});
afterEach(async () => {
  await proxy.close();
  await http.close();
  await rm(root, { recursive: true, force: true });
});

/** Owned files that do not compress: `mib` MiB of random hex in 16 history shards. */
function shards(mib: number): Map<string, string> {
  const files = new Map<string, string>();
  for (let s = 0; s < 16; s++) files.set(`history/${String(s).padStart(2, '0')}.json`, JSON.stringify({ noise: randomBytes((mib * 2 ** 20) / 16).toString('base64') }));
  return files;
}

for (const mib of [0.25, 3]) {
  it(`pushes ${mib} MiB in two turns: the ref advertisement, then the pack`, async () => {
    const repo = await DataRepo.open(`http://127.0.0.1:${proxy.port}/remote.git`, 'data', '', root);
    try {
      expect(await repo.fetchAndReset()).toBeNull();
      expect(await repo.commitFiles(shards(mib), 'big')).toBe(true);
      const before = proxy.stats();
      const pushed = await repo.push();
      expect(pushed.pushed).toBe(true);
      const after = proxy.stats();
      expect(after.connections - before.connections).toBe(1);
      expect(after.turns - before.turns).toBe(2);
      expect(after.bytesUp - before.bytesUp).toBeGreaterThan(mib * 2 ** 20);
    } finally {
      await repo.dispose();
    }
    expect((await runGit(root, ['--git-dir', join(root, 'remote.git'), 'ls-tree', '--name-only', 'data', 'history/'])).split('\n').filter(Boolean)).toHaveLength(16);
  });
}
