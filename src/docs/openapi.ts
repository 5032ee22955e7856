// The OpenAPI 3.1 description of the API, generated from the same sources as
// everything else: the routes (src/contract/routes/: each route's path,
// parameters and responses), the parameters' definitions, the record schemas
// the importer validates with (src/content/schema.ts), the error wordings and
// the headers. Written into dist/openapi.json by the build.
import { LATER_PARTS } from '../layout.ts';
import { READINESS_FIELDS } from '../contract/health.ts';
import { ALWAYS_KEPT } from '../content/projection.ts';
import { authorSchema } from '../content/authors.ts';
import { chapterSchema, commentarySchema, verseSchema, type Schema } from '../content/schema.ts';
import { ANON_BURST } from '../contract/policy.ts';
import { ERRORS, METHOD_NOT_ALLOWED, NOT_FOUND } from '../contract/errors.ts';
import { CACHE_FIXED, CARD_CSP } from '../contract/headers.ts';
import { MAX_ANSWER_BYTES, MAX_HEADER_BYTES, MAX_URL_LENGTH, MCP_MAX_BATCH, PNG_POOL, SEARCH_POOL, SNIPPET_MAX, USAGE_DAYS } from '../contract/limits.ts';
import { OVER_BUDGET } from '../mcp/budget.ts';
import { MAX_VERSES_PER_CALL } from '../content/citations.ts';
import { LISTED_ROUTES, ROUTES, type RouteId } from '../contract/routes/index.ts';
import { pathParameters } from '../contract/paths.ts';
import { PATH_PARAMETERS } from '../contract/path-parameters.ts';
import { parameterOf, type Taken } from '../contract/route.ts';
import { errorContent, header, html, JSON_TYPE, rateHeaders, response, schema, verseOrProjection } from '../contract/responses.ts';
import { UPSTREAM } from '../content/upstream.ts';
import type { Manifest } from '../contract/manifest.ts';
import { QUERY_RULES } from '../contract/query-rules.ts';
import { DCS_ATTRIBUTION } from '../content/dcs/attribution.ts';
import { ANALYSIS_SCHEMAS } from './analysis-schemas.ts';
import { rootSchemas } from '../content/roots/schemas.ts';
import { LINK_SCHEMAS } from './link-schemas.ts';

/** The errors every metered API route may answer. */
const meteredErrors = { '401': response('Unauthorized'), '429': response('TooManyRequests'), '500': response('InternalError') };

/** A query parameter as the route takes it: its definition's wording and schema, the route's own word on it first. */
function queryParameter(t: Taken, facts: Manifest['content']): Schema {
  const p = parameterOf(t);
  const own: { about?: string; required?: true } = 'param' in t ? t : {};
  return {
    name: p.name,
    in: 'query',
    required: own.required === true,
    description: `${own.about ?? p.about(facts)} Values: ${p.values(facts)}.`,
    schema: p.schema(facts),
    ...(p.example !== undefined && { example: p.example }),
  };
}

/** The schemas the routes define for what they alone answer; a name given twice is an error, not a silent overwrite. */
function routeSchemas(): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const r of LISTED_ROUTES) {
    for (const [name, s] of Object.entries(('schemas' in r && r.schemas) || {})) {
      if (name in out) throw new Error(`OpenAPI: the schema ${name} is defined by two routes`);
      out[name] = s;
    }
  }
  return out;
}

/** A parameter of the path, typed by its name (path-parameters.ts). */
function pathParameter(name: string, facts: Manifest['content']): Schema {
  const p = PATH_PARAMETERS[name];
  return { name, in: 'path', required: true, description: p.about(facts), schema: p.schema(facts), ...(p.example !== undefined && { example: p.example }) };
}

/**
 * A route's 400, from its parameter rules (src/contract/query-rules.ts): its own
 * reasons, then a name it takes given twice and the near misses it refuses,
 * named. The reading pages answer it as a page.
 */
