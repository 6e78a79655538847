const require = process.getBuiltinModule('node:module').createRequire(import.meta.url);
const { createHash } = require("node:crypto");
const { crc32, inflateRawSync } = require("node:zlib");
const { createHash: createHash2 } = require("node:crypto");
const { join } = require("node:path");
const { tmpdir } = require("node:os");
import {
  ResultsFileError,
  admitParcel,
  applyRun,
  badgeCounts,
  badgeText,
  canonicalJobKey,
  clockWarner,
  clusterFiles,
  dashboardFiles,
  foldParcels,
  inboxProvenance,
  keptDiagnosesFile,
  parseResultsFile,
  renderJobKey,
  runParcel,
  shardLabel,
  splitTestId,
  statsScores
} from "./shared-pipeline-apply.js";
import {
  testId
} from "./shared-junit-xml.js";
import {
  MAX_UNTRUSTED_ARTIFACTS,
  MAX_UNTRUSTED_TESTS,
  boundedUntrustedTests,
  decideOutcome,
  judgeFailures,
  quarantineBefore,
  untrustedRunKey,
  withDamage
} from "./shared-policy-hand-edits.js";
import {
  syncRun
} from "./shared-store-sync.js";
import {
  dataRemote
} from "./shared-config-context.js";
import {
  DataRepo
} from "./shared-store-git.js";
import {
  InputError,
  inputsFromEnv,
  readInputs
} from "./shared-config-inputs.js";
import {
  normalizeErrorMessage
} from "./shared-rerun-stopping.js";
import {
  commandText,
  logText
} from "./shared-text-escape.js";
import {
  parseSnapshot
} from "./shared-store-snapshot.js";
import {
  BADGE_FILE
} from "./shared-store-decisions.js";
import {
  runCell
} from "./shared-history-cell.js";
import {
  group,
  info,
  setSecret,
  warning
} from "./shared-actions-core.js";

// src/artifacts/bundle.ts

