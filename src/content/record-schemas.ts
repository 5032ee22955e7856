// The content's records declared once in zod: a chapter, a commentary, a
// verse (and a verse projected). Their JSON Schemas are what the importer
// validates the content with (validate.ts) and the OpenAPI document's
// components (the chapter routes' Chapter, the verse routes' Verse,
// VerseProjection and Commentary); each schema's inferred type must equal its
// plain type in schema.ts, which the client carries: a change to one without
// the other does not compile. Build- and import-time only: the routes load
// their components by a dynamic import when the document is made, and the
// server never loads zod (nor the importer).
import { z } from 'zod';
import { componentsOf, type Same } from './zod-components.ts';
import { ALWAYS_KEPT } from './projection.ts';
import {
  CHAPTER_COUNT,
  COMMENTARY_KEYS,
  OPTIONAL_COMMENTARIES,
  SPEAKERS,
  TEXT_FIELDS,
  type ChapterRecord,
  type Commentary,
  type CommentaryKey,
  type OptionalCommentaryKey,
  type Schema,
  type Verse,
  type VerseFields,
} from './schema.ts';

/** An object type written out, its intersections merged and its index signature left out, to compare with an inferred one. */
type Known<T> = { [K in keyof T as string extends K ? never : number extends K ? never : K]: T[K] };
const text = (description: string) => z.string().describe(description);

const bilingual = (what: string) => z.object({ en: text(`${what} in English.`), hi: text(`${what} in Hindi.`) }).strict().describe(what);

export const ChapterSchema = z
  .object({
    chapter_number: z.number().int().min(1).max(CHAPTER_COUNT).describe('Chapter number.'),
    verses_count: z.number().int().min(1).describe('Number of verses in the chapter (the closing colophon not counted).'),
    name: text('Chapter name in Devanagari.'),
    translation: text('English translation of the name.'),
    transliteration: text('Latin-script rendering of the name.'),
    meaning: bilingual('Short meaning of the name'),
    summary: bilingual('Summary of the chapter; paragraphs separated by \\n'),
  })
  .strict()
  .meta({ title: 'Chapter' });

const textField = (f: keyof typeof TEXT_FIELDS) => text(TEXT_FIELDS[f].description).optional();

export const CommentarySchema = z
  .object({ author: text('The commentator or translator.'), et: textField('et'), ht: textField('ht'), ec: textField('ec'), hc: textField('hc'), sc: textField('sc') })
  .strict()
  .meta({ title: 'Commentary' });

const commentaries = Object.fromEntries(COMMENTARY_KEYS.map((k) => [k, CommentarySchema])) as Record<CommentaryKey, typeof CommentarySchema>;
const optionalCommentaries = Object.fromEntries(OPTIONAL_COMMENTARIES.map((c) => [c.key, CommentarySchema.optional()])) as Record<OptionalCommentaryKey, z.ZodOptional<typeof CommentarySchema>>;

/**
 * A verse record. Known fields are typed (a known field whose type changes
 * is an error); fields upstream adds later are allowed here and reported by
 * the import, never dropped.
 */
export const VerseSchema = z
  .object({
    _id: z
      .string()
      .regex(/^BG[1-9][0-9]*\.[1-9][0-9]*$/)
      .describe('`BG<chapter>.<verse>`.'),
    chapter: z.number().int().min(1).max(CHAPTER_COUNT).describe('Chapter number.'),
    verse: z.number().int().min(1).describe("Verse number; `verses_count + 1` is the chapter's closing colophon."),
    speaker: z
      .string()
      .min(1)
      .describe(
        `Who speaks the verse, in Devanagari: ${SPEAKERS.map((s) => `${s.name} (${s.label})`).join(', ')}. Absent on the chapters' colophons (the editor's closing line, which nobody in the dialogue speaks), and in content imported from before upstream added it.`,
      )
      .optional(),
    slok: text('The verse in Devanagari; lines separated by \\n, ending with a marker such as ||२-४७||.'),
    transliteration: text(
      "Latin-script rendering (IAST letters); lines separated by \\n, ending with a marker such as ||2-47||. As the source writes it, byte for byte, with its ASCII marks: a . standing alone for the danda, .a for the avagraha (saṅgo.astvakarmaṇi). With marks=iast it is written with IAST's marks, as the reading pages and cards show it: | for the danda, ' for the avagraha, m̐ for the candrabindu (saṅgo'stvakarmaṇi); the letters are the same.",
    ),
    ...commentaries,
    ...optionalCommentaries,
  })
  .catchall(z.unknown().describe('A field upstream added later, passed through verbatim; an object of the commentary shape is a further commentary.'))
  .meta({ title: 'Verse' });

/** A verse with only what a projection keeps: _id, chapter and verse always. */
export const VerseProjectionSchema = VerseSchema.partial()
  .required(Object.fromEntries(ALWAYS_KEPT.map((k) => [k, true])) as { [K in (typeof ALWAYS_KEPT)[number]]: true })
  .meta({
    title: 'VerseProjection',
    description:
      "A verse record with only what lang, authors and fields keep: _id, chapter and verse always; a commentary kept has its author and at least one text field. With marks=iast its transliteration is written with IAST's marks (| ' m̐), the rest as the record holds it.",
  });

// Compiled, never run: each line fails to type-check when a schema and its shape differ.
const agree: [
  Same<z.infer<typeof ChapterSchema>, ChapterRecord>,
  Same<z.infer<typeof CommentarySchema>, Commentary>,
  Same<Known<z.infer<typeof VerseSchema>>, Known<Verse>>,
  Same<Known<z.infer<typeof VerseProjectionSchema>>, Known<Pick<VerseFields, (typeof ALWAYS_KEPT)[number]> & Partial<Verse>>>,
] = [true, true, true, true];
void agree;

/** The OpenAPI component of the chapter routes' answers. */
export const chapterSchemas = (): Record<string, object> => componentsOf({ Chapter: ChapterSchema });
/** The OpenAPI components of the verse routes' answers: a verse, a verse projected, and the commentary each holds by $ref. */
export const verseSchemas = (): Record<string, object> => componentsOf({ Verse: VerseSchema, VerseProjection: VerseProjectionSchema, Commentary: CommentarySchema });

/** The schemas the importer validates the records with (validate.ts); a verse names the commentary's by `commentaryRef`, the commentary's $id there. */
export function importerSchemas(commentaryRef = 'commentary'): { chapter: Schema; commentary: Schema; verse: Schema } {
  const s = componentsOf({ Chapter: ChapterSchema, Commentary: CommentarySchema, Verse: VerseSchema }, {}, (name) => (name === 'Commentary' ? commentaryRef : `#/components/schemas/${name}`));
  return { chapter: s.Chapter as Schema, commentary: s.Commentary as Schema, verse: s.Verse as Schema };
}
