/**
 * Reading a report a window at a time (src/junit/stream.ts) gives exactly what parsing the whole buffer gives:
 * the same raw cases, the same problems with the same messages, lines and columns, for generated documents (well-
 * formed and broken), every truncation of small documents, constructs cut at every window end, and every report of
 * the real corpus, with windows of 1, 2, 3, 7, 64 bytes and random sizes. And a report larger than the window is
 * read in pieces of at most the window, never held whole.
 */
import fc from 'fast-check';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseReportFile, parseReportFiles, parseReportRaw, parseReportStream, parseReportText } from '../../src/junit/index.ts';
import { memorySource, placeInSource, type ByteSource } from '../../src/junit/stream.ts';
import { lineColumn, safeCut, Tokenizer, type XmlHandler } from '../../src/junit/xml.ts';
import { CORPUS_DIR, loadManifest } from './corpus.ts';

const WS = '/home/runner/work/app/app';

/** The whole-buffer parse (one final window): the reference. */
function whole(bytes: Uint8Array, workspace = WS): unknown {
  return parseReportRaw(bytes, 'r.xml', { workspace });
}

async function streamed(bytes: Uint8Array, window: number, workspace = WS): Promise<unknown> {
  const r = await parseReportStream(memorySource(bytes), 'r.xml', { workspace, window });
  const out: { cases: unknown; problems: unknown; timestamp?: string; oneCasePerTest?: true; reporter?: string } = { cases: r.cases, problems: r.problems };
  if (r.timestamp !== undefined) out.timestamp = r.timestamp;
  if (r.oneCasePerTest) out.oneCasePerTest = true;
  if (r.reporter !== undefined) out.reporter = r.reporter;
  return out;
}

async function expectSame(bytes: Uint8Array, windows: number[], label = ''): Promise<void> {
  const want = whole(bytes);
  for (const w of windows) expect(await streamed(bytes, w), `${label} window ${w}`).toStrictEqual(want);
}

const utf8 = (s: string): Buffer => Buffer.from(s, 'utf8');

// ---- generated documents ----

const textAtom = fc.constantFrom(
  'plain text',
  'a &amp; b',
  '&lt;tag&gt; &quot;q&quot; &apos;',
  '&#233;&#x1F600;&#10;',
  'é',
  '😀',
  '中文',
  '\r\n',
  '\r',
  '\n',
  ']]',
  ']]>',
  '\u001b[31mred\u001b[0m',
  '    at com.example.FooTest.bar(FooTest.java:42)\n',
  'x'.repeat(70),
);
const text = fc.array(textAtom, { maxLength: 6 }).map((a) => a.join(''));
const cdataText = fc.array(fc.constantFrom('stack', ']', ']]', '] ]>', '\r\n', '\r', 'é', '😀', '&amp; not a ref', '<not a tag>', '  at x.y(Z.java:1)\n'), { maxLength: 6 }).map((a) => a.join(''));
const attrValue = fc.array(fc.constantFrom('v', 'a &amp; b', '&lt;', '&#x41;', 'é', '😀', '\t', '\n', '\r\n', "'", '&quot;', ' '), { maxLength: 5 }).map((a) => a.join(''));
const filler = fc.constantFrom('', '\n', '  ', '<!-- a comment with é and -- dashes -->', '<?pi data?>', '\r\n  ');

const result = fc.record({
  kind: fc.constantFrom('failure', 'error', 'skipped', 'flakyFailure', 'rerunFailure'),
  message: fc.option(attrValue, { nil: undefined }),
  body: fc.array(
    fc.oneof(
      text.map((t) => ({ t })),
      cdataText.map((c) => ({ c })),
      text.map((s) => ({ s })),
    ),
    { maxLength: 3 },
  ),
});
const testcase = fc.record({
  name: attrValue,
  classname: fc.constantFrom('pkg.A', 'pkg.B', '', 'é.C'),
  time: fc.constantFrom('0.1', '1,5', '', 'x'),
  file: fc.option(fc.constantFrom('src/a.test.ts', `${WS}/src/b.ts`), { nil: undefined }),
  line: fc.option(fc.constantFrom('12', 'x'), { nil: undefined }),
  results: fc.array(result, { maxLength: 2 }),
  out: fc.option(cdataText, { nil: undefined }),
  pad: filler,
});
const documentArb = fc.record({
  decl: fc.constantFrom('', '<?xml version="1.0" encoding="UTF-8"?>\n', "<?xml version='1.0'?>", '\ufeff', '\ufeff<?xml version="1.0"?>'),
  suites: fc.array(fc.record({ name: attrValue, ts: fc.constantFrom('', '2026-11-21T10:00:00', 'bad'), cases: fc.array(testcase, { maxLength: 4 }), pad: filler }), { minLength: 1, maxLength: 3 }),
  single: fc.boolean(),
});

