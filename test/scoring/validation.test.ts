import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { PATTERNS, patternHistory, renderComponentTable, renderValidationTable, scorePattern } from './validation-patterns.ts';

const DOC = fileURLToPath(new URL('../../docs/scoring.md', import.meta.url));

/** The text between `<!-- name -->` and `<!-- /name -->` in docs/scoring.md. */
function section(doc: string, name: string): string {
  const start = doc.indexOf(`<!-- ${name} -->`);
  const end = doc.indexOf(`<!-- /${name} -->`);
  expect(start, `marker <!-- ${name} --> in docs/scoring.md`).toBeGreaterThanOrEqual(0);
  expect(end).toBeGreaterThan(start);
  return doc.slice(start + `<!-- ${name} -->`.length, end).trim();
}

describe('seed 000 validation table (docs/scoring.md)', () => {
  const doc = readFileSync(DOC, 'utf8');

  it('publishes exactly the numbers the implementation gives today', () => {
    // On mismatch, print the fresh table with: node_modules/.bin/node test/scoring/validation-patterns.ts
    expect(section(doc, 'validation-table')).toBe(renderValidationTable());
    expect(section(doc, 'validation-components')).toBe(renderComponentTable());
  });

  it('builds the histories the doc describes', () => {
    for (const p of PATTERNS) {
      const h = patternHistory(p);
      expect(h.runs).toHaveLength(50);
      expect(new Set(h.runs.map((r) => r.sha)).size).toBe(50);
    }
    // Spot checks of the descriptions.
    const byName = new Map(PATTERNS.map((p) => [p.name, patternHistory(p)]));
    expect(
      byName
        .get('Retry-passing flaky')!
        .runs.slice(0, 3)
        .map((r) => r.attempts),
    ).toEqual(['FP', 'FP', 'P']);
    expect(
      byName
        .get('Environment-dependent')!
        .runs.slice(0, 10)
        .map((r) => r.attempts)
        .join(' '),
    ).toBe('P P P P P FF FF FF FF FF');
    expect(byName.get('Timeout-based flaky')!.runs.filter((r) => r.attempts !== 'P')).toHaveLength(10);
  });

  it('orders stable passing below every flaky pattern (the one ordering the seed and we agree on)', () => {
    const score = (name: string): number => scorePattern(PATTERNS.find((p) => p.name === name)!).multiFactor.score;
    for (const p of PATTERNS.slice(2, 5)) expect(score(p.name)).toBeGreaterThan(score('Stable passing test'));
  });
});
