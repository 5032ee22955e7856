// The meter's marks as shapes: each mark is the outline of its character in
// a font the project installs (Noto Sans Bold for – ˘ U I, Noto Sans
// Devanagari for ऽ ।), taken by the card's glyph code (src/card/glyphs.ts,
// HarfBuzz) and drawn as a CSS mask over a box of the accent colour. No font
// is asked of the reader's machine, so a mark has the same shape, size and
// place on every machine, and its ink never leaves its own box (a mask paints
// nothing outside the element): the page's layout alone says where it is.
//
// Each reading language writes the weights its own way: English the macron
// (a dash) for heavy and the breve for light; Hindi prosody ऽ for guru and ।
// for laghu; Telugu prosody U for guru and I for laghu.
import { inkBox, outline, shape, type Face } from '../card/glyphs.ts';
import type { ReadingLang } from './reading.ts';

export type Weight = 'G' | 'L';

interface Mark {
  /** The character the mark is, as the convention writes it. */
  char: string;
  face: Face;
}

interface Convention {
  G: Mark;
  L: Mark;
  /** How big the marks are drawn: em of the syllables' text per 1000 units of the font. */
  scale: number;
  /** A stroke around the outline, in font units, to draw a regular face about as heavy as the others' bold. */
  stroke: number;
  /** In the legend's running text, how far above the baseline the marks stand (em): a dash at a dash's height. */
  raise: number;
}

/** Each page language's marks: heavy (guru) and light (laghu). */
export const MARK_CONVENTIONS: Record<ReadingLang, Convention> = {
  en: { G: { char: '–', face: 'bold' }, L: { char: '˘', face: 'bold' }, scale: 1.3, stroke: 0, raise: 0.2 },
  hi: { G: { char: 'ऽ', face: 'dev' }, L: { char: '।', face: 'dev' }, scale: 0.9, stroke: 56, raise: 0 },
  te: { G: { char: 'U', face: 'bold' }, L: { char: 'I', face: 'bold' }, scale: 0.8, stroke: 0, raise: 0 },
};

const em = (units: number, scale: number) => `${+((units * scale) / 1000).toFixed(3)}em`;

/** A mark's outline as an SVG image (a data: URL) whose box is the glyph's ink, and that box's size in font units. */
function markImage(mark: Mark, stroke: number): { url: string; width: number; height: number } {
  const { key } = shape(mark.char, mark.face).glyphs[0];
  const ink = inkBox(key);
  const pad = stroke / 2;
  const [x, y, width, height] = [ink.left - pad, -ink.top - pad, ink.width + stroke, ink.height + stroke].map((n) => Math.round(n));
  const paint = stroke ? ` stroke='%23000' stroke-width='${stroke}' stroke-linejoin='round'` : '';
  const svg = `<svg xmlns='http://www.w3.org/2000/svg' viewBox='${x} ${y} ${width} ${height}'><path transform='scale(1 -1)'${paint} d='${outline(key)}'/></svg>`;
  return { url: `url("data:image/svg+xml,${svg.replace(/</g, '%3C').replace(/>/g, '%3E')}")`, width, height };
}

/**
 * The marks' styles for a page in `lang`: its convention's two shapes, every
 * mark in a box as tall as the taller, centred in it, as wide as its own ink.
 */
export function markStyle(lang: ReadingLang): string {
  const c = MARK_CONVENTIONS[lang];
  const marks = { G: markImage(c.G, c.stroke), L: markImage(c.L, c.stroke) };
  return [
    `.meter .mk{height:${em(Math.max(marks.G.height, marks.L.height), c.scale)}}`,
    `.meter .muted .mk{vertical-align:${c.raise}em}`,
    ...(['G', 'L'] as const).map((w) => `.meter .mk.${w}{width:${em(marks[w].width, c.scale)};--m:${marks[w].url}}`),
  ].join('\n');
}
