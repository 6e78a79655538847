import { describe, expect, it } from 'vitest';
import { readExpectedShards, readModeInputs } from '../../src/config/mode-inputs.ts';
import { InputError } from '../../src/config/inputs.ts';

const getter = (values: Record<string, string>) => (name: string) => values[name] ?? '';

describe('readModeInputs', () => {
  it('defaults to the run mode, no split, uploads of unsaved results on', () => {
    expect(readModeInputs(getter({}))).toEqual({ mode: 'run', splitHistoryBy: 'none', uploadResults: true });
  });

  it('reads every mode and option', () => {
    expect(readModeInputs(getter({ mode: 'Aggregate', 'split-history-by': 'job-key', 'expected-shards': '3', 'upload-results': 'false' }))).toEqual({
      mode: 'aggregate',
      splitHistoryBy: 'job-key',
      expectedShards: { count: 3 },
      uploadResults: false,
    });
    expect(readModeInputs(getter({ mode: 'ingest-workflow-run' })).mode).toBe('ingest-workflow-run');
    expect(readModeInputs(getter({ mode: 'upload' })).mode).toBe('upload');
  });

  it('refuses unknown values with the input name', () => {
    expect(() => readModeInputs(getter({ mode: 'agregate' }))).toThrow(InputError);
    expect(() => readModeInputs(getter({ mode: 'agregate' }))).toThrow(/Input 'mode' must be one of run, upload, aggregate, ingest-workflow-run/);
    expect(() => readModeInputs(getter({ 'split-history-by': 'os' }))).toThrow(/split-history-by/);
    expect(() => readModeInputs(getter({ 'upload-results': 'maybe' }))).toThrow(/upload-results/);
  });
});

describe('readExpectedShards', () => {
  it('reads a count', () => {
    expect(readExpectedShards('4')).toEqual({ count: 4 });
    expect(readExpectedShards('')).toBeUndefined();
    expect(() => readExpectedShards('0')).toThrow(/from 1 to 256/);
  });

  it('reads job keys one per line, with comments, pretty-printed JSON objects and JSON arrays', () => {
    expect(readExpectedShards('os=ubuntu-latest\n# not this one\n\nos=windows-latest, node=20\n')).toEqual({ keys: ['os=ubuntu-latest', 'os=windows-latest, node=20'] });
    expect(readExpectedShards('{\n  "os": "a"\n}\n{"os": "b"}')).toEqual({ keys: ['{ "os": "a" }', '{"os": "b"}'] });
    expect(readExpectedShards('[{"os":"a"},"unit"]')).toEqual({ keys: ['{"os":"a"}', 'unit'] });
    expect(() => readExpectedShards('{"os": "a"')).toThrow(/unterminated/);
    expect(() => readExpectedShards('[1,')).toThrow(/not a JSON array/);
  });
});
