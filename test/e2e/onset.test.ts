/**
 * Onset end to end (docs/onset.md): a history planted on the data branch where a test passed for 40 runs and then
 * failed in about a third of them; the commit of run 41 touched the test's folder. The next run quarantines the test
 * and opens its owners' issue, which names the range of runs, the commits of that range and the one that touched
 * the folder, from the workspace's git or, in a shallow checkout, from the API's compare endpoint (the GitHub fake).
 */
import { rm } from 'node:fs/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { NODE24, PROJECT_ROOT, World, git, junitXml, type CaseSpec } from '../support/action.ts';
import { startGitHubFake, type FakeGitHub } from '../support/github-fake/index.ts';

const TOKEN = 'ghs_onset_test';
const IDENTITY = { GIT_AUTHOR_NAME: 'Dev', GIT_AUTHOR_EMAIL: 'dev@example.com', GIT_COMMITTER_NAME: 'Dev', GIT_COMMITTER_EMAIL: 'dev@example.com' };
const HOSTILE = 'cart: <img src=x onerror=alert(1)> @mallory fixes #1 [click](http://evil.example) ``rm -rf``';
/** Runs 1-40 pass; from run 41 on the test fails in 8 of 20 runs (retried and passed). */
const FLAKY = '(FP)PP(FP)P(FP)(FP)PPP(FP)P(FP)PP(FP)PP(FP)P';

let world: World;
let gh: FakeGitHub;
beforeEach(async () => {
  world = await World.create();
  gh = await startGitHubFake({ owner: 'octo', repo: 'project', token: TOKEN });
  await world.writeReport('.github/CODEOWNERS', '*  @octo/qa\nsrc/cart/  @alice\n');
});
afterEach(async () => {
  await gh.close();
  await world.dispose();
});

const cart = (attempts = 'P'): CaseSpec => ({ classname: 'app.Cart', name: 'total', attempts, file: 'src/cart/cart.test.ts', message: 'expected 3 to be 4' });

/** Commits 1..60 on main (pushed), the 41st touching src/cart/ with a hostile message, the 42nd src/util/; returns their shas. */
async function plantCommits(): Promise<string[]> {
  const shas: string[] = [];
  for (let i = 1; i <= 60; i++) {
    if (i === 41 || i === 42) {
      await world.writeReport(i === 41 ? 'src/cart/helper.ts' : 'src/util/x.ts', `export const v = ${i};\n`);
      await git(world.workspace, ['add', 'src'], IDENTITY);
    }
    await git(world.workspace, ['commit', '-q', '--allow-empty', '-m', i === 41 ? HOSTILE : `change ${i}`], IDENTITY);
    shas.push((await git(world.workspace, ['rev-parse', 'HEAD'])).trim());
  }
  await git(world.workspace, ['push', '-q', 'origin', 'main']);
  return shas;
}

/** The data branch as if runs 1..60 had tested commits 1..60: passing for 40 runs, then flaky. */
async function plantHistory(shas: string[]): Promise<void> {
  const now = Date.now();
  const rows = shas.map((sha, i) => {
    const id = 2001 + i;
    return `${JSON.stringify(String(i + 1).padStart(8, '0'))}: ${JSON.stringify([`${id}/test/8ad48c8e`, sha, now - (60 - i) * 3_600_000, 1, 1, `https://github.com/octo/project/actions/runs/${id}/attempts/1`])}`;
  });
  await world.editDataFile('runs.json', () => `{"schema": 4, "runs": {\n${rows.join(',\n')}\n}}\n`);
  await world.editDataFile('history/00.json', () => `{"schema": 4, "tests": {\n"app.Cart::total": {"file":"src/cart/cart.test.ts","from":1,"o":"P*40${FLAKY}","d":0.01}\n}}\n`);
}

async function ciRun() {
  await world.writeReport('reports/unit.xml', junitXml([cart('FP')]));
  return world.run({ inputs: { token: TOKEN, 'create-issues': 'true' }, env: { GITHUB_API_URL: gh.url } });
}

