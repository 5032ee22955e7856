// Every parameter of the API, defined once: its name, what it does, the
// values it takes (the end of every 400 about it), its JSON Schema (OpenAPI,
// the MCP tools' arguments), the near misses people type for it, and how a
// value is read. A route lists the ones it takes (routes/), a reading page
// and an MCP tool take the same definitions, and the docs page, the API
// reference and OpenAPI describe each from here. Dependency-free but for the
// content's rules: the browser client and search bundle it.
import { MAX_REF_LENGTH } from '../content/ref-limits.ts';
import { isDate } from '../content/day.ts';
import { LANGS, LANGUAGES, type Lang } from '../content/projection.ts';
import { MARKS, type Marks } from '../content/display.ts';
import type { SearchLang } from '../content/versions/model.ts';
import { THEMES, type Theme } from '../layout.ts';
import { foldMeter, METER_NAMES, meterNamed } from '../content/meter/names.ts';
import type { MeterName } from '../content/meter/meters.ts';
import { MAX_LEMMA_LENGTH, nameSpelling, SPELLED } from '../content/dcs/lemma-name.ts';

export type { SearchLang };

/** What the parameters need to know about the content (from the manifest). */
export interface ParameterFacts {
  versesPerChapter: readonly number[];
  speakers: ReadonlyArray<{ slug: string | null; name: string; verses?: number }>;
  /** Absent where no wording needs them (the search's own check); `fields`, each one's text fields, where `fields` items are checked. */
  commentaries?: ReadonlyArray<{ key: string; author?: string; fields?: Readonly<Record<string, unknown>> }>;
  /** The records' plain fields (for `fields`); absent where no wording needs them. */
  fields?: readonly string[];
  /** The versions beyond the commentaries (for `version`); absent where no wording needs them. */
  versions?: ReadonlyArray<{ id: string; language?: string }>;
}

/** A value a parameter does not take: the 400's message, naming the parameter and the values it takes. */
export interface Refused {
  error: string;
}

export type JsonSchema = Record<string, unknown>;

/** The values of a route's parameters read before this one (query-rules.ts reads them in the route's order), by name. */
export type ReadBefore = Readonly<Record<string, unknown>>;

export interface Parameter<T = unknown, N extends string = string> {
  /** Its name in a query, in a path (typed by it: match.ts) and among an MCP tool's arguments; a literal type, which keys a route's values (query-rules.ts Valid). */
  name: N;
  in: 'query' | 'path';
  /** What it does, a sentence: before its values wherever it is described. */
  about: (f: ParameterFacts) => string;
  /** The values it takes, worded once: the end of every 400 about it. */
  values: (f: ParameterFacts) => string;
  /** Its value's JSON Schema as a query or path carries it (a string or a number). */
  schema: (f: ParameterFacts) => JsonSchema;
  /** Its value among a JSON API's arguments (an MCP tool's), when other than `schema`: a list as an array. */
  json?: (f: ParameterFacts) => JsonSchema;
  /** What people type for it (lower case): a route that takes it and not the miss refuses the miss, naming it. */
  nearMisses: readonly string[];
  /** A value to show, of the schema's type. */
  example?: string | number;
  /**
   * One value as given (a query's, decoded): what it names, or the 400's
   * message. `before`, where a route's parameters are read together: a
   * parameter whose values another bounds (sl, by ch) reads that one's.
   */
  read: (value: string, f: ParameterFacts, before?: ReadBefore) => T | Refused;
}

