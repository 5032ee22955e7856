// The words of the reading pages, once per language: a Hindi page
// (`?lang=hi`) speaks Hindi around the texts, names the speaker as the Gita
// itself does ("श्रीभगवान् उवाच") and says "अध्याय" for a chapter. Numbers stay
// in the international digits, as the records' Hindi texts write them
// ("।।2.47।।"), and as the pages and the tagger's card write references
// ("श्रीमद्भगवद्गीता 2.47"). Authors' names are the content's table of their
// Devanagari (src/content/author-names.ts). Every word a page shows around
// the texts is here, the frame's links and the word analysis's credit too, so
// that no language's page is left half in another's.
import { AUTHOR_NAMES_HI } from '../content/author-names.ts';
import { BOOK_NAME } from '../content/book-name.ts';
import { DCS_ATTRIBUTION, DCS_AUTHOR, DCS_LICENSE, DCS_WORK } from '../content/dcs/attribution.ts';
import { FRAME_NAV, html, type FrameNav, type Raw } from './html.ts';
import type { ReadingLang } from './reading.ts';

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
  /** The heading of the list of commentaries on other verses that cite this one. */
  citedBy: string;
  verses: string;
  chapters: string;
  commentaryBy: (author: string) => string;
  /** An asked author with no translation in the language on this verse; `instead`: the default is shown. */
  noTranslation: (key: string, instead: boolean) => string;
  cardAlt: (ref: string) => string;
  /** The Open Graph locale. */
  locale: string;
  /** The language's own name, in the list of the page's languages. */
  language: string;
  /** The link to the verse's record. */
  json: string;
  /** The frame's links (documentation, free key, OpenAPI). */
  nav: FrameNav;
  /**
   * Above the word list of a page whose language is not the glosses' own: the
   * meanings are Swami Sivananda's English only (and the grammar, when the
   * words are `analysed`, is English too); null on the English page.
   */
  glossesInEnglish: ((analysed: boolean) => string) | null;
  /** The credit the word analysis's license (CC BY 4.0) asks for: the work, its author and the license, linked. */
  analysisCredit: Raw;
}

const uvaca = (name: string) => `${name} उवाच`;

export const READING_LABELS: Record<ReadingLang, ReadingLabels> = {
  en: {
    book: BOOK_NAME.en,
    chapter: (n) => `Chapter ${n}`,
    chapterOf: (n) => `Chapter ${n} of 18`,
    colophon: 'colophon',
    colophonEntry: 'Colophon',
    speaker: (name, label) => (label ? html`Spoken by <strong>${label}</strong> (<span lang="sa">${name}</span>)` : html`Spoken by <span lang="sa">${name}</span>`),
    speakerShort: (name, label) => label ?? name,
    wordByWord: 'Word by word',
    otherTranslations: 'Other translations',
    citedBy: 'Cited by',
    verses: 'Verses',
    chapters: 'Chapters',
    commentaryBy: (author) => `Commentary by ${author}`,
    noTranslation: (key, instead) => `No English translation by “${key}” on this verse${instead ? '; shown instead:' : '.'}`,
    cardAlt: (ref) => `The verse card of Bhagavad Gita ${ref}`,
    locale: 'en_US',
    language: 'English',
    json: 'JSON',
    nav: FRAME_NAV,
    glossesInEnglish: null,
    analysisCredit: html`${DCS_ATTRIBUTION} (<a href="${DCS_LICENSE.url}">the license</a>).`,
  },
  hi: {
    book: BOOK_NAME.hi,
    chapter: (n) => `अध्याय ${n}`,
    chapterOf: (n) => `अध्याय ${n} (18 में से)`,
    colophon: 'पुष्पिका',
    colophonEntry: 'पुष्पिका',
    speaker: (name) => html`<strong lang="sa">${uvaca(name)}</strong>`,
    speakerShort: (name) => uvaca(name),
    wordByWord: 'शब्दार्थ',
    otherTranslations: 'अन्य अनुवाद',
    citedBy: 'इन श्लोकों की व्याख्याओं में उद्धृत',
    verses: 'श्लोक',
    chapters: 'अध्याय',
    commentaryBy: (author) => `${author} की व्याख्या`,
    noTranslation: (key, instead) => `इस श्लोक का “${key}” द्वारा हिन्दी अनुवाद नहीं है${instead ? '; इसके स्थान पर:' : '।'}`,
    cardAlt: (ref) => `श्रीमद्भगवद्गीता ${ref} का श्लोक-कार्ड`,
    locale: 'hi_IN',
    language: 'हिन्दी',
    json: 'JSON',
    // The pages these lead to are English; the links say so (hreflang).
    nav: { documentation: 'प्रलेखन', freeKey: 'निःशुल्क कुंजी', openApi: 'OpenAPI विवरण' },
    glossesInEnglish: (analysed) =>
      analysed
        ? `शब्दों के अर्थ (${AUTHOR_NAMES_HI.siva} की शब्दार्थ-सूची से) और उनका व्याकरणिक विश्लेषण केवल अंग्रेज़ी में उपलब्ध हैं।`
        : `शब्दों के अर्थ ${AUTHOR_NAMES_HI.siva} की शब्दार्थ-सूची से हैं, जो केवल अंग्रेज़ी में उपलब्ध है।`,
    // Names of the work, its author and the license stay in their own (Latin) letters, as a Hindi credit writes them.
    analysisCredit: html`शब्द-विश्लेषण <span lang="en">${DCS_AUTHOR}</span> के <span lang="en">${DCS_WORK}</span> से, <a href="${DCS_LICENSE.url}">${DCS_LICENSE.name}</a> लाइसेंस के अंतर्गत।`,
  },
};
