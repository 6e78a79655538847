/**
 * A quiet file read by its form (src/store/quiet-read.ts, docs/adr/0527-quiet-files-read-by-their-form.md) gives the
 * snapshot the general reader gives, field for field: the stored tests in their order, the quiet reads, the quiet
 * shards kept, the stats, and every problem with its file and line. Compared on branches written by the step
 * (fp and file forms, no file, durations, lagging `from`s trimmed on read) and on hundreds of hand-damaged copies.
 */
import { describe, expect, it } from 'vitest';
import { applyRun, type ApplyOptions, type ApplyResult } from '../../src/pipeline/apply.ts';
import type { ParsedTestCase } from '../../src/model.ts';
import { emptySnapshot, parseSnapshot, type Snapshot } from '../../src/store/snapshot.ts';
import { parsedTest, runContext } from '../support/builders.ts';
import { DEFAULT_POLICY } from '../../src/policy/quarantine.ts';
import { DEFAULT_READ_BOUNDS } from '../../src/store/read-bounds.ts';
import { ClassStrings, KnownSeqs, emptyQuietReads, parseRuns } from '../../src/store/history-format.ts';
import { readQuietFile } from '../../src/store/quiet-read.ts';
import { LazyHistory, type StoredTest } from '../../src/history/stored.ts';

const options: ApplyOptions = { retention: { maxRuns: 6, maxAgeDays: 90 }, policy: DEFAULT_POLICY };

/** Tests of many classes and forms: Java-like paths (`fp`), other paths (`file`), none, a line number, odd names. */
function suite(n: number): ParsedTestCase[] {
  const tests: ParsedTestCase[] = [];
  for (let i = 0; i < 1_200; i++) {
    const cls = i % 7 === 0 ? `weird.Ünï Cläss${i % 5}` : `com.acme.mod${i % 3}.C${i % 40}`;
    const id = i % 97 === 5 ? `${cls}::t${i}::inner` : `${cls}::t${i}`;
    const extra: Partial<ParsedTestCase> = {};
    if (i % 4 === 0) extra.file = `src/test/java/${cls.replace(/\./g, '/')}.java`;
    else if (i % 4 === 1) extra.file = `tests/${i % 9}.spec.ts`;
    if (i % 50 === 3) extra.line = 10 + i;
    let seconds: number | undefined;
    if (i % 3 !== 2) seconds = i % 11 === 0 ? 0 : (i % 13) / 7;
    if (i % 6 === 1 && n % 2 === 0) seconds = 1e-7 * n;
    const fails = (i === 17 && n === 3) || (i === 40 && n % 4 === 0);
    const test = parsedTest(id, fails ? 'FP' : 'P', extra);
    if (seconds !== undefined) for (const attempt of test.attempts) attempt.durationSec = seconds;
    tests.push(test);
  }
  return tests;
}

function branches(): Array<Map<string, string>> {
  const out: Array<Map<string, string>> = [];
  let result: ApplyResult | undefined;
  for (let n = 1; n <= 30; n++) {
    const run = runContext(n);
    const snapshot = result ? parseSnapshot(result.files) : emptySnapshot();
    expect(snapshot.problems).toEqual([]);
    result = applyRun({ snapshot, reports: { tests: suite(n), problems: [], filesRead: 1 }, filesMatched: 1, testOutcome: '', run, now: run.time }, options);
    if (n % 6 === 0 || n === 29) out.push(result.files);
  }
  return out;
}

/** What a snapshot says, in a form `toEqual` compares in full (a LazyHistory's stored tests in their order). */
function said(s: Snapshot): unknown {
  const stored = s.history instanceof LazyHistory ? [...s.history.stored] : [...s.history];
  return {
    ...s,
    history: stored,
    quiet: { lines: [...s.quiet.lines], shards: [...s.quiet.shards] },
    stats: [...s.stats],
  };
}

function sameReading(files: Map<string, string>): Snapshot {
  const byForm = parseSnapshot(files, new Map(), DEFAULT_READ_BOUNDS, true);
  const general = parseSnapshot(files, new Map(), DEFAULT_READ_BOUNDS, false);
  expect(said(byForm)).toEqual(said(general));
  return byForm;
}

