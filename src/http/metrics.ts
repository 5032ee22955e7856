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
import { collectDefaultMetrics, Counter, Gauge, Registry, type Aggregator, type Metric } from 'prom-client';
import { readiness } from '../contract/health.ts';
import type { ManifestFile } from '../contract/manifest.ts';
import type { RouteSpec } from '../contract/route.ts';
import type { UsageStore } from '../keys/usage.ts';
import { LATER_PARTS, type BuildPart } from '../layout.ts';
import { keyInvalid, keyRequired, metricsToken } from './respond.ts';
import { ClientGone, type AppResponse } from './types.ts';

/** Upper bounds of the time buckets, in seconds: an answer from memory takes microseconds; a search, a compression or a PNG drawn, milliseconds to seconds. */
export const SECONDS = [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5] as const;

/** The codings an answer is sent in, as gita_http_responses_by_encoding_total labels them. */
const CODINGS = ['identity', 'br', 'gzip'] as const;

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
const REASONS: Record<number, string> = { 400: 'bad_request', 403: 'forbidden', 404: 'not_found', 405: 'method_not_allowed', 413: 'payload_too_large', 414: 'uri_too_long', 415: 'unsupported_media_type', 416: 'range_not_satisfiable', 429: 'rate_limited', 431: 'headers_too_large' };

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

/** A metric whose values are read from elsewhere when scraped (prom-client calls get(), as for the metrics it aggregates). */
type Value = { labels: Record<string, string | number>; value: number; metricName: string };
function readMetric(registry: Registry, name: string, help: string, type: 'histogram', values: () => Value[]): void {
  registry.registerMetric({ name, help, type, aggregator: 'sum' as Aggregator, get: async () => ({ name, help, type, aggregator: 'sum', values: values() }) } as unknown as Metric);
}

export interface WorkerMetricsOptions {
  recorder: Recorder;
  /** The build served now: its pending parts and id. */
  build: () => { build: string; pending?: readonly BuildPart[] };
  usage: UsageStore;
  /** A worker thread: the process's own metrics (CPU, memory, descriptors) are its primary's, which holds the whole process. */
  thread?: boolean;
}

