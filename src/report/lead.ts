/**
 * The verdict every surface leads with (docs/adr/0455-every-surface-leads-with-the-verdict.md): the job summary, the
 * pull-request comment and the check run begin with what the user must do (`leadTitle`: "Fix 1 real failure: …",
 * "Nothing to do: …") and one line per failed test in the user's words (`leadItems`: "real failure: failed 6 of 6
 * re-runs on this commit", "flaky: passed on re-run", "order-dependent: …", "quarantined: forgiven", "unreproduced:
 * …"). Pure; plain text out: every printer escapes it its own way (it holds test names and messages, untrusted).
 */
import { isFailure, type Attempt, type ParsedTestCase } from '../model.ts';
import type { Outcome } from '../policy/outcome.ts';
import type { CaseVerdict } from '../rerun/plan.ts';
import { failureOf } from './annotations.ts';

/** What the lead needs of one re-run test (a RerunCase). */
export interface LeadCase {
  historyId: string;
  kind: 'failed' | 'extra';
  verdict?: CaseVerdict;
  reruns: readonly Attempt[];
  /** For an unanswered failure: why the re-runs could not answer. */
  why?: string;
}

/** What the lead knows of the run besides its outcome. */
export interface LeadFacts {
  /** The re-run tests (RerunResult.cases), when the step re-ran failures. */
  cases?: readonly LeadCase[];
  /** Tests that fail inside the full run and pass alone, with the sentence (ApplyResult.orderDependent). */
  orderDependent?: ReadonlyMap<string, string>;
  /** Stats files that could not be read, and where each test's line lives: a failure blamed on its file. */
  brokenFileOf?: (id: string) => string | undefined;
}

export type LeadKind = 'real' | 'failed' | 'order-dependent' | 'unreproduced' | 'unanswered' | 'not-covered' | 'broken-stats' | 'flaky' | 'forgiven';

export interface LeadItem {
  id: string;
  /** Blocking (fails the job) or not. */
  blocking: boolean;
  kind: LeadKind;
  /** The verdict in the user's words, plain text ("real failure: failed 6 of 6 re-runs on this commit"). */
  words: string;
  /** The test as the report gave it (its file, line and failure message), when it is in the outcome. */
  test?: ParsedTestCase;
  /** The failure's message (first line of what the report gave), plain text; empty when none. */
  message: string;
}

const n = (x: number): string => String(x).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
const plural = (count: number, word: string, many = `${word}s`): string => `${n(count)} ${count === 1 ? word : many}`;

function messageOf(t: ParsedTestCase | undefined): string {
  if (!t) return '';
  const failure = failureOf(t);
  return (failure.message || '').replace(/\s+/g, ' ').trim();
}

/** "fails after `B` in its file, passes alone: `B` leaves state behind (…)" → "fails after `B` in its file, passes alone". */
function orderWords(sentence: string): string {
  const cut = sentence.indexOf(', passes alone');
  return cut > 0 ? sentence.slice(0, cut + ', passes alone'.length) : sentence;
}

/** A blocking failure's verdict in words, from its re-runs (when any) and the outcome. */
function blockingWords(t: ParsedTestCase, o: Outcome, c: LeadCase | undefined, facts: LeadFacts): { kind: LeadKind; words: string } {
  const order = facts.orderDependent?.get(t.id) ?? o.orderDependent?.get(t.id);
  if (order !== undefined) return { kind: 'order-dependent', words: `order-dependent: ${orderWords(order)}` };
  if (c && c.kind === 'failed' && c.reruns.length > 0) {
    const fails = c.reruns.filter((a) => isFailure(a.status)).length;
    const ran = c.reruns.filter((a) => a.status !== 'skipped').length;
    if (c.verdict === 'unreproduced') {
      return {
        kind: 'unreproduced',
        words: `unreproduced: failed ${fails} of ${ran} re-runs another way than in the run, so they say nothing of its failure (the re-runs may lack the run's flags or environment); its failure stands`,
      };
    }
    if (fails === ran) return { kind: 'real', words: `real failure: failed ${fails} of ${ran} re-run${ran === 1 ? '' : 's'} on this commit` };
  }
  if (c && c.verdict === 'unanswered') return { kind: 'unanswered', words: `unanswered: the re-runs could not answer for it${c.why ? ` (${c.why})` : ''}; its failure stands` };
  const uncovered = o.unforgiven.get(t.id);
  if (uncovered !== undefined) return { kind: 'not-covered', words: `quarantined, but not forgiven: ${uncovered}` };
  const file = facts.brokenFileOf?.(t.id);
  if (file !== undefined) return { kind: 'broken-stats', words: `cannot be forgiven: its stats file ${file} on the data branch is broken` };
  if (c) return { kind: 'real', words: 'real failure: failed on this commit, not quarantined' };
  return { kind: 'failed', words: 'failed in this run, not quarantined (not re-run: the `rerun` input proves a failure flaky or real on the spot)' };
}

