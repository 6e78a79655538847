/**
 * The org dashboard's model (docs/org.md): each repository's data branch summed up with the repository dashboard's
 * own definitions (src/dashboard/page-model.ts: red because of flaky tests, flaky, quarantined, time lost), then the
 * repositories ranked, the org's trend by day and the flakiest tests across repositories. Pure: file texts in, plain
 * data out. A repository is summed up alone and its texts let go, so the org build holds one branch at a time.
 */
import { parseHistoryText, parseMetaText, parseRunsText, parseStatsText, type HistoryLine, type StatsLine } from './files.ts';
import { buildModel, DAY, type TestEntry, type TestState } from './page-model.ts';
import { summarize, type Summary } from './suite-summary.ts';
import { dashboardTestUrl, repoUrlOf, safeUrl } from './links.ts';
import { priced } from '../cost/index.ts';

/** The flaky tests each repository contributes to the org's list, and the org list's length. */
export const TESTS_PER_REPO = 100;
export const ORG_TESTS = 200;

/** A repository as given to `flakeguard org` (one entry of --repos). */
export interface RepoSource {
  /** The git URL or path of the repository holding the data branch, as given. */
  source: string;
  /** The repository's name as listed (src/org/listed.ts): its identity, whatever its data branch's runs link to. */
  name: string;
}

export interface OrgTest {
  repo: string;
  id: string;
  name: string;
  classname: string;
  state: TestState;
  /** PFS estimate, or -1 when not scored. */
  pfs: number;
  runs: number;
  failedRuns: number;
  flakedRuns: number;
  /** Failed attempts in runs where the test flaked: the re-runs it cost. */
  flakyFailedAttempts: number;
  /** flakyFailedAttempts × its newest duration, when known. */
  lostSec?: number;
  /** Its page in its repository's dashboard, when the repository's dashboard address is known. */
  href?: string;
  /** Seconds of CI time it cost: re-runs and red runs re-run by hand (src/cost/, docs/cost.md). */
  costSec?: number;
  /** costSec at its repository's price of a minute (`cost-per-minute`), when its branch records one. */
  cost?: number;
  /** Seconds of hand re-runs its re-runs spared. */
  savedSec?: number;
}

export interface OrgDay {
  /** Start of the UTC day, ms. */
  day: number;
  runs: number;
  redFlakyWithout: number;
  redFlakyWith: number;
  redWith: number;
  /** Runs red because of flaky tests without flakeguard and green with it (suite-summary.ts). */
  saved?: number;
}

/** The counts a repository's row shares with its own dashboard's headline (suite-summary.ts). */
type SuiteCounts = Pick<Summary, 'tests' | 'runs' | 'quarantined' | 'flaky' | 'redWithout' | 'redFlakyWithout' | 'redWith' | 'redFlakyWith' | 'saved' | 'savedByRerun'>;

export interface RepoSummary extends SuiteCounts {
  name: string;
  source: string;
  /** The repository's web address (from its runs' links), when they link to the repository listed. */
  url?: string;
  /** The `owner/name` its data branch's runs link to, when that is another repository than the one listed. */
  claim?: string;
  /** Its own dashboard, when known (--dashboard-url). */
  dashboard?: string;
  /** The data branch's commit read. */
  head: string;
  /** Seconds lost to failed attempts of flaky runs (tests with a known duration). */
  lostSec: number;
  /** Seconds of CI time its tests cost (src/cost/), and that at its price of a minute when its branch records one. */
  costSec?: number;
  cost?: number;
  /** Its tests that cost CI time, costliest first, at most TESTS_PER_REPO. */
  costliest?: OrgTest[];
  /** Newest run time (ms). */
  newest?: number;
  days: OrgDay[];
  /** Its flakiest tests, at most TESTS_PER_REPO, ranked by rankTests. */
  flakiest: OrgTest[];
  /** What in the branch could not be read (a broken stats file, entries not in the expected form), for the page. */
  problems: string[];
}

