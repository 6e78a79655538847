const require = process.getBuiltinModule('node:module').createRequire(import.meta.url);
const { mkdir, writeFile } = require("node:fs/promises");
const { join } = require("node:path");
const { join: join2 } = require("node:path");
const { createHash } = require("node:crypto");
const { createHash: createHash2, createHmac, timingSafeEqual } = require("node:crypto");
const { readFile, stat } = require("node:fs/promises");
const { join: join3 } = require("node:path");
import {
  pfsTrendOf
} from "./shared-scoring-regression.js";
import {
  ORDER_REASON,
  beforeStreak,
  capName,
  heldSentence,
  orderDependence,
  parseReportFiles,
  streakStart
} from "./shared-junit-xml.js";
import {
  applyFixes
} from "./shared-policy-fix-release.js";
import {
  anyUntrusted,
  boundedUntrustedTests,
  checkOf,
  decideOutcome,
  editedFields,
  finalAttemptFailed,
  findOutages,
  hasUntrustedRecord,
  interpretEdits,
  judgeFailures,
  overrideForEdit,
  quarantineBefore,
  ruleState,
  trustedEvidence,
  trustedOnly,
  untrustedCell,
  untrustedRunKey,
  untrustedTestsToRecord,
  withDamage
} from "./shared-policy-hand-edits.js";
import {
  CODEOWNERS_LOCATIONS,
  CODEOWNERS_MAX_BYTES
} from "./shared-owners-codeowners.js";
import {
  DEFAULT_CLUSTER_OPTIONS,
  assignIds,
  findClusters,
  parseClusters,
  renderClusters
} from "./shared-clusters-cluster.js";
import {
  DEFAULT_POLICY,
  breakage,
  countedEvidence,
  decideQuarantine,
  flipRates,
  gatherEvidence,
  multiFactorScore,
  resolveScoringOptions,
  scoreAll,
  scorerOf,
  successRate,
  tierOf
} from "./shared-scoring-multi-factor.js";
import {
  createPfsMemo,
  pfs
} from "./shared-scoring-pfs.js";
import {
  thresholdedFlakiness
} from "./shared-scoring-thresholded.js";
import {
  isOnDefaultBranch,
  runIdentity,
  runUrl
} from "./shared-config-context.js";
import {
  inboxPrefix
} from "./shared-store-inbox-refs.js";
import {
  createClient,
  describeApiError,
  requestOptions
} from "./shared-github-client.js";
import {
  commandText
} from "./shared-text-escape.js";
import {
  LineTexts,
  RunMarks,
  boundedBranch,
  canMergeStored,
  inBrokenShard,
  mergeStored,
  nextSeq,
  parseSnapshot,
  quietCatchUp,
  quietLineOf,
  renderHistoryShard,
  renderQuietShard,
  renderRuns,
  statsFileOf,
  statsShardOf,
  storedTests
} from "./shared-store-snapshot.js";
import {
  LazyHistory,
  neverFailed
} from "./shared-history-stored.js";
import {
  DEFAULT_RETENTION,
  ingestionKey,
  mergeRun
} from "./shared-history-merge.js";
import {
  failureKey
} from "./shared-history-records.js";
import {
  CLASS_MAP_FILE,
  CLUSTERS_FILE,
  DECISIONS_FILE,
  DIAGNOSES_FILE,
  MAX_EVENTS_PER_TEST,
  MAX_REASON_CHARS,
  NOJEKYLL_FILE,
  OWNERS_FILE,
  PAGE_FILE,
  parseDecisions,
  renderDecisions
} from "./shared-store-decisions.js";
import {
  META_FILE,
  QUIET_FROM_SHARDS,
  RUNS_FILE,
  SCHEMA_VERSION,
  historyPath,
  overrideExpired,
  quietPath,
  renderMeta,
  renderStatsShard,
  shardCountFor,
  shardOf,
  statsPath
} from "./shared-store-layout.js";
import {
  commitOf,
  keyObject,
  keyValuePairs,
  oneLine,
  runCell,
  valueText
} from "./shared-history-cell.js";
import {
  isFailure
} from "./shared-model.js";
import {
  error,
  group,
  info,
  warning
} from "./shared-actions-core.js";
import {
  findReports
} from "./shared-pipeline-find-reports.js";

// src/store/results-file.ts
var RESULTS_KIND = "flakeguard-results";
var RESULTS_SCHEMA = 1;
var MAX_TESTS = 1e6;
var MAX_TEXT = 4096;
function renderResultsFile(run, tests) {
  return `${JSON.stringify({ kind: RESULTS_KIND, schema: RESULTS_SCHEMA, run, tests })}
`;
}
async function writeResultsFile(dir, run, tests) {
  await mkdir(dir, { recursive: true });
  const safe = `${run.runId}-${run.runAttempt}-${run.key}`.replace(/[^A-Za-z0-9._-]/g, "_");
  const path = join(dir, `flakeguard-results-${safe}.json`);
  await writeFile(path, renderResultsFile(run, tests));
  return path;
}
var ResultsFileError = class extends Error {
};
var STATUSES = /* @__PURE__ */ new Set(["passed", "failed", "error", "skipped"]);
function text(value, field, required = false) {
  if (value === void 0 || value === null) {
    if (required) throw new ResultsFileError(`${field} is missing`);
    return void 0;
  }
  if (typeof value !== "string") throw new ResultsFileError(`${field} must be a string`);
  return value.slice(0, MAX_TEXT);
}
var nameOf = (value) => typeof value === "string" ? capName(value) : value;
function finite(value, field) {
  if (value === void 0 || value === null) return void 0;
  if (typeof value !== "number" || !Number.isFinite(value)) throw new ResultsFileError(`${field} must be a number`);
  return value;
}
function attemptOf(raw, field) {
  if (typeof raw !== "object" || raw === null) throw new ResultsFileError(`${field} must be an object`);
  const a = raw;
  if (!STATUSES.has(a.status)) throw new ResultsFileError(`${field}.status is not a known status`);
  const attempt = { status: a.status };
  const message = text(a.message, `${field}.message`);
  const type = text(a.type, `${field}.type`);
  const details = text(a.details, `${field}.details`);
  const durationSec = finite(a.durationSec, `${field}.durationSec`);
  if (message !== void 0) attempt.message = message;
  if (type !== void 0) attempt.type = type;
  if (details !== void 0) attempt.details = details;
  if (durationSec !== void 0) attempt.durationSec = durationSec;
  return attempt;
}
function parseResultsFile(content) {
  let raw;
  try {
    raw = JSON.parse(content);
  } catch (error2) {
    throw new ResultsFileError(`not valid JSON: ${error2 instanceof Error ? error2.message : String(error2)}`);
  }
  return parseResultsValue(raw);
}
function parseResultsValue(raw) {
  const r = raw;
  if (typeof raw !== "object" || raw === null || r.kind !== RESULTS_KIND) throw new ResultsFileError("not a flakeguard results file");
  if (r.schema !== RESULTS_SCHEMA) throw new ResultsFileError(`unsupported results schema ${String(r.schema)}`);
  const run = r.run;
  if (typeof run !== "object" || run === null) throw new ResultsFileError("run is missing");
  const context = {
    key: text(run.key, "run.key", true),
    runId: text(run.runId, "run.runId", true),
    runAttempt: finite(run.runAttempt, "run.runAttempt") ?? 1,
    job: text(run.job, "run.job", true),
    workflow: text(run.workflow, "run.workflow") ?? "",
    sha: text(run.sha, "run.sha", true),
    ref: text(run.ref, "run.ref") ?? "",
    onDefaultBranch: run.onDefaultBranch === true,
    event: text(run.event, "run.event") ?? "",
    time: finite(run.time, "run.time") ?? Date.now()
  };
  const url = text(run.url, "run.url");
  if (url !== void 0) context.url = url;
  const cell = text(run.cell, "run.cell");
  if (cell !== void 0 && cell !== "") context.cell = cell.slice(0, 256);
  if (!Array.isArray(r.tests)) throw new ResultsFileError("tests must be an array");
  if (r.tests.length > MAX_TESTS) throw new ResultsFileError(`more than ${MAX_TESTS} tests`);
  const tests = r.tests.map((value, i) => {
    const t = value;
    if (typeof t !== "object" || t === null) throw new ResultsFileError(`tests[${i}] must be an object`);
    if (!Array.isArray(t.attempts) || t.attempts.length === 0) throw new ResultsFileError(`tests[${i}].attempts must be a non-empty array`);
    const test = {
      id: text(t.id, `tests[${i}].id`, true),
      name: text(nameOf(t.name), `tests[${i}].name`, true),
      classname: text(nameOf(t.classname), `tests[${i}].classname`) ?? "",
      suite: text(nameOf(t.suite), `tests[${i}].suite`) ?? "",
      report: text(t.report, `tests[${i}].report`) ?? "",
      attempts: t.attempts.slice(0, 100).map((a, j) => attemptOf(a, `tests[${i}].attempts[${j}]`))
    };
    const file = text(t.file, `tests[${i}].file`);
    const line = finite(t.line, `tests[${i}].line`);
    if (file !== void 0) test.file = file;
    if (line !== void 0) test.line = line;
    return test;
  });
  return { run: context, tests };
}

// src/pipeline/job.ts
async function readReports(inputs, ctx, found) {
  return group("Reading test reports", async () => {
    const early = await found;
    if (early?.written) process.stdout.write(early.written);
    const files = early?.files ?? await findReports(inputs.reports, ctx.workspace);
    info(`${files.length} report file${files.length === 1 ? "" : "s"} matched.`);
    const unmatched = files.length === 0 ? unmatchedText(inputs.reports, await xmlFilesIn(ctx.workspace)) : void 0;
    const parsed = await parseReportFiles(files, { workspace: ctx.workspace });
    info(`${parsed.tests.length} tests in ${parsed.filesRead} readable reports.`);
    for (const p of parsed.problems) error(commandText(`${p.path}${p.line ? `:${p.line}` : ""}: ${p.message}`, 2e3), { title: "Unreadable test report" });
    if (parsed.twins) {
      const more = parsed.twins.count - parsed.twins.first.length;
      warning(
        commandText(
          `${parsed.twins.count} test title${parsed.twins.count === 1 ? " is" : "s are"} written more than once in a report that writes one testcase per test: ${parsed.twins.first.map((id) => `'${id}'`).join(", ")}${more > 0 ? ` and ${more} more` : ""}. They are counted as different tests, the later ones named with " [2]", " [3]"\u2026 by their order (docs/test-ids.md); give each test its own title.`,
          2e3
        ),
        { title: "Duplicate test titles" }
      );
    }
    if (parsed.collisions) warning(commandText(collisionWarning(parsed.collisions), 4e3), { title: "The same test id in several reports" });
    return unmatched === void 0 ? { ...parsed, matched: files.length } : { ...parsed, matched: files.length, unmatched };
  });
}
var XML_NAMED = 10;
var XML_SCAN_ENTRIES = 2e4;
var NOT_SEARCHED = /* @__PURE__ */ new Set(["node_modules", ".git"]);
async function xmlFilesIn(workspace) {
  const { readdir } = await import("node:fs/promises");
  const first = [];
  let more = 0;
  let seen = 0;
  const walk = async (dir, rel) => {
    let entries;
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch {
      return true;
    }
    entries.sort((a, b) => a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
    for (const e of entries) {
      if (++seen > XML_SCAN_ENTRIES) return false;
      const path = rel === "" ? e.name : `${rel}/${e.name}`;
      if (e.isDirectory()) {
        if (NOT_SEARCHED.has(e.name)) continue;
        if (!await walk(join2(dir, e.name), path)) return false;
      } else if (e.isFile() && e.name.toLowerCase().endsWith(".xml")) {
        if (first.length < XML_NAMED) first.push(path);
        else more++;
      }
    }
    return true;
  };
  const complete = await walk(workspace, "");
  return { first, more, partial: !complete };
}
function unmatchedText(patterns, found) {
  const looked = `It looked for ${patterns.map((p) => `\`${p}\``).join(", ")} (relative to the workspace).`;
  if (found.first.length === 0) return `${looked} No .xml file is in the workspace (node_modules and .git not searched): the test step wrote no JUnit report.`;
  const more = found.more > 0 || found.partial ? ` and ${found.more}${found.partial ? "+" : ""} more` : "";
  return `${looked} XML files in the workspace (node_modules and .git not searched): ${found.first.map((p) => `\`${p}\``).join(", ")}${more}. If one of them is the report, put its path in \`reports\`.`;
}
function collisionList(collisions, quote) {
  const more = collisions.count - collisions.first.length;
  const listed2 = collisions.first.map((c) => `${quote(c.id)} in ${c.reports.slice(0, -1).map(quote).join(", ")} and ${quote(c.reports[c.reports.length - 1])}`);
  return `${listed2.join("; ")}${more > 0 ? `; and ${more} more` : ""}`;
}
function collisionWarning(collisions) {
  return `${collisions.count} test id${collisions.count === 1 ? " is" : "s are"} written in more than one report by a reporter that writes one testcase per test and never a retry: ${collisionList(collisions, (text2) => `'${text2}'`)}. They are counted as different tests, each id prefixed with its report's directory, e.g. "[packages/a] src/index.test.ts::works" (docs/test-ids.md, "Ids across reports").`;
}
function runContextFor(ctx, inputs, reportTimestamp, now) {
  const time = reportTimestamp ? Date.parse(reportTimestamp) : now;
  return {
    key: runIdentity(ctx, inputs.jobKey, inputs.reports),
    runId: ctx.runId,
    runAttempt: ctx.runAttempt,
    job: ctx.job,
    workflow: ctx.workflow,
    sha: ctx.sha,
    ref: ctx.ref,
    onDefaultBranch: isOnDefaultBranch(ctx),
    event: ctx.eventName,
    time: Number.isFinite(time) ? time : now,
    url: runUrl(ctx),
    ...cellOf(inputs.jobKey, ctx.runnerOs)
  };
}
function cellOf(jobKey, runnerOs) {
  const cell = runCell(jobKey, runnerOs);
  return cell === void 0 ? {} : { cell };
}
function clockWarner() {
  const said = /* @__PURE__ */ new Set();
  return (message) => {
    if (said.has(message)) return;
    said.add(message);
    warning(commandText(message, 2e3), { title: "flakeguard: a time the step does not trust" });
  };
}

