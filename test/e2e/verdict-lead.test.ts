/**
 * Every surface leads with the verdict (issue 41, docs/summary.md, docs/pr-comment.md), end to end: the bundled
 * dist/index.js run on a pull request with `rerun` set to a command by the public contract (test/support/rerun-fake.ts),
 * against a real bare repository and the GitHub fake. The job summary, the pull-request comment and the check run
 * begin with what the user must do and one line per blocking test (its verdict in words, its file:line, its message).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { World, junitXml, type ActionRun, type CaseSpec } from '../support/action.ts';
import { createFake, type Fake } from '../support/rerun-fake.ts';
import { startGitHubFake, type FakeGitHub } from '../support/github-fake/index.ts';
import { decodeEntities } from '../report/markdown-checks.ts';
import { expectOutcome } from '../support/expect.ts';

const TOKEN = 'ghs_verdict_lead_test';
let world: World;
let fake: Fake;
let gh: FakeGitHub;
let pr: number;

beforeEach(async () => {
  world = await World.create();
  fake = await createFake(join(world.root, 'fake'));
  gh = await startGitHubFake({ owner: 'octo', repo: 'project', token: TOKEN });
  pr = gh.seed.issue({ title: 'Add the cart' }).number;
});
afterEach(async () => {
  await gh.close();
  await world.dispose();
});

/** One run of a new commit on the pull request, flakeguard re-running failures with the fake. */
async function prRun(cases: CaseSpec[], inputs: Record<string, string> = {}): Promise<ActionRun> {
  await world.commit(`run ${Math.random()}`);
  await world.removeReports();
  await world.writeReport('reports/unit.xml', junitXml(cases));
  const failed = cases.some((c) => /[FE]$/.test(c.attempts ?? 'P'));
  return world.run({
    eventName: 'pull_request',
    ref: `refs/pull/${pr}/merge`,
    event: { repository: { default_branch: 'main', full_name: 'octo/project' }, pull_request: { number: pr, head: { repo: { full_name: 'octo/project' } } } },
    inputs: { token: TOKEN, 'check-run': 'true', 'pr-comment': 'auto', 'test-outcome': failed ? 'failure' : 'success', rerun: fake.command, ...inputs },
    env: { GITHUB_API_URL: gh.url },
  });
}

const HOSTILE = 'expected <img src=x onerror=alert(1)> to be 4 @octocat';
const checkout: CaseSpec = { classname: 'app.Cart', name: 'checkout', file: 'src/cart.test.ts', line: 12, message: HOSTILE };
const total: CaseSpec = { classname: 'app.Cart', name: 'total', file: 'src/cart.test.ts', line: 30, message: 'expected 3 to be 4' };
const ok: CaseSpec = { classname: 'app.Util', name: 'ok' };

/** The summary's lines as a person reads them (entities decoded), blank lines dropped. */
const readLines = (md: string): string[] =>
  decodeEntities(md)
    .split('\n')
    .filter((l) => l.trim() !== '');

