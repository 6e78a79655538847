/**
 * The job summary's re-run section (docs/rerun.md#what-users-see): each re-run test with its attempts, what the
 * re-runs proved, and what they cost. Pure; untrusted text goes through `mdText`.
 */
import { isFailure, type Attempt } from '../model.ts';
import { blockingAfterReruns, type CaseVerdict, type RerunCase, type RerunResult } from '../rerun/plan.ts';
import { mdText } from '../text/escape.ts';

/**
 * Characters of an unreproduced failure's cell, entities included: its two quoted messages (160 characters each
 * before escaping) and the likely causes must all show.
 */
const UNREPRODUCED_CHARS = 2400;

/** Rows shown at most; the rest are counted. */
export const MAX_RERUN_ROWS = 50;

/** ✗ failed, ↻ passed after a failure, ✓ passed, · skipped. */
export function attemptSymbols(attempts: readonly Attempt[]): string {
  let out = '';
  let afterFailure = false;
  for (const a of attempts) {
    if (a.status === 'skipped') {
      out += '·';
      continue;
    }
    const failed = isFailure(a.status);
    out += failed ? '✗' : afterFailure ? '↻' : '✓';
    afterFailure = failed;
  }
  return out;
}

const PROVED: Record<CaseVerdict, string> = {
  'proven-flaky': 'flaky, proven on this commit: passed on a re-run, so it did not fail the run',
  consistent: '',
  exhausted: '',
  unreproduced: '',
  unanswered: 'nothing: its failure stands',
  clean: 'passed every extra run',
  'flaky-extra': 'flaky, proven on this commit: failed an extra run',
};

function proved(c: RerunCase, orderDependent: ReadonlyMap<string, string>, blocking?: ReadonlySet<string>): string {
  const order = orderDependent.get(c.historyId);
  if (order !== undefined) return `order-dependent, a real failure: it ${order}`;
  if (c.kind === 'extra' && c.context !== undefined) return `${c.context}: its extra runs failed alone only, no evidence of flakiness`;
  // A failure that failed every re-run and still blocks is a real failure in the user's words (src/report/lead.ts).
  const exhausted = c.verdict === 'exhausted' ? (blocking?.has(c.historyId) ? `a real failure: ${c.why ?? ''}` : (c.why ?? '')) : undefined;
  const base = c.verdict === 'consistent' ? `a real failure: ${c.why}` : (exhausted ?? (c.verdict === 'unreproduced' ? (c.why ?? '') : PROVED[c.verdict ?? 'unanswered']));
  const why = c.verdict === 'unanswered' && c.why ? ` (${c.why})` : '';
  // What the context rounds showed (src/rerun/context-rounds.ts), before the verdict's own words.
  return `${c.context !== undefined ? `${c.context}; ` : ''}${base}${why}`;
}

function attemptsShown(c: RerunCase): string {
  if (c.kind === 'failed') {
    const all = [...attemptSymbols([...c.test.attempts, ...c.reruns])];
    const n = c.test.attempts.length;
    return `${all.slice(0, n).join('')} → ${all.slice(n).join('') || '–'}`;
  }
  return `${attemptSymbols(c.test.attempts)} + ${attemptSymbols(c.reruns) || '–'}`;
}

const s = (n: number): string => (n === 1 ? '' : 's');

/**
 * `orderDependent`: the run's order-dependent tests (history id → sentence, applyRun): their passing re-runs prove
 * nothing. `blocking`: history ids of the run's blocking failures (the outcome's): the section's counts are the
 * outputs' (`proven-flaky`, `consistent-failures`).
 */
