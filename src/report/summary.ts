/**
 * The job summary (and the check run's summary): what a developer reads to know in seconds which failures are
 * real, which were forgiven and why. Pure: data in, markdown out, always within the byte budget it is given.
 *
 * Layout: a headline that says what to do (src/report/lead.ts, docs/adr/0455-every-surface-leads-with-the-verdict.md),
 * the setup's warnings, one line per failed test with its verdict in words, its file:line and its message; the counts;
 * why the job fails and what to do about it; the re-runs on this commit; blocking failures; forgiven failures with their
 * flakiness and recent runs; tests newly quarantined and released; tests that passed on a retry; the flakiest
 * tests of the suite; the suite's flakiness over time (a mermaid chart); data-branch problems; where the data and
 * the annotations are. Every table is cut to its share of the budget with a note; untrusted text goes through
 * `mdText`.
 */
import type { History, ParsedTestCase } from '../model.ts';
import type { Outcome } from '../policy/outcome.ts';
import type { Decision } from '../policy/quarantine.ts';
import type { FileProblem } from '../store/layout.ts';
import type { LapsedOverride } from '../policy/judge.ts';
import { failureOf } from './annotations.ts';
import { mdText, truncateBytes } from '../text/escape.ts';
import { formatPfs, ruleColumn, ruleMeasure, symbols, SYMBOLS_LEGEND, type ScoreLookup, type ScoreView } from './scores.ts';
import { renderTrend, suiteTrend, type Trend } from './trend.ts';
import { leadItems, leadMarkdown, leadTitle, locationMarkdown, type LeadFacts } from './lead.ts';

/** GitHub's step-summary limit is 1 MiB; stay well under it. */
export const SUMMARY_BUDGET_BYTES = 900 * 1024;
/** A check run's output summary takes at most 65,535 characters; bytes are counted, which is stricter. */
export const CHECK_SUMMARY_BUDGET_BYTES = 60_000;
export const TOP_FLAKY = 10;

export interface SummaryInput {
  outcome: Outcome;
  decisions: ReadonlyMap<string, Decision>;
  /** Scores by test id (may be empty when scoring is off). */
  scores: ScoreLookup;
  /** Every test's history after this run (for the flakiness chart). */
  history: History;
  /** Tests quarantined after this run. */
  quarantined: readonly string[];
  newlyQuarantined: readonly string[];
  released: readonly string[];
  /** Tests in this run's reports, when known. */
  testsInRun?: number;
  /** Titles written more than once in one report (distinct tests, docs/test-ids.md): the first few, and how many. */
  twins?: { first: readonly string[]; count: number };
  /** Ids written in several reports by reporters that never write a retry, qualified (ParsedReports.collisions). */
  collisions?: { first: ReadonlyArray<{ id: string; reports: readonly string[] }>; count: number };
  /** One line saying what happened to the data branch. */
  storeLine: string;
  dataBranch: string;
  /** Link to the data branch's tree. */
  dataBranchUrl: string;
  fileProblems: readonly FileProblem[];
  lapsed: readonly LapsedOverride[];
  /** Where each test's stats line lives, to tell users what to edit. */
  statsFileOf: (id: string) => string;
  /** Where the annotations went, in words (may quote an API error: it is escaped). */
  annotationsLine?: string;
  /** Stats files that could not be read: a failure of a test whose line is in one is blamed on the file. */
  brokenStats?: readonly string[];
  /** A link to a file of the repository at the tested commit (and line), when the server's layout is known. */
  blobUrl?: (path: string, line?: number) => string | undefined;
  /** The rule that decides quarantine (`policy.rule`, docs/rules.md); default evidence. */
  rule?: string;
  /** What the re-runs said of each failed test, for the verdict the summary leads with (src/report/lead.ts). */
  lead?: LeadFacts;
  /** The re-runs' section (src/report/rerun-summary.ts), trusted markdown: placed after the head, before the tables. */
  rerunSection?: string;
  /**
   * What a person must fix in the setup (a runner not installed, a voided re-run round, a refused push), each with
   * its fix: a warning block right after the headline's counts. Untrusted text (escaped here).
   */
  setupWarnings?: readonly string[];
  /** This run's failures grouped by co-failure cluster (src/report/clusters.ts): trusted markdown lines, after the reasons. */
  failedTogether?: readonly string[];
  /** This run's failed tests that `mode: diagnose` diagnosed (src/report/diagnoses.ts): trusted markdown lines, after the clusters. */
  diagnosed?: readonly string[];
  /** What `policy.quarantine` did this run (src/policy/quarantine-rules.ts), by test: said after the reasons. */
  ruleEffects?: ReadonlyMap<string, { kind: string; reason: string; blocks: boolean }>;
}

