/**
 * Untrusted results are evidence, never a verdict (docs/forks.md, docs/adr/0111-untrusted-evidence-bounds.md).
 * Results from an artifact flakeguard does not vouch for (every `ingest-workflow-run` artifact: a fork's run wrote
 * it) are recorded, marked untrusted, and bounded by construction:
 *
 * - one workflow run attempt is at most one untrusted run, whatever its artifacts claim: its run key is built from
 *   the run id of the `workflow_run` event alone (`untrustedRunKey`);
 * - it never adds a test: only tests that a trusted run has recorded get untrusted records, and a test that a
 *   trusted run of the same workflow run has recorded gets none (it would count twice);
 * - each record is capped: at most MAX_UNTRUSTED_ATTEMPTS attempts, a failure message for at most
 *   MAX_UNTRUSTED_MESSAGES tests of the run, no file, line or duration (those stay the trusted runs');
 * - in a test's window untrusted records have their own budget: they never push a trusted record out
 *   (src/history/merge.ts);
 * - they count toward a test's quarantine and scores only once the test's trusted records alone show it flaky (a
 *   failure and a pass on one commit in one matrix cell, or a retry), and never for a test already quarantined: its
 *   release is decided on trusted records alone (src/pipeline/apply.ts);
 * - where a quarantine applies (its matrix cells) is decided on trusted records alone (src/policy/cells.ts), and an
 *   untrusted run's cell is the one its artifacts claim only when trusted runs have recorded that cell
 *   (`untrustedCell`; docs/adr/0415-untrusted-runs-place-no-quarantine.md);
 * - which failures a quarantine forgives is learnt from trusted records only, always (`withoutUntrusted`).
 *
 * Pure.
 */
import type { Attempt, History, ParsedTestCase, TestHistory } from '../model.ts';
import { commitOf } from './cell.ts';

/** Tests one untrusted run may report: more, and its artifact is refused (src/pipeline/shards.ts). */
export const MAX_UNTRUSTED_TESTS = 50_000;
/** flakeguard artifacts read from one run by `ingest-workflow-run` (the aggregate mode reads up to 256 of its own run). */
export const MAX_UNTRUSTED_ARTIFACTS = 64;
/** Attempts one untrusted run records per test (its artifacts' attempts of the test, in order, cut here). */
export const MAX_UNTRUSTED_ATTEMPTS = 8;
/** Tests of one untrusted run whose failure message is stored; the others' records have none. */
export const MAX_UNTRUSTED_MESSAGES = 100;

/** The run key of a workflow run's untrusted results: from the trusted run id alone, the same for every artifact. */
export function untrustedRunKey(runId: string): string {
  return `${runId}/untrusted`;
}

const failed = (attempts: string): boolean => attempts.includes('F') || attempts.includes('E');

export function hasTrustedRecord(test: TestHistory | undefined): boolean {
  return test !== undefined && test.runs.some((r) => !r.untrusted);
}

export function hasUntrustedRecord(test: TestHistory | undefined): boolean {
  return test !== undefined && test.runs.some((r) => r.untrusted);
}

/**
 * True when the test's trusted records alone show it flaky: then its untrusted records count too. "The same commit"
 * is the same commit in the same matrix cell (`commitOf`, docs/adr/0335-quarantine-per-cell.md): a failure in one cell
 * and a pass in another on one commit is what a regression of one cell looks like, not a flake.
 */
export function trustedRunsAgree(test: TestHistory): boolean {
  const passedOn = new Set<string>();
  const failedOn = new Set<string>();
  for (const r of test.runs) {
    if (r.untrusted || r.outage) continue;
    if (failed(r.attempts) && r.attempts.includes('P')) return true;
    if (failed(r.attempts)) failedOn.add(commitOf(r));
    else if (r.attempts.includes('P')) passedOn.add(commitOf(r));
  }
  for (const sha of failedOn) if (passedOn.has(sha)) return true;
  return false;
}

