// The path of every route, by its id: the one place a route's URL is spelled.
// A module of its own, without imports, because the client bundles it (its
// URL builder) and must not carry the rest of the table (summaries, examples).

/** OpenAPI form: parameters in braces, typed by name (src/contract/match.ts: ch, sl, from, to, file, key, ref, lemma, guide, work). */
export const ROUTE_PATHS = {
  'random-verse': '/slok',
  today: '/slok/today',
  'today-card': '/slok/today/gita.svg',
  'today-card-png': '/slok/today/gita.png',
  verse: '/slok/{ch}/{sl}',
  'verse-words': '/slok/{ch}/{sl}/words',
  'verse-analysis': '/slok/{ch}/{sl}/analysis',
  'verse-links': '/slok/{ch}/{sl}/links',
  works: '/works',
  work: '/works/{work}',
  lemma: '/lemma/{lemma}',
  lemmas: '/lemmas',
  'verse-range': '/slok/{ch}/{from}-{to}',
  verses: '/verses',
  'verses-ref': '/verses/{ref}',
  search: '/search',
  chapters: '/chapters',
  'chapter-verses': '/chapter/{ch}/slok',
  chapter: '/chapter/{ch}',
  authors: '/authors',
  author: '/authors/{key}',
  card: '/gita.svg',
  'card-png': '/gita.png',
  'verse-card': '/slok/{ch}/{sl}/gita.svg',
  'verse-card-png': '/slok/{ch}/{sl}/gita.png',
  docs: '/',
  guide: '/docs/{guide}',
  pricing: '/pricing',
  openapi: '/openapi.json',
  usage: '/usage',
  healthz: '/healthz',
  register: '/register',
  'read-verse': '/read/{ch}/{sl}',
  'read-chapter': '/read/{ch}',
  'read-lemma': '/read/lemma/{lemma}',
  download: '/downloads/{file}',
  mcp: '/mcp',
} as const;

export type RouteId = keyof typeof ROUTE_PATHS;

/** How a work is named in a path (/works/{work}): its slug, lower-case ASCII words joined by "-" (src/content/works.ts, workSlug). */
export const WORK_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+){0,11}$/;

/** How a commentary key is spelled in a path (/authors/{key}) and a file name of the build: letters, digits, _ or -; a key of any other spelling gets neither. */
export const AUTHOR_KEY = /^[A-Za-z0-9_-]{1,40}$/;

/** A route's path with its parameters filled in (`fillPath(ROUTE_PATHS.verse, { ch: 2, sl: 47 })` is /slok/2/47). */
export function fillPath(path: string, params: Record<string, string | number>): string {
  return path.replace(/\{(\w+)\}/g, (_m, name: string) => encodeURIComponent(String(params[name])));
}

/** The same path in the `:name` form of static hosts' `_redirects`. */
export const colonPath = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');
