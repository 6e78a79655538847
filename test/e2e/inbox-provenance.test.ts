/**
 * Issue 27, findings 6 and 7, against the bundled action and a real bare repository: every parked run is read (junk
 * and newer-schema parcels that sort first never starve a later one), and a parcel is folded in only when it proves it
 * was written by the step of a trusted run (docs/data-branch.md, "Parcels carry provenance"; ADR 0121). The seal is
 * computed here from the documented recipe, not with the action's own code.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { execFileSync, spawnSync } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { World, git, junitXml, type ActionRun } from '../support/action.ts';
import { startGitHubFake, type FakeGitHub } from '../support/github-fake/index.ts';
import { expectOutcome } from '../support/expect.ts';

let world: World;
beforeEach(async () => {
  world = await World.create();
});
afterEach(async () => {
  await world.dispose();
});

const KEY = 'correct horse battery staple';
const KEYED = { 'inbox-key': KEY };
const INBOX = 'refs/heads/flakeguard-data-inbox/';
const REFUSED = 'refs/heads/flakeguard-data-refused/';

const history = async (): Promise<Record<string, { o: string }>> => (JSON.parse((await world.dataFiles()).get('history/00.json')!) as { tests: Record<string, { o: string }> }).tests;
const refs = async (prefix: string): Promise<string[]> => (await git(world.remote, ['for-each-ref', '--format=%(refname)', prefix])).split('\n').filter(Boolean);

/** The seal of docs/data-branch.md: HMAC-SHA256 under a key derived from `inbox-key`, the repository and the data branch. */
function seal(name: string, text: string, key = KEY, repository = 'octo/project', branch = 'flakeguard-data'): string {
  const derived = createHmac('sha256', key).update(`flakeguard inbox seal 1\n${repository}\n${branch}`).digest();
  return `flakeguard-parcel-seal 1 hmac-sha256 ${createHmac('sha256', derived).update(`${name}\n`).update(text).digest('hex')}\n`;
}

/** A commit holding `files`, made in the remote with plumbing (as anyone who may create refs could). */
async function commitOf(files: Record<string, string>): Promise<string> {
  const dir = await mkdtemp(join(world.root, 'craft-'));
  for (const [path, text] of Object.entries(files)) await writeFile(join(dir, path), text);
  const env = { GIT_INDEX_FILE: join(dir, '.index') };
  await git(world.remote, ['--work-tree', dir, 'add', '--', ...Object.keys(files)], env);
  const tree = (await git(world.remote, ['write-tree'], env)).trim();
  await rm(dir, { recursive: true, force: true });
  return (
    await git(world.remote, ['-c', 'user.name=github-actions[bot]', '-c', 'user.email=41898282+github-actions[bot]@users.noreply.github.com', 'commit-tree', tree, '-m', 'flakeguard: parked run'])
  ).trim();
}

/** A parcel in the documented form (docs/data-branch.md) for one job whose tests are `tests` (id → attempts). */
function parcelText(runId: number, tests: Record<string, string>, options: { schema?: number; sha?: string } = {}): string {
  const run = {
    key: `${runId}/test/`,
    runId: String(runId),
    runAttempt: 1,
    job: 'test',
    workflow: 'CI',
    sha: options.sha ?? 'f'.repeat(40),
    ref: 'refs/heads/main',
    onDefaultBranch: true,
    event: 'push',
    time: Date.now() - 1000,
  };
  const parsed = Object.entries(tests).map(([id, attempts]) => ({
    id,
    name: id.split('::')[1],
    classname: id.split('::')[0],
    suite: 'suite',
    report: 'reports/unit.xml',
    attempts: [...attempts].map((c) => (c === 'P' ? { status: 'passed' } : { status: 'failed', message: 'boom' })),
  }));
  return `${JSON.stringify({ kind: 'flakeguard-parcel', schema: options.schema ?? 1, entries: [{ kind: 'flakeguard-results', schema: 1, run, tests: parsed, jobSucceeded: true }] })}\n`;
}

