/**
 * The process adapter for real: child processes, a preset's argv spawned without a shell, bash -c for a custom
 * command, the timeout, and reports read back.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Attempt, ParsedTestCase } from '../../src/model.ts';
import type { RerunPreset } from '../../src/rerun/contract.ts';
import { startRerun, roundCases, type RerunCase } from '../../src/rerun/plan.ts';
import { commandLine, runRound, rerunEnv, MAX_LOG_LINES } from '../../src/rerun/process.ts';
import { spawnSync } from 'node:child_process';
import { parseReportFiles } from '../../src/junit/index.ts';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'flakeguard-rerun-process-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** True while `pid` is a live process (not gone, not a zombie waiting to be reaped). Linux /proc. */
function isRunning(pid: number): boolean {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return false;
  }
  const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
  return state !== 'Z' && state !== 'X';
}

const HOSTILE = ['$(touch PWNED)', '; touch PWNED', '`touch PWNED`', "' ; touch PWNED ; '", '" && touch PWNED #', '-rf', '--help'];

function casesFor(names: string[]): RerunCase[] {
  const tests: ParsedTestCase[] = names.map((name) => ({ id: `c::${name}`, name, classname: 'c', suite: 's', attempts: [{ status: 'failed' }], report: 'r.xml' }));
  return roundCases(startRerun({ failed: tests, extras: [], tests, history: new Map(), historyId: (id) => id, newTests: new Set(), window: 50, rule: { minReruns: 1, maxReruns: 1 } }));
}

const readReport = async (path: string) => {
  const parsed = await parseReportFiles([path], { workspace: dir });
  return { attempts: new Map<string, Attempt[]>(parsed.tests.map((t) => [t.id, t.attempts])), problems: parsed.problems.map((p) => p.message) };
};

/** A program that writes its argv (after the report path) as passing testcases, and the argv itself to a file. */
const ECHO_RUNNER = String.raw`
const [report, ...names] = process.argv.slice(2);
require('node:fs').writeFileSync(report + '.argv.json', JSON.stringify(names));
const x = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');
require('node:fs').writeFileSync(report, '<testsuite name="s">' + names.map((n) => '<testcase classname="c" name="' + x(n) + '"/>').join('') + '</testsuite>');
`;

describe('a preset', () => {
  it('gets each test name as one argument, spawned without a shell: nothing a name says runs', async () => {
    const runner = join(dir, 'runner.cjs');
    await writeFile(runner, ECHO_RUNNER);
    const preset: RerunPreset = {
      name: 'echo',
      recordsRetries: false,
      commands: (tests, reportPath) => [{ argv: [process.execPath, runner, reportPath, ...tests.map((t) => t.name)] }],
    };
    const answer = await runRound({
      round: 1,
      cases: casesFor(HOSTILE),
      command: preset,
      workspace: dir,
      dir: join(dir, 'tmp'),
      timeoutMs: 60_000,
      env: process.env,
      log: () => undefined,
      readReport,
    });
    expect(answer.ok).toBe(true);
    if (!answer.ok) return;
    expect(JSON.parse(await readFile(join(dir, 'tmp/round-1/report.xml.argv.json'), 'utf8'))).toEqual(HOSTILE);
    expect([...answer.attempts.keys()].sort()).toEqual(HOSTILE.map((n) => `c::${n}`).sort());
    expect(readdirSync(dir).filter((f) => f.includes('PWNED'))).toEqual([]);
    expect(existsSync(join(dir, 'tmp/round-1/PWNED'))).toBe(false);
  });

  it('an empty argv or a missing program voids the round with why', async () => {
    const empty: RerunPreset = { name: 'x', recordsRetries: false, commands: () => [{ argv: [] }] };
    const a = await runRound({ round: 1, cases: casesFor(['t']), command: empty, workspace: dir, dir, timeoutMs: 10_000, env: process.env, log: () => undefined, readReport });
    expect(a).toMatchObject({ ok: false, why: 'the command could not start: the preset gave an empty command' });
    const missing: RerunPreset = { name: 'x', recordsRetries: false, commands: () => [{ argv: [join(dir, 'no-such-program')] }] };
    const b = await runRound({ round: 1, cases: casesFor(['t']), command: missing, workspace: dir, dir, timeoutMs: 10_000, env: process.env, log: () => undefined, readReport });
    expect(b.ok).toBe(false);
    if (!b.ok) expect(b.why).toMatch(/^the command could not start: .*ENOENT/);
  });
});