describe('every surface leads with the verdict', () => {
  it('a new test that fails every re-run: a real failure, first, with its file:line and message, everywhere; counts agree with the outputs', async () => {
    await fake.setBehaviour({ tests: { checkout: 'F', total: 'P' }, messages: { checkout: HOSTILE } });
    const run = await prRun([ok, { ...checkout, attempts: 'F' }, { ...total, attempts: 'F' }]);
    expectOutcome(run, 'failure');
    const reruns = (await fake.rounds()).length;
    const n = Number(/failed (\d+) of \1 re-runs/.exec(decodeEntities(run.summary))?.[1] ?? NaN);
    expect(n).toBe(6);
    expect(reruns).toBeGreaterThanOrEqual(6);
    const sha = await world.headSha();
    const link = `https://github.com/octo/project/blob/${sha}/src/cart.test.ts#L12`;

    // The summary: what to do first, then one line per blocking test, then the re-runs, then the tables.
    const summary = run.summary;
    await import('node:fs').then((fs) =>
      fs.writeFileSync('/tmp/x/summary.md', `${summary}\n=====\n${gh.state.comments.at(-1)?.body}\n=====\n${gh.state.checkRuns.at(-1)?.output.title}\n${gh.state.checkRuns.at(-1)?.output.summary}`),
    );
    const lines = readLines(summary);
    expect(lines[0]).toBe('### ❌ flakeguard: Fix 1 real failure: app.Cart::checkout');
    expect(decodeEntities(summary)).toContain(`[src/cart.test.ts:12](${link})`);
    const lead = lines.find((l) => l.includes('app.Cart::checkout') && l.includes('real failure: failed 6 of 6 re-runs on this commit'));
    expect(lead, lines.slice(0, 12).join('\n')).toBeDefined();
    expect(lead).toContain('expected <img src=x onerror=alert(1)> to be 4 @octocat');
    expect(summary).not.toContain('<img');
    expect(lines.some((l) => l.includes('app.Cart::total') && l.includes('flaky: passed on re-run'))).toBe(true);
    const rerunAt = summary.indexOf('### Re-runs on this commit');
    expect(rerunAt).toBeGreaterThan(0);
    expect(rerunAt).toBeLessThan(summary.indexOf('#### ❌ Blocking failures'));
    expect(rerunAt).toBeLessThan(summary.indexOf('\n---\n'));
    // No history, no flakiness to rank: never "flakiest", never "cannot rule out flakiness".
    expect(summary).not.toMatch(/Flakiest tests[\s\S]*app\.Cart&#58;&#58;checkout/);
    expect(decodeEntities(summary)).not.toContain('cannot rule out flakiness');
    // The counts agree with the outputs.
    const consistent = JSON.parse(run.outputs['consistent-failures']!) as string[];
    expect(consistent).toEqual(['app.Cart::checkout']);
    expect(decodeEntities(summary)).toContain(`failed every re-run: ${consistent.length}`);
    expect(run.outputs['failed-tests']).toBe('1');
    // Why the job fails says what to do.
    expect(decodeEntities(summary)).toMatch(/\*\*Why the job fails:\*\*\n\n- 1 failed test is not quarantined: app\.Cart::checkout\. Fix it: quarantine is for flaky tests/);
    // Jargon explained where it first appears.
    const plain = decodeEntities(summary);
    if (plain.includes('PFS')) expect(plain.slice(plain.indexOf('PFS'), plain.indexOf('PFS') + 200)).toMatch(/PFS \(|PFS is|PFS\]\(/);

    // The pull-request comment: names the blocking test with its verdict, its file:line link and its message.
    const comments = gh.state.comments.filter((c) => c.issue_number === pr);
    expect(comments).toHaveLength(1);
    const body = comments[0]!.body;
    expect(decodeEntities(body)).toContain(`[src/cart.test.ts:12](${link})`);
    expect(body).not.toContain('<img');
    expect(body).not.toMatch(/(^|[^&#0-9])@octocat/);
    const bodyLines = readLines(body);
    const heading = bodyLines.findIndex((l) => l.startsWith('### '));
    expect(bodyLines[heading]).toContain('Fix 1 real failure: app.Cart::checkout');
    expect(bodyLines[heading + 1]).toContain('app.Cart::checkout');
    expect(bodyLines[heading + 1]).toContain('real failure: failed 6 of 6 re-runs on this commit');
    expect(bodyLines[heading + 1]).toContain('expected <img src=x onerror=alert(1)> to be 4 @');

    // The check run: its title is what to do; its summary starts with the blocking test's line.
    expect(gh.violations()).toEqual([]);
    const check = gh.state.checkRuns.at(-1)!;
    expect(check.output.title).toBe('Fix 1 real failure: app.Cart::checkout');
    const checkLines = readLines(check.output.summary ?? '');
    expect(checkLines[1]).toContain('app.Cart::checkout');
    expect(checkLines[1]).toContain('real failure: failed 6 of 6 re-runs on this commit');
    expect(decodeEntities(check.output.summary ?? '')).toContain(`[src/cart.test.ts:12](${link})`);
  }, 180_000);

  it('a run whose failures were all proven flaky by re-runs: nothing to do, and the headline says so', async () => {
    await fake.setBehaviour({ tests: { checkout: 'P', total: 'P' } });
    const run = await prRun([ok, { ...checkout, message: 'timeout', attempts: 'F' }, { ...total, attempts: 'F' }]);
    expectOutcome(run, 'success');
    expect(JSON.parse(run.outputs['proven-flaky']!)).toHaveLength(2);
    const lines = readLines(run.summary);
    expect(lines[0]).toBe('### ✅ flakeguard: Nothing to do: 2 flaky failures were proven flaky by re-runs');
    expect(run.summary).not.toContain('No test failed');
    expect(lines.some((l) => l.includes('app.Cart::total') && l.includes('flaky: passed on re-run'))).toBe(true);
    const check = gh.state.checkRuns.at(-1)!;
    expect(check.output.title).toBe('Nothing to do: 2 flaky failures were proven flaky by re-runs');
    const body = gh.state.comments.filter((c) => c.issue_number === pr)[0]!.body;
    expect(decodeEntities(body)).toContain('Nothing to do: 2 flaky failures were proven flaky by re-runs');
  }, 120_000);
});
