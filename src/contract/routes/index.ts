// Every route of the API, each defined once in its family's file: the
// server matches requests with them (match.ts) and answers each with its
// handler (src/http/handlers/, by the route's id), and the docs page, the
// OpenAPI document, the API reference, the static hosts' files, the client's
// and the tagger's paths and the tests are made from them. A new route is
// its definition in a file here, its handler, and its tests
// (docs/architecture.md shows one added); a route the typed client calls
// names its method in its definition (`client`), and the client has it.
import type { RouteSpec } from '../route.ts';
import { CARD_ROUTES } from './cards.ts';
import { CHAPTER_ROUTES } from './chapters.ts';
import { LINK_ROUTES } from './links.ts';
import { MCP_ROUTES } from './mcp.ts';
import { METER_ROUTES } from './meter.ts';
import { PAGE_ROUTES } from './pages.ts';
import { REFS_ROUTES } from './refs.ts';
import { SEARCH_ROUTES } from './search.ts';
import { SERVICE_ROUTES } from './service.ts';
import { SPEAKER_ROUTES } from './speakers.ts';
import { VERSE_ROUTES } from './verses.ts';
import { VERSION_ROUTES } from './versions.ts';
import { WORD_ROUTES } from './words.ts';

export { allows, type Access, type Params, type RouteSpec } from '../route.ts';

/** In matching order within a path's first segment; the first route under a segment gives its family's 404. */
export const ROUTES = [...VERSE_ROUTES, ...REFS_ROUTES, ...WORD_ROUTES, ...LINK_ROUTES, ...VERSION_ROUTES, ...METER_ROUTES, ...SPEAKER_ROUTES, ...SEARCH_ROUTES, ...CHAPTER_ROUTES, ...CARD_ROUTES, ...SERVICE_ROUTES, ...MCP_ROUTES, ...PAGE_ROUTES] as const;

export type RouteId = (typeof ROUTES)[number]['id'];

/** The names of the typed client's methods, as the routes declare them (their `client`): the Client is checked against this union (src/client/methods.ts). */
export type ClientMethod = Exclude<(typeof ROUTES)[number]['client'], undefined>;

/** The routes of the API's users: all but the operator's (GET /metrics), which OpenAPI, the docs page and the API reference leave out. */
export const LISTED_ROUTES: readonly RouteSpec<RouteId>[] = ROUTES.filter((r) => !('operator' in r && r.operator));

export const ROUTE = Object.fromEntries((ROUTES as readonly RouteSpec<RouteId>[]).map((r) => [r.id, r])) as Record<RouteId, RouteSpec<RouteId>>;
