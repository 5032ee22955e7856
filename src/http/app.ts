// The HTTP contract as one runtime-neutral handler: a small request in, a
// small response out. Adapters turn it into node:http (node.ts) and into a
// web-standard (Request) => Response (web.ts, which Deno serves).
import { createHash } from 'node:crypto';
import type { AuthPolicy } from '../config.ts';
import { nextMidnight, type Limiter, type Verdict } from '../keys/limits.ts';
import type { KeyRecord, KeyStore } from '../keys/store.ts';
import { anonSubject, keySubject, lastDays, type UsageStore } from '../keys/usage.ts';
import { FILES, mediaType, THEMES, type Theme } from '../layout.ts';
import { flat, headerSets, inMemory, representations, type Asset, type Dist, type HeaderSets, type Representations } from './assets.ts';
import { ERRORS, METHOD_NOT_ALLOWED, NOT_FOUND, type NotFoundKind } from './errors.ts';
import { CACHE_RANDOM, COMMON_HEADERS, PREFLIGHT_HEADERS, etagOf } from './headers.ts';
import { MAX_URL_LENGTH, USAGE_DAYS } from './limits.ts';
import { pickCoding } from './negotiate.ts';
import { ANY_VERSE, cardQuery, matchRoute, themeQuery, verseFilter, type RouteId, type RouteSpec, type VerseFilter } from './routes.ts';

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

/** A fixed path resolved to its in-memory file: the fast path's cache entry. */
interface Fixed {
  route: RouteSpec;
  asset: Asset;
  /** For a card file with a forced theme (gita-dark.svg). */
  theme?: Theme;
}

/** Files of dist/ that are served from disk (pages, openapi.json, themed cards), with their headers. */
interface Streamed extends HeaderSets {
  file: string;
}

/** A verse's card: the plain one is in memory, the themed ones are files. */
interface Card {
  ch: number;
  sl: number;
}

/** A verse that random answers may draw (never a colophon): its place and its record. */
interface Pick extends Card {
  verse: Asset;
}

interface Served {
  dist: Dist;
  /** The verses random answers draw from, filtered by chapter and speaker (made on first use, at most 19 x speakers). */
  pool(filter: VerseFilter): Pick[];
  /** Which verse an in-memory card is of (colophons too), to find it in another theme. */
  cardOf: Map<Asset, Card>;
  /** Exact request paths (no %-encoding) known to name a fixed in-memory resource. */
  fixed: Map<string, Fixed>;
  streamed: Map<string, Representations<Streamed>>;
}

