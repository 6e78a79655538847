/** The dashboard's pure core: its readers of the branch files and the model, on branches written by applyRun. */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parseHistoryText, parseMetaText, parseRunsText, parseStatsText, type HistoryLine, type StatsLine } from '../../src/dashboard/files.ts';
import { backlog } from '../../src/dashboard/backlog.ts';
import { issueUrl, repoUrlOf, safeUrl } from '../../src/dashboard/links.ts';
import { buildModel, type Model } from '../../src/dashboard/page-model.ts';
import { summarize } from '../../src/dashboard/suite-summary.ts';
import { testDetail, timelineRows } from '../../src/dashboard/test-detail.ts';
import { queryTests } from '../../src/dashboard/test-query.ts';
import { slotsOf } from '../../src/dashboard/test-runs.ts';
import { count, rollingWindow } from '../../src/dashboard/wording.ts';
import { parseDecisions } from '../../src/store/decisions.ts';
import { decodeOutcomes, encodeOutcomes } from '../../src/store/history-format.ts';
import { assignOwners } from '../../src/dashboard/owners.ts';
import { HOSTILE_CLASS, HOSTILE_ISSUE, HOSTILE_NAME, HOSTILE_REASON, hostileBranchFiles } from '../support/dashboard.ts';

function modelOf(files: Map<string, string>): Model {
  const history: HistoryLine[] = [];
  const stats = new Map<string, StatsLine>();
  const runs = parseRunsText(files.get('runs.json')!).value;
  const newest = Math.max(0, ...runs.map((r) => r.seq));
  for (const [path, text] of files) {
    if (path.startsWith('history/')) history.push(...parseHistoryText(text, newest).value);
    if (path.startsWith('stats/')) for (const [id, s] of parseStatsText(text).value) stats.set(id, s);
  }
  const model = buildModel({ meta: parseMetaText(files.get('flakeguard.json')!).value, runs, history, stats });
  assignOwners(model.tests, files.get('dashboard/CODEOWNERS'), files.get('dashboard/codeowners-map'));
  return model;
}

describe('a quiet line (schema 4)', () => {
  it('is read with its open end written out up to the newest run; in a schema-3 file an open end is not in the expected form', () => {
    const quiet = '{"schema": 4, "tests": {\n"a.B::c": {"from":3,"o":"P*","d":0.1},\n"a.B::d": {"from":3,"o":"FP*"}\n}}\n';
    expect(parseHistoryText(quiet, 9).value.map((l) => [l.id, l.from, l.o])).toEqual([
      ['a.B::c', 3, 'P*7'],
      ['a.B::d', 3, 'FP*6'],
    ]);
    expect(parseHistoryText(quiet, 2).dropped).toBe(2);
    expect(parseHistoryText(quiet.replace('"schema": 4', '"schema": 3'), 9).dropped).toBe(2);
  });
});

describe('owners', () => {
  it('come from the copies of CODEOWNERS and of codeowners-map, file first, last rule winning', () => {
    const files = hostileBranchFiles();
    const model = modelOf(files);
    expect(model.byId.get('com.shop.DbTest::q1')!.owners).toEqual(['@octo/shop', '@alice']);
    expect(model.tests.filter((t) => t.owners.join() === '@octo/core')).toHaveLength(1);
    expect(queryTests(model.tests, { state: 'any', owner: 'ALICE' })).toHaveLength(10);
    // A test without a file attribute gets a path from the class map.
    const noFile = { ...model.tests[0]!, history: { ...model.tests[0]!.history, file: undefined, classname: 'com.shop.CartTest' }, owners: [] };
    expect(assignOwners([noFile], '* @octo/core\nsrc/main/ @bob\n', 'com.shop.* => src/main/*.java').owned).toBe(1);
    expect(noFile.owners).toEqual(['@bob']);
    expect(assignOwners(model.tests, undefined, undefined)).toEqual({ owned: 0, problems: [] });
  });
});

