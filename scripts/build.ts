/**
 * Bundles the action and the CLI into dist/ (esbuild, ESM, code splitting), with file names a reviewer can read
 * (docs/adr/0315-dist-layout.md):
 *
 *   dist/index.js              the action's entry (action.yml runs it; src/action/main.ts)
 *   dist/cli/index.js          the CLI's entry (package.json `bin`; src/cli/main.ts)
 *   dist/chunks/<module>.js    a module loaded by a dynamic import() (src/modes/index.ts → modes-index.js,
 *                              @actions/artifact → actions-artifact.js), with what only it needs
 *   dist/chunks/shared-<module>.js  code two or more of the above share, named after its largest module
 *   dist/licenses.txt          the license of every package bundled
 *   dist/package.json          {"type": "module"}
 *
 * Every chunk sits one folder below dist/, as dist/cli/index.js does: `new URL('..', import.meta.url)` is dist/ from
 * either. A name depends only on which modules a chunk holds, never on a counter or a hash, so the same sources give
 * the same bytes (`.ci/run` rebuilds dist/ and fails on a difference) and an edit shows as a diff of the chunk that
 * holds the edited module. dist/ is emptied first: a file no longer built does not linger.
 *
 *   node scripts/build.ts
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isBuiltin } from 'node:module';
import { build, type Metafile, type OutputFile, type Plugin } from 'esbuild';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const DIST = join(ROOT, 'dist');

/** The entry points: output name (without .js) → source. */
export const ENTRIES = { index: 'src/action/main.ts', 'cli/index': 'src/cli/main.ts' } as const;

/** Bundled CommonJS code calls `require` (node built-ins) and an ES module has none: a file that names it defines it. */
const REQUIRE_SHIM = "const require = process.getBuiltinModule('node:module').createRequire(import.meta.url);";

/**
 * Node's built-in modules are loaded with `require`, as CommonJS code loads them, never as ES modules: importing one
 * as an ES module builds its whole namespace, which runs every lazy getter of the module (`node:http`'s loads Node's
 * own copy of undici, about 25 ms at every start). esbuild leaves an `import` of a built-in as it is written; each
 * becomes a `require`, moved to the top of its file (where an ES import is hoisted to). A built-in has no default
 * export but its `module.exports`, which is what `require` returns.
 */
