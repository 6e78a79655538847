/**
 * A round's selection fitted into the operating system's limits on a command line (docs/rerun-presets.md, "Large
 * selections"). Pure.
 *
 * A preset puts the tests it re-runs on its processes' command lines (a `--grep` pattern, `--example` per test, file
 * arguments). `execve` refuses a command line over the kernel's limits with E2BIG: on Linux one argument may hold at
 * most MAX_ARG_STRLEN bytes (32 pages of 4 KiB, its terminating NUL included), and the arguments and the environment
 * together at most a quarter of the stack limit (2 MiB with the usual 8 MiB; macOS: 1 MiB). So a selection whose
 * commands do not fit is split in halves until each half fits, and each part runs as an invocation of its own within
 * the round; a single test whose commands alone do not fit cannot be re-run by that preset and is set aside with the
 * reason (its failure stands, as for any test the re-runs could not answer for).
 */
import type { RerunCommand } from './contract.ts';

/** Linux's MAX_ARG_STRLEN: the most bytes one argument may take, its terminating NUL included. */
export const MAX_ARG_BYTES = 128 * 1024;

/**
 * The most bytes the arguments of one process may take together (each string with its NUL, and its 8-byte pointer).
 * Half of macOS's 1 MiB and a quarter of Linux's usual 2 MiB, which leaves the rest for the environment, which the
 * kernel counts in the same limit.
 */
export const MAX_ARGV_BYTES = 512 * 1024;

const POINTER = 8;

/** Why `argv` is over the limits, or undefined when it fits. */
export function argvProblem(argv: readonly string[]): string | undefined {
  let total = POINTER;
  for (const arg of argv) {
    const bytes = Buffer.byteLength(arg, 'utf8') + 1;
    if (bytes > MAX_ARG_BYTES) {
      return `over the operating system's limit for one argument (${(bytes - 1).toLocaleString('en-US')} bytes; at most ${(MAX_ARG_BYTES - 1).toLocaleString('en-US')})`;
    }
    total += bytes + POINTER;
  }
  if (total > MAX_ARGV_BYTES) {
    return `over the limit for all the arguments of one command (${total.toLocaleString('en-US')} bytes; at most ${MAX_ARGV_BYTES.toLocaleString('en-US')})`;
  }
  return undefined;
}

/** Why one of `commands` is over the limits, or undefined when all fit. */
export function commandsProblem(commands: readonly RerunCommand[]): string | undefined {
  for (const c of commands) {
    const problem = argvProblem(c.argv);
    if (problem !== undefined) return problem;
  }
  return undefined;
}

export interface Fitted<T> {
  /** The parts to run, one invocation each, in the selection's order; together every item that fits, once. */
  parts: T[][];
  /** The items whose commands alone are over the limits, with why. */
  unfit: Array<{ item: T; why: string }>;
}

/**
 * `items` split into parts whose commands (`commandsOf`) fit the limits: the whole selection when it fits, else its
 * halves, each split again as needed (each level of halving builds the commands of every item once: n·log2(n) for n
 * items at worst, and a selection that fits is built once).
 */
export function fitSelection<T>(items: readonly T[], commandsOf: (items: readonly T[]) => readonly RerunCommand[]): Fitted<T> {
  const parts: T[][] = [];
  const unfit: Array<{ item: T; why: string }> = [];
  const visit = (slice: readonly T[]): void => {
    if (slice.length === 0) return;
    const problem = commandsProblem(commandsOf(slice));
    if (problem === undefined) {
      parts.push([...slice]);
      return;
    }
    if (slice.length === 1) {
      unfit.push({ item: slice[0]!, why: problem });
      return;
    }
    const half = Math.ceil(slice.length / 2);
    visit(slice.slice(0, half));
    visit(slice.slice(half));
  };
  visit(items);
  return { parts, unfit };
}
