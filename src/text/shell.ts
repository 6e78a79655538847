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

/**
 * Splits a command line into words the way a POSIX shell would for a plain command, WITHOUT a shell: words are
 * separated by spaces or tabs; `'…'` quotes literally; `"…"` quotes with `\` escaping only `"`, `\`, `$` and a
 * backtick; a `\` outside quotes escapes the next character. Anything a shell would expand or treat as an operator
 * (`$`, a backtick, `;`, `&`, `|`, `<`, `>`, `(`, `)`, `*`, `?`, `[`, `{`, `~` at a word's start, `#` at a word's
 * start, a newline) is refused unless quoted: the words could not mean what they mean to a shell. Returns the words,
 * or why the line cannot be read.
 */
export function splitWords(line: string): { words: string[] } | { error: string } {
  const words: string[] = [];
  let word = '';
  let inWord = false;
  let i = 0;
  const refuse = (c: string) => ({ error: `'${c === '\n' ? '\\n' : c}' at character ${i + 1} would be read by a shell; quote it ('…') or leave it out` });
  while (i < line.length) {
    const c = line[i]!;
    if (c === ' ' || c === '\t') {
      if (inWord) words.push(word);
      word = '';
      inWord = false;
      i++;
    } else if (c === "'") {
      const end = line.indexOf("'", i + 1);
      if (end < 0) return { error: `unclosed ' at character ${i + 1}` };
      word += line.slice(i + 1, end);
      inWord = true;
      i = end + 1;
    } else if (c === '"') {
      let j = i + 1;
      for (;;) {
        if (j >= line.length) return { error: `unclosed " at character ${i + 1}` };
        const d = line[j]!;
        if (d === '"') break;
        if (d === '\\' && j + 1 < line.length && '"\\$`'.includes(line[j + 1]!)) {
          word += line[j + 1];
          j += 2;
        } else if (d === '$' || d === '`') {
          i = j;
          return refuse(d);
        } else {
          word += d;
          j++;
        }
      }
      inWord = true;
      i = j + 1;
    } else if (c === '\\') {
      if (i + 1 >= line.length) return { error: 'a \\ at the end of the line' };
      word += line[i + 1];
      inWord = true;
      i += 2;
    } else if ('$`;&|<>()*?[{\n\r'.includes(c) || ((c === '~' || c === '#') && !inWord)) {
      return refuse(c);
    } else {
      word += c;
      inWord = true;
      i++;
    }
  }
  if (inWord) words.push(word);
  return { words };
}
