/**
 * Checks that a summary flakeguard rendered contains no markdown or HTML it did not write itself: no raw tag, no
 * link or image other than the data-branch link and the links to the tested files, no autolink, no mention, no table broken by a `|`, no control
 * character, and nothing in a code fence but the flakiness chart. Shared by unit and dist-level tests.
 */
import { expect } from 'vitest';

/** Links flakeguard itself writes: to the data branch, and to a test's file at the tested commit (path percent-encoded). */
const OWN_LINK = /\]\(https:\/\/github\.com\/[A-Za-z0-9._-]+\/[A-Za-z0-9._-]+\/(?:tree\/[A-Za-z0-9._/-]+|blob\/[0-9a-f]{40}\/[A-Za-z0-9._~%/-]+(?:#L[0-9]+)?)\)/g;

const MERMAID_LINE = [
  /^xychart-beta$/,
  /^ {2}title "[^"\n]*"$/,
  /^ {2}x-axis "[a-z ,()A-Z]+" \[("[0-9-]+", )*"[0-9-]+"\]$/,
  /^ {2}y-axis "% of test runs" 0 --> [0-9]+$/,
  /^ {2}(bar|line) \[([0-9.]+, )*[0-9.]+\]$/,
];

function unescapedPipes(line: string): number {
  return (line.match(/\|/g) ?? []).length;
}

export function markdownProblems(text: string): string[] {
  const problems: string[] = [];
  const lines = text.split('\n');
  let fence: string | undefined;
  let tableColumns: number | undefined;
  lines.forEach((line, i) => {
    const at = `line ${i + 1}: ${JSON.stringify(line.slice(0, 160))}`;
    // eslint-disable-next-line no-control-regex
    if (/[\u0000-\u0008\u000b-\u001f\u007f\u202a-\u202e\u2066-\u2069]/.test(line)) problems.push(`control character, ${at}`);
    if (line.startsWith('```')) {
      if (fence === undefined) {
        fence = line.slice(3);
        if (fence !== 'mermaid') problems.push(`code fence other than the chart, ${at}`);
      } else {
        if (line !== '```') problems.push(`odd fence close, ${at}`);
        fence = undefined;
      }
      return;
    }
    if (fence !== undefined) {
      if (!MERMAID_LINE.some((re) => re.test(line))) problems.push(`unexpected line in the chart, ${at}`);
      return;
    }
    const outsideOwnLinks = line.replace(OWN_LINK, ']');
    if (outsideOwnLinks.includes('<')) problems.push(`raw '<' (HTML), ${at}`);
    if (/\]\(|\]\[|!\[/.test(outsideOwnLinks)) problems.push(`link or image, ${at}`);
    if (/:\/\/|www\./i.test(outsideOwnLinks)) problems.push(`autolink, ${at}`);
    if (/@[A-Za-z0-9]/.test(outsideOwnLinks)) problems.push(`mention, ${at}`);
    if (/(^|[^&])#(?![0-9]+;)/.test(outsideOwnLinks.replace(/^#{3,4} /, ''))) problems.push(`raw '#', ${at}`);
    if (/&(?!#[0-9]+;|lt;|gt;|quot;|amp;)/.test(line)) problems.push(`raw '&', ${at}`);
    if ((line.match(/`/g) ?? []).length % 2 !== 0) problems.push(`unbalanced backticks, ${at}`);
    // Tables: every row has the header's number of cells.
    if (line.startsWith('| ')) {
      const next = lines[i + 1] ?? '';
      if (tableColumns === undefined && next.startsWith('| ---')) tableColumns = unescapedPipes(line);
      if (tableColumns !== undefined && unescapedPipes(line) !== tableColumns) problems.push(`table row with ${unescapedPipes(line) - 1} cells instead of ${tableColumns - 1}, ${at}`);
    } else if (line.startsWith('|')) {
      if (!/^\|( --- \|)+$/.test(line)) problems.push(`odd table line, ${at}`);
    } else {
      tableColumns = undefined;
    }
  });
  if (fence !== undefined) problems.push('unclosed code fence');
  return problems;
}

export function expectSafeMarkdown(text: string): void {
  expect(markdownProblems(text)).toEqual([]);
}

/** Reverses flakeguard's entity escaping, to check that untrusted text was shown (escaped), not dropped. */
export function decodeEntities(text: string): string {
  return text
    .replace(/&#([0-9]+);/g, (_, code: string) => String.fromCodePoint(Number(code)))
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');
}
