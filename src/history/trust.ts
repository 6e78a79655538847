/**
 * Untrusted results are evidence, never a verdict (docs/forks.md). Results from an artifact flakeguard does not
 * vouch for (every `ingest-workflow-run` artifact: a fork's run wrote it) are recorded, marked untrusted, but:
 *
 * - they never add a test: only tests that a trusted run has recorded get untrusted records;
 * - they count toward a test's quarantine, its scores and the failures its quarantine covers only once trusted
 *   runs agree: the test's trusted records alone show it flaky (a trusted run that failed and passed, or a
 *   trusted failure and a trusted pass on one commit).
 *
 * Pure.
 */
import type { History, ParsedTestCase, TestHistory } from '../model.ts';

/** Tests one untrusted run may report: more, and its artifact is refused (src/modes/shards.ts). */
export const MAX_UNTRUSTED_TESTS = 50_000;
/** Tests no trusted run has recorded that one untrusted run may add: none (they are left out). */
export const MAX_UNTRUSTED_NEW_TESTS = 0;
/** flakeguard artifacts read from one run by `ingest-workflow-run` (the aggregate mode reads up to 256 of its own run). */
export const MAX_UNTRUSTED_ARTIFACTS = 64;

const failed = (attempts: string): boolean => attempts.includes('F') || attempts.includes('E');

export function hasTrustedRecord(test: TestHistory | undefined): boolean {
  return test !== undefined && test.runs.some((r) => !r.untrusted);
}

/** True when the test's trusted records alone show it flaky: then its untrusted records count too. */
export function trustedRunsAgree(test: TestHistory): boolean {
  const passedOn = new Set<string>();
  const failedOn = new Set<string>();
  for (const r of test.runs) {
    if (r.untrusted || r.outage) continue;
    if (failed(r.attempts) && r.attempts.includes('P')) return true;
    if (failed(r.attempts)) failedOn.add(r.sha);
    else if (r.attempts.includes('P')) passedOn.add(r.sha);
  }
  for (const sha of failedOn) if (passedOn.has(sha)) return true;
  return false;
}

/** The history as evidence: each test's untrusted records dropped unless its trusted runs agree. Shares unchanged tests. */
export function trustedEvidence(history: History): History {
  let out: History | undefined;
  for (const [id, test] of history) {
    if (!test.runs.some((r) => r.untrusted) || trustedRunsAgree(test)) continue;
    out ??= new Map(history);
    out.set(id, { ...test, runs: test.runs.filter((r) => !r.untrusted) });
  }
  return out ?? history;
}

/** The tests of an untrusted run that it may record: those a trusted run has recorded. */
export function untrustedTestsToRecord(tests: readonly ParsedTestCase[], history: History): { kept: ParsedTestCase[]; leftOut: number } {
  const kept = tests.filter((t) => hasTrustedRecord(history.get(t.id)));
  return { kept, leftOut: tests.length - kept.length };
}
