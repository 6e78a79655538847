const require = process.getBuiltinModule('node:module').createRequire(import.meta.url);
const { rm } = require("node:fs/promises");
import {
  readModeInputs
} from "./shared-config-mode-inputs.js";
import {
  contextFromEnv,
  dataRemote
} from "./shared-config-context.js";
import {
  DataRepo
} from "./shared-store-git.js";
import {
  inputsFromEnv,
  readInputs
} from "./shared-config-inputs.js";

// src/action/early-clone.ts
async function cloneAhead(env, port) {
  let message = { kind: "none" };
  try {
    const get = inputsFromEnv(env);
    if (readModeInputs(get).mode === "run") {
      const inputs = readInputs(get);
      const ctx = contextFromEnv(env);
      const inbox = !(inputs.readOnly || ctx.fromFork);
      const remote = await dataRemote(inputs, ctx);
      const repo = await DataRepo.open(remote, inputs.dataBranch, inputs.token, ctx.runnerTemp || void 0);
      const fetched = await repo.fetchWithInbox(inbox).then(
        (ok) => ({ ok }),
        (error) => ({ error: error instanceof Error ? error.message : String(error) })
      );
      message = { kind: "clone", clone: { dir: repo.dir, remote, question: remoteQuestion(inputs, ctx), branch: inputs.dataBranch, inbox, fetched } };
    }
  } catch {
  }
  port.postMessage(message);
  port.close();
}
function cloneFrom(port) {
  return new Promise((resolve) => {
    port.once("message", (message) => {
      port.close();
      resolve(message.kind === "clone" ? message.clone : void 0);
    });
    port.once("close", () => resolve(void 0));
  });
}
function remoteQuestion(inputs, ctx) {
  return JSON.stringify([inputs.remote, ctx.workspace, ctx.serverUrl, ctx.repository]);
}
async function stepRemote(early, inputs, ctx) {
  const clone = await early;
  return clone?.question === remoteQuestion(inputs, ctx) ? clone.remote : dataRemote(inputs, ctx);
}
async function openClone(early, remote, branch, token, inbox, tempRoot) {
  const clone = await early;
  if (clone && clone.remote === remote && clone.branch === branch && clone.inbox === inbox) {
    const fetched = "ok" in clone.fetched ? Promise.resolve(clone.fetched.ok) : Promise.reject(new Error(clone.fetched.error));
    return DataRepo.adopt(clone.dir, remote, branch, token, inbox, fetched);
  }
  if (clone) await rm(clone.dir, { recursive: true, force: true });
  const repo = await DataRepo.open(remote, branch, token, tempRoot);
  repo.prefetch(inbox);
  return repo;
}

export {
  cloneAhead,
  cloneFrom,
  remoteQuestion,
  stepRemote,
  openClone
};
