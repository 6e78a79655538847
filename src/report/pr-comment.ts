/**
 * One job's section of the pull-request comment (docs/pr-comment.md): what blocks and why, what was forgiven and on
 * what evidence (recent runs, PFS, same-commit passes, re-run attempts), what passed on a retry or a re-run, what is
 * newly flaky or newly quarantined, with links to the run and to the data branch. Pure: data in, markdown out, within
 * the character budget it is given, every list cut with "and N more".
 *
 * Every untrusted string (test ids, messages, reasons that quote them, the job's label) goes through `mdInert`:
 * no markdown or HTML acts, no `@` mentions anyone, no `#123` links an issue.
 */
import type { Attempt, ParsedTestCase } from '../model.ts';
import type { Outcome } from '../policy/outcome.ts';
import type { Decision } from '../policy/quarantine.ts';
import { failureOf } from './annotations.ts';
import { attemptSymbols } from './rerun-summary.ts';
import { formatPfs, symbols, type ScoreLookup } from './scores.ts';
import { FIX_IT, reasonWithoutPfs } from './summary.ts';
import { leadItems, leadMarkdown, leadTitle, type LeadFacts } from './lead.ts';
import { mdInert } from '../text/escape.ts';

/** Items of one list shown at most, whatever the budget. */
export const MAX_ITEMS = 50;

export interface PrRerunFacts {
  /** Failed tests that passed on a re-run. */
  provenFlaky: readonly string[];
  /** New tests of the pull request that failed and passed on this commit. */
  newFlaky: readonly string[];
  /** Each re-run test's attempts in this run, re-runs included (history id → attempts). */
  attempts: ReadonlyMap<string, readonly Attempt[]>;
  /** Why each failure still blocks after its re-runs (history id → sentence). */
  blockedWhy: ReadonlyMap<string, string>;
}

export interface PrSectionInput {
  /** How people tell this job apart: its job key, else the job's name (shown escaped). */
  label: string;
  /** The tested commit (40 hex digits), shown short when it is one. */
  sha: string;
  outcome: Outcome;
  decisions: ReadonlyMap<string, Decision>;
  scores: ScoreLookup;
  newlyQuarantined: readonly string[];
  /** Tests that fail inside the full run and pass alone, with the sentence. */
  orderDependent: ReadonlyMap<string, string>;
  rerun?: PrRerunFacts;
  runUrl: string;
  dataBranch: string;
  dataBranchUrl: string;
  /** Where each test's stats line lives on the data branch. */
  statsFileOf: (id: string) => string;
  /**
   * The results are another run's, ingested as untrusted evidence (a fork's run, docs/forks.md): the section says
   * whose they are and that they decide nothing alone, and its verdicts read as what that run reported.
   */
  untrusted?: { headRepository: string };
  /** Quarantined tests whose file this pull request changes (src/github/pr-touched.ts), with that file. */
  touched?: ReadonlyArray<{ id: string; path: string }>;
  /** The address of a test's page in the dashboard (input `dashboard-url`); absent: names are not linked. */
  testUrl?: (id: string) => string | undefined;
  /** Fix verification's items, Markdown already escaped (src/report/fix-summary.ts). */
  fixes?: readonly string[];
  /** What the re-runs said of each failed test, for the verdict the section leads with (src/report/lead.ts). */
  lead?: LeadFacts;
  /** A link to a file of the repository at the tested commit (and line): each failed test's `file:line`. */
  blobUrl?: (path: string, line?: number) => string | undefined;
  /** This run's failures grouped by co-failure cluster (src/report/clusters.ts), Markdown already escaped (mdInert). */
  failedTogether?: readonly string[];
}

const n = (x: number): string => String(x).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
const plural = (count: number, word: string, many = `${word}s`): string => `${n(count)} ${count === 1 ? word : many}`;

