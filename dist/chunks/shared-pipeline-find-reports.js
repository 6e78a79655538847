const require = process.getBuiltinModule('node:module').createRequire(import.meta.url);
const { isAbsolute, resolve } = require("node:path");
// src/pipeline/find-reports.ts
async function findReports(patterns, workspace) {
  const glob = await import("./actions-glob.js");
  const absolute = patterns.map((p) => {
    const negated = p.startsWith("!");
    const body = negated ? p.slice(1) : p;
    return `${negated ? "!" : ""}${isAbsolute(body) ? body : resolve(workspace, body)}`;
  });
  const globber = await glob.create(absolute.join("\n"), { matchDirectories: false, followSymbolicLinks: false });
  return (await globber.glob()).sort();
}

export {
  findReports
};
