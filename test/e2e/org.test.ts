/**
 * `flakeguard org` as users run it: the bundled dist/cli/index.js under Node 24, as a child process, over real bare
 * repositories (test/support/org.ts). The output names what it read and what it left out; the exit code says whether
 * anything was left out when asked to; without DuckDB installed (dist/ copied away from this project's node_modules)
 * it says how to install it before fetching anything, and --no-database goes without it; a URL's password is never
 * printed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NODE24, PROJECT_ROOT } from '../support/action.ts';
import { orgFixture, type OrgFixture } from '../support/org.ts';

interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

function cli(entry: string, args: string[], cwd: string): Promise<CliRun> {
  const env: Record<string, string> = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', LANG: 'C.UTF-8' };
  const child = spawn(NODE24, [entry, ...args], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  return new Promise((res) => child.on('close', (code) => res({ code, stdout, stderr })));
}

const CLI = join(PROJECT_ROOT, 'dist/cli/index.js');
let fixture: OrgFixture;
let work: string;

beforeAll(async () => {
  fixture = await orgFixture();
  work = await mkdtemp(join(tmpdir(), 'flakeguard-org-cli-'));
}, 60_000);
afterAll(async () => {
  await fixture?.dispose();
  if (work) await rm(work, { recursive: true, force: true });
});

describe('flakeguard org (dist/cli/index.js)', () => {
  it('builds the page, the tables and the database, and names what it left out', async () => {
    const repos = [fixture.shop.source, fixture.project.source, fixture.damaged].join(',');
    const run = await cli(CLI, ['org', '--repos', repos, '--repos', fixture.noBranch, '--out', 'site'], work);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('4 repositories listed, 2 read, 2 missing; page: ');
    expect(run.stdout).toMatch(/^runs: 48 rows, /m);
    expect(run.stdout).toMatch(/^database: .*flakeguard\.duckdb \(runs 48, test_runs \d+, tests 311, decisions \d+, repositories 4\)$/m);
    expect(run.stdout).toContain(`MISSING repo (${fixture.damaged}): The data branch is damaged (runs.json:`);
    expect(run.stdout).toContain(`MISSING no-branch (${fixture.noBranch}): has no branch 'flakeguard-data'`);
    for (const file of ['index.html', 'org.json', 'flakeguard.duckdb', 'tables/runs.parquet', 'tables/test_runs.parquet', 'tables/tests.parquet', 'tables/decisions.parquet']) {
      expect(existsSync(join(work, 'site', file)), file).toBe(true);
    }
    const model = JSON.parse(await readFile(join(work, 'site/org.json'), 'utf8')) as { missing: Array<{ source: string }> };
    expect(model.missing.map((m) => m.source).sort()).toEqual([fixture.damaged, fixture.noBranch].sort());
  });

  it('fails with --require-all when a repository is left out, and when none could be read', async () => {
    const some = await cli(CLI, ['org', '--repos', `${fixture.shop.source},${fixture.unreachable}`, '--out', 'strict', '--no-database', '--require-all'], work);
    expect(some.code, some.stderr).toBe(1);
    expect(some.stdout).toContain('2 repositories listed, 1 read, 1 missing; page: ');
    expect(existsSync(join(work, 'strict/index.html'))).toBe(true);
    const none = await cli(CLI, ['org', '--repos', fixture.unreachable, '--out', 'none', '--no-database'], work);
    expect(none.code).toBe(1);
    expect(none.stdout).toContain('1 repository listed, 0 read, 1 missing; page: ');
  });

  it('never prints the password of a repository URL', async () => {
    const run = await cli(CLI, ['org', '--repos', 'https://someone:s3cret-token@127.0.0.1:9/octo/x.git', '--out', 'secret', '--no-database'], work);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('MISSING octo/x (https://***@127.0.0.1:9/octo/x.git): could not be fetched');
    expect(run.stdout + run.stderr).not.toContain('s3cret-token');
    expect(await readFile(join(work, 'secret/index.html'), 'utf8')).not.toContain('s3cret-token');
  });

  it('says how to install DuckDB when it is not installed, before fetching; --no-database goes without it', async () => {
    const away = await mkdtemp(join(tmpdir(), 'flakeguard-org-noduck-'));
    try {
      await cp(join(PROJECT_ROOT, 'dist'), join(away, 'dist'), { recursive: true });
      const entry = join(away, 'dist/cli/index.js');
      const run = await cli(entry, ['org', '--repos', fixture.shop.source, '--out', 'site'], away);
      expect(run.code).toBe(2);
      expect(run.stderr).toContain('npm install @duckdb/node-api');
      expect(run.stderr).toContain('--no-database');
      expect(run.stderr).not.toContain('[1/1]');
      expect(existsSync(join(away, 'site/index.html'))).toBe(false);
      const without = await cli(entry, ['org', '--repos', fixture.shop.source, '--out', 'site', '--no-database'], away);
      expect(without.code, without.stderr).toBe(0);
      expect(existsSync(join(away, 'site/index.html'))).toBe(true);
      expect(existsSync(join(away, 'site/flakeguard.duckdb'))).toBe(false);
    } finally {
      await rm(away, { recursive: true, force: true });
    }
  });

  it("counts each repository under the name it is listed by: a branch claiming another repository's name is warned about, never takes its place", async () => {
    // The real octo/shop at …/octo/shop.git; an impostor whose data branch is a copy of it, so that its runs link to
    // github.com/octo/shop too, at …/mallory/impostor.git, listed first.
    const real = join(work, 'claims', 'octo', 'shop.git');
    const impostor = join(work, 'claims', 'mallory', 'impostor.git');
    await cp(fixture.shop.path, real, { recursive: true });
    await cp(fixture.shop.path, impostor, { recursive: true });
    const run = await cli(CLI, ['org', '--repos', `${impostor},${real}`, '--out', 'claims-site', '--no-database'], work);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('2 repositories listed, 2 read, 0 missing; page: ');
    expect(run.stdout).not.toContain('MISSING');
    expect(run.stdout).toContain(`WARNING impostor (${impostor}): its data branch's runs link to octo/shop, not to the repository listed: counted as impostor`);
    const model = JSON.parse(await readFile(join(work, 'claims-site/org.json'), 'utf8')) as { repos: Array<{ name: string; source: string; url?: string; runs: number }> };
    expect(model.repos.map((r) => [r.name, r.source]).sort()).toEqual([
      ['impostor', impostor],
      ['shop', real],
    ]);
    // The impostor's page links nowhere the branch says; the real one's to its repository.
    expect(model.repos.find((r) => r.name === 'impostor')!.url).toBeUndefined();
    expect(model.repos.find((r) => r.name === 'shop')!.url).toBe('https://github.com/octo/shop');

    // Listed by its full name (NAME=SOURCE), the real one is octo/shop; the impostor's claim changes nothing.
    const named = await cli(CLI, ['org', '--repos', `${impostor},octo/shop=${real}`, '--out', 'claims-named', '--no-database'], work);
    expect(named.code, named.stderr).toBe(0);
    expect(named.stdout).toContain('2 repositories listed, 2 read, 0 missing; page: ');
    const byName = JSON.parse(await readFile(join(work, 'claims-named/org.json'), 'utf8')) as { repos: Array<{ name: string; source: string }> };
    expect(byName.repos.map((r) => [r.name, r.source]).sort()).toEqual([
      ['impostor', impostor],
      ['octo/shop', real],
    ]);
    // The same name listed twice is the user's word: the second is a duplicate, never read.
    const twice = await cli(CLI, ['org', '--repos', `octo/shop=${real},octo/shop=${impostor}`, '--out', 'claims-twice', '--no-database'], work);
    expect(twice.code, twice.stderr).toBe(0);
    expect(twice.stdout).toContain('1 repository listed (2 entries, 1 listed again), 1 read, 0 missing; page: ');
    expect(twice.stdout).toContain(`DUPLICATE octo/shop (${impostor}): listed again under the name octo/shop, read once from ${real}`);
    expect(twice.stdout).not.toContain('MISSING');
  });

  it('reads a repository listed twice once, labels the repeat a duplicate (not missing), and counts repositories listed, read and missing', async () => {
    const { shop, project } = fixture;
    const repos = [shop.source, project.source, shop.source, project.source, shop.source].join(',');
    const run = await cli(CLI, ['org', '--repos', repos, '--repos', fixture.noBranch, '--out', 'dup'], work);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('3 repositories listed (6 entries, 3 listed again), 2 read, 1 missing; page: ');
    const duplicates = run.stdout.split('\n').filter((l) => l.startsWith('DUPLICATE '));
    expect(duplicates).toEqual([
      `DUPLICATE octo/shop (${shop.path}): listed again under the name octo/shop, read once from ${shop.path}`,
      `DUPLICATE octo/project (${project.path}): listed again under the name octo/project, read once from ${project.path}`,
      `DUPLICATE octo/shop (${shop.path}): listed again under the name octo/shop, read once from ${shop.path}`,
    ]);
    expect(run.stdout.split('\n').filter((l) => l.startsWith('MISSING '))).toEqual([
      `MISSING no-branch (${fixture.noBranch}): has no branch 'flakeguard-data': flakeguard creates it on its first run there.`,
    ]);
    // Read once each: the repeats are never fetched.
    expect(run.stderr.match(/: octo\/shop at [0-9a-f]{12}/g)).toHaveLength(1);
    expect(run.stderr).toContain(`[3/6] ${shop.path}: DUPLICATE: listed again under the name octo/shop`);
    // The database lists every entry with its status; the page and org.json count the missing one only.
    expect(run.stdout).toMatch(/^database: .*\brepositories 6\)$/m);
    const model = JSON.parse(await readFile(join(work, 'dup/org.json'), 'utf8')) as { repos: Array<{ name: string }>; missing: Array<{ name: string }>; totals: { repos: number; missing: number } };
    expect(model.repos.map((r) => r.name).sort()).toEqual(['octo/project', 'octo/shop']);
    expect(model.missing.map((m) => m.name)).toEqual(['no-branch']);
    expect(model.totals).toMatchObject({ repos: 2, missing: 1 });
  });

  it('refuses a command without --out or --repos', async () => {
    expect((await cli(CLI, ['org', '--repos', fixture.shop.source], work)).code).toBe(2);
    const run = await cli(CLI, ['org', '--out', 'x'], work);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--repos');
  });
});
