/**
 * The private clones of the data branch (`flakeguard-data-<pid>-…` under RUNNER_TEMP, src/store/git.ts) are removed
 * on every exit the process controls: disposed after use, and on a cancelled step (the runner sends SIGINT, then
 * SIGTERM) by the handler src/action/main.ts installs on the main thread (signals never reach a worker thread). A clone left by
 * a run killed outright (kill -9) is swept by the next run (sweepStaleClones). Kept tiny and synchronous: main.ts
 * loads it before anything else.
 */
import { readdirSync, rmSync } from 'node:fs';
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
