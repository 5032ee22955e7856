// What a route's path says, typed for its handler: '/slok/{ch}/{sl}' gives
// { ch: number; sl: number }, each present (the matcher answered 404 or 400
// otherwise, match.ts), so a handler reads c.at.ch with no assertion. Made
// from the route's own path at compile time; nothing runs.
import type { Params } from './route.ts';
import type { ROUTES, RouteId } from './routes/index.ts';

/** The names in braces of a path ('/slok/{ch}/{from}-{to}' → 'ch' | 'from' | 'to'). */
export type PathNames<P extends string> = P extends `${string}{${infer Name}}${infer Rest}` ? Name | PathNames<Rest> : never;

type RouteOf<Id extends RouteId> = Extract<(typeof ROUTES)[number], { id: Id }>;

/** The values of a route's path parameters, each present; for several routes (a handler of two), what each of them says. */
export type PathValues<Id extends RouteId = RouteId> = Id extends RouteId ? { readonly [N in PathNames<RouteOf<Id>['path']> & keyof Params]-?: NonNullable<Params[N]> } : never;
