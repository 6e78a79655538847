/**
 * Issues for test owners, end to end: the bundled dist/index.js run as a runner would, against the local GitHub
 * fake that checks every request against GitHub's OpenAPI description.
 */
import { createHash } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { World, junitXml, type ActionRun, type CaseSpec, type RunOptions } from '../support/action.ts';
import { fakeResponses, startGitHubFake, type FakeGitHub, type IssueRecord } from '../support/github-fake/index.ts';
import { expectOutcome } from '../support/expect.ts';

const TOKEN = 'ghs_issues_test';
const ID = 'app.Cart::total';
const hash = (id: string): string => createHash('sha256').update(id).digest('hex');
const marker = (id: string): string => `<!-- flakeguard:test-id=${hash(id)} -->`;

let world: World;
let gh: FakeGitHub;

beforeEach(async () => {
  world = await World.create();
  gh = await startGitHubFake({ owner: 'octo', repo: 'project', token: TOKEN });
  await world.writeReport('.github/CODEOWNERS', '*  @octo/qa\nsrc/cart/  @alice @octo/cart-team\n');
});
afterEach(async () => {
  await gh.close();
  await world.dispose();
});

/** One CI run: the reports of `cases` on a new commit, flakeguard with create-issues against the fake. */
async function ciRun(cases: CaseSpec[], inputs: Record<string, string> = {}, options: RunOptions = {}): Promise<ActionRun> {
  await world.commit(`change ${Math.random()}`);
  await world.writeReport('reports/unit.xml', junitXml(cases));
  return world.run({
    ...options,
    inputs: { token: TOKEN, 'create-issues': 'true', ...inputs },
    env: { GITHUB_API_URL: gh.url, ...options.env },
  });
}

const flaky = (attempts = 'FP', name = 'total', extra: Partial<CaseSpec> = {}): CaseSpec => ({
  classname: 'app.Cart',
  name,
  attempts,
  file: 'src/cart/cart.test.ts',
  message: 'expected 3 to be 4 (cc @mallory)',
  ...extra,
});
const stable: CaseSpec = { classname: 'app.Util', name: 'ok', file: 'src/util.test.ts' };

const ops = (op: string): number => gh.requests.filter((r) => r.operationId === op && (r.status ?? 0) < 400).length;
const writes = (): number => gh.requests.filter((r) => r.method !== 'GET').length;
const commentsOn = (n: number) => gh.state.comments.filter((c) => c.issue_number === n);

/** A person closes the issue in GitHub's UI. */
function closeByHand(issue: IssueRecord, reason: 'completed' | 'not_planned' = 'completed'): void {
  const t = new Date().toISOString();
  Object.assign(issue, { state: 'closed', state_reason: reason, closed_at: t, closed_by: 'alice', updated_at: t });
}

