/**
 * The strict JSON check of the data branch's files (src/store/strict-json.ts): a key written twice in any object
 * names both lines, a value nested deeper than MAX_JSON_DEPTH names its line, and the fast path (key counts) agrees
 * with the exact scan on random documents.
 */
import { describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH, parseStrictJson, strictJsonFault } from '../../src/store/strict-json.ts';
import { parseLineObject, shardOf } from '../../src/store/layout.ts';
import { parseSnapshot, statsShardOf } from '../../src/store/snapshot.ts';
import { parseDecisions } from '../../src/store/decisions.ts';

const fault = (text: string) => strictJsonFault(text, JSON.parse(text));

describe('a key written twice', () => {
  it('at any level, named with both lines', () => {
    expect(fault('{"a": 1,\n"a": 2}')).toEqual({ line: 2, message: expect.stringMatching(/^"a" is written twice, on lines 1 and 2: /) });
    expect(fault('{"tests": {\n"x": {"override": "never"},\n"x": {"override": null}\n}}')!.message).toMatch(/^"x" is written twice, on lines 2 and 3/);
    expect(fault('{"t": {"x": {"q": true, "r": 1, "q": false}}}')!.message).toMatch(/^"q" is written twice on line 1/);
    expect(fault('[{"a": 1}, {"b": [{"c": 1, "c": 1}]}]')!.message).toMatch(/^"c" is written twice/);
  });

  it('the same key however it is escaped', () => {
    expect(fault('{"a": 1, "\\u0061": 2}')!.message).toMatch(/^"a" is written twice/);
    expect(fault('{"a\\"b": 1, "a\\u0022b": 2}')!.message).toMatch(/^"a\\"b" is written twice/);
  });

  it('not: equal keys in different objects, keys that only look alike, strings that hold quotes, colons and braces', () => {
    expect(fault('{"a": {"a": {"a": 1}}, "b": [{"a": 1}, {"a": 2}]}')).toBeUndefined();
    expect(fault('{"a": 1, "A": 2, "a ": 3, "1": 4, "01": 5}')).toBeUndefined();
    expect(fault('{"k": "\\"x\\": {\\"k\\": 1, \\"k\\": 2}", "\\\\": "\\\\", "m": "a\\\\"}')).toBeUndefined();
    expect(fault('{"__proto__": 1, "constructor": 2, "toString": 3}')).toBeUndefined();
    expect(fault('{"__proto__": 1, "__proto__": 2}')!.message).toMatch(/^"__proto__" is written twice/);
  });
});

describe('nesting', () => {
  const nested = (levels: number): string => `${'['.repeat(levels)}${']'.repeat(levels)}`;
  it(`at most ${MAX_JSON_DEPTH} levels; deeper is a fault naming the line, in bounded time`, () => {
    expect(fault(nested(MAX_JSON_DEPTH))).toBeUndefined();
    expect(fault(`{"a":\n${nested(MAX_JSON_DEPTH)}}`)).toEqual({ line: 2, message: `a value is nested deeper than ${MAX_JSON_DEPTH} levels, which flakeguard never writes nor reads` });
    const started = performance.now();
    const deep = `{"schema": 3, "tests": {\n"ok": {},\n"x": ${'{"y":'.repeat(1_000_000)}1${'}'.repeat(1_000_000)}\n}}`;
    expect(parseStrictJson(deep).fault).toEqual({ line: 3, message: expect.stringContaining('nested deeper') });
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});

describe('the fast path agrees with the exact scan', () => {
  function random(seed: number): () => number {
    let a = seed >>> 0;
    return () => {
      a = (a + 0x6d2b79f5) >>> 0;
      let t = Math.imul(a ^ (a >>> 15), a | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
  }
  const KEYS = ['a', 'b', 'a\\"', 'a"', '\\u0061', ':', '{', '', 'x\\\\'];
  /** A random JSON text, with `dupes` keys written twice somewhere (by hand, as text). */
  function document(r: () => number, depth: number): { text: string; duplicate: boolean } {
    let duplicate = false;
    const value = (d: number): string => {
      const k = r();
      if (d <= 0 || k < 0.3) return r() < 0.5 ? JSON.stringify(KEYS[Math.floor(r() * KEYS.length)]) : String(Math.floor(r() * 100));
      if (k < 0.5) return `[${Array.from({ length: Math.floor(r() * 4) }, () => value(d - 1)).join(',\n')}]`;
      const keys: string[] = [];
      const n = Math.floor(r() * 4);
      for (let i = 0; i < n; i++) {
        const key = JSON.stringify(KEYS[Math.floor(r() * KEYS.length)]).slice(1, -1);
        const decoded = JSON.parse(`"${key}"`) as string;
        if (keys.some((other) => JSON.parse(`"${other}"`) === decoded)) duplicate = true;
        keys.push(key);
      }
      return `{${keys.map((key) => `"${key}" : ${value(d - 1)}`).join(',\n ')}}`;
    };
    return { text: value(depth), duplicate };
  }

  it('on 3,000 random documents: a fault exactly when a key is written twice', () => {
    const r = random(27);
    let duplicates = 0;
    for (let i = 0; i < 3000; i++) {
      const { text, duplicate } = document(r, 5);
      if (duplicate) duplicates++;
      expect(fault(text) !== undefined, text).toBe(duplicate);
    }
    expect(duplicates).toBeGreaterThan(300);
  });
});

describe('the files of the data branch', () => {
  it('every line-per-entry file: a problem naming the file and both lines, never a silent winner', () => {
    const { value, problems } = parseLineObject('runs.json', '{"schema": 3, "runs": {\n"00000001": ["k", "s", 1, 1, 1],\n"00000001": ["j", "s", 2, 1, 1]\n}}\n', 'runs');
    expect(value).toBeUndefined();
    expect(problems).toEqual([{ file: 'runs.json', line: 3, message: expect.stringMatching(/^"00000001" is written twice, on lines 2 and 3/) }]);
  });

  it('decisions.json nested 20,000 levels: no log, a problem naming the file and line, no stack overflow', () => {
    const text = `{"schema": 3, "from": 1, "tests": {\n"a": ${'['.repeat(20_000)}${']'.repeat(20_000)}\n}}\n`;
    const { log, problems } = parseDecisions(text);
    expect(log).toBeUndefined();
    expect(problems).toEqual([{ file: 'decisions.json', line: 2, message: expect.stringContaining('nested deeper than 64 levels') }]);
  });

  const meta = (shards: number): string => `{"schema": 3, "shards": ${shards}, "writes": 0, "ingested": {\n}}\n`;
  const stats = (...lines: string[]): string => `{"schema": 3, "tests": {\n${lines.join(',\n')}\n}}\n`;
  // With two shards: `t1` lives in stats/01.json, `t0` in stats/00.json.
  const ids = Array.from({ length: 50 }, (_, i) => `pkg.S::t${i}`);
  const [t0, t1] = [ids.find((id) => shardOf(id, 2) === 0)!, ids.find((id) => shardOf(id, 2) === 1)!];

  it("a stats line in another shard's file is honoured, with a notice naming where it belongs", () => {
    const s = parseSnapshot(
      new Map([
        ['flakeguard.json', meta(2)],
        ['stats/00.json', stats(`${JSON.stringify(t0)}: {"override": null}`, `${JSON.stringify(t1)}: {"override": "quarantine"}`)],
      ]),
    );
    expect(s.overrides.get(t1)).toMatchObject({ override: { action: 'quarantine' }, file: 'stats/00.json', line: 3 });
    expect(s.misplaced.get(t1)).toEqual({ file: 'stats/00.json', line: 3, shard: 0 });
    expect(s.problems).toEqual([{ file: 'stats/00.json', line: 3, notice: true, message: expect.stringContaining('belongs in stats/01.json (its shard): it is honoured') }]);
    expect(s.brokenStats.size).toBe(0);
  });

  it('a test with lines in two stats files: both files fail closed, each naming the other line', () => {
    const s = parseSnapshot(
      new Map([
        ['flakeguard.json', meta(2)],
        ['stats/00.json', stats(`${JSON.stringify(t0)}: {"override": null}`, `${JSON.stringify(t1)}: {"override": "never"}`)],
        ['stats/01.json', stats(`${JSON.stringify(t1)}: {"override": "quarantine"}`)],
      ]),
    );
    expect([...s.brokenStats.keys()]).toEqual(['stats/00.json', 'stats/01.json']);
    expect(s.overrides.size).toBe(0);
    expect(s.problems.map((p) => `${p.file}:${p.line}: ${p.message}`)).toEqual([
      expect.stringMatching(/^stats\/00\.json:3: the test '.*' also has a line in stats\/01\.json \(line 2\): a test has one line, in stats\/01\.json/),
      expect.stringMatching(/^stats\/01\.json:2: the test '.*' also has a line in stats\/00\.json \(line 3\)/),
    ]);
  });

  it("a line in another shard's file stays there while its own file is broken, so that nothing is lost", () => {
    const s = parseSnapshot(
      new Map([
        ['flakeguard.json', meta(2)],
        ['stats/00.json', stats(`${JSON.stringify(t1)}: {"override": "quarantine"}`)],
        ['stats/01.json', '{"schema": 3, "tests": {\n'],
      ]),
    );
    expect(statsShardOf(s, t1, 2)).toBe(0);
    expect(statsShardOf(s, t0, 2)).toBe(0);
    expect(s.problems.find((p) => p.notice)!.message).toMatch(/belongs in stats\/01\.json \(its shard\), which is broken: it is kept here until that file is fixed/);
  });
});
