import { describe, expect, it } from 'vitest';
import { logText, mdInert, mdPre, mdText, plainText, redact, registerSecret, truncate, truncateBytes } from '../../src/text/escape.ts';

describe('mdText', () => {
  it.each([
    ['a | b', 'a &#124; b'],
    ['<script>alert(1)</script>', '&lt;script&gt;alert&#40;1&#41;&lt;/script&gt;'],
    ['![x](https://evil/x.png)', '&#33;&#91;x&#93;&#40;https&#58;//evil/x.png&#41;'],
    ['ping @org/team', 'ping &#64;org/team'],
    ['line1\nline2\r\nline3', 'line1 line2 line3'],
    ['see www.evil.example', 'see www&#46;evil.example'],
    ['`code` **bold** _it_', '&#96;code&#96; &#42;&#42;bold&#42;&#42; &#95;it&#95;'],
    ['$$x^2$$', '&#36;&#36;x&#94;2&#36;&#36;'],
    ['plain words stay', 'plain words stay'],
  ])('defuses %j', (input, expected) => {
    expect(mdText(input)).toBe(expected);
  });

  it('caps the length, entities included, without cutting an entity', () => {
    expect(mdText('x'.repeat(1000), 10)).toBe(`${'x'.repeat(9)}…`);
    const cut = mdText('|'.repeat(100), 20);
    expect(cut).toBe('&#124;&#124;&#124;…');
    expect(cut.length).toBeLessThanOrEqual(20);
    expect(mdText('ab|', 8)).toBe('ab&#124;');
  });

  it('shows control characters as \\xHH and drops bidi and zero-width characters', () => {
    expect(mdText('a\u0000b\u202ec\u0007\u2066d\u200be')).toBe('a&#92;x00bc&#92;x07de');
    expect(mdText('\u001b[31mred\u001b[0m')).toBe('&#92;x1b&#91;31mred&#92;x1b&#91;0m');
  });

  it('tells a name with a NUL from its namesake without it, in every form', () => {
    expect(logText('\u0000starts')).toBe('\\x00starts');
    expect(plainText('\u0000starts\u009b', 100)).toBe('\\x00starts\\x9b');
    expect(logText('\u0000starts')).not.toBe(logText('starts'));
  });
});

describe('mdInert', () => {
  it('puts a zero-width space after every @ and # (mentions and issue references stay text even once decoded)', () => {
    expect(mdInert('@octo/team fixes #12')).toBe('&#64;&#8203;octo/team fixes &#35;&#8203;12');
    expect(mdInert('plain words')).toBe('plain words');
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

  it('defuses the legacy ##[command] syntax, which the runner finds anywhere in a line', () => {
    const out = logText('fine ##[error]pwned ##[add-mask]x');
    expect(out).not.toContain('##[');
  });

  it('drops a line separator the runner would split on', () => {
    expect(logText('a\u2028::b\u0085c')).not.toMatch(/[\u2028\u0085]/);
  });
});

describe('plainText', () => {
  it('keeps line breaks unless one line is asked for, and drops control characters', () => {
    expect(plainText('a\r\nb\u202ec', 100)).toBe('a\nbc');
    expect(plainText('a\r\nb', 100, true)).toBe('a b');
    expect(plainText('x'.repeat(10), 5)).toBe('xxxx…');
  });
});

describe('secrets', () => {
  it('hides a registered secret everywhere', () => {
    registerSecret('ghs_unit_secret_123');
    const leak = 'auth: token ghs_unit_secret_123 and again ghs_unit_secret_123';
    expect(redact(leak)).toBe('auth: token *** and again ***');
    for (const out of [logText(leak), mdText(leak), plainText(leak, 1000)]) expect(out).not.toContain('ghs_unit_secret_123');
    const basic = Buffer.from('x-access-token:ghs_unit_secret_123').toString('base64');
    expect(logText(`Authorization: basic ${basic}`)).not.toContain(basic);
  });
});

describe('truncation', () => {
  it('never splits a surrogate pair', () => {
    expect(truncate('ab😀cd', 4)).toBe('ab…');
  });

  it('cuts by UTF-8 bytes, at a line break when one is near', () => {
    const text = `${'é'.repeat(100)}\n${'é'.repeat(100)}`;
    const cut = truncateBytes(text, 250);
    expect(Buffer.byteLength(cut)).toBeLessThanOrEqual(250);
    expect(cut).toBe('é'.repeat(100));
    expect(truncateBytes('short', 100)).toBe('short');
  });
});