/** How many values a list parameter (`authors`, `fields`) may hold. */
export const LIST_MAX = 200;
/** Search results per answer: by default, and at most; how far offset may go (there are 701 verses: past the last match, an empty page that says so). */
export const LIMIT_DEFAULT = 10;
export const LIMIT_MAX = 50;
export const OFFSET_MAX = 10_000;
/** The longest search query: no one types more, and a search's cost grows with it. Longer is refused (never cut silently). */
export const MAX_QUERY_LENGTH = 200;
/** The reading pages' languages: their chrome and their translations. */
export const READING_LANG_VALUES = ['en', 'hi', 'te'] as const;
export type ReadingLang = (typeof READING_LANG_VALUES)[number];
export const DEFAULT_READING_LANG: ReadingLang = 'en';
/** The reading languages whose translations are the commentaries'; the others' are a version's (a Telugu page needs a Telugu version in the build). */
export const COMMENTARY_LANGS = ['en', 'hi'] as const satisfies readonly ReadingLang[];
/** The reading languages this build can show: the commentaries', and each other one a version of the build is in. */
export const readingLangs = (f: ParameterFacts): ReadingLang[] =>
  READING_LANG_VALUES.filter((l) => (COMMENTARY_LANGS as readonly string[]).includes(l) || (f.versions ?? []).some((v) => v.language === l));

/** `ch`, `sl` and the like are plain decimal integers, nothing else. */
export const NUMBER = /^[1-9][0-9]{0,5}$/;

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

const keys = (f: ParameterFacts) => (f.commentaries ?? []).map((c) => c.key);
const chapters = (f: ParameterFacts) => f.versesPerChapter.length || 18;

/** A parameter, with the `in` and near misses most take. */
function query<T, N extends string>(p: Omit<Parameter<T, N>, 'in' | 'nearMisses'> & { nearMisses?: readonly string[] }): Parameter<T, N> {
  return { in: 'query', nearMisses: [], ...p };
}

/** The value refused, in the one wording: `name: "value" is not WHAT; expected VALUES`. */
export function refuse(p: Parameter, value: string, what: string, f: ParameterFacts): Refused {
  return { error: PARAMETER_ERRORS.value(p.name, value, what, p.values(f)) };
}

/** The index of the speaker `value` names: its slug (any case) or its Devanagari name (any Unicode normalization); -2: none. */
export function speakerIndex(value: string, speakers: ParameterFacts['speakers']): number {
  const slug = value.trim().toLowerCase();
  const name = value.trim().normalize('NFC');
  const i = speakers.findIndex((s) => s.slug === slug || s.name === name);
  return i === -1 ? -2 : i;
}

const ch: Parameter<number, 'ch'> = query({
  name: 'ch',
  about: () => 'Only the verses of this chapter (never its colophon).',
  values: (f) => `a chapter, 1 to ${chapters(f)}`,
  schema: (f) => ({ type: 'integer', minimum: 1, maximum: chapters(f) }),
  nearMisses: ['chapter', 'chap', 'chapters'],
  example: 2,
  read: (v, f) => (NUMBER.test(v) && Number(v) <= f.versesPerChapter.length ? Number(v) : refuse(ch, v, 'a chapter', f)),
});

/** A verse of the chapter `before` names: its wording names the chapter, so a route reading sl with ch (the cards) refuses it in the chapter's words. */
function slOfChapter(v: string, f: ParameterFacts, chapter: number | undefined): number | Refused {
  if (!chapter) return { error: `sl: a verse needs its chapter; give ch too (ch: ${ch.values(f)})` };
  const last = f.versesPerChapter[chapter - 1] + 1;
  return NUMBER.test(v) && Number(v) <= last ? Number(v) : { error: PARAMETER_ERRORS.value('sl', v, `a verse of chapter ${chapter}`, `1 to ${last} (${last}: its colophon)`) };
}

/** sl is read with ch where a route takes both (the cards: readParameters, ch declared first): its bounds are the chapter's. */
const sl: Parameter<number, 'sl'> = query({
  name: 'sl',
  about: () => 'With ch: that verse.',
  values: () => 'a verse of the chapter ch names, 1 to its verses_count + 1 (its colophon), with ch',
  schema: () => ({ type: 'integer', minimum: 1 }),
  nearMisses: ['verse', 'sloka', 'shloka', 'slok'],
  example: 47,
  read: (v, f, before) => (before ? slOfChapter(v, f, before.ch as number | undefined) : NUMBER.test(v) ? Number(v) : refuse(sl, v, 'a verse', f)),
});