/** Hand edits of one line of a quiet file (`line` is a test's line, with its comma when it has one). */
const edits: Array<[string, (line: string) => string]> = [
  ['a name field', (l) => l.replace('{', '{"name":"x",')],
  ['a classname field', (l) => l.replace('{', '{"classname":"a.B",')],
  ['a name and a classname', (l) => l.replace('{', '{"name":"x","classname":"a.B",')],
  ['a classname and a name', (l) => l.replace('{', '{"classname":"a.B","name":"x",')],
  ['a name of a number', (l) => l.replace('{', '{"name":5,"classname":"a.B",')],
  ['a message', (l) => l.replace('"o":"P*"', '"o":"P*","m":{}')],
  ['a line number', (l) => l.replace('"from"', '"line":3,"from"')],
  ['a line number as text', (l) => l.replace('"from"', '"line":"3","from"')],
  ['a closed end', (l) => l.replace('"P*"', '"PP"')],
  ['a longer open end', (l) => l.replace('"P*"', '"PP*"')],
  ['a failed open end', (l) => l.replace('"P*"', '"(FP)*"')],
  ['an open gap', (l) => l.replace('"P*"', '".*"')],
  ['a from of 0', (l) => l.replace(/"from":\d+/, '"from":0')],
  ['a from with a leading zero', (l) => l.replace(/"from":(\d+)/, '"from":0$1')],
  ['a from past the newest run', (l) => l.replace(/"from":\d+/, '"from":9999')],
  ['a huge from', (l) => l.replace(/"from":\d+/, '"from":99999999999999999999')],
  ['a 16-digit from', (l) => l.replace(/"from":\d+/, '"from":9007199254740993')],
  ['a negative from', (l) => l.replace(/"from":\d+/, '"from":-1')],
  ['a from as text', (l) => l.replace(/"from":(\d+)/, '"from":"$1"')],
  ['a fractional from', (l) => l.replace(/"from":(\d+)/, '"from":$1.5')],
  ['a d as text', (l) => l.replace(/"d":([^}]+)/, '"d":"$1"')],
  ['a d of 1e2', (l) => l.replace(/"d":([^}]+)/, '"d":1e2')],
  ['a d of -0', (l) => l.replace(/"d":([^}]+)/, '"d":-0')],
  ['a d of .5', (l) => l.replace(/"d":([^}]+)/, '"d":.5')],
  ['a d of 5.', (l) => l.replace(/"d":([^}]+)/, '"d":5.')],
  ['a d of 1.5E-3', (l) => l.replace(/"d":([^}]+)/, '"d":1.5E-3')],
  ['no d', (l) => l.replace(/,"d":[^}]+/, '')],
  ['a d of null', (l) => l.replace(/"d":([^}]+)/, '"d":null')],
  ['a space after a colon', (l) => l.replace('"from":', '"from": ')],
  ['a trailing space', (l) => l.replace(/(,?)$/, ' $1')],
  ['a tab', (l) => l.replace('": {', '":\t{')],
  ['CRLF', (l) => l.replace(/(,?)$/, '$1\r')],
  ['a missing comma', (l) => l.replace(/,$/, '')],
  ['an extra comma', (l) => (l.endsWith(',') ? `${l},` : `${l},`)],
  ['an escaped id', (l) => l.replace(/^"(.)/, '"\\u0041$1')],
  ['an escaped slash in fp', (l) => l.replace('"fp":["', '"fp":["\\/')],
  ['a tab in the id', (l) => l.replace(/^"(.)/, '"\t$1')],
  ['an id starting with a digit', (l) => l.replace(/^"/, '"7')],
  ['a numeric id', (l) => l.replace(/^"[^"]*"/, '"12"')],
  ['an id without ::', (l) => l.replace(/^"([^"]*)::/, '"$1..')],
  ['an empty id', (l) => l.replace(/^"[^"]*"/, '""')],
  ['an id of one ::', (l) => l.replace(/^"[^"]*"/, '"::"')],
  ['an fp of three', (l) => l.replace('"fp":["', '"fp":["x","')],
  ['an fp of numbers', (l) => l.replace(/"fp":\[[^\]]*\]/, '"fp":[1,2]')],
  ['an fp as text', (l) => l.replace(/"fp":\[[^\]]*\]/, '"fp":"x"')],
  ['a file and an fp', (l) => l.replace('"from"', '"file":"a/b.ts","from"')],
  ['a file as a number', (l) => l.replace('"from"', '"file":5,"from"')],
  ['a unicode file', (l) => l.replace('"from"', '"file":"ü/\u2028.ts","from"')],
  ['fields reordered', (l) => l.replace(/"from":(\d+),"o":"P\*"/, '"o":"P*","from":$1')],
  ['a key twice', (l) => l.replace('"o":"P*"', '"o":"P*","o":"P*"')],
  ['a deep value', (l) => l.replace('"o":"P*"', `"o":"P*","x":${'['.repeat(70)}${']'.repeat(70)}`)],
  ['an unknown field', (l) => l.replace('"o":"P*"', '"o":"P*","x":1')],
  ['an object for a line', (l) => l.replace(/: \{.*\}/, ': 5')],
  ['null for a line', (l) => l.replace(/: \{.*\}/, ': null')],
  ['a truncated line', (l) => l.slice(0, Math.floor(l.length / 2))],
  ['a deleted line', () => ''],
];

/** Hand edits of a whole quiet file. */
const fileEdits: Array<[string, (text: string, other: string) => string]> = [
  ['a BOM', (t) => `\uFEFF${t}`],
  ['schema 3', (t) => t.replace('"schema": 4', '"schema": 3')],
  ['no final newline', (t) => t.slice(0, -1)],
  ['two final newlines', (t) => `${t}\n`],
  ['a blank line', (t) => t.replace('\n', '\n\n')],
  [
    'lines swapped',
    (t) => {
      const rows = t.split('\n');
      [rows[1], rows[2]] = [rows[2]!.replace(/,?$/, ','), rows[1]!];
      return rows.join('\n');
    },
  ],
  [
    'a line twice',
    (t) => {
      const rows = t.split('\n');
      rows.splice(2, 0, rows[1]!);
      return rows.join('\n');
    },
  ],
  [
    'a line of another file',
    (t, other) => {
      const rows = t.split('\n');
      rows.splice(1, 0, other.split('\n')[1]!.replace(/,?$/, ','));
      return rows.join('\n');
    },
  ],
  [
    'the last line of another file last',
    (t, other) => {
      const rows = t.split('\n');
      const theirs = other.split('\n');
      rows.splice(rows.length - 2, 0, theirs[theirs.length - 3]!.replace(/,?$/, ''));
      rows[rows.length - 4] = `${rows[rows.length - 4]!},`;
      return rows.join('\n');
    },
  ],
  ['no tests', () => '{"schema": 4, "tests": {\n\n}}\n'],
  ['empty', () => ''],
  ['not JSON', (t) => t.replace('}}', '}')],
  ['spaces around the head', (t) => t.replace('{"schema": 4, "tests": {', '{ "schema": 4, "tests": {')],
];

/** A small pseudo-random sequence, the same on every run. */
function random(seed: number): () => number {
  let s = seed;
  return () => (s = (Math.imul(s, 1103515245) + 12345) >>> 0) / 2 ** 32;
}

describe('a quiet file read by its form', () => {
  const written = branches();
  const last = written[written.length - 1]!;
  const quietPaths = [...last.keys()].filter((p) => p.startsWith('history/quiet-')).sort();

  it('reads every quiet file the step writes, to the same snapshot as the general reader', () => {
    expect(quietPaths.length).toBeGreaterThanOrEqual(2);
    for (const files of written) {
      const snapshot = sameReading(files);
      expect(snapshot.problems).toEqual([]);
      expect(snapshot.quiet.lines.size).toBeGreaterThan(1_000);
      // Read by its form, not by the general reader: every quiet file of it.
      const runs = parseRuns('runs.json', files.get('runs.json')!, 4).runs;
      const known = new KnownSeqs(runs);
      for (const path of [...files.keys()].filter((p) => p.startsWith('history/quiet-'))) {
        const into = new Map<string, StoredTest>();
        expect([path, readQuietFile(path, files.get(path)!, known, into, { reads: emptyQuietReads() }, new ClassStrings())]).toEqual([path, true]);
        expect(into.size).toBeGreaterThan(100);
      }
    }
    // Some tests' `from` lags behind the window, and is trimmed on read (QUIET_SLACK).
    const snapshot = sameReading(last);
    expect([...snapshot.quiet.lines.values()].some((read) => read.from !== read.test.from)).toBe(true);
    // Both forms of a file, none, and tests without a duration are among them.
    const tests = [...snapshot.quiet.lines.values()].map((read) => read.test);
    expect(tests.some((t) => t.file?.endsWith('.java'))).toBe(true);
    expect(tests.some((t) => t.file?.startsWith('tests/'))).toBe(true);
    expect(tests.some((t) => t.file === undefined)).toBe(true);
    expect(tests.some((t) => t.d === undefined)).toBe(true);
  });

  it('gives the general reader any file not in its form, which names each problem with its line', () => {
    const path = quietPaths[0]!;
    const other = last.get(quietPaths[1]!)!;
    const text = last.get(path)!;
    const rows = text.split('\n');
    // The first line, a middle one, the last one (no comma), and lines of other forms.
    const targets = [1, Math.floor(rows.length / 2), rows.length - 3];
    let damaged = 0;
    for (const [what, edit] of edits) {
      for (const row of targets) {
        const changed = rows.slice();
        changed[row] = edit(rows[row]!);
        const files = new Map(last).set(path, changed.join('\n'));
        const snapshot = sameReading(files);
        if (snapshot.problems.length > 0) damaged++;
        void what;
      }
    }
    for (const [, edit] of fileEdits) {
      const snapshot = sameReading(new Map(last).set(path, edit(text, other)));
      if (snapshot.problems.length > 0) damaged++;
    }
    expect(damaged).toBeGreaterThan(60);
  });

  it('reads a file with a random character changed, added or removed as the general reader does', () => {
    const next = random(42);
    const alphabet = ['"', '\\', ',', ':', '{', '}', '[', ']', ' ', '\n', '\t', '*', 'P', 'F', '.', '0', '1', '9', '-', 'e', 'x', ':', 'ü'];
    let damaged = 0;
    for (let k = 0; k < 400; k++) {
      const path = quietPaths[k % quietPaths.length]!;
      const text = last.get(path)!;
      const at = Math.floor(next() * text.length);
      const c = alphabet[Math.floor(next() * alphabet.length)]!;
      const how = k % 3;
      const changed = how === 0 ? text.slice(0, at) + c + text.slice(at + 1) : how === 1 ? text.slice(0, at) + c + text.slice(at) : text.slice(0, at) + text.slice(at + 1);
      const snapshot = sameReading(new Map(last).set(path, changed));
      if (snapshot.problems.length > 0) damaged++;
    }
    expect(damaged).toBeGreaterThan(150);
  });
});
