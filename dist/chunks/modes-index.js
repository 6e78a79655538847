import "./shared-runtime.js";

// src/modes/index.ts
async function runMode(env, modeInputs) {
  switch (modeInputs.mode) {
    case "upload":
      return (await import("./modes-upload.js")).uploadMode(env, modeInputs);
    case "aggregate":
      return (await import("./modes-aggregate.js")).aggregateMode(env, modeInputs);
    case "ingest-workflow-run":
      return (await import("./modes-ingest.js")).ingestWorkflowRunMode(env, modeInputs);
    case "diagnose":
      return (await import("./modes-diagnose.js")).diagnoseMode(env);
    case "run":
      throw new Error("mode run is the default pipeline (action/run.ts)");
  }
}
export {
  runMode
};
