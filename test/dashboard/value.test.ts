/**
 * What re-runs saved (ADR 0460), the CI time figures and the suite view's filters (ADR 0462), on the pure core:
 * runs.json's 10th field as written and as read (by the step's reader and the page's), the model's saved runs, and
 * filterModel.
 */
import { describe, expect, it } from 'vitest';
import { parseRunsText, type HistoryLine, type RunRow } from '../../src/dashboard/files.ts';
import { buildModel } from '../../src/dashboard/page-model.ts';
import { ciTime, summarize } from '../../src/dashboard/suite-summary.ts';
import { filterHash, filterModel, parseFilter } from '../../src/dashboard/run-filter.ts';
import { parseRuns, renderRuns, type RunTable } from '../../src/store/history-format.ts';
import { branchOfRef } from '../../src/pipeline/apply.ts';

const DAY = 86_400_000;

function line(id: string, from: number, o: string, d?: number): HistoryLine {
  return { id, name: id, classname: 'c', from, o, ...(d !== undefined ? { d } : {}) };
}

function row(seq: number, over: Partial<RunRow> = {}): RunRow {
  return { seq, key: `k${seq}`, sha: 'a'.repeat(40), time: Date.UTC(2026, 10, 1) + seq * DAY, onDefaultBranch: true, jobSucceeded: true, ...over };
}

describe("runs.json's figures (the 10th field)", () => {
  const table: RunTable = new Map([
    ['old', { seq: 1, sha: 's', time: 1, onDefaultBranch: true, jobSucceeded: true }],
    ['new', { seq: 2, sha: 's', time: 2, onDefaultBranch: false, jobSucceeded: true, figures: { branch: 'feature/x', testSec: 1.25, failedBeforeReruns: 2, passedOnRerun: 2, rerunSec: 3.5 } }],
  ]);
  const text = renderRuns(table);

  it('are written after the fields before them (null, [], 0, null), and a row without them stops where it did', () => {
    expect(text).toContain('"00000001": ["old","s",1,1,1]');
    expect(text).toContain('"00000002": ["new","s",2,0,1,null,[],0,null,{"b":"feature/x","s":1.25,"f":2,"p":2,"r":3.5}]');
  });

  it("read back by the step's reader and the page's; rows written before them read as before", () => {
    const read = parseRuns('runs.json', text);
    expect(read.problems).toEqual([]);
    expect(read.runs.get('new')!.figures).toEqual(table.get('new')!.figures);
    expect(read.runs.get('new')!.cell).toBeUndefined();
    expect(read.runs.get('old')!.figures).toBeUndefined();
    const page = parseRunsText(text).value;
    expect(page.map((r) => r.figures)).toEqual([undefined, table.get('new')!.figures]);
  });

  it('keeps only the known keys in their form: a hostile or later field is ignored, a long branch cut', () => {
    const hostile = '{"schema": 4, "runs": {\n"00000001": ["k","s",1,1,1,null,[],0,null,{"b":"' + 'x'.repeat(300) + '","s":-1,"f":1.5,"p":"2","r":1e400,"z":{"a":1}}]\n}}\n';
    const read = parseRuns('runs.json', hostile);
    expect(read.problems).toEqual([]);
    expect(read.runs.get('k')!.figures).toEqual({ branch: 'x'.repeat(64) });
    expect(parseRunsText(hostile).value[0]!.figures).toEqual({ branch: 'x'.repeat(64) });
  });

  it('name the branch from the ref', () => {
    expect(branchOfRef('refs/heads/main')).toBe('main');
    expect(branchOfRef('refs/heads/feature/a')).toBe('feature/a');
    expect(branchOfRef('refs/pull/12/merge')).toBe('pull/12/merge');
    expect(branchOfRef('')).toBeUndefined();
    // Cut at 64 bytes as written, never inside a character: 21 three-byte characters (63 bytes), not 22; 32 quotes.
    expect(branchOfRef(`refs/heads/${'€'.repeat(30)}`)).toBe('€'.repeat(21));
    expect(branchOfRef(`refs/heads/${'😀'.repeat(30)}`)).toBe('😀'.repeat(16));
    expect(branchOfRef(`refs/heads/${'"'.repeat(100)}`)).toBe('"'.repeat(32));
  });

  it('keep runs.json under its 32 MiB read cap at 100,000 rows of the documented form, every figure set and the longest branch of quotes', () => {
    // The row src/store/read-bounds.ts sizes the cap by (~17 MB at 100,000 rows), plus the longest figures.
    const plain: RunTable = new Map();
    const full: RunTable = new Map();
    for (let i = 1; i <= 100_000; i++) {
      const row = { seq: i, sha: 'f'.repeat(40), time: 1795168800000 + i, onDefaultBranch: true, jobSucceeded: true, url: `https://github.com/o/r/actions/runs/${1234567 + i}/attempts/1` };
      plain.set(`${1234567 + i}/test/9f2c1a0b`, row);
      full.set(`${1234567 + i}/test/9f2c1a0b`, {
        ...row,
        figures: {
          branch: branchOfRef(`refs/heads/${'"'.repeat(100)}`)!,
          testSec: 12345.67,
          failedBeforeReruns: 1000,
          passedOnRerun: 1000,
          rerunSec: 123456.7,
          handReruns: 49,
          handRerunSec: 123456.78,
        },
      });
    }
    const before = Buffer.byteLength(renderRuns(plain));
    const after = Buffer.byteLength(renderRuns(full));
    expect((after - before) / 100_000).toBeLessThanOrEqual(64 + 80 + 22);
    expect(after).toBeLessThan(32 * 1024 * 1024);
  });
});