/** The test with its trusted records only (the test itself when it has no untrusted record). */
export function trustedOnly(test: TestHistory): TestHistory {
  return hasUntrustedRecord(test) ? { ...test, runs: test.runs.filter((r) => !r.untrusted) } : test;
}

/** The history as evidence: each test's untrusted records dropped unless its trusted runs agree. Shares unchanged tests. */
export function trustedEvidence(history: History): History {
  let out: History | undefined;
  for (const [id, test] of history) {
    if (!hasUntrustedRecord(test) || trustedRunsAgree(test)) continue;
    out ??= new Map(history);
    out.set(id, trustedOnly(test));
  }
  return out ?? history;
}

/** The history without any untrusted record: what the failures a quarantine forgives are learnt from. Shares unchanged tests. */
export function withoutUntrusted(history: History): History {
  let out: History | undefined;
  for (const [id, test] of history) {
    if (!hasUntrustedRecord(test)) continue;
    out ??= new Map(history);
    out.set(id, trustedOnly(test));
  }
  return out ?? history;
}

/**
 * The tests of an untrusted run that it may record: those a trusted run has recorded, and (with `runId`) not
 * recorded by a trusted run of the same workflow run (run keys `<run id>/…`: its results are in already).
 */
export function untrustedTestsToRecord(tests: readonly ParsedTestCase[], history: History, runId?: string): { kept: ParsedTestCase[]; leftOut: number } {
  const prefix = runId === undefined ? undefined : `${runId}/`;
  const kept = tests.filter((t) => {
    const h = history.get(t.id);
    if (!hasTrustedRecord(h)) return false;
    return prefix === undefined || !h!.runs.some((r) => !r.untrusted && r.run.startsWith(prefix));
  });
  return { kept, leftOut: tests.length - kept.length };
}

/**
 * The tests of one untrusted run as they are recorded: each test once (a test several artifacts list gets their
 * attempts in order), at most MAX_UNTRUSTED_ATTEMPTS attempts, a failure message for the first
 * MAX_UNTRUSTED_MESSAGES tests that have one, and no file, line, duration or failure body.
 */
export function boundedUntrustedTests(tests: readonly ParsedTestCase[]): ParsedTestCase[] {
  const byId = new Map<string, ParsedTestCase>();
  for (const t of tests) {
    const seen = byId.get(t.id);
    if (seen) {
      if (seen.attempts.length < MAX_UNTRUSTED_ATTEMPTS) seen.attempts.push(...t.attempts.slice(0, MAX_UNTRUSTED_ATTEMPTS - seen.attempts.length));
      continue;
    }
    byId.set(t.id, { id: t.id, name: t.name, classname: t.classname, suite: t.suite, report: t.report, attempts: t.attempts.slice(0, MAX_UNTRUSTED_ATTEMPTS) });
  }
  let messages = 0;
  const out: ParsedTestCase[] = [];
  for (const t of byId.values()) {
    const keep = messages < MAX_UNTRUSTED_MESSAGES && t.attempts.some((a) => a.message !== undefined || a.type !== undefined);
    if (keep) messages++;
    const attempts = t.attempts.map((a): Attempt => {
      const bare: Attempt = { status: a.status };
      if (keep && a.message !== undefined) bare.message = a.message;
      if (keep && a.type !== undefined) bare.type = a.type;
      return bare;
    });
    out.push({ ...t, attempts });
  }
  return out;
}

/**
 * The cell an untrusted run is recorded in: the one its artifacts (or parcel) claim, only when a trusted run of the
 * branch has recorded that very cell; else none. A claim never adds a cell of its own making (docs/forks.md).
 */
export function untrustedCell(claimed: string | undefined, trustedCells: ReadonlySet<string>): string | undefined {
  return claimed !== undefined && trustedCells.has(claimed) ? claimed : undefined;
}
