/**
 * The private clones of the data branch (`flakeguard-data-<pid>-…` under RUNNER_TEMP, src/store/git.ts) are removed
 * on every exit the process controls: disposed after use, on the process's (or worker thread's) exit when one was not
 * disposed (openClones), and on a cancelled step (the runner sends SIGINT, then SIGTERM) by the handler
 * src/action/main.ts installs on the main thread (signals never reach a worker thread). A clone left by a run killed
 * outright (kill -9) is swept by the next run (sweepStaleClones). Kept small, with no import from src/: main.ts loads it
 * before anything else.
 */
import { readdirSync, rmSync } from 'node:fs';
import { readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const CLONE_PREFIX = 'flakeguard-data-';

/** Where this process makes its clones. */
export function cloneRoot(env: NodeJS.ProcessEnv = process.env): string {
  return env.RUNNER_TEMP || tmpdir();
}

/** Removes this process's clones in `root`; never throws. */
export function removeOwnClonesSync(root: string, pid = process.pid): void {
  let names: string[];
  try {
    names = readdirSync(root);
  } catch {
    return;
  }
  for (const name of names) {
    if (!name.startsWith(`${CLONE_PREFIX}${pid}-`)) continue;
    try {
      rmSync(join(root, name), { recursive: true, force: true });
    } catch {
      // best effort: the next run sweeps what is left
    }
  }
}

/** On SIGINT, SIGTERM or SIGHUP: remove this process's clones, then exit as the signal would have. */
export function removeClonesOnSignals(root: string): void {
  const codes = { SIGINT: 130, SIGTERM: 143, SIGHUP: 129 } as const;
  for (const signal of Object.keys(codes) as Array<keyof typeof codes>) {
    process.once(signal, () => {
      removeOwnClonesSync(root);
      process.exit(codes[signal]);
    });
  }
}

/** A clone with no pid in its name (flakeguard 0.1) is removed when older than this. */
const UNNAMED_CLONE_MAX_AGE_MS = 6 * 3600_000;

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Removes the private clones that killed runs left in `root` (kill -9, a cancelled job on a self-hosted runner):
 * those whose process is gone. Returns the names removed. Never throws.
 */
export async function sweepStaleClones(root: string, now = Date.now()): Promise<string[]> {
  const removed: string[] = [];
  const entries = await readdir(root, { withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    if (!entry.isDirectory() || !entry.name.startsWith(CLONE_PREFIX)) continue;
    const match = /^flakeguard-data-(\d+)-/.exec(entry.name);
    let stale: boolean;
    if (match) {
      const pid = Number(match[1]);
      stale = pid !== process.pid && !processAlive(pid);
    } else {
      const info = await stat(join(root, entry.name)).catch(() => undefined);
      stale = info !== undefined && now - info.mtimeMs > UNNAMED_CLONE_MAX_AGE_MS;
    }
    if (!stale) continue;
    await rm(join(root, entry.name), { recursive: true, force: true }).catch(() => undefined);
    removed.push(entry.name);
  }
  return removed;
}

/**
 * The clones this process opened and has not disposed yet, removed when the process (or its worker thread) exits.
 * One object for the whole process because the `exit` event is the process's: one listener removes what is left,
 * whichever DataRepo opened the clone (the main thread's early clone is adopted by the worker's). A listener per clone
 * would pile up on `process` in a process that opens many (the tests, the CLI's commands).
 */
class OpenClones {
  private readonly dirs = new Set<string>();
  private hooked = false;

  add(dir: string): void {
    if (!this.hooked) {
      this.hooked = true;
      process.on('exit', () => this.removeAllSync());
    }
    this.dirs.add(dir);
  }

  delete(dir: string): void {
    this.dirs.delete(dir);
  }

  private removeAllSync(): void {
    for (const dir of this.dirs) {
      try {
        rmSync(dir, { recursive: true, force: true });
      } catch {
        // best effort: the next run sweeps what is left
      }
    }
  }
}

export const openClones = new OpenClones();
