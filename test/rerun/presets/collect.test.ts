/**
 * The merge step of the Surefire, Gradle, dotnet and nextest presets, run for real (node, no shell) on report files
 * as those runners write them: only files written after the round began are merged into the one report.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parseReportFiles } from '../../../src/junit/index.ts';
import type { RerunCommand } from '../../../src/rerun/contract.ts';
import { markCommand, mergeCommand } from '../../../src/rerun/presets/collect.ts';

let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

function exec(c: RerunCommand, cwd: string) {
  const r = spawnSync(c.argv[0]!, c.argv.slice(1), { cwd, encoding: 'utf8', shell: false });
  return { status: r.status, output: `${r.stdout}${r.stderr}` };
}

const surefire = (cls: string, name: string, body = '') =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<testsuite name="${cls}" tests="1"><testcase classname="${cls}" name="${name}">${body}</testcase></testsuite>\n`;

describe('collect: mark, then merge the fresh report files into one', () => {
  it('merges the files of every module written during the round, and only those', async () => {
    dir = mkdtempSync(join(tmpdir(), 'flakeguard-collect-'));
    const report = join(dir, 'rerun', 'round-1.xml');
    const a = join(dir, 'target/surefire-reports');
    const b = join(dir, 'module-b/target/surefire-reports');
    mkdirSync(a, { recursive: true });
    mkdirSync(b, { recursive: true });
    // A report of the original run, left in place: older than the round.
    writeFileSync(join(a, 'TEST-com.ex.Old.xml'), surefire('com.ex.Old', 'fails', '<failure message="old"/>'));
    utimesSync(join(a, 'TEST-com.ex.Old.xml'), new Date(Date.now() - 60_000), new Date(Date.now() - 60_000));

    expect(exec(markCommand(report), dir).status).toBe(0);
    writeFileSync(join(a, 'TEST-com.ex.OrderTest.xml'), surefire('com.ex.OrderTest', 'placesOrder'));
    // A file with a <testsuites> root and a declaration, as Gradle or a logger may write it.
    writeFileSync(join(b, 'TEST-com.ex.B.xml'), `<?xml version="1.0"?>\n<testsuites>${surefire('com.ex.B', 'x &amp; &quot;$(y)&quot;').replace(/<\?xml[^>]*>\n/, '')}</testsuites>`);

    const merged = exec(mergeCommand(report, ['**/target/surefire-reports']), dir);
    expect(merged.status, merged.output).toBe(0);
    const parsed = await parseReportFiles([report], { workspace: dir });
    expect(parsed.problems).toEqual([]);
    expect(parsed.tests.map((t) => t.id).sort()).toEqual(['com.ex.B::x & "$(y)"', 'com.ex.OrderTest::placesOrder']);
  });

  it('writes no report when the round wrote none (its evidence is void)', () => {
    dir = mkdtempSync(join(tmpdir(), 'flakeguard-collect-'));
    const report = join(dir, 'rerun', 'round-1.xml');
    mkdirSync(join(dir, 'target/surefire-reports'), { recursive: true });
    writeFileSync(join(dir, 'target/surefire-reports/TEST-old.xml'), surefire('old', 't'));
    utimesSync(join(dir, 'target/surefire-reports/TEST-old.xml'), new Date(Date.now() - 60_000), new Date(Date.now() - 60_000));
    expect(exec(markCommand(report), dir).status).toBe(0);
    const merged = exec(mergeCommand(report, ['**/target/surefire-reports']), dir);
    expect(merged.status).toBe(1);
    expect(merged.output).toMatch(/no JUnit report written by this round/);
    expect(existsSync(report)).toBe(false);
    expect(readFileSync(join(dir, 'target/surefire-reports/TEST-old.xml'), 'utf8')).toContain('old');
  });
});
