// The responders: every answer the server makes is made here, from header
// lists prepared once (assets.ts, projected.ts) or built by the few
// functions below. A handler names what to answer (context.ts); these make
// it, with the rate-limit headers of the gate's verdict when there is one.
import type { Verdict } from '../keys/limits.ts';
import { flat, headerSets, type Asset, type HeaderSets, type Representations, type Variant } from './assets.ts';
import { ERRORS, METHOD_NOT_ALLOWED, NOT_FOUND, type NotFoundKind } from '../contract/errors.ts';
import { CACHE_RANDOM, COMMON_HEADERS, PREFLIGHT_HEADERS, etagOf } from '../contract/headers.ts';
import { acceptedCodings, pickCoding } from './negotiate.ts';
import { MIN_COMPRESS_BYTES, type Projected } from './projected.ts';
import { compressNow, compressor, type OnDemand } from './on-demand.ts';
import { byteRange, fileHeaders } from './file.ts';
import type { Coding } from '../layout.ts';
import { BUSY_RETRY_AFTER_S, STARTING_RETRY_AFTER_S } from '../contract/limits.ts';
import type { RouteSpec } from '../contract/routes/index.ts';
import { badRequestPage as readingBadRequest, notFoundPage as readingNotFound } from '../pages/read.ts';
import type { StreamedFile } from './served.ts';
import type { AppRequest, AppResponse } from './types.ts';

export const JSON_TYPE = 'application/json; charset=utf-8';
export const HTML_TYPE = 'text/html; charset=utf-8';
const TEXT_TYPE = 'text/plain; charset=utf-8';

/** The rate-limit headers of a verdict. */
export const rateHeaders = (v: Verdict) => ['X-RateLimit-Limit', String(v.limit), 'X-RateLimit-Remaining', String(v.remaining), 'X-RateLimit-Reset', String(v.reset)];

/** A small answer made now (JSON, not cached by clients). */
export function json(status: number, value: unknown, extra: Record<string, string> = {}, rate?: Verdict): AppResponse {
  const body = JSON.stringify(value);
  const headers = flat({ 'Content-Type': JSON_TYPE, 'Content-Length': String(Buffer.byteLength(body)), 'Cache-Control': CACHE_RANDOM, ...COMMON_HEADERS, ...extra });
  return { status, headers: rate ? headers.concat(rateHeaders(rate)) : headers, body };
}

function text(status: number, body: string, extra: Record<string, string> = {}): AppResponse {
  return { status, headers: flat({ 'Content-Type': TEXT_TYPE, 'Content-Length': String(Buffer.byteLength(body)), ...COMMON_HEADERS, ...extra }), body };
}

/** A page made for one request (a search form with its error, a registration's answer). */
export function html(status: number, body: string, extra: Record<string, string> = {}): AppResponse {
  return { status, headers: flat({ 'Content-Type': HTML_TYPE, 'Content-Length': String(Buffer.byteLength(body)), 'Cache-Control': CACHE_RANDOM, ...COMMON_HEADERS, ...extra }), body };
}

/** Headers a given answer cannot set: the length is the body's, and the common ones are the contract's. */
const NOT_GIVEN = new Set(['content-length', 'transfer-encoding', 'connection', 'keep-alive', ...Object.keys(COMMON_HEADERS).map((h) => h.toLowerCase())]);
const COMMON_FLAT = flat(COMMON_HEADERS);

/**
 * Bytes and headers given by another module (a web-standard handler's
 * Response: an MCP answer), with the headers every answer carries; a 200 of
 * JSON or text over 1 kB compressed on demand for a client that takes it
 * (not kept: such answers are made for one request).
 */
