// The handler of a route that declares none: it serves its built file (the
// route's `file`, its parameters filled from the path) with its family's 404,
// a page's for a page route; a lemma's or a root's file found by its spelling
// (the route's `spelled`). A route that serves a file of the build as it is
// needs no handler of its own: its definition says all of it.
import type { RouteSpec } from '../../contract/route.ts';
import { fillPath } from '../../contract/paths.ts';
import { routeFileOf } from '../../contract/route-file.ts';
import type { Handler } from '../context.ts';
import { badRequest, negotiated, notFound, notFoundPage } from '../respond.ts';
import type { AppResponse } from '../types.ts';

/** Its built file, or undefined for a route without one (which must have a handler: handlers/index.ts). */
export function servesItsFile(route: RouteSpec): Handler | undefined {
  const file = route.file;
  if (!file) return undefined;
  const missing = route.page ? notFoundPage[route.notFound] : notFound[route.notFound];
  if (route.spelled) return servesBySpelling(route, route.page ? (c) => negotiated(c.req, missing) : () => missing, missing);
  if (!file.includes('{')) return (c) => c.file(file, false, undefined, missing);
  return (c) => c.file(fillPath(file, c.at as unknown as Record<string, string | number>), false, undefined, missing);
}

/** A lemma's or a root's file: the IAST name's, else the ASCII spelling's (routeFileOf, as the MCP tools find it); 400 for a spelling that cannot be one. */
function servesBySpelling(route: RouteSpec, none: Handler, missing: AppResponse): Handler {
  return (c) => {
    const found = routeFileOf(route, c.at as unknown as Record<string, unknown>, (path) => !!c.served.streamed(path));
    if (found === undefined) return none(c);
    return typeof found === 'string' ? c.file(found, false, undefined, missing) : badRequest(found.error);
  };
}
