// The query parameters of the API and the reading pages: the values each
// takes, worded once, and the wordings of every 400 about a parameter. The
// routes' rules (which route takes which, near misses) are in
// query-rules.ts; the search's and the reading pages' own checks word
// their refusals from here too, as do the OpenAPI document and the tests.
import { LANGS } from '../content/projection.ts';
import { THEMES } from '../layout.ts';
import { ROUTE_PATHS } from './route-paths.ts';

/** What the wordings need to know about the content (from the manifest). */
export interface ParameterFacts {
  versesPerChapter: readonly number[];
  speakers: ReadonlyArray<{ slug: string | null; name: string }>;
  /** Absent where no wording needs them (the search's own check). */
  commentaries?: ReadonlyArray<{ key: string }>;
  /** The records' plain fields (for `fields`); absent where no wording needs them. */
  fields?: readonly string[];
}

/** How many values a list parameter (`authors`, `fields`) may hold. */
export const LIST_MAX = 200;

/** Search results per answer: by default, and at most; how far offset may go (there are 701 verses: past the last match, an empty page that says so). */
export const LIMIT_DEFAULT = 10;
export const LIMIT_MAX = 50;
export const OFFSET_MAX = 10_000;

/** The reading pages' languages (pages/read.ts READING_LANGS is this list). */
export const READING_LANG_VALUES = ['en', 'hi'] as const;

const keys = (f: ParameterFacts) => (f.commentaries ?? []).map((c) => c.key).join(', ');

/** Every parameter a route takes, by name, with the values it takes: the end of every 400 about it. */
export const PARAMETERS = {
  ch: (f: ParameterFacts) => `a chapter, 1 to ${f.versesPerChapter.length}`,
  sl: () => "a verse of the chapter ch names, 1 to its verses_count + 1 (its colophon), with ch",
  speaker: (f: ParameterFacts) => `one of ${f.speakers.map((s) => s.slug ?? s.name).join(', ')} (any case), or the Devanagari name`,
  theme: () => `one of ${THEMES.join(', ')}`,
  date: () => 'a day, YYYY-MM-DD (default: today in UTC)',
  lang: () => `one of ${LANGS.join(', ')}`,
  authors: (f: ParameterFacts) => `commentary keys, comma-separated: ${keys(f)} (each described at ${ROUTE_PATHS.authors})`,
  fields: (f: ParameterFacts) => `comma-separated: fields (${(f.fields ?? []).join(', ')}), commentary keys (${keys(f)}), or key.field such as siva.et`,
  ref: () => 'a reference: 2.47, BG 2.47-50, Gita II.47, chapter 2 verse 47, 18, several separated by commas',
  q: () => 'the words to search for, in English, Hindi or Sanskrit',
  limit: () => `1 to ${LIMIT_MAX} (default ${LIMIT_DEFAULT}), the results per page`,
  offset: () => `0 (the default) to ${OFFSET_MAX}, how many of the best results to skip: the next page starts at offset + limit, and total says how many match`,
  format: () => 'json (the default) or html',
  readLang: () => `one of ${READING_LANG_VALUES.join(', ')} (default en)`,
  author: (f: ParameterFacts) => `one commentary key: ${keys(f)}`,
  api_key: () => 'your API key (or the x-api-key header)',
} as const satisfies Record<string, (f: ParameterFacts) => string>;

export type ParameterId = keyof typeof PARAMETERS;

/** The wordings of the 400s about parameters, once. */
export const PARAMETER_ERRORS = {
  twice: (name: string, times: number) => `${name}: given ${times} times; give it once`,
  nearMiss: (given: string, meant: string, values: string) => `${given}: not a parameter of this route; did you mean ${meant}? (${meant}: ${values})`,
  value: (name: string, value: string, what: string, values: string) => `${name}: ${JSON.stringify(value)} is not ${what}; expected ${values}`,
  /** A value refused for a reason of its own (a list's item, a field its commentary lacks). */
  item: (name: string, why: string, values: string) => `${name}: ${why}; expected ${values}`,
  empty: (name: string, values: string) => `${name}: empty; expected ${values}`,
  emptyItem: (name: string, list: string, values: string) => `${name}: an empty value in ${JSON.stringify(list)}; expected ${values}`,
  tooMany: (name: string, count: number) => `${name}: ${count} values; at most ${LIST_MAX}`,
  pathLang: (lang: string) => `lang: the path asks for ${lang} already`,
};