// src/pipeline/job-key.ts
var MAX_RENDERED_KEY = 120;
function renderJobKey(raw) {
  const text2 = raw.trim();
  if (text2 === "") return "";
  const object = keyObject(text2);
  let rendered;
  if (object) {
    rendered = Object.entries(object).map(([k, v]) => `${k}=${valueText(v)}`).join(", ");
  } else {
    let parsed;
    try {
      parsed = JSON.parse(text2);
    } catch {
      parsed = void 0;
    }
    rendered = typeof parsed === "string" ? parsed : text2;
  }
  rendered = oneLine(rendered);
  if (rendered.length > MAX_RENDERED_KEY) {
    const hash = createHash("sha256").update(text2).digest("hex").slice(0, 8);
    rendered = `${rendered.slice(0, MAX_RENDERED_KEY - 11)}\u2026 #${hash}`;
  }
  return rendered;
}
function splitTestId(id, renderedKey) {
  return renderedKey === "" ? id : `${id} [${renderedKey}]`;
}
function canonicalJobKey(raw) {
  const object = keyObject(raw);
  if (object) {
    return Object.entries(object).map(([k, v]) => `${k}=${oneLine(valueText(v))}`).sort().join(", ");
  }
  const text2 = oneLine(raw);
  const pairs = keyValuePairs(text2);
  if (pairs) {
    return pairs.map(([k, v]) => `${k}=${v}`).sort().join(", ");
  }
  return text2;
}
function shardLabel(job, jobKey) {
  const rendered = renderJobKey(jobKey);
  return rendered === "" ? job : `${job} (${rendered})`;
}

// src/pipeline/stats-scores.ts
var round = (x) => x === null ? null : Math.round(x * 1e3) / 1e3;
function statsScores(now, scoring = {}) {
  const memo = createPfsMemo();
  const pfsConfig = resolveScoringOptions(scoring).pfs;
  const one = Number.isFinite(now) ? scorerOf({ ...scoring, now }, memo) : void 0;
  return (history) => {
    const out = /* @__PURE__ */ new Map();
    const scored = one ? scoredOneByOne(history, one) : scoreAll(history.values(), { ...scoring, now }, memo);
    for (const [id, s] of scored) {
      const test = history.get(id);
      out.set(id, {
        tier: s.tier,
        flipRate: round(s.flipRate),
        ewmaFlipRate: round(s.ewmaFlipRate),
        pfs: [round(s.pfs.pf), round(s.pfs.pfLow), round(s.pfs.pfHigh)],
        score: round(s.multiFactor.score),
        confidence: round(s.multiFactor.confidence),
        recommendation: s.multiFactor.recommendation.action,
        successRate: round(s.successRate.rate),
        thresholded: round(s.thresholded)
      });
      const advice = s.multiFactor.recommendation;
      if (advice.action !== "stable") Object.assign(out.get(id), { priority: advice.priority, recommendationReason: advice.reason });
      const trend = pfsTrendOf(test.runs, 5, 5, 10, pfsConfig, memo, true);
      if (trend.length > 0) out.get(id).pfsTrend = trend.map((p) => round(p.pf));
    }
    return out;
  };
}
function* scoredOneByOne(history, score) {
  for (const h of history.values()) yield [h.id, score(h)];
}
function pfsPhrase(scores) {
  const pfs2 = scores?.pfs;
  if (!Array.isArray(pfs2)) return void 0;
  const [pf, low, high] = pfs2;
  if (typeof pf !== "number" || typeof low !== "number" || typeof high !== "number") return void 0;
  return `PFS ${pf.toFixed(2)} [${low.toFixed(2)}, ${high.toFixed(2)}]`;
}

// src/policy/quarantine-rules.ts
var DAY_MS = 864e5;
var RULE_REASON = {
  cap: "new quarantine refused: ",
  ownerless: "released: no CODEOWNERS owner after ",
  ownerlessHeld: "not quarantined: no CODEOWNERS owner (",
  expired: "quarantine expired: ",
  expiredHeld: "not quarantined: its quarantine expired ("
};
function rulesActive(rules) {
  return rules !== void 0 && (rules.maxPerOwner !== void 0 || rules.caps !== void 0 && Object.keys(rules.caps).length > 0 || rules.ownerRequiredAfterDays !== void 0 || rules.expireAfterDays !== void 0);
}
function capOf(rules, owner) {
  const key = owner.toLowerCase();
  if (rules.caps) {
    for (const [name, cap] of Object.entries(rules.caps)) if (name.toLowerCase() === key) return cap;
  }
  return rules.maxPerOwner;
}
var days = (n) => `${n} day${n === 1 ? "" : "s"}`;
var day = (iso) => iso.slice(0, 10);
function ageDays(since, now) {
  const t = since ? Date.parse(since) : Number.NaN;
  return Number.isFinite(t) ? (now - t) / DAY_MS : void 0;
}
function outOf(decision, previous, reason, since) {
  const after = decision.evidenceAfter ?? previous?.evidenceAfter;
  const { cells: _cells, ...rest } = decision;
  return { ...rest, quarantined: false, reason, since, ...after !== void 0 ? { evidenceAfter: after } : {} };
}
function releasedAt(decision, now) {
  return decision.evidenceAfter ?? now;
}
function applyQuarantineRules(input) {
  const { rules, decisions, now } = input;
  const nowIso = new Date(now).toISOString();
  const changed = /* @__PURE__ */ new Map();
  const effects = /* @__PURE__ */ new Map();
  const ownerRequired = rules.ownerRequiredAfterDays;
  const expireAfter = rules.expireAfterDays;
  const block = rules.onExpiry === "block";
  for (const [id, decision] of decisions) {
    if (decision.override) continue;
    const previous = input.previous(id);
    const prevReason = previous?.reason ?? "";
    if (ownerRequired !== void 0 && previous && !previous.quarantined && (prevReason.startsWith(RULE_REASON.ownerless) || prevReason.startsWith(RULE_REASON.ownerlessHeld))) {
      const owners = [...input.ownersOf(id)];
      if (owners.length === 0) {
        const reason = `${RULE_REASON.ownerlessHeld}policy.quarantine.owner-required-after-days): its failures block until CODEOWNERS names an owner`;
        changed.set(id, outOf(decision, previous, reason, previous.since ?? nowIso));
        effects.set(id, { kind: "owner-required", reason, blocks: true, newly: false, owners });
        continue;
      }
    }
    if (decision.quarantined) {
      const owners = [...input.ownersOf(id)];
      const age = ageDays(decision.since, now);
      if (ownerRequired !== void 0 && owners.length === 0 && age !== void 0 && age >= ownerRequired) {
        const reason = `${RULE_REASON.ownerless}${days(ownerRequired)} (quarantined since ${day(decision.since)}; policy.quarantine.owner-required-after-days): its failures block again until CODEOWNERS names an owner`;
        changed.set(id, { ...outOf(decision, void 0, reason, nowIso), evidenceAfter: releasedAt(decision, now) });
        effects.set(id, { kind: "owner-required", reason, blocks: true, newly: true, owners });
        continue;
      }
      if (expireAfter !== void 0 && age !== void 0 && age >= expireAfter) {
        const core = `quarantined since ${day(decision.since)}, past ${days(expireAfter)} (policy.quarantine.expire-after-days)`;
        if (block) {
          const reason = `${RULE_REASON.expired}${core}; released (on-expiry: block): its failures block again until it passes at its first attempt ${input.releaseAfterCleanRuns} runs in a row`;
          changed.set(id, { ...outOf(decision, void 0, reason, nowIso), evidenceAfter: releasedAt(decision, now) });
          effects.set(id, { kind: "expired", reason, blocks: true, newly: true, owners });
        } else {
          const reason = `${RULE_REASON.expired}${core}; it stays quarantined (on-expiry: warn): fix it or release it`;
          changed.set(id, { ...decision, reason: `${reason}; ${decision.reason}` });
          effects.set(id, { kind: "expired", reason, blocks: false, newly: !prevReason.startsWith(RULE_REASON.expired), owners });
        }
      }
    }
  }
  for (const [id, decision] of decisions) {
    if (decision.override || changed.has(id)) continue;
    const previous = input.previous(id);
    if (!previous || previous.quarantined || !block) continue;
    const prevReason = previous.reason;
    if (!(prevReason.startsWith(RULE_REASON.expired) || prevReason.startsWith(RULE_REASON.expiredHeld))) continue;
    if (decision.evidence.cleanStreak >= input.releaseAfterCleanRuns) continue;
    const reason = `${RULE_REASON.expiredHeld}policy.quarantine.expire-after-days, on-expiry: block): its failures block until it passes at its first attempt ${input.releaseAfterCleanRuns} runs in a row (now ${decision.evidence.cleanStreak})`;
    changed.set(id, outOf(decision, previous, reason, previous.since ?? nowIso));
    effects.set(id, { kind: "expired", reason, blocks: true, newly: false, owners: [...input.ownersOf(id)] });
  }
  if (rules.maxPerOwner !== void 0 || rules.caps && Object.keys(rules.caps).length > 0) {
    const count = /* @__PURE__ */ new Map();
    const entering = [];
    for (const [id, d] of decisions) {
      const decision = changed.get(id) ?? d;
      if (!decision.quarantined) continue;
      if (input.before.has(id) || decision.override) {
        for (const o of input.ownersOf(id)) count.set(o.toLowerCase(), (count.get(o.toLowerCase()) ?? 0) + 1);
      } else entering.push(id);
    }
    entering.sort();
    for (const id of entering) {
      const owners = [...input.ownersOf(id)];
      const full = owners.find((o) => {
        const cap = capOf(rules, o);
        return cap !== void 0 && (count.get(o.toLowerCase()) ?? 0) >= cap;
      });
      if (full === void 0) {
        for (const o of owners) count.set(o.toLowerCase(), (count.get(o.toLowerCase()) ?? 0) + 1);
        continue;
      }
      const decision = changed.get(id) ?? decisions.get(id);
      const previous = input.previous(id);
      const n = count.get(full.toLowerCase()) ?? 0;
      const reason = `${RULE_REASON.cap}${full} has ${n} quarantined test${n === 1 ? "" : "s"}, its cap is ${capOf(rules, full)} (policy.quarantine): its failures block until one of its quarantines ends`;
      changed.set(id, outOf(decision, previous, reason, previous && !previous.quarantined && previous.since ? previous.since : nowIso));
      effects.set(id, { kind: "cap", reason, blocks: true, newly: !(previous?.reason ?? "").startsWith(RULE_REASON.cap), owners });
    }
  }
  return { changed, effects };
}
function withRuleBlocks(outcome, effects) {
  const blocks = (id) => effects.get(id)?.blocks === true;
  const moved = [...outcome.forgiven, ...outcome.passedOnRetry].filter((t) => blocks(t.id) && t.attempts.some((a) => isFailure(a.status)));
  const already = outcome.blocking.filter((t) => blocks(t.id));
  if (moved.length === 0 && already.length === 0) return outcome;
  const out = new Set(moved.map((t) => t.id));
  const named = [...already, ...moved];
  const reasons = named.slice(0, 10).map((t) => `'${t.id}' ${effects.get(t.id).reason}.`);
  if (named.length > 10) reasons.push(`${named.length - 10} more tests blocked by policy.quarantine (docs/quarantine-rules.md).`);
  const ruleBlocked = new Map(named.map((t) => [t.id, effects.get(t.id).reason]));
  return {
    ...outcome,
    result: "failure",
    failed: [...outcome.failed, ...moved.filter((t) => !outcome.failed.includes(t))],
    forgiven: outcome.forgiven.filter((t) => !out.has(t.id)),
    passedOnRetry: outcome.passedOnRetry.filter((t) => !out.has(t.id)),
    blocking: [...outcome.blocking, ...moved],
    reasons: [...outcome.reasons, ...reasons],
    ruleBlocked
  };
}

