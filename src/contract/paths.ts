// How a route's path is written and filled in: parameters in braces, typed
// by name ({ch}, {sl}: path-parameters.ts), and the spellings a path segment
// may take. No route is here (routes/ defines each route with its path):
// the client and the tagger bundle this, and only the paths of the routes.

/** How a work is named in a path (/works/{work}): its slug, lower-case ASCII words joined by "-" (src/content/works.ts, workSlug). */
export const WORK_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+){0,11}$/;
/** How a version's id is spelled (src/content/versions/): lower-case letters, digits and single "-", at most 40 characters; it names the version in paths. */
export const VERSION_ID = /^(?=.{1,40}$)[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** How a commentary key is spelled in a path (/authors/{key}) and a file name of the build: letters, digits, _ or -; a key of any other spelling gets neither. */
export const AUTHOR_KEY = /^[A-Za-z0-9_-]{1,40}$/;

/** A route's path with its parameters filled in (`fillPath('/slok/{ch}/{sl}', { ch: 2, sl: 47 })` is /slok/2/47). */
export function fillPath(path: string, params: Record<string, string | number>): string {
  return path.replace(/\{(\w+)\}/g, (_m, name: string) => encodeURIComponent(String(params[name])));
}

/** The same path in the `:name` form of static hosts' `_redirects`. */
export const colonPath = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');

/** The names of a path's parameters, in order. */
export const pathParameters = (path: string) => [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
