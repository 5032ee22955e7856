// The file of dist/ that answers a route that serves its built file as it
// is, for the values of its parameters: the server's handler of such a route
// (src/http/handlers/file.ts) finds a lemma's or a root's file by it, the MCP
// tools of such routes read their route's answer through it, and the MCP
// budget costs them by its size.
import { lemmaFile, SPELLED } from '../content/dcs/lemma.ts';
import type { RouteSpec } from './route.ts';

const int = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) ? v : 0);

/** A template's parameters filled from the arguments as they are: the manifest's paths are not percent-encoded (nor dist/'s file names). */
export const filled = (template: string, args: Record<string, unknown>) => template.replace(/\{(\w+)\}/g, (_m, name: string) => String(typeof args[name] === 'string' ? args[name] : int(args[name])));

/**
 * The route's file for these arguments: its `file` filled with them, or for
 * a route that names a lemma or a root by its spelling (`spelled`), the
 * IAST name's file, else the ASCII spelling's; a spelling that cannot be one
 * is the route's 400 (its message), and a spelling the build has no file
 * for is undefined.
 */
export function routeFileOf(r: RouteSpec, args: Record<string, unknown>, has: (path: string) => boolean): string | { error: string } | undefined {
  const template = r.file;
  if (template === undefined) throw new Error(`the route ${r.id} serves no file of its own`);
  // Read as it is: a reader says where the build lacks it (or that it is still being made, after a fresh start).
  if (!r.spelled) return filled(template, args);
  const spelling = args[r.spelled];
  if (typeof spelling !== 'string') return undefined;
  return lemmaFile(spelling, has, (name) => filled(template, { [r.spelled!]: name }), SPELLED[r.spelled]);
}
