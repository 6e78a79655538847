/**
 * The org model's pure parts (src/dashboard/org-model.ts) and the CLI's reading of --repos (src/cli/org.ts): names from
 * sources, dashboard addresses from a template, the data block that no text can end, the rankings and the org's days.
 */
import { describe, expect, it } from 'vitest';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { claimAgrees, dashboardOf, nameOfSource, orgDataBlock, orgModel, rankTests, type OrgTest, type RepoSummary } from '../../src/dashboard/org-model.ts';
import { repoList } from '../../src/cli/org.ts';
import { printableSource } from '../../src/org/fetch.ts';
import { listedRepo } from '../../src/org/listed.ts';

const test = (over: Partial<OrgTest>): OrgTest => ({
  repo: 'o/a',
  id: 'c::t',
  name: 't',
  classname: 'c',
  state: 'flaky',
  pfs: 0.1,
  runs: 10,
  failedRuns: 0,
  flakedRuns: 1,
  flakyFailedAttempts: 1,
  ...over,
});
const repo = (name: string, over: Partial<RepoSummary> = {}): RepoSummary => ({
  name,
  source: `/x/${name}`,
  head: 'a'.repeat(40),
  tests: 10,
  runs: 4,
  quarantined: 0,
  flaky: 0,
  redWithout: 0,
  redFlakyWithout: 0,
  redWith: 0,
  redFlakyWith: 0,
  saved: 0,
  savedByRerun: 0,
  lostSec: 0,
  days: [],
  flakiest: [],
  problems: [],
  ...over,
});