describe('a custom command', () => {
  it('runs through bash -c in the workspace with the contract variables; its exit code is not the verdict', async () => {
    const lines: string[] = [];
    const command =
      `cd "$(dirname "$FLAKEGUARD_RERUN_REPORT")" && pwd > where && cd - > /dev/null && pwd > "$FLAKEGUARD_RERUN_REPORT.cwd" && echo "round $FLAKEGUARD_RERUN_ROUND" && ` +
      `node -e 'const fs=require("fs");const t=fs.readFileSync(process.env.FLAKEGUARD_RERUN_TESTS,"utf8").trim().split("\\n").map(JSON.parse);fs.writeFileSync(process.env.FLAKEGUARD_RERUN_REPORT,"<testsuite name=\\"s\\">"+t.map(x=>"<testcase classname=\\"c\\" name=\\""+x.name.replace(/&/g,"&amp;").replace(/</g,"&lt;").replace(/"/g,"&quot;")+"\\"/>").join("")+"</testsuite>")' && exit 1`;
    const answer = await runRound({ round: 2, cases: casesFor(HOSTILE), command, workspace: dir, dir: join(dir, 'tmp'), timeoutMs: 60_000, env: process.env, log: (l) => lines.push(l), readReport });
    expect(answer.ok).toBe(true);
    if (answer.ok) expect(answer.attempts.size).toBe(HOSTILE.length);
    expect(lines).toContain('round 2');
    expect((await readFile(join(dir, 'tmp/round-2/report.xml.cwd'), 'utf8')).trim()).toBe(dir);
    expect(readdirSync(dir).filter((f) => f.includes('PWNED'))).toEqual([]);
  });

  it('voids a round without a report, or with an unreadable one', async () => {
    const none = await runRound({ round: 1, cases: casesFor(['t']), command: 'exit 4', workspace: dir, dir, timeoutMs: 10_000, env: process.env, log: () => undefined, readReport });
    expect(none).toMatchObject({ ok: false, why: 'the command (exit code 4) wrote no report at FLAKEGUARD_RERUN_REPORT' });
    const broken = await runRound({
      round: 1,
      cases: casesFor(['t']),
      command: 'echo "<testsuite" > "$FLAKEGUARD_RERUN_REPORT"',
      workspace: dir,
      dir,
      timeoutMs: 10_000,
      env: process.env,
      log: () => undefined,
      readReport,
    });
    expect(broken.ok).toBe(false);
    if (!broken.ok) expect(broken.why).toMatch(/^its report could not be read: /);
  });

  it('kills the whole process group when the time runs out', async () => {
    // A background process of the command's group writes its pid at once; the command itself outlives the timeout.
    const pidFile = join(dir, 'background.pid');
    const command = `(sleep 600; touch '${join(dir, 'survived')}') & echo $! > '${pidFile}'; sleep 600`;
    // A loaded machine may not start bash's background process within a short timeout: then the round is tried
    // again with a longer one, so the test does not depend on the machine's speed.
    for (const timeoutMs of [2000, 8000, 30_000]) {
      const answer = await runRound({ round: 1, cases: casesFor(['t']), command, workspace: dir, dir, timeoutMs, env: process.env, log: () => undefined, readReport });
      expect(answer).toMatchObject({ ok: false, why: 'the command was stopped: rerun-timeout ran out' });
      if (existsSync(pidFile)) break;
    }
    expect(existsSync(pidFile), 'bash did not even start its background process within a 30 s timeout').toBe(true);
    const pid = Number((await readFile(pidFile, 'utf8')).trim());
    expect(Number.isInteger(pid) && pid > 1).toBe(true);
    // Wait for the background process to end (its group was signalled): no fixed delay, so a slow machine cannot
    // make a survivor look dead; a survivor (it sleeps 600 s) keeps this loop going until the test's timeout.
    while (isRunning(pid)) await new Promise((r) => setTimeout(r, 20));
  }, 60_000);

  it('waits for the command to exit, not for its output to close: what it left behind is killed, the report read', async () => {
    // A passing report, then a background process and a setsid daemon that both hold the output pipe.
    const write = `echo '<testsuite name="s"><testcase classname="c" name="t"/></testsuite>' > "$FLAKEGUARD_RERUN_REPORT"`;
    const command = `${write}; sleep 600 & echo $! > '${dir}/job'; setsid bash -c 'sleep 600 & echo $! > "${dir}/daemon"' & while [ ! -s '${dir}/daemon' ]; do sleep 0.02; done; echo done`;
    const lines: string[] = [];
    const started = Date.now();
    const answer = await runRound({ round: 1, cases: casesFor(['t']), command, workspace: dir, dir: join(dir, 'tmp'), timeoutMs: 60_000, env: process.env, log: (l) => lines.push(l), readReport });
    expect(answer.ok).toBe(true);
    // Not the 60 s of the timeout: the pipes closed once the two were killed (the grace for the pipes is 2 s).
    expect(Date.now() - started).toBeLessThan(30_000);
    expect(lines).toContain('done');
    expect(
      lines.some((l) => /^\(flakeguard killed [23] processes the command left running\)$/.test(l)),
      lines.join('\n'),
    ).toBe(true);
    for (const f of ['job', 'daemon']) {
      const pid = Number((await readFile(join(dir, f), 'utf8')).trim());
      while (isRunning(pid)) await new Promise((r) => setTimeout(r, 20));
    }
  }, 20_000);

  it('when the time runs out, kills the command and its setsid daemons too, and returns', async () => {
    const command = `setsid bash -c 'sleep 600 & echo $! > "${dir}/daemon"' & sleep 600`;
    const started = Date.now();
    const answer = await runRound({ round: 1, cases: casesFor(['t']), command, workspace: dir, dir: join(dir, 'tmp'), timeoutMs: 1500, env: process.env, log: () => undefined, readReport });
    expect(answer).toMatchObject({ ok: false, why: 'the command was stopped: rerun-timeout ran out' });
    expect(Date.now() - started).toBeLessThan(15_000);
    const pid = Number((await readFile(join(dir, 'daemon'), 'utf8')).trim());
    while (isRunning(pid)) await new Promise((r) => setTimeout(r, 20));
  }, 20_000);

  it('closes the output a process it could not find still holds, and says so', async () => {
    const write = `echo '<testsuite name="s"><testcase classname="c" name="t"/></testsuite>' > "$FLAKEGUARD_RERUN_REPORT"`;
    // An empty environment, a new session, a double fork: nothing leads to it (docs/adr/0161-rerun-leftover-processes.md).
    const command = `${write}; env -i setsid bash -c 'sleep 600 & echo $! > "${dir}/escaped"' & while [ ! -s '${dir}/escaped' ]; do sleep 0.02; done`;
    const lines: string[] = [];
    try {
      const answer = await runRound({ round: 1, cases: casesFor(['t']), command, workspace: dir, dir: join(dir, 'tmp'), timeoutMs: 60_000, env: process.env, log: (l) => lines.push(l), readReport });
      expect(answer.ok).toBe(true);
      expect(lines).toContain("(the command's output was still held open 2 s after it ended, by a process flakeguard could not find or kill: closed here)");
    } finally {
      process.kill(Number((await readFile(join(dir, 'escaped'), 'utf8')).trim()), 'SIGKILL');
    }
  }, 20_000);

  it('logs a bounded number of lines', async () => {
    const lines: string[] = [];
    await runRound({
      round: 1,
      cases: casesFor(['t']),
      command: `for i in $(seq 1 ${MAX_LOG_LINES + 50}); do echo line $i; done`,
      workspace: dir,
      dir,
      timeoutMs: 30_000,
      env: process.env,
      log: (l) => lines.push(l),
      readReport,
    });
    // The command line first (not the command's output, so not in the bound), then the bounded output.
    expect(lines[0]).toBe(`$ bash -c 'for i in $(seq 1 ${MAX_LOG_LINES + 50}); do echo line $i; done'`);
    expect(lines).toHaveLength(MAX_LOG_LINES + 2);
    expect(lines.at(-1)).toBe('(50 more lines of output not shown)');
  });

  it('shows the command line quoted as a shell reads it back: the same argv', () => {
    const argv = ['node', '--test', "--test-name-pattern=^it's $(x) `y` \\d ;&|<>*?~#!\t$", '', 'a b', 'plain/path-1.js'];
    const line = commandLine({ argv, env: { REPORT: 'out dir/r.xml' } });
    expect(line.startsWith("REPORT='out dir/r.xml' node --test '--test-name-pattern=^it'\\''s $(x)")).toBe(true);
    expect(line.endsWith(" '' 'a b' plain/path-1.js")).toBe(true);
    // bash reads it back into the same arguments (printf prints each as a NUL-terminated record).
    const back = spawnSync('bash', ['-c', `printf '%s\\0' ${line.slice(line.indexOf(' node ') + 1)}`], { encoding: 'utf8' });
    expect(back.stdout.split('\0').slice(0, -1)).toEqual(argv);
  });
});

