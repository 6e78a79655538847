import {
  mdText,
  redact
} from "./shared-text-escape.js";

// src/report/clusters.ts
function failedTogether(failed, clusters) {
  const of = /* @__PURE__ */ new Map();
  for (const c of clusters.clusters) for (const m of c.members) of.set(m, c);
  const groups = /* @__PURE__ */ new Map();
  for (const id of new Set(failed)) {
    const c = of.get(id);
    if (!c) continue;
    const g = groups.get(c.id);
    if (g) g.ids.push(id);
    else groups.set(c.id, { cluster: c, ids: [id] });
  }
  return [...groups.values()].filter((g) => g.ids.length >= 2).map((g) => ({ ...g, ids: g.ids.sort() })).sort((a, b) => b.ids.length - a.ids.length || a.cluster.id - b.cluster.id);
}
var n = (x) => String(x).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
function signatureMd(sig, max = 120, escape = mdText) {
  const cut = sig.length > max ? `${sig.slice(0, max - 1)}\u2026` : sig;
  if (/^[\x20-\x3b\x3d\x3f-\x5a\x5c\x5e\x5f\x61-\x7b\x7d\x7e]+…?$/.test(cut) && redact(cut) === cut && cut.trim() === cut) return `\`${cut}\``;
  return `"${escape(cut, max + 40)}"`;
}
function failedTogetherLine(g, named = 5, escape = mdText) {
  const sig = g.cluster.signature !== void 0 ? ` with ${signatureMd(g.cluster.signature, 120, escape)}` : "";
  const names = g.ids.slice(0, named).map((id) => escape(id, 120));
  const more = g.ids.length > named ? ` and ${n(g.ids.length - named)} more` : "";
  return `${n(g.ids.length)} tests failed together${sig}: cluster ${g.cluster.id}, since run ${n(g.cluster.since)} (${names.join(", ")}${more}).`;
}
function failedTogetherSection(groups, max = 10) {
  if (groups.length === 0) return [];
  const lines = ["#### Failed together", "", ...groups.slice(0, max).map((g) => `- ${failedTogetherLine(g)}`)];
  if (groups.length > max) lines.push(`- \u2026and ${n(groups.length - max)} more clusters (clusters.json on the data branch).`);
  lines.push("", "Tests that fail in the same runs most likely share one cause; fix it once (docs/clusters.md).", "");
  return lines;
}

export {
  failedTogether,
  signatureMd,
  failedTogetherLine,
  failedTogetherSection
};
