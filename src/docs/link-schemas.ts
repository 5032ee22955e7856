// The link graph's answers (src/content/links.ts) as JSON Schemas, for the
// OpenAPI document: a verse's links, the works cited, one work's citations.
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const str = (description: string) => ({ type: 'string', description });
const REF = { type: 'string', pattern: '^BG\\d+\\.\\d+$', description: 'A verse, as /verses labels it.' } as const;
const RANGE = { type: 'string', pattern: '^BG\\d+\\.\\d+(?:-\\d+)?$', description: 'A verse or a range of one chapter, in the canonical form /verses answers (BG2.47, BG7.16-18).' } as const;
const BY = str('The commentary key (as /authors lists it).');
const FIELD = str('The text field it stands in: et, ht, ec, hc or sc.');
const TEXT = str('The citation as written in the text ("गीता 18। 15", "छा0 उ0 6।2।1").');
const object = (properties: Record<string, unknown>) => ({ type: 'object', required: Object.keys(properties), additionalProperties: false, properties });

export const LINK_SCHEMAS = {
  VerseLinks: object({
    ref: REF,
    cites: { type: 'array', description: 'The other verses of the Gita the verse\'s commentaries cite, once per commentary text and verse cited.', items: object({ to: RANGE, by: BY, field: FIELD, text: TEXT, at: { type: 'array', minItems: 1, description: "Every place in the field's text (as /slok/{ch}/{sl} serves it) where a citation of to stands: [start, end), UTF-16 offsets; the first is text's.", items: { type: 'array', minItems: 2, maxItems: 2, items: { type: 'integer', minimum: 0 } } } }) },
    citedBy: { type: 'array', description: 'The commentaries of other verses that cite this one (a range cites each of its verses): every cites has its citedBy.', items: object({ from: REF, by: BY, field: FIELD, text: TEXT }) },
    covers: { type: 'array', description: 'The commentaries the verse holds that are written on a group of verses, with the group.', items: object({ by: BY, field: FIELD, range: RANGE }) },
    external: { type: 'array', description: 'Other works cited: the work\'s name (one for every way it is abbreviated; an abbreviation no name is known for as written), the place in it.', items: object({ work: { type: ['string', 'null'], description: 'The work\'s name (as /works lists it), or the abbreviation as written; null for a place cited with no work written before it.' }, loc: str('The place in the work, its numbers with "." between (6.2.1).'), by: BY, field: FIELD, text: TEXT }) },
  }),
  Works: object({
    works: { type: 'array', description: 'Every work the commentaries cite that has a name, most cited first.', items: object({ work: str('Its name.'), slug: str('Its name in the path of /works/{work}.'), written: { type: 'array', items: { type: 'string' }, description: 'Every way the commentaries write it.' }, count: { type: 'integer', minimum: 1 } }) },
    unnamed: { type: 'array', description: 'Abbreviations no work name is known for, as written, counted apart.', items: object({ written: { type: 'string' }, count: { type: 'integer', minimum: 1 } }) },
    unlabelled: { type: 'integer', minimum: 0, description: 'Places cited with no work written before them ("(12। 5। 2)"), counted: no work is named for them.' },
  }),
  WorkCitations: object({
    work: str('Its name.'),
    slug: str('Its name in the path.'),
    written: { type: 'array', items: { type: 'string' } },
    count: { type: 'integer', minimum: 1 },
    citations: { type: 'array', description: 'Every citation, by verse (in order) and commentator.', items: object({ ref: REF, by: BY, field: FIELD, loc: str('The place in the work.'), text: TEXT }) },
  }),
} as const;

export const linkSchemaRefs = { verseLinks: ref('VerseLinks'), works: ref('Works'), work: ref('WorkCitations') };
