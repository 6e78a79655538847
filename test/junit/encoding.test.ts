/** Byte order marks, UTF-16, and encodings declared in the XML declaration. */
import { Buffer } from 'node:buffer';
import { describe, expect, it } from 'vitest';
import { parseReportText } from '../../src/junit/index.ts';

const NAME = 'tést ✓ 日本 😀';
const doc = (decl: string, name = NAME): string =>
  `${decl}<testsuite name="S"><testcase classname="C" name="${name}" time="1.5"><failure message="bad ${name}">body ${name}</failure></testcase></testsuite>`;

function utf16(text: string, le: boolean, bom: boolean): Buffer {
  const body = Buffer.from(text, 'utf16le');
  if (!le) body.swap16();
  const mark = bom ? Buffer.from(le ? [0xff, 0xfe] : [0xfe, 0xff]) : Buffer.alloc(0);
  return Buffer.concat([mark, body]);
}

function only(xml: string | Uint8Array) {
  const r = parseReportText(xml, 'r.xml');
  expect(r.problems).toEqual([]);
  expect(r.tests).toHaveLength(1);
  return r.tests[0]!;
}

describe('encodings', () => {
  it('UTF-8 with and without a BOM, bytes or string', () => {
    const text = doc('<?xml version="1.0" encoding="UTF-8"?>\n');
    for (const input of [Buffer.from(text), Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]), text, '\ufeff' + text]) {
      const t = only(input);
      expect(t.name).toBe(NAME);
      expect(t.attempts[0]).toMatchObject({ message: `bad ${NAME}`, details: `body ${NAME}` });
    }
  });

  it.each([
    ['UTF-16LE with BOM', true, true],
    ['UTF-16BE with BOM', false, true],
    ['UTF-16LE without BOM', true, false],
    ['UTF-16BE without BOM', false, false],
  ])('%s', (_label, le, bom) => {
    const t = only(utf16(doc('<?xml version="1.0" encoding="UTF-16"?>\n'), le, bom));
    expect(t.id).toBe(`C::${NAME}`);
    expect(t.attempts[0]!.details).toBe(`body ${NAME}`);
  });

  it('UTF-16 errors are located in lines of the decoded text', () => {
    const r = parseReportText(utf16('<?xml version="1.0" encoding="UTF-16"?>\n<testsuite>\n<testcase name="é"></testsuite>', true, true), 'r.xml');
    expect(r.problems).toMatchObject([{ path: 'r.xml', line: 3, column: 20, message: expect.stringMatching(/mismatched end tag/) }]);
  });

  it('ISO-8859-1 declaration: every byte is the code point of the same value', () => {
    const bytes = Buffer.from(doc('<?xml version="1.0" encoding="ISO-8859-1"?>\n', 'caf\u00e9 \u0085 \u00ff'), 'latin1');
    expect(bytes.includes(0xe9)).toBe(true);
    expect(only(bytes).name).toBe('caf\u00e9 \u0085 \u00ff');
  });

  it('windows-1252 declaration maps 0x80 to the euro sign', () => {
    const bytes = Buffer.from("<?xml version='1.0' encoding='windows-1252'?><testsuite><testcase classname='C' name='price # A'/></testsuite>", 'latin1');
    bytes[bytes.indexOf('#')] = 0x80;
    expect(only(bytes).name).toBe('price \u20ac A');
  });

  it('other encodings Node knows (Shift_JIS)', () => {
    const head = Buffer.from('<?xml version="1.0" encoding="Shift_JIS"?><testsuite><testcase classname="C" name="');
    const tail = Buffer.from('"/></testsuite>');
    expect(only(Buffer.concat([head, Buffer.from([0x93, 0xfa, 0x96, 0x7b]), tail])).name).toBe('日本');
  });

  it('a UTF-16 declaration on a document that is evidently ASCII-compatible is ignored', () => {
    expect(only(Buffer.from(doc('<?xml version="1.0" encoding="utf-16"?>'))).name).toBe(NAME);
  });

  it('unknown and UTF-32 encodings are problems, not exceptions', () => {
    const r1 = parseReportText(Buffer.from(doc('<?xml version="1.0" encoding="x-klingon"?>')), 'k.xml');
    expect(r1).toEqual({ tests: [], problems: [{ path: 'k.xml', message: 'unsupported encoding "x-klingon" declared in the XML declaration' }] });
    const r2 = parseReportText(Buffer.concat([Buffer.from([0xff, 0xfe, 0, 0]), Buffer.from('<\0\0\0')]), 'u.xml');
    expect(r2.problems[0]!.message).toMatch(/UTF-32/);
  });

  it('invalid UTF-8 does not lose the report: bad bytes become U+FFFD', () => {
    const bytes = Buffer.from('<testsuite><testcase classname="C" name="a#b"><failure>x#y</failure></testcase></testsuite>');
    bytes[bytes.indexOf('#')] = 0xff;
    const at = bytes.indexOf('#');
    const broken = Buffer.concat([bytes.subarray(0, at), Buffer.from([0xc3, 0x28, 0xe2, 0x82]), bytes.subarray(at + 1)]);
    const t = only(broken);
    expect(t.name).toBe('a\ufffdb');
    expect(t.attempts[0]!.details).toBe('x\ufffd(\ufffdy');
  });

  it('CRLF line ends are normalised in bodies; literal newlines in attributes become spaces', () => {
    const t = only('<testsuite>\r\n<testcase name="a\r\nb\tc" classname="C"><failure message="x&#10;y">line1\r\nline2\rline3</failure></testcase></testsuite>');
    expect(t.name).toBe('a b c');
    expect(t.attempts[0]).toMatchObject({ message: 'x\ny', details: 'line1\nline2\nline3' });
  });
});
