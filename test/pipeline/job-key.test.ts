import { describe, expect, it } from 'vitest';
import { canonicalJobKey, renderJobKey, shardLabel, splitTestId, MAX_RENDERED_KEY } from '../../src/pipeline/job-key.ts';
import { splitTests } from '../../src/pipeline/split.ts';

describe('renderJobKey', () => {
  it('renders toJSON(matrix) as key=value pairs in the matrix order, whatever the JSON layout', () => {
    expect(renderJobKey('{\n  "os": "windows-latest",\n  "node": 20\n}')).toBe('os=windows-latest, node=20');
    expect(renderJobKey('{"os":"ubuntu-latest","experimental":true,"extra":null}')).toBe('os=ubuntu-latest, experimental=true, extra=null');
    expect(renderJobKey('{"include":{"a":[1,2]}}')).toBe('include={"a":[1,2]}');
  });

  it('keeps other keys as written, on one line; empty keys render empty', () => {
    expect(renderJobKey('linux / node 20')).toBe('linux / node 20');
    expect(renderJobKey('"quoted"')).toBe('quoted');
    expect(renderJobKey('two\nlines\ttab')).toBe('two lines tab');
    expect(renderJobKey('')).toBe('');
    expect(renderJobKey('  {}  ')).toBe('');
  });

  it('cuts long keys and ends them with a hash of the whole key, so that two long keys stay apart', () => {
    const a = renderJobKey(JSON.stringify({ x: 'a'.repeat(300), y: 1 }));
    const b = renderJobKey(JSON.stringify({ x: 'a'.repeat(300), y: 2 }));
    expect(a.length).toBeLessThanOrEqual(MAX_RENDERED_KEY);
    expect(a).not.toBe(b);
    expect(a).toMatch(/… #[0-9a-f]{8}$/);
  });
});

describe('split test ids', () => {
  it('appends the rendered key and keeps the id, hence the name, verbatim at the start', () => {
    expect(splitTestId('com.shop.CartTest::appliesDiscount', 'os=windows-latest')).toBe('com.shop.CartTest::appliesDiscount [os=windows-latest]');
    expect(splitTestId('a::b', '')).toBe('a::b');
    const tests = [{ id: 'pkg.Suite::works [x]', name: 'works [x]' }];
    const split = splitTests(tests, '{"os":"macos-latest"}');
    expect(split[0]).toEqual({ id: 'pkg.Suite::works [x] [os=macos-latest]', name: 'works [x]' });
    expect(split[0]!.id.startsWith(tests[0]!.id)).toBe(true);
    expect(tests[0]!.id).toBe('pkg.Suite::works [x]'); // the input is left alone
    expect(splitTests(tests, '')).toBe(tests);
  });
});

describe('canonicalJobKey', () => {
  it('matches a key written as JSON, pretty JSON or key=value pairs in any order', () => {
    const forms = ['{"os":"windows-latest","node":20}', '{\n  "node": 20,\n  "os": "windows-latest"\n}', 'os=windows-latest, node=20', 'node=20,os=windows-latest'];
    expect(new Set(forms.map(canonicalJobKey)).size).toBe(1);
    expect(canonicalJobKey('os=windows-latest')).not.toBe(canonicalJobKey('os=ubuntu-latest'));
    expect(canonicalJobKey('shard 3')).toBe('shard 3');
  });

  it('names a shard by job and key', () => {
    expect(shardLabel('test', '{"os":"windows-latest"}')).toBe('test (os=windows-latest)');
    expect(shardLabel('lint', '')).toBe('lint');
  });
});
