// The word analysis's JSON Schemas (the OpenAPI document's components for
// /slok/{ch}/{sl}/analysis, /lemma/{lemma} and /lemmas), declared with zod and
// generated from it. Each schema's inferred type must equal its type in
// shapes.ts, which the client carries: a change to one without the other does
// not compile. Build-time only: each route loads its components by a dynamic
// import when the OpenAPI document is made; the server never loads zod.
import { z } from 'zod';
import { componentsOf, type Same } from '../zod-components.ts';
import { WordRootSchema, wordRootSchemas } from '../roots/schemas.ts';
import type { AnalysedWord, LemmaChoice, LemmaEntry, LemmaIndex, Occurrence, VerseAnalysis } from './shapes.ts';

const features = z
  .record(z.string(), z.string())
  .describe('FEATS as the DCS gives them, as an object ({} when empty): Case, Number, Gender, Person, Tense, Mood, VerbForm, Voice, Formation. Case=Cpd is the first part of a compound.');
const grammar = z.string().describe('The features in words: "locative singular neuter", "third person singular present indicative"; "" when there are none.');
const attribution = z.string().describe("The credit the DCS license (CC BY 4.0) asks for, and where roots show, the dhātupāṭha's (MIT).");

export const AnalysedWordSchema = z
  .object({
    form: z.string().describe('FORM: the word as it stands in the sentence.'),
    unsandhied: z.string().describe('The word with sandhi undone (MISC Unsandhied).'),
    lemma: z.string().describe("LEMMA exactly as the DCS gives it (IAST; two roots use the DCS's own letters for ṝ and ḷ)."),
    pos: z.string().describe('UPOS: NOUN, VERB, PRON, ADJ, PART, ADV, CONJ, NUM, SCONJ.'),
    features,
    token: z.string().describe('The sandhi string the word stands in (karmaṇyevādhikāraste); the form itself for a word standing alone.'),
    grammar,
    root: WordRootSchema.optional().describe("A verbal word's root (its preverbs, its dhātupāṭha entries); absent for other words and where the root could not be read."),
  })
  .strict();

export const VerseAnalysisSchema = z
  .object({
    ref: z.string().regex(/^BG[1-9][0-9]*\.[1-9][0-9]*$/),
    words: z.array(AnalysedWordSchema),
    note: z.string().optional().describe('Why a verse has no words: BG13.1 (not in the Critical Edition), a colophon.'),
    attribution,
  })
  .strict();

export const OccurrenceSchema = z
  .object({
    ref: z.string(),
    position: z.number().int().min(1).describe("The word's place among the verse's analysed words (1 first)."),
    form: z.string(),
    unsandhied: z.string(),
    pos: z.string(),
    features,
    grammar,
  })
  .strict();

export const LemmaSchema = z
  .object({
    lemma: z.string().describe('IAST, NFC.'),
    dcs: z.string().optional().describe('The lemma as the DCS writes it, where that differs (kﾱp for kḷp).'),
    pos: z.array(z.string()).describe('Its parts of speech, most frequent first.'),
    count: z.number().int().min(1).describe('The number of occurrences.'),
    also: z.array(z.string()).optional().describe('Other lemmas typed the same in ASCII (sama: samā, śama).'),
    occurrences: z.array(OccurrenceSchema),
    attribution,
  })
  .strict();

export const LemmaChoiceSchema = z
  .object({ query: z.string().describe('The ASCII spelling asked.'), lemmas: z.array(LemmaSchema).min(2), attribution })
  .strict();

// The keys in the order of the document's required list (count, lemmas, attribution), which zod writes in the keys' order; the file itself writes attribution first.
export const LemmasSchema = z
  .object({
    count: z.number().int(),
    lemmas: z.array(z.object({ lemma: z.string(), pos: z.array(z.string()), count: z.number().int().min(1) }).strict()),
    attribution,
  })
  .strict();

// Compiled, never run: each line fails to type-check when a schema and its shape differ.
const agree: [
  Same<z.infer<typeof AnalysedWordSchema>, AnalysedWord>,
  Same<z.infer<typeof VerseAnalysisSchema>, VerseAnalysis>,
  Same<z.infer<typeof OccurrenceSchema>, Occurrence>,
  Same<z.infer<typeof LemmaSchema>, LemmaEntry>,
  Same<z.infer<typeof LemmaChoiceSchema>, LemmaChoice>,
  Same<z.infer<typeof LemmasSchema>, LemmaIndex>,
] = [true, true, true, true, true, true];
void agree;

/** The components of /slok/{ch}/{sl}/analysis: its words (AnalysedWord), the answer (VerseAnalysis), and a verbal word's root (WordRoot, declared with the roots). */
export function analysisSchemas(): Record<string, object> {
  return { ...wordRootSchemas(), ...componentsOf({ AnalysedWord: AnalysedWordSchema, VerseAnalysis: VerseAnalysisSchema }, { WordRoot: WordRootSchema }) };
}

/** The components of /lemma/{lemma}: a lemma's every occurrence, and the lemmas an ASCII spelling shares. */
export function lemmaSchemas(): Record<string, object> {
  return componentsOf({ Lemma: LemmaSchema, LemmaChoice: LemmaChoiceSchema, Occurrence: OccurrenceSchema });
}

/** The component of /lemmas. */
export function lemmaIndexSchemas(): Record<string, object> {
  return componentsOf({ Lemmas: LemmasSchema });
}
