/**
 * One annotation per failed test: blocking failures as failures, forgiven ones as warnings that give the test's
 * flakiness (PFS and its interval), its recent runs, why it is quarantined and exactly how to lift the quarantine.
 * Blocking failures come first everywhere: the fallback to workflow commands shows only the first few. Pure.
 */
import type { Outcome } from '../policy/outcome.ts';
import type { Decision } from '../policy/quarantine.ts';
import type { ParsedTestCase } from '../model.ts';
import { plainText } from '../text/escape.ts';
import { formatPfs, symbols, SYMBOLS_LEGEND, type ScoreLookup } from './scores.ts';

export interface AnnotationSpec {
  level: 'failure' | 'warning' | 'notice';
  /** Plain text, at most 255 characters. */
  title: string;
  /** Plain text. */
  message: string;
  /** Stack trace or failure body, plain text (the check run's "raw details"). */
  details?: string;
  /** The test's own file and line, when the report or its stack trace gives one (workspace-relative). */
  path?: string;
  line?: number;
  /**
   * Where a check-run annotation goes when the test has no file: the report it came from (an API annotation
   * needs a path). Workflow-command annotations need none and do without.
   */
  reportPath?: string;
  testId: string;
}

export interface AnnotationContext {
  decisions: ReadonlyMap<string, Decision>;
  scores: ScoreLookup;
  dataBranch: string;
  /** The stats file that holds a test's line (where its `override` is edited). */
  statsFileOf: (id: string) => string;
}

export const TITLE_MAX = 255;
export const MESSAGE_MAX = 4000;
export const DETAILS_MAX = 8000;

function lastFailure(test: ParsedTestCase) {
  for (let i = test.attempts.length - 1; i >= 0; i--) {
    const a = test.attempts[i]!;
    if (a.status === 'failed' || a.status === 'error') return a;
  }
  return undefined;
}

/** The failure's message (or type, or first line of its body) and the body when it says more. */
export function failureOf(test: ParsedTestCase): { message: string; details?: string } {
  const a = lastFailure(test);
  const firstLine = a?.details?.split('\n').find((l) => l.trim() !== '');
  const message = a?.message?.trim() || a?.type?.trim() || firstLine?.trim() || '(no message in the report)';
  const details = a?.details && a.details.trim() !== message ? a.details : undefined;
  return { message, details };
}

function isRepositoryPath(p: string): boolean {
  return p !== '' && !p.startsWith('/') && !/^[A-Za-z]:[\\/]/.test(p) && !p.startsWith('../') && p !== '..';
}

function placed(test: ParsedTestCase): Pick<AnnotationSpec, 'path' | 'line' | 'reportPath'> {
  if (test.file) return { path: test.file, line: test.line && test.line > 0 ? test.line : 1 };
  return isRepositoryPath(test.report) ? { reportPath: test.report } : {};
}

const NO_LOCATION = 'The report gives no source file for this test: this annotation is placed on the report itself.';

/** How to lift a test's quarantine by hand, in words that name the exact file and edit. */
export function liftInstruction(id: string, dataBranch: string, statsFile: string): string {
  return `To lift the quarantine: on the data branch '${dataBranch}', edit ${statsFile}, set "override": "never" on the line of "${id}", and commit (it takes effect on the next run).`;
}

export function blockingAnnotation(test: ParsedTestCase, unforgiven?: string, orderDependent?: string): AnnotationSpec {
  const f = failureOf(test);
  const where = placed(test);
  const why =
    orderDependent !== undefined
      ? `\n\nThis test ${orderDependent}. It is not quarantined as flaky: its failure fails the job until the test that leaves state behind is fixed (or this test sets up its own).`
      : unforgiven
        ? `\n\nThis test is ${unforgiven}.`
        : '';
  const note = where.path ? '' : `\n\n${NO_LOCATION}`;
  const tag = orderDependent !== undefined ? ' (order-dependent)' : unforgiven ? ' (quarantined, not forgiven)' : '';
  return {
    level: 'failure',
    title: plainText(`${test.id} failed${tag}`, TITLE_MAX, true),
    message: plainText(`${f.message}${why}${note}`, MESSAGE_MAX),
    ...(f.details ? { details: plainText(f.details, DETAILS_MAX) } : {}),
    ...where,
    testId: test.id,
  };
}

export function forgivenAnnotation(test: ParsedTestCase, ctx: AnnotationContext): AnnotationSpec {
  const f = failureOf(test);
  const d = ctx.decisions.get(test.id);
  const s = ctx.scores.get(test.id);
  const where = placed(test);
  const byHand = d?.override?.action === 'quarantine';
  const lines = [
    byHand
      ? `Forgiven: this test was quarantined by hand (its "override" in ${ctx.statsFileOf(test.id)}) before this run, so its failure does not fail the job.`
      : 'Forgiven: this test was quarantined as flaky before this run, so its failure does not fail the job.',
  ];
  const pfs = formatPfs(s);
  // The PFS ranks; the decision is the rule's (docs/rules.md): no tier beside it, which could contradict it.
  if (pfs) lines.push(`Flakiness: PFS ${pfs} (probability that a run fails for no reason, 90% interval).`);
  if (d?.evidence.recent) lines.push(`Recent runs, oldest to newest: ${symbols(d.evidence.recent)}  (${SYMBOLS_LEGEND})`);
  lines.push(`Why it is quarantined: ${d?.reason ?? 'quarantined before this run'}.`);
  lines.push(liftInstruction(test.id, ctx.dataBranch, ctx.statsFileOf(test.id)));
  lines.push('', `This failure: ${f.message}`);
  if (!where.path) lines.push('', NO_LOCATION);
  return {
    level: 'warning',
    title: plainText(`${test.id} failed (forgiven: quarantined ${byHand ? 'by hand' : 'as flaky'})`, TITLE_MAX, true),
    message: plainText(lines.join('\n'), MESSAGE_MAX),
    ...(f.details ? { details: plainText(f.details, DETAILS_MAX) } : {}),
    ...where,
    testId: test.id,
  };
}

/** Blocking failures first, then forgiven ones. */
export function buildAnnotations(outcome: Outcome, ctx: AnnotationContext): AnnotationSpec[] {
  return [...outcome.blocking.map((t) => blockingAnnotation(t, outcome.unforgiven.get(t.id), outcome.orderDependent?.get(t.id))), ...outcome.forgiven.map((t) => forgivenAnnotation(t, ctx))];
}