/** A git on PATH that lands another writer's commit right before each of the step's pushes of the data branch. */
async function racingPath(): Promise<string> {
  const realGit = execFileSync('sh', ['-c', 'command -v git'], { encoding: 'utf8' }).trim();
  const bin = join(world.root, 'racing-bin');
  await mkdir(bin, { recursive: true });
  await writeFile(
    join(bin, 'git'),
    `#!/bin/sh\ncase "$*" in *":refs/heads/flakeguard-data")\n  t=$(${realGit} --git-dir="${world.remote}" rev-parse 'flakeguard-data^{tree}')\n  c=$(${realGit} --git-dir="${world.remote}" -c user.name=x -c user.email=x@x commit-tree "$t" -p flakeguard-data -m race)\n  ${realGit} --git-dir="${world.remote}" update-ref refs/heads/flakeguard-data "$c";;\nesac\nexec ${realGit} "$@"\n`,
  );
  await chmod(join(bin, 'git'), 0o755);
  return `${bin}:${process.env.PATH}`;
}

/** Run `runId` loses every race and parks (a genuine parcel, written by the step). Returns its ref. */
async function parkedRun(runId: number, inputs: Record<string, string> = KEYED): Promise<string> {
  const parked = await world.run({ runId, inputs, env: { PATH: await racingPath() } });
  expectOutcome(parked, 'success');
  const ref = /History parked on (flakeguard-data-inbox\/\S+)/.exec(parked.stdout)?.[1];
  expect(ref, parked.stdout).toBeDefined();
  return `refs/heads/${ref!}`;
}

