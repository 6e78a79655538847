/**
 * Ids as people wrote them (docs/test-ids.md, "Cleaned ids"; ADRs 0445, 0446). jest-junit's default templates write
 * `classname=" total updates" name=" total updates"`: a leading space, the title twice, no file. Reports written by
 * real jest 29 + jest-junit 17 runs (default settings, and `addFileAttribute`) give clean ids, and a data branch the
 * released 0.4.0 bundle wrote under the old ids carries its history, override and quarantine over to them.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { NODE24, PROJECT_ROOT, World, git, setOverride } from '../support/action.ts';

const run = promisify(execFile);

let world: World;
beforeEach(async () => {
  world = await World.create();
});
afterEach(async () => {
  await world.dispose();
});

/** The jest project of the report: a file with top-level tests (one failing), one with nested describes. */
async function writeJestProject(): Promise<void> {
  const ws = world.workspace;
  await mkdir(join(ws, 'src'), { recursive: true });
  await writeFile(join(ws, 'package.json'), '{"name":"shop","private":true}\n');
  await writeFile(join(ws, 'src/cart.test.js'), "test('total updates when an item is removed', () => { expect(1).toBe(1); });\ntest('applies a coupon', () => { expect(1).toBe(2); });\n");
  await writeFile(
    join(ws, 'src/list.test.js'),
    "describe('list', () => {\n  describe('sorting', () => { test('sorts by name', () => {}); });\n  test('adds', () => {});\n});\ntest('top level in list', () => {});\n",
  );
  await symlink(join(PROJECT_ROOT, 'node_modules'), join(ws, 'node_modules'));
}

/** Runs real jest with jest-junit (its default templates; `env` adds options), writing reports/junit.xml. */
async function runJest(env: Record<string, string> = {}): Promise<string> {
  const jest = join(PROJECT_ROOT, 'node_modules/jest/bin/jest.js');
  await run(NODE24, [jest, '--ci', '--reporters=default', '--reporters=jest-junit'], {
    cwd: world.workspace,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', JEST_JUNIT_OUTPUT_DIR: 'reports', ...env },
  }).catch((error: { code?: number }) => {
    // One test fails on purpose: jest exits 1.
    if (error.code !== 1) throw error;
  });
  return readFile(join(world.workspace, 'reports/junit.xml'), 'utf8');
}

const history = async (): Promise<Record<string, { o: string }>> => {
  const tests: Record<string, { o: string }> = {};
  for (const [path, text] of await world.dataFiles()) if (/^history\/.*\.json$/.test(path)) Object.assign(tests, (JSON.parse(text) as { tests: Record<string, { o: string }> }).tests);
  return tests;
};

const stats = async (): Promise<Record<string, Record<string, unknown>>> => {
  const tests: Record<string, Record<string, unknown>> = {};
  for (const [path, text] of await world.dataFiles()) if (/^stats\/.*\.json$/.test(path)) Object.assign(tests, (JSON.parse(text) as { tests: Record<string, Record<string, unknown>> }).tests);
  return tests;
};

describe('jest-junit reports give the ids people wrote', () => {
  it('default templates: trimmed, the title once (the report has no file)', async () => {
    await writeJestProject();
    const xml = await runJest();
    // What the real reporter wrote: the broken form.
    expect(xml).toContain('classname=" total updates when an item is removed" name=" total updates when an item is removed"');
    expect(xml).toContain('classname="list sorting sorts by name" name="list sorting sorts by name"');
    const result = await world.run();
    const why = `stdout:\n${result.stdout}\nsummary:\n${result.summary}`;
    expect(result.exitCode, why).toBe(1);
    const ids = Object.keys(await history()).sort();
    expect(ids, why).toEqual(['applies a coupon', 'list adds', 'list sorting sorts by name', 'top level in list', 'total updates when an item is removed']);
    // The failure is still located by its stack trace.
    expect(result.stdout, why).toMatch(/::error title=applies a coupon failed,file=src\/cart\.test\.js,line=2::/);
  });

  it('with addFileAttribute: the file is the owner of the id', async () => {
    await writeJestProject();
    const xml = await runJest({ JEST_JUNIT_ADD_FILE_ATTRIBUTE: 'true' });
    expect(xml).toContain('file="src/cart.test.js"');
    const result = await world.run();
    const why = `stdout:\n${result.stdout}\nsummary:\n${result.summary}`;
    const ids = Object.keys(await history()).sort();
    expect(ids, why).toEqual([
      'src/cart.test.js::applies a coupon',
      'src/cart.test.js::total updates when an item is removed',
      'src/list.test.js::list adds',
      'src/list.test.js::list sorting sorts by name',
      'src/list.test.js::top level in list',
    ]);
  });
});

describe('history stored under the old ids carries over', () => {
  it('a data branch written by 0.4.0: history, override and quarantine move to the clean ids, counted once', async () => {
    // The released 0.4.0 bundle (commit 2634f1c) writes the branch under the ids as jest-junit wrote them.
    const old = await mkdtemp(join(tmpdir(), 'fg-040-'));
    try {
      const tar = join(old, 'dist.tar');
      await git(PROJECT_ROOT, ['archive', '-o', tar, '2634f1c', 'dist']);
      await run('tar', ['-xf', tar, '-C', old]);
      await writeJestProject();
      await runJest();
      for (let i = 0; i < 2; i++) {
        const before = await world.run({ entry: join(old, 'dist/index.js'), runId: 100 + i });
        expect(before.exitCode, before.stdout).toBe(1);
      }
      const oldIds = Object.keys(await history()).sort();
      expect(oldIds).toContain(' applies a coupon:: applies a coupon');
      expect(oldIds).toContain('list adds::list adds');
      // A person quarantines the failing test under its old id.
      await world.editDataFile('stats/00.json', (text) => setOverride(text, ' applies a coupon:: applies a coupon', '{"action":"quarantine","reason":"JIRA-41"}'));

      const after = await world.run({ runId: 200 });
      const why = `stdout:\n${after.stdout}\nsummary:\n${after.summary}`;
      // The quarantine still forgives the failure.
      expect(after.exitCode, why).toBe(0);
      expect(after.outputs['quarantined-failures'], why).toBe('1');
      const tests = await history();
      expect(Object.keys(tests).sort(), why).toEqual(['applies a coupon', 'list adds', 'list sorting sorts by name', 'top level in list', 'total updates when an item is removed']);
      // Two runs before, one now: counted once each.
      expect(tests['applies a coupon']!.o, why).toBe('FFF');
      expect(tests['list adds']!.o, why).toBe('PPP');
      const s = await stats();
      expect(s['applies a coupon']?.override, why).toEqual({ action: 'quarantine', reason: 'JIRA-41' });
      expect(
        Object.keys(s).some((id) => id.includes('::')),
        why,
      ).toBe(false);

      // The next run finds everything under the clean ids: nothing moves twice.
      const again = await world.run({ runId: 201 });
      expect(again.exitCode, again.stdout).toBe(0);
      expect((await history())['applies a coupon']!.o).toBe('F*4');
    } finally {
      await rm(old, { recursive: true, force: true });
    }
  });
});
