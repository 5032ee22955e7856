// The server's metrics for Prometheus (GET /metrics, on with
// GITA_METRICS_TOKEN; docs/operations.md, Metrics): what a worker answered by
// route (its path template, never the path asked: bounded label values) and
// status, the time the app took and the bytes it answered, the codings sent,
// 304s, refusals by reason; the build's readiness; today's usage; and the
// process's own metrics (prom-client's default metrics). With several workers
// the primary sums every worker's registry (shared-metrics.ts).
//
// Recording a request adds to plain numbers, one tally per route, which the
// registry reads when it is scraped: prom-client's own labels().inc() and
// observe() took 0.4 to 1.3 µs each here (a label hash made per call), as
// much as a whole answer from memory.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { ManifestFile } from '../contract/manifest.ts';
import type { RouteSpec } from '../contract/route.ts';
import { keyInvalid, keyRequired, metricsToken } from './respond.ts';
import { ClientGone } from '../request/capped-body.ts';
import type { AppResponse, Metrics } from './types.ts';

/** Upper bounds of the time buckets, in seconds: an answer from memory takes microseconds; a search, a compression or a PNG drawn, milliseconds to seconds. */
export const SECONDS = [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5] as const;

/** The codings an answer is sent in, as gita_http_responses_by_encoding_total labels them. */
export const CODINGS = ['identity', 'br', 'gzip'] as const;

/** The label of a request no route or file of dist/ took (a 404, a preflight, a target too long). */
export const NO_ROUTE = 'none';

/** What one route answered: plain numbers, added to per request and read when scraped. */
export class Tally {
  readonly statuses = new Float64Array(600);
  /** Answers per time bucket (not cumulative); the last, above every bound. */
  readonly buckets = new Float64Array(SECONDS.length + 1);
  count = 0;
  seconds = 0;
  bytes = 0;
  constructor(readonly route: string) {}
}

/** A 4xx by reason, as operators read it; a 401 is told apart by its answer (the same object every time). */
export const REASONS: Record<number, string> = { 400: 'bad_request', 403: 'forbidden', 404: 'not_found', 405: 'method_not_allowed', 413: 'payload_too_large', 414: 'uri_too_long', 415: 'unsupported_media_type', 416: 'range_not_satisfiable', 429: 'rate_limited', 431: 'headers_too_large' };

/** Every request a worker's app answered, recorded where the app answers (app.ts): no socket, no engine. */
export class Recorder {
  readonly none = new Tally(NO_ROUTE);
  private readonly tallies = new Map<RouteSpec, Tally>();
  /** Answers with a body (200, 206) by the coding sent: identity, br, gzip (CODINGS' order). */
  readonly codings = new Float64Array(3);
  readonly unauthorized = { key_required: 0, key_invalid: 0, metrics_token: 0 };

  /** The tally of a route, made on its first request (the routes are a fixed table: at most one each). */
  of(route: RouteSpec | null): Tally {
    if (!route) return this.none;
    let t = this.tallies.get(route);
    if (!t) this.tallies.set(route, (t = new Tally(route.path)));
    return t;
  }

  get all(): Tally[] {
    return [this.none, ...this.tallies.values()];
  }

  /** An answer of `tally`'s route, begun at `started` (performance.now()); `files`: the manifest's, for the size of a file streamed from disk. Returns the answer. */
  answered(tally: Tally, r: AppResponse, started: number, head: boolean, served: { dist: { manifest: { files: Record<string, ManifestFile> } } }): AppResponse {
    const status = r.status;
    this.time(tally, status, started);
    if (status === 200 || status === 206) {
      const h = r.headers;
      let coding = 0;
      for (let i = 0; i < h.length; i += 2) {
        if (h[i] === 'Content-Encoding') {
          coding = h[i + 1] === 'br' ? 1 : 2;
          break;
        }
      }
      this.codings[coding]++;
      if (!head) tally.bytes += bodyBytes(r, CODINGS[coding], served);
    } else if (status === 401) this.unauthorized[r === keyRequired ? 'key_required' : r === keyInvalid ? 'key_invalid' : r === metricsToken ? 'metrics_token' : 'key_invalid']++;
    return r;
  }

  /** A request that failed in the app: 499 when the client went away meanwhile (as the log says), else the 500 the adapter answers. */
  failed(tally: Tally, err: unknown, started: number): void {
    this.time(tally, err instanceof ClientGone ? 499 : 500, started);
  }

  private time(tally: Tally, status: number, started: number) {
    const seconds = (performance.now() - started) / 1000;
    tally.count++;
    tally.seconds += seconds;
    if (status >= 100 && status < 600) tally.statuses[status]++;
    let i = 0;
    while (i < SECONDS.length && seconds > SECONDS[i]) i++;
    tally.buckets[i]++;
  }
}

/** The bytes of an answer's body: as handed to the adapter, or for a file streamed from disk its size as the manifest lists it (a byte range counts the whole). */
function bodyBytes(r: AppResponse, coding: (typeof CODINGS)[number], served: { dist: { manifest: { files: Record<string, ManifestFile> } } }): number {
  const body = r.body;
  if (body !== undefined) {
    if (typeof body === 'string') return Buffer.byteLength(body);
    if (body instanceof Uint8Array) return body.byteLength;
    let n = 0;
    for (const part of body) n += part.byteLength;
    return n;
  }
  if (!r.file) return 0;
  const files = served.dist.manifest.files;
  // A twin's path ends in .br or .gz.
  const path = coding === 'identity' ? r.file : r.file.slice(0, -3);
  const entry = Object.hasOwn(files, path) ? files[path] : undefined;
  return (coding === 'identity' ? entry?.size : entry?.[coding]) ?? 0;
}

export type { Metrics } from './types.ts';

const digest = (s: string) => createHash('sha256').update(s).digest();

export function createMetrics(token: string, recorder: Recorder, text: () => Promise<string>, contentType: string): Metrics {
  const expected = digest(token);
  return {
    recorder,
    allows(authorization) {
      if (!authorization || !/^bearer\s/i.test(authorization)) return false;
      // Hashes of equal length: the comparison takes as long whatever was sent.
      return timingSafeEqual(digest(authorization.slice(7).trim()), expected);
    },
    text,
    contentType,
  };
}
