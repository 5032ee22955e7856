// The handler of a route that declares none: it serves its built file (the
// route's `file`, its parameters filled from the path) with its family's 404,
// a page's for a page route. A route that serves a file of the build as it is
// needs no handler of its own: its definition says all of it.
import type { RouteSpec } from '../../contract/route.ts';
import { fillPath } from '../../contract/paths.ts';
import type { Handler } from '../context.ts';
import { notFound, notFoundPage } from '../respond.ts';

/** Its built file, or undefined for a route without one (which must have a handler: handlers/index.ts). */
export function servesItsFile(route: RouteSpec): Handler | undefined {
  const file = route.file;
  if (!file) return undefined;
  const missing = route.page ? notFoundPage[route.notFound] : notFound[route.notFound];
  if (!file.includes('{')) return (c) => c.file(file, false, undefined, missing);
  return (c) => c.file(fillPath(file, c.at as unknown as Record<string, string | number>), false, undefined, missing);
}
