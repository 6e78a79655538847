/**
 * The job summary: what a developer reads to know in seconds which failures are real, which were forgiven and
 * why. Pure: data in, markdown out, always under the size GitHub accepts.
 */
import type { ParsedTestCase } from '../model.ts';
import type { Outcome } from '../policy/outcome.ts';
import type { Decision } from '../policy/quarantine.ts';
import type { FileProblem } from '../store/layout.ts';
import type { LapsedOverride } from '../pipeline/apply.ts';
import { mdText } from './escape.ts';

/** GitHub's step-summary limit is 1 MiB; stay well under it. */
export const SUMMARY_BUDGET_BYTES = 900 * 1024;
const MAX_TABLE_ROWS = 200;

export interface SummaryInput {
  outcome: Outcome;
  decisions: Map<string, Decision>;
  newlyQuarantined: string[];
  released: string[];
  quarantinedCount: number;
  /** One line saying what happened to the data branch. */
  storeLine: string;
  /** Link to the data branch's tree, for "see the data branch". */
  dataBranchUrl: string;
  fileProblems: FileProblem[];
  lapsed: LapsedOverride[];
  /** Where each test's stats line lives, to tell users what to edit. */
  statsFileOf: (id: string) => string;
}

function firstFailure(test: ParsedTestCase): { message: string; location: string } {
  const attempt = [...test.attempts].reverse().find((a) => a.status === 'failed' || a.status === 'error');
  const message = attempt?.message || attempt?.type || attempt?.details?.split('\n')[0] || '(no message)';
  const location = test.file ? `${test.file}${test.line ? `:${test.line}` : ''}` : '';
  return { message, location };
}

function symbols(recent: string): string {
  return [...recent].map((c) => (c === 'F' ? '✗' : c === 'R' ? '↻' : '✓')).join('');
}

function headline(o: Outcome): string {
  const failed = o.failed.length;
  if (o.result === 'success') {
    if (failed === 0) return `### ✅ flakeguard: no test failed`;
    return `### ✅ flakeguard: ${failed} failed, all ${o.forgiven.length} forgiven (quarantined flaky tests)`;
  }
  return `### ❌ flakeguard: ${failed} failed — ${o.blocking.length} blocking, ${o.forgiven.length} forgiven`;
}

class Budget {
  private used = 0;
  private readonly limit: number;
  truncated = false;
  constructor(limit: number) {
    this.limit = limit;
  }
  /** Adds the line if it fits; returns false once the budget is spent. */
  take(lines: string[], line: string): boolean {
    const size = Buffer.byteLength(line) + 1;
    if (this.used + size > this.limit) {
      this.truncated = true;
      return false;
    }
    this.used += size;
    lines.push(line);
    return true;
  }
}

export function renderSummary(input: SummaryInput, budgetBytes = SUMMARY_BUDGET_BYTES): string {
  const o = input.outcome;
  // Reserve room for the closing note so that truncation can always say so.
  const budget = new Budget(budgetBytes - 512);
  const lines: string[] = [];
  const add = (line: string): boolean => budget.take(lines, line);

  add(headline(o));
  add('');
  for (const reason of o.reasons) add(`- ${mdText(reason, 500)}`);
  if (o.reasons.length > 0) add('');

  const table = (title: string, header: string, rows: string[]): void => {
    if (rows.length === 0) return;
    add(`#### ${title}`);
    add('');
    add(header);
    add(`|${header.split('|').slice(1, -1).map(() => ' --- ').join('|')}|`);
    let shown = 0;
    for (const row of rows.slice(0, MAX_TABLE_ROWS)) {
      if (!add(row)) break;
      shown++;
    }
    if (shown < rows.length) add(`\n_…and ${rows.length - shown} more, not shown here._`);
    add('');
  };

  table(
    `Blocking failures (${o.blocking.length})`,
    '| Test | Message | Location |',
    o.blocking.map((t) => {
      const f = firstFailure(t);
      return `| ${mdText(t.id, 200)} | ${mdText(f.message, 300)} | ${mdText(f.location, 120)} |`;
    }),
  );
  table(
    `Forgiven failures: quarantined tests (${o.forgiven.length})`,
    '| Test | Why it is quarantined | Recent runs |',
    o.forgiven.map((t) => {
      const d = input.decisions.get(t.id);
      return `| ${mdText(t.id, 200)} | ${mdText(d?.reason ?? 'quarantined before this run', 300)} | ${symbols(d?.evidence.recent ?? '')} |`;
    }),
  );
  table(
    `Passed on retry (${o.passedOnRetry.length})`,
    '| Test | Attempts |',
    o.passedOnRetry.map((t) => `| ${mdText(t.id, 200)} | ${t.attempts.map((a) => (a.status === 'passed' ? '✓' : a.status === 'skipped' ? '–' : '✗')).join('')} |`),
  );
  table(
    `Newly quarantined (${input.newlyQuarantined.length})`,
    '| Test | Why | Lift it by hand in |',
    input.newlyQuarantined.map((id) => `| ${mdText(id, 200)} | ${mdText(input.decisions.get(id)?.reason ?? '', 300)} | \`${input.statsFileOf(id)}\` |`),
  );
  table(
    `Released from quarantine (${input.released.length})`,
    '| Test | Why |',
    input.released.map((id) => `| ${mdText(id, 200)} | ${mdText(input.decisions.get(id)?.reason ?? '', 300)} |`),
  );
  table(
    `Problems in the data branch (${input.fileProblems.length})`,
    '| File | Line | Problem |',
    input.fileProblems.map((p) => `| ${mdText(p.file, 120)} | ${p.line ?? ''} | ${mdText(p.message, 300)} |`),
  );
  for (const l of input.lapsed) add(`- Override of ${mdText(l.id, 200)} lapsed on ${mdText(l.until, 40)} (${mdText(l.file, 120)}${l.line ? `:${l.line}` : ''}).`);

  add(`${input.quarantinedCount} test${input.quarantinedCount === 1 ? ' is' : 's are'} quarantined in total. ${mdText(input.storeLine, 1000)}`);
  let text = lines.join('\n');
  if (budget.truncated) {
    text += `\n\n_This summary was cut to stay under GitHub's 1 MiB limit. The full data is on the [data branch](${input.dataBranchUrl})._\n`;
  }
  return `${text}\n`;
}