const speaker: Parameter<number, 'speaker'> = query({
  name: 'speaker',
  about: (f) => `Only the verses of one speaker${f.speakers.some((s) => s.verses !== undefined) ? ` (verses in this build: ${f.speakers.map((s) => `${s.slug ?? s.name} ${s.verses}`).join(', ')})` : ''}.`,
  values: (f) => `one of ${f.speakers.map((s) => s.slug ?? s.name).join(', ')} (any case), or the Devanagari name`,
  schema: (f) => ({ type: 'string', ...(f.speakers.length && { enum: [...f.speakers.flatMap((s) => (s.slug ? [s.slug] : [])), ...f.speakers.map((s) => s.name)] }) }),
  nearMisses: ['speakers', 'by', 'voice'],
  example: 'arjuna',
  read: (v, f) => {
    const i = speakerIndex(v, f.speakers);
    return i < 0 ? refuse(speaker, v, 'a speaker here', f) : i;
  },
});

const theme: Parameter<Theme, 'theme'> = query({
  name: 'theme',
  about: () => "The card's colours: auto follows the reader's light or dark preference.",
  values: () => `one of ${THEMES.join(', ')}`,
  schema: () => ({ type: 'string', enum: [...THEMES], default: 'auto' }),
  nearMisses: ['themes', 'mode', 'color', 'colour', 'scheme'],
  read: (v, f) => ((THEMES as readonly string[]).includes(v) ? (v as Theme) : refuse(theme, v, 'a theme', f)),
});

const date: Parameter<string, 'date'> = query({
  name: 'date',
  about: () => 'Another day than today (UTC).',
  values: () => 'a day, YYYY-MM-DD (default: today in UTC)',
  schema: () => ({ type: 'string', format: 'date' }),
  nearMisses: ['day'],
  example: '2026-01-01',
  read: (v, f) => (isDate(v) ? v : refuse(date, v, 'a day of the calendar', f)),
});

const lang: Parameter<Lang, 'lang'> = query({
  name: 'lang',
  about: () => `Only the texts of one language: ${LANGS.map((l) => `${l} (${LANGUAGES[l].join(', ')})`).join('; ')}; a commentary left with no text is dropped, the verse itself always kept.`,
  values: () => `one of ${LANGS.join(', ')}`,
  schema: () => ({ type: 'string', enum: [...LANGS] }),
  nearMisses: ['language', 'languages', 'langs', 'locale'],
  example: 'en',
  read: filled(() => lang, (v, f) => ((LANGS as readonly string[]).includes(v) ? (v as Lang) : refuse(lang, v, 'a language here', f))),
});

/** The language a version is searched in: its tag's primary subtag (a version in en-GB is searched with the English). */
export const searchLanguage = (tag: string) => tag.split('-')[0].toLowerCase();

/** The languages /search takes: the records' and the build's versions' (by searchLanguage). */
const searchLangs = (f: ParameterFacts): string[] => [...new Set([...LANGS, ...(f.versions ?? []).flatMap((v) => (v.language ? [searchLanguage(v.language)] : []))])];

/** /search's lang: the records' languages and those of the build's versions (/slok's lang stays the records'). */
const searchLang: Parameter<SearchLang, 'lang'> = query({
  name: 'lang',
  about: (f) => `Search one language only: ${searchLangs(f).join(', ')}.`,
  values: (f) => `one of ${searchLangs(f).join(', ')}`,
  schema: (f) => ({ type: 'string', enum: searchLangs(f) }),
  nearMisses: lang.nearMisses,
  example: 'en',
  read: (v, f) => (searchLangs(f).includes(v) ? v : refuse(searchLang, v, 'a language here', f)),
});

/** A projection's value that is empty names nothing: refused as empty (not as a value it does not take), then read. */
function filled<T>(p: () => Parameter<T>, read: (v: string, f: ParameterFacts) => T | Refused) {
  return (v: string, f: ParameterFacts): T | Refused => (v.trim() ? read(v, f) : { error: PARAMETER_ERRORS.empty(p().name, p().values(f)) });
}

