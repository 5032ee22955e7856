// A request's query checked against its route's parameters (routes/, each
// parameter defined in parameters.ts) and its values read, before the handler
// runs; a request without a query does no work here. What is refused: a
// parameter the route takes, given twice; a near miss of one it takes
// (`author` on the API, `authors` on /read, `language`, `chapter`); then a
// value its parameter's reader does not take. Every other name is ignored,
// as a cache buster should be. The handler is given the values read, typed
// by its route's parameters (Valid); the rules across parameters are its own.
import { PARAMETER_ERRORS, readParameters, type Parameter, type ParameterFacts } from './parameters.ts';
import { parameterOf, type ParameterOfTaken } from './route.ts';
import { ROUTE, ROUTES, type RouteId } from './routes/index.ts';

/** One route's rules, made once: the names it takes and the near misses it refuses (miss → the name meant). */
export interface QueryRules {
  taken: ReadonlyMap<string, Parameter>;
  near: ReadonlyMap<string, string>;
  /** The parameters in the order their values are read: as the route declares them (sl after the ch that bounds it). */
  order: readonly Parameter[];
}

function rulesOf(id: RouteId): QueryRules {
  const taken = new Map<string, Parameter>(ROUTE[id].query.map((t) => [parameterOf(t).name, parameterOf(t)]));
  const near = new Map<string, string>();
  for (const [name, p] of taken) {
    for (const miss of p.nearMisses) if (!taken.has(miss) && !near.has(miss)) near.set(miss, name);
  }
  // Another case of a name taken (Lang, CH) is a near miss of it too: checked in namesGiven by lower case.
  return { taken, near, order: [...taken.values()] };
}

export const QUERY_RULES = Object.fromEntries(ROUTES.map((r) => [r.id, rulesOf(r.id)])) as Record<RouteId, QueryRules>;

/** A route's definition by its id, with the literal types route() keeps. */
export type RouteOf<Id extends RouteId> = Extract<(typeof ROUTES)[number], { id: Id }>;
type ValueOf<P> = P extends Parameter<infer T, string> ? T : never;
type NameOf<P> = P extends Parameter<unknown, infer N> ? N : never;

/**
 * The values of a route's query parameters as its handler is given them
 * (c.valid), by name, each of its parameter's type; absent when not given.
 * For a handler of several routes, their parameters together.
 */
export type Valid<Id extends RouteId = RouteId> = { readonly [P in ParameterOfTaken<RouteOf<Id>['query'][number]> as NameOf<P>]?: ValueOf<P> };

/** What a request without a query is given: nothing read, nothing allocated. */
export const NO_VALUES: Valid = Object.freeze({});

/**
 * A query's values for its route: the values read (`valid`), or the 400's
 * message (`refused`): a name's (given twice, a near miss: `valid` null), or
 * a value's (`valid`: the other values its parameters read, which the 400's
 * form may depend on).
 */
export type ReadQuery = { valid: Valid } | { refused: string; valid: Valid | null };

/**
 * The query's names checked in one pass (a name given twice, a near miss of
 * one the route takes: namesGiven), then each of the route's parameters
 * given read by its definition, in the route's order; the first refusal
 * wins. A query of none of them (a cache buster) reads nothing.
 */
export function readQuery(route: RouteId, params: URLSearchParams, facts: ParameterFacts): ReadQuery {
  const names = namesGiven(route, params, facts);
  if (typeof names === 'string') return { refused: names, valid: null };
  if (!names) return { valid: NO_VALUES };
  const { order } = QUERY_RULES[route];
  const { values, refused } = readParameters(names.length === order.length ? order : order.filter((p) => names.includes(p.name)), params, facts);
  return refused ? { refused: refused.error, valid: values } : { valid: values };
}

/** One pass over a query's names: the 400's message, or the names of the route's parameters given (null: none). */
function namesGiven(route: RouteId, params: URLSearchParams, facts: ParameterFacts): string | string[] | null {
  const rules = QUERY_RULES[route];
  let seen: string[] | null = null;
  for (const name of params.keys()) {
    if (rules.taken.has(name)) {
      if (seen?.includes(name)) return PARAMETER_ERRORS.twice(name, params.getAll(name).length);
      (seen ??= []).push(name);
      continue;
    }
    if (name === 'api_key') continue; // the gate's (it refuses one given twice)
    const lower = name.length <= 20 ? name.toLowerCase() : '';
    const meant = rules.near.get(lower) ?? (rules.taken.has(lower) ? lower : undefined);
    if (meant !== undefined) return PARAMETER_ERRORS.nearMiss(name, meant, rules.taken.get(meant)!.values(facts));
  }
  return seen;
}
