// The HTTP contract as one runtime-neutral handler: a small request in, a
// small response out. Adapters turn it into node:http (node.ts) and into a
// web-standard (Request) => Response (web.ts, which Deno serves).
import { createHash } from 'node:crypto';
import type { AuthPolicy } from '../config.ts';
import { DayClock, nextMidnight, type Limiter, type Verdict } from '../keys/limits.ts';
import { isDate } from '../content/daily.ts';
import { parseProjection, projectionKey, type Projection } from '../content/projection.ts';
import type { KeyRecord, KeyStore } from '../keys/store.ts';
import { anonSubject, keySubject, lastDays, type UsageStore } from '../keys/usage.ts';
import { FILES, type Theme } from '../layout.ts';
import { flat, type Asset, type Dist, type HeaderSets, type Representations, type Variant } from './assets.ts';
import { MIN_COMPRESS_BYTES, type Projected } from './projected.ts';
import { prepare, type Card, type Fixed } from './served.ts';
import type { RunSearch } from './search.ts';
import type { SearchParams } from '../search/query.ts';
import { parseSearch } from '../search/params.ts';
import { searchPage } from '../docs/search-page.ts';
import { projectBytes, projectSlices } from './slices.ts';
import { ERRORS, METHOD_NOT_ALLOWED, NOT_FOUND, type NotFoundKind } from './errors.ts';
import { CACHE_RANDOM, COMMON_HEADERS, PREFLIGHT_HEADERS, etagOf } from './headers.ts';
import { DATED_MAX_AGE, MAX_URL_LENGTH, USAGE_DAYS } from './limits.ts';
import { pickCoding } from './negotiate.ts';
import { ANY_VERSE, cardQuery, matchRoute, themeQuery, verseFilter, type RouteId, type RouteSpec } from './routes.ts';

export interface AppRequest {
  method: string;
  /** Path and query as received. */
  url: string;
  /** A request header by lower-case name. */
  header(name: string): string | undefined;
  /** The client's address (the socket's, or X-Forwarded-For's when trusted). */
  ip: string;
  /** The request body, or null when it is longer than `max` bytes. Only /register reads one. */
  body(max: number): Promise<Uint8Array | null>;
}

export interface AppResponse {
  status: number;
  /** Flat list: name, value, name, value... */
  headers: string[];
  body?: Uint8Array | string;
  /** Stream this file of dist/ (its path inside dist/, such as /index.html.br) as the body: the static layer's job. */
  file?: string;
  /** Close the connection after this answer (the request body was not read). */
  close?: boolean;
}

export interface AppOptions {
  dist: Dist;
  auth: AuthPolicy;
  keys: KeyStore;
  usage: UsageStore;
  limiter: Limiter;
  /** Daily quota per anonymous client address; 0: unlimited. */
  anonLimit: number;
  /** The /pricing page, rendered for this server's settings. */
  pricing?: string;
  /** POST /register; absent: not found. */
  register?: (req: AppRequest) => Promise<AppResponse>;
  /** Uniform in [0, 1); tests may pass their own. */
  random?: () => number;
  /** For /healthz: the stores, and whether one is unreachable. */
  health?: () => { degraded: boolean; stores: Record<string, unknown> };
  /** The search of the current build (its index loads in the background at start-up); absent: /search is not found. */
  search?: () => Promise<RunSearch>;
}

export interface App {
  handle(req: AppRequest): AppResponse | Promise<AppResponse>;
  /** Serve a new build from now on (after `npm run build` while running). */
  reload(dist: Dist): void;
  readonly dist: Dist;
}


/** Routes that never need a key, and are neither counted nor limited: how to learn about the API and get a key. */
const OPEN: ReadonlySet<RouteId> = new Set(['docs', 'pricing', 'openapi', 'healthz', 'register']);

/** The rate-limit headers of a verdict. */
export const rateHeaders = (v: Verdict) => ['X-RateLimit-Limit', String(v.limit), 'X-RateLimit-Remaining', String(v.remaining), 'X-RateLimit-Reset', String(v.reset)];

const JSON_TYPE = 'application/json; charset=utf-8';
const TEXT_TYPE = 'text/plain; charset=utf-8';

export function json(status: number, value: unknown, extra: Record<string, string> = {}): AppResponse {
  const body = JSON.stringify(value);
  return {
    status,
    headers: flat({ 'Content-Type': JSON_TYPE, 'Content-Length': String(Buffer.byteLength(body)), 'Cache-Control': CACHE_RANDOM, ...COMMON_HEADERS, ...extra }),
    body,
  };
}

