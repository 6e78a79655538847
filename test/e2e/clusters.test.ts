/**
 * Co-failure clusters end to end (docs/clusters.md): the bundled dist/index.js run as a runner would, against a real
 * bare remote and the GitHub fake. Tests that fail together across runs are one cluster, stored in clusters.json,
 * named once in the summary, and given one owners' issue naming them all instead of one issue each.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { World, junitXml, type ActionRun, type CaseSpec } from '../support/action.ts';
import { startGitHubFake, type FakeGitHub } from '../support/github-fake/index.ts';
import { expectOutcome } from '../support/expect.ts';

const TOKEN = 'ghs_clusters_test';

let world: World;
let gh: FakeGitHub;

beforeEach(async () => {
  world = await World.create();
  gh = await startGitHubFake({ owner: 'octo', repo: 'project', token: TOKEN });
  await world.writeReport('.github/CODEOWNERS', '*  @octo/qa\nsrc/db/  @alice\nsrc/api/  @bob\n');
});
afterEach(async () => {
  await gh.close();
  await world.dispose();
});

async function ciRun(cases: CaseSpec[], inputs: Record<string, string> = {}): Promise<ActionRun> {
  await world.commit(`change ${Math.random()}`);
  await world.writeReport('reports/unit.xml', junitXml(cases));
  return world.run({ inputs: { token: TOKEN, 'create-issues': 'true', ...inputs }, env: { GITHUB_API_URL: gh.url } });
}

const HOSTILE = 'rows <img src=x onerror=alert(1)> @mallory #1';
/** Four tests of two owners that fail together with one message (fewer than an outage's five). */
const together = (attempts: string): CaseSpec[] => [
  { classname: 'app.Db', name: 'reads', attempts, file: 'src/db/db.test.ts', message: 'connect ECONNRESET 10.0.0.7:5432' },
  { classname: 'app.Db', name: 'writes', attempts, file: 'src/db/db.test.ts', message: 'connect ECONNRESET 10.0.0.7:5432' },
  { classname: 'app.Db', name: HOSTILE, attempts, file: 'src/db/db.test.ts', message: 'connect ECONNRESET 10.0.0.9:5432' },
  { classname: 'app.Api', name: 'lists', attempts, file: 'src/api/api.test.ts', message: 'connect ECONNRESET 10.0.0.7:5433' },
];
const stable: CaseSpec[] = Array.from({ length: 8 }, (_, i) => ({ classname: 'app.Util', name: `ok${i}`, file: 'src/util.test.ts' }));
const alone: CaseSpec = { classname: 'app.Cart', name: 'total', attempts: 'FP', file: 'src/cart.test.ts', message: 'expected 3 to be 4' };

describe('co-failure clusters', () => {
  it('gives tests that fail together across runs one owners issue naming them all, not one each', async () => {
    // Runs 1 and 2: they fail together (a plain failure blocks and quarantines nothing).
    for (let i = 0; i < 2; i++) expectOutcome(await ciRun([...stable, ...together('F')], { 'test-outcome': 'failure' }), 'failure');
    expect(gh.state.issues).toEqual([]);

    // Run 3: they fail together again and pass on a retry: each is quarantined, and they are one cluster.
    const second = await ciRun([...stable, ...together('FP'), alone]);
    expectOutcome(second, 'success');
    expect(JSON.parse(second.outputs['newly-quarantined']!)).toHaveLength(5);
    expect(gh.violations()).toEqual([]);
    // One issue for the cluster and one for the test that failed alone: two, not five.
    expect(gh.state.issues).toHaveLength(2);

    const clusters = JSON.parse((await world.dataFiles()).get('clusters.json')!) as { next: number; clusters: Record<string, { members: string[]; since: number; sig?: string }> };
    expect(Object.keys(clusters.clusters)).toEqual(['1']);
    expect(clusters.clusters['1']!.members).toEqual(['app.Api::lists', 'app.Db::reads', `app.Db::${HOSTILE}`, 'app.Db::writes']);
    expect(clusters.clusters['1']!.sig).toBe('connect econnreset #.#.#.#:line');
    expect(clusters.next).toBe(2);

    const cluster = gh.state.issues.find((i) => i.title.includes('cluster 1'))!;
    expect(cluster).toBeDefined();
    expect(cluster.title).toContain('4 flaky tests failing together');
    const body = cluster.body!;
    for (const id of ['app.Api::lists', 'app.Db::reads', 'app.Db::writes']) expect(body).toContain(id.replace(/:/g, '&#58;'));
    expect(body).toContain('rows &lt;img src&#61;x onerror&#61;alert&#40;1&#41;&gt; &#64;mallory &#35;1');
    expect(body).not.toContain('@mallory');
    expect(body).not.toContain('<img');
    // The owners of every member: assigned and mentioned once.
    expect([...cluster.assignees!].sort()).toEqual(['alice', 'bob']);
    expect(body).toContain('@alice');
    expect(body).toContain('@bob');
    expect(body).toContain('**4 tests fail together with `connect econnreset #.#.#.#:line`**');
    expect(second.summary).toMatch(/4 tests failed together with `connect econnreset #\.#\.#\.#:line`: cluster 1, since run \d/);

    // Run 4: they fail together once more: still one issue, the same cluster id, nothing opened.
    const third = await ciRun([...stable, ...together('FP'), { ...alone, attempts: 'P' }]);
    expectOutcome(third, 'success');
    expect(gh.state.issues).toHaveLength(2);
    const again = JSON.parse((await world.dataFiles()).get('clusters.json')!) as { clusters: Record<string, { members: string[] }> };
    expect(Object.keys(again.clusters)).toEqual(['1']);
    expect(gh.violations()).toEqual([]);
  });
});
