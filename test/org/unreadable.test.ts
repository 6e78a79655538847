/**
 * The org build when the page's readers throw on one repository's branch (whatever the cause: the known one, a run
 * link with a broken escape, is tested for real in org.test.ts). That repository is left out and named; every other
 * is built. The readers are wrapped: a mock, in addition to the real test, since no real branch is known to make them throw.
 */
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildSuite, generateBranch } from '../../scripts/bench/step.ts';
import { branchRepo } from '../support/dashboard.ts';

const MARK = 'the page readers throw on this branch';

vi.mock('../../src/dashboard/org-model.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/dashboard/org-model.ts')>();
  return {
    ...real,
    summarizeRepo: (...args: Parameters<typeof real.summarizeRepo>) => {
      if (args[1].get('decisions.json')?.includes(MARK)) throw new RangeError(MARK);
      return real.summarizeRepo(...args);
    },
  };
});

const { buildOrg } = await import('../../src/org/build.ts');

const end = Date.UTC(2026, 10, 21, 12);
const good = generateBranch(buildSuite(40), 10, end);
const odd = new Map([...good, ['decisions.json', `{"schema": 1, "tests": {}, "note": "${MARK}"}\n`]]);
let repos: Array<{ repo: string; dispose: () => Promise<void> }> = [];
let out = '';
beforeAll(async () => {
  repos = [await branchRepo(odd), await branchRepo(good)];
  out = await mkdtemp(join(tmpdir(), 'flakeguard-org-unreadable-'));
}, 30_000);
afterAll(async () => {
  await Promise.all(repos.map((r) => r.dispose()));
  if (out) await rm(out, { recursive: true, force: true });
});

it('leaves out, and names, a repository its page readers cannot sum up, and builds every other', async () => {
  const log: string[] = [];
  // Two repositories under two names (both folders are `repo.git`: unnamed, they would be one name listed twice, docs/adr/0466).
  const built = await buildOrg({
    sources: [`octo/odd=${repos[0]!.repo}`, `octo/good=${repos[1]!.repo}`],
    out,
    branch: 'flakeguard-data',
    token: '',
    database: false,
    cwd: out,
    now: end,
    log: (m) => log.push(m),
  });
  expect(built.model.missing).toEqual([{ name: 'octo/odd', source: repos[0]!.repo, reason: `could not be summed up for the page: ${MARK}` }]);
  expect(built.model.repos).toHaveLength(1);
  expect(built.model.repos[0]!.source).toBe(repos[1]!.repo);
  expect(built.tables.runs!.rows).toBe(Object.keys(JSON.parse(good.get('runs.json')!).runs).length);
  expect(log.some((l) => l.includes(repos[0]!.repo) && l.includes('MISSING'))).toBe(true);
});
