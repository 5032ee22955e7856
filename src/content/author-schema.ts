// A commentary described (`/authors`, `/authors/{key}`) declared once in zod:
// its JSON Schema is the OpenAPI component Author, and its inferred type must
// equal AuthorEntry (author-entry.ts), which the client carries: a change to
// one without the other does not compile. Build-time only: the route /authors
// loads it by a dynamic import (its `components`) when the document is made;
// the server never loads zod for it.
import { z } from 'zod';
import { componentsOf, type Same } from './zod-components.ts';
import { KINDS, type AuthorEntry } from './author-entry.ts';
import { LANGS } from './projection.ts';
import { REPAIR_RULES } from './repairs.ts';
import { TEXT_FIELD_NAMES, type TextField } from './schema.ts';

/** Changes by repair rule, every rule named (a count of 0 too). */
const repairs = (what: string) =>
  z
    .object(Object.fromEntries(REPAIR_RULES.map((r) => [r.id, z.number().int().min(0).describe(r.title)])) as Record<string, z.ZodNumber>)
    .strict()
    .describe(what);

const erratum = z.object({ id: z.string(), record: z.string() }).strict();
const supplement = z.object({ id: z.string(), record: z.string(), repository: z.string(), commit: z.string(), license: z.string() }).strict();

const AuthorFieldSchema = z
  .object({
    lang: z.enum(LANGS as [(typeof LANGS)[number], ...(typeof LANGS)[number][]]).describe('Its language: en, hi or sa (as lang= takes it).'),
    kind: z.enum(KINDS).describe('A translation of the verse, a commentary on it, or (siva.ec) the verse word by word then a commentary.'),
    verses: z.number().int().min(0).describe('Verses (colophons not counted) whose text here is real: present, not blank, not a placeholder such as "did not comment on this sloka".'),
    errata: z.array(erratum).describe('The errata that replaced this text in a record (evidence in /audit.json).'),
    repairs: repairs('Changes the repairs made in this field, by rule.'),
    supplements: z.array(supplement).describe("Texts of this field taken from an independent copy in place of upstream's placeholders (provenance in /audit.json)."),
  })
  .strict();

const fields = Object.fromEntries(TEXT_FIELD_NAMES.map((f) => [f, AuthorFieldSchema.optional()])) as Record<TextField, z.ZodOptional<typeof AuthorFieldSchema>>;

export const AuthorSchema = z
  .object({
    key: z.string().describe('The commentary key, as verse records and `authors=` name it.'),
    author: z.string().describe('The commentator or translator, as the records name them.'),
    fields: z.object(fields).strict().describe('Its text fields, by name.'),
    repairs: repairs('Changes the repairs made in its texts, by rule (each change is listed in /audit.json).'),
    source: z
      .object({
        repository: z.string().describe('The upstream dataset on GitHub.'),
        commit: z.string().describe('The commit the content is pinned to.'),
        url: z.string().meta({ format: 'uri' }),
        license: z.string().describe("SPDX identifier of the texts' license."),
      })
      .strict()
      .describe('Where its texts come from.'),
  })
  .strict()
  .meta({ title: 'Author' });

// Compiled, never run: fails to type-check when the schema and the shape differ.
const agree: Same<z.infer<typeof AuthorSchema>, AuthorEntry> = true;
void agree;

/** The OpenAPI component of /authors and /authors/{key}. */
export const authorSchemas = (): Record<string, object> => componentsOf({ Author: AuthorSchema });
