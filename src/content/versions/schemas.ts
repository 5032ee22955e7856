// The versions' JSON Schemas (the OpenAPI document's components for /versions
// and /versions/{version}), declared with zod and generated from it
// (versionSchemas). Each schema's inferred type must equal its type in
// model.ts, which the client carries: a change to one without the other does
// not compile. The audit's objects are plain z.object: their schemas leave
// other keys open, as they always have.
import { z } from 'zod';
import { componentsOf, type Same } from '../zod-components.ts';
import type { Version, VersionAudit } from './model.ts';

const text = (description: string) => z.string().describe(description);

export const VersionSchema = z
  .object({
    id: text('Its name in paths and in ?version= (lower-case letters, digits and "-").'),
    language: text('BCP 47 language tag: en, te.'),
    title: text('The title of the work as published.'),
    translator: text('Who translated it.'),
    published: text('When it was published, as written (absent when not known).').optional(),
    license: text('An SPDX expression where one fits (CC-BY-SA-4.0), else the terms in a few words.'),
    source: text('Where the text comes from: a URL or a description.'),
    credit: text('The line to show wherever its text is shown (CC BY-SA asks for it).'),
    verses: z.number().int().min(0).describe('How many of the verses it has.'),
    colophons: z.number().int().min(0).describe('How many chapter colophons it has (a version need not translate them).'),
    missing: z.array(z.string()).describe('The verses it lacks (BG1.13), named, never filled from another version.'),
  })
  .strict();

export const VersionsSchema = z.object({ versions: z.array(VersionSchema) }).strict();

export const VersionAuditSchema = z
  .object({
    from: text('The folder it was read from, by its own name.'),
    files: z.array(z.object({ name: z.string(), sha256: z.string() })),
    repaired: z.boolean().describe("false when imported with --no-repairs: the texts are the source's as they are."),
    counts: z.record(z.string(), z.number().int()).describe('Changes per repair rule.'),
    changes: z.array(z.object({ ref: z.string(), rule: z.string(), position: z.number().int(), before: z.string(), after: z.string() })),
    defects: z.array(z.object({ ref: z.string().nullable(), kind: z.string(), summary: z.string() })),
    notes: z.number().int().describe('Footnotes kept.'),
  })
  .describe('How it was read: the files and their SHA-256, what each repair rule changed (counts and every change), the defects listed and not changed, the footnotes kept.');

export const VersionAuditedSchema = VersionSchema.extend({ audit: VersionAuditSchema });

/** An object type written out, its intersections merged, to compare with an inferred one. */
type Flat<T> = { [K in keyof T]: T[K] };
// Compiled, never run: each line fails to type-check when a schema and its shape differ.
const agree: [
  Same<z.infer<typeof VersionSchema>, Version>,
  Same<z.infer<typeof VersionsSchema>, { versions: Version[] }>,
  Same<z.infer<typeof VersionAuditSchema>, VersionAudit>,
  Same<z.infer<typeof VersionAuditedSchema>, Flat<Version & { audit: VersionAudit }>>,
] = [true, true, true, true];
void agree;

/** The OpenAPI components of the versions' list and of one version, generated from the schemas above. */
export function versionSchemas(): Record<string, object> {
  return componentsOf({ Versions: VersionsSchema, Version: VersionSchema, VersionAudited: VersionAuditedSchema });
}
