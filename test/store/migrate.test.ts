/**
 * A branch written by flakeguard 0.1 (schema 1, captured from a real run of the examples) is read, migrated and
 * rewritten in the current schema without losing a run, a decision or a hand edit.
 */
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parseSnapshot } from '../../src/store/snapshot.ts';
import { applyRun } from '../../src/pipeline/apply.ts';
import { SCHEMA_VERSION } from '../../src/store/layout.ts';
import { parsedTest, runContext } from '../support/builders.ts';

const FIXTURE = join(import.meta.dirname, '../fixtures/data-branch-v1');

function readTree(dir: string, prefix = ''): Map<string, string> {
  const files = new Map<string, string>();
  for (const name of readdirSync(join(dir, prefix))) {
    const path = prefix ? `${prefix}/${name}` : name;
    if (statSync(join(dir, path)).isDirectory()) for (const [p, t] of readTree(dir, path)) files.set(p, t);
    else files.set(path, readFileSync(join(dir, path), 'utf8'));
  }
  return files;
}

describe('schema 1 → 2', () => {
  const v1 = readTree(FIXTURE);

  it('reads every run of every test, in time order', () => {
    const snapshot = parseSnapshot(v1);
    expect(snapshot.readSchema).toBe(1);
    expect(snapshot.problems).toEqual([]);
    expect(snapshot.history.size).toBe(5);
    const flaky = snapshot.history.get('api.Client::retries on 503')!;
    expect(flaky.runs.map((r) => r.attempts)).toEqual(['P', 'FP', 'FP', 'FF', 'FF']);
    expect(flaky.runs.map((r) => new Date(r.time).toISOString().slice(0, 10))).toEqual(['2026-11-16', '2026-11-17', '2026-11-18', '2026-11-19', '2026-11-20']);
    expect(flaky.file).toBe('tests/api/client.test.ts');
    expect([...snapshot.runs.values()].map((r) => r.seq)).toEqual([1, 2, 3, 4, 5]);
    expect(snapshot.stats.get('api.Client::retries on 503')!.quarantined).toBe(true);
  });

  it('rewrites the branch in the current schema with the same history and decisions', () => {
    const before = parseSnapshot(v1);
    const next = applyRun({
      snapshot: before,
      // Failing as it failed flakily before (a new message would not be forgiven: src/policy/forgive.ts).
      reports: { tests: [parsedTest('api.Client::retries on 503', 'F', { attempts: [{ status: 'failed', message: 'timeout of 5000ms exceeded' }] })], problems: [], filesRead: 1 },
      filesMatched: 1,
      testOutcome: 'failure',
      run: runContext(6, { time: Date.parse('2026-11-21T09:00:00Z') }),
      now: Date.parse('2026-11-21T09:00:00Z'),
    });
    // The quarantine stored in schema 1 still forgives.
    expect(next.outcome.forgiven.map((t) => t.id)).toEqual(['api.Client::retries on 503']);
    expect(JSON.parse(next.files.get('flakeguard.json')!).schema).toBe(SCHEMA_VERSION);
    const after = parseSnapshot(next.files);
    expect(after.readSchema).toBe(SCHEMA_VERSION);
    for (const [id, test] of before.history) {
      const migrated = after.history.get(id)!;
      expect(migrated.runs.slice(0, test.runs.length).map(({ run, sha, time, attempts, message }) => ({ run, sha, time, attempts, message }))).toEqual(
        test.runs.map(({ run, sha, time, attempts, message }) => ({ run, sha, time, attempts, message })),
      );
    }
    expect(after.history.get('api.Client::retries on 503')!.runs.map((r) => r.attempts)).toEqual(['P', 'FP', 'FP', 'FF', 'FF', 'F']);
  });

  it('keeps a hand edit made in a schema-1 stats file', () => {
    const edited = new Map(v1);
    edited.set('stats/00.json', v1.get('stats/00.json')!.replace('"cart.Stock::reserves items": {"override":null', '"cart.Stock::reserves items": {"override":"never"'));
    const next = applyRun({
      snapshot: parseSnapshot(edited),
      reports: { tests: [parsedTest('cart.Stock::reserves items', 'P')], problems: [], filesRead: 1 },
      filesMatched: 1,
      testOutcome: 'success',
      run: runContext(6),
      now: runContext(6).time,
    });
    expect(parseSnapshot(next.files).overrides.get('cart.Stock::reserves items')!.override).toEqual({ action: 'never' });
  });
});
