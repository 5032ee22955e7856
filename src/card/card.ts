// The verse card: pure SVG (no script, no foreignObject, no external font or
// image, no <text>: every letter is a path, see glyphs.ts) that looks the
// same in a browser tab, in an <img>, in a README and as a PNG.
import type { ChapterRecord, Commentary, VerseRecord } from '../content/schema.ts';
import { escapeXml, textWidth, words, wrap } from './text.ts';
import { measure, outline, shape, UNITS, type Face } from './glyphs.ts';
import { cardStyle } from './theme.ts';
export { cardStyle, cardInTheme, PALETTE } from './theme.ts';
import { knownSpeaker } from '../content/schema.ts';
import { devanagariMarks, iastMarks, withoutMarker } from '../content/display.ts';
import { isReadable } from '../content/placeholders.ts';
import { textBody } from '../content/references.ts';

export { THEMES, type Theme } from '../layout.ts';
import type { Theme } from '../layout.ts';
import { CARD_TRANSLATIONS } from './translations.ts';

/** Card width in px: fits a README column (GitHub's is about 830 px) and scales down below it. */
export const CARD_WIDTH = 800;
const PAD = 40;
const TEXT_WIDTH = CARD_WIDTH - 2 * PAD;

/** Which translations the card shows: the first of each list with something to say on the verse (translations.ts). */
export { CARD_TRANSLATIONS };
/** Longest a translation may run before it is cut with an ellipsis. */
export const TRANSLATION_MAX_LINES = 4;

/** The card shows the reference itself: the closing `||2-47||` marker is dropped (src/content/display.ts). */
export { withoutMarker };

/** A translation's text without its leading `2.47` or `।।2.47।।` number, on one line. */
const cleanTranslation = (text: string) => textBody(text).replace(/\s+/g, ' ').trim();

function pickTranslation(verse: VerseRecord, choices: ReadonlyArray<readonly [string, 'ht' | 'et']>) {
  for (const [key, field] of choices) {
    const c = verse[key] as Commentary | undefined;
    const text = c?.[field];
    if (!c || !isReadable(text)) continue;
    const clean = cleanTranslation(text);
    if (clean) return { text: clean, author: c.author };
  }
  return null;
}

/**
 * The glyphs of one card: each outline defined once in <defs> and drawn with
 * <use> wherever it recurs, each line a group scaled from font units to px
 * (and flipped: outlines point up) and coloured by its class.
 */
class Sheet {
  private ids = new Map<string, string>();
  private paths: string[] = [];
  readonly lines: string[] = [];

  private id(key: string): string | null {
    let id = this.ids.get(key);
    if (id === undefined) {
      const d = outline(key);
      // A space has no outline: nothing to draw.
      id = d ? this.ids.size.toString(36) : '';
      if (d) this.paths.push(`<path id="${id}" d="${d}"/>`);
      this.ids.set(key, id);
    }
    return id || null;
  }

  /** Draw `text` (one line) in `face` at `size` px, its baseline starting at (x, y). */
  draw(text: string, face: Face, size: number, x: number, y: number, cls: string): void {
    const space = shape(' ', face).width;
    const uses: string[] = [];
    let pen = 0;
    for (const word of words(text)) {
      const s = shape(word, face);
      for (const g of s.glyphs) {
        const id = this.id(g.key);
        if (id !== null) uses.push(`<use xlink:href="#${id}" x="${pen + g.x}"${g.y ? ` y="${g.y}"` : ''}/>`);
      }
      pen += s.width + space;
    }
    const k = +(size / UNITS).toFixed(4);
    this.lines.push(`<g class="${cls}" transform="translate(${+x.toFixed(1)} ${y}) scale(${k} -${k})">${uses.join('')}</g>`);
  }

  defs(): string {
    return `<defs>${this.paths.join('')}</defs>`;
  }
}

