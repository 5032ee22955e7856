// The speakers' list declared once in zod: its JSON Schema is the OpenAPI
// component, and its inferred type must equal the plain type the client
// carries (speakers.ts): a change to one alone does not compile. Build-time
// only: the route /speakers loads it by a dynamic import (its `components`)
// when the OpenAPI document is made; the server never loads zod for it.
import { z } from 'zod';
import type { SpeakersList } from './speakers.ts';
import { componentsOf, type Same } from './zod-components.ts';

export const SpeakersSchema = z
  .object({
    count: z.number().int().min(1),
    speakers: z.array(
      z
        .object({
          slug: z.string().nullable().describe('What ?speaker= takes (krishna, arjuna, sanjaya, dhritarashtra); null for a speaker the code does not know.'),
          name: z.string().describe('As the records write it, in Devanagari (श्रीभगवान्).'),
          label: z.string().nullable().describe('In English (Krishna); null when unknown.'),
          verses: z.number().int().min(1),
          refs: z.array(z.string()).describe('Each verse spoken, in verse order (BG2.11); colophons are spoken by nobody.'),
        })
        .strict(),
    ),
  })
  .strict();

// Compiled, never run: fails to type-check when the schema and the shape differ.
const agree: Same<z.infer<typeof SpeakersSchema>, SpeakersList> = true;
void agree;

/** The OpenAPI component of /speakers, generated from the schema above. */
export function speakerSchemas(): Record<string, object> {
  return componentsOf({ Speakers: SpeakersSchema });
}
