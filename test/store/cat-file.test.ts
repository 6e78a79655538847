import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BatchParser, catFileBatch, type BatchObject } from '../../src/store/cat-file.ts';
import { blobId } from '../../src/store/git.ts';

const dir = mkdtempSync(join(tmpdir(), 'flakeguard-cat-file-'));
execFileSync('git', ['init', '-q', '--bare', dir]);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const texts = ['', 'a', 'line one\nline two\n', '{"schema": 3}\n'.repeat(5000), 'ünïcödé ✓ 😀\n', 'no newline at the end'];
const shas = texts.map((t) => execFileSync('git', ['hash-object', '-w', '--stdin'], { cwd: dir, input: t }).toString().trim());

function collect(feed: (p: BatchParser) => void): Array<{ sha: string; type: string; text: string }> {
  const out: Array<{ sha: string; type: string; text: string }> = [];
  const parser = new BatchParser((o: BatchObject) => out.push({ sha: o.sha, type: o.type, text: o.bytes.toString('utf8') }));
  feed(parser);
  parser.end();
  return out;
}

describe('git cat-file --batch, read a piece at a time', () => {
  const whole = execFileSync('git', ['cat-file', '--batch'], { cwd: dir, input: shas.join('\n') + '\n' });
  const expected = texts.map((text, i) => ({ sha: shas[i]!, type: 'blob', text }));

  it('gives every blob whole, however git cuts its output', () => {
    expect(collect((p) => p.push(whole))).toEqual(expected);
    for (const size of [1, 2, 3, 7, 41, 42, 43, 1000, 4096]) {
      expect(
        collect((p) => {
          for (let at = 0; at < whole.length; at += size) p.push(whole.subarray(at, at + size));
        }),
      ).toEqual(expected);
    }
  });

  it('runs git and reads the blobs it asked for', async () => {
    const got: Array<{ sha: string; text: string }> = [];
    await catFileBatch(dir, shas, {}, (o) => got.push({ sha: o.sha, text: o.bytes.toString('utf8') }));
    expect(got).toEqual(texts.map((text, i) => ({ sha: shas[i]!, text })));
  });

  it('refuses a missing object and output that stops in the middle of an object', async () => {
    await expect(catFileBatch(dir, ['0'.repeat(40)], {}, () => undefined)).rejects.toThrow(/missing/);
    expect(() => collect((p) => p.push(whole.subarray(0, whole.length - 5)))).toThrow(/ended in the middle/);
    expect(() => collect((p) => p.push(Buffer.from(`${shas[1]} blob 1\nab\n`)))).toThrow(/out of step/);
  });

  it('computes the blob id git gives a text', () => {
    texts.forEach((t, i) => expect(blobId(t)).toBe(shas[i]));
  });
});
