/**
 * `npm run dashboard -- <path to a git repository or bare repository> [--branch flakeguard-data] [--port N]`:
 * serves the data branch's dashboard on 127.0.0.1, prints its address and opens it in a browser when one can be
 * opened (never in CI). Stops on Ctrl-C. For a repository whose data branch is only on the remote, fetch it first:
 * `git fetch origin flakeguard-data:flakeguard-data`.
 */
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { DEFAULT_BRANCH, serveDashboard } from '../src/dashboard/index.ts';

const args = process.argv.slice(2);
const usage = 'usage: npm run dashboard -- <path to a git repo or bare repo> [--branch flakeguard-data] [--port N] [--no-open]';
let repo: string | undefined;
let branch = DEFAULT_BRANCH;
let port = 0;
let open = !process.env.CI;
for (let i = 0; i < args.length; i++) {
  const a = args[i]!;
  if (a === '--branch') branch = args[++i] ?? '';
  else if (a === '--port') port = Number(args[++i]);
  else if (a === '--no-open') open = false;
  else if (a === '-h' || a === '--help') {
    console.log(usage);
    process.exit(0);
  } else if (!a.startsWith('--') && repo === undefined) repo = a;
  else {
    console.error(`unknown argument '${a}'\n${usage}`);
    process.exit(2);
  }
}
if (!repo || !branch || !Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(usage);
  process.exit(2);
}

try {
  const server = await serveDashboard({ repo: resolve(repo), branch, port });
  console.log(`flakeguard dashboard of ${branch} (${server.commit.slice(0, 10)}, ${server.files} files): ${server.url}`);
  console.log('Ctrl-C to stop.');
  if (open) {
    const opener = process.platform === 'darwin' ? 'open' : process.platform === 'win32' ? 'explorer' : 'xdg-open';
    const child = spawn(opener, [server.url], { stdio: 'ignore', detached: true });
    child.on('error', () => undefined);
    child.unref();
  }
  const stop = (): void => void server.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
} catch (error) {
  console.error(`flakeguard dashboard: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
