// Start the Node server: listen, and on SIGTERM/SIGINT stop accepting, let
// in-flight requests finish, and exit 0. With GITA_WORKERS > 1 this process
// is the primary of the workers and each worker comes here too: on Node
// 22.12 and later (Linux) they accept their own connections on one port with
// SO_REUSEPORT, as Bun's and Deno's do (processes.ts), with no primary
// passing connections between; on older Node, node:cluster (cluster.ts).
import cluster from 'node:cluster';
import type { AddressInfo } from 'node:net';
import { startPrimary, workerCount } from './cluster.ts';
import type { Config } from '../config.ts';
import { createNodeServer, shutdown } from './node.ts';
import { createService, displayUrl } from './serve.ts';
import { explainListen } from './port-in-use.ts';
import { stopOnce, stopOnSignals } from './shutdown.ts';
import { isProcessWorker, startProcessPrimary, workerListening, workerPort } from './processes.ts';

/** Node listens with SO_REUSEPORT from 22.12 (server.listen's reusePort); the kernel spreads connections over the sockets only on Linux. */
export function nodeReusesPort(version = process.versions.node, platform = process.platform): boolean {
  const [major, minor] = version.split('.').map(Number);
  return platform === 'linux' && (major > 22 || (major === 22 && minor >= 12));
}

export async function startNode(config: Config) {
  // Several workers: this process becomes their primary and serves nothing itself.
  const processWorker = isProcessWorker();
  if (config.workers > 1 && cluster.isPrimary && !processWorker) return nodeReusesPort() ? startProcessPrimary(config, { runtime: `node ${process.version}` }) : startPrimary(config);
  const worker = cluster.isWorker || processWorker;
  const service = await createService(config, { clusterWorker: worker, workers: worker ? workerCount() : () => 1 });
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
