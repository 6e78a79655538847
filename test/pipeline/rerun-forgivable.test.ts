/**
 * Which failed tests are re-run past rerun-attempts-max (docs/rerun.md, "Past the maximum"): those whose quarantine
 * would forgive them if their re-runs ran out, by the same rules as applyRun.
 */
import { describe, expect, it } from 'vitest';
import { applyRun, type ApplyInput } from '../../src/pipeline/apply.ts';
import { quarantinedIfExhausted } from '../../src/pipeline/rerun.ts';
import type { Attempt, ParsedTestCase } from '../../src/model.ts';
import { emptySnapshot, parseSnapshot, type Snapshot } from '../../src/store/snapshot.ts';
import { parsedTest, runContext } from '../support/builders.ts';
import { normalizeErrorMessage } from '../../src/history/error-message.ts';
import { DEFAULT_POLICY } from '../../src/policy/quarantine.ts';

function input(snapshot: Snapshot, tests: ParsedTestCase[], n: number): ApplyInput {
  const run = runContext(n);
  return { snapshot, reports: { tests, problems: [], filesRead: 1 }, filesMatched: 1, testOutcome: '', run, now: run.time };
}

const failing = (id: string, message: string): ParsedTestCase => parsedTest(id, 'F', { attempts: [{ status: 'failed', message } as Attempt] });

describe('quarantinedIfExhausted', () => {
  // x and y flip on one commit with 'timeout after 5000 ms' (quarantined: a same-commit flip); z only passes.
  const first = applyRun(
    input(
      emptySnapshot(),
      [
        parsedTest('x', 'FP', { attempts: [{ status: 'failed', message: 'timeout after 5000 ms' }, { status: 'passed' }] }),
        parsedTest('y', 'FP', { attempts: [{ status: 'failed', message: 'timeout after 5000 ms' }, { status: 'passed' }] }),
        parsedTest('z', 'P'),
      ],
      1,
    ),
  );
  const snapshot = parseSnapshot(first.files);
  const now = runContext(2).time;
  const judged = (tests: ParsedTestCase[], snap = snapshot, historyId = (id: string) => id) => quarantinedIfExhausted(snap, tests, historyId, 'sha2', DEFAULT_POLICY, normalizeErrorMessage, now);
  const forgivable = (tests: ParsedTestCase[], snap = snapshot, historyId = (id: string) => id): string[] => [...judged(tests, snap, historyId).forgivable].sort();
  const unforgivable = (tests: ParsedTestCase[], snap = snapshot, historyId = (id: string) => id): string[] => [...judged(tests, snap, historyId).unforgivable].sort();

  it('is a quarantined test failing with a failure mode it showed flakily: running out of re-runs would forgive it', () => {
    expect(first.quarantined).toEqual(['x', 'y']);
    expect(forgivable([failing('x', 'timeout after 5000 ms'), failing('y', 'timeout after 5000 ms')])).toEqual(['x', 'y']);
  });

  it('is not a test that would block anyway: not quarantined, or failing with a message never seen in its flaky failures', () => {
    expect(forgivable([failing('z', 'timeout after 5000 ms')])).toEqual([]);
    expect(forgivable([failing('x', 'NullPointerException at Client.java:12')])).toEqual([]);
    expect(forgivable([failing('never-seen', 'timeout after 5000 ms')])).toEqual([]);
  });

  it('unforgivable: a quarantined test failing with a message never seen flakily (it blocks if its re-runs run out), never one not quarantined', () => {
    expect(unforgivable([failing('x', 'NullPointerException at Client.java:12'), failing('y', 'timeout after 5000 ms')])).toEqual(['x']);
    expect(unforgivable([failing('z', 'NullPointerException at Client.java:12'), failing('never-seen', 'boom')])).toEqual([]);
  });

  it('is not a test quarantined by hand: every failure of it is forgiven whatever its re-runs say', () => {
    const edited = new Map(first.files);
    edited.set('stats/00.json', first.files.get('stats/00.json')!.replace('"y": {"override":null', '"y": {"override":"quarantine"'));
    expect(edited.get('stats/00.json')).toContain('"y": {"override":"quarantine"');
    expect(forgivable([failing('x', 'timeout after 5000 ms'), failing('y', 'timeout after 5000 ms')], parseSnapshot(edited))).toEqual(['x']);
    expect(unforgivable([failing('y', 'NullPointerException at Client.java:12')], parseSnapshot(edited))).toEqual([]);
  });

  it('answers with the report ids, judging by the history ids', () => {
    expect(forgivable([failing('x [shard]', 'timeout after 5000 ms')], snapshot, (id) => id.replace(' [shard]', ''))).toEqual(['x [shard]']);
    expect(unforgivable([failing('x [shard]', 'a new message')], snapshot, (id) => id.replace(' [shard]', ''))).toEqual(['x [shard]']);
  });
});
