/**
 * The pull-request comment, end to end: the bundled dist/index.js run as a runner would on `pull_request` events,
 * against the local GitHub fake that checks every request against GitHub's OpenAPI description (a pull request is an
 * issue there: its comments are issue comments).
 */
import { createHash } from 'node:crypto';
import { execFile } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { World, junitXml, type ActionRun, type CaseSpec, type RunOptions } from '../support/action.ts';
import { fakeResponses, startGitHubFake, type FakeGitHub } from '../support/github-fake/index.ts';
import { decodeEntities } from '../report/markdown-checks.ts';
import { expectOutcome } from '../support/expect.ts';

const run = promisify(execFile);
const TOKEN = 'ghs_pr_comment_test';
const MARKER = '<!-- flakeguard:pr-comment -->';
const COMMENT_MAX = 65_536;

let world: World;
let gh: FakeGitHub;
let pr: number;

beforeEach(async () => {
  world = await World.create();
  gh = await startGitHubFake({ owner: 'octo', repo: 'project', token: TOKEN });
  pr = gh.seed.issue({ title: 'Add the cart' }).number;
});
afterEach(async () => {
  await gh.close();
  await world.dispose();
});

const prEvent = (fork = false, shas?: { base: string; head: string }) => ({
  repository: { default_branch: 'main', full_name: 'octo/project' },
  pull_request: {
    number: pr,
    head: { repo: { full_name: fork ? 'mallory/project' : 'octo/project' }, ...(shas ? { sha: shas.head } : {}) },
    ...(shas ? { base: { sha: shas.base } } : {}),
  },
});

/** One run of the workflow on the pull request (or, with `push`, on main). */
async function ciRun(cases: CaseSpec[], inputs: Record<string, string> = {}, options: RunOptions & { push?: boolean; fork?: boolean; shas?: { base: string; head: string } } = {}): Promise<ActionRun> {
  await world.writeReport(`reports/${options.job ?? 'test'}${inputs['job-key'] ?? ''}.xml`, junitXml(cases));
  const { push, fork, shas, ...rest } = options;
  return world.run({
    ...(push ? {} : { eventName: 'pull_request', ref: `refs/pull/${pr}/merge`, event: prEvent(fork, shas) }),
    ...rest,
    inputs: { token: TOKEN, ...inputs },
    env: { GITHUB_API_URL: gh.url, ...rest.env },
  });
}

const comments = () => gh.state.comments.filter((c) => c.issue_number === pr);
const commentRequests = () => gh.requests.filter((r) => r.operationId?.startsWith('issues/') && r.operationId.includes('comment'));

const flaky: CaseSpec = { classname: 'app.Cart', name: 'total', file: 'src/cart.test.ts', message: 'expected 3 to be 4' };
const real: CaseSpec = { classname: 'app.Cart', name: 'checkout', file: 'src/cart.test.ts', message: 'checkout broke' };
const ok: CaseSpec = { classname: 'app.Util', name: 'ok' };

