// The HTTP contract as one runtime-neutral handler: a small request in, a
// small response out. Adapters turn it into node:http (node.ts) and into a
// web-standard (Request) => Response (web.ts, which Deno serves).
//
// A request goes: the target's length, the CORS preflight, the route of its
// path (remembered per plain path, with the file it names), the method, then
// the route's handler (handlers/): open routes at once, the others through
// the gate (gate.ts: the key policy, and for metered routes the quota and
// the usage counts). A path no route matches may name a file of dist/.
import type { Dist } from './assets.ts';
import { Context, type AppCore } from './context.ts';
import { createGate, type Gate } from './gate.ts';
import { handlerOf, readValues } from './handlers/index.ts';
import { MAX_URL_LENGTH, PNG_POOL, SEARCH_POOL } from '../contract/limits.ts';
import { Pool } from './pool.ts';
import { matchRoute } from '../contract/match.ts';
import { HTML_TYPE, methodNotAllowed, negotiated, notFound, notFoundPage, preflight, sendDerived, sendStreamed, stillBuilding, uriTooLong } from './respond.ts';
import { FILES, isPublicFile } from '../layout.ts';
import { partOf } from '../contract/build-parts.ts';
import type { Handler } from './context.ts';
import { allows, type RouteId, type RouteSpec } from '../contract/routes/index.ts';
import { heldFile } from '../contract/route.ts';
import { prepare, type Fixed, type Served } from './served.ts';
import { Projected } from './projected.ts';
import type { App, AppOptions, AppRequest, AppResponse, Metrics } from './types.ts';

export type { App, AppOptions, AppRequest, AppResponse } from './types.ts';

/**
 * A file of dist/ that no route names and that carries content (a reading
 * page's HTML, the search index): metered like the routes, and counted in
 * the usage as `file`. Not a route of the table: nothing documents these
 * paths; the routes serve the same content.
 */
const CONTENT_FILE: RouteSpec<RouteId> = { id: 'file' as RouteId, path: '/{file}', methods: ['GET', 'HEAD'], access: 'metered', summary: 'A file of the static build.', example: '/search/index.json', notFound: 'resource', query: [], responses: {} };
const contentFile: Handler = (c) => c.file(c.at.file!);

/** Plain paths remembered per build, at most: %-encoded spellings and 404s are never kept. */
const FIXED_PATHS = 20_000;

/**
 * The path with its `.` and `..` segments resolved (RFC 3986, 5.2.4; %2e is
 * a dot too), as Bun.serve gives it to the handler before anyone can see
 * them: the three engines answer `/..` (the docs) and `/a/../chapter/2` alike.
 * Nothing can climb out of dist/: a path is only ever a key into the
 * manifest and the route table.
 */
export function removeDotSegments(path: string): string {
  const segments = path.split('/');
  const out: string[] = [];
  for (let i = 1; i < segments.length; i++) {
    const segment = segments[i].replace(/%2e/gi, '.');
    const last = i === segments.length - 1;
    if (segment === '.' || segment === '..') {
      if (segment === '..') out.pop();
      if (last) out.push('');
    } else out.push(segments[i]);
  }
  return `/${out.join('/')}`;
}

/** What answering needs of one app: the build it serves, what every request shares, and the route the request being answered was found to be. */
interface AppState {
  // Nothing but `served` holds a build: held elsewhere, the first one (its slab, 45 MB) would outlive every reload.
  served: Served;
  readonly core: AppCore;
  readonly gate: Gate;
  /** With metrics on (GITA_METRICS_TOKEN): every answer recorded, by the route it was found to be (`routed`, set as it is found). */
  readonly recorder: Metrics['recorder'] | undefined;
  routed: RouteSpec | null;
}

export function createApp({ dist, ...options }: AppOptions): App {
  const a: AppState = {
    served: prepare(dist, options.draw),
    core: {
      options,
      random: options.random ?? Math.random,
      pricing: options.pricing === undefined ? null : new Projected(Buffer.from(options.pricing), HTML_TYPE),
      pools: { png: new Pool(PNG_POOL.running, PNG_POOL.waiting), search: new Pool(SEARCH_POOL.running, SEARCH_POOL.waiting) },
    },
    gate: createGate(options),
    recorder: options.metrics?.recorder,
    routed: null,
  };
  return {
    // Metrics off: straight to the answer, with no clock read or tally around it.
    handle: a.recorder ? (req) => recorded(a, req) : (req) => answer(a, req),
    reload(dist: Dist) {
      a.served = prepare(dist, options.draw);
    },
    get dist() {
      return a.served.dist;
    },
  };
}

