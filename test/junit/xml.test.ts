/** The tokenizer's well-formedness checks, each with the position it reports. */
import { describe, expect, it } from 'vitest';
import { parseReportText } from '../../src/junit/index.ts';

const cases: Array<[string, string, RegExp, number, number]> = [
  ['mismatched end tag', '<testsuite>\n  <testcase name="a">\n  </testsuite>', /mismatched end tag: expected <\/testcase> \(opened at line 2\) but found <\/testsuite>/, 3, 3],
  ['truncated document', '<testsuite>\n<testcase name="a">', /unexpected end of file: <testcase> \(opened at line 2\) is not closed; the report looks truncated/, 2, 20],
  ["'<' in an attribute value", '<testsuite>\n<testcase time="<<computed>>"/></testsuite>', /'<' is not allowed in the value of attribute time of <testcase>/, 2, 17],
  ['duplicate attribute', '<testsuite name="a" name="b"/>', /duplicate attribute name in <testsuite>/, 1, 21],
  ['unquoted attribute', '<testsuite name=a/>', /value of attribute name of <testsuite> is not quoted/, 1, 17],
  ['attribute without value', '<testsuite disabled/>', /attribute disabled of <testsuite> has no value/, 1, 20],
  ['no whitespace between attributes', '<testsuite a="1"b="2"/>', /expected whitespace, '>' or '\/>' but found 'b'/, 1, 17],
  ['bare ampersand', '<testsuite><testcase name="a & b"/></testsuite>', /unescaped '&' \(write it as &amp;\)/, 1, 30],
  ['ampersand in text', '<testsuite>R&D</testsuite>', /unescaped '&'/, 1, 13],
  ['invalid character reference', '<testsuite name="&#0;"/>', /character reference to an invalid character \(&#0;\)/, 1, 18],
  ['surrogate character reference', '<testsuite name="&#xD800;"/>', /invalid character/, 1, 18],
  ['malformed character reference', '<testsuite name="&#xZZ;"/>', /malformed character reference/, 1, 18],
  ['text after the root', '<testsuite/>\ntrailing', /text after the end of the root element/, 2, 1],
  ['second root element', '<testsuite/>\n<testsuite/>', /a second root element <testsuite> after the end of the first one/, 2, 1],
  ['end tag without start', '<testsuite></testsuite></testsuite>', /end tag <\/testsuite> without a matching start tag/, 1, 24],
  ['CDATA outside the root', '<![CDATA[x]]><testsuite/>', /CDATA section outside the root element/, 1, 1],
  ['unterminated comment', '<testsuite><!-- oops</testsuite>', /unterminated comment/, 1, 12],
  ['unterminated CDATA', '<testsuite><failure><![CDATA[stack', /unterminated CDATA section/, 1, 21],
  ['unterminated processing instruction', '<?xml version="1.0"', /unterminated processing instruction/, 1, 1],
  ['invalid element name', '<testsuite><1abc/></testsuite>', /invalid start tag: expected a name after '<' but found '1'/, 1, 12],
  ['space after <', '<testsuite>< testcase/></testsuite>', /invalid start tag/, 1, 12],
  ['garbage in end tag', '<testsuite></testsuite x>', /invalid end tag <\/testsuite: expected '>' but found 'x'/, 1, 24],
  ['end of file inside a tag', '<testsuite name="a"', /unexpected end of file inside start tag <testsuite>/, 1, 1],
  ['end of file inside a value', '<testsuite name="a', /unexpected end of file inside the value of attribute name/, 1, 17],
  ['invalid markup', '<testsuite><!foo></testsuite>', /invalid markup '<!'/, 1, 12],
  ['no element at all', '<?xml version="1.0"?>\n<!-- nothing -->\n', /no root element/, 3, 1],
  ['multibyte characters count as one column', '<testsuite name="日本語"><x></testsuite>', /mismatched end tag/, 1, 26],
];

describe('well-formedness errors', () => {
  it.each(cases)('%s', (_label, xml, message, line, column) => {
    const r = parseReportText(xml, 'r.xml');
    expect(r.tests).toEqual([]);
    expect(r.problems).toHaveLength(1);
    const p = r.problems[0]!;
    expect(p.message).toMatch(/^not well-formed XML: /);
    expect(p.message).toMatch(message);
    expect([p.line, p.column]).toEqual([line, column]);
  });
});

describe('well-formed variations', () => {
  it.each([
    ['self-closing root', '<testsuite name="s"/>', 0],
    ['single quotes, spaces around =, tabs and newlines', "<testsuite\n\tname = 's' >\n<testcase\tname='a'\n classname=\"c\" /></testsuite >", 1],
    [
      'comments, PIs and whitespace around the root',
      '<?xml version="1.0"?>\n<!-- a -->\n<?xml-stylesheet href="x"?>\n<testsuites><testsuite><testcase name="a"/></testsuite></testsuites>\n<!-- b -->\n\n',
      1,
    ],
    ['namespace prefixes are ignored', '<j:testsuites xmlns:j="urn:x"><j:testsuite name="s"><j:testcase name="a"><j:failure message="m"/></j:testcase></j:testsuite></j:testsuites>', 1],
    ['non-ASCII element and attribute names', '<testsuite><testcase name="a" ñame="x"><größe/></testcase></testsuite>', 1],
    ['XML 1.1 declaration', '<?xml version="1.1" encoding="UTF-8"?><testsuite><testcase name="a"/></testsuite>', 1],
    ['Eclipse <testrun> root', '<testrun name="r"><testsuite name="s"><testcase name="a" classname="c"/></testsuite></testrun>', 1],
    ['testcase directly under <testsuites>', '<testsuites><testcase name="a" classname="c"/></testsuites>', 1],
  ])('%s', (_label, xml, count) => {
    const r = parseReportText(xml, 'r.xml');
    expect(r.problems).toEqual([]);
    expect(r.tests).toHaveLength(count);
  });

  it('decodes the five entities and character references everywhere', () => {
    const r = parseReportText(
      '<testsuite><testcase name="&lt;a&gt; &amp; &quot;b&quot; &apos;c&apos; &#233;&#x1F600;" classname="c"><failure>&lt;x&gt;&#10;&amp;amp;<![CDATA[&lt;raw&gt;]]></failure></testcase></testsuite>',
      'r.xml',
    );
    expect(r.tests[0]!.name).toBe('<a> & "b" \'c\' é😀');
    expect(r.tests[0]!.attempts[0]!.details).toBe('<x>\n&amp;&lt;raw&gt;');
  });
});
