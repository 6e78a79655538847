/**
 * `rerun: auto`'s choice (src/rerun/detect.ts) over the fixture projects of test/fixtures/rerun-projects/, their
 * facts read by src/rerun/workspace.ts: the reports' marks decide when they name one reporter whose runner can start;
 * otherwise the workspace must name exactly one runner; else no preset, and why.
 */
import { chmodSync, cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { detectRunner, type WorkspaceFacts } from '../../src/rerun/detect.ts';
import { readWorkspaceFacts } from '../../src/rerun/workspace.ts';

const REPO = resolve(import.meta.dirname, '../..');
const roots: string[] = [];
afterEach(() => {
  for (const r of roots.splice(0)) rmSync(r, { recursive: true, force: true });
});

/** A copy of a fixture project (or an empty folder), node_modules linked when asked, and a PATH with python3 and gotestsum. */
function workspace(fixture: string | undefined, opts: { nodeModules?: boolean; onPath?: string[] } = {}): { dir: string; path: string } {
  const root = mkdtempSync(join(tmpdir(), 'flakeguard-detect-'));
  roots.push(root);
  const dir = join(root, 'ws');
  if (fixture) cpSync(join(REPO, 'test/fixtures/rerun-projects', fixture), dir, { recursive: true });
  else mkdirSync(dir);
  if (opts.nodeModules) symlinkSync(join(REPO, 'node_modules'), join(dir, 'node_modules'), 'dir');
  const bin = join(root, 'bin');
  mkdirSync(bin);
  for (const command of opts.onPath ?? ['python3', 'gotestsum']) {
    writeFileSync(join(bin, command), '#!/bin/sh\n');
    chmodSync(join(bin, command), 0o755);
  }
  return { dir, path: bin };
}

async function detect(reporters: Record<string, number> | undefined, fixture: string | undefined, opts: Parameters<typeof workspace>[1] = {}, edit?: (dir: string) => void) {
  const ws = workspace(fixture, opts);
  edit?.(ws.dir);
  return detectRunner(reporters, await readWorkspaceFacts(ws.dir, ws.path));
}

describe('rerun: auto on the fixture projects', () => {
  it('vitest: its report mark, its binary and its config', async () => {
    expect(await detect({ vitest: 1 }, 'vitest', { nodeModules: true })).toEqual({ preset: 'vitest', why: ["1 of 1 report carries vitest's mark", 'vitest.config.js is there'] });
  });

  it('jest and mocha: their marks, their package.json key or .mocharc', async () => {
    expect(await detect({ jest: 2 }, 'jest', { nodeModules: true })).toEqual({ preset: 'jest', why: ["2 of 2 reports carry jest's mark", 'package.json has a "jest" key'] });
    expect(await detect({ mocha: 1, '': 1 }, 'mocha', { nodeModules: true })).toEqual({
      preset: 'mocha',
      why: ["1 of 2 reports carries mocha's mark", '1 report carries none: its tests are asked of mocha too', '.mocharc.json is there'],
    });
  });

  it('pytest and gotestsum: their marks, their configs, their commands on PATH', async () => {
    expect(await detect({ pytest: 1 }, 'pytest')).toEqual({ preset: 'pytest', why: ["1 of 1 report carries pytest's mark", 'pytest.ini is there'] });
    expect(await detect({ gotestsum: 1 }, 'go')).toEqual({ preset: 'gotestsum', why: ["1 of 1 report carries gotestsum's mark", 'go.mod is there'] });
    expect((await detect({ gotestsum: 1 }, 'go', { onPath: [] })).why[0]).toBe('cannot tell which runner wrote the reports: the reports come from gotestsum, but gotestsum is not on PATH');
  });

  it("node's junit reporter writes no mark: the workspace's script decides", async () => {
    expect(await detect({ '': 1 }, 'flags/node-test')).toEqual({
      preset: 'node-test',
      why: ["no report carries a reporter's mark (node's junit reporter writes none); the workspace names one runner that can start", 'node-test: a package.json script runs node --test'],
    });
  });

  it('a mark whose runner cannot start from the workspace: no preset, and why', async () => {
    const d = await detect({ vitest: 1 }, 'vitest');
    expect(d.preset).toBeUndefined();
    expect(d.why[0]).toBe("cannot tell which runner wrote the reports: the reports come from vitest, but node_modules/.bin/vitest is not in the workspace (the preset runs the project's own vitest)");
  });

  it('reports of two reporters: no preset', async () => {
    const d = await detect({ vitest: 1, jest: 1 }, 'vitest', { nodeModules: true });
    expect(d.preset).toBeUndefined();
    expect(d.why[0]).toMatch(/^cannot tell which runner wrote the reports: they come from (vitest \(1\) and jest \(1\)|jest \(1\) and vitest \(1\)), and one preset cannot re-run them all/);
  });

  it('reports without a mark in a workspace naming two runners, or none: no preset', async () => {
    const two = await detect({ '': 1 }, 'flags/node-test', {}, (dir) => writeFileSync(join(dir, 'pytest.ini'), '[pytest]\n'));
    expect(two.preset).toBeUndefined();
    expect(two.why).toEqual([
      "cannot tell which runner wrote the reports: no report carries a reporter's mark (node's junit reporter writes none), and the workspace names node-test and pytest",
      'node-test: a package.json script runs node --test',
      'pytest: pytest.ini is there',
    ]);
    const none = await detect({ '': 1 }, undefined);
    expect(none).toEqual({
      why: ["cannot tell which runner wrote the reports: no report carries a reporter's mark (node's junit reporter writes none), and nothing in the workspace names a runner with a preset"],
    });
    // Named, but its binary is not installed.
    const notInstalled = await detect({ '': 1 }, 'jest');
    expect(notInstalled.preset).toBeUndefined();
    expect(notInstalled.why[1]).toMatch(/^jest: package\.json has a "jest" key \(but node_modules\/\.bin\/jest is not in the workspace/);
  });

  it("pytest's sections in pyproject.toml, setup.cfg and tox.ini; a broken package.json counts as absent", async () => {
    for (const [file, text] of [
      ['pyproject.toml', '[project]\nname = "x"\n\n[tool.pytest.ini_options]\naddopts = "-q"\n'],
      ['setup.cfg', '[metadata]\n[tool:pytest]\n'],
      ['tox.ini', '[tox]\n[pytest]\n'],
    ] as const) {
      const d = await detect({ '': 1 }, undefined, {}, (dir) => {
        writeFileSync(join(dir, file), text);
        writeFileSync(join(dir, 'package.json'), '{ not json');
      });
      expect(d.preset, file).toBe('pytest');
    }
    expect((await detect({ '': 1 }, undefined, {}, (dir) => writeFileSync(join(dir, 'pyproject.toml'), '[project]\nname = "x"\n'))).preset).toBeUndefined();
  });
});

describe('detectRunner (pure)', () => {
  const facts = (over: Partial<WorkspaceFacts>): WorkspaceFacts => ({ files: [], localBins: [], onPath: [], pytestSection: false, ...over });
  it('a script naming the runner counts; a dependency with the runner in a longer name does not', () => {
    expect(
      detectRunner(
        { '': 1 },
        facts({ packageJson: { dependencies: ['eslint-plugin-jest', '@vitest/coverage-v8'], scripts: ['node_modules/.bin/mocha --exit'], keys: [] }, localBins: ['jest', 'vitest', 'mocha'] }),
      ).preset,
    ).toBe('mocha');
    expect(detectRunner({ '': 1 }, facts({ packageJson: { dependencies: [], scripts: ['node --experimental-vm-modules --test tests/'], keys: [] } })).preset).toBe('node-test');
    expect(detectRunner({ '': 1 }, facts({ packageJson: { dependencies: [], scripts: ['node server.js --testing'], keys: [] } })).preset).toBeUndefined();
  });
  it('no report read', () => {
    expect(detectRunner(undefined, facts({ files: ['go.mod'], onPath: ['gotestsum'] }))).toEqual({
      preset: 'gotestsum',
      why: ['no report was read; the workspace names one runner that can start', 'gotestsum: go.mod is there'],
    });
  });
});
