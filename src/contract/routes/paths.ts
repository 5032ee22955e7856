// Each route's path by its id, and its file of the static build, and
// nothing else of the table: what the client and the tagger take of it. Their bundles hold this object alone,
// made from the table when they are bundled (src/publish/route-paths.ts), not
// the table with its summaries, responses and parameters.
import { ROUTES, type RouteId } from './index.ts';

export const ROUTE_PATHS = Object.fromEntries(ROUTES.map((r) => [r.id, r.path])) as Record<RouteId, string>;

/** Each route's file of the static build, by its id, where it has one (its parameters in braces). */
export const ROUTE_FILES = Object.fromEntries(ROUTES.flatMap((r) => ('file' in r && r.file ? [[r.id, r.file]] : []))) as Partial<Record<RouteId, string>>;