describe('the environment of a re-run command', () => {
  it("has neither the action's inputs and tokens nor the files that set a step's outputs", async () => {
    const env = {
      PATH: process.env.PATH,
      HOME: '/home/u',
      GITHUB_SHA: 'abc',
      INPUT_TOKEN: 'ghs_secret',
      'INPUT_RERUN-BUDGET': '3',
      ACTIONS_RUNTIME_TOKEN: 'rt',
      ACTIONS_ID_TOKEN_REQUEST_TOKEN: 'oidc',
      ACTIONS_ID_TOKEN_REQUEST_URL: 'https://x',
      ACTIONS_RESULTS_URL: 'https://r',
      GITHUB_OUTPUT: '/tmp/out',
      GITHUB_ENV: '/tmp/env',
      GITHUB_PATH: '/tmp/path',
      GITHUB_STATE: '/tmp/state',
      GITHUB_STEP_SUMMARY: '/tmp/summary',
    };
    expect(rerunEnv(env)).toEqual({ PATH: process.env.PATH, HOME: '/home/u', GITHUB_SHA: 'abc' });
    const answer = await runRound({
      round: 1,
      cases: casesFor(['t']),
      command: 'env > "$FLAKEGUARD_RERUN_REPORT.env"; exit 2',
      workspace: dir,
      dir,
      timeoutMs: 10_000,
      env,
      log: () => undefined,
      readReport,
    });
    expect(answer.ok).toBe(false);
    const seen = await readFile(join(dir, 'round-1/report.xml.env'), 'utf8');
    expect(seen).toContain('GITHUB_SHA=abc');
    expect(seen).toContain('FLAKEGUARD_RERUN_ROUND=1');
    expect(seen).not.toMatch(/ghs_secret|INPUT_|ACTIONS_RUNTIME_TOKEN|GITHUB_OUTPUT/);
  });
});
