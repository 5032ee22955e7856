// The card's Devanagari on a machine with no font for it. Most systems have
// one (Windows, macOS, iOS, Android, most Linux desktops), and the card uses
// it; where none draws the script, the card would show boxes, so the tagger
// adds the pages' own web font (FILES.webFont(400), a subset of Noto Sans
// Devanagari, about 50 kB) from the API's origin, for Devanagari only
// (WEB_FONT's unicode-range). Asked once per page, at the first card, and
// only there: a reader whose machine draws Devanagari downloads nothing.
import { FILES, WEB_FONT } from '../layout.ts';

/**
 * Does `family` (a CSS font-family list) draw Devanagari here? A character no
 * font has is drawn as the same box whatever it stands for, so three letters
 * measure as three unassigned code points exactly when no font has them.
 */
export function drawsDevanagari(doc: Document, family: string): boolean {
  const context = doc.createElement('canvas').getContext('2d');
  // No canvas to measure with: the reader's fonts, as before.
  if (!context) return true;
  context.font = `40px ${family}`;
  const width = (text: string) => context.measureText(text).width;
  return width('कखग') !== width('\u0378\u0378\u0378');
}

/** The web font added to the page for Devanagari (a FontFace: no stylesheet to inject); resolves when it is loaded, null when the browser cannot add one. */
export function addWebFont(doc: Document, base: string): Promise<FontFace> | null {
  if (typeof FontFace !== 'function' || !doc.fonts) return null;
  const face = new FontFace(WEB_FONT.family, `url("${base}${FILES.webFont(400)}") format("woff2")`, { unicodeRange: WEB_FONT.unicodeRange, display: 'swap' });
  doc.fonts.add(face);
  return face.load();
}
