// The card a tagged link shows on hover or keyboard focus: the verse in
// Devanagari, its transliteration and one translation, fetched from the API
// (CORS) once per verse and kept. One card for the page, a tooltip as WCAG
// 1.4.13 asks: it stays while the pointer is on the link or on the card
// itself, goes when focus or pointer leave, and Escape dismisses it. It
// names no link inside it (a tooltip is not interactive): the link itself
// goes to the reading page. Where the reader's machine has no Devanagari
// font, the card adds the pages' web font at its first showing (font.ts).
import { firstVerse, readableRef, type ShownVerse } from './verse.ts';
import { Verses } from './load.ts';
import { addWebFont, drawsDevanagari } from './font.ts';
import { CARD_LABELS } from './labels.ts';
import type { AuthorNames, LinkerOptions } from './options.ts';
import { WEB_FONT } from '../layout.ts';

const CARD_ID = 'gita-ref-card';
/** A pointer passing over a link on its way elsewhere asks for nothing. */
const SHOW_DELAY_MS = 120;
/** Time to move the pointer from the link onto the card. */
const HIDE_DELAY_MS = 250;
/** A translation is cut at a word after about this many characters: a card is a glance, the reading page has the rest. */
const TRANSLATION_MAX = 420;

/** The system fonts that draw Devanagari (Linux and Android, Windows, macOS and iOS), asked for by name first. */
const DEVANAGARI_FONTS = '"Noto Sans Devanagari","Lohit Devanagari","Nirmala UI","Mangal","Kohinoor Devanagari","Devanagari Sangam MN",sans-serif';

/**
 * The card's text, Latin and Devanagari alike (a Hindi card is all
 * Devanagari), starts with the web font's family: declared only where the
 * machine has no Devanagari font (font.ts), or by the page itself (this
 * project's pages), it is otherwise no font at all and the next ones draw.
 */
const STYLE = `
.gita-ref-card{all:initial;position:absolute;z-index:2147483647;box-sizing:border-box;display:block;width:max-content;max-width:min(26rem,calc(100vw - 16px));padding:.75rem 1rem;background:#fffdf8;color:#1f1d1a;border:1px solid #d6cfc2;border-radius:8px;box-shadow:0 6px 24px rgba(0,0,0,.18);font:15px/1.5 "${WEB_FONT.family}",system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;text-align:start}
.gita-ref-card[hidden]{display:none}
.gita-ref-card p{all:unset;display:block;margin:0 0 .45rem;overflow-wrap:anywhere}
.gita-ref-card p:last-child{margin:0}
.gita-ref-card .gita-ref-title{font-weight:600;font-size:.85em;color:#7a4b12}
.gita-ref-card .gita-ref-dev{font-size:1.08em;line-height:1.7;white-space:pre-line;font-family:"${WEB_FONT.family}",${DEVANAGARI_FONTS}}
.gita-ref-card .gita-ref-iast{font-style:italic;color:#5d574e;white-space:pre-line}
.gita-ref-card .gita-ref-by{font-size:.85em;color:#5d574e}
@media (prefers-color-scheme:dark){.gita-ref-card{background:#23211e;color:#eeeae2;border-color:#4a453d}.gita-ref-card .gita-ref-title{color:#e3b46f}.gita-ref-card .gita-ref-iast,.gita-ref-card .gita-ref-by{color:#b9b2a6}}
`;

/** A text cut at a word near `max` characters. */
const cut = (text: string, max: number) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const head = flat.slice(0, max);
  const space = head.lastIndexOf(' ');
  return `${(space > max * 0.6 ? head.slice(0, space) : head).trimEnd()}…`;
};

export function startCards(doc: Document, options: LinkerOptions, names: AuthorNames) {
  const style = doc.createElement('style');
  style.textContent = STYLE;
  doc.head.append(style);
  const card = new Card(doc, options, new Verses(options, names));
  doc.addEventListener('mouseover', (e) => card.pointerOver(e));
  doc.addEventListener('mouseout', (e) => card.pointerOut(e));
  doc.addEventListener('focusin', (e) => card.focusIn(e));
  doc.addEventListener('focusout', (e) => card.focusOut(e));
  doc.addEventListener('keydown', (e) => card.keyDown(e));
}

const linkOf = (target: EventTarget | null) => (target instanceof Element ? target.closest<HTMLAnchorElement>('a[data-gita-ref]') : null);

/** The page's one card, the link it is shown for, and the timers that show and hide it. */
class Card {
  private readonly el: HTMLDivElement;
  private current: HTMLAnchorElement | null = null;
  /** The link whose card Escape dismissed: it stays dismissed until the pointer or focus leaves it. */
  private dismissed: HTMLAnchorElement | null = null;
  private timer: ReturnType<typeof setTimeout> | undefined;
  /** Whether the machine's fonts were looked at: once, at the first card (a page whose links nobody points at measures nothing). */
  private fontsChecked = false;

  constructor(
    private readonly doc: Document,
    private readonly options: LinkerOptions,
    private readonly verses: Verses,
  ) {
    const card = doc.createElement('div');
    card.id = doc.getElementById(CARD_ID) ? `${CARD_ID}-${Math.random().toString(36).slice(2)}` : CARD_ID;
    card.className = 'gita-ref-card no-gita';
    card.lang = options.lang;
    card.setAttribute('role', 'tooltip');
    card.hidden = true;
    doc.body.append(card);
    this.el = card;
  }

