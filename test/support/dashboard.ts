/**
 * For the dashboard's tests and benchmark: data branches written by the project's own writer (applyRun, and the
 * benchmark's generator, which chains it), committed into bare repositories; and headless Chromium from Debian's
 * packages driven by puppeteer-core.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Browser } from 'puppeteer-core';
import type { Attempt, ParsedTestCase, RunContext } from '../../src/model.ts';
import { applyRun, DEFAULT_APPLY_OPTIONS } from '../../src/pipeline/apply.ts';
import { statsScores } from '../../src/pipeline/stats-scores.ts';
import { normalizeErrorMessage } from '../../src/history/error-message.ts';
import { emptySnapshot, parseSnapshot } from '../../src/store/snapshot.ts';
import { renderStatsShard, shardOf, statsPath, type StatsLine } from '../../src/store/layout.ts';
import { dashboardFiles } from '../../src/dashboard/branch-files.ts';
import { git } from './action.ts';

const IDENTITY = { GIT_AUTHOR_NAME: 'Dev', GIT_AUTHOR_EMAIL: 'dev@example.com', GIT_COMMITTER_NAME: 'Dev', GIT_COMMITTER_EMAIL: 'dev@example.com' };

/** A bare repository whose branch `flakeguard-data` holds `files` plus the dashboard's files, as the step keeps them. */
export async function branchRepo(files: Map<string, string>, branch = 'flakeguard-data'): Promise<{ repo: string; dispose: () => Promise<void> }> {
  const root = await mkdtemp(join(tmpdir(), 'flakeguard-dashboard-'));
  const work = join(root, 'work');
  const repo = join(root, 'repo.git');
  await mkdir(work);
  await git(work, ['init', '-q', '-b', branch]);
  const all = new Map([...files, ...(await dashboardFiles(files))]);
  for (const [path, text] of all) {
    await mkdir(dirname(join(work, path)), { recursive: true });
    await writeFile(join(work, path), text);
  }
  await git(work, ['add', '-A']);
  await git(work, ['commit', '-q', '-m', 'data'], IDENTITY);
  await git(root, ['init', '-q', '--bare', repo]);
  await git(work, ['push', '-q', repo, branch]);
  await rm(work, { recursive: true, force: true });
  return { repo, dispose: () => rm(root, { recursive: true, force: true }) };
}

export const HOSTILE_NAME = '<img src=x onerror=alert(1)>';
export const HOSTILE_CLASS = '"><svg onload=alert(3)>';
export const HOSTILE_MESSAGE = '<script>alert(2)</script> expected <b>1</b>';
export const HOSTILE_REASON = '<img src=y onerror=alert(4)> JIRA-1';
export const HOSTILE_ISSUE = 42;
/** A matrix cell named by hand in the override, with HTML in its value (docs/matrix.md#quarantine-per-cell). */
export const HOSTILE_CELL = 'os=<img src=z onerror=alert(5)>';

const HOUR = 3_600_000;
const ADDS = 'com.shop.CartTest::adds';

function tc(id: string, classname: string, name: string, attempts: string, message?: string): ParsedTestCase {
  return {
    id,
    name,
    classname,
    suite: classname,
    file: `src/test/${classname.replace(/\W+/g, '/')}.java`,
    report: 'reports/junit.xml',
    attempts: [...attempts].map((c): Attempt => (c === 'P' ? { status: 'passed', durationSec: 1.5 } : { status: 'failed', message: message ?? 'boom', durationSec: 2 })),
  };
}

/**
 * A small branch written by applyRun run after run: a flaky test whose name and class are HTML, a failure message
 * with a script tag, a hand override (with an HTML reason) edited into its stats file between runs, and an outage.
 * Its decisions.json holds the quarantine of the flaky test (with its issue number) and the hand override.
 */
