import {
  inboxPrefix,
  refusedPrefix
} from "./shared-store-inbox-refs.js";
import {
  damageReason,
  emptySnapshot,
  parseSnapshot
} from "./shared-store-snapshot.js";
import {
  DEFAULT_READ_BOUNDS,
  markRead
} from "./shared-store-read-bounds.js";
import {
  HISTORY_DIR
} from "./shared-store-layout.js";

// src/store/sync.ts
async function readBranchFiles(repo, inbox, bounds = DEFAULT_READ_BOUNDS) {
  const { head, parked } = await repo.fetchWithInbox(inbox);
  const files = await repo.readFiles(void 0, bounds);
  try {
    return { head, parked, files, blocked: await repo.blockedPaths() };
  } catch (error) {
    const empty = /* @__PURE__ */ new Map();
    markRead(empty, /* @__PURE__ */ new Map(), { message: error instanceof Error ? error.message : String(error) });
    return { head, parked, files: empty };
  }
}
var PARK_AFTER_LOST_RACES = 3;
var MAX_FOLDED_PER_WRITE = 64;
var PARCEL_READ_BATCH = 256;
var MAX_PARCEL_BYTES = 256 * 1024 * 1024;
var MAX_PARCEL_BYTES_PER_WRITE = 512 * 1024 * 1024;
var defaultSleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
var PARK_TRIES = 3;
function backoffMs(attempt, random) {
  const base = Math.min(8e3, 250 * 2 ** (attempt - 1));
  return Math.round(base * (0.5 + random()));
}
function foldedLine(folded) {
  if (!folded?.length) return "";
  const shown = folded.slice(0, 5).join(", ");
  return ` Folded in ${folded.length} parked run${folded.length === 1 ? "" : "s"}: ${shown}${folded.length > 5 ? ", \u2026" : ""}.`;
}
var short = (ref) => ref.replace(/^refs\/heads\//, "");
async function scanInbox(repo, inbox, parked, admitted, log, warn) {
  const accepted = [];
  const refuse = [];
  let left = 0;
  let at = 0;
  let bytes = 0;
  const room = () => accepted.length < MAX_FOLDED_PER_WRITE && bytes < MAX_PARCEL_BYTES_PER_WRITE;
  while (at < parked.length && room()) {
    const batch = parked.slice(at, at + PARCEL_READ_BATCH);
    const files = await repo.readParcels(batch, MAX_PARCEL_BYTES, MAX_PARCEL_BYTES_PER_WRITE - bytes);
    for (let i = 0; i < batch.length && room(); i++, at++) {
      const p = batch[i];
      const id = `${p.ref} ${p.sha}`;
      const read = files[i];
      if (read.deferred) break;
      const known = admitted.get(id);
      const verdict = known ?? (read.text === void 0 ? missing(read) : await inbox.admit({ ...p, ...read }));
      admitted.set(id, verdict);
      if (verdict.verdict === "fold") {
        accepted.push({ ...p, text: read.text, ...verdict.entries ? { entries: verdict.entries } : {}, ...verdict.jobs ? { jobs: verdict.jobs } : {} });
        bytes += Buffer.byteLength(read.text, "utf8");
      } else if (known) continue;
      else if (verdict.verdict === "refuse") {
        refuse.push(p);
        log(`Parked run ${short(p.ref)} is refused (${verdict.reason}); moved aside to ${short(refusedPrefix(repo.branch))}, never counted.`);
      } else {
        left++;
        log(`Parked run ${short(p.ref)} is left in place (${verdict.reason}); it is not counted and holds up no other.`);
      }
    }
  }
  if (refuse.length > 0 || left > 0) {
    const parts = [...refuse.length > 0 ? [`${refuse.length} refused`] : [], ...left > 0 ? [`${left} left in place, not counted`] : []];
    warn(`Parked runs on ${short(inboxPrefix(repo.branch))}: ${parts.join(", ")} (the log names each and says why; docs/data-branch.md, "Parcels carry provenance").`);
  }
  if (at < parked.length) log(`${parked.length - at} more parked run${parked.length - at === 1 ? "" : "s"} wait for the next writers.`);
  if (refuse.length > 0) {
    const { error } = await repo.setAsideParked(refuse);
    if (error) log(`Could not move the refused parked runs aside (${error}); they stay where they are, refused again by every writer, never counted.`);
  }
  return accepted;
}
function missing(read) {
  if (read.bytes !== void 0) return { verdict: "leave", reason: `its parcel holds ${read.bytes} bytes, more than ${MAX_PARCEL_BYTES} this version reads` };
  return { verdict: "refuse", reason: "it holds no flakeguard-parcel.json" };
}
async function syncRun(repo, apply, options) {
  const sleep = options.sleep ?? defaultSleep;
  const random = options.random ?? Math.random;
  const log = options.log ?? (() => void 0);
  const warn = options.warn ?? log;
  const inbox = options.readOnly ? void 0 : options.inbox;
  const parkAfter = Math.max(1, options.parkAfter ?? PARK_AFTER_LOST_RACES);
  let lastError = "";
  let lastApplied;
  let lostRaces = 0;
  const admitted = /* @__PURE__ */ new Map();
  const park = async (tries, why, historyRead = true, refused) => {
    const parcel = inbox.parcel(lastApplied);
    let parked = await repo.park(parcel.name, parcel.text, `flakeguard: parked run (${why})`, parcel.seal);
    for (let retry = 1; !parked.pushed && parked.refusal === void 0 && retry < PARK_TRIES; retry++) {
      log(`Parking on ${short(parked.ref)} failed (${parked.message}); trying again (${retry + 1}/${PARK_TRIES}).`);
      await sleep(backoffMs(retry, random));
      parked = await repo.park(parcel.name, parcel.text, `flakeguard: parked run (${why})`, parcel.seal);
    }
    if (parked.pushed) {
      log(`Parked this run's results on ${short(parked.ref)} (${why}); the next writer of ${repo.branch} folds them in.`);
      return { applied: lastApplied, status: { kind: "parked", ref: short(parked.ref), tries, reason: why }, historyRead };
    }
    const reason = refused ? `${why} Parking the results on ${short(parked.ref)} was refused too (${parked.refusal?.detail ?? parked.message}).` : `${why}, and parking the results on ${short(parked.ref)} failed too: ${parked.message}`;
    return { applied: lastApplied, status: { kind: "not-saved", reason, ...refused ? { refused } : {} }, historyRead };
  };
  const notSaved = (tries, reason, historyRead = true) => inbox ? park(tries, reason, historyRead) : { applied: lastApplied, status: { kind: "not-saved", reason }, historyRead };
  const deleteFolded = async (folded) => {
    if (folded.length === 0) return [];
    const { deleted, error } = await repo.deleteParked(folded);
    log(`Folded ${folded.length} parked run${folded.length === 1 ? "" : "s"} into ${repo.branch}: ${folded.map((p) => short(p.ref)).join(", ")}.`);
    if (error) log(`Could not delete every folded branch (${error}); the next writer deletes them (they count once).`);
    return deleted.map(short);
  };
  for (let attempt = 1; attempt <= options.attempts; attempt++) {
    let head;
    let parked;
    let snapshot;
    let files;
    let blocked;
    try {
      ({ head, parked, files, blocked } = await (attempt === 1 && options.firstRead ? options.firstRead : readBranchFiles(repo, inbox !== void 0, options.bounds)));
    } catch (error) {
      lastError = `could not fetch the data branch '${repo.branch}': ${error instanceof Error ? error.message : String(error)}`;
      log(`Try ${attempt}/${options.attempts}: ${lastError}`);
      if (attempt < options.attempts) await sleep(backoffMs(attempt, random));
      continue;
    }
    snapshot = parseSnapshot(files, blocked, options.bounds);
    if (options.readOnly) return { applied: apply(snapshot, files), status: { kind: "read-only", head }, historyRead: true };
    const damaged = damageReason(snapshot);
    if (damaged) {
      lastApplied = apply(snapshot, files);
      if (inbox) {
        const result = await park(attempt, "the data branch is damaged");
        if (result.status.kind === "parked") return { ...result, status: { kind: "not-saved", reason: damaged, parked: result.status.ref } };
      }
      return { applied: lastApplied, status: { kind: "not-saved", reason: damaged }, historyRead: true };
    }
    let base = snapshot;
    let folded = [];
    if (inbox && parked.length > 0) {
      const accepted = await scanInbox(repo, inbox, parked, admitted, log, warn);
      const result = inbox.fold(snapshot, accepted);
      for (const r of result.refused) log(`Parked run ${short(r.ref)} cannot be folded in (${r.reason}); it is left in place.`);
      base = result.snapshot;
      folded = result.folded;
    }
    if (options.releaseTexts) {
      for (const path of [...files.keys()]) if (path.startsWith(HISTORY_DIR)) files.delete(path);
    }
    const applied = apply(base, base === snapshot && !options.releaseTexts ? files : null);
    lastApplied = applied;
    try {
      if (options.extraFiles) {
        for (const [path, text] of await options.extraFiles(files, applied)) if (!applied.files.has(path)) applied.files.set(path, text);
      }
      files = /* @__PURE__ */ new Map();
      snapshot = base = emptySnapshot();
      const compact = applied.compact === true && head !== null;
      const message = compact ? `${options.commitMessage}

Compacted: the branch's earlier commits were squashed into this one.` : options.commitMessage;
      const changed = await repo.commitFiles(applied.files, folded.length > 0 ? `${message}

Folded in ${folded.length} parked run${folded.length === 1 ? "" : "s"}.` : message, { root: compact });
      if (!changed) {
        const deleted = await deleteFolded(folded);
        return { applied, status: { kind: "unchanged", head, ...deleted.length ? { folded: deleted } : {} }, historyRead: true };
      }
      await options.beforePush?.();
      const pushing = repo.push({ replacing: compact ? head : null });
      try {
        options.whilePushing?.(applied);
      } catch {
      }
      const pushed = await pushing;
      if (pushed.pushed) {
        const deleted = await deleteFolded(folded);
        return { applied, status: { kind: "pushed", commit: pushed.commit, tries: attempt, compacted: compact, ...deleted.length ? { folded: deleted } : {} }, historyRead: true };
      }
      if (pushed.permanent) {
        if (pushed.refusal) {
          const reason2 = refusalReason(pushed.refusal, repo.branch);
          if (pushed.refusal.kind === "protected" && inbox) return park(attempt, reason2, true, "protected");
          return { applied, status: { kind: "not-saved", reason: reason2, refused: pushed.refusal.kind }, historyRead: true };
        }
        const reason = `the remote refused the push for good, so it was not retried (${pushed.message})`;
        log(`Try ${attempt}/${options.attempts}: ${reason}`);
        return notSaved(attempt, reason);
      }
      if (pushed.rejected) {
        lostRaces++;
        lastError = `the data branch moved while this run was writing (${pushed.message})`;
        if (inbox && lostRaces >= parkAfter) {
          log(`Try ${attempt}/${options.attempts}: ${lastError}`);
          return park(attempt, `${lostRaces} other writer${lostRaces === 1 ? "" : "s"} got there first`);
        }
      } else {
        lastError = `push failed: ${pushed.message}`;
      }
    } catch (error) {
      lastError = `could not write the data branch: ${error instanceof Error ? error.message : String(error)}`;
    }
    log(`Try ${attempt}/${options.attempts}: ${lastError}`);
    if (attempt < options.attempts) await sleep(backoffMs(attempt, random));
  }
  if (lastApplied) {
    if (inbox && lostRaces > 0) return park(options.attempts, `${options.attempts} tries, ${lostRaces} lost to other writers`);
    return notSaved(options.attempts, lastError);
  }
  lastApplied = apply(emptySnapshot(), null);
  return notSaved(options.attempts, lastError, false);
}
function refusalReason(refusal, branch) {
  const { kind, detail } = refusal;
  switch (kind) {
    case "permission":
      return `the remote refused the push: the token may not write to this repository (${detail}). Fix: add \`permissions: contents: write\` to the job, or \`read-only: true\` to keep the step from writing.`;
    case "workflow":
      return `the remote refused the push: the token may not change workflow files (${detail}). Fix: keep .github/workflows off ${branch} (remove it from the branch), or \`read-only: true\` to keep the step from writing.`;
    case "protected":
      return `the remote refused the push: the branch is protected by a rule (${detail}). Fix: let the step push ${branch} and ${inboxPrefix(branch).replace(/^refs\/heads\//, "")}* (leave them out of the branch protection rule or ruleset), or \`read-only: true\` to keep the step from writing.`;
  }
}
function lostReason(status, branch) {
  if (status.kind !== "not-saved" || status.parked || status.kept) return void 0;
  return `The history was NOT saved to ${branch}: ${status.reason.replace(/\.?$/, ".")} This run's results are only in its results file (output results-file): the run fails, so that they are not lost unseen.`;
}

export {
  readBranchFiles,
  foldedLine,
  syncRun,
  lostReason
};
