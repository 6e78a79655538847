/**
 * Real per-run outcome sequences of flaky Java tests (../shared/real-outcomes/isolation.tsv, see its README: 107
 * tests of open-source projects, each run 4,000 times in isolation, one letter per run: P pass, F failure, E error).
 * The simulator replays them (world.ts, `scenario.real`): each CI run of the simulated repository reads the next
 * outcomes of each test's sequence from a random offset, so failure rates, bursts and (in `suite` mode, one offset
 * per project) failures that come together are the data's, not a model's.
 *
 * The file stays beside the project (research data, not copied into the repository): its path is
 * FLAKEGUARD_REAL_OUTCOMES, or ../shared/real-outcomes/isolation.tsv from the repository's parent.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface RealSequence {
  project: string;
  commit: string;
  /** class.method */
  test: string;
  outcomes: string;
  /** Share of runs that did not pass. */
  rate: number;
}

export function defaultRealPath(): string {
  if (process.env.FLAKEGUARD_REAL_OUTCOMES) return process.env.FLAKEGUARD_REAL_OUTCOMES;
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
  for (const up of ['..', '../..']) {
    const p = resolve(root, up, 'shared/real-outcomes/isolation.tsv');
    if (existsSync(p)) return p;
  }
  return '/work/shared/real-outcomes/isolation.tsv';
}

/** Parses the TSV (header: project, commit, test, runs, not_passed, outcomes). Throws on a malformed line. */
export function parseRealSequences(text: string): RealSequence[] {
  const lines = text.split('\n').filter((l) => l.trim() !== '');
  const head = lines[0]?.split('\t') ?? [];
  const col = (name: string): number => {
    const i = head.indexOf(name);
    if (i < 0) throw new Error(`real outcomes: no column '${name}' in the header`);
    return i;
  };
  const [project, commit, test, runs, notPassed, outcomes] = ['project', 'commit', 'test', 'runs', 'not_passed', 'outcomes'].map(col) as [number, number, number, number, number, number];
  return lines.slice(1).map((line, k) => {
    const cells = line.split('\t');
    const seq = cells[outcomes] ?? '';
    if (!/^[PFE]+$/.test(seq) || seq.length !== Number(cells[runs])) throw new Error(`real outcomes line ${k + 2}: bad outcomes`);
    const failed = seq.length - seq.split('P').length + 1;
    if (failed !== Number(cells[notPassed])) throw new Error(`real outcomes line ${k + 2}: not_passed ${cells[notPassed]} but ${failed} in the sequence`);
    return { project: cells[project]!, commit: cells[commit]!, test: cells[test]!, outcomes: seq, rate: failed / seq.length };
  });
}

const cache = new Map<string, RealSequence[]>();

export function loadRealSequences(path = defaultRealPath()): RealSequence[] {
  let rows = cache.get(path);
  if (!rows) {
    if (!existsSync(path)) throw new Error(`real outcome sequences not found at ${path} (set FLAKEGUARD_REAL_OUTCOMES)`);
    rows = parseRealSequences(readFileSync(path, 'utf8'));
    cache.set(path, rows);
  }
  return rows;
}

/** Flaky in isolation: failed some runs, passed others. */
export const isFlaky = (s: RealSequence): boolean => s.rate > 0 && s.rate < 1;
/** Passed every run (flaky only with other tests in the data set; stable when replayed alone). */
export const alwaysPasses = (s: RealSequence): boolean => s.rate === 0;
