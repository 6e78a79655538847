// src/owners/classmap.ts
var ClassMapError = class extends Error {
};
var escapeRegex = (s) => s.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
function compileFrom(from, line) {
  let captures = 0;
  const segs = from.split(".").map((seg) => {
    if (seg === "") throw new ClassMapError(`codeowners-map line ${line}: empty segment in '${from}'`);
    if (seg === "**") {
      captures++;
      return "(.+)";
    }
    if (seg.includes("**")) throw new ClassMapError(`codeowners-map line ${line}: '**' must be a whole segment in '${from}'`);
    const pieces = seg.split("*");
    captures += pieces.length - 1;
    return pieces.map(escapeRegex).join("([^.]*)");
  });
  return { regex: new RegExp(`^${segs.join("\\.")}$`), captures };
}
function compileTemplate(to) {
  const out = [];
  const re = /\*\*|\*/g;
  let last = 0;
  for (let m = re.exec(to); m; m = re.exec(to)) {
    if (m.index > last) out.push({ text: to.slice(last, m.index) });
    out.push({ wildcard: m[0] });
    last = m.index + m[0].length;
  }
  if (last < to.length) out.push({ text: to.slice(last) });
  return out;
}
function parseClassMap(text) {
  const rules = [];
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = index + 1;
    const trimmed = raw.trim();
    if (trimmed === "" || trimmed.startsWith("#")) return;
    const arrow = trimmed.indexOf("=>");
    if (arrow === -1) throw new ClassMapError(`codeowners-map line ${line}: expected 'classname-pattern => path-template', got '${trimmed.slice(0, 100)}'`);
    const from = trimmed.slice(0, arrow).trim();
    const to = trimmed.slice(arrow + 2).trim().replace(/^\.?\//, "");
    if (from === "" || to === "") throw new ClassMapError(`codeowners-map line ${line}: both sides of '=>' are needed`);
    if (/\s/.test(from)) throw new ClassMapError(`codeowners-map line ${line}: the classname pattern '${from}' contains a space`);
    const { regex, captures } = compileFrom(from, line);
    const template = compileTemplate(to);
    const wildcards = template.filter((p) => "wildcard" in p).length;
    if (wildcards > captures) {
      throw new ClassMapError(`codeowners-map line ${line}: the path template has ${wildcards} wildcards but '${from}' has only ${captures}`);
    }
    rules.push({ from, to, regex, template, line });
  });
  return rules;
}
function mapClassname(rules, classname) {
  const outer = classname.replace(/\$.*$/, "");
  if (outer === "") return void 0;
  for (const rule of rules) {
    const m = rule.regex.exec(outer);
    if (!m) continue;
    let next = 1;
    const path = rule.template.map((piece) => {
      if ("text" in piece) return piece.text;
      const value = m[next++] ?? "";
      return piece.wildcard === "**" ? value.replace(/\./g, "/") : value;
    }).join("");
    return { path, rule };
  }
  return void 0;
}

export {
  ClassMapError,
  parseClassMap,
  mapClassname
};