/** The parts that cost a pass over every test, computed once for both renderings. */
export interface SummaryFacts {
  trend: Trend;
  top: Array<{ id: string; score?: ScoreView; decision?: Decision }>;
}

export interface SummaryOptions {
  budgetBytes?: number;
  facts?: SummaryFacts;
}

/** 12,345 as en-US writes it, without loading Intl's locale data (about 20 ms at start-up) for whole numbers. */
const n = (x: number): string => (Number.isSafeInteger(x) ? String(x).replace(/\B(?=(\d{3})+(?!\d))/g, ',') : x.toLocaleString('en-US'));
const plural = (count: number, word: string, many = `${word}s`): string => `${n(count)} ${count === 1 ? word : many}`;

/** The decision in the flakiest tests' table, with the safety rule that made it when it is not the rule's own. */
function decisionWord(d: Decision | undefined): string {
  if (!d) return 'no';
  if (d.override) return d.quarantined ? 'yes, by hand' : 'no, by hand';
  if (!d.quarantined && d.reason.startsWith('failed in the last')) return 'no: breakage';
  return d.quarantined ? 'yes' : 'no';
}

/**
 * The verdict in one line of plain text (the check run's title, the headline): what the user must do, naming the
 * blocking tests ("Fix 1 real failure: a"), or why nothing is to do (src/report/lead.ts). Holds test ids: escape it.
 */
export function verdict(o: Outcome, newlyQuarantined = 0, lead: LeadFacts = {}): string {
  return leadTitle(o, leadItems(o, lead), newlyQuarantined);
}

function recentOf(d: Decision | undefined): string {
  return d?.evidence.recent ? symbols(d.evidence.recent) : '';
}

/**
 * Flakiest tests: those with any sign of flakiness (a failure or a retry among recent runs, or quarantined), by PFS.
 * A test with no run before this one has no flakiness to rank (its PFS is its prior's): it is never listed, unless
 * quarantined (by hand).
 */
function topFlaky(input: Pick<SummaryInput, 'history' | 'decisions' | 'scores'>, k: number): SummaryFacts['top'] {
  type Entry = { id: string; pf: number; pfLow: number };
  const top: Entry[] = [];
  const scores = input.scores;
  const pfOf = scores.pf ? (id: string) => scores.pf!(id) : (id: string) => scores.get(id)?.pf;
  const better = (a: Entry, b: Entry): boolean => (a.pf !== b.pf ? a.pf > b.pf : a.pfLow !== b.pfLow ? a.pfLow > b.pfLow : a.id < b.id);
  const signs = /[FR]/;
  for (const [id, d] of input.decisions) {
    if (!d.quarantined && !signs.test(d.evidence.recent)) continue;
    if (!d.quarantined && d.evidence.runs < 2) continue;
    const pf = pfOf(id) ?? -1;
    if (top.length === k && pf < top[k - 1]!.pf) continue;
    const entry = { id, pf, pfLow: scores.get(id)?.pfLow ?? -1 };
    if (top.length === k && !better(entry, top[k - 1]!)) continue;
    if (top.length === k) top.pop();
    let i = top.length;
    while (i > 0 && better(entry, top[i - 1]!)) i--;
    top.splice(i, 0, entry);
  }
  return top.map((t) => ({ id: t.id, score: scores.get(t.id), decision: input.decisions.get(t.id) }));
}

