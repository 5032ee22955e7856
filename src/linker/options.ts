// The tagger's options, read from its own script tag:
//   <script src="https://HOST/linker.js" data-base="..." data-lang="hi" data-author="rams" defer></script>
// A value it cannot use is named in the console and left at its default:
// a page is never left untagged for a typo.
import type { ReadingLang } from '../contract/parameters.ts';
import { CARD_TRANSLATIONS } from '../card/translations.ts';

/**
 * The card's languages: the reading pages' languages (contract/parameters.ts)
 * whose translations are the commentaries', written out: the module that
 * lists them brings the content's schemas into the bundle, and `satisfies`
 * fails the type check when one is not a reading language.
 */
const READING_LANG_VALUES = ['en', 'hi'] as const satisfies readonly ReadingLang[];
export type CardLang = (typeof READING_LANG_VALUES)[number];

/** The text field of a translation in each of the card's languages, as the cards name it (et, ht). */
export const TRANSLATION_FIELD: Record<CardLang, string> = { en: CARD_TRANSLATIONS.english[0][1], hi: CARD_TRANSLATIONS.hindi[0][1] };

/** The commentary keys with a translation in each language, from the content the build read (a field no commentary has is a 400 of the API). */
export type Translators = Record<CardLang, readonly string[]>;

/**
 * The authors' names a card in a language other than the records' shows, by
 * commentary key: the build writes in, from the content's table
 * (src/content/author-names.ts), those of the commentaries that translate
 * into it (a card names only a translator).
 */
export type AuthorNames = Partial<Record<CardLang, Readonly<Record<string, string>>>>;

export interface LinkerOptions {
  /** Where the reading pages and the verses are: the script's own origin, or data-base (an origin, and a path prefix if the API has one), without a trailing slash. */
  base: string;
  /** The card's translation language, as the reading pages': en (the default) or hi. */
  lang: CardLang;
  /** The commentary key whose translation the card shows first; null: the card's usual choice. */
  author: string | null;
}

/** The attributes of the script tag the options come from (null: absent). */
export interface ScriptAttributes {
  src: string;
  /** The page's base address, which a relative data-base is read against (as every address in the page is). */
  page: string;
  base: string | null;
  lang: string | null;
  author: string | null;
}

export function readOptions(a: ScriptAttributes, translators: Translators, warn: (message: string) => void = () => {}): LinkerOptions {
  let base = new URL(a.src).origin;
  if (a.base !== null && a.base.trim() !== '') {
    try {
      const url = new URL(a.base.trim(), a.page);
      if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error('not http(s)');
      base = `${url.origin}${url.pathname}`.replace(/\/+$/, '');
    } catch {
      warn(`data-base: ${JSON.stringify(a.base)} is not an http(s) address; the links go to ${base}`);
    }
  }
  let lang: CardLang = READING_LANG_VALUES[0];
  if (a.lang !== null) {
    if ((READING_LANG_VALUES as readonly string[]).includes(a.lang)) lang = a.lang as CardLang;
    else warn(`data-lang: ${JSON.stringify(a.lang)} is not one of ${READING_LANG_VALUES.join(', ')}; the card shows ${lang}`);
  }
  let author: string | null = null;
  if (a.author !== null) {
    if (translators[lang].includes(a.author)) author = a.author;
    else warn(`data-author: ${JSON.stringify(a.author)} has no translation in ${lang} here (those that have: ${translators[lang].join(', ')}); the card shows its usual choice`);
  }
  return { base, lang, author };
}
