/**
 * The layout of dist/ (scripts/build.ts, docs/adr/0315-dist-layout.md): two entry files, chunks named after the
 * modules they hold (never a counter or a hash), every import between them resolvable, built-ins loaded by
 * `require`, the heavy modules off the action's common path, and a build that gives the same bytes twice.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { isBuiltin } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Metafile } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { buildDist, chunkNames, requireBuiltins, stemOf } from '../../scripts/build.ts';
import { PROJECT_ROOT } from '../support/action.ts';

const DIST = join(PROJECT_ROOT, 'dist');

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => statSync(join(dir, f)).isFile())
    .sort();
}

/** The files `file` imports: statically, or also by import() when `dynamic`. */
function importsOf(file: string, dynamic: boolean): string[] {
  const text = readFileSync(file, 'utf8');
  const specifiers = [...text.matchAll(/^(?:import|export)\s[^;]*?from\s*"(\.[^"]+)";|^import\s*"(\.[^"]+)";/gm)].map((m) => m[1] ?? m[2]!);
  if (dynamic) specifiers.push(...[...text.matchAll(/\bimport\("(\.[^"]+)"\)/g)].map((m) => m[1]!));
  return specifiers.map((s) => resolve(dirname(file), s));
}

/** The modules (`// path` lines esbuild writes before each module's code) in `files` and every file they import statically. */
function modulesLoaded(files: string[]): Set<string> {
  const seen = new Set<string>();
  const walk = (f: string): void => {
    if (seen.has(f)) return;
    seen.add(f);
    for (const next of importsOf(f, false)) walk(next);
  };
  files.forEach(walk);
  const modules = new Set<string>();
  // esbuild names a module by its path from the project, through a symlinked node_modules/ as `../x/node_modules/…`.
  for (const f of seen) for (const m of readFileSync(f, 'utf8').matchAll(/^\/\/ (?:[a-z-]+:)?(?:\S*?\/)?((?:src|node_modules)\/\S+)$/gm)) modules.add(m[1]!);
  return modules;
}

describe('dist/', () => {
  const files = filesUnder(DIST);

  it('holds the two entries action.yml and package.json name, chunks, the licenses and nothing else', () => {
    expect(readFileSync(join(PROJECT_ROOT, 'action.yml'), 'utf8')).toMatch(/^ {2}main: dist\/index\.js$/m);
    const pkg = JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8')) as { bin: Record<string, string> };
    expect(pkg.bin.flakeguard).toBe('dist/cli/index.js');
    expect(files).toEqual(expect.arrayContaining(['index.js', 'cli/index.js', 'licenses.txt', 'package.json']));
    const others = files.filter((f) => !['index.js', 'cli/index.js', 'licenses.txt', 'package.json'].includes(f));
    expect(others.length).toBeGreaterThan(0);
    for (const f of others) expect(f).toMatch(/^chunks\/(shared-)?[a-z0-9][A-Za-z0-9.-]*\.js$/);
    expect(JSON.parse(readFileSync(join(DIST, 'package.json'), 'utf8'))).toEqual({ type: 'module' });
    expect(readFileSync(join(DIST, 'cli/index.js'), 'utf8')).toMatch(/^#!\/usr\/bin\/env node\n/);
  });

  it('names no file by a number or a hash', () => {
    for (const f of files) {
      const base = f.slice(f.lastIndexOf('/') + 1);
      expect(base).not.toMatch(/^\d+\./);
      expect(base).not.toMatch(/-[A-Z0-9]{8}\.js$/);
    }
  });

  it('lists the license of every package bundled', () => {
    const licenses = readFileSync(join(DIST, 'licenses.txt'), 'utf8');
    const bundled = new Set<string>();
    for (const f of files.filter((x) => x.endsWith('.js'))) {
      for (const m of readFileSync(join(DIST, f), 'utf8').matchAll(/^\/\/ (?:\S*?\/)?node_modules\/((?:@[^/]+\/)?[^/]+)\//gm)) bundled.add(m[1]!);
    }
    expect(bundled.size).toBeGreaterThan(10);
    for (const name of bundled) expect(licenses, name).toMatch(new RegExp(`(^|\\n\\n)${name.replace(/[.]/g, '\\.')}\\n`));
  });

  it('resolves every import between its files, and loads no built-in as an ES module', () => {
    for (const f of files.filter((x) => x.endsWith('.js'))) {
      for (const target of importsOf(join(DIST, f), true)) expect(existsSync(target), `${f} imports ${relative(DIST, target)}`).toBe(true);
      const text = readFileSync(join(DIST, f), 'utf8');
      const esImports = [...text.matchAll(/^(?:import|export)\s[^;]*?["']([^"']+)["'];/gm)].map((m) => m[1]!);
      expect(esImports.filter((m) => isBuiltin(m)), f).toEqual([]);
    }
  });

  it('has no circle of static imports between its files', () => {
    // scripts/build.ts moves each require of a built-in to the top of its file: without a circle, no other file's
    // code can run before that file's own.
    const state = new Map<string, 'open' | 'done'>();
    const circles: string[] = [];
    const visit = (f: string, path: string[]): void => {
      state.set(f, 'open');
      for (const next of importsOf(f, false)) {
        if (state.get(next) === 'open') circles.push([...path, f, next].map((x) => relative(DIST, x)).join(' → '));
        else if (!state.has(next)) visit(next, [...path, f]);
      }
      state.set(f, 'done');
    };
    for (const f of files.filter((x) => x.endsWith('.js'))) if (!state.has(join(DIST, f))) visit(join(DIST, f), []);
    expect(state.size).toBeGreaterThan(10);
    expect(circles).toEqual([]);
  });

  it('keeps the heavy modules off the action\'s common path: each is in dist/, loaded only by an import() away from it', () => {
    // The common path: the entry, and what its worker imports (src/action/main.ts), with all that loads statically.
    const entry = join(DIST, 'index.js');
    const common = modulesLoaded([entry, ...importsOf(entry, true)]);
    const everywhere = modulesLoaded(files.filter((f) => f.endsWith('.js')).map((f) => join(DIST, f)));
    expect(common.has('src/action/main.ts')).toBe(true);
    const heavy = ['node_modules/@actions/artifact/', 'node_modules/@actions/github/', 'node_modules/yaml/', 'src/modes/index.ts', 'src/pipeline/rerun.ts', 'src/github/issues.ts', 'src/dashboard/page.generated.ts', 'src/mcp/server.ts', 'node_modules/@modelcontextprotocol/sdk/', 'node_modules/zod/', 'node_modules/undici/', 'node_modules/@actions/http-client/', 'node_modules/@actions/exec/', 'node_modules/@actions/io/'];
    for (const h of heavy) {
      expect([...everywhere].some((m) => m.startsWith(h)), `${h} is bundled (a renamed module: update this list)`).toBe(true);
      expect([...common].filter((m) => m.startsWith(h)), `${h} on the common path`).toEqual([]);
    }
  });

  it('loads @actions/core\'s OIDC client, and with it the HTTP client, only when core.getIDToken is called, and that call still gets the token', async () => {
    // scripts/build.ts (lazyOidc): undici costs ~100 ms at every start and only publishing needs an HTTP client.
    const asked: string[] = [];
    const server = createServer((req, res) => {
      asked.push(`${req.method} ${req.url} ${req.headers.authorization}`);
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ value: 'the-id-token' }));
    });
    await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
    const saved = { url: process.env.ACTIONS_ID_TOKEN_REQUEST_URL, token: process.env.ACTIONS_ID_TOKEN_REQUEST_TOKEN };
    try {
      process.env.ACTIONS_ID_TOKEN_REQUEST_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/token?api-version=2.0`;
      process.env.ACTIONS_ID_TOKEN_REQUEST_TOKEN = 'request-token';
      const core = (await import(pathToFileURL(join(DIST, 'chunks/actions-core.js')).href)) as { getIDToken(aud?: string): Promise<string> };
      expect(await core.getIDToken('sts.example')).toBe('the-id-token');
      expect(asked).toEqual(['GET /token?api-version=2.0&audience=sts.example Bearer request-token']);
    } finally {
      process.env.ACTIONS_ID_TOKEN_REQUEST_URL = saved.url;
      process.env.ACTIONS_ID_TOKEN_REQUEST_TOKEN = saved.token;
      if (saved.url === undefined) delete process.env.ACTIONS_ID_TOKEN_REQUEST_URL;
      if (saved.token === undefined) delete process.env.ACTIONS_ID_TOKEN_REQUEST_TOKEN;
      server.close();
    }
  });

  it("gives @actions/core's platform export as the package does, its getDetails by import() of the real module", async () => {
    // scripts/build.ts (lazyPlatform): @actions/exec and @actions/io leave the start; the constants are computed as
    // lib/platform.js computes them, and getDetails is the package's own.
    type Platform = { platform: string; arch: string; isWindows: boolean; isMacOS: boolean; isLinux: boolean; getDetails(): Promise<unknown> };
    const bundled = ((await import(pathToFileURL(join(DIST, 'chunks/actions-core.js')).href)) as { platform: Platform }).platform;
    const real = ((await import('@actions/core')) as unknown as { platform: Platform }).platform;
    expect(Object.keys(bundled).sort()).toEqual(Object.keys(real).sort());
    for (const key of ['platform', 'arch', 'isWindows', 'isMacOS', 'isLinux'] as const) expect(bundled[key], key).toBe(real[key]);
    const settle = (p: Promise<unknown>): Promise<unknown> => p.then((value) => ({ value }), (error: unknown) => ({ error: error instanceof Error ? error.message : String(error) }));
    expect(await settle(bundled.getDetails())).toEqual(await settle(real.getDetails()));
  });

  it('keeps the CLI\'s action entry one folder up from every chunk: dist/index.js', () => {
    // src/cli/run.ts finds the action as `../index.js` from its own file, a chunk or dist/cli/index.js.
    const holder = files.find((f) => /^\/\/ src\/cli\/run\.ts$/m.test(readFileSync(join(DIST, f), 'utf8')))!;
    expect(holder).toBeDefined();
    expect(existsSync(join(DIST, dirname(holder), '..', 'index.js'))).toBe(true);
    expect(dirname(holder)).not.toBe('.');
  });

  it('is the same, byte for byte, when built twice', async () => {
    const a = mkdtempSync(join(tmpdir(), 'flakeguard-dist-a-'));
    const b = mkdtempSync(join(tmpdir(), 'flakeguard-dist-b-'));
    try {
      await buildDist(a);
      await buildDist(b);
      const names = filesUnder(a);
      expect(filesUnder(b)).toEqual(names);
      for (const f of names) expect(readFileSync(join(b, f)).equals(readFileSync(join(a, f))), f).toBe(true);
    } finally {
      rmSync(a, { recursive: true, force: true });
      rmSync(b, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('scripts/build.ts', () => {
  const SHIM = "const require = process.getBuiltinModule('node:module').createRequire(import.meta.url);";

  it('turns each ES import of a built-in into a require at the top of the file, defines require where it is named, and leaves other imports alone', () => {
    const text = [
      '#!/usr/bin/env node',
      'import {',
      '  a',
      '} from "./chunks/shared-x.js";',
      '',
      '// src/y.ts',
      'import { join, resolve as resolve2 } from "node:path";',
      'import fs, { readFileSync } from "fs";',
      'import * as http from "node:http";',
      'import { default as os2 } from "node:os";',
      'import "node:process";',
      'var z = join("a", "b");',
      '',
    ].join('\n');
    expect(requireBuiltins(text, 'x.js')).toBe(
      [
        '#!/usr/bin/env node',
        SHIM,
        'const { join, resolve: resolve2 } = require("node:path");',
        'const fs = require("fs");',
        'const { readFileSync } = require("fs");',
        'const http = require("node:http");',
        'const os2 = require("node:os");',
        'require("node:process");',
        'import {',
        '  a',
        '} from "./chunks/shared-x.js";',
        '',
        '// src/y.ts',
        'var z = join("a", "b");',
        '',
      ].join('\n'),
    );
    expect(() => requireBuiltins('export * from "node:fs";\n', 'y.js')).toThrow(/y\.js: a built-in is still imported as an ES module/);
    expect(requireBuiltins('import { a } from "./x.js";\nvar b = a;\n', 'z.js')).toBe('import { a } from "./x.js";\nvar b = a;\n');
    expect(requireBuiltins('var r = typeof require;\n', 'r.js')).toBe(`${SHIM}\nvar r = typeof require;\n`);
  });

  it('names a lazy chunk after its module, a shared one after its largest module, clashes apart', () => {
    const input = (bytesInOutput: number) => ({ bytesInOutput });
    const metafile = {
      inputs: {},
      outputs: {
        'dist/index.js': { entryPoint: 'src/action/main.ts', inputs: {}, bytes: 1, imports: [], exports: [] },
        'dist/chunks/run-AAAAAAAA.js': { entryPoint: 'src/action/run.ts', inputs: { 'src/action/run.ts': input(9) }, bytes: 1, imports: [], exports: [] },
        'dist/chunks/artifact-BBBBBBBB.js': { entryPoint: 'node_modules/@actions/artifact/lib/artifact.js', inputs: {}, bytes: 1, imports: [], exports: [] },
        'dist/chunks/chunk-CCCCCCCC.js': { inputs: { 'src/store/git.ts': input(10), 'src/store/sync.ts': input(50) }, bytes: 1, imports: [], exports: [] },
        'dist/chunks/chunk-DDDDDDDD.js': { inputs: { 'src/store/sync.ts': input(5), 'src/text/escape.ts': input(1) }, bytes: 1, imports: [], exports: [] },
        'dist/chunks/chunk-EEEEEEEE.js': { inputs: {}, bytes: 1, imports: [], exports: [] },
      },
    } as unknown as Metafile;
    expect(Object.fromEntries(chunkNames(metafile, 'dist'))).toEqual({
      'dist/chunks/run-AAAAAAAA.js': 'chunks/action-run.js',
      'dist/chunks/artifact-BBBBBBBB.js': 'chunks/actions-artifact.js',
      'dist/chunks/chunk-CCCCCCCC.js': 'chunks/shared-store-sync.js',
      'dist/chunks/chunk-DDDDDDDD.js': 'chunks/shared-text-escape.js',
      'dist/chunks/chunk-EEEEEEEE.js': 'chunks/shared-runtime.js',
    });
    expect(stemOf('node_modules/@octokit/plugin-retry/dist-src/index.js')).toBe('octokit-plugin-retry');
    expect(stemOf('src/dashboard/page.generated.ts')).toBe('dashboard-page.generated');
  });
});
