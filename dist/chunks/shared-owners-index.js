import {
  ownersOf
} from "./shared-owners-codeowners.js";
import {
  mapClassname
} from "./shared-owners-classmap.js";

// src/owners/index.ts
function repositoryPath(file, workspace) {
  let p = file.trim().replace(/\\/g, "/");
  if (p === "") return void 0;
  const ws = workspace.replace(/\\/g, "/").replace(/\/+$/, "");
  if (p.startsWith("/") || /^[A-Za-z]:\//.test(p)) {
    if (ws === "" || !p.startsWith(`${ws}/`)) return void 0;
    p = p.slice(ws.length + 1);
  }
  const out = [];
  for (const seg of p.split("/")) {
    if (seg === "" || seg === ".") continue;
    if (seg === "..") {
      if (out.length === 0) return void 0;
      out.pop();
    } else out.push(seg);
  }
  return out.length > 0 ? out.join("/") : void 0;
}
function ownersOfTest(test, lookup) {
  let path;
  let via = "none";
  let mapRule;
  if (test.file) {
    path = repositoryPath(test.file, lookup.workspace);
    if (path) via = "file";
  }
  if (!path && test.classname) {
    const mapped = mapClassname(lookup.classMap, test.classname);
    if (mapped) {
      path = repositoryPath(mapped.path, lookup.workspace);
      if (path) {
        via = "classname";
        mapRule = mapped.rule;
      }
    }
  }
  if (!path) return { via: "none", owners: [] };
  if (!lookup.codeowners) return { path, via, owners: [], ...mapRule ? { mapRule } : {} };
  const match = ownersOf(lookup.codeowners, path);
  return { path, via, owners: match.owners, ...match.rule ? { rule: match.rule } : {}, ...mapRule ? { mapRule } : {} };
}

export {
  repositoryPath,
  ownersOfTest
};