/**
 * A comma-separated list, as authors and fields take it: not empty, at most
 * LIST_MAX items, each one `check`ed against the content (null: taken, else
 * why not); deduplicated and sorted, as one projection however it is asked.
 */
const list = (p: () => Parameter<string[]>, check: (item: string, f: ParameterFacts) => string | null) =>
  filled(p, (v: string, f: ParameterFacts): string[] | Refused => {
    const items = v.split(',').map((s) => s.trim());
    if (items.length > LIST_MAX) return { error: PARAMETER_ERRORS.tooMany(p().name, items.length) };
    for (const item of items) {
      if (!item) return { error: PARAMETER_ERRORS.emptyItem(p().name, v, p().values(f)) };
      const wrong = check(item, f);
      if (wrong) return { error: PARAMETER_ERRORS.item(p().name, wrong, p().values(f)) };
    }
    return [...new Set(items)].sort();
  });

const commentaryOf = (f: ParameterFacts, key: string) => f.commentaries?.find((c) => c.key === key);

/** A field `fields` keeps: a plain one, a commentary (all its texts), or a commentary's text (key.field); null, else why not. */
function fieldRefused(item: string, f: ParameterFacts): string | null {
  const dot = item.indexOf('.');
  if (dot === -1) return commentaryOf(f, item) || (f.fields ?? []).includes(item) ? null : `${JSON.stringify(item)} is not a field here`;
  const c = commentaryOf(f, item.slice(0, dot));
  const t = item.slice(dot + 1);
  if (!c) return `${JSON.stringify(item)}: ${JSON.stringify(item.slice(0, dot))} is not a commentary here`;
  if (t === 'author') return `${JSON.stringify(item)}: author comes with every commentary kept; name a text field`;
  const texts = c.fields ?? {};
  return Object.hasOwn(texts, t) ? null : `${JSON.stringify(item)}: ${c.key} has ${Object.keys(texts).join(', ')}`;
}

const authors: Parameter<string[], 'authors'> = query({
  name: 'authors',
  about: () => 'Only these commentaries, by key.',
  // The route that describes them is named here as its path reads (test/content/authors.test.ts holds it to the table).
  values: (f) => `commentary keys, comma-separated: ${keys(f).join(', ')} (each described at /authors)`,
  schema: () => ({ type: 'string', pattern: '^[A-Za-z0-9_-]+(,[A-Za-z0-9_-]+)*$' }),
  json: (f) => ({ type: 'array', items: { type: 'string', ...(keys(f).length && { enum: keys(f) }) }, maxItems: LIST_MAX }),
  nearMisses: ['author', 'commentator', 'commentators', 'commentary', 'commentaries'],
  example: 'siva,tej',
  read: list(() => authors, (a, f) => (commentaryOf(f, a) ? null : `${JSON.stringify(a)} is not a commentary here`)),
});

const fields: Parameter<string[], 'fields'> = query({
  name: 'fields',
  about: () => 'Only these fields: _id, chapter and verse are always kept, and author in every commentary kept; lang, authors and fields combine, each narrowing the others.',
  values: (f) => `comma-separated: fields (${(f.fields ?? []).join(', ')}), commentary keys (${keys(f).join(', ')}), or key.field such as siva.et`,
  schema: () => ({ type: 'string' }),
  json: () => ({ type: 'array', items: { type: 'string' }, maxItems: LIST_MAX }),
  nearMisses: ['field', 'only', 'include'],
  example: 'slok,transliteration,siva.et',
  read: list(() => fields, fieldRefused),
});

