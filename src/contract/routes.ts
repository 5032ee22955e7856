// The routes of the API, one entry each, defined once: the server matches
// requests with them (match.ts) and answers each with its handler
// (src/http/handlers/), and the docs page, the OpenAPI document, the static
// hosts' files and the tests read them. Adding a route (the compiler asks for
// each of the last three, all typed by route id):
// 1. its path in route-paths.ts;
// 2. its entry here;
// 3. the query parameters it takes in query-rules.ts (ROUTE_QUERY: [] for none);
// 4. its handler in src/http/handlers/, registered in handlers/index.ts;
// 5. what it answers in src/docs/openapi.ts (OPERATIONS).
// Then its tests (test/http/), and `npm run docs` for the API reference.
import { MAX_VERSES_PER_CALL } from '../content/citations.ts';
import { DCS_ATTRIBUTION } from '../content/dcs/attribution.ts';
import { GUIDES } from '../guides.ts';
import { FILES, type BuildPart, type LangForm, type Theme } from '../layout.ts';
import type { NotFoundKind } from './errors.ts';
import { MCP_MAX_BODY } from './limits.ts';
import { ROUTE_PATHS, type RouteId } from './route-paths.ts';
import { MCP_RESOURCES, MCP_TOOLS } from './mcp.ts';

export type { RouteId } from './route-paths.ts';

/**
 * Who may call a route. open: anybody, neither counted nor limited (how to
 * learn about the API and get a key). metered: the gate (gate.ts) checks the
 * key and counts the request against a daily quota. key: needs the caller's
 * own key (even with GITA_AUTH=off), and is neither counted nor limited.
 */
/** What a path says, beyond its route: typed by the parameter's name. */
export interface Params {
  /** A chapter (1 to the chapter count). */
  ch?: number;
  /** A verse of `ch` (1 to its verses_count + 1, the colophon). */
  sl?: number;
  /** The first and last verse of a range of `ch` (same bounds as sl). */
  from?: number;
  to?: number;
  /** A file name: one segment, decoded, never . or .. nor with a slash, backslash or NUL in it (its handler checks it names a file). */
  file?: string;
  /** A commentary key as a name (route-paths.ts AUTHOR_KEY); the file it names says whether the content has it. */
  key?: string;
  /** A reference as people write it (/verses/BG%202.47-50), one segment, decoded; its handler reads it (content/citations.ts). */
  ref?: string;
  /** A lemma as asked (IAST, ASCII or Devanagari), decoded; its handler checks its spelling (400) and finds its file (404). */
  lemma?: string;
  /** A work's slug (route-paths.ts WORK_SLUG); the file it names says whether the commentaries cite it. */
  work?: string;
  /** A guide's name (src/guides.ts): only those are matched. */
  guide?: string;
  /** A theme the card's name forces (gita-dark.svg); auto for gita.svg. */
  theme?: Theme;
  /** A language the file name names (en.json). */
  lang?: LangForm;
}

export type Access = 'open' | 'metered' | 'key';

export interface RouteSpec {
  id: RouteId;
  /** OpenAPI form, parameters in braces (from route-paths.ts). */
  path: string;
  methods: readonly string[];
  access: Access;
  summary: string;
  /** A path to try it with, for the docs page and the link-following test. */
  example: string;
  /** Which 404 wording this route's family answers with. */
  notFound: NotFoundKind;
  /** Answers something new on every call (Cache-Control: no-store). */
  random?: boolean;
  /** The path also ends in a file name of the static build: `index` (index.json), or `lang` (index.json or en.json, hi.json, sa.json: a language). */
  files?: 'index' | 'lang';
  /** The last segment, a card's name (gita.svg), also takes a theme: gita-light.svg, gita-dark.svg. */
  themed?: boolean;
  /** Other paths of the same resource (the static file's name: /slok/{ch}/{sl}/words.json). */
  aliases?: readonly string[];
  /** The file held in memory that a matched path names; a path whose file is not in dist/ is not found. Resolved once per path. */
  held?: (p: Params) => string;
  /** Answers an HTML page for people: its family's 404 (a path under its first segment that no route takes) is an HTML page too. */
  page?: boolean;
  /** The parts of dist/ it answers from, which a fresh `npm start` builds after it starts serving: 503 with Retry-After until then. */
  needs?: readonly BuildPart[];
  /** Its work goes through a worker's bounded pool (limits.ts): 503 with Retry-After when the pool is full. */
  pool?: 'png' | 'search';
}