function prepare(dist: Dist): Served {
  const { manifest, assets } = dist;
  const counts = manifest.content.versesPerChapter;
  const get = (path: string) => {
    const a = assets.get(path);
    if (!a) throw new Error(`dist/ lacks ${path}; rebuild it`);
    return a;
  };
  const picks: Pick[] = [];
  const cardOf = new Map<Asset, Card>();
  counts.forEach((count, i) => {
    const ch = i + 1;
    for (let sl = 1; sl <= count + 1; sl++) {
      const card = { ch, sl };
      cardOf.set(get(FILES.card(ch, sl)), card);
      for (const t of THEMES) if (t !== 'auto' && !manifest.files[FILES.card(ch, sl, t)]) throw new Error(`dist/ lacks ${FILES.card(ch, sl, t)}; rebuild it`);
      if (sl > count) continue; // the colophon: never a random pick
      picks.push({ ch, sl, verse: get(FILES.verse(ch, sl)) });
    }
  });
  const speakerOf = manifest.content.speakerOf;
  const pools = new Map<string, Pick[]>([['0/-1', picks]]);
  const pool = ({ ch, speaker }: VerseFilter) => {
    const key = `${ch}/${speaker}`;
    let found = pools.get(key);
    if (!found) pools.set(key, (found = picks.filter((p) => (!ch || p.ch === ch) && (speaker < 0 || speakerOf[p.ch - 1]?.[p.sl - 1] === speaker))));
    return found;
  };

  const streamed: Served['streamed'] = new Map();
  // manifest.json is served too; it has twins like every text file, but cannot list its own hash.
  const files = { ...manifest.files, [FILES.manifest]: { type: mediaType(FILES.manifest), size: 0, sha256: dist.manifestSha256, br: 0, gzip: 0 } };
  for (const [path, entry] of Object.entries(files)) {
    if (inMemory(path)) continue;
    // No Content-Length: the adapter takes it from the file itself (a rebuild may have replaced it).
    streamed.set(path, representations(entry, (suffix, coding): Streamed => ({ file: path + suffix, ...headerSets(entry.type, entry.sha256, coding) })));
  }

  return {
    dist,
    pool,
    cardOf,
    fixed: new Map(),
    streamed,
  };
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

  const withExtra = (headers: string[], extra?: string[]) => (extra ? headers.concat(extra) : headers);

  /** A file held in memory: a 304, or its bytes. */
  function send(req: AppRequest, asset: Asset, randomPick: boolean, extra?: string[]): AppResponse {
    const v = choose(req, asset, randomPick);
    if (!v) return { status: 304, headers: withExtra(asset.identity.notModified, extra) };
    return { status: 200, headers: withExtra(randomPick ? v.randomHeaders : v.headers, extra), body: v.body };
  }

  /** A file served from disk: a 304, or the file for the adapter to send. */
  function stream(req: AppRequest, path: string, randomPick = false, extra?: string[]): AppResponse | null {
    const s = served.streamed.get(path);
    if (!s) return null;
    const v = choose(req, s, randomPick);
    if (!v) return { status: 304, headers: withExtra(s.identity.notModified, extra) };
    return { status: 200, headers: withExtra(randomPick ? v.randomHeaders : v.headers, extra), file: v.file };
  }

  /** A verse's card in a theme: the plain card from memory, a themed one from its file. */
  function sendCard(req: AppRequest, card: Card, theme: Theme, randomPick: boolean, extra?: string[]): AppResponse {
    if (theme === 'auto') return send(req, served.dist.assets.get(FILES.card(card.ch, card.sl))!, randomPick, extra);
    return stream(req, FILES.card(card.ch, card.sl, theme), randomPick, extra) ?? internalError();
  }

  /** Which key the request presents: the x-api-key header, else the api_key query parameter. */
  function presentedKey(req: AppRequest, query: string): string | undefined {
    const header = req.header('x-api-key');
    if (header !== undefined) return header.trim();
    if (query && query.includes('api_key')) return new URLSearchParams(query).get('api_key') ?? undefined;
    return undefined;
  }

  type KeyCheck = { refuse: AppResponse } | { key: KeyRecord | null };

  /** The key policy: the caller's key record, null for an anonymous caller, or the 401 to answer. */
  function checkKey(req: AppRequest, query: string, route: RouteSpec): KeyCheck | Promise<KeyCheck> {
    if (options.auth === 'off' && route.id !== 'usage') return { key: null };
    const presented = presentedKey(req, query);
    if (presented === undefined || presented === '') {
      if (options.auth === 'required' || route.id === 'usage') return { refuse: keyRequired };
      return { key: null };
    }
    const settle = (record: KeyRecord | null): KeyCheck => (record ? { key: record } : { refuse: keyInvalid });
    const found = options.keys.verify(presented);
    return found instanceof Promise ? found.then(settle) : settle(found);
  }

  /**
   * Count the request against the caller's daily quota (a key's, or the
   * anonymous client address's), answer, and record it in the usage counts.
   * An unlimited caller costs no limiter call at all.
   */
  function metered(req: AppRequest, route: RouteSpec, query: string, asset: Asset | null, key: KeyRecord | null, pathTheme?: Theme): AppResponse | Promise<AppResponse> {
    const subject = key ? keySubject(key.id) : anonSubject(req.ip);
    const limit = key ? key.limit : options.anonLimit;
    if (limit === 0) {
      options.usage.count(subject, route.id);
      return answer(req, route, query, asset, undefined, pathTheme);
    }
    const decide = (v: Verdict): AppResponse => {
      const headers = rateHeaders(v);
      if (!v.allowed) {
        options.usage.count(subject, 'rate-limited');
        return { ...rateLimited, headers: rateLimited.headers.concat(headers, 'Retry-After', String(v.retryAfter)) };
      }
      options.usage.count(subject, route.id);
      return answer(req, route, query, asset, headers, pathTheme);
    };
    const v = options.limiter.consume(subject, limit, !key);
    return v instanceof Promise ? v.then(decide) : decide(v);
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

  function answer(req: AppRequest, route: RouteSpec, query: string, fixed: Asset | null, extra?: string[], pathTheme?: Theme): AppResponse {
    const s = served;
    switch (route.id) {
      case 'verse':
      case 'chapter':
      case 'chapters':
        return send(req, fixed!, false, extra);
      case 'verse-card': {
        const theme = query ? themeQuery(new URLSearchParams(query)) : undefined;
        if (theme === null) return notFound.verse;
        return sendCard(req, s.cardOf.get(fixed!)!, theme ?? pathTheme ?? 'auto', false, extra);
      }
      case 'random-verse': {
        const filter = query ? verseFilter(new URLSearchParams(query), s.dist.manifest.content) : ANY_VERSE;
        const pool = filter && s.pool(filter);
        if (!pool || !pool.length) return notFound.verse;
        return send(req, pool[Math.floor(random() * pool.length)].verse, true, extra);
      }
      case 'card': {
        const q: ReturnType<typeof cardQuery> = query ? cardQuery(new URLSearchParams(query), s.dist.manifest.content) : ANY_VERSE;
        if (!q) return notFound.verse;
        // The theme: ?theme=, else the file name asked for (gita-dark.svg), else the reader's.
        const theme = q.theme ?? pathTheme ?? 'auto';
        if (q.sl) {
          // A verse named with a speaker that is not its own names nothing.
          if (q.speaker >= 0 && s.dist.manifest.content.speakerOf[q.ch - 1][q.sl - 1] !== q.speaker) return notFound.verse;
          return sendCard(req, { ch: q.ch, sl: q.sl }, theme, false, extra);
        }
        const pool = s.pool(q);
        if (!pool.length) return notFound.verse;
        return sendCard(req, pool[Math.floor(random() * pool.length)], theme, true, extra);
      }
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
      case 'usage':
      case 'register':
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
    const hit = s.fixed.get(path);
    let route: RouteSpec;
    let asset: Asset | null = null;
    let pathTheme: Theme | undefined;
    if (hit) {
      route = hit.route;
      asset = hit.asset;
      pathTheme = hit.theme;
    } else {
      const m = matchRoute(path, s.dist.manifest.content.versesPerChapter);
      if (!m.route) {
        if (req.method === 'GET' || req.method === 'HEAD') return stream(req, path) ?? notFound[m.notFound];
        return notFound[m.notFound];
      }
      route = m.route;
      pathTheme = m.theme;
      const file =
        route.id === 'verse' ? FILES.verse(m.ch!, m.sl!) :
        route.id === 'verse-card' ? FILES.card(m.ch!, m.sl!) :
        route.id === 'chapter' ? FILES.chapter(m.ch!) :
        route.id === 'chapters' ? FILES.chapters : null;
      if (file) {
        asset = s.dist.assets.get(file) ?? null;
        if (!asset) return notFound[route.notFound];
        // Remember plain paths only: %-encoded spellings of a path are unbounded.
        if (!path.includes('%') && s.fixed.size < 20_000) s.fixed.set(path, { route, asset, theme: m.theme });
      }
    }

    const allowed = route.methods.includes(req.method) || (req.method === 'HEAD' && route.methods.includes('GET'));
    if (!allowed) return methodNotAllowed(route);
    if (route.id === 'register') return options.register ? options.register(req) : notFound.resource;
    if (OPEN.has(route.id)) return answer(req, route, query, asset);
    const verdict = checkKey(req, query, route);
    const next = (v: KeyCheck): AppResponse | Promise<AppResponse> => {
      if ('refuse' in v) return v.refuse;
      if (route.id === 'usage') return usageOf(v.key!);
      return metered(req, route, query, asset, v.key, pathTheme);
    };
    return verdict instanceof Promise ? verdict.then(next) : next(verdict);
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
