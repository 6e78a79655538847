/**
 * Fix verification end to end (docs/fix-verification.md): the bundled dist/index.js run as a runner would, on a real
 * git remote, against the OpenAPI-checked GitHub fake, with a real re-run command (test/support/rerun-fake.ts: a node
 * script by the public contract). A pull request claims a quarantined test fixed; the step runs it as often as its old
 * rate needs; once the change is merged, the first run on main releases it; a failure after that quarantines it
 * again at once and reopens its issue.
 */
import { join } from 'node:path';
import { mkdir, writeFile } from 'node:fs/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { World, git, junitXml, type ActionRun, type CaseSpec, type RunOptions } from '../support/action.ts';
import { startGitHubFake, type FakeGitHub } from '../support/github-fake/index.ts';
import { createFake, type Fake } from '../support/rerun-fake.ts';
import { expectOutcome } from '../support/expect.ts';
import { decodeEntities } from '../report/markdown-checks.ts';

const TOKEN = 'ghs_fix_verification';
const ID = 'app.Cart::total';
const TAX = 'app.Cart::tax';
const ME = ['-c', 'user.name=Dev', '-c', 'user.email=dev@example.com'];

let world: World;
let gh: FakeGitHub;
let fake: Fake;
let pr: number;

beforeEach(async () => {
  world = await World.create();
  gh = await startGitHubFake({ owner: 'octo', repo: 'project', token: TOKEN });
  fake = await createFake(join(world.root, 'fake-runner'));
  pr = gh.seed.issue({ title: 'Fix the cart' }).number;
});
afterEach(async () => {
  await gh.close();
  await world.dispose();
});

const total: CaseSpec = { classname: 'app.Cart', name: 'total', file: 'src/cart.test.ts', message: 'expected 3 to be 4' };
const tax: CaseSpec = { classname: 'app.Cart', name: 'tax', file: 'src/tax.test.ts', message: 'rounding' };

async function ciRun(cases: CaseSpec[], inputs: Record<string, string>, options: RunOptions & { pull?: { base: string; head: string; body?: string; fork?: boolean } } = {}): Promise<ActionRun> {
  await world.writeReport('reports/test.xml', junitXml(cases));
  const { pull, ...rest } = options;
  const event = pull
    ? {
        repository: { default_branch: 'main', full_name: 'octo/project' },
        pull_request: { number: pr, body: pull.body ?? '', head: { sha: pull.head, repo: { full_name: pull.fork ? 'mallory/project' : 'octo/project' } }, base: { sha: pull.base } },
      }
    : undefined;
  return world.run({
    ...(pull ? { eventName: 'pull_request', ref: `refs/pull/${pr}/merge`, sha: pull.head, event } : {}),
    ...rest,
    inputs: { token: TOKEN, rerun: fake.command, 'create-issues': 'true', ...inputs },
    env: { GITHUB_API_URL: gh.url, ...rest.env },
  });
}

/** A commit on branch `fix` changing `path`; returns its sha (the workspace stays on `fix`). */
async function commitOnFix(path: string, text: string, message = `change ${path}`): Promise<string> {
  const branches = await git(world.workspace, ['branch', '--list', 'fix']);
  await git(world.workspace, ['checkout', '-q', ...(branches.trim() ? [] : ['-b']), 'fix']);
  await mkdir(join(world.workspace, path, '..'), { recursive: true });
  await writeFile(join(world.workspace, path), text);
  await git(world.workspace, [...ME, 'add', path]);
  await git(world.workspace, [...ME, 'commit', '-q', '-m', message]);
  return (await git(world.workspace, ['rev-parse', 'HEAD'])).trim();
}

/** Merges `fix` into main with a merge commit, pushed, as GitHub's merge button does; returns the merge commit. */
async function mergeFix(): Promise<string> {
  await git(world.workspace, ['checkout', '-q', 'main']);
  await git(world.workspace, [...ME, 'merge', '-q', '--no-ff', '-m', `Merge pull request #${pr}`, 'fix']);
  await git(world.workspace, ['push', '-q', 'origin', 'main']);
  return world.headSha();
}

async function statsLine(id: string): Promise<Record<string, unknown>> {
  const text = (await world.dataFiles()).get('stats/00.json')!;
  const line = text.split('\n').find((l) => l.startsWith(JSON.stringify(id)));
  return JSON.parse(`{${line!.replace(/,$/, '')}}`)[id];
}

const issueOf = (id: string) => gh.state.issues.find((i) => i.title.includes(id.split('::')[1]!) && i.number !== pr);

