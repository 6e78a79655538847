const require = process.getBuiltinModule('node:module').createRequire(import.meta.url);
const { accessSync, constants, statSync } = require("node:fs");
const { delimiter, join } = require("node:path");
import {
  editDistance
} from "./shared-text-edit-distance.js";

// src/rerun/typo.ts
var BASH_OWN = new Set(
  ". : [ alias bg bind break builtin caller cd command compgen complete compopt continue declare dirs disown echo enable eval exec exit export false fc fg getopts hash help history jobs kill let local logout mapfile popd printf pushd pwd read readarray readonly return set shift shopt source suspend test times trap true type typeset ulimit umask unalias unset wait if then else elif fi case esac for select while until do done in function time { } ! [[ ]] coproc".split(
    " "
  )
);
var PLAIN_NAME = /^[A-Za-z][A-Za-z0-9._+-]*$/;
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
