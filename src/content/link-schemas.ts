// The link graph's JSON Schemas (the OpenAPI document's components for
// /slok/{ch}/{sl}/links, /works and /works/{work}), declared with zod and
// generated from it (linkSchemas). Each schema's inferred type must equal its
// type in link-shapes.ts, which the client carries: a change to one without
// the other does not compile.
import { z } from 'zod';
import { componentsOf, type Same } from './zod-components.ts';
import type { Cite, CitedBy, Covers, External, VerseLinks, WorkCitations, WorksList, WorkSummary } from './link-shapes.ts';

const str = (description: string) => z.string().describe(description);
const ref = z.string().regex(/^BG\d+\.\d+$/).describe('A verse, as /verses labels it.');
const range = z.string().regex(/^BG\d+\.\d+(?:-\d+)?$/).describe('A verse or a range of one chapter, in the canonical form /verses answers (BG2.47, BG7.16-18).');
const by = str('The commentary key (as /authors lists it).');
const field = str('The text field it stands in: et, ht, ec, hc or sc.');
const text = str('The citation as written in the text ("गीता 18। 15", "छा0 उ0 6।2।1").');
const offset = z.number().int().min(0);

const CiteSchema = z
  .object({
    to: range,
    by,
    field,
    text,
    at: z
      .array(z.tuple([offset, offset]))
      .min(1)
      .describe("Every place in the field's text (as /slok/{ch}/{sl} serves it) where a citation of to stands: [start, end), UTF-16 offsets; the first is text's."),
  })
  .strict();
const CitedBySchema = z.object({ from: ref, by, field, text }).strict();
const CoversSchema = z.object({ by, field, range }).strict();
const ExternalSchema = z
  .object({
    work: z.string().nullable().describe("The work's name (as /works lists it), or the abbreviation as written; null for a place cited with no work written before it."),
    loc: str('The place in the work, its numbers with "." between (6.2.1).'),
    by,
    field,
    text,
  })
  .strict();

export const VerseLinksSchema = z
  .object({
    ref,
    cites: z.array(CiteSchema).describe("The other verses of the Gita the verse's commentaries cite, once per commentary text and verse cited."),
    citedBy: z.array(CitedBySchema).describe('The commentaries of other verses that cite this one (a range cites each of its verses): every cites has its citedBy.'),
    covers: z.array(CoversSchema).describe('The commentaries the verse holds that are written on a group of verses, with the group.'),
    external: z.array(ExternalSchema).describe("Other works cited: the work's name (one for every way it is abbreviated; an abbreviation no name is known for as written), the place in it."),
  })
  .strict();

const WorkSummarySchema = z
  .object({ work: str('Its name.'), slug: str('Its name in the path of /works/{work}.'), written: z.array(z.string()).describe('Every way the commentaries write it.'), count: z.number().int().min(1) })
  .strict();

export const WorksSchema = z
  .object({
    works: z.array(WorkSummarySchema).describe('Every work the commentaries cite that has a name, most cited first.'),
    unnamed: z.array(z.object({ written: z.string(), count: z.number().int().min(1) }).strict()).describe('Abbreviations no work name is known for, as written, counted apart.'),
    unlabelled: z.number().int().min(0).describe('Places cited with no work written before them ("(12। 5। 2)"), counted: no work is named for them.'),
  })
  .strict();

export const WorkCitationsSchema = z
  .object({
    work: str('Its name.'),
    slug: str('Its name in the path.'),
    written: z.array(z.string()),
    count: z.number().int().min(1),
    citations: z.array(z.object({ ref, by, field, loc: str('The place in the work.'), text }).strict()).describe('Every citation, by verse (in order) and commentator.'),
  })
  .strict();

// Compiled, never run: each line fails to type-check when a schema and its shape differ.
const agree: [
  Same<z.infer<typeof CiteSchema>, Cite>,
  Same<z.infer<typeof CitedBySchema>, CitedBy>,
  Same<z.infer<typeof CoversSchema>, Covers>,
  Same<z.infer<typeof ExternalSchema>, External>,
  Same<z.infer<typeof VerseLinksSchema>, VerseLinks>,
  Same<z.infer<typeof WorkSummarySchema>, WorkSummary>,
  Same<z.infer<typeof WorksSchema>, WorksList>,
  Same<z.infer<typeof WorkCitationsSchema>, WorkCitations>,
] = [true, true, true, true, true, true, true, true];
void agree;

/** The OpenAPI components of a verse's links, the works cited and one work's citations, generated from the schemas above. */
export function linkSchemas(): Record<string, object> {
  return componentsOf({ VerseLinks: VerseLinksSchema, Works: WorksSchema, WorkCitations: WorkCitationsSchema });
}
