// The same paths and files as paths.ts, by the name of the client method
// that calls each route (its `client`), and only those routes': what the
// client's methods find their routes by, with no route id of their own. A
// module apart, so that a bundle that does not read it (the tagger's) is
// made as if it were not there; bundled, like paths.ts, as the objects alone
// (src/publish/route-paths.ts).
import { pathParameters } from '../paths.ts';
import { ROUTES, type ClientMethod, type RouteSpec } from './index.ts';

export type { ClientMethod } from './index.ts';

/** Each client method's route (the route that declares it), its path by the method's name. */
export const CLIENT_PATHS = Object.fromEntries(ROUTES.flatMap((r) => ('client' in r && r.client ? [[r.client, r.path]] : []))) as Record<ClientMethod, string>;

/** Each client method's route's file of the static build, by the method's name, where the route has one. */
export const CLIENT_FILES = Object.fromEntries(ROUTES.flatMap((r) => ('client' in r && r.client && 'file' in r && r.file ? [[r.client, r.file]] : []))) as Partial<Record<ClientMethod, string>>;

/**
 * The methods that answer their route's file as it is (the route declares
 * `answers`), each with its route's path parameters in order: its arguments.
 * One function makes them all (src/client/files.ts).
 */
export const FILE_METHODS = Object.fromEntries((ROUTES as readonly RouteSpec[]).flatMap((r) => (r.client && r.answers ? [[r.client, pathParameters(r.path)]] : []))) as Partial<Record<ClientMethod, readonly string[]>>;

/** Of those, the methods that take a lemma or a root by its spelling (the route's `spelled`): read as the server reads it, and on a static host the file of the IAST name, else of the ASCII spelling. */
export const SPELLED_METHODS = Object.fromEntries((ROUTES as readonly RouteSpec[]).flatMap((r) => (r.client && r.answers && r.spelled ? [[r.client, r.spelled]] : []))) as Partial<Record<ClientMethod, 'lemma' | 'root'>>;