export function hostileBranchFiles(end = Date.UTC(2026, 10, 21, 12)): Map<string, string> {
  const runs = 8;
  let files = new Map<string, string>();
  const hostileId = `${HOSTILE_CLASS}::${HOSTILE_NAME}`;
  for (let run = 0; run < runs; run++) {
    const tests: ParsedTestCase[] = [
      tc(hostileId, HOSTILE_CLASS, HOSTILE_NAME, run % 2 === 1 ? 'FP' : 'P', HOSTILE_MESSAGE),
      tc('com.shop.CartTest::adds', 'com.shop.CartTest', 'adds', 'P'),
      tc('com.shop.CartTest::removes', 'com.shop.CartTest', 'removes', run === 5 ? 'FF' : 'P', 'expected 3 but was 2'),
    ];
    for (let i = 0; i < 8; i++) tests.push(tc(`com.shop.DbTest::q${i}`, 'com.shop.DbTest', `q${i}`, run === 3 ? 'F' : 'P', 'connection refused 127.0.0.1:5432'));
    const time = end - (runs - run) * HOUR;
    const ctx: RunContext = {
      key: `${7000 + run}/test/abc`,
      runId: String(7000 + run),
      runAttempt: 1,
      job: 'test',
      workflow: 'CI',
      sha: `${run}`.repeat(40).slice(0, 40),
      ref: 'refs/heads/main',
      onDefaultBranch: true,
      event: 'push',
      time,
      url: `https://github.com/octo/shop/actions/runs/${7000 + run}/attempts/1`,
    };
    const snapshot = files.size ? parseSnapshot(files) : emptySnapshot();
    const failed = tests.some((t) => t.attempts[t.attempts.length - 1]!.status === 'failed');
    files = applyRun(
      // From run 3 on, the step knows the hostile test's issue (#42): recorded in decisions.json for the page.
      {
        snapshot,
        reports: { tests, problems: [], filesRead: 1 },
        filesMatched: 1,
        testOutcome: failed ? 'failure' : 'success',
        run: ctx,
        now: time + 60_000,
        issueOf: (id) => (id === hostileId && run >= 3 ? HOSTILE_ISSUE : undefined),
      },
      { ...DEFAULT_APPLY_OPTIONS, normalise: normalizeErrorMessage, scoreTests: statsScores(time) },
    ).files;
    if (run === 4) {
      // A person forces the quarantine of CartTest::adds by hand, with a reason that is HTML: in its stats line, or in
      // a line of their own when the test has none (schema 3 writes none for a test with nothing to say).
      const path = statsPath(shardOf(ADDS, parseSnapshot(files).meta.shards), parseSnapshot(files).meta.shards);
      const tests = (JSON.parse(files.get(path) ?? '{"tests": {}}') as { tests: Record<string, Record<string, unknown>> }).tests;
      tests[ADDS] = { ...(tests[ADDS] ?? { quarantined: false, reason: '' }), override: { action: 'quarantine', reason: HOSTILE_REASON, until: '2099-12-31', cells: [HOSTILE_CELL] } };
      files.set(path, renderStatsShard(Object.entries(tests) as Array<[string, StatsLine]>));
    }
  }
  // The copy of CODEOWNERS the step keeps for the page (src/dashboard/branch-files.ts), with one invalid line.
  files.set('dashboard/CODEOWNERS', '* @octo/core\nsrc/test/com/shop/ @octo/shop @alice\nnot-an-owner-line <b>\n');
  return files;
}

/** Debian's headless Chromium: the headless shell when installed, else chromium. No fallback download. */
export function chromiumPath(): string {
  const candidates = [process.env.FLAKEGUARD_CHROMIUM, '/usr/lib/chromium/chromium-headless-shell', '/usr/bin/chromium-headless-shell', '/usr/bin/chromium', '/usr/lib/chromium/chromium'].filter(
    Boolean,
  ) as string[];
  const found = candidates.find((p) => existsSync(p));
  if (!found) throw new Error(`no Chromium found (looked at ${candidates.join(', ')}): run .ci/install-test-deps`);
  return found;
}

export async function launchBrowser(): Promise<Browser> {
  const puppeteer = await import('puppeteer-core');
  const executablePath = chromiumPath();
  return puppeteer.launch({
    executablePath,
    headless: executablePath.includes('headless-shell') ? 'shell' : true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run', '--no-default-browser-check'],
    defaultViewport: { width: 1280, height: 900 },
  });
}
