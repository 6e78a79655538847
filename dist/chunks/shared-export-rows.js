const require = process.getBuiltinModule('node:module').createRequire(import.meta.url);
const { hash } = require("node:crypto");
import {
  historyCosts
} from "./shared-store-branch-costs.js";
import {
  repositoryPath
} from "./shared-owners-index.js";
import {
  ownerText,
  ownersOf,
  parseCodeowners
} from "./shared-owners-codeowners.js";
import {
  mapClassname,
  parseClassMap
} from "./shared-owners-classmap.js";
import {
  damageReason,
  inBrokenShard
} from "./shared-store-snapshot.js";
import {
  failureKey
} from "./shared-history-records.js";
import {
  CLASS_MAP_FILE,
  OWNERS_FILE,
  parseDecisions
} from "./shared-store-decisions.js";
import {
  priced
} from "./shared-cost-index.js";
import {
  CODE_STATUS,
  isFailure
} from "./shared-model.js";

// src/export/rows.ts

// src/export/tables.ts
var TABLE_NAMES = ["runs", "test_runs", "tests", "decisions"];
var c = (name, type, nullable, doc) => ({ name, type, nullable, doc });
var ROW_KEY = (of) => c("row_key", "STRING", false, `Stable key of the row (a hash of ${of}): the same row exported twice has the same key, so a load can deduplicate or merge on it.`);
var REPOSITORY = c("repository", "STRING", false, "The repository whose data branch the row comes from (owner/name, or --repository).");
var TABLES = {
  runs: [
    ROW_KEY("repository and run key"),
    REPOSITORY,
    c("run_key", "STRING", false, "The run key: <workflow run id>/<job>/<hash of job key and report patterns>; <run id>/untrusted for an untrusted run."),
    c("run_seq", "INT64", false, "The run number on the data branch (runs.json), increasing with each run ingested."),
    c("run_id", "STRING", true, "The workflow run id (the first part of the run key)."),
    c("job", "STRING", true, "The job id (the second part of the run key); null for an untrusted run."),
    c("attempt", "INT64", true, "The newest attempt of the workflow run ingested for this run key (a re-run attempt joins the same run); null when the branch no longer says."),
    c("cell", "STRING", true, "The matrix cell, canonical k=v pairs sorted and joined by commas; null when not recorded."),
    c("sha", "STRING", false, "The commit tested."),
    c("ref", "STRING", true, "The git ref. Not recorded on the data branch: null (on_default_branch says what is kept)."),
    c("event", "STRING", true, "The triggering event. Not recorded on the data branch: null."),
    c("time", "TIMESTAMP", false, "When the run ran (report timestamp, else the clock)."),
    c("ingested_at", "TIMESTAMP", true, "When flakeguard last ingested an attempt of this run (flakeguard.json); null once aged out."),
    c("on_default_branch", "BOOL", false, "True for a push (or schedule) on the default branch."),
    c("job_succeeded", "BOOL", true, "True when the job succeeded after forgiveness; null when unknown."),
    c("trusted", "BOOL", false, "False for results read from another run\u2019s artifact (docs/forks.md): evidence only."),
    c("outages", "INT64", false, "How many outages (many tests failing with one message) the run had."),
    c("url", "STRING", true, "Link to the workflow run attempt.")
  ],
  test_runs: [
    ROW_KEY("repository, run key and test id"),
    REPOSITORY,
    c("run_key", "STRING", false, "The run (runs.run_key)."),
    c("run_seq", "INT64", false, "The run number (runs.run_seq)."),
    c("test_id", "STRING", false, "The test id (docs/test-ids.md)."),
    c("time", "TIMESTAMP", false, "When the run ran."),
    c("sha", "STRING", false, "The commit tested."),
    c("cell", "STRING", true, "The matrix cell of the run; null when not recorded."),
    c("on_default_branch", "BOOL", false, "True for a run on the default branch."),
    c("trusted", "BOOL", false, "False for results flakeguard does not vouch for."),
    c("attempts", "STRING", false, "Outcome of each attempt in order, a letter each: P passed, F failed, E error, S skipped (FP = failed, then passed on a re-run)."),
    c("attempt_count", "INT64", false, "The number of attempts (1 when not re-run)."),
    c("final_outcome", "STRING", false, "The last attempt: passed, failed, error or skipped."),
    c("rerun_verdict", "STRING", true, "With more than one attempt: flaky (a failed and a passed attempt), consistent (every attempt failed), or other; null with one attempt."),
    c("duration_sec", "FLOAT64", true, "Seconds of the last attempt. The data branch keeps only each test\u2019s newest duration: null for older runs."),
    c("message", "STRING", true, "The normalised message of the first failed attempt; raw, untrusted text."),
    c("message_signature", "STRING", true, "A hash of the message with every number blanked: equal for the same failure."),
    c("outage", "BOOL", false, "The failure was part of an outage of its run: never evidence of flakiness."),
    c("job_succeeded", "BOOL", true, "The job\u2019s result after forgiveness; null when unknown.")
  ],
  tests: [
    ROW_KEY("repository and test id"),
    REPOSITORY,
    c("test_id", "STRING", false, "The test id."),
    c("name", "STRING", false, "The test\u2019s name."),
    c("classname", "STRING", false, "Its class name (suite)."),
    c("file", "STRING", true, "Its file, when the reports gave one."),
    c("line", "INT64", true, "Its line in the file, when given."),
    c("owners", "STRING", true, "Its owners from CODEOWNERS, space-separated (@user, @org/team, e-mail); null when none."),
    c("owner", "STRING", true, "The first of its owners; null when none."),
    c("quarantined", "BOOL", true, "True while quarantined; null when its stats file cannot be read."),
    c("state_since", "TIMESTAMP", true, "When the current state (quarantined or not) began, when recorded."),
    c("reason", "STRING", true, "Why it is (not) quarantined, in words; untrusted when a person wrote it."),
    c("decided_by", "STRING", true, "hand while a hand override decides, else rule; null when its stats file cannot be read."),
    c("override", "STRING", true, "The hand override\u2019s action: quarantine or never; null when none."),
    c("override_until", "STRING", true, "The date the hand override lapses, as written."),
    c("rule", "STRING", true, "The rule that decided, when the stats line records it; null otherwise."),
    c("tier", "STRING", true, "Stable, Intermittent, Flaky or Chronic (docs/scoring.md)."),
    c("score", "FLOAT64", true, "The multi-factor score, 0 to 1."),
    c("confidence", "FLOAT64", true, "Confidence of the score, 0 to 1."),
    c("pfs", "FLOAT64", true, "Probability that a run fails for no reason."),
    c("pfs_low", "FLOAT64", true, "Lower bound of the PFS 90% interval."),
    c("pfs_high", "FLOAT64", true, "Upper bound of the PFS 90% interval."),
    c("flip_rate", "FLOAT64", true, "Share of consecutive runs whose outcome flipped."),
    c("success_rate", "FLOAT64", true, "Share of runs that passed."),
    c("recommendation", "STRING", true, "The score\u2019s recommendation."),
    c("runs", "INT64", false, "Runs kept in its history window."),
    c("failed_runs", "INT64", false, "Runs of the window with a failed or errored attempt."),
    c("duration_sec", "FLOAT64", true, "Seconds of its newest run, when known."),
    c("first_seen", "TIMESTAMP", true, "Time of the oldest run in its window."),
    c("last_seen", "TIMESTAMP", true, "Time of its newest run."),
    c("issue", "INT64", true, "The number of its flakeguard issue, when there is one (decisions.json)."),
    c("fix_verdict", "STRING", true, "Its latest fix verification (docs/fix-verification.md): verified, failed or inconclusive; null when none is recorded."),
    c("fix_pr", "INT64", true, "The pull request the fix verification ran on."),
    c("fix_head", "STRING", true, "The commit the fix verification ran on."),
    c("fix_runs", "INT64", true, "Runs of the test the fix verification made."),
    c("fix_failures", "INT64", true, "Of which failed."),
    c("fix_rate", "FLOAT64", true, "The first-attempt failure rate before the fix, as the mean of its window posterior."),
    c("fix_reached", "FLOAT64", true, "The probability that a test still as flaky as its window told would have failed in those runs, averaged over the posterior rate whose mean is fix_rate."),
    c("fix_at", "TIMESTAMP", true, "When the fix was verified."),
    c("fix_released", "TIMESTAMP", true, "When the verified fix landed and released the quarantine; null until then."),
    c("ci_cost_sec", "FLOAT64", true, "Seconds of CI time the test cost in its window: its share of the re-runs and of the red runs re-run by hand (docs/cost.md); null when it failed in no run."),
    c("ci_cost", "FLOAT64", true, "ci_cost_sec priced at the cost-per-minute the branch records; null without a price."),
    c("ci_saved_sec", "FLOAT64", true, "Seconds of hand re-runs its re-runs spared: its share of the runs a re-run turned green (docs/cost.md); null when it failed in no run.")
  ],
  decisions: [
    ROW_KEY("repository, test id, run number and event"),
    REPOSITORY,
    c("test_id", "STRING", false, "The test."),
    c("run_seq", "INT64", false, "The run in which the decision changed (runs.run_seq)."),
    c("run_key", "STRING", true, "That run\u2019s key, while the branch still has the run."),
    c("decided_at", "TIMESTAMP", true, "When flakeguard decided; null when the recorded time is not a time."),
    c("event", "STRING", false, "quarantined, released, override, override lapsed, override cleared, hand edit or issue closed (docs/data-branch.md#decisionsjson)."),
    c("quarantined", "BOOL", false, "The state from this run on."),
    c("decided_by", "STRING", false, "rule or hand."),
    c("reason", "STRING", false, "The reason as the stats file gave it (cut at 500 characters); untrusted when a person wrote it."),
    c("issue", "INT64", true, "The test\u2019s flakeguard issue, when there is one.")
  ]
};

