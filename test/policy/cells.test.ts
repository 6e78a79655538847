/**
 * Quarantine per matrix cell (src/policy/cells.ts, docs/matrix.md#quarantine-per-cell): where a quarantine applies,
 * the cells of a run and of hand overrides, and the failures a quarantine of some cells forgives.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { CLEAN_CHANCE, cellVerdict, cellsPhrase, coversCell, withCells } from '../../src/policy/cells.ts';
import { knownFailureModes, unforgivenFailures } from '../../src/policy/forgive.ts';
import { judgeFailures, quarantineBefore } from '../../src/policy/judge.ts';
import { DEFAULT_APPLY_OPTIONS } from '../../src/pipeline/apply.ts';
import { emptySnapshot } from '../../src/store/snapshot.ts';
import { parseOverride } from '../../src/store/layout.ts';
import { parseRuns, renderRuns, type RunTable } from '../../src/store/history-format.ts';
import { commitOf, readCell, runCell } from '../../src/history/cell.ts';
import { DEFAULT_POLICY, decideQuarantine, gatherEvidence } from '../../src/policy/quarantine.ts';
import type { TestHistory } from '../../src/model.ts';
import { historyOf, parsedTest } from '../support/builders.ts';

const WIN = 'os=windows-latest';
const LINUX = 'os=ubuntu-latest';
const P = DEFAULT_POLICY;

/**
 * A history alternating two cells: failing runs in Windows and in Linux, by index. A failing run is `FP` (failed,
 * passed on retry: flaky evidence of its cell) unless `F` is asked for (failed: no proof either way).
 */
function twoCells(runs: number, windowsFails: (i: number) => boolean, linuxFails: (i: number) => boolean = () => false, unknown = 0, failing = { win: 'FP', linux: 'F' }): TestHistory {
  const tokens: string[] = [];
  const cells: Array<string | undefined> = [];
  for (let i = 0; i < unknown; i++) {
    tokens.push(i % 3 === 0 ? 'F' : 'P');
    cells.push(undefined);
  }
  for (let i = 0; i < runs; i++) {
    const win = i % 2 === 0;
    tokens.push((win ? windowsFails(i) : linuxFails(i)) ? (win ? failing.win : failing.linux) : 'P');
    cells.push(win ? WIN : LINUX);
  }
  const h = historyOf('t', tokens.join(' '));
  return { ...h, runs: h.runs.map((r, i) => (cells[i] === undefined ? r : { ...r, cell: cells[i] })) };
}