export function requireBuiltins(text: string, file: string): string {
  const requires: string[] = [];
  const rewritten = text.replace(/^import\s+(?:([^;"]*?)\s+from\s+)?"([^"]+)";\n/gm, (statement, clause: string | undefined, module: string) => {
    if (!isBuiltin(module)) return statement;
    const from = `require(${JSON.stringify(module)})`;
    if (clause === undefined) requires.push(`${from};`);
    else {
      const named = /\{([^}]*)\}/.exec(clause);
      const single = clause
        .replace(/\{[^}]*\}/, '')
        .replace(/,/g, ' ')
        .trim();
      if (single) requires.push(`const ${single.replace(/^\*\s+as\s+/, '')} = ${from};`);
      const pairs = (named?.[1] ?? '')
        .split(',')
        .map((p) => p.trim())
        .filter(Boolean);
      for (const pair of pairs.filter((p) => /^default\s+as\s+/.test(p))) requires.push(`const ${pair.replace(/^default\s+as\s+/, '')} = ${from};`);
      const rest = pairs.filter((p) => !/^default\s+as\s+/.test(p)).map((p) => p.replace(/\s+as\s+/, ': '));
      if (rest.length) requires.push(`const { ${rest.join(', ')} } = ${from};`);
    }
    return '';
  });
  const left = /^(?:import|export)\s[^;]*?"([^"]+)";/gm;
  for (const m of rewritten.matchAll(left)) if (isBuiltin(m[1]!)) throw new Error(`${file}: a built-in is still imported as an ES module: ${m[0]}`);
  if (!requires.length && !/\brequire\b/.test(rewritten)) return rewritten;
  // After a hashbang line, if there is one.
  const at = rewritten.startsWith('#!') ? rewritten.indexOf('\n') + 1 : 0;
  return `${rewritten.slice(0, at)}${[REQUIRE_SHIM, ...requires].join('\n')}\n${rewritten.slice(at)}`;
}

/** `node_modules/@scope/name/...` → `@scope/name`; `node_modules/name/...` → `name`; a source file → undefined. */
export function packageOf(input: string): string | undefined {
  const at = input.lastIndexOf('node_modules/');
  if (at < 0) return undefined;
  const parts = input.slice(at + 'node_modules/'.length).split('/');
  return parts[0]!.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
}

/** A module's file name stem: `src/store/git.ts` → `store-git`; `node_modules/@actions/artifact/lib/x.js` → `actions-artifact`. */
export function stemOf(input: string): string {
  const pkg = packageOf(input);
  const base = pkg ?? input.replace(/^src\//, '').replace(/\.[cm]?[jt]sx?$/, '');
  return base
    .replace(/^@/, '')
    .replace(/[^A-Za-z0-9.]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** A finer stem for a second chunk whose module is in the same package: the package and the file. */
function fileStemOf(input: string): string {
  const pkg = packageOf(input);
  if (!pkg) return stemOf(input);
  const file = input.slice(input.lastIndexOf('node_modules/') + 'node_modules/'.length + pkg.length + 1).replace(/\.[cm]?[jt]sx?$/, '');
  return `${stemOf(input)}-${file.replace(/[^A-Za-z0-9.]+/g, '-')}`;
}

/**
 * Stable names for esbuild's chunks (`chunks/<name>-<hash>.js`): a chunk a dynamic import() loads is named after
 * that module; a shared chunk after its largest module (by bytes in the output), `shared-` first; esbuild's own
 * helpers (a chunk of no module) are `shared-runtime`. A clash takes the next candidate, in an order that depends
 * on the modules only.
 */
export function chunkNames(metafile: Metafile, outdir: string): Map<string, string> {
  const names = new Map<string, string>();
  const taken = new Set<string>();
  const take = (output: string, candidates: string[]): void => {
    let name = candidates.find((c) => !taken.has(c));
    for (let n = 2; !name; n++) if (!taken.has(`${candidates[0]}-${n}`)) name = `${candidates[0]}-${n}`;
    taken.add(name);
    names.set(output, `chunks/${name}.js`);
  };
  const chunks = Object.entries(metafile.outputs).filter(([path]) => relative(outdir, path).startsWith('chunks/'));
  const bySize = (inputs: Metafile['outputs'][string]['inputs']): string[] =>
    Object.entries(inputs)
      .sort(([a, x], [b, y]) => y.bytesInOutput - x.bytesInOutput || (a < b ? -1 : a > b ? 1 : 0))
      .map(([path]) => path);
  const lazy = chunks.filter(([, o]) => o.entryPoint).sort(([, a], [, b]) => (a.entryPoint! < b.entryPoint! ? -1 : 1));
  for (const [path, o] of lazy) take(path, [stemOf(o.entryPoint!), fileStemOf(o.entryPoint!)]);
  const shared = chunks
    .filter(([, o]) => !o.entryPoint)
    .map(([path, o]) => ({ path, modules: bySize(o.inputs) }))
    .sort((a, b) => (a.modules.join('\n') < b.modules.join('\n') ? -1 : 1));
  for (const { path, modules } of shared) {
    if (modules.length === 0) take(path, ['shared-runtime']);
    else take(path, [...modules.flatMap((m) => [`shared-${stemOf(m)}`, `shared-${fileStemOf(m)}`])]);
  }
  return names;
}

/** The name, license and license text of every package in the bundle, sorted by name (ncc's format). */
export function licenses(metafile: Metafile): string {
  const roots = new Map<string, string>();
  for (const input of Object.keys(metafile.inputs)) {
    const pkg = packageOf(input);
    if (pkg) roots.set(pkg, join(ROOT, input.slice(0, input.lastIndexOf('node_modules/') + 'node_modules/'.length + pkg.length)));
  }
  const blocks: string[] = [];
  for (const [name, root] of [...roots].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { license?: string | { type?: string }; licenses?: { type?: string }[] };
    const license = typeof manifest.license === 'string' ? manifest.license : (manifest.license?.type ?? manifest.licenses?.map((l) => l.type).join(' OR ') ?? '');
    const file = readdirSync(root)
      .filter((f) => /^(licen[cs]e|copying)/i.test(f))
      .sort()[0];
    const text = file ? readFileSync(join(root, file), 'utf8').trim() : '';
    blocks.push([name, license, text].filter(Boolean).join('\n'));
  }
  return blocks.join('\n\n') + '\n';
}

/**
 * `@actions/core` imports its OIDC client (`lib/oidc-utils.js`) statically, and with it `@actions/http-client` and
 * undici (780 KiB, about 100 ms to compile and evaluate at every start), though only `core.getIDToken` uses it and
 * flakeguard never calls that. In the bundle, `core.js` gets in its place a module of the same export whose
 * `getIDToken` imports the real one by import() when called: the HTTP client is loaded by what needs it (publishing,
 * the GitHub client), never by the step's start (docs/adr/0524-http-client-off-the-start.md).
 */
export const lazyOidc: Plugin = {
  name: 'lazy-oidc',
  setup(b) {
    b.onResolve({ filter: /^\.\/oidc-utils\.js$/ }, (args) => {
      if (packageOf(args.importer) !== '@actions/core' || !args.importer.endsWith('/lib/core.js')) return undefined;
      // A path relative to the project, as esbuild names every other module in the bundle's comments.
      return { path: relative(ROOT, join(args.resolveDir, 'oidc-utils.js')), namespace: 'lazy-oidc', pluginData: args.resolveDir };
    });
    b.onLoad({ filter: /.*/, namespace: 'lazy-oidc' }, (args) => ({
      contents: [
        'export class OidcClient {',
        '  static async getIDToken(audience) {',
        "    const real = await import('./oidc-utils.js');",
        '    return real.OidcClient.getIDToken(audience);',
        '  }',
        '}',
        '',
      ].join('\n'),
      resolveDir: args.pluginData as string,
      loader: 'js',
    }));
  },
};

/**
 * `@actions/core` exports `platform` (`export * as platform from './platform.js'`), and `lib/platform.js` imports
 * `@actions/exec` and with it `@actions/io` statically, for `getDetails` alone (it runs `lsb_release`, `sw_vers` or
 * PowerShell). In the bundle, `core.js` gets in its place a module of the same exports: the five constants computed as
 * `lib/platform.js` computes them, and a `getDetails` that imports the real module by import() when called. exec and
 * io leave the step's start (docs/adr/0546-actions-exec-off-the-start.md).
 */
export const lazyPlatform: Plugin = {
  name: 'lazy-platform',
  setup(b) {
    b.onResolve({ filter: /^\.\/platform\.js$/ }, (args) => {
      if (packageOf(args.importer) !== '@actions/core' || !args.importer.endsWith('/lib/core.js')) return undefined;
      return { path: relative(ROOT, join(args.resolveDir, 'platform.js')), namespace: 'lazy-platform', pluginData: args.resolveDir };
    });
    b.onLoad({ filter: /.*/, namespace: 'lazy-platform' }, (args) => ({
      contents: [
        "import os from 'os';",
        'export const platform = os.platform();',
        'export const arch = os.arch();',
        "export const isWindows = platform === 'win32';",
        "export const isMacOS = platform === 'darwin';",
        "export const isLinux = platform === 'linux';",
        'export async function getDetails() {',
        "  const real = await import('./platform.js');",
        '  return real.getDetails();',
        '}',
        '',
      ].join('\n'),
      resolveDir: args.pluginData as string,
      loader: 'js',
    }));
  },
};

export async function buildDist(outdir = DIST): Promise<{ files: Map<string, number>; metafile: Metafile }> {
  const result = await build({
    absWorkingDir: ROOT,
    entryPoints: ENTRIES,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node24',
    outdir,
    entryNames: '[dir]/[name]',
    chunkNames: 'chunks/[name]-[hash]',
    legalComments: 'none',
    metafile: true,
    write: false,
    logLevel: 'warning',
    // An optional peer, never bundled: `flakeguard org` loads it from where it is installed (docs/adr/0356).
    external: ['@duckdb/node-api'],
    plugins: [lazyOidc, lazyPlatform],
    // `flakeguard --version` says the version of the package.json it was built from (src/cli/main.ts).
    define: { FLAKEGUARD_VERSION: JSON.stringify((JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version) },
  });
  const metafile = result.metafile!;
  const renamed = new Map<string, string>();
  for (const [path, name] of chunkNames(metafile, relative(ROOT, outdir))) renamed.set(join(ROOT, path), join(outdir, name));
  // An import between files names the other file by its base name: `./chunks/x-HASH.js`, `../chunks/x-HASH.js`, `./x-HASH.js`.
  const baseOf = (p: string): string => p.slice(p.lastIndexOf('/') + 1);
  const byBase = new Map([...renamed].map(([from, to]) => [baseOf(from), baseOf(to)]));
  const pattern = new RegExp([...byBase.keys()].map((b) => b.replace(/[.]/g, '\\.')).join('|'), 'g');
  rmSync(outdir, { recursive: true, force: true });
  const files = new Map<string, number>();
  for (const file of result.outputFiles as OutputFile[]) {
    const target = renamed.get(file.path) ?? file.path;
    const text = requireBuiltins(byBase.size ? file.text.replace(pattern, (b) => byBase.get(b)!) : file.text, relative(outdir, target));
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, text);
    files.set(relative(outdir, target), Buffer.byteLength(text));
  }
  writeFileSync(join(outdir, 'package.json'), '{\n  "type": "module"\n}\n');
  writeFileSync(join(outdir, 'licenses.txt'), licenses(metafile));
  return { files, metafile };
}

if (import.meta.main) {
  const { files } = await buildDist();
  const kib = (n: number): string => `${(n / 1024).toFixed(1)} KiB`;
  const total = [...files.values()].reduce((a, b) => a + b, 0);
  const rows = [...files].sort(([a], [b]) => (a < b ? -1 : 1));
  for (const [file, bytes] of rows) console.log(`${kib(bytes).padStart(12)}  dist/${file}`);
  console.log(`${kib(total).padStart(12)}  ${files.size} files`);
  if (!existsSync(join(DIST, 'index.js'))) throw new Error('dist/index.js was not written');
}
