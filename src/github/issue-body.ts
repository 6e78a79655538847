/**
 * What flakeguard writes in an issue: title, body, comments and the hidden markers that let the next run find
 * the issue again. Pure. Every untrusted string (test ids, names, files, messages) goes through escape.ts, so
 * the only mentions in an issue are the owners read from CODEOWNERS, which are validated as @user or @org/team.
 */
import { createHash } from 'node:crypto';
import type { TestHistory, TestRunRecord } from '../model.ts';
import type { Decision } from '../policy/quarantine.ts';
import { ownerText, type Owner, type TestOwners } from '../owners/index.ts';
import { mdPre, mdText } from '../text/escape.ts';
import type { Onset, RangeAnswer } from '../onset/index.ts';
import { onsetMarkdown } from '../report/onset.ts';
import { minutesText, priceText, priced, type TestCost } from '../cost/index.ts';
import { CATEGORY_WORDS, evidenceWords, type WhyAnswer } from '../why/answer.ts';
import { signatureMd } from '../report/clusters.ts';

/** GitHub's limits: titles 256 characters, bodies and comments 65,536. */
export const TITLE_MAX = 256;
export const BODY_MAX = 65_536;
/** GitHub accepts at most 10 assignees on an issue. */
export const MAX_ASSIGNEES = 10;

/** PFS as stored in a stats line: [score, low end, high end] of the 90% interval. */
export type Interval = readonly [number, number, number];

/** Hidden state kept in the issue body. */
export interface IssueMeta {
  /** The PFS interval when flakeguard last wrote the issue: the baseline for "rose again". */
  pfs?: Interval;
  /** ISO time flakeguard closed the issue; a close that does not match it was made by a person. */
  closed?: string;
  /** Why flakeguard last opened or updated it: an issue about a quarantine is closed once the test is out of it. */
  reason?: OpenReason;
}

export function testHash(id: string): string {
  return createHash('sha256').update(id).digest('hex');
}

export function idMarker(hash: string): string {
  return `<!-- flakeguard:test-id=${hash} -->`;
}

/** The exact phrase searched for when the issue is not found through its label. */
export function markerSearchPhrase(hash: string): string {
  return `flakeguard:test-id=${hash}`;
}

const ID_MARKER = /<!-- flakeguard:test-id=([0-9a-f]{64}) -->/;
const META_MARKER = /<!-- flakeguard:meta (\{[^<>]*\}) -->/;
export const COMMENT_MARKER = '<!-- flakeguard:comment -->';

export function parseIdMarker(body: string | null | undefined): string | undefined {
  return body ? ID_MARKER.exec(body)?.[1] : undefined;
}

function isInterval(x: unknown): x is Interval {
  return Array.isArray(x) && x.length === 3 && x.every((v) => typeof v === 'number' && Number.isFinite(v));
}

export function parseMeta(body: string | null | undefined): IssueMeta {
  const m = body ? META_MARKER.exec(body) : null;
  if (!m) return {};
  try {
    const raw = JSON.parse(m[1]!) as Record<string, unknown>;
    const meta: IssueMeta = {};
    if (isInterval(raw.pfs)) meta.pfs = raw.pfs;
    if (typeof raw.closed === 'string' && !Number.isNaN(Date.parse(raw.closed))) meta.closed = raw.closed;
    if (raw.reason === 'quarantined' || raw.reason === 'regressed' || raw.reason === 'order-dependent') meta.reason = raw.reason;
    return meta;
  } catch {
    return {};
  }
}

function metaMarker(meta: IssueMeta): string {
  const out: Record<string, unknown> = {};
  if (meta.pfs) out.pfs = meta.pfs.map((x) => Math.round(x * 1000) / 1000);
  if (meta.closed) out.closed = meta.closed;
  if (meta.reason) out.reason = meta.reason;
  return `<!-- flakeguard:meta ${JSON.stringify(out)} -->`;
}

/** Replaces the meta marker of a body we wrote (or appends one). */
export function withMeta(body: string, meta: IssueMeta): string {
  return META_MARKER.test(body) ? body.replace(META_MARKER, metaMarker(meta)) : `${body}\n${metaMarker(meta)}`;
}

