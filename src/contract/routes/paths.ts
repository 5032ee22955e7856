// Each route's path by its id, and its file of the static build, and
// nothing else of the table; the same by the name of the client method that
// calls the route (its `client`): what the client and the tagger take of it.
// Their bundles hold these objects alone (each only those it reads),
// made from the table when they are bundled (src/publish/route-paths.ts), not
// the table with its summaries, responses and parameters.
import { ROUTES, type ClientMethod, type RouteId } from './index.ts';

export type { ClientMethod } from './index.ts';

export const ROUTE_PATHS = Object.fromEntries(ROUTES.map((r) => [r.id, r.path])) as Record<RouteId, string>;

/** Each route's file of the static build, by its id, where it has one (its parameters in braces). */
export const ROUTE_FILES = Object.fromEntries(ROUTES.flatMap((r) => ('file' in r && r.file ? [[r.id, r.file]] : []))) as Partial<Record<RouteId, string>>;

/** Each client method's route (the route that declares it), its path by the method's name: how a method finds its route, with no route id of its own. */
export const CLIENT_PATHS = Object.fromEntries(ROUTES.flatMap((r) => ('client' in r && r.client ? [[r.client, r.path]] : []))) as Record<ClientMethod, string>;

/** Each client method's route's file of the static build, by the method's name, where the route has one. */
export const CLIENT_FILES = Object.fromEntries(ROUTES.flatMap((r) => ('client' in r && r.client && 'file' in r && r.file ? [[r.client, r.file]] : []))) as Partial<Record<ClientMethod, string>>;
