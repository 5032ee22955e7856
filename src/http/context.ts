// One request as its handler sees it: the route and what the path says, the
// query and its values read (typed by the route's parameters), the caller (set by the gate), the build being served; and what the
// handler decides to answer, named through the responders below and made
// by respond.ts once the gate has counted the request. One object per
// request (it is the decision too: nothing else is allocated to carry it).
import { NO_VALUES, type RouteOf, type Valid } from '../contract/query-rules.ts';
import type { BodyOf } from '../contract/route.ts';
import type { PathValues } from '../contract/path-values.ts';
import type { RouteId } from '../contract/routes/index.ts';
import type { Verdict } from '../keys/limits.ts';
import type { KeyRecord } from '../keys/store.ts';
import type { Asset } from './assets.ts';
import type { Pool } from './pool.ts';
import { createHash } from 'node:crypto';
import { internalError, negotiated, sendDerived, sendHeld, sendParts, sendStreamed, given } from './respond.ts';
import type { Fixed, Served } from './served.ts';
import type { Projected } from './projected.ts';
import type { AppOptions, AppRequest, AppResponse } from './types.ts';

/** What the handlers share of the app: its options, its random source, the pages it rendered at start-up. */
export interface AppCore {
  /** Without the first build: the build served now is the app's (`served`), and a reload must leave the first one to the collector. */
  options: Omit<AppOptions, 'dist'>;
  random: () => number;
  /** The /pricing page of these settings, when the server rendered one (compressed on first demand, as a projection is). */
  pricing: Projected | null;
  /** The heavy work of this worker, bounded: PNG renders and searches. */
  pools: { png: Pool; search: Pool };
}

/** Who calls: a key's record (and the subject its requests are counted under), or nobody in particular. */
export type Caller = { key: KeyRecord; subject: string } | { key: null };

/** A handler's answer: the context, once a responder named what to answer, or an answer made now (an error: not counted). */
export type Reply = Context | AppResponse;
/** The handler of a route (or of several: their parameters together), given its query's values typed by them. */
export type Handler<Id extends RouteId = RouteId> = (c: Context<Id>) => Reply | Promise<Reply>;

const NOBODY: Caller = { key: null };

export class Context<Id extends RouteId = RouteId> {
  caller: Caller = NOBODY;
  /** The route's query parameters given, each read by its definition before the handler runs (app.ts, query-rules.ts); none without a query. */
  valid: Valid<Id> = NO_VALUES as Valid<Id>;
  /** The route's body, read by its declaration before the handler runs (handlers/index.ts, contract/bodies.ts); for a route that takes one. */
  input = undefined as BodyOf<RouteOf<Id>>;
  /** How many requests this one counts as against the quota and in the usage (a JSON-RPC batch: one per message). */
  units = 1;
  private parsed: URLSearchParams | null | undefined = undefined;

  // The decision: which responder, and its arguments.
  private kind: 0 | 'held' | 'file' | 'derived' | 'prepared' | 'given' | 'parts' | 'later' = 0;
  private asset: Asset | null = null;
  private path = '';
  private random = false;
  private cache: string | undefined = undefined;
  private missing: AppResponse | null = null;
  private key = '';
  private make: (() => Buffer) | null = null;
  private entry: Projected | null = null;
  private type: string | undefined = undefined;
  private deferred: ((c: Context) => Promise<Reply>) | null = null;
  private parts: readonly Uint8Array[] = [];
  private length = 0;
  private made: { status: number; headers: Iterable<[string, string]>; body: Uint8Array | string } | null = null;

  constructor(
    readonly req: AppRequest,
    /** The route, and what the path says (params: ch, sl, theme, lang...; the in-memory file it names). */
    readonly at: Fixed & PathValues<Id>,
    /** The query as received, without the `?`. */
    readonly queryString: string,
    /** The build being served when the request came in (a reload does not change it under the request). */
    readonly served: Served,
    readonly app: AppCore,
  ) {}

