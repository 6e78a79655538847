/**
 * warmApiClient (src/github/publish.ts): while git pushes, it starts loading the REST client's modules when the run
 * will call the API, and never when it will not; a failure to load them is nobody's business but publishing's (which
 * loads them again and reports as before): no unhandled rejection that would end the step's process while it pushes.
 * Real Node 24 child processes, the modules really loaded from src/; a module hook records what is loaded (and, for
 * the failure, makes the client's module fail to load).
 */
import { afterAll, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { NODE24, PROJECT_ROOT } from '../support/action.ts';

const temp = mkdtempSync(join(tmpdir(), 'flakeguard-warm-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

const SCRIPT = `
import { registerHooks } from 'node:module';
const loaded = new Set();
const fail = process.env.FAIL_LOADING;
registerHooks({
  load(url, context, next) {
    loaded.add(url);
    if (fail && url.endsWith(fail)) throw new Error('simulated: the REST client cannot be loaded');
    return next(url, context);
  },
});
const API = [/\\/src\\/github\\/client\\.ts$/, /\\/src\\/github\\/checks\\.ts$/, /\\/@actions\\/github\\/lib\\/github\\.js$/];
const seen = () => API.map((re) => [...loaded].some((u) => re.test(u)));
const { warmApiClient } = await import(${JSON.stringify(pathToFileURL(join(PROJECT_ROOT, 'src/github/publish.ts')).href)});
const before = seen();
warmApiClient(JSON.parse(process.env.INPUTS), JSON.parse(process.env.CTX));
// As long as a push may take: the warming goes on meanwhile.
const until = Date.now() + Number(process.env.WAIT_MS);
while (Date.now() < until && !(process.env.EXPECT === 'all' && seen().every(Boolean))) await new Promise((r) => setTimeout(r, 10));
await new Promise((r) => setTimeout(r, 100));
console.log(JSON.stringify({ before, after: seen() }));
`;
const script = join(temp, 'warm.mjs');
writeFileSync(script, SCRIPT);

interface Warmed {
  code: number | null;
  stderr: string;
  before?: boolean[];
  after?: boolean[];
}

function warm(inputs: Record<string, unknown>, ctx: Record<string, unknown>, env: Record<string, string> = {}): Warmed {
  const r = spawnSync(NODE24, [script], {
    cwd: PROJECT_ROOT,
    env: { PATH: process.env.PATH ?? '', INPUTS: JSON.stringify(inputs), CTX: JSON.stringify(ctx), WAIT_MS: '10000', ...env },
    encoding: 'utf8',
    timeout: 30_000,
  });
  const line = r.stdout.trim().split('\n').at(-1);
  return { code: r.status, stderr: r.stderr, ...(line ? (JSON.parse(line) as { before: boolean[]; after: boolean[] }) : {}) };
}

const API_RUN = { token: 't', checkRun: true, createIssues: false, prComment: 'auto' };
const PUSH = { fromFork: false };

it('loads the REST client (Octokit, the client, the checks) while the push runs, when the run will call the API', () => {
  const r = warm(API_RUN, PUSH, { EXPECT: 'all' });
  expect(r.code, r.stderr).toBe(0);
  // Not loaded by the step's modules before: the warming is what loads them.
  expect(r.before).toEqual([false, false, false]);
  expect(r.after).toEqual([true, true, true]);
  // Issues alone, or a pull-request comment alone, call the API too (no check run: its module is not needed).
  expect(warm({ ...API_RUN, checkRun: false, createIssues: true }, PUSH, { EXPECT: 'none', WAIT_MS: '1000' }).after).toEqual([true, false, true]);
  expect(warm({ ...API_RUN, checkRun: false }, { fromFork: false, pullRequest: 7 }, { EXPECT: 'none', WAIT_MS: '1000' }).after).toEqual([true, false, true]);
}, 60_000);

it('loads nothing when the run will not call the API: no token, or nothing to publish (a fork’s check run is not created)', () => {
  for (const [inputs, ctx] of [
    [{ ...API_RUN, token: '' }, PUSH],
    [
      { ...API_RUN, checkRun: false, prComment: 'off' },
      { fromFork: false, pullRequest: 7 },
    ],
    [
      { ...API_RUN, prComment: 'off' },
      { fromFork: true, pullRequest: 7 },
    ],
  ] as const) {
    const r = warm(inputs, ctx, { EXPECT: 'none', WAIT_MS: '1000' });
    expect(r.code, r.stderr).toBe(0);
    expect(r.after, JSON.stringify(inputs)).toEqual([false, false, false]);
  }
}, 60_000);

it('a client that cannot be loaded changes nothing: warmApiClient returns, and no unhandled rejection ends the process', () => {
  const r = warm(API_RUN, PUSH, { FAIL_LOADING: '/src/github/client.ts', EXPECT: 'none', WAIT_MS: '1000' });
  expect(r.stderr).not.toMatch(/simulated|unhandled/i);
  expect(r.code).toBe(0);
  // The warming tried the client and the checks; Octokit, which only the client's module imports, never loads.
  expect(r.after).toEqual([true, true, false]);
}, 60_000);
