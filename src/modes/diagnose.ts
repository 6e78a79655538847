/**
 * `mode: diagnose` (docs/diagnose.md): a scheduled run that re-runs the quarantined and newly flaky tests of the data
 * branch with the re-run command under controlled variations, names the variation that changes each test's failure
 * rate (src/diagnose/rule.ts) and writes `diagnoses.json`. It judges no run and changes no outcome or quarantine:
 * the step succeeds whatever the tests do, and fails only when it cannot read its inputs or the branch.
 */
import * as core from '@actions/core';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { readFileSync } from 'node:fs';
import { InputError, inputsFromEnv } from '../config/inputs.ts';
import { readDiagnoseInputs, type DiagnoseInputs } from '../config/mode-inputs.ts';
import { contextFromEnv } from '../config/context.ts';
import { dataRemote } from '../config/remote.ts';
import { DataRepo } from '../store/git.ts';
import { readBranchFiles, syncRun } from '../store/sync.ts';
import { parseSnapshot } from '../store/snapshot.ts';
import type { History, ParsedTestCase, TestHistory } from '../model.ts';
import { isFailure } from '../model.ts';
import { DIAGNOSES_FILE, mergeDiagnoses, parseDiagnoses, renderDiagnoses, type Diagnosis, type Evidence } from '../diagnose/format.ts';
import { diagnoseTargets, filePeers, fullOrderPeers, withinBudget, type DiagnoseTarget } from '../diagnose/plan.ts';
import { categorise, THRESHOLD, type SeedCount } from '../diagnose/rule.ts';
import { diagnosesMarkdown } from '../diagnose/show.ts';
import { readRerunInputs, type RerunInputs } from '../rerun/rerun-inputs.ts';
import { runRound } from '../rerun/process.ts';
import { answerKey, type RerunCase } from '../rerun/plan.ts';
import { nextProbe, recordProbe, type ContextTrack } from '../rerun/context-rounds.ts';
import { aloneArms, PER_SEED, SEED_PRELOAD, SEEDS, seedEnv } from '../rerun/variations.ts';
import { startBusy } from '../rerun/variations-busy.ts';
import { readRoundReport } from '../pipeline/rerun.ts';
import { appendSummary, setOutput } from '../github/step-files.ts';
import { commandText, logText, registerSecret } from '../text/escape.ts';
import { readModeActionInputs, secretInputs, tempRoot } from './common.ts';

/** What one diagnose run spent. */
export interface DiagnoseCost {
  starts: number;
  /** Test executions the reports listed (the target's and its context's). */
  executions: number;
  seconds: number;
}

/** Executions a test may need at most, for the budget: four alone arms, two order arms, the seeds, a bisection. */
export function plannedExecutions(n: number): number {
  return 6 * n + SEEDS.length * PER_SEED + 16;
}

interface Runner {
  rerun: RerunInputs;
  workspace: string;
  dir: string;
  env: NodeJS.ProcessEnv;
  cost: DiagnoseCost;
  round: number;
  deadline: number;
}

const caseOf = (h: Pick<TestHistory, 'id' | 'name' | 'classname' | 'file'>): ParsedTestCase => ({
  id: h.id,
  name: h.name,
  classname: h.classname,
  suite: '',
  ...(h.file !== undefined ? { file: h.file } : {}),
  attempts: [],
  report: '',
});

const rerunCase = (test: ParsedTestCase): RerunCase => ({
  test,
  historyId: test.id,
  kind: 'failed',
  extraRuns: 0,
  isNew: false,
  counts: { failures: 0, passes: 0, againFailures: 0, againPasses: 0 },
  maxReruns: 1,
  reruns: [],
  asked: 0,
  rounds: 0,
});

/**
 * Runs `tests` (the target last) until the target has `repeat` executions or a start gives none of it: one start when
 * the command repeats (FLAKEGUARD_RERUN_REPEAT), else one per execution. Returns the target's executions' failures.
 */
async function execute(r: Runner, tests: readonly ParsedTestCase[], target: ParsedTestCase, repeat: number, env: Record<string, string>, busy = 0): Promise<{ executions: number; failures: number }> {
  let executions = 0;
  let failures = 0;
  const key = answerKey(target);
  while (executions < repeat && Date.now() < r.deadline) {
    const want = repeat - executions;
    const load = await startBusy(busy);
    let answer;
    try {
      answer = await runRound({
        round: ++r.round,
        cases: tests.map(rerunCase),
        command: r.rerun.preset ?? r.rerun.command,
        ...(r.rerun.args
          ? { options: { args: r.rerun.args, ...(env.FLAKEGUARD_RERUN_SEED ? { seed: env.FLAKEGUARD_RERUN_SEED } : {}) } }
          : env.FLAKEGUARD_RERUN_SEED
            ? { options: { seed: env.FLAKEGUARD_RERUN_SEED } }
            : {}),
        repeat: want,
        workspace: r.workspace,
        dir: r.dir,
        timeoutMs: Math.max(1000, Math.min(r.rerun.timeoutSec * 1000, r.deadline - Date.now())),
        env: { ...r.env, ...r.rerun.env, ...env },
        log: (line) => core.info(logText(line)),
        readReport: (path) => readRoundReport(path, r.workspace, { repeated: want > 1 }),
      });
    } finally {
      await load.stop();
    }
    r.cost.starts += answer.starts ?? 1;
    r.cost.seconds += answer.seconds;
    if (!answer.ok) {
      core.warning(commandText(`diagnose: a start of the re-run command gave no answer: ${answer.why}`, 1000));
      break;
    }
    for (const got of answer.attempts.values()) r.cost.executions += got.filter((a) => a.status !== 'skipped').length;
    const runs = answer.executions?.get(key) ?? (answer.attempts.has(key) ? [answer.attempts.get(key)!] : []);
    const counted = runs.filter((attempts) => attempts.some((a) => a.status !== 'skipped')).slice(0, want);
    if (counted.length === 0) break;
    executions += counted.length;
    failures += counted.filter((attempts) => attempts.some((a) => isFailure(a.status))).length;
  }
  return { executions, failures };
}