/** What the summary computes from the history: the trend and the flakiest tests (only these fields are read). */
export function summaryFacts(input: Pick<SummaryInput, 'history' | 'decisions' | 'scores'>): SummaryFacts {
  return { trend: suiteTrend(input.history), top: topFlaky(input, TOP_FLAKY) };
}

class Writer {
  readonly lines: string[] = [];
  used = 0;
  limit: number;
  /** Rows left out of tables. */
  cut = 0;
  constructor(limit: number) {
    this.limit = limit;
  }
  add(...lines: string[]): boolean {
    let size = 0;
    for (const l of lines) size += Buffer.byteLength(l) + 1;
    if (this.used + size > this.limit) return false;
    this.used += size;
    this.lines.push(...lines);
    return true;
  }
}

interface TableSpec {
  title: string;
  /** One line of explanation under the title (trusted text). */
  intro?: string;
  header: string[];
  count: number;
  row: (i: number) => string[];
  maxRows: number;
  weight: number;
  /** Markdown after the table (trusted text). */
  after?: string;
}

function renderTable(w: Writer, t: TableSpec, shareBytes: number): void {
  const start = w.used;
  const head = [`#### ${t.title}`, '', ...(t.intro ? [t.intro, ''] : []), `| ${t.header.join(' | ')} |`, `|${t.header.map(() => ' --- ').join('|')}|`];
  if (!w.add(...head)) {
    w.cut += t.count;
    return;
  }
  let shown = 0;
  const rowsLimit = Math.min(t.count, t.maxRows);
  for (; shown < rowsLimit; shown++) {
    const line = `| ${t.row(shown).join(' | ')} |`;
    if (w.used - start + Buffer.byteLength(line) + 1 > shareBytes || !w.add(line)) break;
  }
  if (shown < t.count) {
    w.cut += t.count - shown;
    w.add('', `_…and ${n(t.count - shown)} more, not shown here (see the note at the end)._`);
  }
  if (t.after) w.add('', t.after);
  w.add('');
}

function failureLocation(t: ParsedTestCase, blobUrl?: SummaryInput['blobUrl']): string {
  return locationMarkdown(t, mdText, blobUrl) || '—';
}

/** The policy's reason less its closing PFS, for tables that show the PFS in a column of their own. */
export function reasonWithoutPfs(reason: string): string {
  return reason.replace(/;? ?PFS \d\.\d\d \[\d\.\d\d, \d\.\d\d\]$/, '');
}

/** What to do about failed tests that are not quarantined: fix them; a quarantine is for flaky tests. */
export const FIX_IT = (count: number): string =>
  `Fix ${count === 1 ? 'it' : 'them'}: quarantine is for flaky tests, and nothing in this run shows ${count === 1 ? 'it' : 'them'} flaky (no pass on this commit).`;

/** Up to five ids, then how many more. Trusted markdown out. */
function nameTests(ids: readonly string[]): string {
  const shown = ids.slice(0, 5).map((id) => mdText(id, 200));
  return `${shown.join(', ')}${ids.length > shown.length ? ` and ${n(ids.length - shown.length)} more` : ''}`;
}

/** The summary's headline as plain text (the check run's title): what the user must do. */
export function summaryTitle(input: SummaryInput): string {
  const broken = new Set(input.brokenStats ?? []);
  const brokenFileOf = (id: string): string | undefined => (broken.size > 0 && broken.has(input.statsFileOf(id)) ? input.statsFileOf(id) : undefined);
  return leadTitle(input.outcome, leadItems(input.outcome, { ...input.lead, brokenFileOf }), input.newlyQuarantined.length);
}

