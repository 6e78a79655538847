/**
 * A ZIP reader for archives nobody vouches for (artifacts uploaded by a pull request from a fork). It never
 * writes an entry to disk; it returns the entries' bytes, and refuses the whole archive when anything is off:
 *
 * - sizes are checked before extracting (the archive, the number of entries, each entry's declared size and
 *   their sum) and while extracting (inflation stops at the entry's declared size, so a small archive that
 *   claims small entries but inflates to gigabytes is cut off at the claim);
 * - entry names must be plain relative paths: no absolute path, drive letter, backslash, `.`/`..` segment,
 *   empty segment, control character, or duplicate name (path traversal, "zip slip");
 * - only stored and deflated entries, no encryption, no ZIP64, no multi-disk archives, no symbolic links,
 *   no overlapping entries (the "better zip bomb" trick), and each entry's CRC-32 must match.
 */
import { crc32, inflateRawSync } from 'node:zlib';

export interface ZipLimits {
  /** Bytes of the archive itself. */
  maxArchiveBytes: number;
  /** Entries, directories included. */
  maxEntries: number;
  /** Uncompressed bytes of one entry. */
  maxEntryBytes: number;
  /** Uncompressed bytes of all entries together. */
  maxTotalBytes: number;
}

export const DEFAULT_ZIP_LIMITS: ZipLimits = {
  maxArchiveBytes: 64 * 1024 * 1024,
  maxEntries: 16,
  maxEntryBytes: 128 * 1024 * 1024,
  maxTotalBytes: 160 * 1024 * 1024,
};

export class UnsafeArchiveError extends Error {}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const ZIP64_LOCATOR = 0x07064b50;

/** Why an entry name is refused, or undefined when it is a plain relative path. */
export function unsafeEntryName(name: string): string | undefined {
  if (name === '') return 'an empty name';
  if (name.length > 255) return 'a name longer than 255 characters';
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(name)) return 'a control character in the name';
  if (name.includes('\\')) return 'a backslash in the name';
  if (name.startsWith('/')) return 'an absolute path';
  if (/^[A-Za-z]:/.test(name)) return 'a drive letter';
  const segments = (name.endsWith('/') ? name.slice(0, -1) : name).split('/');
  for (const s of segments) {
    if (s === '') return 'an empty path segment';
    if (s === '..') return "a '..' segment (path traversal)";
    if (s === '.') return "a '.' segment";
  }
  return undefined;
}

interface CentralEntry {
  name: string;
  method: number;
  crc: number;
  compressedSize: number;
  size: number;
  localOffset: number;
  directory: boolean;
}

/**
 * The end-of-central-directory record. Readers look for it differently: Info-ZIP's unzip and Python's zipfile take
 * the last signature within the last 64 KiB + 22 bytes (Python first tries a comment-less record in the last 22
 * bytes), others the first whose comment ends exactly at the end of the file. They agree only when the signature
 * occurs once in that window and its comment ends at the end of the file, so anything else is refused: a second
 * record hidden in the comment (or anywhere near the end) is an archive two tools would read differently.
 */
export function findEnd(buf: Buffer): number {
  const min = Math.max(0, buf.length - 22 - 0xffff);
  const found: number[] = [];
  for (let i = buf.length - 4; i >= min; i--) if (buf.readUInt32LE(i) === EOCD) found.push(i);
  if (found.length === 0) throw new UnsafeArchiveError('not a ZIP archive (no end of central directory)');
  if (found.length > 1) {
    throw new UnsafeArchiveError(`ambiguous archive: ${found.length} end-of-central-directory signatures near its end (one hidden in the comment?), which other tools may read differently`);
  }
  const end = found[0]!;
  if (end + 22 > buf.length || end + 22 + buf.readUInt16LE(end + 20) !== buf.length) {
    throw new UnsafeArchiveError('the end-of-central-directory record does not end the archive (its comment length disagrees with the file size)');
  }
  return end;
}

