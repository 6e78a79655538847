/**
 * What a re-run command leaves behind (issue 27, findings 8 and 9), end to end: dist/index.js under Node 24, the
 * `rerun` input a custom command that runs the fake runner (test/support/rerun-fake.ts) and then starts processes
 * that outlive it. The step waits for the command to exit, not for its output pipes to close, then kills every
 * process the command left; and before it exits it checks that nothing else wrote to the files of its outputs and
 * summary.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { World, junitXml, type ActionRun, type RunOptions } from '../support/action.ts';
import { createFake, type Fake } from '../support/rerun-fake.ts';

let world: World;
let fake: Fake;
/** Pids of the processes a test's command left behind: killed after the test whatever happened. */
let leftovers: string[];
beforeEach(async () => {
  world = await World.create();
  fake = await createFake(join(world.root, 'fake'));
  leftovers = [];
});
afterEach(async () => {
  for (const file of leftovers) {
    if (!existsSync(file)) continue;
    const pid = Number(readFileSync(file, 'utf8').trim());
    if (Number.isInteger(pid) && pid > 1) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // gone, as it should be
      }
    }
  }
  await world.dispose();
});

/** True while `pid` is a live process (not gone, not a zombie). Linux /proc. */
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

/** Waits up to `ms` for `pid` to be gone; true when it is. */
async function gone(pid: number, ms = 3000): Promise<boolean> {
  const until = Date.now() + ms;
  while (isRunning(pid)) {
    if (Date.now() > until) return false;
    await new Promise((r) => setTimeout(r, 20));
  }
  return true;
}

function pidIn(file: string): number {
  expect(existsSync(file), `the command did not record the pid of what it left behind in ${file}`).toBe(true);
  const pid = Number(readFileSync(file, 'utf8').trim());
  expect(Number.isInteger(pid) && pid > 1).toBe(true);
  return pid;
}

/** The step, stopped from outside if it runs longer than `killAfterMs` (a step that never exits would hang the test). */
async function ciRun(rerun: string, inputs: Record<string, string>, killAfterMs: number, options: RunOptions = {}): Promise<ActionRun & { killed: boolean }> {
  await world.commit(`run ${Math.random()}`);
  await world.removeReports();
  await world.writeReport(
    'reports/unit.xml',
    junitXml([
      { classname: 'app.Math', name: 'adds' },
      { classname: 'app.Math', name: 'divides', attempts: 'F', message: 'expected 2 but was 3' },
    ]),
  );
  let killed = false;
  let timer: NodeJS.Timeout | undefined;
  const run = await world.run({
    ...options,
    inputs: { 'test-outcome': 'failure', rerun, ...inputs },
    onSpawn: (child) => {
      timer = setTimeout(() => {
        killed = true;
        child.kill('SIGKILL');
      }, killAfterMs);
    },
  });
  clearTimeout(timer);
  return { ...run, killed };
}

function explain(run: ActionRun): string {
  return `exit ${run.exitCode}\nstdout:\n${run.stdout}\nstderr:\n${run.stderr}\nsummary:\n${run.summary}`;
}

describe('processes a re-run command leaves behind', () => {
  it('a background process holding the output does not hold the round: the report is read when the command exits, the flaky test proven', async () => {
    await fake.setBehaviour({ tests: { divides: 'P' } });
    const pidFile = join(world.root, 'background.pid');
    leftovers.push(pidFile);
    // The runner writes a passing report and exits 0; a `sleep` it started keeps the output pipe open.
    const run = await ciRun(`${fake.command}; sleep 1000 & echo $! > '${pidFile}'`, { 'rerun-timeout': '15' }, 60_000);
    expect(run.killed, explain(run)).toBe(false);
    expect(run.outputs.outcome, explain(run)).toBe('success');
    expect(run.exitCode).toBe(0);
    expect(JSON.parse(run.outputs['proven-flaky']!)).toEqual(['app.Math::divides']);
    expect(run.stdout).toMatch(/Round 1: report read/);
    expect(run.stdout).not.toMatch(/voided/);
    // The round waited for the command, not for the 15 s of rerun-timeout (never for the sleep's 1,000 s).
    expect(run.summary).not.toMatch(/rerun-timeout/);
    expect(await gone(pidIn(pidFile)), 'the background sleep outlived the step').toBe(true);
  }, 90_000);

  it('a setsid daemon holding the output, reparented away from the command, does not keep the step alive and does not outlive it', async () => {
    await fake.setBehaviour({ tests: { divides: 'P' } });
    const pidFile = join(world.root, 'daemon.pid');
    leftovers.push(pidFile);
    // A new session, and a double fork: the sleep's parent exits at once, so it is no descendant of the command any
    // more, in no process group or session of it; it still holds the command's stdout and stderr.
    const daemon = `setsid bash -c 'sleep 1000 & echo $! > "${pidFile}"' & while [ ! -s '${pidFile}' ]; do sleep 0.05; done`;
    const run = await ciRun(`${fake.command}; ${daemon}`, { 'rerun-timeout': '5' }, 40_000);
    expect(run.killed, `the step did not exit within 40 s\n${explain(run)}`).toBe(false);
    expect(run.outputs.outcome, explain(run)).toBe('success');
    expect(run.exitCode).toBe(0);
    expect(JSON.parse(run.outputs['proven-flaky']!)).toEqual(['app.Math::divides']);
    const pid = pidIn(pidFile);
    expect(await gone(pid), `the setsid daemon ${pid} outlived the step`).toBe(true);
  }, 90_000);
});