const READ = ['GET', 'HEAD'] as const;
const POST = ['POST'] as const;

export const ROUTES: readonly RouteSpec[] = [
  { id: 'random-verse', path: ROUTE_PATHS['random-verse'], methods: READ, access: 'metered', summary: 'A random verse record, uniform over the verses (never a colophon); ?ch=C and ?speaker= (krishna, arjuna, sanjaya, dhritarashtra) narrow the draw and combine. Takes lang, authors, fields.', example: '/slok?speaker=arjuna', notFound: 'verse', random: true },
  { id: 'today', path: ROUTE_PATHS.today, methods: READ, access: 'metered', files: 'lang', summary: 'The verse of the day: the same for everybody during a UTC day, picked from the date as the build picks it (so every server and a static host rebuilt daily agree); ?date=YYYY-MM-DD gives another day\'s. Takes lang, authors, fields.', example: '/slok/today?lang=en', notFound: 'verse' },
  { id: 'today-card', path: ROUTE_PATHS['today-card'], methods: READ, access: 'metered', themed: true, summary: 'The card of the verse of the day (gita-light.svg and gita-dark.svg beside it force a theme); ?date= as on /slok/today.', example: '/slok/today/gita.svg', notFound: 'verse', needs: ['cards'] },
  { id: 'today-card-png', path: ROUTE_PATHS['today-card-png'], methods: READ, access: 'metered', themed: true, summary: 'The card of the verse of the day as a PNG, 1200x630 for link previews (gita.png is the light picture; gita-light.png, gita-dark.png); ?date= as on /slok/today.', example: '/slok/today/gita.png', notFound: 'verse', needs: ['cards'], pool: 'png' },
  { id: 'verse', path: ROUTE_PATHS.verse, methods: READ, access: 'metered', files: 'lang', held: (p) => FILES.verse(p.ch!, p.sl!), summary: 'One verse record; sl runs from 1 to verses_count + 1 (the chapter colophon). Takes lang, authors, fields.', example: '/slok/2/47', notFound: 'verse' },
  { id: 'verse-words', path: ROUTE_PATHS['verse-words'], methods: READ, access: 'metered', aliases: ['/slok/{ch}/{sl}/words.json'], summary: "The verse word by word: its words in the verse's order, each with its IAST and its English meaning (Swami Sivananda's word-by-word list, siva.ec), as [{word, transliteration, meaning}]; [] for a verse without a list and for the colophons.", example: '/slok/2/47/words', notFound: 'verse', needs: ['word analysis'] },
  { id: 'verse-analysis', path: ROUTE_PATHS['verse-analysis'], methods: READ, access: 'metered', aliases: ['/slok/{ch}/{sl}/analysis.json'], summary: `The verse word by word as the Digital Corpus of Sanskrit analyses it, speaker lines included: {ref, words: [{form, unsandhied, lemma, pos, features, token, grammar}]}: FORM, the Unsandhied form, LEMMA, UPOS and FEATS (an object, {} when empty) as the DCS gives them, the sandhi string the word stands in, the grammar in words (locative singular neuter). words: [] and a note for BG13.1 (not in the Critical Edition) and the colophons. ${DCS_ATTRIBUTION}.`, example: '/slok/2/47/analysis', notFound: 'verse', needs: ['word analysis'] },
  { id: 'verse-links', path: ROUTE_PATHS['verse-links'], methods: READ, access: 'metered', aliases: ['/slok/{ch}/{sl}/links.json'], summary: 'The verse\'s links, mined from the commentaries: {ref, cites: [{to, by, field, text}] (other verses its commentaries cite; to in the canonical form of /verses, BG7.16-18), citedBy: [{from, by, field, text}] (the commentaries of other verses that cite it), covers: [{by, field, range}] (its commentaries written on a group of verses), external: [{work, loc, by, field, text}] (other works cited)}.', example: '/slok/3/5/links', notFound: 'verse', needs: ['links'] },
  { id: 'works', path: ROUTE_PATHS.works, methods: READ, access: 'metered', aliases: ['/works.json'], summary: 'Every other work the commentaries cite, under one name however it is abbreviated, most cited first: {works: [{work, slug, written, count}], unnamed: [{written, count}]} (abbreviations no name is known for, as written, counted apart).', example: '/works', notFound: 'resource', needs: ['links'] },
  { id: 'work', path: ROUTE_PATHS.work, methods: READ, access: 'metered', aliases: ['/works/{work}.json'], summary: 'One work\'s citations by verse and commentator, the work by its slug as /works lists it (chandogya-upanisad): {work, slug, written, count, citations: [{ref, by, field, loc, text}]}; a work the commentaries do not cite is 404.', example: '/works/chandogya-upanisad', notFound: 'resource', needs: ['links'] },
  { id: 'lemma', path: ROUTE_PATHS.lemma, methods: READ, access: 'metered', aliases: ['/lemma/{lemma}.json'], summary: `Every occurrence of a lemma in verse order: {lemma, pos, count, occurrences: [{ref, position, form, unsandhied, pos, features, grammar}]}. The lemma in IAST (ātman), in ASCII as people type it (atman), or in Devanagari (आत्मन्); an exact spelling answers that lemma and names in also the others typed the same in ASCII; an ASCII spelling that is no lemma and that several lemmas share answers all of them, {query, lemmas: [...]}. An unknown lemma is 404; a spelling that cannot be a lemma is 400. ${DCS_ATTRIBUTION}.`, example: '/lemma/karman', notFound: 'resource', needs: ['word analysis'] },
  { id: 'lemmas', path: ROUTE_PATHS.lemmas, methods: READ, access: 'metered', aliases: ['/lemmas.json'], summary: `Every lemma of the Gita with its parts of speech and count, most frequent first: {count, lemmas: [{lemma, pos, count}]}. ${DCS_ATTRIBUTION}.`, example: '/lemmas', notFound: 'resource', needs: ['word analysis'] },
  { id: 'verse-range', path: ROUTE_PATHS['verse-range'], methods: READ, access: 'metered', summary: 'The records from..to of one chapter, in order, as one array; to runs up to verses_count + 1 (the colophon). from after to is 400. Takes lang, authors, fields.', example: '/slok/2/47-50?lang=en', notFound: 'verse' },
  { id: 'verses', path: ROUTE_PATHS.verses, methods: READ, access: 'metered', summary: `Verses by reference, as people cite them: ?ref=2.47, BG 2.47-50, 2:47, Gita 18.66, २.४७, a range across chapters (2.72-3.2), a whole chapter (18), several separated by commas or semicolons; at most ${MAX_VERSES_PER_CALL} verses. Answers {"refs": canonical labels, "verses": the records in the order asked}. Takes lang, authors, fields.`, example: '/verses?ref=BG%202.47-50,%2018.66&lang=en', notFound: 'verse' },
  { id: 'verses-ref', path: ROUTE_PATHS['verses-ref'], methods: READ, access: 'metered', summary: 'The same answer as /verses?ref=, the reference in the path (percent-encoded where it has spaces): /verses/2.47-50, /verses/BG%202.47, /verses/II.47,18.66. Takes lang, authors, fields.', example: '/verses/2.47-50', notFound: 'verse' },
  { id: 'search', path: ROUTE_PATHS.search, methods: READ, access: 'metered', summary: 'Search the 701 verses: English and Hindi translations, and the verse in Devanagari or its transliteration, typed as people type Sanskrit (IAST with or without diacritics, or plain ASCII: karmanye vadhikaraste); lang, ch, speaker and limit narrow it; format=html answers a page.', example: '/search?q=karmanye%20vadhikaraste', notFound: 'resource', pool: 'search', needs: ['search'] },
  { id: 'chapters', path: ROUTE_PATHS.chapters, methods: READ, access: 'metered', files: 'index', aliases: ['/chapter'], held: () => FILES.chapters, summary: 'The 18 chapter records, ordered by chapter_number.', example: '/chapters', notFound: 'chapter' },
  { id: 'chapter-verses', path: ROUTE_PATHS['chapter-verses'], methods: READ, access: 'metered', files: 'lang', summary: "A chapter's verse records in one array, in order: verses 1 to verses_count, then the colophon. Takes lang, authors, fields.", example: '/chapter/3/slok?lang=en&authors=siva', notFound: 'chapter' },
  { id: 'chapter', path: ROUTE_PATHS.chapter, methods: READ, access: 'metered', files: 'index', held: (p) => FILES.chapter(p.ch!), summary: 'One chapter record. Without a number, /chapter answers the list, as /chapters does.', example: '/chapter/2', notFound: 'chapter' },
  { id: 'authors', path: ROUTE_PATHS.authors, methods: READ, access: 'metered', files: 'index', held: () => FILES.authors, summary: 'Every commentary described, in the order of the records: its key and author, and for each text field its language (en, hi, sa), its kind (translation, commentary, or word-by-word and commentary), on how many of the 701 verses its text is real (not a placeholder), the errata and repairs applied; the repairs by rule, and where the texts come from (upstream at its pinned commit, GPL-3.0).', example: '/authors', notFound: 'resource' },
  { id: 'author', path: ROUTE_PATHS.author, methods: READ, access: 'metered', files: 'index', held: (p) => FILES.author(p.key!), summary: 'One commentary described, by its key (as /authors lists it); a key the content has not is 404.', example: '/authors/siva', notFound: 'resource' },
  { id: 'card', path: ROUTE_PATHS.card, methods: READ, access: 'metered', themed: true, summary: 'A verse card (SVG): a random verse; ?ch=C and ?speaker= narrow the draw; ?ch=C&sl=V that verse; ?theme=light|dark forces a theme.', example: '/gita.svg?ch=2&sl=47', notFound: 'verse', needs: ['cards'], random: true },
  { id: 'verse-card', path: ROUTE_PATHS['verse-card'], methods: READ, access: 'metered', themed: true, held: (p) => FILES.card(p.ch!, p.sl!), summary: 'The card of one verse; gita-light.svg and gita-dark.svg beside it (or ?theme=) force a theme.', example: '/slok/2/47/gita.svg', notFound: 'verse', needs: ['cards'] },
  { id: 'card-png', path: ROUTE_PATHS['card-png'], methods: READ, access: 'metered', themed: true, summary: 'A verse card as a PNG, 1200x630 for link previews: the same queries as /gita.svg (?ch=, ?speaker=, ?ch=C&sl=V, ?theme=); gita.png is the light picture, gita-dark.png the dark one.', example: '/gita.png?ch=2&sl=47', notFound: 'verse', needs: ['cards'], random: true, pool: 'png' },
  { id: 'verse-card-png', path: ROUTE_PATHS['verse-card-png'], methods: READ, access: 'metered', themed: true, held: (p) => FILES.card(p.ch!, p.sl!), summary: 'The card of one verse as a PNG, 1200x630 (gita.png light; gita-light.png, gita-dark.png, or ?theme=).', example: '/slok/2/47/gita.png', notFound: 'verse', needs: ['cards'], pool: 'png' },
  { id: 'docs', path: ROUTE_PATHS.docs, methods: READ, access: 'open', summary: 'This documentation (HTML).', example: '/', notFound: 'resource' },
  { id: 'guide', path: ROUTE_PATHS.guide, methods: READ, access: 'open', summary: `A guide by subject (HTML): ${GUIDES.map((g) => g.name).join(', ')}.`, example: '/docs/api', notFound: 'resource', page: true },
  { id: 'pricing', path: ROUTE_PATHS.pricing, methods: READ, access: 'open', summary: 'The free license: what a key gives and how to get one (HTML).', example: '/pricing', notFound: 'resource' },
  { id: 'openapi', path: ROUTE_PATHS.openapi, methods: READ, access: 'open', summary: 'The OpenAPI 3.1 description of the API.', example: '/openapi.json', notFound: 'resource' },
  { id: 'usage', path: ROUTE_PATHS.usage, methods: READ, access: 'key', summary: "Your key's own usage and limit (needs a key).", example: '/usage', notFound: 'resource' },
  { id: 'healthz', path: ROUTE_PATHS.healthz, methods: READ, access: 'open', summary: 'Health: what the server serves, whether its stores are reachable, and whether its build is whole (ready; pending: the parts a fresh start still makes). 200 whenever the process answers.', example: '/healthz', notFound: 'resource' },
  { id: 'register', path: ROUTE_PATHS.register, methods: POST, access: 'open', summary: 'Register for a free key (form or JSON: name, email, intended use).', example: '/pricing', notFound: 'resource' },
  { id: 'read-verse', path: ROUTE_PATHS['read-verse'], methods: READ, access: 'metered', page: true, summary: 'A verse to read (HTML, no JavaScript): the Devanagari, transliteration and speaker, a translation (?lang=en|hi, ?author=KEY; default: the card\'s), its words, the other translators, the previous and next verse; Open Graph and Twitter tags (og:image: its PNG card), a canonical link, JSON-LD. An unknown verse: the verse 404 as a page.', example: '/read/2/47', notFound: 'verse', needs: ['word analysis', 'links'] },
  { id: 'read-chapter', path: ROUTE_PATHS['read-chapter'], methods: READ, access: 'metered', page: true, summary: 'A chapter to read (HTML): its name, meaning and summary (?lang=en|hi), and every verse with the start of its translation (?author=KEY).', example: '/read/2', notFound: 'verse' },
  { id: 'read-lemma', path: ROUTE_PATHS['read-lemma'], methods: READ, access: 'metered', page: true, summary: `A lemma to read (HTML): every verse where it occurs, the verse's words as the DCS divides them with the occurrence highlighted, its form and grammar; the lemma as /lemma/{lemma} takes it (IAST, ASCII, Devanagari). ${DCS_ATTRIBUTION}.`, example: '/read/lemma/karman', notFound: 'verse', needs: ['reading pages'] },
  { id: 'download', path: ROUTE_PATHS.download, methods: READ, access: 'metered', summary: 'The whole Gita in one file, for offline use: gita.json ({chapters, verses}), gita.ndjson (one record a line), gita.sqlite (tables and an FTS5 index; /docs/downloads). Their sizes and SHA-256 are in /manifest.json; brotli and gzip when asked.', example: '/downloads/gita.json', notFound: 'resource', needs: ['downloads'] },
  { id: 'mcp', path: ROUTE_PATHS.mcp, methods: POST, access: 'metered', summary: `The Model Context Protocol server for AI assistants (Streamable HTTP, stateless: one JSON-RPC message or batch per POST, answered as JSON): tools ${MCP_TOOLS.join(', ')}; resources ${MCP_RESOURCES.join(', ')}. Metered as route mcp; the key as x-api-key or Authorization: Bearer. A body over ${MCP_MAX_BODY / 1024} kB is 413.`, example: '/mcp', notFound: 'resource' },
];

export const ROUTE = Object.fromEntries(ROUTES.map((r) => [r.id, r])) as Record<RouteId, RouteSpec>;

/** Does the route answer this method? (Every GET route answers HEAD too.) */
export const allows = (route: RouteSpec, method: string) => route.methods.includes(method) || (method === 'HEAD' && route.methods.includes('GET'));
