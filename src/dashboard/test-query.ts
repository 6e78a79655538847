/** The tests view: the tests that match a query, sorted. */
import type { TestEntry, TestState } from './page-model.ts';

export type SortKey = 'pfs' | 'name' | 'state' | 'flaked' | 'owner';

export interface TestQuery {
  text?: string;
  state?: TestState | 'any' | 'flaky-or-quarantined';
  owner?: string;
  sort?: SortKey;
  descending?: boolean;
}

const STATE_ORDER: Record<TestState, number> = { quarantined: 0, 'by-hand': 1, flaky: 2, failing: 3, never: 4, stable: 5 };

/** The tests that match `query`, sorted. Linear in the number of tests: a keystroke over 100k tests is a few ms. */
export function queryTests(tests: readonly TestEntry[], query: TestQuery): TestEntry[] {
  const text = (query.text ?? '').trim().toLowerCase();
  const owner = (query.owner ?? '').trim().toLowerCase();
  const state = query.state ?? 'any';
  const out: TestEntry[] = [];
  for (const t of tests) {
    if (text && !t.key.includes(text)) continue;
    if (state === 'flaky-or-quarantined') {
      if (t.state === 'stable' || t.state === 'failing' || t.state === 'never') continue;
    } else if (state !== 'any' && t.state !== state) continue;
    if (owner && !t.owners.some((o) => o.toLowerCase().includes(owner))) continue;
    out.push(t);
  }
  const sort = query.sort ?? 'pfs';
  const sign = (query.descending ?? sort === 'pfs') ? -1 : 1;
  const byId = (a: TestEntry, b: TestEntry): number => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  const cmp: Record<SortKey, (a: TestEntry, b: TestEntry) => number> = {
    pfs: (a, b) => a.pfs - b.pfs || a.flakedRuns - b.flakedRuns,
    flaked: (a, b) => a.flakedRuns - b.flakedRuns || a.pfs - b.pfs,
    name: byId,
    state: (a, b) => STATE_ORDER[b.state] - STATE_ORDER[a.state],
    owner: (a, b) => ((a.owners[0] ?? '\uffff') < (b.owners[0] ?? '\uffff') ? -1 : (a.owners[0] ?? '\uffff') > (b.owners[0] ?? '\uffff') ? 1 : 0),
  };
  const c = cmp[sort];
  out.sort((a, b) => sign * c(a, b) || byId(a, b));
  return out;
}
