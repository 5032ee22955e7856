// Text for SVG: escaping, widths and line wrapping. SVG has no text flow of
// its own, so the card breaks lines here, with widths measured by shaping
// each word in the font the card draws it with (src/card/glyphs.ts).
import { measure, type Face } from './glyphs.ts';

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

/** The words of a line, as the card lays them out: split at runs of white space. */
export const words = (text: string) => text.split(/\s+/).filter(Boolean);

/** Width of `text` in px as the card draws it: its words shaped in `face`, one space between them. */
export function textWidth(text: string, fontSize: number, face: Face = 'latin'): number {
  const ws = words(text);
  if (!ws.length) return 0;
  return ws.reduce((n, w) => n + measure(w, face, fontSize), 0) + (ws.length - 1) * measure(' ', face, fontSize);
}

/**
 * Break `text` into lines no wider than `maxWidth`, at spaces (a word wider
 * than a line is cut between graphemes). At most `maxLines`; when text is
 * left over, the last line ends with an ellipsis.
 */
export function wrap(text: string, fontSize: number, maxWidth: number, maxLines = Infinity, face: Face = 'latin'): string[] {
  const width = (s: string) => textWidth(s, fontSize, face);
  const space = measure(' ', face, fontSize);
  const lines: string[] = [];
  let line = '';
  let lineWidth = 0;
  for (let word of words(text)) {
    let w = width(word);
    if (line && lineWidth + space + w <= maxWidth) {
      line += ` ${word}`;
      lineWidth += space + w;
      continue;
    }
    if (line) lines.push(line);
    while (w > maxWidth) {
      // A word wider than a line: cut it between graphemes.
      const parts = graphemes(word);
      let cut = parts.length - 1;
      while (cut > 1 && width(parts.slice(0, cut).join('')) > maxWidth) cut--;
      lines.push(parts.slice(0, cut).join(''));
      word = parts.slice(cut).join('');
      w = width(word);
    }
    line = word;
    lineWidth = w;
  }
  if (line) lines.push(line);
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  kept[maxLines - 1] = withEllipsis(kept[maxLines - 1], width, maxWidth);
  return kept;
}

/** End `line` with "…", dropping words (or graphemes) until it fits. */
function withEllipsis(line: string, width: (s: string) => number, maxWidth: number): string {
  let s = line.replace(/[\s,;:.।-]+$/, '');
  while (s && width(`${s}…`) > maxWidth) {
    const space = s.lastIndexOf(' ');
    s = space > 0 ? s.slice(0, space) : graphemes(s).slice(0, -1).join('');
    s = s.replace(/[\s,;:.।-]+$/, '');
  }
  return `${s}…`;
}