/** A repository that is not in the totals, and why (it could not be fetched, or its data branch fails closed). */
export interface MissingRepo {
  name: string;
  source: string;
  reason: string;
}

export interface OrgModel {
  /** When the page was built (ms). */
  built: number;
  /** Ranked by rankRepos; their tests are in `tests` (the org's flakiest), not repeated here. */
  repos: Array<Omit<RepoSummary, 'flakiest' | 'costliest'>>;
  missing: MissingRepo[];
  days: OrgDay[];
  tests: OrgTest[];
  /** The org's tests that cost the most CI time, costliest first (docs/cost.md). */
  costliest: OrgTest[];
  totals: {
    repos: number;
    missing: number;
    tests: number;
    runs: number;
    quarantined: number;
    flaky: number;
    redFlakyWithout: number;
    redFlakyWith: number;
    saved: number;
    savedByRerun: number;
    lostSec: number;
    /** CI time the repositories' tests cost; priced, the sum of the repositories that record a price. */
    costSec: number;
    cost?: number;
  };
}

/** owner/name from a git URL or path: `https://github.com/o/r.git` → `o/r`, `git@host:o/r` → `o/r`, `/x/r.git` → `r`. */
export function nameOfSource(source: string): string {
  const trimmed = source.replace(/[/\\]+$/, '').replace(/\.git$/, '');
  const scp = /^[^/\s@]+@[^/\s:]+:(.+)$/.exec(trimmed);
  let path = scp ? scp[1]! : trimmed;
  try {
    if (/^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed)) path = new URL(trimmed).pathname;
  } catch {
    // not a URL: a path
  }
  const parts = path.split(/[/\\]/).filter(Boolean);
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) || scp) return parts.slice(-2).join('/') || trimmed;
  return parts.at(-1) ?? trimmed;
}

/**
 * Whether a data branch's claim (the `owner/name` its runs link to) names the repository listed as `listed`: the same
 * `owner/name`, or, for a name without an owner (a folder's), the same name. Case-insensitive, as GitHub's names.
 */
export function claimAgrees(listed: string, claim: string): boolean {
  const a = listed.toLowerCase();
  const b = claim.toLowerCase();
  return a.includes('/') ? a === b : b.slice(b.lastIndexOf('/') + 1) === a;
}

/**
 * The address of a repository's dashboard from a template with `{owner}`, `{repo}` and `{name}` (owner/repo), e.g.
 * `https://{owner}.github.io/{repo}/`; undefined when the result is not an http(s) address.
 */
export function dashboardOf(template: string | undefined, name: string): string | undefined {
  if (!template) return undefined;
  const [owner, repo] = name.includes('/') ? [name.slice(0, name.indexOf('/')), name.slice(name.indexOf('/') + 1)] : ['', name];
  const filled = template
    .replace(/\{owner\}/g, encodeURIComponent(owner))
    .replace(/\{repo\}/g, encodeURIComponent(repo))
    .replace(/\{name\}/g, name.split('/').map(encodeURIComponent).join('/'));
  return safeUrl(filled);
}

