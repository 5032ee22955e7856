// What every runtime's server shares: the app on the loaded dist/, the key
// store, the request log, and the reload of a new build.
import type { Config } from '../config.ts';
import { leftOutLines } from '../content/versions/left-out.ts';
import { pricingPage } from '../pages/pricing.ts';
import { openStores, type Stores } from '../keys/stores.ts';
import { claimDataDir } from '../keys/owner.ts';
import { createApp, type App } from './app.ts';
import { SearchLoad } from './search-load.ts';
import { register } from './register.ts';
import { loadDist } from './assets.ts';
import type { SlabSource } from './slab.ts';
import { createLog, type RequestLog } from './log.ts';
import { watchDist } from './reload.ts';
import { drawInPrimary } from './shared-draw.ts';
import { searchInPrimary } from './shared-search.ts';
import { createMetrics, Recorder, type Metrics } from './metrics.ts';
import { workerRegistry, type WorkerMetricsOptions } from './metrics-registry.ts';

type WorkerMetricsBuild = WorkerMetricsOptions['build'];
import { metricsInPrimary } from './shared-metrics.ts';

export interface Service {
  app: App;
  log: RequestLog;
  stores: Stores;
  onError: (err: unknown) => void;
  /** Once the runtime listens: loads what waits for that (the search index), and prints the start line unless `quiet` (a cluster's worker: the primary prints it). */
  started(url: string, runtime: string, quiet?: boolean): void;
  /** Stop watching and close the stores (after the server stopped). */
  close(): Promise<void>;
}

/**
 * Where the server listens, from the address it is bound to (not the one it
 * was asked for: `localhost` binds 127.0.0.1 or ::1). Bound to every address
 * (0.0.0.0, ::), it is reachable from other machines, which the log says;
 * a localhost URL follows, to open on this one.
 */
export function displayUrl(address: string, port: number): string {
  const url = (host: string) => `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  const everywhere = address === '0.0.0.0' || address === '::';
  return everywhere ? `${url(address)} (every address of this machine; here: ${url('localhost')})` : url(address);
}

/**
 * Set by `npm start` when the rebuild it needed failed and it serves the last
 * good dist/ instead: the reason, which /healthz gives (degraded). An
 * environment variable, so that workers (threads, processes) see it too.
 */
export const REBUILD_FAILED_ENV = 'GITA_REBUILD_FAILED';

export interface ServiceOptions {
  /** This process is one worker of a cluster: usage and limits are the primary's (embedded store). */
  clusterWorker?: boolean;
  /** How many processes serve (for /healthz). */
  workers?: () => number;
  /** Where the slab of each build comes from (a worker thread: its primary); unset: read here. */
  slabs?: SlabSource;
  /** A worker thread (threads.ts): its process's own metrics are its primary's. */
  thread?: boolean;
}

export async function createService(config: Config, { clusterWorker = false, workers = () => 1, slabs, thread = false }: ServiceOptions = {}): Promise<Service> {
  const log = createLog(undefined, undefined, { requests: config.requestLog === 'on' });
  // A worker's counts are its primary's, which holds the folder.
  if (!clusterWorker) await claimDataDir(config);
  const dist = await loadDist(config.distDir, slabs);
  const stores = await openStores(config, { live: true, say: (l) => log.line(l), clusterWorker: clusterWorker && !config.redisUrl });
  const pricing = { keyLimit: config.keyLimit, anonLimit: config.anonLimit, registration: config.registration, contact: config.contact };
  // The search index loads in the background once the server listens (or when a search asks first).
  const here = new SearchLoad(config.distDir, log);
  // In a group of workers the primary holds the one index (shared-search.ts).
  const search = clusterWorker ? searchInPrimary(config.distDir, () => app.dist.manifest.build, here.search) : here.search;
  const app = createApp({
    dist,
    auth: config.auth,
    keys: stores.keys,
    usage: stores.usage,
    limiter: stores.limiter,
    anonLimit: config.anonLimit,
    publicUrl: config.publicUrl,
    pricing: pricingPage(pricing),
    register: (req) => register(req, { keys: stores.keys, limiter: stores.limiter, usage: stores.usage, pricing }),
    search,
    draw: clusterWorker ? drawInPrimary() : undefined,
    metrics: metricsOf(config, clusterWorker, thread, stores.usage, () => app.dist.manifest),
    health: () => {
      const h = stores.health();
      const rebuildFailed = process.env[REBUILD_FAILED_ENV];
      return { degraded: h.degraded || !!rebuildFailed, stores: { ...h.stores, workers: workers(), ...(rebuildFailed && { rebuildFailed }) } };
    },
  });
  const onError = (err: unknown) => log.line(`error: ${(err as Error)?.stack ?? String(err)}`);
  const stopWatching = watchDist(
    config.distDir,
    () => app.dist.manifest.build,
    (next) => {
      app.reload(next);
      here.reset();
      if (!next.manifest.pending?.includes('search')) setImmediate(() => void search().catch(() => {}));
      log.line(`serving build ${next.manifest.build} (dist/ was rebuilt)`);
    },
    (err) => log.line(`a new dist/ could not be loaded, still serving build ${app.dist.manifest.build}: ${err.message}`),
    undefined,
    (dir) => loadDist(dir, slabs),
  );
  return {
    app,
    log,
    stores,
    onError,
    started(url, runtime, quiet = false) {
      // A fresh start's first build has no search yet: it loads with the build that brings it.
      if (!app.dist.manifest.pending?.includes('search')) setImmediate(() => void search().catch(() => {}));
      if (quiet) return;
      const m = app.dist.manifest;
      log.line(`gita-api listening on ${url} (${runtime}; build ${m.build}, ${m.content.verses} verses, auth ${config.auth}, keys and usage in ${stores.keys.kind}, request log ${config.requestLog}; pid ${process.pid})`);
      // Said loudly, at every start, until the operator mends the folder (/healthz says it too).
      for (const line of leftOutLines(m.versionsLeftOut ?? [])) log.line(line);
    },
    async close() {
      stopWatching();
      await stores.close();
      log.flush();
    },
  };
}

/** GET /metrics of this process with GITA_METRICS_TOKEN (metrics.ts): its own registry, or in a worker every worker's, summed by the primary. */
function metricsOf(config: Config, clusterWorker: boolean, thread: boolean, usage: Stores['usage'], build: WorkerMetricsBuild): Metrics | undefined {
  if (!config.metricsToken) return undefined;
  const recorder = new Recorder();
  const registry = workerRegistry({ recorder, build, usage, thread });
  return createMetrics(config.metricsToken, recorder, clusterWorker ? metricsInPrimary(registry) : () => registry.metrics(), registry.contentType);
}
