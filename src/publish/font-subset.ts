// A web font of a few glyphs: the glyphs a short text needs (and those its
// shaping reaches: a Telugu vowel sign, a conjunct), cut from a font the
// project installs by HarfBuzz's subsetter (harfbuzzjs's harfbuzz-subset.wasm,
// the same HarfBuzz whose shaper draws the cards' letters), and written as
// WOFF2. The sources are the pages' own web fonts as @fontsource ships them
// in WOFF (zlib, read here with node:zlib); WOFF2 is brotli over the font's
// tables, as they are (the "null transform" the format allows for every
// table, glyf and loca included): a little bigger than a transformed one,
// nothing to get wrong. For a few glyphs the difference is some bytes.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { brotliCompressSync, constants, inflateSync } from 'node:zlib';

const require = createRequire(import.meta.url);

/** The tables of an sfnt (TrueType) font, by tag. */
type Tables = Map<string, Buffer>;

/** A WOFF (1.0) file's font: its flavor and tables, each inflated when stored compressed. */
export function readWoff(woff: Buffer): { flavor: number; tables: Tables } {
  if (woff.toString('latin1', 0, 4) !== 'wOFF') throw new Error('not a WOFF file');
  const flavor = woff.readUInt32BE(4);
  const count = woff.readUInt16BE(12);
  const tables: Tables = new Map();
  for (let i = 0; i < count; i++) {
    const at = 44 + i * 20;
    const tag = woff.toString('latin1', at, at + 4);
    const offset = woff.readUInt32BE(at + 4);
    const stored = woff.readUInt32BE(at + 8);
    const length = woff.readUInt32BE(at + 12);
    const data = woff.subarray(offset, offset + stored);
    tables.set(tag, stored < length ? inflateSync(data) : Buffer.from(data));
  }
  return { flavor, tables };
}

const pad4 = (n: number) => (n + 3) & ~3;

/** An sfnt (the bytes of a .ttf) of these tables, in tag order, each padded to 4 bytes. */
export function sfnt(flavor: number, tables: Tables): Buffer {
  const tags = [...tables.keys()].sort();
  const power = 2 ** Math.floor(Math.log2(tags.length));
  const head = Buffer.alloc(12 + 16 * tags.length);
  head.writeUInt32BE(flavor, 0);
  head.writeUInt16BE(tags.length, 4);
  head.writeUInt16BE(power * 16, 6);
  head.writeUInt16BE(Math.log2(power), 8);
  head.writeUInt16BE(tags.length * 16 - power * 16, 10);
  const bodies: Buffer[] = [];
  let offset = head.length;
  tags.forEach((tag, i) => {
    const data = tables.get(tag)!;
    const padded = Buffer.alloc(pad4(data.length));
    data.copy(padded);
    let sum = 0;
    for (let at = 0; at < padded.length; at += 4) sum = (sum + padded.readUInt32BE(at)) >>> 0;
    head.write(tag, 12 + i * 16, 'latin1');
    head.writeUInt32BE(sum, 16 + i * 16);
    head.writeUInt32BE(offset, 20 + i * 16);
    head.writeUInt32BE(data.length, 24 + i * 16);
    bodies.push(padded);
    offset += padded.length;
  });
  return Buffer.concat([head, ...bodies]);
}

/** An sfnt's tables, by tag. */
export function readSfnt(font: Buffer): { flavor: number; tables: Tables } {
  const count = font.readUInt16BE(4);
  const tables: Tables = new Map();
  for (let i = 0; i < count; i++) {
    const at = 12 + i * 16;
    const offset = font.readUInt32BE(at + 8);
    tables.set(font.toString('latin1', at, at + 4), Buffer.from(font.subarray(offset, offset + font.readUInt32BE(at + 12))));
  }
  return { flavor: font.readUInt32BE(0), tables };
}

interface Subsetter {
  memory: WebAssembly.Memory;
  malloc(size: number): number;
  free(pointer: number): void;
  hb_blob_create(data: number, length: number, mode: number, user: number, destroy: number): number;
  hb_blob_destroy(blob: number): void;
  hb_blob_get_data(blob: number, length: number): number;
  hb_blob_get_length(blob: number): number;
  hb_face_create(blob: number, index: number): number;
  hb_face_destroy(face: number): void;
  hb_face_reference_blob(face: number): number;
  hb_set_add(set: number, codepoint: number): void;
  hb_subset_input_create_or_fail(): number;
  hb_subset_input_destroy(input: number): void;
  hb_subset_input_unicode_set(input: number): number;
  hb_subset_input_get_flags(input: number): number;
  hb_subset_input_set_flags(input: number, flags: number): void;
  hb_subset_or_fail(face: number, input: number): number;
}

let subsetter: Subsetter | null = null;
/** HarfBuzz's subsetter: a WASM module with no imports, instantiated once. */
function hbSubset(): Subsetter {
  subsetter ??= new WebAssembly.Instance(new WebAssembly.Module(readFileSync(require.resolve('harfbuzzjs/dist/harfbuzz-subset.wasm')))).exports as unknown as Subsetter;
  return subsetter;
}

