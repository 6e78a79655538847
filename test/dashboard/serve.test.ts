/** The local server and `npm run dashboard`: a data branch in a bare repository, served on 127.0.0.1. */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveDashboard } from '../../src/dashboard/serve.ts';
import { DASHBOARD_HTML } from '../../src/dashboard/page.generated.ts';
import { NODE24, PROJECT_ROOT, git } from '../support/action.ts';
import { branchRepo, hostileBranchFiles } from '../support/dashboard.ts';
import { SCHEMA_VERSION } from '../../src/store/layout.ts';

let repo: { repo: string; dispose: () => Promise<void> };
beforeAll(async () => {
  repo = await branchRepo(hostileBranchFiles());
});
afterAll(async () => {
  await repo?.dispose();
});

/** A raw request (fetch would normalise `..` away). */
function raw(url: string, path: string, method = 'GET'): Promise<{ status: number; type?: string; body: string }> {
  const u = new URL(url);
  return new Promise((resolve, reject) => {
    const req = request({ host: u.hostname, port: u.port, path, method }, (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode!, type: res.headers['content-type'], body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('serveDashboard', () => {
  it('serves exactly the files of the branch, read only, on loopback', async () => {
    const server = await serveDashboard({ repo: repo.repo });
    try {
      expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
      const page = await raw(server.url, '/');
      expect(page.status).toBe(200);
      expect(page.type).toBe('text/html; charset=utf-8');
      expect(page.body).toBe(DASHBOARD_HTML);
      const runs = await raw(server.url, '/runs.json');
      expect(JSON.parse(runs.body).schema).toBe(SCHEMA_VERSION);
      expect((await raw(server.url, '/../../../etc/passwd')).status).toBe(404);
      expect((await raw(server.url, '/%2e%2e/%2e%2e/etc/passwd')).status).toBe(404);
      expect((await raw(server.url, '/runs.json', 'POST')).status).toBe(405);
      expect((await raw(server.url, '/nothing.json')).status).toBe(404);
    } finally {
      await server.close();
    }
    await expect(serveDashboard({ repo: repo.repo, host: '0.0.0.0' })).rejects.toThrow(/loopback only/);
    await expect(serveDashboard({ repo: repo.repo, branch: 'nope' })).rejects.toThrow(/no branch 'nope'/);
  });

  it('serves the bundled page for a branch written before the dashboard', async () => {
    const clone = join(repo.repo, '..', 'old');
    await git(join(repo.repo, '..'), ['clone', '-q', '--branch', 'flakeguard-data', repo.repo, clone]);
    await git(clone, ['rm', '-q', 'index.html']);
    await git(clone, ['-c', 'user.name=a', '-c', 'user.email=a@b', 'commit', '-q', '-m', 'old']);
    const server = await serveDashboard({ repo: clone });
    try {
      expect((await raw(server.url, '/index.html')).body).toBe(DASHBOARD_HTML);
    } finally {
      await server.close();
    }
  });
});

describe('npm run dashboard', () => {
  it('prints the address of the served branch', async () => {
    const child = spawn(NODE24, [join(PROJECT_ROOT, 'scripts/dashboard.ts'), repo.repo, '--branch', 'flakeguard-data', '--no-open'], { stdio: ['ignore', 'pipe', 'pipe'] });
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let out = '';
        child.stdout.on('data', (c: Buffer) => {
          out += c.toString();
          const m = /(http:\/\/127\.0\.0\.1:\d+\/)/.exec(out);
          if (m) resolve(m[1]!);
        });
        child.on('exit', (code) => reject(new Error(`exited ${code}: ${out}`)));
      });
      expect((await raw(url, '/')).body).toBe(DASHBOARD_HTML);
    } finally {
      child.kill('SIGTERM');
    }
  });

  it('says what is wrong with its arguments', async () => {
    const child = spawn(NODE24, [join(PROJECT_ROOT, 'scripts/dashboard.ts')], { stdio: ['ignore', 'pipe', 'pipe'] });
    let err = '';
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(2);
    expect(err).toContain('usage: npm run dashboard -- <path to a git repo or bare repo>');
  });
});
