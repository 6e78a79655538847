/**
 * `flakeguard why <test>`: everything the data branch knows of one test in one answer (docs/why.md; its JSON Schema
 * docs/why.schema.json): the verdict, the co-failure cluster, the onset, the diagnosis by experiment, the cost, and
 * what a person or a coding agent needs to start fixing it (history, failure signatures, owners, the re-run command).
 * Pure: plain data in (the branch's files as parsed), a plain JSON-able object out. The owners' issue body is built
 * from the same object (src/github/issue-body.ts), so both say the same facts.
 *
 * Strings in the answer are as stored (test ids, messages, commit subjects come from pull requests): every renderer
 * escapes them for where they go; the JSON carries them exactly (ADR 0504).
 */
import type { Override, TestHistory, TestRunRecord } from '../model.ts';
import type { RunTable } from '../store/runs-format.ts';
import type { StatsLine } from '../store/layout.ts';
import { overrideExpired } from '../store/layout.ts';
import type { TestDecisions } from '../store/decisions.ts';
import type { StoredCluster } from '../clusters/cluster.ts';
import type { Diagnosis } from '../diagnose/format.ts';
import type { TestCost } from '../cost/index.ts';
import { priced } from '../cost/index.ts';
import { onsetOf, latestChange, type Onset, type RangeAnswer } from '../onset/index.ts';
import type { TestOwners } from '../owners/index.ts';
import { ownerText } from '../owners/index.ts';
import type { RerunPreset, RerunTest } from '../rerun/contract.ts';
import { shellLine, shellQuote } from '../text/shell.ts';

/** The document's version: bumped only by a change that breaks a reader (ADR 0505); fields may be added within one. */
export const WHY_SCHEMA = 1;
/** Runs of the history listed in the answer (the newest). */
export const DEFAULT_HISTORY_RUNS = 20;
/** Distinct failure signatures listed. */
export const MAX_SIGNATURES = 20;
/** Members of a cluster listed (the count is always whole). */
export const MAX_MEMBERS = 200;
/** Where the re-run command writes its report, relative to the workspace (the step uses a temporary folder). */
export const RERUN_REPORT = 'flakeguard-rerun/report.xml';
export const RERUN_TESTS_FILE = 'flakeguard-rerun/tests.jsonl';

export type Outcome = 'passed' | 'flaky' | 'failed' | 'skipped';

export interface WhyRun {
  /** The run's key (runs.json) and sequence number when the branch has the run's row. */
  run: string;
  seq: number | null;
  time: string;
  sha: string;
  onDefaultBranch: boolean;
  /** Attempts in order, one letter each: P passed, F failed, E error, S skipped. */
  attempts: string;
  outcome: Outcome;
  durationSec: number | null;
  message: string | null;
  outage: boolean;
  url: string | null;
}

export interface WhyAnswer {
  schema: typeof WHY_SCHEMA;
  test: { id: string; classname: string | null; name: string | null; file: string | null; line: number | null };
  dataBranch: { name: string; head: string | null; statsFile: string; statsLine: number | null };
  verdict: {
    state: 'quarantined' | 'not-quarantined' | 'unknown';
    since: string | null;
    reason: string | null;
    override: { action: 'quarantine' | 'never'; reason: string | null; until: string | null; cells: string[] | null; lapsed: boolean } | null;
    scores: {
      pfs: { value: number; low: number | null; high: number | null } | null;
      tier: string | null;
      score: number | null;
      flipRate: number | null;
      successRate: number | null;
      recommendation: string | null;
      priority: string | null;
      recommendationReason: string | null;
    };
    /** The test's quarantine timeline (decisions.json), oldest first. */
    decisions: Array<{ run: number; at: string; event: string; quarantined: boolean; by: 'rule' | 'hand'; reason: string }>;
    issue: number | null;
  };
  cluster: { id: number; signature: string | null; size: number; members: string[]; others: string[]; since: number; last: number; together: number } | null;
  /** The newest change of the failure rate (src/onset/), with every change and the commits of its range when known. */
  onset: {
    direction: 'up' | 'down';
    runs: { first: string; last: string; at: string; firstSeq: number | null; lastSeq: number | null; atSeq: number | null; width: number };
    before: { runs: number; failures: number };
    after: { runs: number; failures: number };
    shas: string[];
    base: string | null;
    head: string | null;
    commits: RangeAnswer | null;
    /** The whole onset as src/onset/ computed it (every change), for renderers that show the earlier ones. */
    detail: Onset;
  } | null;
  /** Runs and failures counted for the onset even when no change was found. */
  rate: { runs: number; failures: number };
  diagnosis: Diagnosis | null;
  cost: (TestCost & { rank: number; of: number; perMinute: number | null; price: number | null }) | null;
  history: { kept: number; runs: WhyRun[] };
  signatures: Array<{ signature: string; count: number; lastRun: string; lastSeq: number | null; lastTime: string }>;
  owners: { path: string | null; via: 'file' | 'classname' | 'none'; owners: string[]; codeowners: string | null; rule: { line: number; pattern: string } | null } | null;
  rerun:
    | { kind: 'preset'; input: string; preset: string; argv: string[][]; env: Record<string, string>; commandLine: string }
    | { kind: 'command'; input: string; testsLine: string; env: Record<string, string>; commandLine: string }
    | { kind: 'unknown'; input: string | null; why: string };
  notes: string[];
}