export function renderCard(verse: VerseRecord, chapter: ChapterRecord, theme: Theme = 'auto'): string {
  const title = `Bhagavad Gita ${verse.chapter}.${verse.verse}`;
  const sheet = new Sheet();
  const parts: string[] = [];
  /** What the card shows, line by line, for its <desc>. */
  const said: string[] = [];
  /** Wrapped lines of `paragraphs`, the first baseline `gap` below y, then `leading` apart. */
  const block = (paragraphs: string[], face: Face, size: number, cls: string, gap: number, leading: number, maxLines: number) => {
    const lines = paragraphs.flatMap((p) => wrap(p, size, TEXT_WIDTH, maxLines, face));
    lines.forEach((line, i) => sheet.draw(line, face, size, PAD, (y += i ? leading : gap), cls));
    said.push(lines.join(' '));
  };

  // Header: the reference (as the title names it), who speaks, and the chapter.
  let y = PAD + 18;
  const colophon = verse.verse === chapter.verses_count + 1;
  // A colophon is the editor's closing line, not a speech: no speaker.
  const speaker = !colophon && typeof verse.speaker === 'string' ? (knownSpeaker(verse.speaker)?.label ?? verse.speaker) : null;
  const who = speaker ? ` · ${speaker}` : '';
  const titleWidth = textWidth(title, 18, 'bold');
  // The space before "· Krishna": textWidth(' ') is 0 (it measures words), so the space is measured as a glyph.
  const gap = speaker ? measure(' ', 'bold', 18) : 0;
  const left = titleWidth + gap + textWidth(who, 14);
  const full = `Chapter ${verse.chapter}${colophon ? ' colophon' : ''} · ${chapter.translation}`;
  // The chapter's name gives way when both would not fit on one line.
  const right = left + 24 + textWidth(full, 14) <= TEXT_WIDTH ? full : `Chapter ${verse.chapter}${colophon ? ' colophon' : ''}`;
  sheet.draw(title, 'bold', 18, PAD, y, 'acc');
  if (speaker) sheet.draw(who, 'latin', 14, PAD + titleWidth + gap, y, 'mut');
  sheet.draw(right, 'latin', 14, CARD_WIDTH - PAD - textWidth(right, 14), y, 'mut');
  said.push(`${title}${who}. ${right}.`);

  block(devanagariMarks(withoutMarker(verse.slok)).split('\n'), 'dev', 24, 'fg', 52, 38, 8);
  block(iastMarks(withoutMarker(verse.transliteration)).split('\n'), 'italic', 16, 'mut', 40, 24, 8);

  const hindi = pickTranslation(verse, CARD_TRANSLATIONS.hindi);
  const english = pickTranslation(verse, CARD_TRANSLATIONS.english);
  const sections = [
    hindi && { ...hindi, face: 'dev' as const, size: 17, leading: 28 },
    english && { ...english, face: 'latin' as const, size: 16, leading: 24 },
  ];
  for (const t of sections) {
    if (!t) continue;
    y += 22;
    parts.push(`<path class="rule" d="M${PAD} ${y}h${TEXT_WIDTH}"/>`);
    block([t.text], t.face, t.size, 'fg', 32, t.leading, TRANSLATION_MAX_LINES);
    sheet.draw(`— ${t.author}`, 'latin', 13, PAD, (y += 22), 'mut');
    said.push(`— ${t.author}`);
  }
  const height = y + PAD;

  return (
    `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${CARD_WIDTH}" height="${height}" viewBox="0 0 ${CARD_WIDTH} ${height}" role="img">` +
    `<title>${escapeXml(title)}</title><desc>${escapeXml(said.join('\n'))}</desc><style>${cardStyle(theme)}</style>` +
    sheet.defs() +
    `<rect class="bg" x=".5" y=".5" width="${CARD_WIDTH - 1}" height="${height - 1}" rx="14"/>` +
    parts.join('') +
    sheet.lines.join('') +
    `</svg>`
  );
}
