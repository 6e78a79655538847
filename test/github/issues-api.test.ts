/**
 * Reading the tracked issues and reporting API failures, in process against the OpenAPI-checked GitHub fake.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createClient } from '../../src/github/client.ts';
import { IssueApi, MAX_FAILURES, listTrackedIssues } from '../../src/github/issue-api.ts';
import { idMarker, testHash } from '../../src/github/issue-body.ts';
import { fakeResponses, startGitHubFake, type FakeGitHub } from '../support/github-fake/index.ts';

// Keep the workflow commands out of the test output; IssueApi keeps its own list of warnings.
vi.mock('@actions/core', async (original) => ({ ...(await original<typeof import('@actions/core')>()), warning: vi.fn() }));

let gh: FakeGitHub;
beforeEach(async () => {
  gh = await startGitHubFake({ owner: 'octo', repo: 'project', token: 't0k' });
});
afterEach(async () => {
  await gh.close();
});

async function api(): Promise<IssueApi> {
  return new IssueApi(await createClient('t0k', gh.url), 'octo', 'project');
}

describe('listing the tracked issues', () => {
  it('reads every page of the label’s issues, open and closed, keeping those with a marker', async () => {
    for (let i = 0; i < 230; i++) {
      gh.seed.issue({ title: `t${i}`, body: `x\n${idMarker(testHash(`t${i}`))}`, labels: ['flaky-test'], state: i % 3 === 0 ? 'closed' : 'open' });
    }
    gh.seed.issue({ title: 'no marker', body: 'a person wrote this', labels: ['flaky-test'] });
    gh.seed.issue({ title: 'other label', body: idMarker(testHash('z')), labels: ['bug'] });
    const list = await listTrackedIssues(await api(), 'flaky-test');
    expect(gh.violations()).toEqual([]);
    expect(list).toHaveLength(230);
    expect(new Set(list!.map((i) => i.hash)).size).toBe(230);
    expect(list!.filter((i) => i.state === 'closed')).toHaveLength(77);
    expect(list!.every((i) => i.labelled)).toBe(true);
    expect(gh.requests.filter((r) => r.operationId === 'issues/list-for-repo').map((r) => r.query)).toEqual([
      { labels: 'flaky-test', state: 'all', per_page: '100', page: '1' },
      { labels: 'flaky-test', state: 'all', per_page: '100', page: '2' },
      { labels: 'flaky-test', state: 'all', per_page: '100', page: '3' },
    ]);
  });

  it('gives up (undefined) when the list cannot be read, and says why', async () => {
    gh.failNext({ operationId: 'issues/list-for-repo' }, fakeResponses.serverError());
    const a = await api();
    expect(await listTrackedIssues(a, 'flaky-test')).toBeUndefined();
    expect(a.warnings).toHaveLength(1);
    expect(a.warnings[0]).toMatch(/^flakeguard could not list the issues labelled for flakeguard \(500: Server Error/);
  });
});

describe('API failures', () => {
  it('stop the work at the first permission failure, with the permission to grant', async () => {
    const a = await api();
    gh.failNext({ operationId: 'issues/create' }, fakeResponses.permissionDenied());
    const r = await a.call('open an issue', true, () => a.octokit.rest.issues.create({ owner: 'octo', repo: 'project', title: 'x' }));
    expect(r).toEqual({ ok: false, status: 403 });
    expect(a.stopped).toMatch(/needs `issues: write`/);
    const again = await a.call('open an issue', true, () => a.octokit.rest.issues.create({ owner: 'octo', repo: 'project', title: 'y' }));
    expect(again).toEqual({ ok: false });
    expect(gh.state.issues).toEqual([]);
    expect(a.warnings).toHaveLength(1);
  });

  it('stop at a rate limit, and after a few server errors', async () => {
    const a = await api();
    gh.failNext({ method: 'GET' }, fakeResponses.secondaryRateLimit({ retryAfterSeconds: 5 }));
    await a.call('read', false, () => a.octokit.rest.issues.listForRepo({ owner: 'octo', repo: 'project' }));
    expect(a.stopped).toMatch(/secondary rate limit/);

    const b = await api();
    gh.failNext({ method: 'GET' }, fakeResponses.serverError(), MAX_FAILURES);
    for (let i = 0; i < MAX_FAILURES; i++) {
      expect(b.stopped).toBeUndefined();
      await b.call('read', false, () => b.octokit.rest.issues.listForRepo({ owner: 'octo', repo: 'project' }));
    }
    expect(b.stopped).toMatch(/after 3 failed requests/);
  });

  it('treats expected statuses as answers, not failures', async () => {
    const a = await api();
    const r = await a.call('read the label', false, () => a.octokit.rest.issues.getLabel({ owner: 'octo', repo: 'project', name: 'nope' }), [404]);
    expect(r).toEqual({ ok: false, status: 404 });
    expect(a.failures).toBe(0);
    expect(a.warnings).toEqual([]);
  });
});
