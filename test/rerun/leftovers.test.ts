/**
 * The processes a re-run command leaves behind (src/rerun/leftovers.ts): the rule on a process table, then for real
 * on Linux, with a command that starts daemons in the ways processes leave their parent.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ENV_MARK, killLeftovers, leftoverPids, parseStat, type ProcEntry } from '../../src/rerun/leftovers.ts';

const p = (pid: number, ppid: number, pgrp: number, session: number, state = 'S'): ProcEntry => ({ pid, ppid, pgrp, session, start: String(pid * 10), state });

describe('which processes belong to the command', () => {
  // 100: the command (leader of group and session 100). 1: init. 50: the step, in its own group and session.
  const table = [
    p(1, 0, 1, 1),
    p(50, 1, 50, 50),
    p(101, 100, 100, 100), // its child
    p(102, 1, 100, 100), // a background job, reparented to init: same group
    p(103, 1, 103, 100), // a new group, same session
    p(200, 1, 200, 200), // setsid, reparented: found by its mark only
    p(201, 200, 200, 200), // its child
    p(202, 1, 202, 202), // setsid, env cleared, reparented: nothing leads to it
    p(300, 50, 50, 50), // the step's own child (git)
    p(104, 101, 100, 100, 'Z'), // a zombie: nothing to kill
    p(105, 104, 105, 105), // … but its child belongs through it
  ];
  const marked = new Set([101, 102, 200, 201]);

  it("the group, the session, the marked, and their descendants; never the step nor what is not the command's", () => {
    expect(leftoverPids(table, 100, (pid) => marked.has(pid), 50).sort((a, b) => a - b)).toEqual([101, 102, 103, 105, 200, 201]);
  });

  it('never the step itself, even marked or in the group', () => {
    expect(leftoverPids([p(50, 100, 100, 100)], 100, () => true, 50)).toEqual([]);
  });
});

describe('/proc/<pid>/stat', () => {
  it('parses a name with spaces and parentheses', () => {
    const fields = ['S', '7', '8', '9', ...Array.from({ length: 15 }, () => '0'), '123456', '0'];
    expect(parseStat(`42 (a) (b c)) ${fields.join(' ')}\n`)).toEqual({ pid: 42, ppid: 7, pgrp: 8, session: 9, start: '123456', state: 'S' });
    expect(parseStat('garbage')).toBeUndefined();
  });

  it.runIf(process.platform === 'linux')('reads this process', () => {
    const me = parseStat(readFileSync('/proc/self/stat', 'utf8'))!;
    expect(me.pid).toBe(process.pid);
    expect(me.ppid).toBe(process.ppid);
  });
});

function isRunning(pid: number): boolean {
  try {
    const stat = parseStat(readFileSync(`/proc/${pid}/stat`, 'utf8'));
    return stat !== undefined && stat.state !== 'Z' && stat.state !== 'X';
  } catch {
    return false;
  }
}

async function waitFor(file: string): Promise<number> {
  for (let i = 0; i < 500 && !existsSync(file); i++) await new Promise((r) => setTimeout(r, 10));
  await new Promise((r) => setTimeout(r, 20));
  return Number(readFileSync(file, 'utf8').trim());
}

describe.runIf(process.platform === 'linux')('killing them for real', () => {
  let dir: string;
  const pids: number[] = [];
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'flakeguard-leftovers-'));
  });
  afterEach(async () => {
    for (const pid of pids.splice(0)) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // gone
      }
    }
    await rm(dir, { recursive: true, force: true });
  });

  it('kills a background job, a setsid daemon reparented to init, and what they started; leaves an unmarked stranger alone', async () => {
    const mark = `test-${Math.random()}`;
    const stranger = spawn('sleep', ['60'], { detached: true, stdio: 'ignore' });
    pids.push(stranger.pid!);
    const script = [`sleep 600 & echo $! > '${dir}/job'`, `setsid bash -c 'sleep 600 & echo $! > "${dir}/daemon"; sleep 600 & echo $! > "${dir}/daemon2"' &`, `wait`].join('\n');
    const child = spawn('bash', ['-c', script], { detached: true, stdio: 'ignore', env: { ...process.env, [ENV_MARK]: mark } });
    const left = await Promise.all(['job', 'daemon', 'daemon2'].map((f) => waitFor(join(dir, f))));
    pids.push(...left);
    for (const pid of left) expect(isRunning(pid)).toBe(true);
    const report = killLeftovers(child.pid!, mark);
    expect(report.swept).toBe(true);
    expect(report.unkillable).toEqual([]);
    // The daemon's two sleeps at least (its bash exited; the job's sleep may be dead already from the group's kill).
    expect(report.killed).toBeGreaterThanOrEqual(2);
    for (const pid of left) {
      for (let i = 0; i < 100 && isRunning(pid); i++) await new Promise((r) => setTimeout(r, 10));
      expect(isRunning(pid), `process ${pid} survived`).toBe(false);
    }
    expect(isRunning(stranger.pid!)).toBe(true);
  });

  it('cannot find a process that left the session, cleared its environment and was reparented (the documented limit)', async () => {
    const mark = `test-${Math.random()}`;
    const script = `env -i setsid bash -c 'sleep 600 & echo $! > "${dir}/escaped"' & wait`;
    const child = spawn('bash', ['-c', script], { detached: true, stdio: 'ignore', env: { ...process.env, [ENV_MARK]: mark } });
    const exited = new Promise<void>((r) => child.on('exit', () => r()));
    const escaped = await waitFor(join(dir, 'escaped'));
    pids.push(escaped);
    await exited;
    killLeftovers(child.pid!, mark);
    await new Promise((r) => setTimeout(r, 50));
    expect(isRunning(escaped)).toBe(true);
  });
});
