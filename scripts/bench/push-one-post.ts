/**
 * What a push costs when it is not git's CLI that sends it: a prototype, for the bound in docs/benchmarks.md ("The
 * step over a network"), not used by the action. Git's CLI opens its own connection for each push and asks for the
 * ref advertisement first (`GET info/refs?service=git-receive-pack`), then sends the pack: a connection and two turns
 * after the decision. Git's smart HTTP protocol does not need the advertisement when the client already knows the
 * branch's head (it fetched it) and the server's capabilities: the receive-pack request (the update command with the
 * old and new commit, then the pack from `git pack-objects`) can go as one POST over a connection opened earlier.
 * This sends it so, through the latency bench's proxy to `git http-backend`, and counts the turns; then sends a stale
 * update (another writer moved the branch) to show that the server refuses it, as a lost race.
 *
 *   node_modules/.bin/node scripts/bench/push-one-post.ts
 */
import { Agent, request } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runGit } from '../../src/store/git-process.ts';
import { startGitHttp } from './git-http.ts';
import { startLatencyProxy, type Interval } from './latency-proxy.ts';
import { spawn } from 'node:child_process';

const pkt = (line: string): Buffer => {
  const body = Buffer.from(line, 'utf8');
  return Buffer.concat([Buffer.from((body.length + 4).toString(16).padStart(4, '0')), body]);
};

function packOf(dir: string, revs: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn('git', ['pack-objects', '--stdout', '--revs', '-q'], { cwd: dir, stdio: ['pipe', 'pipe', 'inherit'] });
    const chunks: Buffer[] = [];
    child.stdout.on('data', (c: Buffer) => chunks.push(c));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(Buffer.concat(chunks)) : reject(new Error(`pack-objects exited ${code}`))));
    child.stdin.end(revs);
  });
}

function send(agent: Agent, port: number, method: string, path: string, body?: Buffer, headers: Record<string, string | number> = {}): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        agent,
        host: '127.0.0.1',
        port,
        method,
        path,
        headers: body ? { 'content-type': 'application/x-git-receive-pack-request', accept: 'application/x-git-receive-pack-result', 'content-length': body.length, ...headers } : headers,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('latin1') }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const rtt = 30;
const root = await mkdtemp(join(tmpdir(), 'flakeguard-push-post-'));
try {
  const remote = join(root, 'remote.git');
  const work = join(root, 'work');
  await runGit(root, ['init', '-q', '--bare', remote]);
  await runGit(root, ['init', '-q', work]);
  const id = ['-c', 'user.name=b', '-c', 'user.email=b@b'];
  await runGit(work, [...id, 'commit', '-q', '--allow-empty', '-m', 'read by the step']);
  const old = (await runGit(work, ['rev-parse', 'HEAD'])).trim();
  await runGit(work, ['push', '-q', remote, 'HEAD:refs/heads/data']);
  await runGit(work, ['config', 'core.bare', 'false']);
  const http = await startGitHttp(root);
  const clock: Interval[] = [];
  const proxy = await startLatencyProxy({ targetPort: http.port, rttMs: rtt, clock });
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  // The connection, opened while the step decides (here: a request for the advertisement, which it does not need).
  const warm = await send(agent, proxy.port, 'GET', '/remote.git/info/refs?service=git-receive-pack');
  const opened = proxy.stats();
  // The decision: a new commit on the head read.
  const blob = (await runGit(work, ['hash-object', '-w', '--stdin'], { input: 'history\n' })).trim();
  const treeId = (await runGit(work, ['mktree'], { input: `100644 blob ${blob}\thistory.json\n` })).trim();
  const next = (await runGit(work, [...id, 'commit-tree', treeId, '-p', old, '-m', 'written by the step'])).trim();
  const pack = await packOf(work, `${next}\n^${old}\n`);
  const body = (from: string, to: string): Buffer => Buffer.concat([pkt(`${from} ${to} refs/heads/data\0report-status agent=flakeguard-prototype\n`), Buffer.from('0000'), pack]);
  const started = performance.now();
  const pushed = await send(agent, proxy.port, 'POST', '/remote.git/git-receive-pack', body(old, next));
  const ms = performance.now() - started;
  const after = proxy.stats();
  const head = (await runGit(remote, ['rev-parse', 'refs/heads/data'])).trim();
  // Another writer moved the branch: an update from the old head is refused.
  const stale = await send(agent, proxy.port, 'POST', '/remote.git/git-receive-pack', body(old, next));
  // The fetch's side: protocol v2's ls-refs as a POST without the capability advertisement before it.
  const listed = proxy.stats();
  const lsRefs = await send(
    agent,
    proxy.port,
    'POST',
    '/remote.git/git-upload-pack',
    Buffer.concat([pkt('command=ls-refs\n'), Buffer.from('0001'), pkt('ref-prefix refs/heads/data\n'), Buffer.from('0000')]),
    {
      'git-protocol': 'version=2',
      'content-type': 'application/x-git-upload-pack-request',
      accept: 'application/x-git-upload-pack-result',
    },
  );
  const afterList = proxy.stats();
  console.log(`git ${(await runGit(root, ['--version'])).trim()}, round trip ${rtt} ms, ${new Date().toISOString()}`);
  console.log(`warm-up: ${warm.status}, ${opened.connections} connection, ${opened.turns} turn`);
  console.log(
    `push as one POST: status ${pushed.status}, ${after.connections - opened.connections} new connections, ${after.turns - opened.turns} turn, ${Math.round(ms)} ms, ${pack.length} B of pack; report: ${JSON.stringify(pushed.text.replace(/[^\x20-\x7e\n]/g, ''))}`,
  );
  console.log(`remote head is the new commit: ${head === next}`);
  console.log(`stale update (a lost race): ${JSON.stringify(stale.text.replace(/[^\x20-\x7e\n]/g, ''))}`);
  console.log(
    `ls-refs without the advertisement: status ${lsRefs.status}, ${afterList.connections - listed.connections} new connections, ${afterList.turns - listed.turns} turn; ${JSON.stringify(lsRefs.text)}`,
  );
  agent.destroy();
  await proxy.close();
  await http.close();
} finally {
  await rm(root, { recursive: true, force: true });
}
