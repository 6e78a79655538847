/**
 * Hostile and broken input: every case ends as tests or one problem, without an exception and without blowing up.
 *
 * Nothing here times the parser (a loaded machine would make such a bound flaky). "Refused without expanding" is
 * shown by where the refusal is (at the declaration, before any reference); "not read" by counting reads; "no
 * recursion" by surviving a depth far beyond the call stack; "nothing superlinear" by sizes at which a linear parse
 * takes well under a second but a quadratic one could not finish within the test's explicit timeout (vitest fails a
 * test that overruns its timeout, synchronous or not).
 */
import { Buffer } from 'node:buffer';
import { closeSync, mkdtempSync, openSync, rmSync, writeFileSync, ftruncateSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { DEFAULT_MAX_FILE_BYTES, parseReportFiles, parseReportText } from '../../src/junit/index.ts';

const ws = mkdtempSync(join(tmpdir(), 'fg-junit-hostile-'));
afterAll(() => rmSync(ws, { recursive: true, force: true }));

/**
 * Nesting depth for the structure tests: far beyond what the call stack allows (a recursive parser overflows), and
 * large enough that quadratic work (600k² = 3.6e11 steps) cannot finish within LINEAR_TIMEOUT_MS unless each step
 * costs under 0.17 ns: as strict as the 2 s bound at 100k it replaces (1e10 steps, 0.2 ns), without timing the
 * linear parse, which takes about a second at this depth on a loaded 2-core machine (0.5-1.6 s measured).
 */
const DEPTH = 600_000;
/** The explicit timeout of the tests that guard against superlinear work: generous for linear work, far too short for quadratic. */
const LINEAR_TIMEOUT_MS = 60_000;

function problem(xml: string | Uint8Array, path = 'r.xml') {
  const r = parseReportText(xml, path);
  expect(r.tests).toEqual([]);
  expect(r.problems).toHaveLength(1);
  expect(r.problems[0]!.path).toBe(path);
  return r.problems[0]!;
}

const BILLION_LAUGHS = `<?xml version="1.0"?>
<!DOCTYPE lolz [
 <!ENTITY lol "lol">
 <!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
 <!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;">
 <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
 <!ENTITY lol9 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
]>
<testsuite name="s"><testcase classname="c" name="&lol9;"/></testsuite>`;

describe('DTDs and entities', () => {
  it('refuses a billion-laughs document without expanding anything', () => {
    const p = problem(BILLION_LAUGHS);
    expect(p.message).toMatch(/^refused: the report contains a <!DOCTYPE> declaration\. DTDs and entity declarations are not accepted/);
    // Refused where the declaration starts (line 2), before any entity is declared or the reference (line 8) read.
    expect(p).toMatchObject({ line: 2, column: 1 });
    expect(p.message).not.toContain('lol');
  });

  it('refuses external entities (XXE)', () => {
    const p = problem('<?xml version="1.0"?>\n<!DOCTYPE t [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>\n<testsuite><testcase name="&xxe;"/></testsuite>');
    expect(p.message).toMatch(/<!DOCTYPE>/);
    expect(p.message).not.toMatch(/root:/);
  });

  it('refuses a bare <!ENTITY> (external DTD fragment) and a DOCTYPE inside the root', () => {
    expect(problem('<!ENTITY % a SYSTEM "http://evil.example/x.dtd">%a;').message).toMatch(/^refused: .*<!ENTITY>/);
    expect(problem('<testsuite><!DOCTYPE x></testsuite>').message).toMatch(/^refused: .*<!DOCTYPE>/);
  });

  it('an entity reference without a declaration is an error, not an expansion', () => {
    const p = problem('<testsuite><testcase name="&xxe;"/></testsuite>');
    expect(p.message).toBe('not well-formed XML: undefined entity &xxe; (only &lt; &gt; &amp; &quot; &apos; and character references are allowed)');
    expect(p).toMatchObject({ line: 1, column: 28 });
  });

  it('<!DOCTYPE inside CDATA or a comment is text, not a declaration', () => {
    const r = parseReportText('<!-- <!DOCTYPE x> --><testsuite><testcase name="t"><failure><![CDATA[<!DOCTYPE x [<!ENTITY a "b">]>]]></failure></testcase></testsuite>', 'r.xml');
    expect(r.problems).toEqual([]);
    expect(r.tests[0]!.attempts[0]!.details).toBe('<!DOCTYPE x [<!ENTITY a "b">]>');
  });
});

describe('size', () => {
  it('refuses files above maxFileBytes with the limit and how to raise it', async () => {
    const file = join(ws, 'big.xml');
    writeFileSync(file, `<testsuite>${'<testcase name="t"/>'.repeat(100)}</testsuite>`);
    const out = await parseReportFiles([file], { workspace: ws, maxFileBytes: 1000 });
    expect(out.tests).toEqual([]);
    expect(out.filesRead).toBe(0);
    expect(out.problems).toHaveLength(1);
    expect(out.problems[0]!.path).toBe('big.xml');
    expect(out.problems[0]!.message).toMatch(/^report is too large to parse: 2\.0 KiB \(2023 bytes\), above the limit of 1000 bytes\./);
    expect(out.problems[0]!.message).toMatch(/raise the report size limit \(ParseOptions\.maxFileBytes\)/);
    // The same file is fine with a higher limit.
    const ok = await parseReportFiles([file], { workspace: ws, maxFileBytes: 2023 });
    expect(ok.problems).toEqual([]);
    expect(ok.tests[0]!.attempts).toHaveLength(100);
  });

  it('a 300 MB report is refused by default without being read', async () => {
    const file = join(ws, 'huge.xml');
    const fd = openSync(file, 'w');
    ftruncateSync(fd, 300 * 1024 * 1024); // sparse: no disk or memory used
    closeSync(fd);
    // Every read of an open file goes through the FileHandle prototype (parseReportFiles reads a window at a time
    // with handle.read): count them.
    const probe = await open(file, 'r');
    const proto = Object.getPrototypeOf(probe) as { read: (...a: unknown[]) => unknown; readFile: (...a: unknown[]) => unknown };
    await probe.close();
    const reads = vi.spyOn(proto, 'read');
    const readFiles = vi.spyOn(proto, 'readFile');
    try {
      const out = await parseReportFiles([file], { workspace: ws });
      expect(out.problems[0]!.message).toContain(`limit of 256.0 MiB (${DEFAULT_MAX_FILE_BYTES} bytes)`);
      expect(out.problems[0]!.message).toContain('300.0 MiB');
      expect(reads).not.toHaveBeenCalled();
      expect(readFiles).not.toHaveBeenCalled();
    } finally {
      reads.mockRestore();
      readFiles.mockRestore();
    }
    // The counting works: the same file under a higher limit is read (its first window: NUL bytes are refused).
    const spy = vi.spyOn(proto, 'read');
    try {
      const read = await parseReportFiles([file], { workspace: ws, maxFileBytes: 301 * 1024 * 1024 });
      expect(read.problems[0]!.message).toMatch(/NUL byte|does not start with '<'/);
      expect(spy).toHaveBeenCalled();
    } finally {
      spy.mockRestore();
    }
  });

  it('in-memory reports obey the limit too', () => {
    const r = parseReportText('<testsuite></testsuite>', 'm.xml', { maxFileBytes: 10 });
    expect(r.problems[0]!.message).toMatch(/^report is too large to parse: 23 bytes/);
  });

  it('huge attribute values and bodies are capped, not copied whole', () => {
    const big = 'x'.repeat(2_000_000);
    const r = parseReportText(`<testsuite><testcase name="t" classname="c"><failure message="${big}" type="${big}">${big}\n${big}</failure></testcase></testsuite>`, 'r.xml');
    expect(r.problems).toEqual([]);
    const a = r.tests[0]!.attempts[0]!;
    expect(a.message).toHaveLength(1024);
    expect(a.type).toHaveLength(1024);
    expect(a.details).toHaveLength(4096);
  });
});

describe('structure', () => {
  it(`survives ${DEPTH / 1000}k nested elements (no recursion, no superlinear work) and finds the test inside`, { timeout: LINEAR_TIMEOUT_MS }, () => {
    const xml = '<testsuites>' + '<testsuite name="s">'.repeat(DEPTH) + '<testcase classname="c" name="deep"><failure message="m"/></testcase>' + '</testsuite>'.repeat(DEPTH) + '</testsuites>';
    const r = parseReportText(xml, 'deep.xml');
    expect(r.problems).toEqual([]);
    expect(r.tests).toMatchObject([{ id: 'c::deep', suite: 's', attempts: [{ status: 'failed', message: 'm' }] }]);
  });

  it(`${DEPTH / 1000}k unclosed nested elements are a truncation problem`, { timeout: LINEAR_TIMEOUT_MS }, () => {
    const p = problem('<testsuite>' + '<a>'.repeat(DEPTH));
    expect(p.message).toMatch(/^not well-formed XML: unexpected end of file: <a> \(opened at line 1\) is not closed; the report looks truncated$/);
  });

  it('empty and whitespace-only files', () => {
    expect(problem('').message).toMatch(/^empty report file \(0 bytes\)/);
    expect(problem(new Uint8Array(0)).message).toMatch(/^empty report file/);
    expect(problem(' \n\t\r\n').message).toBe('empty report file (only whitespace)');
  });

  it('well-formed XML that is not JUnit', () => {
    const p = problem('<?xml version="1.0"?>\n<!-- report -->\n<html><body><testcase name="x"/></body></html>');
    expect(p).toEqual({ path: 'r.xml', line: 3, column: 1, message: 'not a JUnit report: root element <html> (expected <testsuites> or <testsuite>)' });
  });

  it('binary garbage and NUL bytes', () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]);
    expect(problem(png).message).toBe("not well-formed XML: the document does not start with '<' (found byte 0x89): this is not an XML file");
    expect(problem(Buffer.alloc(1000)).message).toBe('not well-formed XML: NUL byte: this is a binary file, not XML');
    // Zero padding after the root element (a file preallocated, then cut short) is outside any text: refused.
    expect(problem('<testsuite/>\0\0\0\0').message).toBe('not well-formed XML: NUL byte: this is a binary file, not XML');
    // A NUL inside markup breaks the markup.
    expect(problem('<test\0suite/>').message).toMatch(/^not well-formed XML: invalid start tag <test>/);
    // Deterministic pseudo-random bytes.
    let seed = 42;
    const noise = Buffer.alloc(64 * 1024, 0).map(() => ((seed = (seed * 1103515245 + 12345) >>> 0) >>> 16) & 0xff);
    const r = parseReportText(noise, 'noise.bin');
    expect(r.tests).toEqual([]);
    expect(r.problems).toHaveLength(1);
  });

  it('NUL and other C0 control characters in names and messages are read as the reporter wrote them', () => {
    // jest-junit, mocha-junit-reporter and node's junit reporter write a test's name and message as they are.
    const xml = '<testsuite><testcase classname="c\0" name="\0starts with NUL \x1b[31mred\x1b[0m \x07\x01"><failure message="m\0\x1b">x\0y\x1b[1m</failure></testcase></testsuite>';
    for (const input of [xml, Buffer.from(xml)]) {
      const r = parseReportText(input, 'r.xml');
      expect(r.problems).toEqual([]);
      expect(r.tests).toHaveLength(1);
      const t = r.tests[0]!;
      expect(t.id).toBe('c\0::\0starts with NUL \x1b[31mred\x1b[0m \x07\x01');
      expect(t.attempts[0]).toMatchObject({ status: 'failed', message: 'm\0\x1b', details: 'x\0y\x1b[1m' });
    }
  });

  it('C0 control characters other than NUL are tolerated in text (ANSI colours in captured output)', () => {
    const r = parseReportText('<testsuite><testcase name="a"><failure>\x1b[31mred\x1b[0m</failure></testcase></testsuite>', 'r.xml');
    expect(r.problems).toEqual([]);
    expect(r.tests[0]!.attempts[0]!.details).toBe('\x1b[31mred\x1b[0m');
  });
});
