// A verse's word-by-word list (/slok/{ch}/{sl}/words): its entry's JSON Schema
// (the OpenAPI component Word), declared with zod and generated from it. Its
// inferred type must equal Word (words.ts), which the client carries: a
// change to one without the other does not compile. Build-time only: the
// route loads it by a dynamic import when the OpenAPI document is made.
import { z } from 'zod';
import { componentsOf, type Same } from './zod-components.ts';
import { DCS_ATTRIBUTION } from './dcs/attribution.ts';
import { AnalysedWordSchema } from './dcs/schemas.ts';
import type { Word } from './words.ts';

export const WordSchema = z
  .object({
    word: z.string().describe('As the source writes it: Devanagari (a compound it keeps together is one entry), or "Om" in Latin letters where the source lost the sign (8.13, 17.24).'),
    transliteration: z.string().describe('IAST.'),
    meaning: z.string().describe("English, from Swami Sivananda's word-by-word list (siva.ec); empty where the source gives none."),
    analysis: z
      .array(AnalysedWordSchema)
      .optional()
      .describe(`The DCS words the entry covers, in order: one for a word, several for a compound (karman, phala, hetu); [] where none aligns. ${DCS_ATTRIBUTION}.`),
  })
  .strict();

// Compiled, never run: fails to type-check when the schema and the shape differ.
const agree: Same<z.infer<typeof WordSchema>, Word> = true;
void agree;

/** The component of /slok/{ch}/{sl}/words; the analysis's words it holds (AnalysedWord) are /slok/{ch}/{sl}/analysis's, referred to. */
export function wordSchemas(): Record<string, object> {
  return componentsOf({ Word: WordSchema }, { AnalysedWord: AnalysedWordSchema });
}