describe('runs flakeguard saved', () => {
  // Run 1: green. Run 2: t failed in the report, passed on flakeguard's re-run (FP), job green. Run 3: t passed on the
  // runner's own retry (FP), no figures say otherwise: the report was green. Run 4: u, quarantined, failed; job green.
  const runs = [
    row(1, { figures: { testSec: 10, failedBeforeReruns: 0, passedOnRerun: 0, rerunSec: 0 } }),
    row(2, { figures: { testSec: 10, failedBeforeReruns: 1, passedOnRerun: 1, rerunSec: 4 } }),
    row(3, { figures: { testSec: 10, failedBeforeReruns: 0, passedOnRerun: 0, rerunSec: 0 } }),
    row(4),
  ];
  const history = [line('t', 1, 'P(FP)(FP)P', 2), line('u', 1, 'PPPF', 3)];
  const stats = new Map([['u', { quarantined: true, reason: 'flaky', override: null }]]);
  const model = buildModel({ meta: { schema: 4, shards: 1 }, runs, history, stats });

  it('counts a run whose failures passed on a re-run, or were quarantined, as red without flakeguard and saved; a runner retry is not', () => {
    expect(model.points.map((p) => [p.redWithout, p.redFlakyWithout, p.saved])).toEqual([
      [false, false, false],
      [true, true, true],
      [false, false, false],
      [true, true, true],
    ]);
    const s = summarize(model);
    expect([s.saved, s.savedByRerun, s.redFlakyWithout, s.redFlakyWith]).toEqual([2, 1, 2, 0]);
  });

  it('computes CI time: runs again without flakeguard, re-runs with it, and what the re-runs saved', () => {
    // Run 4 has no figures: its tests' time is estimated from the newest durations (t 2 s + u 3 s).
    expect(model.points[3]).toMatchObject({ testSec: 5, testSecEstimated: true });
    expect(ciTime(model.points)).toEqual({ lostWithout: 15, lostWith: 4, rerunSec: 4, savedByReruns: 6, estimated: 1 });
  });
});

describe('the filters', () => {
  const runs = [
    row(1, { figures: { branch: 'main' } }),
    row(20, { onDefaultBranch: false, figures: { branch: 'feat' } }),
    row(28, { onDefaultBranch: false }),
    row(30, { figures: { branch: 'main' } }),
  ];
  const model = buildModel({ meta: { schema: 4, shards: 1 }, runs, history: [line('t', 1, 'P.18P.7PP')], stats: new Map() });

  it('round-trip through the hash; anything unknown is no filter', () => {
    for (const hash of ['#/', '#/?range=7d', '#/?branch=feat', '#/?range=30d&branch=%3Adefault', '#/?branch=a%26b%3Dc']) expect(filterHash(parseFilter(hash))).toBe(hash);
    expect(parseFilter('#/?range=1y&branch=')).toEqual({ range: 'all', branch: { kind: 'all' } });
  });

  it('keep the runs of the range, counted back from the newest run, and of the branch', () => {
    const seqs = (hash: string): number[] => filterModel(model, parseFilter(hash)).points.map((p) => p.seq);
    expect(seqs('#/')).toEqual([1, 20, 28, 30]);
    expect(seqs('#/?range=7d')).toEqual([28, 30]);
    expect(seqs('#/?range=30d')).toEqual([1, 20, 28, 30]);
    expect(seqs('#/?branch=main')).toEqual([1, 30]);
    expect(seqs('#/?branch=%3Adefault')).toEqual([1, 30]);
    expect(seqs('#/?branch=%3Aother')).toEqual([20, 28]);
    expect(seqs('#/?range=7d&branch=feat')).toEqual([]);
    expect(filterModel(model, parseFilter('#/?branch=feat')).days.map((d) => d.runs)).toEqual([1]);
  });
});