function text(status: number, body: string, extra: Record<string, string> = {}): AppResponse {
  return {
    status,
    headers: flat({ 'Content-Type': TEXT_TYPE, 'Content-Length': String(Buffer.byteLength(body)), ...COMMON_HEADERS, ...extra }),
    body,
  };
}

// Errors are the same bytes every time: built once.
const notFound: Record<NotFoundKind, AppResponse> = {
  chapter: text(404, NOT_FOUND.chapter),
  verse: text(404, NOT_FOUND.verse),
  resource: text(404, NOT_FOUND.resource),
};
export const internalError = () => json(ERRORS.internal.status, ERRORS.internal.body);
const keyRequired = json(ERRORS.keyRequired.status, ERRORS.keyRequired.body, { 'WWW-Authenticate': 'ApiKey header="x-api-key"' });
const keyInvalid = json(ERRORS.keyInvalid.status, ERRORS.keyInvalid.body, { 'WWW-Authenticate': 'ApiKey header="x-api-key"' });
const uriTooLong = json(ERRORS.uriTooLong.status, ERRORS.uriTooLong.body);
const rateLimited = json(ERRORS.rateLimited.status, ERRORS.rateLimited.body);
const preflight: AppResponse = { status: 204, headers: flat({ ...COMMON_HEADERS, ...PREFLIGHT_HEADERS, 'Content-Length': '0' }) };

/** A page the server renders once (at start-up), answered with the fixed-resource headers. */
function page(body: string): AppResponse {
  const bytes = Buffer.from(body);
  const etag = etagOf(createHash('sha256').update(bytes).digest('hex'));
  return { status: 200, headers: flat({ 'Content-Type': 'text/html; charset=utf-8', 'Content-Length': String(bytes.length), ETag: etag, 'Cache-Control': 'no-cache', ...COMMON_HEADERS }), body: bytes };
}

function methodNotAllowed(route: RouteSpec): AppResponse {
  const allow = route.methods.join(', ');
  return text(405, METHOD_NOT_ALLOWED, { Allow: allow });
}

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

/** What a metered request will answer, decided before it is counted. `cache`: a Cache-Control other than the fixed one. */
type Answer =
  | { kind: 'asset'; asset: Asset; random: boolean; cache?: string }
  | { kind: 'card'; card: Card; theme: Theme; random: boolean; cache?: string }
  | { kind: 'file'; path: string }
  | { kind: 'projection'; key: string; random: boolean; cache?: string; make: () => Buffer }
  | { kind: 'search'; params: SearchParams; html: boolean };

const OPEN_LIST = Buffer.from('[');
const CLOSE_LIST = Buffer.from(']');
const COMMA = Buffer.from(',');

const badRequest = (error: string) => json(400, { error });
const HTML_TYPE = 'text/html; charset=utf-8';
/** A page made for one request (a search form with its error). */
function htmlAnswer(status: number, body: string): AppResponse {
  return { status, headers: flat({ 'Content-Type': HTML_TYPE, 'Content-Length': String(Buffer.byteLength(body)), 'Cache-Control': CACHE_RANDOM, ...COMMON_HEADERS }), body };
}

/** The same answer with another Cache-Control (the verse of the day's lasts until midnight). */
function withCache(r: AppResponse, cache?: string): AppResponse {
  if (!cache) return r;
  const headers = r.headers.slice();
  for (let i = 0; i < headers.length; i += 2) if (headers[i] === 'Cache-Control') headers[i + 1] = cache;
  return { ...r, headers };
}

