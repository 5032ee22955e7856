// The OpenAPI components of shapes declared once with zod: each schema given
// by its component's name is generated as JSON Schema 2020-12 (as OpenAPI 3.1
// reads it), and one component inside another is written as a $ref to it, so
// the document keeps one definition of each. Build-time only: a route loads
// its components by a dynamic import when the document is made (its
// `components`), and the server, which names them by $ref alone, never loads
// zod for them. No Node module either: the client's declarations are compiled
// from the route table without Node's types, and see these modules.
import { z } from 'zod';

/** True when A and B are the same type (each assignable to the other, optional keys alike). */
export type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;

const COMPONENT = (name: string) => `#/components/schemas/${name}`;

/** Two JSON values alike (node:util's isDeepStrictEqual, for JSON). */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null || Array.isArray(a) !== Array.isArray(b)) return false;
  const [x, y] = [a as Record<string, unknown>, b as Record<string, unknown>];
  return Object.keys(x).length === Object.keys(y).length && Object.keys(x).every((k) => Object.hasOwn(y, k) && sameJson(x[k], y[k]));
}

/**
 * What zod adds that the hand-written schemas never said, dropped so a
 * component reads as before: the safe-integer bounds of .int() (no answer
 * holds a number past 2^53); "number" for an enum of whole numbers (integer,
 * as its values are); a record's propertyNames {type: string} (every JSON key
 * is one); additionalProperties: false on a plain z.object, which here
 * says nothing of other keys, as those schemas did: .strict() closes one;
 * a record's additionalProperties {} (any value, as leaving it out says); a
 * key a schema's metadata sets to undefined (a const's type where a schema
 * never said it); and a tuple of one kind ([start, end]) as the array of two
 * it is.
 */
function plain({ zodSchema, jsonSchema: s }: { zodSchema: z.core.$ZodType; jsonSchema: Record<string, unknown> }) {
  if (s.type === 'integer' && s.minimum === Number.MIN_SAFE_INTEGER) delete s.minimum;
  if (s.type === 'integer' && s.maximum === Number.MAX_SAFE_INTEGER) delete s.maximum;
  if (s.type === 'number' && Array.isArray(s.enum) && s.enum.every(Number.isInteger)) s.type = 'integer';
  if (sameJson(s.propertyNames, { type: 'string' })) delete s.propertyNames;
  if (sameJson(s.additionalProperties, {})) delete s.additionalProperties;
  for (const key of Object.keys(s)) if (s[key] === undefined) delete s[key];
  const pair = s.prefixItems;
  if (Array.isArray(pair) && s.items === false && pair.every((p) => sameJson(p, pair[0]))) {
    s.items = pair[0];
    delete s.prefixItems;
  }
  const def = zodSchema._zod.def;
  if (def.type === 'object' && !('catchall' in def && def.catchall)) delete s.additionalProperties;
  if (def.type === 'intersection') extending(s);
}

/**
 * An intersection of an object and the keys it adds (z.intersection(A, B)),
 * written as the hand-written schemas say "A, and these": allOf: [A] with B's
 * type, required and properties beside it, where zod would fold the two into
 * one object. The same values pass; a reader sees which shape is extended.
 * Left as zod writes it when B says more than an object's keys.
 */
function extending(s: Record<string, unknown>) {
  const allOf = s.allOf;
  if (!Array.isArray(allOf) || allOf.length !== 2) return;
  const added = allOf[1] as Record<string, unknown>;
  if (added.type !== 'object' || !Object.keys(added).every((k) => ['type', 'required', 'properties'].includes(k))) return;
  // The same array, cut to its first member: zod's fold finds the intersection by it, and leaves one that has object keys of its own.
  allOf.splice(1);
  Object.assign(s, added);
}

/**
 * The components, by name: each schema generated, those named here referred
 * to by $ref wherever another holds them. `elsewhere` names the components
 * another route declares (a verse's words hold the analysis's words): referred
 * to by $ref as well, but not generated here, so the document keeps its one.
 * `uri` writes a component's $ref: the document's by default; the importer
 * names its own (content/record-schemas.ts).
 */
export function componentsOf(named: Record<string, z.ZodType>, elsewhere: Record<string, z.ZodType> = {}, uri: (name: string) => string = COMPONENT): Record<string, object> {
  const registry = z.registry<{ id: string }>();
  for (const [id, schema] of Object.entries({ ...elsewhere, ...named })) registry.add(schema, { id });
  const { schemas } = z.toJSONSchema(registry, { target: 'draft-2020-12', unrepresentable: 'throw', uri, override: plain });
  // A component's own $id and $schema are the document's business, not its.
  return Object.fromEntries(Object.entries(schemas).filter(([id]) => Object.hasOwn(named, id)).map(([id, { $id: _, $schema: __, ...schema }]) => [id, schema]));
}
