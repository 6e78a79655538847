/**
 * A `rerun` line whose first word is a mistyped preset (`vitset`, `jets`, `pytets`, `gotest`): without this check it
 * runs through `bash -c`, fails with "command not found", and the round is voided. The rule (docs/rerun.md#inputs,
 * docs/adr/0440-mistyped-preset-is-an-input-error.md): the first word is a plain name (no `/`, no `=`, no shell
 * syntax), not a bash builtin or keyword, not an executable on PATH nor a file of the workspace, and near a preset's
 * name — at most one edit, two when both have 6 letters or more (a swap of two neighbours counts one; the first 4
 * letters or more of a preset's name count one). `nearestPreset` is pure; `commandFound` reads the file system.
 */
import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { editDistance } from '../text/edit-distance.ts';

/** bash's builtins and reserved words (`compgen -b -k`): a first word bash runs without looking on PATH. */
const BASH_OWN = new Set(
  '. : [ alias bg bind break builtin caller cd command compgen complete compopt continue declare dirs disown echo enable eval exec exit export false fc fg getopts hash help history jobs kill let local logout mapfile popd printf pushd pwd read readarray readonly return set shift shopt source suspend test times trap true type typeset ulimit umask unalias unset wait if then else elif fi case esac for select while until do done in function time { } ! [[ ]] coproc'.split(
    ' ',
  ),
);

/** A plain command name: what bash would look up on PATH. */
const PLAIN_NAME = /^[A-Za-z][A-Za-z0-9._+-]*$/;

/**
 * The preset a first word of `rerun` most likely meant, or undefined when it is not near any (or is not a plain name,
 * or is bash's own). Ties go to the first preset in `names`' order.
 */
export function nearestPreset(word: string, names: readonly string[]): string | undefined {
  if (!PLAIN_NAME.test(word) || BASH_OWN.has(word) || word.length < 3) return undefined;
  const w = word.toLowerCase();
  let best: { name: string; d: number } | undefined;
  for (const name of names) {
    // The start of a preset's name counts as one edit: `gotest` means gotestsum rather than vitest (two edits).
    const d = w.length >= 4 && name.startsWith(w) ? 1 : editDistance(w, name);
    const near = d <= (name.length >= 6 && w.length >= 6 ? 2 : 1);
    if (near && (best === undefined || d < best.d)) best = { name, d };
  }
  return best?.name;
}

/**
 * Whether bash, started in `workspace` with `env`, could run `word` as a command: an executable of PATH, or a file of
 * the workspace of that name. With BASH_ENV set, the word may be a function that file defines: found.
 */
export function commandFound(word: string, workspace: string, env: NodeJS.ProcessEnv): boolean {
  if ((env.BASH_ENV ?? '') !== '') return true;
  const isFile = (path: string): boolean => {
    try {
      return statSync(path).isFile();
    } catch {
      return false;
    }
  };
  if (isFile(join(workspace, word))) return true;
  for (const dir of (env.PATH ?? '').split(delimiter)) {
    const path = join(dir === '' ? workspace : dir, word);
    if (!isFile(path)) continue;
    try {
      accessSync(path, constants.X_OK);
      return true;
    } catch {
      // not executable: bash goes on looking
    }
  }
  return false;
}
