// The verse records: one, a random one, the verse of the day, a range, and
// verses by reference as people write them.
import { MAX_REF_LENGTH, MAX_REF_PARTS, MAX_VERSES_PER_CALL, readCitation, REF_FORMS } from '../../content/citations.ts';
import { FILES } from '../../layout.ts';
import { MAX_ANSWER_BYTES, STREAMED_ANSWER_BYTES } from '../limits.ts';
import { PARAMETERS as P } from '../parameters.ts';
import { errorContent, fixedHeaders, json, notFound, notModified, ok, randomHeaders, response, schema, verseOrProjection } from '../responses.ts';
import { READ, route } from '../route.ts';
import type { ToolRun } from '../route.ts';

/** lang, authors and fields, and marks (the transliteration with IAST's marks): what a route that answers records takes. */
export const PROJECTION = [P.lang, P.authors, P.fields, P.marks];
const verseJson = (description: string, headers: Record<string, unknown> = fixedHeaders) => ok(description, json(verseOrProjection), headers);
/** ?meter= reads the build's meter, which a fresh start makes after it starts serving. */
const METER_PENDING = { '503': response('StillBuilding') };
/** ?meter= on /verses: the reference's verses narrowed, never widened. */
const VERSES_METER = { param: P.meter, about: 'Only the verses of these meters among those the reference names (as /meters lists them); none of them is 404.' };
/** What /verses answers for a reference it cannot read: the reader's own message. */
const REF_ERROR = ((c) => (c.ok ? '' : c.error.message))(readCitation('John 3:16', [1, 1, 1]));
/** The MCP tools that answer records take lang, authors and marks (fields would cut what their text shows). */
const TOOL_PROJECTION = ['lang', 'authors', 'marks'] as const;
/** A verse's place, as the MCP tools about one verse word it. */
export const TOOL_VERSE = { ch: 'The chapter number.', sl: 'The verse number (its colophon: verses_count + 1).' };
/** marks for a tool, whose result has a text beside the records. */
const TOOL_MARKS = `How structuredContent's records write the transliteration's marks: source (the default), as the API serves the record, byte for byte (saṅgo.astvakarmaṇi); iast, as the text of this result shows it (saṅgo'stvakarmaṇi, | for the danda).`;