  /** The query parameters; null when there is no query (most requests: nothing parsed). */
  get query(): URLSearchParams | null {
    if (this.parsed === undefined) this.parsed = this.queryString ? new URLSearchParams(this.queryString) : null;
    return this.parsed;
  }

  /** A file held in memory (ETag, 304, the coding the client takes). `random`: a pick (no-store, no ETag); `cache`: another Cache-Control. */
  held(asset: Asset, random = false, cache?: string): this {
    this.kind = 'held';
    this.asset = asset;
    this.random = random;
    this.cache = cache;
    return this;
  }

  /** A file of dist/ streamed from disk; `missing`: the answer when dist/ lacks it (else a 500). */
  file(path: string, random = false, cache?: string, missing: AppResponse | null = null): this {
    this.kind = 'file';
    this.path = path;
    this.random = random;
    this.cache = cache;
    this.missing = missing;
    return this;
  }

  /** An answer derived from the build (a projection, a search, a page), kept by `key` in the build's cache; `make` runs on a miss. */
  derived(key: string, make: () => Buffer, type?: string, random = false, cache?: string): this {
    this.kind = 'derived';
    this.key = key;
    this.make = make;
    this.type = type;
    this.random = random;
    this.cache = cache;
    return this;
  }

  /** An answer made and kept elsewhere (a PNG card in its own cache): ETag, 304, the coding the client takes. */
  prepared(entry: Projected, random = false, cache?: string): this {
    this.kind = 'prepared';
    this.entry = entry;
    this.random = random;
    this.cache = cache;
    return this;
  }

  /**
   * Bytes and headers another module made (a web-standard handler's
   * Response: `c.given(res.status, res.headers, bytes)`), sent with the
   * common and rate-limit headers; its own Content-Length and CORS headers
   * are the contract's, and without a Cache-Control it is no-store. JSON or
   * text over 1 kB is compressed on demand for a client that takes it.
   */
  given(status: number, headers: Iterable<[string, string]>, body: Uint8Array | string): this {
    this.kind = 'given';
    this.made = { status, headers, body };
    return this;
  }

  /** A large answer, sent as its parts (slices of records held in memory), never joined nor kept as they are (compressed on demand for a client that takes it); `key` names it in this build (its ETag). */
  partsOf(key: string, parts: readonly Uint8Array[], length: number): this {
    this.kind = 'parts';
    this.key = key;
    this.parts = parts;
    this.length = length;
    return this;
  }

  /** Decide once counted: work that should not run for a refused request (waiting for the search index, reading a body). */
  later(then: (c: Context) => Promise<Reply>): this {
    this.kind = 'later';
    this.deferred = then;
    return this;
  }

  /** Make the answer decided on, with the gate's verdict (the rate-limit headers) when the caller is limited. */
  respond(rate?: Verdict): AppResponse | Promise<AppResponse> {
    const req = this.req;
    switch (this.kind) {
      case 'held':
        return sendHeld(req, this.asset!, this.random, this.cache, rate);
      case 'file': {
        const s = this.served.streamed(this.path);
        return s ? sendStreamed(req, s, this.random, this.cache, rate) : this.missing ? negotiated(req, this.missing) : internalError();
      }
      case 'derived':
        return sendDerived(req, this.served.projections.get(this.key, this.make!, this.type), this.random, this.cache, rate);
      case 'prepared':
        return sendDerived(req, this.entry!, this.random, this.cache, rate);
      case 'parts':
        return sendParts(req, createHash('sha256').update(this.served.dist.manifestSha256).update('\0').update(this.key).digest('hex'), this.parts, this.length, rate, this.served.onDemand);
      case 'given':
        return given(this.made!.status, this.made!.headers, this.made!.body, rate, req.header('accept-encoding'));
      case 'later':
        return this.deferred!(this).then((r) => (r instanceof Context ? r.respond(rate) : r));
      default:
        return internalError();
    }
  }
}
