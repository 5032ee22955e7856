// A route called in-process, as Hono's app.request() calls one: its path
// and query (and, for a route that takes one, its body) filled from values
// by name, and what it answers. The MCP tools call their routes so (each
// tool's arguments are its route's parameters: route.ts ToolSpec), and the
// server answers them with the route's own handler, past the gate: the
// request that carried the call was counted already.
import { fillPath, pathParameters } from './paths.ts';
import { parameterOf, type RouteSpec } from './route.ts';
import type { RouteId } from './routes/index.ts';

/** The values a route is called with, by its parameters' names: numbers, strings, lists (sent comma-separated, as the API takes them). */
export type RouteValues = Readonly<Record<string, unknown>>;

/** A route's answer: its status and its body as text (JSON, or the plain text of its 404). */
export interface RouteAnswer {
  status: number;
  body: string;
}

/** Call a route in-process (made by the server over the build it serves). */
export type AnswerRoute = (route: RouteId, values: RouteValues) => Promise<RouteAnswer>;

/** The request that calls a route with these values. */
export interface RouteRequest {
  method: 'GET' | 'POST';
  /** Path and query, as a request carries them. */
  url: string;
  body?: { type: string; bytes: Uint8Array };
}

const given = (v: unknown) => v !== undefined && v !== null;
const asText = (v: unknown) => (Array.isArray(v) ? v.join(',') : String(v));

/**
 * The request of a call: the path's parameters filled in, the query's given
 * in the route's order, and the rest as the body. A body of one text goes as
 * text/plain where the route takes it: its bytes are then at most three per
 * character, where JSON would escape a control character into six, and a
 * text the route reads could be refused as too large.
 */
export function routeRequest(r: RouteSpec, values: RouteValues): RouteRequest {
  const inPath = pathParameters(r.path);
  const path = fillPath(r.path, Object.fromEntries(inPath.map((name) => [name, asText(values[name])])));
  const query = new URLSearchParams();
  const named = new Set(inPath);
  for (const t of r.query) {
    const name = parameterOf(t).name;
    named.add(name);
    if (given(values[name])) query.set(name, asText(values[name]));
  }
  const qs = query.toString();
  const url = qs ? `${path}?${qs}` : path;
  if (!r.methods.includes('POST')) return { method: 'GET', url };
  const rest = Object.fromEntries(Object.entries(values).filter(([name, v]) => !named.has(name) && given(v)));
  const types = Object.keys((r.requestBody?.content as Record<string, unknown> | undefined) ?? {});
  const names = Object.keys(rest);
  if (types.includes('text/plain') && names.length === 1 && typeof rest[names[0]] === 'string') return { method: 'POST', url, body: { type: 'text/plain; charset=utf-8', bytes: new TextEncoder().encode(rest[names[0]] as string) } };
  return { method: 'POST', url, body: { type: 'application/json', bytes: new TextEncoder().encode(JSON.stringify(rest)) } };
}

/** The message of a route's error: its JSON's `error`, else its text (a 404's). */
export function answerMessage(a: RouteAnswer): string {
  if (!a.body.startsWith('{')) return a.body;
  const error = (JSON.parse(a.body) as { error?: unknown }).error;
  return typeof error === 'string' ? error : a.body;
}
