/**
 * Data branches for the export's tests, written by the step's own core (applyRun, run after run, each write parsed
 * back as the next run reads it): the same files a real step writes. Two repositories with a matrix of two cells, a
 * test flaky everywhere, one flaky on Windows only, one broken for a while, one released by a person closing its
 * issue (and flaky again later), one fixed by a close that holds, and names that try to be SQL, CSV and HTML.
 */
import type { Attempt, ParsedTestCase, RunContext } from '../../src/model.ts';
import { applyRun, DEFAULT_APPLY_OPTIONS } from '../../src/pipeline/apply.ts';
import { statsScores } from '../../src/pipeline/stats-scores.ts';
import { normalizeErrorMessage } from '../../src/history/error-message.ts';
import { emptySnapshot, parseSnapshot } from '../../src/store/snapshot.ts';
import type { ExportSource } from '../../src/export/index.ts';

const HOUR = 3_600_000;
/** Run 0's time; run n ran n days later (the Linux cell, the Windows cell an hour after). */
export const WAREHOUSE_START = Date.UTC(2026, 9, 27, 12);

/** Names that are data, never SQL, CSV formulas, HTML or JSON structure. */
export const HOSTILE_NAME = `'); DROP TABLE tests; -- "quoted", =HYPERLINK("http://x") <script>alert(1)</script> \\ tab\there ✓ \u2028`;
export const HOSTILE_MESSAGE = `expected '1' to be "2"; DELETE FROM runs; =cmd|' /C calc'!A0 </td>`;

export interface TestPlan {
  classname: string;
  name: string;
  file: string;
  /** Attempts in run `run` (0-based) on cell `cell`; '' when the test is not in that run. */
  attempts: (run: number, cell: 'linux' | 'windows') => string;
  message?: string;
  seconds: number;
}

export interface RepoPlan {
  repository: string;
  runs: number;
  tests: TestPlan[];
  codeowners: string;
  /** A person closes this test's issue (as completed) after this run. */
  closes?: Array<{ id: string; afterRun: number; issue: number }>;
  /**
   * Fix verifications, as the step records the latest on the test's stats line (`fix`, docs/fix-verification.md):
   * written into the branch's stats line after the last run, in that documented form.
   */
  fixes?: Array<{ id: string; fix: Record<string, unknown> }>;
}

function parsed(test: TestPlan, attempts: string): ParsedTestCase {
  const id = `${test.classname}::${test.name}`;
  return {
    id,
    name: test.name,
    classname: test.classname,
    suite: test.classname,
    file: test.file,
    report: 'reports/junit.xml',
    attempts: [...attempts].map((c): Attempt =>
      c === 'P' ? { status: 'passed', durationSec: test.seconds } : { status: 'failed', message: test.message ?? 'assertion failed', type: 'AssertionError', durationSec: test.seconds },
    ),
  };
}

/** The branch after `plan.runs` runs on each of two cells, as files, and the cell of each run key. */
export function warehouseBranch(plan: RepoPlan): { files: Map<string, string>; cells: Map<string, string> } {
  let snapshot = emptySnapshot();
  let files = new Map<string, string>();
  const cells = new Map<string, string>();
  const options = { ...DEFAULT_APPLY_OPTIONS, normalise: normalizeErrorMessage };
  for (let run = 0; run < plan.runs; run++) {
    for (const cell of ['linux', 'windows'] as const) {
      const runId = String(5_000_000 + run);
      const time = WAREHOUSE_START + run * 24 * HOUR + (cell === 'windows' ? HOUR : 0);
      const context: RunContext = {
        key: `${runId}/test-${cell}/c0ffee`,
        runId,
        runAttempt: 1,
        job: `test-${cell}`,
        workflow: 'CI',
        sha: `${plan.repository.length.toString(16)}${run.toString(16).padStart(39, '0')}`,
        ref: 'refs/heads/main',
        onDefaultBranch: true,
        event: 'push',
        time,
        url: `https://github.com/${plan.repository}/actions/runs/${runId}/attempts/1`,
      };
      cells.set(context.key, `os=${cell}`);
      const tests = plan.tests.map((t) => ({ t, a: t.attempts(run, cell) })).filter((x) => x.a !== '');
      const failed = tests.some((x) => x.a.endsWith('F'));
      // A closed issue stays closed: every later run sees the close (at the start of the run after `afterRun`).
      const closeTime = (c: { afterRun: number }): number => WAREHOUSE_START + (c.afterRun + 1) * 24 * HOUR - HOUR;
      const closed = new Map((plan.closes ?? []).filter((c) => run > c.afterRun).map((c) => [c.id, { issue: c.issue, since: closeTime(c) }]));
      const issues = new Map((plan.closes ?? []).map((c) => [c.id, c.issue]));
      const result = applyRun(
        {
          snapshot,
          reports: { tests: tests.map((x) => parsed(x.t, x.a)), problems: [], filesRead: 1 },
          filesMatched: 1,
          testOutcome: failed ? 'failure' : 'success',
          run: context,
          now: time + 60_000,
          closedByHand: (id) => closed.get(id),
          issueOf: (id) => issues.get(id),
        },
        { ...options, scoreTests: statsScores(time) },
      );
      files = result.files;
      snapshot = parseSnapshot(files);
    }
  }
  files.set('dashboard/CODEOWNERS', plan.codeowners);
  for (const { id, fix } of plan.fixes ?? []) {
    const path = [...files.keys()].find((p) => p.startsWith('stats/') && files.get(p)!.includes(`${JSON.stringify(id)}: {`))!;
    const text = files.get(path)!;
    const at = text.indexOf(`${JSON.stringify(id)}: {`) + JSON.stringify(id).length + 3;
    files.set(path, `${text.slice(0, at)}"fix":${JSON.stringify(fix)},${text.slice(at)}`);
  }
  return { files, cells };
}