const attr = (name: string, v: string | undefined): string => (v === undefined ? '' : ` ${name}="${v.replace(/"/g, '&quot;')}"`);

type Doc = typeof documentArb extends fc.Arbitrary<infer T> ? T : never;
type Damage = typeof damage extends fc.Arbitrary<infer T> ? T : never;

function render(d: Doc): string {
  const suite = (s: (typeof d.suites)[number]): string =>
    `<testsuite${attr('name', s.name)}${s.ts === '' ? '' : attr('timestamp', s.ts)}>${s.pad}` +
    s.cases
      .map(
        (c) =>
          `<testcase${attr('name', c.name)}${attr('classname', c.classname)}${attr('time', c.time)}${attr('file', c.file)}${attr('line', c.line)}>${c.pad}` +
          c.results
            .map(
              (r) =>
                `<${r.kind}${attr('message', r.message)}>` +
                r.body.map((b) => ('t' in b ? b.t.replace(/]]>/g, ']]&gt;') : 'c' in b ? `<![CDATA[${b.c}]]>` : `<stackTrace>${b.s.replace(/]]>/g, ']]&gt;')}</stackTrace>`)).join('') +
                `</${r.kind}>`,
            )
            .join('') +
          (c.out === undefined ? '' : `<system-out><![CDATA[${c.out}]]></system-out>`) +
          '</testcase>',
      )
      .join(s.pad) +
    '</testsuite>';
  const body = d.single && d.suites.length === 1 ? suite(d.suites[0]!) : `<testsuites>\n${d.suites.map(suite).join('\n')}\n</testsuites>\n`;
  return d.decl + body;
}

/** Damage that the parse must report the same way: a cut, an inserted fragment, raw bytes. */
const damage = fc.oneof(
  fc.constant({ kind: 'none' as const }),
  fc.record({ kind: fc.constant('cut' as const), at: fc.double({ min: 0, max: 1, noNaN: true }) }),
  fc.record({
    kind: fc.constant('insert' as const),
    at: fc.double({ min: 0, max: 1, noNaN: true }),
    bytes: fc.constantFrom(
      utf8('&'),
      utf8('&am'),
      utf8('&amp'),
      utf8('&#0;'),
      utf8('&#x110000;'),
      utf8('&foo;'),
      utf8('<'),
      utf8('</x>'),
      utf8('<!DOCTYPE x [<!ENTITY e "e">]>'),
      utf8('<!ENTITY'),
      utf8('<!foo>'),
      utf8('\0'),
      utf8(']]>'),
      utf8('<![CDATA['),
      utf8('<!--'),
      utf8('<?'),
      utf8('"'),
      utf8(' a="1" a="2"'),
      Buffer.from([0xc3]),
      Buffer.from([0xe2, 0x82]),
      Buffer.from([0xf0, 0x9f, 0x98]),
      Buffer.from([0xff, 0xfe]),
      Buffer.from([0x80, 0x80]),
    ),
  }),
);

function damaged(doc: Buffer, d: Damage): Buffer {
  if (d.kind === 'none') return doc;
  const at = Math.floor(d.at * doc.length);
  if (d.kind === 'cut') return doc.subarray(0, at);
  return Buffer.concat([doc.subarray(0, at), d.bytes, doc.subarray(at)]);
}