/**
 * A title is plain text (no markdown), but GitHub still links `#123` and some clients render `@name`: keep it
 * one line, control characters shown as `\xHH` (as src/text/escape.ts does), line and direction characters as
 * spaces, with `@` and `#` replaced by look-alikes that link nothing.
 */
export function titleText(untrusted: string, max: number): string {
  const flat = untrusted
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`)
    .replace(/[\t\n\r\u2028\u2029\u202a-\u202e\u2066-\u2069]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const safe = flat.replace(/@/g, '\uFF20').replace(/#/g, '\uFF03');
  return safe.length <= max ? safe : `${safe.slice(0, max - 1)}…`;
}

export function issueTitle(test: { id: string }): string {
  return `Flaky test: ${titleText(test.id, TITLE_MAX - 'Flaky test: '.length)}`;
}

/* ---------- shared pieces ---------- */

export interface RenderContext {
  /** e.g. https://github.com */
  serverUrl: string;
  /** owner/repo */
  repository: string;
  dataBranch: string;
  /** Whether closing the issue as completed lifts the quarantine. */
  closeLifts: boolean;
  /** False in a dry run: owners are shown, not mentioned. */
  mentions: boolean;
}

export function fixed(x: number): string {
  return x.toFixed(3);
}

export function intervalText(i: Interval): string {
  return `${fixed(i[0])} (90% interval ${fixed(i[1])}–${fixed(i[2])})`;
}

/** The workflow run of a history record: its key starts with the run id (see runIdentity). */
export function runLink(ctx: RenderContext, runKey: string): string {
  const id = runKey.split('/')[0] ?? '';
  if (!/^\d+$/.test(id)) return mdText(id || runKey, 40);
  return `[${id}](${ctx.serverUrl}/${ctx.repository}/actions/runs/${id})`;
}

export function mention(ctx: RenderContext, owner: Owner): string {
  if (owner.kind === 'email') return mdText(owner.address, 120);
  // Validated by the CODEOWNERS parser: only [A-Za-z0-9-] logins and [A-Za-z0-9._-] team slugs.
  return ctx.mentions ? ownerText(owner) : `\`${ownerText(owner)}\``;
}

/** Users and teams to notify, in CODEOWNERS order. */
export function mentionLine(ctx: RenderContext, owners: readonly Owner[]): string {
  return owners
    .filter((o) => o.kind !== 'email')
    .map((o) => mention(ctx, o))
    .join(' ');
}

export function assigneesOf(owners: readonly Owner[]): string[] {
  return [...new Set(owners.flatMap((o) => (o.kind === 'user' ? [o.login] : [])))].slice(0, MAX_ASSIGNEES);
}

const ATTEMPT_WORD: Record<string, string> = { P: 'passed', F: 'failed', E: 'error', S: 'skipped' };

function attemptsText(attempts: string): string {
  return [...attempts].map((c) => ATTEMPT_WORD[c] ?? '?').join(' → ');
}

function symbols(recent: string): string {
  return [...recent].map((c) => (c === 'F' ? '✗' : c === 'R' ? '↻' : '✓')).join('');
}

function utc(ms: number): string {
  return new Date(ms).toISOString().slice(0, 16).replace('T', ' ');
}

/* ---------- body ---------- */

/** Why flakeguard opened an issue; `order-dependent`: the test fails inside the full run and passes alone (src/rerun/order.ts). */
export type OpenReason = 'quarantined' | 'regressed' | 'order-dependent';

