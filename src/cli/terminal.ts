/**
 * The job summary (markdown, every untrusted character an entity) as text for a terminal. Pure.
 *
 * Headings become titled lines, each table row a block of `Column: value` lines under the row's test, the mermaid
 * chart a small table of its numbers, links `text (url)`, entities their characters. Untrusted text comes back as
 * itself once decoded, so every line is cleaned of control and direction characters (no ANSI escape sequence from
 * a test name reaches the terminal).
 */
import { plainText } from '../text/escape.ts';

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** Decodes the HTML entities the summary writes (numeric ones and the basic named ones). */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]{1,6}|#[0-9]{1,7}|[a-z]{2,6});/g, (whole, body: string) => {
    if (body.startsWith('#x')) return safeCodePoint(parseInt(body.slice(2), 16)) ?? whole;
    if (body.startsWith('#')) return safeCodePoint(parseInt(body.slice(1), 10)) ?? whole;
    return NAMED[body] ?? whole;
  });
}

function safeCodePoint(code: number): string | undefined {
  return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : undefined;
}

/** One line of terminal text: decoded, inline markdown removed, no control or direction characters. */
export function termLine(markdown: string, max = 4000): string {
  const inline = markdown
    // Links first (their text and URL are markdown-escaped already): `text (url)`.
    .replace(/\[([^\]]*)\]\(([^)\s]*)\)/g, '$1 ($2)')
    .replace(/\*\*([^*]*)\*\*/g, '$1')
    .replace(/(^|\s)_([^_]+)_(?=\s|$|[.,;:])/g, '$1$2')
    .replace(/`([^`]*)`/g, '$1');
  return plainText(decodeEntities(inline), max, true);
}

/** Splits a markdown table row into its cells (a `|` inside a cell is always an entity in the summary). */
function cells(row: string): string[] {
  const body = row.trim().replace(/^\|/, '').replace(/\|$/, '');
  return body.split('|').map((c) => c.trim());
}

function renderTable(header: string[], rows: string[][], out: string[]): void {
  const titleColumn = Math.max(
    0,
    header.findIndex((h) => /^test$/i.test(h)),
  );
  for (const row of rows) {
    const rank = header[0] === 'Rank' && titleColumn !== 0 ? `${row[0]}. ` : '';
    out.push(`  • ${rank}${termLine(row[titleColumn] ?? '')}`);
    header.forEach((h, i) => {
      if (i === titleColumn || (rank && i === 0)) return;
      const value = termLine(row[i] ?? '');
      if (value !== '') out.push(`      ${termLine(h)}: ${value}`);
    });
  }
}

/** The numbers of the summary's mermaid xychart as a small table. */
function renderChart(lines: string[], out: string[]): void {
  const list = (prefix: RegExp): string[] => {
    const line = lines.find((l) => prefix.test(l.trim()));
    const m = line ? /\[(.*)\]/.exec(line) : null;
    return m ? m[1]!.split(',').map((x) => x.trim().replace(/^"|"$/g, '')) : [];
  };
  const xs = list(/^x-axis/);
  const bars = list(/^bar/);
  const line = list(/^line/);
  if (xs.length === 0) return;
  out.push(`  ${'run/day'.padEnd(12)} ${'flaky %'.padStart(8)} ${'failed %'.padStart(9)}`);
  xs.forEach((x, i) => out.push(`  ${termLine(x, 12).padEnd(12)} ${(bars[i] ?? '').padStart(8)} ${(line[i] ?? '').padStart(9)}`));
}

/** The whole summary as terminal text. */
export function markdownToText(markdown: string): string {
  const lines = markdown.replace(/\r\n?/g, '\n').split('\n');
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const trimmed = line.trim();
    if (trimmed.startsWith('```')) {
      const block: string[] = [];
      for (i++; i < lines.length && !lines[i]!.trim().startsWith('```'); i++) block.push(lines[i]!);
      if (/mermaid/.test(trimmed)) renderChart(block, out);
      else for (const b of block) out.push(`    ${plainText(b, 4000, true)}`);
      continue;
    }
    if (trimmed.startsWith('|')) {
      const rows: string[][] = [];
      for (; i < lines.length && lines[i]!.trim().startsWith('|'); i++) rows.push(cells(lines[i]!));
      i--;
      const [header = [], , ...body] = rows;
      renderTable(header, body, out);
      continue;
    }
    const heading = /^(#{1,6})\s+(.*)$/.exec(trimmed);
    if (heading) {
      const text = termLine(heading[2]!);
      out.push(text);
      out.push((heading[1]!.length <= 3 ? '=' : '-').repeat(Math.min(80, [...text].length)));
      continue;
    }
    if (trimmed === '---') {
      out.push('');
      continue;
    }
    if (trimmed.startsWith('>')) {
      out.push(`  ${termLine(trimmed.replace(/^>\s?/, ''))}`);
      continue;
    }
    if (/^[-*]\s/.test(trimmed)) {
      out.push(`  • ${termLine(trimmed.slice(2))}`);
      continue;
    }
    out.push(termLine(line));
  }
  // No runs of blank lines.
  return `${out
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()}\n`;
}
