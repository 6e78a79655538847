/**
 * CPU contention for the diagnose mode's `contention` variation: busy-loop processes beside the re-run command, started
 * before it and killed (SIGKILL, each by its pid) once it has exited. The adapter of src/rerun/variations.ts.
 *
 * Each is the leader of a session of its own, as the command is (src/rerun/process.ts): where Linux groups the CPU by
 * session (autogroup, on by default on desktop and many server kernels), processes of one session share one session's
 * share, so busy processes in the step's session would take only one share however many there are; in sessions of
 * their own each takes as much as the command's session.
 */
import { spawn, type ChildProcess } from 'node:child_process';

export interface Busy {
  /** Kills every busy process and waits until each has exited. */
  stop(): Promise<void>;
}

/**
 * Starts `count` busy processes (Node itself, spinning) and resolves once each is spinning (it says so on its output
 * before its loop: a command started before then would run while they are still starting). None with 0.
 */
export async function startBusy(count: number, execPath = process.execPath): Promise<Busy> {
  const children: ChildProcess[] = [];
  const ready: Array<Promise<void>> = [];
  for (let i = 0; i < count; i++) {
    const child = spawn(execPath, ['-e', "process.stdout.write('spinning\\n', () => { for (;;) {} });"], { stdio: ['ignore', 'pipe', 'ignore'], env: {}, detached: true });
    children.push(child);
    ready.push(
      new Promise<void>((resolve) => {
        child.on('error', () => resolve());
        child.on('exit', () => resolve());
        child.stdout!.once('data', () => resolve());
      }),
    );
  }
  await Promise.all(ready);
  return {
    stop: async () => {
      await Promise.all(
        children.map(
          (child) =>
            new Promise<void>((resolve) => {
              if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return resolve();
              child.once('exit', () => resolve());
              child.kill('SIGKILL');
            }),
        ),
      );
      for (const child of children) child.stdout?.destroy();
    },
  };
}
