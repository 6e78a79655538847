// src/history/cell.ts
var MAX_CELL = 200;
var MAX_OVERRIDE_CELLS = 100;
function oneLine(text) {
  return text.replace(/[\u0000-\u001f\u007f\s]+/g, " ").trim();
}
function valueText(value) {
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean" || value === null) return String(value);
  return JSON.stringify(value);
}
function keyObject(raw) {
  const text = raw.trim();
  if (!text.startsWith("{")) return void 0;
  try {
    const value = JSON.parse(text);
    return typeof value === "object" && value !== null && !Array.isArray(value) ? value : void 0;
  } catch {
    return void 0;
  }
}
function keyValuePairs(line) {
  const parts = line.split(/,\s*/);
  if (line === "" || !parts.every((p) => /^[^=\s][^=]*=/.test(p))) return void 0;
  return parts.map((p) => {
    const i = p.indexOf("=");
    return [p.slice(0, i).trim(), p.slice(i + 1).trim()];
  });
}
function fnv32(text) {
  let hash = 2166136261;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 16777619);
  }
  return (hash >>> 0).toString(16).padStart(8, "0");
}
function bounded(cell, whole) {
  if (cell.length <= MAX_CELL) return cell;
  let cut = MAX_CELL - 11;
  if ((/\\+$/.exec(cell.slice(0, cut))?.[0].length ?? 0) % 2 === 1) cut--;
  return `${cell.slice(0, cut)}\u2026 #${fnv32(whole)}`;
}
var escapeKey = (text) => text.replace(/[\\,=]/g, "\\$&");
var escapeValue = (text) => text.replace(/[\\,]/g, "\\$&");
function fromPairs(pairs, whole) {
  const sorted = pairs.map(([k, v]) => `${escapeKey(oneLine(k))}=${escapeValue(oneLine(v))}`).sort();
  return bounded(sorted.join(","), whole);
}
function cellPairs(text) {
  const pairs = [];
  let key = "";
  let value = "";
  let inValue = false;
  const end = () => {
    if (!inValue || key.trim() === "") return false;
    pairs.push([key.trim(), value.trim()]);
    key = value = "";
    inValue = false;
    return true;
  };
  for (let i = 0; i < text.length; i++) {
    let c = text[i];
    let escaped = false;
    if (c === "\\" && i + 1 < text.length && "\\,=".includes(text[i + 1])) {
      c = text[++i];
      escaped = true;
    }
    if (!escaped && c === ",") {
      if (!end()) return void 0;
    } else if (!escaped && c === "=" && !inValue) inValue = true;
    else if (inValue) value += c;
    else key += c;
  }
  return end() ? pairs : void 0;
}
function runCell(jobKey, runnerOs) {
  const text = jobKey.trim();
  if (text !== "" && text !== "{}") {
    const pairs = Object.entries(keyObject(text) ?? {}).map(([k, v]) => [k, valueText(v)]);
    if (pairs.length > 0) return fromPairs(pairs, text);
    let parsed;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = text;
    }
    return fromPairs([["key", typeof parsed === "string" ? parsed : text]], text);
  }
  const os = oneLine(runnerOs ?? "");
  return os === "" ? void 0 : fromPairs([["os", os]], os);
}
function commitOf(run) {
  return run.cell === void 0 ? run.sha : `${run.sha}\0${run.cell}`;
}
function readCell(raw) {
  const shown = JSON.stringify(raw ?? null).slice(0, 80);
  if (typeof raw !== "string") return { problem: `must be a string like "os=windows-latest", got ${shown}` };
  const text = oneLine(raw);
  const pairs = cellPairs(text);
  if (!pairs) return { problem: `must be key=value pairs joined by "," like "os=windows-latest" (a "," in a value written "\\,"), got ${shown}` };
  return { cell: fromPairs(pairs, text) };
}

export {
  MAX_OVERRIDE_CELLS,
  oneLine,
  valueText,
  keyObject,
  keyValuePairs,
  runCell,
  commitOf,
  readCell
};
