// The JSON Schema of POST /refs's answer (the OpenAPI document's FoundRefs),
// declared with zod and generated from it (refSchemas). Its inferred type must
// equal the answer's type in ref-shapes.ts, which the client carries: a change
// to one without the other does not compile.
import { z } from 'zod';
import { componentsOf, type Same } from './zod-components.ts';
import { MAX_FOUND_REFS } from './find-refs.ts';
import type { FoundRefAnswer, FoundRefsAnswer } from './ref-shapes.ts';

const FoundRefSchema = z
  .object({
    start: z.number().int().min(0).describe('Where the reference starts in the text (UTF-16 code units, as JavaScript strings index).'),
    end: z.number().int().min(1).describe('Where it ends (exclusive): text.slice(start, end) is the reference as written.'),
    text: z.string().describe('The reference as written.'),
    ref: z
      .string()
      .regex(/^BG[1-9][0-9]*(\.[1-9][0-9]*(-[1-9][0-9]*(\.[1-9][0-9]*)?)?)?$/)
      .describe('Its canonical form, as /verses labels it: BG2.47, BG2.47-50, BG2.72-3.2, BG18.'),
    exists: z.boolean().describe('Whether every verse it names exists (false for Gita 19.1 or Gita 2.99).'),
  })
  .strict();

export const FoundRefsSchema = z
  .object({
    refs: z.array(FoundRefSchema),
    more: z.boolean().describe(`The text holds more references after the ones listed (at most ${MAX_FOUND_REFS.toLocaleString('en-US')} an answer).`),
  })
  .strict();

// Compiled, never run: each line fails to type-check when a schema and its shape differ.
const agree: [Same<z.infer<typeof FoundRefSchema>, FoundRefAnswer>, Same<z.infer<typeof FoundRefsSchema>, FoundRefsAnswer>] = [true, true];
void agree;

/** The OpenAPI component of POST /refs's answer, generated from the schemas above. */
export function refSchemas(): Record<string, object> {
  return componentsOf({ FoundRefs: FoundRefsSchema });
}
