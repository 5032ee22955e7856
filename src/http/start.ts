// Start the Node server: listen, and on SIGTERM/SIGINT stop accepting, let
// in-flight requests finish, and exit 0. With GITA_WORKERS > 1 this process
// is the primary of the workers and each worker comes here too: on Node
// 22.12 and later (Linux) they accept their own connections on one port with
// SO_REUSEPORT, as Bun's and Deno's do, with no primary passing connections
// between, as threads of this process (threads.ts) or, with
// GITA_WORKER_KIND=processes, processes (processes.ts); on older Node,
// node:cluster (cluster.ts).
import cluster from 'node:cluster';
import type { AddressInfo } from 'node:net';
import { startPrimary, workerCount } from './cluster.ts';
import type { Config } from '../config.ts';
import { createNodeServer, shutdown } from './node.ts';
import { createService, displayUrl } from './serve.ts';
import { explainListen } from './port-in-use.ts';
import { stopOnce, stopOnSignals } from './shutdown.ts';
import { childProcesses, isProcessWorker, startProcessPrimary, workerListening, workerPort } from './processes.ts';
import { connectThread, isWorkerThread, workerThreads } from './threads.ts';
import { serveSlabs, slabFromPrimary } from './shared-slab.ts';

/** Node listens with SO_REUSEPORT from 22.12 (server.listen's reusePort); the kernel spreads connections over the sockets only on Linux. */
export function nodeReusesPort(version = process.versions.node, platform = process.platform): boolean {
  const [major, minor] = version.split('.').map(Number);
  return platform === 'linux' && (major > 22 || (major === 22 && minor >= 12));
}

/** The primary of several workers: threads or processes sharing the port, or node:cluster's before Node 22.12. */
function startWorkers(config: Config): Promise<void> {
  if (!nodeReusesPort()) return startPrimary(config);
  const runtime = `node ${process.version}`;
  if (config.workerKind === 'processes') return startProcessPrimary(config, { runtime, kind: childProcesses() });
  const failed = (id: number, err: Error) => process.stderr.write(`error: worker thread ${id}: ${err.stack ?? err.message}\n`);
  serveSlabs();
  return startProcessPrimary(config, { runtime, kind: workerThreads({ threads: config.workers, onError: failed }), noun: 'workers (threads) sharing the port' });
}

export async function startNode(config: Config) {
  // Several workers: this process becomes their primary and serves nothing itself.
  const processWorker = isProcessWorker();
  if (config.workers > 1 && cluster.isPrimary && !processWorker) return startWorkers(config);
  const thread = isWorkerThread();
  if (thread) connectThread();
  const worker = cluster.isWorker || processWorker;
  // A thread's slab (the records it holds) is its primary's, read once for all the threads.
  const slabs = thread ? slabFromPrimary((message) => process.stderr.write(`error: ${message}\n`)) : undefined;
  const service = await createService(config, { clusterWorker: worker, workers: worker ? workerCount() : () => 1, slabs, thread });
  const server = createNodeServer({ app: service.app, log: service.log, trustProxy: config.trustProxy, onError: service.onError });
  // One request that fails must never take the process down.
  process.on('uncaughtException', service.onError);
  process.on('unhandledRejection', service.onError);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ port: processWorker ? workerPort(config) : config.port, host: config.host, ...(processWorker && { reusePort: true }) }, () => resolve());
  }).catch((err) => {
    throw explainListen(err, config.port, worker);
  });
  const { address, port } = server.address() as AddressInfo;
  // In a cluster the primary says where it listens, once every worker does.
  service.started(displayUrl(address, port), `node ${process.version}`, worker);

  const stop = stopOnce(service.log, 'finishing in-flight requests', async () => {
    await shutdown(server);
    await service.close();
  });
  stopOnSignals(stop);
  if (processWorker) workerListening(port, stop);
  return { server, port, service, stop };
}
