/**
 * Text for the data of a workflow command (`::error::…`, `::warning::…`, `::notice::…`, setFailed) built from
 * untrusted values (artifact names, archive entry names, job keys, test ids): one line, secrets hidden, and the
 * legacy `##[` syntax defused. The runner escapes `%`, `\r` and `\n` itself. Plain log lines use `logText`.
 */
import { plainText } from '../report/escape.ts';

export function commandText(untrusted: string, max = 2000): string {
  return plainText(untrusted, max, true).replace(/##\[/g, '#\u200b#[');
}