/** Reads every entry of `bytes` (file entries only: path → content). Throws UnsafeArchiveError on anything unsafe. */
export function readZip(bytes: Uint8Array, limits: ZipLimits = DEFAULT_ZIP_LIMITS): Map<string, Buffer> {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (buf.length > limits.maxArchiveBytes) throw new UnsafeArchiveError(`archive of ${buf.length} bytes is larger than the limit of ${limits.maxArchiveBytes}`);
  if (buf.length < 22) throw new UnsafeArchiveError('not a ZIP archive (too short)');
  const end = findEnd(buf);
  if (end >= 20 && buf.readUInt32LE(end - 20) === ZIP64_LOCATOR) throw new UnsafeArchiveError('ZIP64 archives are not accepted');
  const disk = buf.readUInt16LE(end + 4);
  const cdDisk = buf.readUInt16LE(end + 6);
  const entriesHere = buf.readUInt16LE(end + 8);
  const entries = buf.readUInt16LE(end + 10);
  const cdSize = buf.readUInt32LE(end + 12);
  const cdOffset = buf.readUInt32LE(end + 16);
  if (disk !== 0 || cdDisk !== 0 || entriesHere !== entries) throw new UnsafeArchiveError('multi-disk archives are not accepted');
  if (entries === 0xffff || cdSize === 0xffffffff || cdOffset === 0xffffffff) throw new UnsafeArchiveError('ZIP64 archives are not accepted');
  if (entries > limits.maxEntries) throw new UnsafeArchiveError(`${entries} entries; at most ${limits.maxEntries} are accepted`);
  if (cdOffset + cdSize > end) throw new UnsafeArchiveError('the central directory lies outside the archive');

  const central: CentralEntry[] = [];
  let p = cdOffset;
  let declaredTotal = 0;
  const names = new Set<string>();
  for (let i = 0; i < entries; i++) {
    if (p + 46 > cdOffset + cdSize || buf.readUInt32LE(p) !== CENTRAL) throw new UnsafeArchiveError(`central directory entry ${i} is damaged`);
    const madeBy = buf.readUInt16LE(p + 4) >> 8;
    const flags = buf.readUInt16LE(p + 8);
    const method = buf.readUInt16LE(p + 10);
    const crc = buf.readUInt32LE(p + 16);
    const compressedSize = buf.readUInt32LE(p + 20);
    const size = buf.readUInt32LE(p + 24);
    const nameLength = buf.readUInt16LE(p + 28);
    const extraLength = buf.readUInt16LE(p + 30);
    const commentLength = buf.readUInt16LE(p + 32);
    const entryDisk = buf.readUInt16LE(p + 34);
    const external = buf.readUInt32LE(p + 38);
    const localOffset = buf.readUInt32LE(p + 42);
    const next = p + 46 + nameLength + extraLength + commentLength;
    if (next > cdOffset + cdSize) throw new UnsafeArchiveError(`central directory entry ${i} is damaged`);
    const rawName = buf.subarray(p + 46, p + 46 + nameLength);
    const utf8 = (flags & 0x0800) !== 0;
    if (!utf8 && rawName.some((b) => b > 0x7f)) throw new UnsafeArchiveError(`entry ${i} has a non-ASCII name without the UTF-8 flag`);
    const name = rawName.toString('utf8');
    const unsafe = unsafeEntryName(name);
    if (unsafe) throw new UnsafeArchiveError(`entry ${JSON.stringify(name.slice(0, 100))} has ${unsafe}`);
    if (names.has(name)) throw new UnsafeArchiveError(`entry ${JSON.stringify(name.slice(0, 100))} appears twice`);
    names.add(name);
    if (flags & 0x0001) throw new UnsafeArchiveError(`entry ${JSON.stringify(name)} is encrypted`);
    if (method !== 0 && method !== 8) throw new UnsafeArchiveError(`entry ${JSON.stringify(name)} uses compression method ${method}; only stored and deflated entries are accepted`);
    if (entryDisk !== 0) throw new UnsafeArchiveError('multi-disk archives are not accepted');
    if (compressedSize === 0xffffffff || size === 0xffffffff || localOffset === 0xffffffff) throw new UnsafeArchiveError('ZIP64 entries are not accepted');
    // Unix file type in the high bits of the external attributes (made by Unix = 3): refuse symbolic links.
    if (madeBy === 3 && ((external >>> 16) & 0o170000) === 0o120000) throw new UnsafeArchiveError(`entry ${JSON.stringify(name)} is a symbolic link`);
    const directory = name.endsWith('/');
    if (directory && size !== 0) throw new UnsafeArchiveError(`directory entry ${JSON.stringify(name)} has content`);
    if (size > limits.maxEntryBytes) throw new UnsafeArchiveError(`entry ${JSON.stringify(name)} declares ${size} bytes; the limit is ${limits.maxEntryBytes}`);
    declaredTotal += size;
    if (declaredTotal > limits.maxTotalBytes) throw new UnsafeArchiveError(`the entries declare more than ${limits.maxTotalBytes} bytes in all`);
    central.push({ name, method, crc, compressedSize, size, localOffset, directory });
    p = next;
  }

  // Each entry's local header and data, in file order, must not overlap another's or the central directory.
  const spans = central.map((e) => {
    if (e.localOffset + 30 > cdOffset || buf.readUInt32LE(e.localOffset) !== LOCAL) throw new UnsafeArchiveError(`entry ${JSON.stringify(e.name)} has no local header`);
    const localNameLength = buf.readUInt16LE(e.localOffset + 26);
    const localExtraLength = buf.readUInt16LE(e.localOffset + 28);
    const localName = buf.subarray(e.localOffset + 30, e.localOffset + 30 + localNameLength).toString('utf8');
    if (localName !== e.name) throw new UnsafeArchiveError(`entry ${JSON.stringify(e.name)} has another name in its local header`);
    const start = e.localOffset + 30 + localNameLength + localExtraLength;
    const endOfData = start + e.compressedSize;
    if (endOfData > cdOffset) throw new UnsafeArchiveError(`entry ${JSON.stringify(e.name)} runs past the end of the data`);
    return { entry: e, from: e.localOffset, start, end: endOfData };
  });
  const sorted = [...spans].sort((a, b) => a.from - b.from);
  for (let i = 1; i < sorted.length; i++) {
    if (sorted[i]!.from < sorted[i - 1]!.end) throw new UnsafeArchiveError(`entries ${JSON.stringify(sorted[i - 1]!.entry.name)} and ${JSON.stringify(sorted[i]!.entry.name)} overlap`);
  }

  const files = new Map<string, Buffer>();
  for (const { entry: e, start, end: dataEnd } of spans) {
    if (e.directory) continue;
    const data = buf.subarray(start, dataEnd);
    let content: Buffer;
    if (e.method === 0) {
      if (e.compressedSize !== e.size) throw new UnsafeArchiveError(`stored entry ${JSON.stringify(e.name)} has two different sizes`);
      content = Buffer.from(data);
    } else {
      try {
        // Inflation stops as soon as the output would exceed the declared size.
        content = inflateRawSync(data, { maxOutputLength: Math.max(1, e.size) });
      } catch (error) {
        const code = (error as { code?: string }).code;
        if (code === 'ERR_BUFFER_TOO_LARGE' || error instanceof RangeError) {
          throw new UnsafeArchiveError(`entry ${JSON.stringify(e.name)} inflates to more than its declared ${e.size} bytes`);
        }
        throw new UnsafeArchiveError(`entry ${JSON.stringify(e.name)} is not valid deflate data: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    if (content.length !== e.size) throw new UnsafeArchiveError(`entry ${JSON.stringify(e.name)} is ${content.length} bytes, not the declared ${e.size}`);
    if (crc32(content) >>> 0 !== e.crc) throw new UnsafeArchiveError(`entry ${JSON.stringify(e.name)} fails its CRC-32 check`);
    files.set(e.name, content);
  }
  return files;
}
