// While `npm start` imports and builds (seconds on a fresh clone), the port is
// already held and every request answered 503 with Retry-After: a client
// polling for the server learns it is coming, and no request ever gets an
// answer from a half-made dist/. The real server listens once this one closed.
import { createServer } from 'node:http';
import type { Socket } from 'node:net';
import { ERRORS } from '../contract/errors.ts';
import { COMMON_HEADERS } from '../contract/headers.ts';
import { ConfigError } from '../config.ts';

import { STARTING_RETRY_AFTER_S } from '../contract/limits.ts';

export { STARTING_RETRY_AFTER_S };

/** Answer 503 on `host`:`port` until the returned function is called (it resolves once the port is free). */
export async function answerWhilePreparing(host: string, port: number): Promise<() => Promise<void>> {
  const { status, body } = ERRORS.starting;
  const bytes = Buffer.from(JSON.stringify(body));
  const sockets = new Set<Socket>();
  const server = createServer((req, res) => {
    res.writeHead(status, {
      ...COMMON_HEADERS,
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Length': bytes.length,
      'Retry-After': String(STARTING_RETRY_AFTER_S),
      'Cache-Control': 'no-store',
      Connection: 'close',
    });
    res.end(req.method === 'HEAD' ? undefined : bytes);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', (err: NodeJS.ErrnoException) =>
      reject(err.code === 'EADDRINUSE' ? new ConfigError(`${host}:${port} is in use by another process; choose another port (--port or PORT)`) : err),
    );
    server.listen(port, host, () => resolve());
  });
  return () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      for (const socket of sockets) socket.destroy();
    });
}
