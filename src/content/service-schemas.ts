// The JSON Schemas of the service's own answers (the OpenAPI document's
// components for /search, /verses, /usage, /healthz, POST /register and /mcp),
// declared with zod and generated from it. Each schema's inferred type must
// equal its plain type (search/query.ts, content/schema.ts, contract/health.ts,
// keys/store.ts, keys/usage.ts, contract/mcp-body.ts): a change to one
// without the other does not compile. Build-time only: each route loads its
// own by a dynamic import (its `components`) when the document is made. These
// objects are plain z.object but for /verses': their schemas leave other keys
// open, as they always have.
import { z } from 'zod';
import { componentsOf, type Same } from './zod-components.ts';
import { LATER_PARTS } from '../layout.ts';
import { READINESS_FIELDS, type Health } from '../contract/health.ts';
import { SNIPPET_MAX, USAGE_DAYS } from '../contract/limits.ts';
import { verseOrProjection } from '../contract/responses.ts';
import { MAX_VERSES_PER_CALL } from './citations.ts';
import type { VersesAnswer } from './schema.ts';
import type { SearchResponse } from '../search/query.ts';
import type { IssuedKey, Registration } from '../keys/store.ts';
import type { UsageAnswer } from '../keys/usage.ts';
import type { JsonRpcRequest, JsonRpcResponse } from '../contract/mcp-body.ts';

/** An object type written out, its intersections merged, to compare with an inferred one. */
type Flat<T> = { [K in keyof T]: T[K] };
const text = (description: string) => z.string().describe(description);

const MatchSchema = z.object({
  field: text("Such as siva.et, transliteration, or a version's id (besant)."),
  author: text("The commentary's author, or the version's translator.").optional(),
  version: text("A version's text: the version's id (/versions).").optional(),
  credit: text("A version's text: the line its license asks to show wherever the text is shown.").optional(),
  snippet: z.string().max(SNIPPET_MAX),
  ranges: z.array(z.tuple([z.number().int().min(0), z.number().int().min(0)])).describe('Matched [start, end) offsets in the snippet, in UTF-16 code units.'),
});

const ResultSchema = z.object({
  _id: z.string(),
  chapter: z.number().int(),
  verse: z.number().int(),
  speaker: text('As the record has it, in Devanagari.'),
  score: z.number(),
  matches: z.array(MatchSchema),
});

export const SearchResponseSchema = z.object({
  query: text('q as it was asked.'),
  total: z.number().int().describe('How many verses match: page through them with offset and limit.'),
  limit: z.number().int().describe('The results per page asked for (default 10).'),
  offset: z.number().int().describe('How many of the best results this page skipped.'),
  hint: text('On an empty page only: why nothing is here (only common words, the Devanagari spelling searched, a filter, an offset past the end) and what to try.').optional(),
  searched: z
    .object({ devanagari: z.string().optional(), phrase: z.string().optional() })
    .optional()
    .describe('How the query was searched when not as its own words: devanagari, the spelling a Latin query of the Hindi (lang=hi) was searched as (karma: कर्म); phrase, the words of a query of common words alone, searched as one phrase.'),
  results: z.array(ResultSchema),
});

/** A record as the document writes it by hand (the importer's schemas, content/schema.ts), named by $ref: its type is the record's. */
const record = z.unknown().meta(verseOrProjection) as unknown as z.ZodType<VersesAnswer['verses'][number]>;

export const VersesResponseSchema = z
  .object({
    refs: z
      .array(z.string().regex(/^BG[1-9][0-9]*(\.[1-9][0-9]*(-[1-9][0-9]*(\.[1-9][0-9]*)?)?)?$/))
      .min(1)
      .describe('The canonical label of each part, in order: BG2.47, BG2.47-50, BG2.72-3.2, BG18.'),
    verses: z.array(record).min(1).max(MAX_VERSES_PER_CALL),
  })
  .strict();

const LeftOutSchema = z.object({
  folder: z.string(),
  problems: z.array(z.object({ file: z.string(), at: text('"line 3", or a field of version.json such as "$.license".'), problem: z.string() })),
  more: z.number().int().describe('Problems beyond those listed.').optional(),
});

const store = z.enum(['file', 'redis']);

export const HealthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  build: text('The build id (a hash of every file of dist/).'),
  chapters: z.number().int(),
  verses: z.number().int(),
  colophons: z.number().int(),
  errata: z.array(z.string()).describe('The errata applied to the content (see the docs, Corrections).'),
  audit: z.object({ findings: z.number().int().describe('Findings no erratum resolves: 0 is clean.'), notes: z.number().int() }),
  auth: z.enum(['optional', 'required', 'off']),
  // uniqueItems: readiness() lists each part once.
  pending: z.array(z.enum(LATER_PARTS)).meta({ uniqueItems: true }).describe(READINESS_FIELDS.pending),
  ready: z.boolean().describe(READINESS_FIELDS.ready),
  keys: store.optional(),
  usage: store.optional(),
  redis: text('"reachable", or "unreachable since <time>".').optional(),
  usageRecoveredFrom: text('Where a corrupt usage file found at start-up was moved.').optional(),
  versionsLeftOut: z
    .array(LeftOutSchema)
    .optional()
    .describe(
      "The operator's version folders left out of the build served (status degraded): each folder by its own name, with its problems (file, line or field, what is wrong; at most 20, the rest counted in more). Every other version is served. Absent when none was.",
    ),
  rebuildFailed: text('Why the rebuild this start needed failed: the server serves the last good build (status degraded). Absent otherwise.').optional(),
});

