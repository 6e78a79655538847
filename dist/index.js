const require = process.getBuiltinModule('node:module').createRequire(import.meta.url);
const { isMainThread, MessageChannel, Worker, workerData } = require("node:worker_threads");
// src/action/main.ts
var YOUNG_GENERATION_MB = Number(process.env.FLAKEGUARD_YOUNG_MB || 16);
if (isMainThread && YOUNG_GENERATION_MB > 0) {
  const { port1, port2 } = new MessageChannel();
  const worker = new Worker(new URL(import.meta.url), { resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB }, workerData: { clone: port1 }, transferList: [port1] });
  worker.on("error", async (error) => {
    const core = await import("./chunks/actions-core.js");
    core.setFailed(`flakeguard crashed: ${error instanceof Error ? error.stack || error.message : String(error)}`);
  });
  worker.on("exit", (code) => {
    if (code !== 0) process.exitCode = code;
  });
  const [{ cloneRoot, removeClonesOnSignals }, { cloneAhead }] = await Promise.all([import("./chunks/store-cleanup.js"), import("./chunks/action-early-clone.js")]);
  removeClonesOnSignals(cloneRoot());
  await cloneAhead(process.env, port2);
} else {
  if (isMainThread) {
    const { cloneRoot, removeClonesOnSignals } = await import("./chunks/store-cleanup.js");
    removeClonesOnSignals(cloneRoot());
  }
  const clone = workerData?.clone;
  const [{ run }, { earlyFrom }] = await Promise.all([import("./chunks/action-run.js"), import("./chunks/action-early-clone.js")]);
  const early = clone ? earlyFrom(clone) : void 0;
  await run(process.env, early?.clone, early?.reports);
}