/** What the answer is built from: one test's share of the branch's files, as parsed, and what the caller knows besides. */
export interface WhyFacts {
  id: string;
  dataBranch: string;
  head?: string;
  now: number;
  test?: TestHistory;
  stats?: StatsLine | Record<string, unknown>;
  override?: { override: Override };
  statsFile: string;
  statsLine?: number;
  /** The stats file could not be read: the state is unknown (and the test forgives nothing until it is fixed). */
  statsBroken?: boolean;
  runs: RunTable;
  decisions?: TestDecisions;
  cluster?: StoredCluster;
  diagnosis?: Diagnosis;
  /** The test's cost and its rank among the tests that cost CI time (src/store/branch-costs.ts). */
  cost?: { cost: TestCost; rank: number; of: number; perMinute?: number };
  owners?: TestOwners;
  codeownersPath?: string;
  /** The commits of the onset's range, from the workspace's git or the API (src/github/onset-commits.ts). */
  commits?: RangeAnswer;
  /** The `rerun` input as the workflow gives it, with the preset it names (src/rerun/rerun-inputs.ts choosePreset). */
  rerun?: { command: string; preset?: RerunPreset; auto?: true; args?: string[]; env?: Record<string, string> } | { missing: string };
  historyRuns?: number;
  notes?: string[];
}

const num = (x: unknown): number | null => (typeof x === 'number' && Number.isFinite(x) ? x : null);
const str = (x: unknown): string | null => (typeof x === 'string' ? x : null);

export function outcomeOf(attempts: string): Outcome {
  if (attempts === '' || /^S+$/.test(attempts)) return 'skipped';
  if (!/[FE]/.test(attempts)) return 'passed';
  return /[FE]$/.test(attempts) ? 'failed' : 'flaky';
}

const iso = (ms: number): string => (Number.isFinite(ms) ? new Date(ms).toISOString() : new Date(0).toISOString());

function runOf(r: TestRunRecord, runs: RunTable): WhyRun {
  const row = runs.get(r.run);
  return {
    run: r.run,
    seq: row?.seq ?? null,
    time: iso(r.time),
    sha: r.sha,
    onDefaultBranch: r.onDefaultBranch,
    attempts: r.attempts,
    outcome: outcomeOf(r.attempts),
    durationSec: num(r.durationSec),
    message: r.message ?? null,
    outage: r.outage === true,
    url: row?.url ?? null,
  };
}

