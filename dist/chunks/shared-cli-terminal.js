import {
  plainText
} from "./shared-text-escape.js";

// src/cli/terminal.ts
var NAMED = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };
function decodeEntities(text) {
  return text.replace(/&(#x[0-9a-fA-F]{1,6}|#[0-9]{1,7}|[a-z]{2,6});/g, (whole, body) => {
    if (body.startsWith("#x")) return safeCodePoint(parseInt(body.slice(2), 16)) ?? whole;
    if (body.startsWith("#")) return safeCodePoint(parseInt(body.slice(1), 10)) ?? whole;
    return NAMED[body] ?? whole;
  });
}
function safeCodePoint(code) {
  return Number.isInteger(code) && code > 0 && code <= 1114111 ? String.fromCodePoint(code) : void 0;
}
function termLine(markdown, max = 4e3) {
  const inline = markdown.replace(/\[([^\]]*)\]\(([^)\s]*)\)/g, "$1 ($2)").replace(/\*\*([^*]*)\*\*/g, "$1").replace(/(^|\s)_([^_]+)_(?=\s|$|[.,;:])/g, "$1$2").replace(/`([^`]*)`/g, "$1");
  return plainText(decodeEntities(inline), max, true);
}
function cells(row) {
  const body = row.trim().replace(/^\|/, "").replace(/\|$/, "");
  return body.split("|").map((c) => c.trim());
}
function renderTable(header, rows, out) {
  const titleColumn = Math.max(
    0,
    header.findIndex((h) => /^test$/i.test(h))
  );
  for (const row of rows) {
    const rank = header[0] === "Rank" && titleColumn !== 0 ? `${row[0]}. ` : "";
    out.push(`  \u2022 ${rank}${termLine(row[titleColumn] ?? "")}`);
    header.forEach((h, i) => {
      if (i === titleColumn || rank && i === 0) return;
      const value = termLine(row[i] ?? "");
      if (value !== "") out.push(`      ${termLine(h)}: ${value}`);
    });
  }
}
function renderChart(lines, out) {
  const list = (prefix) => {
    const line2 = lines.find((l) => prefix.test(l.trim()));
    const m = line2 ? /\[(.*)\]/.exec(line2) : null;
    return m ? m[1].split(",").map((x) => x.trim().replace(/^"|"$/g, "")) : [];
  };
  const xs = list(/^x-axis/);
  const bars = list(/^bar/);
  const line = list(/^line/);
  if (xs.length === 0) return;
  out.push(`  ${"run/day".padEnd(12)} ${"flaky %".padStart(8)} ${"failed %".padStart(9)}`);
  xs.forEach((x, i) => out.push(`  ${termLine(x, 12).padEnd(12)} ${(bars[i] ?? "").padStart(8)} ${(line[i] ?? "").padStart(9)}`));
}
function markdownToText(markdown) {
  const lines = markdown.replace(/\r\n?/g, "\n").split("\n");
  const out = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const trimmed = line.trim();
    if (trimmed.startsWith("```")) {
      const block = [];
      for (i++; i < lines.length && !lines[i].trim().startsWith("```"); i++) block.push(lines[i]);
      if (/mermaid/.test(trimmed)) renderChart(block, out);
      else for (const b of block) out.push(`    ${plainText(b, 4e3, true)}`);
      continue;
    }
    if (trimmed.startsWith("|")) {
      const rows = [];
      for (; i < lines.length && lines[i].trim().startsWith("|"); i++) rows.push(cells(lines[i]));
      i--;
      const [header = [], , ...body] = rows;
      renderTable(header, body, out);
      continue;
    }
    const heading = /^(#{1,6})\s+(.*)$/.exec(trimmed);
    if (heading) {
      const text = termLine(heading[2]);
      out.push(text);
      out.push((heading[1].length <= 3 ? "=" : "-").repeat(Math.min(80, [...text].length)));
      continue;
    }
    if (trimmed === "---") {
      out.push("");
      continue;
    }
    if (trimmed.startsWith(">")) {
      out.push(`  ${termLine(trimmed.replace(/^>\s?/, ""))}`);
      continue;
    }
    if (/^[-*]\s/.test(trimmed)) {
      out.push(`  \u2022 ${termLine(trimmed.slice(2))}`);
      continue;
    }
    out.push(termLine(line));
  }
  return `${out.join("\n").replace(/\n{3,}/g, "\n\n").trim()}
`;
}

export {
  decodeEntities,
  termLine,
  markdownToText
};
