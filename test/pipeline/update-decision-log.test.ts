/**
 * decisions.json written by applyRun run after run (src/pipeline/update-decision-log.ts): every change of a test's quarantine
 * decision is one event; nothing else rewrites the file.
 */
import { describe, expect, it } from 'vitest';
import { applyRun, DEFAULT_APPLY_OPTIONS, type ApplyInput, type ApplyOptions, type ApplyResult } from '../../src/pipeline/apply.ts';
import { updateDecisionLog } from '../../src/pipeline/update-decision-log.ts';
import type { ParsedTestCase } from '../../src/model.ts';
import { emptySnapshot, parseSnapshot } from '../../src/store/snapshot.ts';
import { DECISIONS_FILE, MAX_EVENTS_PER_TEST, MAX_REASON_CHARS, parseDecisions, type DecisionEvent } from '../../src/store/decisions.ts';
import { DEFAULT_POLICY } from '../../src/policy/quarantine.ts';
import { SCHEMA_VERSION, renderStatsShard, type StatsLine } from '../../src/store/layout.ts';
import { parsedTest, runContext } from '../support/builders.ts';

const OPTIONS: ApplyOptions = { ...DEFAULT_APPLY_OPTIONS, policy: { ...DEFAULT_POLICY, releaseAfterCleanRuns: 2 } };

/** A branch written run after run; `edit` changes its files between runs, as a person would. */
class Branch {
  files = new Map<string, string>();
  n = 0;
  last?: ApplyResult;
  private readonly options: ApplyOptions;
  constructor(options: ApplyOptions = OPTIONS) {
    this.options = options;
  }

  run(tests: ParsedTestCase[], extra: Partial<ApplyInput> = {}): ApplyResult {
    const run = runContext(++this.n);
    const snapshot = this.files.size ? parseSnapshot(this.files) : emptySnapshot();
    this.last = applyRun({ snapshot, reports: { tests, problems: [], filesRead: 1 }, filesMatched: 1, testOutcome: '', run, now: run.time, ...extra }, this.options);
    this.files = this.last.files;
    return this.last;
  }

  /**
   * Edits the stats line of `id` in stats/00.json as a person would; a test without a line (schema 3 writes none for a
   * test with nothing to say) gets one. The other lines keep their bytes (the store's own renderer).
   */
  editLine(id: string, edit: (entry: Record<string, unknown>) => Record<string, unknown>): void {
    const text = this.files.get('stats/00.json') ?? `{"schema": ${SCHEMA_VERSION}, "tests": {}}`;
    const tests = (JSON.parse(text) as { tests: Record<string, Record<string, unknown>> }).tests;
    tests[id] = edit(tests[id] ?? { override: null });
    const next = renderStatsShard(Object.entries(tests) as Array<[string, StatsLine]>);
    expect(next).not.toBe(text);
    this.files = new Map(this.files).set('stats/00.json', next);
  }

  events(id: string): DecisionEvent[] {
    return parseDecisions(this.files.get(DECISIONS_FILE)!).log!.tests.get(id)?.events ?? [];
  }

  brief(id: string): string[] {
    return this.events(id).map((e) => `${e.run} ${e.event} ${e.quarantined ? 'Q' : '-'} ${e.by}`);
  }
}

const setOverride = (value: unknown) => (entry: Record<string, unknown>) => ({ ...entry, override: value });