/** The distinct stored (normalised) failure messages, most frequent first, then newest. */
export function signaturesOf(runs: readonly TestRunRecord[], table: RunTable): WhyAnswer['signatures'] {
  const by = new Map<string, { count: number; last: TestRunRecord }>();
  for (const r of runs) {
    if (!/[FE]/.test(r.attempts)) continue;
    const sig = r.message ?? '';
    const seen = by.get(sig);
    if (seen) {
      seen.count++;
      seen.last = r;
    } else by.set(sig, { count: 1, last: r });
  }
  return [...by.entries()]
    .sort(([, a], [, b]) => b.count - a.count || b.last.time - a.last.time)
    .slice(0, MAX_SIGNATURES)
    .map(([signature, { count, last }]) => ({ signature, count, lastRun: last.run, lastSeq: table.get(last.run)?.seq ?? null, lastTime: iso(last.time) }));
}

/**
 * The exact command that re-runs this one test as the re-run step would (src/rerun/): a preset's processes (started
 * without a shell by the step; shown here quoted for a POSIX shell), or the custom command through `bash -c` with the
 * contract's variables (docs/rerun.md, "The contract of a custom command") and the tests file written first.
 */
export function rerunOf(test: TestHistory | undefined, id: string, rerun: WhyFacts['rerun']): WhyAnswer['rerun'] {
  if (rerun === undefined) return { kind: 'unknown', input: null, why: 'no re-run command known' };
  if ('missing' in rerun) return { kind: 'unknown', input: null, why: rerun.missing };
  const one: RerunTest = { id, classname: test?.classname ?? '', name: test?.name ?? id, ...(test?.file ? { file: test.file } : {}) };
  if (rerun.auto) return { kind: 'unknown', input: rerun.command, why: '`rerun: auto` chooses its preset from the workspace when the step runs: give the preset (e.g. --rerun vitest)' };
  const prep = `mkdir -p ${shellQuote(RERUN_REPORT.slice(0, RERUN_REPORT.lastIndexOf('/')))}`;
  if (rerun.preset) {
    const commands = rerun.preset.commands([one], RERUN_REPORT, 1, rerun.args ? { args: rerun.args } : undefined);
    const env: Record<string, string> = { ...(rerun.env ?? {}) };
    for (const c of commands) Object.assign(env, c.env ?? {});
    const lines = commands.map((c) => {
      const vars = { ...(rerun.env ?? {}), ...(c.env ?? {}) };
      const prefix = Object.entries(vars).map(([k, v]) => `${k}=${shellQuote(v)} `);
      return `${prefix.join('')}${shellLine(c.argv)}`;
    });
    return { kind: 'preset', input: rerun.command, preset: rerun.preset.name, argv: commands.map((c) => c.argv), env, commandLine: [prep, ...lines].join(' && ') };
  }
  const testsLine = JSON.stringify(one);
  const env: Record<string, string> = {
    ...(rerun.env ?? {}),
    FLAKEGUARD_RERUN_TESTS: RERUN_TESTS_FILE,
    FLAKEGUARD_RERUN_REPORT: RERUN_REPORT,
    FLAKEGUARD_RERUN_ROUND: '1',
    FLAKEGUARD_RERUN_REPEAT: '1',
  };
  const vars = Object.entries(env)
    .map(([k, v]) => `${k}=${shellQuote(v)}`)
    .join(' ');
  const commandLine = `${prep} && printf '%s\\n' ${shellQuote(testsLine)} > ${RERUN_TESTS_FILE} && ${vars} bash -c ${shellQuote(rerun.command)}`;
  return { kind: 'command', input: rerun.command, testsLine, env, commandLine };
}

function verdictOf(f: WhyFacts): WhyAnswer['verdict'] {
  const s = f.stats as Record<string, unknown> | undefined;
  const pfs = Array.isArray(s?.pfs) ? (s.pfs as unknown[]) : [];
  const o = f.override?.override;
  return {
    // A test with nothing to say has no stats line (docs/data-branch.md): it is not quarantined.
    state: f.statsBroken ? 'unknown' : s?.quarantined === true ? 'quarantined' : 'not-quarantined',
    since: str(s?.since),
    reason: str(s?.reason) || null,
    override: o ? { action: o.action, reason: o.reason ?? null, until: o.until ?? null, cells: o.cells ? [...o.cells] : null, lapsed: overrideExpired(o, f.now) } : null,
    scores: {
      pfs: num(pfs[0]) === null ? null : { value: num(pfs[0])!, low: num(pfs[1]), high: num(pfs[2]) },
      tier: str(s?.tier),
      score: num(s?.score),
      flipRate: num(s?.flipRate),
      successRate: num(s?.successRate),
      recommendation: str(s?.recommendation),
      priority: str(s?.priority),
      recommendationReason: str(s?.recommendationReason),
    },
    decisions: (f.decisions?.events ?? []).map((e) => ({ run: e.run, at: e.at, event: e.event, quarantined: e.quarantined, by: e.by, reason: e.reason })),
    issue: f.decisions?.issue ?? null,
  };
}

