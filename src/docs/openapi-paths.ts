// The document's paths: one operation per listed route, with its parameters
// (the path's, then the query's), its security and every response it may
// give, the errors each kind of access adds included.
import type { Schema } from '../content/schema.ts';
import { LISTED_ROUTES, type RouteId, type RouteSpec } from '../contract/routes/index.ts';
import { pathParameters } from '../contract/paths.ts';
import { PATH_PARAMETERS } from '../contract/path-parameters.ts';
import { parameterOf, type Taken } from '../contract/route.ts';
import { errorContent, html, response } from '../contract/responses.ts';
import type { Manifest } from '../contract/manifest.ts';
import { QUERY_RULES } from '../contract/query-rules.ts';

type Route = RouteSpec<RouteId>;

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

/** Who may call the route: anyone (open), a key holder (key), or, metered, the document's default (a key or none). */
function securityOf(route: Route) {
  if (route.access === 'open') return { security: [] };
  if (route.access === 'key') return { security: [{ ApiKeyHeader: [] }, { ApiKeyBearer: [] }, { ApiKeyQuery: [] }] };
  return {};
}

/** The errors the route's access, method and pools add to what the route itself answers. */
function responsesOf(route: Route, method: 'get' | 'post') {
  const access = route.access === 'metered' ? meteredErrors : route.access === 'key' ? { '401': response('Unauthorized'), '500': response('InternalError') } : { '500': response('InternalError') };
  return {
    ...route.responses,
    ...refusalsOf(route.id, route.responses['400'], !!route.page),
    ...access,
    '405': response(method === 'post' ? 'MethodNotAllowedPost' : 'MethodNotAllowed'),
    ...(route.needs && { '503': response(route.pool ? 'StillBuildingOrBusy' : 'StillBuilding') }),
    ...(route.pool && !route.needs && { '503': response('Busy') }),
  };
}

/** One route's operation. */
function operationOf(route: Route, method: 'get' | 'post', facts: Manifest['content']) {
  const parameters = [...pathParameters(route.path).map((name) => pathParameter(name, facts)), ...route.query.map((t) => queryParameter(t, facts))];
  return {
    operationId: route.id.replace(/-(\w)/g, (_m, c: string) => c.toUpperCase()),
    summary: route.summary,
    ...(route.description && { description: route.description }),
    tags: [route.access === 'metered' ? 'Scripture' : 'Service'],
    ...securityOf(route),
    ...(parameters.length ? { parameters } : {}),
    ...(route.requestBody && { requestBody: route.requestBody }),
    responses: responsesOf(route, method),
  };
}

/** Every listed route's operation, by path and method. The operator's route (GET /metrics) is left out: docs/operations.md describes it. */
export function pathsOf(facts: Manifest['content']): Record<string, Record<string, unknown>> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of LISTED_ROUTES) {
    const method = route.methods.includes('POST') ? 'post' : 'get';
    paths[route.path] ??= {};
    paths[route.path][method] = operationOf(route, method, facts);
  }
  return paths;
}
