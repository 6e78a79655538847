/**
 * One parse that agrees with other readers (issue #13): the end-of-central-directory record is found the way
 * Info-ZIP's unzip and Python's zipfile find it, and an archive they could read differently (a second record hidden
 * in the comment) is refused. Python's zipfile and unzip are run on the same bytes to show the differential.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readZip, UnsafeArchiveError } from '../../src/artifacts/zip.ts';
import { zipBytes } from '../support/artifact-fake/zip-writer.ts';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'flakeguard-eocd-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The archive with `comment` appended and the end record's comment length set to it. */
function withComment(zip: Buffer, comment: Buffer): Buffer {
  const out = Buffer.concat([zip, comment]);
  out.writeUInt16LE(comment.length, zip.length - 2);
  return out;
}

/** An end record claiming an empty archive: what a reader that takes the last signature sees. */
function fakeEnd(): Buffer {
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  return end;
}

function pythonNames(bytes: Buffer): string {
  const file = join(dir, `z${Math.random().toString(36).slice(2)}.zip`);
  writeFileSync(file, bytes);
  try {
    return execFileSync('python3', ['-c', 'import sys, zipfile; print(sorted(zipfile.ZipFile(sys.argv[1]).namelist()))', file], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
  } catch (error) {
    return `error: ${String((error as { stderr?: string }).stderr ?? error)
      .trim()
      .split('\n')
      .pop()}`;
  }
}

function unzipNames(bytes: Buffer): string {
  const file = join(dir, `u${Math.random().toString(36).slice(2)}.zip`);
  writeFileSync(file, bytes);
  try {
    return execFileSync('unzip', ['-Z1', file], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })
      .trim()
      .split('\n')
      .sort()
      .join(',');
  } catch (error) {
    return `error ${(error as { status?: number }).status}`;
  }
}

const entries = [
  { name: 'a.json', content: '{"a":1}' },
  { name: 'b.json', content: '{"b":2}' },
];

describe('the end of central directory', () => {
  it('a plain archive, and one with a harmless comment: read as python and unzip read them', () => {
    for (const bytes of [zipBytes(entries), withComment(zipBytes(entries), Buffer.from('built by CI'))]) {
      expect([...readZip(bytes).keys()].sort()).toEqual(['a.json', 'b.json']);
      expect(pythonNames(bytes)).toBe("['a.json', 'b.json']");
      expect(unzipNames(bytes)).toBe('a.json,b.json');
    }
  });

  it('a fake end record in the comment: other readers see another archive, so it is refused', () => {
    const bytes = withComment(zipBytes(entries), Buffer.concat([Buffer.from('x'), fakeEnd()]));
    // The differential: Python's zipfile takes the last signature, the fake one, and sees an empty archive.
    expect(pythonNames(bytes)).toBe('[]');
    expect(() => readZip(bytes)).toThrow(UnsafeArchiveError);
    expect(() => readZip(bytes)).toThrow(/ambiguous archive: 2 end-of-central-directory signatures/);
  });

  it('an end record whose comment length does not reach the end of the file is refused', () => {
    const zip = zipBytes(entries);
    const bytes = Buffer.concat([zip, Buffer.from('trailing bytes')]);
    expect(() => readZip(bytes)).toThrow(/comment length disagrees with the file size/);
  });

  it('a signature in the last bytes, too short to be a record, is refused (Python refuses the archive)', () => {
    const bytes = withComment(zipBytes(entries), Buffer.from([0x50, 0x4b, 0x05, 0x06, 0, 0]));
    expect(pythonNames(bytes)).toMatch(/^error/);
    expect(() => readZip(bytes)).toThrow(/ambiguous archive/);
  });
});