// src/artifacts/zip.ts
var DEFAULT_ZIP_LIMITS = {
  maxArchiveBytes: 64 * 1024 * 1024,
  maxEntries: 16,
  maxEntryBytes: 128 * 1024 * 1024,
  maxTotalBytes: 160 * 1024 * 1024
};
var UnsafeArchiveError = class extends Error {
};
var EOCD = 101010256;
var CENTRAL = 33639248;
var LOCAL = 67324752;
var ZIP64_LOCATOR = 117853008;
function unsafeEntryName(name) {
  if (name === "") return "an empty name";
  if (name.length > 255) return "a name longer than 255 characters";
  if (/[\u0000-\u001f\u007f]/.test(name)) return "a control character in the name";
  if (name.includes("\\")) return "a backslash in the name";
  if (name.startsWith("/")) return "an absolute path";
  if (/^[A-Za-z]:/.test(name)) return "a drive letter";
  const segments = (name.endsWith("/") ? name.slice(0, -1) : name).split("/");
  for (const s of segments) {
    if (s === "") return "an empty path segment";
    if (s === "..") return "a '..' segment (path traversal)";
    if (s === ".") return "a '.' segment";
  }
  return void 0;
}
function findEnd(buf) {
  const min = Math.max(0, buf.length - 22 - 65535);
  const found = [];
  for (let i = buf.length - 4; i >= min; i--) if (buf.readUInt32LE(i) === EOCD) found.push(i);
  if (found.length === 0) throw new UnsafeArchiveError("not a ZIP archive (no end of central directory)");
  if (found.length > 1) {
    throw new UnsafeArchiveError(`ambiguous archive: ${found.length} end-of-central-directory signatures near its end (one hidden in the comment?), which other tools may read differently`);
  }
  const end = found[0];
  if (end + 22 > buf.length || end + 22 + buf.readUInt16LE(end + 20) !== buf.length) {
    throw new UnsafeArchiveError("the end-of-central-directory record does not end the archive (its comment length disagrees with the file size)");
  }
  return end;
}
function readZip(bytes, limits = DEFAULT_ZIP_LIMITS) {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (buf.length > limits.maxArchiveBytes) throw new UnsafeArchiveError(`archive of ${buf.length} bytes is larger than the limit of ${limits.maxArchiveBytes}`);
  if (buf.length < 22) throw new UnsafeArchiveError("not a ZIP archive (too short)");
  const end = findEnd(buf);
  if (end >= 20 && buf.readUInt32LE(end - 20) === ZIP64_LOCATOR) throw new UnsafeArchiveError("ZIP64 archives are not accepted");
  const disk = buf.readUInt16LE(end + 4);
  const cdDisk = buf.readUInt16LE(end + 6);
  const entriesHere = buf.readUInt16LE(end + 8);
  const entries = buf.readUInt16LE(end + 10);
  const cdSize = buf.readUInt32LE(end + 12);
  const cdOffset = buf.readUInt32LE(end + 16);
  if (disk !== 0 || cdDisk !== 0 || entriesHere !== entries) throw new UnsafeArchiveError("multi-disk archives are not accepted");
  if (entries === 65535 || cdSize === 4294967295 || cdOffset === 4294967295) throw new UnsafeArchiveError("ZIP64 archives are not accepted");
  if (entries > limits.maxEntries) throw new UnsafeArchiveError(`${entries} entries; at most ${limits.maxEntries} are accepted`);
  if (cdOffset + cdSize > end) throw new UnsafeArchiveError("the central directory lies outside the archive");
  const central = [];
  let p = cdOffset;
  let declaredTotal = 0;
  const names = /* @__PURE__ */ new Set();
  for (let i = 0; i < entries; i++) {
    if (p + 46 > cdOffset + cdSize || buf.readUInt32LE(p) !== CENTRAL) throw new UnsafeArchiveError(`central directory entry ${i} is damaged`);
    const madeBy = buf.readUInt16LE(p + 4) >> 8;
    const flags = buf.readUInt16LE(p + 8);
    const method = buf.readUInt16LE(p + 10);
    const crc = buf.readUInt32LE(p + 16);
    const compressedSize = buf.readUInt32LE(p + 20);
    const size = buf.readUInt32LE(p + 24);
    const nameLength = buf.readUInt16LE(p + 28);
    const extraLength = buf.readUInt16LE(p + 30);
    const commentLength = buf.readUInt16LE(p + 32);
    const entryDisk = buf.readUInt16LE(p + 34);
    const external = buf.readUInt32LE(p + 38);
    const localOffset = buf.readUInt32LE(p + 42);
    const next = p + 46 + nameLength + extraLength + commentLength;
    if (next > cdOffset + cdSize) throw new UnsafeArchiveError(`central directory entry ${i} is damaged`);
    const rawName = buf.subarray(p + 46, p + 46 + nameLength);
    const utf8 = (flags & 2048) !== 0;
    if (!utf8 && rawName.some((b) => b > 127)) throw new UnsafeArchiveError(`entry ${i} has a non-ASCII name without the UTF-8 flag`);
    const name = rawName.toString("utf8");
    const unsafe = unsafeEntryName(name);
    if (unsafe) throw new UnsafeArchiveError(`entry ${JSON.stringify(name.slice(0, 100))} has ${unsafe}`);
    if (names.has(name)) throw new UnsafeArchiveError(`entry ${JSON.stringify(name.slice(0, 100))} appears twice`);
    names.add(name);
    if (flags & 1) throw new UnsafeArchiveError(`entry ${JSON.stringify(name)} is encrypted`);
    if (method !== 0 && method !== 8) throw new UnsafeArchiveError(`entry ${JSON.stringify(name)} uses compression method ${method}; only stored and deflated entries are accepted`);
    if (entryDisk !== 0) throw new UnsafeArchiveError("multi-disk archives are not accepted");
    if (compressedSize === 4294967295 || size === 4294967295 || localOffset === 4294967295) throw new UnsafeArchiveError("ZIP64 entries are not accepted");
    if (madeBy === 3 && (external >>> 16 & 61440) === 40960) throw new UnsafeArchiveError(`entry ${JSON.stringify(name)} is a symbolic link`);
    const directory = name.endsWith("/");
    if (directory && size !== 0) throw new UnsafeArchiveError(`directory entry ${JSON.stringify(name)} has content`);
    if (size > limits.maxEntryBytes) throw new UnsafeArchiveError(`entry ${JSON.stringify(name)} declares ${size} bytes; the limit is ${limits.maxEntryBytes}`);
    declaredTotal += size;
    if (declaredTotal > limits.maxTotalBytes) throw new UnsafeArchiveError(`the entries declare more than ${limits.maxTotalBytes} bytes in all`);
    central.push({ name, method, crc, compressedSize, size, localOffset, directory });
    p = next;
  }
  const spans = central.map((e) => {
    if (e.localOffset + 30 > cdOffset || buf.readUInt32LE(e.localOffset) !== LOCAL) throw new UnsafeArchiveError(`entry ${JSON.stringify(e.name)} has no local header`);
    const localNameLength = buf.readUInt16LE(e.localOffset + 26);
    const localExtraLength = buf.readUInt16LE(e.localOffset + 28);
    const localName = buf.subarray(e.localOffset + 30, e.localOffset + 30 + localNameLength).toString("utf8");
    if (localName !== e.name) throw new UnsafeArchiveError(`entry ${JSON.stringify(e.name)} has another name in its local header`);
    const start = e.localOffset + 30 + localNameLength + localExtraLength;
    const endOfData = start + e.compressedSize;
    if (endOfData > cdOffset) throw new UnsafeArchiveError(`entry ${JSON.stringify(e.name)} runs past the end of the data`);
    return { entry: e, from: e.localOffset, start, end: endOfData };
  });
  const sorted = [...spans].sort((a, b) => a.from - b.from);
  for (let i = 1; i < sorted.length; i++) {
    if (sorted[i].from < sorted[i - 1].end) throw new UnsafeArchiveError(`entries ${JSON.stringify(sorted[i - 1].entry.name)} and ${JSON.stringify(sorted[i].entry.name)} overlap`);
  }
  const files = /* @__PURE__ */ new Map();
  for (const { entry: e, start, end: dataEnd } of spans) {
    if (e.directory) continue;
    const data = buf.subarray(start, dataEnd);
    let content;
    if (e.method === 0) {
      if (e.compressedSize !== e.size) throw new UnsafeArchiveError(`stored entry ${JSON.stringify(e.name)} has two different sizes`);
      content = Buffer.from(data);
    } else {
      try {
        content = inflateRawSync(data, { maxOutputLength: Math.max(1, e.size) });
      } catch (error) {
        const code = error.code;
        if (code === "ERR_BUFFER_TOO_LARGE" || error instanceof RangeError) {
          throw new UnsafeArchiveError(`entry ${JSON.stringify(e.name)} inflates to more than its declared ${e.size} bytes`);
        }
        throw new UnsafeArchiveError(`entry ${JSON.stringify(e.name)} is not valid deflate data: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    if (content.length !== e.size) throw new UnsafeArchiveError(`entry ${JSON.stringify(e.name)} is ${content.length} bytes, not the declared ${e.size}`);
    if (crc32(content) >>> 0 !== e.crc) throw new UnsafeArchiveError(`entry ${JSON.stringify(e.name)} fails its CRC-32 check`);
    files.set(e.name, content);
  }
  return files;
}

// src/artifacts/bundle.ts
var MANIFEST_FILE = "flakeguard-shard.json";
var RESULTS_FILE = "flakeguard-results.json";
var MANIFEST_KIND = "flakeguard-shard";
var MANIFEST_SCHEMA = 1;
var ARTIFACT_PREFIX = "flakeguard-";
var MAX_TEXT = 4096;
var MAX_PROBLEMS = 1e3;
var MAX_PATTERNS = 100;
var TEST_OUTCOMES = /* @__PURE__ */ new Set(["success", "failure", "cancelled", "skipped", ""]);
var BundleError = class extends Error {
};
function renderManifest(manifest) {
  return `${JSON.stringify({ kind: MANIFEST_KIND, schema: MANIFEST_SCHEMA, ...manifest })}
`;
}
function text(value, field, fallback) {
  if (value === void 0 || value === null) {
    if (fallback !== void 0) return fallback;
    throw new BundleError(`${field} is missing`);
  }
  if (typeof value !== "string") throw new BundleError(`${field} must be a string`);
  return value.slice(0, MAX_TEXT);
}
function count(value, field) {
  if (typeof value !== "number" || !Number.isInteger(value) || value < 0 || value > 1e6) throw new BundleError(`${field} must be a whole number`);
  return value;
}
function parseManifest(content) {
  let raw;
  try {
    raw = JSON.parse(content);
  } catch (error) {
    throw new BundleError(`${MANIFEST_FILE} is not valid JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) throw new BundleError(`${MANIFEST_FILE} is not an object`);
  const m = raw;
  if (m.kind !== MANIFEST_KIND) throw new BundleError(`${MANIFEST_FILE} is not a flakeguard shard manifest`);
  if (m.schema !== MANIFEST_SCHEMA) throw new BundleError(`unsupported shard manifest schema ${String(m.schema).slice(0, 20)}`);
  const testOutcome = text(m.testOutcome, "testOutcome", "");
  if (!TEST_OUTCOMES.has(testOutcome)) throw new BundleError("testOutcome is not a step outcome");
  if (!Array.isArray(m.problems)) throw new BundleError("problems must be an array");
  if (m.problems.length > MAX_PROBLEMS) throw new BundleError(`more than ${MAX_PROBLEMS} problems`);
  const problems = m.problems.map((value, i) => {
    if (typeof value !== "object" || value === null) throw new BundleError(`problems[${i}] must be an object`);
    const p = value;
    const problem = { path: text(p.path, `problems[${i}].path`), message: text(p.message, `problems[${i}].message`) };
    if (p.line !== void 0 && p.line !== null) problem.line = count(p.line, `problems[${i}].line`);
    return problem;
  });
  const patterns = m.reportPatterns === void 0 ? [] : m.reportPatterns;
  if (!Array.isArray(patterns) || patterns.length > MAX_PATTERNS) throw new BundleError("reportPatterns must be an array of at most 100 patterns");
  return {
    jobKey: text(m.jobKey, "jobKey", ""),
    testOutcome,
    filesMatched: count(m.filesMatched, "filesMatched"),
    filesRead: m.filesRead === void 0 ? count(m.filesMatched, "filesMatched") : count(m.filesRead, "filesRead"),
    problems,
    reportPatterns: patterns.map((p, i) => text(p, `reportPatterns[${i}]`))
  };
}
function bundleFiles(manifest, resultsText) {
  return /* @__PURE__ */ new Map([
    [MANIFEST_FILE, renderManifest(manifest)],
    [RESULTS_FILE, resultsText]
  ]);
}
function readBundle(zip, limits = DEFAULT_ZIP_LIMITS) {
  let files;
  try {
    files = readZip(zip, limits);
  } catch (error) {
    if (error instanceof UnsafeArchiveError) throw new BundleError(`unsafe archive: ${error.message}`);
    throw error;
  }
  const manifest = files.get(MANIFEST_FILE);
  const results = files.get(RESULTS_FILE);
  if (!manifest) throw new BundleError(`no ${MANIFEST_FILE} in the archive`);
  if (!results) throw new BundleError(`no ${RESULTS_FILE} in the archive`);
  let parsed;
  try {
    parsed = parseResultsFile(results.toString("utf8"));
  } catch (error) {
    if (error instanceof ResultsFileError) throw new BundleError(`${RESULTS_FILE}: ${error.message}`);
    throw error;
  }
  let bytes = 0;
  for (const content of files.values()) bytes += content.length;
  return { manifest: parseManifest(manifest.toString("utf8")), results: parsed, bytes };
}
function artifactName(runKey, label, attempt) {
  const hash = createHash("sha256").update(runKey).digest("hex").slice(0, 10);
  const readable = label.replace(/[^A-Za-z0-9._=-]+/g, "_").replace(/_+/g, "_").replace(/^_|_$/g, "").slice(0, 80);
  return `${ARTIFACT_PREFIX}${readable ? `${readable}-` : ""}${hash}-a${attempt}`;
}

// src/pipeline/shards.ts
var hash8 = (text2) => createHash2("sha256").update(text2).digest("hex").slice(0, 8);
function safeJobName(job) {
  const safe = job.replace(/[^A-Za-z0-9_-]/g, "_").slice(0, 100);
  return safe === "" ? "job" : safe;
}
function shardFromBundle(bundle, trusted, options) {
  const { manifest, results } = bundle;
  if (options.untrusted && results.tests.length > MAX_UNTRUSTED_TESTS) {
    throw new BundleError(`it lists ${results.tests.length} tests, more than the ${MAX_UNTRUSTED_TESTS} an untrusted run may report`);
  }
  const job = safeJobName(results.run.job);
  const key = `${trusted.runId}/${job}/${hash8(`${manifest.jobKey}
${manifest.reportPatterns.join("\n")}`)}`;
  const attempt = Math.min(Math.max(1, Math.trunc(results.run.runAttempt) || 1), trusted.maxAttempt);
  const time = Math.min(Math.max(results.run.time, trusted.earliest), trusted.latest);
  const run = {
    key,
    runId: trusted.runId,
    runAttempt: attempt,
    job,
    workflow: trusted.workflow,
    sha: trusted.sha,
    ref: trusted.ref,
    onDefaultBranch: trusted.onDefaultBranch,
    event: trusted.event,
    time,
    url: `${trusted.url}/attempts/${attempt}`,
    // A shard's cell is its job key's: the runner it ran on is not known here (docs/matrix.md#quarantine-per-cell).
    ...runCell(manifest.jobKey, void 0) !== void 0 ? { cell: runCell(manifest.jobKey, void 0) } : {}
  };
  const rendered = options.split ? renderJobKey(manifest.jobKey) : "";
  const seen = /* @__PURE__ */ new Set();
  const tests = results.tests.map((t) => {
    const id = splitTestId(testId({ classname: t.classname, name: t.name, suite: t.suite }), rendered);
    if (seen.has(id)) throw new BundleError(`the results list the test '${id.slice(0, 200)}' twice`);
    seen.add(id);
    return { ...t, id };
  });
  return {
    label: shardLabel(job, manifest.jobKey),
    identity: `${job}
${manifest.jobKey}
${manifest.reportPatterns.join("\n")}`,
    jobKey: manifest.jobKey,
    run,
    reports: { tests, problems: manifest.problems, filesRead: manifest.filesRead },
    filesMatched: manifest.filesMatched,
    testOutcome: manifest.testOutcome,
    artifact: options.artifact,
    ...options.untrusted ? { untrusted: true } : {}
  };
}
var MAX_PROBLEMS2 = 1e3;
var STEP_OUTCOMES = ["failure", "cancelled", "skipped", "", "success"];
function untrustedRuns(shards, trusted) {
  const byAttempt = /* @__PURE__ */ new Map();
  for (const s of shards) {
    const list = byAttempt.get(s.run.runAttempt) ?? [];
    list.push(s);
    byAttempt.set(s.run.runAttempt, list);
  }
  const key = untrustedRunKey(trusted.runId);
  return [...byAttempt.entries()].sort(([a], [b]) => a - b).map(([attempt, list]) => {
    const ordered = [...list].sort((a, b) => a.label.localeCompare(b.label) || a.identity.localeCompare(b.identity));
    const first = ordered[0];
    const { cell: _first, ...run } = first.run;
    const cell = ordered.every((s) => s.run.cell === first.run.cell) ? first.run.cell : void 0;
    return {
      label: `workflow run ${trusted.runId} (untrusted)`,
      identity: key,
      jobKey: "",
      run: {
        ...run,
        ...cell !== void 0 ? { cell } : {},
        key,
        job: "untrusted",
        runAttempt: attempt,
        time: Math.max(...ordered.map((s) => s.run.time)),
        url: `${trusted.url}/attempts/${attempt}`
      },
      reports: {
        tests: boundedUntrustedTests(ordered.flatMap((s) => s.reports.tests)),
        problems: ordered.flatMap((s) => s.reports.problems).slice(0, MAX_PROBLEMS2),
        filesRead: ordered.reduce((n, s) => n + s.reports.filesRead, 0)
      },
      filesMatched: ordered.reduce((n, s) => n + s.filesMatched, 0),
      // The worst step outcome any artifact claims.
      testOutcome: STEP_OUTCOMES.find((o) => ordered.some((s) => s.testOutcome === o)) ?? "",
      artifact: ordered.map((s) => s.artifact).join(", ").slice(0, 1e3),
      untrusted: true
    };
  });
}
function latestPerShard(shards) {
  const best = /* @__PURE__ */ new Map();
  for (const s of shards) {
    const current = best.get(s.identity);
    if (!current || s.run.runAttempt > current.run.runAttempt) best.set(s.identity, s);
  }
  return [...best.values()].sort((a, b) => a.label.localeCompare(b.label));
}
function applyShards(input, options) {
  const { snapshot, now } = input;
  if (input.shards.length === 0) throw new Error("applyShards needs at least one shard");
  const decided = latestPerShard(input.shards);
  const shards = [...input.shards].sort((a, b) => a.label.localeCompare(b.label) || a.identity.localeCompare(b.identity) || a.run.runAttempt - b.run.runAttempt);
  const before = quarantineBefore(snapshot, now);
  const shardOutcomes = decided.map((s) => {
    const judged = judgeFailures(snapshot, before, s.reports.tests, s.run.sha, s.run.cell !== void 0 ? { ...options, cell: s.run.cell } : options);
    return decideOutcome({
      tests: s.reports.tests,
      problems: s.reports.problems,
      filesMatched: s.filesMatched,
      testOutcome: s.testOutcome,
      quarantined: before.quarantined,
      unforgiven: judged.unforgiven,
      outages: judged.failingOutages
    });
  });
  let current = snapshot;
  let last;
  let ingested = false;
  let compact = false;
  const clockNotes = [];
  for (const s of shards) {
    last = applyRun(
      {
        snapshot: current,
        reports: s.reports,
        filesMatched: s.filesMatched,
        testOutcome: s.testOutcome,
        run: s.run,
        now,
        closedByHand: input.closedByHand,
        issueOf: input.issueOf,
        ...s.untrusted ? { untrusted: true } : {}
      },
      options
    );
    ingested ||= last.ingested;
    compact ||= last.compact;
    clockNotes.push(...last.clockNotes);
    current = parseSnapshot(last.files, current.blocked);
  }
  const final = last;
  const after = new Set(final.quarantined);
  const newlyQuarantined = final.quarantined.filter((id) => !before.quarantined.has(id));
  const released = [...before.quarantined].filter((id) => !after.has(id) && final.history.has(id)).sort();
  const reasons = [...input.extraReasons];
  decided.forEach((s, i) => {
    for (const r of shardOutcomes[i].reasons) reasons.push(`${s.label}: ${r}`);
  });
  const outcome = withDamage(snapshot, {
    result: reasons.length === 0 ? "success" : "failure",
    failed: shardOutcomes.flatMap((o) => o.failed),
    forgiven: shardOutcomes.flatMap((o) => o.forgiven),
    blocking: shardOutcomes.flatMap((o) => o.blocking),
    passedOnRetry: shardOutcomes.flatMap((o) => o.passedOnRetry),
    unforgiven: new Map(shardOutcomes.flatMap((o) => [...o.unforgiven])),
    reasons
  });
  const problems = snapshot.damaged.length > 0 ? [...snapshot.problems] : final.problems;
  return { ...final, problems, outcome, ingested, compact, newlyQuarantined, released, lapsed: before.lapsed, decided, shardOutcomes, clockNotes };
}
function shardParcel(shards, applied) {
  return shards.map((s) => {
    const i = applied.decided.findIndex((d) => d.identity === s.identity);
    return { run: s.run, tests: s.reports.tests, jobSucceeded: i >= 0 && applied.shardOutcomes[i].result === "success", ...s.untrusted ? { untrusted: true } : {} };
  });
}
function checkExpected(shards, expected) {
  if ("count" in expected) {
    if (shards.length >= expected.count) {
      return { missing: [], reasons: [], unexpected: [] };
    }
    const missing2 = expected.count - shards.length;
    const present = shards.length === 0 ? "none" : shards.map((s) => s.label).join("; ");
    return {
      missing: [`${missing2} of ${expected.count}`],
      reasons: [
        `${missing2} of ${expected.count} expected shard${expected.count === 1 ? "" : "s"} uploaded no results (they crashed, were cancelled or skipped, so their tests are unaccounted for). Present: ${present}. List the job keys in expected-shards to have the missing ones named.`
      ],
      unexpected: []
    };
  }
  const used = /* @__PURE__ */ new Set();
  const missing = [];
  for (const key of expected.keys) {
    const canonical = canonicalJobKey(key);
    const match = shards.find((s) => !used.has(s) && (canonicalJobKey(s.jobKey) === canonical || s.run.job === key.trim() || s.label === key.trim()));
    if (match) used.add(match);
    else missing.push(renderJobKey(key) || key.trim());
  }
  const reasons = missing.map((m) => `Shard ${m} uploaded no results: it crashed, was cancelled or skipped before flakeguard ran in it, so its tests are unaccounted for.`);
  return { missing, reasons, unexpected: shards.filter((s) => !used.has(s)) };
}

// src/modes/common.ts
var MAX_ARTIFACTS = 256;
var MAX_INGESTED_BYTES = 512 * 1024 * 1024;
function readModeActionInputs(env, reportsNeeded) {
  const get = inputsFromEnv(env);
  return readInputs((name) => name === "reports" && !reportsNeeded && get(name) === "" ? "(not used in this mode)" : get(name));
}
function secretInputs(inputs, register) {
  for (const secret of [inputs.token, inputs.inboxKey]) {
    if (!secret) continue;
    setSecret(secret);
    register(secret);
  }
}
function tempRoot(ctx) {
  return join(ctx.runnerTemp || tmpdir(), "flakeguard");
}
async function collectShards(options) {
  const { listArtifacts, downloadArtifactBytes, ArtifactSizeError } = await import("./github-artifacts.js");
  const listed = (await listArtifacts(options.findBy)).filter((a) => a.name.startsWith(ARTIFACT_PREFIX));
  const refused = [];
  const shards = [];
  const ours = [...listed].sort((a, b) => a.id - b.id);
  const untrusted = options.findBy !== void 0;
  const max = untrusted ? MAX_UNTRUSTED_ARTIFACTS : MAX_ARTIFACTS;
  if (ours.length > max) {
    for (const a of ours.slice(max)) refused.push({ artifact: a.name, reason: `more than ${max} flakeguard artifacts in one ${untrusted ? "untrusted " : ""}run` });
  }
  let budget = MAX_INGESTED_BYTES;
  for (const artifact of ours.slice(0, max)) {
    if (budget <= 0) {
      refused.push({ artifact: artifact.name, reason: `the artifacts of this run hold more than ${MAX_INGESTED_BYTES} bytes in all` });
      continue;
    }
    try {
      const bytes = await downloadArtifactBytes(artifact, join(tempRoot(options.ctx), "downloads"), DEFAULT_ZIP_LIMITS.maxArchiveBytes, options.findBy);
      const limits = { ...DEFAULT_ZIP_LIMITS, maxTotalBytes: Math.min(DEFAULT_ZIP_LIMITS.maxTotalBytes, budget) };
      const bundle = readBundle(bytes, limits);
      budget -= bundle.bytes;
      shards.push(shardFromBundle(bundle, options.trusted, { split: options.split, artifact: artifact.name, untrusted }));
      info(logText(`Artifact ${artifact.name}: ${bundle.results.tests.length} tests.`));
    } catch (error) {
      const reason = error instanceof BundleError || error instanceof ArtifactSizeError ? error.message : `could not be downloaded or read: ${error instanceof Error ? error.message : String(error)}`;
      refused.push({ artifact: artifact.name, reason });
    }
  }
  return { shards, refused };
}
async function ingestShards(o) {
  return group(`Updating the data branch '${o.inputs.dataBranch}'`, async () => {
    const remote = await dataRemote(o.inputs, o.ctx);
    const repo = await DataRepo.open(remote, o.inputs.dataBranch, o.inputs.token, o.ctx.runnerTemp || void 0);
    try {
      const options = { ...o.config, normalise: normalizeErrorMessage, scoreTests: statsScores(Math.max(...o.shards.map((s) => s.run.time)), o.config.policy.rules.scoring) };
      const warnClock = clockWarner();
      const provenance = inboxProvenance(o.inputs, o.ctx);
      const sync = await syncRun(repo, (snapshot) => applyShards({ snapshot, shards: o.shards, now: o.now, extraReasons: o.extraReasons, closedByHand: o.closedByHand, issueOf: o.issueOf }, options), {
        attempts: o.inputs.pushAttempts,
        readOnly: o.readOnly,
        commitMessage: o.commitMessage,
        log: (m) => info(logText(m)),
        warn: (m) => warning(commandText(m, 1e3)),
        extraFiles: async (current, applied) => {
          const files = (await dashboardFiles(current, { workspace: o.ctx.workspace, classMap: o.inputs.codeownersMap })).set(BADGE_FILE, badgeText(badgeCounts(applied, o.now)));
          for (const [path, text2] of clusterFiles(current, applied, (m) => warning(commandText(m, 1e3)))) files.set(path, text2);
          for (const [path, text2] of keptDiagnosesFile(current)) files.set(path, text2);
          return files;
        },
        releaseTexts: true,
        inbox: {
          parcel: (applied) => runParcel(o.shards[0].run, shardParcel(o.shards, applied), Date.now(), provenance.seal),
          admit: (parcel) => admitParcel(parcel, provenance),
          fold: (snapshot, parcels) => foldParcels(snapshot, parcels, options, o.now, warnClock)
        }
      });
      for (const note of sync.applied.clockNotes) warnClock(note);
      return sync;
    } finally {
      await repo.dispose();
    }
  });
}
function requireArtifactRuntime(env, mode, available) {
  if (!available) {
    throw new InputError(
      `mode: ${mode} needs the Actions artifact service (ACTIONS_RUNTIME_TOKEN and ACTIONS_RESULTS_URL, which the runner gives to actions); they are not set${env.GITHUB_ACTIONS === "true" ? "" : ": this does not look like a GitHub Actions runner"}.`
    );
  }
}

export {
  bundleFiles,
  artifactName,
  untrustedRuns,
  latestPerShard,
  checkExpected,
  readModeActionInputs,
  secretInputs,
  tempRoot,
  collectShards,
  ingestShards,
  requireArtifactRuntime
};