describe('cellVerdict', () => {
  it('covers only the flaky cell when the other is shown clean', () => {
    // Windows fails every 4th of its runs (25 of 50 runs are Windows: 7 failures); Linux 25 clean runs.
    const v = cellVerdict(
      twoCells(50, (i) => i % 8 === 0),
      P,
    );
    expect(v.cells).toEqual([WIN]);
    const linux = v.evidence.find((e) => e.cell === LINUX)!;
    expect(linux).toMatchObject({ runs: 25, failures: 0, episodes: 0, flaky: false, covered: false });
    expect(v.evidence[0]).toMatchObject({ cell: WIN, runs: 25, failures: 7, episodes: 7, flaky: true, covered: true });
    // (1 - r)^(n + 1) with r = (1 + 7) / (2 + 25)
    expect(linux.chance).toBeCloseTo(Math.pow(1 - 8 / 27, 26), 12);
    expect(linux.chance!).toBeLessThanOrEqual(CLEAN_CHANCE);
  });

  it('covers every cell when the flakiness spreads to both', () => {
    const v = cellVerdict(
      twoCells(
        50,
        (i) => i % 8 === 0,
        (i) => i % 10 === 1,
        0,
        { win: 'FP', linux: 'FP' },
      ),
      P,
    );
    expect(v.cells).toBeUndefined();
    expect(v.evidence.every((e) => e.seen && e.covered)).toBe(true);
  });

  it('covers only the flaky cell when a regression in the other is one episode, however long', () => {
    // Linux fails 4 runs in a row (one episode), Windows is flaky: P(Binomial(26, 8/27) <= 1) is under 5 %.
    const v = cellVerdict(
      twoCells(
        50,
        (i) => i % 8 === 0,
        (i) => i >= 11 && i <= 17,
      ),
      P,
    );
    expect(v.cells).toEqual([WIN]);
    const linux = v.evidence.find((e) => e.cell === LINUX)!;
    expect(linux).toMatchObject({ failures: 4, episodes: 1, flaky: false, covered: false });
    const r = 8 / 27;
    expect(linux.chance).toBeCloseTo(Math.pow(1 - r, 26) + 26 * r * Math.pow(1 - r, 25), 12);
  });

  it('covers no cell while no cell has its own flaky evidence', () => {
    // Windows failed in 7 episodes, never passing on a failing commit: the test is quarantined on its whole history
    // (failure episodes), but no cell shows the flakiness on its own runs: repeated regressions of Windows look the same.
    const v = cellVerdict(
      twoCells(50, (i) => i % 8 === 0, undefined, 0, { win: 'F', linux: 'F' }),
      P,
    );
    expect(v.cells).toEqual([]);
    expect(v.evidence.every((e) => !e.seen && !e.covered)).toBe(true);
    expect(cellsPhrase(v)).toBe(`in no cell yet (not shown flaky in ${LINUX}: no failure in 25 runs; ${WIN}: 7 failure episodes in 25 runs)`);
  });

  it('does not cover a cell that has not run enough to be shown clean', () => {
    // Windows fails once in its 12 runs and passes on retry, r = 2/14; Linux's 12 clean runs leave (1 - r)^13 = 0.13 > 5 %.
    const v = cellVerdict(
      twoCells(24, (i) => i === 0),
      P,
    );
    expect(v.cells).toEqual([WIN]);
    const linux = v.evidence.find((e) => e.cell === LINUX)!;
    expect(linux).toMatchObject({ seen: false, clean: false, covered: false });
    expect(linux.chance!).toBeGreaterThan(CLEAN_CHANCE);
    expect(cellsPhrase(v)).toBe(`only in ${WIN} (not shown flaky in ${LINUX}: no failure in 12 runs)`);
  });

  it('covers a cell with one failure that passed on its commit in that cell, even below the entry condition; not one with episodes only', () => {
    const h = historyOf('t', 'FP@a P@a F@b P@b P@c P@c');
    const v = cellVerdict({ ...h, runs: h.runs.map((r, i) => ({ ...r, cell: i % 2 === 0 ? WIN : LINUX })) }, { enterSameCommitFlips: 2, enterFailureEpisodes: 3 });
    expect(v.cells).toEqual([WIN]);
    expect(v.evidence[0]).toMatchObject({ cell: WIN, flaky: false, seen: true, covered: true });
    // Failing in separate episodes up to the entry condition, never passing on a failing commit, is no evidence of a cell.
    const episodes = historyOf('t', 'F@a P@a P@b P@b F@c P@c P@d P@d F@e P@e');
    const w = cellVerdict({ ...episodes, runs: episodes.runs.map((r, i) => ({ ...r, cell: i % 2 === 0 ? WIN : LINUX })) }, P);
    expect(w.evidence.find((e) => e.cell === WIN)).toMatchObject({ flaky: true, seen: false, covered: false });
    expect(w.cells).toEqual([]);
  });

  it('counts failures of runs without a cell as unplaceable: every cell', () => {
    const v = cellVerdict(
      twoCells(
        50,
        (i) => i % 8 === 0,
        () => false,
        6,
      ),
      P,
    );
    expect(v.cells).toBeUndefined();
    // Runs without a cell that never failed place nothing and take nothing away.
    const clean = cellVerdict({ ...twoCells(50, (i) => i % 8 === 0), runs: [...historyOf('t', 'P P P').runs, ...twoCells(50, (i) => i % 8 === 0).runs] }, P);
    expect(clean.cells).toEqual([WIN]);
  });

  it('leaves out pull-request failures without a pass on their commit and outage runs, as the rules do', () => {
    const h = twoCells(50, (i) => i % 8 === 0);
    const runs = h.runs.map((r, i) => (r.cell === LINUX && i === 5 ? { ...r, attempts: 'F', onDefaultBranch: false } : r.cell === LINUX && i === 7 ? { ...r, attempts: 'F', outage: true } : r));
    expect(cellVerdict({ ...h, runs }, P).cells).toEqual([WIN]);
  });

  it('is every cell for a history with one cell, or none', () => {
    expect(cellVerdict(historyOf('t', 'P FP P F P'), P).cells).toBeUndefined();
    const one = historyOf('t', 'P FP P F P');
    expect(cellVerdict({ ...one, runs: one.runs.map((r) => ({ ...r, cell: WIN })) }, P).cells).toBeUndefined();
  });
});

