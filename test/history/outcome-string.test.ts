/** The outcome string of a history line, read and written (src/history/outcome-string.ts). */
import { describe, expect, it } from 'vitest';
import {
  REPEAT_FROM,
  endOf,
  fileAround,
  fileFromAround,
  forEachRun,
  neverFailed,
  parseOutcomeString,
  pushSegment,
  renderOutcomeString,
  runCount,
  type Segment,
} from '../../src/history/outcome-string.ts';

describe('parseOutcomeString', () => {
  it('reads runs, runs of several attempts, gaps and repeats', () => {
    expect(parseOutcomeString('')).toEqual([]);
    expect(parseOutcomeString('PFES')).toEqual([
      { a: 'P', n: 1 },
      { a: 'F', n: 1 },
      { a: 'E', n: 1 },
      { a: 'S', n: 1 },
    ]);
    expect(parseOutcomeString('PP(FP).P*40.12(FE)*4')).toEqual([
      { a: 'P', n: 2 },
      { a: 'FP', n: 1 },
      { a: '', n: 1 },
      { a: 'P', n: 40 },
      { a: '', n: 12 },
      { a: 'FE', n: 4 },
    ]);
    // Adjacent gaps and equal runs join into one segment.
    expect(parseOutcomeString('..3P*2P')).toEqual([
      { a: '', n: 4 },
      { a: 'P', n: 3 },
    ]);
    expect(parseOutcomeString('.10')).toEqual([{ a: '', n: 10 }]);
    expect(parseOutcomeString('.09')).toEqual([{ a: '', n: 9 }]);
  });

  it.each(['X', 'p', '()', '(FX)', '(FP', 'P*', 'P*1', 'P*0', 'P*x', '.0', `P*${'9'.repeat(20)}`, `.${'9'.repeat(20)}`, '*2', ')'])('refuses %j', (text) => {
    expect(parseOutcomeString(text)).toBeNull();
  });

  it('reads every digit of a count, and a count followed by a run', () => {
    expect(parseOutcomeString('P*12F')).toEqual([
      { a: 'P', n: 12 },
      { a: 'F', n: 1 },
    ]);
    expect(parseOutcomeString('.12P')).toEqual([
      { a: '', n: 12 },
      { a: 'P', n: 1 },
    ]);
    expect(parseOutcomeString('P*2/')).toBeNull();
    expect(parseOutcomeString('.2/')).toBeNull();
    expect(parseOutcomeString('P*2:')).toBeNull();
    expect(parseOutcomeString('.2:')).toBeNull();
  });
});

describe('renderOutcomeString', () => {
  it('writes a repeat from REPEAT_FROM runs up, fewer written out, gaps by their count', () => {
    expect(REPEAT_FROM).toBe(4);
    const segments: Segment[] = [
      { a: 'P', n: 3 },
      { a: '', n: 1 },
      { a: 'F', n: 4 },
      { a: '', n: 7 },
      { a: 'FP', n: 2 },
      { a: 'FP', n: 5 },
    ];
    expect(renderOutcomeString(segments)).toBe('PPP.F*4.7(FP)(FP)(FP)*5');
  });

  it('is the inverse of parseOutcomeString', () => {
    for (const text of ['', 'PFES', 'PPP.F*4.7(FP)(FP)(FE)*5', '.P*100']) expect(renderOutcomeString(parseOutcomeString(text)!)).toBe(text);
  });
});

describe('reading segments', () => {
  const segments = parseOutcomeString('P.3(FP)*2E')!;

  it('walks the runs by sequence number, gaps skipped', () => {
    const seen: Array<[number, string]> = [];
    forEachRun(10, segments, (seq, a) => seen.push([seq, a]));
    expect(seen).toEqual([
      [10, 'P'],
      [14, 'FP'],
      [15, 'FP'],
      [16, 'E'],
    ]);
  });

  it('counts runs, and the sequence number after the last', () => {
    expect(runCount(segments)).toBe(4);
    expect(endOf(10, segments)).toBe(17);
    expect(endOf(10, [])).toBe(10);
  });

  it('tells a history that never failed', () => {
    expect(neverFailed(parseOutcomeString('P*9.S')!)).toBe(true);
    expect(neverFailed(parseOutcomeString('P(PF)')!)).toBe(false);
    expect(neverFailed(parseOutcomeString('P(SE)')!)).toBe(false);
    expect(neverFailed(parseOutcomeString('F')!)).toBe(false);
    expect(neverFailed(parseOutcomeString('E')!)).toBe(false);
  });

  it('pushes nothing for no run, and joins an equal last segment', () => {
    const s: Segment[] = [{ a: 'P', n: 1 }];
    pushSegment(s, 'F', 0);
    pushSegment(s, 'F', -1);
    pushSegment(s, 'P', 2);
    pushSegment(s, 'F', 1);
    expect(s).toEqual([
      { a: 'P', n: 3 },
      { a: 'F', n: 1 },
    ]);
  });
});

describe('a file written around its class path', () => {
  it('splits a file at the last place of the class path, and puts it back', () => {
    expect(fileAround('src/test/java/com/shop/CartTest.java', 'com.shop.CartTest')).toEqual(['src/test/java/', '.java']);
    expect(fileAround('a/b/x/a/b.java', 'a.b')).toEqual(['a/b/x/', '.java']);
    expect(fileFromAround(['src/test/java/', '.java'], 'com.shop.CartTest')).toBe('src/test/java/com/shop/CartTest.java');
  });

  it('does not for a class path of fewer than three characters, or one the file does not hold', () => {
    expect(fileAround('a/b.ts', 'a.b')).toEqual(['', '.ts']);
    expect(fileAround('x/ab.ts', 'ab')).toBeUndefined();
    expect(fileAround('x/y.ts', 'com.shop.Cart')).toBeUndefined();
  });

  it('reads fp only as two strings', () => {
    for (const fp of [undefined, 'a', ['a'], ['a', 'b', 'c'], [1, 'b'], ['a', 2]]) expect(fileFromAround(fp, 'com.X')).toBeUndefined();
    expect(fileFromAround(['', ''], 'com.X')).toBe('com/X');
  });
});