describe('streamed parse = whole-buffer parse', () => {
  it('for generated documents, well-formed and damaged, whatever the window', async () => {
    let problems = 0;
    let cases = 0;
    await fc.assert(
      fc.asyncProperty(documentArb, damage, fc.integer({ min: 1, max: 300 }), async (d, dmg, randomWindow) => {
        const bytes = damaged(utf8(render(d)), dmg);
        const want = whole(bytes) as { cases: unknown[]; problems: unknown[] };
        problems += want.problems.length;
        cases += want.cases.length;
        for (const w of [1, 2, 3, 7, 64, randomWindow]) expect(await streamed(bytes, w), `window ${w}`).toStrictEqual(want);
      }),
      { numRuns: 250 },
    );
    // Both kinds were compared, not only one.
    expect(problems).toBeGreaterThan(20);
    expect(cases).toBeGreaterThan(100);
  });

  const small = utf8(
    '<?xml version="1.0" encoding="UTF-8"?>\r\n<!-- é -->\n<testsuites>\n <testsuite name="S é" timestamp="2026-11-21T10:00:00">' +
      '<testcase name="a &amp; 😀" classname="pkg.A" time="1.5"><failure message="m&#x41;">boom &lt;x&gt;\r\n' +
      '  at pkg.A.t(A.java:3)<![CDATA[ cd]]ata ]]><stackTrace>中</stackTrace></failure><?pi x?></testcase>\n' +
      '<testcase name="b"/></testsuite>\n</testsuites>\n',
  );

  it('for every truncation of a small document (the "unexpected end of file" errors and their positions)', async () => {
    const messages = new Set<string>();
    for (let p = 0; p <= small.length; p++) {
      const bytes = small.subarray(0, p);
      const want = whole(bytes) as { problems: Array<{ message: string }> };
      for (const pr of want.problems) messages.add(pr.message);
      for (const w of [1, 2, 3, 7, 64]) expect(await streamed(bytes, w), `cut at ${p}, window ${w}`).toStrictEqual(want);
    }
    // The cuts reach every kind of unfinished construct.
    for (const m of ['unterminated comment', 'unterminated CDATA', 'unterminated processing instruction', 'inside start tag', 'inside the value', 'unescaped', 'not closed']) {
      expect(
        [...messages].some((x) => x.includes(m)),
        m,
      ).toBe(true);
    }
  });

  it('for constructs cut at every window end: references, UTF-8 sequences, ]]>, CR LF, <!DOCTYPE, names', async () => {
    const docs = [
      small,
      utf8('<testsuite><testcase name="x"><failure>a&amq;b</failure></testcase></testsuite>'),
      utf8('<testsuite><testcase name="x"><failure>a&#x11FFFF;b</failure></testcase></testsuite>'),
      utf8('<testsuite><testcase name="x"><failure>a&#12a;b</failure></testcase></testsuite>'),
      utf8('<testsuite><testcase name="a&amp"/></testsuite>'),
      utf8('<testsuite><testcase name="😀é中"><failure>😀é中😀\r\n\r\r\n😀</failure></testcase></testsuite>'),
      Buffer.concat([utf8('<testsuite><testcase name="x"><failure>ab'), Buffer.from([0xe2, 0x82, 0xf0, 0x9f, 0x98, 0x80, 0xc3, 0x80, 0x80, 0xff]), utf8('cd</failure></testcase></testsuite>')]),
      utf8('<testsuite><testcase name="x"><failure><![CDATA[a]]]]><![CDATA[>b ]] > ]]]></failure></testcase></testsuite>'),
      utf8('<testsuite><testcase name="x"><failure><![CDATA[\r\n]\r]]\r\n]]]></failure></testcase></testsuite>'),
      utf8('<testsuite><testcase name="x"><failure><![CDATA[never closed ]] ]>'),
      utf8('<?xml version="1.0"?>\n<!DOCTYPE testsuite [<!ENTITY x "y">]>\n<testsuite/>'),
      utf8('<testsuite>\n<!ELEMENT x ANY>\n</testsuite>'),
      utf8('<testsuite>\n<!-- - -- --->\n<!-->\n</testsuite>'),
      utf8('<testsuite><testcase name="x"></testcasex></testsuite>'),
      utf8('<testsuite><testcase\n  name="x"\n  name="y"/></testsuite>'),
      utf8('<testsuite/>\n\n<testsuite/>'),
      utf8('<testsuite/>\n<!-- trailing -->\n<?pi?>\n  text'),
      utf8('  \r\n\t '),
      utf8('\ufeff   '),
      utf8('<?xml version="1.0" encoding="ISO-8859-1"?><testsuite name="abc"/>'),
      Buffer.concat([utf8('<?xml version="1.0" encoding="ISO-8859-1"?><testsuite name="'), Buffer.from([0xe9, 0xff]), utf8('"/>')]),
      Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('<testsuite name="é"/>', 'utf16le')]),
      Buffer.from('<?xml version="1.0" encoding="UTF-16"?><testsuite name="é"/>', 'utf16le'),
      Buffer.from([0x00, 0x00, 0xfe, 0xff, 0, 0, 0, 0x3c]),
      utf8('<?xml version="1.0" encoding="klingon"?><testsuite/>'),
      utf8('<?xml version="1.0" encoding="utf-16"?><testsuite name="mislabelled"/>'),
      utf8('<?xml'),
      utf8('<html><body/></html>'),
      utf8('PK\u0003\u0004binary'),
      utf8('<testsuite>\0</testsuite>'),
    ];
    for (const doc of docs) {
      const windows = Array.from({ length: Math.min(doc.length + 1, 48) }, (_, k) => k + 1);
      await expectSame(doc, windows, JSON.stringify(doc.toString('latin1').slice(0, 40)));
    }
  });

  it('for every report of the real corpus, malformed ones included', async () => {
    const rows = loadManifest();
    let compared = 0;
    let rng = 12345;
    const random = (): number => {
      rng = (Math.imul(rng, 1103515245) + 12345) >>> 0;
      return 1 + (rng % 65536);
    };
    for (const row of rows) {
      const bytes = readFileSync(join(CORPUS_DIR, row.file));
      const windows = bytes.length <= 16384 ? [1, 2, 3, 7, 64, random()] : [7, 64, 4096, random()];
      const want = parseReportRaw(bytes, 'r.xml', { workspace: CORPUS_DIR });
      for (const w of windows) expect(await streamed(bytes, w, CORPUS_DIR), `${row.file} window ${w}`).toStrictEqual(want);
      compared++;
    }
    expect(compared).toBe(309);
  });
});