export interface IssueContent {
  test: TestHistory;
  hash: string;
  decision?: Decision;
  quarantined: boolean;
  /** Why flakeguard opened (or last reopened) the issue. */
  reason: OpenReason;
  /** The test is order-dependent in this run: the sentence that says so. */
  orderDependent?: string;
  pfsNow?: Interval;
  /** What "before" means and its interval, when flakiness rose. */
  pfsBefore?: { label: string; interval: Interval };
  /** PFS after successive slices of the history, oldest first. */
  pfsTrend: Array<{ runs: number; pf: number }>;
  /** Runs in each point of the trend (`policy.pfs.regression-window`; 10 when not given). */
  trendWindow?: number;
  owners: TestOwners;
  codeownersPath?: string;
  /** The stats file holding the test's line, e.g. stats/00.json. */
  statsFile: string;
  meta: IssueMeta;
  /** Since when the test fails as it does (src/onset/), and the commits of that range (src/github/onset-commits.ts). */
  onset?: { onset: Onset; commits?: RangeAnswer };
  /** What the test cost in CI time (src/cost/): its rank among the tests that cost any, and the price of a minute. */
  cost?: { cost: TestCost; rank: number; of: number; perMinute?: number };
  /**
   * The test's whole answer (src/why/, the same as `flakeguard why --json`): when given, the onset, cost, cluster,
   * diagnosis and re-run command of the body are read from it, so the issue and the command say the same facts.
   */
  why?: WhyAnswer;
}

/** The onset and cost of the body: from the answer when there is one, else as given. */
function factsOf(c: IssueContent): { onset?: IssueContent['onset']; cost?: IssueContent['cost'] } {
  const w = c.why;
  if (!w) return { ...(c.onset ? { onset: c.onset } : {}), ...(c.cost ? { cost: c.cost } : {}) };
  const onset = { onset: w.onset?.detail ?? { runs: w.rate.runs, failures: w.rate.failures, changes: [] }, ...(w.onset?.commits ? { commits: w.onset.commits } : {}) };
  const k = w.cost;
  const cost = k
    ? {
        cost: {
          failedRuns: k.failedRuns,
          rerunExecutions: k.rerunExecutions,
          rerunSec: k.rerunSec,
          handReruns: k.handReruns,
          handRerunSec: k.handRerunSec,
          costSec: k.costSec,
          savedRuns: k.savedRuns,
          savedSec: k.savedSec,
          estimatedRuns: k.estimatedRuns,
        },
        rank: k.rank,
        of: k.of,
        ...(k.perMinute !== null ? { perMinute: k.perMinute } : {}),
      }
    : undefined;
  return { onset, ...(cost ? { cost } : {}) };
}

const MEMBERS_SHOWN = 10;

/** The co-failure cluster, the diagnosis by experiment and the re-run command, from the answer (docs/why.md). */
function whySections(w: WhyAnswer): string[] {
  const lines: string[] = [];
  if (w.cluster) {
    const c = w.cluster;
    const sig = c.signature !== null ? ` with ${signatureMd(c.signature)}` : '';
    lines.push('### Fails together with', '');
    lines.push(
      `Cluster ${c.id}: ${plural(c.size, 'test')} fail in the same runs${sig}, together in ${plural(c.together, 'run')} since run ${c.since} (docs/clusters.md): one cause may fix them all.`,
      '',
    );
    for (const m of c.others.slice(0, MEMBERS_SHOWN)) lines.push(`- ${mdText(m, 300)}`);
    if (c.others.length > MEMBERS_SHOWN) lines.push(`- and ${c.others.length - MEMBERS_SHOWN} more`);
    lines.push('');
  }
  if (w.diagnosis) {
    const d = w.diagnosis;
    lines.push('### Diagnosis by experiment', '');
    // The category is one of CATEGORIES (read by src/diagnose/format.ts), its words flakeguard's own.
    lines.push(
      `**${CATEGORY_WORDS[d.category] ?? mdText(d.category, 40)}** (re-runs under controlled variations on ${Number.isNaN(Date.parse(d.at)) ? mdText(d.at, 40) : new Date(d.at).toISOString().slice(0, 10)}${d.sha ? `, commit ${mdText(d.sha.slice(0, 7), 10)}` : ''}; docs/diagnose.md).`,
    );
    if (d.polluter !== undefined) lines.push('', `The test whose run before it makes it fail: ${mdText(d.polluter, 300)}`);
    // A variation's name is checked when read (^[a-z][a-z0-9-]*$); its detail is free text.
    if (d.evidence.length > 0) lines.push('', ...d.evidence.map((e) => `- ${evidenceWords({ ...e, ...(e.detail !== undefined ? { detail: mdText(e.detail, 200) } : {}) })}`));
    lines.push('');
  }
  const r = w.rerun;
  if (r.kind !== 'unknown') {
    lines.push('### Re-run it alone', '');
    lines.push(
      `As flakeguard's re-runs run it (${r.kind === 'preset' ? `the ${mdText(r.preset, 40)} preset` : 'the `rerun` command'}), from the workspace; \`flakeguard why --json\` gives the same line:`,
      '',
    );
    lines.push(mdPre(r.commandLine, 4000), '');
  }
  return lines;
}

