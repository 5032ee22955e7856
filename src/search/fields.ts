// Which texts of a verse record, and of the versions, are searched, grouped by the `lang`
// filter, and the few facts about them that the index and the results need. The long
// commentaries are not searched (yet): the translations say what a verse says, in a few
// lines each, and a match in a 50,000-character commentary says little about the verse.
import type { Lang } from '../content/projection.ts';
import { searchLanguage } from '../contract/parameters.ts';

export type { Lang };

/**
 * A language of the search, as `lang` names it: en, hi and sa (the records'), or a
 * version's language by its primary subtag (te). Each is one field of the index.
 */
export type Group = string;

/** A searched text: `key` names it in results ("siva.et", "transliteration", a version's id). */
export interface FieldDef {
  key: string;
  lang: Group;
  /** The version it is (its id), when it is a version's text. */
  version?: string;
  /** Commentary key holding it, when it is a translation (for the result's `author`). */
  commentary?: string;
  prop?: 'et' | 'ht';
  /** The verse's words and their meanings (siva.ec's word-by-word list), made from the record. */
  words?: true;
}

/** The commentaries whose translations are searched, by language (also named in the docs and OpenAPI). */
export const SEARCHED_TRANSLATIONS = { en: ['siva', 'purohit', 'san', 'adi', 'gambir', 'prabhu'], hi: ['tej', 'rams'] } as const;

export const EN_FIELDS: FieldDef[] = SEARCHED_TRANSLATIONS.en.map((c) => ({
  key: `${c}.et`,
  lang: 'en',
  commentary: c,
  prop: 'et',
}));

export const HI_FIELDS: FieldDef[] = SEARCHED_TRANSLATIONS.hi.map((c) => ({ key: `${c}.ht`, lang: 'hi', commentary: c, prop: 'ht' }));

export const SA_FIELDS: FieldDef[] = [
  { key: 'slok', lang: 'sa' },
  { key: 'transliteration', lang: 'sa' },
];

/** The word-by-word meanings: English, part of the verse itself rather than a long translation. */
export const WORDS_FIELD: FieldDef = { key: 'words', lang: 'en', commentary: 'siva', words: true };

/**
 * The verse's words as lemmas, in its order (the DCS's analysis: karman eva
 * adhikāra tvad ...): a query for a lemma finds the verses with any of its
 * forms (karman: karmaṇi, karma-, karmāṇi). Searched as Sanskrit, in Latin letters.
 */
export const LEMMAS_FIELD: FieldDef = { key: 'lemmas', lang: 'sa' };

/** Order of the texts stored per verse in the bundle: slok, transliteration, the words, 6 en, 2 hi, the lemmas (last, so the others keep their places). */
export const ALL_FIELDS: FieldDef[] = [...SA_FIELDS, WORDS_FIELD, ...EN_FIELDS, ...HI_FIELDS, LEMMAS_FIELD];

/**
 * The fields of the versions, after ALL_FIELDS: each searched with the texts of its
 * language (Besant's with the English), by that language's rules (normalize.ts). A
 * version in Sanskrit is not searched: lang=sa is the verse itself, in pieces of letters.
 */
export function versionFields(versions: ReadonlyArray<{ id: string; language: string }>): FieldDef[] {
  return versions.flatMap((v) => {
    const lang = searchLanguage(v.language);
    return lang === 'sa' ? [] : [{ key: v.id, lang, version: v.id }];
  });
}

/** Fields that are the verse itself (its text, transliteration and words): a match there outranks one deep in a long translation. */
export const isVerseField = (f: FieldDef) => f.lang === 'sa' || f.words === true;