describe('readers', () => {
  it('drop entries that are not in the expected form and say why a file cannot be read', () => {
    const runs = parseRunsText('{"schema": 2, "runs": {\n"00000001": ["k", "abc", 5, 1, 1],\n"x": ["k"],\n"00000002": "no"\n}}');
    expect(runs.value.map((r) => r.seq)).toEqual([1]);
    expect(runs.dropped).toBe(2);
    expect(parseRunsText('not json').error).toMatch(/runs.json: not valid JSON/);
    const history = parseHistoryText('{"schema": 2, "tests": {"a": {"name": "a", "from": 1, "o": "PP"}, "b": {"name": "b", "from": 1, "o": "P<x>"}, "c": 3}}');
    expect(history.value.map((h) => h.id)).toEqual(['a']);
    expect(history.dropped).toBe(2);
    const stats = parseStatsText('{"schema": 2, "tests": {"a": {"override": {"action": "never", "reason": "r"}, "quarantined": true, "reason": "x", "pfs": [0.1, 0, 0.3]}, "b": []}}');
    expect(stats.value.get('a')).toMatchObject({ overrideAction: 'never', overrideReason: 'r', quarantined: true, pfs: [0.1, 0, 0.3] });
    expect(stats.dropped).toBe(1);
    expect(parseMetaText('{"schema": 2, "shards": 4}').value).toEqual({ schema: 2, shards: 4 });
    // A quarantine in no matrix cell yet (docs/matrix.md#quarantine-per-cell) reads as such, not as every cell.
    const cells = parseStatsText('{"schema": 2, "tests": {"a": {"override": null, "quarantined": true, "reason": "x", "cells": []}, "b": {"override": null, "quarantined": true, "reason": "y"}}}');
    expect(cells.value.get('a')!.cells).toEqual([]);
    expect(cells.value.get('b')!.cells).toBeUndefined();
  });

  it('decode outcome strings as the store does', () => {
    const slot = fc.record({ gap: fc.nat(12), attempts: fc.stringMatching(/^[PFES]{1,4}$/) });
    fc.assert(
      fc.property(fc.nat(1000), fc.array(slot, { maxLength: 40 }), (start, slots) => {
        let seq = start;
        const seqSlots = slots.map((s) => ({ seq: (seq += s.gap + 1), attempts: s.attempts }));
        const { from, o } = encodeOutcomes(seqSlots);
        expect(slotsOf(from, o)).toEqual(decodeOutcomes(from, o));
      }),
    );
  });

  it('let only http(s) links through', () => {
    expect(safeUrl('javascript:alert(1)')).toBeUndefined();
    expect(safeUrl('data:text/html,<b>')).toBeUndefined();
    expect(safeUrl('https://github.com/o/r')).toBe('https://github.com/o/r');
    expect(repoUrlOf('https://github.com/o/r/actions/runs/1/attempts/1')).toBe('https://github.com/o/r');
    expect(repoUrlOf('https://github.com/o/r/pulls')).toBeUndefined();
    // A link edited by hand, its escape broken: no link, never an exception (the page and the org build read it).
    expect(repoUrlOf('https://github.com/o/%E0%A4%A/actions/runs/1/attempts/1')).toBeUndefined();
    expect(repoUrlOf('https://github.com/o%20x/r/actions/runs/1')).toBe('https://github.com/o%20x/r');
  });
});

