// The document's schemas: what the routes declare (src/contract/routes/: each
// route's own, and the components of the shapes declared once in zod, which
// a route loads when asked: the server never loads zod for them; the records
// among them, as the importer validates them, content/record-schemas.ts),
// then the document's own: the error body every route answers with.
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

/** The schemas no route declares: the error body, which every route answers with. */
function ownSchemas(): Record<string, unknown> {
  return {
    Error: { type: 'object', required: ['error'], properties: { error: { type: 'string' } }, additionalProperties: false },
  };
}
