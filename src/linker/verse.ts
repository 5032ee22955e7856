// What the tagger's card shows of a verse, and where it asks for it. The
// verse's language form (/slok/C/V/en.json, the verse route's own static
// form) with `fields`: the server cuts the few fields the card reads, and a
// static host, which has no query, answers the same file whole, from which
// the card reads the same fields. Either way one request per verse.
import { CARD_TRANSLATIONS } from '../card/translations.ts';
import { devanagariMarks, iastMarks, withoutMarker } from '../content/display.ts';
import { isReadable } from '../content/placeholders.ts';
import { textBody } from '../content/references.ts';
import { fillPath } from '../contract/paths.ts';
import { ROUTE_FILES, ROUTE_PATHS } from '../contract/routes/paths.ts';
import { FILES } from '../layout.ts';
import { CARD_LABELS } from './labels.ts';
import { TRANSLATION_FIELD, type AuthorNames, type CardLang, type LinkerOptions } from './options.ts';

/** The translations the card tries, in order: the chosen author's, then the card's usual ones for the language. */
export function translationOrder(o: Pick<LinkerOptions, 'lang' | 'author'>): Array<readonly [string, string]> {
  const usual = o.lang === 'hi' ? CARD_TRANSLATIONS.hindi : CARD_TRANSLATIONS.english;
  return [...(o.author ? [[o.author, TRANSLATION_FIELD[o.lang]] as const] : []), ...usual.filter(([key]) => key !== o.author)];
}

/** The address of a verse's answer for the card (with a version, only the verse: its translation comes from versionUrl). */
export function verseUrl(o: LinkerOptions, ch: number, sl: number): string {
  const fields = ['slok', 'transliteration', ...(o.version ? [] : translationOrder(o).map(([key, field]) => `${key}.${field}`))];
  return `${o.base}${FILES.verse(ch, sl, o.lang)}?fields=${fields.join(',')}`;
}

/** The verse in the card's version: the server answers that one; a static host, which has no query, the file of all of them. */
export const versionUrl = (o: LinkerOptions, ch: number, sl: number) => `${o.base}${fillPath(ROUTE_FILES['verse-versions']!, { ch, sl })}?version=${o.version!.id}`;

/** The reading page a link goes to, in the card's language and with its author or version when they are not the page's defaults. */
export function readingUrl(o: LinkerOptions, ch: number, sl: number): string {
  const q = [...(o.lang !== 'en' ? [`lang=${o.lang}`] : []), ...(o.author ? [`author=${encodeURIComponent(o.author)}`] : []), ...(o.version ? [`version=${o.version.id}`] : [])];
  return `${o.base}${fillPath(ROUTE_PATHS['read-verse'], { ch, sl })}${q.length ? `?${q.join('&')}` : ''}`;
}

export interface ShownVerse {
  devanagari: string;
  transliteration: string;
  /**
   * The first translation of translationOrder with something to say on the
   * verse, or the version's (its credit for author, its language); null on a
   * colophon, where nobody has, and where the version lacks the verse.
   */
  translation: { text: string; author: string; lang?: string } | null;
  /** The card's version lacks the verse. */
  missing?: true;
}

/** The verse's answer in the versions (/slok/C/V/versions): what the card reads of it. */
export interface InVersions {
  versions: Array<{ id: string; language: string; credit: string; text: string | null }>;
}

/** A verse as the card shows it, from the record (or the part of it) the API answered; as the reading pages and cards show it (display.ts), the translator named as the reading page in the card's language names him. */
export function shownVerse(record: Record<string, unknown>, o: Pick<LinkerOptions, 'lang' | 'author' | 'version'>, names: AuthorNames = {}, inVersions?: InVersions): ShownVerse {
  const text = (v: unknown) => (typeof v === 'string' ? v : '');
  const verse = { devanagari: devanagariMarks(withoutMarker(text(record.slok))).trim(), transliteration: iastMarks(withoutMarker(text(record.transliteration))).trim() };
  if (o.version) {
    const v = inVersions?.versions.find((x) => x.id === o.version!.id);
    // The credit goes where the text goes; a footnote's call ([1]) is left out of a glance.
    return v?.text ? { ...verse, translation: { text: v.text.replace(/\[[^\]\s]{1,8}\]/g, ''), author: v.credit, lang: v.language } } : { ...verse, translation: null, missing: true };
  }
  let translation: ShownVerse['translation'] = null;
  for (const [key, field] of translationOrder(o)) {
    const c = record[key] as Record<string, unknown> | undefined;
    if (c && typeof c === 'object' && isReadable(c[field])) {
      const named = names[o.lang];
      translation = { text: textBody(c[field] as string).trim(), author: named && Object.hasOwn(named, key) ? named[key] : text(c.author) };
      break;
    }
  }
  return { ...verse, translation };
}

/** The first verse a data-gita-ref names (BG2.47, BG2.47-50, BG2.72-3.2), or null when it is not one of those labels. */
export function firstVerse(ref: string): { ch: number; sl: number } | null {
  const m = /^BG(\d{1,2})\.(\d{1,3})(?:-(?:\d{1,2}\.)?\d{1,3})?$/.exec(ref);
  return m ? { ch: Number(m[1]), sl: Number(m[2]) } : null;
}

/** A reference label as a reader reads it: BG2.47-50 → "Bhagavad Gita 2.47–50", "श्रीमद्भगवद्गीता 2.47–50". */
export const readableRef = (ref: string, lang: CardLang) => `${CARD_LABELS[lang].book} ${ref.slice(2).replace('-', '–')}`;