export function given(status: number, headers: Iterable<[string, string]>, body: Uint8Array | string, rate?: Verdict, acceptEncoding?: string): AppResponse | Promise<AppResponse> {
  const list: string[] = [];
  let cached = false;
  let squeezable = status === 200;
  for (const [name, value] of headers) {
    const lower = name.toLowerCase();
    if (NOT_GIVEN.has(lower)) continue;
    if (lower === 'cache-control') cached = true;
    // Already coded, or a stream of events (sent as it comes): as it is.
    if (lower === 'content-encoding' || (lower === 'content-type' && !/^(?:application\/json|text\/(?:plain|html))/i.test(value))) squeezable = false;
    list.push(name, value);
  }
  if (!cached) list.push('Cache-Control', CACHE_RANDOM);
  const bytes = typeof body === 'string' ? Buffer.from(body) : body;
  const tail = [...COMMON_FLAT, ...(rate ? rateHeaders(rate) : [])];
  const plain = (): AppResponse => ({ status, headers: list.concat('Content-Length', String(bytes.byteLength), tail), body: bytes });
  const coding = squeezable && bytes.byteLength >= MIN_COMPRESS_BYTES ? pickCoding(acceptEncoding) : null;
  if (!coding) return plain();
  const made = compressor.run(bytes.byteLength, coding, () => bytes) ?? Promise.resolve(compressNow(bytes, coding));
  return made.then((out) => ({ status, headers: list.concat('Content-Length', String(out.length), 'Content-Encoding', coding!, 'Vary', 'Accept-Encoding', tail), body: out }), plain);
}

/** The compressed forms of the pages answered as they were made once (the 404 pages): made on first demand, then kept. */
const pagesCoded = new WeakMap<AppResponse, Partial<Record<Coding, Buffer>>>();

/**
 * A page made for one request or once for all (the reading routes' 404 and
 * 400 pages, a search form with its error, a registration's page): over
 * 1 kB, compressed on demand for a client that takes it.
 */
export function negotiated(req: AppRequest, r: AppResponse): AppResponse | Promise<AppResponse> {
  const body = r.body;
  if (typeof body !== 'string' && !(body instanceof Uint8Array)) return r;
  const bytes = typeof body === 'string' ? Buffer.from(body) : body;
  const coding = bytes.byteLength >= MIN_COMPRESS_BYTES ? pickCoding(req.header('accept-encoding')) : null;
  if (!coding) return r;
  const coded = (out: Buffer): AppResponse => {
    const headers: string[] = [];
    for (let i = 0; i < r.headers.length; i += 2) headers.push(r.headers[i], r.headers[i] === 'Content-Length' ? String(out.length) : r.headers[i + 1]);
    return { ...r, headers: headers.concat('Content-Encoding', coding, 'Vary', 'Accept-Encoding'), body: out };
  };
  const kept = pagesCoded.get(r)?.[coding];
  if (kept) return coded(kept);
  const made = compressor.run(bytes.byteLength, coding, () => bytes) ?? Promise.resolve(compressNow(bytes, coding));
  return made.then((out) => {
    const forms = pagesCoded.get(r) ?? {};
    forms[coding] = out;
    pagesCoded.set(r, forms);
    return coded(out);
  }, () => r);
}

