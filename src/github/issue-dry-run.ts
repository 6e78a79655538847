/**
 * The dry run (`issues-dry-run: true`): what the issue work would do, written to the job summary, nothing to GitHub.
 */
import { mdText } from '../text/escape.ts';
import { assigneesOf } from './issue-body.ts';
import { statusOf, type Plan } from './issue-plan.ts';
import type { ActionWriter, PublishState } from './issue-writer.ts';

/** Bytes of the job summary the dry run may use. */
export const DRY_RUN_SUMMARY_BYTES = 200 * 1024;

export function dryRunSummary(writer: ActionWriter, plan: Plan, s: PublishState): string {
  const lines: string[] = ['#### Issues for test owners (dry run)', ''];
  lines.push(
    s.listed
      ? `\`issues-dry-run\` is on: nothing was written to GitHub. This run would take ${plan.actions.length} issue action${plan.actions.length === 1 ? '' : 's'}:`
      : `\`issues-dry-run\` is on: nothing was written to GitHub. The existing issues could not be read${s.inputs.token ? '' : ' (no token)'}, so every issue below would be new:`,
    '',
  );
  let used = 0;
  let cut = 0;
  for (const a of plan.actions) {
    const p = writer.preview(a);
    const block: string[] = [`- **Would ${mdText(p.verb, 100)}**: ${mdText(p.title, 300)}`];
    if (a.kind === 'open' || a.kind === 'reopen') {
      const assignees = assigneesOf(writer.owners(a.facts).owners);
      block.push(`  - label ${mdText(s.inputs.issueLabel, 50)}${assignees.length > 0 ? `, assignees ${assignees.map((x) => `\`${x}\``).join(', ')}` : ', no assignee'}`);
    }
    if (p.body) block.push('', '<details><summary>Issue body</summary>', '', p.body, '', '</details>', '');
    if (p.comment) block.push('', '<details><summary>Comment</summary>', '', p.comment, '', '</details>', '');
    const text = block.join('\n');
    if (used + text.length > DRY_RUN_SUMMARY_BYTES) {
      cut++;
      continue;
    }
    used += text.length;
    lines.push(text);
  }
  if (cut > 0) lines.push('', `_…${cut} more not shown (summary size)._`);
  if (plan.deferred.length > 0) {
    lines.push('', `${plan.deferred.length} more would wait for later runs (max-issues: ${s.inputs.maxIssues}):`, '');
    for (const a of plan.deferred.slice(0, 50)) if (a.kind !== 'duplicate') lines.push(`- ${mdText(a.facts.id, 200)}`);
  }
  const wouldLift = [...s.index.byHash.values()].filter((i) => statusOf(i) === 'closed-by-hand').length;
  if (s.inputs.closeLiftsQuarantine && wouldLift > 0) {
    lines.push(
      '',
      `${wouldLift} issue${wouldLift === 1 ? ' was' : 's were'} closed as completed by a person; outside a dry run, their tests are judged only on runs after the close (close-lifts-quarantine).`,
    );
  }
  if (plan.actions.length === 0) lines.push('_No issue action: no test newly quarantined, released or with rising flakiness._');
  return `${lines.join('\n')}\n`;
}
