/**
 * The README badge through the bundled action (dist/index.js) against a real bare repository: every write of a run
 * leaves `badge.json` at the data branch's root, a Shields endpoint file whose count is the run's quarantine
 * (`quarantined-tests`). It is an owned path (src/store/owned.ts): a person's edit of it is replaced by the next
 * run, a hand edit with the CLI keeps it, and a symbolic link there is left as it is, with an error naming it.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { rm, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { NODE24, PROJECT_ROOT, World, git, junitXml, type ActionRun } from '../support/action.ts';
import { expectOutcome } from '../support/expect.ts';

const BRANCH = 'flakeguard-data';

let world: World;
beforeEach(async () => {
  world = await World.create();
});
afterEach(async () => {
  await world.dispose();
});

async function badgeOnBranch(): Promise<Record<string, unknown>> {
  const text = (await world.dataFiles()).get('badge.json');
  expect(text, 'badge.json on the data branch').toBeDefined();
  return JSON.parse(text!) as Record<string, unknown>;
}

function quarantinedCount(run: ActionRun): number {
  return (JSON.parse(run.outputs['quarantined-tests']!) as string[]).length;
}

function cli(args: string[]): Promise<{ code: number | null; stderr: string }> {
  const env = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', LANG: 'C.UTF-8' };
  const child = spawn(NODE24, [join(PROJECT_ROOT, 'dist/cli/index.js'), ...args], { cwd: world.root, env, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  return new Promise((res) => child.on('close', (code) => res({ code, stderr })));
}

describe('badge.json on the data branch', () => {
  it("says the run's quarantine count, is rewritten over a person's edit, and is kept by a CLI hand edit", async () => {
    await world.writeReport('reports/unit.xml', junitXml([{ name: 'a' }, { name: 'b' }, { name: 'c' }]));
    const first = await world.run({ runId: 1 });
    expectOutcome(first, 'success');
    expect(quarantinedCount(first)).toBe(0);
    expect(await badgeOnBranch()).toEqual({ schemaVersion: 1, label: 'flaky tests', message: 'none quarantined', color: 'brightgreen' });

    // Failed, then passed on a retry on the same commit: quarantined by this run, so the count is rising.
    await world.writeReport('reports/unit.xml', junitXml([{ name: 'a', attempts: 'FP', message: 'timeout' }, { name: 'b' }, { name: 'c' }]));
    const second = await world.run({ runId: 2 });
    expectOutcome(second, 'success');
    expect(quarantinedCount(second)).toBe(1);
    expect(await badgeOnBranch()).toEqual({ schemaVersion: 1, label: 'flaky tests', message: '1 quarantined, 1 new in 7 days', color: 'orange' });

    // A person's (or anyone's) edit: flakeguard owns the path, the next write puts the true count back.
    await world.editDataFile('badge.json', () => '{"schemaVersion":1,"label":"flaky tests","message":"none quarantined","color":"brightgreen","extra":"<script>"}\n');
    const edited = (await world.dataFiles()).get('badge.json');
    expect(edited).toContain('"extra"');
    // A hand edit with the CLI writes the stats file and leaves the badge as it was (it is not deleted).
    const hand = await cli(['quarantine', 'pkg.Suite::b', '--remote', world.remote, '--yes']);
    expect(hand.code, hand.stderr).toBe(0);
    expect((await world.dataFiles()).get('badge.json')).toBe(edited);

    await world.writeReport('reports/unit.xml', junitXml([{ name: 'a' }, { name: 'b' }, { name: 'c' }]));
    const third = await world.run({ runId: 3 });
    expectOutcome(third, 'success');
    expect(quarantinedCount(third)).toBe(2);
    expect(await badgeOnBranch()).toEqual({ schemaVersion: 1, label: 'flaky tests', message: '2 quarantined, 2 new in 7 days', color: 'orange' });
  }, 120_000);

  it('a symbolic link at badge.json is left as it is, with an error naming it; the run goes on', async () => {
    await world.writeReport('reports/unit.xml', junitXml([{ name: 'a', attempts: 'FP', message: 'timeout' }]));
    expectOutcome(await world.run({ runId: 1 }), 'success');
    const dir = join(world.root, 'person');
    await git(world.root, ['clone', '-q', '-b', BRANCH, world.remote, dir]);
    await rm(join(dir, 'badge.json'));
    await writeFile(join(dir, 'ours.json'), '{"schemaVersion":1,"label":"ours","message":"kept"}\n');
    await symlink('ours.json', join(dir, 'badge.json'));
    await git(dir, ['add', '-A']);
    await git(dir, ['-c', 'user.name=Person', '-c', 'user.email=person@example.com', 'commit', '-q', '-m', 'our own badge']);
    await git(dir, ['push', '-q', 'origin', BRANCH]);

    await world.writeReport('reports/unit.xml', junitXml([{ name: 'a' }, { name: 'b' }]));
    const next = await world.run({ runId: 2 });
    expectOutcome(next, 'success');
    expect(next.stdout).toMatch(/::error[^\n]*badge\.json[^\n]*symbolic link/);
    expect(next.outputs['data-commit']).toMatch(/^[0-9a-f]{40}$/);
    expect((await git(world.remote, ['ls-tree', BRANCH, 'badge.json'])).split(' ')[0]).toBe('120000');
  }, 60_000);
});
