/**
 * Local use: serves one commit of a data branch (read from a git repository, bare or not, with git itself) on
 * 127.0.0.1, so that the page can fetch the branch's files as GitHub Pages would serve them. The files are read once,
 * into memory, when the server starts; only GET and HEAD of those exact paths are answered (no file system access
 * per request, so no path can leave the branch). When the branch has no index.html yet (written by a flakeguard older
 * than the dashboard), the page bundled with this version is served in its place.
 *
 * `npm run dashboard -- <repo> [--branch flakeguard-data] [--port N]` (scripts/dashboard.ts) wires it.
 */
import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PAGE_FILE } from './branch-files.ts';

export const DEFAULT_BRANCH = 'flakeguard-data';

export interface ServeOptions {
  /** A git repository (work tree or bare) that has the data branch. */
  repo: string;
  branch?: string;
  /** 0 (default): any free port. */
  port?: number;
  /** Only loopback addresses are accepted. Default 127.0.0.1. */
  host?: string;
}

export interface DashboardServer {
  url: string;
  /** The commit served. */
  commit: string;
  files: number;
  close(): Promise<void>;
}

function git(repo: string, args: string[], input?: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn('git', ['-C', repo, ...args], { stdio: [input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'], env: { ...process.env, GIT_TERMINAL_PROMPT: '0', LC_ALL: 'C' } });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout!.on('data', (b: Buffer) => out.push(b));
    child.stderr!.on('data', (b: Buffer) => err.push(b));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(Buffer.concat(out)) : reject(new Error(`git ${args[0]} failed: ${Buffer.concat(err).toString().trim()}`))));
    if (child.stdin) {
      child.stdin.on('error', () => undefined); // git's exit code tells what went wrong
      child.stdin.end(input);
    }
  });
}

/** The branch's commit: a local branch, else a remote-tracking one (a fetched branch). */
export async function resolveBranch(repo: string, branch: string): Promise<string> {
  for (const ref of [`refs/heads/${branch}`, `refs/remotes/origin/${branch}`, branch]) {
    try {
      return (await git(repo, ['rev-parse', '--verify', '--quiet', `${ref}^{commit}`])).toString().trim();
    } catch {
      // try the next
    }
  }
  throw new Error(`no branch '${branch}' in ${repo} (fetch it first: git fetch origin ${branch}:${branch})`);
}

/** Every file of a commit, path → bytes, read with one `git cat-file --batch`. */
export async function readCommitFiles(repo: string, commit: string): Promise<Map<string, Buffer>> {
  const listing = (await git(repo, ['ls-tree', '-r', '-z', '--full-tree', commit])).toString('utf8');
  const entries: Array<{ oid: string; path: string }> = [];
  for (const item of listing.split('\0')) {
    const m = /^\d+ blob ([0-9a-f]+)\t(.+)$/s.exec(item);
    if (m) entries.push({ oid: m[1]!, path: m[2]! });
  }
  const out = await git(repo, ['cat-file', '--batch'], entries.map((e) => e.oid).join('\n') + '\n');
  const files = new Map<string, Buffer>();
  let at = 0;
  for (const e of entries) {
    const nl = out.indexOf(10, at);
    const header = out.subarray(at, nl).toString();
    const size = Number(header.split(' ')[2]);
    if (!Number.isInteger(size)) throw new Error(`git cat-file: unexpected answer '${header}'`);
    files.set(e.path, out.subarray(nl + 1, nl + 1 + size));
    at = nl + 1 + size + 1;
  }
  return files;
}

const TYPES: Record<string, string> = {
  html: 'text/html; charset=utf-8',
  json: 'application/json; charset=utf-8',
  md: 'text/markdown; charset=utf-8',
  css: 'text/css; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
};

function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

export async function serveDashboard(options: ServeOptions): Promise<DashboardServer> {
  const host = options.host ?? '127.0.0.1';
  if (!isLoopback(host)) throw new Error(`the dashboard server listens on loopback only, not on ${host}`);
  const branch = options.branch ?? DEFAULT_BRANCH;
  const commit = await resolveBranch(options.repo, branch);
  const files = await readCommitFiles(options.repo, commit);
  if (!files.has(PAGE_FILE)) files.set(PAGE_FILE, Buffer.from((await import('./page.generated.ts')).DASHBOARD_HTML));
  const server: Server = createServer((req, res) => {
    const headers = { 'X-Content-Type-Options': 'nosniff', 'Referrer-Policy': 'no-referrer', 'Cache-Control': 'no-cache' };
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { ...headers, Allow: 'GET, HEAD' }).end();
      return;
    }
    let path: string;
    try {
      path = decodeURIComponent(new URL(req.url ?? '/', 'http://localhost').pathname).replace(/^\/+/, '');
    } catch {
      res.writeHead(400, headers).end();
      return;
    }
    if (path === '') path = PAGE_FILE;
    const body = files.get(path);
    if (!body) {
      res.writeHead(404, { ...headers, 'Content-Type': 'text/plain; charset=utf-8' }).end('not found\n');
      return;
    }
    const type = TYPES[path.slice(path.lastIndexOf('.') + 1)] ?? 'application/octet-stream';
    res.writeHead(200, { ...headers, 'Content-Type': type, 'Content-Length': body.length });
    res.end(req.method === 'HEAD' ? undefined : body);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}/`,
    commit,
    files: files.size,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