// Errors are the same bytes every time: built once.
export const notFound: Record<NotFoundKind, AppResponse> = {
  chapter: text(404, NOT_FOUND.chapter),
  verse: text(404, NOT_FOUND.verse),
  resource: text(404, NOT_FOUND.resource),
};
/** The same, as pages: the 404 of the routes that answer people (the reading pages). */
export const notFoundPage: Record<NotFoundKind, AppResponse> = {
  chapter: html(404, readingNotFound(NOT_FOUND.chapter)),
  verse: html(404, readingNotFound(NOT_FOUND.verse)),
  resource: html(404, readingNotFound(NOT_FOUND.resource)),
};
export const internalError = () => json(ERRORS.internal.status, ERRORS.internal.body);
export const badRequest = (error: string) => json(400, { error });
/** The same, as a page: the 400 of the routes that answer people (the reading pages). */
export const badRequestPage = (error: string) => html(400, readingBadRequest(error));
const authenticate = { 'WWW-Authenticate': 'ApiKey header="x-api-key"' };
export const keyRequired = json(ERRORS.keyRequired.status, ERRORS.keyRequired.body, authenticate);
export const keyInvalid = json(ERRORS.keyInvalid.status, ERRORS.keyInvalid.body, authenticate);
export const uriTooLong = json(ERRORS.uriTooLong.status, ERRORS.uriTooLong.body);
/** GET /metrics: off (no GITA_METRICS_TOKEN), or asked without the operator's token. */
export const metricsOff = json(ERRORS.metricsOff.status, ERRORS.metricsOff.body);
export const metricsToken = json(ERRORS.metricsToken.status, ERRORS.metricsToken.body, { 'WWW-Authenticate': 'Bearer realm="metrics"' });
/** A route whose part of dist/ is still being built (manifest.pending, right after a fresh `npm start`): come back shortly. */
export const stillBuilding = json(ERRORS.starting.status, ERRORS.starting.body, { 'Retry-After': String(STARTING_RETRY_AFTER_S) });
/** A pool of heavy work (PNG renders, searches) is full: come back in a second. */
export const busy = json(ERRORS.busy.status, ERRORS.busy.body, { 'Retry-After': String(BUSY_RETRY_AFTER_S) });
export const preflight: AppResponse = { status: 204, headers: flat({ ...COMMON_HEADERS, ...PREFLIGHT_HEADERS, 'Content-Length': '0' }) };
const rateLimitedBase = json(ERRORS.rateLimited.status, ERRORS.rateLimited.body);
export const rateLimited = (v: Verdict): AppResponse => ({ ...rateLimitedBase, headers: rateLimitedBase.headers.concat(rateHeaders(v), 'Retry-After', String(v.retryAfter)) });
export const methodNotAllowed = (route: RouteSpec) => text(405, METHOD_NOT_ALLOWED, { Allow: route.methods.join(', ') });

