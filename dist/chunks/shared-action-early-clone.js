const require = process.getBuiltinModule('node:module').createRequire(import.meta.url);
const { AsyncLocalStorage } = require("node:async_hooks");
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
  let finding;
  try {
    const get = inputsFromEnv(env);
    if (readModeInputs(get).mode === "run") {
      const inputs = readInputs(get);
      const ctx = contextFromEnv(env);
      const question = reportsQuestion(inputs, ctx);
      finding = import("./pipeline-find-reports.js").then(({ findReports }) => keepingStdout(() => findReports(inputs.reports, ctx.workspace))).then(
        ({ value: files, written }) => port.postMessage({ kind: "reports", reports: { question, files, written } }),
        () => void 0
        // the step finds them itself and reports why it could not
      );
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
  await finding;
  port.close();
}
function earlyFrom(port) {
  let clone;
  let reports;
  const out = { clone: new Promise((r) => clone = r), reports: new Promise((r) => reports = r) };
  port.on("message", (message) => {
    if (message.kind === "reports") reports(message.reports);
    else clone(message.kind === "clone" ? message.clone : void 0);
  });
  port.once("close", () => {
    clone(void 0);
    reports(void 0);
  });
  return out;
}
function cloneFrom(port) {
  return earlyFrom(port).clone;
}
async function keepingStdout(work) {
  const kept = [];
  const context = new AsyncLocalStorage();
  const stdout = process.stdout;
  const write = stdout.write;
  stdout.write = function(chunk, ...rest) {
    const into = context.getStore();
    if (into === void 0) return write.call(this, chunk, ...rest);
    into.push(typeof chunk === "string" ? chunk : Buffer.from(chunk).toString("utf8"));
    const done = rest.find((r) => typeof r === "function");
    if (done) process.nextTick(done);
    return true;
  };
  try {
    const value = await context.run(kept, work);
    return { value, written: kept.join("") };
  } finally {
    stdout.write = write;
  }
}
function reportsQuestion(inputs, ctx) {
  return JSON.stringify([inputs.reports, ctx.workspace]);
}
async function earlyReports(early, inputs, ctx) {
  const found = await early;
  return found?.question === reportsQuestion(inputs, ctx) ? { files: found.files, written: found.written } : void 0;
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
  earlyFrom,
  cloneFrom,
  keepingStdout,
  reportsQuestion,
  earlyReports,
  remoteQuestion,
  stepRemote,
  openClone
};