/** HB_MEMORY_MODE_WRITABLE; HB_SUBSET_FLAGS_NO_HINTING (the glyphs are drawn unhinted, as the source's are). */
const MEMORY_WRITABLE = 2;
const NO_HINTING = 0x1;

/** The glyphs of `font` (an sfnt) that draw `text`, with what shaping it needs (cmap, GSUB, GPOS of those glyphs), as an sfnt. */
export function subsetFont(font: Buffer, text: string): Buffer {
  const hb = hbSubset();
  const data = hb.malloc(font.length);
  new Uint8Array(hb.memory.buffer).set(font, data);
  const blob = hb.hb_blob_create(data, font.length, MEMORY_WRITABLE, 0, 0);
  const face = hb.hb_face_create(blob, 0);
  hb.hb_blob_destroy(blob);
  const input = hb.hb_subset_input_create_or_fail();
  try {
    if (!input) throw new Error('hb_subset_input_create_or_fail failed');
    const unicodes = hb.hb_subset_input_unicode_set(input);
    for (const ch of new Set(text)) hb.hb_set_add(unicodes, ch.codePointAt(0)!);
    hb.hb_subset_input_set_flags(input, hb.hb_subset_input_get_flags(input) | NO_HINTING);
    const subset = hb.hb_subset_or_fail(face, input);
    if (!subset) throw new Error(`HarfBuzz could not subset the font for ${JSON.stringify(text)}`);
    const out = hb.hb_face_reference_blob(subset);
    const at = hb.hb_blob_get_data(out, 0);
    const bytes = Buffer.from(new Uint8Array(hb.memory.buffer, at, hb.hb_blob_get_length(out)));
    hb.hb_blob_destroy(out);
    hb.hb_face_destroy(subset);
    return bytes;
  } finally {
    if (input) hb.hb_subset_input_destroy(input);
    hb.hb_face_destroy(face);
    hb.free(data);
  }
}

/** The tags WOFF2 knows by number (its "known table tags"); any other is written out in full. */
const KNOWN_TAGS = (
  'cmap head hhea hmtx maxp name OS/2 post cvt  fpgm glyf loca prep CFF  VORG EBDT EBLC gasp hdmx kern LTSH PCLT VDMX vhea vmtx BASE GDEF GPOS ' +
  'GSUB EBSC JSTF MATH CBDT CBLC COLR CPAL SVG  sbix acnt avar bdat bloc bsln cvar fdsc feat fmtx fvar gvar hsty just lcar mort morx opbd prop ' +
  'trak Zapf Silf Glat Gloc Feat Sill'
)
  .match(/.{4}\s?/g)!
  .map((t) => t.slice(0, 4));

/** WOFF2's UIntBase128: 7 bits a byte, most significant first, the high bit set on all but the last. */
function base128(n: number): number[] {
  const out = [n & 0x7f];
  for (n >>>= 7; n; n >>>= 7) out.unshift((n & 0x7f) | 0x80);
  return out;
}

/**
 * An sfnt as WOFF2: the header, the table directory (each table untransformed:
 * transform version 3 for glyf and loca, 0 for the others) and the tables in
 * that order, one brotli stream, with no padding between them.
 */
export function woff2(font: Buffer): Buffer {
  const { flavor, tables } = readSfnt(font);
  const tags = [...tables.keys()].sort();
  const directory: number[] = [];
  for (const tag of tags) {
    const known = KNOWN_TAGS.indexOf(tag);
    const version = tag === 'glyf' || tag === 'loca' ? 3 : 0;
    directory.push((known === -1 ? 63 : known) | (version << 6));
    if (known === -1) directory.push(...Buffer.from(tag, 'latin1'));
    directory.push(...base128(tables.get(tag)!.length));
  }
  const stream = Buffer.concat(tags.map((t) => tables.get(t)!));
  const compressed = brotliCompressSync(stream, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_FONT, [constants.BROTLI_PARAM_SIZE_HINT]: stream.length } });
  const header = Buffer.alloc(48);
  const length = pad4(48 + directory.length + compressed.length);
  header.write('wOF2', 0, 'latin1');
  header.writeUInt32BE(flavor, 4);
  header.writeUInt32BE(length, 8);
  header.writeUInt16BE(tags.length, 12);
  // totalSfntSize: the font these tables make, as sfnt() lays them out.
  header.writeUInt32BE(12 + 16 * tags.length + tags.reduce((n, t) => n + pad4(tables.get(t)!.length), 0), 16);
  header.writeUInt32BE(compressed.length, 20);
  header.writeUInt16BE(1, 24);
  const out = Buffer.alloc(length);
  header.copy(out);
  Buffer.from(directory).copy(out, 48);
  compressed.copy(out, 48 + directory.length);
  return out;
}

/** `text`'s glyphs from a WOFF font as a WOFF2 web font. */
export function woff2Subset(woff: Buffer, text: string): Buffer {
  const { flavor, tables } = readWoff(woff);
  return woff2(subsetFont(sfnt(flavor, tables), text));
}
