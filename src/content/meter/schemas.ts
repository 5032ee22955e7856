// The scansion's JSON Schemas (the OpenAPI document's components for
// /slok/{ch}/{sl}/meter and /meters), declared with zod and generated from it
// (meterSchemas). Each schema's inferred type must equal its type in
// shapes.ts, which the client carries: a change to one without the other does
// not compile. The enums are read from the tables, as the scan names them.
import { z } from 'zod';
import { componentsOf, type Same } from '../zod-components.ts';
import { ANUSHTUBH_FORMS, JAGATI_PADAS, TRISHTUBH_PADAS } from './meters.ts';
import { METER_NAMES } from './names.ts';
import { PADA_SIZES } from './padas.ts';
import type { Break, IrregularVerse, MeterSummary, PadaScan, Syllable, VerseScan } from './shapes.ts';

const names = <T extends object>(table: T) => Object.keys(table) as Array<keyof T & string>;
const weight = z.enum(['L', 'G']);
const pattern = z.string().regex(/^[LG]*$/).describe('The weights in a row, L light (laghu), G heavy (guru); the last syllable by its own weight (free in every meter).');
const form = z.enum([...Object.values(ANUSHTUBH_FORMS), ...names(TRISHTUBH_PADAS), ...names(JAGATI_PADAS), 'hypermetric', 'irregular']);
const meter = z.enum([...METER_NAMES, 'prose', 'unscanned']).describe('The meter by name; prose for a colophon.');
const refs = (description: string) => z.array(z.string()).describe(description);

export const MeterSyllableSchema = z
  .object({ text: z.string().describe('The syllable as the Devanagari writes it.'), iast: z.string().describe('In IAST.'), weight: weight.describe('L light (laghu), G heavy (guru).') })
  .strict();

export const MeterBreakSchema = z
  .object({
    at: z.number().int().min(1).describe("The syllable's place in the pāda (1: its first)."),
    text: z.string(),
    weight,
    wanted: weight.describe('The weight the nearest pattern wants there.'),
  })
  .strict();

const breaks = z.array(MeterBreakSchema).describe('The syllables that break the nearest pattern.');

export const MeterPadaSchema = z
  .object({
    text: z.string().describe('The pāda as the Devanagari writes it.'),
    syllables: z.array(MeterSyllableSchema),
    pattern,
    form: form.describe("Its form: an anuṣṭubh pāda's pathyā or vipulā, a named pāda of eleven or twelve, hypermetric (the epic's license), or irregular."),
    breaks: breaks.optional(),
  })
  .strict();

export const VerseMeterSchema = z
  .object({
    ref: z.string().describe("The verse, as the records name it: BG2.47 (a colophon is its chapter's verses_count + 1)."),
    meter,
    padas: z.array(MeterPadaSchema).describe('The pādas as the verse is measured (a printed line of an anuṣṭubh is two); [] for a colophon.'),
    size: z.literal(PADA_SIZES).optional().describe("The syllables of the verse's pāda: 8 (anuṣṭubh), 11 (triṣṭubh), 12 (jagatī); absent for a colophon."),
    halves: z.array(form).optional().describe("An anuṣṭubh's halves, each by its odd pāda's form (pathyā or which vipulā), or irregular, or hypermetric."),
    regular: z.boolean().describe("Four pādas, each named or one of the epic's licenses (a pāda of nine in an anuṣṭubh, of twelve in a triṣṭubh)."),
    notes: z.array(z.string()).describe('What was left out of the measure and why, what a named form keeps loosely, what breaks.'),
  })
  .strict();

const IrregularVerseSchema = z
  .object({
    ref: z.string(),
    meter,
    padas: z.array(z.object({ pada: z.string().describe('a, b, c or d.'), text: z.string(), pattern, breaks }).strict()),
    notes: z.array(z.string()),
  })
  .strict();

export const MetersSchema = z
  .object({
    verses: z.number().int().min(0).describe('The verses measured (the colophons are not).'),
    meters: z
      .array(z.object({ meter, count: z.number().int().min(1), verses: refs('Its verses, in order: BG2.5.') }).strict())
      .describe('Each meter with its verses, every verse under one meter, most verses first.'),
    halves: z.partialRecord(form, z.number().int()).describe("The anuṣṭubh's halves by form: pathyā, na-vipulā, bha-vipulā, ma-vipulā, ra-vipulā, hypermetric, irregular."),
    hypermetric: refs("The verses with a pāda the epic's licenses allow: nine syllables in an anuṣṭubh, twelve in a triṣṭubh."),
    irregular: z.array(IrregularVerseSchema).describe('The verses that do not scan: each pāda that breaks, with its syllables that do.'),
    prose: refs('The colophons: prose, not measured.'),
  })
  .strict();

// Compiled, never run: each line fails to type-check when a schema and its shape differ.
const agree: [
  Same<z.infer<typeof MeterSyllableSchema>, Syllable>,
  Same<z.infer<typeof MeterBreakSchema>, Break>,
  Same<z.infer<typeof MeterPadaSchema>, PadaScan>,
  Same<z.infer<typeof VerseMeterSchema>, VerseScan>,
  Same<z.infer<typeof IrregularVerseSchema>, IrregularVerse>,
  Same<z.infer<typeof MetersSchema>, MeterSummary>,
] = [true, true, true, true, true, true];
void agree;

/** The OpenAPI components of the meter's two answers, generated from the schemas above. */
export function meterSchemas(): Record<string, object> {
  return componentsOf({ VerseMeter: VerseMeterSchema, MeterPada: MeterPadaSchema, MeterSyllable: MeterSyllableSchema, MeterBreak: MeterBreakSchema, Meters: MetersSchema });
}