describe('a claimed fix', () => {
  it('verified on the pull request, released at the first run on main after the merge, quarantined again at once at the next failure, its issue reopened', async () => {
    // On main, `total` fails and passes on one commit: quarantined (its rate: 1 failure in 1 run, Beta(2, 1): a still-flaky
    // test passes N runs with probability 2 / ((N + 1)(N + 2)), at most 5% from N = 5).
    expectOutcome(await ciRun([{ ...total, attempts: 'FP' }], {}), 'success');
    expect((await statsLine(ID)).quarantined).toBe(true);
    const issue = issueOf(ID)!;
    expect(issue.state).toBe('open');
    const base = await world.headSha();

    // The pull request changes the test's file; the fake runner passes it every time.
    const head = await commitOnFix('src/cart.test.ts', 'test("total", () => expect(3).toBe(3));\n');
    await fake.setBehaviour({ tests: { total: 'P' } });
    const verify = await ciRun([{ ...total, attempts: 'P' }], {}, { pull: { base, head } });
    expectOutcome(verify, 'success');
    expect(gh.violations()).toEqual([]);
    expect(JSON.parse(verify.outputs['fixes-verified']!)).toEqual([ID]);
    expect(JSON.parse(verify.outputs['fixes-failed']!)).toEqual([]);
    const [record] = JSON.parse(verify.outputs['fixes-json']!);
    expect(record).toMatchObject({ id: ID, verdict: 'verified', runs: 5, failures: 0, needed: 5, planned: 5, why: ['it changes src/cart.test.ts'] });
    // Five rounds, the test alone in each.
    expect((await fake.rounds()).map((r) => r.tests.map((t) => t.id))).toEqual([[ID], [ID], [ID], [ID], [ID]]);
    expect(decodeEntities(verify.summary)).toContain('### 🧪 Fix verification');
    expect(decodeEntities(verify.summary)).toContain(
      'verified: 0 failures in 5 runs; at its old rate, as its history tells it (1 failure in 1 run: about 1 in 2), a still-flaky test would have failed with 95.2% probability',
    );
    // The PR comment and the owner issue say it.
    const prComment = decodeEntities(gh.state.comments.find((c) => c.issue_number === pr)!.body);
    expect(prComment).toContain('#### 🧪 Fix verification');
    expect(prComment).toContain('verified: 0 failures in 5 runs');
    const onIssue = gh.state.comments.filter((c) => c.issue_number === issue.number);
    expect(decodeEntities(onIssue.at(-1)!.body)).toMatch(/^🧪 Fix verification on pull request #\d+ \(at [0-9a-f]{12}\): verified: 0 failures in 5 runs/);
    // Recorded on the data branch; the quarantine stays until the change lands.
    const recorded = await statsLine(ID);
    expect(recorded.quarantined).toBe(true);
    expect(recorded.fix).toMatchObject({ pr, head, runs: 5, failures: 0, verdict: 'verified' });

    // A re-run of the workflow does not comment on the issue again.
    const comments = gh.state.comments.filter((c) => c.issue_number === issue.number).length;
    await fake.setBehaviour({ tests: { total: 'P' } });
    expectOutcome(await ciRun([{ ...total, attempts: 'P' }], {}, { pull: { base, head } }), 'success');
    expect(gh.state.comments.filter((c) => c.issue_number === issue.number)).toHaveLength(comments);
    // It verified again, with the rate its history has now (its pull-request run passed: 1 failure in 2 runs, Beta(2, 2):
    // 6 / ((N + 2)(N + 3)) <= 5% from N = 9): the newest record stands.
    const runs = ((await statsLine(ID)).fix as { runs: number }).runs;
    expect(runs).toBe(9);

    // A run on main before the merge releases nothing.
    await git(world.workspace, ['checkout', '-q', 'main']);
    const before = await ciRun([{ ...total, attempts: 'P' }], {});
    expect(JSON.parse(before.outputs.released!)).toEqual([]);

    // Merged at the verified head: the first run on main releases it, with the evidence in decisions.json.
    const merge = await mergeFix();
    gh.seed.pullRequest({ number: pr, head_sha: head, head_ref: 'fix', base_sha: base, merged_at: '2026-11-27T00:00:00Z', merge_commit_sha: merge });
    const landed = await ciRun([{ ...total, attempts: 'P' }], {});
    expectOutcome(landed, 'success');
    expect(gh.violations()).toEqual([]);
    // One request per pending fix and run on main: the run before the merge asked too.
    expect(gh.requests.filter((r) => r.operationId === 'pulls/get')).toHaveLength(2);
    expect(JSON.parse(landed.outputs.released!)).toEqual([ID]);
    expect(decodeEntities(landed.summary)).toContain(`its fix, verified on pull request #${pr}, landed in ${merge.slice(0, 12)}: released.`);
    const released = await statsLine(ID);
    expect(released.quarantined).toBe(false);
    expect(released.reason).toBe(
      `released: its fix was verified (0 failures in ${runs} runs at ${head.slice(0, 12)} on pull request #${pr}) and landed on the default branch in ${merge.slice(0, 12)}`,
    );
    const decisions = (await world.dataFiles()).get('decisions.json')!;
    const events = JSON.parse(decisions).tests[ID].events as Array<{ event: string; reason: string }>;
    expect(events.at(-1)).toMatchObject({ event: 'released', reason: released.reason });
    expect(issueOf(ID)!.state).toBe('closed');

    // The next failure on main: it blocks (it is not quarantined), and it is quarantined again at once.
    await world.commit('later');
    const failing = await ciRun([{ ...total, attempts: 'F' }], { rerun: '' });
    expectOutcome(failing, 'failure');
    const again = await statsLine(ID);
    expect(again.quarantined).toBe(true);
    expect(again.reason).toMatch(/^failed again after its verified fix released it .*: quarantined again at once/);
    expect(issueOf(ID)!.state).toBe('open');
    expect(gh.violations()).toEqual([]);
  }, 120_000);
});

describe('claims that do not verify', () => {
  it('a failing fix, a capped one, an unknown id and a test not quarantined each say so; a fork records nothing', async () => {
    expectOutcome(
      await ciRun(
        [
          { ...total, attempts: 'FP' },
          { ...tax, attempts: 'FP' },
          { classname: 'app.Cart', name: 'steady', attempts: 'P' },
        ],
        {},
      ),
      'success',
    );
    const base = await world.headSha();
    const head = await commitOnFix('src/cart.test.ts', 'retry\n', `Retry the total\n\nflakeguard: fix ${TAX}\n`);
    // `total` fails its second run; `tax` passes every run, but the budget allows 2 of the 5 its rate needs.
    await fake.setBehaviour({ tests: { total: 'PF', tax: 'P' } });
    const body = ['Two fixes.', 'flakeguard: fix app.Cart::nope<b>@team</b>', 'flakeguard: fix app.Cart::steady'].join('\n');
    const run = await ciRun(
      [
        { ...total, attempts: 'P' },
        { ...tax, attempts: 'P' },
        { classname: 'app.Cart', name: 'steady', attempts: 'P' },
      ],
      { 'fix-verify-max-runs': '2' },
      { pull: { base, head, body } },
    );
    expectOutcome(run, 'success');
    expect(gh.violations()).toEqual([]);
    expect(JSON.parse(run.outputs['fixes-verified']!)).toEqual([]);
    expect(JSON.parse(run.outputs['fixes-failed']!)).toEqual([ID]);
    const records = JSON.parse(run.outputs['fixes-json']!) as Array<Record<string, unknown>>;
    expect(records.find((r) => r.id === ID)).toMatchObject({ verdict: 'failed', runs: 2, failures: 1 });
    expect(records.find((r) => r.id === TAX)).toMatchObject({ verdict: 'inconclusive', runs: 2, failures: 0, needed: 5, planned: 2, capped: 'fix-verify-max-runs' });
    expect(decodeEntities(run.summary)).toContain('failed: 1 failure in 2 runs; the flakiness is still there (its old rate: 1 in 2)');
    expect(decodeEntities(run.summary)).toMatch(
      /inconclusive: 0 failures in 2 runs, fewer than the 5 that its old rate, as its history tells it \(1 failure in 1 run: about 1 in 2\), needs \(fix-verify-max-runs capped them\); a still-flaky test would have failed with only 83\.3% probability, below 95%, so this verdict is weaker and releases nothing/,
    );
    // Unknown and not quarantined: notices, the hostile id escaped in the summary.
    expect(run.stdout).toContain("::notice title=flakeguard fix verification::Fix verification: 'app.Cart::nope<b>@team</b>' (claimed fixed in the pull request's body) is no test flakeguard knows");
    expect(run.stdout).toContain("Fix verification: 'app.Cart::steady' (claimed fixed in the pull request's body) is not quarantined: there is nothing to release, so it was not verified");
    expect(run.summary).not.toContain('<b>');
    expect(run.summary).not.toMatch(/@team/);
    // Recorded as they are: neither releases anything.
    expect((await statsLine(ID)).fix).toMatchObject({ verdict: 'failed', failures: 1 });
    expect((await statsLine(TAX)).fix).toMatchObject({ verdict: 'inconclusive', runs: 2 });

    // The same pull request from a fork: verified and shown, recorded nowhere.
    await fake.setBehaviour({ tests: { total: 'P', tax: 'P' } });
    const before = await world.dataCommits();
    const fork = await ciRun(
      [
        { ...total, attempts: 'P' },
        { ...tax, attempts: 'P' },
      ],
      {},
      { pull: { base, head, fork: true } },
    );
    expectOutcome(fork, 'success');
    expect(JSON.parse(fork.outputs['fixes-verified']!)).toEqual([ID, TAX]);
    expect(decodeEntities(fork.summary)).toContain('recorded nowhere, so they release nothing');
    expect(await world.dataCommits()).toEqual(before);
  }, 120_000);
});
