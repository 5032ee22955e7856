// The chapters, and who wrote what: the records of the 18 chapters, a
// chapter's verses in one list, and every commentary described.
import { CHAPTER_COUNT } from '../../content/schema.ts';
import { FILES } from '../../layout.ts';
import { fixedHeaders, json, notFound, notModified, ok, schema, verseOrProjection } from '../responses.ts';
import { READ, route } from '../route.ts';
import type { ToolRun } from '../route.ts';
import { PATH_PARAMETERS } from '../path-parameters.ts';
import { PROJECTION } from './verses.ts';

export const CHAPTER_ROUTES = [
  route({
    id: 'chapters',
    client: 'chapters',
    path: '/chapters',
    methods: READ,
    access: 'metered',
    files: 'index',
    aliases: ['/chapter'],
    file: FILES.chapters,
    held: true,
    summary: 'The 18 chapter records, ordered by chapter_number.',
    example: '/chapters',
    notFound: 'chapter',
    query: [],
    responses: { '200': ok('The chapter records, ordered by chapter_number.', json({ type: 'array', minItems: CHAPTER_COUNT, maxItems: CHAPTER_COUNT, items: schema('Chapter') }), fixedHeaders), '304': notModified },
  }),
  route({
    id: 'chapter-verses',
    client: 'chapterVerses',
    path: '/chapter/{ch}/slok',
    methods: READ,
    access: 'metered',
    files: 'lang',
    file: FILES.chapterVerses('{ch}'),
    madeBy: 'language forms',
    summary: "A chapter's verse records in one array, in order: verses 1 to verses_count, then the colophon. Takes lang, authors, fields, marks.",
    example: '/chapter/3/slok?lang=en&authors=siva',
    notFound: 'chapter',
    query: PROJECTION,
    responses: {
      '200': ok("The chapter's verse records in order, verses 1 to verses_count and then the colophon; projected when lang, authors or fields are given (statically: chapter/C/slok/index.json, en.json, hi.json, sa.json); the transliterations written with IAST marks when marks=iast (no static form: the client in static mode writes them so itself).", json({ type: 'array', minItems: 2, items: verseOrProjection }), fixedHeaders),
      '304': notModified,
      '404': notFound('chapter'),
    },
  }),
  route({
    id: 'chapter',
    client: 'chapter',
    path: '/chapter/{ch}',
    methods: READ,
    access: 'metered',
    files: 'index',
    file: FILES.chapter('{ch}'),
    held: true,
    summary: 'One chapter record. Without a number, /chapter answers the list, as /chapters does.',
    example: '/chapter/2',
    notFound: 'chapter',
    query: [],
    responses: { '200': ok('The chapter record.', json(schema('Chapter')), fixedHeaders), '304': notModified, '404': notFound('chapter') },
    tool: {
      name: 'get_chapter',
      rank: 30,
      title: 'Get a chapter',
      description: (f) => `One chapter of the Bhagavad Gita (1 to ${f.versesPerChapter.length}): its Sanskrit name, transliteration, English title, meaning, number of verses and summary (English and Hindi). For its verses, call get_verses with the chapter number as ref.`,
      args: ['ch'],
      about: { ch: 'The chapter number.' },
      cost: { of: 'file', verses: 0 },
      run: (): Promise<ToolRun> => import('../../mcp/tools.ts').then((m) => m.getChapter),
    },
  }),
  route({
    id: 'authors',
    client: 'authors',
    path: '/authors',
    methods: READ,
    access: 'metered',
    files: 'index',
    file: FILES.authors,
    held: true,
    summary: 'Every commentary described, in the order of the records: its key and author, and for each text field its language (en, hi, sa), its kind (translation, commentary, or word-by-word and commentary), on how many of the 701 verses its text is real (not a placeholder), the errata and repairs applied; the repairs by rule, and where the texts come from (upstream at its pinned commit, GPL-3.0).',
    example: '/authors',
    notFound: 'resource',
    query: [],
    responses: { '200': ok('Every commentary described, one entry per key in the order of the records (statically: authors/index.json).', json({ type: 'array', minItems: 1, items: schema('Author') }), fixedHeaders), '304': notModified },
    tool: {
      name: 'get_authors',
      rank: 130,
      title: 'The translators and commentators',
      description: (f) => `Who wrote the ${f.commentaries.length} translations and commentaries, by key (what authors= takes): for each text field its language (en, hi, sa), its kind (translation, commentary, or word-by-word and commentary), on how many of the ${f.verses} verses it has a real text, and the corrections applied; where the texts come from and their license. Give key for one.`,
      args: [],
      // One tool for /authors and /authors/{key}: the key of the one.
      also: { key: { param: PATH_PARAMETERS.key, about: 'One commentary key; without it, every one.' } },
      // Every commentary's entry: the most either answers.
      cost: { of: 'file', verses: 0 },
      run: (): Promise<ToolRun> => import('../../mcp/tools.ts').then((m) => m.getAuthors),
    },
  }),
  route({
    id: 'author',
    client: 'author',
    path: '/authors/{key}',
    methods: READ,
    access: 'metered',
    files: 'index',
    file: FILES.author('{key}'),
    held: true,
    summary: 'One commentary described, by its key (as /authors lists it); a key the content has not is 404.',
    example: '/authors/siva',
    notFound: 'resource',
    query: [],
    responses: { '200': ok('One commentary described (statically: authors/{key}/index.json).', json(schema('Author')), fixedHeaders), '304': notModified, '404': notFound('resource') },
  }),
] as const;
