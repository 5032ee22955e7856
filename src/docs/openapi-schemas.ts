// The document's schemas: what the routes declare (src/contract/routes/: each
// route's own, and the components of the shapes declared once in zod, which
// a route loads when asked: the server never loads zod for them), then the
// records as the importer validates them (src/content/schema.ts), the error
// body every route answers with, and /usage's answer.
import type { Schema } from '../content/schema.ts';
import { USAGE_DAYS } from '../contract/limits.ts';
import { LISTED_ROUTES } from '../contract/routes/index.ts';

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

/** The schemas no route declares: the records, the error body and /usage's answer. */
function ownSchemas(): Record<string, unknown> {
  return {
    Error: { type: 'object', required: ['error'], properties: { error: { type: 'string' } }, additionalProperties: false },
    Usage: usageSchema,
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
