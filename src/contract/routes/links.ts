// What the commentaries cite: a verse's links to other verses, and the other
// works cited, one name however abbreviated. The answers' schemas
// (VerseLinks, Works, WorkCitations) are declared once with their types, in
// src/content/link-schemas.ts, and loaded by the first route's `components`;
// their files are made by the routes' builders (publish/links.ts).
import { fixedHeaders, json, notFound, notModified, ok, schema } from '../responses.ts';
import { READ, route } from '../route.ts';
import type { ToolRun } from '../route.ts';
import { TOOL_VERSE } from './verses.ts';

export const LINK_ROUTES = [
  route({
    id: 'verse-links',
    client: 'links',
    answers: { type: 'VerseLinks', from: 'content/link-shapes' },
    clientAbout: "The verse's links, mined from its commentaries: the verses they cite, the commentaries of other verses that cite it, the groups of verses they are written on, the other works they cite.",
    path: '/slok/{ch}/{sl}/links',
    methods: READ,
    access: 'metered',
    aliases: ['/slok/{ch}/{sl}/links.json'],
    file: '/slok/{ch}/{sl}/links.json',
    madeBy: 'links',
    build: (input) => import('../../publish/links.ts').then((m) => m.verseLinkFiles(input)),
    summary: "The verse's links, mined from the commentaries: {ref, cites: [{to, by, field, text, at}] (other verses its commentaries cite; to in the canonical form of /verses, BG7.16-18; at: every place in the field's text it is written, [start, end)), citedBy: [{from, by, field, text}] (the commentaries of other verses that cite it), covers: [{by, field, range}] (its commentaries written on a group of verses), external: [{work, loc, by, field, text}] (other works cited; work null where none is written)}.",
    example: '/slok/3/5/links',
    notFound: 'verse',
    needs: ['links'],
    query: [],
    responses: {
      '200': ok("The verse's links mined from the commentaries (statically: slok/C/V/links.json): the verses they cite, the commentaries that cite it, the groups of verses its commentaries are written on, the other works cited. Every cites has its citedBy on the verse it names.", json(schema('VerseLinks')), fixedHeaders),
      '304': notModified,
      '404': notFound('verse'),
    },
    components: () => import('../../content/link-schemas.ts').then((m) => m.linkSchemas()),
    tool: {
      name: 'get_links',
      rank: 80,
      title: 'What cites a verse, and what its commentaries cite',
      description: 'The links of one verse, mined from its 22 commentaries: cites (other Gita verses its commentaries cite, as BG2.47 or BG7.16-18, with the commentary key, field and the citation as written), citedBy (the commentaries of other verses that cite it), covers (its commentaries written on a group of verses), external (other works cited: Upaniṣads, Brahma-sūtra, Mahābhārata, Purāṇas..., with the place in them). For following a verse through the commentaries.',
      args: ['ch', 'sl'],
      about: TOOL_VERSE,
      cost: { of: 'file', verses: 1 },
      run: (): Promise<ToolRun> => import('../../mcp/tools.ts').then((m) => m.getLinks),
    },
  }),
  route({
    id: 'works',
    client: 'works',
    answers: { type: 'WorksList', from: 'content/link-shapes' },
    clientAbout: 'Every other work the commentaries cite, one name however abbreviated, most cited first; the abbreviations no name is known for apart.',
    path: '/works',
    methods: READ,
    access: 'metered',
    aliases: ['/works.json'],
    file: '/works.json',
    madeBy: 'links',
    build: (input) => import('../../publish/links.ts').then((m) => m.worksFile(input)),
    summary: 'Every other work the commentaries cite, under one name however it is abbreviated, most cited first: {works: [{work, slug, written, count}], unnamed: [{written, count}], unlabelled} (abbreviations no name is known for, as written, counted apart; and how many places are cited with no work written before them).',
    example: '/works',
    notFound: 'resource',
    needs: ['links'],
    query: [],
    responses: { '200': ok('Every other work the commentaries cite, one name however abbreviated, most cited first, and the abbreviations no name is known for counted apart (statically: works.json).', json(schema('Works')), fixedHeaders), '304': notModified },
  }),
  route({
    id: 'work',
    client: 'work',
    path: '/works/{work}',
    methods: READ,
    access: 'metered',
    aliases: ['/works/{work}.json'],
    file: '/works/{work}.json',
    madeBy: 'links',
    build: (input) => import('../../publish/links.ts').then((m) => m.workFiles(input)),
    summary: "One work's citations by verse and commentator, the work by its slug as /works lists it (chandogya-upanisad): {work, slug, written, count, citations: [{ref, by, field, loc, text}]}; a work the commentaries do not cite is 404.",
    example: '/works/chandogya-upanisad',
    notFound: 'resource',
    needs: ['links'],
    query: [],
    responses: { '200': ok("One work's citations by verse and commentator (statically: works/{work}.json).", json(schema('WorkCitations')), fixedHeaders), '304': notModified, '404': notFound('resource') },
  }),
] as const;
