import { describe, expect, it } from 'vitest';
import { logText, mdPre, mdText } from '../../src/report/escape.ts';

describe('mdText', () => {
  it.each([
    ['a | b', 'a &#124; b'],
    ['<script>alert(1)</script>', '&lt;script&gt;alert&#40;1&#41;&lt;/script&gt;'],
    ['![x](https://evil/x.png)', '&#33;&#91;x&#93;&#40;https&#58;//evil/x.png&#41;'],
    ['ping @org/team', 'ping &#64;org/team'],
    ['line1\nline2\r\nline3', 'line1 line2 line3'],
    ['see www.evil.example', 'see www&#46;evil.example'],
    ['`code` **bold** _it_', '&#96;code&#96; &#42;&#42;bold&#42;&#42; &#95;it&#95;'],
  ])('defuses %j', (input, expected) => {
    expect(mdText(input)).toBe(expected);
  });

  it('caps the length', () => {
    expect(mdText('x'.repeat(1000), 10)).toBe(`${'x'.repeat(9)}…`);
  });

  it('drops control and bidi characters', () => {
    expect(mdText('a\u0000b\u202ec\u0007')).toBe('abc');
  });
});

describe('mdPre', () => {
  it('keeps line breaks but escapes markup', () => {
    expect(mdPre('at x (<a>)\n  at y')).toBe('<pre>at x &#40;&lt;a&gt;&#41;\n  at y</pre>');
  });
});

describe('logText', () => {
  it('can never start a workflow command', () => {
    const out = logText('ok\n::error::pwned\r::set-output name=x::y');
    expect(out).not.toMatch(/[\r\n]/);
    expect(out).not.toContain('::');
  });
});
