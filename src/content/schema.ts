// The content model, defined once. The importer and the build validate with
// these schemas; the OpenAPI document and the docs page are generated from them.

/** Number of chapters in the scripture. Verse counts come from the content itself. */
export const CHAPTER_COUNT = 18;

/** The text fields a commentary object may carry, with what each holds. */
export const TEXT_FIELDS = {
  et: { language: 'English', description: 'Text in English (a translation, or the commentator\'s English rendering).' },
  ht: { language: 'Hindi', description: 'Text in Hindi (a translation).' },
  ec: { language: 'English', description: 'English word-by-word meaning or commentary.' },
  hc: { language: 'Hindi', description: 'Hindi commentary.' },
  sc: { language: 'Sanskrit', description: 'Sanskrit commentary.' },
} as const;

export type TextField = keyof typeof TEXT_FIELDS;
export const TEXT_FIELD_NAMES = Object.keys(TEXT_FIELDS) as TextField[];

/**
 * The 21 commentary keys of the specification, with the text fields the
 * specification lists for each. Every verse record must carry all of them;
 * further keys of the same shape (such as `prabhu`) are kept as they are.
 */
export const COMMENTARIES: ReadonlyArray<{ key: string; fields: readonly TextField[] }> = [
  { key: 'tej', fields: ['ht'] },
  { key: 'siva', fields: ['et', 'ec'] },
  { key: 'purohit', fields: ['et'] },
  { key: 'chinmay', fields: ['hc'] },
  { key: 'san', fields: ['et'] },
  { key: 'adi', fields: ['et'] },
  { key: 'gambir', fields: ['et'] },
  { key: 'madhav', fields: ['sc'] },
  { key: 'anand', fields: ['sc'] },
  { key: 'rams', fields: ['ht', 'hc'] },
  { key: 'raman', fields: ['sc', 'et'] },
  { key: 'abhinav', fields: ['sc', 'et'] },
  { key: 'sankar', fields: ['ht', 'hc', 'sc', 'et'] },
  { key: 'jaya', fields: ['sc'] },
  { key: 'vallabh', fields: ['sc'] },
  { key: 'ms', fields: ['sc'] },
  { key: 'srid', fields: ['sc'] },
  { key: 'dhan', fields: ['sc'] },
  { key: 'venkat', fields: ['sc'] },
  { key: 'puru', fields: ['sc'] },
  { key: 'neel', fields: ['sc'] },
];
export const COMMENTARY_KEYS = COMMENTARIES.map((c) => c.key);

/** Top-level verse fields that are not commentaries, in source order. */
export const VERSE_FIELDS = ['_id', 'chapter', 'verse', 'slok', 'transliteration'] as const;

export interface Commentary {
  author: string;
  et?: string;
  ht?: string;
  ec?: string;
  hc?: string;
  sc?: string;
}

export interface VerseRecord {
  _id: string;
  chapter: number;
  verse: number;
  slok: string;
  transliteration: string;
  [commentary: string]: Commentary | string | number;
}

export interface ChapterRecord {
  chapter_number: number;
  verses_count: number;
  name: string;
  translation: string;
  transliteration: string;
  meaning: { en: string; hi: string };
  summary: { en: string; hi: string };
}

/** JSON Schema (2020-12, also valid OpenAPI 3.1) objects. */
export type Schema = Record<string, unknown>;

const bilingual = (what: string): Schema => ({
  type: 'object',
  description: what,
  required: ['en', 'hi'],
  properties: {
    en: { type: 'string', description: `${what} in English.` },
    hi: { type: 'string', description: `${what} in Hindi.` },
  },
  additionalProperties: false,
});

export const chapterSchema: Schema = {
  title: 'Chapter',
  type: 'object',
  required: ['chapter_number', 'verses_count', 'name', 'translation', 'transliteration', 'meaning', 'summary'],
  properties: {
    chapter_number: { type: 'integer', minimum: 1, maximum: CHAPTER_COUNT, description: 'Chapter number.' },
    verses_count: { type: 'integer', minimum: 1, description: 'Number of verses in the chapter (the closing colophon not counted).' },
    name: { type: 'string', description: 'Chapter name in Devanagari.' },
    translation: { type: 'string', description: 'English translation of the name.' },
    transliteration: { type: 'string', description: 'Latin-script rendering of the name.' },
    meaning: bilingual('Short meaning of the name'),
    summary: bilingual('Summary of the chapter; paragraphs separated by \\n'),
  },
  additionalProperties: false,
};

export const commentarySchema: Schema = {
  title: 'Commentary',
  type: 'object',
  required: ['author'],
  properties: {
    author: { type: 'string', description: 'The commentator or translator.' },
    ...Object.fromEntries(
      TEXT_FIELD_NAMES.map((f) => [f, { type: 'string', description: TEXT_FIELDS[f].description }]),
    ),
  },
  additionalProperties: false,
};

/** The verse schema; `ref` names the commentary schema where it is embedded. */
export function verseSchema(commentaryRef: string): Schema {
  const commentary = { $ref: commentaryRef };
  return {
    title: 'Verse',
    type: 'object',
    required: [...VERSE_FIELDS, ...COMMENTARY_KEYS],
    properties: {
      _id: { type: 'string', pattern: '^BG[1-9][0-9]*\\.[1-9][0-9]*$', description: '`BG<chapter>.<verse>`.' },
      chapter: { type: 'integer', minimum: 1, maximum: CHAPTER_COUNT, description: 'Chapter number.' },
      verse: { type: 'integer', minimum: 1, description: 'Verse number; `verses_count + 1` is the chapter\'s closing colophon.' },
      slok: { type: 'string', description: 'The verse in Devanagari; lines separated by \\n, ending with a marker such as ||२-४७||.' },
      transliteration: { type: 'string', description: 'Latin-script rendering; lines separated by \\n, ending with a marker such as ||2-47||.' },
      ...Object.fromEntries(COMMENTARY_KEYS.map((k) => [k, commentary])),
    },
    additionalProperties: commentary,
  };
}