export const VERSE_ROUTES = [
  route({
    id: 'random-verse',
    client: 'random',
    path: '/slok',
    methods: READ,
    access: 'metered',
    summary: 'A random verse record, uniform over the verses (never a colophon); ?ch=C, ?speaker= (krishna, arjuna, sanjaya, dhritarashtra) and ?meter= (anustubh, upajati, tristubh...: as /meters names them) narrow the draw and combine. Takes lang, authors, fields, marks.',
    example: '/slok?speaker=arjuna',
    notFound: 'verse',
    random: true,
    // On a static host, the build's verse of the day.
    file: FILES.today(),
    madeBy: 'language forms',
    query: [{ param: P.ch, about: 'Draw among the verses of this chapter (never its colophon).' }, P.speaker, { param: P.meter, about: 'Draw among the verses of these meters (each verse under one, as /meters lists them).' }, ...PROJECTION],
    responses: { '200': verseJson('A verse record, drawn uniformly from the verses that match the filters (never a colophon); projected when lang, authors or fields are given, its transliteration written with IAST marks when marks=iast.', randomHeaders), '404': notFound('verse'), ...METER_PENDING },
    tool: {
      name: 'random_verse',
      rank: 40,
      title: 'A random verse',
      description: (f) => `A verse of the Bhagavad Gita drawn at random (never a chapter colophon), optionally from one chapter and/or one speaker (${f.speakers.map((s) => s.slug ?? s.name).join(', ')}).`,
      args: ['ch', 'speaker', ...TOOL_PROJECTION],
      about: { ch: 'Draw from this chapter only.', speaker: "Draw from this speaker's verses only.", marks: TOOL_MARKS },
      cost: { of: 'draw' },
      run: (): Promise<ToolRun> => import('../../mcp/answered.ts').then((m) => m.randomVerse),
    },
  }),
  route({
    id: 'today',
    client: 'today',
    path: '/slok/today',
    methods: READ,
    access: 'metered',
    files: 'lang',
    summary: "The verse of the day: the same for everybody during a UTC day, picked from the date as the build picks it (so every server and a static host rebuilt daily agree); ?date=YYYY-MM-DD gives another day's. Takes lang, authors, fields, marks.",
    example: '/slok/today?lang=en',
    notFound: 'verse',
    file: FILES.today(),
    madeBy: 'language forms',
    query: [P.date, ...PROJECTION],
    responses: {
      '200': verseJson('The verse of the day (of ?date=, else today in UTC): the same record for everybody that day. Cache-Control: public, max-age is the seconds left to the next midnight UTC (a day for ?date=).'),
      '304': notModified,
      '404': notFound('verse'),
    },
    tool: {
      name: 'verse_of_the_day',
      rank: 50,
      title: 'Verse of the day',
      description: "The verse of the day: the same for everybody during a UTC day (the API's /slok/today and the daily card agree on it). Give date (YYYY-MM-DD) for another day's; without it, today's (UTC).",
      args: ['date', ...TOOL_PROJECTION],
      about: { marks: TOOL_MARKS },
      cost: { of: 'draw' },
      run: (): Promise<ToolRun> => import('../../mcp/answered.ts').then((m) => m.verseOfTheDay),
    },
  }),
  route({
    id: 'verse',
    client: 'verse',
    path: '/slok/{ch}/{sl}',
    methods: READ,
    access: 'metered',
    files: 'lang',
    file: FILES.verse('{ch}', '{sl}'),
    held: true,
    summary: 'One verse record; sl runs from 1 to verses_count + 1 (the chapter colophon). Takes lang, authors, fields, marks.',
    example: '/slok/2/47',
    notFound: 'verse',
    query: PROJECTION,
    responses: {
      '200': verseJson('The verse record, exactly as the content holds it; projected when lang, authors or fields are given, its transliteration written with IAST marks when marks=iast. The static form of lang is the file en.json (hi.json, sa.json) beside index.json; marks=iast has none (the client in static mode writes the transliteration so itself, with the same rule).'),
      '304': notModified,
      '404': notFound('verse'),
    },
    components: () => import('../../content/record-schemas.ts').then((m) => m.verseSchemas()),
  }),
  route({
    id: 'verse-range',
    path: '/slok/{ch}/{from}-{to}',
    methods: READ,
    access: 'metered',
    summary: 'The records from..to of one chapter, in order, as one array; to runs up to verses_count + 1 (the colophon). from after to is 400. Takes lang, authors, fields, marks.',
    example: '/slok/2/47-50?lang=en',
    notFound: 'verse',
    query: PROJECTION,
    responses: {
      '200': ok(`The records from..to of the chapter, in order; projected when lang, authors or fields are given, their transliterations written with IAST marks when marks=iast. A static host has no ranges: the client asks for each verse's file. An answer over ${STREAMED_ANSWER_BYTES / 1024 / 1024} MB is compressed (brotli 4, gzip 4) when first asked in a coding, and kept so.`, json({ type: 'array', minItems: 1, items: verseOrProjection }), fixedHeaders),
      '304': notModified,
      '400': { description: 'from after to: the range runs backwards (the message says how to write it).' },
      '404': notFound('verse'),
    },
  }),
  route({
    id: 'verses',
    client: 'verses',
    path: '/verses',
    methods: READ,
    access: 'metered',
    summary: `Verses by reference, as people cite them: ?ref=2.47, BG 2.47-50, 2:47, Gita 18.66, २.४७, a range across chapters (2.72-3.2), a whole chapter (18), several separated by commas or semicolons; at most ${MAX_VERSES_PER_CALL} verses. Answers {"refs": canonical labels, "verses": the records in the order asked}; ?meter= keeps only the verses of those meters (/verses?ref=11&meter=upajati). Takes lang, authors, fields, marks.`,
    example: '/verses?ref=BG%202.47-50,%2018.66&lang=en',
    notFound: 'verse',
    query: [{ param: P.ref, required: true, about: `References as people write them, separated by commas or semicolons: ${REF_FORMS}. A colophon only where a part names it (2.73). At most ${MAX_VERSES_PER_CALL} verses, ${MAX_REF_PARTS} parts and ${MAX_REF_LENGTH} characters.` }, VERSES_METER, ...PROJECTION],
    responses: {
      '200': ok(`The canonical label of each part of the reference (BG2.47, BG2.47-50, BG2.72-3.2, BG18) and the records, in the order asked (a verse named twice is listed twice); projected when lang, authors or fields are given, their transliterations written with IAST marks when marks=iast. At most ${MAX_VERSES_PER_CALL} verses.`, json(schema('VersesResponse')), fixedHeaders),
      '304': notModified,
      '400': { description: `ref missing or empty, a part that cannot be read (the message names it), a range that runs backwards, more than ${MAX_VERSES_PER_CALL} verses, or records over ${MAX_ANSWER_BYTES / 1024 / 1024} MB in all (the message names the limit: narrow them with lang, authors or fields).`, content: errorContent(REF_ERROR) },
      '404': notFound('verse'),
      ...METER_PENDING,
    },
    // Its answer's schema (VersesResponse), /verses/{ref}'s too.
    components: () => import('../../content/service-schemas.ts').then((m) => m.versesSchemas()),
    tool: {
      name: 'get_verses',
      rank: 10,
      title: 'Get verses by reference',
      description: `Verses of the Bhagavad Gita by reference, as people cite them: "2.47", "BG 2.47", "Gita 2:47", "2.47-50", "2.72-3.2" (across chapters), "12" (a whole chapter), several separated by commas ("2.47, 18.66"). At most ${MAX_VERSES_PER_CALL} verses per call. Returns each verse's Sanskrit, transliteration (with IAST marks) and a translation with its author; structuredContent has refs (canonical labels) and the records (marks="iast" writes their transliteration as the text does). Without lang or authors a record carries every commentary: pass lang="en" (and authors such as ["siva"]) for shorter answers.`,
      args: ['ref', ...TOOL_PROJECTION],
      about: { ref: 'The reference: "2.47", "BG 2.47-50", "18.65-66", "2.72-3.2", "12", or several separated by commas.', marks: TOOL_MARKS },
      cost: { of: 'ref' },
      run: (): Promise<ToolRun> => import('../../mcp/answered.ts').then((m) => m.getVerses),
    },
  }),
  route({
    id: 'verses-ref',
    path: '/verses/{ref}',
    methods: READ,
    access: 'metered',
    summary: 'The same answer as /verses?ref=, the reference in the path (percent-encoded where it has spaces): /verses/2.47-50, /verses/BG%202.47, /verses/II.47,18.66. Takes lang, authors, fields, marks.',
    example: '/verses/2.47-50',
    notFound: 'verse',
    query: [{ param: P.ref, about: 'Refused here: the reference is in the path.' }, VERSES_METER, ...PROJECTION],
    responses: {
      '200': ok('As /verses?ref=: the canonical labels and the records, in the order asked.', json(schema('VersesResponse')), fixedHeaders),
      '304': notModified,
      '400': { description: 'As /verses?ref= (the same messages); also a reference given both in the path and as ?ref=.', content: errorContent(REF_ERROR) },
      '404': notFound('verse'),
      ...METER_PENDING,
    },
  }),
] as const;