describe('placing an error by reading the source again', () => {
  it('gives lineColumn of the whole buffer, for any bytes (invalid UTF-8, CR, LF), offset and chunk size', () => {
    const byte = fc.constantFrom(0x61, 0x0a, 0x0d, 0x3c, 0xc3, 0xa9, 0xe4, 0xb8, 0xad, 0xf0, 0x9f, 0x98, 0x80, 0xff, 0xc0, 0xed, 0xa0);
    fc.assert(
      fc.property(
        fc.array(byte, { maxLength: 60 }).map((a) => Buffer.from(a)),
        fc.nat(70),
        fc.integer({ min: 4, max: 9 }),
        (bytes, offset, chunk) => {
          const src = memorySource(bytes);
          expect(placeInSource(src, 0, offset, false, chunk)).toEqual(lineColumn(bytes, offset));
          expect(placeInSource(src, 0, offset, true, chunk).line).toBe(lineColumn(bytes, offset).line);
          // With bytes before the document (a BOM).
          expect(placeInSource(memorySource(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), bytes])), 3, offset, false, chunk)).toEqual(lineColumn(bytes, offset));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('safeCut never splits a decoded character, and never cuts after a CR (the next byte may be LF)', () => {
    const byte = fc.constantFrom(0x61, 0x0a, 0x0d, 0xc3, 0xa9, 0xe4, 0xb8, 0xad, 0xf0, 0x9f, 0x98, 0x80, 0xff, 0xc0, 0xf5);
    fc.assert(
      fc.property(
        fc.array(byte, { maxLength: 40 }).map((a) => Buffer.from(a)),
        fc.nat(40),
        (bytes, e0) => {
          const e = Math.min(e0, bytes.length);
          const cut = safeCut(bytes, 0, e);
          expect(cut).toBeLessThanOrEqual(e);
          expect(cut).toBeGreaterThanOrEqual(Math.max(0, e - 4));
          expect(bytes.toString('utf8', 0, cut) + bytes.toString('utf8', cut)).toBe(bytes.toString('utf8'));
          // Cut at e (whatever follows e is unknown) only when the piece does not end with CR.
          if (cut === e && e > 0) expect(bytes[e - 1]).not.toBe(0x0d);
        },
      ),
      { numRuns: 3000 },
    );
  });
});

describe('a report larger than the window', () => {
  /** ~1.6 MB: 3000 testcases, failures with stack traces, one 600 KB captured output in CDATA and one in text. */
  function bigReport(): Buffer {
    const parts: string[] = ['<?xml version="1.0" encoding="UTF-8"?>\n<testsuites>\n<testsuite name="big" timestamp="2026-11-21T10:00:00">\n'];
    for (let i = 0; i < 3000; i++) {
      if (i % 10 === 0) {
        parts.push(`<testcase name="case ${i} é😀" classname="pkg.C${i % 7}" time="0.${i % 10}"><failure message="expected &lt;${i}&gt;"><![CDATA[AssertionError ${i}\r\n`);
        for (let f = 0; f < 20; f++) parts.push(`    at pkg.C${i % 7}.step${f}(${WS}/src/C${i % 7}.java:${10 + f})\r\n`);
        parts.push(']]></failure></testcase>\n');
      } else parts.push(`<testcase name="case ${i}" classname="pkg.C${i % 7}" time="0.${i % 10}"/>\n`);
    }
    parts.push(`<testcase name="long cdata"><failure><![CDATA[${'line with ]] and é 😀 \r\n'.repeat(25_000)}]]></failure></testcase>\n`);
    parts.push(`<testcase name="long text"><error>${'text &amp; é 😀 \r\n'.repeat(30_000)}</error></testcase>\n`);
    parts.push('</testsuite>\n</testsuites>\n');
    return utf8(parts.join(''));
  }

  it('is read in pieces of at most the window and never held whole, with the same results and errors', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'flakeguard-stream-'));
    try {
      const doc = bigReport();
      const window = 16 * 1024;
      expect(doc.length).toBeGreaterThan(80 * window);
      const file = join(dir, 'big.xml');
      await writeFile(file, doc);
      const r = await parseReportFile(file, 'big.xml', { workspace: WS, window });
      if (typeof r === 'string') throw new Error(r);
      expect(r.whole).toBe(false);
      expect(r.problems).toEqual([]);
      expect(r.cases).toHaveLength(3002);
      expect(r.largestRead).toBeLessThanOrEqual(window);
      // Held at once: a window plus what a construct left over (a few bytes), never the report.
      expect(r.largestHeld).toBeLessThanOrEqual(window + 1024);
      expect({ cases: r.cases, problems: r.problems, timestamp: r.timestamp }).toStrictEqual(parseReportRaw(doc, 'big.xml', { workspace: WS }));

      // The reads the parse asks of the file, counted on the real file source.
      const sizes: number[] = [];
      const counting = (inner: ByteSource): ByteSource => ({
        read: async (into, offset, length) => {
          const got = await inner.read(into, offset, length);
          sizes.push(got);
          return got;
        },
        readAt: (...a) => inner.readAt(...a),
      });
      await parseReportStream(counting(memorySource(doc)), 'big.xml', { workspace: WS, window });
      expect(Math.max(...sizes)).toBe(window);
      expect(sizes.reduce((a, b) => a + b, 0)).toBe(doc.length);

      // Errors deep in the file: placed by reading the file again, as the whole-buffer parse places them.
      for (const broken of [
        doc.subarray(0, doc.length - 200),
        Buffer.concat([doc.subarray(0, 1_500_000), utf8('&bad;'), doc.subarray(1_500_000)]),
        Buffer.concat([doc.subarray(0, doc.indexOf('<testcase name="case 1500"')), utf8('</nope>'), doc.subarray(doc.indexOf('<testcase name="case 1500"'))]),
      ]) {
        await writeFile(file, broken);
        const b = await parseReportFile(file, 'big.xml', { workspace: WS, window });
        if (typeof b === 'string') throw new Error(b);
        expect(b.problems).toHaveLength(1);
        expect(b.problems[0]!.line).toBeGreaterThan(1000);
        expect({ cases: b.cases, problems: b.problems }).toStrictEqual(parseReportRaw(broken, 'big.xml', { workspace: WS }));
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('parseReportFiles reads it the same way as parseReportText reads the bytes', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'flakeguard-stream-'));
    try {
      const doc = bigReport();
      await writeFile(join(dir, 'big.xml'), doc);
      const files = await parseReportFiles([join(dir, 'big.xml')], { workspace: WS });
      // The file is outside the workspace, so it is reported by its absolute path.
      const text = parseReportText(doc, join(dir, 'big.xml'), { workspace: WS });
      expect(files.tests).toStrictEqual(text.tests);
      expect(files.problems).toEqual([]);
      expect(files.timestamp).toBe(text.timestamp);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('an XML declaration not ended in the first MiB: the report is read whole, with the same result', async () => {
    for (const doc of [utf8(`<?xml version="1.0"${' '.repeat(1_100_000)}?><testsuite name="s"><testcase name="t"/></testsuite>`), utf8(`<?xml version="1.0"${' '.repeat(1_100_000)}`)]) {
      const r = await parseReportStream(memorySource(doc), 'r.xml', { workspace: WS, window: 64 * 1024 });
      expect(r.whole).toBe(true);
      expect({ cases: r.cases, problems: r.problems }).toStrictEqual(whole(doc));
    }
    // Ended within the first MiB: streamed.
    const doc = utf8(`<?xml version="1.0" encoding="UTF-8"?><testsuite name="s">${'<testcase name="t"/>'.repeat(10_000)}</testsuite>`);
    const r = await parseReportStream(memorySource(doc), 'r.xml', { workspace: WS, window: 4096 });
    expect(r.whole).toBe(false);
    expect(r.cases).toHaveLength(10_000);
  });

  it('a start tag longer than the window is waited for, not rescanned once per piece', async () => {
    const doc = utf8(`<testsuite><testcase name="${'n'.repeat(300_000)}"/></testsuite>`);
    const r = await parseReportStream(memorySource(doc), 'r.xml', { workspace: WS, window: 1024 });
    expect(r.cases.map((c) => c.name.length)).toEqual([300_000]);
    // The pending bytes double, so the whole tag is in memory once, with at most as much again, and the tokenizer
    // starts the tag again about log2(300 KB / 1 KiB) times, not 300.
    expect(r.largestHeld).toBeLessThanOrEqual(2 * 300_100);
    expect(r.feeds).toBeLessThanOrEqual(12);
    // Text, CDATA and comments are not started again: one feed per window.
    const long = utf8(
      `<testsuite><testcase name="t"><failure>${'text '.repeat(60_000)}<![CDATA[${'cdata '.repeat(60_000)}]]></failure><!--${'comment '.repeat(40_000)}--><?pi ${'pi '.repeat(100_000)}?></testcase></testsuite>`,
    );
    const l = await parseReportStream(memorySource(long), 'r.xml', { workspace: WS, window: 1024 });
    expect(l.cases).toHaveLength(1);
    expect(l.feeds).toBeLessThanOrEqual(Math.ceil(long.length / 1024) + 1);
    expect(l.largestHeld).toBeLessThanOrEqual(1024 + 64);
  });
});

describe("node's junit reporter: its summary comments mark one testcase per test, in every window", () => {
  const node = (root: string, comments: string): Buffer =>
    utf8(
      `<?xml version="1.0" encoding="utf-8"?>\n${root}\n\t<testcase name="same" time="0.1" classname="test" file="/w/a.test.mjs"/>\n\t<testcase name="same" time="0.1" classname="test" file="/w/a.test.mjs"/>\n${comments}</testsuites>\n`,
    );
  const summary = '\t<!-- tests 2 -->\n\t<!-- suites 0 -->\n\t<!-- pass 2 -->\n\t<!-- fail 0 -->\n\t<!-- duration_ms 78.789736 -->\n';

  it('an unnamed root with the comments: one testcase per test, whole or a window of 1, 2, 3, 7 or 64 bytes', async () => {
    const bytes = node('<testsuites>', summary);
    expect(whole(bytes)).toMatchObject({ oneCasePerTest: true });
    await expectSame(bytes, [1, 2, 3, 7, 64]);
    // Only the last comment, cut by every window size: still seen.
    const last = node('<testsuites>', '\t<!-- duration_ms 1.5 -->\n');
    expect(whole(last)).toMatchObject({ oneCasePerTest: true });
    await expectSame(last, [1, 2, 3, 5, 7, 11]);
  });

  it('not without them, not under a named root, not deeper in the document, not for a long comment', async () => {
    for (const bytes of [
      node('<testsuites>', ''),
      node('<testsuites name="custom">', summary),
      node('<testsuites>', `\t<testsuite name="s"><!-- tests 2 --></testsuite>\n`),
      node('<testsuites>', `\t<!-- tests 2 ${'x'.repeat(80)} -->\n`),
    ]) {
      expect(whole(bytes)).not.toHaveProperty('oneCasePerTest');
      await expectSame(bytes, [1, 3, 7]);
    }
  });
});

describe('the tokenizer reports a short comment whole wherever a window cuts it', () => {
  it('every cut of `<r><!-- tests 12345 --></r>` gives the comment once, with its depth; a long one is not reported', () => {
    for (const [doc, want] of [
      ['<r><!-- tests 12345 --></r>', ['1: tests 12345 ']],
      [`<r><!--${'y'.repeat(70)}--></r>`, []],
    ] as const) {
      const bytes = Buffer.from(doc);
      for (let cut = 1; cut < bytes.length; cut++) {
        const seen: string[] = [];
        const h: XmlHandler = { open() {}, close() {}, text() {}, cdata() {}, comment: (t, d) => seen.push(`${d}:${t}`) };
        const t = new Tokenizer(h, () => 1);
        const used = t.feed(bytes.subarray(0, cut), 0, false);
        t.feed(bytes.subarray(used), used, true);
        expect(seen, `cut at ${cut}`).toEqual(want);
      }
    }
  });
});