/** Tests that passed on a retry of this run or on a re-run, order-dependent ones left out. */
function passedAgain(input: PrSectionInput): string[] {
  const ids = new Set<string>();
  for (const t of input.outcome.passedOnRetry) ids.add(t.id);
  for (const id of input.rerun?.provenFlaky ?? []) ids.add(id);
  for (const id of input.orderDependent.keys()) ids.delete(id);
  return [...ids];
}

/**
 * Whether the run has something a reviewer should read (`pr-comment: auto`): the job fails, a failure was forgiven,
 * a test passed on a retry or a re-run (flaky on this commit), a new test is flaky, a test is order-dependent, or a
 * test was newly quarantined, or the pull request changes the file of a quarantined test.
 */
export function somethingToSay(input: PrSectionInput): boolean {
  const o = input.outcome;
  return (
    o.result === 'failure' ||
    o.forgiven.length > 0 ||
    passedAgain(input).length > 0 ||
    (input.rerun?.newFlaky.length ?? 0) > 0 ||
    input.orderDependent.size > 0 ||
    input.newlyQuarantined.length > 0 ||
    (input.touched?.length ?? 0) > 0 ||
    (input.fixes?.length ?? 0) > 0
  );
}

interface ListSpec {
  title: string;
  /** A line under the title that explains the list's terms (trusted text). */
  intro?: string;
  count: number;
  item: (i: number) => string;
}

/** Lines within a budget of characters (each line counts its newline). */
class Lines {
  readonly out: string[] = [];
  used = 0;
  readonly budget: number;
  constructor(budget: number) {
    this.budget = budget;
  }
  fits(line: string, reserve = 0): boolean {
    return this.used + line.length + 1 + reserve <= this.budget;
  }
  add(line: string): void {
    this.out.push(line);
    this.used += line.length + 1;
  }
}

const LIST_RESERVE = 200;

/** The outcome's reason for failed tests not quarantined (src/policy/outcome.ts). */
const NOT_QUARANTINED = /^[\d,]+ failed tests? (is|are) not quarantined\.$/;

/**
 * The section's markdown, at most `budget` characters (at least what its head and links take, about 1,000 plus the
 * reasons).
 */
