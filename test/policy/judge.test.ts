/**
 * The quarantine before a run and the judgement of its failures (src/policy/judge.ts), called with the run's commit
 * alone: what the re-run step and each shard of an ingestion ask before applyRun.
 */
import { describe, expect, it } from 'vitest';
import { applyRun } from '../../src/pipeline/apply.ts';
import { judgeFailures, quarantineBefore, withDamage } from '../../src/policy/judge.ts';
import { DEFAULT_POLICY } from '../../src/policy/quarantine.ts';
import type { Attempt, ParsedTestCase } from '../../src/model.ts';
import { emptySnapshot, parseSnapshot } from '../../src/store/snapshot.ts';
import { parsedTest, runContext } from '../support/builders.ts';

const failing = (id: string, message: string): ParsedTestCase => parsedTest(id, 'F', { attempts: [{ status: 'failed', message } as Attempt] });

describe('quarantineBefore and judgeFailures', () => {
  // x and y flip on sha1 with a timeout (both quarantined).
  const run = runContext(1);
  const first = applyRun({
    snapshot: emptySnapshot(),
    reports: {
      tests: [
        parsedTest('x', 'FP', { attempts: [{ status: 'failed', message: 'timeout' }, { status: 'passed' }] }),
        parsedTest('y', 'FP', { attempts: [{ status: 'failed', message: 'timeout' }, { status: 'passed' }] }),
      ],
      problems: [],
      filesRead: 1,
    },
    filesMatched: 1,
    testOutcome: '',
    run,
    now: run.time,
  });
  const snapshot = parseSnapshot(first.files);
  const now = runContext(2).time;

  it('reads the quarantine as the branch holds it, a hand override on top', () => {
    expect([...quarantineBefore(snapshot, now).quarantined].sort()).toEqual(['x', 'y']);
    expect(quarantineBefore(snapshot, now).byHand.size).toBe(0);
    const edited = new Map(first.files);
    edited.set('stats/00.json', first.files.get('stats/00.json')!.replace('"y": {"override":null', '"y": {"override":"quarantine"'));
    const before = quarantineBefore(parseSnapshot(edited), now);
    expect(edited.get('stats/00.json')).toContain('"y": {"override":"quarantine"');
    expect([...before.quarantined].sort()).toEqual(['x', 'y']);
    expect([...before.byHand]).toEqual(['y']);
  });

  it('forgives a new failure mode on a commit the test passed on, not on another commit', () => {
    const before = quarantineBefore(snapshot, now);
    const tests = [failing('x', 'NullPointerException at Client.java:12'), failing('y', 'timeout')];
    expect([...judgeFailures(snapshot, before, tests, 'sha1', { policy: DEFAULT_POLICY }).unforgiven.keys()]).toEqual([]);
    expect([...judgeFailures(snapshot, before, tests, 'sha2', { policy: DEFAULT_POLICY }).unforgiven.keys()]).toEqual(['x']);
    expect(judgeFailures(snapshot, before, [failing('x', 'timeout')], 'sha2', { policy: DEFAULT_POLICY }).unforgiven.size).toBe(0);
  });

  it('leaves the outcome of an undamaged branch as it is', () => {
    const outcome = first.outcome;
    expect(withDamage(snapshot, outcome)).toBe(outcome);
  });
});
