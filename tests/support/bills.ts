import { crc32 } from 'node:zlib';

let gbkTable: Map<string, Buffer> | undefined;
/** Text in GBK, as Alipay writes its bills (built from the runtime's GBK decoder, tests only). */
export function gbk(text: string): Buffer {
  if (!gbkTable) {
    gbkTable = new Map();
    const decoder = new TextDecoder('gbk');
    for (let hi = 0x81; hi <= 0xfe; hi++)
      for (let lo = 0x40; lo <= 0xfe; lo++) {
        const bytes = Buffer.from([hi, lo]);
        const char = decoder.decode(bytes);
        if (char.length === 1 && char !== '\uFFFD' && !gbkTable.has(char)) gbkTable.set(char, bytes);
      }
  }
  return Buffer.concat(
    [...text].map((ch) => (ch.charCodeAt(0) < 0x80 ? Buffer.from(ch, 'latin1') : gbkTable!.get(ch)!)),
  );
}

/** A ZIP archive of stored (uncompressed) files. */
export function zip(files: { name: Buffer; data: Buffer }[]): Buffer {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const f of files) {
    const crc = crc32(f.data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(f.data.length, 18);
    local.writeUInt32LE(f.data.length, 22);
    local.writeUInt16LE(f.name.length, 26);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4);
    entry.writeUInt16LE(20, 6);
    entry.writeUInt32LE(crc, 16);
    entry.writeUInt32LE(f.data.length, 20);
    entry.writeUInt32LE(f.data.length, 24);
    entry.writeUInt16LE(f.name.length, 28);
    entry.writeUInt32LE(offset, 42);
    locals.push(local, f.name, f.data);
    central.push(entry, f.name);
    offset += 30 + f.name.length + f.data.length;
  }
  const dir = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, dir, end]);
}
