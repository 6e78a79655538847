/**
 * The flags of the package.json script that runs the runner `rerun: auto` chose (docs/rerun-presets.md#rerun-auto),
 * so that the re-runs run the tests as `npm test` does (`jest --color=true`). Pure: the scripts come from
 * src/rerun/workspace.ts, the screening from the preset (src/rerun/presets/args.ts), as for `rerun: <preset> <flags>`.
 *
 * The rule: the script named `test` when it runs the runner, else the one script that does; its command (split at
 * `&&`, `||`, `;`, `|` outside quotes) whose words name the runner (`jest`, `node_modules/.bin/jest`), read as a
 * shell splits a plain command (src/text/shell.ts). Before the runner only variable assignments (`TZ=UTC`) and the
 * launchers `npx`, `cross-env`, `env`, `yarn`, `pnpm`, `exec` may stand; the words after it are the flags. Anything
 * else (a script that starts the runner through `node …`, a shell expansion, two scripts and none named `test`) is
 * unreadable, with why: the re-runs then run without the script's flags, and a notice says so.
 */
import { shellLine, shellQuote, splitWords } from '../text/shell.ts';
import type { RerunPreset, ScreenedArgs } from './contract.ts';

export type ScriptRead =
  /** No script runs the runner. */
  | { none: true }
  | {
      /** The script's name and line. */
      script: string;
      line: string;
      /** The words after the runner's name. */
      args: string[];
      /** `NAME=value` assignments before the runner, in order. */
      env: Array<[string, string]>;
    }
  | { script?: string; line?: string; unreadable: string };

const LAUNCHERS = new Set(['npx', 'cross-env', 'env', 'yarn', 'pnpm', 'exec', '--']);
const ASSIGNMENT = /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/s;

function isRunner(word: string, runner: string): boolean {
  return word === runner || word.endsWith(`/.bin/${runner}`) || word === `node_modules/.bin/${runner}`;
}

/** The line's commands, split at `&&`, `||`, `;`, `|` and `&` outside quotes; undefined when a quote is not closed. */
export function commandsOf(line: string): string[] | undefined {
  const out: string[] = [];
  let current = '';
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (c === "'" || c === '"') {
      const end = line.indexOf(c, i + 1);
      if (end < 0) return undefined;
      current += line.slice(i, end + 1);
      i = end;
    } else if (c === '\\' && i + 1 < line.length) {
      current += line.slice(i, i + 2);
      i++;
    } else if (c === ';' || c === '|' || c === '&') {
      if (line[i + 1] === c) i++;
      out.push(current.trim());
      current = '';
    } else {
      current += c;
    }
  }
  out.push(current.trim());
  return out.filter((s) => s !== '');
}

/** Whether a script line runs the runner by name (the rule src/rerun/detect.ts reads scripts by). */
export function runsRunner(line: string, runner: string): boolean {
  return new RegExp(`(^|[\\s;&|(/])${runner}(\\s|$)`).test(line);
}

export function readRunnerScript(runner: string, scripts: Readonly<Record<string, string>>): ScriptRead {
  const names = Object.keys(scripts).filter((n) => runsRunner(scripts[n]!, runner));
  if (names.length === 0) return { none: true };
  const name = names.includes('test') ? 'test' : names.length === 1 ? names[0]! : undefined;
  if (name === undefined) {
    return { unreadable: `the scripts ${names.map((n) => JSON.stringify(n)).join(', ')} run ${runner} and none is "test", so no script's flags were taken` };
  }
  const line = scripts[name]!;
  const at = { script: name, line };
  const commands = commandsOf(line);
  if (commands === undefined) return { ...at, unreadable: 'it has an unclosed quote' };
  const command = commands.find((c) => runsRunner(c, runner));
  if (command === undefined) return { ...at, unreadable: `no command of it starts ${runner} by name` };
  const split = splitWords(command);
  if ('error' in split) return { ...at, unreadable: `its command cannot be read without a shell: ${split.error}` };
  const words = split.words;
  const index = words.findIndex((w) => isRunner(w, runner));
  if (index < 0) return { ...at, unreadable: `no word of it is ${runner} itself` };
  const env: Array<[string, string]> = [];
  for (const word of words.slice(0, index)) {
    const assignment = ASSIGNMENT.exec(word);
    if (assignment) env.push([assignment[1]!, assignment[2]!]);
    else if (!LAUNCHERS.has(word)) return { ...at, unreadable: `it starts ${runner} through '${word}', which the preset does not` };
  }
  return { ...at, args: words.slice(index + 1), env };
}

/** What `rerun: auto` takes from the script: the flags the preset kept, the variables, the log lines and notices. */
export interface AutoFlags {
  args: string[];
  env: Record<string, string>;
  /** For the log group "Choosing the re-run preset". */
  why: string[];
  /** Said before the re-runs (flags left out, or not read), each with the `rerun:` line to use instead. */
  notices: string[];
}

/** The script's flags as the preset screens them (the rules of `rerun: <preset> <flags>`, ADR 0282). */
export function autoFlags(preset: RerunPreset, read: ScriptRead): AutoFlags {
  const out: AutoFlags = { args: [], env: {}, why: [], notices: [] };
  if ('none' in read) return out;
  const where = read.script !== undefined ? `package.json's ${JSON.stringify(read.script)} script (${read.line ?? ''})` : 'package.json';
  if ('unreadable' in read) {
    out.why.push(`${where}: its flags were not read: ${read.unreadable}`);
    out.notices.push(
      `Re-runs: rerun: auto runs ${preset.name} without the flags of ${where}: ${read.unreadable}. If the tests need them, name the preset with its flags (rerun: ${preset.name} <flags>; docs/rerun-presets.md).`,
    );
    return out;
  }
  for (const [name, value] of read.env) out.env[name] = value;
  const setting = read.env.length > 0 ? `; they set ${read.env.map(([n, v]) => shellQuote(`${n}=${v}`)).join(' ')} as it does` : '';
  if (read.args.length === 0) {
    out.why.push(`${where}: no flags to pass on${setting}`);
    return out;
  }
  const screened: ScreenedArgs = preset.screenArgs ? preset.screenArgs(read.args) : { refused: read.args[0]!, why: 'the preset takes no arguments' };
  if ('refused' in screened) {
    const rest = read.args.filter((a) => a !== screened.refused);
    out.why.push(`${where}: the re-runs run without its flags: the ${preset.name} preset cannot pass on '${screened.refused}' (${screened.why})${setting}`);
    out.notices.push(
      `Re-runs: rerun: auto runs ${preset.name} without the flags of ${where}: the ${preset.name} preset cannot pass on '${screened.refused}' (${screened.why}). If the tests need the others, name them: rerun: ${shellLine([preset.name, ...rest])}.`,
    );
    return out;
  }
  out.args = screened.args;
  out.why.push(`${where}: the re-runs pass on ${screened.args.length > 0 ? shellLine(screened.args) : 'none of its flags'}${setting}`);
  for (const d of screened.dropped) out.notices.push(`Re-runs: the ${preset.name} preset leaves out ${d} of ${where}.`);
  return out;
}
