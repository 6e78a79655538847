/**
 * The suite view's filters (docs/dashboard.md, "Filters"): a time range and a branch, kept in the URL's hash
 * (`#/?range=30d&branch=main`) so that a filtered view can be linked. Pure: the page parses the hash, filters the
 * model's runs and draws; the tests run the same functions.
 *
 * A range counts back from the newest run of the branch, not from the reader's clock: a branch whose last run is a
 * week old still shows its last 7 days of runs (ADR 0462). The branch is the one runs.json's figures record (ADR
 * 0460); runs written before them only know whether they ran on the default branch.
 */
import { byDay, DAY, type Model, type RunPoint } from './page-model.ts';

export const RANGES = ['7d', '30d', '90d', 'all'] as const;
export type Range = (typeof RANGES)[number];
export const RANGE_LABEL: Record<Range, string> = { '7d': 'last 7 days', '30d': 'last 30 days', '90d': 'last 90 days', all: 'all runs' };

/** `all`, `default` (the default branch), `other` (any other), or one branch by name. */
export type BranchFilter = { kind: 'all' } | { kind: 'default' } | { kind: 'other' } | { kind: 'name'; name: string };

export interface RunFilter {
  range: Range;
  branch: BranchFilter;
}

export const NO_FILTER: RunFilter = { range: 'all', branch: { kind: 'all' } };

/** The filter a hash names (`#/?range=7d&branch=main`); anything it does not understand is no filter. */
export function parseFilter(hash: string): RunFilter {
  const q = hash.indexOf('?');
  const params = new URLSearchParams(q >= 0 ? hash.slice(q + 1) : '');
  const range = params.get('range');
  const branch = params.get('branch');
  return {
    range: (RANGES as readonly string[]).includes(range ?? '') ? (range as Range) : 'all',
    branch:
      branch === null || branch === '' || branch === '*' ? { kind: 'all' } : branch === ':default' ? { kind: 'default' } : branch === ':other' ? { kind: 'other' } : { kind: 'name', name: branch },
  };
}

/** The value of the branch select (and of the hash's `branch`). */
export function branchValue(b: BranchFilter): string {
  return b.kind === 'all' ? '*' : b.kind === 'default' ? ':default' : b.kind === 'other' ? ':other' : b.name;
}

/** The suite view's hash for a filter: `#/` when there is none. */
export function filterHash(f: RunFilter): string {
  const params = new URLSearchParams();
  if (f.range !== 'all') params.set('range', f.range);
  if (f.branch.kind !== 'all') params.set('branch', branchValue(f.branch));
  const q = params.toString();
  return q ? `#/?${q}` : '#/';
}

/** The branches the runs name, most runs first (then by name). */
export function branchesOf(points: readonly RunPoint[]): Array<{ name: string; runs: number }> {
  const counts = new Map<string, number>();
  for (const p of points) if (p.branch !== undefined) counts.set(p.branch, (counts.get(p.branch) ?? 0) + 1);
  return [...counts].map(([name, runs]) => ({ name, runs })).sort((a, b) => b.runs - a.runs || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

function keeps(f: RunFilter, from: number): (p: RunPoint) => boolean {
  const b = f.branch;
  return (p) => p.time >= from && (b.kind === 'all' || (b.kind === 'default' ? p.onDefaultBranch : b.kind === 'other' ? !p.onDefaultBranch : p.branch === b.name));
}

/** The model with only the runs the filter keeps (its tests as they are: flaky in hindsight over the whole window). */
export function filterModel(model: Model, f: RunFilter): Model {
  if (f.range === 'all' && f.branch.kind === 'all') return model;
  const newest = model.points.length > 0 ? Math.max(...model.points.map((p) => p.time)) : model.now;
  const from = f.range === 'all' ? -Infinity : newest - Number(f.range.slice(0, -1)) * DAY;
  const points = model.points.filter(keeps(f, from));
  const seqs = new Set(points.map((p) => p.seq));
  return { ...model, points, days: byDay(points), runs: model.runs.filter((r) => seqs.has(r.seq)) };
}