/**
 * Every failed test of the run with its verdict in words: the blocking ones first (in the outcome's order), then the
 * forgiven ones, then those that passed on a re-run or a retry (flaky). Order-dependent tests that passed alone are
 * blocking, never flaky.
 */
export function leadItems(o: Outcome, facts: LeadFacts = {}): LeadItem[] {
  const byId = new Map<string, LeadCase>();
  for (const c of facts.cases ?? []) byId.set(c.historyId, c);
  const out: LeadItem[] = [];
  const seen = new Set<string>();
  for (const t of o.blocking) {
    seen.add(t.id);
    out.push({ id: t.id, blocking: true, test: t, message: messageOf(t), ...blockingWords(t, o, byId.get(t.id), facts) });
  }
  for (const t of o.forgiven) {
    seen.add(t.id);
    const c = byId.get(t.id);
    const tail = c && c.reruns.length > 0 && c.reruns.every((a) => isFailure(a.status) || a.status === 'skipped') ? `, though it failed its ${plural(c.reruns.length, 're-run')}` : '';
    out.push({ id: t.id, blocking: false, kind: 'forgiven', words: `quarantined: forgiven as flaky${tail}`, test: t, message: messageOf(t) });
  }
  for (const t of o.passedOnRetry) {
    if (seen.has(t.id)) continue;
    seen.add(t.id);
    const c = byId.get(t.id);
    const onRerun = c?.kind === 'failed' && c.verdict === 'proven-flaky';
    out.push({ id: t.id, blocking: false, kind: 'flaky', words: onRerun ? 'flaky: passed on re-run' : 'flaky: passed on a retry in this run', test: t, message: lastFailureMessage(t) });
  }
  return out;
}

function lastFailureMessage(t: ParsedTestCase): string {
  for (let i = t.attempts.length - 1; i >= 0; i--) {
    const a = t.attempts[i]!;
    if (isFailure(a.status)) return (a.message ?? '').replace(/\s+/g, ' ').trim();
  }
  return '';
}

/** Up to three names, then how many more. */
function names(ids: readonly string[]): string {
  const shown = ids.slice(0, 3).map((id) => (id.length > 120 ? `${id.slice(0, 119)}…` : id));
  return `${shown.join(', ')}${ids.length > shown.length ? ` and ${n(ids.length - shown.length)} more` : ''}`;
}

const KIND_WORD: Partial<Record<LeadKind, string>> = {
  failed: 'failed, not re-run',
  'order-dependent': 'order-dependent',
  unreproduced: 'unreproduced',
  unanswered: 'unanswered',
  'not-covered': 'not covered by its quarantine',
  'broken-stats': 'in a broken stats file',
};

/**
 * What the user must do, in one line of plain text (the check run's title, the summary's and the comment's heading):
 * "Fix 1 real failure: a", "Fix 2 blocking failures (1 real, 1 order-dependent): a, b", "Nothing to do: 2 flaky
 * failures were proven flaky by re-runs", "No test failed". A run that fails with no failed test says so.
 */
