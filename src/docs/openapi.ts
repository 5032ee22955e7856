// The OpenAPI 3.1 description of the API, generated from the same sources as
// everything else: the routes (src/contract/routes.ts), the record schemas the
// importer validates with (src/content/schema.ts), the error wordings and the
// headers. Written into dist/openapi.json by the build.
import { GUIDES } from '../guides.ts';
import { FILES, LATER_PARTS, THEMES } from '../layout.ts';
import { READINESS_FIELDS } from '../contract/health.ts';
import { DEFAULT_READING_LANG, READING_LANGS } from '../pages/read.ts';
import { ALWAYS_KEPT, LANGS, LANGUAGES } from '../content/projection.ts';
import { authorSchema } from '../content/authors.ts';
import { CHAPTER_COUNT, chapterSchema, commentarySchema, verseSchema, type Schema } from '../content/schema.ts';
import { ANON_BURST, REGISTRATIONS_PER_DAY } from '../keys/policy.ts';
import { ERRORS, METHOD_NOT_ALLOWED, NOT_FOUND, type NotFoundKind } from '../contract/errors.ts';
import { CACHE_FIXED, CARD_CSP } from '../contract/headers.ts';
import { MAX_ANSWER_BYTES, MAX_HEADER_BYTES, MAX_REGISTRATION_BYTES, MAX_URL_LENGTH, MCP_MAX_BATCH, MCP_MAX_BODY, PNG_POOL, SEARCH_POOL, STREAMED_ANSWER_BYTES, USAGE_DAYS } from '../contract/limits.ts';
import { OVER_BUDGET } from '../mcp/budget.ts';
import { MAX_REF_LENGTH, MAX_REF_PARTS, MAX_VERSES_PER_CALL, readCitation, REF_FORMS } from '../content/citations.ts';

/** What /verses answers for a reference it cannot read: the reader's own message. */
const REF_EXAMPLE_ERROR = ((c) => (c.ok ? '' : c.error.message))(readCitation('John 3:16', [1, 1, 1]));
import { ROUTES, type RouteId } from '../contract/routes.ts';
import { ROUTE_PATHS, WORK_SLUG } from '../contract/route-paths.ts';
import { UPSTREAM } from '../content/upstream.ts';
import type { Manifest } from '../contract/manifest.ts';
import { SEARCHED_TRANSLATIONS } from '../search/fields.ts';
import { LIMIT_DEFAULT, LIMIT_MAX, MAX_QUERY_LENGTH, OFFSET_MAX } from '../contract/search-parameters.ts';
import { QUERY_RULES } from '../contract/query-rules.ts';
import { SNIPPET_MAX } from '../search/snippet.ts';
import { DCS_ATTRIBUTION } from '../content/dcs/attribution.ts';
import { MAX_LEMMA_LENGTH } from '../content/dcs/lemma.ts';
import { ANALYSIS_SCHEMAS } from './analysis-schemas.ts';
import { LINK_SCHEMAS } from './link-schemas.ts';

/** BG2.47's first words, as /slok/2/47/words answers them. */
const WORD_EXAMPLE = [
  { word: 'कर्मणि', transliteration: 'karmaṇi', meaning: 'in work' },
  { word: 'एव', transliteration: 'eva', meaning: 'only' },
  { word: 'अधिकारः', transliteration: 'adhikāraḥ', meaning: 'right' },
];
const schema = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const response = (name: string) => ({ $ref: `#/components/responses/${name}` });
const header = (name: string) => ({ $ref: `#/components/headers/${name}` });
const parameter = (name: string) => ({ $ref: `#/components/parameters/${name}` });

const JSON_TYPE = 'application/json';

const rateHeaders = { 'X-RateLimit-Limit': header('XRateLimitLimit'), 'X-RateLimit-Remaining': header('XRateLimitRemaining'), 'X-RateLimit-Reset': header('XRateLimitReset') };
const fixedHeaders = { ETag: header('ETag'), 'Cache-Control': header('CacheControl'), ...rateHeaders };
const randomHeaders = { 'Cache-Control': header('CacheControl'), ...rateHeaders };

/** The errors every metered API route may answer. */
const meteredErrors = { '401': response('Unauthorized'), '429': response('TooManyRequests'), '500': response('InternalError') };
const notFound = (kind: NotFoundKind) => response(`NotFound${kind[0].toUpperCase()}${kind.slice(1)}`);
const ok = (description: string, content: Record<string, unknown>, headers: Record<string, unknown> = {}) => ({ description, headers, content });
const svg = { 'image/svg+xml': { schema: { type: 'string', description: 'An SVG document.' } } };
const png = { 'image/png': { schema: { type: 'string', format: 'binary', description: 'A PNG image, 1200x630.' } } };
const PNG_NOTE = 'Drawn from the SVG card on the first request, then kept; the same bytes on every call (ETag, 304). gita.png is the light picture (a PNG cannot follow the reader\'s preference); gita-dark.png (or ?theme=dark) the dark one.';
const html = { 'text/html': { schema: { type: 'string' } } };

const errorContent = (example: string) => ({ [JSON_TYPE]: { schema: schema('Error'), example: { error: example } } });
const projectionParameters = [parameter('lang'), parameter('authors'), parameter('fields')];
/** A whole record, or (with lang, authors or fields) a projection of it. */
const verseOrProjection = { anyOf: [schema('Verse'), schema('VerseProjection')] };

