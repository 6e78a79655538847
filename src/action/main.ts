/**
 * The entry GitHub runs. The work runs in a worker thread whose young generation is capped: left to itself, V8
 * grows it to 128 MiB while the step builds its long-lived history, a third of the step's peak memory at 10k
 * tests, for no gain in speed (docs/benchmarks-archive.md#latest-figures-against-the-targets, "The step runs in a worker
 * thread with a capped young generation"). The worker's exit code is the process's.
 *
 * The worker is created before the main thread loads any other module: its start (a new isolate, Node's bootstrap,
 * then the step's modules) is the longest wait of the step's start, and it runs beside whatever the main thread does
 * next. This file therefore imports nothing statically but `node:worker_threads`; the rest comes by import()
 * (docs/adr/0547-the-worker-first.md).
 */
import { isMainThread, MessageChannel, Worker, workerData, type MessagePort } from 'node:worker_threads';

// The cap is 16 MiB: less memory where it is tightest (100k tests), and no time lost that the host's noise does not
// hide. Paired steps against 32 MiB: peak RSS 154 vs 163 MiB at 10k and 415–442 vs 471–473 MiB at 100k, in about the
// same time; 8 MiB saved nothing more (docs/benchmarks-archive.md#issue-16-work-in-proportion-to-what-changed, "The
// worker's young generation is capped at 16 MiB").
const YOUNG_GENERATION_MB = Number(process.env.FLAKEGUARD_YOUNG_MB || 16);

if (isMainThread && YOUNG_GENERATION_MB > 0) {
  // The data branch is fetched here while the worker starts (src/action/early-clone.ts); the worker adopts the clone.
  const { port1, port2 } = new MessageChannel();
  const worker = new Worker(new URL(import.meta.url), { resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB }, workerData: { clone: port1 }, transferList: [port1] });
  worker.on('error', async (error) => {
    // run() reports its own failures; this is a crash outside it (the toolkit only loaded for it, off the common path).
    const core = await import('@actions/core');
    core.setFailed(`flakeguard crashed: ${error instanceof Error ? error.stack || error.message : String(error)}`);
  });
  worker.on('exit', (code) => {
    if (code !== 0) process.exitCode = code;
  });
  // A cancelled step still removes its private clone of the data branch (signals reach the main thread only): the
  // handlers are installed before the main thread opens its clone.
  const [{ cloneRoot, removeClonesOnSignals }, { cloneAhead }] = await Promise.all([import('../store/cleanup.ts'), import('./early-clone.ts')]);
  removeClonesOnSignals(cloneRoot());
  await cloneAhead(process.env, port2);
} else {
  if (isMainThread) {
    // No worker (FLAKEGUARD_YOUNG_MB=0): the step runs here, and the signal handlers with it.
    const { cloneRoot, removeClonesOnSignals } = await import('../store/cleanup.ts');
    removeClonesOnSignals(cloneRoot());
  }
  const clone = (workerData as { clone?: MessagePort } | undefined)?.clone;
  const [{ run }, { earlyFrom }] = await Promise.all([import('./run.ts'), import('./early-clone.ts')]);
  const early = clone ? earlyFrom(clone) : undefined;
  await run(process.env, early?.clone, early?.reports);
}