/** The export's source for a generated branch, with each run's cell set where the step's reader sets it (RunRow.cell). */
export function sourceOf(repository: string, branch: { files: Map<string, string>; cells: Map<string, string> }): ExportSource {
  const snapshot = parseSnapshot(branch.files);
  for (const [key, row] of snapshot.runs) {
    const cell = branch.cells.get(key);
    if (cell !== undefined) row.cell = cell;
  }
  return { repository, snapshot, files: branch.files };
}

const every = (n: number) => (run: number) => run % n === n - 1;

/** Two repositories: octo/shop (the story above) and octo/api (one flaky test, one stable). */
export function warehousePlans(): RepoPlan[] {
  const shop: RepoPlan = {
    repository: 'octo/shop',
    runs: 24,
    codeowners: ['# owners', '/tests/api/ @octo/api-team', '/tests/cart/ @alice', '/tests/ui/ @bob @octo/ui'].join('\n'),
    tests: [
      { classname: 'cart.Total', name: 'applies discount', file: 'tests/cart/total.test.ts', seconds: 0.5, attempts: () => 'P' },
      // Flaky everywhere: fails, then passes on its retry, every 4th run; in run 1 it failed its retry too (a red build).
      {
        classname: 'api.Client',
        name: 'retries on 503',
        file: 'tests/api/client.test.ts',
        seconds: 30,
        message: 'Timeout of 5000ms exceeded',
        attempts: (r) => (r === 1 ? 'FF' : every(4)(r) ? 'FP' : 'P'),
      },
      // Flaky on Windows only.
      {
        classname: 'ui.Upload',
        name: 'drops a file',
        file: 'tests/ui/upload.test.ts',
        seconds: 12,
        message: 'EBUSY: resource busy or locked',
        attempts: (r, cell) => (cell === 'windows' && r % 3 === 1 ? 'FP' : 'P'),
      },
      // Broken for three runs (a real failure), then fixed.
      { classname: 'cart.Tax', name: 'rounds cents', file: 'tests/cart/tax.test.ts', seconds: 2, message: 'expected 1.01 to equal 1', attempts: (r) => (r >= 5 && r <= 7 ? 'FF' : 'P') },
      // Flaky until run 10 (its issue is closed after run 11, as fixed), flaky again from run 18: the fix did not hold.
      {
        classname: 'ui.Login',
        name: 'remembers me',
        file: 'tests/ui/login.test.ts',
        seconds: 8,
        message: 'element not interactable',
        attempts: (r) => ((r <= 10 && r % 3 === 0) || (r >= 18 && r % 2 === 0) ? 'FP' : 'P'),
      },
      // Flaky until run 9, closed as fixed after run 11, clean since: the fix holds.
      { classname: 'api.Auth', name: 'refreshes token', file: 'tests/api/auth.test.ts', seconds: 4, message: 'token expired at 1795168800', attempts: (r) => (r <= 9 && r % 3 === 2 ? 'FP' : 'P') },
      // Hostile names and messages.
      { classname: 'evil"Suite', name: HOSTILE_NAME, file: 'tests/ui/evil.test.ts', seconds: 1, message: HOSTILE_MESSAGE, attempts: (r) => (r % 5 === 2 ? 'FP' : 'P') },
    ],
    closes: [
      { id: 'ui.Login::remembers me', afterRun: 11, issue: 41 },
      { id: 'api.Auth::refreshes token', afterRun: 11, issue: 42 },
    ],
    fixes: [
      // A fix that its verification caught still failing; one verified that has not landed yet.
      { id: 'ui.Upload::drops a file', fix: { pr: 77, head: 'a'.repeat(40), runs: 40, failures: 3, rate: 0.12, reached: 0.99, verdict: 'failed', at: '2026-11-18T10:00:00.000Z' } },
      { id: 'api.Client::retries on 503', fix: { pr: 78, head: 'b'.repeat(40), runs: 58, failures: 0, rate: 0.05, reached: 0.95, verdict: 'verified', at: '2026-11-19T10:00:00.000Z' } },
    ],
  };
  const api: RepoPlan = {
    repository: 'octo/api',
    runs: 12,
    codeowners: '* @carol',
    // Verified, landed and released after the last run's quarantine decision: holding so far.
    fixes: [
      {
        id: 'db.Pool::times out',
        fix: { pr: 9, head: 'c'.repeat(40), runs: 30, failures: 0, rate: 0.1, reached: 0.96, verdict: 'verified', at: '2026-11-07T10:00:00.000Z', released: '2026-11-07T14:00:00.000Z' },
      },
    ],
    tests: [
      { classname: 'db.Pool', name: 'reuses connections', file: 'src/db/pool.test.go', seconds: 3, attempts: () => 'P' },
      { classname: 'db.Pool', name: 'times out', file: 'src/db/pool.test.go', seconds: 60, message: 'context deadline exceeded', attempts: (r) => (r === 0 ? 'FF' : r % 2 === 1 ? 'FP' : 'P') },
    ],
  };
  return [shop, api];
}
