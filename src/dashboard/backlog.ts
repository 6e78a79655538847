/** The quarantine backlog view: the quarantined tests by age and owner, and the time flaky failures cost. */
import { DAY, type Model, type TestEntry } from './page-model.ts';
import { byCost, priced } from '../cost/index.ts';

export interface AgeBucket {
  label: string;
  /** Upper bound in days (exclusive); Infinity for the last. */
  maxDays: number;
  count: number;
}

export interface Backlog {
  quarantined: TestEntry[];
  byHand: number;
  /** Oldest first. */
  ages: AgeBucket[];
  /** Median age in days of the quarantined tests with a known start. */
  medianAgeDays?: number;
  owners: Array<{ owner: string; count: number }>;
  /** Seconds lost to failed attempts of flaky runs, over tests whose duration is known. */
  lostSec: number;
  lostTests: number;
  flakyTests: number;
  /** The tests that cost CI time (src/cost/), costliest first: the ranking of docs/cost.md. */
  costly: TestEntry[];
  /** Their CI time, the re-runs' and the hand re-runs' (seconds), and what the re-runs saved. */
  costSec: number;
  savedSec: number;
  /** costSec at the branch's price of a minute, when it records one. */
  cost?: number;
}

export function ageDays(entry: TestEntry, now: number): number | undefined {
  const since = entry.stats?.since ? Date.parse(entry.stats.since) : NaN;
  return Number.isNaN(since) ? undefined : Math.max(0, (now - since) / DAY);
}

export function backlog(model: Model): Backlog {
  const quarantined = model.tests.filter((t) => t.state === 'quarantined' || t.state === 'by-hand');
  const ages: AgeBucket[] = [
    { label: 'under a week', maxDays: 7, count: 0 },
    { label: '1–4 weeks', maxDays: 28, count: 0 },
    { label: '1–3 months', maxDays: 90, count: 0 },
    { label: 'over 3 months', maxDays: Infinity, count: 0 },
  ];
  const known: number[] = [];
  const owners = new Map<string, number>();
  for (const t of quarantined) {
    const age = ageDays(t, model.now);
    if (age !== undefined) {
      known.push(age);
      ages.find((b) => age < b.maxDays)!.count++;
    }
    for (const o of t.owners.length > 0 ? t.owners : ['(no owner known)']) owners.set(o, (owners.get(o) ?? 0) + 1);
  }
  known.sort((a, b) => a - b);
  quarantined.sort((a, b) => (ageDays(b, model.now) ?? -1) - (ageDays(a, model.now) ?? -1) || (a.id < b.id ? -1 : 1));
  let lostSec = 0;
  let lostTests = 0;
  let flakyTests = 0;
  for (const t of model.tests) {
    if (t.flakedRuns === 0) continue;
    flakyTests++;
    if (t.lostSec !== undefined) {
      lostSec += t.lostSec;
      lostTests++;
    }
  }
  const costly = model.tests.filter((t) => t.cost !== undefined && (t.cost.costSec > 0 || t.cost.savedSec > 0));
  costly.sort((a, b) => byCost(a as { id: string; cost: NonNullable<TestEntry['cost']> }, b as { id: string; cost: NonNullable<TestEntry['cost']> }));
  let costSec = 0;
  let savedSec = 0;
  for (const t of costly) {
    costSec += t.cost!.costSec;
    savedSec += t.cost!.savedSec;
  }
  const cost = priced(costSec, model.meta.costPerMinute);
  const out: Backlog = {
    quarantined,
    byHand: quarantined.filter((t) => t.state === 'by-hand').length,
    ages,
    owners: [...owners].map(([owner, count]) => ({ owner, count })).sort((a, b) => b.count - a.count || (a.owner < b.owner ? -1 : 1)),
    lostSec,
    lostTests,
    flakyTests,
    costly,
    costSec,
    savedSec,
    ...(cost !== undefined ? { cost } : {}),
  };
  if (known.length > 0) out.medianAgeDays = known[Math.floor(known.length / 2)]!;
  return out;
}
