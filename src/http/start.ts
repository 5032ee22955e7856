// Start the Node server: listen, and on SIGTERM/SIGINT stop accepting, let
// in-flight requests finish, and exit 0. With GITA_WORKERS > 1 this process
// is the primary of a cluster (cluster.ts) and each worker comes here too.
import cluster from 'node:cluster';
import type { AddressInfo } from 'node:net';
import { startPrimary, workerCount } from './cluster.ts';
import type { Config } from '../config.ts';
import { createNodeServer, shutdown } from './node.ts';
import { createService, displayUrl } from './serve.ts';
import { explainListen } from './port-in-use.ts';
import { stopOnce, stopOnSignals } from './shutdown.ts';

export async function startNode(config: Config) {
  // Several workers: this process becomes their primary and serves nothing itself.
  if (config.workers > 1 && cluster.isPrimary) return startPrimary(config);
  const worker = cluster.isWorker;
  const service = await createService(config, { clusterWorker: worker, workers: worker ? workerCount() : () => 1 });
  const server = createNodeServer({ app: service.app, log: service.log, trustProxy: config.trustProxy, onError: service.onError });
  // One request that fails must never take the process down.
  process.on('uncaughtException', service.onError);
  process.on('unhandledRejection', service.onError);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => resolve());
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
  return { server, port, service, stop };
}
