import { describe, expect, it } from 'vitest';
import { mergeDiagnoses, NO_DIAGNOSES, parseDiagnoses, renderDiagnoses, type Diagnosis } from '../../src/diagnose/format.ts';

const timing: Diagnosis = {
  category: 'timing',
  at: '2026-11-29T02:00:00Z',
  sha: 'abc1234',
  evidence: [
    { variation: 'rest', executions: 20, failures: 0 },
    { variation: 'contention', executions: 20, failures: 7, detail: '2 busy processes' },
  ],
};
const order: Diagnosis = { category: 'order-dependent', at: '2026-11-29T02:00:00Z', polluter: 'a::polluter "x"', evidence: [{ variation: 'alone', executions: 10, failures: 0 }] };

describe('diagnoses.json', () => {
  it('reads back what it writes, one test a line in id order', () => {
    const text = renderDiagnoses({
      tests: new Map([
        ['b::y', order],
        ['a::x', timing],
      ]),
    });
    expect(text.split('\n')[1]).toMatch(/^"a::x": /);
    expect(text.split('\n')[2]).toMatch(/^"b::y": /);
    const back = parseDiagnoses(text);
    expect(back.problem).toBeUndefined();
    expect(back.diagnoses.tests.get('a::x')).toEqual(timing);
    expect(back.diagnoses.tests.get('b::y')).toEqual(order);
  });

  it('writes an empty file that reads as no diagnoses', () => {
    expect(parseDiagnoses(renderDiagnoses(NO_DIAGNOSES))).toEqual({ diagnoses: { tests: new Map() } });
    expect(parseDiagnoses(undefined).diagnoses.tests.size).toBe(0);
  });

  it('leaves out a damaged entry, counts it, and keeps the others', () => {
    const text = JSON.stringify({
      schema: 1,
      tests: {
        good: timing,
        'bad category': { ...timing, category: 'cosmic-rays' },
        'more failures than executions': { ...timing, evidence: [{ variation: 'rest', executions: 1, failures: 2 }] },
        'bad variation': { ...timing, evidence: [{ variation: 'Rest; rm -rf', executions: 1, failures: 0 }] },
        'bad sha': { ...timing, sha: '--upload-pack=x' },
        'bad date': { ...timing, at: 'yesterday' },
      },
    });
    const back = parseDiagnoses(text);
    expect([...back.diagnoses.tests.keys()]).toEqual(['good']);
    expect(back.problem).toBe('5 diagnoses could not be read');
  });

  it('says why a damaged file cannot be read', () => {
    expect(parseDiagnoses('{"tests": ').problem).toMatch(/^not valid JSON/);
    expect(parseDiagnoses('[]').problem).toBe('expected a JSON object');
    expect(parseDiagnoses('{"tests": []}').problem).toBe('expected a "tests" object');
  });

  it("replaces a test's diagnosis with the newer one and keeps the rest", () => {
    const before = {
      tests: new Map([
        ['a::x', timing],
        ['b::y', order],
      ]),
    };
    const after = mergeDiagnoses(before, new Map([['a::x', { ...timing, category: 'not-reproduced' as const }]]));
    expect(after.tests.get('a::x')?.category).toBe('not-reproduced');
    expect(after.tests.get('b::y')).toEqual(order);
    expect(before.tests.get('a::x')?.category).toBe('timing');
  });
});