function onsetAnswer(f: WhyFacts, detail: Onset): WhyAnswer['onset'] {
  const c = latestChange(detail);
  if (!c) return null;
  const seq = (run: string): number | null => f.runs.get(run)?.seq ?? null;
  return {
    direction: c.direction,
    runs: { first: c.first.run, last: c.last.run, at: c.at.run, firstSeq: seq(c.first.run), lastSeq: seq(c.last.run), atSeq: seq(c.at.run), width: c.width },
    before: c.before,
    after: c.after,
    shas: c.shas,
    base: c.base ?? null,
    head: c.head ?? null,
    commits: c.base !== undefined && c.head !== undefined ? (f.commits ?? null) : null,
    detail,
  };
}

export function whyAnswer(f: WhyFacts): WhyAnswer {
  const runs = f.test?.runs ?? [];
  const detail = onsetOf(runs);
  const cluster = f.cluster;
  const o = f.owners;
  const shown = runs.slice(-(f.historyRuns ?? DEFAULT_HISTORY_RUNS));
  return {
    schema: WHY_SCHEMA,
    test: { id: f.id, classname: f.test?.classname ?? null, name: f.test?.name ?? null, file: f.test?.file ?? null, line: f.test?.line ?? null },
    dataBranch: { name: f.dataBranch, head: f.head ?? null, statsFile: f.statsFile, statsLine: f.statsLine ?? null },
    verdict: verdictOf(f),
    cluster: cluster
      ? {
          id: cluster.id,
          signature: cluster.signature ?? null,
          size: cluster.members.length,
          members: cluster.members.slice(0, MAX_MEMBERS),
          others: cluster.members.filter((m) => m !== f.id).slice(0, MAX_MEMBERS),
          since: cluster.since,
          last: cluster.last,
          together: cluster.together,
        }
      : null,
    onset: onsetAnswer(f, detail),
    rate: { runs: detail.runs, failures: detail.failures },
    diagnosis: f.diagnosis ?? null,
    cost: f.cost ? { ...f.cost.cost, rank: f.cost.rank, of: f.cost.of, perMinute: f.cost.perMinute ?? null, price: priced(f.cost.cost.costSec, f.cost.perMinute) ?? null } : null,
    history: { kept: runs.length, runs: shown.map((r) => runOf(r, f.runs)) },
    signatures: signaturesOf(runs, f.runs),
    owners: o
      ? {
          path: o.path ?? null,
          via: o.via,
          owners: o.owners.map(ownerText),
          codeowners: f.codeownersPath ?? null,
          rule: o.rule ? { line: o.rule.line, pattern: o.rule.pattern } : null,
        }
      : null,
    rerun: rerunOf(f.test, f.id, f.rerun),
    notes: f.notes ?? [],
  };
}

/** What each category of a diagnosis means, for people (docs/diagnose.md). */
export const CATEGORY_WORDS: Readonly<Record<string, string>> = {
  'order-dependent': 'order-dependent: it fails after another test runs before it',
  timing: 'timing or load-sensitive: it fails more often under CPU contention',
  'time-zone-locale': 'time-zone or locale-dependent: it fails under another TZ or LANG',
  seed: 'seed or random-dependent: it fails under some shuffle seeds or random values',
  'not-reproduced': 'not reproduced by any variation',
};

/** An evidence row as words: `contention (2 busy processes): 7 of 20 failed`. */
export function evidenceWords(e: { variation: string; executions: number; failures: number; detail?: string }): string {
  return `${e.variation}${e.detail !== undefined ? ` (${e.detail})` : ''}: ${e.failures} of ${e.executions} failed`;
}