/** Does If-None-Match name one of the resource's ETags? (Weak comparison, as RFC 9110 asks.) */
function matchesEtag(header: string | undefined, etags: string[]): boolean {
  if (!header) return false;
  if (header === '*') return true;
  for (const tag of header.split(',')) {
    const t = tag.trim().replace(/^W\//, '');
    if (etags.includes(t)) return true;
  }
  return false;
}

/**
 * A prepared header list, as is when nothing changes (no copy), else one copy
 * with another Cache-Control (the verse of the day's lasts until midnight)
 * and the rate-limit headers pushed at its end.
 */
function finish(headers: string[], rate: Verdict | undefined, cache: string | undefined): string[] {
  if (!rate && !cache) return headers;
  const out = headers.slice();
  if (cache) for (let i = 0; i < out.length; i += 2) if (out[i] === 'Cache-Control') out[i + 1] = cache;
  if (rate) out.push('X-RateLimit-Limit', String(rate.limit), 'X-RateLimit-Remaining', String(rate.remaining), 'X-RateLimit-Reset', String(rate.reset));
  return out;
}

/**
 * None when the client holds the file already (any coding's ETag), else the
 * representation its Accept-Encoding takes best among those the file has.
 */
function choose<V extends HeaderSets>(req: AppRequest, r: Representations<V>, random: boolean): V | null {
  if (!random && matchesEtag(req.header('if-none-match'), r.etags)) return null;
  for (const coding of acceptedCodings(req.header('accept-encoding'))) {
    const v = r[coding];
    if (v) return v;
  }
  return r.identity;
}

/** A file held in memory: a 304, or its bytes. */
export function sendHeld(req: AppRequest, asset: Asset, random: boolean, cache: string | undefined, rate: Verdict | undefined): AppResponse {
  const v = choose(req, asset, random);
  if (!v) return { status: 304, headers: finish(asset.identity.notModified, rate, cache) };
  return { status: 200, headers: finish(random ? v.randomHeaders : v.headers, rate, cache), body: v.body };
}

/**
 * A file of dist/ streamed from disk: a 304, or the file for the adapter to
 * send; or, when the client takes a coding the file has no twin in (a quick
 * build's derived files), its bytes compressed on demand.
 */
export function sendStreamed(req: AppRequest, s: StreamedFile, random: boolean, cache: string | undefined, rate: Verdict | undefined): AppResponse | Promise<AppResponse> {
  const v = choose(req, s, random);
  if (!v) return { status: 304, headers: finish(s.identity.notModified, rate, cache) };
  const file: AppResponse = { status: 200, headers: finish(random ? v.randomHeaders : v.headers, rate, cache), file: v.file };
  // Only when no twin suits the client: a file that has its twins pays nothing more.
  if (v !== s.identity || !s.onDemand) return file;
  const o = s.onDemand;
  const coding = acceptedCodings(req.header('accept-encoding')).find((c) => o.sets[c]);
  if (!coding) return file;
  const sets = o.sets[coding]!;
  // Should it not be compressed (a rebuild swapped it under this build, a failure), the file goes out as it is.
  return o.cache.file(o.file, coding).then((body) => sendBytes(req, body, finish(random ? sets.randomHeaders : sets.headers, rate, cache)), () => file);
}

/**
 * Bytes compressed on demand for a file of dist/, answered as its twin would
 * be from disk: its length, Accept-Ranges, and the one byte range a client
 * may ask (206, or 416), of the compressed bytes as of a twin's. A HEAD gets
 * the headers alone (the adapters send no body for it).
 */
function sendBytes(req: AppRequest, body: Buffer, headers: string[]): AppResponse {
  const range = byteRange(req.header('range'), body.length);
  if (range === 'unsatisfiable') return { status: 416, headers: [...COMMON_FLAT, 'Content-Range', `bytes */${body.length}`, 'Content-Length', '0'] };
  return { status: range ? 206 : 200, headers: headers.concat(fileHeaders(body.length, range)), body: range ? body.subarray(range[0], range[1] + 1) : body };
}

/**
 * A large answer sent as the parts it is made of (slices of the records held
 * in memory): a 304, or the parts, never joined nor kept as they are; to a
 * client that takes brotli or gzip, compressed on demand (joined only for
 * that) and kept so, in the build's cache (`onDemand`). Its ETag is the hash
 * of what names it in this build (the same name, the same bytes), so no byte
 * is read to make one.
 */
export function sendParts(req: AppRequest, sha256: string, parts: readonly Uint8Array[], length: number, rate: Verdict | undefined, onDemand: OnDemand): AppResponse | Promise<AppResponse> {
  if (matchesEtag(req.header('if-none-match'), [etagOf(sha256), etagOf(sha256, 'br'), etagOf(sha256, 'gzip')])) return { status: 304, headers: finish(headerSets(JSON_TYPE, sha256).notModified, rate, undefined) };
  const plain = (): AppResponse => ({ status: 200, headers: finish(headerSets(JSON_TYPE, sha256, undefined, length).headers, rate, undefined), body: parts });
  const coding: Coding | null = length >= MIN_COMPRESS_BYTES ? pickCoding(req.header('accept-encoding')) : null;
  if (!coding) return plain();
  return onDemand.parts(sha256, parts, length, coding).then((body) => ({ status: 200, headers: finish(headerSets(JSON_TYPE, sha256, coding, body.length).headers, rate, undefined), body }), plain);
}

/** A derived answer (a projection, a search): a 304, or its bytes in the coding the client takes (compressed on first demand). */
export function sendDerived(req: AppRequest, entry: Projected, random: boolean, cache: string | undefined, rate: Verdict | undefined): AppResponse | Promise<AppResponse> {
  if (!random && matchesEtag(req.header('if-none-match'), entry.etags)) return { status: 304, headers: finish(entry.identity.notModified, rate, cache) };
  const done = (v: Variant): AppResponse => ({ status: 200, headers: finish(random ? v.randomHeaders : v.headers, rate, cache), body: v.body });
  const coding = entry.compressible && entry.identity.body.length >= MIN_COMPRESS_BYTES ? pickCoding(req.header('accept-encoding')) : null;
  if (!coding) return done(entry.identity);
  const v = entry.coding(coding);
  // Should compression fail (zlib: not for want of room, which compresses at once), the answer goes out uncompressed.
  return v instanceof Promise ? v.then(done, () => done(entry.identity)) : done(v);
}