export function renderSection(input: PrSectionInput, budget: number): string {
  const o = input.outcome;
  const label = mdInert(input.label || 'job', 120);
  const short = /^[0-9a-f]{40}$/.test(input.sha) ? ` at \`${input.sha.slice(0, 7)}\`` : '';
  const say = somethingToSay(input);
  const head: string[] = [];
  const from = input.untrusted;
  const items = leadItems(o, { orderDependent: input.orderDependent, ...input.lead });
  const title = mdInert(leadTitle(o, items, input.newlyQuarantined.length), 1000);
  if (from) {
    head.push(
      `### ${o.result === 'success' ? '✅' : '❌'} ${label}, as the fork's run reported it: ${title}`,
      '',
      `> These results come from [the run](${input.runUrl}) of the fork ${mdInert(from.headRepository, 140)}, read by this repository's trusted workflow. They are the fork's, untrusted: recorded as evidence that decides nothing alone (docs/forks.md). What fails or is forgiven below is what the fork's reported results meet in this repository's quarantine; the pull request's check is the fork's run's own.`,
      '',
    );
  } else {
    head.push(`### ${o.result === 'success' ? '✅' : '❌'} ${label}: ${title}`, '');
  }
  if (!say) {
    head.push(`The latest run${short} is clean: nothing blocks, nothing was forgiven, no test was flaky.`, '');
  } else {
    head.push(
      [
        `**${n(o.failed.length)}** failed`,
        `**${n(o.blocking.length)}** ${o.blocking.length === 1 ? 'blocks' : 'block'}`,
        `**${n(o.forgiven.length)}** forgiven`,
        `${n(passedAgain(input).length)} passed on a retry or re-run`,
      ].join(' · ') + (short ? ` (run${short})` : ''),
      '',
    );
    if (o.reasons.length > 0) {
      head.push(from ? "**Why the fork's run fails:**" : '**Why the job fails:**', '');
      for (const r of o.reasons.slice(0, 5)) head.push(`- ${mdInert(r, 400)}${NOT_QUARANTINED.test(r) && !from ? ` ${FIX_IT(Number(r.replace(/,/g, '').split(' ')[0]))}` : ''}`);
      if (o.reasons.length > 5) head.push(`- …and ${n(o.reasons.length - 5)} more (see the job summary).`);
      head.push('');
    }
  }
  const foot = [
    `[This run](${input.runUrl}) has the full tables in its job summary · every test's history, PFS and stats line are on the data branch [${mdInert(input.dataBranch, 100)}](${input.dataBranchUrl}).`,
  ];

  /** A test's name, bold, linked to its dashboard page when the dashboard's address is known. */
  const name = (id: string): string => {
    const bold = `**${mdInert(id, 250)}**`;
    const url = input.testUrl?.(id);
    return url ? `[${bold}](${url})` : bold;
  };
  const recentOf = (id: string): string => {
    const r = input.decisions.get(id)?.evidence.recent;
    return r ? symbols(r) : '';
  };
  const rerunOf = (id: string): string => {
    const a = input.rerun?.attempts.get(id);
    return a && a.length > 0 ? attemptSymbols(a) : '';
  };
  const message = (t: ParsedTestCase): string => {
    const m = failureOf(t).message.trim();
    return m ? `: ${mdInert(m, 200)}.` : '.';
  };
  // A reason that counts failure episodes says what one is, once per list.
  const episodes = (ids: readonly string[]): string =>
    ids.slice(0, MAX_ITEMS).some((id) => input.decisions.get(id)?.reason.includes('failure episode'))
      ? ' A failure episode: one failing run or several in a row, ended by a pass (docs/policy.md).'
      : '';
  const lists: ListSpec[] = [
    {
      title: `❌ Blocking (${n(o.blocking.length)})`,
      count: o.blocking.length,
      item: (i) => {
        const t = o.blocking[i]!;
        const why = input.orderDependent.get(t.id) ?? input.rerun?.blockedWhy.get(t.id) ?? o.unforgiven.get(t.id) ?? 'not quarantined';
        const reran = rerunOf(t.id);
        return `- ${name(t.id)}${message(t)} Blocks because ${mdInert(why, 300)}${reran ? ` (attempts ${reran})` : ''}.`;
      },
    },
    {
      title: `⚠️ Forgiven: quarantined as flaky (${n(o.forgiven.length)})`,
      intro: `_PFS: the probability that a run fails for no reason, with its 90% interval (docs/scoring.md).${episodes(o.forgiven.map((t) => t.id))}_`,
      count: o.forgiven.length,
      item: (i) => {
        const t = o.forgiven[i]!;
        const d = input.decisions.get(t.id);
        const pfs = formatPfs(input.scores.get(t.id));
        const evidence = [
          pfs ? `PFS ${pfs}` : '',
          recentOf(t.id) ? `recent runs ${recentOf(t.id)}` : '',
          rerunOf(t.id) ? `this run ${rerunOf(t.id)}` : '',
          d ? mdInert(reasonWithoutPfs(d.reason), 300) : '',
        ]
          .filter(Boolean)
          .join(' · ');
        return `- ${name(t.id)}${message(t)}${evidence ? ` ${evidence}.` : ''} Stats line in \`${input.statsFileOf(t.id)}\`.`;
      },
    },
  ];
  const again = passedAgain(input);
  const byId = new Map(o.passedOnRetry.map((t) => [t.id, t]));
  lists.push({
    title: `🔁 Failed, then passed on this commit (${n(again.length)})`,
    count: again.length,
    item: (i) => {
      const id = again[i]!;
      const attempts = input.rerun?.attempts.get(id) ?? byId.get(id)?.attempts;
      return `- ${name(id)}${attempts && attempts.length > 0 ? `: attempts ${attemptSymbols(attempts)}` : ''}${recentOf(id) ? ` · recent runs ${recentOf(id)}` : ''}`;
    },
  });
  const newFlaky = input.rerun?.newFlaky ?? [];
  lists.push({
    title: `🆕 New tests already flaky (${n(newFlaky.length)})`,
    count: newFlaky.length,
    item: (i) => `- ${name(newFlaky[i]!)}: failed and passed on this commit before it merges.`,
  });
  const order = [...input.orderDependent];
  lists.push({
    title: `🔀 Order-dependent (${n(order.length)})`,
    count: order.length,
    item: (i) => `- ${name(order[i]![0])}: ${mdInert(order[i]![1], 300)}`,
  });
  lists.push({
    title: `🔒 Newly quarantined (${n(input.newlyQuarantined.length)})`,
    ...(episodes(input.newlyQuarantined) ? { intro: `_${episodes(input.newlyQuarantined).trim()}_` } : {}),
    count: input.newlyQuarantined.length,
    item: (i) => {
      const id = input.newlyQuarantined[i]!;
      const d = input.decisions.get(id);
      return `- ${name(id)}${d ? `: ${mdInert(reasonWithoutPfs(d.reason), 300)}` : ''}. Lift it in \`${input.statsFileOf(id)}\`.`;
    },
  });

  const touched = input.touched ?? [];
  lists.push({
    title: `🩹 This pull request changes the file of ${plural(touched.length, 'quarantined test')}`,
    count: touched.length,
    item: (i) => {
      const t = touched[i]!;
      const d = input.decisions.get(t.id);
      return `- ${name(t.id)} in ${mdInert(t.path, 200)}${d ? `: ${mdInert(reasonWithoutPfs(d.reason), 300)}` : ''}. Its quarantine is in \`${input.statsFileOf(t.id)}\`.`;
    },
  });

  const together = input.failedTogether ?? [];
  lists.push({ title: '🔗 Failed together', count: together.length, item: (i) => `- ${together[i]!}` });

  const fixes = input.fixes ?? [];
  lists.push({ title: '🧪 Fix verification', count: fixes.length, item: (i) => fixes[i]! });

  const w = new Lines(budget);
  const footFirst = foot.reduce((s, l) => s + l.length + 1, 0);
  // The heading, then one line per failed test with its verdict (what a reviewer reads first), as many as fit.
  w.add(head[0]!);
  w.add('');
  if (say && items.length > 0) {
    const lead = leadMarkdown(items, { escape: mdInert, blobUrl: input.blobUrl });
    let shown = 0;
    for (const line of lead) {
      if (!w.fits(line, footFirst + LIST_RESERVE * 2)) break;
      w.add(line);
      shown++;
    }
    if (shown < lead.length) w.add(`- _…and more: see the job summary._`);
    w.add('');
  }
  for (const l of head.slice(2)) w.add(l);
  const shown = lists.filter((l) => l.count > 0);
  const footSize = foot.reduce((s, l) => s + l.length + 1, 0);
  shown.forEach((list, k) => {
    const reserve = footSize + (shown.length - k - 1) * LIST_RESERVE;
    const title = `#### ${list.title}`;
    if (!w.fits(title, reserve + LIST_RESERVE)) {
      w.add(`_…and ${plural(list.count, 'more test')} (${mdInert(list.title, 100)}): see the job summary._`);
      return;
    }
    w.add(title);
    w.add('');
    if (list.intro && w.fits(list.intro, reserve + LIST_RESERVE)) {
      w.add(list.intro);
      w.add('');
    }
    let i = 0;
    for (; i < Math.min(list.count, MAX_ITEMS); i++) {
      const line = list.item(i);
      if (!w.fits(line, reserve + LIST_RESERVE)) break;
      w.add(line);
    }
    if (i < list.count) w.add(`- _…and ${plural(list.count - i, 'more test')}: see the job summary._`);
    w.add('');
  });
  for (const l of foot) w.add(l);
  return w.out.join('\n');
}
