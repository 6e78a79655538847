/**
 * A yes/no question on the terminal (docs/cli.md, ADR 0465): asked on stderr, answered on stdin; only "y" or "yes"
 * is yes, and the end of input is no.
 */
import { createInterface } from 'node:readline';

export function askYesNo(question: string): Promise<boolean> {
  const rl = createInterface({ input: process.stdin, output: process.stderr, terminal: false });
  return new Promise((resolve) => {
    let answered = false;
    rl.on('close', () => {
      if (!answered) process.stderr.write('\n');
      resolve(false);
    });
    process.stderr.write(question);
    rl.once('line', (line) => {
      answered = true;
      resolve(/^\s*y(es)?\s*$/i.test(line));
      rl.close();
    });
  });
}
