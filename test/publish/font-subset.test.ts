// The web font of a few glyphs (src/publish/font-subset.ts): the Telugu
// letters of the languages' names cut from Noto Sans Telugu, as WOFF2. Read
// back here by a reader of its own (brotli, the table directory): the same
// tables as the subset font; the letters it maps are the names' letters and
// no more; and HarfBuzz shapes the name in it as in the whole font (the
// vowel signs placed the same, every advance the same).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { brotliDecompressSync } from 'node:zlib';
import * as hb from 'harfbuzzjs';
import { readSfnt, readWoff, sfnt, subsetFont, woff2 } from '../../src/publish/font-subset.ts';
import { TELUGU_NAMES_SOURCE, teluguNamesFont } from '../../src/publish/images.ts';
import { TELUGU_NAME_LETTERS } from '../../src/pages/reading.ts';
import { READING_LABELS } from '../../src/pages/read-labels.ts';

const require = createRequire(import.meta.url);
const source = readWoff(readFileSync(require.resolve(TELUGU_NAMES_SOURCE)));
const whole = sfnt(source.flavor, source.tables);

/** A WOFF2 file of untransformed tables, read back: its header's fields and its tables. */
function readWoff2(file: Buffer) {
  assert.is(file.toString('latin1', 0, 4), 'wOF2');
  const count = file.readUInt16BE(12);
  let at = 48;
  const entries: Array<{ tag: string; length: number; version: number }> = [];
  const known = ['cmap', 'head', 'hhea', 'hmtx', 'maxp', 'name', 'OS/2', 'post', 'cvt ', 'fpgm', 'glyf', 'loca', 'prep'];
  for (let i = 0; i < count; i++) {
    const flags = file[at++];
    let tag: string;
    if ((flags & 63) === 63) {
      tag = file.toString('latin1', at, at + 4);
      at += 4;
    } else {
      const index = flags & 63;
      tag = index < known.length ? known[index] : { 26: 'GDEF', 27: 'GPOS', 28: 'GSUB', 17: 'gasp' }[index] ?? `#${index}`;
    }
    let length = 0;
    for (let b = 0x80; b & 0x80; ) {
      b = file[at++];
      length = length * 128 + (b & 0x7f);
    }
    entries.push({ tag, length, version: flags >> 6 });
  }
  const stream = brotliDecompressSync(file.subarray(at, at + file.readUInt32BE(20)));
  const tables = new Map<string, Buffer>();
  let offset = 0;
  for (const e of entries) {
    tables.set(e.tag, stream.subarray(offset, offset + e.length));
    offset += e.length;
  }
  return { length: file.readUInt32BE(8), flavor: file.readUInt32BE(4), entries, tables, streamLength: stream.length };
}

const shaped = (font: Buffer, text: string) => {
  const f = new hb.Font(new hb.Face(new hb.Blob(font)));
  const buffer = new hb.Buffer();
  buffer.addText(text);
  buffer.guessSegmentProperties();
  hb.shape(f, buffer);
  return buffer.getGlyphInfosAndPositions().map((g) => ({ advance: g.xAdvance, dx: g.xOffset ?? 0, dy: g.yOffset ?? 0, cluster: g.cluster }));
};

test('the names\' letters are the Telugu letters of the languages\' names', () => {
  const telugu = READING_LABELS.te.language;
  assert.is(telugu, 'తెలుగు');
  assert.is(TELUGU_NAME_LETTERS, 'తెలుగ');
});

test('the WOFF2 holds the subset\'s tables as they are, glyf and loca untransformed', () => {
  const file = teluguNamesFont();
  const subset = readSfnt(subsetFont(whole, TELUGU_NAME_LETTERS));
  const back = readWoff2(file);
  assert.is(back.length, file.length);
  assert.is(back.flavor, subset.flavor);
  assert.equal([...back.tables.keys()].sort(), [...subset.tables.keys()].sort());
  for (const [tag, data] of subset.tables) assert.ok(back.tables.get(tag)!.equals(data), tag);
  for (const e of back.entries) assert.is(e.version, e.tag === 'glyf' || e.tag === 'loca' ? 3 : 0, e.tag);
  assert.ok(woff2(subsetFont(whole, TELUGU_NAME_LETTERS)).equals(file), 'the same bytes each time');
  assert.ok(file.length < 2_500, `${file.length} bytes`);
});

test('its letters are the names\' and no more; HarfBuzz shapes తెలుగు in it as in the whole font', () => {
  const subset = subsetFont(whole, TELUGU_NAME_LETTERS);
  const mapped = [...new hb.Face(new hb.Blob(subset)).collectUnicodes()].map((c) => String.fromCodePoint(c)).sort();
  assert.equal(mapped, [...TELUGU_NAME_LETTERS].sort());
  const name = READING_LABELS.te.language;
  const inWhole = shaped(whole, name);
  assert.equal(shaped(subset, name), inWhole);
  // A shaped name: the vowel signs ె and ు joined to their consonants, fewer glyphs than letters or as many, none a .notdef.
  assert.ok(inWhole.every((g) => g.advance !== undefined));
});

test.run();
