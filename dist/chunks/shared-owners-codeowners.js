const require = process.getBuiltinModule('node:module').createRequire(import.meta.url);
const { readFile, stat } = require("node:fs/promises");
const { join } = require("node:path");
// src/owners/codeowners.ts
var CODEOWNERS_LOCATIONS = [".github/CODEOWNERS", "CODEOWNERS", "docs/CODEOWNERS"];
var CODEOWNERS_MAX_BYTES = 3 * 1024 * 1024;
var USER = /^@([A-Za-z0-9](?:[A-Za-z0-9-]{0,38}))$/;
var TEAM = /^@([A-Za-z0-9](?:[A-Za-z0-9-]{0,38}))\/([A-Za-z0-9][A-Za-z0-9._-]{0,99})$/;
var EMAIL = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)+$/;
function parseOwner(token) {
  const team = TEAM.exec(token);
  if (team) return { kind: "team", org: team[1], slug: team[2] };
  const user = USER.exec(token);
  if (user) return { kind: "user", login: user[1] };
  if (EMAIL.test(token)) return { kind: "email", address: token };
  return void 0;
}
function ownerText(owner) {
  switch (owner.kind) {
    case "user":
      return `@${owner.login}`;
    case "team":
      return `@${owner.org}/${owner.slug}`;
    case "email":
      return owner.address;
  }
}
function tokens(line) {
  const out = [];
  let current = "";
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (c === "\\" && i + 1 < line.length && /\s/.test(line[i + 1])) {
      current += `\\${line[i + 1]}`;
      i++;
    } else if (/\s/.test(c)) {
      if (current !== "") out.push(current);
      current = "";
    } else {
      current += c;
    }
  }
  if (current !== "") out.push(current);
  return out;
}
function patternProblem(pattern) {
  if (pattern.startsWith("\\#")) return `escaping a leading '#' with '\\' does not work in CODEOWNERS (GitHub's documented exception); the line is ignored`;
  if (pattern.startsWith("!")) return `'!' negation does not work in CODEOWNERS (GitHub's documented exception); the line is ignored`;
  if (/[[\]]/.test(pattern)) return `'[ ]' character ranges do not work in CODEOWNERS (GitHub's documented exception); the line is ignored`;
  if (pattern.includes("***")) return `a pattern cannot contain '***'; the line is ignored`;
  return void 0;
}
var escapeRegex = (c) => c.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
function segmentSource(seg) {
  let out = "";
  for (let i = 0; i < seg.length; i++) {
    const c = seg[i];
    if (c === "\\" && i + 1 < seg.length) {
      out += escapeRegex(seg[++i]);
    } else if (c === "*") {
      out += "[^/]*";
    } else if (c === "?") {
      out += "[^/]";
    } else {
      out += escapeRegex(c);
    }
  }
  return out;
}
function compilePattern(pattern) {
  let body = pattern;
  const anchored = body.startsWith("/");
  if (anchored) body = body.slice(1);
  const directory = body.endsWith("/");
  if (directory) body = body.slice(0, -1);
  if (body === "") return /^(?!)/;
  const segs = body.split("/");
  if (!anchored && segs.length === 1 && segs[0] !== "**") segs.unshift("**");
  if (directory) segs.push("**");
  let source = "^";
  let needSlash = false;
  segs.forEach((seg, i) => {
    const last = i === segs.length - 1;
    if (seg === "**") {
      if (segs.length === 1) source += ".+";
      else if (i === 0) source += "(?:.+/)?";
      else if (last) source += "/.+";
      else source += "(?:/.+)?";
      needSlash = i !== 0;
      return;
    }
    if (needSlash) source += "/";
    if (seg === "*") {
      source += "[^/]+";
    } else {
      source += segmentSource(seg);
      if (last) source += "(?:/.*)?";
    }
    needSlash = true;
  });
  return new RegExp(`${source}$`);
}
function parseCodeowners(text, path = "CODEOWNERS") {
  const rules = [];
  const problems = [];
  const lines = text.replace(/^\uFEFF/, "").split(/\r?\n/);
  lines.forEach((raw, index) => {
    const line = index + 1;
    const trimmed = raw.trim();
    if (trimmed === "" || trimmed.startsWith("#")) return;
    const parts = tokens(trimmed);
    const comment = parts.findIndex((t, i) => i > 0 && t.startsWith("#"));
    const [pattern, ...ownerTokens] = comment === -1 ? parts : parts.slice(0, comment);
    if (pattern === void 0) return;
    const problem = patternProblem(pattern);
    if (problem) {
      problems.push({ line, message: problem });
      return;
    }
    const owners = [];
    for (const token of ownerTokens) {
      const owner = parseOwner(token);
      if (!owner) {
        problems.push({ line, message: `'${token.slice(0, 100)}' is not a @user, @org/team or email address; the line is ignored` });
        return;
      }
      owners.push(owner);
    }
    rules.push({ pattern, owners, line, regex: compilePattern(pattern) });
  });
  return { path, rules, problems };
}
function ownersOf(codeowners, path) {
  const p = path.replace(/^\.\//, "").replace(/^\/+/, "");
  for (let i = codeowners.rules.length - 1; i >= 0; i--) {
    const rule = codeowners.rules[i];
    if (rule.regex.test(p)) return { owners: rule.owners, rule };
  }
  return { owners: [] };
}
async function findCodeowners(workspace) {
  for (const location of CODEOWNERS_LOCATIONS) {
    const file = join(workspace, location);
    const info = await stat(file).catch(() => void 0);
    if (!info?.isFile()) continue;
    if (info.size >= CODEOWNERS_MAX_BYTES) return { path: location, tooLarge: true };
    return parseCodeowners(await readFile(file, "utf8"), location);
  }
  return void 0;
}

export {
  CODEOWNERS_LOCATIONS,
  CODEOWNERS_MAX_BYTES,
  parseOwner,
  ownerText,
  compilePattern,
  parseCodeowners,
  ownersOf,
  findCodeowners
};
