// The roots' JSON Schemas (the OpenAPI document's components), declared with
// zod and generated from it (rootSchemas). Each schema's inferred type must
// equal its type in shapes.ts, which the client carries: a change to one
// without the other does not compile.
import { z } from 'zod';
import type { Same } from '../zod-components.ts';
import type { Derived, RootAnswer, RootChoice, RootEntryShape, RootGroup, RootIndex, WordRoot } from './shapes.ts';

const code = z.string().regex(/^(0[1-9]|10)\.[0-9]{4}$/).describe("The entry's place in the dhātupāṭha, GG.NNNN: its class, then its number in the class.");

export const RootEntrySchema = z
  .object({
    code,
    class: z.number().int().min(1).max(10).describe('The gaṇa: 1 bhvādi to 10 curādi.'),
    voice: z.enum(['parasmaipada', 'ātmanepada', 'ubhayapada']).describe("The voice its it-markers give (1.3.12, 1.3.72, 1.3.78; a class 10 root's ṇic stem takes both, 1.3.74)."),
    meaning: z.object({ devanagari: z.string(), iast: z.string() }).strict().describe('The traditional meaning, a locative in Sanskrit: gatinivṛttau, "in the sense of ceasing to move".'),
  })
  .strict();

export const DerivedSchema = z
  .object({
    kind: z.enum(['causative', 'desiderative', 'intensive', 'denominative']),
    stem: z.string().describe("The secondary stem (dhāray), or a denominative's noun (tapas)."),
  })
  .strict();

/** What a verbal word of /slok/{ch}/{sl}/analysis carries: its root. */
export const WordRootSchema = z
  .object({
    root: z.string().nullable().describe("The root's citation form in IAST (sthā); null for a denominative, whose base is a noun (derived.stem)."),
    prefixes: z.array(z.string()).describe('The preverbs before the root, in order, their sandhi undone (sam, upa for samupasthā).'),
    derived: DerivedSchema.nullable(),
    codes: z.array(code).describe('Its dhātupāṭha entries: one, or several where neither the forms nor a sense read by hand decide (ambiguous).'),
    ambiguous: z.literal(true).optional(),
  })
  .strict();

const occurrence = z
  .object({
    ref: z.string(),
    position: z.number().int().min(1).describe("The word's place among the verse's analysed words (1 first), as /slok/{ch}/{sl}/analysis numbers them."),
    form: z.string(),
    grammar: z.string(),
    meaning: z.string().optional().describe("The word-by-word meaning of the entry this word is joined to, where it is joined (Swami Sivananda's list)."),
  })
  .strict();

export const RootGroupSchema = z
  .object({
    prefixes: z.array(z.string()),
    lemma: z.string().describe('The DCS lemma: the preverbs and the root (or its secondary stem) as one word.'),
    derived: DerivedSchema.nullable(),
    codes: z.array(code),
    ambiguous: z.literal(true).optional(),
    count: z.number().int().min(1),
    forms: z.array(z.object({ form: z.string().describe('The word with sandhi undone.'), count: z.number().int().min(1), occurrences: z.array(occurrence) }).strict()).describe('Its forms, most frequent first, each with every place it stands.'),
  })
  .strict();

export const RootSchema = z
  .object({
    root: z.string().describe("The root's citation form, IAST (NFC)."),
    devanagari: z.string(),
    entries: z.array(RootEntrySchema).describe('Every dhātupāṭha entry its words are read as.'),
    count: z.number().int().min(1).describe('Its verbal words in the Gita.'),
    verses: z.number().int().min(1),
    senses: z.array(z.object({ meaning: z.string(), count: z.number().int().min(1) }).strict()).describe('The English meanings its words have in the word-by-word lists, most frequent first (at most 12).'),
    groups: z.array(RootGroupSchema).describe('Its words grouped by preverbs (and secondary stem), most frequent first.'),
    also: z.array(z.string()).optional().describe('Other roots typed the same in ASCII.'),
    attribution: z.string(),
  })
  .strict();

export const RootChoiceSchema = z
  .object({ query: z.string().describe('The ASCII spelling asked.'), roots: z.array(RootSchema).min(2), attribution: z.string() })
  .strict();

export const RootsSchema = z
  .object({
    attribution: z.string(),
    count: z.number().int(),
    roots: z.array(
      z
        .object({
          root: z.string(),
          devanagari: z.string(),
          classes: z.array(z.number().int().min(1).max(10)),
          meaning: z.string().describe("The first entry's traditional meaning, IAST."),
          count: z.number().int().min(1),
          verses: z.number().int().min(1),
        })
        .strict(),
    ),
  })
  .strict();

// Compiled, never run: each line fails to type-check when a schema and its shape differ.
const agree: [
  Same<z.infer<typeof RootEntrySchema>, RootEntryShape>,
  Same<z.infer<typeof DerivedSchema>, Derived>,
  Same<z.infer<typeof WordRootSchema>, WordRoot>,
  Same<z.infer<typeof RootGroupSchema>, RootGroup>,
  Same<z.infer<typeof RootSchema>, RootAnswer>,
  Same<z.infer<typeof RootChoiceSchema>, RootChoice>,
  Same<z.infer<typeof RootsSchema>, RootIndex>,
] = [true, true, true, true, true, true, true];
void agree;

/** The OpenAPI components, generated from the schemas above (JSON Schema 2020-12, as OpenAPI 3.1 reads it). */
const json = (s: z.ZodType) => {
  const { $schema: _, ...schema } = z.toJSONSchema(s, { target: 'draft-2020-12', unrepresentable: 'throw' }) as Record<string, unknown>;
  return schema;
};

export function rootSchemas(): Record<string, object> {
  return { Root: json(RootSchema), RootChoice: json(RootChoiceSchema), Roots: json(RootsSchema) };
}

/** A verbal word's root, as a word of a verse's analysis carries it (the analysis's component). */
export function wordRootSchemas(): Record<string, object> {
  return { WordRoot: json(WordRootSchema) };
}