/** Per route: what the operation takes and answers. Typed by RouteId, so a new route without an entry does not compile. */
const OPERATIONS: Record<RouteId, Record<string, unknown>> = {
  'random-verse': {
    parameters: [parameter('filterCh'), parameter('speaker'), ...projectionParameters],
    responses: { '200': ok('A verse record, drawn uniformly from the verses that match the filters (never a colophon); projected when lang, authors or fields are given.', { [JSON_TYPE]: { schema: verseOrProjection } }, randomHeaders), '400': response('BadRequest'), '404': notFound('verse')},
  },
  today: {
    parameters: [parameter('date'), ...projectionParameters],
    responses: {
      '200': ok('The verse of the day (of ?date=, else today in UTC): the same record for everybody that day. Cache-Control: public, max-age is the seconds left to the next midnight UTC (a day for ?date=).', { [JSON_TYPE]: { schema: verseOrProjection } }, fixedHeaders),
      '304': response('NotModified'),
      '400': response('BadRequest'),
      '404': notFound('verse'),
    },
  },
  'today-card': {
    parameters: [parameter('date'), parameter('theme')],
    responses: {
      '200': ok("The card of the verse of the day; gita-light.svg and gita-dark.svg beside it force a theme. Cached until midnight UTC.", svg, { 'Content-Security-Policy': header('CardCsp'), ...fixedHeaders }),
      '304': response('NotModified'),
      '404': notFound('verse'),
    },
  },
  'today-card-png': {
    parameters: [parameter('date'), parameter('theme')],
    responses: {
      '200': ok(`The card of the verse of the day as a PNG, 1200x630 (the size link previews use). ${PNG_NOTE} Cached until midnight UTC.`, png, fixedHeaders),
      '304': response('NotModified'),
      '404': notFound('verse'),
    },
  },
  verse: {
    parameters: projectionParameters,
    responses: { '200': ok('The verse record, exactly as the content holds it; projected when lang, authors or fields are given. The static form of lang is the file en.json (hi.json, sa.json) beside index.json.', { [JSON_TYPE]: { schema: verseOrProjection } }, fixedHeaders), '304': response('NotModified'), '400': response('BadRequest'), '404': notFound('verse')},
  },
  'verse-words': {
    responses: {
      '200': ok("The verse's words in its order (statically: slok/C/V/words.json). A compound the source keeps together is one entry.", { [JSON_TYPE]: { schema: { type: 'array', items: schema('Word') }, example: WORD_EXAMPLE } }, fixedHeaders),
      '304': response('NotModified'),
      '404': notFound('verse'),
    },
  },
  'verse-analysis': {
    responses: {
      '200': ok(`The verse's words in order, speaker lines included, as the Digital Corpus of Sanskrit analyses them (statically: slok/C/V/analysis.json); words: [] and a note for BG13.1 (not in the Critical Edition the DCS analyses) and the colophons. ${DCS_ATTRIBUTION}, apart from the GPL-3.0 verse texts.`, { [JSON_TYPE]: { schema: schema('VerseAnalysis') } }, fixedHeaders),
      '304': response('NotModified'),
      '404': notFound('verse'),
    },
  },
  lemma: {
    responses: {
      '200': ok(`Every occurrence of the lemma in verse order (statically: lemma/{lemma}.json, the IAST lemma in NFC; an ASCII spelling that is no lemma has its file too). An ASCII spelling that several lemmas share and that is none of them answers all of them. ${DCS_ATTRIBUTION}.`, { [JSON_TYPE]: { schema: { anyOf: [schema('Lemma'), schema('LemmaChoice')] } } }, fixedHeaders),
      '304': response('NotModified'),
      '400': ok('A spelling that cannot be a lemma: other than letters of IAST or ASCII, or Devanagari, or too long (the message says which).', errorContent('lemma: expected a lemma in IAST (ātman), in ASCII (atman) or in Devanagari (आत्मन्)')),
      '404': notFound('resource'),
    },
  },
  'verse-links': {
    responses: {
      '200': ok('The verse\'s links mined from the commentaries (statically: slok/C/V/links.json): the verses they cite, the commentaries that cite it, the groups of verses its commentaries are written on, the other works cited. Every cites has its citedBy on the verse it names.', { [JSON_TYPE]: { schema: schema('VerseLinks') } }, fixedHeaders),
      '304': response('NotModified'),
      '404': notFound('verse'),
    },
  },
  works: {
    responses: {
      '200': ok('Every other work the commentaries cite, one name however abbreviated, most cited first, and the abbreviations no name is known for counted apart (statically: works.json).', { [JSON_TYPE]: { schema: schema('Works') } }, fixedHeaders),
      '304': response('NotModified'),
    },
  },
  work: {
    responses: {
      '200': ok('One work\'s citations by verse and commentator (statically: works/{work}.json).', { [JSON_TYPE]: { schema: schema('WorkCitations') } }, fixedHeaders),
      '304': response('NotModified'),
      '404': notFound('resource'),
    },
  },
  lemmas: {
    responses: {
      '200': ok(`Every lemma with its parts of speech (most frequent first) and its count, most frequent lemma first (statically: lemmas.json). ${DCS_ATTRIBUTION}.`, { [JSON_TYPE]: { schema: schema('Lemmas') } }, fixedHeaders),
      '304': response('NotModified'),
    },
  },
  'verse-range': {
    parameters: projectionParameters,
    responses: {
      '200': ok(`The records from..to of the chapter, in order; projected when lang, authors or fields are given. A static host has no ranges: the client asks for each verse's file. An answer over ${STREAMED_ANSWER_BYTES / 1024 / 1024} MB is compressed (brotli 4, gzip 4) when first asked in a coding, and kept so.`, { [JSON_TYPE]: { schema: { type: 'array', minItems: 1, items: verseOrProjection } } }, fixedHeaders),
      '304': response('NotModified'),
      '400': response('BadRequest'),
      '404': notFound('verse'),
    },
  },
  verses: {
    parameters: [parameter('refQuery'), ...projectionParameters],
    responses: {
      '200': ok(`The canonical label of each part of the reference (BG2.47, BG2.47-50, BG2.72-3.2, BG18) and the records, in the order asked (a verse named twice is listed twice); projected when lang, authors or fields are given. At most ${MAX_VERSES_PER_CALL} verses.`, { [JSON_TYPE]: { schema: schema('VersesResponse') } }, fixedHeaders),
      '304': response('NotModified'),
      '400': ok(`ref missing or empty, a part that cannot be read (the message names it), a range that runs backwards, more than ${MAX_VERSES_PER_CALL} verses, or records over ${MAX_ANSWER_BYTES / 1024 / 1024} MB in all (the message names the limit: narrow them with lang, authors or fields); or a projection parameter it does not accept.`, errorContent(REF_EXAMPLE_ERROR)),
      '404': notFound('verse'),
    },
  },
  'verses-ref': {
    parameters: projectionParameters,
    responses: {
      '200': ok('As /verses?ref=: the canonical labels and the records, in the order asked.', { [JSON_TYPE]: { schema: schema('VersesResponse') } }, fixedHeaders),
      '304': response('NotModified'),
      '400': ok('As /verses?ref= (the same messages); also a reference given both in the path and as ?ref=.', errorContent(REF_EXAMPLE_ERROR)),
      '404': notFound('verse'),
    },
  },
  'chapter-verses': {
    parameters: projectionParameters,
    responses: {
      '200': ok("The chapter's verse records in order, verses 1 to verses_count and then the colophon; projected when lang, authors or fields are given (statically: chapter/C/slok/index.json, en.json, hi.json, sa.json).", { [JSON_TYPE]: { schema: { type: 'array', minItems: 2, items: verseOrProjection } } }, fixedHeaders),
      '304': response('NotModified'),
      '400': response('BadRequest'),
      '404': notFound('chapter'),
    },
  },
  search: {
    parameters: [parameter('q'), parameter('searchLang'), parameter('searchCh'), parameter('searchSpeaker'), parameter('limit'), parameter('offset'), parameter('format')],
    responses: {
      '200': ok(`The matching verses, best first (never a colophon): for each, the fields that matched best with a snippet of at most ${SNIPPET_MAX} characters and the matched ranges in it. With format=html, a page.`, { [JSON_TYPE]: { schema: schema('SearchResponse') }, ...html }, { ETag: header('ETag'), 'Cache-Control': header('CacheControl'), ...rateHeaders }),
      '304': response('NotModified'),
      '400': response('BadRequest'),
    },
  },
  chapters: {
    responses: {
      '200': ok('The chapter records, ordered by chapter_number.', { [JSON_TYPE]: { schema: { type: 'array', minItems: CHAPTER_COUNT, maxItems: CHAPTER_COUNT, items: schema('Chapter') } } }, fixedHeaders),
      '304': response('NotModified'),
    },
  },
  authors: {
    responses: {
      '200': ok('Every commentary described, one entry per key in the order of the records (statically: authors/index.json).', { [JSON_TYPE]: { schema: { type: 'array', minItems: 1, items: schema('Author') } } }, fixedHeaders),
      '304': response('NotModified'),
    },
  },
  author: {
    responses: { '200': ok('One commentary described (statically: authors/{key}/index.json).', { [JSON_TYPE]: { schema: schema('Author') } }, fixedHeaders), '304': response('NotModified'), '404': notFound('resource') },
  },
  chapter: {
    responses: { '200': ok('The chapter record.', { [JSON_TYPE]: { schema: schema('Chapter') } }, fixedHeaders), '304': response('NotModified'), '404': notFound('chapter')},
  },
  card: {
    parameters: [parameter('cardCh'), parameter('cardSl'), parameter('speaker'), parameter('theme')],
    responses: {
      '200': ok('A verse card. Random (Cache-Control: no-store) unless ch and sl name the verse. /gita-light.svg and /gita-dark.svg are the same with a theme forced; on a static host /gita.svg is the verse of the day.', svg, { 'Content-Security-Policy': header('CardCsp'), ...randomHeaders }),
      '404': notFound('verse'),
    },
  },
  'verse-card': {
    parameters: [parameter('theme')],
    responses: {
      '200': ok('The card of the verse. gita-light.svg and gita-dark.svg beside gita.svg force a theme.', svg, { 'Content-Security-Policy': header('CardCsp'), ...fixedHeaders }),
      '304': response('NotModified'),
      '404': notFound('verse'),
    },
  },
  'card-png': {
    parameters: [parameter('cardCh'), parameter('cardSl'), parameter('speaker'), parameter('theme')],
    responses: {
      '200': ok(`A verse card as a PNG, 1200x630, with the queries of /gita.svg: random (Cache-Control: no-store) unless ch and sl name the verse. ${PNG_NOTE} On a static host /gita.png is the verse of the day.`, png, randomHeaders),
      '404': notFound('verse'),
    },
  },
  'verse-card-png': {
    parameters: [parameter('theme')],
    responses: {
      '200': ok(`The card of the verse as a PNG, 1200x630: what to give og:image for a link to the verse. ${PNG_NOTE} Statically, only in a build made with --png.`, png, fixedHeaders),
      '304': response('NotModified'),
      '404': notFound('verse'),
    },
  },
  docs: { responses: { '200': ok('This documentation.', html, { ETag: header('ETag') }), '404': notFound('resource') } },
  guide: { responses: { '200': ok('The guide, as an HTML page of this site.', html), '404': response('NotFoundResourcePage') } },
  pricing: { responses: { '200': ok('The free license, and the form to register for a key.', html), '404': notFound('resource') } },
  openapi: { responses: { '200': ok('This document.', { [JSON_TYPE]: { schema: { type: 'object' } } }, { ETag: header('ETag') }), '404': notFound('resource') } },
  usage: {
    responses: { '200': ok(`The key's own usage: today and the ${USAGE_DAYS - 1} days before, its quota and what remains.`, { [JSON_TYPE]: { schema: schema('Usage') } }, rateHeaders) },
  },
  healthz: { responses: { '200': ok('The server is answering (always 200: liveness); "degraded" while a backing store (Redis) is unreachable; ready false, with the parts still pending, while a fresh start builds the rest (readiness).', { [JSON_TYPE]: { schema: schema('Health') } }) } },
  'read-verse': {
    parameters: [parameter('readLang'), parameter('readAuthor')],
    responses: {
      '200': ok("The verse's reading page: no JavaScript; og:title, og:description, og:image (the verse's PNG card, an absolute URL from GITA_PUBLIC_URL or the request's host), og:url, twitter:card summary_large_image, a canonical link and JSON-LD (a schema.org Quotation).", html, fixedHeaders),
      '304': response('NotModified'),
      '400': response('BadRequest'),
      '404': response('NotFoundVersePage'),
    },
  },
  'read-chapter': {
    parameters: [parameter('readLang'), parameter('readAuthor')],
    responses: {
      '200': ok("The chapter's reading page: its name, meaning and summary, and every verse (the colophon last) with the start of its translation; the same tags as a verse's.", html, fixedHeaders),
      '304': response('NotModified'),
      '400': response('BadRequest'),
      '404': response('NotFoundVersePage'),
    },
  },
  'read-lemma': {
    responses: {
      '200': ok(`The lemma's reading page (statically: read/lemma/{lemma}/index.html): every verse where it occurs, the occurrence highlighted among the verse's words, its form and grammar; a link to each verse's page. ${DCS_ATTRIBUTION}.`, html, fixedHeaders),
      '304': response('NotModified'),
      '400': ok('A spelling that cannot be a lemma (as /lemma/{lemma} says), as a page.', html),
      '404': response('NotFoundVersePage'),
    },
  },
  download: {
    responses: {
      '200': ok('The file (its size and SHA-256 are in /manifest.json under /downloads/...), brotli- or gzip-compressed by Accept-Encoding.', {
        [JSON_TYPE]: { schema: { type: 'object', required: ['chapters', 'verses'], properties: { chapters: { type: 'array', items: schema('Chapter') }, verses: { type: 'array', items: schema('Verse') } } } },
        'application/x-ndjson': { schema: { type: 'string', description: 'One record a line: the chapters, then the verse records.' } },
        'application/vnd.sqlite3': { schema: { type: 'string', format: 'binary', description: 'A SQLite 3 database (its schema: /docs/downloads).' } },
      }, fixedHeaders),
      '304': response('NotModified'),
      '404': notFound('resource'),
    },
  },
  mcp: {
    description: 'Model Context Protocol over Streamable HTTP, stateless: send initialize, tools/list, tools/call, resources/list, resources/templates/list or resources/read as JSON-RPC 2.0 (one message or a batch); the answer is JSON (never an event stream), and no session is kept, so no Mcp-Session-Id is needed. Any Accept is answered with JSON. Tool arguments that do not fit a tool\'s schema, and an unknown tool, are a tool result with isError; an unknown method or resource is a JSON-RPC error. Configure an assistant with this URL (see the README, MCP).',
    requestBody: { required: true, content: { [JSON_TYPE]: { schema: schema('JsonRpcRequest'), example: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'get_verses', arguments: { ref: 'BG 2.47', lang: 'en' } } } } } },
    responses: {
      '200': ok('The JSON-RPC response (or the responses of a batch).', { [JSON_TYPE]: { schema: { oneOf: [schema('JsonRpcResponse'), { type: 'array', items: schema('JsonRpcResponse') }] } } }, randomHeaders),
      '202': { description: 'Notifications only: nothing to answer.' },
      '400': ok(`The body is not JSON (JSON-RPC parse error -32700), or not JSON-RPC, or a batch of more than ${MCP_MAX_BATCH} messages.`, { [JSON_TYPE]: { schema: schema('JsonRpcResponse') } }),
      '413': ok(`A body over ${MCP_MAX_BODY / 1024} kB.`, { [JSON_TYPE]: { schema: schema('JsonRpcResponse') } }),
      '415': ok('A body that is not application/json.', { [JSON_TYPE]: { schema: schema('JsonRpcResponse') } }),
    },
  },
  register: {
    requestBody: {
      required: true,
      content: {
        'application/x-www-form-urlencoded': { schema: schema('Registration') },
        [JSON_TYPE]: { schema: schema('Registration') },
      },
    },
    responses: {
      '201': ok('A new key on the free plan, shown once: JSON for a JSON request, a page for a form.', { [JSON_TYPE]: { schema: schema('NewKey') }, ...html }),
      '400': ok('Fields missing or malformed, or the honeypot filled in.', { [JSON_TYPE]: { schema: schema('Error') }, ...html }),
      '403': ok('Registration is closed on this server.', { [JSON_TYPE]: { schema: schema('Error') }, ...html }),
      '413': ok(`A body over ${MAX_REGISTRATION_BYTES} bytes.`, { [JSON_TYPE]: { schema: schema('Error') } }),
      '415': ok('A body that is neither a form nor JSON.', { [JSON_TYPE]: { schema: schema('Error') } }),
      '429': ok(`More than ${REGISTRATIONS_PER_DAY} registrations from one address in a day.`, { [JSON_TYPE]: { schema: schema('Error') }, ...html }, { 'Retry-After': header('RetryAfter') }),
    },
  },
};

