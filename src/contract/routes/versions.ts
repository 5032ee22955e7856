// The versions: translations beyond the records' 22 commentaries, each a
// resource with its license and credit (Quran.com's translations, Sefaria's
// versions). The records of /slok stay as they are; a verse's texts in the
// versions are beside them. The list's and a version's schemas (Versions,
// Version, VersionAudited) are declared once with their types, in
// src/content/versions/schemas.ts, and loaded by the list's `components`;
// VerseVersions stays here: its type is a union (a text, or missing: true)
// its schema has always written as one object, and generating it from the
// type would change the component. Their files are made by the routes'
// builders (publish/versions.ts).
import { PARAMETERS as P } from '../parameters.ts';
import { fixedHeaders, json, notFound, notModified, ok, schema } from '../responses.ts';
import { READ, route } from '../route.ts';
import type { ToolRun } from '../route.ts';
import { TOOL_VERSE } from './verses.ts';

const text = (description: string) => ({ type: 'string', description });

const NOTE = { type: 'object', required: ['call', 'text'], additionalProperties: false, properties: { call: text('The mark that stands in the text as [call].'), text: text("The translator's footnote.") } };

export const VERSION_ROUTES = [
  route({
    id: 'versions',
    client: 'versions',
    answers: { type: '{ versions: Version[] }', from: 'content/versions/model' },
    clientAbout: "The versions this host holds beyond the commentaries (translations with their own license: Besant's English, a Telugu translation, an operator's own).",
    path: '/versions',
    methods: READ,
    access: 'metered',
    files: 'index',
    file: '/versions/index.json',
    madeBy: 'versions',
    build: (input) => import('../../publish/versions.ts').then((m) => m.versionListFile(input)),
    summary: 'Every version this server holds beyond the records\' 22 commentaries (translations with their own license: Besant\'s English, a Telugu translation, an operator\'s own): {versions: [{id, language, title, translator, published, license, source, credit, verses, colophons, missing}]}.',
    example: '/versions',
    notFound: 'resource',
    needs: ['versions'],
    query: [],
    schemas: {
      VerseVersions: {
        type: 'object',
        required: ['ref', 'versions'],
        additionalProperties: false,
        properties: {
          ref: text('The verse, as the records name it: BG2.47 (a colophon is its chapter\'s verses_count + 1).'),
          versions: {
            type: 'array',
            items: {
              type: 'object',
              required: ['id', 'language', 'credit', 'text'],
              additionalProperties: false,
              properties: {
                id: { type: 'string' },
                language: { type: 'string' },
                credit: text('The version\'s credit: show it with the text.'),
                text: { type: ['string', 'null'], description: 'The verse in this version; null where the version lacks it (missing: true).' },
                notes: { type: 'array', items: NOTE, description: "The translator's footnotes, each called in the text as [call]." },
                missing: { type: 'boolean', const: true, description: 'The version lacks this verse (never filled from another).' },
              },
            },
          },
        },
      },
    },
    responses: { '200': ok('The versions held beyond the commentaries (statically: versions/index.json).', json(schema('Versions')), fixedHeaders), '304': notModified },
    components: () => import('../../content/versions/schemas.ts').then((m) => m.versionSchemas()),
  }),
  route({
    id: 'version',
    client: 'version',
    path: '/versions/{version}',
    methods: READ,
    access: 'metered',
    files: 'index',
    file: '/versions/{version}/index.json',
    madeBy: 'versions',
    build: (input) => import('../../publish/versions.ts').then((m) => m.versionFiles(input)),
    summary: 'One version as /versions lists it, with its audit: the files it was read from, each repair rule\'s changes and count, the defects of the source listed and not changed; a version this server does not hold is 404.',
    example: '/versions/besant',
    notFound: 'resource',
    needs: ['versions'],
    query: [],
    responses: { '200': ok('One version and its audit (statically: versions/{version}/index.json).', json(schema('VersionAudited')), fixedHeaders), '304': notModified, '404': notFound('resource') },
  }),
  route({
    id: 'verse-versions',
    client: 'verseVersions',
    path: '/slok/{ch}/{sl}/versions',
    methods: READ,
    access: 'metered',
    aliases: ['/slok/{ch}/{sl}/versions.json'],
    file: '/slok/{ch}/{sl}/versions.json',
    madeBy: 'versions',
    build: (input) => import('../../publish/versions.ts').then((m) => m.verseVersionFiles(input)),
    summary: 'The verse in every version (or in those ?version= names, in that order): {ref, versions: [{id, language, text, notes, credit}]}; a version that lacks the verse is listed with text null and missing: true, never filled from another. The credit goes with the text wherever it is shown.',
    example: '/slok/2/47/versions?version=besant',
    notFound: 'verse',
    needs: ['versions'],
    query: [P.version],
    responses: { '200': ok('The verse in the versions (statically: slok/C/V/versions.json, all of them).', json(schema('VerseVersions')), fixedHeaders), '304': notModified, '404': notFound('verse') },
    tool: {
      name: 'get_versions',
      rank: 90,
      title: 'A verse in other translations',
      description: (f) => `One verse in the versions this server holds beyond the 22 commentaries (${f.versions.map((v) => `${v.id}: ${v.title}, ${v.language}`).join('; ') || 'none in this build'}), each with its credit, which must be shown with its text (their licenses ask for it); a version that lacks the verse says so, and is never filled from another.`,
      args: ['ch', 'sl', 'version'],
      about: { ...TOOL_VERSE, version: 'Only these versions, in this order (default: all).' },
      cost: { of: 'file', verses: 1 },
      run: (): Promise<ToolRun> => import('../../mcp/tools.ts').then((m) => m.getVersions),
    },
  }),
] as const;
