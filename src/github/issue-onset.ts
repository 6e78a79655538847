/**
 * The onset of each test an issue is opened or reopened for (src/onset/), with the commits of its range that touched
 * the test's folder: from the workspace's git, else the API (src/github/onset-commits.ts). Only the tests of the
 * plan's opens and reopens are looked at (at most `max-issues` a run), so its cost does not grow with the suite.
 */
import { latestChange, onsetOf, type Onset, type RangeAnswer } from '../onset/index.ts';
import { folderOf, rangeCommits, type CommitSource } from './onset-commits.ts';
import type { PlannedAction, TestFacts } from './issue-plan.ts';

export type OnsetOfTest = { onset: Onset; commits?: RangeAnswer };

export async function onsetsOfPlan(actions: readonly PlannedAction[], sources: readonly CommitSource[], pathOf: (f: TestFacts) => string | undefined): Promise<Map<string, OnsetOfTest>> {
  const out = new Map<string, OnsetOfTest>();
  for (const a of actions) {
    if (a.kind !== 'open' && a.kind !== 'reopen') continue;
    if (out.has(a.facts.id)) continue;
    const onset = onsetOf(a.facts.test.runs);
    const change = latestChange(onset);
    const path = pathOf(a.facts);
    if (change?.base !== undefined && change.head !== undefined) {
      const commits = await rangeCommits(sources, change.base, change.head, path === undefined ? '' : folderOf(path));
      out.set(a.facts.id, { onset, commits });
    } else out.set(a.facts.id, { onset });
  }
  return out;
}