// The form's fields as the document always said them: format email is a word to the reader, the server checks the address itself (http/register.ts).
export const RegistrationSchema = z.object({
  name: z.string().min(1).max(100),
  email: z.string().max(254).meta({ format: 'email' }),
  use: z.string().min(1).max(500).describe('What you will build with it.'),
  website: z.string().max(0).describe('Leave empty (a trap for bots).').optional(),
});

export const NewKeySchema = z.object({
  key: z
    .string()
    .regex(/^gita_[A-Za-z0-9_-]{32}$/)
    .describe('The key. Shown only this once.'),
  id: z.string(),
  name: z.string(),
  limit: z.number().int().describe('Requests a day; 0: unlimited.'),
  plan: z.enum(['free']),
});

const DayUsageSchema = z.object({
  date: z.string().meta({ format: 'date' }),
  requests: z.number().int(),
  routes: z.record(z.string(), z.number().int()).describe('Requests per route id (refused ones as rate-limited).'),
});

// today: a day's usage and what remains of it, written as allOf [the day] and its own keys (zod-components.ts).
export const UsageSchema = z.object({
  key: z.object({ id: z.string(), name: z.string(), plan: z.enum(['operator', 'free']), created: z.string().meta({ format: 'date-time' }) }),
  limit: z.object({ perDay: z.number().int(), unlimited: z.boolean() }),
  today: z.intersection(DayUsageSchema, z.object({ remaining: z.number().int().nullable(), resets: z.string().meta({ format: 'date-time' }) })),
  days: z.array(DayUsageSchema).length(USAGE_DAYS),
});

// JSON-RPC's version by its value alone (no type beside it), and params and result any object, as the document always said them.
const jsonrpc = z.literal('2.0').meta({ type: undefined });
const anyObject = z.record(z.string(), z.unknown());

export const JsonRpcRequestSchema = z.object({ jsonrpc, id: z.union([z.string(), z.number().int()]).optional(), method: z.string(), params: anyObject.optional() });

export const JsonRpcResponseSchema = z.object({
  jsonrpc,
  id: z.union([z.string(), z.number().int()]).nullable().optional(),
  result: anyObject
    .optional()
    .describe('For tools/call: content (text a model reads: reference, Sanskrit, transliteration, a translation and its author), structuredContent (the records), and isError on a bad argument.'),
  error: z.object({ code: z.number().int(), message: z.string() }).optional(),
});

// Compiled, never run: each line fails to type-check when a schema and its shape differ.
const agree: [
  Same<z.infer<typeof SearchResponseSchema>, Flat<SearchResponse & { query: string }>>,
  Same<z.infer<typeof VersesResponseSchema>, VersesAnswer>,
  Same<z.infer<typeof HealthSchema>, Flat<Health>>,
  Same<z.infer<typeof RegistrationSchema>, Registration>,
  Same<z.infer<typeof NewKeySchema>, IssuedKey>,
  Same<z.infer<typeof JsonRpcRequestSchema>, JsonRpcRequest>,
  Same<z.infer<typeof JsonRpcResponseSchema>, JsonRpcResponse>,
  Same<z.infer<typeof UsageSchema>, UsageAnswer>,
] = [true, true, true, true, true, true, true, true];
void agree;

/** The OpenAPI component of /search's answer. */
export const searchSchemas = (): Record<string, object> => componentsOf({ SearchResponse: SearchResponseSchema });
/** The OpenAPI component of /verses' answer. */
export const versesSchemas = (): Record<string, object> => componentsOf({ VersesResponse: VersesResponseSchema });
/** The OpenAPI component of /usage's answer. */
export const usageSchemas = (): Record<string, object> => componentsOf({ Usage: UsageSchema });
/** The OpenAPI component of /healthz's answer. */
export const healthSchemas = (): Record<string, object> => componentsOf({ Health: HealthSchema });
/** The OpenAPI components of POST /register: the form it takes and the key it makes. */
export const registerSchemas = (): Record<string, object> => componentsOf({ Registration: RegistrationSchema, NewKey: NewKeySchema });
/** The OpenAPI components of /mcp: a JSON-RPC request and answer. */
export const mcpSchemas = (): Record<string, object> => componentsOf({ JsonRpcRequest: JsonRpcRequestSchema, JsonRpcResponse: JsonRpcResponseSchema });