const marks: Parameter<Marks, 'marks'> = query({
  name: 'marks',
  about: () =>
    "How the transliteration writes its marks; its letters are the same either way. source: as the record holds it, byte for byte, with upstream's ASCII marks (a . standing alone for the danda, .a for the avagraha: saṅgo.astvakarmaṇi). iast: as the reading pages, cards and MCP text show it, made by their one rule (iastMarks, src/content/display.ts): | for the danda, ' for the avagraha, m̐ for the candrabindu (saṅgo'stvakarmaṇi). slok and the commentaries are never changed.",
  values: () => 'source (the default) or iast',
  schema: () => ({ type: 'string', enum: [...MARKS], default: 'source' }),
  nearMisses: ['mark', 'translit', 'transliteration', 'iast'],
  example: 'iast',
  read: filled(() => marks, (v, f) => ((MARKS as readonly string[]).includes(v) ? (v as Marks) : refuse(marks, v, 'a way of writing the marks', f))),
});

const ref: Parameter<string, 'ref'> = query({
  name: 'ref',
  about: () => 'References as people write them (the reader of content/citations.ts: each form it takes is listed in the API reference).',
  values: () => 'a reference: 2.47, BG 2.47-50, Gita II.47, chapter 2 verse 47, 18, several separated by commas',
  schema: () => ({ type: 'string', minLength: 1, maxLength: MAX_REF_LENGTH }),
  nearMisses: ['reference', 'references', 'refs', 'verses'],
  example: 'BG 2.47-50, 18.66',
  read: (v) => v,
});

const q: Parameter<string, 'q'> = query({
  name: 'q',
  about: () => `What to search for (at most ${MAX_QUERY_LENGTH} characters): English or Hindi words, or the verse in Devanagari, IAST with or without diacritics, or plain ASCII as people type Sanskrit (sh for ś and ṣ, ch for c, ri for ṛ, long vowels doubled or not).`,
  values: () => 'the words to search for, in English, Hindi or Sanskrit',
  schema: () => ({ type: 'string', minLength: 1, maxLength: MAX_QUERY_LENGTH }),
  nearMisses: ['query', 'search', 'term', 'text'],
  example: 'karmanye vadhikaraste',
  read: (v) => (!v.trim() ? { error: 'q: empty; the words to search for, in English, Hindi or Sanskrit (Devanagari, IAST or plain ASCII)' } : v.length > MAX_QUERY_LENGTH ? { error: `q: ${v.length} characters; at most ${MAX_QUERY_LENGTH}` } : v),
});

const limit: Parameter<number, 'limit'> = query({
  name: 'limit',
  about: () => 'How many results per page.',
  values: () => `1 to ${LIMIT_MAX} (default ${LIMIT_DEFAULT}), the results per page`,
  schema: () => ({ type: 'integer', minimum: 1, maximum: LIMIT_MAX, default: LIMIT_DEFAULT }),
  nearMisses: ['size', 'count', 'per_page', 'perpage', 'page_size', 'pagesize', 'max'],
  read: (v, f) => (/^[1-9][0-9]{0,2}$/.test(v) && Number(v) <= LIMIT_MAX ? Number(v) : refuse(limit, v, 'a number of results', f)),
});

const offset: Parameter<number, 'offset'> = query({
  name: 'offset',
  about: () => 'How many of the best results to skip: pages follow one another in one order (the next page is offset + limit) up to total, never a verse twice; past the last match, an empty page with a hint.',
  values: () => `0 (the default) to ${OFFSET_MAX}, how many of the best results to skip: the next page starts at offset + limit, and total says how many match`,
  schema: () => ({ type: 'integer', minimum: 0, maximum: OFFSET_MAX, default: 0 }),
  nearMisses: ['page', 'skip', 'start', 'from'],
  example: 10,
  read: (v, f) => (/^(?:0|[1-9][0-9]{0,4})$/.test(v) && Number(v) <= OFFSET_MAX ? Number(v) : refuse(offset, v, 'a number of results to skip', f)),
});