// src/policy/rules/seed-rules.ts
var f2 = (x) => x.toFixed(2);
function ruleVerdict(rule, runs, now, o, memo) {
  const s = o.scoring;
  switch (rule) {
    case "pfs": {
      const window = runs.slice(-o.pfs.window);
      const r = pfs(window, s.pfs, memo);
      return {
        // A test that never failed in the window never enters, whatever the prior leaves of the interval.
        enter: window.length >= o.pfs.minRuns && r.pfLow >= o.pfs.enterLow && window.some((run) => /[FE]/.test(run.attempts)),
        release: r.pf < o.pfs.releaseBelow,
        measured: `PFS ${f2(r.pf)} [${f2(r.pfLow)}, ${f2(r.pfHigh)}] over the last ${window.length} runs (enters at a lower bound of ${o.pfs.enterLow})`,
        leaves: `until its PFS falls below ${o.pfs.releaseBelow}`
      };
    }
    case "flip-rate": {
      const fr = flipRates(runs, s.flipRate);
      const rate = o.flipRate.score === "ewma" ? fr.ewmaFlipRate : fr.flipRate;
      const tier = tierOf(rate);
      const inTier = o.flipRate.quarantineTiers.includes(tier);
      const label = o.flipRate.score === "ewma" ? "EWMA flip-rate" : "flip-rate";
      return {
        enter: inTier,
        release: o.flipRate.autoRelease && !inTier,
        measured: `${label} ${rate === null ? "n/a" : f2(rate)}: tier ${tier} (quarantine tiers: ${o.flipRate.quarantineTiers.join(", ")})`,
        leaves: o.flipRate.autoRelease ? `until its tier is not one of ${o.flipRate.quarantineTiers.join(", ")}` : "until released by hand (auto-release is off)"
      };
    }
    case "success-rate": {
      const r = successRate(runs, now, s.successRate);
      const enough = r.rate !== null && r.counted >= o.successRate.minRuns;
      const rate = r.rate === null ? "n/a" : f2(r.rate);
      return {
        enter: enough && r.rate < o.successRate.enterBelow,
        release: r.rate === null || r.rate >= o.successRate.releaseAt,
        measured: `success rate ${rate} (${r.passed}/${r.counted} counted runs in ${s.successRate.lookbackDays} days; enters below ${o.successRate.enterBelow})`,
        leaves: `until its success rate reaches ${o.successRate.releaseAt}`
      };
    }
    case "multi-factor": {
      const m = multiFactorScore(runs, now, s.multiFactor);
      const action = m.recommendation.action;
      return {
        enter: action === "quarantine",
        release: action === "stable",
        measured: `multi-factor score ${f2(m.score)} (confidence ${f2(m.confidence)}): recommendation ${action}`,
        leaves: `until its recommendation is stable (score below ${s.multiFactor.monitoringThreshold})`
      };
    }
    case "thresholded": {
      const r = successRate(runs, now, s.successRate);
      const enough = r.rate !== null && r.counted >= o.thresholded.minRuns;
      const p = r.rate === null ? 0 : 1 - r.rate;
      const flakiness = thresholdedFlakiness(p, s.thresholded.alpha);
      return {
        enter: enough && flakiness > o.thresholded.enterAbove,
        release: flakiness <= o.thresholded.enterAbove,
        measured: `thresholded flakiness ${f2(flakiness)} (failure chance ${f2(p)} over ${r.counted} counted runs, \u03B1 ${s.thresholded.alpha})`,
        leaves: `until its thresholded flakiness is ${o.thresholded.enterAbove === 0 ? "0" : `at most ${o.thresholded.enterAbove}`}`
      };
    }
  }
}

// src/policy/decide.ts
function trustedRuns(runs) {
  const passedOn = /* @__PURE__ */ new Set();
  for (const r of runs) if (!r.outage && r.attempts.includes("P")) passedOn.add(commitOf(r));
  return runs.filter((r) => {
    if (r.outage) return false;
    if (r.onDefaultBranch) return true;
    return !/[FE]/.test(r.attempts) || passedOn.has(commitOf(r));
  });
}
function newestTime(runs) {
  let t = 0;
  for (const r of runs) if (r.time > t) t = r.time;
  return t;
}
function verdictOf(history, options, memo) {
  if (options.rule === "evidence") return void 0;
  const runs = trustedRuns(history.runs);
  return ruleVerdict(options.rule, runs, newestTime(history.runs), options.rules, memo);
}
function decide(history, previous, override, now, options, memo) {
  if (override || options.rule === "evidence") return decideQuarantine(history, previous, override, now, options);
  const { wasQuarantined, evidenceAfter, counted, evidence, keepAfter, keepSince } = countedEvidence(history, previous, now, options.window);
  const verdict = verdictOf(counted, options, memo);
  const staying = `${options.rule} rule: ${verdict.measured}; stays quarantined ${verdict.leaves}`;
  if (wasQuarantined) {
    if (verdict.release) {
      return { quarantined: false, reason: `released by the ${options.rule} rule: ${verdict.measured}`, since: now, evidence, evidenceAfter: newestTime(history.runs) };
    }
    return { quarantined: true, reason: staying, since: keepSince(true), evidence };
  }
  if (evidence.trailingBreakage >= options.breakageStreak) return breakage(evidence, keepSince(false), keepAfter);
  if (verdict.enter && evidence.trailingBreakage === 0) return { quarantined: true, reason: staying, since: now, evidence };
  const held = verdict.enter ? `; not quarantined while its newest run failed with no pass on that commit (it may be broken)` : "";
  const since = evidenceAfter === void 0 ? "" : " since its release";
  return { quarantined: false, reason: `${options.rule} rule: ${verdict.measured}${since}${held}`, since: keepSince(false), evidence, ...keepAfter };
}

// src/pipeline/apply-hand-edits.ts
function applyHandEdits(snapshot, now, policy, statsFileOf2) {
  const edits = [];
  const kept = /* @__PURE__ */ new Map();
  let overrides;
  let stats;
  const today = new Date(now).toISOString().slice(0, 10);
  const unwritten = checkOf({ quarantined: false });
  for (const [id, line] of snapshot.stats) {
    const fields = editedFields(snapshot.handWritten.has(id) ? personsLine(line, unwritten) : line);
    if (!fields || fields.length === 0 || inBrokenShard(snapshot, id)) continue;
    const stored = snapshot.overrides.get(id);
    const override = stored && !overrideExpired(stored.override, now) ? stored.override : null;
    const original = fields.includes("quarantined") && typeof line.quarantined === "boolean" ? { ...line, quarantined: !line.quarantined } : line;
    if (original !== line) {
      stats ??= new Map(snapshot.stats);
      stats.set(id, original);
    }
    const quarantined = override ? override.action === "quarantine" : ruleState(original)?.quarantined === true;
    const file = stored?.file ?? statsFileOf2(id);
    const found = interpretEdits(id, line, fields, { override, quarantined, file, successRateEnterBelow: policy.rules.successRate.enterBelow, today });
    for (const edit of found) {
      edits.push({ ...edit, file, ...stored?.line !== void 0 ? { line: stored.line } : {} });
      if (edit.effect === "kept") {
        kept.set(id, { ...kept.get(id), [edit.field]: edit.written });
      } else if (edit.effect === "quarantine") {
        const raw = overrideForEdit(edit, today);
        overrides ??= new Map(snapshot.overrides);
        overrides.set(id, { override: raw, raw, file });
      } else {
        const test = snapshot.history.get(id);
        const newest = test ? test.runs.reduce((t, r) => Math.max(t, r.time), 0) : 0;
        stats ??= new Map(snapshot.stats);
        const { auto: _auto, ...rest } = original;
        stats.set(id, { ...rest, quarantined: false, reason: "", since: new Date(now).toISOString(), evidenceAfter: newest });
      }
    }
  }
  if (!overrides && !stats) return { snapshot, edits, kept };
  return { snapshot: { ...snapshot, overrides: overrides ?? snapshot.overrides, stats: stats ?? snapshot.stats }, edits, kept };
}
function personsLine(line, check) {
  const view = { ...line, check };
  if (view.reason === "") delete view.reason;
  return view;
}

// src/policy/decision-log.ts
var NOT_QUARANTINED = { quarantined: false, hand: false };
function writtenState(line) {
  if (!line) return NOT_QUARANTINED;
  return { quarantined: line.quarantined === true, hand: typeof line.auto === "object" && line.auto !== null };
}
function decidedState(decision) {
  return { quarantined: decision.quarantined, hand: decision.override !== void 0 || decision.auto !== void 0 };
}
var RULE_EVENT = { cap: "quarantine refused", "owner-required": "owner required", expired: "expired" };
function decisionChange(before, decision, causes = {}) {
  const after = decidedState(decision);
  const reason = decision.reason;
  const quarantined = after.quarantined;
  if (after.hand) {
    if (before.hand && before.quarantined === after.quarantined) return void 0;
    if (!before.hand && causes.edit?.effect === "quarantine") return { event: "hand edit", quarantined, by: "hand", reason };
    return { event: "override", quarantined, by: "hand", reason };
  }
  if (before.hand) return { event: causes.lapsed ? "override lapsed" : "override cleared", quarantined, by: "rule", reason };
  if (causes.rule && (causes.rule.newly || before.quarantined !== after.quarantined)) return { event: RULE_EVENT[causes.rule.kind], quarantined, by: "rule", reason };
  if (before.quarantined === after.quarantined) return void 0;
  if (!quarantined && causes.edit?.effect === "release") return { event: "hand edit", quarantined, by: "hand", reason: causes.edit.message };
  if (!quarantined && causes.issueClosed?.() !== void 0) return { event: "issue closed", quarantined, by: "hand", reason };
  return { event: quarantined ? "quarantined" : "released", quarantined, by: "rule", reason };
}

// src/pipeline/update-decision-log.ts
var cut = (text2) => text2.length > MAX_REASON_CHARS ? `${text2.slice(0, MAX_REASON_CHARS - 1)}\u2026` : text2;
function updateDecisionLog(input) {
  if (input.run === void 0) return { text: input.previous, problems: [], recorded: 0 };
  let log;
  let problems = [];
  let changed = false;
  if (input.previous === void 0) {
    log = { schema: SCHEMA_VERSION, from: input.run, tests: /* @__PURE__ */ new Map(), unreadable: /* @__PURE__ */ new Map() };
    changed = true;
  } else {
    const parsed = parseDecisions(input.previous);
    problems = parsed.problems;
    if (!parsed.log) return { text: input.previous, problems, recorded: 0 };
    log = parsed.log;
  }
  const edits = /* @__PURE__ */ new Map();
  for (const e of input.edits) if (e.effect !== "kept") edits.set(e.id, { effect: e.effect, message: e.message });
  let recorded = 0;
  const anyEdit = edits.size > 0;
  const rules = input.rules !== void 0 && input.rules.size > 0 ? input.rules : void 0;
  for (const [id, decision] of input.decisions) {
    const edit = anyEdit ? edits.get(id) : void 0;
    const line = input.stats.get(id);
    const hand = decision.override !== void 0 || decision.auto !== void 0;
    const same = !edit && line?.quarantined === true === decision.quarantined && (typeof line?.auto === "object" && line.auto !== null) === hand;
    const rule = rules?.get(id);
    if (same && !input.issueOf && !rule?.newly) continue;
    if (input.skip(id) || log.unreadable.has(id)) continue;
    const before = edit?.effect === "release" ? { quarantined: true, hand: false } : writtenState(line);
    const closed = input.closedByHand;
    const change = same && !rule?.newly ? void 0 : decisionChange(before, decision, {
      ...input.lapsed.has(id) ? { lapsed: true } : {},
      ...edit ? { edit } : {},
      ...closed ? { issueClosed: () => closed(id)?.issue } : {},
      ...rule ? { rule: { kind: rule.kind, newly: rule.newly } } : {}
    });
    const issue = input.issueOf?.(id);
    const entry = log.tests.get(id);
    if (!change && (issue === void 0 || issue === entry?.issue)) continue;
    const next = { ...entry ?? { events: [] } };
    if (issue !== void 0) next.issue = issue;
    if (change) {
      next.events = [...next.events, { run: input.run, at: input.at, ...change, reason: cut(change.reason) }].slice(-MAX_EVENTS_PER_TEST);
      recorded++;
    }
    log.tests.set(id, next);
    changed = true;
  }
  for (const id of log.tests.keys()) {
    if (input.tests.has(id)) continue;
    log.tests.delete(id);
    changed = true;
  }
  return { text: changed ? renderDecisions(log) : input.previous, problems, recorded };
}

