// Start the server under Deno: the same app, through the web-standard
// handler, served by Deno.serve.
import type { Config } from '../config.ts';
import { createService, displayUrl } from './serve.ts';
import { webHandler } from './web.ts';

interface DenoServer {
  shutdown(): Promise<void>;
  finished: Promise<void>;
}
declare const Deno: {
  serve(
    options: { port: number; hostname: string; onListen?: (addr: { port: number; hostname: string }) => void },
    handler: (request: Request, info: { remoteAddr: { hostname: string } }) => Response | Promise<Response>,
  ): DenoServer;
  addSignalListener(signal: 'SIGTERM' | 'SIGINT', handler: () => void): void;
  exit(code: number): never;
  version: { deno: string };
};

export async function startDeno(config: Config) {
  const service = await createService(config);
  if (config.workers > 1) service.log.line(`GITA_WORKERS=${config.workers} ignored: under Deno the server runs in one process (node:cluster is Node's)`);
  const handler = webHandler({ app: service.app, log: service.log, trustProxy: config.trustProxy, onError: service.onError });
  const server = Deno.serve(
    { port: config.port, hostname: config.host, onListen: ({ hostname, port }) => service.started(displayUrl(hostname, port), `deno ${Deno.version.deno}`) },
    handler,
  );
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    service.log.line(`${signal}: finishing in-flight requests`);
    await server.shutdown();
    await service.close();
    service.log.line('stopped');
    Deno.exit(0);
  };
  Deno.addSignalListener('SIGTERM', () => void stop('SIGTERM'));
  Deno.addSignalListener('SIGINT', () => void stop('SIGINT'));
}