const MAX_FAILURES_SHOWN = 10;

function ownersSection(ctx: RenderContext, c: IssueContent): string[] {
  const o = c.owners;
  const lines: string[] = [];
  const where =
    o.via === 'file'
      ? `${mdText(o.path ?? '', 200)} (from the report)`
      : o.via === 'classname'
        ? `${mdText(o.path ?? '', 200)} (mapped from the classname by the \`codeowners-map\` rule ${mdText(o.mapRule?.from ?? '', 100)})`
        : '';
  lines.push(`| File | ${where || 'unknown: the report gives no `file` and no `codeowners-map` rule matches the classname'} |`);
  let owners: string;
  if (o.owners.length > 0) {
    const rule = o.rule ? ` (${mdText(c.codeownersPath ?? 'CODEOWNERS', 40)} line ${o.rule.line}: ${mdText(o.rule.pattern, 100)})` : '';
    owners = `${o.owners.map((x) => mention(ctx, x)).join(', ')}${rule}`;
  } else if (!o.path) {
    owners = 'none found (no file to look up)';
  } else if (!c.codeownersPath) {
    owners = 'none found: the repository has no CODEOWNERS file (.github/, root or docs/)';
  } else if (o.rule) {
    owners = `none: ${mdText(c.codeownersPath, 40)} line ${o.rule.line} (${mdText(o.rule.pattern, 100)}) gives this path no owner`;
  } else {
    owners = `none: no line of ${mdText(c.codeownersPath, 40)} matches this path`;
  }
  lines.push(`| Owners | ${owners} |`);
  return lines;
}

function failuresSection(ctx: RenderContext, runs: readonly TestRunRecord[]): string[] {
  const failing = runs.filter((r) => /[FE]/.test(r.attempts));
  if (failing.length === 0) return ['No failure in the recorded history.'];
  const shown = failing.slice(-MAX_FAILURES_SHOWN).reverse();
  const lines = [
    `${failing.length} of the last ${runs.length} recorded runs had a failing attempt; the most recent:`,
    '',
    '| When (UTC) | Run | Commit | Attempts | Message (normalised) |',
    '| --- | --- | --- | --- | --- |',
  ];
  for (const r of shown) {
    lines.push(`| ${utc(r.time)} | ${runLink(ctx, r.run)} | ${mdText(r.sha.slice(0, 7), 10)} | ${attemptsText(r.attempts)} | ${r.message ? mdText(r.message, 200) : '—'} |`);
  }
  return lines;
}