// src/pipeline/clock.ts
var CLOCK_TOLERANCE_MS = 864e5;
var DAY_MS2 = 864e5;
function spanText(ms) {
  const abs = Math.abs(ms);
  const count = (n, unit) => `${n} ${unit}${n === 1 ? "" : "s"}`;
  const years = abs / (365.25 * DAY_MS2);
  if (!(years < 1e4)) return "more than 10,000 years";
  if (years >= 2) return count(Math.round(years), "year");
  if (abs >= DAY_MS2) return count(Math.round(abs / DAY_MS2), "day");
  if (abs >= 36e5) return count(Math.round(abs / 36e5), "hour");
  return count(Math.round(abs / 6e4), "minute");
}
function timeText(ms) {
  const date = new Date(ms);
  return Number.isNaN(date.getTime()) ? String(ms) : date.toISOString();
}
function newestTime2(runs, except) {
  let newest;
  for (const [key, row] of runs) if (key !== except && (newest === void 0 || row.time > newest)) newest = row.time;
  return newest;
}
function checkRows(runs, clock, notes) {
  const ahead = [];
  for (const entry of runs) if (!(entry[1].time <= clock + CLOCK_TOLERANCE_MS)) ahead.push(entry);
  const changed = /* @__PURE__ */ new Map();
  if (ahead.length === 0) return changed;
  const shown = ahead.slice(0, 3).map(([key, row]) => `${key} (${timeText(row.time)})`).join(", ");
  const listed2 = `${shown}${ahead.length > 3 ? ` and ${ahead.length - 3} more` : ""}`;
  const runsText = `${ahead.length === 1 ? "Run" : "Runs"} ${listed2} on the data branch`;
  const ahead1 = `more than ${spanText(CLOCK_TOLERANCE_MS)} ahead of this step's clock (${timeText(clock)})`;
  if (ahead.length * 2 >= runs.size) {
    notes.push(
      `${ahead.length} of the ${runs.size} runs on the data branch are ${ahead1}: ${listed2}. This runner's clock is probably behind: their times are kept, and nothing is aged out from this clock.`
    );
    return changed;
  }
  const ordered = [...runs].sort((a, b) => a[1].seq - b[1].seq);
  const aheadKeys = new Set(ahead.map(([key]) => key));
  let before;
  for (const [key, row] of ordered) {
    if (!aheadKeys.has(key)) {
      if (before === void 0 || row.time > before) before = row.time;
      continue;
    }
    changed.set(key, before ?? clock);
  }
  notes.push(
    `${runsText} ${ahead.length === 1 ? "is" : "are"} ${ahead1}, as most of the branch's runs are not: set to the newest time of the runs before ${ahead.length === 1 ? "it" : "them"}, so that ${ahead.length === 1 ? "it ages" : "they age"} out no other run (the runner's clock was probably ahead).`
  );
  return changed;
}
function retimed(history, runs, times) {
  if (history instanceof LazyHistory) return new LazyHistory(history.stored, runs);
  const out = /* @__PURE__ */ new Map();
  for (const [id, test] of history) {
    if (!test.runs.some((r) => times.has(r.run))) {
      out.set(id, test);
      continue;
    }
    const records = test.runs.map((r) => times.has(r.run) ? { ...r, time: times.get(r.run) } : r).sort((a, b) => a.time - b.time);
    out.set(id, { ...test, runs: records });
  }
  return out;
}
function checkTimes(run, runs, history, clock, retention) {
  const notes = [];
  const changed = checkRows(runs, clock, notes);
  let table = runs;
  let checkedHistory = history;
  if (changed.size > 0) {
    table = new Map(runs);
    for (const [key, time2] of changed) table.set(key, { ...runs.get(key), time: time2 });
    checkedHistory = retimed(history, table, changed);
  }
  const newest = newestTime2(table, run.key);
  const window = retention.maxAgeDays * DAY_MS2;
  const reference = newest ?? clock;
  const floor = reference - window;
  let time = run.time;
  const name = `Run ${run.key} attempt ${run.runAttempt}`;
  if (!Number.isFinite(time)) {
    notes.push(`${name}: its time (${String(time)}) is not a time; it is recorded at this step's clock (${timeText(clock)}).`);
    time = clock;
  } else if (time > clock + CLOCK_TOLERANCE_MS) {
    notes.push(
      `${name}: its time (${timeText(time)}) is ${spanText(time - clock)} ahead of this step's clock (${timeText(clock)}); it is recorded at the step's clock, so that it ages out no other run.`
    );
    time = clock;
  } else if (time < floor) {
    if (clock >= reference) {
      notes.push(
        `${name}: its time (${timeText(time)}) is ${spanText(clock - time)} before this step's clock (${timeText(clock)}), older than history.max-age-days; it is recorded at the step's clock, so that it is not aged out at once.`
      );
      time = clock;
    } else {
      notes.push(
        `${name}: its time (${timeText(time)}) is ${spanText(reference - time)} before the newest run on the data branch (${timeText(reference)}), older than history.max-age-days, and this step's clock (${timeText(clock)}) is behind that run too; it is recorded at the newest run's time, so that the next write does not age it out at once.`
      );
      time = reference;
    }
  }
  const retentionNow = Math.min(clock, time, newest ?? time);
  return { run: time === run.time ? run : { ...run, time }, runs: table, history: checkedHistory, retentionNow, notes };
}

// src/pipeline/carry-ids.ts
function idMoves(tests) {
  const moves = /* @__PURE__ */ new Map();
  for (const t of tests) if (t.written !== void 0 && t.written !== t.id) moves.set(t.written, t.id);
  return moves;
}
function rekey(map, moves, fix) {
  const out = /* @__PURE__ */ new Map();
  let moved = 0;
  for (const [id, value] of map) {
    const to = moves.get(id);
    if (to !== void 0 && !map.has(to)) {
      out.set(to, fix ? fix(value, to) : value);
      moved++;
    } else if (to === void 0 || map.has(to)) {
      if (!out.has(id)) out.set(id, value);
    }
  }
  return { map: out, moved };
}
function carryIds(snapshot, moves) {
  if (moves.size === 0) return { snapshot, moved: 0 };
  let any = false;
  for (const id of moves.keys()) if (snapshot.history.has(id) || snapshot.stats.has(id) || snapshot.overrides.has(id)) any = true;
  if (!any) return { snapshot, moved: 0 };
  let history;
  let moved;
  if (snapshot.history instanceof LazyHistory) {
    const r = rekey(snapshot.history.stored, moves);
    history = new LazyHistory(r.map, snapshot.history.rows);
    moved = r.moved;
  } else {
    const r = rekey(snapshot.history, moves, (t, id) => ({ ...t, id }));
    history = r.map;
    moved = r.moved;
  }
  const handWritten = /* @__PURE__ */ new Set();
  for (const id of snapshot.handWritten) {
    const to = moves.get(id);
    handWritten.add(to !== void 0 && !snapshot.stats.has(to) ? to : id);
  }
  const quietLines = new Map(snapshot.quiet.lines);
  for (const id of moves.keys()) quietLines.delete(id);
  const misplaced = new Map(snapshot.misplaced);
  for (const [id, to] of moves) if (!snapshot.stats.has(to)) misplaced.delete(id);
  return {
    snapshot: {
      ...snapshot,
      history,
      stats: rekey(snapshot.stats, moves).map,
      handWritten,
      overrides: rekey(snapshot.overrides, moves).map,
      misplaced,
      quiet: { ...snapshot.quiet, lines: quietLines }
    },
    moved
  };
}

// src/store/readme.ts
function renderBranchReadme(shards) {
  return `# flakeguard data branch

This branch is written by the [flakeguard](https://github.com/flakeguard/flakeguard) action. It is its database:
the history of every test, the scores computed from it, and the quarantine decisions. Do not merge it into your
code branches.

## Files (schema 4, ${shards} shard${shards === 1 ? "" : "s"})

| path | what it holds | edit by hand? |
| --- | --- | --- |
| \`stats/NN.json\` | one line per test with something to say (it failed in its window, is or was quarantined, or has an override): \`override\`, \`quarantined\`, \`reason\`, recent results and scores | **yes, the \`override\` field only** |
| \`history/NN.json\` | one line per test that is not quiet: its outcomes, one letter per run from run number \`from\` on (\`P*40\`: forty passes in a row) | no |
| \`history/quiet-NN.json\` | one line per quiet test (it passed at the first attempt in every run of its window): \`"o":"P*"\`, passed in every run from \`from\` to the newest of \`runs.json\` | no |
| \`runs.json\` | one line per run number: \`[run key, commit, time, on default branch, job succeeded, link]\` | no |
| \`flakeguard.json\` | schema version, shard count, writes since compaction, the last write's window, runs already ingested | no |
| \`decisions.json\` | one line per test whose quarantine decision changed: its last 20 decisions (run, time, who, why) and its issue | no (informational: nothing is decided from it) |

flakeguard also writes this \`README.md\`, the dashboard (\`index.html\`, \`.nojekyll\`, \`dashboard/CODEOWNERS\`,
\`dashboard/codeowners-map\`) and the README badge (\`badge.json\`). **Every other file is yours** (a \`CNAME\`, notes, images, links, anything in
\`history/\` or \`stats/\` that is not a \`.json\` file directly in it): flakeguard never reads, changes or deletes it.

A test's shard \`NN\` is the FNV-1a hash of its id modulo the shard count, in hex. The job summary and the
issues flakeguard opens name the exact file of each test.

In \`recent\`, each letter is one run, oldest first: \`P\` passed, \`R\` passed on a retry, \`F\` failed.

## Forcing or lifting a quarantine

Find the test's line in \`stats/NN.json\` and change its \`override\` (GitHub's web editor is fine). A test that
never failed in its window has no line: add one, \`"<test id>": {"override": "quarantine"},\`, in the file its
shard names (or use \`flakeguard override\`, docs/cli.md).

\`\`\`
"override": "quarantine"                       force it into quarantine
"override": "never"                            never quarantine it
"override": {"action": "quarantine", "reason": "JIRA-123", "until": "2026-12-31"}
"override": null                               let flakeguard decide
\`\`\`

The change takes effect on the next run and is kept by every later run. An override with \`until\` lapses after
that day (UTC) with a notice; then, as after setting it back to null, the test is decided as if the override had
never been there. Every other field is computed: \`"quarantined": true\` (or \`successRate\` lowered, e.g. to 0.1)
is recorded as a hand quarantine, \`"quarantined": false\` releases the test now; any other edit is left as written
with a warning. Do not edit \`check\`: it is how flakeguard sees which field you edited.

If a stats file stops being valid JSON, flakeguard reports the file and line as an error, forgives no failure
of the tests in that file until it is fixed, and never overwrites it.

The branch is squashed to a single commit from time to time to stay small; its content is kept.
`;
}

