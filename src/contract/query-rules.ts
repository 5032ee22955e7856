// A request's query checked against its route's parameters (routes/, each
// parameter defined in parameters.ts) before the handler runs, in one pass
// over its parameters; a request without a query does no work here. What
// is refused: a parameter the route takes, given twice; a near miss of one
// it takes (`author` on the API, `authors` on /read, `language`, `chapter`).
// Every other name is ignored, as a cache buster should be. Values are the
// handlers' to check, each with its parameter's own reader.
import { PARAMETER_ERRORS, type Parameter, type ParameterFacts } from './parameters.ts';
import { parameterOf } from './route.ts';
import { ROUTE, ROUTES, type RouteId } from './routes/index.ts';

/** One route's rules, made once: the names it takes and the near misses it refuses (miss → the name meant). */
export interface QueryRules {
  taken: ReadonlyMap<string, Parameter>;
  near: ReadonlyMap<string, string>;
}

function rulesOf(id: RouteId): QueryRules {
  const taken = new Map<string, Parameter>(ROUTE[id].query.map((t) => [parameterOf(t).name, parameterOf(t)]));
  const near = new Map<string, string>();
  for (const [name, p] of taken) {
    for (const miss of p.nearMisses) if (!taken.has(miss) && !near.has(miss)) near.set(miss, name);
  }
  // Another case of a name taken (Lang, CH) is a near miss of it too: checked in checkQuery by lower case.
  return { taken, near };
}

export const QUERY_RULES = Object.fromEntries(ROUTES.map((r) => [r.id, rulesOf(r.id)])) as Record<RouteId, QueryRules>;

/**
 * A query against a route's rules, in one pass over its parameters: the
 * 400's message (a name taken given twice, a near miss of a name taken), or
 * null. Values are the handlers' to check.
 */
export function checkQuery(route: RouteId, params: URLSearchParams, facts: ParameterFacts): string | null {
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
  return null;
}
