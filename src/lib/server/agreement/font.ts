// The CJK font of generated PDFs: Noto Sans SC from @fontsource/noto-sans-sc (SIL OFL), cut by
// HarfBuzz (subset-font) to exactly the characters a document uses, so a one-page agreement
// carries a few KB of font instead of megabytes. The "chinese-simplified" file covers common
// Chinese, Latin, digits and punctuation; a character it lacks (a rare name) is looked up in
// the numbered slices of the same family and embedded from there.
import { readFile } from 'node:fs/promises';
import { inflateSync } from 'node:zlib';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import fontkit from '@pdf-lib/fontkit';
import subsetFont from 'subset-font';

const require = createRequire(import.meta.url);
const PRIMARY = 'chinese-simplified';

let filesDir: string | null = null;
function fontFile(slice: string): string {
  filesDir ??= dirname(
    require.resolve(`@fontsource/noto-sans-sc/files/noto-sans-sc-${PRIMARY}-400-normal.woff`),
  );
  return join(filesDir, `noto-sans-sc-${slice}-400-normal.woff`);
}

/**
 * WOFF 1.0 → the TrueType font it wraps: each table inflated (when compressed) and laid out
 * behind a fresh table directory. HarfBuzz then subsets the plain font in milliseconds, where
 * handing it the WOFF costs a conversion on every call.
 */
function woffToSfnt(woff: Buffer): Buffer {
  if (woff.toString('latin1', 0, 4) !== 'wOFF') throw new Error('not a WOFF 1.0 font');
  const flavor = woff.readUInt32BE(4);
  const numTables = woff.readUInt16BE(12);
  const tables = Array.from({ length: numTables }, (_, i) => {
    const at = 44 + i * 20;
    const offset = woff.readUInt32BE(at + 4);
    const compLength = woff.readUInt32BE(at + 8);
    const origLength = woff.readUInt32BE(at + 12);
    const raw = woff.subarray(offset, offset + compLength);
    return {
      tag: woff.readUInt32BE(at),
      checksum: woff.readUInt32BE(at + 16),
      data: compLength < origLength ? inflateSync(raw) : raw,
    };
  });
  const pad4 = (n: number) => (n + 3) & ~3;
  const headerLength = 12 + 16 * numTables;
  const out = Buffer.alloc(tables.reduce((n, t) => n + pad4(t.data.length), headerLength));
  const entrySelector = Math.floor(Math.log2(numTables));
  const searchRange = 2 ** entrySelector * 16;
  out.writeUInt32BE(flavor, 0);
  out.writeUInt16BE(numTables, 4);
  out.writeUInt16BE(searchRange, 6);
  out.writeUInt16BE(entrySelector, 8);
  out.writeUInt16BE(numTables * 16 - searchRange, 10);
  let offset = headerLength;
  tables.forEach((t, i) => {
    const at = 12 + i * 16;
    out.writeUInt32BE(t.tag, at);
    out.writeUInt32BE(t.checksum, at + 4);
    out.writeUInt32BE(offset, at + 8);
    out.writeUInt32BE(t.data.length, at + 12);
    t.data.copy(out, offset);
    offset += pad4(t.data.length);
  });
  return out;
}

/** One slice of the family, unwrapped to TrueType once per process. */
type Face = { slice: string; ttf: Buffer; has(cp: number): boolean };
const faces = new Map<string, Promise<Face>>();

function face(slice: string): Promise<Face> {
  let f = faces.get(slice);
  if (!f) {
    f = readFile(fontFile(slice)).then((woff) => {
      const ttf = woffToSfnt(woff);
      const font = fontkit.create(ttf);
      return { slice, ttf, has: (cp: number) => font.hasGlyphForCodePoint(cp) };
    });
    f.catch(() => faces.delete(slice));
    faces.set(slice, f);
  }
  return f;
}

/** unicode.json of the package: slice name → unicode-range list. */
let ranges: Promise<{ slice: string; from: number; to: number }[]> | null = null;
function sliceRanges() {
  ranges ??= readFile(join(dirname(fontFile(PRIMARY)), '..', 'unicode.json'), 'utf8').then((text) => {
    const out: { slice: string; from: number; to: number }[] = [];
    for (const [key, list] of Object.entries(JSON.parse(text) as Record<string, string>)) {
      const slice = key.replace(/^\[(\d+)\]$/, '$1');
      for (const part of list.split(',')) {
        const [a, b] = part.trim().replace(/^U\+/i, '').split('-');
        out.push({ slice, from: parseInt(a, 16), to: parseInt(b ?? a, 16) });
      }
    }
    return out;
  });
  return ranges;
}

export type FontPart = {
  /** A TrueType font holding only the glyphs of `chars`. */
  bytes: Uint8Array;
  /** The characters this part draws. */
  chars: Set<number>;
};

/**
 * The fonts a text needs, each already subset to the characters it draws: the primary slice
 * first, then any slice a missing character lives in. Characters no slice has are left to the
 * primary (they show as its missing-glyph box).
 */
export async function fontPartsFor(text: string): Promise<FontPart[]> {
  const primary = await face(PRIMARY);
  const wanted = new Set<number>();
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    if (cp > 0x20) wanted.add(cp);
  }
  const bySlice = new Map<string, Set<number>>([[PRIMARY, new Set()]]);
  const missing: number[] = [];
  for (const cp of wanted) {
    if (primary.has(cp)) bySlice.get(PRIMARY)!.add(cp);
    else missing.push(cp);
  }
  if (missing.length > 0) {
    const list = await sliceRanges();
    for (const cp of missing) {
      const hit = list.find((r) => r.slice !== PRIMARY && cp >= r.from && cp <= r.to);
      const slice = hit ? hit.slice : PRIMARY;
      if (!bySlice.has(slice)) bySlice.set(slice, new Set());
      bySlice.get(slice)!.add(cp);
    }
  }
  const parts: FontPart[] = [];
  for (const [slice, chars] of bySlice) {
    const f = await face(slice);
    // The space is always kept, so text runs can contain it in any part.
    const subsetText = ' ' + String.fromCodePoint(...chars);
    parts.push({
      bytes: await subsetFont(f.ttf, subsetText, {
        targetFormat: 'truetype',
        // Plain character-to-glyph drawing: without the layout tables no shaping step can swap
        // a digit for its full-width form, and the file is smaller.
        noLayoutClosure: true,
        dropTables: ['GSUB', 'GPOS', 'GDEF', 'BASE', 'STAT', 'vhea', 'vmtx'],
      }),
      chars,
    });
  }
  return parts;
}
