// The OpenAPI 3.1 description of the API, generated from the same sources as
// everything else: the routes (src/contract/routes/: each route's path,
// parameters and responses), the parameters' definitions, the record schemas
// the importer validates with (src/content/schema.ts), the error wordings and
// the headers. Written into dist/openapi.json by the build. Its parts are made
// apart: the paths (openapi-paths.ts), the shared responses and headers
// (openapi-components.ts), the schemas (openapi-schemas.ts: those the routes
// declare, some loaded from zod by a dynamic import, hence a promise).
import type { Schema } from '../content/schema.ts';
import { ANON_BURST } from '../contract/policy.ts';
import { MAX_ANSWER_BYTES, MAX_HEADER_BYTES, MAX_URL_LENGTH, MCP_MAX_BATCH } from '../contract/limits.ts';
import { OVER_BUDGET } from '../mcp/budget.ts';
import { MAX_VERSES_PER_CALL } from '../content/citations.ts';
import { UPSTREAM } from '../content/upstream.ts';
import type { Manifest } from '../contract/manifest.ts';
import { DCS_ATTRIBUTION } from '../content/dcs/attribution.ts';
import { pathsOf } from './openapi-paths.ts';
import { headers, responses, securitySchemes } from './openapi-components.ts';
import { schemas } from './openapi-schemas.ts';

export interface OpenApiOptions {
  version: string;
  defaults: { keyLimit: string; anonLimit: string };
  /** What the content holds (speakers, commentaries), from the manifest. */
  facts: Manifest['content'];
}

export async function openApiDocument({ version, defaults, facts }: OpenApiOptions): Promise<Schema> {
  return {
    openapi: '3.1.0',
    info: info({ version, defaults, facts }),
    servers: [{ url: '/', description: 'The server or static host this document is served from.' }],
    tags: [
      { name: 'Scripture', description: 'Verses, chapters and cards: metered (counted and limited) per key or client address.' },
      { name: 'Service', description: 'Documentation, keys and health: never need a key.' },
    ],
    security: [{}, { ApiKeyHeader: [] }, { ApiKeyBearer: [] }, { ApiKeyQuery: [] }],
    paths: pathsOf(facts),
    components: { securitySchemes: securitySchemes(), headers: headers(), responses: responses(), schemas: await schemas() },
  };
}

/** What the API is, what a key and the quotas are, the bounds on a request's work, and whose content it serves. */
function info({ version, defaults, facts }: OpenApiOptions) {
  return {
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
  };
}
