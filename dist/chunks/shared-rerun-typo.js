const require = process.getBuiltinModule('node:module').createRequire(import.meta.url);
const { accessSync, constants, statSync } = require("node:fs");
const { delimiter, join } = require("node:path");
// src/rerun/typo.ts
var BASH_OWN = new Set(
  ". : [ alias bg bind break builtin caller cd command compgen complete compopt continue declare dirs disown echo enable eval exec exit export false fc fg getopts hash help history jobs kill let local logout mapfile popd printf pushd pwd read readarray readonly return set shift shopt source suspend test times trap true type typeset ulimit umask unalias unset wait if then else elif fi case esac for select while until do done in function time { } ! [[ ]] coproc".split(
    " "
  )
);
var PLAIN_NAME = /^[A-Za-z][A-Za-z0-9._+-]*$/;
function editDistance(a, b) {
  const rows = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_2, j) => i === 0 ? j : j === 0 ? i : 0));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, rows[i - 2][j - 2] + 1);
      rows[i][j] = d;
    }
  }
  return rows[a.length][b.length];
}
function nearestPreset(word, names) {
  if (!PLAIN_NAME.test(word) || BASH_OWN.has(word) || word.length < 3) return void 0;
  const w = word.toLowerCase();
  let best;
  for (const name of names) {
    const d = w.length >= 4 && name.startsWith(w) ? 1 : editDistance(w, name);
    const near = d <= (name.length >= 6 && w.length >= 6 ? 2 : 1);
    if (near && (best === void 0 || d < best.d)) best = { name, d };
  }
  return best?.name;
}
function commandFound(word, workspace, env) {
  if ((env.BASH_ENV ?? "") !== "") return true;
  const isFile = (path) => {
    try {
      return statSync(path).isFile();
    } catch {
      return false;
    }
  };
  if (isFile(join(workspace, word))) return true;
  for (const dir of (env.PATH ?? "").split(delimiter)) {
    const path = join(dir === "" ? workspace : dir, word);
    if (!isFile(path)) continue;
    try {
      accessSync(path, constants.X_OK);
      return true;
    } catch {
    }
  }
  return false;
}

export {
  nearestPreset,
  commandFound
};
