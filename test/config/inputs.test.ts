import { describe, expect, it } from 'vitest';
import { InputError, emptyTestOutcome, readInputs } from '../../src/config/inputs.ts';

const read = (values: Record<string, string>) => readInputs((name) => values[name] ?? '');

describe('pr-comment', () => {
  it('is auto by default, and reads always and off in any case', () => {
    expect(read({ reports: 'r.xml' }).prComment).toBe('auto');
    expect(read({ reports: 'r.xml', 'pr-comment': 'Always' }).prComment).toBe('always');
    expect(read({ reports: 'r.xml', 'pr-comment': 'off' }).prComment).toBe('off');
  });

  it('refuses anything else, quoting it', () => {
    expect(() => read({ reports: 'r.xml', 'pr-comment': 'true' })).toThrow(new InputError("Input 'pr-comment' must be auto, always or off, got 'true'."));
  });
});

describe('an empty test-outcome', () => {
  it('warns with the fix only when the runner passed an empty value', () => {
    expect(emptyTestOutcome('')).toMatch(/steps\.tests\.outcome.*`id: tests`/);
    expect(emptyTestOutcome('  ')).toBeDefined();
    expect(emptyTestOutcome(undefined)).toBeUndefined();
    expect(emptyTestOutcome('none')).toBeUndefined();
    expect(emptyTestOutcome('failure')).toBeUndefined();
    const get = (outcome: string) => (name: string) => (name === 'reports' ? 'r.xml' : name === 'test-outcome' ? outcome : '');
    expect(readInputs(get('none')).testOutcome).toBe('');
    expect(readInputs(get('')).testOutcome).toBe('');
    expect(readInputs(get('Failure')).testOutcome).toBe('failure');
  });
});

describe('annotated-report', () => {
  it('is off by default, a path ending in .xml when set, and writes forgiven failures as failures unless told otherwise', () => {
    expect(read({ reports: 'r.xml' })).toMatchObject({ annotatedReport: '', annotatedReportQuarantined: 'failure' });
    expect(read({ reports: 'r.xml', 'annotated-report': 'out/flakeguard.xml', 'annotated-report-quarantined': 'Skipped' })).toMatchObject({
      annotatedReport: 'out/flakeguard.xml',
      annotatedReportQuarantined: 'skipped',
    });
  });

  it('refuses a path that is not an .xml file, or holds control characters, and an unknown way to write forgiven failures', () => {
    for (const bad of ['out/flakeguard.json', 'out/', 'a\nb.xml', `${'a'.repeat(1000)}.xml`]) {
      expect(() => read({ reports: 'r.xml', 'annotated-report': bad })).toThrow(InputError);
    }
    expect(() => read({ reports: 'r.xml', 'annotated-report-quarantined': 'hidden' })).toThrow(/must be failure or skipped, got 'hidden'/);
  });
});