async function diagnoseOne(r: Runner, history: History, target: DiagnoseTarget, n: number, preload: string): Promise<Diagnosis> {
  const test = caseOf(target);
  const evidence: Evidence[] = [];
  const rows = new Map<string, Evidence>();
  const add = (e: Evidence): void => {
    evidence.push(e);
    rows.set(e.variation, e);
  };
  for (const arm of aloneArms()) {
    const got = await execute(r, [test], test, n, arm.env as Record<string, string>, arm.busy);
    add({ variation: arm.variation, ...got, detail: arm.detail });
  }
  const rest = rows.get('rest')!;
  // Order: with its file; in the full order when the file showed nothing and there is more to run.
  const file = filePeers(history, target).map(caseOf);
  let context: ParsedTestCase[] | undefined;
  const restEnv = aloneArms()[0]!.env as Record<string, string>;
  if (file.length > 0) {
    const got = await execute(r, [...file, test], test, n, restEnv);
    add({ variation: 'file', ...got, detail: `with the ${file.length} other test${file.length === 1 ? '' : 's'} of its file` });
    if (categorise([rest, rows.get('file')!]).by) context = file;
  }
  const full = fullOrderPeers(history, target).map(caseOf);
  if (context === undefined && full.length > file.length) {
    const got = await execute(r, [...full, test], test, n, restEnv);
    add({ variation: 'full-order', ...got, detail: `with the ${full.length} other tests of the branch` });
    if (categorise([rest, rows.get('full-order')!]).by) context = full;
  }
  // Seed: only a test that fails at rest can show that a seed decides it.
  let seeds: SeedCount[] | undefined;
  if (rest.failures > 0) {
    seeds = [];
    for (const seed of SEEDS) {
      let executions = 0;
      let failures = 0;
      for (let i = 0; i < PER_SEED; i++) {
        const got = await execute(r, [test], test, 1, seedEnv(seed, preload, r.env.NODE_OPTIONS));
        executions += got.executions;
        failures += got.failures;
      }
      seeds.push({ seed, executions, failures });
    }
    const failing = seeds.filter((s) => s.failures > 0).map((s) => s.seed);
    add({
      variation: 'seed',
      executions: seeds.reduce((x, s) => x + s.executions, 0),
      failures: seeds.reduce((x, s) => x + s.failures, 0),
      detail: `seeds ${SEEDS.join(', ')}, ${PER_SEED} executions each; failing seeds: ${failing.length > 0 ? failing.join(', ') : 'none'}`,
      seeds,
    });
  }
  const verdict = categorise(evidence, seeds);
  let polluter: string | undefined;
  if (verdict.category === 'order-dependent' && context !== undefined) polluter = await bisect(r, test, context);
  return { category: verdict.category, at: new Date().toISOString(), evidence, ...(polluter !== undefined ? { polluter } : {}) };
}

/** The polluter's bisection (src/rerun/context-rounds.ts): halves of the context before the test, one start each. */
async function bisect(r: Runner, test: ParsedTestCase, context: ParsedTestCase[]): Promise<string | undefined> {
  const track: ContextTrack = { test, historyId: test.id, direction: 'forward', earlier: context, inContext: [], alone: [], suspects: [...context], probes: 0 };
  const env = aloneArms()[0]!.env as Record<string, string>;
  for (let probe = nextProbe(track); probe !== undefined && track.probes < 2 * Math.ceil(Math.log2(context.length + 1)) + 2; probe = nextProbe(track)) {
    const got = await execute(r, [...probe, test], test, 1, env);
    if (got.executions === 0) return undefined;
    recordProbe(track, probe, got.failures > 0);
  }
  return track.polluter?.id;
}

function childCpuSeconds(): number {
  try {
    const fields = readFileSync('/proc/self/stat', 'utf8')
      .replace(/^.*\) /, '')
      .split(' ');
    // utime, stime, cutime, cstime are fields 14-17 of /proc/<pid>/stat (here 12-15 after pid and comm).
    return (Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1e6;
  }
}

