// The query parameters of every route, defined once beside the route table:
// which names each route takes (the values each takes are worded in
// contract/parameters.ts), and the near misses people type for them
// (`author` on the API, `authors` on /read, `language`, `chapter`). The
// server checks a query against them before the handler runs (one pass over
// its parameters; a request without a query does no work here), the OpenAPI
// document lists them, and the tests read them.
//
// What is refused: a parameter the route takes, given twice; a near miss of
// one it takes. Every other name is ignored, as a cache buster should be.
import { PARAMETER_ERRORS, PARAMETERS, type ParameterFacts, type ParameterId } from './parameters.ts';
import type { RouteId } from './route-paths.ts';

export { PARAMETER_ERRORS, PARAMETERS, type ParameterFacts, type ParameterId } from './parameters.ts';

/** A parameter as a route takes it: the name in the query, and the entry of PARAMETERS that says its values. */
type Taken = ParameterId | { name: string; id: ParameterId };

const PROJECTION: Taken[] = ['lang', 'authors', 'fields'];
const CARD: Taken[] = ['ch', 'sl', 'speaker', 'theme'];
const READING: Taken[] = [{ name: 'lang', id: 'readLang' }, 'author'];

/** The names each route takes in its query (besides api_key, which every route takes and the gate reads). */
export const ROUTE_QUERY: Record<RouteId, readonly Taken[]> = {
  'random-verse': ['ch', 'speaker', ...PROJECTION],
  today: ['date', ...PROJECTION],
  'today-card': ['date', 'theme'],
  'today-card-png': ['date', 'theme'],
  verse: PROJECTION,
  'verse-words': [],
  'verse-links': [],
  works: [],
  work: [],
  'verse-range': PROJECTION,
  verses: ['ref', ...PROJECTION],
  'verses-ref': ['ref', ...PROJECTION],
  search: ['q', 'lang', 'ch', 'speaker', 'limit', 'offset', 'format'],
  chapters: [],
  'chapter-verses': PROJECTION,
  chapter: [],
  authors: [],
  author: [],
  card: CARD,
  'verse-card': ['theme'],
  'card-png': CARD,
  'verse-card-png': ['theme'],
  docs: [],
  guide: [],
  pricing: [],
  openapi: [],
  usage: [],
  healthz: [],
  register: [],
  'read-verse': READING,
  'read-chapter': READING,
  download: [],
  mcp: [],
  'verse-analysis': [],
  lemma: [],
  lemmas: [],
  'read-lemma': [],
};

/** What people type for a name (lower case): a route that takes the name and not the miss refuses the miss, naming the name. */
export const NEAR_MISSES: Record<string, readonly string[]> = {
  authors: ['author', 'commentator', 'commentators', 'commentary', 'commentaries'],
  author: ['authors', 'commentator', 'commentary', 'translator'],
  lang: ['language', 'languages', 'langs', 'locale'],
  ch: ['chapter', 'chap', 'chapters'],
  sl: ['verse', 'sloka', 'shloka', 'slok'],
  fields: ['field', 'only', 'include'],
  ref: ['reference', 'references', 'refs', 'verses'],
  q: ['query', 'search', 'term', 'text'],
  limit: ['size', 'count', 'per_page', 'perpage', 'page_size', 'pagesize', 'max'],
  offset: ['page', 'skip', 'start', 'from'],
  speaker: ['speakers', 'by', 'voice'],
  theme: ['themes', 'mode', 'color', 'colour', 'scheme'],
  date: ['day'],
  format: ['type', 'output'],
};

/** One route's rules, made once: the names it takes and the near misses it refuses (miss → the name meant). */
export interface QueryRules {
  taken: ReadonlyMap<string, ParameterId>;
  near: ReadonlyMap<string, string>;
}

function rulesOf(list: readonly Taken[]): QueryRules {
  const taken = new Map<string, ParameterId>(list.map((t) => (typeof t === 'string' ? [t, t] : [t.name, t.id])));
  const near = new Map<string, string>();
  for (const name of taken.keys()) {
    for (const miss of NEAR_MISSES[name] ?? []) if (!taken.has(miss) && !near.has(miss)) near.set(miss, name);
  }
  // Another case of a name taken (Lang, CH) is a near miss of it too: checked in checkQuery by lower case.
  return { taken, near };
}

export const QUERY_RULES: Record<RouteId, QueryRules> = Object.fromEntries(Object.entries(ROUTE_QUERY).map(([id, list]) => [id, rulesOf(list)])) as Record<RouteId, QueryRules>;

/** The values a route's parameter takes, worded (for a 400 about it). */
export function valuesOf(route: RouteId, name: string, facts: ParameterFacts): string {
  const id = QUERY_RULES[route].taken.get(name) ?? (name in PARAMETERS ? (name as ParameterId) : null);
  return id ? PARAMETERS[id](facts) : '';
}

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
    if (meant !== undefined) return PARAMETER_ERRORS.nearMiss(name, meant, PARAMETERS[rules.taken.get(meant)!](facts));
  }
  return null;
}
