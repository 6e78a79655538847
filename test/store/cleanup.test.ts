import { describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readdir, rm, utimes } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { removeOwnClonesSync, sweepStaleClones } from '../../src/store/cleanup.ts';

describe('private clones', () => {
  it('the sweep removes clones of processes that are gone, keeps live ones and unrelated folders', async () => {
    const root = await mkdtemp(join(tmpdir(), 'flakeguard-sweep-'));
    try {
      const dead = await new Promise<number>((resolve) => {
        const child = execFile('true', () => resolve(child.pid!));
      });
      await mkdir(join(root, `flakeguard-data-${dead}-aaaaaa`));
      await mkdir(join(root, `flakeguard-data-${process.pid}-bbbbbb`));
      await mkdir(join(root, 'flakeguard-data-cccccc'));
      await mkdir(join(root, 'flakeguard-data-dddddd'));
      const old = new Date(Date.now() - 7 * 3600_000);
      await utimes(join(root, 'flakeguard-data-dddddd'), old, old);
      await mkdir(join(root, 'something-else'));
      expect((await sweepStaleClones(root)).sort()).toEqual([`flakeguard-data-${dead}-aaaaaa`, 'flakeguard-data-dddddd']);
      expect((await readdir(root)).sort()).toEqual([`flakeguard-data-${process.pid}-bbbbbb`, 'flakeguard-data-cccccc', 'something-else']);
      removeOwnClonesSync(root);
      expect((await readdir(root)).sort()).toEqual(['flakeguard-data-cccccc', 'something-else']);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});
