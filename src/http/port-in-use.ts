// A port another server holds: one sentence for the operator and exit 1, not
// a stack trace, and never a cluster that keeps restarting workers which can
// never listen. Node, Bun and Deno all mark the failure EADDRINUSE.
import { createServer } from 'node:net';

/** A worker that found its port taken exits with this (EADDRINUSE's number on Linux), so its primary stops the group rather than restart it. */
export const PORT_IN_USE_EXIT = 98;

export class PortInUseError extends Error {
  override name = 'PortInUseError';
  constructor(readonly port: number) {
    super(portInUseMessage(port));
  }
}

export const portInUseMessage = (port: number) => `port ${port} is in use (another server is listening there); stop it or choose another with --port`;

export const isAddressInUse = (err: unknown) => (err as { code?: unknown } | null)?.code === 'EADDRINUSE';

/**
 * Whether `port` on `host` is free, by binding it for a moment. The primary
 * of Bun or Deno workers asks before it starts them: they bind with
 * SO_REUSEPORT, which would let them share the port of another server that
 * did too rather than fail.
 */
export function portFree(host: string, port: number): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', (err) => (isAddressInUse(err) ? resolve(false) : reject(err)));
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolve(true)));
  });
}

/**
 * What a failed listen becomes: a port taken, the operator's sentence; in a
 * worker, the exit its primary understands (the primary says it, once).
 */
export function explainListen(err: unknown, port: number, worker: boolean): unknown {
  if (!isAddressInUse(err)) return err;
  if (worker) process.exit(PORT_IN_USE_EXIT);
  return new PortInUseError(port);
}

/** Listen synchronously (Bun.serve, Deno.serve), explaining a failure as explainListen does. */
export function listenOrExplain<T>(listen: () => T, port: number, worker: boolean): T {
  try {
    return listen();
  } catch (err) {
    throw explainListen(err, port, worker);
  }
}
