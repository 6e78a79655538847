/**
 * The processes a re-run command leaves behind, found and killed when the command has exited or its time ran out
 * (docs/adr/0161-rerun-leftover-processes.md). A process belongs to the command when, in Linux's /proc,
 * - it is in the command's process group or session (the command is spawned as the leader of both), or
 * - its environment carries the round's marker (ENV_MARK, a random value every process the command starts inherits,
 *   `setsid` daemons included, however far they were reparented), or
 * - its parent belongs to the command.
 * Killing repeats until a sweep finds none left (a process forked meanwhile is found by the next sweep). Where there is
 * no /proc (macOS), only the process group is killed. `leftoverPids` is the pure rule; the rest reads /proc.
 */
import { readdirSync, readFileSync } from 'node:fs';

/** The variable whose value marks every process a re-run command starts (not part of the contract: never rely on it). */
export const ENV_MARK = 'FLAKEGUARD_RERUN_MARK';

/** One line of the process table, as /proc/<pid>/stat gives it. */
export interface ProcEntry {
  pid: number;
  ppid: number;
  pgrp: number;
  session: number;
  /** Clock ticks after boot at which the process started: with the pid, its identity (pids are reused). */
  start: string;
  /** Z (zombie) or X (dead): gone, only its parent has not reaped it. */
  state: string;
}

/**
 * The processes of `table` that belong to the command whose pid (also its process group and session) is `root`:
 * same group or session, marked, or a descendant of one that belongs. `self` (the step) never does. Zombies are left
 * out (nothing to kill), but their children are not.
 */
export function leftoverPids(table: readonly ProcEntry[], root: number, marked: (pid: number) => boolean, self: number): number[] {
  const belongs = new Set<number>();
  const children = new Map<number, number[]>();
  for (const p of table) {
    const list = children.get(p.ppid);
    if (list) list.push(p.pid);
    else children.set(p.ppid, [p.pid]);
  }
  const queue: number[] = [root];
  for (const p of table) {
    if (p.pid === self) continue;
    if (p.pid === root || p.pgrp === root || p.session === root || marked(p.pid)) queue.push(p.pid);
  }
  while (queue.length > 0) {
    const pid = queue.pop()!;
    if (belongs.has(pid) || pid === self) continue;
    belongs.add(pid);
    for (const child of children.get(pid) ?? []) queue.push(child);
  }
  const alive = new Map(table.map((p) => [p.pid, p]));
  return [...belongs].filter((pid) => {
    const p = alive.get(pid);
    return p !== undefined && p.state !== 'Z' && p.state !== 'X';
  });
}

/** Parses /proc/<pid>/stat (the command name, in parentheses, may hold spaces and parentheses itself). */
export function parseStat(text: string): ProcEntry | undefined {
  const close = text.lastIndexOf(')');
  const open = text.indexOf('(');
  if (open < 0 || close < open) return undefined;
  const pid = Number(text.slice(0, open).trim());
  const f = text.slice(close + 2).split(' ');
  // After the name: state(3) ppid(4) pgrp(5) session(6) … starttime(22); f[0] is field 3.
  const [state, ppid, pgrp, session, start] = [f[0], Number(f[1]), Number(f[2]), Number(f[3]), f[19]];
  if (!state || !Number.isInteger(pid) || !Number.isInteger(ppid) || !Number.isInteger(pgrp) || !Number.isInteger(session) || !start) return undefined;
  return { pid, ppid, pgrp, session, start, state };
}

function readEntry(pid: number): ProcEntry | undefined {
  try {
    return parseStat(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return undefined;
  }
}

function processTable(): ProcEntry[] | undefined {
  let names: string[];
  try {
    names = readdirSync('/proc');
  } catch {
    return undefined;
  }
  const table: ProcEntry[] = [];
  for (const name of names) {
    if (!/^[0-9]+$/.test(name)) continue;
    const entry = readEntry(Number(name));
    if (entry) table.push(entry);
  }
  return table;
}

/** Whether the environment of `pid` holds `NAME=value` exactly (unreadable, e.g. another user's process: no). */
function hasVariable(pid: number, needle: Buffer): boolean {
  let environ: Buffer;
  try {
    environ = readFileSync(`/proc/${pid}/environ`);
  } catch {
    return false;
  }
  for (let at = environ.indexOf(needle); at >= 0; at = environ.indexOf(needle, at + 1)) {
    const end = at + needle.length;
    if ((at === 0 || environ[at - 1] === 0) && (end === environ.length || environ[end] === 0)) return true;
  }
  return false;
}

export interface KillReport {
  /** Processes killed besides the command itself. */
  killed: number;
  /** Processes found that could not be killed (another user's, after `sudo`): pids. */
  unkillable: number[];
  /** False where there is no /proc: only the process group was killed. */
  swept: boolean;
}

/**
 * Kills (SIGKILL) every process that belongs to the command `root`, until a sweep finds none it has not killed yet or
 * `maxSweeps` sweeps ran, then its process group again (all there is to do without /proc). Synchronous: nothing else
 * runs meanwhile.
 */
export function killLeftovers(root: number, mark: string, options: { maxSweeps?: number } = {}): KillReport {
  const report: KillReport = { killed: 0, unkillable: [], swept: false };
  const killGroup = (): void => {
    try {
      process.kill(-root, 'SIGKILL');
    } catch {
      // no such group any more
    }
  };
  const needle = Buffer.from(`${ENV_MARK}=${mark}`);
  const refused = new Map<number, string>();
  const signalled = new Set<string>();
  const maxSweeps = options.maxSweeps ?? 100;
  for (let sweep = 0; sweep < maxSweeps; sweep++) {
    const table = processTable();
    if (!table) {
      killGroup();
      return report;
    }
    report.swept = true;
    const found = leftoverPids(table, root, (pid) => hasVariable(pid, needle), process.pid);
    const start = new Map(table.map((p) => [p.pid, p.start]));
    // A sweep that finds no process it has not signalled yet ends it: a killed process forks no more.
    let fresh = 0;
    for (const pid of found) {
      const identity = `${pid}@${start.get(pid)}`;
      if (refused.get(pid) === start.get(pid)) continue;
      // The same process as in the table (a pid freed meanwhile may have been given to another one).
      if (readEntry(pid)?.start !== start.get(pid)) continue;
      try {
        process.kill(pid, 'SIGKILL');
        if (!signalled.has(identity)) {
          signalled.add(identity);
          fresh++;
          if (pid !== root) report.killed++;
        }
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'EPERM') refused.set(pid, start.get(pid)!);
      }
    }
    if (fresh === 0) break;
  }
  killGroup();
  report.unkillable = [...refused.keys()];
  return report;
}
