/** Small builders of plain data for unit tests of the pure core. */
import type { Attempt, AttemptStatus, ParsedTestCase, RunContext, TestHistory, TestRunRecord } from '../../src/model.ts';

const STATUS: Record<string, AttemptStatus> = { P: 'passed', F: 'failed', E: 'error', S: 'skipped' };

export function parsedTest(id: string, attempts: string, extra: Partial<ParsedTestCase> = {}): ParsedTestCase {
  const [classname = '', name = id] = id.includes('::') ? id.split('::') : ['', id];
  return {
    id,
    name,
    classname,
    suite: 'suite',
    report: 'reports/r.xml',
    attempts: [...attempts].map((c): Attempt => (c === 'F' || c === 'E' ? { status: STATUS[c]!, message: `boom ${c}` } : { status: STATUS[c]! })),
    ...extra,
  };
}

export function runContext(n: number, extra: Partial<RunContext> = {}): RunContext {
  return {
    key: `run${n}/test/x`,
    runId: `run${n}`,
    runAttempt: 1,
    job: 'test',
    workflow: 'CI',
    sha: `sha${n}`,
    ref: 'refs/heads/main',
    onDefaultBranch: true,
    event: 'push',
    time: Date.UTC(2026, 10, 1) + n * 3_600_000,
    ...extra,
  };
}

/**
 * A history from a compact description: one token per run, `attempts[@sha][!]`, e.g. "P FP@a F@a! P": `!` marks a
 * run on a pull-request branch; runs without @sha get their own commit.
 */
export function historyOf(id: string, description: string): TestHistory {
  const runs: TestRunRecord[] = description
    .split(/\s+/)
    .filter(Boolean)
    .map((token, i) => {
      const pr = token.endsWith('!');
      const [attempts, sha] = token.replace(/!$/, '').split('@');
      return {
        run: `r${i}`,
        sha: sha ?? `c${i}`,
        time: Date.UTC(2026, 10, 1) + i * 3_600_000,
        onDefaultBranch: !pr,
        attempts: attempts!,
      };
    });
  return { id, name: id, classname: '', runs };
}
