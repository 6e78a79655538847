/**
 * decisions.json through the bundled action (dist/index.js under Node 24, a real bare repository, the OpenAPI-checked
 * GitHub fake): each test's quarantine timeline is recorded run after run, written only when a decision changes,
 * records the number of the test's issue, and never stands in the way of a run when a person breaks it.
 */
import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { World, git, junitXml, type ActionRun, type CaseSpec } from '../support/action.ts';
import { startGitHubFake, type FakeGitHub } from '../support/github-fake/index.ts';
import { SCHEMA_VERSION } from '../../src/store/layout.ts';
import { expectOutcome } from '../support/expect.ts';

const ID = 'app.Cart::total';
const TOKEN = 'ghs_decisions_test';

let world: World;
beforeEach(async () => {
  world = await World.create();
  await world.writeReport('.github/flakeguard.yml', 'policy:\n  release-after-clean-runs: 2\n');
});
afterEach(async () => {
  await world.dispose();
});

const cart = (attempts: string): CaseSpec => ({ classname: 'app.Cart', name: 'total', attempts, message: 'expected 3 to be 4' });
const util: CaseSpec = { classname: 'app.Util', name: 'ok' };

async function ciRun(cases: CaseSpec[], extra: { inputs?: Record<string, string>; env?: Record<string, string> } = {}): Promise<ActionRun> {
  await world.commit(`change ${Math.random()}`);
  await world.writeReport('reports/unit.xml', junitXml(cases));
  return world.run({ inputs: { config: '.github/flakeguard.yml', ...extra.inputs }, ...(extra.env ? { env: extra.env } : {}) });
}

interface Written {
  from: number;
  tests: Record<string, { issue?: number; events: Array<{ run: number; at: string; event: string; quarantined: boolean; by: string; reason: string }> }>;
}

async function decisions(): Promise<Written> {
  return JSON.parse((await world.dataFiles()).get('decisions.json')!) as Written;
}

/** The run id of sequence number `seq` in runs.json (its key is `<run id>/<job>/<hash>`). */
async function runIdOf(seq: number): Promise<string> {
  const runs = JSON.parse((await world.dataFiles()).get('runs.json')!).runs as Record<string, [string]>;
  const [key] = Object.entries(runs).find(([s]) => Number(s) === seq)![1];
  return key.split('/')[0]!;
}

