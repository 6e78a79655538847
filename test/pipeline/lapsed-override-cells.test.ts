/**
 * A hand override over a quarantine the rule placed in some cells (docs/matrix.md#quarantine-per-cell): the rule's own
 * state, written beside the hand decision (`auto`), keeps the cells it covers, so that the run after the override
 * lapses (or is removed) judges its failures by the rule's cells, not by a quarantine of every cell.
 */
import { expect, it } from 'vitest';
import { applyRun, type ApplyInput, type ApplyResult } from '../../src/pipeline/apply.ts';
import { emptySnapshot, parseSnapshot, type Snapshot } from '../../src/store/snapshot.ts';
import { parsedTest, runContext } from '../support/builders.ts';

const WIN = 'os=windows-latest';
const LINUX = 'os=ubuntu-latest';

function input(snapshot: Snapshot, attempts: string, n: number, cell: string): ApplyInput {
  const run = runContext(n, { cell, key: `run${n}/test/${cell}` });
  return { snapshot, reports: { tests: [parsedTest('t', attempts), parsedTest('other', 'P')], problems: [], filesRead: 1 }, filesMatched: 1, testOutcome: '', run, now: run.time };
}

const statsLine = (files: Map<string, string>, id: string): Record<string, unknown> => JSON.parse(files.get('stats/00.json')!).tests[id];

/** Twelve runs, alternately on Windows (flaky there: failed, then passed on retry, every other time) and Linux (passes). */
function placed(): ApplyResult {
  let result: ApplyResult | undefined;
  for (let n = 1; n <= 12; n++) {
    const win = n % 2 === 1;
    result = applyRun(input(result ? parseSnapshot(result.files) : emptySnapshot(), win && n % 4 === 1 ? 'FP' : 'P', n, win ? WIN : LINUX));
  }
  return result!;
}

function withOverride(files: Map<string, string>, override: unknown): Map<string, string> {
  const text = files.get('stats/00.json')!;
  const edited = text.replace(/^("t": \{)"override":null,/m, `$1"override":${JSON.stringify(override)},`);
  expect(edited).not.toBe(text);
  return new Map([...files, ['stats/00.json', edited]]);
}

it('the rule quarantines t on Windows only; under a hand quarantine of every cell its `auto` state keeps those cells', () => {
  const rule = placed();
  expect(statsLine(rule.files, 't')).toMatchObject({ quarantined: true, cells: [WIN] });
  const until = new Date(runContext(13).time + 1_800_000).toISOString().replace(/\.\d+Z$/, 'Z');
  const hand = applyRun(input(parseSnapshot(withOverride(rule.files, { action: 'quarantine', until })), 'P', 13, WIN));
  expect(statsLine(hand.files, 't')).toMatchObject({ quarantined: true, auto: { quarantined: true, cells: [WIN] } });
  expect(statsLine(hand.files, 't').cells).toBeUndefined();
});

it.each([
  ['lapses (its until is past)', 'lapsed'],
  ['is removed by hand ("override": null)', 'removed'],
] as const)('when the override %s, a failure on Linux in the next run blocks, as the rule’s quarantine of Windows only says', (_what, how) => {
  const rule = placed();
  const until = new Date(runContext(13).time + 1_800_000).toISOString().replace(/\.\d+Z$/, 'Z');
  const hand = applyRun(input(parseSnapshot(withOverride(rule.files, { action: 'quarantine', until })), 'P', 13, WIN));
  const files = how === 'lapsed' ? hand.files : new Map([...hand.files, ['stats/00.json', hand.files.get('stats/00.json')!.replace(/"override":\{[^}]*\}/, '"override":null')]]);
  // The same message as its flaky failures on Windows: only the cell tells a real failure on Linux apart.
  const next = applyRun(input(parseSnapshot(files), 'F', 14, LINUX));
  expect(next.outcome.result).toBe('failure');
  expect(next.outcome.unforgiven.get('t')).toBe(`quarantined only in ${WIN}, but failed in ${LINUX}: not forgiven`);
  // And the rule's quarantine goes on, in Windows only.
  expect(statsLine(next.files, 't')).toMatchObject({ quarantined: true, cells: [WIN] });
});
