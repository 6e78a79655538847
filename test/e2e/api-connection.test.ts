/**
 * The check run goes over an API connection opened while git pushed, not over one opened after the push
 * (docs/adr/0390-api-connection-opened-while-git-pushes.md): one round trip fewer after the write (two with TLS). The
 * bundled dist/index.js with its data branch served over git's smart HTTP protocol and the OpenAPI-checked GitHub fake,
 * each behind the latency bench's delaying proxy, which counts connections, turns and the round trips waited for one
 * after the other (scripts/bench/latency-proxy.ts; docs/benchmarks.md, "The step over a network").
 *
 * Git's round trip is long (250 ms) and the API's short, so that the push outlasts opening the API's connection on a
 * loaded machine: what is tested is where the check run goes once that connection is open, not a race.
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import { World, junitXml, type CaseSpec } from '../support/action.ts';
import { fakeResponses, startGitHubFake, type FakeGitHub } from '../support/github-fake/index.ts';
import { expectOutcome } from '../support/expect.ts';
import { startGitHttp, type GitHttp } from '../../scripts/bench/git-http.ts';
import { startLatencyProxy, type Interval } from '../../scripts/bench/latency-proxy.ts';

const TOKEN = 'ghs_api_connection';
const GIT_RTT = 250;
const API_RTT = 20;
let world: World;
let gh: FakeGitHub;
let http: GitHttp;

beforeEach(async () => {
  world = await World.create();
  gh = await startGitHubFake({ owner: 'octo', repo: 'project', token: TOKEN });
  http = await startGitHttp(world.root);
});
afterEach(async () => {
  await http.close();
  await gh.close();
  await world.dispose();
});

const cases: CaseSpec[] = Array.from({ length: 20 }, (_, i) => ({ classname: `app.Unit${i % 4}`, name: `works ${i}`, file: `src/unit${i % 4}.test.ts` }));

it('sends the check run over the connection it opened while git pushed: one round trip after the push, not two', async () => {
  await world.writeReport('reports/unit.xml', junitXml(cases));
  // The data branch exists (a first run, straight to the remote): the measured run is a clean run on it.
  expectOutcome(await world.run({ inputs: { token: TOKEN, 'check-run': 'false' }, env: { GITHUB_API_URL: gh.url } }), 'success');
  await world.commit('next');

  const gitClock: Interval[] = [];
  const apiClock: Interval[] = [];
  const gitProxy = await startLatencyProxy({ targetPort: http.port, rttMs: GIT_RTT, clock: gitClock });
  const apiProxy = await startLatencyProxy({ targetPort: Number(new URL(gh.url).port), rttMs: API_RTT, clock: apiClock });
  const before = gh.requests.length;
  try {
    const run = await world.run({
      inputs: { token: TOKEN, 'check-run': 'true', 'data-remote': `http://127.0.0.1:${gitProxy.port}/remote.git` },
      env: { GITHUB_API_URL: `http://127.0.0.1:${apiProxy.port}` },
    });
    expectOutcome(run, 'success');
    expect(gh.violations()).toEqual([]);
    expect(gh.state.checkRuns.at(-1)).toMatchObject({ conclusion: 'success' });
    // Git: the fetch (capabilities, ls-refs, fetch) and the push (advertisement, pack), one connection each.
    expect(gitProxy.stats()).toMatchObject({ connections: 2, turns: 5 });
    // The API: one connection, opened by a request that costs no quota, then the check run over it.
    expect(gh.requests.slice(before).map((r) => r.operationId)).toEqual(['rate-limit/get', 'checks/create']);
    expect(apiProxy.stats()).toMatchObject({ connections: 1, turns: 2 });
    // That connection was open before the push's last answer came back.
    const pushAnswered = Math.max(...gitClock.filter((i) => i.kind === 'turn').map((i) => i.end));
    const apiConnected = apiClock.find((i) => i.kind === 'connect')!.end;
    expect(apiConnected).toBeLessThan(pushAnswered);
    // After the push's answer the step waits for one round trip of the API, the check run's turn (it waited for two:
    // a connection, then the turn). The bench counts the whole chain with one round trip for both (8, was 9).
    expect(apiClock.filter((i) => i.start >= pushAnswered - 1).map((i) => i.kind)).toEqual(['turn']);
  } finally {
    await gitProxy.close();
    await apiProxy.close();
  }
});

it('does not wait for a warm-up the API never answers: the check run goes over a connection of its own, and the step ends', async () => {
  await world.writeReport('reports/unit.xml', junitXml(cases));
  gh.failNext({ operationId: 'rate-limit/get' }, fakeResponses.hang());
  // A request may take 60 s here: a step that waited for the warm-up's timeout would take a minute.
  const run = await world.run({ inputs: { token: TOKEN, 'check-run': 'true' }, env: { GITHUB_API_URL: gh.url, FLAKEGUARD_API_TIMEOUT_MS: '60000' } });
  expectOutcome(run, 'success');
  expect(gh.state.checkRuns.at(-1)).toMatchObject({ conclusion: 'success' });
  expect(gh.requests.map((r) => r.operationId).sort()).toEqual(['checks/create', 'rate-limit/get']);
  expect(run.ms).toBeLessThan(45_000);
}, 120_000);