  pointerOver(e: MouseEvent): void {
    const link = linkOf(e.target);
    // Back on the link shown, or onto its card: it stays.
    if ((link && link === this.current && !this.el.hidden) || (this.onCard(e.target) && this.current)) clearTimeout(this.timer);
    else if (link) this.later(() => this.show(link), SHOW_DELAY_MS);
  }

  pointerOut(e: MouseEvent): void {
    const from = linkOf(e.target) ?? (this.onCard(e.target) ? this.current : null);
    if (!from) return;
    // Moving between the parts of the link, or between the link and its card: still there.
    const to = e.relatedTarget;
    if (linkOf(to) === from || this.onCard(to)) return;
    if (from === this.dismissed) this.dismissed = null;
    if (this.current) this.later(() => this.hide(), HIDE_DELAY_MS);
    else clearTimeout(this.timer);
  }

  focusIn(e: FocusEvent): void {
    const link = linkOf(e.target);
    if (link) this.show(link);
  }

  focusOut(e: FocusEvent): void {
    const link = linkOf(e.target);
    if (!link) return;
    if (link === this.dismissed) this.dismissed = null;
    if (link === this.current) this.hide();
  }

  keyDown(e: KeyboardEvent): void {
    if (e.key !== 'Escape' || !this.current) return;
    this.dismissed = this.current;
    this.hide();
  }

  private onCard(target: EventTarget | null): boolean {
    return target instanceof Node && this.el.contains(target);
  }

  private later(fn: () => void, ms: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(fn, ms);
  }

  private show(link: HTMLAnchorElement): void {
    clearTimeout(this.timer);
    const ref = link.dataset.gitaRef ?? '';
    const first = firstVerse(ref);
    if (!first || link === this.dismissed) return;
    this.checkFonts();
    if (this.current && this.current !== link) this.describe(this.current, false);
    this.current = link;
    this.describe(link, true);
    this.fill(ref, 'loading');
    this.el.hidden = false;
    this.place(link);
    this.verses.load(first.ch, first.sl).then(
      (verse) => this.current === link && (this.fill(ref, verse), this.place(link)),
      () => this.current === link && (this.fill(ref, 'failed'), this.place(link)),
    );
  }

  private hide(): void {
    clearTimeout(this.timer);
    if (this.current) this.describe(this.current, false);
    this.current = null;
    this.el.hidden = true;
  }

  private fill(ref: string, verse: ShownVerse | 'loading' | 'failed'): void {
    this.el.replaceChildren(...cardLines(this.doc, ref, verse, this.options.lang));
  }

  /** Below the link when it fits (or nothing fits above), else above; within the page's width. */
  private place(link: HTMLAnchorElement): void {
    const card = this.el;
    const rect = link.getClientRects()[0] ?? link.getBoundingClientRect();
    const view = this.doc.documentElement;
    const width = card.offsetWidth;
    const height = card.offsetHeight;
    const below = rect.bottom + 6 + height <= view.clientHeight || rect.top < height + 6;
    const top = (below ? rect.bottom + 6 : rect.top - 6 - height) + window.scrollY;
    const left = Math.max(8, Math.min(rect.left, view.clientWidth - width - 8)) + window.scrollX;
    card.style.top = `${top}px`;
    card.style.left = `${left}px`;
  }

  /** Name the card as what describes the link (aria-describedby), or stop naming it, keeping the link's other descriptions. */
  private describe(link: HTMLAnchorElement, on: boolean): void {
    const ids = (link.getAttribute('aria-describedby') ?? '').split(/\s+/).filter((id) => id && id !== this.el.id);
    if (on) ids.push(this.el.id);
    if (ids.length) link.setAttribute('aria-describedby', ids.join(' '));
    else link.removeAttribute('aria-describedby');
  }

  private checkFonts(): void {
    if (this.fontsChecked) return;
    this.fontsChecked = true;
    if (drawsDevanagari(this.doc, DEVANAGARI_FONTS)) return;
    // Boxes until the font comes (swap), then the card is drawn in it: placed again, as its size changed.
    addWebFont(this.doc, this.options.base)?.then(
      () => this.current && !this.el.hidden && this.place(this.current),
      () => {},
    );
  }
}

/** What the card says: the reference, then the verse and its translation, or that it is coming or could not come. */
function cardLines(doc: Document, ref: string, verse: ShownVerse | 'loading' | 'failed', lang: LinkerOptions['lang']): HTMLParagraphElement[] {
  const line = (text: string, cls: string, textLang?: string) => {
    const p = doc.createElement('p');
    p.className = cls;
    p.textContent = text;
    if (textLang) p.lang = textLang;
    return p;
  };
  const lines = [line(readableRef(ref, lang), 'gita-ref-title')];
  if (verse === 'loading') lines.push(line('…', 'gita-ref-by'));
  else if (verse === 'failed') lines.push(line(CARD_LABELS[lang].failed, 'gita-ref-by'));
  else {
    lines.push(line(verse.devanagari, 'gita-ref-dev', 'sa'), line(verse.transliteration, 'gita-ref-iast', 'sa-Latn'));
    if (verse.translation) lines.push(line(cut(verse.translation.text, TRANSLATION_MAX), 'gita-ref-text', verse.translation.lang), line(`— ${verse.translation.author}`, 'gita-ref-by'));
    else if (verse.missing) lines.push(line(CARD_LABELS[lang].missing, 'gita-ref-by'));
  }
  return lines;
}
