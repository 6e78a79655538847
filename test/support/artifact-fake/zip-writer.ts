/**
 * Builds ZIP archives for tests, honest or hostile: each entry can lie about its size or CRC, carry any name
 * (`../../etc/passwd`), be a symbolic link, or be encrypted.
 */
import { crc32, deflateRawSync } from 'node:zlib';

export interface ZipEntrySpec {
  name: string;
  content?: Uint8Array | string;
  /** 0 stored, 8 deflated (default). */
  method?: number;
  /** Declared uncompressed size (default: the real one). */
  declaredSize?: number;
  crc?: number;
  /** Unix mode in the external attributes, e.g. 0o120777 for a symbolic link. */
  unixMode?: number;
  flags?: number;
}

export function zipBytes(entries: ZipEntrySpec[], options: { zip64Locator?: boolean } = {}): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const content = typeof e.content === 'string' ? Buffer.from(e.content) : Buffer.from(e.content ?? []);
    const method = e.method ?? 8;
    const data = method === 8 ? deflateRawSync(content) : content;
    const name = Buffer.from(e.name, 'utf8');
    const crc = e.crc ?? crc32(content) >>> 0;
    const size = e.declaredSize ?? content.length;
    const flags = (e.flags ?? 0) | 0x0800;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(flags, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    locals.push(local, name, data);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE((3 << 8) | 20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(flags, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(((e.unixMode ?? 0o100644) << 16) >>> 0, 38);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);
    offset += 30 + name.length + data.length;
  }
  const cd = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  const parts = [...locals, cd];
  if (options.zip64Locator) {
    const locator = Buffer.alloc(20);
    locator.writeUInt32LE(0x07064b50, 0);
    parts.push(locator);
  }
  parts.push(end);
  return Buffer.concat(parts);
}
