// Serving on every core (GITA_WORKERS): the primary process forks the
// workers, which share the listening port (node:cluster) and each serve the
// whole API as a single server does. The primary (supervisor.ts) serves no
// request: it holds the embedded store's counts (src/keys/cluster.ts),
// replaces a worker that dies, tells the workers how many serve, and on
// SIGTERM or SIGINT lets each finish its in-flight requests before it writes
// the counts and exits 0.
import cluster, { type Worker } from 'node:cluster';
import type { Config } from '../config.ts';
import { leftOutLines, leftOutOfBuild } from '../content/versions/left-out.ts';
import type { ClusterMessage } from '../keys/cluster.ts';
import { createLog } from './log.ts';
import { displayUrl } from './serve.ts';
import { openPrimary, Supervisor, workerEnv, type WorkerControl } from './supervisor.ts';
import { stopOnSignals } from './shutdown.ts';

/** node:cluster's workers: stopped by SIGTERM, which each worker's server takes as its signal to stop. */
const clusterWorkers: WorkerControl<Worker> = {
  start: () => cluster.fork({ GITA_CLUSTER_WORKER: '1', ...workerEnv() }),
  pid: (w) => w.process.pid,
  isDead: (w) => w.isDead(),
  askToStop: (w) => void w.process.kill('SIGTERM'),
  exited: (w) => new Promise<void>((r) => w.once('exit', () => r())),
  kill: (w) => void w.process.kill('SIGKILL'),
};

export async function startPrimary(config: Config): Promise<void> {
  const log = createLog();
  const usage = await openPrimary(config, log, () => Object.values(cluster.workers ?? {}).filter((w) => w !== undefined));

  let listening = 0;
  let announced = false;
  const tellCount = () => {
    const workers = supervisor.workers;
    const message: ClusterMessage = { channel: 'gita', type: 'workers', count: workers.filter((w) => w.isConnected() && !w.isDead()).length };
    for (const w of workers) if (w.isConnected()) w.send(message);
  };
  const supervisor = new Supervisor({
    log,
    usage,
    control: { ...clusterWorkers, start: () => clusterWorkers.start().on('online', tellCount) },
    port: () => config.port,
    changed: tellCount,
  });

  cluster.on('listening', (_worker, address) => {
    tellCount();
    if (announced || ++listening < config.workers) return;
    announced = true;
    log.line(`gita-api listening on ${displayUrl(address.address ?? config.host, address.port)} (node ${process.version}; ${config.workers} workers, keys and usage in ${config.redisUrl ? 'redis' : 'file'}, request log ${config.requestLog}; pid ${process.pid})`);
    for (const line of leftOutLines(leftOutOfBuild(config.distDir))) log.line(line);
  });
  cluster.on('exit', (worker, code, signal) => supervisor.exited(worker, code, signal));

  for (let i = 0; i < config.workers; i++) supervisor.fork();
  stopOnSignals(supervisor.stop);
}

/** In a worker: how many workers serve, as the primary last told. */
export function workerCount(): () => number {
  let count = 1;
  process.on('message', (m: ClusterMessage) => {
    if (m?.channel === 'gita' && m.type === 'workers') count = m.count;
  });
  return () => count;
}
