// The verse card: pure SVG (no script, no foreignObject, no external font or
// image) that looks the same in a browser tab, in an <img> and in a README.
import type { ChapterRecord, Commentary, VerseRecord } from '../content/schema.ts';
import { escapeXml, textWidth, wrap } from './text.ts';
import { knownSpeaker } from '../content/schema.ts';

export { THEMES, type Theme } from '../layout.ts';
import type { Theme } from '../layout.ts';

/** Card width in px: fits a README column (GitHub's is about 830 px) and scales down below it. */
export const CARD_WIDTH = 800;
const PAD = 40;
const TEXT_WIDTH = CARD_WIDTH - 2 * PAD;

/**
 * Which translations the card shows: the first of each list that has
 * something to say on the verse (commentators who "did not comment" are
 * skipped; on the chapter colophons nobody has, and the card shows the verse alone).
 */
export const CARD_TRANSLATIONS = {
  hindi: [['tej', 'ht'], ['rams', 'ht'], ['sankar', 'ht']],
  english: [['siva', 'et'], ['prabhu', 'et'], ['purohit', 'et'], ['adi', 'et']],
} as const;
/** Longest a translation may run before it is cut with an ellipsis. */
export const TRANSLATION_MAX_LINES = 4;

const FONT_DEVANAGARI = `Noto Sans Devanagari,Noto Serif Devanagari,Nirmala UI,Mangal,Kohinoor Devanagari,Devanagari Sangam MN,Lohit Devanagari,sans-serif`;
const FONT_LATIN = `system-ui,-apple-system,Segoe UI,Noto Sans,Roboto,Helvetica Neue,Arial,sans-serif`;

const PALETTE = {
  light: { bg: '#fffaf2', line: '#ead9bf', fg: '#2b2118', accent: '#a3480a', muted: '#6f5f4f' },
  dark: { bg: '#1b1714', line: '#4a3f35', fg: '#f6efe4', accent: '#f5a524', muted: '#b3a595' },
};

function colors(p: (typeof PALETTE)['light']): string {
  return `.bg{fill:${p.bg};stroke:${p.line}}.rule{stroke:${p.line}}.fg{fill:${p.fg}}.acc{fill:${p.accent}}.mut{fill:${p.muted}}`;
}

/** The card's <style>: the only part that differs between themes. */
export function cardStyle(theme: Theme): string {
  const fonts = `.dev{font-family:${FONT_DEVANAGARI}}.lat{font-family:${FONT_LATIN}}.it{font-style:italic}.b{font-weight:700}`;
  if (theme === 'auto') return `${colors(PALETTE.light)}@media (prefers-color-scheme:dark){${colors(PALETTE.dark)}}${fonts}`;
  return colors(PALETTE[theme]) + fonts;
}

/** Drop the closing `||2-47||` marker: the card shows the reference itself. */
export const withoutMarker = (text: string) => text.replace(/\s*\|\|[^|]*\|\|\s*$/, '');

/** A translation's text without its leading `2.47` or `।।2.47।।` number, on one line. */
function cleanTranslation(text: string): string {
  return text
    .replace(/^\s*(?:।।\s*)?\d+\.\d+\.?\s*(?:।।)?/, '')
    .replace(/\s+/g, ' ')
    .trim();
}

function pickTranslation(verse: VerseRecord, choices: ReadonlyArray<readonly [string, 'ht' | 'et']>) {
  for (const [key, field] of choices) {
    const c = verse[key] as Commentary | undefined;
    const text = c?.[field];
    if (!c || !text || /did not comment on this sloka/i.test(text)) continue;
    const clean = cleanTranslation(text);
    if (clean) return { text: clean, author: c.author };
  }
  return null;
}

export function renderCard(verse: VerseRecord, chapter: ChapterRecord, theme: Theme = 'auto'): string {
  const title = `Bhagavad Gita ${verse.chapter}.${verse.verse}`;
  const parts: string[] = [];
  const text = (content: string, y: number, size: number, cls: string, anchorEnd = false) =>
    parts.push(
      `<text x="${anchorEnd ? CARD_WIDTH - PAD : PAD}" y="${y}" font-size="${size}"${anchorEnd ? ' text-anchor="end"' : ''} class="${cls}">${escapeXml(content)}</text>`,
    );
  /** Wrapped lines of `paragraphs`, the first baseline `gap` below y, then `leading` apart. */
  const block = (paragraphs: string[], size: number, cls: string, gap: number, leading: number, maxLines: number) => {
    const lines = paragraphs.flatMap((p) => wrap(p, size, TEXT_WIDTH, maxLines));
    lines.forEach((line, i) => text(line, (y += i ? leading : gap), size, cls));
  };

  // Header: the reference (as the title names it), who speaks, and the chapter.
  let y = PAD + 18;
  const colophon = verse.verse === chapter.verses_count + 1;
  // A colophon is the editor's closing line, not a speech: no speaker.
  const speaker = !colophon && typeof verse.speaker === 'string' ? (knownSpeaker(verse.speaker)?.label ?? verse.speaker) : null;
  const who = speaker ? ` · ${speaker}` : '';
  const left = textWidth(title, 18) + textWidth(who, 14);
  const full = `Chapter ${verse.chapter}${colophon ? ' colophon' : ''} · ${chapter.translation}`;
  // The chapter's name gives way when both would not fit on one line.
  const right = left + 24 + textWidth(full, 14) <= TEXT_WIDTH ? full : `Chapter ${verse.chapter}${colophon ? ' colophon' : ''}`;
  parts.push(`<text x="${PAD}" y="${y}" font-size="18" class="lat b acc">${escapeXml(title)}${speaker ? `<tspan font-size="14" font-weight="400" class="mut">${escapeXml(who)}</tspan>` : ''}</text>`);
  text(right, y, 14, 'lat mut', true);

  block(withoutMarker(verse.slok).split('\n'), 24, 'dev fg', 52, 38, 8);
  block(withoutMarker(verse.transliteration).split('\n'), 16, 'lat it mut', 40, 24, 8);

  const hindi = pickTranslation(verse, CARD_TRANSLATIONS.hindi);
  const english = pickTranslation(verse, CARD_TRANSLATIONS.english);
  const sections = [
    hindi && { ...hindi, size: 17, cls: 'dev fg', leading: 28 },
    english && { ...english, size: 16, cls: 'lat fg', leading: 24 },
  ];
  for (const t of sections) {
    if (!t) continue;
    y += 22;
    parts.push(`<path class="rule" d="M${PAD} ${y}h${TEXT_WIDTH}"/>`);
    block([t.text], t.size, t.cls, 32, t.leading, TRANSLATION_MAX_LINES);
    text(`— ${t.author}`, (y += 22), 13, 'lat mut');
  }
  const height = y + PAD;

  const summary = [withoutMarker(verse.transliteration).replace(/\s+/g, ' '), english?.text ?? hindi?.text].filter(Boolean).join(' — ');
  const desc = summary.length > 400 ? `${summary.slice(0, 399)}…` : summary;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${CARD_WIDTH}" height="${height}" viewBox="0 0 ${CARD_WIDTH} ${height}" role="img">` +
    `<title>${escapeXml(title)}</title><desc>${escapeXml(desc)}</desc><style>${cardStyle(theme)}</style>` +
    `<rect class="bg" x=".5" y=".5" width="${CARD_WIDTH - 1}" height="${height - 1}" rx="14"/>` +
    parts.join('') +
    `</svg>`
  );
}
