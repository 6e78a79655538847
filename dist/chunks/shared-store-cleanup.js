const require = process.getBuiltinModule('node:module').createRequire(import.meta.url);
const { readdirSync, rmSync } = require("node:fs");
const { readdir, rm, stat } = require("node:fs/promises");
const { tmpdir } = require("node:os");
const { join } = require("node:path");
// src/store/cleanup.ts
var CLONE_PREFIX = "flakeguard-data-";
function cloneRoot(env = process.env) {
  return env.RUNNER_TEMP || tmpdir();
}
function removeOwnClonesSync(root, pid = process.pid) {
  let names;
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
    }
  }
}
function removeClonesOnSignals(root) {
  const codes = { SIGINT: 130, SIGTERM: 143, SIGHUP: 129 };
  for (const signal of Object.keys(codes)) {
    process.once(signal, () => {
      removeOwnClonesSync(root);
      process.exit(codes[signal]);
    });
  }
}
var UNNAMED_CLONE_MAX_AGE_MS = 6 * 36e5;
function processAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === "EPERM";
  }
}
async function sweepStaleClones(root, now = Date.now()) {
  const removed = [];
  const entries = await readdir(root, { withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    if (!entry.isDirectory() || !entry.name.startsWith(CLONE_PREFIX)) continue;
    const match = /^flakeguard-data-(\d+)-/.exec(entry.name);
    let stale;
    if (match) {
      const pid = Number(match[1]);
      stale = pid !== process.pid && !processAlive(pid);
    } else {
      const info = await stat(join(root, entry.name)).catch(() => void 0);
      stale = info !== void 0 && now - info.mtimeMs > UNNAMED_CLONE_MAX_AGE_MS;
    }
    if (!stale) continue;
    await rm(join(root, entry.name), { recursive: true, force: true }).catch(() => void 0);
    removed.push(entry.name);
  }
  return removed;
}
var OpenClones = class {
  dirs = /* @__PURE__ */ new Set();
  hooked = false;
  add(dir) {
    if (!this.hooked) {
      this.hooked = true;
      process.on("exit", () => this.removeAllSync());
    }
    this.dirs.add(dir);
  }
  delete(dir) {
    this.dirs.delete(dir);
  }
  removeAllSync() {
    for (const dir of this.dirs) {
      try {
        rmSync(dir, { recursive: true, force: true });
      } catch {
      }
    }
  }
};
var openClones = new OpenClones();

export {
  CLONE_PREFIX,
  cloneRoot,
  removeOwnClonesSync,
  removeClonesOnSignals,
  sweepStaleClones,
  openClones
};
