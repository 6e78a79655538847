import { describe, expect, it, vi } from 'vitest';
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { DEFAULT_ZIP_LIMITS, readZip, unsafeEntryName, UnsafeArchiveError } from '../../src/artifacts/zip.ts';
import { zipBytes } from '../support/artifact-fake/zip-writer.ts';

// inflateRawSync as itself, watched: the zip-bomb test checks how much readZip lets it inflate, without timing it.
vi.mock('node:zlib', async (importOriginal) => {
  const zlib = await importOriginal<typeof import('node:zlib')>();
  return { ...zlib, inflateRawSync: vi.fn(zlib.inflateRawSync) };
});

const limits = { maxArchiveBytes: 1 << 20, maxEntries: 4, maxEntryBytes: 1000, maxTotalBytes: 1500 };

function refused(bytes: Uint8Array, pattern: RegExp, l = limits): void {
  expect(() => readZip(bytes, l)).toThrow(UnsafeArchiveError);
  expect(() => readZip(bytes, l)).toThrow(pattern);
}

describe('readZip', () => {
  it('reads stored and deflated entries and skips directories', () => {
    const zip = zipBytes([
      { name: 'dir/', content: '', method: 0 },
      { name: 'dir/a.json', content: '{"a":1}', method: 0 },
      { name: 'b.txt', content: 'hello '.repeat(50) },
    ]);
    const files = readZip(zip, limits);
    expect([...files.keys()]).toEqual(['dir/a.json', 'b.txt']);
    expect(files.get('dir/a.json')!.toString()).toBe('{"a":1}');
    expect(files.get('b.txt')!.toString()).toBe('hello '.repeat(50));
  });

  it.each([
    ['../evil.json', /path traversal/],
    ['a/../../evil.json', /path traversal/],
    ['/etc/passwd', /absolute path/],
    ['C:/Windows/evil.dll', /drive letter/],
    ['a\\..\\evil', /backslash/],
    ['a//b', /empty path segment/],
    ['./a', /'\.' segment/],
    ['a\u0000b', /control character/],
  ])('refuses the entry name %j', (name, pattern) => {
    refused(zipBytes([{ name, content: 'x' }]), pattern);
  });

  it('refuses a small archive that inflates past its declared size (a zip bomb), without inflating it all', () => {
    const bomb = Buffer.alloc(64 * 1024 * 1024); // 64 MiB of zeros deflate to about 64 KiB
    const zip = zipBytes([{ name: 'results.json', content: bomb, declaredSize: 100 }]);
    expect(zip.length).toBeLessThan(100 * 1024);
    const inflate = vi.mocked(inflateRawSync);
    inflate.mockClear();
    refused(zip, /inflates to more than its declared 100 bytes/, { ...limits, maxArchiveBytes: 1 << 20 });
    // Every inflation was capped at the declared size (zlib stops there and throws), so at most 100 bytes of the
    // 64 MiB were ever produced.
    expect(inflate).toHaveBeenCalled();
    for (const [, options] of inflate.mock.calls) expect((options as { maxOutputLength?: number } | undefined)?.maxOutputLength).toBeLessThanOrEqual(100);
    expect(inflate.mock.results.every((r) => r.type === 'throw')).toBe(true);
  });

  it('refuses entries that declare more than the limits, before inflating', () => {
    refused(zipBytes([{ name: 'a', content: 'x'.repeat(1001) }]), /declares 1001 bytes; the limit is 1000/);
    refused(
      zipBytes([
        { name: 'a', content: 'x'.repeat(800) },
        { name: 'b', content: 'y'.repeat(800) },
      ]),
      /more than 1500 bytes in all/,
    );
    refused(zipBytes(['a', 'b', 'c', 'd', 'e'].map((name) => ({ name, content: name }))), /5 entries; at most 4/);
    const big = zipBytes([{ name: 'a', content: 'x' }]);
    refused(big, /larger than the limit/, { ...limits, maxArchiveBytes: big.length - 1 });
  });

  it('refuses an entry that is shorter than declared, a bad CRC, encryption, symbolic links, duplicates, ZIP64', () => {
    refused(zipBytes([{ name: 'a', content: 'abc', declaredSize: 10 }]), /is 3 bytes, not the declared 10/);
    refused(zipBytes([{ name: 'a', content: 'abc', crc: 1234 }]), /CRC-32/);
    refused(zipBytes([{ name: 'a', content: 'abc', flags: 1 }]), /encrypted/);
    refused(zipBytes([{ name: 'a', content: '/etc/passwd', unixMode: 0o120777 }]), /symbolic link/);
    refused(
      zipBytes([
        { name: 'a', content: 'x' },
        { name: 'a', content: 'y' },
      ]),
      /appears twice/,
    );
    refused(zipBytes([{ name: 'a', content: 'x' }], { zip64Locator: true }), /ZIP64/);
    refused(zipBytes([{ name: 'a', content: 'x', method: 12 }]), /compression method 12/);
    refused(Buffer.from('not a zip at all, just some text that is long enough'), /not a ZIP archive/);
  });

  it('refuses overlapping entries (a local entry quoted inside another entry, the "better zip bomb" layout)', () => {
    const inner = zipBytes([{ name: 'b', content: 'y'.repeat(100) }]);
    const innerCdOffset = inner.readUInt32LE(inner.length - 22 + 16);
    const innerLocal = inner.subarray(0, innerCdOffset);
    const innerCentral = Buffer.from(inner.subarray(innerCdOffset, inner.length - 22));
    // Entry `a` stores the bytes of entry `b`'s local record; b's central record points inside a's data.
    const outer = zipBytes([{ name: 'a', content: innerLocal, method: 0 }]);
    const outerCdOffset = outer.readUInt32LE(outer.length - 22 + 16);
    const outerCentral = outer.subarray(outerCdOffset, outer.length - 22);
    innerCentral.writeUInt32LE(30 + 1, 42); // a's data starts after its 30-byte header and 1-byte name
    const cd = Buffer.concat([outerCentral, innerCentral]);
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(2, 8);
    end.writeUInt16LE(2, 10);
    end.writeUInt32LE(cd.length, 12);
    end.writeUInt32LE(outerCdOffset, 16);
    refused(Buffer.concat([outer.subarray(0, outerCdOffset), cd, end]), /overlap/);
  });

  it('has defaults that accept a large honest results file', () => {
    const text = JSON.stringify({ tests: Array.from({ length: 20_000 }, (_, i) => ({ id: `pkg.Suite::test${i}` })) });
    const files = readZip(zipBytes([{ name: 'r.json', content: text }]), DEFAULT_ZIP_LIMITS);
    expect(files.get('r.json')!.toString()).toBe(text);
    expect(deflateRawSync(text).length).toBeLessThan(text.length);
  });
});

describe('unsafeEntryName', () => {
  it('accepts plain relative paths', () => {
    expect(unsafeEntryName('flakeguard-results.json')).toBeUndefined();
    expect(unsafeEntryName('a/b/c.json')).toBeUndefined();
    expect(unsafeEntryName('dir/')).toBeUndefined();
    expect(unsafeEntryName('..foo')).toBeUndefined();
  });
});
