/**
 * The release workflow's checks (scripts/release-check.ts, which .github/workflows/release.yml runs on a pushed tag),
 * run locally: on this repository as it is (the tag it would release, its notes), and on made-up repositories for
 * each way a release must be refused (a tag that is not the version, a missing, undated or empty changelog section,
 * a stale dist/).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { NODE24, PROJECT_ROOT } from './support/action.ts';
import { releaseCheck, releaseNotes, staleBuild, tagProblem } from '../scripts/release-check.ts';

const version = (JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8')) as { version: string }).version;
const changelog = readFileSync(join(PROJECT_ROOT, 'CHANGELOG.md'), 'utf8');

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
function repo(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'flakeguard-release-'));
  dirs.push(dir);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

const CHANGELOG = '# Changelog\n\n## [Unreleased]\n\n## [1.2.0] - 2026-12-01\n\n### Added\n- a thing\n\n## [1.1.0] - 2026-11-01\n\n- older\n';

describe('this repository', () => {
  it('is at 0.8.1, and CHANGELOG.md has its dated section under an empty Unreleased', () => {
    expect(version).toBe('0.8.1');
    expect(changelog).toMatch(/^## \[Unreleased\]\n\n## \[0\.8\.1\] - \d{4}-\d{2}-\d{2}\n/m);
  });

  it("pins the README's workflows to the tag this version is released under, so that every pin resolves once it is pushed", () => {
    const readme = readFileSync(join(PROJECT_ROOT, 'README.md'), 'utf8');
    const pins = [...readme.matchAll(/uses: flakeguard\/flakeguard@(\S+)/g)].map((m) => m[1]);
    expect(pins.length).toBeGreaterThanOrEqual(4);
    expect(new Set(pins)).toEqual(new Set([`v${version}`]));
  });

  it('releases from the tag v<version>, with the notes of its section', () => {
    const notesFile = join(repo({}), 'notes.md');
    const run = spawnSync(NODE24, ['scripts/release-check.ts', '--tag', `v${version}`, '--notes', notesFile], { cwd: PROJECT_ROOT, encoding: 'utf8' });
    expect(run.status, run.stderr).toBe(0);
    const notes = readFileSync(notesFile, 'utf8');
    expect(notes).toMatch(/^Four lighter parts of the step, nothing it decides or writes changed/);
    expect(notes).toContain('### The step: merge (issue 42)');
    expect(notes).toContain('### The step: decide (issue 42)');
    expect(notes).not.toContain('## [');
  });

  it('refuses another tag, naming the version', () => {
    const run = spawnSync(NODE24, ['scripts/release-check.ts', '--tag', 'v9.9.9'], { cwd: PROJECT_ROOT, encoding: 'utf8', env: { ...process.env, GITHUB_ACTIONS: 'true' } });
    expect(run.status).toBe(1);
    expect(run.stderr).toBe(`::error::the tag 'v9.9.9' is not 'v${version}', the version package.json says: bump the version (and CHANGELOG.md) or tag v${version}\n`);
  });

  it('is what the release workflow runs on a pushed tag, after the build', () => {
    const workflow = parse(readFileSync(join(PROJECT_ROOT, '.github/workflows/release.yml'), 'utf8')) as { jobs: { release: { steps: Array<{ run?: string }> } } };
    const runs = workflow.jobs.release.steps.map((s) => s.run ?? '');
    const check = runs.findIndex((r) => r.startsWith('node scripts/release-check.ts --tag "$GITHUB_REF_NAME" --notes notes.md --dist'));
    expect(check).toBeGreaterThan(runs.indexOf('npm run build'));
    expect(runs.indexOf('npm run build')).toBeGreaterThanOrEqual(0);
    expect(runs.findIndex((r) => r.includes('gh release create') && r.includes('--notes-file notes.md'))).toBeGreaterThan(check);
  });
});

describe('the checks', () => {
  it('the tag must be v + the version', () => {
    expect(tagProblem('v1.2.0', '1.2.0')).toBeUndefined();
    expect(tagProblem('1.2.0', '1.2.0')).toMatch(/is not 'v1\.2\.0'/);
    expect(tagProblem('v1.2.1', '1.2.0')).toMatch(/is not 'v1\.2\.0'/);
    expect(tagProblem('v1.2', '1.2')).toMatch(/not MAJOR\.MINOR\.PATCH/);
  });

  it("the notes are the version's section, up to the next one", () => {
    expect(releaseNotes(CHANGELOG, '1.2.0')).toEqual({ notes: '### Added\n- a thing\n' });
    expect(releaseNotes(CHANGELOG, '1.1.0')).toEqual({ notes: '- older\n' });
    // A version that is a prefix of another, or differs by a dot taken as any character, is not it.
    expect(releaseNotes(CHANGELOG, '1.2')).toEqual({ problem: expect.stringContaining("no section '## [1.2] - <date>'") });
    expect(releaseNotes(CHANGELOG.replace('1.1.0', '1x1x0'), '1.1.0')).toEqual({ problem: expect.stringContaining('no section') });
  });

  it('a missing, undated or empty section fails', () => {
    expect(releaseNotes(CHANGELOG, '2.0.0')).toEqual({ problem: expect.stringContaining("no section '## [2.0.0] - <date>'") });
    expect(releaseNotes(CHANGELOG.replace('## [1.2.0] - 2026-12-01', '## [1.2.0]'), '1.2.0')).toEqual({ problem: expect.stringContaining('has no date') });
    expect(releaseNotes('## [Unreleased]\n\n## [1.2.0] - 2026-12-01\n\n## [1.1.0] - 2026-11-01\n- x\n', '1.2.0')).toEqual({ problem: "CHANGELOG.md's section for 1.2.0 is empty" });
  });

  it('dist/ must be what the build wrote: a committed build passes, a changed one fails naming the file', () => {
    const dir = repo({ 'package.json': '{"version": "1.2.0"}\n', 'CHANGELOG.md': CHANGELOG, 'dist/index.js': 'built\n', 'src/dashboard/page.generated.ts': 'page\n' });
    const git = (...args: string[]) => execFileSync('git', args, { cwd: dir, encoding: 'utf8' });
    git('init', '-q');
    git('add', '-A');
    git('-c', 'user.name=t', '-c', 'user.email=t@example.com', 'commit', '-q', '-m', 'release');
    expect(releaseCheck({ root: dir, tag: 'v1.2.0', dist: true })).toEqual([]);
    writeFileSync(join(dir, 'dist/index.js'), 'built again\n');
    writeFileSync(join(dir, 'dist/new-chunk.js'), 'new\n');
    expect(releaseCheck({ root: dir, tag: 'v1.2.0', dist: true })).toEqual([expect.stringContaining('dist/ differs from what npm run build writes (dist/index.js, dist/new-chunk.js)')]);
    expect(staleBuild(' M dist/a.js\n?? dist/b.js\n')).toEqual(['dist/a.js', 'dist/b.js']);
  });

  it('reports every failed check at once', () => {
    const dir = repo({ 'package.json': '{"version": "1.3.0"}\n', 'CHANGELOG.md': CHANGELOG });
    expect(releaseCheck({ root: dir, tag: 'v1.2.0' })).toEqual([expect.stringContaining("the tag 'v1.2.0' is not 'v1.3.0'"), expect.stringContaining("no section '## [1.3.0]")]);
  });
});
