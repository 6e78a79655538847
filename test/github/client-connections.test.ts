/**
 * Requests sent one after the other go over one connection (src/github/client.ts): undici puts a connection back in
 * its pool a turn of the event loop after the answer, and a request sent before that opens another connection (on
 * GitHub a TCP and a TLS handshake, two round trips: the check run's annotations past the first 50 are sent so). The
 * REST client against the OpenAPI-checked fake, behind the latency bench's proxy, which counts connections and turns.
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import { startGitHubFake, fakeResponses, type FakeGitHub } from '../support/github-fake/index.ts';
import { startLatencyProxy, type LatencyProxy } from '../../scripts/bench/latency-proxy.ts';
import { createClient, openConnection, requestOptions } from '../../src/github/client.ts';

const TOKEN = 'ghs_client_connections';
let gh: FakeGitHub;
let proxy: LatencyProxy;
beforeEach(async () => {
  gh = await startGitHubFake({ owner: 'octo', repo: 'project', token: TOKEN });
  proxy = await startLatencyProxy({ targetPort: Number(new URL(gh.url).port), rttMs: 5 });
});
afterEach(async () => {
  await proxy.close();
  await gh.close();
});

const annotations = Array.from({ length: 50 }, (_, i) => ({ path: 'src/a.test.ts', start_line: i + 1, end_line: i + 1, annotation_level: 'failure' as const, title: `t${i}`, message: 'failed' }));

it('opens one connection, then sends the check run and its further annotations over it, one request after the other', async () => {
  const octokit = await createClient(TOKEN, `http://127.0.0.1:${proxy.port}`);
  expect(await openConnection(octokit)).toBe(true);
  const output = { title: 'flakeguard', summary: 'failures' };
  const created = await octokit.rest.checks.create({
    owner: 'octo',
    repo: 'project',
    name: 'flakeguard',
    head_sha: 'a'.repeat(40),
    status: 'completed',
    conclusion: 'failure',
    output: { ...output, annotations },
    ...requestOptions(),
  });
  for (let i = 0; i < 3; i++) await octokit.rest.checks.update({ owner: 'octo', repo: 'project', check_run_id: created.data.id, output: { ...output, annotations }, ...requestOptions() });
  expect(gh.violations()).toEqual([]);
  expect(gh.requests.map((r) => r.operationId)).toEqual(['rate-limit/get', 'checks/create', 'checks/update', 'checks/update', 'checks/update']);
  expect(proxy.stats()).toMatchObject({ connections: 1, turns: 5 });
});

it('keeps the connection after a request that failed', async () => {
  const octokit = await createClient(TOKEN, `http://127.0.0.1:${proxy.port}`);
  gh.failNext({ operationId: 'issues/get-label' }, fakeResponses.serverError());
  await expect(octokit.rest.issues.getLabel({ owner: 'octo', repo: 'project', name: 'flaky', ...requestOptions() })).rejects.toMatchObject({ status: 500 });
  await octokit.rest.issues.listForRepo({ owner: 'octo', repo: 'project', ...requestOptions() });
  expect(proxy.stats()).toMatchObject({ connections: 1, turns: 2 });
});
