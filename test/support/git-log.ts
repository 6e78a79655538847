/**
 * A `git` first on PATH that records what the step asks of git and then runs the real one: each command's arguments
 * (`commands`), and every object name written to `git cat-file --batch` (`catFileAsked`), so that a test asserts which
 * blobs were read and how many fetches ran (docs/data-branch.md, "Bounded reading"), not how long they took. With
 * `failCatFile`, `git cat-file --batch` fails as a git that cannot read its objects would.
 */
import { execFileSync } from 'node:child_process';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export interface GitLog {
  /** PATH with the recording git first: give it to the step's environment. */
  path: string;
  /** The arguments of each git command the step ran, one string each. */
  commands: () => Promise<string[]>;
  /** The object names the step asked `git cat-file --batch` for. */
  catFileAsked: () => Promise<string[]>;
}

/** Installs the recording git under `dir`. */
export async function recordingGit(dir: string, options: { failCatFile?: boolean } = {}): Promise<GitLog> {
  const bin = join(dir, 'bin');
  await mkdir(bin, { recursive: true });
  const real = execFileSync('sh', ['-c', 'command -v git'], { encoding: 'utf8' }).trim();
  const argv = join(dir, 'git-argv.log');
  const asked = join(dir, 'git-cat-file.log');
  await writeFile(argv, '');
  await writeFile(asked, '');
  const quote = (text: string): string => `'${text.replace(/'/g, `'\\''`)}'`;
  await writeFile(
    join(bin, 'git'),
    `#!/bin/sh
printf '%s\\n' "$*" >> ${quote(argv)}
if [ "$1" = "cat-file" ] && [ "$2" = "--batch" ]; then
  ${options.failCatFile ? `cat >> ${quote(asked)}; echo "fatal: unable to read objects (a test's git)" >&2; exit 128` : `tee -a ${quote(asked)} | exec ${quote(real)} "$@"`}
fi
exec ${quote(real)} "$@"
`,
  );
  await chmod(join(bin, 'git'), 0o755);
  const lines = async (file: string): Promise<string[]> => (await readFile(file, 'utf8')).split('\n').filter(Boolean);
  return { path: `${bin}:${process.env.PATH ?? ''}`, commands: () => lines(argv), catFileAsked: () => lines(asked) };
}