export function renderBody(ctx: RenderContext, c: IssueContent): string {
  const t = c.test;
  const d = c.decision;
  const lines: string[] = [idMarker(c.hash)];
  const headline =
    c.orderDependent !== undefined
      ? `**This test is order-dependent**: it ${mdText(c.orderDependent, 400)}. Its failures fail CI: it is not quarantined as flaky. Find the test that runs before it in the full run and leaves state behind (a singleton, a global mock, a registry, a temp file), or make this test set up its own state.`
      : c.reason === 'order-dependent'
        ? '**flakeguard found this test order-dependent earlier**: it failed inside the full run and passed alone. It has passed at its first attempt in the full run since.'
        : c.reason === 'regressed'
          ? '**The flakiness of this test rose significantly**: its flakiness score is now clearly above what it was. It needs an owner to make it reliable again.'
          : c.quarantined
            ? '**flakeguard quarantined this test**: its failures no longer fail CI until it is released. It needs an owner to make it reliable again.'
            : '**flakeguard quarantined this test earlier; it is released now**: its failures fail CI again.';
  lines.push(headline, '', '| | |', '| --- | --- |');
  lines.push(`| Test | ${mdText(t.id, 500)} |`);
  lines.push(...ownersSection(ctx, c));
  const state = c.quarantined ? `quarantined${d?.since ? ` since ${mdText(d.since.slice(0, 10), 20)}` : ''}` : 'not quarantined';
  lines.push(`| Quarantine | ${state}${d ? `: ${mdText(d.reason, 400)}` : ''} |`);
  lines.push('');

  lines.push('### Flakiness score (PFS)', '');
  lines.push('The probabilistic flakiness score estimates how often the test fails on a commit where it can pass (see docs/scoring.md).', '');
  if (c.pfsNow) lines.push(`- Now: **${intervalText(c.pfsNow)}**`);
  if (c.pfsBefore) lines.push(`- ${mdText(c.pfsBefore.label, 100)}: ${intervalText(c.pfsBefore.interval)}`);
  if (c.pfsTrend.length > 1) lines.push(`- PFS of the last ${c.trendWindow ?? 10} runs, over time: ${c.pfsTrend.map((p) => `${fixed(p.pf)} (${p.runs} runs)`).join(' → ')}`);
  if (d?.evidence.recent) lines.push(`- Recent results, oldest first (✓ pass, ↻ passed on retry, ✗ fail): ${symbols(d.evidence.recent)}`);
  lines.push('');

  const facts = factsOf(c);
  if (facts.onset) {
    const links = { run: (r: { run: string }) => runLink(ctx, r.run), repoUrl: `${ctx.serverUrl}/${ctx.repository}` };
    lines.push('### Since when', '', ...onsetMarkdown(facts.onset.onset, facts.onset.commits, links), '');
  }
  if (c.why) lines.push(...whySections(c.why));
  if (facts.cost) lines.push(...costSection(facts.cost), '');

  lines.push('### Recent failures', '');
  lines.push(...failuresSection(ctx, t.runs), '');

  const file = mdText(c.statsFile, 60);
  const branch = mdText(ctx.dataBranch, 100);
  const key = JSON.stringify(t.id);
  lines.push('### Forcing or lifting the quarantine by hand', '');
  lines.push(
    `The test's line is in ${file} on the ${branch} branch ([edit it](${ctx.serverUrl}/${ctx.repository}/edit/${encodeURI(ctx.dataBranch)}/${c.statsFile})). Set its \`override\` and commit; it takes effect on the next run:`,
    '',
    mdPre(
      `${key}: {"override": "never", ...}        lifts the quarantine and keeps the test out\n${key}: {"override": "quarantine", ...}   forces it into quarantine\n${key}: {"override": null, ...}         flakeguard decides again`,
      4000,
    ),
    '',
  );
  lines.push(
    ctx.closeLifts
      ? '- **Close this issue as completed** (by hand or with `Fixes #…` in a pull request) when the test is fixed: the next run lifts its quarantine and judges it only on runs after the close. If it fails flakily again, flakeguard reopens this issue.'
      : '- Closing this issue does not lift the quarantine (`close-lifts-quarantine: false`): use the override above.',
    '- **Close it as not planned** to stop flakeguard from updating or reopening it.',
    '- flakeguard rewrites this description when it updates the issue; write in comments.',
  );
  lines.push('', metaMarker({ ...c.meta, reason: c.reason }));
  return fitBody(lines.join('\n'));
}

const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;
const ordinal = (n: number): string => `${n}${n % 100 >= 11 && n % 100 <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th')}`;