/**
 * A route's 400, from its parameter rules (src/contract/query-rules.ts): its own
 * reasons, then a name it takes given twice and the near misses it refuses,
 * named. The reading pages answer it as a page.
 */
function refusalsOf(id: RouteId, own: unknown, page: boolean): Record<string, unknown> {
  const { taken, near } = QUERY_RULES[id];
  if (!taken.size) return {};
  const ownDescription = own && typeof own === 'object' && 'description' in own ? String(own.description) : 'A value a parameter does not take (each parameter says which it takes): the message names the parameter and the values it takes.';
  const misses = [...near].map(([miss, meant]) => `${miss} (${meant})`).join(', ');
  const description = `${ownDescription} Also: any of ${[...taken.keys()].join(', ')} given twice${misses ? `, and a near miss of one, named with the one meant: ${misses}` : ''}. Other parameters are ignored (a cache buster is fine).`;
  const example = page ? undefined : own && typeof own === 'object' && 'content' in own ? (own as { content: unknown }).content : errorContent(`${[...taken.keys()][0]}: given 2 times; give it once`);
  return { '400': { description, content: page ? html : example } };
}

export interface OpenApiOptions {
  version: string;
  defaults: { keyLimit: string; anonLimit: string };
  /** What the content holds (speakers, commentaries), from the manifest. */
  facts: Manifest['content'];
}

