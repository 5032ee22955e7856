// Test cases made from the route table, so that a new route is tried by the
// property and hostile tests with no list of theirs to edit: each route's
// example path (its parameters' values read off it), the same values in each
// of its other spellings (aliases), the path's segments, the query
// parameters' names and examples, and hostile forms of every path and of
// each path parameter in it.
import { ROUTES } from '../../src/contract/routes/index.ts';
import { parameterOf, type RouteSpec } from '../../src/contract/route.ts';

/** The values a route's example gives its path parameters ({} when the example does not fit the path). */
export function exampleValues(r: RouteSpec): Record<string, string> {
  const names: string[] = [];
  const pattern = r.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{(\w+)\\?\}|\{(\w+)\}/g, (_m, a: string, b: string) => (names.push(a ?? b), '([^/?]+?)'));
  const found = new RegExp(`^${pattern}(?:\\?|$)`).exec(r.example);
  return found ? Object.fromEntries(names.map((n, i) => [n, found[i + 1]])) : {};
}

const fill = (template: string, values: Record<string, string>) => template.replace(/\{(\w+)\}/g, (m, name: string) => values[name] ?? m);

/** Every route's example path (without its query), and its aliases spelled with the example's values. */
export function routeExamples(routes: readonly RouteSpec[] = ROUTES): string[] {
  const out = new Set<string>();
  for (const r of routes) {
    out.add(r.example.split('?')[0]);
    const values = exampleValues(r);
    for (const alias of r.aliases ?? []) if (!fill(alias, values).includes('{')) out.add(fill(alias, values));
  }
  return [...out];
}

/** The fixed segments of every route's path and aliases, and its example's (2, 47, karman, sthā...). */
export function routeSegments(routes: readonly RouteSpec[] = ROUTES): string[] {
  const paths = routes.flatMap((r) => [r.path, ...(r.aliases ?? []), r.example.split('?')[0]]);
  return [...new Set(paths.flatMap((p) => p.split('/')).filter((s) => s && !s.includes('{')).map((s) => decodeURIComponent(s)))];
}

/** Every query parameter's name that some route takes, and the near misses people type for them. */
export function queryNames(routes: readonly RouteSpec[] = ROUTES): string[] {
  return [...new Set(routes.flatMap((r) => r.query.map(parameterOf)).flatMap((p) => [p.name, ...p.nearMisses]))];
}

/** Every query parameter's example value. */
export function queryExamples(routes: readonly RouteSpec[] = ROUTES): string[] {
  return [...new Set(routes.flatMap((r) => r.query.map(parameterOf)).flatMap((p) => (p.example === undefined ? [] : [encodeURIComponent(String(p.example))])))];
}

/** What a scanner tries in place of a path parameter: traversal, prototype keys, overlong, broken UTF-8, NUL, out of range. */
const HOSTILE_VALUES = ['..', '%2e%2e', '..%2f..%2fpackage', '__proto__', 'constructor', 'a'.repeat(3000), '%E0%A4', '%00', '-1', '99999999999', '%20'];

/**
 * Hostile forms of every route's example: a dot segment after it, a NUL,
 * a compressed twin's name, a trailing slash, its last segment in capitals,
 * a junk query; and each path parameter in turn given every hostile value.
 */
export function hostileRoutePaths(routes: readonly RouteSpec[] = ROUTES): string[] {
  const out = new Set<string>();
  for (const r of routes) {
    const base = r.example.split('?')[0];
    const upper = base.replace(/[^/]+$/, (last) => last.toUpperCase());
    for (const form of [`${base}/..`, `${base}%00`, `${base}.json.br`, `${base}/`, upper, `${base}?x=%00&${r.query.length ? `${parameterOf(r.query[0]).name}=%00` : 'y=1'}`]) out.add(form);
    const values = exampleValues(r);
    for (const name of Object.keys(values)) for (const bad of HOSTILE_VALUES) out.add(fill(r.path, { ...values, [name]: bad }));
  }
  return [...out];
}

type Body = { content?: Record<string, { schema?: { properties?: Record<string, unknown> }; example?: unknown }> };

/** The fields of every route's JSON body (text, for POST /refs). */
export function bodyNames(routes: readonly RouteSpec[] = ROUTES): string[] {
  return [...new Set(routes.flatMap((r) => Object.values((r.requestBody as Body | undefined)?.content ?? {}).flatMap((c) => Object.keys(c.schema?.properties ?? {}))))];
}

/** Every route's example body, as sent. */
export function bodyExamples(routes: readonly RouteSpec[] = ROUTES): string[] {
  return routes.flatMap((r) => Object.values((r.requestBody as Body | undefined)?.content ?? {}).flatMap((c) => (c.example === undefined ? [] : [JSON.stringify(c.example)])));
}