export function leadTitle(o: Outcome, items: readonly LeadItem[], newlyQuarantined = 0): string {
  const blocking = items.filter((i) => i.blocking);
  if (blocking.length > 0) {
    const real = blocking.filter((i) => i.kind === 'real').length;
    const failed = blocking.filter((i) => i.kind === 'failed').length;
    if (real === blocking.length) return `Fix ${plural(real, 'real failure')}: ${names(blocking.map((i) => i.id))}`;
    if (failed === blocking.length) return `Fix ${plural(failed, 'failing test')}: ${names(blocking.map((i) => i.id))}`;
    const kinds = new Map<string, number>();
    if (real > 0) kinds.set('real', real);
    for (const i of blocking) if (i.kind !== 'real') kinds.set(KIND_WORD[i.kind] ?? i.kind, (kinds.get(KIND_WORD[i.kind] ?? i.kind) ?? 0) + 1);
    const split = [...kinds].map(([k, c]) => `${n(c)} ${k}`).join(', ');
    return `Fix ${plural(blocking.length, 'blocking failure')} (${split}): ${names(blocking.map((i) => i.id))}`;
  }
  if (o.result === 'failure') {
    return o.failed.length > 0 ? `${plural(o.failed.length, 'test')} failed, all forgiven, but the job fails (see why)` : 'The job fails, though no test failed (see why)';
  }
  const rerun = items.filter((i) => i.kind === 'flaky' && i.words === 'flaky: passed on re-run').length;
  const retry = items.filter((i) => i.kind === 'flaky').length - rerun;
  const forgiven = items.filter((i) => i.kind === 'forgiven').length;
  const parts = [
    rerun > 0 ? `${plural(rerun, 'flaky failure')} ${rerun === 1 ? 'was' : 'were'} proven flaky by re-runs` : '',
    retry > 0 ? `${plural(retry, 'flaky failure')} passed on a retry` : '',
    forgiven > 0 ? `${plural(forgiven, 'failure')} forgiven (quarantined as flaky)` : '',
  ].filter(Boolean);
  const quarantined = newlyQuarantined > 0 ? `${plural(newlyQuarantined, 'test')} newly quarantined as flaky` : '';
  if (parts.length === 0) return quarantined ? `No test failed; ${quarantined}` : 'No test failed';
  return `Nothing to do: ${parts.join(', ')}${quarantined ? `; ${quarantined}` : ''}`;
}

/** Lines of the lead shown at most on each surface; the rest are counted and left to the tables. */
export const LEAD_ITEMS = 10;

export const LEAD_ICON: Record<LeadKind, string> = {
  real: '❌',
  failed: '❌',
  'order-dependent': '🔀',
  unreproduced: '❓',
  unanswered: '❓',
  'not-covered': '❌',
  'broken-stats': '❌',
  flaky: '🔁',
  forgiven: '⚠️',
};

/** A printer's escaping of untrusted text: `mdText` for the summary, `mdInert` for a comment. */
export type Escape = (untrusted: string, max?: number) => string;

export interface LeadMarkdown {
  escape: Escape;
  /** A link to a file of the repository at the tested commit (and line). */
  blobUrl?: (path: string, line?: number) => string | undefined;
  /** Lines at most; default LEAD_ITEMS. */
  max?: number;
}

/** A test's `file:line`, linked when the repository's layout is known; '' when the report gave no file. */
export function locationMarkdown(t: ParsedTestCase | undefined, escape: Escape, blobUrl?: LeadMarkdown['blobUrl']): string {
  if (!t?.file) return '';
  const text = escape(`${t.file}${t.line ? `:${t.line}` : ''}`, 160);
  const url = blobUrl?.(t.file, t.line);
  return url ? `[${text}](${url})` : text;
}

/**
 * The lead as markdown list items: "- ❌ **id** — real failure: failed 6 of 6 re-runs on this commit · [file:line](…) ·
 * message", at most `max`, then how many more. Every untrusted part goes through `escape`.
 */
export function leadMarkdown(items: readonly LeadItem[], options: LeadMarkdown): string[] {
  const max = options.max ?? LEAD_ITEMS;
  const out = items.slice(0, max).map((i) => {
    const where = locationMarkdown(i.test, options.escape, options.blobUrl);
    const message = i.message ? options.escape(i.message, 200) : '';
    return `- ${LEAD_ICON[i.kind]} **${options.escape(i.id, 250)}** — ${options.escape(i.words, 600)}${where ? ` · ${where}` : ''}${message ? ` · ${message}` : ''}`;
  });
  if (items.length > max) out.push(`- …and ${plural(items.length - max, 'more test')}, in the tables below.`);
  return out;
}