/** The quarantine rules' section (docs/quarantine-rules.md): an expiry first, as a warning; every test named, escaped. */
function ruleSection(effects: ReadonlyMap<string, { kind: string; reason: string; blocks: boolean }>): string[] {
  const all = [...effects].sort((a, b) => (a[1].kind === 'expired' ? 0 : 1) - (b[1].kind === 'expired' ? 0 : 1) || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  const lines = all.slice(0, 20).map(([id, e]) => `- ${e.kind === 'expired' ? '⚠️ ' : ''}${mdText(id, 200)}: ${mdText(e.reason, 500)}${e.blocks ? ' (blocks)' : ''}`);
  if (all.length > 20) lines.push(`- …and ${n(all.length - 20)} more (decisions.json has each).`);
  const expired = all.filter(([, e]) => e.kind === 'expired').length;
  return [
    '#### Quarantine rules (policy.quarantine)',
    '',
    ...(expired > 0
      ? [`> [!WARNING]`, `> ${plural(expired, 'quarantine')} past ${expired === 1 ? 'its' : 'their'} expiry: fix ${expired === 1 ? 'it' : 'them'}, or release ${expired === 1 ? 'it' : 'them'}.`, '']
      : []),
    ...lines,
    '',
  ];
}

export function renderSummary(input: SummaryInput, options: SummaryOptions = {}): string {
  const budget = options.budgetBytes ?? SUMMARY_BUDGET_BYTES;
  const facts = options.facts ?? summaryFacts(input);
  const o = input.outcome;
  const branchLink = `[${mdText(input.dataBranch, 100)}](${input.dataBranchUrl})`;

  /* ---------- head: verdict, counts, reasons ---------- */
  const broken = new Set(input.brokenStats ?? []);
  const brokenFileOf = (id: string): string | undefined => (broken.size > 0 && broken.has(input.statsFileOf(id)) ? input.statsFileOf(id) : undefined);
  const items = leadItems(o, { ...input.lead, brokenFileOf });
  const head: string[] = [`### ${o.result === 'success' ? '✅' : '❌'} flakeguard: ${mdText(leadTitle(o, items, input.newlyQuarantined.length), 1000)}`, ''];
  // What the user must fix in the setup comes right after the headline, before the verdicts it may have voided.
  const warnings = (input.setupWarnings ?? []).slice(0, 5).map((w) => mdText(w, 1000));
  if (warnings.length > 0) head.push('> [!WARNING]', ...(warnings.length === 1 ? [`> ${warnings[0]!}`] : warnings.map((w) => `> - ${w}`)), '');
  if (items.length > 0) head.push(...leadMarkdown(items, { escape: mdText, blobUrl: input.blobUrl }), '');
  const wordsOf = new Map(items.map((i) => [i.id, i.words]));
  const counts = [
    `**${n(o.failed.length)}** failed`,
    `**${n(o.blocking.length)}** ${o.blocking.length === 1 ? 'blocks' : 'block'}`,
    `**${n(o.forgiven.length)}** forgiven`,
    `${n(o.passedOnRetry.length)} passed on retry`,
    ...(input.testsInRun !== undefined ? [`${plural(input.testsInRun, 'test')} in the reports`] : []),
    `${n(input.quarantined.length)} quarantined`,
  ];
  head.push(counts.join(' · '), '');
  if (o.reasons.length > 0) {
    head.push('**Why the job fails:**', '');
    const shownReasons = o.reasons.slice(0, 20);
    // The policy counts; the summary names: which tests are not quarantined, which quarantines did not cover.
    const notQuarantined = o.blocking.filter((t) => !o.unforgiven.has(t.id) && !o.orderDependent?.has(t.id));
    const inBroken = notQuarantined.filter((t) => brokenFileOf(t.id) !== undefined);
    const plainNot = notQuarantined.filter((t) => brokenFileOf(t.id) === undefined);
    const uncovered = o.blocking.filter((t) => o.unforgiven.has(t.id) && !o.orderDependent?.has(t.id));
    // Only the reasons of this job's own outcome: an aggregate's reasons carry their shard's name and stay counts.
    const NOT_QUARANTINED = /^[\d,]+ failed tests? (is|are) not quarantined\.$/;
    for (const r of shownReasons) {
      if (NOT_QUARANTINED.test(r) && inBroken.length > 0) {
        if (plainNot.length > 0)
          head.push(`- ${plural(plainNot.length, 'failed test')} ${plainNot.length === 1 ? 'is' : 'are'} not quarantined: ${nameTests(plainNot.map((t) => t.id))}. ${FIX_IT(plainNot.length)}`);
        const files = [...new Set(inBroken.map((t) => brokenFileOf(t.id)!))];
        head.push(
          `- ${plural(inBroken.length, 'failed test')} cannot be forgiven because ${files.length === 1 ? 'its stats file' : 'their stats files'} ${files.map((f) => mdText(f, 120)).join(', ')} ${files.length === 1 ? 'is' : 'are'} broken (see the problems below): ${nameTests(inBroken.map((t) => t.id))}.`,
        );
      } else if (NOT_QUARANTINED.test(r) && plainNot.length > 0) {
        head.push(`- ${mdText(r.replace(/\.$/, ''), 500)}: ${nameTests(plainNot.map((t) => t.id))}. ${FIX_IT(plainNot.length)}`);
      } else if (/^[\d,]+ quarantined tests? failed in a way .* quarantine does not cover/.test(r) && uncovered.length > 0) {
        head.push(`- ${mdText(r, 500)} ${nameTests(uncovered.map((t) => t.id))}.`);
      } else {
        head.push(`- ${mdText(r, 500)}`);
      }
    }
    if (o.reasons.length > shownReasons.length) head.push(`- …and ${n(o.reasons.length - shownReasons.length)} more reasons (see the step's log).`);
    head.push('');
  }

  if (input.failedTogether && input.failedTogether.length > 0) head.push(...input.failedTogether);
  if (input.diagnosed && input.diagnosed.length > 0) head.push(...input.diagnosed);
  if (input.ruleEffects && input.ruleEffects.size > 0) head.push(...ruleSection(input.ruleEffects));

  /* ---------- tail: chart, problems, where things are ---------- */
  const tail: string[] = [];
  const top = facts.top;
  const chart = renderTrend(facts.trend);
  const lapsed = input.lapsed
    .slice(0, 20)
    .map((l) => `- The override of ${mdText(l.id, 200)} in ${mdText(l.file, 120)}${l.line ? `:${l.line}` : ''} lapsed on ${mdText(l.until, 40)}; flakeguard decides again.`);
  if (lapsed.length > 0) tail.push('#### Lapsed overrides', '', ...lapsed, '');
  if (input.twins && input.twins.count > 0) {
    const shown = input.twins.first.map((id) => mdText(id, 200)).join(', ');
    const more = input.twins.count - input.twins.first.length;
    tail.push(
      '#### Duplicate test titles',
      '',
      `${plural(input.twins.count, 'title names', 'titles name')} more than one test in a report: ${shown}${more > 0 ? ` and ${n(more)} more` : ''}. ` +
        'They are counted as different tests, the second and later ones with ` [2]`, ` [3]`… after the title, by their order in the report (docs/test-ids.md). ' +
        'Give each test its own title (for `test.each`, put `%s` or `$name` in it) so that its history cannot move to another test when tests are added or reordered.',
      '',
    );
  }
  if (input.collisions && input.collisions.count > 0) {
    const more = input.collisions.count - input.collisions.first.length;
    const listed = input.collisions.first.map((c) => `${mdText(c.id, 200)} in ${c.reports.map((r) => mdText(r, 200)).join(' and ')}`);
    tail.push(
      '#### The same test id in several reports',
      '',
      `${plural(input.collisions.count, 'test id is', 'test ids are')} written in more than one report by a reporter that writes one testcase per test and never a retry: ${listed.join('; ')}${more > 0 ? `; and ${n(more)} more` : ''}. ` +
        'They are counted as different tests, each id prefixed with its report\'s directory (docs/test-ids.md, "Ids across reports").',
      '',
    );
  }
  const footer = [
    '---',
    '',
    `${plural(input.quarantined.length, 'test is', 'tests are')} quarantined in total. ${mdText(input.storeLine, 600)}`,
    ...(input.annotationsLine ? ['', `Annotations: ${mdText(input.annotationsLine, 600)}`] : []),
    '',
    `Every test's history, scores and quarantine state are on the data branch ${branchLink}. To force or lift a quarantine, ` +
      'edit the test\'s `"override"` in its `stats/*.json` file there (`"never"` lifts it, `"quarantine"` forces it).',
  ];

  // Tables get what the head, chart and tail leave, less room for the closing note.
  // The re-runs come before the tables: they are what this run proved. A section too large for a third of the budget
  // (the check run's) is left to the job summary, with a line that says so.
  const rerun = input.rerunSection
    ? Buffer.byteLength(input.rerunSection) <= budget / 3
      ? input.rerunSection.split('\n')
      : ['', "_The re-runs on this commit are in the run's job summary._", '']
    : [];
  const fixed = [...head, ...rerun, ...chart, ...tail, ...footer].reduce((s, l) => s + Buffer.byteLength(l) + 1, 0);
  const NOTE_RESERVE = 600;
  const w = new Writer(Math.max(0, budget - fixed - NOTE_RESERVE));

  // A reason that counts failure episodes says what one is, once per table.
  const episodes = (ids: readonly string[]): string =>
    ids.slice(0, 250).some((id) => input.decisions.get(id)?.reason.includes('failure episode'))
      ? ' A failure episode is one failing run or several in a row, ended by a pass: separate episodes are separate evidence (docs/policy.md).'
      : '';
  const scoreOf = (id: string): string => mdText(formatPfs(input.scores.get(id)) || '—', 40);
  const measureHead = ruleColumn(input.rule);
  const allTables: TableSpec[] = [
    {
      title: `❌ Blocking failures (${n(o.blocking.length)})`,
      intro: 'These fail the job: not quarantined before this run, or failing in a way their quarantine does not cover.',
      header: ['Test', 'Failure', 'Location', 'Why it blocks'],
      count: o.blocking.length,
      row: (i) => {
        const t = o.blocking[i]!;
        const file = o.unforgiven.has(t.id) ? undefined : brokenFileOf(t.id);
        const order = o.orderDependent?.get(t.id);
        const why =
          order !== undefined
            ? `order-dependent: it ${order}`
            : file
              ? `its stats file ${file} is broken: it forgives nothing until fixed`
              : (o.unforgiven.get(t.id) ?? (wordsOf.get(t.id)?.startsWith('real failure: failed ') ? `not quarantined; ${wordsOf.get(t.id)}` : 'not quarantined'));
        return [mdText(t.id, 250), mdText(failureOf(t).message, 300), failureLocation(t, input.blobUrl), mdText(why, 300)];
      },
      maxRows: 250,
      weight: 5,
    },
    {
      title: `⚠️ Forgiven failures: quarantined tests (${n(o.forgiven.length)})`,
      intro: `Quarantined before this run (as flaky, or by hand): these failures do not fail the job. PFS is the probability that a run fails for no reason, with its 90% interval (docs/scoring.md).${episodes(o.forgiven.map((t) => t.id))}`,
      header: ['Test', 'Failure', 'PFS [interval]', 'Recent runs', 'Why it is quarantined', 'Lift it in'],
      count: o.forgiven.length,
      row: (i) => {
        const t = o.forgiven[i]!;
        const d = input.decisions.get(t.id);
        return [
          mdText(t.id, 250),
          mdText(failureOf(t).message, 160),
          scoreOf(t.id),
          recentOf(d),
          mdText(reasonWithoutPfs(d?.reason ?? 'quarantined before this run'), 300),
          `\`${input.statsFileOf(t.id)}\``,
        ];
      },
      maxRows: 250,
      weight: 4,
      after: `Recent runs, oldest to newest: ${SYMBOLS_LEGEND}. To lift a quarantine, set \`"override": "never"\` on the test's line in the file named, on the data branch ${branchLink}.`,
    },
    {
      title: `🔒 Newly quarantined (${n(input.newlyQuarantined.length)})`,
      intro: `From the next run on, their failures are forgiven. PFS is the probability that a run fails for no reason, with its 90% interval (docs/scoring.md).${episodes(input.newlyQuarantined)}`,
      header: ['Test', 'Why', 'PFS [interval]', 'Recent runs', 'Lift it in'],
      count: input.newlyQuarantined.length,
      row: (i) => {
        const id = input.newlyQuarantined[i]!;
        const d = input.decisions.get(id);
        return [mdText(id, 250), mdText(reasonWithoutPfs(d?.reason ?? ''), 300), scoreOf(id), recentOf(d), `\`${input.statsFileOf(id)}\``];
      },
      maxRows: 100,
      weight: 1.5,
    },
    {
      title: `🔓 Released from quarantine (${n(input.released.length)})`,
      intro: 'From the next run on, their failures fail the job again.',
      header: ['Test', 'Why', 'Recent runs'],
      count: input.released.length,
      row: (i) => {
        const id = input.released[i]!;
        const d = input.decisions.get(id);
        return [mdText(id, 250), mdText(d?.reason ?? '', 300), recentOf(d)];
      },
      maxRows: 100,
      weight: 1,
    },
    {
      title: `🔁 Passed on a retry (${n(o.passedOnRetry.length)})`,
      intro: 'Failed, then passed in this run: they do not fail the job, and count as evidence of flakiness.',
      header: ['Test', 'Attempts', 'First failure'],
      count: o.passedOnRetry.length,
      row: (i) => {
        const t = o.passedOnRetry[i]!;
        return [
          mdText(t.id, 250),
          t.attempts.map((a) => (a.status === 'passed' ? '✓' : a.status === 'skipped' ? '–' : '✗')).join(''),
          mdText(t.attempts.find((a) => a.status === 'failed' || a.status === 'error')?.message ?? '', 160),
        ];
      },
      maxRows: 100,
      weight: 1,
    },
    {
      title: `📊 Flakiest tests of the suite (top ${n(top.length)})`,
      intro:
        `Tests with a failure or a retry among their recent runs, or quarantined, ranked by PFS (the probability that a run fails for no reason: ` +
        `a ranking, not the decision). Quarantine is decided by the ${mdText(input.rule ?? 'evidence', 20)} rule; the other scores are in each test's stats line.`,
      header: ['Rank', 'Test', 'PFS [interval]', ...(measureHead ? [measureHead] : []), 'Quarantined', 'Recent runs'],
      count: top.length,
      row: (i) => {
        const t = top[i]!;
        return [String(i + 1), mdText(t.id, 250), scoreOf(t.id), ...(measureHead ? [mdText(ruleMeasure(input.rule, t.score), 40)] : []), decisionWord(t.decision), recentOf(t.decision)];
      },
      maxRows: TOP_FLAKY,
      weight: 1,
      after: `Recent runs, oldest to newest: ${SYMBOLS_LEGEND}.`,
    },
    {
      title: `Problems in the data branch (${n(input.fileProblems.length)})`,
      intro: 'A broken file forgives nothing until it is fixed.',
      header: ['File', 'Line', 'Problem'],
      count: input.fileProblems.length,
      row: (i) => {
        const p = input.fileProblems[i]!;
        return [mdText(p.file, 120), p.line !== undefined ? String(p.line) : '', mdText(p.message, 300)];
      },
      maxRows: 50,
      weight: 1,
    },
  ];
  const tables = allTables.filter((t) => t.count > 0);

  const weights = tables.reduce((s, t) => s + t.weight, 0);
  const tableBudget = w.limit;
  for (const t of tables) renderTable(w, t, Math.max(2048, (tableBudget * t.weight) / weights));

  let text = [...head, ...rerun, ...w.lines, ...chart, ...tail, ...footer].join('\n');
  if (w.cut > 0) {
    text +=
      `\n\n_This summary was cut to stay under GitHub's size limit: ${n(w.cut)} rows are not shown. Every test's history and scores are ` +
      `on the data branch ${branchLink}; the check run's annotations and your test step's log list the failures._`;
  }
  // A last guard: the budget is kept by construction, but the step must never fail because of the summary.
  return truncateBytes(`${text}\n`, budget);
}
