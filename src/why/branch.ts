/**
 * The facts of one test gathered from a data branch as read (a Snapshot and its files), for `whyAnswer`
 * (src/why/answer.ts). Pure. What the branch does not hold (the owners from the workspace's CODEOWNERS, the commits
 * of the onset's range from git, the `rerun` input of the workflow) is given by the caller.
 */
import type { Snapshot } from '../store/snapshot.ts';
import { statsFileOf } from '../store/snapshot.ts';
import { parseDecisions, type TestDecisions } from '../store/decisions.ts';
import { historyCosts } from '../store/branch-costs.ts';
import { parseClusters, clusterIndex, CLUSTERS_FILE } from '../clusters/format.ts';
import { parseDiagnoses, DIAGNOSES_FILE } from '../diagnose/format.ts';
import type { WhyFacts } from './answer.ts';

export type BranchExtras = Pick<WhyFacts, 'dataBranch' | 'head' | 'now' | 'statsLine' | 'owners' | 'codeownersPath' | 'commits' | 'rerun' | 'historyRuns'>;

/** Costs of every test of a branch ranked (costliest first), computed once for the tests answered about. */
export function rankedCosts(snapshot: Pick<Snapshot, 'history' | 'runs' | 'meta'>, perMinute?: number): (id: string) => WhyFacts['cost'] {
  let rank: Map<string, { cost: NonNullable<WhyFacts['cost']>['cost']; rank: number }> | undefined;
  let of = 0;
  const price = perMinute ?? snapshot.meta?.costPerMinute;
  return (id) => {
    if (!rank) {
      const ranked = historyCosts(snapshot.history, snapshot.runs).filter((e) => e.cost.costSec > 0);
      rank = new Map(ranked.map((e, i) => [e.id, { cost: e.cost, rank: i + 1 }]));
      of = ranked.length;
    }
    const mine = rank.get(id);
    return mine ? { cost: mine.cost, rank: mine.rank, of, ...(price !== undefined ? { perMinute: price } : {}) } : undefined;
  };
}

export function whyFactsOf(snapshot: Snapshot, files: ReadonlyMap<string, string>, id: string, extras: BranchExtras): WhyFacts {
  const notes: string[] = [];
  const clusters = parseClusters(files.get(CLUSTERS_FILE));
  if (clusters.problem) notes.push(`${CLUSTERS_FILE}: ${clusters.problem}`);
  const diagnoses = parseDiagnoses(files.get(DIAGNOSES_FILE));
  if (diagnoses.problem) notes.push(`${DIAGNOSES_FILE}: ${diagnoses.problem}`);
  let decisions: TestDecisions | undefined;
  if (snapshot.decisions !== undefined) {
    const parsed = parseDecisions(snapshot.decisions);
    decisions = parsed.log?.tests.get(id);
    if (!parsed.log) notes.push('decisions.json could not be read: the quarantine timeline is left out');
  }
  const statsFile = statsFileOf(snapshot, id);
  const statsBroken = snapshot.brokenStats.has(statsFile);
  if (statsBroken) notes.push(`${statsFile} is broken: the test forgives nothing until it is fixed`);
  const stats = snapshot.stats.get(id);
  const override = snapshot.overrides.get(id);
  const test = snapshot.history.get(id);
  const cluster = clusterIndex(clusters.clusters).get(id);
  const diagnosis = diagnoses.diagnoses.tests.get(id);
  const cost = rankedCosts(snapshot)(id);
  return {
    id,
    ...extras,
    runs: snapshot.runs,
    statsFile,
    ...(statsBroken ? { statsBroken } : {}),
    ...(extras.statsLine === undefined && override?.line !== undefined ? { statsLine: override.line } : {}),
    ...(test ? { test } : {}),
    ...(stats ? { stats } : {}),
    ...(override ? { override } : {}),
    ...(decisions ? { decisions } : {}),
    ...(cluster ? { cluster } : {}),
    ...(diagnosis ? { diagnosis } : {}),
    ...(cost ? { cost } : {}),
    notes,
  };
}