export function createApp(options: AppOptions): App {
  const random = options.random ?? Math.random;
  let served = prepare(options.dist);
  const pricing = options.pricing === undefined ? null : page(options.pricing);

  /** None when the client holds the file already (any coding's ETag), else the representation its Accept-Encoding takes. */
  function choose<V extends HeaderSets>(req: AppRequest, r: Representations<V>, randomPick: boolean): V | null {
    if (!randomPick && matchesEtag(req.header('if-none-match'), r.etags)) return null;
    const coding = pickCoding(req.header('accept-encoding'));
    return (coding && r[coding]) || r.identity;
  }

  /**
   * A representation's headers, with the rate-limit headers of the verdict when
   * the caller is limited: a copy and one push, cheaper than building the three
   * as a list and concatenating.
   */
  const withRate = (headers: string[], rate?: Verdict) => {
    if (!rate) return headers;
    const out = headers.slice();
    out.push('X-RateLimit-Limit', String(rate.limit), 'X-RateLimit-Remaining', String(rate.remaining), 'X-RateLimit-Reset', String(rate.reset));
    return out;
  };

  /** A file held in memory: a 304, or its bytes. */
  function send(req: AppRequest, asset: Asset, randomPick: boolean, rate?: Verdict): AppResponse {
    const v = choose(req, asset, randomPick);
    if (!v) return { status: 304, headers: withRate(asset.identity.notModified, rate) };
    return { status: 200, headers: withRate(randomPick ? v.randomHeaders : v.headers, rate), body: v.body };
  }

  /** A file served from disk: a 304, or the file for the adapter to send. */
  function stream(req: AppRequest, path: string, randomPick = false, rate?: Verdict): AppResponse | null {
    const s = served.streamed(path);
    if (!s) return null;
    const v = choose(req, s, randomPick);
    if (!v) return { status: 304, headers: withRate(s.identity.notModified, rate) };
    return { status: 200, headers: withRate(randomPick ? v.randomHeaders : v.headers, rate), file: v.file };
  }

  /** A verse's card in a theme: the plain card from memory, a themed one from its file. */
  function sendCard(req: AppRequest, card: Card, theme: Theme, randomPick: boolean, rate?: Verdict, cache?: string): AppResponse {
    if (theme === 'auto') return withCache(send(req, card.asset ?? served.dist.assets.get(FILES.card(card.ch, card.sl))!, randomPick, rate), cache);
    const r = stream(req, FILES.card(card.ch, card.sl, theme), randomPick, rate);
    return r ? withCache(r, cache) : internalError();
  }

  /** A projection: a 304, or its bytes in the coding the client takes (made on first demand). */
  function sendProjected(req: AppRequest, entry: Projected, randomPick: boolean, cache: string | undefined, rate?: Verdict): AppResponse | Promise<AppResponse> {
    if (!randomPick && matchesEtag(req.header('if-none-match'), entry.etags)) return withCache({ status: 304, headers: withRate(entry.identity.notModified, rate) }, cache);
    const finish = (v: Variant): AppResponse => withCache({ status: 200, headers: withRate(randomPick ? v.randomHeaders : v.headers, rate), body: v.body }, cache);
    const coding = entry.identity.body.length >= MIN_COMPRESS_BYTES ? pickCoding(req.header('accept-encoding')) : null;
    if (!coding) return finish(entry.identity);
    const v = entry.coding(coding);
    // Should compression fail, the answer goes out uncompressed.
    return v instanceof Promise ? v.then(finish, () => finish(entry.identity)) : finish(v);
  }

  const clock = new DayClock();
  /** ?date= (a real YYYY-MM-DD), else today in UTC: the date and how long its answer may be cached; null: not a date. */
  function todayOf(params: URLSearchParams | null): { date: string; cache: string } | null {
    const dates = params?.getAll('date') ?? [];
    if (dates.length > 1 || (dates.length && !isDate(dates[0]))) return null;
    if (dates.length) return { date: dates[0], cache: `public, max-age=${DATED_MAX_AGE}` };
    const now = Date.now();
    return { date: clock.at(now), cache: `public, max-age=${clock.secondsLeft(now)}` };
  }

  /** Which key the request presents: the x-api-key header, else the api_key query parameter. */
  function presentedKey(req: AppRequest, query: string): string | undefined {
    const header = req.header('x-api-key');
    if (header !== undefined) return header.trim();
    if (query && query.includes('api_key')) return new URLSearchParams(query).get('api_key') ?? undefined;
    return undefined;
  }

  /** A key's caller: its record and the subject its requests are counted under. */
  type Keyed = { key: KeyRecord; subject: string };
  type KeyCheck = { refuse: AppResponse } | Keyed | { key: null };

  // The key policy's answers are the same objects every time: a request allocates none.
  const ANONYMOUS: KeyCheck = { key: null };
  const REFUSE_REQUIRED: KeyCheck = { refuse: keyRequired };
  const REFUSE_INVALID: KeyCheck = { refuse: keyInvalid };
  /** Per key record (a store's reload makes new records, and these go with the old). */
  const keyed = new WeakMap<KeyRecord, Keyed>();
  const settle = (record: KeyRecord | null): KeyCheck => {
    if (!record) return REFUSE_INVALID;
    let k = keyed.get(record);
    if (!k) keyed.set(record, (k = { key: record, subject: keySubject(record.id) }));
    return k;
  };
  // The subject of the last anonymous address, so that a busy client is not a new string per request.
  let lastIp = '';
  let lastAnon = anonSubject('');
  const anonOf = (ip: string) => {
    if (ip !== lastIp) {
      lastIp = ip;
      lastAnon = anonSubject(ip);
    }
    return lastAnon;
  };

  /** The key policy: the caller (a key's, or anonymous), or the 401 to answer. */
  function checkKey(req: AppRequest, query: string, route: RouteSpec): KeyCheck | Promise<KeyCheck> {
    if (options.auth === 'off' && route.id !== 'usage') return ANONYMOUS;
    const presented = presentedKey(req, query);
    if (presented === undefined || presented === '') {
      if (options.auth === 'required' || route.id === 'usage') return REFUSE_REQUIRED;
      return ANONYMOUS;
    }
    const found = options.keys.verify(presented);
    return found instanceof Promise ? found.then(settle) : settle(found);
  }

  /** After the key policy: its refusal, /usage, the decision's error, or the metered answer. */
  function proceed(req: AppRequest, route: RouteSpec, query: string, m: Fixed, check: KeyCheck): AppResponse | Promise<AppResponse> {
    if ('refuse' in check) return check.refuse;
    if (route.id === 'usage') return usageOf(check.key!);
    const d = decide(route, query, m);
    if ('status' in d) return d;
    return metered(req, route, d, check);
  }

  /**
   * Count the request against the caller's daily quota (a key's, or the
   * anonymous client address's), answer, and record it in the usage counts.
   * An unlimited caller costs no limiter call at all. The answer was decided
   * before (errors are neither counted nor limited); it is made only now.
   */
  function metered(req: AppRequest, route: RouteSpec, decision: Answer, caller: Keyed | { key: null }): AppResponse | Promise<AppResponse> {
    const key = caller.key;
    const subject = key ? (caller as Keyed).subject : anonOf(req.ip);
    const limit = key ? key.limit : options.anonLimit;
    if (limit === 0) {
      options.usage.count(subject, route.id);
      return respond(req, decision);
    }
    const v = options.limiter.consume(subject, limit, !key);
    return v instanceof Promise ? v.then((verdict) => limited(req, route, decision, subject, verdict)) : limited(req, route, decision, subject, v);
  }

  /** The limiter's verdict on a request: the answer with the rate-limit headers, or the 429. */
  function limited(req: AppRequest, route: RouteSpec, decision: Answer, subject: string, v: Verdict): AppResponse | Promise<AppResponse> {
    if (!v.allowed) {
      options.usage.count(subject, 'rate-limited');
      return { ...rateLimited, headers: rateLimited.headers.concat(rateHeaders(v), 'Retry-After', String(v.retryAfter)) };
    }
    options.usage.count(subject, route.id);
    return respond(req, decision, v);
  }

  /** GET /usage: the key's own counts (today and the last days) and its quota. Neither counted nor limited. */
  async function usageOf(key: KeyRecord): Promise<AppResponse> {
    const subject = keySubject(key.id);
    const days = lastDays(USAGE_DAYS);
    const rows = await options.usage.read(USAGE_DAYS, subject);
    const byDay = days.map((date) => {
      const routes: Record<string, number> = {};
      for (const r of rows) if (r.day === date) routes[r.route] = (routes[r.route] ?? 0) + r.count;
      return { date, requests: Object.values(routes).reduce((a, b) => a + b, 0), routes };
    });
    const v = key.limit ? await options.limiter.peek(subject, key.limit) : null;
    const r = json(200, {
      key: { id: key.id, name: key.name, plan: key.plan, created: key.created },
      limit: { perDay: key.limit, unlimited: key.limit === 0 },
      today: { ...byDay[0], remaining: v ? v.remaining : null, resets: new Date(nextMidnight() * 1000).toISOString() },
      days: byDay,
    });
    if (v) r.headers = r.headers.concat(rateHeaders(v));
    return r;
  }

  /** What the open routes answer: pages, the OpenAPI document, health. */
  function openAnswer(req: AppRequest, route: RouteSpec): AppResponse {
    const s = served;
    switch (route.id) {
      case 'docs':
        return stream(req, FILES.docs) ?? notFound.resource;
      case 'pricing':
        return pricing ?? stream(req, FILES.pricing) ?? notFound.resource;
      case 'openapi':
        return stream(req, FILES.openapi) ?? notFound.resource;
      case 'healthz': {
        const h = options.health?.() ?? { degraded: false, stores: {} };
        return json(200, {
          status: h.degraded ? 'degraded' : 'ok',
          build: s.dist.manifest.build,
          chapters: s.dist.manifest.content.chapters,
          verses: s.dist.manifest.content.verses,
          colophons: s.dist.manifest.content.colophons,
          errata: s.dist.manifest.errata.filter((e) => e.status === 'applied').map((e) => e.id),
          audit: { findings: s.dist.manifest.audit.findings, notes: s.dist.manifest.audit.notes },
          auth: options.auth,
          ...h.stores,
        });
      }
      default:
        return notFound.resource;
    }
  }

  /** Make the answer decided on: from memory, from disk, or a projection. */
  function respond(req: AppRequest, a: Answer, rate?: Verdict): AppResponse | Promise<AppResponse> {
    switch (a.kind) {
      case 'asset':
        return withCache(send(req, a.asset, a.random, rate), a.cache);
      case 'card':
        return sendCard(req, a.card, a.theme, a.random, rate, a.cache);
      case 'file':
        return stream(req, a.path, false, rate) ?? internalError();
      case 'projection': {
        const s = served;
        const entry = s.projections.get(a.key, a.make);
        return sendProjected(req, entry, a.random, a.cache, rate);
      }
      case 'search': {
        const s = served;
        const running = options.search?.();
        if (!running) return notFound.resource;
        // Answers are kept as bytes, with an ETag and compression, like projections.
        const key = `/search\0${a.html ? 'html' : 'json'}\0${JSON.stringify(a.params)}`;
        return running.then((run) => {
          const entry = s.projections.get(key, () => Buffer.from(a.html ? searchPage(a.params.q, run(a.params)) : JSON.stringify({ query: a.params.q, ...run(a.params) })), a.html ? HTML_TYPE : undefined);
          return sendProjected(req, entry, false, undefined, rate);
        });
      }
    }
  }

  /**
   * Everything a metered request needs checked before it is counted: its
   * parameters (400), the verse or chapter its filters name (404), the random
   * pick. Returns the answer to make, or the error to send at once.
   */
  function decide(route: RouteSpec, query: string, m: Fixed): Answer | AppResponse {
    const s = served;
    const facts = s.dist.manifest.content;
    const params = query ? new URLSearchParams(query) : null;
    // Projections: lang, authors, fields (and a language the path names, as in en.json).
    const projection = (): Projection | null | AppResponse => {
      if (!params && !m.lang) return null;
      const parsed = parseProjection(params ?? new URLSearchParams(), facts, m.lang);
      return 'error' in parsed ? badRequest(parsed.error) : parsed.projection;
    };
    const recordAnswer = (record: Asset, random: boolean, cache?: string): Answer | AppResponse => {
      const p = projection();
      if (p && 'status' in p) return p;
      if (!p) return { kind: 'asset', asset: record, random, cache };
      return { kind: 'projection', key: `${record.path}\0${projectionKey(p)}`, random, cache, make: () => projectBytes(record.identity.body, s.sliceIndex(record), p, s.isCommentary) };
    };
    switch (route.id) {
      case 'verse':
        return recordAnswer(m.asset!, false);
      case 'chapter':
      case 'chapters':
        return { kind: 'asset', asset: m.asset!, random: false };
      case 'verse-card': {
        const theme = params ? themeQuery(params) : undefined;
        if (theme === null) return notFound.verse;
        return { kind: 'card', card: s.cardOf.get(m.asset!)!, theme: theme ?? m.theme ?? 'auto', random: false };
      }
      case 'random-verse': {
        const filter = params ? verseFilter(params, facts) : ANY_VERSE;
        const pool = filter && s.pool(filter);
        if (!pool || !pool.length) return notFound.verse;
        return recordAnswer(pool[Math.floor(random() * pool.length)].verse, true);
      }
      case 'today':
      case 'today-card': {
        const day = todayOf(params);
        if (!day) return notFound.verse;
        const pick = s.dayVerse(day.date);
        if (route.id === 'today') return recordAnswer(pick.verse, false, day.cache);
        const theme = params ? themeQuery(params) : undefined;
        if (theme === null) return notFound.verse;
        return { kind: 'card', card: pick, theme: theme ?? m.theme ?? 'auto', random: false, cache: day.cache };
      }
      case 'chapter-verses': {
        const p = projection();
        if (p && 'status' in p) return p;
        // The whole list, and each language of it, are files of the build; anything else is made from the records.
        if (!p || (p.lang && !p.authors && !p.fields)) return { kind: 'file', path: FILES.chapterVerses(m.ch!, p?.lang) };
        const records = s.chapterRecords(m.ch!);
        return {
          kind: 'projection',
          key: `${FILES.chapterVerses(m.ch!)}\0${projectionKey(p)}`,
          random: false,
          make: () => {
            const parts: Buffer[] = [OPEN_LIST];
            records.forEach((r, i) => {
              if (i) parts.push(COMMA);
              parts.push(...projectSlices(r.identity.body, s.sliceIndex(r), p, s.isCommentary));
            });
            parts.push(CLOSE_LIST);
            return Buffer.concat(parts);
          },
        };
      }
      case 'search': {
        const formats = params?.getAll('format') ?? [];
        if (formats.length > 1 || (formats.length && formats[0] !== 'json' && formats[0] !== 'html')) return badRequest('format: expected json (the default) or html, once');
        const html = formats[0] === 'html';
        const parsed = parseSearch(params ?? new URLSearchParams(), facts);
        if ('error' in parsed) return html ? htmlAnswer(400, searchPage(params?.get('q') ?? '', null, parsed.error)) : badRequest(parsed.error);
        return { kind: 'search', params: parsed.params, html };
      }
      case 'card': {
        const q: ReturnType<typeof cardQuery> = params ? cardQuery(params, facts) : ANY_VERSE;
        if (!q) return notFound.verse;
        // The theme: ?theme=, else the file name asked for (gita-dark.svg), else the reader's.
        const theme = q.theme ?? m.theme ?? 'auto';
        if (q.sl) {
          // A verse named with a speaker that is not its own names nothing.
          if (q.speaker >= 0 && facts.speakerOf[q.ch - 1][q.sl - 1] !== q.speaker) return notFound.verse;
          return { kind: 'card', card: { ch: q.ch, sl: q.sl }, theme, random: false };
        }
        const pool = s.pool(q);
        if (!pool.length) return notFound.verse;
        return { kind: 'card', card: pool[Math.floor(random() * pool.length)], theme, random: true };
      }
      default:
        return notFound.resource;
    }
  }

  function handle(req: AppRequest): AppResponse | Promise<AppResponse> {
    const url = req.url;
    if (url.length > MAX_URL_LENGTH) return uriTooLong;
    const q = url.indexOf('?');
    const path = q === -1 ? url : url.slice(0, q);
    const query = q === -1 ? '' : url.slice(q + 1);
    if (req.method === 'OPTIONS') return preflight;

    const s = served;
    let m: Fixed | undefined = s.fixed.get(path);
    if (!m) {
      const match = matchRoute(path, s.dist.manifest.content.versesPerChapter);
      if (!match.route) {
        if (req.method === 'GET' || req.method === 'HEAD') return stream(req, path) ?? notFound[match.notFound];
        return notFound[match.notFound];
      }
      const route = match.route;
      const file =
        route.id === 'verse' ? FILES.verse(match.ch!, match.sl!) :
        route.id === 'verse-card' ? FILES.card(match.ch!, match.sl!) :
        route.id === 'chapter' ? FILES.chapter(match.ch!) :
        route.id === 'chapters' ? FILES.chapters : null;
      const asset = file ? (s.dist.assets.get(file) ?? null) : null;
      if (file && !asset) return notFound[route.notFound];
      m = { route, asset, theme: match.theme, lang: match.lang, ch: match.ch };
      // Remember plain paths only: %-encoded spellings of a path are unbounded.
      if (!path.includes('%') && s.fixed.size < 20_000) s.fixed.set(path, m);
    }
    const { route } = m;

    const allowed = route.methods.includes(req.method) || (req.method === 'HEAD' && route.methods.includes('GET'));
    if (!allowed) return methodNotAllowed(route);
    if (route.id === 'register') return options.register ? options.register(req) : notFound.resource;
    if (OPEN.has(route.id)) return openAnswer(req, route);
    const check = checkKey(req, query, route);
    return check instanceof Promise ? check.then((c) => proceed(req, route, query, m, c)) : proceed(req, route, query, m, check);
  }

  return {
    handle,
    reload(dist: Dist) {
      served = prepare(dist);
    },
    get dist() {
      return served.dist;
    },
  };
}