describe('one comment per pull request', () => {
  it('is created with what blocks and what was forgiven, then edited in place; a clean run says so', async () => {
    // On main, `total` fails and passes on one commit: quarantined as flaky.
    expectOutcome(await ciRun([ok, { ...flaky, attempts: 'FP' }], {}, { push: true }), 'success');
    expect(commentRequests()).toEqual([]);

    const first = await ciRun([ok, { ...flaky, attempts: 'F' }, { ...real, attempts: 'F' }]);
    expectOutcome(first, 'failure');
    expect(gh.violations()).toEqual([]);
    expect(comments()).toHaveLength(1);
    const body = comments()[0]!.body;
    expect(body.startsWith(`${MARKER}\n`)).toBe(true);
    expect(body).toContain('#### ❌ Blocking (1)');
    expect(body).toContain('- **app.Cart&#58;&#58;checkout**: checkout broke. Blocks because not quarantined.');
    expect(body).toContain('#### ⚠️ Forgiven: quarantined as flaky (1)');
    expect(body).toMatch(
      /- \*\*app\.Cart&#58;&#58;total\*\*: expected 3 to be 4\. .*PFS [0-9.]+ \[[0-9.]+, [0-9.]+\] · recent runs ↻✗ · failed and passed on the same commit 2 times in 2 runs.*Stats line in `stats\/00\.json`\./,
    );
    expect(body).toMatch(/\[This run\]\(https:\/\/github\.com\/octo\/project\/actions\/runs\/\d+\/attempts\/1\)/);
    expect(body).toContain('[flakeguard&#45;data](https://github.com/octo/project/tree/flakeguard-data)');
    const id = comments()[0]!.id;

    // The fix is pushed: the next run tests another commit.
    await world.commit('fix checkout');
    const clean = await ciRun([ok, { ...flaky, attempts: 'P' }, { ...real, attempts: 'P' }]);
    expectOutcome(clean, 'success');
    expect(gh.violations()).toEqual([]);
    expect(comments()).toHaveLength(1);
    expect(comments()[0]!.id).toBe(id);
    expect(comments()[0]!.body).toContain('is clean: nothing blocks, nothing was forgiven, no test was flaky.');
    expect(comments()[0]!.body).not.toContain('Blocking');
    expect(gh.requests.filter((r) => r.operationId === 'issues/update-comment')).toHaveLength(1);
  });

  it('auto: a clean run with no comment creates none; always: it does; off: no request at all', async () => {
    expectOutcome(await ciRun([ok]), 'success');
    expect(comments()).toEqual([]);
    expectOutcome(await ciRun([ok], { 'pr-comment': 'off' }), 'success');
    expect(comments()).toEqual([]);
    const listed = commentRequests().length;
    expectOutcome(await ciRun([ok], { 'pr-comment': 'always' }), 'success');
    expect(comments()).toHaveLength(1);
    expect(comments()[0]!.body).toContain('is clean');
    expect(commentRequests().length).toBeGreaterThan(listed);
    // A push run never comments.
    const before = commentRequests().length;
    expectOutcome(await ciRun([{ ...real, attempts: 'F' }], { 'pr-comment': 'always' }, { push: true }), 'failure');
    expect(commentRequests()).toHaveLength(before);
    expect(gh.violations()).toEqual([]);
  });
});