// src/export/batch.ts
var ColumnBatch = class {
  columns;
  /** The rows filled, from index 0. */
  length = 0;
  table;
  capacity;
  constructor(table, capacity) {
    this.table = table;
    this.capacity = capacity;
    this.columns = table.map(() => new Array(capacity).fill(null));
  }
};
function* batchesOfRows(rows, batch) {
  const names = batch.table.map((c2) => c2.name);
  batch.length = 0;
  for (const row of rows) {
    const n = batch.length;
    for (let i = 0; i < names.length; i++) {
      const v = row[names[i]];
      batch.columns[i][n] = v === void 0 ? null : v;
    }
    if (++batch.length === batch.capacity) {
      yield batch;
      batch.length = 0;
    }
  }
  if (batch.length > 0) yield batch;
}

// src/export/rows.ts
var ExportError = class extends Error {
};
function rowKey(...parts) {
  return keyOf(JSON.stringify(parts));
}
var keyOf = (json) => hash("sha256", json, "hex").slice(0, 32);
function messageSignature(message) {
  return hash("sha256", failureKey(message), "hex").slice(0, 16);
}
function parseSince(text, now) {
  const t = text.trim();
  if (/^\d{1,10}$/.test(t)) return { kind: "run", seq: Number(t) };
  const span = /^(\d{1,6})([hd])$/.exec(t);
  if (span) return { kind: "time", ms: now - Number(span[1]) * (span[2] === "h" ? 36e5 : 864e5) };
  if (/^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(t)) {
    const ms = Date.parse(t.length === 10 ? `${t}T00:00:00Z` : t);
    if (Number.isFinite(ms)) return { kind: "time", ms };
  }
  if (t.includes("/")) return { kind: "run-key", key: t };
  throw new ExportError(`--since takes a run number (41), a run key (1234567/test/9f2c1a0b), a time (2026-11-20 or 2026-11-20T09:00:00Z) or a span back (36h, 7d); got '${text.slice(0, 80)}'.`);
}
function ingestionsOf(snapshot) {
  const out = /* @__PURE__ */ new Map();
  for (const [key, at] of Object.entries(snapshot.meta.ingested)) {
    const cut = key.lastIndexOf("#");
    const attempt = Number(key.slice(cut + 1));
    if (cut < 0 || !Number.isSafeInteger(attempt)) continue;
    const run = key.slice(0, cut);
    const known = out.get(run);
    out.set(run, { attempt: Math.max(attempt, known?.attempt ?? 0), at: Math.max(at, known?.at ?? 0) });
  }
  return out;
}
function selectionOf(source) {
  const since = source.since;
  if (!since) return { run: () => true };
  if (since.kind === "time") return { run: (_seq, time, at) => time >= since.ms || at !== void 0 && at >= since.ms };
  let after;
  if (since.kind === "run") after = since.seq;
  else {
    const row = source.snapshot.runs.get(since.key);
    if (!row) throw new ExportError(`--since names the run key '${since.key.slice(0, 120)}', which ${source.repository}'s data branch does not have (runs.json).`);
    after = row.seq;
  }
  return { run: (seq) => seq > after };
}
var OUTCOME = { P: "passed", F: "failed", E: "error", S: "skipped" };
function rerunVerdict(attempts) {
  if (attempts.length < 2) return null;
  if (attempts === "FP") return "flaky";
  const failed = /[FE]/.test(attempts);
  if (failed && attempts.includes("P")) return "flaky";
  if (failed && /^[FE]+$/.test(attempts)) return "consistent";
  return "other";
}
var splitRunKey = (key) => {
  const parts = key.split("/");
  if (parts.length >= 2 && parts[1] === "untrusted") return { runId: parts[0] || null, job: null };
  return { runId: parts.length >= 2 ? parts[0] : null, job: parts.length >= 3 ? parts[1] : null };
};
function* runsRows(source) {
  const { snapshot, repository } = source;
  const ingestions = ingestionsOf(snapshot);
  const selected = selectionOf(source);
  const rows = [...snapshot.runs].sort((a, b) => a[1].seq - b[1].seq);
  for (const [key, row] of rows) {
    const ingested = ingestions.get(key);
    if (!selected.run(row.seq, row.time, ingested?.at)) continue;
    const { runId, job } = splitRunKey(key);
    const fromUrl = row.url ? /\/attempts\/(\d+)(?:$|[/?#])/.exec(row.url) : null;
    yield {
      row_key: rowKey(repository, key),
      repository,
      run_key: key,
      run_seq: row.seq,
      run_id: runId,
      job,
      attempt: ingested?.attempt ?? (fromUrl ? Number(fromUrl[1]) : null),
      cell: row.cell ?? null,
      sha: row.sha,
      ref: null,
      event: null,
      time: row.time,
      ingested_at: ingested?.at ?? null,
      on_default_branch: row.onDefaultBranch,
      job_succeeded: row.jobSucceeded ?? null,
      trusted: row.untrusted !== true,
      outages: row.outages?.length ?? 0,
      url: row.url ?? null
    };
  }
}
function* testRunsBatches(source, batch) {
  const { snapshot, repository } = source;
  const ingestions = ingestionsOf(snapshot);
  const selected = selectionOf(source);
  const at = (name) => batch.columns[TABLES.test_runs.findIndex((c2) => c2.name === name)];
  const [rowKeys, repositories, runKeys, seqs, ids, times, shas, cells, onDefault, trusted, attemptsCol, counts, finals, verdicts, durations, messages, signatures, outages, succeeded] = [
    "row_key",
    "repository",
    "run_key",
    "run_seq",
    "test_id",
    "time",
    "sha",
    "cell",
    "on_default_branch",
    "trusted",
    "attempts",
    "attempt_count",
    "final_outcome",
    "rerun_verdict",
    "duration_sec",
    "message",
    "message_signature",
    "outage",
    "job_succeeded"
  ].map(at);
  const runs = /* @__PURE__ */ new Map();
  const runOf = (key) => {
    let run = runs.get(key);
    if (run === void 0) {
      const row = snapshot.runs.get(key);
      run = row && selected.run(row.seq, row.time, ingestions.get(key)?.at) ? { seq: row.seq, cell: row.cell ?? null, jobSucceeded: row.jobSucceeded, json: JSON.stringify(key) } : null;
      runs.set(key, run);
    }
    return run;
  };
  const prefix = `[${JSON.stringify(repository)},`;
  const signature = /* @__PURE__ */ new Map();
  batch.length = 0;
  for (const [id, history] of snapshot.history) {
    const idJson = JSON.stringify(id);
    for (const r of history.runs) {
      const run = runOf(r.run);
      if (!run) continue;
      const n = batch.length;
      const attempts = r.attempts;
      rowKeys[n] = keyOf(`${prefix}${run.json},${idJson}]`);
      repositories[n] = repository;
      runKeys[n] = r.run;
      seqs[n] = run.seq;
      ids[n] = id;
      times[n] = r.time;
      shas[n] = r.sha;
      cells[n] = r.cell ?? run.cell;
      onDefault[n] = r.onDefaultBranch;
      trusted[n] = r.untrusted !== true;
      attemptsCol[n] = attempts;
      counts[n] = attempts.length;
      finals[n] = OUTCOME[attempts[attempts.length - 1] ?? ""] ?? "unknown";
      verdicts[n] = rerunVerdict(attempts);
      durations[n] = r.durationSec ?? null;
      const message = r.message;
      messages[n] = message ?? null;
      if (message === void 0) signatures[n] = null;
      else {
        let s = signature.get(message);
        if (s === void 0) {
          if (signature.size >= 4096) signature.clear();
          signature.set(message, s = messageSignature(message));
        }
        signatures[n] = s;
      }
      outages[n] = r.outage === true;
      succeeded[n] = r.jobSucceeded ?? run.jobSucceeded ?? null;
      if (++batch.length === batch.capacity) {
        yield batch;
        batch.length = 0;
      }
    }
  }
  if (batch.length > 0) yield batch;
}
function ownerLookup(files, notes, repository) {
  const text = files?.get(OWNERS_FILE);
  if (text === void 0) return () => [];
  const codeowners = parseCodeowners(text, OWNERS_FILE);
  let classMap = [];
  const mapText = files?.get(CLASS_MAP_FILE);
  if (mapText?.trim()) {
    try {
      classMap = parseClassMap(mapText);
    } catch (error) {
      notes.push({ repository, message: `${CLASS_MAP_FILE}: ${error instanceof Error ? error.message : String(error)}; owners found by file only` });
    }
  }
  const byPath = /* @__PURE__ */ new Map();
  return (file, classname) => {
    let path = file ? repositoryPath(file, "") : void 0;
    if (!path && classname && classMap.length > 0) path = mapClassname(classMap, classname)?.path;
    if (!path) return [];
    let owners = byPath.get(path);
    if (!owners) byPath.set(path, owners = ownersOf(codeowners, path).owners.map(ownerText));
    return owners;
  };
}
function decisionLogOf(source, notes) {
  const text = source.snapshot.decisions;
  if (text === void 0) return void 0;
  const { log, problems } = parseDecisions(text);
  for (const p of problems) notes.push({ repository: source.repository, message: `${p.file}${p.line ? `:${p.line}` : ""}: ${p.message} (its events are not exported)` });
  return log;
}
var num = (x) => typeof x === "number" && Number.isFinite(x) ? x : null;
var str = (x) => typeof x === "string" ? x : null;
var timeOf = (x) => {
  if (typeof x !== "string") return null;
  const ms = Date.parse(x);
  return Number.isFinite(ms) ? ms : null;
};
var int = (x) => Number.isSafeInteger(x) ? x : null;
function fixColumns(raw) {
  const fix = typeof raw === "object" && raw !== null && !Array.isArray(raw) ? raw : void 0;
  const verdict = str(fix?.verdict);
  return {
    fix_verdict: verdict,
    fix_pr: int(fix?.pr),
    fix_head: str(fix?.head),
    fix_runs: int(fix?.runs),
    fix_failures: int(fix?.failures),
    fix_rate: num(fix?.rate),
    fix_reached: num(fix?.reached),
    fix_at: timeOf(fix?.at),
    fix_released: timeOf(fix?.released)
  };
}
function* testsRows(source, notes) {
  const { snapshot, repository } = source;
  const owners = ownerLookup(source.files, notes, repository);
  const log = decisionLogOf(
    source,
    []
    /* reported once, by the decisions table */
  );
  for (const path of snapshot.brokenStats.keys()) notes.push({ repository, message: `${path} cannot be read (it is kept as it is): its tests are exported with quarantined = null` });
  const entries = function* () {
    yield* snapshot.history;
    for (const id of [...snapshot.stats.keys()].filter((id2) => !snapshot.history.has(id2)).sort()) yield [id, void 0];
  };
  const costs = new Map(historyCosts(snapshot.history, snapshot.runs).map((e) => [e.id, e.cost]));
  const perMinute = snapshot.meta.costPerMinute;
  for (const [id, history] of entries()) {
    const stats = snapshot.stats.get(id);
    const cost = costs.get(id);
    const broken = inBrokenShard(snapshot, id);
    const cut = id.lastIndexOf("::");
    const name = history?.name ?? (cut >= 0 ? id.slice(cut + 2) : id);
    const classname = history?.classname ?? (cut >= 0 ? id.slice(0, cut) : "");
    const found = owners(history?.file, classname);
    const runs = history?.runs ?? [];
    const override = snapshot.overrides.get(id)?.override;
    const pfs = Array.isArray(stats?.pfs) ? stats.pfs : [];
    const hand = override !== void 0 || typeof stats?.auto === "object" && stats.auto !== null;
    yield {
      row_key: rowKey(repository, id),
      repository,
      test_id: id,
      name,
      classname,
      file: history?.file ?? null,
      line: history?.line ?? null,
      owners: found.length > 0 ? found.join(" ") : null,
      owner: found[0] ?? null,
      quarantined: broken ? null : stats?.quarantined ?? false,
      state_since: timeOf(stats?.since),
      reason: broken ? null : stats ? stats.reason : null,
      decided_by: broken ? null : hand ? "hand" : "rule",
      override: override?.action ?? null,
      override_until: override?.until ?? null,
      rule: str(stats?.rule),
      tier: str(stats?.tier),
      score: num(stats?.score),
      confidence: num(stats?.confidence),
      pfs: num(pfs[0]),
      pfs_low: num(pfs[1]),
      pfs_high: num(pfs[2]),
      flip_rate: num(stats?.flipRate),
      success_rate: num(stats?.successRate),
      recommendation: str(stats?.recommendation),
      runs: runs.length,
      failed_runs: runs.reduce((n, r) => n + ([...r.attempts].some((a) => isFailure(CODE_STATUS[a] ?? "passed")) ? 1 : 0), 0),
      duration_sec: runs.at(-1)?.durationSec ?? null,
      first_seen: runs[0]?.time ?? null,
      last_seen: runs.at(-1)?.time ?? null,
      issue: log?.tests.get(id)?.issue ?? null,
      ...fixColumns(stats?.fix),
      ci_cost_sec: cost ? Math.round(cost.costSec * 100) / 100 : null,
      ci_cost: cost ? priced(cost.costSec, perMinute) ?? null : null,
      ci_saved_sec: cost ? Math.round(cost.savedSec * 100) / 100 : null
    };
  }
}
function* decisionsRows(source, notes) {
  const { snapshot, repository } = source;
  const log = decisionLogOf(source, notes);
  if (!log) return;
  const bySeq = /* @__PURE__ */ new Map();
  for (const [key, row] of snapshot.runs) bySeq.set(row.seq, { key, time: row.time });
  const ingestions = ingestionsOf(snapshot);
  const selected = selectionOf(source);
  for (const id of [...log.tests.keys()].sort()) {
    const entry = log.tests.get(id);
    for (const e of entry.events) {
      const run = bySeq.get(e.run);
      const at = timeOf(e.at);
      const isNew = run ? selected.run(e.run, run.time, ingestions.get(run.key)?.at) : selected.run(e.run, at ?? 0, at ?? void 0);
      if (!isNew) continue;
      yield {
        row_key: rowKey(repository, id, e.run, e.event),
        repository,
        test_id: id,
        run_seq: e.run,
        run_key: run?.key ?? null,
        decided_at: at,
        event: e.event,
        quarantined: e.quarantined,
        decided_by: e.by,
        reason: e.reason,
        issue: entry.issue ?? null
      };
    }
  }
}
function damageOf(source) {
  const reason = damageReason(source.snapshot);
  if (reason === void 0) return void 0;
  return {
    repository: source.repository,
    problems: source.snapshot.damaged.map((p) => ({ file: p.file, ...p.line !== void 0 ? { line: p.line } : {}, message: p.message })),
    reason: `${source.repository}: ${reason.replace(/ Nothing was written to it.*$/, "")}`
  };
}
function tableBatches(table, source, batch, notes = []) {
  switch (table) {
    case "runs":
      return batchesOfRows(runsRows(source), batch);
    case "test_runs":
      return testRunsBatches(source, batch);
    case "tests":
      return batchesOfRows(testsRows(source, notes), batch);
    case "decisions":
      return batchesOfRows(decisionsRows(source, notes), batch);
  }
}

export {
  TABLE_NAMES,
  TABLES,
  ColumnBatch,
  ExportError,
  messageSignature,
  parseSince,
  ingestionsOf,
  selectionOf,
  OUTCOME,
  rerunVerdict,
  damageOf,
  tableBatches
};