// src/pipeline/render-files.ts
function renderFiles(snapshot, shards, writes, history, runs, decisions, scores, newIngestion, readWindow, now, retentionNow, retention, expired = /* @__PURE__ */ new Set(), kept = /* @__PURE__ */ new Map(), inOrder, costPerMinute) {
  const oldestKept = retentionNow - retention.maxAgeDays * 864e5;
  const ingested = {};
  for (const [key, time] of Object.entries(snapshot.meta.ingested)) if (time >= oldestKept) ingested[key] = time;
  if (newIngestion) ingested[newIngestion] = now;
  const window = readWindow ?? { maxRuns: retention.maxRuns, oldestKept };
  let newest = 0;
  let untrusted = false;
  for (const row of runs.values()) {
    if (row.seq > newest) newest = row.seq;
    if (row.untrusted) untrusted = true;
  }
  let times;
  const timeOf = (seq) => {
    if (!times) times = new Map([...runs.values()].map((row) => [row.seq, row.time]));
    return times.get(seq) ?? -Infinity;
  };
  const readBack = /* @__PURE__ */ new Map();
  const catchUp = Array.from({ length: shards }, (_, shard) => quietCatchUp(newest, shard));
  const reads = new InOrder(snapshot.quiet.lines);
  const referenced = new RunMarks(runs);
  const historyShards = Array.from({ length: shards }, () => []);
  const quietShards = Array.from({ length: shards }, () => []);
  const statsShards = Array.from({ length: shards }, () => []);
  const quietLines = Array.from({ length: shards }, () => []);
  const quietKept = new Array(shards).fill(true);
  const quietPaths = Array.from({ length: shards }, (_, shard) => quietPath(shard, shards));
  const order = history instanceof LazyHistory ? inOrder : void 0;
  let marked = -1;
  let k = -1;
  for (const entry of storedTests(history, runs)) {
    k++;
    const [id, test] = entry;
    const shard = shardOf(id, shards);
    const read = reads.get(id);
    const quiet = untrusted || shards < QUIET_FROM_SHARDS ? void 0 : quietLineOf(test, newest, window, timeOf, read, readBack, catchUp[shard]);
    if (quiet) {
      if (quiet.from !== marked) referenced.mark(marked = quiet.from, newest - quiet.from + 1);
      quietShards[shard].push(entry);
      quietLines[shard].push(quiet);
      if (quietKept[shard] && (quiet !== read || read.path !== quietPaths[shard] || read.test.name !== test.name || read.test.classname !== test.classname || read.test.file !== test.file || read.test.line !== test.line)) {
        quietKept[shard] = false;
      }
    } else {
      let seq = test.from;
      for (const { a, n } of test.segments) {
        if (a !== "") referenced.mark(seq, n);
        seq += n;
      }
      historyShards[shard].push(entry);
    }
    const statsShard = statsShardOf(snapshot, id, shards, shard);
    const decision = order && !(order.changed.size > 0 && order.changed.has(id)) ? order.decisions[k] : decisions.get(id);
    const stored = snapshot.overrides.size > 0 ? snapshot.overrides.get(id) : void 0;
    const keep = kept.size > 0 ? kept.get(id) : void 0;
    if (!stored && !keep && !decision.quarantined && !decision.auto && decision.evidenceAfter === void 0 && neverFailed(test.segments)) continue;
    const line = {
      override: stored?.raw ?? null,
      // An override past its date: noticed once, remembered here so that later runs do not repeat the notice.
      ...stored && expired.has(id) ? { lapsed: stored.override.until } : {},
      quarantined: decision.quarantined,
      reason: decision.reason,
      since: decision.since,
      ...decision.cells ? { cells: decision.cells } : {},
      ...decision.evidenceAfter !== void 0 ? { evidenceAfter: decision.evidenceAfter } : {},
      ...decision.fix ? { fix: decision.fix } : {},
      ...decision.auto ? {
        auto: {
          quarantined: decision.auto.quarantined,
          ...decision.auto.since ? { since: decision.auto.since } : {},
          ...decision.auto.evidenceAfter !== void 0 ? { evidenceAfter: decision.auto.evidenceAfter } : {},
          ...decision.auto.cells ? { cells: decision.auto.cells } : {}
        }
      } : {},
      runs: decision.evidence.runs,
      recent: decision.evidence.recent,
      ...scores.get(id)
    };
    line.check = checkOf(line);
    if (keep) Object.assign(line, keep);
    statsShards[statsShard].push([id, line]);
  }
  for (const [id, stored] of snapshot.overrides) {
    if (history.has(id)) continue;
    const line = { override: stored.raw, quarantined: false, reason: "no runs recorded yet" };
    line.check = checkOf(line);
    statsShards[statsShardOf(snapshot, id, shards)].push([id, line]);
  }
  const files = /* @__PURE__ */ new Map();
  files.set(META_FILE, renderMeta({ schema: SCHEMA_VERSION, shards, writes, window, ingested, ...costPerMinute !== void 0 ? { costPerMinute } : {} }));
  files.set(RUNS_FILE, renderRuns(new Map([...runs].filter(([, row]) => referenced.has(row.seq)))));
  files.set("README.md", renderBranchReadme(shards));
  const texts = new LineTexts();
  for (let i = 0; i < shards; i++) {
    if (historyShards[i].length > 0) files.set(historyPath(i, shards), renderHistoryShard(historyShards[i], texts));
    if (quietShards[i].length > 0) {
      const path2 = quietPath(i, shards);
      const read = snapshot.quiet.shards.get(path2);
      files.set(
        path2,
        read && quietKept[i] && read.tests === quietShards[i].length ? read.text : renderQuietShard(quietShards[i], new Map(quietShards[i].map(([id], k2) => [id, quietLines[i][k2]])), texts)
      );
    }
    const path = statsPath(i, shards);
    if (snapshot.brokenStats.has(path)) continue;
    if (statsShards[i].length > 0) files.set(path, renderStatsShard(statsShards[i]));
  }
  for (const [path, text2] of snapshot.brokenStats) files.set(path, text2);
  return files;
}
var InOrder = class {
  map;
  keys;
  values;
  key;
  value;
  constructor(map) {
    this.map = map;
    this.keys = map.keys();
    this.values = map.values();
    this.next();
  }
  get(key) {
    if (key === this.key) {
      const value2 = this.value;
      this.next();
      return value2;
    }
    const value = this.map.get(key);
    if (value !== void 0 && this.key !== void 0) {
      while (this.key !== void 0 && this.value !== value) this.next();
      if (this.key !== void 0) this.next();
    }
    return value;
  }
  next() {
    const k = this.keys.next();
    this.key = k.done ? void 0 : k.value;
    this.value = k.done ? void 0 : this.values.next().value;
  }
};

// src/policy/cells.ts
var CLEAN_CHANCE = 0.05;
var UNKNOWN_CELL = "";
function binomialAtMost(n, p, k) {
  let term = Math.pow(1 - p, n);
  let sum = term;
  for (let j = 1; j <= k; j++) {
    term *= (n - j + 1) / j * (p / (1 - p));
    sum += term;
  }
  return Math.min(1, sum);
}
function byCell(history) {
  const groups = /* @__PURE__ */ new Map();
  for (const r of history.runs) {
    const cell = r.cell ?? UNKNOWN_CELL;
    let g = groups.get(cell);
    if (!g) groups.set(cell, g = []);
    g.push(r);
  }
  return groups;
}
function cellVerdict(history, policy) {
  const evidence = [];
  for (const [cell, runs2] of byCell(history)) {
    const e = gatherEvidence({ ...history, runs: runs2 }, runs2.length);
    const flaky = e.sameCommitFlips >= policy.enterSameCommitFlips || e.failureEpisodes >= policy.enterFailureEpisodes;
    const seen2 = e.sameCommitFlips > 0;
    if (e.runs > 0) evidence.push({ cell, runs: e.runs, failures: e.trustedFailures, episodes: e.failureEpisodes, flaky, seen: seen2, covered: true });
  }
  evidence.sort((a, b) => Number(b.seen) - Number(a.seen) || (a.cell < b.cell ? -1 : a.cell > b.cell ? 1 : 0));
  const unknown = evidence.find((e) => e.cell === UNKNOWN_CELL);
  const known = evidence.filter((e) => e.cell !== UNKNOWN_CELL);
  if (known.length <= 1 || unknown !== void 0 && unknown.failures > 0) return { evidence };
  if (known.every((e) => e.seen)) return { evidence };
  const seen = known.filter((e) => e.seen);
  let failures = 0;
  let runs = 0;
  for (const e of seen) {
    failures += e.failures;
    runs += e.runs;
  }
  const rate = (1 + failures) / (2 + runs);
  for (const e of evidence) {
    if (e.seen) continue;
    e.covered = false;
    if (seen.length > 0 && e.cell !== UNKNOWN_CELL) {
      e.chance = binomialAtMost(e.runs + 1, rate, e.episodes);
      e.clean = e.chance <= CLEAN_CHANCE;
    }
  }
  return { cells: seen.map((e) => e.cell).sort(), evidence };
}
function plural(n, one) {
  return `${n} ${one}${n === 1 ? "" : "s"}`;
}
function listed(cells) {
  const shown = cells.slice(0, 5).map((e) => `${e.cell}: ${e.episodes === 0 ? "no failure" : plural(e.episodes, "failure episode")} in ${plural(e.runs, "run")}`);
  return `${shown.join("; ")}${cells.length > shown.length ? `, ${cells.length - shown.length} more` : ""}`;
}
function cellsPhrase(verdict) {
  if (!verdict.cells) return "";
  const out = verdict.evidence.filter((e) => !e.covered && e.cell !== UNKNOWN_CELL);
  const clean = out.filter((e) => e.clean === true);
  const open = out.filter((e) => e.clean !== true);
  const parts = [...clean.length > 0 ? [`clean in ${listed(clean)}`] : [], ...open.length > 0 ? [`not shown flaky in ${listed(open)}`] : []];
  const where = verdict.cells.length > 0 ? `only in ${verdict.cells.join("; ")}` : "in no cell yet";
  return `${where} (${parts.join("; ")})`;
}
function withCells(decision, history, override, policy) {
  if (!decision.quarantined) return decision;
  if (override) {
    if (override.action !== "quarantine" || !override.cells) return decision;
    return { ...decision, cells: override.cells, reason: `${decision.reason}; only in ${override.cells.join("; ")}` };
  }
  const verdict = cellVerdict(trustedOnly(history), policy);
  if (!verdict.cells) return decision;
  return { ...decision, cells: verdict.cells, reason: `${cellsPhrase(verdict)}; ${decision.reason}` };
}

// src/policy/hand-close.ts
function decideAfterHandClose(test, previous, closed, now, policy, memo) {
  const after = { ...test, runs: test.runs.filter((r) => r.time > closed.since) };
  const closedIso = new Date(closed.since).toISOString();
  const prior = previous?.quarantined ? { quarantined: false, reason: "", since: closedIso } : previous;
  const decision = decide(after, prior, null, now, policy, memo);
  const what = `issue #${closed.issue} was closed as completed on ${closedIso.slice(0, 10)}`;
  return {
    ...decision,
    reason: decision.quarantined ? `${decision.reason} (runs after ${what})` : `${what}, which lifts the quarantine; since then: ${decision.reason}`
  };
}

// src/pipeline/decide-tests.ts
var DecisionMap = class extends Map {
  changed;
  set(id, decision) {
    this.changed?.add(id);
    return super.set(id, decision);
  }
};
var ByClass = class extends Map {
  changed;
  /** Ids set that are not stored tests (none in applyRun): kept after the stored ones, as a Map would. */
  extra = 0;
  stored;
  inOrder;
  own;
  ofClass;
  constructor(stored, inOrder, own, ofClass) {
    super();
    this.stored = stored;
    this.inOrder = inOrder;
    this.own = own;
    this.ofClass = ofClass;
    Object.defineProperty(this, "size", { get: () => this.stored.size + this.extra });
  }
  get(id) {
    const value = this.own.get(id);
    if (value !== void 0) return value;
    const test = this.stored.get(id);
    return test === void 0 ? void 0 : this.ofClass(test);
  }
  has(id) {
    return this.stored.has(id) || this.own.has(id);
  }
  set(id, value) {
    if (!this.stored.has(id) && !this.own.has(id)) this.extra++;
    this.own.set(id, value);
    this.changed?.add(id);
    return this;
  }
  delete(id) {
    throw new Error(`decisions and scores are not deleted (${id})`);
  }
  clear() {
    throw new Error("decisions and scores are not deleted");
  }
  *entries() {
    const changed = this.changed !== void 0 && this.changed.size > 0 ? this.changed : void 0;
    let k = 0;
    for (const id of this.stored.keys()) {
      yield [id, changed !== void 0 && changed.has(id) ? this.own.get(id) : this.inOrder[k]];
      k++;
    }
    if (this.extra > 0) {
      for (const [id, value] of this.own) if (!this.stored.has(id)) yield [id, value];
    }
  }
  *keys() {
    for (const [id] of this.entries()) yield id;
  }
  *values() {
    for (const [, value] of this.entries()) yield value;
  }
  [Symbol.iterator]() {
    return this.entries();
  }
  forEach(callback, thisArg) {
    for (const [id, value] of this.entries()) callback.call(thisArg, value, id, this);
  }
};
function decideTests(o) {
  const scoresByKey = /* @__PURE__ */ new Map();
  const scoreOf = scoresByRecords(o.history, o.evidence, o.options.scoreTests, scoresByKey);
  const lapsedIds = o.lapsed;
  const memo = createPfsMemo();
  const byRecords = /* @__PURE__ */ new Map();
  const lazy = o.evidence === o.history && o.history instanceof LazyHistory ? o.history : void 0;
  const scoring = o.options.scoreTests !== void 0;
  const own = lazy ? /* @__PURE__ */ new Map() : new DecisionMap();
  const ownScores = /* @__PURE__ */ new Map();
  const inOrder = lazy ? [] : void 0;
  const scoresInOrder = lazy && scoring ? [] : void 0;
  const overrides = o.snapshot.overrides;
  const anyOverride = overrides.size > 0;
  const stats = o.snapshot.stats;
  const closedByHand = o.closedByHand;
  let plainKey;
  let plainDecision;
  let plainScores;
  for (const [id, storedTest] of lazy ? lazy.stored : idsAlone(o.evidence)) {
    const testKey = storedTest && lazy?.recordsKeyOf(storedTest);
    const stored2 = anyOverride ? overrides.get(id) : void 0;
    const override = stored2 && !lapsedIds.has(id) ? stored2.override : null;
    const previous = ruleState(stats.get(id));
    const closed = override || closedByHand === void 0 ? void 0 : closedByHand(id);
    if (plainKey !== void 0 && testKey === plainKey && !override && !closed && previous === void 0) {
      scoresInOrder?.push(plainScores);
      inOrder.push(plainDecision);
      continue;
    }
    const testScores = scoring ? scoreOf(id, testKey) : void 0;
    if (testScores) {
      ownScores.set(id, testScores);
      scoresInOrder?.push(testScores);
    }
    const recordsKey = !override && !closed ? testKey : void 0;
    const key = recordsKey === void 0 ? void 0 : previous ? `${recordsKey}\0${JSON.stringify(previous)}` : recordsKey;
    const known = key === void 0 ? void 0 : byRecords.get(key);
    if (known) {
      own.set(id, known);
      inOrder?.push(known);
      const plain2 = key === testKey && testKey !== void 0;
      plainKey = plain2 ? testKey : void 0;
      plainDecision = plain2 ? known : void 0;
      plainScores = plain2 ? testScores : void 0;
      continue;
    }
    const counted = o.evidence.get(id);
    const test = previous?.quarantined && hasUntrustedRecord(counted) ? trustedOnly(counted) : counted;
    let decision = withCells(
      closed ? decideAfterHandClose(test, previous, closed, o.nowIso, o.options.policy, memo) : decide(test, previous, override, o.nowIso, o.options.policy, memo),
      test,
      override,
      o.options.policy
    );
    if (override) {
      const shown = stats.get(id);
      if (shown?.auto && shown.quarantined === decision.quarantined && typeof shown.since === "string") decision = { ...decision, since: shown.since };
      const auto = withCells(decide(test, previous, null, o.nowIso, o.options.policy, memo), test, null, o.options.policy);
      decision = {
        ...decision,
        auto: {
          quarantined: auto.quarantined,
          reason: auto.reason,
          ...auto.since ? { since: auto.since } : {},
          ...auto.evidenceAfter !== void 0 ? { evidenceAfter: auto.evidenceAfter } : {},
          ...auto.cells ? { cells: auto.cells } : {}
        }
      };
    }
    const pfs2 = override || o.options.policy.rule === "pfs" ? void 0 : pfsPhrase(testScores);
    const final = pfs2 ? { ...decision, reason: `${decision.reason}; ${pfs2}` } : decision;
    own.set(id, final);
    inOrder?.push(final);
    if (key !== void 0) byRecords.set(key, final);
    const plain = key !== void 0 && key === testKey;
    plainKey = plain ? key : void 0;
    plainDecision = plain ? final : void 0;
    plainScores = plain ? testScores : void 0;
  }
  if (!lazy) {
    const decisions2 = own;
    decisions2.changed = /* @__PURE__ */ new Set();
    return { decisions: decisions2, scores: ownScores, lazy, inOrder };
  }
  const stored = lazy.stored;
  const decisions = new ByClass(stored, inOrder, own, (test) => byRecords.get(lazy.recordsKeyOf(test)));
  decisions.changed = /* @__PURE__ */ new Set();
  const scores = scoresInOrder ? new ByClass(stored, scoresInOrder, ownScores, (test) => scoresByKey.get(lazy.recordsKeyOf(test))) : ownScores;
  return { decisions, scores, lazy, inOrder };
}
function* idsAlone(history) {
  for (const id of history.keys()) yield [id, void 0];
}
function scoresByRecords(history, evidence, scoreTests, byKey) {
  if (!scoreTests) return () => void 0;
  if (evidence !== history || !(history instanceof LazyHistory)) {
    const all = scoreTests(evidence);
    return (id) => all.get(id);
  }
  return (id, key = history.recordsKey(id)) => {
    let scores = byKey.get(key);
    if (!scores) {
      scores = scoreTests(/* @__PURE__ */ new Map([[id, history.get(id)]])).get(id);
      byKey.set(key, scores);
    }
    return scores;
  };
}

