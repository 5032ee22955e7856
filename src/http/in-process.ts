// A route answered in-process, as Hono's app.request() answers one: the
// request made from values (contract/route-call.ts), its path matched, its
// query read and its handler run as app.ts runs them, but not through the
// gate: the MCP tools call their routes so, and the request that carried
// the call was counted already (POST /mcp is metered per message). Nothing
// here is on the path of an ordinary request.
import { readFile } from 'node:fs/promises';
import { matchRoute } from '../contract/match.ts';
import { heldFile } from '../contract/route.ts';
import { routeRequest, type AnswerRoute, type RouteAnswer, type RouteRequest } from '../contract/route-call.ts';
import { ROUTE, type RouteId } from '../contract/routes/index.ts';
import type { PathValues } from '../contract/path-values.ts';
import { Context, type AppCore } from './context.ts';
import { handlerOf, readValues } from './handlers/index.ts';
import { notFound, stillBuilding } from './respond.ts';
import type { Fixed, Served } from './served.ts';
import type { AppRequest, AppResponse } from './types.ts';

/** The request of a call, as an adapter would hand it over: no headers but its body's type, from nobody in particular. */
function requestOf(r: RouteRequest): AppRequest {
  const body = r.body;
  return {
    method: r.method,
    url: r.url,
    header: (name) => (name === 'content-type' ? body?.type : undefined),
    ip: '',
    body: async (max) => (!body ? new Uint8Array(0) : body.bytes.byteLength > max ? null : body.bytes),
  };
}

/** The response's bytes as text: made in memory, sent as parts, or a file of dist/ to stream. */
async function bodyOf(res: AppResponse, s: Served): Promise<string> {
  if (res.file !== undefined) return readFile(s.dist.dir + res.file, 'utf8');
  const body = res.body;
  if (body === undefined) return '';
  if (typeof body === 'string') return body;
  const parts = body instanceof Uint8Array ? [body] : body;
  return Buffer.concat(parts.map((p) => Buffer.from(p.buffer, p.byteOffset, p.byteLength))).toString('utf8');
}

/** The route's response to the request of a call, as app.ts answers it past the gate. */
function respond(id: RouteId, req: AppRequest, s: Served, core: AppCore): AppResponse | Promise<AppResponse> {
  const route = ROUTE[id];
  const q = req.url.indexOf('?');
  const match = matchRoute(q === -1 ? req.url : req.url.slice(0, q), s.dist.manifest.content.versesPerChapter);
  // Values the route's path cannot take (a verse beyond its chapter) are its family's 404, as for a request.
  if (match.route !== route) return notFound[route.notFound];
  if (route.needs?.some((part) => s.pending.has(part))) return stillBuilding;
  const held = heldFile(route, match);
  const asset = held ? (s.dist.assets.get(held) ?? null) : null;
  if (held && !asset) return notFound[route.notFound];
  const at = { ...match, asset } as Fixed & PathValues<RouteId>;
  const c = new Context(req, at, q === -1 ? '' : req.url.slice(q + 1), s, core);
  const refused = readValues(c, route);
  if (refused) return refused;
  const reply = handlerOf(route)(c);
  return reply instanceof Promise ? reply.then((r) => (r instanceof Context ? r.respond() : r)) : reply instanceof Context ? reply.respond() : reply;
}

/** Call a route of the build `s` serves, in-process. */
export async function answerRoute(s: Served, core: AppCore, id: RouteId, values: Parameters<AnswerRoute>[1]): Promise<RouteAnswer> {
  const res = await respond(id, requestOf(routeRequest(ROUTE[id], values)), s, core);
  return { status: res.status, body: await bodyOf(res, s) };
}