function refusalsOf(id: RouteId, own: unknown, page: boolean): Record<string, unknown> {
  const { taken, near } = QUERY_RULES[id];
  if (!taken.size) return own ? { '400': own } : {};
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
  const paths: Record<string, Record<string, unknown>> = {};
  // The operator's route (GET /metrics) is left out: docs/operations.md describes it.
  for (const route of LISTED_ROUTES) {
    const method = route.methods.includes('POST') ? 'post' : 'get';
    paths[route.path] ??= {};
    const responses = { ...route.responses, ...refusalsOf(route.id, route.responses['400'], !!route.page) };
    const parameters = [...pathParameters(route.path).map((name) => pathParameter(name, facts)), ...route.query.map((t) => queryParameter(t, facts))];
    paths[route.path][method] = {
      operationId: route.id.replace(/-(\w)/g, (_m, c: string) => c.toUpperCase()),
      summary: route.summary,
      ...(route.description && { description: route.description }),
      tags: [route.access === 'metered' ? 'Scripture' : 'Service'],
      ...(route.access === 'open' ? { security: [] } : route.access === 'key' ? { security: [{ ApiKeyHeader: [] }, { ApiKeyBearer: [] }, { ApiKeyQuery: [] }] } : {}),
      ...(parameters.length ? { parameters } : {}),
      ...(route.requestBody && { requestBody: route.requestBody }),
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
        ...(ROUTES.some((r) => r.pool && !r.needs) && { Busy: { description: `Too many ${'renders or searches'} in hand on this worker (a bounded pool: PNG renders ${PNG_POOL.running} at a time and ${PNG_POOL.waiting} waiting, searches ${SEARCH_POOL.running} and ${SEARCH_POOL.waiting}): try again after Retry-After seconds. Not counted against the quota.`, headers: { 'Retry-After': header('RetryAfter') }, content: errorBody(ERRORS.busy.body.error) } }),
        StillBuildingOrBusy: { description: `Its part of the build is still being made on a fresh start (the starting error), or too many PNG renders or searches are in hand on this worker (the busy error; PNG renders ${PNG_POOL.running} at a time and ${PNG_POOL.waiting} waiting, searches ${SEARCH_POOL.running} and ${SEARCH_POOL.waiting}): try again after Retry-After seconds. Neither is counted.`, headers: { 'Retry-After': header('RetryAfter') }, content: { [JSON_TYPE]: { schema: schema('Error'), examples: { starting: { value: ERRORS.starting.body }, busy: { value: ERRORS.busy.body } } } } },
        StillBuilding: { description: `A self-hosted server started on a fresh checkout is still building this part of dist/ (${LATER_PARTS.join(', ')}; the records and chapters answer already): try again after Retry-After seconds. Never from a published build.`, headers: { 'Retry-After': header('RetryAfter') }, content: errorBody(ERRORS.starting.body.error) },
      },
      schemas: {
        // What one route answers alone, defined beside it (routes/).
        ...routeSchemas(),
        Verse: verseSchema('#/components/schemas/Commentary'),
        VerseProjection: { ...verseSchema('#/components/schemas/Commentary'), title: 'VerseProjection', description: "A verse record with only what lang, authors and fields keep: _id, chapter and verse always; a commentary kept has its author and at least one text field. With marks=iast its transliteration is written with IAST's marks (| ' m̐), the rest as the record holds it.", required: [...ALWAYS_KEPT] },
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
        ...rootSchemas(),
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
                        field: { type: 'string', description: "Such as siva.et, transliteration, or a version's id (besant)." },
                        author: { type: 'string', description: "The commentary's author, or the version's translator." },
                        version: { type: 'string', description: "A version's text: the version's id (/versions)." },
                        credit: { type: 'string', description: "A version's text: the line its license asks to show wherever the text is shown." },
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
            versionsLeftOut: {
              type: 'array',
              description: "The operator's version folders left out of the build served (status degraded): each folder by its own name, with its problems (file, line or field, what is wrong; at most 20, the rest counted in more). Every other version is served. Absent when none was.",
              items: {
                type: 'object',
                required: ['folder', 'problems'],
                properties: {
                  folder: { type: 'string' },
                  problems: { type: 'array', items: { type: 'object', required: ['file', 'at', 'problem'], properties: { file: { type: 'string' }, at: { type: 'string', description: '"line 3", or a field of version.json such as "$.license".' }, problem: { type: 'string' } } } },
                  more: { type: 'integer', description: 'Problems beyond those listed.' },
                },
              },
            },
            rebuildFailed: { type: 'string', description: 'Why the rebuild this start needed failed: the server serves the last good build (status degraded). Absent otherwise.' },
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
