/** "No test report matched" says what it looked for and the XML files it found (src/pipeline/job.ts). */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { unmatchedText, xmlFilesIn } from '../../src/pipeline/job.ts';

let ws: string;
beforeEach(async () => {
  ws = await mkdtemp(join(tmpdir(), 'fg-unmatched-'));
});
afterEach(async () => {
  await rm(ws, { recursive: true, force: true });
});
const put = async (path: string): Promise<void> => {
  await mkdir(dirname(join(ws, path)), { recursive: true });
  await writeFile(join(ws, path), '<testsuites/>');
};

describe('xmlFilesIn', () => {
  it('lists .xml files in path order, skipping node_modules, .git and symbolic links', async () => {
    for (const p of ['z.xml', 'a/junit.XML', 'a/b/c.xml', 'node_modules/x/junit.xml', 'packages/p/node_modules/y.xml', '.git/x.xml', 'notes.txt']) await put(p);
    await symlink(join(ws, 'a'), join(ws, 'link'));
    expect(await xmlFilesIn(ws)).toEqual({ first: ['a/b/c.xml', 'a/junit.XML', 'z.xml'], more: 0, partial: false });
  });

  it('names the first 10 and counts the rest', async () => {
    for (let i = 0; i < 12; i++) await put(`r/${String(i).padStart(2, '0')}.xml`);
    const found = await xmlFilesIn(ws);
    expect(found.first).toHaveLength(10);
    expect(found.first[9]).toBe('r/09.xml');
    expect(found.more).toBe(2);
  });
});

describe('unmatchedText', () => {
  it('names the patterns and the files, or says there is none', () => {
    expect(unmatchedText(['reports/**/*.xml'], { first: ['junit.xml'], more: 3, partial: false })).toBe(
      'It looked for `reports/**/*.xml` (relative to the workspace). XML files in the workspace (node_modules and .git not searched): `junit.xml` and 3 more. If one of them is the report, put its path in `reports`.',
    );
    expect(unmatchedText(['a.xml', 'b/*.xml'], { first: [], more: 0, partial: false })).toContain('No .xml file is in the workspace');
    expect(unmatchedText(['a.xml'], { first: ['x.xml'], more: 0, partial: true })).toContain('and 0+ more');
  });
});