describe('decisions.json, written by each run', () => {
  it('records a quarantine entering and its release, with the run, the time and the reason; no other run rewrites it', () => {
    const b = new Branch();
    b.run([parsedTest('x', 'P'), parsedTest('y', 'P')]);
    expect(JSON.parse(b.files.get(DECISIONS_FILE)!)).toEqual({ schema: SCHEMA_VERSION, from: 1, tests: {} });
    b.run([parsedTest('x', 'FP'), parsedTest('y', 'P')]);
    const entered = b.events('x');
    expect(entered).toEqual([{ run: 2, at: new Date(runContext(2).time).toISOString(), event: 'quarantined', quarantined: true, by: 'rule', reason: b.last!.decisions.get('x')!.reason }]);
    expect(entered[0]!.reason).toMatch(/^failed and passed on the same commit once/);

    // Still quarantined: the file is the same text (the commit does not touch it).
    const before = b.files.get(DECISIONS_FILE);
    b.run([parsedTest('x', 'P'), parsedTest('y', 'P')]);
    expect(b.files.get(DECISIONS_FILE)).toBe(before);
    b.run([parsedTest('x', 'P'), parsedTest('y', 'P')]);
    expect(b.brief('x')).toEqual(['2 quarantined Q rule', '4 released - rule']);
    expect(b.events('x')[1]!.reason).toMatch(/^released: passed at the first attempt/);
    expect(b.events('y')).toEqual([]);
    expect(JSON.parse(b.files.get(DECISIONS_FILE)!).tests.y).toBeUndefined();
  });

  it('records a hand override set, changed and cleared, and one that lapses', () => {
    const b = new Branch();
    b.run([parsedTest('x', 'P'), parsedTest('z', 'P')]);
    b.editLine('x', setOverride({ action: 'quarantine', reason: 'JIRA-1 <b>' }));
    b.editLine('z', setOverride({ action: 'quarantine', until: new Date(runContext(2).time + 1000).toISOString() }));
    b.run([parsedTest('x', 'P'), parsedTest('z', 'P')]);
    expect(b.brief('x')).toEqual(['2 override Q hand']);
    expect(b.events('x')[0]!.reason).toContain('JIRA-1 <b>');
    expect(b.brief('z')).toEqual(['2 override Q hand']);
    const quiet = b.files.get(DECISIONS_FILE);

    b.editLine('x', setOverride('never'));
    b.run([parsedTest('x', 'P'), parsedTest('z', 'P')]);
    expect(b.brief('x')).toEqual(['2 override Q hand', '3 override - hand']);
    expect(b.brief('z')).toEqual(['2 override Q hand', '3 override lapsed - rule']);
    expect(b.files.get(DECISIONS_FILE)).not.toBe(quiet);

    b.editLine('x', setOverride(null));
    b.run([parsedTest('x', 'P'), parsedTest('z', 'P')]);
    expect(b.brief('x')).toEqual(['2 override Q hand', '3 override - hand', '4 override cleared - rule']);
    // The lapsed override stays in the stats line as written: nothing more to record.
    expect(b.brief('z')).toEqual(['2 override Q hand', '3 override lapsed - rule']);
  });

  it('records honoured hand edits of "quarantined", with what the edit did', () => {
    const b = new Branch();
    // x failed once (breakage, not quarantined): it has a stats line, with its fingerprint, to edit.
    b.run([parsedTest('x', 'F'), parsedTest('y', 'FP')]);
    expect(b.brief('y')).toEqual(['1 quarantined Q rule']);
    b.editLine('x', (e) => ({ ...e, quarantined: true }));
    b.editLine('y', (e) => ({ ...e, quarantined: false }));
    b.run([parsedTest('x', 'P'), parsedTest('y', 'P')]);
    expect(b.last!.handEdits.map((e) => e.effect).sort()).toEqual(['quarantine', 'release']);
    expect(b.brief('x')).toEqual(['2 hand edit Q hand']);
    expect(b.events('x')[0]!.reason).toContain('"quarantined": true set by hand');
    expect(b.brief('y')).toEqual(['1 quarantined Q rule', '2 hand edit - hand']);
    expect(b.events('y')[1]!.reason).toMatch(/^"quarantined": false of 'y' in stats\/00\.json was set by hand: released now/);
    // The next run reads the edit-made override: nothing new.
    const text = b.files.get(DECISIONS_FILE);
    b.run([parsedTest('x', 'P'), parsedTest('y', 'P')]);
    expect(b.files.get(DECISIONS_FILE)).toBe(text);
  });

  it("records a release by an issue closed by hand, and the test's issue number", () => {
    const b = new Branch({ ...OPTIONS, policy: DEFAULT_POLICY });
    b.run([parsedTest('x', 'FP')], { issueOf: (id) => (id === 'x' ? 7 : undefined) });
    expect(JSON.parse(b.files.get(DECISIONS_FILE)!).tests.x.issue).toBe(7);
    const text = b.files.get(DECISIONS_FILE);
    b.run([parsedTest('x', 'P')], { issueOf: (id) => (id === 'x' ? 7 : undefined) });
    expect(b.files.get(DECISIONS_FILE)).toBe(text);
    b.run([parsedTest('x', 'P')], { closedByHand: (id) => (id === 'x' ? { issue: 7, since: runContext(2).time + 1 } : undefined) });
    expect(b.brief('x')).toEqual(['1 quarantined Q rule', '3 issue closed - hand']);
    expect(b.events('x')[1]!.reason).toMatch(/^issue #7 was closed as completed/);
    // The number stays when the step does not know it this run (no token, listing failed).
    expect(JSON.parse(b.files.get(DECISIONS_FILE)!).tests.x.issue).toBe(7);
    // A test with an issue and no decision yet gets a line with the number alone.
    b.run([parsedTest('x', 'P'), parsedTest('w', 'F')], { issueOf: (id) => (id === 'w' ? 9 : undefined) });
    expect(JSON.parse(b.files.get(DECISIONS_FILE)!).tests.w).toEqual({ issue: 9, events: [] });
  });

  it(`keeps the last ${MAX_EVENTS_PER_TEST} events of a test, cuts long reasons, and drops tests that left the history`, () => {
    const b = new Branch({ ...OPTIONS, retention: { maxRuns: 100, maxAgeDays: 1 } });
    b.run([parsedTest('x', 'P'), parsedTest('gone', 'FP')]);
    expect(b.brief('gone')).toEqual(['1 quarantined Q rule']);
    for (let i = 0; i < MAX_EVENTS_PER_TEST + 5; i++) {
      b.editLine('x', setOverride(i % 2 === 0 ? { action: 'quarantine', reason: 'r'.repeat(2000) } : null));
      b.run([parsedTest('x', 'P')]);
    }
    const events = b.events('x');
    expect(events).toHaveLength(MAX_EVENTS_PER_TEST);
    expect(events.at(-1)!.run).toBe(b.n);
    expect(events[0]!.run).toBe(b.n - MAX_EVENTS_PER_TEST + 1);
    expect(Math.max(...events.map((e) => e.reason.length))).toBe(MAX_REASON_CHARS);
    // 'gone' ran only in run 1: once that run is older than a day (max-age-days: 1) before the newest run already on the
    // branch (src/pipeline/clock.ts), the test is forgotten, and so is its timeline.
    b.run([parsedTest('x', 'P')]);
    expect(b.last!.history.has('gone')).toBe(false);
    expect(JSON.parse(b.files.get(DECISIONS_FILE)!).tests.gone).toBeUndefined();
  });

  it('starts the file on a branch written before it existed, from the run that writes it', () => {
    const b = new Branch({ ...OPTIONS, policy: { ...DEFAULT_POLICY, releaseAfterCleanRuns: 3 } });
    b.run([parsedTest('x', 'FP')]);
    b.run([parsedTest('x', 'P')]);
    b.files.delete(DECISIONS_FILE);
    b.run([parsedTest('x', 'P')]);
    // Its quarantine began before the file: no event is made up for it.
    expect(JSON.parse(b.files.get(DECISIONS_FILE)!)).toEqual({ schema: SCHEMA_VERSION, from: 3, tests: {} });
    b.run([parsedTest('x', 'P')]);
    expect(b.brief('x')).toEqual(['4 released - rule']);
  });
});

describe('a damaged decisions.json', () => {
  it('is kept byte for byte, reported, and changes nothing else of the run', () => {
    const b = new Branch();
    b.run([parsedTest('x', 'P')]);
    const broken = '{"schema": 2, "from": 1, "tests": {\n"x": {"events": [ <- a person was here\n}}\n';
    b.files = new Map(b.files).set(DECISIONS_FILE, broken);
    const result = b.run([parsedTest('x', 'FP')]);
    expect(result.newlyQuarantined).toEqual(['x']);
    expect(result.outcome.result).toBe('success');
    expect(b.files.get(DECISIONS_FILE)).toBe(broken);
    expect(result.problems).toEqual([expect.objectContaining({ file: DECISIONS_FILE, line: 2 })]);
    expect(result.problems[0]!.message).toMatch(/not valid JSON/);
  });

  it('keeps an entry a person broke as written, and goes on recording the others', () => {
    const b = new Branch();
    b.run([parsedTest('x', 'FP'), parsedTest('y', 'P')]);
    const text = b.files.get(DECISIONS_FILE)!.replace('"by":"rule"', '"by":"me"');
    b.files = new Map(b.files).set(DECISIONS_FILE, text);
    const result = b.run([parsedTest('x', 'P'), parsedTest('y', 'FP')]);
    expect(result.problems.map((p) => p.file)).toEqual([DECISIONS_FILE]);
    const written = JSON.parse(b.files.get(DECISIONS_FILE)!);
    expect(written.tests.x).toEqual(JSON.parse(text).tests.x);
    expect(b.brief('y')).toEqual(['2 quarantined Q rule']);
  });
});

describe('updateDecisionLog', () => {
  it('records nothing and keeps the text when the run is not in the history', () => {
    const update = updateDecisionLog({ previous: 'anything', stats: new Map(), decisions: new Map(), tests: new Set(), skip: () => false, lapsed: new Set(), edits: [], run: undefined, at: 'now' });
    expect(update).toEqual({ text: 'anything', problems: [], recorded: 0 });
  });
});