/** The answer, recorded (metrics on): its route, status, time, bytes and coding (metrics.ts). */
function recorded(a: AppState, req: AppRequest): AppResponse | Promise<AppResponse> {
  const recorder = a.recorder!;
  const started = performance.now();
  // The build of this request's answer (a reload may come before a promised one is made).
  const s = a.served;
  a.routed = null;
  let out: AppResponse | Promise<AppResponse>;
  try {
    out = answer(a, req);
  } catch (err) {
    recorder.failed(recorder.of(a.routed), err, started);
    throw err;
  }
  const tally = recorder.of(a.routed);
  const head = req.method === 'HEAD';
  if (!(out instanceof Promise)) return recorder.answered(tally, out, started, head, s);
  return out.then(
    (r) => recorder.answered(tally, r, started, head, s),
    (err) => {
      recorder.failed(tally, err, started);
      throw err;
    },
  );
}

function answer(a: AppState, req: AppRequest): AppResponse | Promise<AppResponse> {
  const url = req.url;
  if (url.length > MAX_URL_LENGTH) return uriTooLong;
  const q = url.indexOf('?');
  let path = q === -1 ? url : url.slice(0, q);
  // Bun hands over the path with its dot segments removed (and no way to see them); so do the others.
  if (path.includes('/.') || path.includes('%2')) path = removeDotSegments(path);
  if (req.method === 'OPTIONS') return preflight;

  const s = a.served;
  if (path === FILES.manifest && (req.method === 'GET' || req.method === 'HEAD')) {
    a.routed = CONTENT_FILE;
    return sendDerived(req, s.manifestAnswer, false, undefined, undefined);
  }
  const m = s.fixed.get(path) ?? route(a, req, path);
  if (!('route' in m)) return m;
  a.routed = m.route;
  if (!allows(m.route, req.method)) return methodNotAllowed(m.route);
  const c = new Context(req, m, q === -1 ? '' : url.slice(q + 1), s, a.core);
  if (c.queryString && m.route !== CONTENT_FILE) {
    // A parameter given twice, a near miss of one the route takes, a value it does not take (parameters.ts): refused before the key and the handler, uncounted.
    const refused = readValues(c, m.route);
    if (refused) return refused;
  }
  const handler = m.route === CONTENT_FILE ? contentFile : handlerOf(m.route);
  if (m.route.access === 'open') {
    const reply = handler(c);
    return reply instanceof Promise ? reply.then((r) => (r instanceof Context ? r.respond() : r)) : reply instanceof Context ? reply.respond() : reply;
  }
  return a.gate(c, handler);
}

/** The route of a path, and the in-memory file it names; or the 404 (or the file of dist/) to answer. */
function route(a: AppState, req: AppRequest, path: string): Fixed | AppResponse | Promise<AppResponse> {
  const s = a.served;
  const match = matchRoute(path, s.dist.manifest.content.versesPerChapter);
  if (!match.route) {
    const file = req.method === 'GET' || req.method === 'HEAD' ? s.streamed(path) : undefined;
    if (!file) {
      // A file of a part still in the making (right after a fresh start) is not missing: come back shortly.
      // (A path that names an unknown verse or chapter is missing whatever is built.)
      const part = s.pending.size && match.notFound === 'resource' ? partOf(path) : null;
      if (part && s.pending.has(part)) return stillBuilding;
      return match.page ? negotiated(req, notFoundPage[match.notFound]) : notFound[match.notFound];
    }
    // The docs and their assets go to anybody; content goes through the gate, as its routes do.
    a.routed = CONTENT_FILE;
    return isPublicFile(path) ? sendStreamed(req, file, false, undefined, undefined) : { ...match, route: CONTENT_FILE, asset: null, file: path };
  }
  a.routed = match.route;
  // Right after a fresh start, the parts of the build but the records may still be in the making.
  if (match.route.needs?.some((part) => s.pending.has(part))) return stillBuilding;
  const held = heldFile(match.route, match);
  const asset = held ? (s.dist.assets.get(held) ?? null) : null;
  if (held && !asset) return notFound[match.route.notFound];
  const m: Fixed = { ...match, asset };
  // Remember plain paths only: %-encoded spellings of a path are unbounded, and so are references in a path.
  if (!path.includes('%') && m.ref === undefined && s.fixed.size < FIXED_PATHS) s.fixed.set(path, m);
  return m;
}
