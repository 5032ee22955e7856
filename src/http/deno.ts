// Start the server under Deno: the same app, through the web-standard
// handler, served by Deno.serve. With GITA_WORKERS > 1 this process is the
// primary of several Deno processes that share the port (processes.ts).
import type { Config } from '../config.ts';
import { workerCount } from './cluster.ts';
import { childProcesses, isProcessWorker, startProcessPrimary, workerListening, workerPort } from './processes.ts';
import { createService, displayUrl } from './serve.ts';
import { webHandler } from './web.ts';
import { listenOrExplain } from './port-in-use.ts';
import { stopOnce, stopOnSignals } from './shutdown.ts';

interface DenoServer {
  shutdown(): Promise<void>;
  finished: Promise<void>;
}
declare const Deno: {
  serve(
    options: { port: number; hostname: string; reusePort?: boolean; onListen?: (addr: { port: number; hostname: string }) => void },
    handler: (request: Request, info: { remoteAddr: { hostname: string } }) => Response | Promise<Response>,
  ): DenoServer;
  addSignalListener(signal: 'SIGTERM' | 'SIGINT', handler: () => void): void;
  exit(code: number): never;
  execPath(): string;
  permissions: { querySync(p: { name: 'run'; command: string }): { state: string } };
  version: { deno: string };
};

/**
 * A worker's permissions (GITA_WORKERS > 1): those of `npm run start:deno`
 * but --allow-run, which only the primary needs, to start the workers.
 * --unstable-net: Deno.serve's reusePort is still marked unstable.
 */
export const DENO_WORKER_FLAGS = ['--allow-net', '--allow-read', '--allow-env', '--allow-write', '--allow-sys', '--unstable-net'];

export async function startDeno(config: Config) {
  const worker = isProcessWorker();
  if (config.workers > 1 && !worker) {
    const deno = Deno.execPath();
    if (Deno.permissions.querySync({ name: 'run', command: deno }).state !== 'granted') {
      throw new Error(`GITA_WORKERS=${config.workers} under Deno starts worker processes: run with --allow-run=${deno} --unstable-net (npm run start:deno does)`);
    }
    return startProcessPrimary(config, { runtime: `deno ${Deno.version.deno}`, kind: childProcesses([deno, ['run', ...DENO_WORKER_FLAGS]]) });
  }
  const service = await createService(config, { clusterWorker: worker, workers: worker ? workerCount() : () => 1 });
  const handler = webHandler({ app: service.app, log: service.log, trustProxy: config.trustProxy, onError: service.onError });
  const port = worker ? workerPort(config) : config.port;
  const stop = stopOnce(service.log, 'finishing in-flight requests', async () => {
    await server.shutdown();
    await service.close();
  });
  const server = listenOrExplain(() => Deno.serve(
    {
      port,
      hostname: config.host,
      // Several processes on one port (Linux spreads the connections over them; needs --unstable-net).
      reusePort: worker,
      onListen: ({ hostname, port }) => {
        if (worker) workerListening(port, stop);
        // In a group the primary says where it listens, once every worker does.
        service.started(displayUrl(hostname, port), `deno ${Deno.version.deno}`, worker);
      },
    },
    handler,
  ), port, worker);
  stopOnSignals(stop, (signal, handler) => Deno.addSignalListener(signal, handler));
}
