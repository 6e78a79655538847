/** parseReportFiles: reading, paths, problems, merging, filesRead. */
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { displayPath, parseReportFiles } from '../../src/junit/index.ts';
import { NODE24 } from '../support/action.ts';

const root = mkdtempSync(join(tmpdir(), 'fg-junit-files-'));
const ws = join(root, 'ws');
mkdirSync(join(ws, 'reports'), { recursive: true });
afterAll(() => rmSync(root, { recursive: true, force: true }));

const report = (ts: string, cases: string) => `<?xml version="1.0"?><testsuite name="S" timestamp="${ts}">${cases}</testsuite>`;
const write = (rel: string, text: string): string => {
  const p = join(root, rel);
  writeFileSync(p, text);
  return p;
};

describe('parseReportFiles', () => {
  it('ingests good files around bad ones, naming each bad file', async () => {
    const a = write('ws/reports/a.xml', report('2026-11-20T10:00:00', '<testcase classname="C" name="x"><failure message="m"/></testcase><testcase classname="C" name="y"/>'));
    const bad = write('ws/reports/bad.xml', '<testsuite><testcase name="x">');
    const empty = write('ws/reports/empty.xml', '');
    const notJunit = write('ws/reports/pom.xml', '<project/>');
    const b = write('ws/reports/b.xml', report('2026-11-20T09:59:59.5+00:00', '<testcase classname="C" name="x"/>'));
    const outside = write('outside.xml', report('2026-11-21T00:00:00', '<testcase classname="D" name="z"/>'));
    const missing = join(ws, 'reports', 'missing.xml');
    const dir = join(ws, 'reports');

    const out = await parseReportFiles([a, bad, empty, notJunit, missing, dir, b, outside], { workspace: ws });
    // a.xml, b.xml and outside.xml; each other path has its problem.
    expect(out.filesRead).toBe(3);
    expect(out.filesRead + out.problems.length).toBe(8);
    expect(out.problems).toEqual([
      { path: 'reports/bad.xml', line: 1, column: 31, message: 'not well-formed XML: unexpected end of file: <testcase> (opened at line 1) is not closed; the report looks truncated' },
      { path: 'reports/empty.xml', message: 'empty report file (0 bytes): the test run probably did not finish writing it' },
      { path: 'reports/pom.xml', line: 1, column: 1, message: 'not a JUnit report: root element <project> (expected <testsuites> or <testsuite>)' },
      { path: 'reports/missing.xml', message: 'cannot read report: file not found' },
      { path: 'reports', message: 'cannot read report: it is a directory' },
    ]);
    expect(out.tests.map((t) => [t.id, t.attempts.map((x) => x.status).join(','), t.report])).toEqual([
      ['C::x', 'failed,passed', 'reports/a.xml'],
      ['C::y', 'passed', 'reports/a.xml'],
      ['D::z', 'passed', outside],
    ]);
    expect(out.timestamp).toBe('2026-11-20T09:59:59.500Z');
  });

  it('never throws, even for odd paths, and an empty list is fine', async () => {
    await expect(parseReportFiles([], { workspace: ws })).resolves.toEqual({ tests: [], problems: [], filesRead: 0 });
    const notDir = join(write('ws/reports/plain.xml', '<testsuite/>'), 'child.xml');
    const out = await parseReportFiles(['\0bad', '', notDir], { workspace: ws });
    expect(out.problems).toHaveLength(3);
    expect(out.problems[2]).toEqual({ path: 'reports/plain.xml/child.xml', message: expect.stringMatching(/^cannot read report: ENOTDIR/) });
    expect(out.filesRead).toBe(0);
  });

  it('an unreadable file is a problem', async () => {
    const p = write('ws/reports/locked.xml', report('2026-11-20T10:00:00', ''));
    chmodSync(p, 0o000);
    const expected = { tests: [], problems: [{ path: 'reports/locked.xml', message: 'cannot read report: permission denied' }], filesRead: 0 };
    if (process.getuid?.() !== 0) {
      expect(await parseReportFiles([p], { workspace: ws })).toEqual(expected);
      return;
    }
    // Root reads any file: the same call runs in a child process that gives up root for nobody (65534) first. Its
    // folders are opened for it, so only the file's own mode refuses the read. The modules are loaded (and the parser
    // run once on a readable report, for what it loads lazily) while still root: the clone may sit in a folder nobody
    // cannot enter (a `mktemp -d` folder, /root).
    for (const dir of [root, ws, join(ws, 'reports')]) chmodSync(dir, 0o755);
    const readable = write('ws/reports/readable.xml', report('2026-11-20T10:00:00', ''));
    const source = new URL('../../src/junit/index.ts', import.meta.url).href;
    const script = [
      `const { parseReportFiles } = await import(${JSON.stringify(source)});`,
      `await parseReportFiles([${JSON.stringify(readable)}], { workspace: ${JSON.stringify(ws)} });`,
      'process.setgid(65534);',
      'process.setuid(65534);',
      `process.stdout.write(JSON.stringify(await parseReportFiles([${JSON.stringify(p)}], { workspace: ${JSON.stringify(ws)} })));`,
    ].join('\n');
    const out = execFileSync(NODE24, ['--input-type=module', '-e', script], { encoding: 'utf8' });
    expect(JSON.parse(out)).toEqual(expected);
  });

  it('displayPath: workspace-relative inside, absolute outside', () => {
    expect(displayPath(join(ws, 'a', 'b.xml'), ws)).toBe('a/b.xml');
    expect(displayPath(join(root, 'c.xml'), ws)).toBe(join(root, 'c.xml'));
    expect(displayPath(ws, ws)).toBe(ws);
  });
});
