/**
 * The turns of fetching the data branch over git's smart HTTP protocol, counted at the latency bench's proxy
 * (scripts/bench/latency-proxy.ts), for the ways git can be asked: by the branch's name (what the action does), by
 * its commit id, with protocol v0, with `--negotiation-tip`. The remote also holds `--pulls` refs under refs/pull/ (as
 * a GitHub repository with that many pull requests does), which a v0 advertisement lists in full.
 *
 *   node_modules/.bin/node scripts/bench/fetch-turns.ts [--pulls 5000]
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runGit } from '../../src/store/git-process.ts';
import { startGitHttp } from './git-http.ts';
import { startLatencyProxy } from './latency-proxy.ts';

const i = process.argv.indexOf('--pulls');
const pulls = i >= 0 ? Number(process.argv[i + 1]) : 5000;
const root = await mkdtemp(join(tmpdir(), 'flakeguard-fetch-turns-'));
try {
  const remote = join(root, 'remote.git');
  const work = join(root, 'work');
  await runGit(root, ['init', '-q', '--bare', remote]);
  await runGit(root, ['init', '-q', work]);
  await runGit(work, ['-c', 'user.name=b', '-c', 'user.email=b@b', 'commit', '-q', '--allow-empty', '-m', 'one']);
  await runGit(work, ['push', '-q', remote, 'HEAD:refs/heads/data']);
  const head = (await runGit(work, ['rev-parse', 'HEAD'])).trim();
  const refs = Array.from({ length: pulls }, (_, n) => `create refs/pull/${n + 1}/head ${head}\n`).join('');
  if (pulls > 0) await runGit(remote, ['update-ref', '--stdin'], { input: refs });
  const http = await startGitHttp(root);
  const proxy = await startLatencyProxy({ targetPort: http.port, rttMs: 0 });
  const url = `http://127.0.0.1:${proxy.port}/remote.git`;
  const byName = ['fetch', '-q', '--no-tags', '--prune', '--depth=1', url, '+refs/heads/data:refs/remotes/data'];
  // [label, git's arguments, the local repository to fetch into (a fresh one unless named: `first` is the first case's)]
  const cases: Array<[string, string[], string?]> = [
    ['by name (the action: --depth=1, exact refspec)', byName],
    ['by name again, head already here (the re-fetch after a lost race)', byName, 'first'],
    ['by name again, --negotiation-tip', [...byName.slice(0, 5), `--negotiation-tip=${head}`, ...byName.slice(5)], 'first'],
    ['by commit id (head known in advance)', ['fetch', '-q', '--no-tags', '--depth=1', url, `${head}:refs/remotes/data`]],
    ['by name, protocol v0', ['-c', 'protocol.version=0', ...byName]],
    ['ls-remote of the branch', ['ls-remote', url, 'refs/heads/data']],
    ['ls-remote --heads of the branch', ['ls-remote', '--heads', url, 'refs/heads/data']],
  ];
  console.log(`git ${(await runGit(root, ['--version'])).trim()}, ${pulls} refs under refs/pull/, ${new Date().toISOString()}\n`);
  console.log('| request | connections | turns | bytes sent | bytes received |\n| --- | ---: | ---: | ---: | ---: |');
  let first: string | undefined;
  for (const [label, args, into] of cases) {
    const local = into === 'first' && first ? first : join(root, `local-${label.replace(/\W+/g, '-')}`);
    if (local !== first) await runGit(root, ['init', '-q', '--bare', local]);
    first ??= local;
    const before = proxy.stats();
    await runGit(local, args);
    const after = proxy.stats();
    console.log(`| ${label} | ${after.connections - before.connections} | ${after.turns - before.turns} | ${after.bytesUp - before.bytesUp} | ${after.bytesDown - before.bytesDown} |`);
  }
  await proxy.close();
  await http.close();
} finally {
  await rm(root, { recursive: true, force: true });
}