export async function diagnoseMode(env: NodeJS.ProcessEnv): Promise<'success' | 'failure'> {
  const inputs = readModeActionInputs(env, false);
  secretInputs(inputs, registerSecret);
  const ctx = contextFromEnv(env);
  const get = inputsFromEnv(env);
  const options: DiagnoseInputs = readDiagnoseInputs(get);
  const rerun = readRerunInputs(get);
  if (!rerun) throw new InputError("mode: diagnose needs the re-run command: set the 'rerun' input to a preset (vitest, jest, pytest, …) or a custom command (docs/diagnose.md).");
  if (rerun.auto) throw new InputError("mode: diagnose cannot use 'rerun: auto' (it reads no report to choose the preset from): name the preset or give the command (docs/diagnose.md).");
  const started = Date.now();
  const cpuBefore = childCpuSeconds();
  const remote = await dataRemote(inputs, ctx);
  const repo = await DataRepo.open(remote, inputs.dataBranch, inputs.token, ctx.runnerTemp || undefined);
  try {
    const read = await core.group(`Reading the data branch '${inputs.dataBranch}'`, () => readBranchFiles(repo, false));
    const snapshot = parseSnapshot(read.files, read.blocked);
    const targets = diagnoseTargets(snapshot, started);
    const n = options.executions;
    const { chosen, left } = 'executions' in options.budget ? withinBudget(targets, () => plannedExecutions(n), options.budget.executions) : { chosen: targets, left: [] as DiagnoseTarget[] };
    const root = join(tempRoot(ctx), 'diagnose');
    await mkdir(root, { recursive: true });
    const preload = join(root, 'seed-random.mjs');
    await writeFile(preload, SEED_PRELOAD);
    const runner: Runner = {
      rerun,
      workspace: ctx.workspace,
      dir: root,
      env: { ...env, ...(rerun.env ?? {}) },
      cost: { starts: 0, executions: 0, seconds: 0 },
      round: 0,
      deadline: 'minutes' in options.budget ? started + options.budget.minutes * 60_000 : Number.POSITIVE_INFINITY,
    };
    const found = new Map<string, Diagnosis>();
    const skipped: DiagnoseTarget[] = [...left];
    for (const target of chosen) {
      if (Date.now() >= runner.deadline) {
        skipped.push(target);
        continue;
      }
      const d = await core.group(logText(`Diagnosing ${target.id}`), () => diagnoseOne(runner, snapshot.history, target, n, preload));
      const diagnosis = { ...d, ...(ctx.sha && /^[0-9a-f]{4,64}$/.test(ctx.sha) ? { sha: ctx.sha } : {}) };
      found.set(target.id, diagnosis);
      core.info(logText(`${target.id}: ${diagnosis.category}${diagnosis.polluter ? ` (polluter ${diagnosis.polluter})` : ''}`));
    }
    const sync = await core.group(`Writing ${DIAGNOSES_FILE} to '${inputs.dataBranch}'`, () =>
      syncRun(
        repo,
        (_snapshot, files) => {
          if (files === null) throw new Error(`the data branch '${inputs.dataBranch}' could not be read`);
          const before = parseDiagnoses(files.get(DIAGNOSES_FILE));
          if (before.problem) core.warning(commandText(`${DIAGNOSES_FILE} on the data branch: ${before.problem}; the readable diagnoses are kept.`, 1000));
          const out = new Map(files);
          if (found.size > 0) out.set(DIAGNOSES_FILE, renderDiagnoses(mergeDiagnoses(before.diagnoses, found)));
          return { files: out };
        },
        { attempts: inputs.pushAttempts, readOnly: false, commitMessage: `flakeguard: diagnoses of ${found.size} test${found.size === 1 ? '' : 's'}`, log: (m) => core.info(logText(m)) },
      ),
    );
    const cpu = childCpuSeconds() - cpuBefore;
    const cost = { ...runner.cost, wallSeconds: Math.round((Date.now() - started) / 100) / 10, cpuSeconds: Math.round(cpu * 10) / 10 };
    setOutput('diagnosed-tests', found.size);
    setOutput('diagnose-executions', runner.cost.executions);
    const saved = sync.status.kind === 'pushed' || sync.status.kind === 'unchanged';
    await appendSummary(
      diagnosesMarkdown(found, { skipped: skipped.map((t) => t.id), cost, threshold: THRESHOLD, saved: saved ? undefined : 'reason' in sync.status ? String(sync.status.reason) : sync.status.kind }),
    ).catch(() => undefined);
    core.info(`Diagnosed ${found.size} test${found.size === 1 ? '' : 's'}: ${cost.executions} executions in ${cost.starts} starts, ${cost.wallSeconds} s, ${cost.cpuSeconds} CPU s.`);
    if (!saved) core.warning(commandText(`The diagnoses were not saved to '${inputs.dataBranch}': ${'reason' in sync.status ? String(sync.status.reason) : sync.status.kind}`, 1000));
    return 'success';
  } finally {
    await repo.dispose();
  }
}
