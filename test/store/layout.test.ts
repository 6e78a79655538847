import { describe, expect, it } from 'vitest';
import { overrideExpired, parseLineObject, parseOverride, renderLineObject, shardCountFor, shardOf, statsPath } from '../../src/store/layout.ts';
import { parseSnapshot } from '../../src/store/snapshot.ts';

describe('line objects', () => {
  it('render one entry per line, sorted, and parse back with their line numbers', () => {
    const text = renderLineObject(1, 'tests', [
      ['b', { x: 2 }],
      ['a', { x: 1 }],
    ]);
    expect(text).toBe('{"schema": 1, "tests": {\n"a": {"x":1},\n"b": {"x":2}\n}}\n');
    const { value, problems } = parseLineObject('f.json', text, 'tests');
    expect(problems).toEqual([]);
    expect(value!.entries.get('b')).toEqual({ x: 2 });
    expect(value!.lineOf('b')).toBe(3);
  });

  it('names the line a hand edit broke', () => {
    const text = '{"schema": 1, "tests": {\n"a": {"x":1},\n"b": {"x":2,},\n"c": {"x":3}\n}}\n';
    const { value, problems } = parseLineObject('stats/00.json', text, 'tests');
    expect(value).toBeUndefined();
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ file: 'stats/00.json', line: 3 });
    expect(problems[0]!.message).toMatch(/^not valid JSON/);
  });

  it('survives ids with quotes, colons and backslashes', () => {
    const id = 'a"b::c\\d: {"x"}';
    const { value } = parseLineObject('f', renderLineObject(1, 'tests', [[id, 1]]), 'tests');
    expect(value!.entries.get(id)).toBe(1);
    expect(value!.lineOf(id)).toBe(2);
  });
});

describe('shards', () => {
  it('grow by powers of two with the number of tests', () => {
    expect(shardCountFor(0)).toBe(1);
    expect(shardCountFor(1000)).toBe(1);
    expect(shardCountFor(1001)).toBe(2);
    expect(shardCountFor(100_000)).toBe(128);
  });

  it('are stable and within range', () => {
    expect(shardOf('pkg.A::test', 64)).toBe(shardOf('pkg.A::test', 64));
    for (const id of ['a', 'b', 'pkg::x', '']) expect(shardOf(id, 16)).toBeLessThan(16);
    expect(statsPath(10, 16)).toBe('stats/0a.json');
    expect(statsPath(255, 256)).toBe('stats/ff.json');
    expect(statsPath(256, 4096)).toBe('stats/100.json');
  });
});

describe('overrides', () => {
  it('accept the short and the long form', () => {
    expect(parseOverride('quarantine')).toEqual({ override: { action: 'quarantine' } });
    expect(parseOverride(null)).toEqual({ override: null });
    expect(parseOverride({ action: 'never', reason: 'infra', until: '2026-12-31' })).toEqual({
      override: { action: 'never', reason: 'infra', until: '2026-12-31' },
    });
  });

  it.each([
    ['quarantined', /must be "quarantine", "never" or null/],
    [{ action: 'maybe' }, /override.action must be/],
    [{ action: 'never', until: 'next tuesday' }, /override.until must be a date/],
    [{ action: 'never', reason: 5 }, /override.reason must be a string/],
    [42, /override must be/],
  ])('reject %j', (raw, message) => {
    const { override, problem } = parseOverride(raw);
    expect(override).toBeNull();
    expect(problem).toMatch(message);
  });

  it('lapse at the end of their day (UTC)', () => {
    const o = { action: 'quarantine' as const, until: '2026-11-20' };
    expect(overrideExpired(o, Date.parse('2026-11-20T23:59:00Z'))).toBe(false);
    expect(overrideExpired(o, Date.parse('2026-11-21T00:00:01Z'))).toBe(true);
    expect(overrideExpired({ action: 'never' }, Date.now())).toBe(false);
  });
});

describe('snapshots', () => {
  it('keep a broken stats file verbatim and forgive nothing from it', () => {
    const broken = '{"schema": 1, "tests": {\n"a": {"override":"quarantine","quarantined":true,"reason":""},\n"b": {"override": "quarantine,\n}}\n';
    const snapshot = parseSnapshot(new Map([['stats/00.json', broken]]));
    expect(snapshot.brokenStats.get('stats/00.json')).toBe(broken);
    expect(snapshot.stats.size).toBe(0);
    expect(snapshot.overrides.size).toBe(0);
    expect(snapshot.problems[0]).toMatchObject({ file: 'stats/00.json', line: 3 });
  });

  it('treat a bad override value as a broken file, naming the line', () => {
    const text = '{"schema": 1, "tests": {\n"a": {"override":null,"quarantined":true,"reason":""},\n"b": {"override":"yes please","quarantined":false,"reason":""}\n}}\n';
    const snapshot = parseSnapshot(new Map([['stats/00.json', text]]));
    expect(snapshot.problems).toEqual([{ file: 'stats/00.json', line: 3, message: expect.stringMatching(/override must be .* \(test 'b'\)/) }]);
    expect(snapshot.stats.has('a')).toBe(false);
    expect(snapshot.brokenShards.has(0)).toBe(true);
  });
});