export function openApiDocument({ version, defaults, facts }: OpenApiOptions): Schema {
  const slugs = facts.speakers.filter((sp) => sp.slug).map((sp) => sp.slug!);
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of ROUTES) {
    const method = route.methods.includes('POST') ? 'post' : 'get';
    paths[route.path] ??= {};
    const { parameters = [], responses: own, ...operation } = OPERATIONS[route.id] as { parameters?: unknown[]; responses: Record<string, unknown> };
    const responses = { ...own, ...refusalsOf(route.id, own['400'], !!route.page) };
    const inPath = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => parameter(m[1]));
    paths[route.path][method] = {
      operationId: route.id.replace(/-(\w)/g, (_m, c: string) => c.toUpperCase()),
      summary: route.summary,
      tags: [route.access === 'metered' ? 'Scripture' : 'Service'],
      ...(route.access === 'open' ? { security: [] } : route.access === 'key' ? { security: [{ ApiKeyHeader: [] }, { ApiKeyBearer: [] }, { ApiKeyQuery: [] }] } : {}),
      ...(inPath.length + parameters.length ? { parameters: [...inPath, ...parameters] } : {}),
      ...operation,
      responses: {
        ...responses,
        ...(route.access === 'metered' ? meteredErrors : route.access === 'key' ? { '401': response('Unauthorized'), '500': response('InternalError') } : { '500': response('InternalError') }),
        '405': response(method === 'post' ? 'MethodNotAllowedPost' : 'MethodNotAllowed'),
        ...(route.needs && { '503': response(route.pool ? 'StillBuildingOrBusy' : 'StillBuilding') }),
        ...(route.pool && !route.needs && { '503': response('Busy') }),
      },
    };
  }
  const errorBody = (example: string) => ({ [JSON_TYPE]: { schema: schema('Error'), example: { error: example } } });
  const text = (wording: string) => ({ 'text/plain': { schema: { type: 'string', const: wording }, example: wording } });
  return {
    openapi: '3.1.0',
    info: {
      title: 'Gita API',
      version,
      summary: `The Bhagavad Gita: ${facts.verses} verses with their ${facts.commentaries.length} commentaries, the ${facts.chapters} chapters, and verse cards.`,
      description: [
        'A read-only API over the Bhagavad Gita. Every GET route also answers HEAD; OPTIONS on any path is the CORS preflight (204). Every response carries `Access-Control-Allow-Origin: *` and `X-Content-Type-Options: nosniff`; JSON and SVG come brotli- or gzip-compressed by `Accept-Encoding`.',
        `A key is optional by default (the operator chooses: GITA_AUTH optional, required or off); send it as the \`x-api-key\` header, as \`Authorization: Bearer\` or as the \`api_key\` query parameter. Free keys: /pricing. Daily quotas: ${defaults.keyLimit} per key and ${defaults.anonLimit} per anonymous address by default (and ${ANON_BURST.points} requests in ${ANON_BURST.seconds} s), reset at midnight UTC.`,
        `A request target longer than ${MAX_URL_LENGTH} bytes answers 414, a header block over ${MAX_HEADER_BYTES / 1024} KB 431; both with the JSON error body.`,
        `Every request's work is bounded before it is done. The records one request asks for (a /verses list, a range, or every call of an MCP request, a batch sharing one budget) are at most ${MAX_VERSES_PER_CALL} verses and ${MAX_ANSWER_BYTES / 1024 / 1024} MB: over it, 400 naming the limit (MCP: a JSON-RPC error ${OVER_BUDGET} for each call over it, the calls before it answered). A JSON-RPC batch holds at most ${MCP_MAX_BATCH} messages, and each counts as a request against the quota. PNG renders and searches go through a small pool per worker; when it is full, 503 with Retry-After, not counted. A request refused by the burst window (429 with that window's X-RateLimit-* headers) does not spend the daily quota.`,
        `The scripture content is ${UPSTREAM.repository}, under the GNU GPL v3.`,
        `${DCS_ATTRIBUTION} (/slok/{ch}/{sl}/analysis, /lemma/{lemma}, /lemmas and the analysis in /slok/{ch}/{sl}/words): the Digital Corpus of Sanskrit's analysis of the Critical Edition, licensed apart from the verse texts.`,
      ].join('\n\n'),
      license: { name: 'GNU General Public License v3.0 (the content)', identifier: 'GPL-3.0-only' },
    },
    servers: [{ url: '/', description: 'The server or static host this document is served from.' }],
    tags: [
      { name: 'Scripture', description: 'Verses, chapters and cards: metered (counted and limited) per key or client address.' },
      { name: 'Service', description: 'Documentation, keys and health: never need a key.' },
    ],
    security: [{}, { ApiKeyHeader: [] }, { ApiKeyBearer: [] }, { ApiKeyQuery: [] }],
    paths,
    components: {
      securitySchemes: {
        ApiKeyHeader: { type: 'apiKey', in: 'header', name: 'x-api-key', description: 'An API key (free at /pricing).' },
        ApiKeyQuery: { type: 'apiKey', in: 'query', name: 'api_key', description: 'The same key as a query parameter; the header wins when both are sent.' },
        ApiKeyBearer: { type: 'http', scheme: 'bearer', description: 'The same key as Authorization: Bearer <key> (what MCP clients send); x-api-key wins when both are sent.' },
      },
      parameters: {
        ch: { name: 'ch', in: 'path', required: true, description: 'Chapter number: a plain decimal integer (no sign, no leading zero).', schema: { type: 'integer', minimum: 1, maximum: CHAPTER_COUNT } },
        sl: { name: 'sl', in: 'path', required: true, description: "Verse number: 1 to the chapter's verses_count + 1 (the colophon).", schema: { type: 'integer', minimum: 1 } },
        from: { name: 'from', in: 'path', required: true, description: "The range's first verse: 1 to the chapter's verses_count + 1. Written with to in one segment: /slok/2/47-50.", schema: { type: 'integer', minimum: 1 } },
        to: { name: 'to', in: 'path', required: true, description: "The range's last verse, from or later: up to the chapter's verses_count + 1 (the colophon). A verse that does not exist is 404.", schema: { type: 'integer', minimum: 1 } },
        ref: { name: 'ref', in: 'path', required: true, description: `A reference as ?ref= takes it (${REF_FORMS}), percent-encoded: /verses/BG%202.47.`, schema: { type: 'string', minLength: 1, maxLength: MAX_REF_LENGTH }, example: '2.47-50' },
        refQuery: {
          name: 'ref',
          in: 'query',
          required: true,
          description: `References as people write them, separated by commas or semicolons: a verse (2.47, 2:47, BG 2.47, BG2.47, Bhagavad Gita 2.47, Gita 2:47, २.४७, गीता 2। 47 (the danda as Hindi writes it); a Roman chapter: II.47, Gita II.47, BG ii 47; in words: chapter 2 verse 47, ch. 2, v. 47, Gītā 2.47, chapter two, verse forty-seven of the Gita, गीता के दूसरे अध्याय के सैंतालीसवें श्लोक; spaces: gita 2 47; a slash: 2/47), a range (Chapter 2, Verses 47-50, 2.47 to 50) in a chapter (2.47-50, 2.47-2.50, en dash too), a range across chapters (2.72-3.2: the verses in between, colophons passed over), a whole chapter (18: its verses without the colophon). A colophon only where a part names it (2.73). At most ${MAX_VERSES_PER_CALL} verses, ${MAX_REF_PARTS} parts and ${MAX_REF_LENGTH} characters.`,
          schema: { type: 'string', minLength: 1, maxLength: MAX_REF_LENGTH },
          example: 'BG 2.47-50, 18.66',
        },
        lemma: { name: 'lemma', in: 'path', required: true, description: `A lemma: IAST (ātman), ASCII as people type it (atman), or Devanagari (आत्मन्); at most ${MAX_LEMMA_LENGTH} characters.`, schema: { type: 'string', minLength: 1, maxLength: MAX_LEMMA_LENGTH }, example: 'karman' },
        cardCh: { name: 'ch', in: 'query', required: false, description: 'A chapter: a random verse of it (never its colophon); a chapter that does not exist is 400.', schema: { type: 'integer', minimum: 1, maximum: CHAPTER_COUNT } },
        filterCh: { name: 'ch', in: 'query', required: false, description: 'Draw among the verses of this chapter (never its colophon); a chapter that does not exist is 400.', schema: { type: 'integer', minimum: 1, maximum: CHAPTER_COUNT } },
        speaker: {
          name: 'speaker',
          in: 'query',
          required: false,
          description: `Draw among the verses of one speaker: the plain name or the content's Devanagari. Verses per speaker in this build: ${facts.speakers.map((sp) => `${sp.slug ?? sp.name} (${sp.name}) ${sp.verses}`).join(', ')}. A name it does not know is 400 (naming the speakers); nothing matching (with ch) is 404.`,
          schema: { anyOf: [{ type: 'string', enum: slugs }, { type: 'string', enum: facts.speakers.map((sp) => sp.name) }] },
        },
        cardSl: { name: 'sl', in: 'query', required: false, description: 'With ch: that verse (1 to its verses_count + 1). Without ch, or a verse the chapter has not: 400.', schema: { type: 'integer', minimum: 1 } },
        lang: { name: 'lang', in: 'query', required: false, description: `Keep, in every commentary, only the text fields of one language: ${LANGS.map((l) => `${l} (${LANGUAGES[l].join(', ')})`).join('; ')}. A commentary left with no text is dropped.`, schema: { type: 'string', enum: [...LANGS] } },
        authors: { name: 'authors', in: 'query', required: false, description: `Keep only these commentaries, comma-separated: ${facts.commentaries.map((c) => c.key).join(', ')} (each described at ${ROUTE_PATHS.authors}). An unknown key is 400.`, schema: { type: 'string', pattern: '^[a-z]+(,[a-z]+)*$' }, example: 'siva,tej' },
        fields: { name: 'fields', in: 'query', required: false, description: `Keep only these, comma-separated: top-level fields (${facts.fields.join(', ')}), whole commentaries by key, or one text field as key.field (siva.et). _id, chapter and verse are always kept, and author in every commentary kept. lang, authors and fields combine, each narrowing the others.`, schema: { type: 'string' }, example: 'slok,transliteration,siva.et' },
        q: { name: 'q', in: 'query', required: true, description: `What to search for (at most ${MAX_QUERY_LENGTH} characters): English or Hindi words, or the verse in Devanagari, IAST with or without diacritics, or plain ASCII as people type Sanskrit (sh for ś and ṣ, ch for c, ri for ṛ, long vowels doubled or not).`, schema: { type: 'string', minLength: 1, maxLength: MAX_QUERY_LENGTH }, example: 'karmanye vadhikaraste' },
        searchLang: { name: 'lang', in: 'query', required: false, description: `Search one language only: en (the English translations of ${SEARCHED_TRANSLATIONS.en.join(', ')}, and the verse's words, field "words"), hi (the Hindi translations of ${SEARCHED_TRANSLATIONS.hi.join(', ')}), sa (slok and transliteration).`, schema: { type: 'string', enum: [...LANGS] } },
        searchCh: { name: 'ch', in: 'query', required: false, description: 'Only verses of this chapter.', schema: { type: 'integer', minimum: 1, maximum: CHAPTER_COUNT } },
        searchSpeaker: { name: 'speaker', in: 'query', required: false, description: 'Only verses of this speaker (the plain name or the Devanagari).', schema: { type: 'string' } },
        limit: { name: 'limit', in: 'query', required: false, description: 'How many results per page.', schema: { type: 'integer', minimum: 1, maximum: LIMIT_MAX, default: LIMIT_DEFAULT } },
        offset: { name: 'offset', in: 'query', required: false, description: `How many of the best results to skip: pages follow one another in one order (the next page is offset + limit) up to total, never a verse twice. Past the last match, an empty page with a hint. At most ${OFFSET_MAX}.`, schema: { type: 'integer', minimum: 0, maximum: OFFSET_MAX, default: 0 }, example: 10 },
        key: { name: 'key', in: 'path', required: true, description: `A commentary key, as ${ROUTE_PATHS.authors} lists them; another is 404.`, schema: { type: 'string', enum: facts.commentaries.map((c) => c.key) }, example: 'siva' },
        work: { name: 'work', in: 'path', required: true, description: `A work the commentaries cite, by its slug as ${ROUTE_PATHS.works} lists it: its name without diacritics, lower case, words joined by "-" (Chāndogya Upaniṣad is chandogya-upanisad); another is 404.`, schema: { type: 'string', pattern: WORK_SLUG.source }, example: 'chandogya-upanisad' },
        guide: { name: 'guide', in: 'path', required: true, description: 'A guide by its name.', schema: { type: 'string', enum: GUIDES.map((g) => g.name) }, example: 'api' },
        file: { name: 'file', in: 'path', required: true, description: 'The download: gita.json, gita.ndjson or gita.sqlite.', schema: { type: 'string', enum: Object.values(FILES.downloads).map((p) => p.slice(p.lastIndexOf('/') + 1)) } },
        readLang: { name: 'lang', in: 'query', required: false, description: `The language of the translation and the summary: ${READING_LANGS.join(' or ')}.`, schema: { type: 'string', enum: [...READING_LANGS], default: DEFAULT_READING_LANG } },
        readAuthor: { name: 'author', in: 'query', required: false, description: "Whose translation: a commentary key (siva, prabhu, tej...). Default: the card's choice for the language; an author without a translation of the verse in it: the default, with a note.", schema: { type: 'string' }, example: 'prabhu' },
        format: { name: 'format', in: 'query', required: false, description: 'json (the default) or html: a page listing the results (the docs page\'s search box).', schema: { type: 'string', enum: ['json', 'html'], default: 'json' } },
        date: { name: 'date', in: 'query', required: false, description: 'Another day than today (UTC), YYYY-MM-DD; a date that does not exist is 400.', schema: { type: 'string', format: 'date' }, example: '2026-01-01' },
        theme: { name: 'theme', in: 'query', required: false, description: "The card's colours: auto follows the reader's light or dark preference. Another value is 400.", schema: { type: 'string', enum: [...THEMES], default: 'auto' } },
      },
      headers: {
        XRateLimitLimit: { description: 'Requests a day allowed to this caller (absent when unlimited).', schema: { type: 'integer' } },
        XRateLimitRemaining: { description: 'Requests left today.', schema: { type: 'integer' } },
        XRateLimitReset: { description: 'Unix time (seconds) of the next midnight UTC, when the quota starts again.', schema: { type: 'integer' } },
        RetryAfter: { description: 'Seconds to wait.', schema: { type: 'integer' } },
        ETag: { description: 'Strong validator from the content hash, one per coding.', schema: { type: 'string' } },
        CacheControl: { description: `${CACHE_FIXED} for fixed resources; no-store for random ones.`, schema: { type: 'string' } },
        CardCsp: { description: 'The card\'s Content-Security-Policy.', schema: { type: 'string', const: CARD_CSP } },
      },
      responses: {
        NotModified: { description: 'If-None-Match named the current ETag.', headers: { ETag: header('ETag') } },
        MethodNotAllowed: { description: 'Another method than GET, HEAD or OPTIONS.', headers: { Allow: { schema: { type: 'string', const: 'GET, HEAD' } } }, content: text(METHOD_NOT_ALLOWED) },
        MethodNotAllowedPost: { description: 'Another method than POST or OPTIONS.', headers: { Allow: { schema: { type: 'string', const: 'POST' } } }, content: text(METHOD_NOT_ALLOWED) },
        NotFoundChapter: { description: 'No such chapter.', content: text(NOT_FOUND.chapter) },
        NotFoundVerse: { description: 'No such verse.', content: text(NOT_FOUND.verse) },
        NotFoundResource: { description: 'No such resource.', content: text(NOT_FOUND.resource) },
        NotFoundResourcePage: { description: `No such guide: a page saying "${NOT_FOUND.resource}"`, content: { 'text/html': { schema: { type: 'string' } } } },
        NotFoundVersePage: { description: `No such verse (or chapter): a page saying "${NOT_FOUND.verse}"`, content: { 'text/html': { schema: { type: 'string' } } } },
        Unauthorized: { description: `${ERRORS.keyRequired.body.error} (no key where one is needed) or ${ERRORS.keyInvalid.body.error} (unknown or revoked).`, content: errorBody(ERRORS.keyInvalid.body.error) },
        TooManyRequests: { description: 'Over the daily quota (or, anonymous, the burst window).', headers: { 'Retry-After': header('RetryAfter'), ...rateHeaders }, content: errorBody(ERRORS.rateLimited.body.error) },
        InternalError: { description: 'An unexpected failure; never a stack.', content: errorBody(ERRORS.internal.body.error) },
        Busy: { description: `Too many ${'renders or searches'} in hand on this worker (a bounded pool: PNG renders ${PNG_POOL.running} at a time and ${PNG_POOL.waiting} waiting, searches ${SEARCH_POOL.running} and ${SEARCH_POOL.waiting}): try again after Retry-After seconds. Not counted against the quota.`, headers: { 'Retry-After': header('RetryAfter') }, content: errorBody(ERRORS.busy.body.error) },
        StillBuildingOrBusy: { description: `The cards are still being built on a fresh start (the starting error), or too many PNG renders are in hand on this worker (the busy error; ${PNG_POOL.running} at a time, ${PNG_POOL.waiting} waiting): try again after Retry-After seconds. Neither is counted.`, headers: { 'Retry-After': header('RetryAfter') }, content: { [JSON_TYPE]: { schema: schema('Error'), examples: { starting: { value: ERRORS.starting.body }, busy: { value: ERRORS.busy.body } } } } },
        StillBuilding: { description: 'A self-hosted server started on a fresh checkout is still building this part of dist/ (the cards, the downloads, the lemma pages or the word analysis; the rest answers already): try again after Retry-After seconds. Never from a published build.', headers: { 'Retry-After': header('RetryAfter') }, content: errorBody(ERRORS.starting.body.error) },
      },
      schemas: {
        Verse: verseSchema('#/components/schemas/Commentary'),
        VerseProjection: { ...verseSchema('#/components/schemas/Commentary'), title: 'VerseProjection', description: 'A verse record with only what lang, authors and fields keep: _id, chapter and verse always; a commentary kept has its author and at least one text field.', required: [...ALWAYS_KEPT] },
        Commentary: commentarySchema,
        Chapter: chapterSchema,
        Author: authorSchema,
        Word: {
          type: 'object',
          required: ['word', 'transliteration', 'meaning'],
          additionalProperties: false,
          properties: {
            word: { type: 'string', description: 'As the source writes it: Devanagari (a compound it keeps together is one entry), or "Om" in Latin letters where the source lost the sign (8.13, 17.24).' },
            transliteration: { type: 'string', description: 'IAST.' },
            meaning: { type: 'string', description: 'English, from Swami Sivananda\'s word-by-word list (siva.ec); empty where the source gives none.' },
            analysis: { type: 'array', items: schema('AnalysedWord'), description: `The DCS words the entry covers, in order: one for a word, several for a compound (karman, phala, hetu); [] where none aligns. ${DCS_ATTRIBUTION}.` },
          },
        },
        ...ANALYSIS_SCHEMAS,
        ...LINK_SCHEMAS,
        Error: { type: 'object', required: ['error'], properties: { error: { type: 'string' } }, additionalProperties: false },
        Usage: usageSchema,
        VersesResponse: {
          type: 'object',
          required: ['refs', 'verses'],
          properties: {
            refs: { type: 'array', minItems: 1, items: { type: 'string', pattern: '^BG[1-9][0-9]*(\\.[1-9][0-9]*(-[1-9][0-9]*(\\.[1-9][0-9]*)?)?)?$' }, description: 'The canonical label of each part, in order: BG2.47, BG2.47-50, BG2.72-3.2, BG18.' },
            verses: { type: 'array', minItems: 1, maxItems: MAX_VERSES_PER_CALL, items: verseOrProjection },
          },
          additionalProperties: false,
        },
        JsonRpcRequest: {
          type: 'object',
          required: ['jsonrpc', 'method'],
          properties: { jsonrpc: { const: '2.0' }, id: { type: ['string', 'integer'] }, method: { type: 'string' }, params: { type: 'object' } },
        },
        JsonRpcResponse: {
          type: 'object',
          required: ['jsonrpc'],
          properties: {
            jsonrpc: { const: '2.0' },
            id: { type: ['string', 'integer', 'null'] },
            result: { type: 'object', description: 'For tools/call: content (text a model reads: reference, Sanskrit, transliteration, a translation and its author), structuredContent (the records), and isError on a bad argument.' },
            error: { type: 'object', required: ['code', 'message'], properties: { code: { type: 'integer' }, message: { type: 'string' } } },
          },
        },
        SearchResponse: {
          type: 'object',
          required: ['query', 'total', 'limit', 'offset', 'results'],
          properties: {
            query: { type: 'string', description: 'q as it was asked.' },
            total: { type: 'integer', description: 'How many verses match: page through them with offset and limit.' },
            limit: { type: 'integer', description: 'The results per page asked for (default 10).' },
            offset: { type: 'integer', description: 'How many of the best results this page skipped.' },
            hint: { type: 'string', description: 'On an empty page only: why nothing is here (only common words, the Devanagari spelling searched, a filter, an offset past the end) and what to try.' },
            searched: {
              type: 'object',
              description: 'How the query was searched when not as its own words: devanagari, the spelling a Latin query of the Hindi (lang=hi) was searched as (karma: कर्म); phrase, the words of a query of common words alone, searched as one phrase.',
              properties: { devanagari: { type: 'string' }, phrase: { type: 'string' } },
            },
            results: {
              type: 'array',
              items: {
                type: 'object',
                required: ['_id', 'chapter', 'verse', 'speaker', 'score', 'matches'],
                properties: {
                  _id: { type: 'string' },
                  chapter: { type: 'integer' },
                  verse: { type: 'integer' },
                  speaker: { type: 'string', description: 'As the record has it, in Devanagari.' },
                  score: { type: 'number' },
                  matches: {
                    type: 'array',
                    items: {
                      type: 'object',
                      required: ['field', 'snippet', 'ranges'],
                      properties: {
                        field: { type: 'string', description: 'Such as siva.et or transliteration.' },
                        author: { type: 'string' },
                        snippet: { type: 'string', maxLength: SNIPPET_MAX },
                        ranges: { type: 'array', items: { type: 'array', items: { type: 'integer', minimum: 0 }, minItems: 2, maxItems: 2 }, description: 'Matched [start, end) offsets in the snippet, in UTF-16 code units.' },
                      },
                    },
                  },
                },
              },
            },
          },
        },
        Health: {
          type: 'object',
          required: ['status', 'build', 'chapters', 'verses', 'colophons', 'errata', 'audit', 'auth', 'pending', 'ready'],
          properties: {
            status: { type: 'string', enum: ['ok', 'degraded'] },
            build: { type: 'string', description: 'The build id (a hash of every file of dist/).' },
            chapters: { type: 'integer' },
            verses: { type: 'integer' },
            colophons: { type: 'integer' },
            errata: { type: 'array', items: { type: 'string' }, description: 'The errata applied to the content (see the docs, Corrections).' },
            audit: { type: 'object', required: ['findings', 'notes'], properties: { findings: { type: 'integer', description: 'Findings no erratum resolves: 0 is clean.' }, notes: { type: 'integer' } } },
            auth: { type: 'string', enum: ['optional', 'required', 'off'] },
            pending: { type: 'array', items: { type: 'string', enum: [...LATER_PARTS] }, uniqueItems: true, description: READINESS_FIELDS.pending },
            ready: { type: 'boolean', description: READINESS_FIELDS.ready },
            keys: { type: 'string', enum: ['file', 'redis'] },
            usage: { type: 'string', enum: ['file', 'redis'] },
            redis: { type: 'string', description: '"reachable", or "unreachable since <time>".' },
            usageRecoveredFrom: { type: 'string', description: 'Where a corrupt usage file found at start-up was moved.' },
          },
        },
        Registration: {
          type: 'object',
          required: ['name', 'email', 'use'],
          properties: {
            name: { type: 'string', minLength: 1, maxLength: 100 },
            email: { type: 'string', format: 'email', maxLength: 254 },
            use: { type: 'string', minLength: 1, maxLength: 500, description: 'What you will build with it.' },
            website: { type: 'string', maxLength: 0, description: 'Leave empty (a trap for bots).' },
          },
        },
        NewKey: {
          type: 'object',
          required: ['key', 'id', 'name', 'limit', 'plan'],
          properties: {
            key: { type: 'string', pattern: '^gita_[A-Za-z0-9_-]{32}$', description: 'The key. Shown only this once.' },
            id: { type: 'string' },
            name: { type: 'string' },
            limit: { type: 'integer', description: 'Requests a day; 0: unlimited.' },
            plan: { type: 'string', enum: ['free'] },
          },
        },
      },
    },
  };
}

const dayUsage: Schema = {
  type: 'object',
  required: ['date', 'requests', 'routes'],
  properties: {
    date: { type: 'string', format: 'date' },
    requests: { type: 'integer' },
    routes: { type: 'object', additionalProperties: { type: 'integer' }, description: 'Requests per route id (refused ones as rate-limited).' },
  },
};

const usageSchema: Schema = {
  type: 'object',
  required: ['key', 'limit', 'today', 'days'],
  properties: {
    key: { type: 'object', required: ['id', 'name', 'plan', 'created'], properties: { id: { type: 'string' }, name: { type: 'string' }, plan: { type: 'string', enum: ['operator', 'free'] }, created: { type: 'string', format: 'date-time' } } },
    limit: { type: 'object', required: ['perDay', 'unlimited'], properties: { perDay: { type: 'integer' }, unlimited: { type: 'boolean' } } },
    today: {
      allOf: [dayUsage],
      type: 'object',
      required: ['remaining', 'resets'],
      properties: { remaining: { type: ['integer', 'null'] }, resets: { type: 'string', format: 'date-time' } },
    },
    days: { type: 'array', items: dayUsage, minItems: USAGE_DAYS, maxItems: USAGE_DAYS },
  },
};