describe('every parked run is read (finding 6)', () => {
  it('64 unreadable parcels that sort first do not starve a later parked run; they are refused and moved aside', async () => {
    await world.writeReport('reports/unit.xml', junitXml([{ name: 'a' }]));
    expectOutcome(await world.run({ runId: 1, inputs: KEYED }), 'success');
    const real = await parkedRun(2);
    const junk = await commitOf({ 'flakeguard-parcel.json': 'this is not a parcel' });
    for (let i = 0; i < 64; i++) await git(world.remote, ['update-ref', `${INBOX}00000000000000-junk-${String(i).padStart(2, '0')}`, junk]);

    const next = await world.run({ runId: 3, inputs: KEYED });
    expectOutcome(next, 'success');
    // Before the fix: the 64 junk parcels took every slot, the real one waited forever and `a` stayed at `PP`.
    expect(next.stdout).toContain(`Folded in 1 parked run: ${real.replace('refs/heads/', '')}`);
    expect((await history())['pkg.Suite::a']!.o).toBe('PPP');
    expect(next.stdout).toMatch(/Parked run flakeguard-data-inbox\/00000000000000-junk-00 is refused \(not valid JSON/);
    expect(await refs(INBOX)).toEqual([]);
    expect(await refs(REFUSED)).toHaveLength(64);
  }, 120_000);

  it('300 junk parcels (more than one read batch and one move) do not starve a later parked run either', async () => {
    await world.writeReport('reports/unit.xml', junitXml([{ name: 'a' }]));
    expectOutcome(await world.run({ runId: 1, inputs: KEYED }), 'success');
    const real = await parkedRun(2);
    const junk = await commitOf({ 'not-a-parcel.txt': 'hello' });
    const lines = Array.from({ length: 300 }, (_, i) => `create ${INBOX}00000000000000-junk-${String(i).padStart(3, '0')} ${junk}\n`).join('');
    expect(spawnSync('git', ['update-ref', '--stdin'], { cwd: world.remote, input: lines }).status).toBe(0);

    const next = await world.run({ runId: 3, inputs: KEYED });
    expectOutcome(next, 'success');
    expect(next.stdout).toContain(`Folded in 1 parked run: ${real.replace('refs/heads/', '')}`);
    expect(next.stdout.match(/is refused \(it holds no flakeguard-parcel\.json\)/g)).toHaveLength(300);
    expect(await refs(INBOX)).toEqual([]);
    expect(await refs(REFUSED)).toHaveLength(300);
  }, 120_000);

  it('parcels in a newer schema are left for a newer version and do not block a later parked run', async () => {
    await world.writeReport('reports/unit.xml', junitXml([{ name: 'a' }]));
    expectOutcome(await world.run({ runId: 1, inputs: KEYED }), 'success');
    const real = await parkedRun(2);
    const newer: string[] = [];
    for (let i = 0; i < 64; i++) {
      const name = `00000000000000-newer-${String(i).padStart(2, '0')}`;
      const text = parcelText(500 + i, { 'pkg.Suite::a': 'F' }, { schema: 2 });
      await git(world.remote, ['update-ref', `${INBOX}${name}`, await commitOf({ 'flakeguard-parcel.json': text, 'flakeguard-parcel.seal': seal(name, text) })]);
      newer.push(`${INBOX}${name}`);
    }

    const next = await world.run({ runId: 3, inputs: KEYED });
    expectOutcome(next, 'success');
    expect(next.stdout).toContain(`Folded in 1 parked run: ${real.replace('refs/heads/', '')}`);
    expect((await history())['pkg.Suite::a']!.o).toBe('PPP');
    expect(next.stdout).toMatch(/Parked run flakeguard-data-inbox\/00000000000000-newer-00 is left in place \(parcel schema 2 is newer than this version reads/);
    // Left where they are, for a newer flakeguard; nothing of them counted.
    expect(await refs(INBOX)).toEqual(newer);
    expect(await refs(REFUSED)).toEqual([]);
  }, 120_000);
});

describe('a parcel is folded in only with proof of the step that wrote it (finding 7)', () => {
  /** Three runs with `b` steady; then run 4 fails `b` for real. */
  async function steadyThenCrafted(craft: (text: string, name: string) => Promise<void>, inputs: Record<string, string>): Promise<ActionRun> {
    await world.writeReport('reports/unit.xml', junitXml([{ name: 'a' }, { name: 'b' }]));
    for (const runId of [1, 2, 3]) expectOutcome(await world.run({ runId, inputs }), 'success');
    // A crafted parcel claims `b` failed and passed on a retry in a trusted run: folded in, it quarantines `b`.
    const name = `${String(Date.now()).padStart(14, '0')}-77-test-a1-0123456789`;
    await craft(parcelText(77, { 'pkg.Suite::a': 'P', 'pkg.Suite::b': 'FP' }), name);
    await world.writeReport('reports/unit.xml', junitXml([{ name: 'a' }, { name: 'b', attempts: 'F', message: 'boom' }]));
    return world.run({ runId: 4, inputs });
  }

  it('with inbox-key: a parcel without a seal is refused with a log line, moved aside, and the real failure stays red', async () => {
    const run = await steadyThenCrafted(async (text, name) => {
      await git(world.remote, ['update-ref', `${INBOX}${name}`, await commitOf({ 'flakeguard-parcel.json': text })]);
    }, KEYED);
    // Before the fix: the parcel was folded in, `b` was quarantined and its real failure forgiven (exit 0).
    expectOutcome(run, 'failure');
    expect(run.stdout).toMatch(/Parked run flakeguard-data-inbox\/\d{14}-77-test-a1-0123456789 is refused \(it carries no seal, and inbox-key is set: .*\); moved aside to flakeguard-data-refused\//);
    expect(run.stdout).not.toMatch(/Folded in/);
    expect((await history())['pkg.Suite::b']!.o).toBe('PPPF');
    expect(Object.keys(JSON.parse((await world.dataFiles()).get('flakeguard.json')!).ingested as object)).not.toContain('77/test/#1');
    expect(await refs(INBOX)).toEqual([]);
    expect(await refs(REFUSED)).toEqual([expect.stringMatching(/^refs\/heads\/flakeguard-data-refused\/\d{14}-77-test-a1-0123456789-[0-9a-f]{12}$/)]);
  }, 120_000);

  it('with inbox-key: a parcel sealed with another key, or its content changed after sealing, is refused', async () => {
    const run = await steadyThenCrafted(async (text, name) => {
      await git(world.remote, ['update-ref', `${INBOX}${name}`, await commitOf({ 'flakeguard-parcel.json': text, 'flakeguard-parcel.seal': seal(name, text, 'a guessed key') })]);
      const genuine = parcelText(78, { 'pkg.Suite::b': 'P' });
      const changed = genuine.replace('"passed"', '"failed"');
      await git(world.remote, ['update-ref', `${INBOX}${name}-b`, await commitOf({ 'flakeguard-parcel.json': changed, 'flakeguard-parcel.seal': seal(`${name}-b`, genuine) })]);
    }, KEYED);
    expectOutcome(run, 'failure');
    expect(run.stdout.match(/is refused \(its seal does not match/g)).toHaveLength(2);
    expect((await history())['pkg.Suite::b']!.o).toBe('PPPF');
    expect(await refs(INBOX)).toEqual([]);
    expect(await refs(REFUSED)).toHaveLength(2);
  }, 120_000);

  it('with inbox-key: a genuine parked run (sealed by the step) is still folded in exactly once', async () => {
    await world.writeReport('reports/unit.xml', junitXml([{ name: 'a' }]));
    expectOutcome(await world.run({ runId: 1, inputs: KEYED }), 'success');
    const ref = await parkedRun(2);
    expect((await git(world.remote, ['ls-tree', '--name-only', ref])).split('\n').filter(Boolean)).toEqual(['flakeguard-parcel.json', 'flakeguard-parcel.seal']);
    const next = await world.run({ runId: 3, inputs: KEYED });
    expectOutcome(next, 'success');
    expect(next.stdout).toContain(`Folded in 1 parked run: ${ref.replace('refs/heads/', '')}`);
    expect((await history())['pkg.Suite::a']!.o).toBe('PPP');
    expect(await refs(INBOX)).toEqual([]);
    expect(await refs(REFUSED)).toEqual([]);
  }, 120_000);

  it('without inbox-key and without a token to check runs with: a parcel is left in place, never counted', async () => {
    const run = await steadyThenCrafted(async (text, name) => {
      await git(world.remote, ['update-ref', `${INBOX}${name}`, await commitOf({ 'flakeguard-parcel.json': text })]);
    }, {});
    expectOutcome(run, 'failure');
    expect(run.stdout).toMatch(/Parked run flakeguard-data-inbox\/\d{14}-77-test-a1-0123456789 is left in place \(its runs cannot be checked: no inbox-key and no token/);
    // A parked run nobody counts is a warning, not only a log line: a person must give the step a key or a token.
    expect(run.stdout).toMatch(/::warning::Parked runs on flakeguard-data-inbox\/: 1 left in place, not counted/);
    expect((await history())['pkg.Suite::b']!.o).toBe('PPPF');
    expect(await refs(INBOX)).toHaveLength(1);
  }, 120_000);
});

describe('without inbox-key: each run a parcel names is looked up in the GitHub API (finding 7)', () => {
  const TOKEN = 'ghs_inbox_test';
  let gh: FakeGitHub;
  beforeEach(async () => {
    gh = await startGitHubFake({ owner: 'octo', repo: 'project', token: TOKEN });
  });
  afterEach(async () => {
    await gh.close();
  });
  const withApi = (runId: number, extra: { PATH?: string } = {}) => ({ runId, inputs: { token: TOKEN }, env: { GITHUB_API_URL: gh.url, ...extra } });

  it('a parcel naming a run that does not exist, one whose commit differs, and a fork run posing as trusted are refused', async () => {
    await world.writeReport('reports/unit.xml', junitXml([{ name: 'a' }, { name: 'b' }]));
    for (const runId of [1, 2, 3]) expectOutcome(await world.run(withApi(runId)), 'success');
    const head = await world.headSha();
    gh.seed.workflowRun({ id: 78, head_sha: 'e'.repeat(40) });
    gh.seed.workflowRun({ id: 79, head_sha: head, event: 'pull_request', head_repository: 'mallory/project' });
    const craft = async (runId: number): Promise<void> => {
      const name = `${String(Date.now()).padStart(14, '0')}-${runId}-test-a1-0123456789`;
      const text = parcelText(runId, { 'pkg.Suite::a': 'P', 'pkg.Suite::b': 'FP' }, { sha: head }).replace('"event":"push"', runId === 79 ? '"event":"pull_request"' : '"event":"push"');
      await git(world.remote, ['update-ref', `${INBOX}${name}`, await commitOf({ 'flakeguard-parcel.json': text })]);
    };
    for (const runId of [77, 78, 79]) await craft(runId);
    await world.writeReport('reports/unit.xml', junitXml([{ name: 'a' }, { name: 'b', attempts: 'F', message: 'boom' }]));

    const run = await world.run(withApi(4));
    // Before the fix: the parcels were folded in, `b` was quarantined and its real failure forgiven (exit 0).
    expectOutcome(run, 'failure');
    expect(run.stdout).toMatch(/-77-test-a1-0123456789 is refused \(it names workflow run 77, which does not exist in this repository\)/);
    expect(run.stdout).toMatch(/-78-test-a1-0123456789 is refused \(workflow run 78 does not match it: its commit is eeeeeeeeeeee, not /);
    expect(run.stdout).toMatch(/-79-test-a1-0123456789 is refused \(workflow run 79 does not match it: it ran a fork's code, yet the parcel calls it trusted/);
    expect((await history())['pkg.Suite::b']!.o).toBe('PPPF');
    expect(await refs(INBOX)).toEqual([]);
    expect(await refs(REFUSED)).toHaveLength(3);
    expect(
      gh.requests
        .filter((r) => r.operationId === 'actions/get-workflow-run')
        .map((r) => r.path)
        .sort(),
    ).toEqual(['77', '78', '79'].map((id) => `/repos/octo/project/actions/runs/${id}`));
    expect(gh.violations()).toEqual([]);
  }, 120_000);

  it('a keyless parcel naming one real feature-branch run under 110 invented jobs is refused: no flood, no release, no default branch (issue 40, finding 5)', async () => {
    // `q` is quarantined (flaky on main); `b` is steady. Five real runs on main.
    await world.writeReport('reports/unit.xml', junitXml([{ name: 'q', attempts: 'FP', message: 'boom' }, { name: 'b' }]));
    for (const runId of [1, 2, 3]) expectOutcome(await world.run(withApi(runId)), 'success');
    await world.writeReport('reports/unit.xml', junitXml([{ name: 'q' }, { name: 'b' }]));
    for (const runId of [4, 5]) expectOutcome(await world.run(withApi(runId)), 'success');
    const stats = async () => JSON.parse((await world.dataFiles()).get('stats/00.json')!).tests as Record<string, { quarantined: boolean }>;
    const rows = async () => Object.values(JSON.parse((await world.dataFiles()).get('runs.json')!).runs as Record<string, unknown[]>);
    expect((await stats())['pkg.Suite::q']!.quarantined).toBe(true);
    expect(await rows()).toHaveLength(5);

    // A real run of the workflow on a feature branch: one job, one attempt.
    const head = await world.headSha();
    gh.seed.workflowRun({ id: 90, head_sha: head, event: 'push', name: 'CI', head_branch: 'feature', jobs: [['test']] });
    // The parcel names it under 110 invented jobs, each "on the default branch", every test passing.
    const tests = ['q', 'b'].map((n) => ({ id: `pkg.Suite::${n}`, name: n, classname: 'pkg.Suite', suite: 'suite', report: 'reports/unit.xml', attempts: [{ status: 'passed' }] }));
    const entries = Array.from({ length: 110 }, (_, i) => ({
      kind: 'flakeguard-results',
      schema: 1,
      run: {
        key: `90/job${i}/0000000${i % 10}`,
        runId: '90',
        runAttempt: 1,
        job: `job${i}`,
        workflow: 'CI',
        sha: head,
        ref: 'refs/heads/main',
        onDefaultBranch: true,
        event: 'push',
        time: Date.now() - 1000 + i,
      },
      tests,
      jobSucceeded: true,
    }));
    const name = `${String(Date.now()).padStart(14, '0')}-90-flood-a1-0123456789`;
    await git(world.remote, ['update-ref', `${INBOX}${name}`, await commitOf({ 'flakeguard-parcel.json': `${JSON.stringify({ kind: 'flakeguard-parcel', schema: 1, entries })}\n` })]);

    const run = await world.run(withApi(6));
    expectOutcome(run, 'success');
    // Before the fix: folded in, runs.json went from 5 to 100 rows (3 of the real runs left), `q` was released, and
    // every invented job was taken as a run on the default branch.
    expect.soft(run.stdout).toMatch(/-90-flood-a1-0123456789 is refused \(.*workflow run 90 .*110 jobs.*1 job/);
    expect.soft(await rows()).toHaveLength(6);
    expect.soft((await rows()).filter((r) => r[3] === 1 && String(r[0]).startsWith('90/'))).toEqual([]);
    expect.soft((await stats())['pkg.Suite::q']!.quarantined).toBe(true);
    expect(await refs(INBOX)).toEqual([]);
    expect(gh.requests.filter((r) => r.operationId === 'actions/list-jobs-for-workflow-run-attempt').map((r) => r.path)).toContain('/repos/octo/project/actions/runs/90/attempts/1/jobs');
    expect(gh.violations()).toEqual([]);
  }, 120_000);

  it("a keyless parcel of a real job is folded with the run's real branch and event: a feature-branch run is not on the default branch", async () => {
    await world.writeReport('reports/unit.xml', junitXml([{ name: 'a' }]));
    expectOutcome(await world.run(withApi(1)), 'success');
    const head = await world.headSha();
    gh.seed.workflowRun({ id: 91, head_sha: head, event: 'push', name: 'CI', head_branch: 'feature', jobs: [['test']] });
    const name = `${String(Date.now()).padStart(14, '0')}-91-test-a1-0123456789`;
    await git(world.remote, ['update-ref', `${INBOX}${name}`, await commitOf({ 'flakeguard-parcel.json': parcelText(91, { 'pkg.Suite::a': 'P' }, { sha: head }) })]);
    const run = await world.run(withApi(2));
    expectOutcome(run, 'success');
    expect(run.stdout).toContain(`Folded in 1 parked run: flakeguard-data-inbox/${name}`);
    const row = Object.values(JSON.parse((await world.dataFiles()).get('runs.json')!).runs as Record<string, unknown[]>).find((r) => String(r[0]).startsWith('91/'))!;
    // The parcel said `refs/heads/main`, on the default branch; the API says the run was on `feature`.
    expect(row[3]).toBe(0);
    expect(gh.violations()).toEqual([]);
  }, 120_000);

  it('a genuine parked run whose run the API confirms is folded in; one it cannot look up now is left in place', async () => {
    await world.writeReport('reports/unit.xml', junitXml([{ name: 'a' }]));
    expectOutcome(await world.run(withApi(1)), 'success');
    const ref = await (async () => {
      const parked = await world.run(withApi(2, { PATH: await racingPath() }));
      expectOutcome(parked, 'success');
      return `refs/heads/${/History parked on (flakeguard-data-inbox\/\S+)/.exec(parked.stdout)![1]!}`;
    })();
    // The API fails for now: the parcel waits, uncounted, and is not moved aside.
    gh.failNext({ operationId: 'actions/get-workflow-run' }, { status: 500, body: { message: 'Server Error' } });
    const waiting = await world.run(withApi(3));
    expectOutcome(waiting, 'success');
    expect(waiting.stdout).toMatch(/is left in place \(workflow run 2 could not be looked up: /);
    expect(await refs(INBOX)).toEqual([ref]);
    expect((await history())['pkg.Suite::a']!.o).toBe('PP');

    gh.seed.workflowRun({ id: 2, head_sha: await world.headSha(), event: 'push', name: 'CI', jobs: [['test']] });
    const next = await world.run(withApi(4));
    expectOutcome(next, 'success');
    expect(next.stdout).toContain(`Folded in 1 parked run: ${ref.replace('refs/heads/', '')}`);
    expect((await history())['pkg.Suite::a']!.o).toBe('P*4');
    expect(await refs(INBOX)).toEqual([]);
    expect(gh.violations()).toEqual([]);
  }, 120_000);
});