describe('the quarantine timeline on the data branch', () => {
  it('records a quarantine entering and its release across runs, with the run, time, who and why; quiet runs leave the file alone', async () => {
    expectOutcome(await ciRun([util, cart('P')]), 'success');
    expect(await decisions()).toEqual({ schema: SCHEMA_VERSION, from: 1, tests: {} });

    // Failed, then passed on the same commit: quarantined by the rule.
    const entered = await ciRun([util, cart('FP')]);
    expectOutcome(entered, 'success');
    expect(JSON.parse(entered.outputs['newly-quarantined']!)).toEqual([ID]);
    const afterEntry = await decisions();
    expect(afterEntry.tests[ID]!.events).toEqual([
      {
        run: 2,
        at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        event: 'quarantined',
        quarantined: true,
        by: 'rule',
        reason: expect.stringMatching(/^failed and passed on the same commit once in 2 runs/),
      },
    ]);
    expect(await runIdOf(2)).toBe('1002');
    const stats = JSON.parse((await world.dataFiles()).get('stats/00.json')!).tests[ID];
    expect(afterEntry.tests[ID]!.events[0]!.reason).toBe(stats.reason);
    expect(Object.keys(afterEntry.tests)).toEqual([ID]);

    // A failure while quarantined is forgiven; the decision does not change, so the commit leaves decisions.json alone.
    const [before] = await world.dataCommits();
    const forgiven = await ciRun([util, cart('F')], { inputs: { 'test-outcome': 'failure' } });
    expectOutcome(forgiven, 'success');
    const [after] = await world.dataCommits();
    expect(after).not.toBe(before);
    const touched = (await git(world.remote, ['diff', '--name-only', before!, after!])).split('\n').filter(Boolean);
    expect(touched).toContain('history/00.json');
    expect(touched).not.toContain('decisions.json');

    // Two clean runs release it (release-after-clean-runs: 2).
    await ciRun([util, cart('P')]);
    const released = await ciRun([util, cart('P')]);
    expect(JSON.parse(released.outputs.released!)).toEqual([ID]);
    const timeline = (await decisions()).tests[ID]!.events;
    expect(timeline.map((e) => [e.run, e.event, e.quarantined, e.by])).toEqual([
      [2, 'quarantined', true, 'rule'],
      [5, 'released', false, 'rule'],
    ]);
    expect(timeline[1]!.reason).toMatch(/^released: passed at the first attempt in the last 2 runs/);
    expect(Date.parse(timeline[1]!.at)).toBeGreaterThan(Date.parse(timeline[0]!.at));
    expect(await runIdOf(5)).toBe('1005');

    // A person forces it back by hand: recorded as theirs, with their reason.
    await world.editDataFile('stats/00.json', (t) => t.replace(`"${ID}": {"override":null`, `"${ID}": {"override":{"action":"quarantine","reason":"JIRA-7 <b>cart</b>"}`));
    await ciRun([util, cart('P')]);
    expect((await decisions()).tests[ID]!.events.at(-1)).toMatchObject({ run: 6, event: 'override', quarantined: true, by: 'hand', reason: 'quarantined by hand: JIRA-7 <b>cart</b>' });
  });

  it('keeps a decisions.json a person broke byte for byte, says so, and the run decides and saves as usual', async () => {
    await ciRun([util, cart('P')]);
    const broken = '{"schema": 2, "from": 1, "tests": {\n"x": {"events": [ oops\n}}\n';
    await world.editDataFile('decisions.json', () => broken);
    const run = await ciRun([util, cart('FP')]);
    expectOutcome(run, 'success');
    expect(JSON.parse(run.outputs['newly-quarantined']!)).toEqual([ID]);
    expect(run.stdout).toMatch(/::error title=flakeguard data branch%3A decisions\.json,file=decisions\.json,line=2::not valid JSON/);
    const files = await world.dataFiles();
    expect(files.get('decisions.json')).toBe(broken);
    expect(JSON.parse(files.get('stats/00.json')!).tests[ID].quarantined).toBe(true);
    // Deleting it starts a new timeline from the next run.
    await git(world.root, ['clone', '-q', '-b', 'flakeguard-data', world.remote, `${world.root}/rm`]);
    await git(`${world.root}/rm`, ['rm', '-q', 'decisions.json']);
    await git(`${world.root}/rm`, ['commit', '-qm', 'rm'], { GIT_AUTHOR_NAME: 'Dev', GIT_AUTHOR_EMAIL: 'd@e.x', GIT_COMMITTER_NAME: 'Dev', GIT_COMMITTER_EMAIL: 'd@e.x' });
    await git(`${world.root}/rm`, ['push', '-q', 'origin', 'flakeguard-data']);
    const next = await ciRun([util, cart('P')]);
    expectOutcome(next, 'success');
    expect(next.stdout).not.toContain('decisions.json');
    expect(await decisions()).toEqual({ schema: SCHEMA_VERSION, from: 3, tests: {} });
  });
});

describe("the test's issue number", () => {
  let gh: FakeGitHub;
  beforeEach(async () => {
    gh = await startGitHubFake({ owner: 'octo', repo: 'project', token: TOKEN });
  });
  afterEach(async () => {
    await gh.close();
  });
  const withIssues = (): { inputs: Record<string, string>; env: Record<string, string> } => ({ inputs: { token: TOKEN, 'create-issues': 'true' }, env: { GITHUB_API_URL: gh.url } });

  it('is recorded by the run after the one that opened the issue', async () => {
    await ciRun([util, cart('FP')], withIssues());
    expect(gh.state.issues).toHaveLength(1);
    const opened = gh.state.issues[0]!.number;
    // Opened after this run wrote the branch: not known to it.
    expect((await decisions()).tests[ID]).toEqual({ events: [expect.objectContaining({ run: 1, event: 'quarantined' })] });
    await ciRun([util, cart('FP')], withIssues());
    expect((await decisions()).tests[ID]!.issue).toBe(opened);
    expect(gh.violations()).toEqual([]);
    // Known and unchanged, still quarantined: a quiet run leaves the file alone.
    const text = (await world.dataFiles()).get('decisions.json');
    await ciRun([util, cart('FP')], withIssues());
    expect((await world.dataFiles()).get('decisions.json')).toBe(text);
  });

  it('of an issue found by its marker is recorded in the same run', async () => {
    const hash = createHash('sha256').update(ID).digest('hex');
    gh.seed.issue({ title: 'Flaky test (older)', body: `tracked by hand\n<!-- flakeguard:test-id=${hash} -->`, labels: ['flaky-test'] });
    gh.seed.issue({ title: 'unrelated', body: 'nothing', labels: ['flaky-test'] });
    const number = gh.state.issues[0]!.number;
    await ciRun([util, cart('FP')], withIssues());
    const written = (await decisions()).tests;
    expect(written[ID]).toMatchObject({ issue: number, events: [{ run: 1, event: 'quarantined' }] });
    expect(Object.keys(written)).toEqual([ID]);
    expect(gh.violations()).toEqual([]);
  });
});
