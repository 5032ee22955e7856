// Each route's handler, by the route's id (routes.ts). A handler turns the
// parsed request (c.at: the route and what the path says; c.query; c.caller)
// into an answer through the responders of the context (context.ts), or
// returns an error at once. A route that serves its built file as it is
// declares none: servesItsFile (file.ts) answers it from its definition.
import type { BodyReader, RouteSpec } from '../../contract/route.ts';
import type { RouteId } from '../../contract/routes/index.ts';
import type { Context, Handler } from '../context.ts';
import { readQuery, type Valid } from '../../contract/query-rules.ts';
import { badRequest, badRequestPage, json, negotiated } from '../respond.ts';
import type { AppResponse } from '../types.ts';
import { authors } from './authors.ts';
import { randomCard, todayCard, verseCard } from './cards.ts';
import { verseRange, verses } from './citations.ts';
import { mcp } from './mcp.ts';
import { metrics } from './metrics.ts';
import { refs } from './refs.ts';
import { search, searchRefused } from './search.ts';
import { docs, healthz, pricing, register, usage } from './service.ts';
import { chapter, chapterVerses, randomVerse, today, verse, words } from './verses.ts';
import { download, readChapter, readVerse } from './read.ts';
import { verseVersions } from './versions.ts';
import { servesItsFile } from './file.ts';

/** The routes' own handlers; the others serve their file (servesItsFile). */
export const HANDLERS: { [Id in RouteId]?: Handler<Id> } = {
  'random-verse': randomVerse,
  today,
  'today-card': todayCard,
  'today-card-png': todayCard,
  verse,
  'verse-words': words,
  'verse-versions': verseVersions,
  'verse-range': verseRange,
  verses,
  'verses-ref': verses,
  refs,
  search,
  chapters: chapter,
  'chapter-verses': chapterVerses,
  chapter,
  authors,
  author: authors,
  card: randomCard,
  'card-png': randomCard,
  'verse-card': verseCard,
  'verse-card-png': verseCard,
  docs,
  pricing,
  usage,
  healthz,
  metrics,
  register,
  'read-verse': readVerse,
  'read-chapter': readChapter,
  download,
  mcp,
};

const resolved = new Map<string, Handler>();

/** A route's handler: its own, else its built file's; a route with neither is a mistake of the table (test/http/table.test.ts). */
export function handlerOf(route: RouteSpec<RouteId>): Handler {
  let h = resolved.get(route.id);
  if (!h) {
    h = (HANDLERS[route.id] as Handler | undefined) ?? servesItsFile(route);
    if (!h) throw new Error(`route ${route.id} has no handler and no file`);
    if (route.body) h = bodyFirst(route.body, h);
    resolved.set(route.id, h);
  }
  return h;
}

/** How a route answers a value its parameters refuse (read before its handler: app.ts), when not as its family does: a search asked for as a page. */
const REFUSED: { [Id in RouteId]?: (c: Context<Id>, why: string, valid: Valid<Id>) => AppResponse | Promise<AppResponse> } = { search: searchRefused };

/** A route's answer to a refused value: its own form, else its family's (a page's 400 for a page route, else JSON). */
export function refusedValue(route: RouteSpec<RouteId>): (c: Context, why: string, valid: Valid) => AppResponse | Promise<AppResponse> {
  const own = REFUSED[route.id] as ((c: Context, why: string, valid: Valid) => AppResponse | Promise<AppResponse>) | undefined;
  return own ?? (route.page ? (c, why) => negotiated(c.req, badRequestPage(why)) : (_c, why) => badRequest(why));
}

/**
 * The request's query read by its route's declaration (readQuery) into
 * c.valid, before the key and the handler; or the refusal to answer at once
 * in the route's form (its own, a page's, or JSON). Nothing to read without
 * a query. The app and a route called in-process (in-process.ts) read it so.
 */
export function readValues(c: Context, route: RouteSpec<RouteId>): AppResponse | Promise<AppResponse> | null {
  if (!c.queryString) return null;
  const read = readQuery(route.id, c.query!, c.served.dist.manifest.content);
  if (!('refused' in read)) {
    c.valid = read.valid;
    return null;
  }
  if (read.valid) return refusedValue(route)(c, read.refused, read.valid);
  return route.page ? negotiated(c.req, badRequestPage(read.refused)) : badRequest(read.refused);
}

/**
 * A route that declares its body: the body read and checked by the
 * declaration (contract/bodies.ts) before the handler runs, which is given
 * the value (c.input). A refusal is answered at once (neither counted nor
 * limited, as a handler's error is); a body past its bound was not read to
 * its end, so its connection closes after the answer.
 */
function bodyFirst(reader: BodyReader, handler: Handler): Handler {
  return async (c) => {
    const bytes = await c.req.body(reader.max);
    const read = reader.read(c.req.header('content-type'), bytes);
    if ('status' in read) return { ...json(read.status, read.body), ...((read.close || bytes === null) && { close: true }) };
    c.input = read.value as never;
    return handler(c);
  };
}