describe("the files of the step's outputs and summary", () => {
  it('a process that appends `outcome=success` to GITHUB_OUTPUT fails the step, with an error saying so', async () => {
    await fake.setBehaviour({ tests: { divides: 'F' } });
    const pidFile = join(world.root, 'forger.pid');
    const sawToken = join(world.root, 'saw-token');
    leftovers.push(pidFile);
    // The command finds the step's GITHUB_OUTPUT and GITHUB_STEP_SUMMARY (and its token) in /proc/<step>/environ, then
    // leaves a daemon that escapes every way a process can without privileges: an empty environment, a new session, a
    // double fork. It appends a forged outcome and a green headline every few milliseconds until the step has exited,
    // so that its lines land after the step's own ones; it holds none of the command's pipes (finding 9 is tested
    // above). The command exits once the first forged line is written.
    const forger = [
      `env=$(tr '\\0' '\\n' < /proc/$PPID/environ)`,
      `out=$(printf '%s\\n' "$env" | sed -n 's/^GITHUB_OUTPUT=//p')`,
      `sum=$(printf '%s\\n' "$env" | sed -n 's/^GITHUB_STEP_SUMMARY=//p')`,
      `printf '%s\\n' "$env" | grep -q '^INPUT_TOKEN=ghs_forge_me$' && touch '${sawToken}'`,
      `env -i PATH="$PATH" OUT="$out" SUM="$sum" STEP=$PPID setsid bash -c '` +
        `( while :; do printf "outcome=success\\nblocking-failures=0\\n" >> "$OUT"; printf "# ✅ All tests passed\\n" >> "$SUM"; ` +
        `[ -d /proc/$STEP ] || { sleep 0.2; exit 0; }; sleep 0.005; done ) </dev/null >/dev/null 2>&1 & echo $! > "${pidFile}"' </dev/null >/dev/null 2>&1 &`,
      `while ! grep -q '^outcome=success$' "$out" 2>/dev/null; do sleep 0.01; done`,
    ].join('\n');
    const run = await ciRun(`${fake.command}\n${forger}`, { 'rerun-timeout': '10', 'rerun-attempts': '1', 'rerun-attempts-max': '1', token: 'ghs_forge_me' }, 60_000);
    expect(run.killed, explain(run)).toBe(false);
    // The attack is real: the command read the step's environment from /proc (docs/rerun.md says so).
    expect(existsSync(sawToken)).toBe(true);
    expect(run.exitCode, explain(run)).toBe(1);
    expect(run.stdout).toMatch(/^::error.*Something other than flakeguard wrote to GITHUB_OUTPUT during this step/m);
    expect(run.stdout).toMatch(/^::error.*Something other than flakeguard wrote to GITHUB_STEP_SUMMARY during this step/m);
    expect(run.summary).toMatch(
      /\*\*Something other than flakeguard wrote to .*this summary \(GITHUB_STEP_SUMMARY\).* during the step\.\*\* flakeguard removed what it did not write, and the step fails\./,
    );
    await gone(pidIn(pidFile), 5000);
  }, 90_000);

  it('a green run fails when a line was added to GITHUB_ENV during the step, and the line is removed', async () => {
    await fake.setBehaviour({ tests: { divides: 'P' } });
    const envFile = join(world.root, 'github-env');
    writeFileSync(envFile, '');
    // The re-run command appends to the file that sets the later steps' environment (a way into every later step).
    const forger = `f=$(tr '\\0' '\\n' < /proc/$PPID/environ | sed -n 's/^GITHUB_ENV=//p'); echo 'NODE_OPTIONS=--require /tmp/evil.js' >> "$f"`;
    const run = await ciRun(`${fake.command}; ${forger}`, { 'rerun-timeout': '10' }, 60_000, { env: { GITHUB_ENV: envFile } });
    expect(run.killed, explain(run)).toBe(false);
    // Without the line, this run passes: the re-run proved the failure flaky.
    expect(JSON.parse(run.outputs['proven-flaky']!)).toEqual(['app.Math::divides']);
    expect(run.exitCode, explain(run)).toBe(1);
    expect(run.outputs.outcome).toBe('failure');
    expect(run.stdout).toMatch(
      /^::error::Something other than flakeguard wrote to GITHUB_ENV during this step \(36 bytes more than flakeguard wrote\).*flakeguard put the file back to what it wrote\./m,
    );
    expect(readFileSync(envFile, 'utf8')).toBe('');
  }, 90_000);
});