/** One worker's registry: its requests, its build, today's usage and its own process metrics. */
export function workerRegistry({ recorder, build, usage, thread = false }: WorkerMetricsOptions): Registry {
  const registry = new Registry();
  const registers = [registry];
  const counter = (name: string, help: string, labelNames: string[], fill: (c: Counter) => void) =>
    new Counter({ name, help, labelNames, registers, collect(this: Counter) {
      this.reset();
      fill(this);
    } });
  const gauge = (name: string, help: string, labelNames: string[], aggregator: Aggregator, collect: (g: Gauge) => void | Promise<void>) =>
    new Gauge({ name, help, labelNames, registers, aggregator, collect(this: Gauge) {
      this.reset();
      return collect(this);
    } });

  counter('gita_http_requests_total', 'Requests answered, by route (its path template; none: no route) and status.', ['route', 'status'], (c) => {
    for (const t of recorder.all) for (let s = 100; s < 600; s++) if (t.statuses[s]) c.inc({ route: t.route, status: s }, t.statuses[s]);
  });
  readMetric(registry, 'gita_http_request_duration_seconds', 'Time the app took to make an answer (from its arrival to the answer; not the socket write), by route.', 'histogram', () =>
    recorder.all.filter((t) => t.count).flatMap((t): Value[] => {
      let below = 0;
      const buckets = SECONDS.map((le, i) => ({ labels: { le, route: t.route }, value: (below += t.buckets[i]), metricName: 'gita_http_request_duration_seconds_bucket' }));
      return [
        ...buckets,
        { labels: { le: '+Inf', route: t.route }, value: t.count, metricName: 'gita_http_request_duration_seconds_bucket' },
        { labels: { route: t.route }, value: t.seconds, metricName: 'gita_http_request_duration_seconds_sum' },
        { labels: { route: t.route }, value: t.count, metricName: 'gita_http_request_duration_seconds_count' },
      ];
    }),
  );
  counter('gita_http_response_bytes_total', 'Bytes of the answers\' bodies (200 and 206; as sent, compressed or not; HEAD none), by route.', ['route'], (c) => {
    for (const t of recorder.all) if (t.bytes) c.inc({ route: t.route }, t.bytes);
  });
  counter('gita_http_responses_by_encoding_total', 'Answers with a body (200 and 206) by the coding sent: br, gzip or identity.', ['encoding'], (c) => {
    CODINGS.forEach((encoding, i) => c.inc({ encoding }, recorder.codings[i]));
  });
  counter('gita_http_not_modified_total', 'Cache hits of the clients: 304s, their ETag still the answer\'s, by route.', ['route'], (c) => {
    for (const t of recorder.all) if (t.statuses[304]) c.inc({ route: t.route }, t.statuses[304]);
  });
  counter('gita_http_refused_total', 'Requests refused with a 4xx, by reason (rate_limited: a 429 of a quota or the burst window; key_required, key_invalid, metrics_token: the 401s).', ['reason'], (c) => {
    const by = new Map<string, number>(Object.entries(recorder.unauthorized));
    for (const t of recorder.all) for (let s = 400; s < 500; s++) if (s !== 401 && t.statuses[s]) by.set(REASONS[s] ?? 'other', (by.get(REASONS[s] ?? 'other') ?? 0) + t.statuses[s]);
    for (const [reason, n] of by) c.inc({ reason }, n);
  });
  gauge('gita_build_ready', '1 when the build served is whole, 0 while parts are pending (as /healthz says ready); with several workers, the least ready.', [], 'min', (g) => g.set(readiness(build().pending).ready ? 1 : 0));
  gauge('gita_build_pending_parts', 'Parts of the build still being made (what /healthz lists as pending).', [], 'max', (g) => g.set(readiness(build().pending).pending.length));
  gauge('gita_build_part_pending', '1 for a part of the build still being made, 0 once built, by part.', ['part'], 'max', (g) => {
    const pending = new Set(build().pending ?? []);
    for (const part of LATER_PARTS) g.set({ part }, pending.has(part) ? 1 : 0);
  });
  gauge('gita_build_info', 'The build served (1), by its id.', ['build'], 'max', (g) => g.set({ build: build().build }, 1));
  gauge('gita_usage_requests_today', 'Requests counted in the usage today (UTC), every caller together, by the route they count as (as `gita usage` names them; rate-limited: refused).', ['route'], 'max', async (g) => {
    const rows = await usage.read(1);
    const by = new Map<string, number>();
    for (const r of rows) by.set(r.route, (by.get(r.route) ?? 0) + r.count);
    for (const [route, n] of by) g.set({ route }, n);
  });
  gauge('gita_usage_callers_today', 'Callers (keys and anonymous addresses) counted in the usage today (UTC).', [], 'max', async (g) => g.set(new Set((await usage.read(1)).map((r) => r.subject)).size));
  gauge('gita_metrics_workers', 'Workers whose metrics are summed in this answer.', [], 'sum', (g) => g.set(1));
  defaultMetrics(registry);
  // In a thread these would be the whole process's once more for each thread.
  if (thread) for (const m of registry.getMetricsAsArray()) if (m.name.startsWith('process_')) registry.removeSingleMetric(m.name);
  return registry;
}

/**
 * prom-client's default metrics, but for three gauges named as counters
 * (nodejs_active_handles_total, _requests_total, _resources_total), which
 * `promtool check metrics` refuses (a naming slip prom-client keeps for
 * compatibility): each is the sum of the gauge of the same name without
 * _total, which stays.
 */
function defaultMetrics(registry: Registry): void {
  collectDefaultMetrics({ register: registry });
  for (const name of ['nodejs_active_handles_total', 'nodejs_active_requests_total', 'nodejs_active_resources_total']) registry.removeSingleMetric(name);
  // Deno's sandbox lets only a program with every permission read /proc/self, where these come from (they read 0):
  // the resident memory from Deno's own count, and no count of descriptors rather than a wrong one.
  if ('Deno' in globalThis) {
    for (const name of ['process_resident_memory_bytes', 'process_virtual_memory_bytes', 'process_heap_bytes', 'process_open_fds']) registry.removeSingleMetric(name);
    new Gauge({ name: 'process_resident_memory_bytes', help: 'Resident memory size in bytes.', registers: [registry], collect(this: Gauge) {
      this.set(process.memoryUsage().rss);
    } });
  }
}

/** The primary's own registry (several workers): its process's metrics, which with threads are the whole server's. */
export function primaryRegistry(): Registry {
  const registry = new Registry();
  defaultMetrics(registry);
  return registry;
}

/** What the app needs: to record, to check the operator's token, and the text of every worker's metrics. */
export interface Metrics {
  recorder: Recorder;
  /** Does this Authorization header carry the operator's token? (Compared in constant time.) */
  allows(authorization: string | undefined): boolean;
  /** The metrics as Prometheus reads them: this process's, or every worker's summed by the primary. */
  text(): Promise<string>;
  contentType: string;
}

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
