// src/text/escape.ts
var HTML_ENTITIES = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
  "|": "&#124;",
  "`": "&#96;",
  "[": "&#91;",
  "]": "&#93;",
  "(": "&#40;",
  ")": "&#41;",
  "*": "&#42;",
  _: "&#95;",
  "~": "&#126;",
  "#": "&#35;",
  "!": "&#33;",
  "\\": "&#92;",
  "@": "&#64;",
  ":": "&#58;",
  "=": "&#61;",
  "+": "&#43;",
  "-": "&#45;",
  "{": "&#123;",
  "}": "&#125;",
  "%": "&#37;",
  $: "&#36;",
  "^": "&#94;"
};
var MARKDOWN_SPECIAL = /[&<>"'|`[\]()*_~#!\\@:=+\-{}%$^]/;
var SHOWN = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g;
var HIDDEN = /[\u00ad\u061c\u180e\u200b-\u200f\u2028\u2029\u202a-\u202e\u2060-\u2064\u2066-\u206f\ufeff\ufff9-\ufffb]/g;
function visible(text) {
  return text.replace(SHOWN, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, "0")}`).replace(HIDDEN, "");
}
var NEWLINES = /\r\n|\r|\n/g;
var secrets = /* @__PURE__ */ new Set();
function registerSecret(secret) {
  if (secret.length >= 4) {
    secrets.add(secret);
    secrets.add(Buffer.from(`x-access-token:${secret}`).toString("base64"));
  }
}
function redact(text) {
  let out = text;
  for (const s of secrets) if (out.includes(s)) out = out.split(s).join("***");
  return out;
}
function truncate(text, max) {
  if (text.length <= max) return text;
  let end = Math.max(0, max - 1);
  const code = text.charCodeAt(end - 1);
  if (code >= 55296 && code <= 56319) end--;
  return `${text.slice(0, end)}\u2026`;
}
function truncateBytes(text, maxBytes) {
  if (Buffer.byteLength(text) <= maxBytes) return text;
  let end = Math.min(text.length, maxBytes);
  while (end > 0 && Buffer.byteLength(text.slice(0, end)) > maxBytes) end = Math.floor(end * 0.9);
  const cut = text.lastIndexOf("\n", end);
  return text.slice(0, cut > end - 2e3 ? cut : end);
}
function escapeMarkdown(clean2, max) {
  const marked = clean2.replace(/(www)\./gi, "$1\uE000");
  const escape = (limit) => {
    let out2 = "";
    for (const c of marked) {
      const escaped = c === "\uE000" ? "&#46;" : HTML_ENTITIES[c] ?? c;
      if (out2.length + escaped.length > limit) return void 0;
      out2 += escaped;
    }
    return out2;
  };
  const whole = escape(max);
  if (whole !== void 0) return whole;
  let out = "";
  for (const c of marked) {
    const escaped = c === "\uE000" ? "&#46;" : HTML_ENTITIES[c] ?? c;
    if (out.length + escaped.length > max - 1) break;
    out += escaped;
  }
  return `${out}\u2026`;
}
function clean(untrusted) {
  return visible(redact(untrusted).replace(/\ue000/g, ""));
}
function mdText(untrusted, max = 300) {
  const flat = clean(untrusted.replace(NEWLINES, " "));
  if (!MARKDOWN_SPECIAL.test(flat) && !/www\./i.test(flat)) return truncate(flat, max);
  return escapeMarkdown(flat, max);
}
function mdInert(untrusted, max = 300) {
  return mdText(untrusted, max).replace(/&#64;|&#35;/g, (e) => `${e}&#8203;`);
}
function mdPre(untrusted, max = 2e3) {
  const lines = clean(untrusted.replace(NEWLINES, "\n"));
  return `<pre>${escapeMarkdown(lines, max)}</pre>`;
}
function logText(untrusted, max = 500) {
  return truncate(visible(redact(untrusted).replace(NEWLINES, " ")), max).replace(/::/g, ":\u200B:").replace(/##\[/g, "#\u200B#[");
}
function plainText(untrusted, max, oneLine = false) {
  const text = visible(redact(untrusted).replace(NEWLINES, oneLine ? " " : "\n"));
  return truncate(text, max);
}
function defuseLegacy(text) {
  return text.replace(/##\[/g, "#\u200B#[");
}
function commandText(untrusted, max = 2e3) {
  return defuseLegacy(plainText(untrusted, max, true));
}

export {
  registerSecret,
  redact,
  truncate,
  truncateBytes,
  mdText,
  mdInert,
  mdPre,
  logText,
  plainText,
  defuseLegacy,
  commandText
};
