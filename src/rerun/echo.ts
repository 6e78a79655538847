/**
 * The command line a re-run round echoes to the log, readable: a filter of many tests (jest's `--testNamePattern=^(?:…)$`
 * of 60 names is some 3,000 characters) is shown by its first alternatives and how many more there are,
 * `'--testNamePattern=^(?:a|b|…' (+58 more tests)`; any other argument over the limit by its start and how many
 * characters more. The process still gets every argument whole; the log's list of the round's tests names them all.
 * Pure.
 */
import { shellQuote } from '../text/shell.ts';
import type { RerunCommand } from './contract.ts';

/** An argument longer than this is shortened in the echo. */
export const LONG_ARGUMENT = 1000;
/** Characters of a shortened argument shown. */
const SHOWN = 300;

/** The top-level alternatives of `<prefix>^(?:a|b|…)$`, or undefined when the argument is not one. */
export function alternatives(arg: string): { prefix: string; alts: string[] } | undefined {
  const start = arg.indexOf('^(?:');
  if (start < 0 || !arg.endsWith(')$')) return undefined;
  const body = arg.slice(start + 4, -2);
  const alts: string[] = [];
  let depth = 0;
  let from = 0;
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (c === '\\') i++;
    else if (c === '[') {
      // A character class: up to its closing `]` (a `]` first in it, or escaped, is a member).
      let j = i + 1;
      if (body[j] === '^') j++;
      if (body[j] === ']') j++;
      while (j < body.length && body[j] !== ']') j += body[j] === '\\' ? 2 : 1;
      i = j;
    } else if (c === '(') depth++;
    else if (c === ')') {
      if (--depth < 0) return undefined;
    } else if (c === '|' && depth === 0) {
      alts.push(body.slice(from, i));
      from = i + 1;
    }
  }
  if (depth !== 0) return undefined;
  alts.push(body.slice(from));
  return { prefix: arg.slice(0, start), alts };
}

/** One argument as the echo shows it: shell-quoted, shortened when long. */
export function echoArgument(arg: string): string {
  if (arg.length <= LONG_ARGUMENT) return shellQuote(arg);
  const split = alternatives(arg);
  if (split && split.alts.length > 1) {
    let shown = `${split.prefix}^(?:${split.alts[0]!.slice(0, SHOWN)}`;
    let k = 1;
    while (k < split.alts.length && shown.length + split.alts[k]!.length + 1 <= SHOWN) shown += `|${split.alts[k++]!}`;
    return `${shellQuote(`${shown}|…`)} (+${split.alts.length - k} more test${split.alts.length - k === 1 ? '' : 's'})`;
  }
  return `${shellQuote(`${arg.slice(0, SHOWN)}…`)} (+${arg.length - SHOWN} more characters)`;
}

/** A command as the round's log echoes it: its own variables, then its arguments (echoArgument). */
export function echoLine(command: RerunCommand): string {
  const env = Object.entries(command.env ?? {}).map(([name, value]) => `${name}=${echoArgument(value ?? '')}`);
  return [...env, ...command.argv.map(echoArgument)].join(' ');
}
