// Start the server under Bun: the same app, through the web-standard
// handler, served by Bun.serve. With GITA_WORKERS > 1 this process is the
// primary of several Bun processes that share the port (processes.ts).
import type { Config } from '../config.ts';
import { workerCount } from './cluster.ts';
import { childProcesses, isProcessWorker, startProcessPrimary, workerListening, workerPort } from './processes.ts';
import { createService, displayUrl } from './serve.ts';
import { webHandler } from './web.ts';
import { listenOrExplain } from './port-in-use.ts';
import { stopOnce, stopOnSignals } from './shutdown.ts';

interface BunServer {
  port: number;
  /** The address it listens on, as Bun reports it (0.0.0.0 for every address). */
  hostname?: string;
  requestIP(request: Request): { address: string } | null;
  stop(closeActiveConnections?: boolean): Promise<void>;
}
declare const Bun: {
  serve(options: {
    port: number;
    hostname: string;
    reusePort?: boolean;
    idleTimeout?: number;
    maxRequestBodySize?: number;
    fetch(request: Request, server: BunServer): Response | Promise<Response>;
    error?(err: Error): Response;
  }): BunServer;
  version: string;
};

/** Seconds a connection may stay silent (an idle keep-alive, or a client that stops sending) before Bun closes it. */
const IDLE_TIMEOUT_S = 10;
/** No request body the API accepts comes near this (registration: 4 kB); Bun refuses larger ones with 413 before the handler. */
const MAX_BODY_BYTES = 1024 * 1024;

export async function startBun(config: Config) {
  const worker = isProcessWorker();
  if (config.workers > 1 && !worker) return startProcessPrimary(config, { runtime: `bun ${Bun.version}`, kind: childProcesses() });
  const service = await createService(config, { clusterWorker: worker, workers: worker ? workerCount() : () => 1 });
  const handler = webHandler({ app: service.app, log: service.log, trustProxy: config.trustProxy, onError: service.onError });
  // One request that fails must never take the process down.
  process.on('uncaughtException', service.onError);
  process.on('unhandledRejection', service.onError);
  const port = worker ? workerPort(config) : config.port;
  const server = listenOrExplain(() => Bun.serve({
    port,
    hostname: config.host,
    // Several processes on one port (Linux spreads the connections over them).
    reusePort: worker,
    idleTimeout: IDLE_TIMEOUT_S,
    maxRequestBodySize: MAX_BODY_BYTES,
    fetch: (request, srv) => handler(request, { remoteAddr: { hostname: srv.requestIP(request)?.address } }),
  }), port, worker);
  // In a group the primary says where it listens, once every worker does.
  service.started(displayUrl(server.hostname ?? config.host, server.port), `bun ${Bun.version}`, worker);

  const stop = stopOnce(service.log, 'finishing in-flight requests', async () => {
    await server.stop();
    await service.close();
  });
  stopOnSignals(stop);
  if (worker) workerListening(server.port, stop);
  return { server, port: server.port, service, stop };
}