describe('the model of a branch written by applyRun', () => {
  const files = hostileBranchFiles();
  const model = modelOf(files);

  it('counts runs, failures, flakes, retries and outages per run', () => {
    expect(model.points.map((p) => p.seq)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(model.points.map((p) => p.flaked)).toEqual([0, 1, 0, 1, 0, 1, 0, 1]);
    expect(model.points.map((p) => p.failed)).toEqual([0, 0, 0, 8, 0, 1, 0, 0]);
    expect(model.points.map((p) => p.outageFailed)).toEqual([0, 0, 0, 8, 0, 0, 0, 0]);
    expect(model.points.map((p) => p.retried)).toEqual([0, 1, 0, 1, 0, 2, 0, 1]);
    expect(model.points.map((p) => p.redWith)).toEqual([false, false, false, true, false, true, false, false]);
    // Run 6's only failure is CartTest::removes, which never flaked: red, but not because of a flaky test.
    expect(model.points[5]!.redFlakyWithout).toBe(false);
    const s = summarize(model);
    expect(s).toMatchObject({ runs: 8, tests: 11, quarantined: 2, redWithout: 2, redWith: 2, outageRuns: 1 });
  });

  it('finds, sorts and filters tests, and details one', () => {
    const flaky = queryTests(model.tests, { state: 'flaky-or-quarantined' });
    expect(flaky.map((t) => t.history.name)).toEqual([HOSTILE_NAME, 'adds']);
    expect(queryTests(model.tests, { text: 'DBTEST', state: 'any' })).toHaveLength(8);
    expect(queryTests(model.tests, { state: 'any', sort: 'name' }).map((t) => t.id)).toEqual([...model.byId.keys()].sort());
    const hostile = testDetail(model, flaky[0]!);
    expect(hostile.strip.map((c) => c.attempts).join(' ')).toBe('P FP P FP P FP P FP');
    expect(hostile.modes).toHaveLength(1);
    expect(hostile.modes[0]!.count).toBe(4);
    expect(hostile.strip[1]!.commitUrl).toBe(`https://github.com/octo/shop/commit/${'1'.repeat(40)}`);
    // DbTest failed only in run 4's outage: no evidence about it, so it is not "failing"; CartTest::removes is.
    expect(model.byId.get('com.shop.DbTest::q0')!.state).toBe('stable');
    expect(model.byId.get('com.shop.CartTest::removes')!.state).toBe('failing');
    const adds = model.byId.get('com.shop.CartTest::adds')!;
    expect(adds.state).toBe('by-hand');
    expect(adds.stats?.overrideReason).toBe(HOSTILE_REASON);
  });

  it('sizes the backlog', () => {
    const b = backlog(model);
    expect(b.quarantined).toHaveLength(2);
    expect(b.byHand).toBe(1);
    expect(b.ages.reduce((n, a) => n + a.count, 0)).toBe(2);
    expect(b.owners).toEqual([
      { owner: '@alice', count: 1 },
      { owner: '@octo/core', count: 1 },
      { owner: '@octo/shop', count: 1 },
    ]);
    // 4 failed attempts of the flaky test × its newest duration (1.5 s).
    expect(b.lostSec).toBe(6);
  });
});

describe("one test's timeline (decisions.json)", () => {
  it('lists its decisions newest first, with links to their runs, and its issue', () => {
    const files = hostileBranchFiles();
    const model = modelOf(files);
    const { log, problems } = parseDecisions(files.get('decisions.json')!);
    expect(problems).toEqual([]);
    expect(log!.from).toBe(1);
    const hostile = log!.tests.get(`${HOSTILE_CLASS}::${HOSTILE_NAME}`)!;
    expect(hostile.issue).toBe(HOSTILE_ISSUE);
    expect(timelineRows(model, hostile)).toEqual([
      {
        seq: 2,
        time: Date.parse(hostile.events[0]!.at),
        runUrl: 'https://github.com/octo/shop/actions/runs/7001/attempts/1',
        event: 'quarantined',
        quarantined: true,
        by: 'rule',
        reason: expect.stringMatching(/^failed and passed on the same commit once in 2 runs/),
      },
    ]);
    const adds = timelineRows(model, log!.tests.get('com.shop.CartTest::adds'));
    expect(adds).toMatchObject([{ seq: 6, event: 'hand override', quarantined: true, by: 'hand' }]);
    expect(adds[0]!.reason).toContain(HOSTILE_REASON);
    expect(timelineRows(model, undefined)).toEqual([]);
    expect(issueUrl(model.repoUrl, HOSTILE_ISSUE)).toBe('https://github.com/octo/shop/issues/42');
    expect(issueUrl(model.repoUrl, 0)).toBeUndefined();
    expect(issueUrl(model.repoUrl, 1.5)).toBeUndefined();
    expect(issueUrl(undefined, 3)).toBeUndefined();
  });

  it('says counts and windows in words that fit the numbers', () => {
    expect(count(1, 'flaky test')).toBe('1 flaky test');
    expect(count(0, 'run')).toBe('0 runs');
    expect(count(2, 'day')).toBe('2 days');
    expect(rollingWindow(20)).toBe('over the last 20 runs');
    expect(rollingWindow(200)).toBe('over the last 20 runs');
    expect(rollingWindow(8)).toBe('over the runs so far: 8 runs on the branch');
    expect(rollingWindow(1)).toBe('over the runs so far: 1 run on the branch');
  });
});
