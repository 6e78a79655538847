import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { handlers } from './github-fake/handlers.ts';
import { checkResponse, fakeResponses, specInfo, startGitHubFake, type FakeGitHub } from './github-fake/index.ts';
import { loadSpec, specPath } from './github-fake/spec.ts';

const TOKEN = 'ghs_fake_token';
const OWNER = 'acme';
const REPO = 'widgets';
const R = `/repos/${OWNER}/${REPO}`;

let fake: FakeGitHub;

interface ApiResult {
  status: number;
  headers: Headers;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each test reads the JSON of a different endpoint
  body: any;
}

async function api(method: string, path: string, body?: unknown, extraHeaders: Record<string, string> = {}): Promise<ApiResult> {
  const res = await fetch(fake.url + path, {
    method,
    headers: {
      authorization: `token ${TOKEN}`,
      accept: 'application/vnd.github+json',
      ...(body !== undefined ? { 'content-type': 'application/json; charset=utf-8' } : {}),
      ...extraHeaders,
    },
    ...(body !== undefined ? { body: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : undefined };
}

/** The fake's own responses must satisfy GitHub's response schemas. */
function expectValid(operationId: string, r: ApiResult): void {
  expect(checkResponse(operationId, r.status, r.body), `${operationId} ${r.status} response`).toEqual([]);
}

const annotation = (i: number) => ({
  path: `src/file${i}.ts`,
  start_line: i + 1,
  end_line: i + 1,
  annotation_level: 'warning' as const,
  message: `flaky test #${i}`,
  title: `test ${i}`,
});

describe('startup', () => {
  // What makes a start cheap, checked without a stopwatch (a loaded machine cannot break it): the 13 MB spec, not the
  // 73 MB dereferenced one; parsed once per process; no validator compiled until a request needs it.
  it('loads the spec once per process and compiles nothing at start', async () => {
    expect(specPath()).toMatch(/[\\/]api\.github\.com\.json$/);
    const t0 = performance.now();
    const f = await startGitHubFake();
    const firstMs = performance.now() - t0;
    const afterFirst = specInfo();
    await f.close();
    const t1 = performance.now();
    const g = await startGitHubFake();
    const secondMs = performance.now() - t1;
    const afterSecond = specInfo();
    await g.close();
    // For information only (not asserted: wall-clock time depends on the machine's load).
    console.log(
      `spec ${afterFirst.version} (OpenAPI ${afterFirst.openapi}, ${afterFirst.operations} operations) loaded in ${afterFirst.loadMs.toFixed(0)} ms; first start ${firstMs.toFixed(0)} ms, second ${secondMs.toFixed(0)} ms`,
    );
    expect(afterFirst.operations).toBeGreaterThan(500);
    expect(afterFirst.loads).toBe(1);
    expect(afterSecond.loads).toBe(1); // the second start reused the parsed spec
    expect(afterFirst.validators).toBe(0); // compiled lazily, per operation, on first use
    expect(afterSecond.validators).toBe(0);
    expect(f.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    // Validators are compiled on first use of an operation, once.
    const h = await startGitHubFake();
    try {
      await fetch(`${h.url}/rate_limit`);
      await fetch(`${h.url}/rate_limit`);
      expect(specInfo()).toMatchObject({ loads: 1, validators: 1 });
    } finally {
      await h.close();
    }
  });

  it('checkResponse catches a response that does not match the spec', () => {
    const errors = checkResponse('issues/create-label', 201, { id: 1, name: 'x', color: 'ededed', default: 'no' });
    expect(errors.join('\n')).toContain("missing required property 'node_id'");
    expect(errors.join('\n')).toContain('response.default: must be boolean');
    expect(checkResponse('checks/get', 200, { conclusion: null })).not.toContain('response.conclusion: must be string');
  });

  it('every handler is keyed by a real operationId', () => {
    const { router } = loadSpec();
    for (const id of Object.keys(handlers)) expect(router.operation(id), id).toBeDefined();
  });
});

describe('github fake', () => {
  beforeEach(async () => {
    fake = await startGitHubFake({ owner: OWNER, repo: REPO, token: TOKEN });
  });
  afterEach(async () => {
    await fake.close();
  });

  describe('valid requests', () => {
    it('check runs: create, annotation batches, complete, list', async () => {
      const created = await api('POST', `${R}/check-runs`, {
        name: 'flakeguard',
        head_sha: 'a'.repeat(40),
        status: 'in_progress',
        started_at: '2025-01-01T00:00:00Z',
        output: { title: 'Analysing', summary: 'working', annotations: Array.from({ length: 50 }, (_, i) => annotation(i)) },
      });
      expect(created.status).toBe(201);
      expectValid('checks/create', created);
      expect(created.body).toMatchObject({ name: 'flakeguard', status: 'in_progress', conclusion: null, output: { annotations_count: 50 } });
      const id = created.body.id as number;

      const upd1 = await api('PATCH', `${R}/check-runs/${id}`, {
        output: { title: 'Analysing', summary: 'more', annotations: Array.from({ length: 50 }, (_, i) => annotation(50 + i)) },
      });
      expect(upd1.status).toBe(200);
      expectValid('checks/update', upd1);
      const upd2 = await api('PATCH', `${R}/check-runs/${id}`, {
        status: 'completed',
        conclusion: 'neutral',
        completed_at: '2025-01-01T00:05:00Z',
        output: { title: '3 flaky tests', summary: 'done', text: 'details', annotations: [annotation(100)] },
      });
      expect(upd2.status).toBe(200);
      expect(upd2.body).toMatchObject({ status: 'completed', conclusion: 'neutral', output: { title: '3 flaky tests', annotations_count: 101 } });

      const run = fake.state.checkRuns[0]!;
      expect(run.annotationBatches).toEqual([50, 50, 1]);
      expect(run.output.annotations[100]!.message).toBe('flaky test #100');

      const got = await api('GET', `${R}/check-runs/${id}`);
      expectValid('checks/get', got);
      const anns = await api('GET', `${R}/check-runs/${id}/annotations?per_page=100&page=2`);
      expect(anns.status).toBe(200);
      expect(anns.body).toHaveLength(1);
      expectValid('checks/list-annotations', anns);
      const forRef = await api('GET', `${R}/commits/${'a'.repeat(40)}/check-runs?check_name=flakeguard`);
      expect(forRef.body.total_count).toBe(1);
      expectValid('checks/list-for-ref', forRef);
      expect(fake.violations()).toEqual([]);
    });

    it('create with a conclusion completes the run', async () => {
      const r = await api('POST', `${R}/check-runs`, { name: 'x', head_sha: 'b'.repeat(40), conclusion: 'success', output: { title: 'ok', summary: 'fine' } });
      expect(r.status).toBe(201);
      expect(r.body.status).toBe('completed');
      expect(r.body.completed_at).toMatch(/Z$/);
      expect(fake.violations()).toEqual([]);
    });

    it('issues: create, get, close, reopen, comment, labels', async () => {
      const created = await api('POST', `${R}/issues`, { title: 'Flaky: test_login', body: 'Seen 3 times\n<!-- flakeguard:id=abc123 -->', labels: ['flaky', 'ci'] });
      expect(created.status).toBe(201);
      expectValid('issues/create', created);
      expect(created.headers.get('location')).toBe(`${fake.url}${R}/issues/1`);
      expect(created.body).toMatchObject({ number: 1, state: 'open', html_url: `https://github.com/${OWNER}/${REPO}/issues/1` });
      expect(created.body.labels.map((l: { name: string }) => l.name)).toEqual(['flaky', 'ci']);
      expect(fake.state.labels.map((l) => l.name)).toEqual(['flaky', 'ci']);

      const closed = await api('PATCH', `${R}/issues/1`, { state: 'closed', state_reason: 'completed' });
      expectValid('issues/update', closed);
      expect(closed.body).toMatchObject({ state: 'closed', state_reason: 'completed' });
      expect(closed.body.closed_at).not.toBeNull();
      const reopened = await api('PATCH', `${R}/issues/1`, { state: 'open', body: 'Seen 4 times\n<!-- flakeguard:id=abc123 -->', labels: ['flaky'] });
      expect(reopened.body).toMatchObject({ state: 'open', state_reason: 'reopened', closed_at: null });
      expect(fake.state.issues[0]!.labels).toEqual(['flaky']);

      const comment = await api('POST', `${R}/issues/1/comments`, { body: 'still flaky' });
      expect(comment.status).toBe(201);
      expectValid('issues/create-comment', comment);
      const edited = await api('PATCH', `${R}/issues/comments/${comment.body.id}`, { body: 'still flaky (edited)' });
      expectValid('issues/update-comment', edited);
      const comments = await api('GET', `${R}/issues/1/comments`);
      expectValid('issues/list-comments', comments);
      expect(comments.body.map((c: { body: string }) => c.body)).toEqual(['still flaky (edited)']);
      const got = await api('GET', `${R}/issues/1`);
      expectValid('issues/get', got);
      expect(got.body.comments).toBe(1);

      const added = await api('POST', `${R}/issues/1/labels`, { labels: ['quarantined'] });
      expect(added.status).toBe(200);
      expectValid('issues/add-labels', added);
      expect(added.body.map((l: { name: string }) => l.name)).toEqual(['flaky', 'quarantined']);
      const removed = await api('DELETE', `${R}/issues/1/labels/quarantined`);
      expectValid('issues/remove-label', removed);
      expect(fake.violations()).toEqual([]);
    });

    it('labels: get (404 then found), create, duplicate create is 422 (not a violation)', async () => {
      expect((await api('GET', `${R}/labels/flaky%20test`)).status).toBe(404);
      const created = await api('POST', `${R}/labels`, { name: 'flaky test', color: 'ff9800', description: 'Managed by flakeguard' });
      expect(created.status).toBe(201);
      expectValid('issues/create-label', created);
      const got = await api('GET', `${R}/labels/Flaky%20Test`);
      expect(got.status).toBe(200);
      expectValid('issues/get-label', got);
      expect(got.body).toMatchObject({ name: 'flaky test', color: 'ff9800', description: 'Managed by flakeguard', default: false });
      const dup = await api('POST', `${R}/labels`, { name: 'FLAKY TEST' });
      expect(dup.status).toBe(422);
      expect(dup.body.errors[0]).toMatchObject({ code: 'already_exists' });
      expect(fake.violations()).toEqual([]);
    });

    it('lists issues by label and state', async () => {
      fake.seed.issue({ title: 'a', labels: ['flaky'] });
      fake.seed.issue({ title: 'b', labels: ['flaky', 'ci'], state: 'closed' });
      fake.seed.issue({ title: 'c', labels: ['other'] });
      const open = await api('GET', `${R}/issues?labels=flaky`);
      expectValid('issues/list-for-repo', open);
      expect(open.body.map((i: { title: string }) => i.title)).toEqual(['a']);
      const all = await api('GET', `${R}/issues?labels=flaky&state=all&sort=created&direction=asc`);
      expect(all.body.map((i: { title: string }) => i.title)).toEqual(['a', 'b']);
      const both = await api('GET', `${R}/issues?labels=FLAKY,ci&state=all`);
      expect(both.body.map((i: { title: string }) => i.title)).toEqual(['b']);
      expect(fake.violations()).toEqual([]);
    });

    it('searches issues by repo, label, state and a hidden marker in the body', async () => {
      fake.seed.issue({ title: 'Flaky: a', body: 'x\n<!-- flakeguard:id=abc123 -->', labels: ['flaky'] });
      fake.seed.issue({ title: 'Flaky: b', body: '<!-- flakeguard:id=abc1234 -->', labels: ['flaky'] });
      fake.seed.issue({ title: 'Flaky: c', body: '<!-- flakeguard:id=abc123 -->', labels: ['flaky'], state: 'closed' });
      fake.seed.issue({ title: 'unrelated abc123', body: 'nothing', labels: [] });
      const search = async (q: string) => {
        const r = await api('GET', `/search/issues?q=${encodeURIComponent(q)}`);
        expect(r.status, q).toBe(200);
        expectValid('search/issues-and-pull-requests', r);
        return (r.body.items as { title: string }[]).map((i) => i.title).sort();
      };
      expect(await search(`repo:${OWNER}/${REPO} is:issue in:body "flakeguard:id=abc123"`)).toEqual(['Flaky: a', 'Flaky: c']);
      expect(await search(`repo:${OWNER}/${REPO} is:issue is:open label:flaky in:body "flakeguard:id=abc123"`)).toEqual(['Flaky: a']);
      expect(await search(`repo:${OWNER}/${REPO} is:issue abc123`)).toEqual(['Flaky: a', 'Flaky: c', 'unrelated abc123']);
      expect(await search(`repo:${OWNER}/${REPO} is:issue in:title abc123`)).toEqual(['unrelated abc123']);
      expect(await search(`repo:${OWNER}/${REPO} is:issue label:"flaky" -label:nope state:closed`)).toEqual(['Flaky: c']);
      expect(await search(`repo:someone/else is:issue label:flaky`)).toEqual([]);
      // @octokit/plugin-paginate-rest takes the first key after total_count/incomplete_results as the list.
      const raw = await api('GET', `/search/issues?q=${encodeURIComponent('is:issue flaky')}`);
      expect(Object.keys(raw.body).filter((k) => k !== 'total_count' && k !== 'incomplete_results')[0]).toBe('items');
      expect(await search(`repo:${OWNER}/${REPO} is:pr label:flaky`)).toEqual([]);
      expect(fake.violations()).toEqual([]);
    });

    it("search sees API-created issues only after searchIndexLagMs (on the fake's clock)", async () => {
      // The test owns the fake's clock: no sleeping, and a slow machine cannot let the lag pass early.
      let now = Date.UTC(2025, 0, 1);
      const lagging = await startGitHubFake({ owner: OWNER, repo: REPO, searchIndexLagMs: 300, clock: () => now });
      try {
        const post = await fetch(`${lagging.url}${R}/issues`, { method: 'POST', body: JSON.stringify({ title: 'new', body: 'marker-xyz' }) });
        expect(post.status).toBe(201);
        const q = `${lagging.url}/search/issues?q=${encodeURIComponent(`repo:${OWNER}/${REPO} is:issue marker-xyz`)}`;
        expect((await (await fetch(q)).json()).total_count).toBe(0);
        now += 299;
        expect((await (await fetch(q)).json()).total_count).toBe(0);
        now += 1;
        expect((await (await fetch(q)).json()).total_count).toBe(1);
        expect(lagging.violations()).toEqual([]);
      } finally {
        await lagging.close();
      }
    });

    it('serves a seeded workflow run, and 404 for another', async () => {
      fake.seed.workflowRun({ id: 42, head_sha: 'a'.repeat(40), event: 'push' });
      fake.seed.workflowRun({ id: 43, head_sha: 'b'.repeat(40), event: 'pull_request', head_repository: 'someone/fork' });
      const own = await api('GET', `${R}/actions/runs/42`);
      expectValid('actions/get-workflow-run', own);
      expect(own.body).toMatchObject({ id: 42, head_sha: 'a'.repeat(40), event: 'push', run_attempt: 1, name: 'CI' });
      expect(own.body.head_repository.id).toBe(own.body.repository.id);
      const fork = await api('GET', `${R}/actions/runs/43`);
      expectValid('actions/get-workflow-run', fork);
      expect(fork.body.head_repository.full_name).toBe('someone/fork');
      expect(fork.body.head_repository.id).not.toBe(fork.body.repository.id);
      expect((await api('GET', `${R}/actions/runs/44`)).status).toBe(404);
    });

    it("lists an attempt's jobs, paginated, each valid as GitHub lists them; 404 for an attempt the run has not reached", async () => {
      fake.seed.workflowRun({ id: 45, head_sha: 'a'.repeat(40), run_attempt: 2, jobs: [['build', 'test (linux)', 'test (mac)'], ['test (mac)']] });
      const first = await api('GET', `${R}/actions/runs/45/attempts/1/jobs?per_page=2`);
      expectValid('actions/list-jobs-for-workflow-run-attempt', first);
      expect(first.body.total_count).toBe(3);
      expect(first.body.jobs.map((j: { name: string }) => j.name)).toEqual(['build', 'test (linux)']);
      const rest = await api('GET', `${R}/actions/runs/45/attempts/1/jobs?per_page=2&page=2`);
      expect(rest.body.jobs.map((j: { name: string }) => j.name)).toEqual(['test (mac)']);
      const second = await api('GET', `${R}/actions/runs/45/attempts/2/jobs`);
      expectValid('actions/list-jobs-for-workflow-run-attempt', second);
      expect(second.body.jobs).toMatchObject([{ name: 'test (mac)', run_attempt: 2, run_id: 45 }]);
      expect((await api('GET', `${R}/actions/runs/45/attempts/3/jobs`)).status).toBe(404);
      expect((await api('GET', `${R}/actions/runs/46/attempts/1/jobs`)).status).toBe(404);
      expect(fake.violations()).toEqual([]);
    });

    it('lists pull requests by state and head (owner:branch), each valid as GitHub lists them', async () => {
      const own = fake.seed.pullRequest({ head_sha: 'c'.repeat(40), head_ref: 'feature' });
      const fork = fake.seed.pullRequest({ head_sha: 'd'.repeat(40), head_ref: 'main', head_repository: 'someone/fork' });
      const all = await api('GET', `${R}/pulls`);
      expectValid('pulls/list', all);
      expect(all.body.map((p: { number: number }) => p.number)).toEqual([own.number, fork.number]);
      const byHead = await api('GET', `${R}/pulls?head=someone:main&state=open`);
      expectValid('pulls/list', byHead);
      expect(byHead.body).toHaveLength(1);
      expect(byHead.body[0]).toMatchObject({ number: fork.number, head: { sha: 'd'.repeat(40), ref: 'main', repo: { full_name: 'someone/fork' } } });
      expect((await api('GET', `${R}/pulls?head=someone:other`)).body).toEqual([]);
      expect((await api('GET', `${R}/pulls?head=someone:main&state=closed`)).body).toEqual([]);
      expect(fake.violations()).toEqual([]);
    });

    it('serves the repository, rate limit and workflow run artifacts', async () => {
      const repo = await api('GET', R);
      expectValid('repos/get', repo);
      expect(repo.body).toMatchObject({ full_name: `${OWNER}/${REPO}`, default_branch: 'main' });
      const rl = await api('GET', '/rate_limit');
      expectValid('rate-limit/get', rl);
      expect(rl.body.resources.core.limit).toBe(5000);

      const zip = new Uint8Array([0x50, 0x4b, 0x05, 0x06, ...new Array(18).fill(0)]);
      fake.seed.artifact({ name: 'flakeguard-history', run_id: 42, zip });
      fake.seed.artifact({ name: 'other', run_id: 42 });
      fake.seed.artifact({ name: 'flakeguard-history', run_id: 43 });
      const list = await api('GET', `${R}/actions/runs/42/artifacts?name=flakeguard-history`);
      expectValid('actions/list-workflow-run-artifacts', list);
      expect(list.body.total_count).toBe(1);
      const dl = await fetch(list.body.artifacts[0].archive_download_url, { headers: { authorization: `token ${TOKEN}` } });
      expect(dl.status).toBe(200);
      expect(new Uint8Array(await dl.arrayBuffer())).toEqual(zip);
      expect(fake.violations()).toEqual([]);
    });

    it('records requests with operationId, headers, query and body', async () => {
      await api('GET', `${R}/issues?state=all&per_page=5`, undefined, { 'user-agent': 'flakeguard-test' });
      const rec = fake.requests[0]!;
      expect(rec).toMatchObject({
        method: 'GET',
        path: `${R}/issues`,
        query: { state: 'all', per_page: '5' },
        operationId: 'issues/list-for-repo',
        violations: [],
        status: 200,
      });
      expect(rec.headers['authorization']).toBe(`token ${TOKEN}`);
      expect(rec.headers['user-agent']).toBe('flakeguard-test');
    });
  });

  describe('invalid requests are violations', () => {
    it('unknown route → 404', async () => {
      const r = await api('GET', `${R}/flaky-tests`);
      expect(r.status).toBe(404);
      expect(fake.violations()).toEqual([`GET ${R}/flaky-tests: no such path in GitHub's REST API`]);
    });

    it('known path, wrong method → 404', async () => {
      const r = await api('PUT', `${R}/check-runs`, { name: 'x', head_sha: 'y' });
      expect(r.status).toBe(404);
      expect(fake.violations()[0]).toContain('has no PUT operation (has: POST)');
    });

    it('missing required field → 422', async () => {
      const r = await api('POST', `${R}/check-runs`, { name: 'x' });
      expect(r.status).toBe(422);
      expect(r.body.message).toMatch(/^Invalid request/);
      expect(r.body.errors.length).toBeGreaterThan(0);
      expect(fake.violations()).toEqual([`POST ${R}/check-runs (checks/create): body: missing required property 'head_sha'`]);
      expect(fake.state.checkRuns).toEqual([]);
    });

    it('wrong type → 422', async () => {
      const r = await api('POST', `${R}/issues`, { title: 'x', labels: 'flaky' });
      expect(r.status).toBe(422);
      expect(fake.violations().join('\n')).toContain('body.labels: must be array (got "flaky")');
    });

    it('bad enum → 422', async () => {
      const r = await api('PATCH', `${R}/issues/1`, { state: 'resolved' });
      expect(r.status).toBe(422);
      expect(fake.violations().join('\n')).toContain('body.state: must be one of "open", "closed" (got "resolved")');
    });

    it('51 annotations → 422', async () => {
      const run = fake.seed.checkRun({ name: 'flakeguard', head_sha: 'c'.repeat(40) });
      const r = await api('PATCH', `${R}/check-runs/${run.id}`, {
        output: { title: 't', summary: 's', annotations: Array.from({ length: 51 }, (_, i) => annotation(i)) },
      });
      expect(r.status).toBe(422);
      expect(fake.violations()).toEqual([`PATCH ${R}/check-runs/${run.id} (checks/update): body.output.annotations: must NOT have more than 50 items`]);
      expect(run.output.annotations).toEqual([]);
    });

    it('invalid annotation fields and nested missing fields → 422', async () => {
      const r = await api('POST', `${R}/check-runs`, {
        name: 'x',
        head_sha: 'd'.repeat(40),
        output: { title: 't', summary: 's', annotations: [{ path: 'a.ts', start_line: '3', end_line: 3, annotation_level: 'error' }] },
      });
      expect(r.status).toBe(422);
      const v = fake.violations().join('\n');
      expect(v).toContain('body.output.annotations[0].start_line: must be integer');
      expect(v).toContain('body.output.annotations[0].annotation_level: must be one of "notice", "warning", "failure"');
      expect(v).toContain("body.output.annotations[0]: missing required property 'message'");
    });

    it('bad path and query parameter values → 422', async () => {
      expect((await api('GET', `${R}/check-runs/abc`)).status).toBe(422);
      expect((await api('GET', `${R}/issues?state=bogus`)).status).toBe(422);
      expect((await api('GET', `${R}/issues?per_page=lots`)).status).toBe(422);
      const v = fake.violations().join('\n');
      expect(v).toContain('path.check_run_id: must be integer');
      expect(v).toContain('query.state: must be one of "open", "closed", "all"');
      expect(v).toContain('query.per_page: must be integer');
    });

    it('missing required query parameter → 422', async () => {
      expect((await api('GET', '/search/issues')).status).toBe(422);
      expect(fake.violations().join('\n')).toContain("query: missing required property 'q'");
    });

    it('unknown query parameter / body field: violation, but answered normally (GitHub ignores them)', async () => {
      const list = await api('GET', `${R}/issues?label=flaky`);
      expect(list.status).toBe(200);
      const created = await api('POST', `${R}/check-runs`, { name: 'x', head_sha: 'e'.repeat(40), output: { title: 't', summary: 's', annotation: [] } });
      expect(created.status).toBe(201);
      expect(fake.violations()).toEqual([
        `GET ${R}/issues (issues/list-for-repo): query: unknown parameter 'label' (GitHub ignores it; typo?)`,
        `POST ${R}/check-runs (checks/create): body.output: unknown field 'annotation' (GitHub ignores it; typo?)`,
      ]);
    });

    it('malformed JSON → 400; missing body → 422', async () => {
      expect((await api('POST', `${R}/issues`, '{"title": ')).status).toBe(400);
      expect((await api('POST', `${R}/issues`)).status).toBe(422);
      expect(fake.violations()).toEqual([`POST ${R}/issues (issues/create): body: not valid JSON`, `POST ${R}/issues (issues/create): body: request body is required`]);
    });

    it('GitHub rules outside the schema → 422', async () => {
      const cases: [string, string, unknown, string][] = [
        ['POST', `${R}/check-runs`, { name: 'x', head_sha: 'f', status: 'completed' }, "body.conclusion: required when status is 'completed'"],
        ['POST', `${R}/issues`, { title: 'x', body: 'y'.repeat(65537) }, 'body.body: is too long'],
        ['POST', `${R}/issues`, { title: 't'.repeat(257) }, 'body.title: is too long'],
        ['POST', `${R}/labels`, { name: 'flaky', color: '#ff0000' }, 'body.color: must be 6 hexadecimal digits'],
        ['GET', `/search/issues?q=${encodeURIComponent(`repo:${OWNER}/${REPO} label:flaky`)}`, undefined, "query.q: must include 'is:issue' or 'is:pull-request'"],
      ];
      for (const [method, path, body, message] of cases) {
        const r = await api(method, path, body);
        expect(r.status, message).toBe(422);
        expect(fake.requests.at(-1)!.violations.join('\n')).toContain(message);
      }
    });

    it('completing a check run without a conclusion (spec anyOf) → 422', async () => {
      const run = fake.seed.checkRun({ name: 'flakeguard', head_sha: 'c'.repeat(40) });
      const r = await api('PATCH', `${R}/check-runs/${run.id}`, { status: 'completed' });
      expect(r.status).toBe(422);
      expect(fake.violations().join('\n')).toContain("missing required property 'conclusion'");
    });

    it('a valid but unimplemented operation is flagged and answered 501', async () => {
      const r = await api('PUT', `${R}/issues/1/lock`, { lock_reason: 'resolved' });
      expect(r.status).toBe(501);
      expect(fake.violations()[0]).toContain('issues/lock is a valid GitHub operation the fake does not implement');
    });
  });

  describe('not violations', () => {
    it('nullable fields accept null (OpenAPI 3.0 nullable is understood)', async () => {
      fake.seed.issue({ title: 'x', body: 'y' });
      const r = await api('PATCH', `${R}/issues/1`, { body: null, milestone: null, assignee: null });
      expect(r.status).toBe(200);
      expect(r.body.body).toBeNull();
      expect(fake.violations()).toEqual([]);
    });

    it('wrong repository → 404 like GitHub', async () => {
      const r = await api('GET', '/repos/someone/else/issues/1');
      expect(r.status).toBe(404);
      expect(fake.violations()).toEqual([]);
    });

    it('missing resources → 404', async () => {
      expect((await api('GET', `${R}/issues/99`)).status).toBe(404);
      expect((await api('PATCH', `${R}/check-runs/99`, { output: { summary: 's' } })).status).toBe(404);
      expect(fake.violations()).toEqual([]);
    });
  });

  describe('authorization', () => {
    it('rejects a wrong or missing token with 401 and accepts Bearer', async () => {
      expect((await api('GET', R, undefined, { authorization: 'token nope' })).status).toBe(401);
      const res = await fetch(fake.url + R);
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ message: 'Bad credentials' });
      expect((await api('GET', R, undefined, { authorization: `Bearer ${TOKEN}` })).status).toBe(200);
      expect(fake.requests[0]!.headers['authorization']).toBe('token nope');
    });
  });

  describe('failNext', () => {
    it('injects a 500 once, then behaves normally', async () => {
      fake.failNext({ operationId: 'checks/create' }, fakeResponses.serverError());
      const body = { name: 'x', head_sha: 'a'.repeat(40) };
      expect((await api('POST', `${R}/check-runs`, body)).status).toBe(500);
      expect(fake.state.checkRuns).toHaveLength(0);
      expect((await api('POST', `${R}/check-runs`, body)).status).toBe(201);
      expect(fake.state.checkRuns).toHaveLength(1);
      expect(fake.violations()).toEqual([]);
    });

    it('injects permission denied by method + path pattern, `times` times', async () => {
      fake.failNext({ method: 'POST', pathPattern: /\/issues$/ }, fakeResponses.permissionDenied(), 2);
      const first = await api('POST', `${R}/issues`, { title: 'a' });
      expect(first.status).toBe(403);
      expect(first.body.message).toBe('Resource not accessible by integration');
      expect((await api('GET', `${R}/issues`)).status).toBe(200); // GET does not match
      expect((await api('POST', `${R}/issues`, { title: 'b' })).status).toBe(403);
      expect((await api('POST', `${R}/issues`, { title: 'c' })).status).toBe(201);
    });

    it('injects primary and secondary rate limits with their headers', async () => {
      fake.failNext({ operationId: 'search/issues-and-pull-requests' }, fakeResponses.rateLimited({ resetInSeconds: 30 }));
      fake.failNext({ operationId: 'issues/create' }, fakeResponses.secondaryRateLimit({ retryAfterSeconds: 7, status: 429 }));
      const s = await api('GET', `/search/issues?q=${encodeURIComponent('is:issue x')}`);
      expect(s.status).toBe(403);
      expect(s.headers.get('x-ratelimit-remaining')).toBe('0');
      expect(Number(s.headers.get('x-ratelimit-reset'))).toBeGreaterThan(Date.UTC(2025, 0, 1) / 1000); // epoch seconds, not ms or a delta
      expect(s.body.message).toMatch(/rate limit exceeded/);
      const c = await api('POST', `${R}/issues`, { title: 'x' });
      expect(c.status).toBe(429);
      expect(c.headers.get('retry-after')).toBe('7');
    });

    it("the injected rate-limit reset is resetInSeconds after the fake's clock when it answers", async () => {
      let now = Date.UTC(2025, 0, 1, 12, 0, 0, 900);
      const clocked = await startGitHubFake({ owner: OWNER, repo: REPO, clock: () => now });
      try {
        const response = fakeResponses.rateLimited({ resetInSeconds: 30 });
        clocked.failNext({ operationId: 'repos/get' }, response, 2);
        const reset = async () => Number((await fetch(`${clocked.url}${R}`)).headers.get('x-ratelimit-reset'));
        expect(await reset()).toBe(Date.UTC(2025, 0, 1, 12, 0, 30) / 1000);
        now += 60_000; // the same injected response, answered a minute later
        expect(await reset()).toBe(Date.UTC(2025, 0, 1, 12, 1, 30) / 1000);
        // Normal answers carry the fake's clock too (an hour ahead, like an untouched quota).
        expect(Number((await fetch(`${clocked.url}${R}`)).headers.get('x-ratelimit-reset'))).toBe(Date.UTC(2025, 0, 1, 13, 1, 0) / 1000);
        expect(clocked.violations()).toEqual([]);
      } finally {
        await clocked.close();
      }
    });

    it('a delay longer than the client timeout: the client times out, unanswered, and close() cancels the delay', async () => {
      // The client gives up first whatever the machine's speed: both timers run on this event loop, and 200 ms expires
      // before 10 minutes (Node runs due timers in order of their deadlines).
      const slow = await startGitHubFake({ owner: OWNER, repo: REPO, token: TOKEN });
      slow.failNext({ operationId: 'repos/get' }, { status: 500, delayMs: 600_000 });
      const call = fetch(slow.url + R, { headers: { authorization: `token ${TOKEN}` }, signal: AbortSignal.timeout(200) });
      await expect(call).rejects.toMatchObject({ name: 'TimeoutError' });
      const [rec] = slow.requests;
      expect(rec).toMatchObject({ operationId: 'repos/get' });
      expect(rec!.status).toBeUndefined(); // not answered: the 500 was still waiting for its delay
      // close() ends the pending delay: were it left to run, the request would settle only after 10 minutes, far past
      // this test's timeout.
      await slow.close();
      await slow.settled(rec!);
    });

    it("a never-ending hang: only the client's timeout ends it; nothing is carried out", async () => {
      fake.failNext({ operationId: 'issues/create' }, fakeResponses.hang());
      const client = new AbortController();
      const call = fetch(`${fake.url}${R}/issues`, {
        method: 'POST',
        headers: { authorization: `token ${TOKEN}` },
        body: JSON.stringify({ title: 'never' }),
        signal: client.signal,
      });
      const rec = await fake.arrived({ operationId: 'issues/create' });
      client.abort();
      await expect(call).rejects.toThrow();
      await fake.settled(rec);
      expect(rec).toMatchObject({ abandoned: true });
      expect(rec.status).toBeUndefined();
      expect(fake.state.issues).toEqual([]);
    });

    it('delay without status: answered normally after the delay (the write still happens)', async () => {
      fake.failNext({ operationId: 'issues/create' }, fakeResponses.hang(300));
      const client = new AbortController();
      const call = fetch(`${fake.url}${R}/issues`, {
        method: 'POST',
        headers: { authorization: `token ${TOKEN}` },
        body: JSON.stringify({ title: 'slow' }),
        signal: client.signal,
      });
      // The client gives up once the fake holds the request (ordered by the fake's event, not by a sleep), then the
      // fake finishes the delayed write anyway.
      const rec = await fake.arrived({ operationId: 'issues/create' });
      expect(fake.state.issues).toEqual([]);
      client.abort();
      await expect(call).rejects.toThrow();
      await fake.settled(rec);
      expect(rec).toMatchObject({ abandoned: true, status: 201 });
      expect(fake.state.issues.map((i) => i.title)).toEqual(['slow']);
      const retry = await api('POST', `${R}/issues`, { title: 'slow' });
      expect(retry.status).toBe(201);
      expect(fake.state.issues).toHaveLength(2); // a client retrying a timed-out create makes a duplicate, as on GitHub
      // An answered request settles too, and was not abandoned.
      const answered = fake.requests.at(-1)!;
      await fake.settled(answered);
      expect(answered).toMatchObject({ status: 201 });
      expect(answered.abandoned).toBeUndefined();
    });

    it('invalid requests still get 422 and do not consume the injection', async () => {
      fake.failNext({ operationId: 'issues/create' }, fakeResponses.serverError());
      expect((await api('POST', `${R}/issues`, {})).status).toBe(422);
      expect((await api('POST', `${R}/issues`, { title: 'x' })).status).toBe(500);
    });
  });

  describe('pagination', () => {
    it('lists issues page by page following Link headers', async () => {
      for (let i = 1; i <= 75; i++) fake.seed.issue({ title: `t${i}`, labels: ['flaky'], created_at: new Date(Date.UTC(2025, 0, 1, 0, i)).toISOString() });
      fake.seed.issue({ title: 'unlabelled' });
      const first = await api('GET', `${R}/issues?labels=flaky&per_page=30`);
      expect(first.body).toHaveLength(30);
      expect(first.body[0].title).toBe('t75'); // newest first
      const link = first.headers.get('link')!;
      expect(link).toContain(`<${fake.url}${R}/issues?labels=flaky&per_page=30&page=2>; rel="next"`);
      expect(link).toContain(`<${fake.url}${R}/issues?labels=flaky&per_page=30&page=3>; rel="last"`);

      const titles: string[] = [];
      let next: string | undefined = `${fake.url}${R}/issues?labels=flaky&per_page=30`;
      let pages = 0;
      while (next) {
        const res: Response = await fetch(next, { headers: { authorization: `token ${TOKEN}` } });
        titles.push(...((await res.json()) as { title: string }[]).map((i) => i.title));
        next = /<([^>]+)>;\s*rel="next"/.exec(res.headers.get('link') ?? '')?.[1];
        pages++;
      }
      expect(pages).toBe(3);
      expect(titles).toHaveLength(75);
      expect(new Set(titles).size).toBe(75);
      const lastPage = await api('GET', `${R}/issues?labels=flaky&per_page=30&page=3`);
      expect(lastPage.body).toHaveLength(15);
      expect(lastPage.headers.get('link')).toContain('rel="prev"');
      expect(lastPage.headers.get('link')).not.toContain('rel="next"');
      expect(fake.violations()).toEqual([]);
    });

    it('paginates search results and caps per_page at 100', async () => {
      for (let i = 0; i < 120; i++) fake.seed.issue({ title: `t${i}`, labels: ['flaky'] });
      const p1 = await api('GET', `/search/issues?q=${encodeURIComponent('is:issue label:flaky')}&per_page=500`);
      expect(p1.body.total_count).toBe(120);
      expect(p1.body.items).toHaveLength(100);
      expect(p1.headers.get('link')).toContain('page=2>; rel="next"');
      const p2 = await api('GET', `/search/issues?q=${encodeURIComponent('is:issue label:flaky')}&per_page=100&page=2`);
      expect(p2.body.items).toHaveLength(20);
      expect(fake.violations()).toEqual([]);
    });
  });
});

describe('github fake: commits', () => {
  it('compares two seeded commits and gives one commit with its files, as the spec describes them', async () => {
    fake = await startGitHubFake({ owner: OWNER, repo: REPO, token: TOKEN });
    try {
      const sha = (n: number): string => String(n).repeat(40);
      fake.seed.commit({ sha: sha(1), message: 'one' });
      fake.seed.commit({ sha: sha(2), message: 'two\n\nbody', files: ['src/cart/a.ts'] });
      fake.seed.commit({ sha: sha(3), message: 'three', files: ['src/util/b.ts', 'src/cart/a.ts'] });
      const compared = await api('GET', `/repos/${OWNER}/${REPO}/compare/${sha(1)}...${sha(3)}`);
      expect(compared.status).toBe(200);
      expectValid('repos/compare-commits-with-basehead', compared);
      const body = compared.body as { total_commits: number; commits: Array<{ sha: string; commit: { message: string } }>; files: Array<{ filename: string }> };
      expect(body.total_commits).toBe(2);
      expect(body.commits.map((c) => c.sha)).toEqual([sha(2), sha(3)]);
      expect(body.files.map((f) => f.filename)).toEqual(['src/cart/a.ts', 'src/util/b.ts']);
      const one = await api('GET', `/repos/${OWNER}/${REPO}/commits/${sha(2)}`);
      expectValid('repos/get-commit', one);
      expect((one.body as { files: Array<{ filename: string }> }).files.map((f) => f.filename)).toEqual(['src/cart/a.ts']);
      expect((await api('GET', `/repos/${OWNER}/${REPO}/compare/${sha(1)}...${'f'.repeat(40)}`)).status).toBe(404);
      expect(fake.violations()).toEqual([]);
    } finally {
      await fake.close();
    }
  });
});
