/**
 * The `flakeguard` command as users run it: the bundled dist/cli/index.js under Node 24, as a child process,
 * against a data branch in a real bare repository written by the bundled action. Hand edits race a real
 * concurrent writer; `run` plays GitLab CI (and the others' variables) and must leave no workflow command behind.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { NODE24, PROJECT_ROOT, World, git, junitXml, type ActionRun, setOverride } from '../support/action.ts';

const CLI = join(PROJECT_ROOT, 'dist/cli/index.js');

interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

function cli(args: string[], options: { cwd: string; env?: Record<string, string> }): Promise<CliRun> {
  // Only what a developer's shell would have: no GITHUB_* (the test runner may be inside GitHub Actions).
  const base: Record<string, string> = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', LANG: 'C.UTF-8' };
  const child = spawn(NODE24, [CLI, ...args], { cwd: options.cwd, env: { ...base, ...options.env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  return new Promise((res) => child.on('close', (code) => res({ code, stdout, stderr })));
}

function expectOutcome(run: ActionRun, outcome: 'success' | 'failure'): void {
  expect(run.outputs.outcome, `stdout:\n${run.stdout}\nstderr:\n${run.stderr}`).toBe(outcome);
}

const FLAKY = 'api.Client::retries on 503';
const STABLE = 'cart.Total::applies discount';
const OTHER = 'cart.Total::rounds cents';

function report(flaky: string, stable = 'P', other = 'P'): string {
  return junitXml([
    { classname: 'api.Client', name: 'retries on 503', attempts: flaky, message: 'Timeout of 5000ms exceeded', file: 'tests/api/client.test.ts', line: 40 },
    { classname: 'cart.Total', name: 'applies discount', attempts: stable, message: 'expected 90 to equal 81', file: 'tests/cart/total.test.ts', line: 21 },
    { classname: 'cart.Total', name: 'rounds cents', attempts: other, message: 'expected 1.01 to equal 1' },
  ]);
}

let world: World;
beforeEach(async () => {
  world = await World.create();
  // Run 1 all green, run 2 the flaky test fails then passes on its retry: it is quarantined.
  await world.writeReport('reports/junit.xml', report('P'));
  expectOutcome(await world.run(), 'success');
  await world.commit('change 2');
  await world.writeReport('reports/junit.xml', report('FP'));
  const second = await world.run();
  expectOutcome(second, 'success');
  expect(JSON.parse(second.outputs['newly-quarantined']!)).toEqual([FLAKY]);
});
afterEach(async () => {
  await world.dispose();
});

const statsLine = (text: string, id: string): string => text.split('\n').find((l) => l.startsWith(JSON.stringify(id)))!;

describe('flakeguard explain', () => {
  it("tells a test's state, why, its scores and its history, from part of its name", async () => {
    const r = await cli(['explain', 'retries on 503', '--remote', world.remote], { cwd: world.root });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain(FLAKY);
    expect(r.stdout).toMatch(/Stats line: stats\/00\.json:2 on the data branch 'flakeguard-data'/);
    expect(r.stdout).toMatch(/State: QUARANTINED since \d{4}-/);
    expect(r.stdout).toMatch(/Why: failed and passed on the same commit once in 2 runs;/);
    expect(r.stdout).toMatch(/Scores: PFS 0\.\d\d \[0\.\d\d, 0\.\d\d\]/);
    // The multi-factor score's advice with its priority and reason, from the stats line (two runs: too few to act),
    // never beside QUARANTINED as if it contradicted it: what the score alone says, and why the quarantine stands.
    expect(r.stdout).toContain(
      'Multi-factor score alone (docs/scoring.md, "Recommendation"): would monitor, priority low: Fewer than 5 runs: not enough data to act. ' +
        "It advises only: the quarantine stands because the policy's rule decided it (Why, above; docs/rules.md), until that rule releases it.",
    );
    expect(r.stdout).not.toContain('seed 000');
    expect(r.stdout).toContain('Recent runs, oldest to newest: ✓↻');
    expect(r.stdout).toMatch(/run #1 .* default branch {2}passed\n/);
    expect(r.stdout).toMatch(/run #2 .* default branch {2}failed, then passed: timeout of 5000ms exceeded/);
  });

  it('uses the workspace origin by default, and says which tests a vague name matches', async () => {
    const r = await cli(['explain', 'cart.Total'], { cwd: world.workspace });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`'cart.Total' matches 2 tests; give the full id:\n  ${STABLE}\n  ${OTHER}`);
    const none = await cli(['explain', 'no such test'], { cwd: world.workspace });
    expect(none.code).toBe(2);
    expect(none.stderr).toContain("No test matches 'no such test' on the data branch (3 tests there).");
  });

  it('prints no control character from a hostile test name', async () => {
    await world.writeReport('reports/junit.xml', junitXml([{ classname: 'evil', name: 'x\u001b[31mred\u001b]0;title\u0007', attempts: 'P' }]));
    expectOutcome(await world.run(), 'success');
    const r = await cli(['explain', 'evil::', '--remote', world.remote], { cwd: world.root });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('evil::x');
    expect(r.stdout).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f]/);
  });
});

describe('flakeguard quarantine and release', () => {
  it('writes the override on the test line, and a concurrent write during the push is kept', async () => {
    // Another writer (a person in the web editor) has a commit ready; a `git` wrapper pushes it the moment the CLI
    // first pushes, so the CLI's push is refused for real and must fetch, edit again on top, and push again.
    const other = join(world.root, 'other');
    await git(world.root, ['clone', '-q', '-b', 'flakeguard-data', world.remote, other]);
    const path = join(other, 'stats/00.json');
    const text = await readFile(path, 'utf8');
    // (OTHER never failed: schema 3 has no line for it, so the person adds one.)
    await writeFile(path, setOverride(text, OTHER, '"never"'));
    await git(other, ['-c', 'user.name=P', '-c', 'user.email=p@example.com', 'commit', '-q', '-am', 'a person keeps rounds cents out']);
    const bin = join(world.root, 'bin');
    await mkdir(bin);
    const marker = join(world.root, 'raced');
    await writeFile(
      join(bin, 'git'),
      `#!/bin/sh\nif [ "$1" = "push" ] && [ ! -e "${marker}" ]; then touch "${marker}"; /usr/bin/git -C "${other}" push -q origin HEAD:refs/heads/flakeguard-data || exit 99; fi\nexec /usr/bin/git "$@"\n`,
    );
    await chmod(join(bin, 'git'), 0o755);

    const r = await cli(['quarantine', STABLE, '--until', '2099-12-31', '--reason', 'SHOP-123: flaky on CI', '--remote', world.remote, '--yes'], {
      cwd: world.root,
      env: { PATH: `${bin}:${process.env.PATH}` },
    });
    expect(r.code, r.stderr).toBe(0);
    expect(existsSync(marker)).toBe(true);
    expect(r.stderr).toMatch(/Try 1\/8: the data branch moved while this run was writing/);
    expect(r.stdout).toMatch(/after 2 tries \(another writer pushed meanwhile; the edit was made again on top\)/);
    expect(r.stdout).toContain(`${STABLE}: quarantined by hand. stats/00.json:`);

    const stats = (await world.dataFiles()).get('stats/00.json')!;
    expect(statsLine(stats, STABLE)).toContain('{"override":{"action":"quarantine","reason":"SHOP-123: flaky on CI","until":"2099-12-31"}');
    expect(statsLine(stats, OTHER)).toContain('{"override":"never"'); // the concurrent write survived
    const log = await git(world.remote, ['log', '--format=%s', 'flakeguard-data']);
    expect(log.split('\n').slice(0, 2)).toEqual([`flakeguard CLI: ${STABLE}: quarantined by hand (SHOP-123: flaky on CI)`, 'a person keeps rounds cents out']);

    // The next run honours it: the failure is forgiven, and said to be forced by hand.
    await world.commit('change 3');
    await world.writeReport('reports/junit.xml', report('P', 'F'));
    const run = await world.run();
    expectOutcome(run, 'success');
    expect(run.outputs['quarantined-failures']).toBe('1');
    expect(run.stdout).toContain(`title=cart.Total%3A%3Aapplies discount failed (forgiven%3A quarantined by hand)`);
    expect(run.stdout).toContain('Forgiven: this test was quarantined by hand (its "override" in stats/00.json) before this run');
    expect(run.stdout).not.toContain('quarantined as flaky');
  });

  it('release writes "never", --auto removes the override, and a repeat changes nothing', async () => {
    // The person's git identity authors the edit.
    const gitconfig = join(world.root, 'person.gitconfig');
    await writeFile(gitconfig, '[user]\n\tname = Pat Person\n\temail = pat@example.com\n');
    const released = await cli(['release', FLAKY, '--remote', world.remote, '--yes'], { cwd: world.root, env: { GIT_CONFIG_GLOBAL: gitconfig } });
    expect(released.code, released.stderr).toBe(0);
    expect(await git(world.remote, ['log', '-1', '--format=%an <%ae> / %cn', 'flakeguard-data'])).toBe('Pat Person <pat@example.com> / github-actions[bot]\n');
    expect(statsLine((await world.dataFiles()).get('stats/00.json')!, FLAKY)).toContain('{"override":"never",');
    const again = await cli(['release', FLAKY, '--remote', world.remote], { cwd: world.root });
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('already "never"');
    const auto = await cli(['release', FLAKY, '--auto', '--remote', world.remote, '-y'], { cwd: world.root });
    expect(auto.code, auto.stderr).toBe(0);
    expect(statsLine((await world.dataFiles()).get('stats/00.json')!, FLAKY)).toContain('{"override":null,');
  });

  it("quarantine --cells covers only those cells: a failure in the run's own cell (os=Linux) still blocks; a bad cell is refused", async () => {
    const r = await cli(['quarantine', STABLE, '--cells', 'os=Windows', '--cells', 'env={"A":1\\,"B":2}, os=macOS', '--remote', world.remote, '--yes'], { cwd: world.root });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain(`${STABLE}: quarantined by hand in env={"A":1\\,"B":2},os=macOS; os=Windows. stats/00.json:`);
    // Neither cell has a run of the test (its runs are all on os=Linux): said, not refused.
    expect(r.stderr).toContain(`note: ${STABLE} has no recorded run in env={"A":1\\,"B":2},os=macOS; os=Windows (its runs' cells: os=Linux); the quarantine covers only the cells named.`);
    expect(statsLine((await world.dataFiles()).get('stats/00.json')!, STABLE)).toContain('{"override":{"action":"quarantine","cells":["env={\\"A\\":1\\\\,\\"B\\":2},os=macOS","os=Windows"]}');
    await world.commit('change 3');
    await world.writeReport('reports/junit.xml', report('P', 'F'));
    const run = await world.run();
    expectOutcome(run, 'failure');
    expect(run.outputs['blocking-failures']).toBe('1');
    expect(run.stdout).toContain('quarantined only in env={"A":1\\,"B":2},os=macOS; os=Windows, but failed in os=Linux: not forgiven');

    const bad = await cli(['quarantine', FLAKY, '--cells', 'windows', '--remote', world.remote], { cwd: world.root });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--cells windows: a cell must be key=value pairs joined by "," like "os=windows-latest"');
    const release = await cli(['release', FLAKY, '--cells', 'os=Linux', '--remote', world.remote], { cwd: world.root });
    expect(release.code).toBe(2);
    expect(release.stderr).toContain('flakeguard release: --cells is an option of quarantine, not of release.');
    const auto = await cli(['release', FLAKY, '--auto', '--reason', 'x', '--remote', world.remote], { cwd: world.root });
    expect(auto.code).toBe(2);
    expect(auto.stderr).toContain('--auto removes the override: it takes no --until, --reason or --cells.');
  });

  const dataHead = (): Promise<string> => git(world.remote, ['rev-parse', 'flakeguard-data']);

  it('takes exact ids: a part of an id changes nothing and names the ids that contain it', async () => {
    const before = await dataHead();
    // "on" is in "retries on 503": a substring once quarantined it, without asking.
    const r = await cli(['quarantine', 'on', '--remote', world.remote, '--yes'], { cwd: world.root });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`No test has the exact id 'on'; 1 id contains it (give that full id, or --match 'on' for it):\n  ${FLAKY}`);
    const typo = await cli(['release', 'cart.Total::rounds cent', '--remote', world.remote, '--yes'], { cwd: world.root });
    expect(typo.code).toBe(2);
    expect(typo.stderr).toContain(`No test has the exact id 'cart.Total::rounds cent'; 1 id contains it`);
    const near = await cli(['release', 'cart.Total::rounds cants', '--remote', world.remote, '--yes'], { cwd: world.root });
    expect(near.code).toBe(2);
    expect(near.stderr).toContain(`No test has the exact id 'cart.Total::rounds cants' on the data branch (3 tests there). Did you mean '${OTHER}'?`);
    expect(await dataHead()).toBe(before);
  });

  it('--match shows every test it would change with its file and line; without a terminal it needs --yes; --dry-run changes nothing', async () => {
    const before = await dataHead();
    const asked = await cli(['quarantine', '--match', 'cart.total', '--reason', 'SHOP-9', '--remote', world.remote], { cwd: world.root });
    expect(asked.code).toBe(2);
    expect(asked.stdout).toMatch(/flakeguard quarantine: 2 tests on 'flakeguard-data' \(.* at [0-9a-f]{12}\):/);
    expect(asked.stdout).toContain(`  ${STABLE}\n      stats/00.json:`);
    expect(asked.stdout).toContain(`  ${OTHER}\n      stats/00.json:`);
    expect(asked.stdout).toContain('"override": null -> {"action":"quarantine","reason":"SHOP-9"}');
    expect(asked.stderr).toContain('Nothing changed: no terminal to confirm on. Add --yes to make this change (--dry-run only shows it).');
    const dry = await cli(['quarantine', '--match', 'cart.total', '--dry-run', '--remote', world.remote], { cwd: world.root });
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stdout).toContain(`  ${OTHER}\n      stats/00.json:`);
    expect(dry.stdout).toContain('Dry run: nothing changed (--yes makes the change).');
    expect(await dataHead()).toBe(before);

    const done = await cli(['quarantine', '--match', 'cart.total', '--remote', world.remote, '--yes'], { cwd: world.root });
    expect(done.code, done.stderr).toBe(0);
    expect(done.stdout).toContain(`${STABLE}: quarantined by hand. stats/00.json:`);
    expect(done.stdout).toContain(`${OTHER}: quarantined by hand. stats/00.json:`);
    const stats = (await world.dataFiles()).get('stats/00.json')!;
    expect(statsLine(stats, STABLE)).toContain('{"override":"quarantine"');
    expect(statsLine(stats, OTHER)).toContain('{"override":"quarantine"');
    expect(statsLine(stats, FLAKY)).toContain('{"override":null');
    const log = await git(world.remote, ['log', '-1', '--format=%B', 'flakeguard-data']);
    expect(log.trimEnd()).toBe(`flakeguard CLI: 2 tests quarantined by hand\n\n${STABLE}\n${OTHER}`);
  });

  it('asks on a terminal before pushing: "n" changes nothing, "y" pushes', async () => {
    const onTerminal = (answer: string): Promise<CliRun> => {
      // `script` gives the command a real pseudo-terminal; the answer is typed once the question is on the screen.
      const quoted = [NODE24, CLI, 'quarantine', STABLE, '--remote', world.remote].map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ');
      const env: Record<string, string> = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', LANG: 'C.UTF-8' };
      const child = spawn('script', ['-qefc', quoted, '/dev/null'], { cwd: world.root, env, stdio: ['pipe', 'pipe', 'pipe'] });
      let stdout = '';
      let typed = false;
      child.stdout.on('data', (d: Buffer) => {
        stdout += d.toString();
        if (!typed && stdout.includes('[y/N] ')) {
          typed = true;
          child.stdin.write(`${answer}\n`);
        }
      });
      return new Promise((res) => child.on('close', (code) => res({ code, stdout, stderr: '' })));
    };
    const before = await dataHead();
    const no = await onTerminal('n');
    expect(no.stdout).toContain(`  ${STABLE}\r\n      stats/00.json:`);
    expect(no.stdout).toContain("Quarantine 1 test and push to 'flakeguard-data'? [y/N] ");
    expect(no.stdout).toContain('Nothing changed.');
    expect(no.code).toBe(1);
    expect(await dataHead()).toBe(before);
    const yes = await onTerminal('y');
    expect(yes.code, yes.stdout).toBe(0);
    expect(yes.stdout).toContain(`${STABLE}: quarantined by hand. stats/00.json:`);
    expect(await dataHead()).not.toBe(before);
    expect(statsLine((await world.dataFiles()).get('stats/00.json')!, STABLE)).toContain('{"override":"quarantine"');
  });

  it('shows hostile ids escaped: no control character reaches the terminal', async () => {
    const hostile = 'x\u001b[31mred\u001b]0;title\u0007 \u202eevil';
    await world.writeReport('reports/junit.xml', junitXml([{ classname: 'evil', name: hostile, attempts: 'FP' }]));
    expectOutcome(await world.run(), 'success');
    const dry = await cli(['release', '--match', 'evil::', '--dry-run', '--remote', world.remote], { cwd: world.root });
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stdout).toContain('  evil::x\\x1b[31mred\\x1b]0;title\\x07 \\u{202e}evil\n      stats/');
    const partial = await cli(['release', 'evil::x', '--remote', world.remote], { cwd: world.root });
    expect(partial.code).toBe(2);
    expect(partial.stderr).toContain('  evil::x\\x1b[31mred\\x1b]0;title\\x07 \\u{202e}evil');
    for (const out of [dry.stdout, dry.stderr, partial.stdout, partial.stderr]) expect(out).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f\u202e]/);
  });

  it('refuses a broken stats file, a past date and a bad date, naming what is wrong', async () => {
    const past = await cli(['quarantine', FLAKY, '--until', '2020-01-01', '--remote', world.remote], { cwd: world.root });
    expect(past.code).toBe(2);
    expect(past.stderr).toContain('--until 2020-01-01 is already past');
    const bad = await cli(['quarantine', FLAKY, '--until', 'tomorrow', '--remote', world.remote], { cwd: world.root });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--until must be a date like 2026-12-31 (or a time like 2026-12-31T18:00:00Z), got "tomorrow".');
    await world.editDataFile('stats/00.json', (t) => t.replace(`${JSON.stringify(FLAKY)}: {`, `${JSON.stringify(FLAKY)}: {{`));
    const broken = await cli(['quarantine', FLAKY, '--remote', world.remote], { cwd: world.root });
    expect(broken.code).toBe(2);
    expect(broken.stderr).toMatch(/stats\/00\.json:\d+ is broken \(not valid JSON/);
  });
});

describe('flakeguard run on other CIs', () => {
  const gitlab = (overrides: Record<string, string> = {}): Record<string, string> => ({
    GITLAB_CI: 'true',
    CI: 'true',
    CI_PROJECT_PATH: 'shop/web',
    CI_SERVER_URL: 'https://gitlab.example.com',
    CI_PIPELINE_ID: '7001',
    CI_JOB_ID: '42',
    CI_JOB_NAME: 'unit',
    CI_COMMIT_BRANCH: 'main',
    CI_DEFAULT_BRANCH: 'main',
    CI_PROJECT_DIR: world.workspace,
    CI_JOB_URL: 'https://gitlab.example.com/shop/web/-/jobs/42',
    ...overrides,
  });

  it('decides from the history, exits with the outcome, and writes plain text, a summary file and outputs', async () => {
    await world.commit('change 3');
    await world.writeReport('reports/junit.xml', report('F', 'F'));
    const sha = await world.headSha();
    const r = await cli(['run', '--reports', 'reports/**/*.xml', '--test-exit-code', '1'], { cwd: world.workspace, env: gitlab({ CI_COMMIT_SHA: sha }) });
    expect(r.code, `${r.stdout}\n${r.stderr}`).toBe(1);
    expect(r.stdout).toContain(`flakeguard run on gitlab: run 7001 attempt 42, job 'unit', ${sha.slice(0, 12)} on main.`);
    // No workflow command, no legacy set-output, no complaint about GITHUB_STEP_SUMMARY.
    expect(r.stdout).not.toMatch(/^::/m);
    expect(`${r.stdout}${r.stderr}`).not.toMatch(/set-output|GITHUB_STEP_SUMMARY|Unable to find environment variable/);
    expect(r.stdout).toContain(`error: tests/cart/total.test.ts:21: ${STABLE} failed: expected 90 to equal 81`);
    expect(r.stdout).toContain(`warning: tests/api/client.test.ts:40: ${FLAKY} failed (forgiven: quarantined as flaky)`);
    // The summary at the end is terminal text: no entity, no table syntax.
    expect(r.stdout).toContain(`❌ flakeguard: Fix 1 failing test: ${STABLE}`);
    expect(r.stdout).not.toMatch(/&#\d+;|\| --- \|/);
    const outputs = JSON.parse(await readFile(join(world.workspace, '.flakeguard/outputs.json'), 'utf8')) as Record<string, string>;
    expect(outputs).toMatchObject({ outcome: 'failure', 'failed-tests': '2', 'blocking-failures': '1', 'quarantined-failures': '1' });
    const md = await readFile(join(world.workspace, '.flakeguard/summary.md'), 'utf8');
    expect(md).toContain('### ❌ flakeguard');
    // The run is recorded under the pipeline's identity, with GitLab's job page as its link.
    const runs = (await world.dataFiles()).get('runs.json')!;
    expect(runs).toContain('https://gitlab.example.com/shop/web/-/jobs/42');
    expect(runs).toMatch(/"7001\/unit\/[0-9a-f]{8}"/);

    const shown = await cli(['summary'], { cwd: world.workspace });
    expect(shown.code).toBe(0);
    expect(shown.stdout).toContain(`  • ${STABLE}\n      Failure: expected 90 to equal 81\n      Location: tests/cart/total.test.ts:21`);
    expect(shown.stdout).not.toMatch(/&#\d+;/);
  });

  it('a green run exits 0; a crash outside the reports exits 1 with why', async () => {
    await world.writeReport('reports/junit.xml', report('P'));
    const green = await cli(['run', '--reports', 'reports/**/*.xml', '--test-exit-code', '0', '--quiet'], { cwd: world.workspace, env: gitlab({ CI_PIPELINE_ID: '7002' }) });
    expect(green.code, green.stdout).toBe(0);
    const crashed = await cli(['run', '--reports', 'reports/**/*.xml', '--test-exit-code', '137', '--quiet'], { cwd: world.workspace, env: gitlab({ CI_PIPELINE_ID: '7003' }) });
    expect(crashed.code).toBe(1);
    expect(crashed.stdout).toMatch(/^error: The test step's outcome is 'failure' but the reports show no failed test/m);
  });

  it('reads Buildkite, CircleCI and Jenkins variables into the same run record', async () => {
    await world.writeReport('reports/junit.xml', report('P'));
    const envs: Array<[string, Record<string, string>, string]> = [
      [
        'buildkite',
        {
          BUILDKITE: 'true',
          BUILDKITE_BUILD_ID: 'bk-1',
          BUILDKITE_RETRY_COUNT: '0',
          BUILDKITE_LABEL: 'unit',
          BUILDKITE_BRANCH: 'main',
          BUILDKITE_PIPELINE_DEFAULT_BRANCH: 'main',
          BUILDKITE_BUILD_CHECKOUT_PATH: world.workspace,
          BUILDKITE_BUILD_URL: 'https://buildkite.com/shop/web/builds/1',
        },
        'https://buildkite.com/shop/web/builds/1',
      ],
      [
        'circleci',
        {
          CIRCLECI: 'true',
          CIRCLE_WORKFLOW_ID: 'wf-1',
          CIRCLE_BUILD_NUM: '9',
          CIRCLE_JOB: 'unit',
          CIRCLE_BRANCH: 'main',
          CIRCLE_WORKING_DIRECTORY: world.workspace,
          CIRCLE_BUILD_URL: 'https://circleci.com/gh/shop/web/9',
        },
        'https://circleci.com/gh/shop/web/9',
      ],
      [
        'jenkins',
        {
          JENKINS_URL: 'https://jenkins.example.com/',
          BUILD_TAG: 'jenkins-web-3',
          JOB_NAME: 'web/main',
          BRANCH_NAME: 'main',
          WORKSPACE: world.workspace,
          BUILD_URL: 'https://jenkins.example.com/job/web/3/',
        },
        'https://jenkins.example.com/job/web/3/',
      ],
    ];
    for (const [name, env, url] of envs) {
      const r = await cli(['run', '--reports', 'reports/**/*.xml', '--test-outcome', 'success', '--quiet'], { cwd: world.workspace, env });
      expect(r.code, `${name}: ${r.stdout}\n${r.stderr}`).toBe(0);
      expect(r.stdout).toContain(`flakeguard run on ${name}:`);
      expect((await world.dataFiles()).get('runs.json')).toContain(url);
    }
  });
});
