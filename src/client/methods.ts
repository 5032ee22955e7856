// The client's methods and the routes they call, held together by the
// compiler: a route declares the name of the method that calls it (its
// `client`, src/contract/routes/), the method finds its route by that name
// (paths.ts at), and here a declared name the Client has no method of, or a
// method of the Client that no route declares and that is not listed below
// with why, fails `npm run typecheck`; so does a method of file-methods.ts
// that no route declares. The client's code imports none of it,
// so none of it is bundled.
import type { ClientMethod } from '../contract/routes/client-paths.ts';
import type { FileMethods } from './file-methods.ts';
import type { Client } from './index.ts';

/** The Client's methods: its functions, not mode and baseUrl. */
export type MethodName = { [K in keyof Client]-?: Client[K] extends (...args: never[]) => unknown ? K : never }[keyof Client];

/** Compiles only when every name of A is one of B. */
type Within<A extends B, B> = A;

/** The names the routes declare, each one a method of the Client: a name without a method stops the compiler here. */
export type RoutedMethod = Within<ClientMethod, MethodName>;

/** The methods that answer their route's file (file-methods.ts, written from the routes), each a name a route declares. */
export type FileMethod = Within<keyof FileMethods, ClientMethod>;

/**
 * The methods no route declares, each with why (it combines routes, or calls
 * none). A method that no route declares and that is missing here, or one
 * listed here that a route declares or that the Client lacks, stops the
 * compiler.
 */
export const CLIENT_ONLY: Readonly<Record<Exclude<MethodName, ClientMethod>, string>> = {
  cardUrl: 'an address for an <img>, made from one of three routes as asked (card, verse-card, today-card; a theme in the name); nothing is fetched',
};
