// Start the Node server: listen, and on SIGTERM/SIGINT stop accepting, let
// in-flight requests finish, and exit 0.
import type { AddressInfo } from 'node:net';
import type { Config } from '../config.ts';
import { createNodeServer, shutdown } from './node.ts';
import { createService, displayUrl } from './serve.ts';

export async function startNode(config: Config) {
  const service = await createService(config);
  const server = createNodeServer({ app: service.app, log: service.log, trustProxy: config.trustProxy, onError: service.onError });
  // One request that fails must never take the process down.
  process.on('uncaughtException', service.onError);
  process.on('unhandledRejection', service.onError);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  service.started(displayUrl(config.host, port), `node ${process.version}`);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    service.log.line(`${signal}: finishing in-flight requests`);
    await shutdown(server);
    await service.close();
    service.log.line('stopped');
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));
  return { server, port, service, stop };
}