describe('the org model', () => {
  it('names a repository from its source', () => {
    expect(nameOfSource('https://github.com/octo/shop.git')).toBe('octo/shop');
    expect(nameOfSource('https://x:y@git.example.com/group/sub/shop/')).toBe('sub/shop');
    expect(nameOfSource('git@github.com:octo/shop.git')).toBe('octo/shop');
    expect(nameOfSource('/srv/git/shop.git')).toBe('shop');
  });

  it("takes a listed repository's name as given (NAME=SOURCE), else from its source; a branch's claim agrees only with that name", () => {
    expect(listedRepo('octo/shop=/srv/git/x.git')).toEqual({ name: 'octo/shop', source: '/srv/git/x.git', named: true });
    expect(listedRepo('shop=https://github.com/octo/shop.git')).toEqual({ name: 'shop', source: 'https://github.com/octo/shop.git', named: true });
    expect(listedRepo('https://github.com/octo/shop.git')).toEqual({ name: 'octo/shop', source: 'https://github.com/octo/shop.git', named: false });
    // Text before `=` that is no name (a URL's query, a path) leaves the entry whole.
    expect(listedRepo('https://h.example/r.git?a=b')).toMatchObject({ source: 'https://h.example/r.git?a=b', named: false });
    expect(listedRepo('/srv/a=b/shop.git')).toEqual({ name: 'shop', source: '/srv/a=b/shop.git', named: false });
    expect(listedRepo('./a=b')).toMatchObject({ source: './a=b', named: false });
    expect(claimAgrees('octo/shop', 'Octo/Shop')).toBe(true);
    expect(claimAgrees('octo/shop', 'mallory/shop')).toBe(false);
    expect(claimAgrees('shop', 'octo/shop')).toBe(true);
    expect(claimAgrees('impostor', 'octo/shop')).toBe(false);
  });

  it('fills a dashboard template, encoded, and refuses what is not http(s)', () => {
    expect(dashboardOf('https://{owner}.github.io/{repo}/', 'octo/shop')).toBe('https://octo.github.io/shop/');
    expect(dashboardOf('https://dash.example.com/{name}/', 'octo/a b')).toBe('https://dash.example.com/octo/a%20b/');
    expect(dashboardOf('javascript:alert({repo})', 'octo/shop')).toBeUndefined();
    expect(dashboardOf(undefined, 'octo/shop')).toBeUndefined();
  });

  it('writes a data block no name can end, that parses back to the model', () => {
    const model = orgModel([repo('octo/</script><script>alert(1)</script>')], [{ name: 'x', source: '<!--', reason: '\u2028</SCRIPT>' }], 0);
    const block = orgDataBlock(model);
    expect(block).not.toMatch(/<|\u2028|\u2029/);
    expect(JSON.parse(block)).toEqual(JSON.parse(JSON.stringify(model)));
  });

  it('ranks tests by flaked runs, then PFS, then time lost, then repository and id', () => {
    const tests = [
      test({ id: 'b', flakedRuns: 2 }),
      test({ id: 'a', flakedRuns: 2 }),
      test({ id: 'c', flakedRuns: 2, pfs: 0.5 }),
      test({ id: 'd', flakedRuns: 5, pfs: 0 }),
      test({ id: 'e', flakedRuns: 2, lostSec: 9 }),
    ];
    expect(tests.sort(rankTests).map((t) => t.id)).toEqual(['d', 'c', 'e', 'a', 'b']);
  });

  it('ranks repositories by runs red because of flaky tests, sums their days and totals, keeps the missing ones', () => {
    const day = Date.UTC(2026, 10, 20);
    const a = repo('o/a', { redFlakyWithout: 1, runs: 3, days: [{ day, runs: 3, redFlakyWithout: 1, redFlakyWith: 0, redWith: 1 }], flakiest: [test({ repo: 'o/a', id: 'x', flakedRuns: 1 })] });
    const b = repo('o/b', { redFlakyWithout: 4, runs: 5, days: [{ day, runs: 5, redFlakyWithout: 4, redFlakyWith: 1, redWith: 1 }], flakiest: [test({ repo: 'o/b', id: 'y', flakedRuns: 3 })] });
    const model = orgModel([a, b], [{ name: 'o/c', source: '/x/c', reason: 'could not be fetched' }], 1);
    expect(model.repos.map((r) => r.name)).toEqual(['o/b', 'o/a']);
    expect(model.repos[0]).not.toHaveProperty('flakiest');
    expect(model.days).toEqual([{ day, runs: 8, redFlakyWithout: 5, redFlakyWith: 1, redWith: 2, saved: 0 }]);
    expect(model.tests.map((t) => `${t.repo} ${t.id}`)).toEqual(['o/b y', 'o/a x']);
    expect(model.totals).toMatchObject({ repos: 2, missing: 1, runs: 8, redFlakyWithout: 5 });
    expect(model.missing).toEqual([{ name: 'o/c', source: '/x/c', reason: 'could not be fetched' }]);
  });
});

describe('--repos', () => {
  it('takes commas, newlines, repeats and @FILE; URLs as given, paths made absolute; refuses an option-like entry', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'flakeguard-org-repos-'));
    try {
      await writeFile(join(dir, 'list.txt'), '# the org\nhttps://github.com/o/a.git\n\n../b   # a sibling\n');
      expect(await repoList(['git@github.com:o/c.git, d', '@list.txt'], dir)).toEqual(['git@github.com:o/c.git', join(dir, 'd'), 'https://github.com/o/a.git', join(dir, '../b')]);
      await expect(repoList(['--upload-pack=x'], dir)).rejects.toThrow(/not a repository/);
      // A name given keeps its source made absolute; a name with nothing after `=`, or an option after it, is refused.
      expect(await repoList(['octo/shop=../shop,octo/api=https://github.com/octo/api.git'], dir)).toEqual([`octo/shop=${join(dir, '../shop')}`, 'octo/api=https://github.com/octo/api.git']);
      await expect(repoList(['octo/shop='], dir)).rejects.toThrow(/gives no URL or path/);
      await expect(repoList(['octo/shop=--upload-pack=x'], dir)).rejects.toThrow(/not a repository/);
      await expect(repoList(['@missing.txt'], dir)).rejects.toThrow(/cannot read/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('prints a URL without its user and password', () => {
    expect(printableSource('https://me:tok@github.com/o/a.git')).toBe('https://***@github.com/o/a.git');
    expect(printableSource('/srv/a.git')).toBe('/srv/a.git');
  });
});
