/**
 * The data branch as users meet it, through the bundled action: hand edits (force, never, expiry, broken file),
 * migration from an older layout, read-only runs and pushes that keep failing.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { chmod, cp, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { World, git, junitXml, setOverride as withOverride } from '../support/action.ts';
import { parseResultsFile } from '../../src/store/results-file.ts';
import { parseSnapshot } from '../../src/store/snapshot.ts';
import { expectOutcome } from '../support/expect.ts';

let world: World;
beforeEach(async () => {
  world = await World.create();
});
afterEach(async () => {
  await world.dispose();
});

const setOverride = (id: string, value: string) => (text: string) => withOverride(text, id, value);

async function baseline(): Promise<void> {
  await world.writeReport('reports/unit.xml', junitXml([{ name: 'a' }, { name: 'b' }]));
  expectOutcome(await world.run(), 'success');
}

describe('hand edits', () => {
  it('"never" keeps a flaky test out of quarantine, so its failures block', async () => {
    await baseline();
    await world.editDataFile('stats/00.json', setOverride('pkg.Suite::a', '"never"'));
    for (let i = 0; i < 3; i++) {
      await world.writeReport('reports/unit.xml', junitXml([{ name: 'a', attempts: 'FP' }, { name: 'b' }]));
      const run = await world.run();
      expectOutcome(run, 'success');
      expect(run.outputs['quarantined-tests']).toBe('[]');
    }
    await world.writeReport('reports/unit.xml', junitXml([{ name: 'a', attempts: 'F' }, { name: 'b' }]));
    expectOutcome(await world.run(), 'failure');
    const stats = (await world.dataFiles()).get('stats/00.json')!;
    expect(stats).toMatch(/^"pkg\.Suite::a": \{"override":"never","quarantined":false,"reason":"never quarantined, by hand"/m);
  });

  it('an expired override lapses quietly with a notice and never breaks the run', async () => {
    await baseline();
    await world.editDataFile('stats/00.json', setOverride('pkg.Suite::a', '{"action":"quarantine","reason":"JIRA-9","until":"2020-01-31"}'));
    await world.writeReport('reports/unit.xml', junitXml([{ name: 'a' }, { name: 'b' }]));
    const run = await world.run();
    expectOutcome(run, 'success');
    expect(run.stdout).toMatch(/^::notice::The override of 'pkg\.Suite::a' in stats\/00\.json lapsed on 2020-01-31/m);
    // It is kept as written (the user may extend it), but no longer forgives.
    await world.writeReport('reports/unit.xml', junitXml([{ name: 'a', attempts: 'F' }, { name: 'b' }]));
    expectOutcome(await world.run(), 'failure');
    expect((await world.dataFiles()).get('stats/00.json')).toContain('"until":"2020-01-31"');
  });

  it('a broken stats file is reported with its line, forgives nothing, and is never overwritten', async () => {
    await baseline();
    await world.editDataFile('stats/00.json', setOverride('pkg.Suite::a', '"quarantine"'));
    let brokenText = '';
    await world.editDataFile('stats/00.json', (text) => {
      brokenText = text.replace('"override":"quarantine"', '"override":"quarantine" oops');
      return brokenText;
    });
    await world.writeReport('reports/unit.xml', junitXml([{ name: 'a', attempts: 'F' }, { name: 'b' }]));
    const run = await world.run();
    expectOutcome(run, 'failure');
    expect(run.stdout).toMatch(/^::error title=flakeguard data branch%3A stats\/00\.json,file=stats\/00\.json,line=2::not valid JSON/m);
    const files = await world.dataFiles();
    expect(files.get('stats/00.json')).toBe(brokenText);
    // The run itself was still recorded.
    expect(JSON.parse(files.get('history/00.json')!).tests['pkg.Suite::a'].o).toBe('PF');

    // Once fixed, the override works again.
    await world.editDataFile('stats/00.json', (text) => text.replace('"quarantine" oops', '"quarantine"'));
    const fixed = await world.run();
    expectOutcome(fixed, 'success');
    expect(fixed.outputs['quarantined-failures']).toBe('1');
  });
});

describe('an older layout', () => {
  it('is migrated on read: its quarantine still forgives and the branch is rewritten in schema 4', async () => {
    // Publish the schema-1 branch captured from flakeguard 0.1.
    const clone = join(world.root, 'v1');
    await git(world.root, ['init', '-q', '-b', 'flakeguard-data', clone]);
    await cp(join(import.meta.dirname, '../fixtures/data-branch-v1'), clone, { recursive: true });
    await git(clone, ['add', '-A']);
    await git(clone, ['-c', 'user.name=x', '-c', 'user.email=x@x', 'commit', '-q', '-m', 'v1']);
    await git(clone, ['push', '-q', world.remote, 'flakeguard-data']);

    await world.writeReport('reports/junit.xml', junitXml([{ classname: 'api.Client', name: 'retries on 503', attempts: 'F', message: 'timeout of 5000ms exceeded' }]));
    const run = await world.run({ runId: 5000, inputs: { 'test-outcome': 'failure' } });
    expectOutcome(run, 'success');
    expect(run.outputs['quarantined-failures']).toBe('1');
    const files = await world.dataFiles();
    expect(JSON.parse(files.get('flakeguard.json')!).schema).toBe(4);
    expect(JSON.parse(files.get('history/00.json')!).tests['api.Client::retries on 503'].o).toBe('P(FP)(FP)(FF)(FF)F');
  });

  it('schema 2 is migrated on read: its quarantine forgives, its hand override holds, and it is rewritten in schema 4', async () => {
    // Publish the schema-2 branch captured from the last schema-2 flakeguard (test/fixtures/data-branch-v2).
    const clone = join(world.root, 'v2');
    await git(world.root, ['init', '-q', '-b', 'flakeguard-data', clone]);
    await cp(join(import.meta.dirname, '../fixtures/data-branch-v2'), clone, { recursive: true });
    await git(clone, ['add', '-A']);
    await git(clone, ['-c', 'user.name=x', '-c', 'user.email=x@x', 'commit', '-q', '-m', 'v2']);
    await git(clone, ['push', '-q', world.remote, 'flakeguard-data']);

    await world.writeReport(
      'reports/junit.xml',
      junitXml([
        { classname: 'api.Client', name: 'retries on 503', attempts: 'F', message: 'timeout of 5000ms exceeded' },
        { classname: 'cart.Total', name: 'applies discount' },
        { classname: 'db.Pool', name: 'reconnects', attempts: 'F', message: 'connect ECONNREFUSED 127.0.0.1:5432' },
      ]),
    );
    const run = await world.run({ runId: 6000, inputs: { 'test-outcome': 'failure' } });
    // The quarantined test's failure is forgiven; the test kept out by hand ("never") blocks.
    expectOutcome(run, 'failure');
    expect(run.outputs['quarantined-failures']).toBe('1');
    expect(run.stdout).toMatch(/db\.Pool(::|%3A%3A)reconnects/);
    const files = await world.dataFiles();
    expect(JSON.parse(files.get('flakeguard.json')!).schema).toBe(4);
    const history = JSON.parse(files.get('history/00.json')!).tests;
    expect(history['api.Client::retries on 503'].o).toBe('P(FP)P(FP)PPPF');
    expect(history['cart.Total::applies discount'].o).toBe('P*8');
    expect(JSON.parse(files.get('stats/00.json')!).tests['db.Pool::reconnects'].override).toEqual({ action: 'never', reason: 'DB-7: real outage' });
  });

  it('schema 3 is migrated on read: its quarantine forgives, its hand override holds, and its quiet tests move to quiet files', async () => {
    // Publish the schema-3 branch captured from the last schema-3 flakeguard (test/fixtures/data-branch-v3).
    const clone = join(world.root, 'v3');
    await git(world.root, ['init', '-q', '-b', 'flakeguard-data', clone]);
    await cp(join(import.meta.dirname, '../fixtures/data-branch-v3'), clone, { recursive: true });
    await git(clone, ['add', '-A']);
    await git(clone, ['-c', 'user.name=x', '-c', 'user.email=x@x', 'commit', '-q', '-m', 'v3']);
    await git(clone, ['push', '-q', world.remote, 'flakeguard-data']);

    const suite = Array.from({ length: 1_034 }, (_, i) => ({ classname: `shop.M${i % 26}`, name: `case ${i}` }));
    await world.writeReport(
      'reports/junit.xml',
      junitXml([
        ...suite,
        { classname: 'api.Client', name: 'retries on 503', attempts: 'F', message: 'timeout of 5000ms exceeded' },
        { classname: 'db.Pool', name: 'reconnects', attempts: 'F', message: 'connect ECONNREFUSED 127.0.0.1:5432' },
      ]),
    );
    const run = await world.run({ runId: 7000, inputs: { 'test-outcome': 'failure' } });
    expectOutcome(run, 'failure');
    expect(run.outputs['quarantined-failures']).toBe('1');
    expect(run.stdout).toMatch(/db\.Pool(::|%3A%3A)reconnects/);
    const files = await world.dataFiles();
    expect(JSON.parse(files.get('flakeguard.json')!)).toMatchObject({ schema: 4, window: [100, expect.any(Number)] });
    const quiet = [...files].filter(([path]) => path.startsWith('history/quiet-'));
    expect(quiet.map(([path]) => path).sort()).toEqual(['history/quiet-00.json', 'history/quiet-01.json']);
    const lines = Object.assign({}, ...quiet.map(([, text]) => JSON.parse(text).tests)) as Record<string, { from: number; o: string }>;
    expect(lines['shop.M0::case 0']).toMatchObject({ from: 5, o: 'P*' });
    expect(lines['api.Client::retries on 503']).toBeUndefined();
    // The step's own reader (the CLI's) reads the quiet lines back: 11 runs from run 5 to this one.
    const read = parseSnapshot(files);
    expect(read.problems).toEqual([]);
    expect(read.history.get('shop.M0::case 0')!.runs).toHaveLength(11);
  });
});

describe('runs that cannot write', () => {
  it('a pull request from a fork reads the history, decides, does not push, and leaves its results', async () => {
    await baseline();
    await world.editDataFile('stats/00.json', setOverride('pkg.Suite::a', '"quarantine"'));
    const commitsBefore = await world.dataCommits();
    await world.writeReport('reports/unit.xml', junitXml([{ name: 'a', attempts: 'F' }, { name: 'b' }]));
    const run = await world.run({
      eventName: 'pull_request',
      ref: 'refs/pull/7/merge',
      event: { repository: { default_branch: 'main', full_name: 'octo/project' }, pull_request: { number: 7, head: { repo: { full_name: 'fork/project' } } } },
    });
    expectOutcome(run, 'success');
    expect(run.outputs['quarantined-failures']).toBe('1');
    expect(run.outputs['data-commit']).toBe('');
    expect(await world.dataCommits()).toEqual(commitsBefore);
    expect(run.stdout).toContain('Read-only run');
    const results = parseResultsFile(await readFile(run.outputs['results-file']!, 'utf8'));
    expect(results.tests.map((t) => [t.id, t.attempts.map((a) => a.status)])).toEqual([
      ['pkg.Suite::a', ['failed']],
      ['pkg.Suite::b', ['passed']],
    ]);
    expect(results.run.event).toBe('pull_request');
  });

  it('when every push is refused, still decides the outcome and says the history was not saved', async () => {
    await baseline();
    const hook = join(world.remote, 'hooks', 'pre-receive');
    await writeFile(hook, '#!/bin/sh\necho "pushes are frozen" >&2\nexit 1\n');
    await chmod(hook, 0o755);
    await world.writeReport('reports/unit.xml', junitXml([{ name: 'a', attempts: 'F' }, { name: 'b' }]));
    const run = await world.run({ inputs: { 'push-attempts': '2' } });
    expectOutcome(run, 'failure');
    expect(run.outputs['blocking-failures']).toBe('1');
    expect(run.stdout).toMatch(
      /^::error title=flakeguard history not saved::The history was NOT saved to flakeguard-data: the remote refused the push for good.*, and parking the results on flakeguard-data-inbox\/.* failed too/m,
    );
    expect(run.summary).toContain('The history was NOT saved');
    expect(run.outputs['results-file']).toMatch(/flakeguard-results-.*\.json$/);
  });

  it('when the remote cannot be reached, forgives nothing and says why', async () => {
    await baseline();
    await world.editDataFile('stats/00.json', setOverride('pkg.Suite::a', '"quarantine"'));
    await world.writeReport('reports/unit.xml', junitXml([{ name: 'a', attempts: 'F' }, { name: 'b' }]));
    const run = await world.run({ inputs: { 'push-attempts': '1', 'data-remote': join(world.root, 'gone.git') } });
    expectOutcome(run, 'failure');
    expect(run.stdout).toContain('The data branch could not be read, so no failure could be forgiven.');
  });
});
