/**
 * A run changes a few lines of each busy shard and stats file; the push sends each changed file as a delta against
 * the remote's version of the same path (a thin pack), not whole (ADR 0385). Real git over smart HTTP (`git
 * http-backend` on loopback), the bytes up counted by the latency bench's proxy.
 */
import { expect, it } from 'vitest';
import { deflateSync } from 'node:zlib';
import { DataRepo } from '../../src/store/git.ts';
import { runGit } from '../../src/store/git-process.ts';
import { mulberry32 } from '../../scripts/eval/rng.ts';
import { useHttpRemote } from '../support/http-remote.ts';

const served = useHttpRemote('flakeguard-push-deltas-');

/** 16 shards of 400 lines like a stats file's, each line's counts from `rand`; `run` moves the counts of every 20th line. */
function shards(run: number): Map<string, string> {
  const rand = mulberry32(7);
  const files = new Map<string, string>();
  for (let s = 0; s < 16; s++) {
    const lines: string[] = [];
    for (let t = 0; t < 400; t++) {
      const moves = t % 20 === 0 ? run : 0;
      const id = `com.example.module${s}.Feature${Math.floor(rand() * 1e6)}Test::case${t}`;
      const recent = Array.from({ length: 20 }, () => (rand() < 0.1 ? 'F' : 'P')).join('');
      lines.push(`${JSON.stringify(id)}: {"runs":${50 + moves},"recent":"${recent}","score":${(rand() + moves / 100).toFixed(3)},"pfs":[${rand().toFixed(3)},${rand().toFixed(3)}]}`);
    }
    files.set(`stats/${s.toString(16).padStart(2, '0')}.json`, `{"schema": 4, "tests": {\n${lines.join(',\n')}\n}}\n`);
  }
  return files;
}

it('pushes the changed lines of a file, not the whole file again', async () => {
  const { root, remote, url, proxy } = served();
  const first = await DataRepo.open(url, 'data', '', root);
  try {
    await first.fetchAndReset();
    expect(await first.commitFiles(shards(0), 'run 1')).toBe(true);
    expect((await first.push()).pushed).toBe(true);
  } finally {
    await first.dispose();
  }
  // The next run: a fresh private clone (depth 1), as every step makes.
  const next = await DataRepo.open(url, 'data', '', root);
  const files = shards(1);
  try {
    expect(await next.fetchAndReset()).not.toBeNull();
    expect(await next.commitFiles(files, 'run 2')).toBe(true);
    const before = proxy.stats().bytesUp;
    expect((await next.push()).pushed).toBe(true);
    const sent = proxy.stats().bytesUp - before;
    // Each file whole, compressed at zlib's default level: what a push without deltas sends at the least.
    const whole = [...files.values()].reduce((n, text) => n + deflateSync(text).length, 0);
    expect(whole).toBeGreaterThan(100_000);
    expect(sent).toBeLessThan(whole / 4);
  } finally {
    await next.dispose();
  }
  for (const [path, text] of files) expect(await runGit(root, ['--git-dir', remote, 'show', `data:${path}`])).toBe(text);
});