describe('withCells', () => {
  it('adds the cells and says so first in the reason of a quarantine of the rule; leaves others as they are', () => {
    const h = twoCells(50, (i) => i % 8 === 0);
    const d = decideQuarantine(h, undefined, null, '2026-11-27T00:00:00Z');
    expect(d.quarantined).toBe(true);
    const placed = withCells(d, h, null, P);
    expect(placed.cells).toEqual([WIN]);
    expect(placed.reason).toBe(`only in ${WIN} (clean in ${LINUX}: no failure in 25 runs); ${d.reason}`);
    const out = { ...d, quarantined: false };
    expect(withCells(out, h, null, P)).toBe(out);
  });

  it('places a quarantine on trusted records alone: an untrusted flip neither creates, widens nor keeps a cell', () => {
    // Windows is shown flaky by trusted runs; an untrusted run claims a flip in Linux.
    const h = twoCells(50, (i) => i % 8 === 0);
    const claimed: TestHistory = { ...h, runs: [...h.runs, { run: '600/untrusted', sha: 'f'.repeat(40), time: 1e15, onDefaultBranch: false, attempts: 'FP', untrusted: true, cell: LINUX }] };
    const d = decideQuarantine(claimed, undefined, null, '2026-11-27T00:00:00Z');
    expect(withCells(d, claimed, null, P).cells).toEqual([WIN]);
    // No trusted flaky evidence in any cell: the untrusted flip places nothing.
    const clean = twoCells(
      50,
      () => false,
      (i) => i % 4 === 1,
    );
    const onlyClaim: TestHistory = { ...clean, runs: [...clean.runs, { run: '600/untrusted', sha: 'f'.repeat(40), time: 1e15, onDefaultBranch: false, attempts: 'FP', untrusted: true, cell: LINUX }] };
    expect(cellVerdict(onlyClaim, P).cells).toEqual([LINUX]); // the verdict over every record would place it
    expect(withCells({ quarantined: true, reason: 'r', since: '2026-11-27T00:00:00Z', evidence: 0 } as never, onlyClaim, null, P).cells).toEqual([]);
  });

  it('takes a hand quarantine’s cells as written, whatever the history says', () => {
    const h = twoCells(
      50,
      () => false,
      (i) => i % 2 === 1,
    );
    const d = decideQuarantine(h, undefined, { action: 'quarantine', cells: [WIN] }, '2026-11-27T00:00:00Z');
    expect(withCells(d, h, { action: 'quarantine', cells: [WIN] }, P).cells).toEqual([WIN]);
    expect(withCells(d, h, { action: 'quarantine' }, P).cells).toBeUndefined();
  });

  it('coversCell: every cell without cells; with cells, a known cell among them only', () => {
    expect(coversCell(undefined, undefined)).toBe(true);
    expect(coversCell([WIN], WIN)).toBe(true);
    expect(coversCell([WIN], LINUX)).toBe(false);
    expect(coversCell([WIN], undefined)).toBe(false);
  });
});