const root: Parameter<string, 'root'> = query({
  name: 'root',
  about: () => 'Only verses with a verbal word of this root (dhātu), as /roots lists them.',
  values: () => `a verbal root in IAST (${SPELLED.root.iast}), ASCII (${SPELLED.root.ascii}) or Devanagari (${SPELLED.root.devanagari}), at most ${MAX_LEMMA_LENGTH} characters, as /roots lists them`,
  schema: () => ({ type: 'string', minLength: 1, maxLength: MAX_LEMMA_LENGTH }),
  nearMisses: ['dhatu', 'dhātu', 'roots'],
  example: SPELLED.root.iast,
  read: (v, f) => {
    const spelled = nameSpelling(v, SPELLED.root);
    return 'error' in spelled ? refuse(root, v, 'a root', f) : spelled.spelling;
  },
});

const format: Parameter<'json' | 'html', 'format'> = query({
  name: 'format',
  about: () => 'json, or html: a page listing the results.',
  values: () => 'json (the default) or html',
  schema: () => ({ type: 'string', enum: ['json', 'html'], default: 'json' }),
  nearMisses: ['type', 'output'],
  read: (v, f) => (v === 'json' || v === 'html' ? v : refuse(format, v, 'a format', f)),
});

const readingLang: Parameter<ReadingLang, 'lang'> = query({
  name: 'lang',
  about: () => "The language of the page: its labels, the translation and the summary (te: the Telugu version's translation, the summary in English).",
  values: (f) => `one of ${readingLangs(f).join(', ')} (default ${DEFAULT_READING_LANG})`,
  schema: (f) => ({ type: 'string', enum: readingLangs(f), default: DEFAULT_READING_LANG }),
  nearMisses: lang.nearMisses,
  read: (v, f) => ((readingLangs(f) as string[]).includes(v) ? (v as ReadingLang) : refuse(readingLang, v, 'a language of the reading pages', f)),
});

const author: Parameter<string, 'author'> = query({
  name: 'author',
  about: () => "Whose translation: a commentary key. Default: the card's choice for the language; an author without a translation of the verse in it: the default, with a note.",
  values: (f) => `one commentary key: ${keys(f).join(', ')}`,
  schema: () => ({ type: 'string' }),
  nearMisses: ['authors', 'commentator', 'commentary', 'translator'],
  example: 'prabhu',
  read: (v, f) => (keys(f).includes(v) ? v : refuse(author, v, 'a commentary here', f)),
});

const versionIds = (f: ParameterFacts) => (f.versions ?? []).map((v) => v.id);

const version: Parameter<string[], 'version'> = query({
  name: 'version',
  about: () => 'Only these versions, by id, in the order given.',
  values: (f) => `version ids, comma-separated: ${versionIds(f).join(', ') || '(none in this build)'} (each described at /versions)`,
  schema: () => ({ type: 'string', pattern: '^[a-z0-9-]+(,[a-z0-9-]+)*$' }),
  json: (f) => ({ type: 'array', items: { type: 'string', ...(versionIds(f).length && { enum: versionIds(f) }) }, maxItems: LIST_MAX }),
  nearMisses: ['versions', 'translation', 'translations', 'edition', 'editions'],
  example: 'besant',
  read: (v, f) => {
    const items = v.split(',').map((s) => s.trim());
    if (items.length > LIST_MAX) return { error: PARAMETER_ERRORS.tooMany('version', items.length) };
    const unknown = items.find((id) => !versionIds(f).includes(id));
    if (unknown !== undefined) return { error: PARAMETER_ERRORS.item('version', unknown ? `${JSON.stringify(unknown)} is not a version here` : `an empty value in ${JSON.stringify(v)}`, version.values(f)) };
    return [...new Set(items)];
  },
});

/** A reading page shows one translation: a version instead of a commentary's. */
const readingVersion: Parameter<string, 'version'> = query({
  name: 'version',
  about: () => "Read this version's translation (/versions lists them), with its credit, instead of a commentary's; without lang the page speaks the version's language where the pages have its words (else English). Not with author.",
  values: (f) => `one version id: ${versionIds(f).join(', ') || '(none in this build)'}`,
  schema: () => ({ type: 'string' }),
  nearMisses: version.nearMisses,
  example: 'besant',
  read: (v, f) => (versionIds(f).includes(v) ? v : refuse(readingVersion, v, 'a version here', f)),
});