/** Tests by the CI time they cost, costliest first, then by repository and id (stable). */
export function rankByCost(a: OrgTest, b: OrgTest): number {
  return (b.costSec ?? 0) - (a.costSec ?? 0) || (a.repo < b.repo ? -1 : a.repo > b.repo ? 1 : 0) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/** Flaky tests first by the runs in which they flaked, then by PFS, then by time lost, then by id (stable). */
export function rankTests(a: OrgTest, b: OrgTest): number {
  return b.flakedRuns - a.flakedRuns || b.pfs - a.pfs || (b.lostSec ?? 0) - (a.lostSec ?? 0) || (a.repo < b.repo ? -1 : a.repo > b.repo ? 1 : 0) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/** Repositories by runs red because of flaky tests (without flakeguard: what flakiness costs), then flaky tests, then name. */
export function rankRepos(a: RepoSummary, b: RepoSummary): number {
  return b.redFlakyWithout - a.redFlakyWithout || b.flaky - a.flaky || b.lostSec - a.lostSec || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
}

const isFlaky = (t: TestEntry): boolean => t.flakedRuns > 0 || t.state === 'quarantined' || t.state === 'by-hand';

/**
 * One repository's data branch summed up from its files (path → text), as its own dashboard computes it. `head` is
 * the commit read; `dashboard` a template for its dashboard's address (dashboardOf).
 */
export function summarizeRepo(source: RepoSource, files: ReadonlyMap<string, string>, head: string, dashboardTemplate?: string): RepoSummary {
  const problems: string[] = [];
  const meta = parseMetaText(files.get('flakeguard.json') ?? '{}');
  const runs = parseRunsText(files.get('runs.json') ?? '{"runs": {}}');
  if (runs.error) problems.push(runs.error);
  const history: HistoryLine[] = [];
  const stats = new Map<string, StatsLine>();
  // A quiet line's open end reaches the newest run, as on the repository's own page (src/dashboard/page/load.ts).
  const newest = runs.value.reduce((max, row) => Math.max(max, row.seq), 0);
  for (const [path, text] of files) {
    // Busy and quiet history files alike (history/NN.json, history/quiet-NN.json: docs/data-branch.md).
    if (/^history\/(?:quiet-)?[0-9a-f]+\.json$/.test(path)) {
      const parsed = parseHistoryText(text, newest);
      if (parsed.error) problems.push(`${path}: ${parsed.error}`);
      history.push(...parsed.value);
    } else if (/^stats\/[0-9a-f]+\.json$/.test(path)) {
      const parsed = parseStatsText(text);
      if (parsed.error) problems.push(`${path}: ${parsed.error}`);
      for (const [id, line] of parsed.value) stats.set(id, line);
    }
  }
  const model = buildModel({ meta: meta.value, runs: runs.value, history, stats });
  const s = summarize(model);
  let url: string | undefined;
  for (let i = runs.value.length - 1; i >= 0 && !url; i--) url = repoUrlOf(runs.value[i]!.url);
  // The branch's claim decides nothing: the name is the one listed; a claim of another repository is only reported.
  const claimed = url ? decodeURIComponent(new URL(url).pathname.slice(1)) : undefined;
  const agrees = claimed !== undefined && claimAgrees(source.name, claimed);
  const name = source.name;
  const dashboard = dashboardOf(dashboardTemplate, name);
  let lostSec = 0;
  let costSec = 0;
  const perMinute = meta.value.costPerMinute;
  const flaky: OrgTest[] = [];
  const costly: OrgTest[] = [];
  for (const t of model.tests) {
    lostSec += t.lostSec ?? 0;
    costSec += t.cost?.costSec ?? 0;
    if (!isFlaky(t) && !(t.cost && t.cost.costSec > 0)) continue;
    const test: OrgTest = {
      repo: name,
      id: t.id,
      name: t.history.name,
      classname: t.history.classname,
      state: t.state,
      pfs: t.pfs,
      runs: t.runs,
      failedRuns: t.failedRuns,
      flakedRuns: t.flakedRuns,
      flakyFailedAttempts: t.flakyFailedAttempts,
    };
    if (t.lostSec !== undefined) test.lostSec = t.lostSec;
    const href = dashboard ? dashboardTestUrl(dashboard, t.id) : undefined;
    if (href) test.href = href;
    if (t.cost) {
      test.costSec = Math.round(t.cost.costSec * 100) / 100;
      test.savedSec = Math.round(t.cost.savedSec * 100) / 100;
      const price = priced(t.cost.costSec, perMinute);
      if (price !== undefined) test.cost = price;
      if (t.cost.costSec > 0) costly.push(test);
    }
    if (isFlaky(t)) flaky.push(test);
  }
  flaky.sort(rankTests);
  costly.sort(rankByCost);
  const summary: RepoSummary = {
    name,
    source: source.source,
    head,
    tests: s.tests,
    runs: s.runs,
    quarantined: s.quarantined,
    flaky: s.flaky,
    redWithout: s.redWithout,
    redFlakyWithout: s.redFlakyWithout,
    redWith: s.redWith,
    redFlakyWith: s.redFlakyWith,
    saved: s.saved,
    savedByRerun: s.savedByRerun,
    lostSec,
    costSec: Math.round(costSec * 100) / 100,
    ...(priced(costSec, perMinute) !== undefined ? { cost: priced(costSec, perMinute)! } : {}),
    costliest: costly.slice(0, TESTS_PER_REPO),
    days: model.days.map((d) => ({ day: d.day, runs: d.runs, redFlakyWithout: d.redFlakyWithout, redFlakyWith: d.redFlakyWith, redWith: d.redWith, saved: d.saved })),
    flakiest: flaky.slice(0, TESTS_PER_REPO),
    problems,
  };
  if (url && agrees) summary.url = url;
  if (claimed !== undefined && !agrees) summary.claim = claimed;
  if (dashboard) summary.dashboard = dashboard;
  if (runs.value.length > 0) summary.newest = model.now;
  return summary;
}

/** The org: repositories ranked, their days summed, their flakiest tests merged; the missing ones listed as given. */
export function orgModel(repos: readonly RepoSummary[], missing: readonly MissingRepo[], built: number): OrgModel {
  const days = new Map<number, OrgDay>();
  for (const r of repos) {
    for (const d of r.days) {
      const day = Math.floor(d.day / DAY) * DAY;
      const sum = days.get(day) ?? { day, runs: 0, redFlakyWithout: 0, redFlakyWith: 0, redWith: 0, saved: 0 };
      sum.runs += d.runs;
      sum.saved = (sum.saved ?? 0) + (d.saved ?? 0);
      sum.redFlakyWithout += d.redFlakyWithout;
      sum.redFlakyWith += d.redFlakyWith;
      sum.redWith += d.redWith;
      days.set(day, sum);
    }
  }
  const total = (f: (r: RepoSummary) => number): number => repos.reduce((n, r) => n + f(r), 0);
  return {
    built,
    repos: [...repos].sort(rankRepos).map(({ flakiest: _tests, costliest: _costly, ...repo }) => repo),
    missing: [...missing],
    days: [...days.values()].sort((a, b) => a.day - b.day),
    tests: repos
      .flatMap((r) => r.flakiest)
      .sort(rankTests)
      .slice(0, ORG_TESTS),
    costliest: repos
      .flatMap((r) => r.costliest ?? [])
      .sort(rankByCost)
      .slice(0, ORG_TESTS),
    totals: {
      repos: repos.length,
      missing: missing.length,
      tests: total((r) => r.tests),
      runs: total((r) => r.runs),
      quarantined: total((r) => r.quarantined),
      flaky: total((r) => r.flaky),
      redFlakyWithout: total((r) => r.redFlakyWithout),
      redFlakyWith: total((r) => r.redFlakyWith),
      saved: total((r) => r.saved),
      savedByRerun: total((r) => r.savedByRerun),
      lostSec: total((r) => r.lostSec),
      costSec: Math.round(total((r) => r.costSec ?? 0) * 100) / 100,
      ...(repos.some((r) => r.cost !== undefined) ? { cost: total((r) => r.cost ?? 0) } : {}),
    },
  };
}

/**
 * The model as the page's data block: JSON whose `<` is escaped (`\u003c`), so no text in it (a test named
 * `</script><script>…`) can end the block it stands in; the page parses it as data (JSON.parse), never as HTML.
 */
export function orgDataBlock(model: OrgModel): string {
  return JSON.stringify(model)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
