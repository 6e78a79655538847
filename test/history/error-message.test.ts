import { describe, expect, it } from 'vitest';
import { normalizeErrorMessage } from '../../src/history/error-message.ts';

describe('normalizeErrorMessage (seed, verbatim)', () => {
  it('replaces timestamps, line numbers, paths, addresses, UUIDs and assertion values, then lower-cases', () => {
    expect(normalizeErrorMessage('Error at 2024-01-02T03:04:05.123Z in /src/app.ts:42')).toBe('error at timestamp in path:line');
    expect(normalizeErrorMessage('expected: 5 but was 6')).toBe('expected: value but was 6');
    expect(normalizeErrorMessage('Expected 5, actual: 6')).toBe('expected: value actual: value');
    expect(normalizeErrorMessage('id 123e4567-e89b-12d3-a456-426614174000 missing')).toBe('id uuid missing');
    expect(normalizeErrorMessage('segfault at 0x7ffd1234')).toBe('segfault at 0xaddress');
    expect(normalizeErrorMessage('  Many   spaces\n\tand TABS ')).toBe('many spaces and tabs');
  });

  it('never applies its port rule: the line-number rule has already rewritten ":8080"', () => {
    expect(normalizeErrorMessage('connect to localhost:8080 failed')).toBe('connect to localhost:line failed');
  });

  it('is not idempotent: "0xaddress" matches the address rule again (why we never re-normalise)', () => {
    const once = normalizeErrorMessage('segfault at 0x7ffd1234');
    expect(normalizeErrorMessage(once)).toBe('segfault at 0xaddressress');
  });
});
