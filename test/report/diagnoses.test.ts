import { describe, expect, it } from 'vitest';
import { diagnosedSection } from '../../src/report/diagnoses.ts';
import type { Diagnosis } from '../../src/diagnose/format.ts';

const timing: Diagnosis = {
  category: 'timing',
  at: '2026-11-29T02:00:00Z',
  evidence: [
    { variation: 'rest', executions: 8, failures: 0 },
    { variation: 'contention', executions: 8, failures: 7 },
  ],
};

describe('the summary section of diagnosed failures', () => {
  it('is empty when no failed test was diagnosed', () => {
    expect(diagnosedSection(['a::x'], { tests: new Map([['b::y', timing]]) })).toEqual([]);
  });

  it('names each diagnosed failed test once, in id order, with its category, counts and date', () => {
    const lines = diagnosedSection(['b::y', 'a::x', 'b::y', 'c::z'], {
      tests: new Map([
        ['b::y', timing],
        ['a::x', { ...timing, category: 'seed' as const }],
      ]),
    });
    expect(lines.slice(0, 4)).toEqual([
      '#### Diagnosed by experiment',
      '',
      '- a&#58;&#58;x: **seed** (rest 0/8 · contention 7/8), diagnosed 2026-11-29',
      '- b&#58;&#58;y: **timing** (rest 0/8 · contention 7/8), diagnosed 2026-11-29',
    ]);
  });

  it('escapes the polluter and says how many more there are beyond the limit', () => {
    const tests = new Map<string, Diagnosis>(
      Array.from({ length: 12 }, (_, i) => [`t${String(i).padStart(2, '0')}`, { ...timing, category: 'order-dependent', polluter: '[x](https://evil.example) @team' }]),
    );
    const lines = diagnosedSection(tests.keys(), { tests });
    expect(lines.filter((l) => l.startsWith('- t'))).toHaveLength(10);
    expect(lines).toContain('- …and 2 more (`flakeguard why <test>`).');
    expect(lines.join('\n')).not.toMatch(/\]\(https|(?<!&#64;)@team/);
  });
});