describe('forgiveness per cell', () => {
  const history = new Map([
    ['t', { ...historyOf('t', 'P FP P FP P'), runs: historyOf('t', 'P FP P FP P').runs.map((r) => ({ ...r, cell: WIN, message: r.attempts === 'FP' ? 'boom F' : undefined })) }],
  ]);
  const input = {
    tests: [parsedTest('t', 'F')],
    history,
    quarantined: new Set(['t']),
    byHand: new Set<string>(),
    outages: new Map(),
    sha: 'new',
    normalise: (m: string) => m,
    forgive: 'known-failures' as const,
  };

  it('forgives a known failure in a covered cell, blocks it in another or in an unknown cell', () => {
    const cells = new Map([['t', [WIN]]]);
    expect(unforgivenFailures({ ...input, cells, cell: WIN }).size).toBe(0);
    expect(unforgivenFailures({ ...input, cells, cell: LINUX }).get('t')).toBe(`quarantined only in ${WIN}, but failed in ${LINUX}: not forgiven`);
    expect(unforgivenFailures({ ...input, cells }).get('t')).toBe(`quarantined only in ${WIN}, but failed in a run whose matrix cell is not known: not forgiven`);
    // A quarantine of every cell forgives it anywhere.
    expect(unforgivenFailures({ ...input, cell: LINUX }).size).toBe(0);
  });

  it('blocks a real failure in a clean cell that has run only a few times', () => {
    // Windows: flaky (failed and passed on the same commit, 4 times in 12 runs); Linux: 3 clean runs, too few to be
    // shown clean against r = 5/14. A regression in Linux with the flaky failure's very message must block.
    const tokens = ['FP', 'P', 'FP', 'P', 'P', 'FP', 'P', 'P', 'FP', 'P', 'P', 'P'];
    const win = historyOf('t', tokens.join(' ')).runs.map((r) => ({ ...r, cell: WIN, message: r.attempts === 'FP' ? 'boom F' : undefined }));
    const linux = historyOf('t', 'P P P').runs.map((r, i) => ({ ...r, run: `l${i}`, sha: `c${i}`, cell: LINUX }));
    const h: TestHistory = { ...historyOf('t', ''), runs: [...win, ...linux] };
    const d = withCells(decideQuarantine(h, undefined, null, '2026-11-27T00:00:00Z'), h, null, P);
    expect(d.quarantined).toBe(true);
    expect(d.cells).toEqual([WIN]);
    const cells = new Map([['t', d.cells!]]);
    const judged = { ...input, history: new Map([['t', h]]), cells };
    expect(unforgivenFailures({ ...judged, cell: LINUX }).get('t')).toBe(`quarantined only in ${WIN}, but failed in ${LINUX}: not forgiven`);
    expect(unforgivenFailures({ ...judged, cell: WIN }).size).toBe(0);
  });

  it('a quarantine in no cell yet forgives nothing, and reads back from its stats line as such', () => {
    expect(unforgivenFailures({ ...input, cells: new Map([['t', []]]), cell: WIN }).get('t')).toBe(`quarantined in no cell yet, but failed in ${WIN}: not forgiven`);
    const s = emptySnapshot();
    s.history.set('t', history.get('t')!);
    s.stats.set('t', { override: null, quarantined: true, reason: 'flaky', cells: [] });
    expect(quarantineBefore(s, Date.UTC(2026, 10, 27)).cells).toEqual(new Map([['t', []]]));
  });

  it('blocks a failure outside the cells of a hand quarantine too', () => {
    const cells = new Map([['t', [WIN]]]);
    expect(unforgivenFailures({ ...input, byHand: new Set(['t']), cells, cell: LINUX }).size).toBe(1);
    expect(unforgivenFailures({ ...input, byHand: new Set(['t']), cells, cell: WIN }).size).toBe(0);
  });

  it('quarantineBefore reads the cells of the rule’s line and of a hand override; judgeFailures applies them to the run’s cell', () => {
    const s = emptySnapshot();
    s.history.set('t', history.get('t')!);
    s.stats.set('t', { override: null, quarantined: true, reason: 'flaky', cells: [WIN] });
    s.stats.set('h', { override: null, quarantined: false, reason: 'no counted failure' });
    s.overrides.set('h', { override: { action: 'quarantine', cells: [LINUX] }, raw: {}, file: 'stats/00.json', line: 2 });
    const before = quarantineBefore(s, Date.UTC(2026, 10, 27));
    expect(before.cells).toEqual(
      new Map([
        ['t', [WIN]],
        ['h', [LINUX]],
      ]),
    );
    const tests = [parsedTest('t', 'F'), parsedTest('h', 'F')];
    expect([...judgeFailures(s, before, tests, 'new', { ...DEFAULT_APPLY_OPTIONS, cell: WIN }).unforgiven.keys()]).toEqual(['h']);
    expect([...judgeFailures(s, before, tests, 'new', { ...DEFAULT_APPLY_OPTIONS, cell: LINUX }).unforgiven.keys()]).toEqual(['t']);
  });
});

