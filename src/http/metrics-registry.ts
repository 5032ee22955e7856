// The registries GET /metrics reads (metrics.ts records the answers): a
// worker's, of its answers' tallies read when scraped, its build, today's
// usage and its own process; and its primary's, of the primary's process.
import { collectDefaultMetrics, Counter, Gauge, Registry, type Aggregator, type Metric } from 'prom-client';
import { readiness } from '../contract/health.ts';
import type { UsageStore } from '../keys/usage.ts';
import { LATER_PARTS, type BuildPart } from '../layout.ts';
import { CODINGS, REASONS, SECONDS, type Recorder } from './metrics.ts';

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
