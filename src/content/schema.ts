// The content model, defined once: its types and tables. The records' JSON
// Schemas, which the importer validates with and the OpenAPI document gives,
// are declared in zod beside it (record-schemas.ts) and checked against these
// types.

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
 * The 21 classical commentary keys every verse record must carry, with the
 * text fields each is expected to hold (the content decides: the docs list
 * what it has). Every verse record must carry all of them;
 * further keys of the same shape (such as `prabhu`) are kept as they are.
 */
export const COMMENTARIES = [
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
] as const satisfies ReadonlyArray<{ key: string; fields: readonly TextField[] }>;
/** The keys of the 21, as a type: the client's types narrow by them. */
export type CommentaryKey = (typeof COMMENTARIES)[number]['key'];
export const COMMENTARY_KEYS: readonly CommentaryKey[] = COMMENTARIES.map((c) => c.key);
export const isSpecCommentary = (key: string): key is CommentaryKey => (COMMENTARY_KEYS as readonly string[]).includes(key);

/**
 * Commentaries beyond the 21 that the content is known to carry,
 * on some records only. Known means typed: a record where one of them is not
 * a commentary object is an error, as for the 21.
 */
export const OPTIONAL_COMMENTARIES = [{ key: 'prabhu', fields: ['et', 'ec'] }] as const satisfies ReadonlyArray<{ key: string; fields: readonly TextField[] }>;
export type OptionalCommentaryKey = (typeof OPTIONAL_COMMENTARIES)[number]['key'];

/** Top-level verse fields that are not commentaries, in source order; `speaker` came later (upstream 43dfc8d) and is optional. */
export const VERSE_FIELDS = ['_id', 'chapter', 'verse', 'speaker', 'slok', 'transliteration'] as const;
export type VerseField = (typeof VERSE_FIELDS)[number];
/** The fields every verse record has, old layout or new. */
export const REQUIRED_VERSE_FIELDS: readonly VerseField[] = ['_id', 'chapter', 'verse', 'slok', 'transliteration'];

/**
 * Who speaks a verse. The content names the speaker in Devanagari; the API
 * also accepts a plain slug (`/slok?speaker=krishna`), and the card shows the
 * English name. A speaker the content names and this table does not is
 * still served and filterable by its Devanagari name.
 */
export const SPEAKERS: ReadonlyArray<{ slug: string; name: string; label: string }> = [
  { slug: 'krishna', name: 'श्रीभगवान्', label: 'Krishna' },
  { slug: 'arjuna', name: 'अर्जुन', label: 'Arjuna' },
  { slug: 'sanjaya', name: 'सञ्जय', label: 'Sanjaya' },
  { slug: 'dhritarashtra', name: 'धृतराष्ट्र', label: 'Dhritarashtra' },
];

/** A speaker as the content names it (in any Unicode normalization) → its entry in SPEAKERS. */
export const knownSpeaker = (name: string) => SPEAKERS.find((s) => s.name === name.normalize('NFC'));

/**
 * Is `value` a commentary object: a string `author` and only text fields,
 * all strings? A new top-level key of this shape is a new commentary (kept,
 * reported); any other new key is an unknown field (kept verbatim, reported).
 */
export function isCommentaryShaped(value: unknown): boolean {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const v = value as Record<string, unknown>;
  if (typeof v.author !== 'string') return false;
  for (const [k, x] of Object.entries(v)) if (k !== 'author' && (!(k in TEXT_FIELDS) || typeof x !== 'string')) return false;
  return true;
}

/** The JSON type of a value, as the import summary names it. */
export function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

export interface Commentary {
  author: string;
  et?: string;
  ht?: string;
  ec?: string;
  hc?: string;
  sc?: string;
}

/** The fields of a verse record that are not commentaries. */
export interface VerseFields {
  _id: string;
  chapter: number;
  verse: number;
  /** Who speaks the verse, in Devanagari (since upstream 43dfc8d; absent in older content). */
  speaker?: string;
  slok: string;
  transliteration: string;
}

/** A verse record as code walks it: the fields, and commentaries (or later fields) by any key. */
export interface VerseRecord extends VerseFields {
  /** Commentaries by key; fields added upstream later pass through as they are. */
  [commentary: string]: Commentary | string | number | undefined;
}

/** A verse record with every known key typed (the client's type): the 21 commentaries, and prabhu on most records. */
export type Verse = VerseFields & { [K in CommentaryKey]: Commentary } & { [K in OptionalCommentaryKey]?: Commentary };

/** What /verses answers: the canonical label of each part asked for, and the records in the order asked (projected when asked: _id, chapter and verse always kept). */
export interface VersesAnswer {
  refs: string[];
  verses: Array<Verse | (Pick<VerseFields, '_id' | 'chapter' | 'verse'> & Partial<Verse>)>;
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
