/** Reports must be regular files (issue #13): a FIFO, device or socket matching `reports` is refused at once. */
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseReportFiles, readRegularFile } from '../../src/junit/index.ts';

describe('readRegularFile', () => {
  it('reads a regular file; refuses a FIFO, a device and a socket without blocking', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'flakeguard-regular-'));
    const server = createServer();
    try {
      await writeFile(join(dir, 'ok.xml'), '<testsuite/>');
      expect(String(await readRegularFile(join(dir, 'ok.xml'), 1000))).toBe('<testsuite/>');
      expect(spawnSync('mkfifo', [join(dir, 'pipe.xml')]).status).toBe(0);
      expect(await readRegularFile(join(dir, 'pipe.xml'), 1000)).toBe('cannot read report: it is a named pipe (FIFO), not a regular file');
      expect(await readRegularFile('/dev/zero', 1000)).toBe('cannot read report: it is a device, not a regular file');
      await new Promise<void>((resolve) => server.listen(join(dir, 'sock.xml'), resolve));
      expect(await readRegularFile(join(dir, 'sock.xml'), 1000)).toBe('cannot read report: it is a socket, not a regular file');
      const parsed = await parseReportFiles([join(dir, 'pipe.xml'), join(dir, 'sock.xml'), join(dir, 'ok.xml')], { workspace: dir });
      expect(parsed.problems.map((p) => [p.path, p.message.replace(/ not a regular file$/, '')])).toEqual([
        ['pipe.xml', 'cannot read report: it is a named pipe (FIFO),'],
        ['sock.xml', 'cannot read report: it is a socket,'],
      ]);
    } finally {
      server.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
