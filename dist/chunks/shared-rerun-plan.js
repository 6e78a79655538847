import {
  IMPLAUSIBLE,
  consistentSentence,
  failureCounts,
  nextStep,
  normalizeErrorMessage,
  rerunChance,
  rerunsNeeded
} from "./shared-rerun-stopping.js";
import {
  isFailure,
  runnerTitle
} from "./shared-model.js";

// src/rerun/signature.ts
var ANSI = /\u001b\[[0-9;?]*[A-Za-z]/g;
var SIGNATURE_CHARS = 500;
function failureText(a) {
  const message = a.message?.trim();
  if (message) return message;
  const line = a.details?.split(/\r?\n/).map((l) => l.trim()).find((l) => l !== "");
  return line === void 0 || line === "" ? void 0 : line;
}
function failureSignature(a) {
  const raw = failureText(a);
  if (raw === void 0) return void 0;
  const text = normalizeErrorMessage(raw.replace(ANSI, "")).replace(/\d+/g, "#").slice(0, SIGNATURE_CHARS);
  if (text === "") return void 0;
  const type = a.type?.trim();
  return type ? { text, type: type.toLowerCase() } : { text };
}
function same(a, b) {
  return a.text === b.text && (a.type === void 0 || b.type === void 0 || a.type === b.type);
}
function unreproduced(run, reruns) {
  const runFailures = run.filter((a) => isFailure(a.status));
  const rerunFailures = reruns.filter((a) => isFailure(a.status));
  const runSignatures = runFailures.map(failureSignature).filter((s) => s !== void 0);
  const rerunSigned = rerunFailures.map((a) => ({ a, s: failureSignature(a) })).filter((x) => x.s !== void 0);
  if (runSignatures.length === 0 || rerunSigned.length === 0) return void 0;
  if (rerunSigned.some((x) => runSignatures.some((r) => same(r, x.s)))) return void 0;
  const lastRun = [...runFailures].reverse().find((a) => failureText(a) !== void 0);
  return { run: failureText(lastRun), rerun: failureText(rerunSigned[rerunSigned.length - 1].a), failed: rerunFailures.length };
}

// src/rerun/plan.ts
var EXTEND_FACTOR = 2;
function startRerun(input) {
  const byId = new Map(input.tests.map((t) => [t.id, t]));
  const cases = [];
  const make = (test, kind, extra) => {
    const historyId = input.historyId(test.id);
    return {
      test,
      historyId,
      kind,
      extraRuns: extra?.runs ?? 0,
      ...extra ? { pool: extra.pool } : {},
      isNew: input.newTests.has(test.id),
      counts: failureCounts(input.history.get(historyId), input.window),
      maxReruns: input.rule.maxReruns,
      reruns: [],
      asked: 0,
      rounds: 0
    };
  };
  for (const t of input.failed) cases.push(make(t, "failed"));
  const failedIds = new Set(input.failed.map((t) => t.id));
  for (const e of input.extras) {
    const t = byId.get(e.id);
    if (t && !failedIds.has(e.id) && e.runs > 0) cases.push(make(t, "extra", e));
  }
  const threshold = (input.rule.threshold ?? IMPLAUSIBLE) / Math.max(1, input.failed.length);
  const ceiling = input.rule.extendedMax ?? EXTEND_FACTOR * input.rule.maxReruns;
  for (const c of cases) {
    if (c.kind !== "failed") continue;
    if (input.forgivable?.has(c.test.id)) {
      const needed = rerunsNeeded(c.counts, threshold, ceiling);
      if (needed !== void 0) c.maxReruns = Math.max(c.maxReruns, needed);
    } else if (input.unforgivable?.has(c.test.id)) {
      c.maxReruns = Math.max(c.maxReruns, ceiling);
    }
  }
  return { cases, rule: { ...input.rule, threshold }, rounds: [] };
}
function roundCases(state) {
  if (state.stopped !== void 0) return [];
  return state.cases.filter((c) => c.verdict === void 0 && (c.kind === "failed" || c.rounds < c.extraRuns));
}
function rerunTestOf(test) {
  return {
    id: test.id,
    classname: test.classname,
    name: runnerTitle(test),
    ...test.file !== void 0 ? { file: test.file } : {},
    ...test.suite !== "" ? { suite: test.suite } : {}
  };
}
function rerunTestsJsonl(cases) {
  return cases.map((c) => `${JSON.stringify(rerunTestOf(c.test))}
`).join("");
}
var QUOTED = 160;
function quoted(message) {
  const flat = message.replace(/\s+/g, " ").trim();
  return `'${flat.length > QUOTED ? `${flat.slice(0, QUOTED - 1)}\u2026` : flat}'`;
}
function unreproducedSentence(u) {
  return `the re-runs could not reproduce the run's conditions: it failed in the run with ${quoted(u.run)} and in its ${u.failed} re-run${u.failed === 1 ? "" : "s"} with ${quoted(u.rerun)}; likely causes: runner flags the re-runs lack (name them: rerun: <preset> <flags>), or environment set only on the test step (such as TZ), which the re-runs do not see (set it in the job's env, docs/rerun.md); its failure stands as the run gave it`;
}
var counted = (attempts) => attempts.filter((a) => a.status !== "skipped");
function decideFailed(c, rule) {
  const all = counted([...c.test.attempts, ...c.reruns]);
  const last = all[all.length - 1];
  if (last && !isFailure(last.status)) {
    c.verdict = "proven-flaky";
    return;
  }
  let streak = 0;
  for (let i = all.length - 1; i >= 0 && isFailure(all[i].status); i--) streak++;
  const step = nextStep(c.counts, streak, c.rounds, { ...rule, maxReruns: c.maxReruns });
  if (step === "continue") return;
  const other = unreproduced(c.test.attempts, c.reruns);
  if (other !== void 0) {
    c.verdict = "unreproduced";
    c.rule = step;
    c.why = unreproducedSentence(other);
    return;
  }
  c.verdict = step;
  const failures = all.filter((a) => isFailure(a.status)).length;
  const chance = rerunChance(c.counts, Math.min(streak, c.rounds));
  c.why = step === "consistent" ? consistentSentence(failures, all.length) : exhaustedSentence(failures, all.length, c.counts.failures + c.counts.passes > 0 ? chance : void 0, c.maxReruns > rule.maxReruns ? rule.maxReruns : void 0);
}
function exhaustedSentence(failures, attempts, chance, pastMax) {
  const past = pastMax !== void 0 ? ` (re-run past rerun-attempts-max, ${pastMax}, as a quarantined test's failure is)` : "";
  if (chance === void 0) {
    return `failed ${failures} of ${attempts} times on this commit, every re-run; a test with no history has no flaky rate to weigh them against, so it stands as a real failure unless a quarantine forgives it${past}`;
  }
  return `failed ${failures} of ${attempts} times on this commit, every re-run; by its history, its flaky failures come in streaks this long ${(chance * 100).toFixed(1)}% of the time, too often to call it real, so its quarantine decides${past}`;
}
function answerKey(t) {
  return JSON.stringify([t.id, t.classname, t.name]);
}
function ranIn(answer) {
  if (answer.ran !== void 0) return answer.ran;
  let n = 0;
  for (const got of answer.attempts.values()) n += counted(got).length;
  return n;
}
function recordRound(state, asked, answer) {
  const round = state.rounds.length + 1;
  for (const c of asked) c.asked++;
  const starts = answer.starts !== void 0 && answer.starts !== 1 ? { starts: answer.starts } : {};
  if (!answer.ok) {
    state.rounds.push({ round, tests: asked.length, seconds: answer.seconds, voided: answer.why, ignored: 0, ran: 0, ...starts });
    stopRerun(state, `round ${round} was voided: ${answer.why}`);
    return;
  }
  const askedKeys = new Set(asked.map((c) => answerKey(c.test)));
  let ignored = 0;
  for (const key of answer.attempts.keys()) if (!askedKeys.has(key)) ignored++;
  const log = { round, tests: asked.length, seconds: answer.seconds, ignored, ran: ranIn(answer), ...starts };
  state.rounds.push(log);
  let surplus = 0;
  for (const c of asked) {
    const key = answerKey(c.test);
    const executions = (answer.executions?.get(key) ?? [answer.attempts.get(key) ?? []]).map(counted).filter((e) => e.length > 0);
    if (executions.length === 0) {
      c.verdict = "unanswered";
      c.why = `round ${round}'s re-run report has no result for it (missing or skipped)`;
      continue;
    }
    for (const [k, got] of executions.entries()) {
      if (c.verdict !== void 0) {
        for (const rest of executions.slice(k)) surplus += rest.length;
        break;
      }
      c.reruns.push(...got);
      c.rounds++;
      if (c.kind === "failed") decideFailed(c, state.rule);
      else if (c.rounds >= c.extraRuns) c.verdict = c.reruns.some((a) => isFailure(a.status)) ? "flaky-extra" : "clean";
    }
  }
  if (surplus > 0) log.surplus = surplus;
}
function executionsWanted(c, rule) {
  if (c.verdict !== void 0) return 0;
  if (c.kind === "extra") return Math.max(0, c.extraRuns - c.rounds);
  const all = counted([...c.test.attempts, ...c.reruns]);
  let streak = 0;
  for (let i = all.length - 1; i >= 0 && isFailure(all[i].status); i--) streak++;
  const limit = { ...rule, maxReruns: c.maxReruns };
  for (let more = 1; c.rounds + more < c.maxReruns; more++) {
    if (nextStep(c.counts, streak + more, c.rounds + more, limit) !== "continue") return more;
  }
  return Math.max(1, c.maxReruns - c.rounds);
}
function roundGroups(cases, rule, o) {
  if (cases.length === 0) return [];
  if (!o.repeats) return [{ cases: [...cases], repeat: 1 }];
  const single = [];
  const failed = /* @__PURE__ */ new Map();
  const extras = /* @__PURE__ */ new Map();
  const add = (into, want, c) => {
    const group = into.get(want);
    if (group) group.push(c);
    else into.set(want, [c]);
  };
  let most = 0;
  for (const c of cases) if (c.kind === "failed" && !o.twinned?.(c)) most = Math.max(most, executionsWanted(c, rule));
  for (const c of cases) {
    if (o.twinned?.(c)) single.push(c);
    else if (c.kind === "failed") add(failed, o.inOrder === false ? Math.max(1, executionsWanted(c, rule)) : Math.max(1, most), c);
  }
  for (const c of cases) {
    if (c.kind !== "extra" || o.twinned?.(c)) continue;
    const want = Math.max(1, executionsWanted(c, rule));
    add(failed.has(want) ? failed : extras, want, c);
  }
  const groups = [];
  const push = (group, want) => {
    groups.push({ cases: group, repeat: Math.max(1, Math.min(want, o.cap?.(group) ?? want)) });
  };
  for (const want of [...failed.keys()].sort((a, b) => b - a)) push(failed.get(want), want);
  for (const want of [...extras.keys()].sort((a, b) => b - a)) push(extras.get(want), want);
  if (single.length > 0) groups.push({ cases: single, repeat: 1 });
  return groups;
}
function setAside(c, why) {
  if (c.verdict !== void 0) return;
  if (c.kind === "extra" && c.rounds > 0) {
    c.verdict = c.reruns.some((a) => isFailure(a.status)) ? "flaky-extra" : "clean";
    return;
  }
  c.verdict = "unanswered";
  c.why = why;
}
function stopRerun(state, why) {
  state.stopped ??= why;
  for (const c of state.cases) setAside(c, why);
}
function combineParts(parts, of) {
  const seconds = Math.round(parts.reduce((sum, p) => sum + p.answer.seconds, 0) * 10) / 10;
  const starts = parts.length !== 1 ? { starts: parts.length } : {};
  for (const [k, p] of parts.entries()) {
    if (!p.answer.ok) return { ok: false, why: of > 1 ? `invocation ${k + 1} of ${of}: ${p.answer.why}` : p.answer.why, seconds, ...starts };
  }
  if (parts.length === 1) return parts[0].answer;
  const askedAnywhere = new Set(parts.flatMap((p) => p.asked.map((c) => answerKey(c.test))));
  const attempts = /* @__PURE__ */ new Map();
  const executions = /* @__PURE__ */ new Map();
  let split = false;
  for (const p of parts) {
    if (!p.answer.ok) continue;
    if (p.answer.executions) split = true;
    const mine = new Set(p.asked.map((c) => answerKey(c.test)));
    for (const [key, got] of p.answer.attempts) {
      if (mine.has(key)) {
        attempts.set(key, [...got]);
        executions.set(key, [...p.answer.executions?.get(key) ?? [got]]);
      } else if (!askedAnywhere.has(key)) attempts.set(key, [...attempts.get(key) ?? [], ...got]);
    }
  }
  return { ok: true, attempts, seconds, ran: parts.reduce((n, p) => n + (p.answer.ok ? ranIn(p.answer) : 0), 0), ...split ? { executions } : {}, ...starts };
}
function finishRerun(state, tests, skipped) {
  stopRerun(state, state.stopped ?? "the re-runs ended");
  const byId = new Map(state.cases.map((c) => [c.test.id, c]));
  const merged = tests.map((t) => {
    const c = byId.get(t.id);
    if (!c || c.reruns.length === 0) return t;
    return { ...t, attempts: c.kind === "failed" ? [...t.attempts, ...c.reruns] : [...c.reruns, ...t.attempts] };
  });
  const provenFlaky = state.cases.filter((c) => c.verdict === "proven-flaky").map((c) => c.historyId);
  const consistent = new Map(state.cases.filter((c) => c.verdict === "consistent").map((c) => [c.historyId, c.why]));
  const newFlaky = state.cases.filter((c) => c.isNew && (c.verdict === "proven-flaky" || c.verdict === "flaky-extra")).map((c) => c.historyId);
  return {
    tests: merged,
    cases: state.cases,
    rounds: state.rounds,
    ...state.stopped !== void 0 && state.stopped !== "the re-runs ended" ? { stopped: state.stopped } : {},
    ...skipped !== void 0 ? { skipped } : {},
    provenFlaky,
    consistent,
    unreproduced: new Map(state.cases.filter((c) => c.verdict === "unreproduced" && c.rule === "consistent").map((c) => [c.historyId, c.why])),
    orderDependent: /* @__PURE__ */ new Map(),
    orderSuspects: /* @__PURE__ */ new Map(),
    orderCleared: /* @__PURE__ */ new Set(),
    newFlaky,
    executions: state.cases.reduce((n, c) => n + c.reruns.length, 0),
    ran: state.rounds.reduce((n, r) => n + r.ran, 0),
    surplus: state.rounds.reduce((n, r) => n + (r.surplus ?? 0), 0),
    starts: startsIn(state.rounds),
    seconds: state.rounds.reduce((s, r) => s + r.seconds, 0)
  };
}
function startsIn(rounds) {
  return rounds.reduce((n, r) => n + (r.starts ?? 1), 0);
}
function blockingStreaks(result) {
  return result.unreproduced.size > 0 ? new Map([...result.consistent, ...result.unreproduced]) : result.consistent;
}
function orderCandidates(result) {
  const out = /* @__PURE__ */ new Set();
  for (const c of result.cases) {
    if (c.kind !== "failed" || c.test.attempts.some((a) => a.status === "passed")) continue;
    if (c.reruns.some((a) => a.status === "passed") && !c.reruns.some((a) => isFailure(a.status))) out.add(c.historyId);
  }
  return out;
}
function blockingAfterReruns(result, blocking, orderDependent = /* @__PURE__ */ new Map()) {
  const out = [];
  for (const c of result.cases) {
    if (c.kind !== "failed") continue;
    const order = orderDependent.get(c.historyId);
    if (order !== void 0) {
      if (blocking.has(c.historyId)) out.push({ id: c.historyId, verdict: "order-dependent", why: order });
      continue;
    }
    if (c.verdict !== "consistent" && !(c.verdict === "unreproduced" && c.rule === "consistent") && !blocking.has(c.historyId)) continue;
    const before = out.length;
    if (c.verdict === "consistent") out.push({ id: c.historyId, verdict: "consistent", why: c.why ?? "it failed consistently on this commit" });
    else if (c.verdict === "unreproduced") out.push({ id: c.historyId, verdict: "unreproduced", why: c.why ?? "the re-runs could not reproduce the run's conditions" });
    else if (c.verdict === "exhausted") {
      const seen = c.counts.failures + c.counts.passes > 0;
      const n = c.reruns.length;
      out.push({
        id: c.historyId,
        verdict: "exhausted",
        why: `it failed all ${n} re-run${n === 1 ? "" : "s"} on this commit and nothing forgave it (${seen ? "not quarantined" : "a test with no history, never quarantined"})`
      });
    } else if (c.verdict === "unanswered") out.push({ id: c.historyId, verdict: "unanswered", why: `the re-runs could not answer for it: ${c.why ?? "no result"}; its failure stands` });
    const added = out[before];
    if (added && c.context !== void 0) added.why = `${c.context}; ${added.why}`;
  }
  return out;
}

export {
  EXTEND_FACTOR,
  startRerun,
  roundCases,
  rerunTestOf,
  rerunTestsJsonl,
  unreproducedSentence,
  exhaustedSentence,
  answerKey,
  ranIn,
  recordRound,
  executionsWanted,
  roundGroups,
  setAside,
  stopRerun,
  combineParts,
  finishRerun,
  startsIn,
  blockingStreaks,
  orderCandidates,
  blockingAfterReruns
};