/** The longest ?meter= read: every name, comma-separated, in its longest spelling, fits. */
const METER_MAX_LENGTH = 200;

const meter: Parameter<MeterName[], 'meter'> = query({
  name: 'meter',
  about: () => 'Only the verses of these meters, as /meters names them. A verse has one meter: upajāti mixes indravajrā and upendravajrā pādas, triṣṭubh names the other mixes of pādas of eleven, so the whole triṣṭubh family is triṣṭubh,upajāti,indravajrā,upendravajrā.',
  values: () => `meter names, comma-separated, in IAST or plain ASCII: ${METER_NAMES.map((n) => `${n} (${foldMeter(n)})`).join(', ')}`,
  schema: () => ({ type: 'string', minLength: 1, maxLength: METER_MAX_LENGTH }),
  json: () => ({ type: 'array', items: { type: 'string', enum: [...METER_NAMES] }, minItems: 1, maxItems: METER_NAMES.length }),
  nearMisses: ['meters', 'metre', 'metres', 'chandas'],
  example: 'anustubh',
  read: (v, f) => {
    if (v.length > METER_MAX_LENGTH) return { error: `meter: ${v.length} characters; at most ${METER_MAX_LENGTH}` };
    const items = v.split(',').map((s) => s.trim());
    const named = items.map(meterNamed);
    const unknown = items.findIndex((_, i) => !named[i]);
    if (unknown >= 0) return items[unknown] ? refuse(meter, items[unknown], 'a meter', f) : { error: PARAMETER_ERRORS.emptyItem('meter', v, meter.values(f)) };
    return [...new Set(named as MeterName[])];
  },
});

const apiKey: Parameter<string, 'api_key'> = query({
  name: 'api_key',
  about: () => 'Your API key, when not in the x-api-key header.',
  values: () => 'your API key (or the x-api-key header)',
  schema: () => ({ type: 'string' }),
  read: (v) => v,
});

/** Every query parameter, by its id (three share the name lang: the records' languages, the search's and the reading pages'). */
export const PARAMETERS = { ch, sl, speaker, theme, date, lang, searchLang, authors, fields, marks, ref, q, limit, offset, root, format, readingLang, author, version, readingVersion, meter, api_key: apiKey } as const;
export type ParameterId = keyof typeof PARAMETERS;

/**
 * One parameter from a query: absent (undefined), its value, or the 400
 * (given twice, or a value it does not take). How every route, page and
 * tool reads a parameter that takes one value.
 */
export function readParameter<T>(params: URLSearchParams | null, p: Parameter<T>, f: ParameterFacts): T | Refused | undefined {
  const all = params?.getAll(p.name) ?? [];
  if (!all.length) return undefined;
  if (all.length > 1) return { error: PARAMETER_ERRORS.twice(p.name, all.length) };
  return p.read(all[0], f);
}

/**
 * Several parameters of one query, each read by its definition in the order
 * given (a route's declared order: sl after the ch that bounds it): the
 * values given, by name, and the first refusal, or null. The parameters
 * after a refusal are read still: the 400's form may depend on one (a
 * search's format=html answers a page).
 */
export function readParameters(ps: readonly Parameter[], params: URLSearchParams, f: ParameterFacts): { values: Record<string, unknown>; refused: Refused | null } {
  const values: Record<string, unknown> = {};
  let refused: Refused | null = null;
  for (const p of ps) {
    const all = params.getAll(p.name);
    if (!all.length) continue;
    const v = all.length > 1 ? { error: PARAMETER_ERRORS.twice(p.name, all.length) } : p.read(all[0], f, values);
    if (isRefused(v)) refused ??= v;
    else values[p.name] = v;
  }
  return { values, refused };
}

export const isRefused = (v: unknown): v is Refused => typeof v === 'object' && v !== null && 'error' in v && !Array.isArray(v);