describe('a quarantine that the pull request touches', () => {
  /** A commit on a pull-request branch of the workspace that changes `path`; returns its sha. */
  async function change(path: string, text: string): Promise<string> {
    const git = (args: string[]) => run('git', ['-C', world.workspace, '-c', 'user.name=Dev', '-c', 'user.email=dev@example.com', ...args]);
    await mkdir(dirname(join(world.workspace, path)), { recursive: true });
    await writeFile(join(world.workspace, path), text);
    await git(['add', path]);
    await git(['commit', '-q', '-m', `change ${path}`]);
    return (await git(['rev-parse', 'HEAD'])).stdout.trim();
  }

  it('auto: a pull request that changes the file of a quarantined test gets a comment naming it; another file, or a base not in the clone, none', async () => {
    // On main, `total` (in src/cart.test.ts) fails and passes on one commit: quarantined as flaky.
    expectOutcome(await ciRun([ok, { ...flaky, attempts: 'FP' }], {}, { push: true }), 'success');
    const base = await world.headSha();
    const passing = [ok, { ...flaky, attempts: 'P' }];

    // The pull request changes another file: nothing to say.
    const other = await change('src/util.ts', 'export const x = 1;\n');
    expectOutcome(await ciRun(passing, {}, { shas: { base, head: other } }), 'success');
    expect(comments()).toEqual([]);

    // A base commit the clone does not have (a shallow checkout): an info line, never a failure.
    const shallow = await ciRun(passing, {}, { shas: { base: '1'.repeat(40), head: other } });
    expectOutcome(shallow, 'success');
    expect(shallow.stdout).toContain(`does not say which quarantined tests this pull request touches: the pull request's base commit ${'1'.repeat(12)} is not in the clone`);
    expect(comments()).toEqual([]);

    // It changes the quarantined test's file.
    const head = await change('src/cart.test.ts', 'test("total", () => {});\n');
    const touching = await ciRun(passing, {}, { shas: { base, head } });
    expectOutcome(touching, 'success');
    expect(gh.violations()).toEqual([]);
    expect(comments()).toHaveLength(1);
    const body = comments()[0]!.body;
    expect(body).toContain('#### 🩹 This pull request changes the file of 1 quarantined test');
    expect(body).toMatch(/- \*\*app\.Cart&#58;&#58;total\*\* in src\/cart\.test\.ts: failed and passed on the same commit .*\. Its quarantine is in `stats\/00\.json`\./);
    expect(body).not.toContain('app.Util');
  });
});

describe('a matrix', () => {
  it('two jobs with different job keys, run at once, each keep their section in the one comment', async () => {
    await world.writeReport('reports/linux.xml', junitXml([{ ...real, attempts: 'F' }]));
    await world.writeReport('reports/windows.xml', junitXml([{ ...flaky, name: 'on windows', attempts: 'FP' }]));
    const run = (key: string) =>
      world.run({
        eventName: 'pull_request',
        ref: `refs/pull/${pr}/merge`,
        event: prEvent(),
        inputs: { token: TOKEN, reports: `reports/${key}.xml`, 'job-key': `os=${key}` },
        env: { GITHUB_API_URL: gh.url },
      });
    const [linux, windows] = await Promise.all([run('linux'), run('windows')]);
    expectOutcome(linux, 'failure');
    expectOutcome(windows, 'success');
    expect(gh.violations()).toEqual([]);
    expect(comments()).toHaveLength(1);
    const body = comments()[0]!.body;
    expect(body).toMatch(/### ❌ os&#61;linux: Fix 1 failing test&#58; /);
    expect(body).toMatch(/### ✅ os&#61;windows: Nothing to do&#58; 1 flaky failure passed on a retry/);
    expect(body.match(/<!-- flakeguard:section=[0-9a-f]{16} -->/g)).toHaveLength(2);
  });
});

describe('permissions and forks', () => {
  it('without pull-requests: write (403), a notice and the outcome unchanged', async () => {
    gh.failNext({ operationId: 'issues/create-comment' }, fakeResponses.permissionDenied());
    const run = await ciRun([ok, { ...flaky, attempts: 'FP' }]);
    expectOutcome(run, 'success');
    expect(run.stdout).toMatch(
      /::notice title=flakeguard%3A pull-request comment::Could not comment on pull request #\d+ \(403: Resource not accessible by integration.*permissions: pull-requests: write/,
    );
    expect(comments()).toEqual([]);

    gh.failNext({ operationId: 'issues/list-comments' }, fakeResponses.permissionDenied());
    const failing = await ciRun([{ ...real, attempts: 'F' }]);
    expectOutcome(failing, 'failure');
    expect(failing.stdout).toContain('pull-requests: write');
  });

  it('a pull request from a fork gets a notice pointing at docs/forks.md, and no request', async () => {
    const run = await ciRun([{ ...real, attempts: 'F' }], {}, { fork: true });
    expectOutcome(run, 'failure');
    expect(run.stdout).toMatch(
      /::notice title=flakeguard%3A pull-request comment::No comment on pull request #\d+: a pull request from a fork gets a read-only token, which cannot comment\. The workflow_run workflow that saves its results comments instead \(docs\/forks\.md\)/,
    );
    expect(commentRequests()).toEqual([]);
    // A clean run of a fork has nothing to say: no notice.
    await world.commit('fix');
    const clean = await ciRun([{ ...real, attempts: 'P' }], {}, { fork: true });
    expectOutcome(clean, 'success');
    expect(clean.stdout).not.toContain('pull-request comment');
  });
});

describe('untrusted names', () => {
  it('renders hostile test names and messages as text: no HTML, link, mention, issue reference or code span', async () => {
    const hostile = ['@octo/security-team look', 'closes #1', '<img src=x onerror=alert(1)>', '](javascript:alert(1))', 'has `backticks` and ```', 'n'.repeat(100_000)];
    const cases = hostile.map((name, i): CaseSpec => ({ classname: 'evil', name, attempts: 'F', message: `cc @alice ${i} see #2 <b>x</b>` }));
    const run = await ciRun(cases);
    expectOutcome(run, 'failure');
    expect(gh.violations()).toEqual([]);
    const body = comments()[0]!.body;
    // Less what the comment writes itself: its hidden markers, its heading's note, the short commit in a code span.
    const outside = body
      .replace(/<!-- flakeguard:[a-z-]+(=[0-9a-f]{16})? -->/g, '')
      .replace(/<sub>[A-Za-z ,.]+<\/sub>/, '')
      .replace(/`[0-9a-f]{7}`/, '');
    expect(outside).not.toMatch(/[<>`]|\]\(javascript|@[a-z]|(^|[^&])#[0-9]/im);
    expect(body).not.toContain('n'.repeat(300));
    const decoded = decodeEntities(body);
    expect(decoded).toContain('<img src=x onerror=alert(1)>');
    expect(decoded).toContain('@\u200bocto/security-team look');
    expect(decoded).toContain('closes #\u200b1');
    expect(decoded).not.toMatch(/@[A-Za-z0-9]|#[0-9]/);
  });

  it('dashboard-url: each listed test links to its page in the dashboard, its id encoded so that no link breaks', async () => {
    const name = 'closes #3 ) [x](javascript:alert(1)) @bob';
    const run = await ciRun(
      [
        { classname: 'evil', name, attempts: 'F' },
        { ...real, attempts: 'F' },
      ],
      { 'dashboard-url': 'https://octo.github.io/project/' },
    );
    expectOutcome(run, 'failure');
    expect(gh.violations()).toEqual([]);
    const body = comments()[0]!.body;
    expect(body).toContain('- [**app.Cart&#58;&#58;checkout**](https://octo.github.io/project/#/test/app.Cart%3A%3Acheckout): checkout broke.');
    const link = `https://octo.github.io/project/#/test/${encodeURIComponent(`evil::${name}`).replace(/[()'!*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;
    expect(body).toContain(`](${link}):`);
    // The address holds no character that ends a Markdown link or the page's route.
    expect(link.slice('https://octo.github.io/project/#/test/'.length)).toMatch(/^[A-Za-z0-9%._~-]+$/);
    // The page reads the id back from the hash as it was.
    expect(decodeURIComponent(link.slice(link.indexOf('#/test/') + '#/test/'.length))).toBe(`evil::${name}`);

    // Not an http(s) address: an input error.
    const bad = await ciRun([ok], { 'dashboard-url': 'javascript:alert(1)' });
    expect(bad.exitCode).toBe(1);
    expect(bad.stdout + bad.stderr).toContain("Input 'dashboard-url' must be an http(s) address");
  });

  it(`stays under GitHub's ${COMMENT_MAX.toLocaleString('en-US')} characters with "and N more"`, async () => {
    // Eight other jobs' sections already fill the comment: theirs are shortened, this job's is written whole.
    const others = Array.from({ length: 8 }, (_, i) => {
      const key = createHash('sha256').update(`other ${i}`).digest('hex').slice(0, 16);
      return `<!-- flakeguard:section=${key} -->\n### ✅ job ${i}\n\n${'x'.repeat(20_000)}\n<!-- flakeguard:end=${key} -->`;
    });
    gh.seed.comment({ issue_number: pr, body: `${MARKER}\n## flakeguard\n\n${others.join('\n\n')}\n` });
    const cases = Array.from({ length: 600 }, (_, i): CaseSpec => ({ classname: `pkg.Suite${i}`, name: `test ${i} ${'w'.repeat(400)}`, attempts: 'F', message: 'm'.repeat(2000) }));
    const run = await ciRun(cases);
    expectOutcome(run, 'failure');
    expect(gh.violations()).toEqual([]);
    const body = comments()[0]!.body;
    expect(body.length).toBeLessThanOrEqual(COMMENT_MAX);
    const more = /- _…and ([0-9,]+) more tests: see the job summary\._/.exec(body);
    expect(more).not.toBeNull();
    expect(body.split('\n').filter((l) => l.startsWith('- **')).length + Number(more![1]!.replace(/,/g, ''))).toBe(600);
    expect(comments()).toHaveLength(1);
    expect(body.match(/<!-- flakeguard:section=[0-9a-f]{16} -->/g)).toHaveLength(9);
    expect(body.match(/This job's section was shortened/g)!.length).toBeGreaterThan(0);
    expect(body).toMatch(/### ✅ job 7/);
  });
});

describe("other people's comments that carry the marker", () => {
  /** A section as flakeguard writes one, under a key of its own, holding `text`. */
  const section = (identity: string, text: string): string => {
    const key = createHash('sha256').update(identity).digest('hex').slice(0, 16);
    return `<!-- flakeguard:section=${key} -->\n${text}\n<!-- flakeguard:end=${key} -->`;
  };
  const HOSTILE = [
    '### ✅ all jobs: all tests passed',
    '',
    'All 1,204 tests passed. cc @octo/security-team @alice: [re-authorise flakeguard here](https://evil.example/login)',
    '![](https://evil.example/track.gif) <img src="https://evil.example/pixel.png">',
    '<details><summary>more</summary>',
    '',
  ].join('\n');
  const marked = (text: string) => `${MARKER}\n## flakeguard\n\n${section('forged', text)}\n`;
  const writes = () => gh.requests.filter((r) => r.operationId === 'issues/update-comment' || r.operationId === 'issues/delete-comment');
  /** What the bot's comment must never carry from the hostile comments. */
  const expectNothingHostile = (body: string) => {
    expect(body).not.toContain('evil.example');
    expect(body).not.toContain('all tests passed');
    expect(body).not.toMatch(/<details|<img|@alice|@octo/);
    expect(body.match(/<!-- flakeguard:section=[0-9a-f]{16} -->/g)).toHaveLength(1);
  };

  it('is never merged, edited or deleted: the bot writes a comment of its own, whether the person’s is older or newer', async () => {
    const older = gh.seed.comment({ issue_number: pr, user: 'mallory', body: marked(HOSTILE) });
    const newer = gh.seed.comment({ issue_number: pr, user: 'eve', body: `${MARKER}\n${section('forged 2', '### ✅ everything: all tests passed\n\n@alice see https://evil.example/x')}\n` });
    const failing = await ciRun([ok, { ...real, attempts: 'F' }]);
    expectOutcome(failing, 'failure');
    expect(gh.violations()).toEqual([]);
    expect(comments().find((c) => c.id === older.id)).toEqual(older);
    expect(comments().find((c) => c.id === newer.id)).toEqual(newer);
    expect(writes().filter((r) => r.path.endsWith(`/${older.id}`) || r.path.endsWith(`/${newer.id}`))).toEqual([]);
    const own = comments().filter((c) => c.user === 'github-actions[bot]');
    expect(own).toHaveLength(1);
    expect(own[0]!.body).toContain('#### ❌ Blocking (1)');
    expectNothingHostile(own[0]!.body);
    // Who the token is was asked once, of GraphQL's viewer (GET /user refuses an installation's token).
    expect(gh.requests.filter((r) => r.operationId === '_fake/graphql-viewer')).toHaveLength(1);
    expect(failing.stdout).toMatch(/2 comments on pull request #\d+ start with flakeguard's marker but are not by github-actions\[bot\] \(by mallory, eve\): left as they are, never read\./);

    // The next run finds the bot's comment among them and edits it in place.
    await world.commit('fix checkout');
    expectOutcome(await ciRun([ok, { ...real, attempts: 'P' }]), 'success');
    expect(gh.violations()).toEqual([]);
    expect(comments()).toHaveLength(3);
    expect(comments().find((c) => c.id === own[0]!.id)!.body).toContain('is clean');
    expect(comments().find((c) => c.id === older.id)).toEqual(older);
    expect(comments().find((c) => c.id === newer.id)).toEqual(newer);
    expectNothingHostile(comments().find((c) => c.id === own[0]!.id)!.body);
  });

  it("an older person's marker comment whose edit GitHub would refuse: the bot's comment is written all the same", async () => {
    const older = gh.seed.comment({ issue_number: pr, user: 'mallory', body: marked(HOSTILE) });
    gh.failNext({ operationId: 'issues/update-comment', pathPattern: new RegExp(`/${older.id}$`) }, fakeResponses.permissionDenied(), Infinity);
    const failing = await ciRun([{ ...real, attempts: 'F' }]);
    expectOutcome(failing, 'failure');
    expect(gh.violations()).toEqual([]);
    expect(failing.stdout).not.toContain('Could not comment');
    const own = comments().filter((c) => c.user === 'github-actions[bot]');
    expect(own).toHaveLength(1);
    expect(own[0]!.body).toContain('checkout broke');
    expect(comments().find((c) => c.id === older.id)).toEqual(older);
  });

  it("the bot's own comment keeps its place; a person's later marker comment is neither merged nor deleted; sections kept from the bot's comment are inert", async () => {
    const mine = gh.seed.comment({ issue_number: pr, user: 'github-actions[bot]', body: marked(HOSTILE) });
    const theirs = gh.seed.comment({ issue_number: pr, user: 'mallory', body: `${MARKER}\n${section('forged 2', '### ✅ all tests passed\n\n[log in](https://evil.example/login)')}\n` });
    // Asking who the token is fails: it is taken to be GITHUB_TOKEN's, whose comments are github-actions[bot]'s.
    gh.failNext({ pathPattern: /^\/graphql$/ }, fakeResponses.badGateway());
    const failing = await ciRun([{ ...real, attempts: 'F' }]);
    expect(failing.stdout).toContain('Could not ask who the token is (');
    expect(gh.requests.filter((r) => r.operationId === '_fake/graphql-viewer').map((r) => r.status)).toEqual([502]);
    expectOutcome(failing, 'failure');
    expect(gh.violations()).toEqual([]);
    expect(comments().find((c) => c.id === theirs.id)).toEqual(theirs);
    expect(writes().filter((r) => r.path.endsWith(`/${theirs.id}`))).toEqual([]);
    const body = comments().find((c) => c.id === mine.id)!.body;
    expect(body).toContain('checkout broke');
    expect(body.match(/<!-- flakeguard:section=[0-9a-f]{16} -->/g)).toHaveLength(2);
    // The kept section is shown as text: no tag, no image, no mention, nothing left open to fold this job's section away.
    expect(body).not.toMatch(/<details|<img|!\[|@alice|@octo|https:\/\/evil/);
    expect(decodeEntities(body)).toContain('<details><summary>more</summary>');
    expect(body.indexOf('checkout broke')).toBeGreaterThan(body.indexOf('details'));
  });

  it('a token that is a person’s (a personal access token): that person’s marker comments are flakeguard’s, nobody else’s', async () => {
    await gh.close();
    gh = await startGitHubFake({ owner: 'octo', repo: 'project', token: TOKEN, actor: 'release-bot-user' });
    pr = gh.seed.issue({ title: 'Add the cart' }).number;
    const mine = gh.seed.comment({ issue_number: pr, user: 'release-bot-user', body: `${MARKER}\n## flakeguard\n` });
    const theirs = gh.seed.comment({ issue_number: pr, user: 'github-actions[bot]', body: marked(HOSTILE) });
    const failing = await ciRun([{ ...real, attempts: 'F' }]);
    expectOutcome(failing, 'failure');
    expect(gh.violations()).toEqual([]);
    expect(comments()).toHaveLength(2);
    expect(comments().find((c) => c.id === theirs.id)).toEqual(theirs);
    expect(comments().find((c) => c.id === mine.id)!.body).toContain('checkout broke');
    expectNothingHostile(comments().find((c) => c.id === mine.id)!.body);
  });
});
