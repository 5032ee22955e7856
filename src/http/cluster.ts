// Serving on every core (GITA_WORKERS): the primary process forks the
// workers, which share the listening port (node:cluster) and each serve the
// whole API as a single server does. The primary serves no request: it holds
// the embedded store's counts (src/keys/cluster.ts), replaces a worker that
// dies, tells the workers how many serve, and on SIGTERM or SIGINT lets each
// finish its in-flight requests before it writes the counts and exits 0.
import cluster, { type Worker } from 'node:cluster';
import type { Config } from '../config.ts';
import { CLUSTER_FLUSH_MS, serveWorkers, type ClusterMessage } from '../keys/cluster.ts';
import { FileUsageStore } from '../keys/usage.ts';
import { claimDataDir } from '../keys/owner.ts';
import { createLog } from './log.ts';
import { serveDraws } from './shared-draw.ts';
import { serveSearches } from './shared-search.ts';
import { displayUrl } from './serve.ts';
import { PORT_IN_USE_EXIT, portInUseMessage } from './port-in-use.ts';

/** A worker that dies sooner than this after it started is restarted after a growing pause (a crash loop must not spin). */
const QUICK_DEATH_MS = 5_000;
/** How long the workers get to finish their requests at shutdown before they are killed. */
const STOP_GRACE_MS = 15_000;

export async function startPrimary(config: Config): Promise<void> {
  const log = createLog();
  await claimDataDir(config);
  let usage: FileUsageStore | null = null;
  if (!config.redisUrl) {
    usage = await FileUsageStore.open(config.dataDir, { flushEveryMs: CLUSTER_FLUSH_MS });
    if (usage.recovered) log.line(`error: ${usage.recovered.from} was corrupt (${usage.recovered.reason}); it was moved to ${usage.recovered.to} and counting starts again from zero`);
    serveWorkers(usage);
  }

  serveDraws();
  serveSearches(config.distDir);

  const started = new Map<Worker, number>();
  let listening = 0;
  let announced = false;
  let stopping = false;
  let quickDeaths = 0;

  const serving = () => [...started.keys()].filter((w) => w.isConnected() && !w.isDead()).length;
  const tellCount = () => {
    const message: ClusterMessage = { channel: 'gita', type: 'workers', count: serving() };
    for (const w of started.keys()) if (w.isConnected()) w.send(message);
  };
  const fork = () => {
    const w = cluster.fork({ GITA_CLUSTER_WORKER: '1' });
    started.set(w, Date.now());
    w.on('online', tellCount);
  };

  cluster.on('listening', (_worker, address) => {
    tellCount();
    if (announced || ++listening < config.workers) return;
    announced = true;
    log.line(`gita-api listening on ${displayUrl(address.address ?? config.host, address.port)} (node ${process.version}; ${config.workers} workers, keys and usage in ${config.redisUrl ? 'redis' : 'file'}; primary ${process.pid})`);
  });

  cluster.on('exit', (worker, code, signal) => {
    const since = started.get(worker) ?? 0;
    started.delete(worker);
    if (stopping) return;
    // Another server holds the port: every worker would fail alike, so the group stops.
    if (code === PORT_IN_USE_EXIT) return void giveUp(portInUseMessage(config.port));
    const quick = Date.now() - since < QUICK_DEATH_MS;
    quickDeaths = quick ? quickDeaths + 1 : 0;
    const pause = quick ? Math.min(100 * 2 ** quickDeaths, 10_000) : 0;
    log.line(`worker ${worker.process.pid} exited (${signal ?? `code ${code}`}); starting another${pause ? ` in ${pause} ms` : ''}`);
    tellCount();
    setTimeout(fork, pause).unref();
  });

  for (let i = 0; i < config.workers; i++) fork();

  const giveUp = async (message: string) => {
    stopping = true;
    // None of them listens, so none has a request to finish.
    for (const w of started.keys()) if (!w.isDead()) w.process.kill('SIGKILL');
    await usage?.close();
    log.flush();
    process.stderr.write(`error: ${message}\n`);
    process.exit(1);
  };

  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.line(`${signal}: the workers finish their in-flight requests`);
    const workers = [...started.keys()];
    const exited = workers.map((w) => (w.isDead() ? Promise.resolve() : new Promise<void>((r) => w.once('exit', () => r()))));
    for (const w of workers) if (!w.isDead()) w.process.kill('SIGTERM');
    const cut = setTimeout(() => {
      for (const w of workers) if (!w.isDead()) w.process.kill('SIGKILL');
    }, STOP_GRACE_MS);
    cut.unref();
    await Promise.all(exited);
    clearTimeout(cut);
    await usage?.close();
    log.line('stopped');
    log.flush();
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));
}

/** In a worker: how many workers serve, as the primary last told. */
export function workerCount(): () => number {
  let count = 1;
  process.on('message', (m: ClusterMessage) => {
    if (m?.channel === 'gita' && m.type === 'workers') count = m.count;
  });
  return () => count;
}
