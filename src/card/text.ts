// Text for SVG: escaping, width estimates and line wrapping. SVG has no text
// flow of its own, so the card breaks lines here, from glyph widths measured
// in the common fonts (see test/card/browser.test.ts, which checks the result).

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** Escape text for element content and attribute values; drop characters XML 1.0 forbids. */
export function escapeXml(text: string): string {
  return text
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
    .replace(/[&<>"']/g, (c) => XML_ESCAPES[c]);
}

let segmenter: Intl.Segmenter | null = null;
/** Graphemes of `text` (made on first use: only the build draws cards). */
const graphemes = (text: string) => [...(segmenter ??= new Intl.Segmenter('en', { granularity: 'grapheme' })).segment(text)].map((s) => s.segment);
const DEVANAGARI = /[\u0900-\u097f\ua8e0-\ua8ff]/;

/**
 * Advance width of one grapheme, in em. Figures are the widest seen among
 * Noto Sans, DejaVu Sans, Liberation Sans (Latin) and Noto Sans Devanagari,
 * Lohit, Mangal (Devanagari), rounded up, so estimates err on the wide side.
 */
function graphemeWidth(g: string): number {
  const c = g.codePointAt(0)!;
  if (DEVANAGARI.test(g)) {
    if (c === 0x0964 || c === 0x0965) return 0.45; // danda, double danda
    // A cluster with a conjunct (virama + consonant) is wider than one letter.
    const conjuncts = (g.match(/\u094d/g) ?? []).length;
    return 0.72 + 0.45 * conjuncts;
  }
  const base = g.normalize('NFD')[0];
  if (base === ' ') return 0.32;
  if ('iljI.,;:!|\'`()[]{}'.includes(base)) return 0.34;
  if ('frt-'.includes(base)) return 0.45;
  if ('mwMW@%'.includes(base)) return 0.98;
  if (base >= 'A' && base <= 'Z') return 0.75;
  if (base >= '0' && base <= '9') return 0.64;
  return 0.62;
}

const widths = new Map<string, number>();

/** Estimated width of `text` in px. Words recur across verses, so their widths are remembered. */
export function textWidth(text: string, fontSize: number): number {
  let em = widths.get(text);
  if (em === undefined) {
    em = 0;
    for (const g of graphemes(text)) em += graphemeWidth(g);
    if (widths.size < 100_000) widths.set(text, em);
  }
  return em * fontSize;
}

/**
 * Break `text` into lines no wider than `maxWidth`, at spaces (a word wider
 * than a line is cut between graphemes). At most `maxLines`; when text is
 * left over, the last line ends with an ellipsis.
 */
export function wrap(text: string, fontSize: number, maxWidth: number, maxLines = Infinity): string[] {
  const space = textWidth(' ', fontSize);
  const lines: string[] = [];
  let line = '';
  let width = 0;
  for (let word of text.split(/\s+/).filter(Boolean)) {
    let w = textWidth(word, fontSize);
    if (line && width + space + w <= maxWidth) {
      line += ` ${word}`;
      width += space + w;
      continue;
    }
    if (line) lines.push(line);
    while (w > maxWidth) {
      // A word wider than a line: cut it between graphemes.
      const parts = graphemes(word);
      let cut = parts.length - 1;
      while (cut > 1 && textWidth(parts.slice(0, cut).join(''), fontSize) > maxWidth) cut--;
      lines.push(parts.slice(0, cut).join(''));
      word = parts.slice(cut).join('');
      w = textWidth(word, fontSize);
    }
    line = word;
    width = w;
  }
  if (line) lines.push(line);
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  kept[maxLines - 1] = withEllipsis(kept[maxLines - 1], fontSize, maxWidth);
  return kept;
}

/** End `line` with "…", dropping words (or graphemes) until it fits. */
function withEllipsis(line: string, fontSize: number, maxWidth: number): string {
  let s = line.replace(/[\s,;:.।-]+$/, '');
  while (s && textWidth(`${s}…`, fontSize) > maxWidth) {
    const space = s.lastIndexOf(' ');
    s = space > 0 ? s.slice(0, space) : graphemes(s).slice(0, -1).join('');
    s = s.replace(/[\s,;:.।-]+$/, '');
  }
  return `${s}…`;
}