describe('cells of runs and overrides', () => {
  it('a run’s cell: the job key’s pairs sorted, else the runner’s OS', () => {
    expect(runCell('{"os":"windows-latest","node":20}', 'Windows')).toBe('node=20,os=windows-latest');
    expect(runCell('{\n  "node": 20,\n  "os": "windows-latest"\n}', undefined)).toBe('node=20,os=windows-latest');
    expect(runCell('', 'Windows')).toBe('os=Windows');
    expect(runCell('{}', 'macOS')).toBe('os=macOS');
    expect(runCell('shard-2', 'Linux')).toBe('key=shard-2');
    expect(runCell('', undefined)).toBeUndefined();
    expect(runCell('{"os":"a\\nb"}', undefined)).toBe('os=a b');
    const long = runCell(JSON.stringify({ os: 'x'.repeat(400) }), undefined)!;
    expect(long.length).toBe(200);
    expect(long).not.toBe(runCell(JSON.stringify({ os: `${'x'.repeat(399)}y` }), undefined));
  });

  it('a cell as written by hand reads to the same canonical text', () => {
    expect(readCell('os=windows-latest, node=20')).toEqual({ cell: 'node=20,os=windows-latest' });
    expect(readCell('windows')).toEqual({ problem: 'must be key=value pairs joined by "," like "os=windows-latest" (a "," in a value written "\\,"), got "windows"' });
    expect(readCell(3)).toEqual({ problem: 'must be a string like "os=windows-latest", got 3' });
  });

  it('a matrix value holding "," (or a key holding "="; "\\" escapes them) names one cell, and a hand override can name it', () => {
    // A value that is an object or a list is its JSON, commas and all: a common matrix.
    const nested = runCell('{"os":"linux","env":{"A":1,"B":2}}', undefined)!;
    expect(nested).toBe('env={"A":1\\,"B":2},os=linux');
    expect(readCell(nested)).toEqual({ cell: nested });
    // Two matrices never share a cell: a value with ", os=linux" in it is not the cell os=linux.
    expect(runCell('{"x":"a,os=linux"}', undefined)).not.toBe(runCell('{"x":"a","os":"linux"}', undefined));
    expect(runCell('{"a":"1,b=2"}', undefined)).not.toBe(runCell('{"a":"1","b":"2"}', undefined));
    expect(runCell('{"a=b":"c"}', undefined)).not.toBe(runCell('{"a":"b=c"}', undefined));
    expect(readCell('x=a\\,os=linux')).toEqual({ cell: runCell('{"x":"a,os=linux"}', undefined) });
    // A long cell is cut, never between a "\\" and what it escapes: the cut cell still names itself.
    for (const os of [`a${','.repeat(300)}`, ','.repeat(300)]) {
      const long = runCell(JSON.stringify({ os }), undefined)!;
      expect(long.length).toBeLessThanOrEqual(200);
      expect(readCell(long)).toEqual({ cell: long });
    }
    // A backslash that escapes nothing is itself (a Windows path as a person writes it).
    expect(readCell('dir=C:\\temp')).toEqual({ cell: runCell('{"dir":"C:\\\\temp"}', undefined) });
    const text = fc.string({ unit: fc.constantFrom('a', 'b', ',', '=', '\\', ' ', '{', '"'), minLength: 1, maxLength: 8 });
    fc.assert(
      fc.property(
        fc.dictionary(
          text.filter((k) => k.trim() !== ''),
          text,
          { minKeys: 1, maxKeys: 3 },
        ),
        fc.dictionary(
          text.filter((k) => k.trim() !== ''),
          text,
          { minKeys: 1, maxKeys: 3 },
        ),
        (a, b) => {
          const ca = runCell(JSON.stringify(a), undefined)!;
          const cb = runCell(JSON.stringify(b), undefined)!;
          expect(readCell(ca)).toEqual({ cell: ca });
          const same = (o: Record<string, string>) =>
            JSON.stringify(
              Object.entries(o)
                .map(([k, v]) => [k.replace(/\s+/g, ' ').trim(), v.replace(/\s+/g, ' ').trim()])
                .sort(),
            );
          if (same(a) !== same(b)) expect(ca).not.toBe(cb);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('parseOverride reads cells, canonical and sorted, and refuses what it cannot honour', () => {
    expect(parseOverride({ action: 'quarantine', cells: ['os=windows-latest', 'node=20, os=macos-latest'] })).toEqual({
      override: { action: 'quarantine', cells: ['node=20,os=macos-latest', 'os=windows-latest'] },
    });
    expect(parseOverride({ action: 'quarantine', cells: ['windows'] }).problem).toBe(
      'override.cells: each cell must be key=value pairs joined by "," like "os=windows-latest" (a "," in a value written "\\,"), got "windows"',
    );
    expect(parseOverride({ action: 'quarantine', cells: [] }).problem).toBe('override.cells must be a non-empty list of cells like ["os=windows-latest"], got []');
    expect(parseOverride({ action: 'never', cells: [WIN] }).problem).toBe('override.cells applies only to "action": "quarantine" (a "never" override covers every cell)');
  });

  it('runs.json stores the cell as the 9th field of a row; rows without one read as before', () => {
    const runs: RunTable = new Map([
      ['a', { seq: 1, sha: 's1', time: 1, onDefaultBranch: true, jobSucceeded: true, cell: WIN }],
      ['b', { seq: 2, sha: 's2', time: 2, onDefaultBranch: true, jobSucceeded: false }],
      ['c', { seq: 3, sha: 's3', time: 3, onDefaultBranch: false, untrusted: true, cell: LINUX }],
    ]);
    const text = renderRuns(runs);
    expect(text).toContain(`["a","s1",1,1,1,null,[],0,"${WIN}"]`);
    expect(text).toContain(`["b","s2",2,1,0]`);
    expect(text).toContain(`["c","s3",3,0,null,null,[],1,"${LINUX}"]`);
    const read = parseRuns('runs.json', text);
    expect(read.problems).toEqual([]);
    expect(read.runs).toEqual(runs);
  });
});

describe('the same commit and failure episodes, per cell', () => {
  /** Commit i tested in Linux (failing from commit 1 to 3: a regression of that cell) and in Windows (passing). */
  function regressionInLinux(cells: boolean): TestHistory {
    const tokens: string[] = [];
    for (let i = 0; i < 5; i++) tokens.push(`${i >= 1 && i <= 3 ? 'F' : 'P'}@c${i}`, `P@c${i}`);
    const h = historyOf('t', tokens.join(' '));
    return { ...h, runs: h.runs.map((r, i) => ({ ...r, message: r.attempts === 'F' ? 'boom' : undefined, ...(cells ? { cell: i % 2 === 0 ? LINUX : WIN } : {}) })) };
  }

  it('a pass in another cell on the same commit proves no flake; a pass in another cell does not end an episode', () => {
    const e = gatherEvidence(regressionInLinux(true));
    expect(e).toMatchObject({ sameCommitFlips: 0, trustedFailures: 3, failureEpisodes: 1 });
    // Without cells (one history for the whole matrix), the same runs read as three flakes.
    expect(gatherEvidence(regressionInLinux(false))).toMatchObject({ sameCommitFlips: 3, failureEpisodes: 3 });
    expect(decideQuarantine(regressionInLinux(true), undefined, null, '2026-11-27T00:00:00Z').quarantined).toBe(false);
    expect(decideQuarantine(regressionInLinux(false), undefined, null, '2026-11-27T00:00:00Z').quarantined).toBe(true);
  });

  it('a regression of one cell is no known failure mode', () => {
    expect(knownFailureModes(regressionInLinux(true)).has('boom')).toBe(false);
    expect(knownFailureModes(regressionInLinux(false)).has('boom')).toBe(true);
  });

  it('commitOf: the commit in the run’s cell, the commit alone without one', () => {
    expect(commitOf({ sha: 'abc' })).toBe('abc');
    expect(commitOf({ sha: 'abc', cell: WIN })).toBe(`abc\u0000${WIN}`);
  });
});

describe('hostile cells', () => {
  it('a cell from a matrix value is one line: no workflow command or Markdown line can start in it', () => {
    const cell = runCell(JSON.stringify({ os: 'x\n::error::pwned\r\n# <img src=x onerror=alert(1)> @org/team' }), undefined)!;
    expect(cell).toBe('os=x ::error::pwned # <img src=x onerror=alert(1)> @org/team');
    expect(cell).not.toMatch(/[\r\n\u0000-\u001f]/);
  });
});