// src/pipeline/apply.ts
function compactEveryFor(tests) {
  return Math.max(5, Math.min(100, Math.floor(1e6 / Math.max(1, tests))));
}
var DEFAULT_APPLY_OPTIONS = { retention: DEFAULT_RETENTION, policy: DEFAULT_POLICY };
function evidenceOf(history, runs) {
  return anyUntrusted(runs) ? trustedEvidence(history) : history;
}
function withUntrustedCell(run, runs) {
  if (run.cell === void 0) return run;
  const trusted = /* @__PURE__ */ new Set();
  for (const row of runs.values()) if (!row.untrusted && row.cell !== void 0) trusted.add(row.cell);
  const cell = untrustedCell(run.cell, trusted);
  if (cell === run.cell) return run;
  const { cell: _claimed, ...rest } = run;
  return rest;
}
function failedThroughout(t) {
  let ran = false;
  for (const a of t.attempts) {
    if (a.status === "skipped") continue;
    if (a.status === "passed") return false;
    ran = true;
  }
  return ran;
}
function testSeconds(tests) {
  let sum = 0;
  for (const t of tests) for (const a of t.attempts) if (a.durationSec !== void 0 && Number.isFinite(a.durationSec) && a.durationSec > 0) sum += a.durationSec;
  return Math.round(sum * 100) / 100;
}
function branchOfRef(ref) {
  if (!ref) return void 0;
  const name = ref.startsWith("refs/heads/") ? ref.slice("refs/heads/".length) : ref.replace(/^refs\//, "");
  return name === "" ? void 0 : boundedBranch(name);
}
function runFigures(run, tests, rerun) {
  const branch = branchOfRef(run.ref);
  const figures = { ...branch !== void 0 ? { branch } : {}, testSec: rerun?.reportSec ?? testSeconds(tests) };
  if (rerun) {
    const failedAfter = tests.filter(finalAttemptFailed).length;
    figures.failedBeforeReruns = rerun.failedBeforeReruns;
    figures.passedOnRerun = Math.max(0, rerun.failedBeforeReruns - failedAfter);
    if (rerun.rerunSec !== void 0) figures.rerunSec = Math.round(rerun.rerunSec * 10) / 10;
  }
  return figures;
}
function acrossAttempts(figures, previous, sha) {
  const before = previous?.figures;
  if (!previous) return figures;
  const out = { ...figures };
  if (before?.rerunSec !== void 0) out.rerunSec = Math.round((before.rerunSec + (figures.rerunSec ?? 0)) * 10) / 10;
  const byHand = previous.jobSucceeded === false && previous.sha === sha;
  const hand = (before?.handReruns ?? 0) + (byHand ? 1 : 0);
  if (hand > 0) {
    out.handReruns = hand;
    out.handRerunSec = Math.round(((before?.handRerunSec ?? 0) + (byHand ? figures.testSec ?? 0 : 0)) * 100) / 100;
  }
  return out;
}
function applyRun(given, options = DEFAULT_APPLY_OPTIONS) {
  const carried = carryIds(given.snapshot, idMoves(given.reports.tests));
  const input = carried.snapshot === given.snapshot ? given : { ...given, snapshot: carried.snapshot };
  const { reports, now } = input;
  const timed = checkTimes(input.run, input.snapshot.runs, input.snapshot.history, now, options.retention);
  const run = input.untrusted ? withUntrustedCell(timed.run, input.snapshot.runs) : timed.run;
  const checked = timed.runs === input.snapshot.runs && timed.history === input.snapshot.history ? input.snapshot : { ...input.snapshot, runs: timed.runs, history: timed.history };
  const edited = applyHandEdits(checked, now, options.policy, (id) => statsFileOf(input.snapshot, id));
  const snapshot = edited.snapshot;
  const nowIso = new Date(now).toISOString();
  const before = quarantineBefore(snapshot, now);
  const orderDependent = orderVerdicts(input, snapshot, run, options);
  const consistent = orderDependent.size > 0 ? new Map([...input.rerun?.consistent ?? [], ...orderDependent]) : input.rerun?.consistent;
  const judged = judgeFailures(snapshot, before, reports.tests, run.sha, run.cell !== void 0 ? { ...options, cell: run.cell } : options, consistent);
  let outcome = withDamage(
    snapshot,
    decideOutcome({
      tests: reports.tests,
      problems: reports.problems,
      filesMatched: input.filesMatched,
      ...input.unmatched !== void 0 ? { unmatched: input.unmatched } : {},
      testOutcome: input.testOutcome,
      quarantined: before.quarantined,
      unforgiven: judged.unforgiven,
      outages: judged.failingOutages,
      ...orderDependent.size > 0 ? { orderDependent } : {},
      ...input.rerun ? { consistent, newFlaky: { ids: input.rerun.newFlaky, block: input.rerun.newTestsBlock }, failedBeforeReruns: input.rerun.failedBeforeReruns } : {}
    })
  );
  const outageMessages = [...new Set(judged.outages.map((o) => o.message))];
  const jobSucceeded = input.jobSucceeded ?? outcome.result === "success";
  const recorded = input.untrusted ? boundedUntrustedTests(untrustedTestsToRecord(reports.tests, snapshot.history, run.runId).kept) : reports.tests;
  const alreadyIngested = new Set(Object.keys(snapshot.meta.ingested));
  const ingesting = !alreadyIngested.has(ingestionKey(run));
  const runs = new Map(snapshot.runs);
  let newRow;
  if (ingesting) {
    const previous = runs.get(run.key);
    const outages = [.../* @__PURE__ */ new Set([...previous?.outages ?? [], ...outageMessages])];
    newRow = {
      seq: previous?.seq ?? nextSeq(runs),
      sha: run.sha,
      time: previous?.time ?? run.time,
      onDefaultBranch: run.onDefaultBranch,
      jobSucceeded,
      ...run.url ? { url: run.url } : {},
      ...outages.length > 0 ? { outages } : {},
      ...input.untrusted || previous?.untrusted ? { untrusted: true } : {},
      ...(run.cell ?? previous?.cell) !== void 0 ? { cell: run.cell ?? previous.cell } : {},
      figures: acrossAttempts(runFigures(run, reports.tests, input.rerun), previous, run.sha)
    };
  }
  const stored = snapshot.history instanceof LazyHistory && !input.untrusted && ![...snapshot.runs.values()].some((r) => r.untrusted) && (!ingesting || canMergeStored(snapshot.history.rows, run)) ? snapshot.history : void 0;
  const viaStored = stored && ingesting ? mergeStored(stored, recorded, run, newRow, { retention: options.retention, retentionNow: timed.retentionNow, normalise: options.normalise ?? ((m) => m.trim()) }) : void 0;
  const merged = viaStored ? { history: viaStored, ingested: true } : stored && !ingesting ? { history: stored, ingested: false } : mergeRun(snapshot.history, recorded, run, alreadyIngested, {
    ...input.untrusted ? { untrusted: true } : {},
    ...!input.untrusted && runs.has(untrustedRunKey(run.runId)) ? { replaces: untrustedRunKey(run.runId) } : {},
    jobSucceeded,
    retention: options.retention,
    retentionNow: timed.retentionNow,
    normalise: options.normalise,
    outages: outageMessages
  });
  const history = merged.history;
  if (merged.ingested) runs.set(run.key, newRow);
  const evidence = evidenceOf(history, runs);
  const { decisions, scores, lazy, inOrder } = decideTests({ history, evidence, snapshot, lapsed: before.expired, closedByHand: input.closedByHand, nowIso, options });
  for (const [id, sentence] of orderDependent) {
    const decision = decisions.get(id);
    if (!decision || decision.override) continue;
    const newest = history.get(id)?.runs.reduce((t, r) => Math.max(t, r.time), run.time) ?? run.time;
    const previous = ruleState(snapshot.stats.get(id));
    const began = previous?.quarantined && previous.since ? Date.parse(previous.since) : NaN;
    const streakFrom = streakStart(history.get(id), run.key) ?? run.time;
    if (Number.isFinite(began) && began < streakFrom) continue;
    const stays = previous !== void 0 && !previous.quarantined && previous.reason.startsWith(ORDER_REASON) && previous.since;
    decisions.set(id, { quarantined: false, reason: `${ORDER_REASON}${sentence}`, since: stays || nowIso, evidence: decision.evidence, evidenceAfter: newest });
  }
  const candidates = input.rerun?.failedInRun;
  if (candidates) {
    for (const t of reports.tests) {
      const id = t.id;
      if (!candidates.has(id) && !failedThroughout(t)) continue;
      const decision = decisions.get(id);
      if (!decision?.quarantined || decision.override || orderDependent.has(id) || before.quarantined.has(id) || input.closedByHand?.(id)) continue;
      const counted = evidence.get(id);
      if (!counted) continue;
      const { history: earlier, streak } = beforeStreak(counted);
      if (streak === 0) continue;
      const without = decide(earlier, ruleState(snapshot.stats.get(id)), null, nowIso, options.policy);
      if (without.quarantined) continue;
      decisions.set(id, { ...without, reason: `${without.reason}; ${heldSentence(streak)}`, evidence: decision.evidence });
    }
  }
  if (input.fixes || [...snapshot.stats.values()].some((l) => l.fix !== void 0)) {
    applyFixes({ decisions, recorded: (id) => snapshot.stats.get(id)?.fix, history, fixes: input.fixes, runKey: run.key, runTime: run.time, nowIso, policy: options.policy });
  }
  let ruleEffects;
  const rules = options.policy.quarantine;
  if (rulesActive(rules) && options.ownersOf) {
    const find = options.ownersOf;
    const owners = /* @__PURE__ */ new Map();
    const ownersOf = (id) => {
      let found = owners.get(id);
      if (found === void 0) {
        const test = history.get(id);
        owners.set(id, found = test ? find(test) : []);
      }
      return found;
    };
    const applied = applyQuarantineRules({
      rules,
      decisions,
      previous: (id) => ruleState(snapshot.stats.get(id)),
      before: before.quarantined,
      ownersOf,
      now,
      releaseAfterCleanRuns: options.policy.releaseAfterCleanRuns
    });
    for (const [id, decision] of applied.changed) decisions.set(id, decision);
    ruleEffects = applied.effects;
    const blocked = withRuleBlocks(outcome, applied.effects);
    if (blocked !== outcome) {
      outcome = blocked;
      const row = merged.ingested ? runs.get(run.key) : void 0;
      if (row && input.jobSucceeded === void 0 && row.jobSucceeded && outcome.result === "failure") runs.set(run.key, { ...row, jobSucceeded: false });
    }
  }
  if (lazy) lazy.dropCaches();
  const quarantined = [];
  for (const [id, d] of decisions) if (d.quarantined && !inBrokenShard(snapshot, id)) quarantined.push(id);
  quarantined.sort();
  const newlyQuarantined = quarantined.filter((id) => !before.quarantined.has(id));
  const after = new Set(quarantined);
  const released = [...before.quarantined].filter((id) => !after.has(id) && history.has(id)).sort();
  const problems = [...snapshot.problems];
  for (const [id, stored2] of snapshot.overrides) {
    if (!history.has(id)) {
      problems.push({ file: stored2.file, line: stored2.line, message: `override for unknown test '${id}': no test with this id is in the history (kept; it applies once the test runs)` });
    }
  }
  const shards = snapshot.brokenStats.size > 0 ? snapshot.meta.shards : shardCountFor(history.size);
  const writes = snapshot.meta.writes + (merged.ingested ? 1 : 0);
  const compact = merged.ingested && writes >= (options.compactEvery ?? compactEveryFor(history.size));
  const files = renderFiles(
    snapshot,
    shards,
    compact ? 0 : writes,
    history,
    runs,
    decisions,
    scores,
    merged.ingested ? ingestionKey(run) : void 0,
    // The retention this write's merge applied; without a merge, the history is as read, trimmed with the window read.
    merged.ingested ? void 0 : snapshot.meta.window,
    now,
    timed.retentionNow,
    options.retention,
    before.expired,
    edited.kept,
    inOrder && decisions.changed ? { decisions: inOrder, changed: decisions.changed } : void 0,
    options.costPerMinute ?? snapshot.meta.costPerMinute
  );
  const timeline = updateDecisionLog({
    previous: snapshot.decisions,
    stats: snapshot.stats,
    decisions,
    tests: history,
    skip: (id) => inBrokenShard(snapshot, id),
    lapsed: before.expired,
    edits: edited.edits,
    closedByHand: input.closedByHand,
    issueOf: input.issueOf,
    ...ruleEffects ? { rules: ruleEffects } : {},
    run: runs.get(run.key)?.seq,
    at: nowIso
  });
  if (timeline.text !== void 0) files.set(DECISIONS_FILE, timeline.text);
  problems.push(...timeline.problems);
  return {
    outcome,
    ingested: merged.ingested,
    quarantined,
    newlyQuarantined,
    released,
    decisions,
    history,
    files,
    shards,
    scores,
    compact,
    problems,
    lapsed: before.lapsed,
    outages: judged.outages,
    brokenStats: [...snapshot.brokenStats.keys()].sort(),
    handEdits: edited.edits,
    rule: options.policy.rule,
    clockNotes: timed.notes,
    runs,
    orderDependent,
    ...ruleEffects ? { ruleEffects } : {}
  };
}
function orderVerdicts(input, snapshot, run, options) {
  const out = /* @__PURE__ */ new Map();
  if (!input.rerun || input.untrusted) return out;
  const normalise = options.normalise ?? ((m) => m.trim());
  const inOutage = new Set(findOutages(input.reports.tests, normalise, options.policy).flatMap((o) => o.tests));
  const given = input.rerun.orderDependent;
  if (given && given.size > 0) {
    for (const t of input.reports.tests) if (given.has(t.id) && !inOutage.has(t.id)) out.set(t.id, given.get(t.id));
  }
  const cleared = input.rerun.orderCleared;
  const suspects = input.rerun.orderSuspects ?? orderDependence({
    history: snapshot.history,
    tests: input.reports.tests,
    runKey: run.key,
    sha: run.sha,
    skip: (id) => inOutage.has(id) || out.has(id) || input.rerun.consistent.has(id) || input.rerun.failedInRun !== void 0 && !input.rerun.failedInRun.has(id),
    window: options.policy.window
  });
  const present = new Set(input.reports.tests.map((t) => t.id));
  for (const [id, sentence] of suspects) {
    if (cleared?.has(id) || out.has(id) || inOutage.has(id) || !present.has(id)) continue;
    out.set(id, sentence);
  }
  return out;
}

// src/store/parcel.ts
var PARCEL_KIND = "flakeguard-parcel";
var PARCEL_SCHEMA = 1;
var MAX_ENTRIES = 1024;
function renderParcel(entries) {
  return `${JSON.stringify({
    kind: PARCEL_KIND,
    schema: PARCEL_SCHEMA,
    entries: entries.map((e) => ({ kind: RESULTS_KIND, schema: RESULTS_SCHEMA, run: e.run, tests: e.tests, jobSucceeded: e.jobSucceeded, ...e.untrusted ? { untrusted: true } : {} }))
  })}
`;
}
var ParcelError = class extends Error {
};
var ParcelSchemaError = class extends ParcelError {
};
function parseParcel(text2) {
  let raw;
  try {
    raw = JSON.parse(text2);
  } catch (error2) {
    throw new ParcelError(`not valid JSON: ${error2 instanceof Error ? error2.message : String(error2)}`);
  }
  const r = raw;
  if (typeof raw !== "object" || raw === null || r.kind !== PARCEL_KIND) throw new ParcelError("not a flakeguard parcel");
  if (typeof r.schema === "number" && Number.isInteger(r.schema) && r.schema > PARCEL_SCHEMA) {
    throw new ParcelSchemaError(`parcel schema ${r.schema} is newer than this version reads (${PARCEL_SCHEMA}): left for a newer flakeguard`);
  }
  if (r.schema !== PARCEL_SCHEMA) throw new ParcelError(`unsupported parcel schema ${JSON.stringify(r.schema ?? null).slice(0, 20)}`);
  if (!Array.isArray(r.entries) || r.entries.length === 0 || r.entries.length > MAX_ENTRIES) throw new ParcelError(`entries must be an array of 1 to ${MAX_ENTRIES} results`);
  return r.entries.map((value, i) => {
    const e = value;
    try {
      const { run, tests } = parseResultsValue(value);
      if (typeof e.jobSucceeded !== "boolean") throw new ResultsFileError("jobSucceeded must be true or false");
      return { run, tests, jobSucceeded: e.jobSucceeded, ...e.untrusted === true ? { untrusted: true } : {} };
    } catch (error2) {
      throw new ParcelError(`entries[${i}]: ${error2 instanceof Error ? error2.message : String(error2)}`);
    }
  });
}
function parcelName(run, entries, now) {
  const safe = `${run.runId}-${run.job}`.replace(/[^A-Za-z0-9_-]/g, "-").replace(/-+/g, "-").slice(0, 80);
  const keys = entries.map((e) => `${e.run.key}#${e.run.runAttempt}`).sort().join("\n");
  return `${String(Math.max(0, Math.trunc(now))).padStart(14, "0")}-${safe}-a${run.runAttempt}-${createHash2("sha256").update(keys).digest("hex").slice(0, 10)}`;
}
var SEAL_HEADER = "flakeguard-parcel-seal 1 hmac-sha256";
function sealDigest(scope, name, text2) {
  const derived = createHmac("sha256", scope.key).update(`flakeguard inbox seal 1
${scope.repository}
${scope.branch}`).digest();
  return createHmac("sha256", derived).update(`${name}
`).update(text2, "utf8").digest();
}
function sealParcel(scope, name, text2) {
  return `${SEAL_HEADER} ${sealDigest(scope, name, text2).toString("hex")}
`;
}
function sealProblem(scope, name, text2, seal) {
  if (seal === void 0) return "it carries no seal, and inbox-key is set: only a step that knows the key writes parcels";
  const match = new RegExp(`^${SEAL_HEADER} ([0-9a-f]{64})\\n?$`).exec(seal);
  if (!match) return "its seal is not in the form this version reads";
  const expected = sealDigest(scope, name, text2);
  if (!timingSafeEqual(Buffer.from(match[1], "hex"), expected)) return "its seal does not match: not written by a step that knows this inbox-key, or changed since";
  return null;
}

// src/pipeline/fold.ts
function foldParcels(snapshot, parcels, options, now, note) {
  let current = snapshot;
  const folded = [];
  const refused = [];
  for (const parcel of parcels) {
    let entries;
    try {
      entries = parcel.entries ?? parseParcel(parcel.text);
    } catch (error2) {
      refused.push({ ref: parcel.ref, reason: error2 instanceof ParcelError ? error2.message : String(error2) });
      continue;
    }
    const tooMany = parcel.jobs ? beyondRealJobs(entries, parcel.jobs, current) : void 0;
    if (tooMany) {
      refused.push({ ref: parcel.ref, reason: tooMany });
      continue;
    }
    for (const entry of [...entries].sort((a, b) => a.run.time - b.run.time || a.run.runAttempt - b.run.runAttempt)) {
      const result = applyRun(
        {
          snapshot: current,
          reports: { tests: entry.tests, problems: [], filesRead: 1 },
          filesMatched: 1,
          testOutcome: entry.jobSucceeded ? "success" : "failure",
          run: entry.run,
          now,
          jobSucceeded: entry.jobSucceeded,
          ...entry.untrusted ? { untrusted: true } : {}
        },
        options
      );
      for (const message of result.clockNotes) note?.(`Parked run ${parcel.ref.replace(/^refs\/heads\//, "")}: ${message}`);
      if (result.ingested) current = parseSnapshot(result.files, current.blocked);
    }
    folded.push({ ref: parcel.ref, sha: parcel.sha });
  }
  return { snapshot: current, folded, refused };
}
function runParcel(run, entries, now, seal) {
  const name = parcelName(run, entries, now);
  const text2 = renderParcel(entries);
  return { name, text: text2, ...seal ? { seal: sealParcel(seal, name, text2) } : {} };
}
var jobOfKey = (key) => key.split("/")[1] ?? "";
function fitsRealJobs(keys, names) {
  const byJob = /* @__PURE__ */ new Map();
  for (const key of keys) byJob.set(jobOfKey(key), (byJob.get(jobOfKey(key)) ?? 0) + 1);
  const jobs = [...byJob.keys()];
  const own = (name, job) => name === job || name.startsWith(`${job} (`);
  const free = names.filter((n) => !jobs.some((j) => own(n, j))).length;
  let excess = 0;
  for (const [job, count] of byJob) excess += Math.max(0, count - names.filter((n) => own(n, job)).length);
  return excess <= free;
}
var plural2 = (n, one) => `${n} ${one}${n === 1 ? "" : "s"}`;
function beyondRealJobs(entries, jobs, snapshot) {
  for (const [runId, names] of Object.entries(jobs)) {
    const keys = /* @__PURE__ */ new Set();
    for (const [key, row] of snapshot.runs) if (!row.untrusted && key.startsWith(`${runId}/`)) keys.add(key);
    for (const e of entries) if (!e.untrusted && e.run.runId === runId) keys.add(e.run.key);
    if (!fitsRealJobs(keys, names)) {
      return `workflow run ${runId} would have ${plural2(keys.size, "run")} on the branch with it, more than its ${plural2(names.length, "job")} (a parcel without inbox-key holds at most one run per real job)`;
    }
  }
  return void 0;
}
var clamp = (time, facts) => {
  const latest = facts.updated ?? time;
  const earliest = facts.started !== void 0 ? Math.min(facts.started - 6e4, latest) : time;
  return Math.min(Math.max(time, earliest), latest);
};
function withRunFacts(entry, facts) {
  const pull = /^pull_request/.test(facts.event) && /^refs\/pull\/\d+\/merge$/.test(entry.run.ref);
  const run = {
    ...entry.run,
    event: facts.event,
    workflow: facts.workflow,
    ref: pull ? entry.run.ref : `refs/heads/${facts.headBranch}`,
    onDefaultBranch: facts.onDefaultBranch && !entry.untrusted,
    time: clamp(entry.run.time, facts),
    ...entry.untrusted ? { key: untrustedRunKey(entry.run.runId), job: "untrusted" } : {}
  };
  return { ...entry, run };
}
async function admitParcel(parcel, provenance) {
  const text2 = parcel.text ?? "";
  const name = parcel.ref.slice(inboxPrefix(provenance.branch).length);
  const sealed = provenance.seal ? sealProblem(provenance.seal, name, text2, parcel.seal) : void 0;
  let entries;
  try {
    entries = parseParcel(text2);
  } catch (error2) {
    const reason = error2 instanceof Error ? error2.message : String(error2);
    if (error2 instanceof ParcelSchemaError) return sealed ? { verdict: "refuse", reason: `${reason}; and ${sealed}` } : { verdict: "leave", reason };
    if (sealed === null) return { verdict: "leave", reason: `${reason}; its seal is valid, so it is left for a person to look at` };
    return { verdict: "refuse", reason: error2 instanceof ParcelError ? reason : `unreadable: ${reason}` };
  }
  if (provenance.seal) return sealed === null ? { verdict: "fold" } : { verdict: "refuse", reason: sealed };
  if (!provenance.lookup || !provenance.jobs) return { verdict: "leave", reason: "its runs cannot be checked: no inbox-key and no token to ask the GitHub API with (docs/data-branch.md)" };
  const rewritten = [];
  const attempts = /* @__PURE__ */ new Map();
  for (const entry of entries) {
    const run = entry.run;
    const facts = await provenance.lookup(run.runId);
    if (facts === "not-found") return { verdict: "refuse", reason: `it names workflow run ${run.runId}, which does not exist in this repository` };
    if ("unknown" in facts) return { verdict: "leave", reason: `workflow run ${run.runId} could not be looked up: ${facts.unknown}` };
    const wrong = [];
    if (facts.headSha !== run.sha) wrong.push(`its commit is ${facts.headSha.slice(0, 12)}, not ${run.sha.slice(0, 12)}`);
    if (run.runAttempt > facts.runAttempt) wrong.push(`it has ${facts.runAttempt} attempt${facts.runAttempt === 1 ? "" : "s"}, not ${run.runAttempt}`);
    if (!entry.untrusted) {
      if (facts.fromFork) wrong.push("it ran a fork's code, yet the parcel calls it trusted");
      if (facts.event !== run.event) wrong.push(`its event is ${facts.event}, not ${run.event}`);
      if (facts.workflow !== run.workflow) wrong.push(`its workflow is '${facts.workflow}', not '${run.workflow}'`);
    }
    if (wrong.length > 0) return { verdict: "refuse", reason: `workflow run ${run.runId} does not match it: ${wrong.join("; ")}` };
    rewritten.push(withRunFacts(entry, facts));
    if (!entry.untrusted) attempts.set(run.runId, (attempts.get(run.runId) ?? /* @__PURE__ */ new Set()).add(run.runAttempt));
  }
  const jobs = {};
  for (const [runId, named] of attempts) {
    let most = [];
    for (const attempt of [...named].sort((a, b) => a - b)) {
      const listed2 = await provenance.jobs(runId, attempt);
      if (listed2 === "not-found") return { verdict: "refuse", reason: `attempt ${attempt} of workflow run ${runId} lists no jobs` };
      if (!Array.isArray(listed2)) return { verdict: "leave", reason: `the jobs of workflow run ${runId} could not be looked up: ${listed2.unknown}` };
      if (listed2.length > most.length) most = listed2;
    }
    jobs[runId] = most;
    const keys = new Set(rewritten.filter((e) => !e.untrusted && e.run.runId === runId).map((e) => e.run.key));
    if (!fitsRealJobs(keys, most)) {
      return {
        verdict: "refuse",
        reason: `workflow run ${runId} does not match it: it has ${plural2(keys.size, "job")}, and the run had ${plural2(most.length, "job")} in attempt ${[...named].join(", ")} (${most.slice(0, 5).map((n) => JSON.stringify(n)).join(", ")}${most.length > 5 ? ", \u2026" : ""})`
      };
    }
  }
  return { verdict: "fold", entries: rewritten, jobs };
}

// src/clusters/from-history.ts
function profileOf(test, seqOf) {
  let runs;
  let keys;
  for (const r of test.runs) {
    if (r.outage || r.untrusted) continue;
    if (r.attempts.indexOf("F") < 0 && r.attempts.indexOf("E") < 0) continue;
    const seq = seqOf(r.run);
    if (seq === void 0) continue;
    (runs ??= []).push(seq);
    const key = failureKey(r.message);
    if (key !== void 0) (keys ??= /* @__PURE__ */ new Map()).set(seq, key);
  }
  if (!runs) return void 0;
  runs.sort((a, b) => a - b);
  const unique = runs.filter((s, i) => i === 0 || runs[i - 1] !== s);
  return { id: test.id, runs: unique, ...keys ? { keys } : {} };
}
function storedProfileOf(id, s, keyOf, seqOf) {
  let runs;
  let keys;
  let seq = s.from;
  let sorted = true;
  for (const { a, n } of s.segments) {
    if (a === "" || a.indexOf("F") < 0 && a.indexOf("E") < 0) {
      seq += n;
      continue;
    }
    for (let end = seq + n; seq < end; seq++) {
      const joined = keyOf.get(seq);
      if (joined === void 0) return null;
      const row = joined[1];
      if (row.untrusted) continue;
      const message = s.m?.[seq];
      const key = failureKey(message);
      if (key !== void 0 && row.outages !== void 0 && row.outages.includes(key)) continue;
      const at = seqOf(joined[0]);
      if (at === void 0) continue;
      if (runs && runs[runs.length - 1] >= at) sorted = false;
      (runs ??= []).push(at);
      if (key !== void 0) (keys ??= /* @__PURE__ */ new Map()).set(at, key);
    }
  }
  if (!runs) return void 0;
  if (!sorted) {
    runs.sort((a, b) => a - b);
    runs = runs.filter((s2, i) => i === 0 || runs[i - 1] !== s2);
  }
  return { id, runs, ...keys ? { keys } : {} };
}
function* failureProfiles(history, runs) {
  const seqOf = (run) => runs.get(run)?.seq;
  if (history instanceof LazyHistory) {
    const keyOf = /* @__PURE__ */ new Map();
    for (const entry of history.rows) keyOf.set(entry[1].seq, entry);
    for (const [id, stored] of history.stored) {
      if (neverFailed(stored.segments)) continue;
      const p = storedProfileOf(id, stored, keyOf, seqOf);
      if (p !== null) {
        if (p) yield p;
        continue;
      }
      const test = history.get(id);
      const q = test && profileOf(test, seqOf);
      if (q) yield q;
    }
    return;
  }
  for (const test of history.values()) {
    const p = profileOf(test, seqOf);
    if (p) yield p;
  }
}
function clustersAfter(history, runs, before, options = DEFAULT_CLUSTER_OPTIONS) {
  const found = findClusters(failureProfiles(history, runs), options);
  return { clusters: assignIds(found.clusters, before), found };
}
function clustersFileAfter(before, history, runs) {
  const read = parseClusters(before);
  const update = clustersAfter(history, runs, read.clusters);
  return { text: renderClusters(update.clusters), update, ...read.problem !== void 0 ? { problem: read.problem } : {} };
}

// src/pipeline/clusters-file.ts
function clusterFiles(current, applied, warn) {
  const after = clustersFileAfter(current.get(CLUSTERS_FILE), applied.history, applied.runs);
  const before = current.get(CLUSTERS_FILE);
  if (before === void 0 && after.update.clusters.clusters.length === 0) return /* @__PURE__ */ new Map();
  if (after.problem !== void 0) warn(`${CLUSTERS_FILE} on the data branch: ${after.problem}; its clusters are found again (it decides nothing).`);
  return /* @__PURE__ */ new Map([[CLUSTERS_FILE, after.text]]);
}

// src/diagnose/kept.ts
function keptDiagnosesFile(current) {
  const text2 = current.get(DIAGNOSES_FILE);
  return text2 === void 0 ? /* @__PURE__ */ new Map() : /* @__PURE__ */ new Map([[DIAGNOSES_FILE, text2]]);
}

// src/github/runs.ts
var MAX_ATTEMPT_JOBS = 1e3;
function sealScope(inputs, ctx) {
  return inputs.inboxKey ? { key: inputs.inboxKey, repository: ctx.repository, branch: inputs.dataBranch } : void 0;
}
function inboxProvenance(inputs, ctx) {
  const seal = sealScope(inputs, ctx);
  if (seal) return { seal, branch: inputs.dataBranch };
  if (!inputs.token) return { branch: inputs.dataBranch };
  const client = lazyClient(inputs.token, ctx.apiUrl);
  return { lookup: workflowRunLookup(client, ctx), jobs: attemptJobsLookup(client, ctx), branch: inputs.dataBranch };
}
function lazyClient(token, apiUrl) {
  let client;
  return () => client ??= createClient(token, apiUrl);
}
function once(ask) {
  const seen = /* @__PURE__ */ new Map();
  return (key) => {
    let known = seen.get(key);
    if (!known) seen.set(key, known = ask(key));
    return known;
  };
}
function failed(error2) {
  const failure = describeApiError(error2);
  if (failure.status === 404 && !/not accessible/i.test(failure.message)) return "not-found";
  return { unknown: `${failure.message}${failure.denied ? " (the token needs actions: read)" : ""}` };
}
function workflowRunLookup(client, ctx) {
  return once(async (runId) => {
    if (!/^[1-9]\d{0,19}$/.test(runId)) return "not-found";
    try {
      const { data } = await (await client()).rest.actions.getWorkflowRun({ owner: ctx.owner, repo: ctx.repo, run_id: Number(runId), ...requestOptions() });
      const own = data.repository.id;
      const fromFork = !data.head_repository || data.head_repository.id !== own;
      const headBranch = data.head_branch ?? "";
      const started = Date.parse(data.run_started_at ?? data.created_at);
      const updated = Date.parse(data.updated_at);
      return {
        headSha: data.head_sha,
        event: data.event,
        runAttempt: data.run_attempt ?? 1,
        workflow: data.name ?? "",
        fromFork,
        headBranch,
        // As the step itself reads it (isOnDefaultBranch): not a pull request, on the default branch, and this repository's.
        onDefaultBranch: !fromFork && !/^pull_request/.test(data.event) && headBranch === ctx.defaultBranch,
        ...Number.isFinite(started) ? { started } : {},
        ...Number.isFinite(updated) ? { updated } : {}
      };
    } catch (error2) {
      return failed(error2);
    }
  });
}
function attemptJobsLookup(client, ctx) {
  const ask = once(async (key) => {
    const [runId, attempt] = key.split("#");
    if (!/^[1-9]\d{0,19}$/.test(runId)) return "not-found";
    try {
      const octokit = await client();
      const names = [];
      for await (const page of octokit.paginate.iterator(octokit.rest.actions.listJobsForWorkflowRunAttempt, {
        owner: ctx.owner,
        repo: ctx.repo,
        run_id: Number(runId),
        attempt_number: Number(attempt),
        per_page: 100,
        ...requestOptions()
      })) {
        for (const job of page.data) names.push(job.name);
        if (names.length >= MAX_ATTEMPT_JOBS) break;
      }
      return names.slice(0, MAX_ATTEMPT_JOBS);
    } catch (error2) {
      return failed(error2);
    }
  });
  return (runId, attempt) => ask(`${runId}#${attempt}`);
}

// src/dashboard/branch-files.ts

// src/dashboard/marker.generated.ts
var DASHBOARD_MARKER = "flakeguard 0.8.1 page 2e24eb714b93";

// src/dashboard/branch-files.ts
function isCurrentPage(html) {
  return html !== void 0 && html.slice(0, 4096).includes(`<meta name="flakeguard-dashboard" content="${DASHBOARD_MARKER}">`);
}
async function readCodeownersText(workspace) {
  for (const location of CODEOWNERS_LOCATIONS) {
    const info2 = await stat(join3(workspace, location)).catch(() => void 0);
    if (!info2?.isFile()) continue;
    return info2.size < CODEOWNERS_MAX_BYTES ? readFile(join3(workspace, location), "utf8") : void 0;
  }
  return void 0;
}
async function dashboardFiles(current, owners = {}) {
  const existing = current.get(PAGE_FILE);
  const html = isCurrentPage(existing) ? existing : (await import("./dashboard-page.generated.js")).DASHBOARD_HTML;
  const files = /* @__PURE__ */ new Map([
    [PAGE_FILE, html],
    [NOJEKYLL_FILE, current.get(NOJEKYLL_FILE) ?? ""]
  ]);
  const codeowners = (owners.workspace ? await readCodeownersText(owners.workspace) : void 0) ?? current.get(OWNERS_FILE);
  if (codeowners !== void 0) files.set(OWNERS_FILE, codeowners);
  const classMap = owners.classMap?.trim() ? owners.classMap : current.get(CLASS_MAP_FILE);
  if (classMap !== void 0) files.set(CLASS_MAP_FILE, classMap);
  return files;
}

// src/report/badge.ts
var BADGE_LABEL = "flaky tests";
var RISING_DAYS = 7;
var SAVED_DAYS = 30;
var COLORS = ["brightgreen", "yellow", "orange", "red"];
function badgeLevel({ quarantined, recent }) {
  if (quarantined <= 0) return 0;
  const byCount = quarantined < 3 ? 1 : quarantined < 10 ? 2 : 3;
  return Math.min(3, byCount + (recent > 0 ? 1 : 0));
}
function badge(counts) {
  const { quarantined, recent } = counts;
  const saved = counts.savedRuns ?? 0;
  const message = (quarantined <= 0 ? "none quarantined" : `${quarantined} quarantined${recent > 0 ? `, ${recent} new in ${RISING_DAYS} days` : ""}`) + (saved > 0 ? `, ${saved} run${saved === 1 ? "" : "s"} saved in ${SAVED_DAYS} days` : "");
  return { schemaVersion: 1, label: BADGE_LABEL, message, color: COLORS[badgeLevel(counts)] };
}
function badgeCounts(applied, now) {
  const from = now - RISING_DAYS * 864e5;
  let recent = 0;
  for (const id of applied.quarantined) {
    const since = Date.parse(applied.decisions.get(id)?.since ?? "");
    if (since >= from) recent++;
  }
  const savedFrom = now - SAVED_DAYS * 864e5;
  let savedRuns = 0;
  for (const row of applied.runs?.values() ?? []) if (row.jobSucceeded === true && (row.figures?.passedOnRerun ?? 0) > 0 && row.time >= savedFrom) savedRuns++;
  return { quarantined: applied.quarantined.length, recent, ...savedRuns > 0 ? { savedRuns } : {} };
}
function badgeText(counts) {
  return `${JSON.stringify(badge(counts))}
`;
}

export {
  statsScores,
  rulesActive,
  testSeconds,
  applyRun,
  renderResultsFile,
  writeResultsFile,
  ResultsFileError,
  parseResultsFile,
  foldParcels,
  runParcel,
  admitParcel,
  clusterFiles,
  keptDiagnosesFile,
  readReports,
  runContextFor,
  clockWarner,
  inboxProvenance,
  dashboardFiles,
  badgeCounts,
  badgeText,
  renderJobKey,
  splitTestId,
  canonicalJobKey,
  shardLabel
};
