/**
 * A command line as a POSIX shell would read it back: each argument shown bare when it holds only characters no
 * shell treats specially, otherwise in single quotes (a single quote inside written `'\''`). Pasted into bash or sh,
 * the line gives the process the same argv. For display only: flakeguard never runs a line through a shell built
 * this way (presets spawn their argv directly, src/rerun/process.ts). Control characters are left to the caller's
 * escaping (src/text/escape.ts logText).
 */
const BARE = /^[A-Za-z0-9_@%+=:,./-]+$/;

export function shellQuote(argument: string): string {
  if (BARE.test(argument)) return argument;
  return `'${argument.replace(/'/g, `'\\''`)}'`;
}

export function shellLine(argv: readonly string[]): string {
  return argv.map(shellQuote).join(' ');
}
