const require = process.getBuiltinModule('node:module').createRequire(import.meta.url);
const { isMainThread, MessageChannel, Worker, workerData } = require("node:worker_threads");
import {
  cloneRoot,
  removeClonesOnSignals
} from "./chunks/shared-store-cleanup.js";
import "./chunks/shared-runtime.js";

// src/action/main.ts
var YOUNG_GENERATION_MB = Number(process.env.FLAKEGUARD_YOUNG_MB || 16);
if (isMainThread) removeClonesOnSignals(cloneRoot());
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
  const { cloneAhead } = await import("./chunks/action-early-clone.js");
  await cloneAhead(process.env, port2);
} else {
  const clone = workerData?.clone;
  const [{ run }, { cloneFrom }] = await Promise.all([import("./chunks/action-run.js"), import("./chunks/action-early-clone.js")]);
  await run(process.env, clone ? cloneFrom(clone) : void 0);
}
