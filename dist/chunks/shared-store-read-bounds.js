import {
  BADGE_FILE,
  CLASS_MAP_FILE,
  CLUSTERS_FILE,
  DECISIONS_FILE,
  DIAGNOSES_FILE,
  NOJEKYLL_FILE,
  OWNERS_FILE,
  PAGE_FILE,
  README_FILE,
  decidesFrom,
  isHistoryShardPath,
  isStatsShardPath
} from "./shared-store-decisions.js";
import {
  META_FILE,
  RUNS_FILE
} from "./shared-store-layout.js";

// src/store/read-bounds.ts
var KiB = 1024;
var MiB = 1024 * 1024;
var DEFAULT_READ_BOUNDS = {
  bytes: (path) => {
    if (isHistoryShardPath(path)) return 64 * MiB;
    if (isStatsShardPath(path)) return 16 * MiB;
    return FILE_BYTES.get(path) ?? 0;
  },
  statsLines: 2e4,
  totalBytes: 128 * MiB,
  totalLines: 3e5
};
var FILE_BYTES = /* @__PURE__ */ new Map([
  [META_FILE, 32 * MiB],
  [RUNS_FILE, 32 * MiB],
  [DECISIONS_FILE, 32 * MiB],
  [PAGE_FILE, 4 * MiB],
  [README_FILE, 1 * MiB],
  [OWNERS_FILE, 3 * MiB],
  [CLASS_MAP_FILE, 3 * MiB],
  [BADGE_FILE, 64 * KiB],
  [CLUSTERS_FILE, 8 * MiB],
  [DIAGNOSES_FILE, 8 * MiB],
  [NOJEKYLL_FILE, 64 * KiB]
]);
function sizeText(bytes) {
  if (bytes >= MiB) return `${Number.isInteger(bytes / MiB) ? bytes / MiB : (bytes / MiB).toFixed(1)} MiB`;
  if (bytes >= KiB) return `${Number.isInteger(bytes / KiB) ? bytes / KiB : (bytes / KiB).toFixed(1)} KiB`;
  return `${bytes} bytes`;
}
function boundFiles(files, bounds) {
  const read = /* @__PURE__ */ new Set();
  const leftOut = /* @__PURE__ */ new Map();
  const order = [...files].sort((a, b) => Number(decidesFrom(b.path)) - Number(decidesFrom(a.path)) || a.size - b.size || (a.path < b.path ? -1 : 1));
  let total = 0;
  for (const { path, size } of order) {
    const cap = bounds.bytes(path);
    if (size > cap) leftOut.set(path, { bytes: size, cap });
    else if (total + size > bounds.totalBytes) leftOut.set(path, { bytes: total + size, cap: bounds.totalBytes, total: true });
    else {
      total += size;
      read.add(path);
    }
  }
  return { read, leftOut };
}
var leftOutOf = /* @__PURE__ */ new WeakMap();
function markRead(files, leftOut, error) {
  leftOutOf.set(files, { leftOut, ...error !== void 0 ? { error } : {} });
}
function leftOutIn(files) {
  return leftOutOf.get(files)?.leftOut ?? /* @__PURE__ */ new Map();
}
function readErrorOf(files) {
  return leftOutOf.get(files)?.error;
}
function leftOutProblems(files) {
  const damage = [];
  const warnings = [];
  for (const [path, { bytes, cap, total }] of [...leftOutIn(files)].sort((a, b) => a[0] < b[0] ? -1 : 1)) {
    const why = total ? `would bring the files flakeguard reads on the data branch to ${sizeText(bytes)}; it reads at most ${sizeText(cap)} of them together` : `is ${sizeText(bytes)}; flakeguard reads at most ${sizeText(cap)} of it`;
    if (decidesFrom(path)) damage.push({ file: path, line: 1, message: `${why} (docs/data-branch.md, "Bounded reading")` });
    else warnings.push({ file: path, warning: true, message: `${why}: it was not read, and is not updated until it is smaller or deleted (docs/data-branch.md, "Bounded reading")` });
  }
  return { damage, warnings };
}

export {
  DEFAULT_READ_BOUNDS,
  boundFiles,
  markRead,
  readErrorOf,
  leftOutProblems
};