/** The CI time the test cost and what its re-runs saved, over the branch's window (docs/cost.md). */
function costSection(k: NonNullable<IssueContent['cost']>): string[] {
  const c = k.cost;
  const price = priced(c.costSec, k.perMinute);
  const parts = [`${plural(c.rerunExecutions, 're-run execution')} (${minutesText(c.rerunSec)}${c.estimatedRuns > 0 ? `, ${plural(c.estimatedRuns, 'run')} estimated from its duration` : ''})`];
  parts.push(`${plural(c.handReruns, 'red run', 'red runs')} re-run by hand (${minutesText(c.handRerunSec)})`);
  const lines = [
    '### What it costs in CI',
    '',
    'Over the runs the data branch keeps, from the re-runs’ measured seconds and the reports’ durations (how it is counted: docs/cost.md in flakeguard’s repository).',
    '',
    `- **${minutesText(c.costSec)}** of CI time: ${parts.join(', ')}${k.rank > 0 ? `; the ${k.rank === 1 ? 'costliest' : `${ordinal(k.rank)} costliest`} of ${plural(k.of, 'test')} that cost CI time` : ''}.`,
  ];
  if (price !== undefined) lines.push(`- At ${k.perMinute} per minute: **${priceText(price)}**.`);
  if (c.savedRuns > 0) lines.push(`- flakeguard's re-runs spared ${plural(c.savedRuns, 'red run')} a re-run by hand: ${minutesText(c.savedSec)} saved.`);
  return lines;
}

/** Keeps a body under GitHub's limit, cutting the middle rather than the markers. */
export function fitBody(body: string): string {
  if (body.length <= BODY_MAX) return body;
  const meta = META_MARKER.exec(body)?.[0] ?? '';
  return `${body.slice(0, BODY_MAX - meta.length - 200)}\n\n_…cut at GitHub's size limit._\n${meta}`;
}

/* ---------- comments ---------- */

export type CommentKind =
  | { kind: 'quarantined'; reason: string; run: string }
  | { kind: 'regressed'; now: Interval; before: { label: string; interval: Interval } }
  | { kind: 'released'; reason: string; run: string }
  | { kind: 'order-dependent'; sentence: string; run: string }
  | { kind: 'rule'; reason: string; run: string }
  | { kind: 'order-fixed'; run: string }
  | { kind: 'reopened'; why: string; owners: readonly Owner[] }
  | { kind: 'lifted'; issueClosedAt: string; run: string }
  | { kind: 'duplicate'; of: number };

export function renderComment(ctx: RenderContext, c: CommentKind): string {
  let text: string;
  switch (c.kind) {
    case 'quarantined':
      text = `flakeguard **quarantined** this test in run ${runLink(ctx, c.run)}: ${mdText(c.reason, 500)}. Its failures no longer fail CI.`;
      break;
    case 'regressed':
      text = `The flakiness of this test **rose**: PFS is now ${intervalText(c.now)}; ${mdText(c.before.label, 100)} it was ${intervalText(c.before.interval)}.`;
      break;
    case 'released':
      text = `flakeguard **released** this test from quarantine in run ${runLink(ctx, c.run)}: ${mdText(c.reason, 500)}. Closing; flakeguard reopens this issue if it fails flakily again.`;
      break;
    case 'order-dependent':
      text = `flakeguard found this test **order-dependent** in run ${runLink(ctx, c.run)}: it ${mdText(c.sentence, 500)}. Its failures fail CI: it is not quarantined as flaky.`;
      break;
    case 'rule':
      text = `flakeguard's **quarantine rules** (\`policy.quarantine\`) acted on this test in run ${runLink(ctx, c.run)}: ${mdText(c.reason, 500)}.`;
      break;
    case 'order-fixed':
      text = `This test passed at its first attempt in the full run in run ${runLink(ctx, c.run)}: it no longer fails there. Closing; flakeguard reopens this issue if it fails again.`;
      break;
    case 'reopened': {
      const who = mentionLine(ctx, c.owners);
      text = `Reopening: ${mdText(c.why, 500)}.${who ? ` ${who}` : ''}`;
      break;
    }
    case 'lifted':
      text = `This issue was closed as completed on ${mdText(c.issueClosedAt.slice(0, 16).replace('T', ' '), 20)} UTC, so run ${runLink(ctx, c.run)} **lifted the quarantine** of this test. From now on it is judged only on runs after the close; if it fails flakily again, flakeguard reopens this issue.`;
      break;
    case 'duplicate':
      text = `Duplicate of #${c.of} (the same test). Closing.`;
      break;
  }
  return `${text}\n\n${COMMENT_MARKER}`;
}
