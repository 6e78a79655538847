/**
 * Fix verification in words (docs/fix-verification.md): one sentence per verified test, the job summary's section and
 * the pull-request comment's items. Pure. Ids, paths and notices are hostile text: escaped here.
 */
import { mdInert } from '../text/escape.ts';
import { CONFIDENCE, percentText, rateText, type FixOutcome, type FixRate, type FixReport } from '../rerun/fix-plan.ts';

const runs = (n: number): string => `${n} run${n === 1 ? '' : 's'}`;

/**
 * "its old rate, as its history tells it (4 failures in 98 runs: about 1 in 20)": the window the plan's posterior comes
 * from, then its mean as people read it. The probabilities are over that posterior (src/rerun/fix-plan.ts), so the
 * counts are said, not the mean alone.
 */
function history(rate: FixRate): string {
  if (rate.runs === 0) return 'its old rate, as its history tells it (no run in its window: any rate)';
  return `its old rate, as its history tells it (${rate.failures} failure${rate.failures === 1 ? '' : 's'} in ${runs(rate.runs)}: about ${rateText(rate.p)})`;
}

/**
 * "verified: 0 failures in 80 runs; at its old rate, as its history tells it (4 failures in 98 runs: about 1 in 20),
 * a still-flaky test would have failed with 95.1% probability". Plain text.
 */
export function fixSentence(o: FixOutcome): string {
  const rate = rateText(o.plan.rate.p);
  if (o.verdict === 'failed') {
    const where = o.ran <= 1 && o.stopped ? ` (${o.stopped})` : ` in ${runs(o.ran)}`;
    return `failed: ${o.failures} failure${o.failures === 1 ? '' : 's'}${where}; the flakiness is still there (its old rate: ${rate})`;
  }
  if (o.verdict === 'verified') {
    return `verified: 0 failures in ${runs(o.ran)}; at ${history(o.plan.rate)}, a still-flaky test would have failed with ${percentText(o.reached)} probability`;
  }
  const cut = o.plan.capped && o.plan.planned <= o.ran ? 'fix-verify-max-runs capped them' : (o.stopped ?? 'the runs stopped early');
  return `inconclusive: 0 failures in ${runs(o.ran)}, fewer than the ${o.plan.needed} that ${history(o.plan.rate)}, needs (${cut}); a still-flaky test would have failed with only ${percentText(o.reached)} probability, below ${percentText(CONFIDENCE)}, so this verdict is weaker and releases nothing`;
}

const ICON = { verified: '✅', failed: '❌', inconclusive: '⚠️' } as const;

/** One Markdown item per verification. */
export function fixItems(report: FixReport): string[] {
  return report.outcomes.map((o) => `- ${ICON[o.verdict]} ${mdInert(o.id, 300)}: ${mdInert(fixSentence(o), 600)} (${mdInert(o.why.join('; '), 300)}).`);
}

/** The pull-request comment's items: the verifications, then the notices (at most 10). */
export function fixCommentItems(report: FixReport): string[] {
  return [...fixItems(report), ...report.notices.slice(0, 10).map((n) => `- ℹ️ ${mdInert(n, 600)}`)];
}

/** What happens next, for the verified ones. */
function next(report: FixReport): string | undefined {
  if (!report.outcomes.some((o) => o.verdict === 'verified')) return undefined;
  return report.readOnly
    ? 'This run cannot write the data branch (read-only, or a pull request from a fork): the verdicts are shown here and recorded nowhere, so they release nothing.'
    : 'A verified test is released from quarantine at the first run on the default branch after this pull request is merged at this head commit.';
}

/** The job summary's section; undefined when there is nothing to say. */
export function renderFixSection(report: FixReport): string | undefined {
  const lines: string[] = [];
  if (report.outcomes.length > 0) {
    lines.push('### 🧪 Fix verification', '', ...fixItems(report));
    const n = next(report);
    if (n) lines.push('', n);
  }
  if (report.landed.length > 0) {
    if (lines.length === 0) lines.push('### 🧪 Fix verification', '');
    for (const l of report.landed.slice(0, 50)) lines.push(`- 🔓 ${mdInert(l.id, 300)}: its fix, verified on pull request #${l.pr}, landed in ${l.commit.slice(0, 12)}: released.`);
  }
  if (report.notices.length > 0) {
    if (lines.length === 0) lines.push('### 🧪 Fix verification', '');
    else lines.push('');
    for (const n of report.notices.slice(0, 20)) lines.push(`- ℹ️ ${mdInert(n, 600)}`);
    if (report.notices.length > 20) lines.push(`- … and ${report.notices.length - 20} more notices in the log.`);
  }
  return lines.length > 0 ? `${lines.join('\n')}\n` : undefined;
}

/** The comment on a test's owner issue after a verification. Markdown. */
export function fixIssueComment(o: FixOutcome, pr: number | undefined, head: string | undefined): string {
  const where = pr !== undefined ? `pull request #${pr}${head ? ` (at ${head.slice(0, 12)})` : ''}` : 'a pull request';
  const then =
    o.verdict === 'verified'
      ? 'It is released from quarantine at the first run on the default branch after that pull request is merged at this head commit.'
      : o.verdict === 'failed'
        ? 'The quarantine stays.'
        : 'The quarantine stays; more runs (`fix-verify-max-runs`, `rerun-timeout`) would make the verdict conclusive.';
  return `🧪 Fix verification on ${where}: ${mdInert(fixSentence(o), 800)}. ${then}`;
}
