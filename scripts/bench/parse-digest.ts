/**
 * Whether two versions of the parser give the same results: hashes `parseReportFiles`'s output on the generated
 * reports of scripts/bench/parse.ts (10k and 100k test cases, with the workspace of their stack traces and with
 * another one) and on every file under test/fixtures/ (each alone, with its folder as the workspace, and each folder
 * of them at once), and prints one line per input and a digest of them all. A change to the parser that must not
 * change its results is checked by running this before and after it (or on a copy of the old src/, `--src DIR`) and
 * comparing the digests.
 *
 *   node_modules/.bin/node scripts/bench/parse-digest.ts [--src DIR] [--sizes 10000,100000] [--lines]
 *
 * The output is hashed as canonical JSON (keys sorted, an own property holding `undefined` written as such), so
 * the order in which a result's fields were added does not matter, but every field and value does.
 */
import { createHash } from 'node:crypto';
import { mkdir, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { generateReport } from './parse.ts';

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = resolve(HERE, '..', '..');

function arg(name: string): string | undefined {
  const k = process.argv.indexOf(name);
  return k === -1 ? undefined : process.argv[k + 1];
}

/** Canonical JSON: keys sorted, undefined-valued own properties kept (as `undefined`). */
export function canonical(v: unknown): string {
  if (v === undefined) return 'undefined';
  if (v === null || typeof v !== 'object') return JSON.stringify(v);
  if (Array.isArray(v)) return '[' + v.map(canonical).join(',') + ']';
  const o = v as Record<string, unknown>;
  return (
    '{' +
    Object.keys(o)
      .sort()
      .map((k) => JSON.stringify(k) + ':' + canonical(o[k]))
      .join(',') +
    '}'
  );
}

async function files(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const e of await readdir(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) out.push(...(await files(p)));
    else if (e.isFile()) out.push(p);
  }
  return out.sort();
}

const src = resolve(arg('--src') ?? join(ROOT, 'src'));
const { parseReportFiles } = (await import(pathToFileURL(join(src, 'junit', 'index.ts')).href)) as typeof import('../../src/junit/index.ts');
const sizes = (arg('--sizes') ?? '10000,100000').split(',').filter(Boolean).map(Number);
const lines: string[] = [];
const total = createHash('sha256');
const note = (label: string, out: unknown): void => {
  const h = createHash('sha256').update(canonical(out)).digest('hex').slice(0, 16);
  total.update(label + ' ' + h + '\n');
  lines.push(`${h} ${label}`);
};

// A fixed folder: a result names its report's path, which must not differ between two runs.
const work = join(tmpdir(), 'flakeguard-parse-digest');
await rm(work, { recursive: true, force: true });
await mkdir(work, { recursive: true });
try {
  for (const size of sizes) {
    const file = await generateReport(work, size);
    note(`generated ${size} (workspace of its traces)`, await parseReportFiles([file], { workspace: '/home/runner/work/app/app' }));
    note(`generated ${size} (workspace: its folder)`, await parseReportFiles([file], { workspace: work }));
  }
  const fixtures = join(ROOT, 'test', 'fixtures');
  const all = await files(fixtures);
  const byDir = new Map<string, string[]>();
  for (const f of all) {
    note(relative(ROOT, f), await parseReportFiles([f], { workspace: dirname(f) }));
    byDir.set(dirname(f), [...(byDir.get(dirname(f)) ?? []), f]);
  }
  for (const [dir, fs] of byDir) note(relative(ROOT, dir) + '/ (together)', await parseReportFiles(fs, { workspace: fixtures }));
} finally {
  await rm(work, { recursive: true, force: true });
}
if (process.argv.includes('--lines')) console.log(lines.join('\n'));
console.log(`${total.digest('hex')} digest of ${lines.length} inputs (src: ${relative(ROOT, src) || '.'})`);