describe('opening', () => {
  it('opens one issue for a newly quarantined test, for its CODEOWNERS owners, and never a second one', async () => {
    // A plain failure on the default branch blocks but is no proof of flakiness: no quarantine, no issue.
    expectOutcome(await ciRun([stable, flaky('F')], { 'test-outcome': 'failure' }), 'failure');
    expect(gh.state.issues).toEqual([]);
    expect(ops('issues/list-for-repo')).toBe(1);

    // Failing and passing on one commit is: quarantined, and the issue lists both failing runs.
    const second = await ciRun([stable, flaky()]);
    expectOutcome(second, 'success');
    expect(JSON.parse(second.outputs['newly-quarantined']!)).toEqual([ID]);
    expect(gh.violations()).toEqual([]);
    expect(gh.state.issues).toHaveLength(1);
    const issue = gh.state.issues[0]!;
    expect(issue.title).toBe(`Flaky test: ${ID}`);
    expect(issue.labels).toEqual(['flaky-test']);
    expect(gh.state.labels.find((l) => l.name === 'flaky-test')).toMatchObject({ color: 'fbca04' });
    // Users are assigned; users and teams are mentioned; nothing from the report is.
    expect(issue.assignees).toEqual(['alice']);
    const body = issue.body!;
    expect(body).toContain(marker(ID));
    expect(body).toContain('@alice, @octo/cart-team (.github/CODEOWNERS line 2: src/cart/)');
    expect(body).not.toContain('@octo/qa');
    expect(body).not.toContain('@mallory');
    expect(body).toMatch(/\| failed → passed \| expected[^|\n]* to be 4 &#40;cc &#64;mallory&#41; \|/);
    // Score, history, runs, and how to act by hand.
    expect(body).toMatch(/Now: \*\*0\.\d{3} \(90% interval 0\.\d{3}–0\.\d{3}\)\*\*/);
    expect(body).toContain('https://github.com/octo/project/actions/runs/1001)');
    expect(body).toContain('https://github.com/octo/project/actions/runs/1002)');
    expect(body).toContain('stats/00.json');
    expect(body).toContain('&quot;app.Cart&#58;&#58;total&quot;&#58; &#123;&quot;override&quot;&#58; &quot;never&quot;');
    expect(body).toContain('https://github.com/octo/project/edit/flakeguard-data/stats/00.json');
    expect(second.summary).toContain('#### Issues for test owners');
    expect(second.summary).toContain('Opened [#1](https://github.com/octo/project/issues/1)');

    // Still flaky, still quarantined: nothing new to say, so nothing is written.
    const before = writes();
    expectOutcome(await ciRun([stable, flaky()]), 'success');
    expect(gh.state.issues).toHaveLength(1);
    expect(writes()).toBe(before);
    expect(gh.violations()).toEqual([]);
  });

  it('finds an existing issue through its marker and comments on it instead of opening another', async () => {
    gh.seed.issue({ title: 'Flaky test: app.Cart::total (older)', body: `Tracked by hand\n${marker(ID)}`, labels: ['flaky-test'] });
    // One flaky run quarantines the test; a second one, still quarantined, adds nothing.
    await ciRun([flaky()]);
    await ciRun([flaky()]);
    expect(gh.violations()).toEqual([]);
    expect(gh.state.issues).toHaveLength(1);
    expect(ops('issues/create')).toBe(0);
    const comments = commentsOn(1);
    expect(comments).toHaveLength(1);
    expect(comments[0]!.body).toContain('flakeguard **quarantined** this test in run [1001](https://github.com/octo/project/actions/runs/1001)');
    // The description is flakeguard's from now on, marker kept.
    expect(gh.state.issues[0]!.body).toContain(marker(ID));
    expect(gh.state.issues[0]!.body).toContain('flakeguard quarantined this test');
  });

  it('finds an issue that lost its label through search, and labels it again rather than opening a duplicate', async () => {
    gh.seed.issue({ title: 'Flaky test: app.Cart::total', body: `${marker(ID)}\nold text` });
    // Quarantined in the first run, which finds the issue; the second finds it by its label again, without a search.
    const run = await ciRun([flaky()]);
    await ciRun([flaky()]);
    expect(gh.violations()).toEqual([]);
    expect(ops('search/issues-and-pull-requests')).toBe(1);
    expect(ops('issues/create')).toBe(0);
    expect(gh.state.issues).toHaveLength(1);
    expect(gh.state.issues[0]!.labels).toEqual(['flaky-test']);
    expect(run.summary).toContain('without its label and labelled it again');
  });

  it('closes extra open issues of the same test as duplicates of the oldest', async () => {
    gh.seed.issue({ title: 'first', body: marker(ID), labels: ['flaky-test'] });
    gh.seed.issue({ title: 'second', body: marker(ID), labels: ['flaky-test'] });
    gh.seed.issue({ title: 'another test', body: marker('other::test'), labels: ['flaky-test'] });
    expectOutcome(await ciRun([flaky('P')]), 'success');
    expect(gh.violations()).toEqual([]);
    const [first, second, other] = gh.state.issues;
    expect(first).toMatchObject({ state: 'open' });
    expect(second).toMatchObject({ state: 'closed', state_reason: 'duplicate' });
    expect(commentsOn(2)[0]!.body).toContain('Duplicate of #1');
    expect(other).toMatchObject({ state: 'open' });
    // The duplicate closed by flakeguard is not mistaken for a person's close on the next run.
    const before = writes();
    await ciRun([flaky('P')]);
    expect(writes()).toBe(before);
  });

  it('maps a classname to its file with codeowners-map when the report gives no file; CODEOWNERS from the root before docs/', async () => {
    await rm(join(world.workspace, '.github/CODEOWNERS'));
    await world.writeReport('CODEOWNERS', '*  @root-default\n/src/test/java/com/acme/cart/ @carol\n');
    await world.writeReport('docs/CODEOWNERS', '* @nobody-from-docs\n');
    const jvm: CaseSpec = { classname: 'com.acme.cart.CartTest$WhenEmpty', name: 'addsItem', attempts: 'FP' };
    const inputs = { 'codeowners-map': 'com.acme.** => src/test/java/com/acme/**.java' };
    await ciRun([jvm], inputs);
    await ciRun([jvm], inputs);
    expect(gh.violations()).toEqual([]);
    const issue = gh.state.issues[0]!;
    expect(issue.assignees).toEqual(['carol']);
    expect(issue.body).toContain('| File | src/test/java/com/acme/cart/CartTest.java (mapped from the classname by the `codeowners-map` rule com.acme.&#42;&#42;) |');
    expect(issue.body).toContain('| Owners | @carol (CODEOWNERS line 2: /src/test/java/com/acme/cart/) |');
    expect(issue.body).not.toContain('nobody-from-docs');
  });

  it('defuses mentions and markup from test names and messages; only CODEOWNERS owners are mentioned', async () => {
    const evil: CaseSpec = {
      classname: 'evil.Suite',
      name: '@everyone <img src=x onerror=alert(1)> #1',
      attempts: 'FP',
      file: 'src/cart/evil.test.ts',
      message: 'ping @admin [x](http://evil.example) <b>',
    };
    await ciRun([evil]);
    await ciRun([evil]);
    expect(gh.violations()).toEqual([]);
    const issue = gh.state.issues[0]!;
    expect(issue.title).toBe('Flaky test: evil.Suite::＠everyone <img src=x onerror=alert(1)> ＃1');
    const mentions = [...issue.body!.matchAll(/@[\w/-]+/g)].map((m) => m[0]);
    expect(new Set(mentions)).toEqual(new Set(['@alice', '@octo/cart-team']));
    expect(issue.body).not.toMatch(/<img|<b>|\]\(http:\/\/evil/);
  });
});

describe("the regression check's settings (config file)", () => {
  it('reads policy.pfs.regression-window: the PFS trend in the issue is of that many runs', async () => {
    await world.writeReport('.github/flakeguard.yml', 'policy:\n  pfs:\n    regression-window: 4\n');
    const inputs = { config: '.github/flakeguard.yml' };
    await ciRun([flaky('P')], inputs);
    await ciRun([flaky('P')], inputs);
    const third = await ciRun([flaky()], inputs);
    expectOutcome(third, 'success');
    expect(gh.state.issues).toHaveLength(1);
    // The default window would say "the last 10 runs".
    expect(gh.state.issues[0]!.body).toMatch(/- PFS of the last 4 runs, over time: 0\.\d+ \(1 runs\) → 0\.\d+ \(3 runs\)/);
  });
});

describe('closing and reopening', () => {
  it('closes the issue when the test is released, and reopens it only when it fails flakily again', async () => {
    await world.writeReport('.github/flakeguard.yml', 'policy:\n  release-after-clean-runs: 2\n');
    const inputs = { config: '.github/flakeguard.yml' };
    await ciRun([flaky()], inputs);
    await ciRun([flaky()], inputs);
    expect(gh.state.issues).toHaveLength(1);
    const issue = gh.state.issues[0]!;

    await ciRun([flaky('P')], inputs);
    const released = await ciRun([flaky('P')], inputs);
    expect(JSON.parse(released.outputs.released!)).toEqual([ID]);
    expect(gh.violations()).toEqual([]);
    expect(issue).toMatchObject({ state: 'closed', state_reason: 'completed', closed_by: 'github-actions[bot]' });
    expect(
      commentsOn(1)
        .map((c) => c.body)
        .join('\n'),
    ).toContain('flakeguard **released** this test from quarantine');
    expect(released.summary).toContain('Closed [#1]');

    // Passing again: nothing happens to the closed issue. After a release only newer runs count: the two flips
    // before it (one is enough to enter) do not put the test straight back.
    const passing = await ciRun([flaky('P')], inputs);
    expect(JSON.parse(passing.outputs['quarantined-tests']!)).toEqual([]);
    expect(issue.state).toBe('closed');
    expect(ops('issues/update')).toBe(1);

    // A new flaky failure quarantines it again: the same issue is reopened, owners pinged, no new issue.
    const again = await ciRun([flaky()], inputs);
    expectOutcome(again, 'success');
    expect(gh.violations()).toEqual([]);
    expect(gh.state.issues).toHaveLength(1);
    expect(issue.state).toBe('open');
    const last = commentsOn(1).at(-1)!.body;
    expect(last).toMatch(/^Reopening: the test is quarantined again/);
    expect(last).toContain('@alice @octo/cart-team');
    expect(ops('issues/create')).toBe(1);
  });

  it('a person closing the issue as completed lifts the quarantine on the next run; a one-off failure does not reopen it', async () => {
    await ciRun([stable, flaky()]);
    await ciRun([stable, flaky()]);
    const issue = gh.state.issues[0]!;
    closeByHand(issue);

    const lifted = await ciRun([stable, flaky('P')]);
    expectOutcome(lifted, 'success');
    expect(gh.violations()).toEqual([]);
    expect(JSON.parse(lifted.outputs.released!)).toEqual([ID]);
    expect(JSON.parse(lifted.outputs['quarantined-tests']!)).toEqual([]);
    expect(issue.state).toBe('closed');
    expect(commentsOn(1).at(-1)!.body).toContain('**lifted the quarantine** of this test');
    const stats = JSON.parse((await world.dataFiles()).get('stats/00.json')!) as { tests: Record<string, { quarantined: boolean; reason: string }> };
    expect(stats.tests[ID]).toMatchObject({ quarantined: false });
    expect(stats.tests[ID]!.reason).toMatch(/^issue #1 was closed as completed on \d{4}-\d\d-\d\d, which lifts the quarantine/);

    // A one-off failure after the close (no pass on its commit) is no proof of flakiness, and the two flips before the
    // close no longer count (judged on runs after the close): it blocks, it is not quarantined, the issue stays closed.
    const once = await ciRun([stable, flaky('F')], { 'test-outcome': 'failure' });
    expectOutcome(once, 'failure');
    expect(JSON.parse(once.outputs['quarantined-tests']!)).toEqual([]);
    expect(issue.state).toBe('closed');

    // Failing flakily (failed and passed on one commit): quarantined again, and the issue reopens.
    const twice = await ciRun([stable, flaky()]);
    expect(JSON.parse(twice.outputs['newly-quarantined']!)).toEqual([ID]);
    expect(gh.violations()).toEqual([]);
    expect(issue.state).toBe('open');
    expect(commentsOn(1).at(-1)!.body).toMatch(/^Reopening: the test failed flakily again after this issue was closed/);
    expect(ops('issues/create')).toBe(1);
  });

  it('with close-lifts-quarantine: false, a close by hand leaves the quarantine alone', async () => {
    const inputs = { 'close-lifts-quarantine': 'false' };
    await ciRun([flaky()], inputs);
    await ciRun([flaky()], inputs);
    closeByHand(gh.state.issues[0]!);
    const run = await ciRun([flaky('P')], inputs);
    expect(JSON.parse(run.outputs['quarantined-tests']!)).toEqual([ID]);
    expect(JSON.parse(run.outputs.released!)).toEqual([]);
    expect(gh.state.issues[0]!.state).toBe('closed');
    expect(gh.violations()).toEqual([]);
  });

  it('leaves an issue closed as not planned alone, even while the test keeps failing', async () => {
    await ciRun([flaky()]);
    await ciRun([flaky()]);
    closeByHand(gh.state.issues[0]!, 'not_planned');
    const before = writes();
    const run = await ciRun([flaky()]);
    expect(JSON.parse(run.outputs['quarantined-tests']!)).toEqual([ID]);
    expect(writes()).toBe(before);
    expect(gh.state.issues).toHaveLength(1);
  });
});

describe('the cap and the dry run', () => {
  // Seven flaky tests failing with one message would be an outage if they were half their report or more (never
  // evidence): the report has more other tests, which pass.
  const others: CaseSpec[] = Array.from({ length: 8 }, (_, i) => ({ ...stable, name: `ok${i}` }));
  const many = (attempts: string): CaseSpec[] => [...others, ...Array.from({ length: 7 }, (_, i) => flaky(attempts, `t${i}`))];

  it('opens at most max-issues (default 5) per run; the rest on later runs', async () => {
    const capped = await ciRun(many('FP'));
    expect(JSON.parse(capped.outputs['newly-quarantined']!)).toHaveLength(7);
    expect(gh.violations()).toEqual([]);
    expect(gh.state.issues).toHaveLength(5);
    expect(capped.summary).toContain('2 more to open or reopen on later runs (max-issues: 5)');

    await ciRun(many('FP'));
    expect(gh.violations()).toEqual([]);
    expect(gh.state.issues).toHaveLength(7);
    expect(new Set(gh.state.issues.map((i) => i.title)).size).toBe(7);

    await ciRun(many('FP'), { 'max-issues': '2' });
    expect(gh.state.issues).toHaveLength(7);
  });

  it('issues-dry-run writes the would-be issues to the job summary and nothing to GitHub', async () => {
    const inputs = { 'issues-dry-run': 'true', 'max-issues': '3' };
    const dry = await ciRun([stable, ...many('FP')], inputs);
    expectOutcome(dry, 'success');
    expectOutcome(await ciRun([stable, ...many('FP')], inputs), 'success');
    expect(gh.violations()).toEqual([]);
    expect(gh.requests.filter((r) => r.method !== 'GET')).toEqual([]);
    expect(gh.state.issues).toEqual([]);
    expect(gh.state.labels).toEqual([]);
    const section = dry.summary.slice(dry.summary.indexOf('#### Issues for test owners (dry run)'));
    expect(section.match(/\*\*Would open a new issue\*\*/g)).toHaveLength(3);
    expect(section).toContain('Flaky test&#58; app.Cart&#58;&#58;t0');
    expect(section).toContain('label flaky&#45;test, assignees `alice`');
    expect(section).toContain('4 more would wait for later runs (max-issues: 3)');
    // Owners are shown, not mentioned, in a dry run.
    expect(section).toContain('`@alice`, `@octo/cart-team`');
    expect(section).not.toMatch(/(^|[^`])@(alice|octo)/m);
  });
});

describe('API failures never change the outcome', () => {
  it('no issues: write (403): a warning that says so, the same outcome, and the issue opens once the permission is there', async () => {
    gh.failNext({ operationId: 'issues/create-label' }, fakeResponses.permissionDenied());
    const denied = await ciRun([flaky()]);
    expect(JSON.parse(denied.outputs['newly-quarantined']!)).toEqual([ID]);
    expectOutcome(denied, 'success');
    expect(denied.stdout).toMatch(
      /::warning title=flakeguard issues::flakeguard could not create the label 'flaky-test' \(403: Resource not accessible by integration[^)]*\)\. The workflow's token needs `issues: write`/,
    );
    expect(gh.state.issues).toEqual([]);
    expect(ops('issues/create')).toBe(0);
    expect(gh.violations()).toEqual([]);

    const later = await ciRun([flaky()]);
    expectOutcome(later, 'success');
    expect(gh.state.issues).toHaveLength(1);
  });

  it('a failing run still fails, and a passing one still passes, when the API answers 500 or rate-limits', async () => {
    gh.failNext({ operationId: 'issues/list-for-repo' }, fakeResponses.serverError());
    const broken = await ciRun([stable, { classname: 'app.X', name: 'broken', attempts: 'F' }], { 'test-outcome': 'failure' });
    expectOutcome(broken, 'failure');
    expect(broken.stdout).toMatch(/::warning title=flakeguard issues::flakeguard could not list the issues labelled for flakeguard \(500: Server Error[^)]*\)/);
    expect(gh.requests.filter((r) => r.method !== 'GET')).toEqual([]);

    gh.failNext({ operationId: 'issues/create' }, fakeResponses.rateLimited({ resetInSeconds: 30 }));
    const limited = await ciRun([flaky()]);
    expectOutcome(limited, 'success');
    expect(JSON.parse(limited.outputs['newly-quarantined']!)).toEqual([ID]);
    expect(limited.stdout).toMatch(/::warning title=flakeguard issues::flakeguard could not open an issue for 'app\.Cart:\u200b:total': GitHub's rate limited/);
    expect(gh.state.issues).toEqual([]);
    expect(gh.violations()).toEqual([]);
  });

  it('without a token, create-issues warns and the run goes on', async () => {
    await world.writeReport('reports/unit.xml', junitXml([stable]));
    const run = await world.run({ inputs: { token: '', 'create-issues': 'true' }, env: { GITHUB_API_URL: gh.url } });
    expectOutcome(run, 'success');
    expect(run.stdout).toContain('create-issues needs a token');
    expect(gh.requests).toEqual([]);
  });
});
