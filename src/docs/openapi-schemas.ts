// The document's schemas: what the routes declare (src/contract/routes/: each
// route's own, and the components of the shapes declared once in zod, which
// a route loads when asked: the server never loads zod for them), then the
// records as the importer validates them (src/content/schema.ts), and the
// answers of the service's own routes (search, health, keys, usage, MCP).
import { LATER_PARTS } from '../layout.ts';
import { READINESS_FIELDS } from '../contract/health.ts';
import { ALWAYS_KEPT } from '../content/projection.ts';
import { authorSchema } from '../content/authors.ts';
import { chapterSchema, commentarySchema, verseSchema, type Schema } from '../content/schema.ts';
import { SNIPPET_MAX, USAGE_DAYS } from '../contract/limits.ts';
import { MAX_VERSES_PER_CALL } from '../content/citations.ts';
import { LISTED_ROUTES } from '../contract/routes/index.ts';
import { verseOrProjection } from '../contract/responses.ts';

/** Every schema of the document, by name: the routes' first, in the routes' order, then the document's own; a name given twice is an error, not a silent overwrite. */
export async function schemas(): Promise<Record<string, unknown>> {
  const declared = await Promise.all(
    LISTED_ROUTES.map(async (r) => ({ by: `the route ${r.id}`, entries: [...Object.entries(r.schemas ?? {}), ...Object.entries((await r.components?.()) ?? {})] })),
  );
  const out: Record<string, unknown> = {};
  const definedBy = new Map<string, string>();
  for (const { by, entries } of [...declared, { by: 'the document', entries: Object.entries(ownSchemas()) }]) {
    for (const [name, s] of entries) {
      if (definedBy.has(name)) throw new Error(`OpenAPI: the schema ${name} is defined by ${definedBy.get(name)} and by ${by}`);
      definedBy.set(name, by);
      out[name] = s;
    }
  }
  return out;
}

/** The schemas no route declares: the records, and the answers of the service's own routes. */
function ownSchemas(): Record<string, unknown> {
  return {
    Verse: verseSchema('#/components/schemas/Commentary'),
    VerseProjection: { ...verseSchema('#/components/schemas/Commentary'), title: 'VerseProjection', description: "A verse record with only what lang, authors and fields keep: _id, chapter and verse always; a commentary kept has its author and at least one text field. With marks=iast its transliteration is written with IAST's marks (| ' m̐), the rest as the record holds it.", required: [...ALWAYS_KEPT] },
    Commentary: commentarySchema,
    Chapter: chapterSchema,
    Author: authorSchema,
    Error: { type: 'object', required: ['error'], properties: { error: { type: 'string' } }, additionalProperties: false },
    Usage: usageSchema,
    VersesResponse: versesResponse,
    JsonRpcRequest: jsonRpcRequest,
    JsonRpcResponse: jsonRpcResponse,
    SearchResponse: searchResponse,
    Health: healthSchema,
    Registration: registrationSchema,
    NewKey: newKeySchema,
  };
}

/** What /verses answers: the labels of the parts asked for, and their records. */
const versesResponse: Schema = {
  type: 'object',
  required: ['refs', 'verses'],
  properties: {
    refs: { type: 'array', minItems: 1, items: { type: 'string', pattern: '^BG[1-9][0-9]*(\\.[1-9][0-9]*(-[1-9][0-9]*(\\.[1-9][0-9]*)?)?)?$' }, description: 'The canonical label of each part, in order: BG2.47, BG2.47-50, BG2.72-3.2, BG18.' },
    verses: { type: 'array', minItems: 1, maxItems: MAX_VERSES_PER_CALL, items: verseOrProjection },
  },
  additionalProperties: false,
};

/** A JSON-RPC request to /mcp. */
const jsonRpcRequest: Schema = {
  type: 'object',
  required: ['jsonrpc', 'method'],
  properties: { jsonrpc: { const: '2.0' }, id: { type: ['string', 'integer'] }, method: { type: 'string' }, params: { type: 'object' } },
};

/** A JSON-RPC answer from /mcp. */
const jsonRpcResponse: Schema = {
  type: 'object',
  required: ['jsonrpc'],
  properties: {
    jsonrpc: { const: '2.0' },
    id: { type: ['string', 'integer', 'null'] },
    result: { type: 'object', description: 'For tools/call: content (text a model reads: reference, Sanskrit, transliteration, a translation and its author), structuredContent (the records), and isError on a bad argument.' },
    error: { type: 'object', required: ['code', 'message'], properties: { code: { type: 'integer' }, message: { type: 'string' } } },
  },
};

/** One page of /search results, each with its matched fields, snippets and ranges. */
const searchResponse: Schema = {
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
};

/** What /healthz reports of the build and the stores. */
const healthSchema: Schema = {
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
};

/** The form /register takes. */
const registrationSchema: Schema = {
  type: 'object',
  required: ['name', 'email', 'use'],
  properties: {
    name: { type: 'string', minLength: 1, maxLength: 100 },
    email: { type: 'string', format: 'email', maxLength: 254 },
    use: { type: 'string', minLength: 1, maxLength: 500, description: 'What you will build with it.' },
    website: { type: 'string', maxLength: 0, description: 'Leave empty (a trap for bots).' },
  },
};

/** The key /register makes. */
const newKeySchema: Schema = {
  type: 'object',
  required: ['key', 'id', 'name', 'limit', 'plan'],
  properties: {
    key: { type: 'string', pattern: '^gita_[A-Za-z0-9_-]{32}$', description: 'The key. Shown only this once.' },
    id: { type: 'string' },
    name: { type: 'string' },
    limit: { type: 'integer', description: 'Requests a day; 0: unlimited.' },
    plan: { type: 'string', enum: ['free'] },
  },
};

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
