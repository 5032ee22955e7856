// Text as glyph outlines: the card draws its words as paths from fonts the
// project installs (Noto Sans and Noto Sans Devanagari, OFL 1.1, from the
// npm registry), shaped by HarfBuzz (harfbuzzjs, WASM), so conjuncts, the
// reordered i-matra and reph come out as a Devanagari reader expects, and a
// card looks the same with no font installed. Shaping and outlines are
// remembered per font and word: words recur across the 701 verses.
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import * as hb from 'harfbuzzjs';

/** The faces a card draws with. */
export type Face = 'dev' | 'latin' | 'italic' | 'bold';

const require = createRequire(import.meta.url);
/** The font files, by face: TrueType files of the Google Fonts builds, as @expo-google-fonts ships them. */
export const FONT_FILES: Record<Face, string> = {
  dev: '@expo-google-fonts/noto-sans-devanagari/400Regular/NotoSansDevanagari_400Regular.ttf',
  latin: '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf',
  italic: '@expo-google-fonts/noto-sans/400Regular_Italic/NotoSans_400Regular_Italic.ttf',
  bold: '@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf',
};

/** Outlines are kept in units of 1/UNITS em: fine enough at card sizes (a unit is 0.024 px at 24 px). */
export const UNITS = 1000;

interface Loaded {
  font: hb.Font;
  scale: number;
}
const loaded = new Map<Face, Loaded>();
function load(face: Face): Loaded {
  let l = loaded.get(face);
  if (!l) {
    const hbFace = new hb.Face(new hb.Blob(readFileSync(require.resolve(FONT_FILES[face]))));
    l = { font: new hb.Font(hbFace), scale: UNITS / hbFace.upem };
    loaded.set(face, l);
  }
  return l;
}

/** One glyph placed on a line, in 1/UNITS em from the line's start; `key` names its outline ("face:glyph id"). */
export interface Placed {
  key: string;
  x: number;
  y: number;
}
export interface Shaped {
  glyphs: Placed[];
  /** Advance width, in 1/UNITS em. */
  width: number;
}

const DEVANAGARI = /[\u0900-\u097f\ua8e0-\ua8ff\u1cd0-\u1cff]/;
/** Joiners and combining marks stay with the run before them. */
const STICKY = /[\u200c\u200d\u0300-\u036f]/;

/**
 * Which face draws each character: Devanagari letters the Devanagari face,
 * the rest the text's own face, or the other one when its own lacks it
 * (a danda in a transliteration, a dash in Hindi).
 */
function runs(text: string, face: Face): Array<{ face: Face; text: string }> {
  const out: Array<{ face: Face; text: string }> = [];
  const other: Face = face === 'dev' ? 'latin' : 'dev';
  for (const ch of text) {
    const last = out[out.length - 1];
    let f: Face;
    if (last && STICKY.test(ch)) f = last.face;
    else if (DEVANAGARI.test(ch)) f = 'dev';
    else f = load(face).font.nominalGlyph(ch.codePointAt(0)!) ? face : load(other).font.nominalGlyph(ch.codePointAt(0)!) ? other : face;
    if (last && last.face === f) last.text += ch;
    else out.push({ face: f, text: ch });
  }
  return out;
}

const shapes = new Map<string, Shaped>();

/** `text` (a word, or any run without line breaks) shaped in `face`, remembered. */
export function shape(text: string, face: Face): Shaped {
  const memo = `${face}\0${text}`;
  let s = shapes.get(memo);
  if (s) return s;
  const glyphs: Placed[] = [];
  let pen = 0;
  for (const run of runs(text, face)) {
    const { font, scale } = load(run.face);
    const buffer = new hb.Buffer();
    buffer.addText(run.text);
    buffer.guessSegmentProperties();
    hb.shape(font, buffer);
    for (const g of buffer.getGlyphInfosAndPositions()) {
      const dx = (g.xOffset ?? 0) * scale;
      const dy = (g.yOffset ?? 0) * scale;
      glyphs.push({ key: `${run.face}:${g.codepoint}`, x: Math.round(pen + dx), y: Math.round(dy) });
      pen += (g.xAdvance ?? 0) * scale;
    }
  }
  s = { glyphs, width: Math.round(pen) };
  if (shapes.size < 200_000) shapes.set(memo, s);
  return s;
}

/** Width of `text` in `face` at `size` px. */
export const measure = (text: string, face: Face, size: number) => (shape(text, face).width * size) / UNITS;

const outlines = new Map<string, string>();

/**
 * The outline of a glyph as SVG path data, in 1/UNITS em, y pointing up
 * (the card flips each line), relative and rounded to whole units: about
 * half the bytes of the absolute form HarfBuzz gives. Empty for a space.
 */
export function outline(key: string): string {
  let d = outlines.get(key);
  if (d !== undefined) return d;
  const [face, id] = key.split(':') as [Face, string];
  const { font, scale } = load(face);
  const parts: string[] = [];
  let cx = 0;
  let cy = 0;
  let sx = 0;
  let sy = 0;
  const num = (values: number[]) => values.map((v, i) => (i && v >= 0 ? ' ' : '') + v).join('');
  for (const c of font.glyphToJson(Number(id))) {
    const abs = c.values.map((v) => Math.round(v * scale));
    const rel = abs.map((v, i) => v - (i % 2 ? cy : cx));
    switch (c.type) {
      case 'M':
        parts.push(`m${num(rel)}`);
        [cx, cy] = abs;
        [sx, sy] = abs;
        break;
      case 'L':
        if (rel[1] === 0) parts.push(`h${rel[0]}`);
        else if (rel[0] === 0) parts.push(`v${rel[1]}`);
        else parts.push(`l${num(rel)}`);
        [cx, cy] = abs;
        break;
      case 'Q':
      case 'C':
        parts.push(`${c.type.toLowerCase()}${num(rel)}`);
        [cx, cy] = abs.slice(-2);
        break;
      case 'Z':
        parts.push('z');
        [cx, cy] = [sx, sy];
        break;
    }
  }
  // Successive commands of one kind need their letter once.
  d = parts.reduce((acc, p) => acc + (acc && /[a-z]/.test(p[0]) && lastCommand(acc) === p[0] && p[0] !== 'm' && p[0] !== 'z' ? (p[1] === '-' ? p.slice(1) : ` ${p.slice(1)}`) : p), '');
  outlines.set(key, d);
  return d;
}

function lastCommand(d: string): string {
  for (let i = d.length - 1; i >= 0; i--) if (/[a-z]/.test(d[i])) return d[i];
  return '';
}

/** The ink box of a glyph, in 1/UNITS em, y up: left, top, width, height. */
export function inkBox(key: string): { left: number; top: number; width: number; height: number } {
  const [face, id] = key.split(':') as [Face, string];
  const { font, scale } = load(face);
  const e = font.glyphExtents(Number(id));
  if (!e) return { left: 0, top: 0, width: 0, height: 0 };
  return { left: e.xBearing * scale, top: e.yBearing * scale, width: e.width * scale, height: -e.height * scale };
}