export function renderRerunSection(result: RerunResult & { note?: string }, orderDependent: ReadonlyMap<string, string> = new Map(), blocking?: ReadonlySet<string>): string {
  const lines: string[] = ['', '### Re-runs on this commit', ''];
  if (result.skipped) {
    lines.push(`No test was re-run: ${mdText(result.skipped, 500)}.`, '');
    return lines.join('\n');
  }
  if (result.cases.length === 0) {
    lines.push('No test failed, and no extra executions were planned: nothing was re-run.', '');
    return lines.join('\n');
  }
  // The executions the rounds' reports say ran, asked for or not (a preset may run more than it was asked).
  const unreproduced = result.cases.filter((c) => c.verdict === 'unreproduced').length;
  // Asked for: the attempts, and the executions a start ran after its test's verdict (FLAKEGUARD_RERUN_REPEAT).
  const surplus = result.surplus ?? 0;
  const askedFor = result.executions + surplus;
  const asked = result.ran !== askedFor ? ` (${askedFor} asked for)` : '';
  const starts = result.starts ?? result.rounds.length;
  const after = surplus > 0 ? `; ${surplus} of them ran after the verdict of their test (a start runs all it was asked for) and are no attempts` : '';
  const cost = `${result.ran} test execution${s(result.ran)}${asked} in ${result.rounds.length} round${s(result.rounds.length)} (${starts} start${s(starts)} of the re-run command), ${result.seconds.toFixed(1)} s${after}`;
  // Counted as the outputs count: `proven-flaky`; every failed test whose re-runs all failed; `consistent-failures`.
  const everyRerunFailed = result.cases.filter(
    (c) => c.kind === 'failed' && c.reruns.length > 0 && !orderDependent.has(c.historyId) && c.reruns.every((a) => isFailure(a.status) || a.status === 'skipped'),
  ).length;
  const stillBlocking = blocking ? blockingAfterReruns(result, blocking, orderDependent).length : undefined;
  lines.push(
    `Cost: ${cost}. Proven flaky: ${result.provenFlaky.filter((id) => !orderDependent.has(id)).length}; failed every re-run: ${everyRerunFailed}${unreproduced > 0 ? ` (another way than in the run, so the run's conditions were not reproduced: ${unreproduced})` : ''}${orderDependent.size > 0 ? `; order-dependent: ${orderDependent.size}` : ''}${result.newFlaky.length > 0 ? `; new tests flaky before merge: ${result.newFlaky.length}` : ''}${stillBlocking !== undefined ? `; still blocking after the re-runs (output \`consistent-failures\`): ${stillBlocking}` : ''}.`,
    '',
  );
  if (result.stopped) lines.push(`The re-runs stopped early: ${mdText(result.stopped, 500)}. The failures they could not answer for stand.`, '');
  for (const r of result.rounds) {
    if (r.voided) lines.push(`- Round ${r.round} was voided: ${mdText(r.voided, 500)}. Its evidence is not used; the original failures stand.`);
    if (r.ignored > 0) lines.push(`- Round ${r.round}'s report had ${r.ignored} test${s(r.ignored)} that ${r.ignored === 1 ? 'was' : 'were'} not asked for (ignored).`);
  }
  // Context and bisection rounds (docs/rerun.md, "Context rounds"): what each ran; their executions are in the cost.
  const context = result.rounds.filter((r) => r.context !== undefined);
  if (context.length > 0) {
    lines.push(
      `- Context rounds: ${context.length} (a failed test re-run after the tests that ran before it, or alone, to find whether another test's leftovers make it fail; docs/rerun.md, "Context rounds"; their executions are in the cost, not in the tests' attempts):`,
    );
    for (const r of context.slice(0, 20)) lines.push(`  - round ${r.round}: ${mdText(r.context ?? '', 300)}${r.voided ? ` (voided: ${mdText(r.voided, 200)})` : ''}`);
    if (context.length > 20) lines.push(`  - … and ${context.length - 20} more`);
  }
  if (result.note) lines.push(`- ${mdText(result.note, 500)}.`);
  if (lines[lines.length - 1] !== '') lines.push('');
  lines.push('| test | attempts | what the re-runs proved |', '| --- | --- | --- |');
  const order: Record<string, number> = { consistent: 0, unreproduced: 0, unanswered: 1, exhausted: 2, 'proven-flaky': 3, 'flaky-extra': 4, clean: 5 };
  const rank = (c: RerunCase): number => (orderDependent.has(c.historyId) ? 0 : order[c.verdict ?? 'unanswered']!);
  const cases = [...result.cases].sort((a, b) => rank(a) - rank(b) || (a.historyId < b.historyId ? -1 : 1));
  for (const c of cases.slice(0, MAX_RERUN_ROWS)) {
    const tags = [c.kind === 'extra' ? `extra (${c.pool})` : '', c.isNew ? 'new test' : ''].filter(Boolean).join(', ');
    lines.push(
      `| ${mdText(c.historyId, 200)}${tags ? ` <sub>${tags}</sub>` : ''} | ${attemptsShown(c)} | ${mdText(proved(c, orderDependent, blocking), c.verdict === 'unreproduced' ? UNREPRODUCED_CHARS : 400)} |`,
    );
  }
  if (cases.length > MAX_RERUN_ROWS) lines.push('', `${cases.length - MAX_RERUN_ROWS} more re-run test${s(cases.length - MAX_RERUN_ROWS)} not listed.`);
  lines.push('', '✗ failed · ↻ passed after a failure · ✓ passed; the suite’s attempts → the re-runs (extra runs: the suite + the extras).', '');
  return lines.join('\n');
}
