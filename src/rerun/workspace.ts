/**
 * The workspace facts `rerun: auto` decides by (src/rerun/detect.ts): the root's entries, package.json, the local
 * runner binaries, pytest's config sections, and python3 and gotestsum on PATH. Reads at most a few small files, each
 * bounded; a file that cannot be read, or is too big, counts as absent.
 */
import { access, constants, readdir, readFile, stat } from 'node:fs/promises';
import { delimiter, join } from 'node:path';
import type { WorkspaceFacts } from './detect.ts';

const MAX_FILE = 1024 * 1024;

async function small(path: string): Promise<string | undefined> {
  try {
    const s = await stat(path);
    if (!s.isFile() || s.size > MAX_FILE) return undefined;
    return await readFile(path, 'utf8');
  } catch {
    return undefined;
  }
}

async function executable(path: string): Promise<boolean> {
  try {
    await access(path, constants.X_OK);
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

function packageFacts(text: string | undefined): WorkspaceFacts['packageJson'] {
  if (text === undefined) return undefined;
  let pkg: unknown;
  try {
    pkg = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof pkg !== 'object' || pkg === null || Array.isArray(pkg)) return undefined;
  const record = pkg as Record<string, unknown>;
  const names = (key: string) => {
    const v = record[key];
    return typeof v === 'object' && v !== null && !Array.isArray(v) ? Object.keys(v) : [];
  };
  const scripts = record.scripts;
  // No prototype: a script named `__proto__` is a script like any other.
  const scriptsByName = Object.create(null) as Record<string, string>;
  if (typeof scripts === 'object' && scripts !== null && !Array.isArray(scripts)) {
    for (const [name, line] of Object.entries(scripts)) if (typeof line === 'string') scriptsByName[name] = line;
  }
  return {
    dependencies: [...names('dependencies'), ...names('devDependencies'), ...names('peerDependencies'), ...names('optionalDependencies')],
    scripts: Object.values(scriptsByName),
    scriptsByName,
    keys: Object.keys(record),
  };
}

export async function readWorkspaceFacts(workspace: string, path: string | undefined = process.env.PATH): Promise<WorkspaceFacts> {
  let files: string[] = [];
  try {
    files = (await readdir(workspace)).slice(0, 10_000);
  } catch {
    files = [];
  }
  const localBins: string[] = [];
  for (const bin of ['vitest', 'jest', 'mocha']) if (await executable(join(workspace, 'node_modules', '.bin', bin))) localBins.push(bin);
  const onPath: string[] = [];
  const dirs = (path ?? '').split(delimiter).filter((d) => d !== '');
  for (const command of ['python3', 'gotestsum']) {
    for (const dir of dirs) {
      if (await executable(join(dir, command))) {
        onPath.push(command);
        break;
      }
    }
  }
  const section = async (file: string, header: RegExp) => files.includes(file) && header.test((await small(join(workspace, file))) ?? '');
  const pytestSection =
    (await section('pyproject.toml', /^\s*\[tool\.pytest(\.ini_options)?\]/m)) || (await section('setup.cfg', /^\s*\[tool:pytest\]/m)) || (await section('tox.ini', /^\s*\[pytest\]/m));
  const packageJson = files.includes('package.json') ? packageFacts(await small(join(workspace, 'package.json'))) : undefined;
  return { files, ...(packageJson ? { packageJson } : {}), localBins, onPath, pytestSection };
}
