/**
 * The git processes of the bundled step's start (src/action/early-clone.ts): the main thread asks where the data branch
 * is (the workspace's `origin`, one git process) and the step's worker takes that answer with the clone, never asking
 * git again.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { World, junitXml } from '../support/action.ts';
import { expectOutcome } from '../support/expect.ts';

let world: World;
beforeEach(async () => {
  world = await World.create();
});
afterEach(async () => {
  await world.dispose();
});

/** The git commands the step ran, from GIT_TRACE2_EVENT: argv without `git`. */
function commands(trace: string): string[][] {
  return readFileSync(trace, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { event: string; argv?: string[] })
    .filter((e) => e.event === 'start' && e.argv)
    .map((e) => e.argv!.slice(1));
}

describe("the step's start", () => {
  it("asks git for the workspace's origin once, on the main thread, and writes to that remote", async () => {
    await world.writeReport('reports/unit.xml', junitXml([{ name: 'a' }, { name: 'b', attempts: 'FP' }]));
    const trace = join(world.root, 'trace2.json');
    const run = await world.run({ env: { GIT_TRACE2_EVENT: trace } });
    expectOutcome(run, 'success');
    const asked = commands(trace).filter((argv) => argv[0] === 'remote');
    expect(asked).toEqual([['remote', 'get-url', 'origin']]);
    const fetches = commands(trace).filter((argv) => argv[0] === 'fetch');
    expect(fetches.length).toBeGreaterThan(0);
    for (const argv of fetches) expect(argv).toContain(world.remote);
    expect([...(await world.dataFiles()).keys()].length).toBeGreaterThan(0);
    // A second run reads what the first wrote, through the same remote.
    await world.writeReport('reports/unit.xml', junitXml([{ name: 'a' }, { name: 'b' }]));
    expectOutcome(await world.run(), 'success');
    expect((await world.dataCommits()).length).toBe(2);
  });
});
