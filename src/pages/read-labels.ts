// The words of the reading pages, once per language: a Hindi page
// (`?lang=hi`) speaks Hindi around the texts, names the speaker as the Gita
// itself does ("श्रीभगवान् उवाच") and says "अध्याय" for a chapter. Numbers stay
// in the international digits, as the records' Hindi texts write them
// ("।।2.47।।"). Authors' names stay as the records write them.
import { html, type Raw } from './html.ts';
import type { ReadingLang } from './read.ts';

export interface ReadingLabels {
  /** The work's name in titles and headings. */
  book: string;
  chapter: (n: number) => string;
  /** "Chapter 2 of 18". */
  chapterOf: (n: number) => string;
  colophon: string;
  /** A colophon's entry in a chapter's list of verses. */
  colophonEntry: string;
  /** Who speaks: `name` as the content writes it (Devanagari), `label` its English name when the content's speaker is known. */
  speaker: (name: string, label: string | null) => Raw;
  /** The speaker in a title ("· Krishna", "· श्रीभगवान् उवाच"). */
  speakerShort: (name: string, label: string | null) => string;
  wordByWord: string;
  otherTranslations: string;
  verses: string;
  chapters: string;
  commentaryBy: (author: string) => string;
  /** An asked author with no translation in the language on this verse; `instead`: the default is shown. */
  noTranslation: (key: string, instead: boolean) => string;
  cardAlt: (ref: string) => string;
  /** The Open Graph locale. */
  locale: string;
}

const uvaca = (name: string) => `${name} उवाच`;

export const READING_LABELS: Record<ReadingLang, ReadingLabels> = {
  en: {
    book: 'Bhagavad Gita',
    chapter: (n) => `Chapter ${n}`,
    chapterOf: (n) => `Chapter ${n} of 18`,
    colophon: 'colophon',
    colophonEntry: 'Colophon',
    speaker: (name, label) => (label ? html`Spoken by <strong>${label}</strong> (<span lang="sa">${name}</span>)` : html`Spoken by <span lang="sa">${name}</span>`),
    speakerShort: (name, label) => label ?? name,
    wordByWord: 'Word by word',
    otherTranslations: 'Other translations',
    verses: 'Verses',
    chapters: 'Chapters',
    commentaryBy: (author) => `Commentary by ${author}`,
    noTranslation: (key, instead) => `No English translation by “${key}” on this verse${instead ? '; shown instead:' : '.'}`,
    cardAlt: (ref) => `The verse card of Bhagavad Gita ${ref}`,
    locale: 'en_US',
  },
  hi: {
    book: 'श्रीमद्भगवद्गीता',
    chapter: (n) => `अध्याय ${n}`,
    chapterOf: (n) => `अध्याय ${n} (18 में से)`,
    colophon: 'पुष्पिका',
    colophonEntry: 'पुष्पिका',
    speaker: (name) => html`<strong lang="sa">${uvaca(name)}</strong>`,
    speakerShort: (name) => uvaca(name),
    wordByWord: 'शब्दार्थ',
    otherTranslations: 'अन्य अनुवाद',
    verses: 'श्लोक',
    chapters: 'अध्याय',
    commentaryBy: (author) => `${author} की व्याख्या`,
    noTranslation: (key, instead) => `इस श्लोक का “${key}” द्वारा हिन्दी अनुवाद नहीं है${instead ? '; इसके स्थान पर:' : '।'}`,
    cardAlt: (ref) => `श्रीमद्भगवद्गीता ${ref} का श्लोक-कार्ड`,
    locale: 'hi_IN',
  },
};