describe('onset in the owners issue', () => {
  it('names the range of runs and the commit that touched the test folder, from the workspace git', async () => {
    await world.writeReport('reports/unit.xml', junitXml([cart()]));
    expect((await world.run({ inputs: { token: TOKEN, 'create-issues': 'true' }, env: { GITHUB_API_URL: gh.url } })).exitCode).toBe(0);
    const shas = await plantCommits();
    await plantHistory(shas);
    const run = await ciRun();
    expect(run.exitCode, run.stderr).toBe(0);
    expect(gh.violations()).toEqual([]);
    expect(gh.state.issues).toHaveLength(1);
    const body = gh.state.issues[0]!.body ?? '';
    if (process.env.SHOW_ONSET) console.log(body);
    expect(body).toContain('### Since when');
    const since = body.slice(body.indexOf('### Since when'), body.indexOf('### Recent failures'));
    // flaky since <base>…<head>, a range of runs that holds run 41 (workflow run 2041), the commit of run 41 named.
    const m = /\*\*Flaky since \[([0-9a-f]{7})\]\([^)]*\)…\[([0-9a-f]{7})\]/.exec(since);
    expect(m, since).not.toBeNull();
    const first = shas.findIndex((s) => s.startsWith(m![1]!));
    const last = shas.findIndex((s) => s.startsWith(m![2]!));
    expect(first).toBeGreaterThanOrEqual(0);
    expect(first).toBeLessThan(40);
    expect(last).toBeGreaterThanOrEqual(40);
    expect(since).toMatch(/failure rate rose from 0% \(0 of \d+ runs\) to \d+% /);
    expect(since).toMatch(new RegExp(`${last - first} commits in that range; 1 touched src/cart/:`));
    expect(since).toContain(`- [${shas[40]!.slice(0, 7)}](https://github.com/octo/project/commit/${shas[40]})`);
    expect(since).toContain('src/cart/helper.ts');
    expect(since).not.toContain('change 42');
    // The hostile subject is shown as text: no tag, no mention, no link, no issue reference.
    expect(since).not.toMatch(/<img|@mallory|\]\(http:\/\/evil|(^|[^\\])#1\b/);
    expect(since).toContain('mallory');

    // `flakeguard explain` in the checkout says the same, from its git.
    const cli = await new Promise<{ code: number | null; stdout: string }>((res) => {
      const child = spawn(NODE24, [join(PROJECT_ROOT, 'dist/cli/index.js'), 'explain', 'app.Cart::total'], { cwd: world.workspace, env: { PATH: process.env.PATH ?? '', HOME: world.root } });
      let stdout = '';
      child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
      child.on('close', (code) => res({ code, stdout }));
    });
    expect(cli.code).toBe(0);
    expect(cli.stdout).toMatch(/Since when: flaky since [0-9a-f]{7}…[0-9a-f]{7}: failure rate rose from 0% \(0 of \d+ runs\) to \d+% .* between run #\d+ and run #\d+/);
    expect(cli.stdout).toMatch(/\d+ commits in that range \([0-9a-f]{7}\.\.[0-9a-f]{7}\); 1 touched src\/cart\//);
    expect(cli.stdout).toContain(`    ${shas[40]!.slice(0, 7)} cart: <img src=x`);
  }, 240_000);

  it('asks the API compare endpoint when the checkout is shallow', async () => {
    await world.writeReport('reports/unit.xml', junitXml([cart()]));
    expect((await world.run({ inputs: { token: TOKEN, 'create-issues': 'true' }, env: { GITHUB_API_URL: gh.url } })).exitCode).toBe(0);
    const shas = await plantCommits();
    await plantHistory(shas);
    // The fake knows the repository's commits, the workspace does not (as after a shallow checkout).
    for (let i = 0; i < shas.length; i++) {
      gh.seed.commit({ sha: shas[i]!, message: i === 40 ? HOSTILE : `change ${i + 1}`, files: i === 40 ? ['src/cart/helper.ts'] : i === 41 ? ['src/util/x.ts'] : [] });
    }
    await rm(world.workspace, { recursive: true, force: true });
    await git(world.root, ['clone', '-q', '--depth=1', `file://${world.remote}`, world.workspace]);
    await world.writeReport('.github/CODEOWNERS', '*  @octo/qa\nsrc/cart/  @alice\n');
    const run = await ciRun();
    expect(run.exitCode, run.stderr).toBe(0);
    expect(gh.violations()).toEqual([]);
    const body = gh.state.issues[0]!.body ?? '';
    const since = body.slice(body.indexOf('### Since when'), body.indexOf('### Recent failures'));
    expect(since).toMatch(/\d+ commits in that range; 1 touched src\/cart\/:/);
    expect(since).toContain(`- [${shas[40]!.slice(0, 7)}](https://github.com/octo/project/commit/${shas[40]})`);
    expect(gh.requests.some((r) => r.operationId === 'repos/compare-commits-with-basehead')).toBe(true);
  }, 240_000);
});
