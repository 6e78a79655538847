/**
 * Every file of the data branch fails closed (issue #13): each file × each kind of damage is found, named with
 * its file and line, and makes the snapshot damaged, so that the branch is never rewritten from what could be read.
 * The dist-level runs are in test/e2e/data-branch-safety.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { applyRun } from '../../src/pipeline/apply.ts';
import { damageReason, parseSnapshot } from '../../src/store/snapshot.ts';
import type { ParsedTestCase, RunContext } from '../../src/model.ts';

const run = (n: number, attempts = 'P'): { run: RunContext; tests: ParsedTestCase[] } => ({
  run: {
    key: `${n}/test/abc`,
    runId: String(n),
    runAttempt: 1,
    job: 'test',
    workflow: 'CI',
    sha: `sha${n}`,
    ref: 'refs/heads/main',
    onDefaultBranch: true,
    event: 'push',
    time: 1_700_000_000_000 + n * 60_000,
  },
  tests: ['a', 'b'].map((name) => ({
    id: `pkg.S::${name}`,
    name,
    classname: 'pkg.S',
    suite: 's',
    report: 'r.xml',
    attempts: [...attempts].map((c) => ({ status: c === 'P' ? ('passed' as const) : ('failed' as const), message: 'boom' })),
  })),
});

/** A sound branch of three runs, as the action writes it. */
function soundBranch(): Map<string, string> {
  let files = new Map<string, string>();
  for (const n of [1, 2, 3]) {
    const r = run(n);
    files = applyRun({ snapshot: parseSnapshot(files), reports: { tests: r.tests, problems: [], filesRead: 1 }, filesMatched: 1, testOutcome: 'success', run: r.run, now: r.run.time }).files;
  }
  return files;
}

type Damage = [file: string, kind: string, edit: (files: Map<string, string>) => void, line: number | undefined, message: RegExp];
const set = (path: string, f: (text: string) => string) => (files: Map<string, string>) => files.set(path, f(files.get(path)!));

const damages: Damage[] = [
  ['flakeguard.json', 'truncated JSON', set('flakeguard.json', (t) => t.slice(0, t.length - 8)), undefined, /not valid JSON/],
  ['flakeguard.json', 'wrong type of a field', set('flakeguard.json', (t) => t.replace(/"shards": 1/, '"shards": "one"')), 1, /"shards" must be/],
  ['flakeguard.json', 'wrong type of an ingestion key', set('flakeguard.json', (t) => t.replace(/("2\/test\/abc#1"): \d+/, '$1: "yesterday"')), 3, /ingestion key .* must map to a time/],
  ['flakeguard.json', 'newer schema', set('flakeguard.json', (t) => t.replace('"schema": 4', '"schema": 5')), 1, /schema 5 by a newer flakeguard/],
  ['flakeguard.json', 'not an object', set('flakeguard.json', () => '[1, 2]\n'), 1, /expected a JSON object/],
  ['flakeguard.json', 'missing while runs.json exists', (f) => f.delete('flakeguard.json'), undefined, /is missing, but the branch holds runs\.json/],
  ['runs.json', 'truncated JSON', set('runs.json', (t) => t.slice(0, t.length - 30)), 4, /not valid JSON/],
  ['runs.json', 'wrong type in a row', set('runs.json', (t) => t.replace(/^("00000002": \["2\/test\/abc","sha2",)\d+/m, '$1"noon"')), 3, /run "00000002" is not in the expected form/],
  ['runs.json', 'other schema than the branch', set('runs.json', (t) => t.replace('"schema": 4', '"schema": 1')), 1, /written in schema 1, but the branch .* schema 4/],
  ['runs.json', 'the same run key twice', set('runs.json', (t) => t.replace('"3/test/abc"', '"2/test/abc"')), 4, /appears twice/],
  ['runs.json', 'missing while history refers to it', (f) => f.delete('runs.json'), undefined, /runs\.json.*is missing|is missing, but history\/00\.json/],
  ['history/00.json', 'truncated JSON', set('history/00.json', (t) => t.slice(0, t.length - 10)), 3, /not valid JSON/],
  ['history/00.json', 'wrong type of a field', set('history/00.json', (t) => t.replace('"o":"PPP"', '"o":3')), 2, /history of 'pkg.S::a' is not in the expected form/],
  ['history/00.json', 'malformed outcomes', set('history/00.json', (t) => t.replace('"o":"PPP"', '"o":"P(PX"')), 2, /not in the expected form/],
  ['history/00.json', 'other schema than the branch', set('history/00.json', (t) => t.replace('"schema": 4', '"schema": 7')), 1, /written in schema 7/],
  [
    'history/00.json',
    'refers to a run runs.json does not have',
    set('history/00.json', (t) => t.replace(/"from":1,"o":"PPP"/, '"from":1,"o":"PPPP"')),
    2,
    /refers to run 4, which runs\.json does not have/,
  ],
  ['history/01.json', 'a test in two history files', (f) => f.set('history/01.json', f.get('history/00.json')!), 2, /also in another history file/],
];

describe('a damaged data branch', () => {
  it('the sound branch reads without a problem', () => {
    const snapshot = parseSnapshot(soundBranch());
    expect(snapshot.damaged).toEqual([]);
    expect(snapshot.history.get('pkg.S::a')!.runs).toHaveLength(3);
  });

  it.each(damages)('%s, %s: damaged, named with its file and line', (file, _kind, edit, line, message) => {
    const files = soundBranch();
    edit(files);
    const snapshot = parseSnapshot(files);
    expect(snapshot.damaged.length).toBeGreaterThan(0);
    const first = snapshot.damaged[0]!;
    expect(first.file === file || first.message.includes(file)).toBe(true);
    if (line !== undefined) expect(first.line).toBe(line);
    expect(first.message).toMatch(message);
    const reason = damageReason(snapshot)!;
    expect(reason).toContain(first.file);
    if (first.line) expect(reason).toContain(`${first.file}:${first.line}`);
  });

  it.each(damages)('%s, %s: the run fails and forgives nothing, whatever was quarantined', (_file, _kind, edit) => {
    const files = soundBranch();
    // `a` is quarantined by hand: a sound branch would forgive its failure.
    // (Schema 3 writes no stats line for a test that never failed: the person writes one.)
    expect(files.has('stats/00.json')).toBe(false);
    files.set('stats/00.json', '{"schema": 3, "tests": {\n"pkg.S::a": {"override":"quarantine"}\n}}\n');
    const failing = run(4, 'F');
    const sound = applyRun({
      snapshot: parseSnapshot(files),
      reports: { tests: [failing.tests[0]!], problems: [], filesRead: 1 },
      filesMatched: 1,
      testOutcome: 'failure',
      run: failing.run,
      now: failing.run.time,
    });
    expect(sound.outcome.result).toBe('success');
    edit(files);
    const damaged = applyRun({
      snapshot: parseSnapshot(files),
      reports: { tests: [failing.tests[0]!], problems: [], filesRead: 1 },
      filesMatched: 1,
      testOutcome: 'failure',
      run: failing.run,
      now: failing.run.time,
    });
    expect(damaged.outcome.result).toBe('failure');
    expect(damaged.outcome.forgiven).toEqual([]);
    expect(damaged.outcome.reasons.join(' ')).toMatch(/The data branch is damaged/);
  });
});
