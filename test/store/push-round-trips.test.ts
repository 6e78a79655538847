/**
 * A push over git's smart HTTP protocol takes two request/response turns however large its pack: the ref
 * advertisement and the pack. Above `http.postBuffer` (1 MiB by default) git first sends a probe request, one more
 * round trip on the critical path (a first push at 100k tests is about 2.3 MB; a clean run's, in deltas, about 0.6 MB). Real git, `git http-backend` on
 * loopback, turns counted by the latency bench's proxy (docs/benchmarks.md, "The step over a network").
 */
import { expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { DataRepo } from '../../src/store/git.ts';
import { runGit } from '../../src/store/git-process.ts';
import { useHttpRemote } from '../support/http-remote.ts';

const served = useHttpRemote('flakeguard-push-turns-');

/** Owned files that do not compress: `mib` MiB of random hex in 16 history shards. */
function shards(mib: number): Map<string, string> {
  const files = new Map<string, string>();
  for (let s = 0; s < 16; s++) files.set(`history/${String(s).padStart(2, '0')}.json`, JSON.stringify({ noise: randomBytes((mib * 2 ** 20) / 16).toString('base64') }));
  return files;
}

for (const mib of [0.25, 3]) {
  it(`pushes ${mib} MiB in two turns: the ref advertisement, then the pack`, async () => {
    const { root, remote, url, proxy } = served();
    const repo = await DataRepo.open(url, 'data', '', root);
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
    expect((await runGit(root, ['--git-dir', remote, 'ls-tree', '--name-only', 'data', 'history/'])).split('\n').filter(Boolean)).toHaveLength(16);
  });
}
