/**
 * Git's smart HTTP protocol on loopback: `git http-backend` (CGI) behind a node:http server, serving the bare
 * repositories under `root`, fetch and push (http.receivepack), as GitHub serves a data branch over HTTPS (without the
 * TLS). For the latency bench (scripts/bench/latency.ts), which puts its delaying proxy in front.
 */
import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:http';

export interface GitHttp {
  port: number;
  /** The URL of the repository at `path` (relative to root). */
  url(path: string): string;
  close(): Promise<void>;
}

export function startGitHttp(root: string): Promise<GitHttp> {
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      GIT_PROJECT_ROOT: root,
      GIT_HTTP_EXPORT_ALL: '1',
      // Pushes without authentication: the bench's remote is a test's.
      REMOTE_USER: 'bench',
      REQUEST_METHOD: req.method ?? 'GET',
      PATH_INFO: decodeURIComponent(url.pathname),
      QUERY_STRING: url.search.slice(1),
      CONTENT_TYPE: req.headers['content-type'] ?? '',
      REMOTE_ADDR: '127.0.0.1',
      ...(req.headers['content-encoding'] ? { HTTP_CONTENT_ENCODING: String(req.headers['content-encoding']) } : {}),
      ...(req.headers['git-protocol'] ? { GIT_PROTOCOL: String(req.headers['git-protocol']) } : {}),
      ...(req.headers['content-length'] ? { CONTENT_LENGTH: String(req.headers['content-length']) } : {}),
    };
    const cgi = spawn('git', ['-c', 'http.receivepack=true', 'http-backend'], { env, stdio: ['pipe', 'pipe', 'inherit'] });
    req.pipe(cgi.stdin);
    let head = Buffer.alloc(0);
    let headersDone = false;
    cgi.stdout.on('data', (chunk: Buffer) => {
      if (headersDone) {
        res.write(chunk);
        return;
      }
      head = Buffer.concat([head, chunk]);
      const at = head.indexOf('\r\n\r\n');
      const atLf = head.indexOf('\n\n');
      const end = at >= 0 ? at : atLf;
      if (end < 0) return;
      const sep = at >= 0 ? 4 : 2;
      let status = 200;
      for (const line of head.subarray(0, end).toString('latin1').split(/\r?\n/)) {
        const colon = line.indexOf(':');
        if (colon < 0) continue;
        const name = line.slice(0, colon).trim();
        const value = line.slice(colon + 1).trim();
        if (name.toLowerCase() === 'status') status = Number(value.split(' ')[0]);
        else res.setHeader(name, value);
      }
      res.writeHead(status);
      headersDone = true;
      const rest = head.subarray(end + sep);
      if (rest.length > 0) res.write(rest);
    });
    cgi.on('close', () => res.end());
    cgi.on('error', () => {
      res.statusCode = 500;
      res.end();
    });
  });
  return new Promise((resolve, reject) => {
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      if (!address || typeof address !== 'object') return reject(new Error('no port'));
      resolve({
        port: address.port,
        url: (path) => `http://127.0.0.1:${address.port}/${path}`,
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}
